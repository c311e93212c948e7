import { DiagnosticBag } from './diagnostics';
import { Span } from '../base/span';
import { NAME_HASH_START, NameTable, nameHashStep } from './name-table';

export type TokenKind = 'ident' | 'number' | 'string' | 'punct' | 'newline' | 'eof';

/** A token as an object, for tools and tests (`tokenize`); the parser reads the TokenStream's arrays instead. */
export class Token {
  private spanCache?: Span;

  constructor(
    readonly kind: TokenKind,
    /** The text as written (for strings: the decoded value). */
    readonly text: string,
    /** For numbers: the value. */
    readonly value: number,
    private readonly file: string,
    private readonly line: number,
    private readonly col: number,
    private readonly endCol: number,
  ) {}

  get span(): Span {
    return (this.spanCache ??= { file: this.file, line: this.line, col: this.col, endLine: this.line, endCol: this.endCol });
  }
}

/** Token kinds as the TokenStream stores them. */
export const IDENT = 0;
export const NUMBER = 1;
export const STRING = 2;
export const PUNCT = 3;
export const NEWLINE = 4;
export const EOF = 5;
const KIND_NAMES: readonly TokenKind[] = ['ident', 'number', 'string', 'punct', 'newline', 'eof'];

/** Sticky, so that they match at the lexer's position without copying the rest of the file. */
const HEX = /0[xX][0-9A-Fa-f_]+/y;
const DECIMAL = /(?:[0-9][0-9_]*(?:\.(?!\.)[0-9_]*)?|\.[0-9][0-9_]*)(?:[eE][+-]?[0-9]+)?/y;
/** Tokens released before the token arrays are compacted (see TokenStream.release). */
const RELEASE_AT_ONCE = 512;
/** A number written as plain digits, short enough to be exact when accumulated digit by digit. */
const MAX_PLAIN_DIGITS = 15;

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isIdentStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

function isIdentPart(c: number): boolean {
  return isIdentStart(c) || isDigit(c);
}

/**
 * Splits BIR text into tokens. Newlines end statements, except inside `( )` and `[ ]`, so that a long
 * operand list may wrap. Bad characters are reported and skipped: the parser always gets a token stream.
 */
export function tokenize(text: string, file: string, diagnostics: DiagnosticBag): Token[] {
  const stream = new TokenStream(text, file, diagnostics);
  const tokens: Token[] = [];
  for (let i = 0; ; i++) {
    const s = stream.slot(i);
    const kind = stream.kinds[s];
    tokens.push(new Token(KIND_NAMES[kind], stream.text(s), stream.values[s], file, stream.lines[s], stream.cols[s], stream.endCols[s]));
    if (kind === EOF) return tokens;
  }
}

/** Where the lexer stands between two tokens: enough to lex the rest of the text again from there. */
export interface LexerState {
  readonly pos: number;
  readonly line: number;
  readonly lineStart: number;
  readonly nesting: number;
}

/**
 * Tokens on demand, for the parser: lexed as it reads them and dropped once a statement is done, so that a big file
 * never holds all its tokens at once. A token is a slot in parallel arrays rather than an object: a big file has
 * millions of tokens, and objects for them cost more in allocation and garbage collection than lexing them does.
 * The slot of a token is valid until the next `release`.
 */
export class TokenStream {
  kinds = new Uint8Array(64);
  /** Offsets in the text. */
  starts = new Int32Array(64);
  ends = new Int32Array(64);
  lines = new Int32Array(64);
  cols = new Int32Array(64);
  endCols = new Int32Array(64);
  /** For numbers: the value. */
  values = new Float64Array(64);
  /** Identifiers and operators as written, strings decoded, newlines; undefined for numbers (sliced when asked for). */
  texts: (string | undefined)[] = [];
  private spans: (Span | undefined)[] = [];
  /** Tokens in the arrays; slot 0 is the token at index `base` of the whole stream. */
  private count = 0;
  private base = 0;
  private ended = false;
  /** Lines where the lexer reported a mistake, as it finds them. */
  readonly mistakeLines = new Set<number>();

