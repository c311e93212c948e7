import * as ast from './ast';
import { Diagnostic, DiagnosticBag } from './diagnostics';
import * as lexer from './lexer';
import { LexerState, TokenStream } from './lexer';
import { KnownLines } from './known-lines';
import { Span, spanBetween } from '../base/span';

/**
 * The token kinds, read once into constants of this module: an imported binding compiled to CommonJS (tests, tsx) is a
 * getter behind a getter, and the parser compares kinds at every token.
 */
const { EOF, IDENT, NEWLINE, NUMBER, PUNCT, STRING } = lexer;

/** Parses one BIR file. Never throws on bad input: mistakes become diagnostics and parsing goes on. */
export function parseFile(text: string, file: string, diagnostics: DiagnosticBag): ast.FileAst {
  return new Parser(new TokenStream(text, file, diagnostics), diagnostics).file(file);
}

/**
 * A file's declarations, with the bodies of its functions parsed for their mistakes only (their statements are
 * dropped as they are parsed, `body.stmts` is empty): the checker parses each body again as it builds it, one statement
 * at a time (parseBody). The syntax tree of a big file is then never held whole: holding it cost more in garbage
 * collection than parsing it twice.
 */
export interface FileOutline {
  readonly ast: ast.FileAst;
  /** Where each function's body starts. */
  readonly bodies: ReadonlyMap<ast.FuncDecl, LexerState>;
  /**
   * The bodies passed over unread (parseOutline with `skipBodies`), with the '}' that closes each: their mistakes are
   * found only when they are parsed (parseBody with that '}').
   */
  readonly unread: ReadonlyMap<ast.FuncDecl, Span>;
}

/**
 * Parses one BIR file's declarations; every mistake of the file is reported, those in function bodies included,
 * except with `skipBodies`: then the bodies whose braces match are passed over (see FileOutline.unread), which costs
 * a scan of their characters rather than a parse.
 */
export function parseOutline(text: string, file: string, diagnostics: DiagnosticBag, skipBodies = false): FileOutline {
  const outline: Outline = { bodies: new Map(), unread: new Map(), skipBodies };
  const parsed = new Parser(new TokenStream(text, file, diagnostics), diagnostics, outline).file(file);
  return { ast: parsed, bodies: outline.bodies, unread: outline.unread };
}

/** Thrown by parseBody when a body passed over unread has a mistake, or ends elsewhere than its outline found. */
export class UnreadBodyMistake extends Error {}

/**
 * Parses the body of a function of a FileOutline again, handing each of its statements to `visit` as it is parsed.
 * The statements are those parseFile finds; their mistakes were reported by parseOutline, and are not again. For a
 * body the outline did not read, `close` is its closing '}': any mistake, or another end, throws UnreadBodyMistake.
 */
export function parseBody(text: string, file: string, start: LexerState, visit: (s: ast.Stmt) => void, close?: Span, known?: KnownLines): void {
  // Mistakes the outline reported are not reported again; those of an unread body end the parse.
  const bag = close ? new RefusingBag() : new DiagnosticBag();
  const body = new Parser(new TokenStream(text, file, bag, start), bag).body(visit, known);
  if (close && (body.close.line !== close.line || body.close.col !== close.col)) throw new UnreadBodyMistake(`the body ends at ${body.close.line}:${body.close.col}`);
}

/** A bag for a body no one has read yet: its first mistake ends the parse. */
class RefusingBag extends DiagnosticBag {
  override error(span: Span, message: string): void {
    throw new UnreadBodyMistake(message);
  }

  override warning(span: Span, message: string): void {
    throw new UnreadBodyMistake(message);
  }

  override add(d: Diagnostic): void {
    throw new UnreadBodyMistake(d.message);
  }
}

/** Parses a lone expression (the debugger's evaluate language, breakpoint conditions). */
export function parseExpression(text: string, file: string, diagnostics: DiagnosticBag): ast.Expr | undefined {
  return new Parser(new TokenStream(text, file, diagnostics), diagnostics).lone();
}

/** What parseOutline collects. */
interface Outline {
  readonly bodies: Map<ast.FuncDecl, LexerState>;
  readonly unread: Map<ast.FuncDecl, Span>;
  readonly skipBodies: boolean;
}

/** Thrown inside the parser to abandon the current statement; caught where recovery happens. */
class ParseError extends Error {}

/** A token the parser has read: its index in the stream (its text and span are asked of the stream before release). */
type TokenIndex = number;

/** A name as written, with its span. */
interface Word { readonly text: string; readonly span: Span }

const BINARY_PRECEDENCE: ReadonlyMap<string, number> = new Map([
  ['||', 1], ['&&', 2], ['==', 3], ['!=', 3], ['<', 3], ['<=', 3], ['>', 3], ['>=', 3], ['+', 4], ['-', 4], ['*', 5], ['/', 5], ['%', 5],
]);
/** Tokens that end an expression wherever they follow a number or a name (see Parser.leaf). */
const LEAF_ENDS: ReadonlySet<string> = new Set([',', ']', ')', ':', '}', '{', '..', '<-', '=']);
/** Deeper nesting is refused, so that no tree can overflow the stack of the parser or of a tool that walks it. */
const MAX_NESTING = 200;
/**
 * A chain of binary operators (`1 + 1 + ... + 1`) is not nesting, but it is a tree as deep as it is long for every
 * tool that walks it: chains are limited on their own, far above what programs write and well within the stack.
 */
