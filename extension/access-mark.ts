/**
 * The mark of a data breakpoint's access in the editor: at such a stop the stop arrow is on the next line (the
 * stop is after the write, before the next node), so the line whose instruction made the access gets a gutter
 * icon, a highlight and what the access did at the end of the line, as `bir/stopped`'s `access` says. The mark
 * goes as soon as the session resumes (any resuming request) or ends. No debugging logic: it shows what it is told.
 */
import * as vscode from 'vscode';
import { RESUMING } from '../adapter/followed-requests';
import { birEventBody } from './bir-requests';

interface AccessMark {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

/** What the extension's API tells its tests: the marks shown on a file's lines. */
export type AccessMarksOf = (file: string) => readonly { readonly line: number; readonly text: string }[];

export function registerAccessMarks(context: vscode.ExtensionContext): AccessMarksOf {
  const decoration = vscode.window.createTextEditorDecorationType({
    gutterIconPath: vscode.Uri.joinPath(context.extensionUri, 'media', 'data-breakpoint-access.svg'),
    gutterIconSize: 'contain',
    isWholeLine: true,
    backgroundColor: new vscode.ThemeColor('editor.stackFrameHighlightBackground'),
    overviewRulerColor: new vscode.ThemeColor('debugIcon.breakpointForeground'),
    overviewRulerLane: vscode.OverviewRulerLane.Left,
  });
  const marks = new Map<string, AccessMark>();
  const show = (): void => {
    for (const editor of vscode.window.visibleTextEditors) {
      const here = [...marks.values()].filter((m) => sameFile(m.file, editor.document.uri));
      editor.setDecorations(decoration, here.map((m) => markOptions(editor.document, m)));
    }
  };
  const clear = (sessionId: string): void => {
    if (marks.delete(sessionId)) show();
  };
  context.subscriptions.push(
    decoration,
    vscode.debug.onDidReceiveDebugSessionCustomEvent((e) => {
      const body = birEventBody(e, 'bir/stopped');
      if (!body) return;
      if (body.access) marks.set(e.session.id, { file: body.access.span.file, line: body.access.span.line, text: body.access.text });
      else marks.delete(e.session.id);
      show();
    }),
    vscode.debug.registerDebugAdapterTrackerFactory('bir', {
      createDebugAdapterTracker: (session) => ({
        onWillReceiveMessage: (m: { type?: string; command?: string }) => {
          if (m.type === 'request' && m.command && RESUMING.has(m.command)) clear(session.id);
        },
      }),
    }),
    vscode.debug.onDidTerminateDebugSession((s) => clear(s.id)),
    vscode.window.onDidChangeVisibleTextEditors(show),
  );
  return (file) => [...marks.values()].filter((m) => sameFile(m.file, vscode.Uri.file(file))).map(({ line, text }) => ({ line, text }));
}

function sameFile(file: string, uri: vscode.Uri): boolean {
  return uri.scheme === 'file' && vscode.Uri.file(file).fsPath === uri.fsPath;
}

function markOptions(document: vscode.TextDocument, mark: AccessMark): vscode.DecorationOptions {
  const line = Math.min(mark.line, document.lineCount) - 1;
  return {
    range: document.lineAt(line).range,
    hoverMessage: new vscode.MarkdownString().appendText(`Data breakpoint: ${mark.text}`),
    renderOptions: { after: { contentText: `  ◀ ${mark.text}`, color: new vscode.ThemeColor('editorCodeLens.foreground'), fontStyle: 'italic' } },
  };
}
