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

/** Longest first, so that `<-` wins over `<` and `**` over `*`. */
const PUNCTUATION = [
  '::', '<-', '..', '**', '==', '!=', '<=', '>=', '&&', '||',
  '{', '}', '(', ')', '[', ']', ',', ':', '=', '.', '+', '-', '*', '/', '%', '<', '>', '!',
];

const IDENT_START = /[A-Za-z_]/;
const IDENT_PART = /[A-Za-z0-9_]/;
const DIGIT = /[0-9]/;

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
    const c = this.text[this.pos];
    if (c === '\n') return this.newline();
    if (c === ' ' || c === '\t' || c === '\r') return void this.pos++;
    if (c === '#') return this.comment();
    if (c === '"') return this.string();
    if (DIGIT.test(c) || (c === '.' && DIGIT.test(this.text[this.pos + 1] ?? '') && !this.afterOperand())) return this.number();
    if (IDENT_START.test(c)) return this.identifier();
    this.punctuation();
  }

  /** `a..b` must not lex `.5`; a dot right after an operand is a range or member operator. */
  private afterOperand(): boolean {
    const last = this.tokens[this.tokens.length - 1];
    return last !== undefined && (last.kind === 'ident' || last.kind === 'number' || last.text === ')' || last.text === ']');
  }

  private newline(): void {
    if (this.nesting === 0) this.push('newline', '\n', 0, this.pos, this.pos + 1);
    this.pos++;
    this.line++;
    this.lineStart = this.pos;
  }

  private comment(): void {
    while (this.pos < this.text.length && this.text[this.pos] !== '\n') this.pos++;
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
    this.pos += 2;
    switch (c) {
      case 'n': return '\n';
      case 't': return '\t';
      case '"': return '"';
      case '\\': return '\\';
      default:
        this.diagnostics.error(this.spanOf(start, this.pos), `unknown escape '\\${c ?? ''}' in string (known: \\n \\t \\" \\\\)`);
        return c ?? '';
    }
  }

  private number(): void {
    const start = this.pos;
    const rest = this.text.slice(start);
    const hex = /^0[xX][0-9A-Fa-f_]+/.exec(rest);
    const dec = /^(?:[0-9][0-9_]*(?:\.(?!\.)[0-9_]*)?|\.[0-9][0-9_]*)(?:[eE][+-]?[0-9]+)?/.exec(rest);
    const match = hex ?? dec;
    const written = match ? match[0] : rest[0];
    this.pos += written.length;
    // Letters glued to a number (`12ab`) are a mistake, not two tokens.
    while (this.pos < this.text.length && IDENT_PART.test(this.text[this.pos])) this.pos++;
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
    while (this.pos < this.text.length && IDENT_PART.test(this.text[this.pos])) this.pos++;
    const text = this.text.slice(start, this.pos);
    if (text === 'inf' || text === 'nan') {
      this.push('number', text, text === 'inf' ? Infinity : NaN, start, this.pos);
    } else {
      this.push('ident', text, 0, start, this.pos);
    }
  }

  private punctuation(): void {
    const start = this.pos;
    const p = PUNCTUATION.find((candidate) => this.text.startsWith(candidate, this.pos));
    if (!p) {
      const c = this.text[this.pos];
      this.pos++;
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
