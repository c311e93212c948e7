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
    if (span.line === span.endLine) return span.col >= 1 && span.endCol >= 1 ? this.inLine(span, text) : this.line(span.file, text, span.line).slice(span.col - 1, span.endCol - 1);
    const parts = [this.line(span.file, text, span.line).slice(span.col - 1)];
    for (let l = span.line + 1; l < span.endLine; l++) parts.push(this.line(span.file, text, l));
    parts.push(this.line(span.file, text, span.endLine).slice(0, span.endCol - 1));
    return parts.map((p) => p.trim()).join(' ');
  }

  /** True when `text` is what the span covers (then it need not be kept). */
  covers(span: Span, text: string): boolean {
    const source = this.sources.get(span.file);
    if (source === undefined) return false;
    if (span.line !== span.endLine || span.col < 1 || span.endCol < 1) return this.of(span) === text;
    // One line (nearly every operand): compared in place, without slicing the line or the text out of the source.
    const starts = this.lineStarts(span.file, source);
    if (span.line < 1 || span.line > starts.length) return text === '';
    const lineStart = starts[span.line - 1];
    const lineEnd = span.line < starts.length ? starts[span.line] - 1 : source.length;
    const from = Math.min(lineStart + span.col - 1, lineEnd);
    const to = Math.max(from, Math.min(lineStart + span.endCol - 1, lineEnd));
    return to - from === text.length && source.startsWith(text, from);
  }

  /** A span within one line, sliced from the source at once (not the line first). */
  private inLine(span: Span, text: string): string {
    const starts = this.lineStarts(span.file, text);
    if (span.line < 1 || span.line > starts.length) return '';
    const lineStart = starts[span.line - 1];
    const lineEnd = span.line < starts.length ? starts[span.line] - 1 : text.length;
    return text.slice(Math.min(lineStart + span.col - 1, lineEnd), Math.min(lineStart + span.endCol - 1, lineEnd));
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
