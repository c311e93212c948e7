/**
 * The quick fix "add a missing import": a module that is not imported (`call tiles::f(...)` without
 * `import "tiles.bir"`), or a function of no imported module (`call f(...)` where another module of the workspace
 * has `f`: imported, and called `m::f`). The import is written after the file's `module` and `import` lines, its path
 * relative to the file, as the checker reads it.
 */
import * as path from 'path';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver';
import { CodeActionKind } from 'vscode-languageserver';
import { FileIndex } from './file-index';
import { uriOf } from './positions';
import { wordIn } from './line-context';
import { Workspace } from './workspace';

const UNKNOWN_MODULE = /^unknown module '([A-Za-z_][A-Za-z0-9_]*)'/;
/** Without the checker's "(imported: m::f)": the function is then in an imported module, and the message says which. */
const UNKNOWN_FUNCTION = /^unknown function '([A-Za-z_][A-Za-z0-9_]*)' in module '[^']*'(?!.*\(imported:)/;
/** Not more offers than a menu shows at a glance. */
const MOST = 3;

export function importModule(ws: Workspace, file: string, d: Diagnostic): CodeAction[] {
  const module = UNKNOWN_MODULE.exec(d.message)?.[1];
  if (module !== undefined) {
    return otherFiles(ws, file).filter((ix) => ix.moduleName === module).slice(0, MOST).map((ix) => {
      const rel = importPath(file, ix.file);
      return action(`Import "${rel}" (module ${module})`, d, file, [importEdit(ws, file, rel)]);
    });
  }
  const fn = UNKNOWN_FUNCTION.exec(d.message)?.[1];
  const line = fn === undefined ? undefined : ws.lineText(file, d.range.start.line + 1);
  if (fn === undefined || line === undefined) return [];
  const at = wordIn(line, fn, d.range.start.character, d.range.end.character);
  if (at === undefined) return [];
  const call = { start: { line: d.range.start.line, character: at }, end: { line: d.range.start.line, character: at + fn.length } };
  return otherFiles(ws, file).filter((ix) => ix.topLevel().some((x) => x.kind === 'function' && x.name === fn)).slice(0, MOST).map((ix) => {
    const rel = importPath(file, ix.file);
    return action(`Import "${rel}" and call ${ix.moduleName}::${fn}`, d, file, [importEdit(ws, file, rel), { range: call, newText: `${ix.moduleName}::${fn}` }]);
  });
}

/** The indexes of the workspace's other files, nearest first (by path). */
function otherFiles(ws: Workspace, file: string): FileIndex[] {
  return ws.files().filter((f) => f !== file).sort((a, b) => a.localeCompare(b)).map((f) => ws.index(f)).filter((ix): ix is FileIndex => ix !== undefined);
}

/** The path an import of `target` is written with in `file`: relative, with forward slashes. */
function importPath(file: string, target: string): string {
  return path.relative(path.dirname(file), target).split(path.sep).join('/');
}

/** `import "path"` after the last `module` or `import` line before the first declaration, else at the top. */
function importEdit(ws: Workspace, file: string, rel: string): TextEdit {
  const lines = (ws.text(file) ?? '').split('\n');
  let after = -1;
  for (let i = 0; i < lines.length; i++) {
    if (/^\s*(module|import)\b/.test(lines[i])) after = i;
    else if (/^\s*(func|dram|const|cores)\b/.test(lines[i])) break;
  }
  return { range: { start: { line: after + 1, character: 0 }, end: { line: after + 1, character: 0 } }, newText: `import "${rel}"\n` };
}

function action(title: string, d: Diagnostic, file: string, edits: TextEdit[]): CodeAction {
  return { title, kind: CodeActionKind.QuickFix, diagnostics: [d], edit: { changes: { [uriOf(file)]: edits } } };
}
