import { DiagnosticBag } from './diagnostics';
import { Span } from '../base/span';

export type TokenKind = 'ident' | 'number' | 'string' | 'punct' | 'newline' | 'eof';

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

  /** Made when asked for: most tokens (commas, brackets) never need one, and a big file has millions of tokens. */
  get span(): Span {
    return (this.spanCache ??= { file: this.file, line: this.line, col: this.col, endLine: this.line, endCol: this.endCol });
  }
}

/** Two-character operators, tried before the single characters so that `<-` wins over `<` and `**` over `*`. */
const PAIRS = new Set(['::', '<-', '..', '**', '==', '!=', '<=', '>=', '&&', '||']);
const SINGLES = new Set(['{', '}', '(', ')', '[', ']', ',', ':', '=', '.', '+', '-', '*', '/', '%', '<', '>', '!']);

/** Sticky, so that they match at the lexer's position without copying the rest of the file. */
const HEX = /0[xX][0-9A-Fa-f_]+/y;
const DECIMAL = /(?:[0-9][0-9_]*(?:\.(?!\.)[0-9_]*)?|\.[0-9][0-9_]*)(?:[eE][+-]?[0-9]+)?/y;

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
    const t = stream.at(i);
    tokens.push(t);
    if (t.kind === 'eof') return tokens;
  }
}

/**
 * Tokens on demand, for the parser: lexed as it reads them and dropped once a statement is done, so that a big file
 * never holds all its tokens at once (they would cost more in garbage collection than in lexing).
 */
export class TokenStream {
  private readonly lexer: Lexer;
  private buffer: Token[] = [];
  /** The index of buffer[0] in the whole stream. */
  private base = 0;
  /** Lines where the lexer reported a mistake, as it finds them. */
  readonly mistakeLines = new Set<number>();

  constructor(text: string, file: string, diagnostics: DiagnosticBag) {
    this.lexer = new Lexer(text, file, (span, message) => {
      this.mistakeLines.add(span.line);
      diagnostics.error(span, message);
    });
  }

  /** The token at index i; past the end, the last token (eof). */
  at(i: number): Token {
    const near = i - this.base;
    if (near >= 0 && near < this.buffer.length) return this.buffer[near];
    while (i - this.base >= this.buffer.length && this.lexer.fill(this.buffer)) {
      // lexed more
    }
    const k = i - this.base;
    if (k < 0) throw new Error(`token ${i} was already released`);
    return this.buffer[Math.min(k, this.buffer.length - 1)];
  }

  /** The parser will not look before index i again. */
  release(i: number): void {
    const k = Math.min(i - this.base, this.buffer.length - 1);
    if (k <= 0) return;
    this.buffer = this.buffer.slice(k);
    this.base += k;
  }
}

class Lexer {
  private pos = 0;
  private line = 1;
  private lineStart = 0;
  private nesting = 0;
  private tokens: Token[] = [];
  private ended = false;

  constructor(
    private readonly text: string,
    private readonly file: string,
    private readonly error: (span: Span, message: string) => void,
  ) {}

  /** Appends at least one token to `out`; false once the end of the text was delivered. */
  fill(out: Token[]): boolean {
    if (this.ended) return false;
    this.tokens = out;
    const before = out.length;
    while (out.length === before && this.pos < this.text.length) this.next();
    if (out.length === before) {
      this.push('newline', '', 0, this.pos, this.pos);
      this.push('eof', '', 0, this.pos, this.pos);
      this.ended = true;
    }
    return true;
  }

  private next(): void {
    const c = this.text.charCodeAt(this.pos);
    if (c === 10) return this.newline();
    if (c === 32 || c === 9 || c === 13) return void this.pos++;
    if (c === 35) return this.comment();
    if (c === 34) return this.string();
    // `.5` is a number; in `0..4` the number pattern leaves alone a dot that starts `..`.
    if (isDigit(c) || (c === 46 && isDigit(this.text.charCodeAt(this.pos + 1)))) return this.number();
    if (isIdentStart(c)) return this.identifier();
    this.punctuation();
  }

