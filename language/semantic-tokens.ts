/**
 * Semantic tokens (textDocument/semanticTokens/full): what the grammar (syntaxes/bir.tmLanguage.json) cannot know,
 * from the file's index and the engine's records: a name is a tensor of DRAM, SBUF or PSUM (a modifier each), a
 * parameter, a register, a constant, a function or a module; an opcode by its engine (a modifier each, as the
 * grammar's scopes `support.function.pe.bir` ...); keywords, dtypes, attributes and their words, numbers and strings
 * as the grammar scopes them. package.json's `semanticTokenScopes` maps each type and modifier to the grammar's
 * scope, so that a theme colours a token as the grammar alone would, and the tensors by their memory besides.
 */
import type { SemanticTokens, SemanticTokensLegend } from 'vscode-languageserver';
import { isDType } from '../engine/base/dtype';
import { EVAL_FUNCTIONS } from '../engine/base/eval-functions';
import { OPCODES } from '../engine/ir/opcodes';
import { DiagnosticBag } from '../engine/lang/diagnostics';
import { EOF, IDENT, NEWLINE, NUMBER, PUNCT, STRING, TokenStream } from '../engine/lang/lexer';
import { Declaration, FileIndex } from './file-index';
import { wordAttribute } from './opcode-docs';

export const TOKEN_TYPES = ['keyword', 'modifier', 'opcode', 'function', 'namespace', 'variable', 'parameter', 'register', 'property', 'enumMember', 'type', 'number', 'string'] as const;
export const TOKEN_MODIFIERS = ['declaration', 'readonly', 'defaultLibrary', 'control', 'storage', 'dram', 'sbuf', 'psum', 'pe', 'act', 'dve', 'pool', 'dma', 'sp'] as const;

type TokenType = (typeof TOKEN_TYPES)[number];
type TokenModifier = (typeof TOKEN_MODIFIERS)[number];

export const LEGEND: SemanticTokensLegend = { tokenTypes: [...TOKEN_TYPES], tokenModifiers: [...TOKEN_MODIFIERS] };

const CONTROL = new Set(['for', 'in', 'step', 'independent', 'if', 'else', 'call', 'return']);
const HEAD_KEYWORDS = new Set(['module', 'import', 'cores', 'Set']);
const MEMORIES = new Set(['dram', 'sbuf', 'psum']);

interface Classified { readonly type: TokenType; readonly modifiers: readonly TokenModifier[] }

/**
 * The tokens of a file, or of its lines first to last (0-based, as the protocol counts: an editor asks for the lines
 * in view while the whole file's are made), encoded as the protocol wants them (relative lines and starts).
 */
export function semanticTokens(index: FileIndex, lines?: { first: number; last: number }): SemanticTokens {
  if (lines) return encoded(index, lines);
  // The index is kept while the text is the same: an editor asks again for the same text (a window focused again).
  let whole = ofWholeFile.get(index);
  if (!whole) ofWholeFile.set(index, (whole = encoded(index)));
  return whole;
}

const ofWholeFile = new WeakMap<FileIndex, SemanticTokens>();

function encoded(index: FileIndex, lines?: { first: number; last: number }): SemanticTokens {
  const data: number[] = [];
  let lastLine = 0;
  let lastChar = 0;
  const push = (line: number, char: number, length: number, c: Classified): void => {
    data.push(line - lastLine, line === lastLine ? char - lastChar : char, length, TOKEN_TYPES.indexOf(c.type), bits(c.modifiers));
    lastLine = line;
    lastChar = char;
  };
  walkTokens(index, push, lines);
  return { data };
}

function bits(modifiers: readonly TokenModifier[]): number {
  let b = 0;
  for (const m of modifiers) b |= 1 << TOKEN_MODIFIERS.indexOf(m);
  return b;
}

/** What a line has said so far, for the tokens after it. */
interface LineState {
  /** Tokens of the line so far, by their texts. */
  texts: string[];
  /** The opcode of an instruction line. */
  opcode?: string;
  /** Bracket depth. */
  depth: number;
  /** At the start of an item of the instruction (after the opcode, `,` or `<-`, at depth 0). */
  itemStart: boolean;
  /** The attribute whose value follows (`op =`). */
  attribute?: string;
}

/** Classifies each token of the file in order, handing each kept one to `push` (0-based line and character). */
function walkTokens(index: FileIndex, push: (line: number, char: number, length: number, c: Classified) => void, lines?: { first: number; last: number }): void {
  const start = lines ? lineStart(index.text, lines.first) : undefined;
  // From the start of the first line asked for, as the lexer would be there outside brackets.
  const from = start === undefined ? undefined : { pos: start, line: lines!.first + 1, lineStart: start, nesting: 0 };
  const stream = new TokenStream(index.text, index.file, new DiagnosticBag(), from);
  let state: LineState = { texts: [], depth: 0, itemStart: false };
  for (let i = 0; ; i++) {
    const s = stream.slot(i);
    const kind = stream.kinds[s];
    if (kind === EOF) return;
    if (kind === NEWLINE) {
      state = { texts: [], depth: 0, itemStart: false };
      stream.release(i);
      continue;
    }
    const text = kind === STRING ? '' : stream.text(s);
    const line = stream.lines[s];
    if (lines && line > lines.last + 1) return;
    const col = stream.cols[s];
    const next = stream.slot(i + 1);
    const nextText = stream.kinds[next] === PUNCT ? stream.text(next) : '';
    const c = kind === NUMBER ? { type: 'number' as const, modifiers: [] } : kind === STRING ? { type: 'string' as const, modifiers: [] }
      : kind === IDENT ? classifyName(index, text, line, col, state, nextText) : undefined;
    if (c) push(line - 1, col - 1, stream.endCols[s] - col, c);
    advance(state, kind, text, nextText);
    stream.release(i);
  }
}