const MAX_CHAIN = 1000;
const REGISTER = /^r[0-9]+$/;

/**
 * What a skimmed body's expressions, attributes and spans are (see Parser.skim): one object each, which nothing reads.
 */
const SKIPPED_SPAN: Span = Object.freeze({ file: '', line: 0, col: 0, endLine: 0, endCol: 0 });
const SKIPPED: ast.Expr = Object.freeze({ kind: 'number', value: 0, span: SKIPPED_SPAN });
const SKIPPED_ITEM: ast.IndexItem = Object.freeze({ kind: 'at', index: SKIPPED, span: SKIPPED_SPAN });
const SKIPPED_ATTRIBUTE: ast.Attribute = Object.freeze({ name: '', nameSpan: SKIPPED_SPAN, value: SKIPPED, span: SKIPPED_SPAN });

class Parser {
  private pos = 0;
  /** How deep the parser is in nested expressions and in nested blocks, each limited to MAX_NESTING. */
  private readonly nesting = { expressions: 0, blocks: 0 };
  /** The token where a missing '}' was reported, so that the enclosing blocks close there silently. */
  private unclosedAt = -1;
  /** Inside `[ ]`, `a::b` is a slice with a step, not a qualified name. */
  private indexDepth = 0;
  /**
   * Inside the body of a function of an outline: its statements are parsed for their mistakes and dropped, so their
   * expressions and spans are not made (each is SKIPPED). What the parser decides never depends on them: it reads
   * tokens, counts operands and quotes names, which are kept; the spans of diagnostics are the tokens' own.
   */
  private skim = false;

  /** Lines with a lexical mistake: a syntax error there is the same mistake, and is not reported again. */
  private readonly lexicalLines: ReadonlySet<number>;

  constructor(
    private readonly tokens: TokenStream,
    private readonly diagnostics: DiagnosticBag,
    /** When given, function bodies are parsed for their mistakes only (or passed over), and where each starts is kept here. */
    private readonly outline?: Outline,
  ) {
    this.lexicalLines = tokens.mistakeLines;
  }

  // ---- files and declarations ----

  file(file: string): ast.FileAst {
    let module: ast.FileAst['module'];
    const decls: ast.TopDecl[] = [];
    while (!this.at(EOF)) {
      if (this.at(NEWLINE)) {
        this.pos++;
        continue;
      }
      const start = this.pos;
      try {
        if (this.isWord('module')) {
          const m = this.moduleDecl();
          if (module) this.diagnostics.error(m.span, `a file has one 'module' declaration; this one repeats '${module.name}' declared at line ${module.span.line}`);
          else module = m;
        } else {
          decls.push(this.topDecl());
        }
        this.endOfLine();
      } catch (e) {
        if (!(e instanceof ParseError)) throw e;
        this.recoverLine(false);
      }
      if (this.pos === start) this.pos++; // never loop without progress
      this.tokens.release(this.pos);
    }
    return { file, module, decls };
  }

  /** A function body whose first token is the stream's first; its statements go to `visit`. */
  body(visit: (s: ast.Stmt) => void, known?: KnownLines): ast.Block {
    return this.block('a function body', visit, known);
  }

  lone(): ast.Expr | undefined {
    try {
      while (this.at(NEWLINE) && !this.at(EOF)) this.pos++;
      const e = this.expr();
      while (this.at(NEWLINE)) this.pos++;
      if (!this.at(EOF)) this.fail(`expected the end of the expression, found ${this.describe(this.pos)}`);
      return e;
    } catch (e) {
      if (!(e instanceof ParseError)) throw e;
      return undefined;
    }
  }

  private moduleDecl(): { name: string; span: Span } {
    const kw = this.next();
    const name = this.ident('a module name after \'module\'');
    return { name: this.text(name), span: this.between(this.span(kw), this.span(name)) };
  }

  private topDecl(): ast.TopDecl {
    if (this.at(IDENT)) {
      const word = this.text(this.pos);
      switch (word) {
        case 'import': return this.importDecl();
        case 'const': return this.constDecl();
        case 'dram': return this.dramDecl();
        case 'cores': return this.coresDecl();
        case 'func': return this.funcDecl();
        case 'sbuf':
        case 'psum':
          this.fail(`'${word}' tensors are declared inside a function (they live in a core's on-chip memory); only 'dram' is declared at the top level`);
      }
    }
    this.fail(`expected a declaration ('module', 'import', 'const', 'dram' or 'func'), found ${this.describe(this.pos)}`);
  }

  private importDecl(): ast.ImportDecl {
    const kw = this.next();
    const path = this.expect(STRING, 'a quoted path after \'import\', like import "lib.bir"');
    return { kind: 'import', path: this.text(path), pathSpan: this.span(path), span: this.between(this.span(kw), this.span(path)) };
  }

