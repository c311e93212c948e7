/**
 * Opening a place of the program in the editor from a panel (the graph view's nodes, the timeline's bars): in an
 * editor column, never the panel's, with the place selected and the focus left where it was.
 */
import * as vscode from 'vscode';
import type { Span } from '../contract/span';

/**
 * Opens the span's file where it shows already, else in the column of the editor last active, else beside the panel.
 * Throws when the file cannot be opened.
 */
export async function revealSpan(span: Span, panelColumn: vscode.ViewColumn | undefined, lastEditorColumn: vscode.ViewColumn | undefined): Promise<void> {
  const uri = documentUri(span.file);
  const showing = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri.toString() && e.viewColumn !== panelColumn);
  const column = showing?.viewColumn
    ?? (lastEditorColumn !== undefined && lastEditorColumn !== panelColumn ? lastEditorColumn : undefined)
    ?? (panelColumn === vscode.ViewColumn.One ? vscode.ViewColumn.Two : vscode.ViewColumn.One);
  const selection = new vscode.Range(span.line - 1, Math.max(0, span.col - 1), span.endLine - 1, Math.max(0, span.endCol - 1));
  await vscode.window.showTextDocument(uri, { viewColumn: column, selection, preserveFocus: true });
}

/**
 * A file's document: on the disk, or the text a post-mortem dump gave the debugger for a file this disk does not have
 * (VS Code keeps the file's path in the `debug:` document it opened for the stop).
 */
function documentUri(file: string): vscode.Uri {
  const fromDump = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'debug' && d.uri.path === file);
  return fromDump?.uri ?? vscode.Uri.file(file);
}
