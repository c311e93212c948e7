/**
 * How the Debug Console writes a file's path in what it says (`:history`, `:why`, `:last`): relative to the
 * workspace when the file is inside it (VS Code's console links a relative path against the workspace folder, as
 * it does an absolute one), absolute otherwise.
 */
import * as path from 'path';

export type ShownPath = (file: string) => string;

export const absolutePath: ShownPath = (file) => file;

/** Paths inside `root` relative to it; any other path (or every path, without a root) as it is. */
export function relativeTo(root: string | undefined): ShownPath {
  if (!root) return absolutePath;
  const base = path.resolve(root);
  return (file) => {
    const relative = path.relative(base, file);
    return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative.split(path.sep).join('/') : file;
  };
}

/** `file:line:col`, with the file as the console shows it. */
export function shownSpan(span: { readonly file: string; readonly line: number; readonly col: number }, shown: ShownPath): string {
  return `${shown(span.file)}:${span.line}:${span.col}`;
}
