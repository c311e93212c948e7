/**
 * Document and range formatting: the engine's canonical layout (engine/lang/format.ts) as edits. Each logical line
 * that changes is one edit of the lines it spans, so that a formatted file gets no edit and the cursor stays where the
 * text did not change; a range formats the logical lines it touches, laid out as the whole file would be (the
 * columns of a run of lines are the run's, also outside the range). A file that does not parse gets no edit and the
 * reason, which the server shows.
 */
import type { Range, TextEdit } from 'vscode-languageserver';
import { formatDiagnostic } from '../engine/lang/diagnostics';
import { formatLines } from '../engine/lang/format';

export type FormattingAnswer = { readonly edits: TextEdit[]; readonly refused?: undefined } | { readonly edits?: undefined; readonly refused: string };

export function formattingEdits(text: string, file: string, range?: Range): FormattingAnswer {
  const r = formatLines(text, file);
  if (r.refused) {
    const first = r.refused[0];
    const more = r.refused.length > 1 ? ` (and ${r.refused.length - 1} more)` : '';
    return { refused: `not formatted: the file does not parse: ${formatDiagnostic(first, shortName)}${more}` };
  }
  const source = text.split('\n');
  // A CRLF line is the same line: the editor writes the new text with the document's line ends.
  const bare = source.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  const edits: TextEdit[] = [];
  for (const row of r.rows) {
    if (range && (row.lastLine - 1 < range.start.line || row.firstLine - 1 > range.end.line)) continue;
    const last = Math.min(row.lastLine, source.length);
    const atEnd = last === source.length;
    const old = bare.slice(row.firstLine - 1, last).join('\n') + (atEnd ? '' : '\n');
    const now = row.lines.map((l) => `${l}\n`).join('');
    if (old === now || (atEnd && old === '' && now === '')) continue;
    const end = atEnd ? { line: last - 1, character: source[last - 1].length } : { line: last, character: 0 };
    edits.push({ range: { start: { line: row.firstLine - 1, character: 0 }, end }, newText: now });
  }
  return { edits };
}

function shortName(file: string): string {
  return file.split(/[\\/]/).pop() ?? file;
}
