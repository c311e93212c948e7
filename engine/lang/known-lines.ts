/**
 * Lines a function body repeats. A compiled model writes the same instruction line thousands of times (the same
 * tiles, the same operators, the same constant offsets); checking one such line again gives the same node at
 * another line. The reader of a body (the checker's builder) can say, before the parser lexes a line, that it knows
 * the line's exact text and has built its node again: the parser then passes over the line without lexing or
 * parsing it. After a statement that was alone on its line, the parser tells the reader the line's text, which the
 * reader may learn. What makes a line safe to repeat is the reader's to decide (engine/lang/check/repeated-lines.ts).
 */
export interface KnownLines {
  /** True when the reader built the node of the line `text` again, at line `line`: the parser goes on after it. */
  repeat(text: string, line: number): boolean;
  /** The statement just visited was alone on its line `line`, whose whole text is `text`. */
  learn(text: string, line: number): void;
}