  private constDecl(): ast.ConstDecl {
    const kw = this.next();
    const name = this.word(this.ident('a constant name after \'const\''));
    this.expectPunct('=', `'=' after the constant name '${name.text}'`);
    const value = this.expr();
    return { kind: 'const', name: name.text, nameSpan: name.span, value, span: this.between(this.span(kw), value.span) };
  }

  private coresDecl(): ast.CoresDecl {
    const kw = this.next();
    const value = this.expr();
    return { kind: 'cores', value, span: this.between(this.span(kw), value.span) };
  }

  private dramDecl(): ast.DramDecl {
    const kw = this.next();
    const name = this.word(this.ident('a tensor name after \'dram\''));
    this.expectPunct(':', `':' and a type after the tensor name '${name.text}', like 'dram x : f32[128, 64]'`);
    const type = this.typeRef();
    let role: ast.DramDecl['role'];
    let end = type.span;
    if (this.isWord('input') || this.isWord('output')) {
      const r = this.next();
      role = this.text(r) as 'input' | 'output';
      end = this.span(r);
    }
    let init: ast.Expr | undefined;
    if (this.isPunct('=')) {
      this.pos++;
      init = this.expr();
      end = init.span;
    }
    return { kind: 'dram', name: name.text, nameSpan: name.span, type, role, init, span: this.between(this.span(kw), end) };
  }

  private funcDecl(): ast.FuncDecl {
    const kw = this.next();
    const name = this.word(this.ident('a function name after \'func\''));
    this.expectPunct('(', `'(' after the function name '${name.text}'`);
    const params: ast.ParamDecl[] = [];
    if (!this.isPunct(')')) {
      do params.push(this.param());
      while (this.eatPunct(','));
    }
    const close = this.expectPunct(')', `',' or ')' in the parameters of '${name.text}'`);
    // Spans before the body: its statements release the tokens they read.
    const span = this.between(this.span(kw), this.span(close));
    const start = this.outline && this.tokens.stateBefore(this.pos);
    const skipped = this.outline?.skipBodies ? this.tokens.skipBlock() : undefined;
    let body: ast.Block;
    if (skipped) {
      body = { stmts: [], open: skipped.open, close: skipped.close };
    } else {
      this.skim = start !== undefined;
      try {
        body = this.block(`the body of function '${name.text}'`, start ? dropStatement : undefined);
      } finally {
        this.skim = false;
      }
    }
    const decl: ast.FuncDecl = { kind: 'func', name: name.text, nameSpan: name.span, params, body, span };
    if (start) this.outline!.bodies.set(decl, start);
    if (skipped) this.outline!.unread.set(decl, skipped.close);
    return decl;
  }

  private param(): ast.ParamDecl {
    const name = this.word(this.ident('a parameter: a tensor \'name: f32[P, F]\' or a register like \'r1\''));
    if (!this.isPunct(':')) {
      if (REGISTER.test(name.text)) return { kind: 'register', name: name.text, nameSpan: name.span, span: name.span };
      this.fail(`expected ':' and a type after the parameter '${name.text}' (a scalar parameter is written as a register, like 'r1')`);
    }
    this.pos++;
    let memory: 'dram' | 'sbuf' | 'psum' | undefined;
    if (this.isWord('dram') || this.isWord('sbuf') || this.isWord('psum')) memory = this.text(this.next()) as typeof memory;
    const type = this.typeRef();
    return { kind: 'tensor', name: name.text, nameSpan: name.span, memory, type, span: this.between(name.span, type.span) };
  }

  private typeRef(): ast.TypeRef {
    const dtype = this.word(this.ident('a data type such as f32, bf16 or i32'));
    this.expectPunct('[', `'[' and the dimensions after '${dtype.text}', like ${dtype.text}[128, 64]`);
    const dims: ast.Expr[] = [];
    if (!this.isPunct(']')) {
      do dims.push(this.expr());
      while (this.eatPunct(','));
    }
    const close = this.expectPunct(']', '\',\' or \']\' in the dimensions');
    return { dtype: dtype.text, dtypeSpan: dtype.span, dims, span: this.between(dtype.span, this.span(close)) };
  }

  // ---- blocks and statements ----