  private pos = 0;
  private line = 1;
  private lineStart = 0;
  /** Open `(` and `[`: newlines inside them are not tokens. */
  private nesting = 0;
  /** One string per identifier spelling: a program names the same few tensors, opcodes and words a million times. */
  private readonly names = new NameTable();

  constructor(
    private readonly source: string,
    readonly file: string,
    private readonly diagnostics: DiagnosticBag,
    /** Where to start lexing: the start of the text, or a state `stateBefore` gave. */
    from?: LexerState,
  ) {
    if (from) ({ pos: this.pos, line: this.line, lineStart: this.lineStart, nesting: this.nesting } = from);
  }

  /** The state of the lexer before token i, which must be the next token it lexes: a stream from there lexes the same tokens. */
  stateBefore(i: number): LexerState {
    if (i !== this.base + this.count || this.ended) throw new Error(`the lexer is past token ${i}`);
    return { pos: this.pos, line: this.line, lineStart: this.lineStart, nesting: this.nesting };
  }

  /**
   * Passes over a `{ }` block without making its tokens: the block must open with the next token, and the stream
   * goes on after its matching '}'. Braces are matched as the lexer sees them, outside strings and comments; what is
   * between them is neither lexed nor checked (no mistake is reported). Undefined, with nothing passed over, when the
   * next token is not '{' or the block does not close before the end of the text: the caller then lexes it.
   */
  skipBlock(): { open: Span; close: Span } | undefined {
    if (this.ended || this.nesting !== 0) return undefined;
    const text = this.source;
    let pos = this.pos;
    while (text.charCodeAt(pos) === 32 || text.charCodeAt(pos) === 9 || text.charCodeAt(pos) === 13) pos++;
    if (text.charCodeAt(pos) !== 123) return undefined;
    const open = { file: this.file, line: this.line, col: pos - this.lineStart + 1, endLine: this.line, endCol: pos - this.lineStart + 2 };
    let line = this.line;
    let lineStart = this.lineStart;
    let depth = 0;
    // Lines are passed a newline at a time, and only the characters that matter (braces, comments, strings) are
    // looked at one by one: most lines of a body hold none of them.
    let special = -1;
    while (pos < text.length) {
      if (special < pos) special = nextSpecial(text, pos);
      const end = text.indexOf('\n', pos);
      const lineEnd = end < 0 ? text.length : end;
      if (special >= lineEnd) {
        if (end < 0) break;
        line++;
        lineStart = pos = end + 1;
        continue;
      }
      pos = special;
      const c = text.charCodeAt(pos);
      if (c === 35) {
        pos = lineEnd;
      } else if (c === 34) {
        pos = stringEnd(text, pos);
      } else if (c === 123) {
        depth++;
        pos++;
      } else {
        pos++;
        if (--depth === 0) {
          this.pos = pos;
          this.line = line;
          this.lineStart = lineStart;
          return { open, close: { file: this.file, line, col: pos - lineStart, endLine: line, endCol: pos - lineStart + 1 } };
        }
      }
    }
    return undefined;
  }

  /**
   * The whole text of the line ahead (without its newline) when token i is the next one to lex, the lexer is at the
   * start of a line and outside brackets: a line `skipLine` may pass over. Undefined otherwise, and for the last
   * line when no newline ends it.
   */
  lineAhead(i: number): string | undefined {
    if (i !== this.base + this.count || this.ended || this.nesting !== 0 || this.pos !== this.lineStart) return undefined;
    const end = this.source.indexOf('\n', this.pos);
    return end < 0 ? undefined : this.source.slice(this.pos, end);
  }

  /** The line number of the line ahead (see lineAhead). */
  get lineNumber(): number {
    return this.line;
  }

