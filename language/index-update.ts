/**
 * The index of an edited file made from the index of its text before the edit, when the edit changed, added or removed
 * only instruction lines inside one function (no declaration, brace or call; each line's brackets closed on it; the
 * opcode may be half-typed): the
 * changed lines are parsed alone and their names resolved in the function's scope at that line, the other
 * occurrences and declarations are the old index's, moved as the edit moved the lines after it. The same index as
 * the whole build (test/unit/index-update.test.ts compares them on every instruction line of the examples); the
 * whole build, half a second on a 100,000-line file, was made again at the first request after each keystroke.
 * Anything else (a register named first on a changed line, a declaration's line removed) is left to the whole build.
 */
import type * as ast from '../engine/lang/ast';
import { ChangedLines, changedLines, moved } from './changed-lines';
import { Declaration, FileIndex, indexLines } from './file-index';

/** More changed lines than this are indexed whole. */
const MAX_CHANGED_LINES = 500;

/** Thrown while the changed lines are indexed when they are not what the update can take. */
class NotPlain extends Error {}

/** The index of `text`, the file of `base` edited; undefined when only the whole build can make it. */
export function updatedIndex(base: FileIndex, text: string): FileIndex | undefined {
  if (text === base.text) return base;
  const changed = changedLines(base.text, text);
  const lines = [...changed.before, ...changed.after];
  if (lines.length > MAX_CHANGED_LINES || !lines.every(instructionLine)) return undefined;
  const fn = base.functionAt(changed.first);
  if (!fn || fn.span.line >= changed.first || changed.lastBefore >= fn.span.endLine) return undefined;
  // A declaration on a removed line (a register's first assignment) would have to be found again further on.
  if (base.decls.some((d) => d.nameSpan.line >= changed.first && d.nameSpan.line <= changed.lastBefore)) return undefined;
  const added = occurrencesOf(base, text, changed, fn);
  if (!added) return undefined;
  return joined(base, text, changed, added);
}

/** The occurrences of the changed lines in the text after the edit, or undefined when they declare something. */
function occurrencesOf(base: FileIndex, text: string, changed: ChangedLines, fn: Declaration): FileIndex | undefined {
  const within = (s: ast.Stmt): void => {
    if (s.span.line < changed.first || s.span.endLine > changed.lastAfter) throw new NotPlain();
  };
  try {
    // A body of those lines: its '{' on the line before them, its '}' after them.
    const body = `{\n${text.slice(changed.start, changed.endAfter)}}`;
    const added = indexLines(base, body, changed.first - 1, fn.id, namesInScope(base, fn, changed.first), within);
    return added.decls.length === base.decls.length ? added : undefined;
  } catch {
    return undefined; // NotPlain, or what the whole build will meet and say
  }
}

/**
 * What each name means on the lines edited before line `line` of a function (the first line the edit changed or
 * put new lines before, in the text before the edit), as the whole build has it when it reaches them: the first of
 * the function's declarations of the name that is in scope there (a parameter; a register assigned before; an
 * allocation declared before, in a block not yet closed).
 */
function namesInScope(base: FileIndex, fn: Declaration, line: number): Map<string, number> {
  const names = new Map<string, number>();
  for (const d of base.localsOf(fn.id)) {
    if (names.has(d.name)) continue;
    // In the old text's lines: the block's '}' on line `line` or after it closes after the new lines.
    const seen = d.kind === 'param' || (d.nameSpan.line < line && (d.kind === 'register' || line <= (d.scopeEndLine ?? fn.span.endLine)));
    if (seen) names.set(d.name, d.id);
  }
  return names;
}

/** The old index's occurrences before the changed lines, the new ones, then the old ones after them moved. */
function joined(base: FileIndex, text: string, changed: ChangedLines, added: FileIndex): FileIndex {
  const shift = changed.lastAfter - changed.lastBefore;
  const index = new FileIndex(base.file, text);
  const moveSpans = <T>(value: T): T => (shift === 0 ? value : movedSpans(value, changed));
  index.decls.push(...base.decls.map(moveSpans));
  index.externals.push(...added.externals);
  index.imports.push(...base.imports.map(moveSpans));
  index.outline.push(...base.outline.map(moveSpans));
  index.folds.push(...base.folds.map((f) => (shift === 0 ? f : { startLine: moved(f.startLine, changed), endLine: moved(f.endLine, changed) })));
  index.moduleName = base.moduleName;
  index.moduleDecl = base.moduleDecl;
  const before = base.firstOccurrenceFrom(changed.first);
  const after = base.firstOccurrenceFrom(changed.lastBefore + 1);
  index.appendOccurrences(base, 0, before, 0);
  index.appendOccurrences(added, 0, added.occurrenceCount, 0);
  index.appendOccurrences(base, after, base.occurrenceCount, shift);
  // A call's occurrence is numbered among the file's: those after the edit move by the occurrences it added.
  const renumber = added.occurrenceCount - (after - before);
  index.calls.push(...base.calls.map((c) => (c.occurrence >= after ? { ...c, occurrence: c.occurrence + renumber } : c)));
  index.seal();
  return index;
}

/** A copy of a declaration, an outline node or an import with every span after the edit moved as its lines moved. */
function movedSpans<T>(value: T, changed: ChangedLines): T {
  if (Array.isArray(value)) return value.map((v: unknown) => movedSpans(v, changed)) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = (key === 'line' || key === 'endLine' || key === 'scopeEndLine') && typeof v === 'number' ? moved(v, changed) : movedSpans(v, changed);
  }
  return out as T;
}

/** The words that start a statement other than an instruction or `Set` (the parser's statements). */
const STATEMENT_KEYWORDS = new Set(['sbuf', 'psum', 'for', 'if', 'else', 'call', 'return', 'dram', 'func', 'const', 'import']);

/**
 * A blank line, a comment, or one statement that is an instruction or a `Set` (its opcode known or not: the index
 * reads any), whose brackets close on the line and that has no brace: a line that declares nothing but registers and
 * changes no block.
 */
function instructionLine(line: string): boolean {
  const code = line.replace(/"(?:[^"\\]|\\.)*"/g, '0').replace(/#.*$/, '').trim();
  if (code === '') return true;
  const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(code)?.[0];
  if (!word || STATEMENT_KEYWORDS.has(word) || /[{}"]/.test(code)) return false;
  let depth = 0;
  for (const c of code) {
    if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && --depth < 0) return false;
  }
  return depth === 0;
}
