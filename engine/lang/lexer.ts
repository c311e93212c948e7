import { DiagnosticBag } from './diagnostics';
import { Span } from './source';

export type TokenKind = 'ident' | 'number' | 'string' | 'punct' | 'newline' | 'eof';

export interface Token {
  readonly kind: TokenKind;
  /** The text as written (for strings: the decoded value). */
  readonly text: string;
  /** For numbers: the value. */
  readonly value: number;
  readonly span: Span;
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
  return new Lexer(text, file, diagnostics).run();
}

class Lexer {
  private pos = 0;
  private line = 1;
  private lineStart = 0;
  private nesting = 0;
  private readonly tokens: Token[] = [];

  constructor(
    private readonly text: string,
    private readonly file: string,
    private readonly diagnostics: DiagnosticBag,
  ) {}

  run(): Token[] {
    while (this.pos < this.text.length) this.next();
    this.push('newline', '', 0, this.pos, this.pos);
    this.push('eof', '', 0, this.pos, this.pos);
    return this.tokens;
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
      this.diagnostics.error(this.spanOf(start, this.pos), 'unterminated string: expected \'"\' before the end of the line');
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
        this.diagnostics.error(this.spanOf(start, this.pos), `unknown escape '\\${printable(c)}' in string (known: \\n \\t \\" \\\\)`);
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
      this.diagnostics.error(this.spanOf(start, this.pos), `malformed number '${text}'`);
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
      this.diagnostics.error(this.spanOf(start, this.pos), `unexpected character '${printable(c)}'`);
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
    this.tokens.push({ kind, text, value, span: this.spanOf(start, end) });
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