  /** Passes over the line ahead, of `length` characters, without lexing it: it makes no token. */
  skipLine(length: number): void {
    this.pos += length + 1;
    this.line++;
    this.lineStart = this.pos;
  }

  /** The slot of the token at index i of the stream; past the end, the slot of the last token (eof). */
  slot(i: number): number {
    const k = i - this.base;
    if (k < this.count) {
      if (k < 0) throw new Error(`token ${i} was already released`);
      return k;
    }
    while (i - this.base >= this.count && this.lexToken()) {
      // lexed one more
    }
    return Math.min(k, this.count - 1);
  }

  /**
   * The parser will not look before index i again. The arrays are compacted only once many tokens are released (a
   * statement is a dozen tokens; moving the rest down after each cost more than lexing them), so they stay small.
   */
  release(i: number): void {
    const k = Math.min(i - this.base, this.count - 1);
    if (k < RELEASE_AT_ONCE) return;
    const n = this.count - k;
    this.kinds.copyWithin(0, k, this.count);
    this.starts.copyWithin(0, k, this.count);
    this.ends.copyWithin(0, k, this.count);
    this.lines.copyWithin(0, k, this.count);
    this.cols.copyWithin(0, k, this.count);
    this.endCols.copyWithin(0, k, this.count);
    this.values.copyWithin(0, k, this.count);
    for (let s = 0; s < n; s++) {
      this.texts[s] = this.texts[s + k];
      this.spans[s] = this.spans[s + k];
    }
    for (let s = n; s < this.count; s++) {
      this.texts[s] = undefined;
      this.spans[s] = undefined;
    }
    this.count = n;
    this.base += k;
  }

  /** The text of a token: as written, or for a string its value. */
  text(slot: number): string {
    return this.texts[slot] ?? this.source.slice(this.starts[slot], this.ends[slot]);
  }

  /** The span of a token, made when asked for: most tokens (commas, brackets) never need one. */
  span(slot: number): Span {
    let s = this.spans[slot];
    if (s === undefined) {
      s = { file: this.file, line: this.lines[slot], col: this.cols[slot], endLine: this.lines[slot], endCol: this.endCols[slot] };
      this.spans[slot] = s;
    }
    return s;
  }

  // ---- lexing ----

  /** Lexes up to the next token; false once the end of the text was delivered. */
  private lexToken(): boolean {
    if (this.ended) return false;
    const before = this.count;
    const text = this.source;
    while (this.count === before && this.pos < text.length) this.next(text.charCodeAt(this.pos));
    if (this.count === before) {
      this.push(NEWLINE, '', 0, this.pos, this.pos);
      this.push(EOF, '', 0, this.pos, this.pos);
      this.ended = true;
    }
    return true;
  }

  private next(c: number): void {
    if (c === 10) return this.newline();
    if (c === 32 || c === 9 || c === 13) return this.blanks();
    if (c === 35) return this.comment();
    if (c === 34) return this.string();
    // `.5` is a number; in `0..4` the number pattern leaves alone a dot that starts `..`.
    if (isDigit(c) || (c === 46 && isDigit(this.source.charCodeAt(this.pos + 1)))) return this.number();
    if (isIdentStart(c)) return this.identifier();
    this.punctuation(c);
  }

  /** A run of blanks at once, not a character per turn of the lexer's loop (a compiled model indents every line). */
  private blanks(): void {
    const text = this.source;
    let pos = this.pos + 1;
    for (let c = text.charCodeAt(pos); c === 32 || c === 9 || c === 13; c = text.charCodeAt(++pos)) {
      // blank
    }
    this.pos = pos;
  }

  private newline(): void {
    // Empty, at the end of its line: a diagnostic "found the end of the line" stays inside the line.
    if (this.nesting === 0) this.push(NEWLINE, '\n', 0, this.pos, this.pos);
    this.pos++;
    this.line++;
    this.lineStart = this.pos;
  }

