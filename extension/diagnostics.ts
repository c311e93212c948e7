/** Problems: the checker's diagnostics for open .bir files, on open and as they change, without a debug session. */
import * as path from 'path';
import * as vscode from 'vscode';
import { diskHost, SourceHost } from '../engine/lang/check/checker';
import { CheckCache } from './check-cache';
import { Diagnostic } from '../engine/lang/diagnostics';

const DEBOUNCE_MS = 300;

/** One check of a program serves its Problems and the F5 that follows, while its files stay as they were. */
const checks = new CheckCache();

export function registerDiagnostics(context: vscode.ExtensionContext): vscode.DiagnosticCollection {
  const collection = vscode.languages.createDiagnosticCollection('bir');
  const timers = new Map<string, NodeJS.Timeout>();
  const check = (doc: vscode.TextDocument): void => {
    if (doc.languageId !== 'bir' || doc.uri.scheme !== 'file') return;
    timers.delete(doc.uri.toString());
    publish(collection, doc);
  };
  const later = (doc: vscode.TextDocument): void => {
    if (doc.languageId !== 'bir') return;
    const key = doc.uri.toString();
    clearTimeout(timers.get(key));
    timers.set(key, setTimeout(() => check(doc), DEBOUNCE_MS));
  };
  context.subscriptions.push(
    collection,
    vscode.workspace.onDidOpenTextDocument(check),
    vscode.workspace.onDidChangeTextDocument((e) => later(e.document)),
    vscode.workspace.onDidSaveTextDocument(check),
    vscode.workspace.onDidCloseTextDocument((doc) => collection.delete(doc.uri)),
    { dispose: () => timers.forEach((t) => clearTimeout(t)) },
  );
  vscode.workspace.textDocuments.forEach(check);
  return collection;
}

/** Checks a document as it is in the editor (unsaved text included) and shows the diagnostics of its file. */
function publish(collection: vscode.DiagnosticCollection, doc: vscode.TextDocument): void {
  const mine = checks.diagnostics(doc.uri.fsPath, editorHost()).filter((d) => d.span.file === doc.uri.fsPath);
  collection.set(doc.uri, mine.map(toDiagnostic));
}

/**
 * The errors of a program as the editors show it: the first one located (`file.bir:12:5: message`) and how many
 * there are; undefined when it has none or is not there to check (the launch then says why).
 */
export function firstErrors(file: string): { first: string; count: number } | undefined {
  if (!editorHost().exists(file)) return undefined;
  const errors = checks.diagnostics(file, editorHost()).filter((d) => d.severity === 'error');
  if (errors.length === 0) return undefined;
  const e = errors[0];
  return { first: `${path.basename(e.span.file)}:${e.span.line}:${e.span.col}: ${e.message}`, count: errors.length };
}

/** Open editors first, then the disk: imports are checked as the user sees them. */
function editorHost(): SourceHost {
  const disk = diskHost();
  const open = new Map(vscode.workspace.textDocuments.filter((d) => d.uri.scheme === 'file').map((d) => [d.uri.fsPath, d]));
  return {
    readText: (f) => open.get(f)?.getText() ?? disk.readText(f),
    exists: (f) => open.has(f) || disk.exists(f),
  };
}

function toDiagnostic(d: Diagnostic): vscode.Diagnostic {
  const range = new vscode.Range(d.span.line - 1, d.span.col - 1, d.span.endLine - 1, Math.max(d.span.endCol - 1, d.span.col));
  const diagnostic = new vscode.Diagnostic(range, d.message, d.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning);
  diagnostic.source = 'bir';
  return diagnostic;
}
