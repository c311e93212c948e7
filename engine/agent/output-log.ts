/**
 * What a session printed (the program's Print lines, faults, the line that ends every run), kept until an answer
 * reports it: each answer carries what was printed since the one before, its latest lines when there were many.
 */
import { clip } from './answer-size';

/** Lines kept between two answers: older ones are counted, not kept. */
const LINES_KEPT = 200;
/** The characters of output one answer carries at most. */
const ANSWER_OUTPUT_CHARS = 1500;

export interface OutputReport {
  readonly output?: readonly string[];
  /** Lines printed before those, left out of the answer. */
  readonly outputOmitted?: number;
}

export class OutputLog {
  private lines: string[] = [];
  private dropped = 0;
  /** The end of a line printed in parts. */
  private partial = '';

  add(category: 'stdout' | 'stderr' | 'console', text: string): void {
    const parts = (this.partial + text).split(/\r?\n/);
    this.partial = parts.pop() ?? '';
    for (const line of parts) this.push(category === 'stderr' ? `error: ${line}` : line);
  }

  /** What was printed since the last report, its latest lines within the answer's share. */
  report(): OutputReport {
    if (this.partial) this.push(this.partial);
    this.partial = '';
    const lines = this.lines;
    let omitted = this.dropped;
    this.lines = [];
    this.dropped = 0;
    const kept: string[] = [];
    let used = 0;
    for (let i = lines.length - 1; i >= 0; i--) {
      const line = clip(lines[i], 300);
      used += line.length + 4;
      if (used > ANSWER_OUTPUT_CHARS) {
        omitted += i + 1;
        break;
      }
      kept.unshift(line);
    }
    if (kept.length === 0 && omitted === 0) return {};
    return omitted > 0 ? { output: kept, outputOmitted: omitted } : { output: kept };
  }

  private push(line: string): void {
    this.lines.push(line);
    if (this.lines.length > LINES_KEPT) {
      this.lines.shift();
      this.dropped++;
    }
  }
}
