/**
 * The errors of a program F5 could not start: the debug adapter checked it (in the engine's worker, with its
 * progress) and hands them over; they are named in a notification that opens Problems, where the language server
 * has them too (a failed launch would put up VS Code's modal dialog, which offers a launch.json).
 */
import * as path from 'path';
import * as vscode from 'vscode';
import type { SessionOptions } from '../adapter/session';

export const showProgramErrors: NonNullable<SessionOptions['showProgramErrors']> = (program, errors) => {
  if (errors.length === 0) return;
  const e = errors[0];
  const first = `${path.basename(e.span.file)}:${e.span.line}:${e.span.col}: ${e.message}`;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more error${errors.length > 2 ? 's' : ''} in Problems)` : '';
  void vscode.window.showErrorMessage(`${path.basename(program)} cannot run: ${first}${more}`, 'Show Problems').then((choice) => {
    if (choice) void vscode.commands.executeCommand('workbench.actions.view.problems');
  });
};