  private comment(): void {
    const end = this.source.indexOf('\n', this.pos);
    this.pos = end < 0 ? this.source.length : end;
  }

  private string(): void {
    const text = this.source;
    const start = this.pos;
    let value = '';
    this.pos++;
    while (this.pos < text.length && text[this.pos] !== '"' && text[this.pos] !== '\n') {
      if (text[this.pos] === '\\') {
        value += this.escape();
      } else {
        value += text[this.pos++];
      }
    }
    if (text[this.pos] === '"') {
      this.pos++;
    } else {
      this.error(start, this.pos, 'unterminated string: expected \'"\' before the end of the line');
    }
    this.push(STRING, value, 0, start, this.pos);
  }

  private escape(): string {
    const start = this.pos;
    const c = this.source[this.pos + 1];
    if (c === undefined || c === '\n' || c === '\r') {
      // A backslash cannot escape the end of the line: the string is unterminated.
      this.pos++;
      return '';
    }
    this.pos += 2;
    switch (c) {
      case 'n': return '\n';
      case 't': return '\t';
      case '"': return '"';
      case '\\': return '\\';
      default:
        this.error(start, this.pos, `unknown escape '\\${printable(c)}' in string (known: \\n \\t \\" \\\\)`);
        return c;
    }
  }

  private number(): void {
    const text = this.source;
    const start = this.pos;
    let end = start;
    let value = 0;
    while (end < text.length && isDigit(text.charCodeAt(end))) value = value * 10 + (text.charCodeAt(end++) - 48);
    const next = end < text.length ? text.charCodeAt(end) : 0;
    // Plain digits (the common case) need no pattern; anything else (`0x1F`, `1_000`, `2.5e3`, `12ab`) is matched.
    if (end > start && end - start <= MAX_PLAIN_DIGITS && !isIdentPart(next) && next !== 46) {
      this.pos = end;
      this.push(NUMBER, undefined, value, start, end);
      return;
    }
    HEX.lastIndex = start;
    DECIMAL.lastIndex = start;
    const match = HEX.exec(text) ?? DECIMAL.exec(text);
    const written = match ? match[0] : text[start];
    this.pos += written.length;
    // Letters glued to a number (`12ab`) are a mistake, not two tokens.
    while (this.pos < text.length && isIdentPart(text.charCodeAt(this.pos))) this.pos++;
    const all = text.slice(start, this.pos);
    value = Number(written.replace(/_/g, ''));
    if (all !== written || Number.isNaN(value)) {
      this.error(start, this.pos, `malformed number '${all}'`);
      value = 0;
    }
    this.push(NUMBER, undefined, value, start, this.pos);
  }

  private identifier(): void {
    const text = this.source;
    const start = this.pos;
    let pos = start;
    let hash = NAME_HASH_START;
    for (let c = text.charCodeAt(pos); isIdentPart(c); c = text.charCodeAt(++pos)) hash = nameHashStep(hash, c);
    this.pos = pos;
    const name = this.names.intern(text, start, pos, hash);
    if (name === 'inf' || name === 'nan') {
      this.push(NUMBER, undefined, name === 'inf' ? Infinity : NaN, start, pos);
      return;
    }
    this.push(IDENT, name, 0, start, pos);
  }

  private punctuation(c: number): void {
    const start = this.pos;
    const p = operator(c, this.source.charCodeAt(this.pos + 1));
    if (!p) {
      // One diagnostic per character, also for one outside the BMP (two UTF-16 units).
      const ch = String.fromCodePoint(this.source.codePointAt(this.pos) ?? 0);
      this.pos += ch.length;
      this.error(start, this.pos, `unexpected character '${printable(ch)}'`);
      return;
    }
    this.pos += p.length;
    if (p === '(' || p === '[') this.nesting++;
    if ((p === ')' || p === ']') && this.nesting > 0) this.nesting--;
    // A brace always ends any open bracket: a missing `)` must not swallow the rest of the file.
    if (p === '{' || p === '}') this.nesting = 0;
    this.push(PUNCT, p, 0, start, this.pos);
  }