  /** A `{ }` block; its statements go to `visit` when given, else into the block. */
  private block(what: string, visit?: (s: ast.Stmt) => void, known?: KnownLines): ast.Block {
    this.enter('blocks');
    try {
      if (this.at(NEWLINE)) {
        // A '{' on the next line: one mistake, reported once; the block is still parsed.
        let ahead = 0;
        while (this.kind(ahead) === NEWLINE) ahead++;
        if (this.isPunct('{', ahead)) {
          this.diagnostics.error(this.realSpan(this.pos), `expected '{' to open ${what} on the line of its header, found the end of the line`);
          this.pos += ahead;
        }
      }
      // Its span now: the statements release the tokens they read.
      const open = this.realSpan(this.expectPunct('{', `'{' to open ${what}`));
      const stmts: ast.Stmt[] = [];
      while (true) {
        // A line the reader knows is passed over unlexed; one it may learn is kept until its statement is read.
        const line = known && this.tokens.lineAhead(this.pos);
        const lineNumber = this.tokens.lineNumber;
        if (line && known.repeat(line, lineNumber)) {
          this.tokens.skipLine(line.length);
          continue;
        }
        if (this.at(NEWLINE)) {
          this.pos++;
          continue;
        }
        if (this.isPunct('}')) return { stmts, open, close: this.realSpan(this.next()) };
        if (this.at(EOF)) {
          this.diagnostics.error(this.realSpan(this.pos), `expected '}' to close ${what} opened at line ${open.line}, found the end of the file`);
          return { stmts, open, close: this.realSpan(this.pos) };
        }
        if (this.isWord('func')) {
          // A function cannot hold one: the '}' before it is missing. Close every open block here, reporting once.
          if (this.unclosedAt !== this.pos) {
            this.diagnostics.error(this.realSpan(this.pos), `expected '}' to close ${what} opened at line ${open.line}, found 'func'`);
            this.unclosedAt = this.pos;
          }
          return { stmts, open, close: this.realSpan(this.pos) };
        }
        const start = this.pos;
        try {
          const s = this.stmt();
          if (visit) visit(s);
          else stmts.push(s);
          this.endOfLine();
          if (line && this.aloneOnLine(s, lineNumber)) known.learn(line, lineNumber);
        } catch (e) {
          if (!(e instanceof ParseError)) throw e;
          this.recoverLine();
        }
        if (this.pos === start) this.pos++;
        this.tokens.release(this.pos);
      }
    } finally {
      this.nesting.blocks--;
    }
  }

  private stmt(): ast.Stmt {
    if (this.isPunct('{')) {
      const span = this.realSpan(this.pos);
      return { kind: 'block', body: this.block('a block'), span };
    }
    if (!this.at(IDENT)) this.fail(`expected a statement (an instruction, 'Set', 'for', 'if', 'call', 'return' or an allocation), found ${this.describe(this.pos)}`);
    const word = this.text(this.pos);
    switch (word) {
      case 'sbuf':
      case 'psum': return this.allocStmt();
      case 'for': return this.forStmt();
      case 'if': return this.ifStmt();
      case 'call': return this.callStmt();
      case 'return': return { kind: 'return', span: this.span(this.next()) };
      case 'Set': return this.setStmt();
      case 'else':
        return this.fail('\'else\' must follow the \'}\' of its \'if\' on the same line: } else {');
      case 'dram':
      case 'func':
      case 'const':
      case 'import':
        this.fail(`'${word}' is declared at the top level of a file, not inside a function`);
    }
    return this.instruction();
  }

  private allocStmt(): ast.AllocStmt {
    const kw = this.next();
    const memory = this.text(kw) as 'sbuf' | 'psum';
    const name = this.word(this.ident(`a tensor name after '${memory}'`));
    const array = this.arrayDims(name.text);
    this.expectPunct(':', `':' and a type after the tensor name '${name.text}'`);
    const type = this.typeRef();
    const attrs: ast.Attribute[] = [];
    let end = type.span;
    while (this.eatPunct(',')) {
      const attr = this.word(this.ident(`an attribute of '${name.text}' after ',', like '${memory === 'psum' ? 'bank = 2' : 'offset = 4096'}'`));
      this.expectPunct('=', `'=' and a value after '${attr.text}'`);
      const value = this.expr();
      end = this.skim ? end : value.span;
      attrs.push(this.skim ? SKIPPED_ATTRIBUTE : { name: attr.text, nameSpan: attr.span, value, span: this.between(attr.span, value.span) });
    }
    return { kind: 'alloc', memory, name: name.text, nameSpan: name.span, ...(array.length ? { array } : {}), type, ...(attrs.length ? { attrs } : {}), span: this.between(this.span(kw), end) };
  }

  /** `[4][2]` after an allocation's name: the dimensions of an array of tiles, one bracket each. */
  private arrayDims(name: string): ast.Expr[] {
    const dims: ast.Expr[] = [];
    while (this.eatPunct('[')) {
      this.indexDepth++;
      try {
        dims.push(this.expr());
      } finally {
        this.indexDepth--;
      }
      this.expectPunct(']', `']' after a dimension of the array of tiles '${name}' (one dimension per bracket: '${name}[4][2]')`);
    }
    return dims;
  }

  private forStmt(): ast.ForStmt {
    const kw = this.next();
    const reg = this.word(this.ident('a loop register after \'for\', like \'for r0 in 0..4\''));
    this.expectWord('in', `'in' after the loop register '${reg.text}'`);
    const from = this.expr();
    this.expectPunct('..', '\'..\' between the bounds of the loop, like 0..4');
    const to = this.expr();
    let step: ast.Expr | undefined;
    let end = to.span;
    if (this.isWord('step')) {
      this.pos++;
      step = this.expr();
      end = step.span;
    }
    let independent: Span | undefined;
    if (this.isWord('independent')) {
      independent = this.span(this.next());
      end = independent;
    }
    const span = this.between(this.span(kw), end);
    const body = this.block(`the body of the loop over '${reg.text}'`);
    return { kind: 'for', register: reg.text, registerSpan: reg.span, from, to, step, ...(independent ? { independent } : {}), body, span };
  }

