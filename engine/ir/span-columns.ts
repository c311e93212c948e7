/**
 * Spans kept as numbers: four integers each (line, column, end line, end column), the file named by an index into the
 * program's files. A span is made an object again only when asked for.
 */
import { Span } from '../base/span';
import { Column, int32s } from './columns';

export class SpanColumns {
  private readonly numbers: Column<Int32Array> = int32s();
  private sealed?: Int32Array;

  /** Appends a span; its position (the file is the caller's to keep). */
  push(span: Span): number {
    return this.numbers.push4(span.line, span.col, span.endLine, span.endCol) / 4;
  }

  get count(): number {
    return this.numbers.length / 4;
  }

  /** The span at a position, in a file. */
  span(at: number, file: string): Span {
    const n = this.sealed ?? this.numbers.view();
    const k = at * 4;
    return { file, line: n[k], col: n[k + 1], endLine: n[k + 2], endCol: n[k + 3] };
  }

  /** Appends the span at `at`, `delta` lines further; its position. */
  pushMoved(at: number, delta: number): number {
    const n = this.numbers;
    const k = at * 4;
    return n.push4(n.get(k) + delta, n.get(k + 1), n.get(k + 2) + delta, n.get(k + 3)) / 4;
  }

  line(at: number): number {
    return (this.sealed ?? this.numbers.view())[at * 4];
  }

  col(at: number): number {
    return (this.sealed ?? this.numbers.view())[at * 4 + 1];
  }

  seal(): void {
    this.sealed = this.numbers.seal();
  }
}
