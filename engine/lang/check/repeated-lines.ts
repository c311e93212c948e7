/**
 * The lines of a function body already built, by their text: a line of the same text later in the body gets a copy
 * of the first one's node at its own line, neither lexed, parsed nor checked again (engine/lang/known-lines.ts).
 *
 * Repeating a line is exact when its check depends on nothing but its text and what the body declared before it,
 * and leaves nothing behind but its node. So a line is learned only when it is a plain instruction (or `Set`) at the
 * top level of the body, alone on its line, its check reported nothing, it wrote no PSUM (whose writers the builder
 * follows for a warning), and it has no expression of `Print` or `Assert` (see Code.movable; the registers and
 * operators inside its expressions, which have spans of their own, are moved with it). What the body declares
 * afterwards cannot change what a learned line meant (a name is declared once), but the lines are forgotten at every
 * allocation all the same, and none is repeated after a `return` (the next statement is warned unreachable).
 */
import { Code } from '../../ir/code';

/** Lines kept at most: a model's repeated lines are few; its other lines would only fill the map. */
const MAX_LINES = 1 << 16;

export class RepeatedLines {
  /** Line text → the index of the node built from it. */
  private readonly lines = new Map<string, number>();

  constructor(private readonly code: Code) {}

  /** The index of a copy of the node of `text` at `line`, or undefined when the text is not known. */
  repeat(text: string, line: number): number | undefined {
    const from = this.lines.get(text);
    return from === undefined ? undefined : this.code.appendMoved(from, line);
  }

  /** Keeps the node at `index` as the one of line `text` when it can be moved. */
  learn(text: string, index: number): void {
    if (this.lines.size < MAX_LINES && !this.lines.has(text) && this.code.movable(index)) this.lines.set(text, index);
  }

  forget(): void {
    this.lines.clear();
  }
}