  private ifStmt(): ast.IfStmt {
    const kw = this.next();
    const cond = this.expr();
    const span = this.between(this.span(kw), cond.span);
    const then = this.block('the branch of \'if\'');
    let elseBlock: ast.Block | undefined;
    if (this.isWord('else')) {
      const elseSpan = this.span(this.next());
      if (this.isWord('if')) {
        // `else if` is an if nested in the else branch: one more level of blocks.
        this.enter('blocks');
        let nested: ast.IfStmt;
        try {
          nested = this.ifStmt();
        } finally {
          this.nesting.blocks--;
        }
        elseBlock = { stmts: [nested], open: elseSpan, close: nested.else?.close ?? nested.then.close };
      } else {
        elseBlock = this.block('the branch of \'else\'');
      }
    }
    return { kind: 'if', cond, then, else: elseBlock, span };
  }

  private callStmt(): ast.CallStmt {
    const kw = this.next();
    const callee = this.qualifiedName('a function name after \'call\'');
    this.expectPunct('(', `'(' and the arguments after '${callee.text}'`);
    const args: ast.Expr[] = [];
    if (!this.isPunct(')')) {
      do args.push(this.expr());
      while (this.eatPunct(','));
    }
    const close = this.expectPunct(')', `',' or ')' in the arguments of '${callee.text}'`);
    return { kind: 'call', callee: callee.text, calleeSpan: callee.span, args, span: this.between(this.span(kw), this.span(close)) };
  }

  private setStmt(): ast.SetStmt {
    const kw = this.next();
    const reg = this.word(this.ident('a register after \'Set\', like \'Set r1 = r0 * 4\''));
    this.expectPunct('=', `'=' after '${reg.text}'`);
    const value = this.expr();
    return { kind: 'set', register: reg.text, registerSpan: reg.span, value, span: this.between(this.span(kw), value.span) };
  }

  private instruction(): ast.InstructionStmt {
    const op = this.next();
    let opcode = this.text(op);
    let opcodeSpan = this.span(op);
    if (this.isPunct('.') && this.kind(1) === IDENT) {
      this.pos++;
      const variant = this.next();
      opcode = `${opcode}.${this.text(variant)}`;
      opcodeSpan = this.between(opcodeSpan, this.span(variant));
    }
    const operands: ast.Expr[] = [];
    const attrs: ast.Attribute[] = [];
    let dst: ast.Expr | undefined;
    let end = opcodeSpan;
    if (!this.atStatementEnd()) {
      const first = this.operandOrAttribute(operands, attrs);
      end = first;
      if (this.isPunct('<-')) {
        if (attrs.length > 0 || operands.length !== 1) this.fail('the destination before \'<-\' must be a tensor or a register, not an attribute');
        dst = operands.pop();
        end = this.span(this.next());
        if (this.atStatementEnd()) this.fail(`expected the operands of ${opcode} after '<-'`);
        end = this.operandOrAttribute(operands, attrs);
      }
      while (this.eatPunct(',')) end = this.operandOrAttribute(operands, attrs);
    }
    return { kind: 'instr', opcode, opcodeSpan, dst, operands, attrs, span: this.between(this.span(op), end) };
  }

  /** An operand, or `name = value`: an identifier followed by a single '=' starts an attribute. Returns the span parsed. */
  private operandOrAttribute(operands: ast.Expr[], attrs: ast.Attribute[]): Span {
    if (this.startsNamedValue()) {
      const name = this.text(this.pos);
      const nameSpan = this.span(this.pos);
      this.pos += 2;
      const value = this.expr();
      attrs.push(this.skim ? SKIPPED_ATTRIBUTE : { name, nameSpan, value, span: this.between(nameSpan, value.span) });
      return value.span;
    }
    const e = this.expr();
    operands.push(e);
    return e.span;
  }

  /** `name =`: an attribute, or a named argument. */
  private startsNamedValue(): boolean {
    return this.at(IDENT) && this.isPunct('=', 1);
  }

  // ---- expressions ----

  private expr(): ast.Expr {
    const leaf = this.leaf();
    if (leaf) return leaf;
    const start = this.pos;
    const e = this.binaryLevel(1);
    // A chain such as 1+1+...+1 nests without recursion here, but every tool that walks the tree recurses.
    // A tree is never deeper than its tokens are many: short expressions need no walk.
    if (this.nesting.expressions === 0 && this.pos - start > MAX_NESTING) {
      // A skimmed expression has no tree to measure: it is parsed again, whole (it parsed without a mistake).
      if (this.skim) return this.unskimmed(start);
      const { nesting, chain } = exprDepth(e);
      const problem = nesting > MAX_NESTING ? `too deeply nested: more than ${MAX_NESTING} levels of expressions`
        : chain > MAX_CHAIN ? `too long: more than ${MAX_CHAIN} operators in a row (split the expression with Set)` : undefined;
      if (problem) {
        this.diagnostics.error(e.span, problem);
        throw new ParseError(problem);
      }
    }
    return e;
  }