  private newline(): void {
    // Empty, at the end of its line: a diagnostic "found the end of the line" stays inside the line.
    if (this.nesting === 0) this.push('newline', '\n', 0, this.pos, this.pos);
    this.pos++;
    this.line++;
    this.lineStart = this.pos;
  }

  private comment(): void {
    const end = this.text.indexOf('\n', this.pos);
    this.pos = end < 0 ? this.text.length : end;
  }

  private string(): void {
    const start = this.pos;
    let value = '';
    this.pos++;
    while (this.pos < this.text.length && this.text[this.pos] !== '"' && this.text[this.pos] !== '\n') {
      if (this.text[this.pos] === '\\') {
        value += this.escape();
      } else {
        value += this.text[this.pos++];
      }
    }
    if (this.text[this.pos] === '"') {
      this.pos++;
    } else {
      this.error(this.spanOf(start, this.pos), 'unterminated string: expected \'"\' before the end of the line');
    }
    this.push('string', value, 0, start, this.pos);
  }

  private escape(): string {
    const start = this.pos;
    const c = this.text[this.pos + 1];
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
        this.error(this.spanOf(start, this.pos), `unknown escape '\\${printable(c)}' in string (known: \\n \\t \\" \\\\)`);
        return c;
    }
  }

  private number(): void {
    const start = this.pos;
    HEX.lastIndex = start;
    DECIMAL.lastIndex = start;
    const match = HEX.exec(this.text) ?? DECIMAL.exec(this.text);
    const written = match ? match[0] : this.text[start];
    this.pos += written.length;
    // Letters glued to a number (`12ab`) are a mistake, not two tokens.
    while (this.pos < this.text.length && isIdentPart(this.text.charCodeAt(this.pos))) this.pos++;
    const text = this.text.slice(start, this.pos);
    let value = Number(written.replace(/_/g, ''));
    if (text !== written || Number.isNaN(value)) {
      this.error(this.spanOf(start, this.pos), `malformed number '${text}'`);
      value = 0;
    }
    this.push('number', text, value, start, this.pos);
  }

  private identifier(): void {
    const start = this.pos;
    while (this.pos < this.text.length && isIdentPart(this.text.charCodeAt(this.pos))) this.pos++;
    const text = this.text.slice(start, this.pos);
    if (text === 'inf' || text === 'nan') {
      this.push('number', text, text === 'inf' ? Infinity : NaN, start, this.pos);
    } else {
      this.push('ident', text, 0, start, this.pos);
    }
  }

  private punctuation(): void {
    const start = this.pos;
    const pair = this.text.substr(this.pos, 2);
    const p = PAIRS.has(pair) ? pair : SINGLES.has(this.text[this.pos]) ? this.text[this.pos] : undefined;
    if (!p) {
      // One diagnostic per character, also for one outside the BMP (two UTF-16 units).
      const c = String.fromCodePoint(this.text.codePointAt(this.pos) ?? 0);
      this.pos += c.length;
      this.error(this.spanOf(start, this.pos), `unexpected character '${printable(c)}'`);
      return;
    }
    this.pos += p.length;
    if (p === '(' || p === '[') this.nesting++;
    if ((p === ')' || p === ']') && this.nesting > 0) this.nesting--;
    // A brace always ends any open bracket: a missing `)` must not swallow the rest of the file.
    if (p === '{' || p === '}') this.nesting = 0;
    this.push('punct', p, 0, start, this.pos);
  }

  private push(kind: TokenKind, text: string, value: number, start: number, end: number): void {
    // Tokens never span lines, except a newline token, which is placed at the end of its line.
    const col = start - this.lineStart + 1;
    this.tokens.push(new Token(kind, text, value, this.file, this.line, col, col + (end - start)));
  }

  private spanOf(start: number, end: number): Span {
    // Tokens never span lines, except a newline token, which is placed at the end of its line.
    const col = start - this.lineStart + 1;
    return { file: this.file, line: this.line, col, endLine: this.line, endCol: col + (end - start) };
  }
}

function printable(c: string): string {
  const code = c.codePointAt(0) ?? 0;
  return code < 32 || code === 127 ? `\\u${code.toString(16).padStart(4, '0')}` : c;
}