/** The offset where a 0-based line starts, or the end of the text. */
function lineStart(text: string, line: number): number {
  let pos = 0;
  for (let l = 0; l < line; l++) {
    const next = text.indexOf('\n', pos);
    if (next < 0) return text.length;
    pos = next + 1;
  }
  return pos;
}

function classifyName(index: FileIndex, text: string, line: number, col: number, state: LineState, next: string): Classified | undefined {
  const first = state.texts.length === 0 || (state.texts.length === 1 && state.texts[0] === '}');
  const occurrence = index.occurrenceAt(line, col);
  if (occurrence !== undefined && index.occurrence(occurrence).span.col === col) {
    const named = ofOccurrence(index, occurrence);
    if (named) return named;
  }
  if (first && OPCODES.has(text)) return opcode(text);
  if (state.texts.length === 2 && state.texts[1] === '.' && OPCODES.has(`${state.texts[0]}.${text}`)) return opcode(`${state.texts[0]}.${text}`);
  const keyword = keywordOf(text, first, state);
  if (keyword) return keyword;
  if (isDType(text) && (next === '[' || state.texts.at(-1) === '(' && state.texts.at(-2) === 'view')) return { type: 'type', modifiers: [] };
  if (state.opcode && state.depth === 0 && state.itemStart && next === '=') return { type: 'property', modifiers: [] };
  if (state.opcode && state.attribute && wordAttribute(state.opcode, state.attribute)) return { type: 'enumMember', modifiers: [] };
  if (next === '(' && EVAL_FUNCTIONS.has(text)) return { type: 'function', modifiers: ['defaultLibrary'] };
  return undefined;
}

function opcode(name: string): Classified {
  const engine = OPCODES.get(name)!.engine.toLowerCase() as TokenModifier;
  return { type: 'opcode', modifiers: ['defaultLibrary', engine] };
}

function keywordOf(text: string, first: boolean, state: LineState): Classified | undefined {
  const head = state.texts[0];
  if (first && HEAD_KEYWORDS.has(text)) return { type: 'keyword', modifiers: [] };
  if (first && (text === 'const' || text === 'func')) return { type: 'keyword', modifiers: ['storage'] };
  if (MEMORIES.has(text) && (first || head === 'func')) return { type: 'keyword', modifiers: [text as TokenModifier] };
  if ((text === 'input' || text === 'output') && head === 'dram') return { type: 'modifier', modifiers: [] };
  if (!CONTROL.has(text)) return undefined;
  const control = first || (text === 'if' && state.texts.at(-1) === 'else') || ((text === 'in' || text === 'step' || text === 'independent') && head === 'for');
  return control ? { type: 'keyword', modifiers: ['control'] } : undefined;
}

/** A name the index resolved: what it names, marked where it is declared. */
function ofOccurrence(index: FileIndex, occurrence: number): Classified | undefined {
  const target = index.target(occurrence);
  if (target < 0) return index.externals[-1 - target].name === undefined ? { type: 'namespace', modifiers: [] } : { type: 'function', modifiers: [] };
  const decl = index.decls[target];
  const span = index.occurrence(occurrence).span;
  const declaration: TokenModifier[] = decl.nameSpan.line === span.line && decl.nameSpan.col === span.col ? ['declaration'] : [];
  return ofDeclaration(decl, declaration);
}

function ofDeclaration(decl: Declaration, declaration: TokenModifier[]): Classified | undefined {
  const memory: TokenModifier[] = decl.memory ? [decl.memory] : [];
  switch (decl.kind) {
    case 'module': return { type: 'namespace', modifiers: declaration };
    case 'function': return { type: 'function', modifiers: declaration };
    case 'const': return { type: 'variable', modifiers: [...declaration, 'readonly'] };
    case 'dram': return { type: 'variable', modifiers: [...declaration, 'dram'] };
    case 'alloc': return { type: 'variable', modifiers: [...declaration, ...memory] };
    case 'param': return decl.type ? { type: 'parameter', modifiers: [...declaration, ...memory] } : { type: 'register', modifiers: declaration };
    case 'register': return { type: 'register', modifiers: declaration };
    default: return undefined;
  }
}

/** The line's state after a token. */
function advance(state: LineState, kind: number, text: string, next: string): void {
  const before = state.texts.length;
  state.texts.push(text);
  if (kind === PUNCT && (text === '(' || text === '[')) state.depth++;
  else if (kind === PUNCT && (text === ')' || text === ']')) state.depth--;
  if (before === 0 && kind === IDENT && OPCODES.has(text) && next !== '.') state.opcode = text;
  if (before === 2 && state.texts[1] === '.' && OPCODES.has(`${state.texts[0]}.${text}`)) state.opcode = `${state.texts[0]}.${text}`;
  const opensItem = state.opcode !== undefined && state.depth === 0 && (before === 0 || (kind === PUNCT && (text === ',' || text === '<-')) || (before === 2 && state.opcode.includes('.')));
  if (state.itemStart && kind === IDENT && next === '=') state.attribute = text;
  else if (kind === PUNCT && text === ',' && state.depth === 0) state.attribute = undefined;
  state.itemStart = opensItem;
}