  /**
   * A lone number or name that nothing after it continues (a comma, a bracket, the end of the line...): what the
   * levels of the grammar below would return, without passing through each. Most operands a compiler writes are one
   * token, and a big program has millions of them. Undefined for anything else, which the levels parse.
   */
  private leaf(): ast.Expr | undefined {
    if (this.nesting.expressions >= MAX_NESTING) return undefined;
    const s = this.slot();
    const kind = this.tokens.kinds[s];
    if (kind !== NUMBER && kind !== IDENT) return undefined;
    // Lexing the next token may replace the token arrays (they grow), never move a slot: they are read after it.
    const after = this.slot(1);
    const next = this.tokens.kinds[after];
    if (!(next === NEWLINE || next === EOF || (next === PUNCT && LEAF_ENDS.has(this.tokens.texts[after]!)))) return undefined;
    this.pos++;
    if (this.skim) return SKIPPED;
    if (kind === NUMBER) return { kind: 'number', value: this.tokens.values[s], span: this.tokens.span(s) };
    return { kind: 'name', name: this.tokens.texts[s]!, span: this.tokens.span(s) };
  }

  /** The expression that starts at token `start`, parsed again with its tree. */
  private unskimmed(start: TokenIndex): ast.Expr {
    this.pos = start;
    this.skim = false;
    try {
      return this.expr();
    } finally {
      this.skim = true;
    }
  }

  /**
   * Left-associative binary operators by precedence climbing: `||` (1) < `&&` (2) < comparisons (3) < `+ -` (4) <
   * `* / %` (5); operands are unary expressions. One call per level that is actually used, not per level of the grammar.
   */
  private binaryLevel(min: number): ast.Expr {
    let left = this.unary();
    while (true) {
      const s = this.slot();
      const prec = this.tokens.kinds[s] === PUNCT ? BINARY_PRECEDENCE.get(this.tokens.texts[s]!) : undefined;
      if (prec === undefined || prec < min) return left;
      const op = this.tokens.texts[s] as ast.BinaryOp;
      this.pos++;
      const right = this.binaryLevel(prec + 1);
      left = this.skim ? SKIPPED : binary(op, left, right);
    }
  }

  private unary(): ast.Expr {
    this.enter('expressions');
    try {
      if (this.isPunct('-') || this.isPunct('+') || this.isPunct('!')) {
        const op = this.next();
        const operand = this.unary();
        if (this.skim) return SKIPPED;
        return { kind: 'unary', op: this.text(op) as '-' | '+' | '!', operand, span: this.between(this.span(op), operand.span) };
      }
      return this.power();
    } finally {
      this.nesting.expressions--;
    }
  }

  /** `**` binds tighter than unary minus and groups to the right, as in Python: -2**2 is -4, 2**3**2 is 512. */
  private power(): ast.Expr {
    const base = this.postfix();
    if (this.isPunct('**')) {
      this.pos++;
      const exponent = this.unary();
      return this.skim ? SKIPPED : binary('**', base, exponent);
    }
    return base;
  }

  private postfix(): ast.Expr {
    let e = this.primary();
    while (true) {
      if (this.isPunct('[')) {
        e = this.indexSuffix(e);
      } else if (this.isPunct('.') && this.kind(1) === IDENT) {
        this.pos++;
        const member = this.word(this.next());
        let args: ast.Expr[] | undefined;
        let end = member.span;
        if (this.isPunct('(')) {
          this.pos++;
          args = [];
          if (!this.isPunct(')')) {
            do args.push(this.expr());
            while (this.eatPunct(','));
          }
          end = this.span(this.expectPunct(')', `',' or ')' after the arguments of '.${member.text}'`));
        }
        e = this.skim ? SKIPPED : { kind: 'member', base: e, member: member.text, args, span: this.between(e.span, end) };
      } else {
        return e;
      }
    }
  }

  private indexSuffix(base: ast.Expr): ast.Expr {
    this.pos++;
    const items: ast.IndexItem[] = [];
    this.indexDepth++;
    try {
      if (!this.isPunct(']')) {
        do items.push(this.indexItem());
        while (this.eatPunct(','));
      }
    } finally {
      this.indexDepth--;
    }
    const close = this.expectPunct(']', '\',\' or \']\' in the index');
    if (this.skim) return SKIPPED;
    return { kind: 'index', base, items, span: this.between(base.span, this.span(close)) };
  }

  /** `i`, `a:b`, `a:b:s`, `:`, `::s`, `a:`. */
  private indexItem(): ast.IndexItem {
    const startTok = this.pos;
    const lo = this.startsSliceSeparator() ? undefined : this.expr();
    if (!this.startsSliceSeparator()) {
      if (!lo) this.fail('expected an index');
      return this.skim ? SKIPPED_ITEM : { kind: 'at', index: lo, span: lo.span };
    }
    let hi: ast.Expr | undefined;
    let step: ast.Expr | undefined;
    let end = this.span(this.pos);
    if (this.isPunct('::')) {
      this.pos++;
      if (!this.isIndexEnd()) {
        step = this.expr();
        end = step.span;
      }
    } else {
      this.pos++;
      if (!this.isIndexEnd() && !this.isPunct(':')) {
        hi = this.expr();
        end = hi.span;
      }
      if (this.isPunct(':')) {
        end = this.span(this.next());
        if (!this.isIndexEnd()) {
          step = this.expr();
          end = step.span;
        }
      }
    }
    return this.skim ? SKIPPED_ITEM : { kind: 'slice', lo, hi, step, span: this.between(lo?.span ?? this.span(startTok), end) };
  }