  private push(kind: number, text: string | undefined, value: number, start: number, end: number): void {
    if (this.count === this.kinds.length) this.grow();
    const s = this.count++;
    // Tokens never span lines, except a newline token, which is placed at the end of its line.
    const col = start - this.lineStart + 1;
    this.kinds[s] = kind;
    this.starts[s] = start;
    this.ends[s] = end;
    this.lines[s] = this.line;
    this.cols[s] = col;
    this.endCols[s] = col + (end - start);
    this.values[s] = value;
    this.texts[s] = text;
    this.spans[s] = undefined;
  }

  private grow(): void {
    const size = this.kinds.length * 2;
    const more = <T extends Uint8Array | Int32Array | Float64Array>(a: T, make: new (n: number) => T): T => {
      const b = new make(size);
      b.set(a);
      return b;
    };
    this.kinds = more(this.kinds, Uint8Array);
    this.starts = more(this.starts, Int32Array);
    this.ends = more(this.ends, Int32Array);
    this.lines = more(this.lines, Int32Array);
    this.cols = more(this.cols, Int32Array);
    this.endCols = more(this.endCols, Int32Array);
    this.values = more(this.values, Float64Array);
  }

  private error(start: number, end: number, message: string): void {
    const col = start - this.lineStart + 1;
    this.mistakeLines.add(this.line);
    this.diagnostics.error({ file: this.file, line: this.line, col, endLine: this.line, endCol: col + (end - start) }, message);
  }
}

/**
 * The operator that starts with the characters c and d, or undefined. Two-character operators win over single ones,
 * so that `<-` is not `<` and `**` is not `*`. The strings are literals: comparing them is comparing pointers.
 */
function operator(c: number, d: number): string | undefined {
  switch (c) {
    case 58: return d === 58 ? '::' : ':';
    case 60: return d === 45 ? '<-' : d === 61 ? '<=' : '<';
    case 46: return d === 46 ? '..' : '.';
    case 42: return d === 42 ? '**' : '*';
    case 61: return d === 61 ? '==' : '=';
    case 33: return d === 61 ? '!=' : '!';
    case 62: return d === 61 ? '>=' : '>';
    case 38: return d === 38 ? '&&' : undefined;
    case 124: return d === 124 ? '||' : undefined;
    case 123: return '{';
    case 125: return '}';
    case 40: return '(';
    case 41: return ')';
    case 91: return '[';
    case 93: return ']';
    case 44: return ',';
    case 43: return '+';
    case 45: return '-';
    case 47: return '/';
    case 37: return '%';
    default: return undefined;
  }
}

function printable(c: string): string {
  const code = c.codePointAt(0) ?? 0;
  return code < 32 || code === 127 ? `\\u${code.toString(16).padStart(4, '0')}` : c;
}

/** Where the string that opens at `start` ends, by the rules of TokenStream.string (it ends at its line's end at the latest). */
/** The characters skipBlock matches: braces, a comment's '#', a string's quote. */
const BLOCK_SPECIAL = /[{}#"]/g;

/** The position of the next character skipBlock looks at, from `from`; the text's length when there is none. */
function nextSpecial(text: string, from: number): number {
  BLOCK_SPECIAL.lastIndex = from;
  const m = BLOCK_SPECIAL.exec(text);
  return m ? m.index : text.length;
}

function stringEnd(text: string, start: number): number {
  let pos = start + 1;
  while (pos < text.length) {
    const c = text.charCodeAt(pos);
    if (c === 34) return pos + 1;
    if (c === 10) return pos;
    if (c !== 92) pos++;
    else {
      const next = text.charCodeAt(pos + 1);
      pos += Number.isNaN(next) || next === 10 || next === 13 ? 1 : 2;
    }
  }
  return pos;
}
