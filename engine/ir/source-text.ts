/**
 * The text a span covers, from the program's sources: what an operand's text is, unless a pass printed another. A
 * file's line starts are found once, when its first text is asked for, so that a program keeps no array of lines.
 */
import { Span } from '../base/span';

export class SourceText {
  private readonly starts = new Map<string, Int32Array>();

  constructor(private readonly sources: ReadonlyMap<string, string>) {}

  /** The text of a span, as `spanText` gives it from the lines of its file: lines joined by a space, each trimmed. */
  of(span: Span): string {
    const text = this.sources.get(span.file);
    if (text === undefined) return '';
    if (span.line === span.endLine) return this.line(span.file, text, span.line).slice(span.col - 1, span.endCol - 1);
    const parts = [this.line(span.file, text, span.line).slice(span.col - 1)];
    for (let l = span.line + 1; l < span.endLine; l++) parts.push(this.line(span.file, text, l));
    parts.push(this.line(span.file, text, span.endLine).slice(0, span.endCol - 1));
    return parts.map((p) => p.trim()).join(' ');
  }

  /** True when `text` is what the span covers (then it need not be kept). */
  covers(span: Span, text: string): boolean {
    return this.sources.has(span.file) && this.of(span) === text;
  }

  private line(file: string, text: string, line: number): string {
    const starts = this.lineStarts(file, text);
    if (line < 1 || line > starts.length) return '';
    const start = starts[line - 1];
    const end = line < starts.length ? starts[line] - 1 : text.length;
    return text.slice(start, end);
  }

  private lineStarts(file: string, text: string): Int32Array {
    let starts = this.starts.get(file);
    if (starts) return starts;
    let count = 1;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++;
    starts = new Int32Array(count);
    let k = 1;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts[k++] = i + 1;
    this.starts.set(file, starts);
    return starts;
  }
}