  private startsSliceSeparator(): boolean {
    return this.isPunct(':') || this.isPunct('::');
  }

  private isIndexEnd(): boolean {
    return this.isPunct(',') || this.isPunct(']');
  }

  private primary(): ast.Expr {
    const s = this.slot();
    const kind = this.tokens.kinds[s];
    if (this.skim && (kind === NUMBER || kind === STRING)) {
      this.pos++;
      return SKIPPED;
    }
    if (kind === NUMBER) {
      const value = this.tokens.values[s];
      const span = this.tokens.span(s);
      this.pos++;
      return { kind: 'number', value, span };
    }
    if (kind === STRING) {
      const value = this.tokens.texts[s]!;
      const span = this.tokens.span(s);
      this.pos++;
      return { kind: 'string', value, span };
    }
    if (this.isPunct('(')) {
      const open = this.skim ? SKIPPED_SPAN : this.span(this.pos);
      this.pos++;
      const inner = this.expr();
      const close = this.expectPunct(')', '\')\' to close \'(\'');
      // A parenthesised operation spans its parentheses, so that `1/(D-1)` keeps its `)`; a lone name or number
      // keeps its own span, where its diagnostics point.
      if (this.skim || inner.kind === 'name' || inner.kind === 'number' || inner.kind === 'string') return inner;
      return { ...inner, span: this.between(open, this.span(close)) };
    }
    if (kind === IDENT) {
      const name = this.indexDepth > 0 ? this.word(this.next()) : this.qualifiedName('a name');
      if (this.isPunct('(')) return this.callSuffix(name.text, name.span);
      return this.skim ? SKIPPED : { kind: 'name', name: name.text, span: name.span };
    }
    this.fail(`expected an expression, found ${this.describe(this.pos)}`);
  }

  private callSuffix(callee: string, calleeSpan: Span): ast.Expr {
    this.pos++;
    const args: ast.Expr[] = [];
    const named: ast.NamedArg[] = [];
    if (!this.isPunct(')')) {
      do {
        if (this.startsNamedValue()) {
          const name = this.text(this.pos);
          const nameSpan = this.span(this.pos);
          this.pos += 2;
          const value = this.expr();
          named.push({ name, value, span: this.between(nameSpan, value.span) });
        } else {
          if (named.length > 0) this.fail(`positional arguments of '${callee}' come before named ones`);
          args.push(this.expr());
        }
      } while (this.eatPunct(','));
    }
    const close = this.expectPunct(')', `',' or ')' in the arguments of '${callee}'`);
    if (this.skim) return SKIPPED;
    return { kind: 'call', callee, calleeSpan, args, named, span: this.between(calleeSpan, this.span(close)) };
  }

  private qualifiedName(what: string): Word {
    const first = this.ident(what);
    if (!(this.isPunct('::') && this.kind(1) === IDENT)) return this.word(first);
    let text = this.text(first);
    let span = this.span(first);
    while (this.isPunct('::') && this.kind(1) === IDENT) {
      this.pos++;
      const part = this.next();
      text += `::${this.text(part)}`;
      span = this.between(span, this.span(part));
    }
    return { text, span };
  }

  // ---- tokens ----

  /** The slot of the token `ahead` of the current one. */
  private slot(ahead = 0): number {
    return this.tokens.slot(this.pos + ahead);
  }

  private kind(ahead = 0): number {
    // The token is lexed first: lexing may replace the token arrays (they grow), so they are read after it.
    const s = this.slot(ahead);
    return this.tokens.kinds[s];
  }

  private tokenLine(ahead: number): number {
    const s = this.slot(ahead);
    return this.tokens.lines[s];
  }

  private text(t: TokenIndex): string {
    return this.tokens.text(this.tokens.slot(t));
  }

  private span(t: TokenIndex): Span {
    return this.skim ? SKIPPED_SPAN : this.tokens.span(this.tokens.slot(t));
  }

  /** The span of a token even in a skimmed body: for a diagnostic, a line a message names, or the end of a body. */
  private realSpan(t: TokenIndex): Span {
    return this.tokens.span(this.tokens.slot(t));
  }

  private between(start: Span, end: Span): Span {
    return this.skim ? SKIPPED_SPAN : spanBetween(start, end);
  }

  private word(t: TokenIndex): Word {
    return { text: this.text(t), span: this.span(t) };
  }

  /** Reads the current token. */
  private next(): TokenIndex {
    const t = this.pos;
    if (this.kind() !== EOF) this.pos++;
    return t;
  }

  private at(kind: number): boolean {
    return this.kind() === kind;
  }

  private isPunct(p: string, ahead = 0): boolean {
    const s = this.slot(ahead);
    return this.tokens.kinds[s] === PUNCT && this.tokens.texts[s] === p;
  }

  private isWord(w: string): boolean {
    const s = this.slot();
    return this.tokens.kinds[s] === IDENT && this.tokens.texts[s] === w;
  }

