/**
 * Values at line ends while a debug session is stopped, as inlay hints: on the lines of the stopped function from its
 * `func` line to the stop (the lines that ran or are about to), the values of the tensors and registers each line
 * names (`r0 = 3, acc = f32[128, 512] min … max …`), as the index resolves the names. The server does not debug: the
 * editor says where the session stopped (`bir/stopAt`) and evaluates the names in the frame the user selected
 * (`bir/valuesAtStop`); each name is asked once per request, and there are bounds on names, names per line and
 * characters per value, so that a stop in a big function costs a few evaluations.
 */
import type { InlayHint, Range } from 'vscode-languageserver';
import type { ValuesAtStopResult } from '../contract/language-requests';
import { FileIndex } from './file-index';

/** Where the session is stopped: a file and its 1-based line. */
export interface Stop {
  readonly file: string;
  readonly line: number;
}

/** Names asked of the editor in one request, at most; lines after the last of them get no values. */
export const MAX_NAMES = 64;
const MAX_NAMES_PER_LINE = 4;
const MAX_VALUE_CHARS = 48;

/** The names a line shows, and where the line ends (0-based line and character). */
interface LineNames {
  readonly line: number;
  readonly end: number;
  readonly names: string[];
}

/** The value hints of the lines of `range` (0-based) in the file of `index`, with the values `ask` answers. */
export async function valueHints(index: FileIndex, stop: Stop, range: Range, ask: (expressions: string[]) => Promise<ValuesAtStopResult>): Promise<InlayHint[]> {
  const lines = namesOnLines(index, stop, range);
  const names = [...new Set(lines.flatMap((l) => l.names))];
  if (names.length === 0) return [];
  let answer: ValuesAtStopResult;
  try {
    answer = await ask(names);
  } catch {
    return []; // an editor without values, or a session gone: no hints rather than an error
  }
  const values = new Map<string, string>();
  names.forEach((name, k) => {
    const v = answer.values?.[k];
    if (typeof v === 'string') values.set(name, v);
  });
  const hints: InlayHint[] = [];
  for (const l of lines) {
    const shown = l.names.filter((n) => values.has(n));
    if (shown.length === 0) continue;
    hints.push({
      position: { line: l.line, character: l.end },
      label: shown.map((n) => `${n} = ${clipped(values.get(n)!)}`).join(', '),
      paddingLeft: true,
      tooltip: `At this stop, in the frame selected:\n${shown.map((n) => `${n} = ${values.get(n)}`).join('\n')}`,
    });
  }
  return hints;
}

/** The tensors and registers named on each line of the stopped function up to the stop, within `range`. */
export function namesOnLines(index: FileIndex, stop: Stop, range: Range): LineNames[] {
  if (stop.file !== index.file) return [];
  const fn = index.functionAt(stop.line);
  if (!fn) return [];
  const first = Math.max(fn.span.line, range.start.line + 1);
  const last = Math.min(stop.line, range.end.line + 1);
  const out: LineNames[] = [];
  const asked = new Set<string>();
  const text = index.text;
  let start = lineOffset(text, first);
  for (let line = first; line <= last && start >= 0; line++) {
    const nl = text.indexOf('\n', start);
    const end = (nl < 0 ? text.length : nl) - (text.charCodeAt(nl - 1) === 13 ? 1 : 0);
    const names: string[] = [];
    for (let i = index.firstOccurrenceFrom(line); i < index.firstOccurrenceFrom(line + 1); i++) {
      const target = index.target(i);
      const decl = target >= 0 ? index.decls[target] : undefined;
      if (!decl || !(decl.kind === 'alloc' || decl.kind === 'param' || decl.kind === 'register' || decl.kind === 'dram')) continue;
      // An allocation's own line ends with its place in memory (inlay-hints.ts), and it holds nothing yet there.
      if (decl.kind === 'alloc' && decl.nameSpan.line === line) continue;
      if (names.includes(decl.name) || names.length >= MAX_NAMES_PER_LINE) continue;
      if (!asked.has(decl.name) && asked.size >= MAX_NAMES) continue;
      asked.add(decl.name);
      names.push(decl.name);
    }
    if (names.length > 0) out.push({ line: line - 1, end: end - start, names });
    start = nl < 0 ? -1 : nl + 1;
  }
  return out;
}

/** The offset of a 1-based line, or -1 past the end. */
function lineOffset(text: string, line: number): number {
  let at = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', at);
    if (nl < 0) return -1;
    at = nl + 1;
  }
  return at;
}

function clipped(value: string): string {
  const one = value.replace(/\s+/g, ' ');
  return one.length <= MAX_VALUE_CHARS ? one : `${one.slice(0, MAX_VALUE_CHARS - 1)}…`;
}
