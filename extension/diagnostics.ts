/**
 * The errors F5 reports before a launch: the checker's, with unsaved text. The Problems view itself is the language
 * server's (language/diagnostics.ts, started by language-client.ts).
 */
import * as path from 'path';
import * as vscode from 'vscode';
import { diskHost, SourceHost } from '../engine/lang/check/checker';
import { CheckCache } from './check-cache';

/** One check of a program serves the F5s that follow, while its files stay as they were. */
const checks = new CheckCache();

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