  private eatPunct(p: string): boolean {
    if (!this.isPunct(p)) return false;
    this.pos++;
    return true;
  }

  private atStatementEnd(): boolean {
    return this.at(NEWLINE) || this.at(EOF) || this.isPunct('}');
  }

  private expect(kind: number, what: string): TokenIndex {
    if (!this.at(kind)) this.fail(`expected ${what}, found ${this.describe(this.pos)}`);
    return this.next();
  }

  private ident(what: string): TokenIndex {
    return this.expect(IDENT, what);
  }

  private expectPunct(p: string, what: string): TokenIndex {
    if (!this.isPunct(p)) this.fail(`expected ${what}, found ${this.describe(this.pos)}`);
    return this.next();
  }

  private expectWord(w: string, what: string): TokenIndex {
    if (!this.isWord(w)) this.fail(`expected ${what}, found ${this.describe(this.pos)}`);
    return this.next();
  }

  /** A statement ends at a newline; a '}' may close the block on the same line. */
  /** The statement began line `line` and the newline just read ended it on the same line (no '}' after it). */
  private aloneOnLine(s: ast.Stmt, line: number): boolean {
    // A statement with a body ends at its '}', not on the line of its header (its span); and an unclosed one ends at
    // the end of the file, where its body's lines already released the tokens before it.
    if (s.kind === 'for' || s.kind === 'if' || s.kind === 'block') return false;
    return s.span.line === line && s.span.endLine === line && this.kind(-1) === NEWLINE && this.tokenLine(-1) === line;
  }

  private endOfLine(): void {
    if (this.unclosedAt === this.pos) return; // a block closed early at a 'func': it starts the next declaration
    if (this.at(NEWLINE) || this.at(EOF)) {
      if (this.at(NEWLINE)) this.pos++;
      return;
    }
    if (this.isPunct('}')) return;
    this.fail(`expected the end of the line, found ${this.describe(this.pos)}`);
  }

  /** One level deeper in expressions or blocks; the caller leaves it in a `finally`. */
  private enter(what: 'expressions' | 'blocks'): void {
    if (this.nesting[what] >= MAX_NESTING) this.fail(`too deeply nested: more than ${MAX_NESTING} levels of ${what}`);
    this.nesting[what]++;
  }

  private fail(message: string): never {
    const s = this.slot();
    if (!this.lexicalLines.has(this.tokens.lines[s])) this.diagnostics.error(this.tokens.span(s), message);
    throw new ParseError(message);
  }

  /**
   * Skips the rest of a broken statement: up to its newline, jumping over whole `{ }` blocks it opens. Inside a
   * block it stops at the '}' that closes the block; at the top level a stray '}' is skipped with the line.
   */
  private recoverLine(inBlock = true): void {
    let depth = 0;
    while (!this.at(EOF)) {
      if (this.isPunct('{')) depth++;
      if (this.isPunct('}')) {
        if (depth === 0 && inBlock) return;
        depth = Math.max(0, depth - 1);
      }
      if (this.at(NEWLINE) && depth === 0) {
        this.pos++;
        return;
      }
      this.pos++;
    }
  }

  private describe(t: TokenIndex): string {
    const s = this.tokens.slot(t);
    switch (this.tokens.kinds[s]) {
      case EOF: return 'the end of the file';
      case NEWLINE: return 'the end of the line';
      case STRING: return `the string "${this.tokens.text(s)}"`;
      case NUMBER: return `the number ${this.tokens.text(s)}`;
      default: return `'${this.tokens.text(s)}'`;
    }
  }
}

function dropStatement(): void {
  // The statements of a body in an outline: parsed for their mistakes, then dropped.
}

function binary(op: ast.BinaryOp, left: ast.Expr, right: ast.Expr): ast.BinaryExpr {
  return { kind: 'binary', op, left, right, span: spanBetween(left.span, right.span) };
}

/**
 * How deep an expression tree is, found without recursion: its nesting (levels of parentheses, calls, unary
 * operators and right operands) and its longest chain of operators (a left operand continues its operator's chain).
 */
function exprDepth(root: ast.Expr): { nesting: number; chain: number } {
  let nesting = 0;
  let chain = 0;
  const stack: [ast.Expr, number, number][] = [[root, 1, 0]];
  while (stack.length > 0) {
    const [e, depth, run] = stack.pop()!;
    nesting = Math.max(nesting, depth);
    chain = Math.max(chain, run);
    if (e.kind === 'binary') {
      stack.push([e.left, depth, run + 1], [e.right, depth + 1, 0]);
      continue;
    }
    const children: (ast.Expr | undefined)[] =
      e.kind === 'unary' ? [e.operand]
        : e.kind === 'call' ? [...e.args, ...e.named.map((n) => n.value)]
          : e.kind === 'index' ? [e.base, ...e.items.flatMap((i) => (i.kind === 'at' ? [i.index] : [i.lo, i.hi, i.step]))]
            : e.kind === 'member' ? [e.base, ...(e.args ?? [])]
              : [];
    for (const c of children) if (c) stack.push([c, depth + 1, 0]);
  }
  return { nesting, chain };
}
