/**
 * Quick edits of a program's text that the timeline view offers on an instruction (docs/timeline.md, "Quick edits"):
 * an attribute of the instruction set, changed or removed (`engine = gpsimd`), and the constants that set its sizes,
 * each with the place of its value, to give it another. From the lexer's tokens of the text, so that the edit touches
 * only the words it changes (comments, layout and everything else stay as written); the editor applies the edit, so
 * that it can be undone.
 */
import { DiagnosticBag } from './diagnostics';
import { Token, tokenize } from './lexer';

/** A replacement of the text from (line, col) up to (endLine, endCol), excluded; 1-based, as spans are. */
export interface TextEdit {
  readonly line: number;
  readonly col: number;
  readonly endLine: number;
  readonly endCol: number;
  readonly newText: string;
}

/** A `const` that an instruction's sizes depend on, and where its value is written. */
export interface SizeConstant {
  readonly name: string;
  /** The value as written (`128`, `N - 2*TN`). */
  readonly valueText: string;
  readonly line: number;
  readonly col: number;
  readonly endLine: number;
  readonly endCol: number;
  /** Why it is offered: the instruction names it, or the declaration of a tensor it names does. */
  readonly via: string;
}

const DECLARATIONS = new Set(['sbuf', 'psum', 'dram']);

/**
 * The edit that makes the instruction starting at (line, col) have `name = value`: the value replaced where the
 * attribute is written, `, name = value` appended where it is not, and the attribute removed when `value` is
 * undefined. Undefined when no statement starts there, or nothing changes.
 */
export function attributeEdit(text: string, line: number, col: number, name: string, value: string | undefined): TextEdit | undefined {
  const tokens = statementAt(tokensOf(text), line, col);
  if (!tokens) return undefined;
  const found = attributeIn(tokens, name);
  if (!found) {
    if (value === undefined) return undefined;
    const last = tokens[tokens.length - 1].span;
    return { line: last.line, col: last.endCol, endLine: last.line, endCol: last.endCol, newText: `, ${name} = ${value}` };
  }
  const { comma, first, last } = found;
  if (value === undefined) {
    const from = comma.span;
    return { line: from.line, col: from.col, endLine: last.span.line, endCol: last.span.endCol, newText: '' };
  }
  if (first === last && first.text === value) return undefined;
  return { line: first.span.line, col: first.span.col, endLine: last.span.line, endCol: last.span.endCol, newText: value };
}

/**
 * The file's constants that the sizes of the instruction starting at (line, col) depend on: those its text names,
 * then those the declarations of its tensors name (the declaration nearest before it, of each name). Constants of
 * another module and constants that other constants are made of are not followed.
 */
export function sizeConstants(text: string, line: number, col: number): SizeConstant[] {
  const tokens = tokensOf(text);
  const statement = statementAt(tokens, line, col);
  if (!statement) return [];
  const constants = constantsOf(tokens, text.split('\n'));
  const out = new Map<string, SizeConstant>();
  const offer = (names: readonly Token[], via: string): void => {
    for (const t of names) {
      const c = constants.get(t.text);
      if (c && !out.has(t.text)) out.set(t.text, { ...c, via });
    }
  };
  offer(statement, `named by line ${line}`);
  for (const t of statement) {
    const decl = declarationBefore(tokens, t.text, line);
    if (decl) offer(decl, `in the declaration of '${t.text}' (line ${decl[0].span.line})`);
  }
  return [...out.values()];
}

function tokensOf(text: string): Token[] {
  return tokenize(text, '', new DiagnosticBag());
}

/** The tokens of the statement whose first token is at (line, col), to its end of line (not included). */
function statementAt(tokens: readonly Token[], line: number, col: number): Token[] | undefined {
  const start = tokens.findIndex((t) => t.span.line === line && t.span.col >= col && t.kind !== 'newline');
  if (start < 0 || tokens[start].span.line !== line) return undefined;
  let end = start;
  while (end < tokens.length && tokens[end].kind !== 'newline' && tokens[end].kind !== 'eof' && !(tokens[end].kind === 'punct' && '{}'.includes(tokens[end].text))) end++;
  return end > start ? tokens.slice(start, end) : undefined;
}

/** `, name = value` at the statement's top level: the comma, and the value's first and last tokens. */
function attributeIn(tokens: readonly Token[], name: string): { comma: Token; first: Token; last: Token } | undefined {
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind === 'punct' && '([{'.includes(t.text)) depth++;
    if (t.kind === 'punct' && ')]}'.includes(t.text)) depth--;
    if (depth !== 0 || t.kind !== 'ident' || t.text !== name || tokens[i - 1]?.text !== ',' || tokens[i + 1]?.text !== '=') continue;
    let j = i + 2;
    let inner = 0;
    while (j + 1 < tokens.length && !(inner === 0 && tokens[j + 1].text === ',')) {
      if ('([{'.includes(tokens[j].text)) inner++;
      if (')]}'.includes(tokens[j].text)) inner--;
      j++;
    }
    return j < tokens.length ? { comma: tokens[i - 1], first: tokens[i + 2], last: tokens[j] } : undefined;
  }
  return undefined;
}

/** The file's top-level `const NAME = value` declarations, each with its value's place and text. */
function constantsOf(tokens: readonly Token[], lines: readonly string[]): Map<string, Omit<SizeConstant, 'via'>> {
  const out = new Map<string, Omit<SizeConstant, 'via'>>();
  for (let i = 0; i + 3 < tokens.length; i++) {
    const atLineStart = i === 0 || tokens[i - 1].kind === 'newline';
    if (!atLineStart || tokens[i].text !== 'const' || tokens[i + 1].kind !== 'ident' || tokens[i + 2].text !== '=') continue;
    let j = i + 3;
    while (j + 1 < tokens.length && tokens[j + 1].kind !== 'newline' && tokens[j + 1].kind !== 'eof') j++;
    const [first, last] = [tokens[i + 3].span, tokens[j].span];
    const valueText = first.line === last.line ? lines[first.line - 1].slice(first.col - 1, last.endCol - 1) : tokens.slice(i + 3, j + 1).map((t) => t.text).join(' ');
    out.set(tokens[i + 1].text, { name: tokens[i + 1].text, valueText, line: first.line, col: first.col, endLine: last.line, endCol: last.endCol });
  }
  return out;
}

/**
 * The tokens of the declaration of `name` nearest before `line`: an allocation or DRAM tensor (`sbuf NAME : ...`, to
 * its end of line) or a function's parameter (`NAME: sbuf f32[...]`, to its type's `]`).
 */
function declarationBefore(tokens: readonly Token[], name: string, line: number): Token[] | undefined {
  let found: Token[] | undefined;
  for (let i = 0; i + 2 < tokens.length && tokens[i].span.line < line; i++) {
    if (DECLARATIONS.has(tokens[i].text) && tokens[i + 1].text === name && tokens[i + 2].text === ':') {
      let j = i;
      while (j < tokens.length && tokens[j].kind !== 'newline' && tokens[j].kind !== 'eof') j++;
      found = tokens.slice(i, j);
    } else if (tokens[i].text === name && tokens[i + 1].text === ':' && DECLARATIONS.has(tokens[i + 2].text)) {
      let j = i + 3;
      while (j < tokens.length && tokens[j].text !== ']' && tokens[j].kind !== 'newline' && tokens[j].kind !== 'eof') j++;
      found = tokens.slice(i, j + 1);
    }
  }
  return found;
}
