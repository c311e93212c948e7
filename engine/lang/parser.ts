import * as ast from './ast';
import { DiagnosticBag } from './diagnostics';
import { Token, TokenStream } from './lexer';
import { Span, spanBetween } from '../base/span';

/** Parses one BIR file. Never throws on bad input: mistakes become diagnostics and parsing goes on. */
export function parseFile(text: string, file: string, diagnostics: DiagnosticBag): ast.FileAst {
  return new Parser(new TokenStream(text, file, diagnostics), diagnostics).file(file);
}

/** Parses a lone expression (the debugger's evaluate language, breakpoint conditions). */
export function parseExpression(text: string, file: string, diagnostics: DiagnosticBag): ast.Expr | undefined {
  return new Parser(new TokenStream(text, file, diagnostics), diagnostics).lone();
}

/** Thrown inside the parser to abandon the current statement; caught where recovery happens. */
class ParseError extends Error {}

const BINARY_PRECEDENCE: ReadonlyMap<string, number> = new Map([
  ['||', 1], ['&&', 2], ['==', 3], ['!=', 3], ['<', 3], ['<=', 3], ['>', 3], ['>=', 3], ['+', 4], ['-', 4], ['*', 5], ['/', 5], ['%', 5],
]);
/** Deeper nesting is refused, so that no tree can overflow the stack of the parser or of a tool that walks it. */
const MAX_NESTING = 200;
/**
 * A chain of binary operators (`1 + 1 + ... + 1`) is not nesting, but it is a tree as deep as it is long for every
 * tool that walks it: chains are limited on their own, far above what programs write and well within the stack.
 */
const MAX_CHAIN = 1000;
const REGISTER = /^r[0-9]+$/;

class Parser {
  private pos = 0;
  /** How deep the parser is in nested expressions and in nested blocks, each limited to MAX_NESTING. */
  private readonly nesting = { expressions: 0, blocks: 0 };
  /** The token where a missing '}' was reported, so that the enclosing blocks close there silently. */
  private unclosedAt = -1;
  /** Inside `[ ]`, `a::b` is a slice with a step, not a qualified name. */
  private indexDepth = 0;

  /** Lines with a lexical mistake: a syntax error there is the same mistake, and is not reported again. */
  private readonly lexicalLines: ReadonlySet<number>;

  constructor(
    private readonly tokens: TokenStream,
    private readonly diagnostics: DiagnosticBag,
  ) {
    this.lexicalLines = tokens.mistakeLines;
  }

  // ---- files and declarations ----

  file(file: string): ast.FileAst {
    let module: ast.FileAst['module'];
    const decls: ast.TopDecl[] = [];
    while (!this.at('eof')) {
      if (this.at('newline')) {
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

  lone(): ast.Expr | undefined {
    try {
      while (this.at('newline') && !this.at('eof')) this.pos++;
      const e = this.expr();
      while (this.at('newline')) this.pos++;
      if (!this.at('eof')) this.fail(`expected the end of the expression, found ${this.describe(this.peek())}`);
      return e;
    } catch (e) {
      if (!(e instanceof ParseError)) throw e;
      return undefined;
    }
  }

  private moduleDecl(): { name: string; span: Span } {
    const kw = this.next();
    const name = this.ident('a module name after \'module\'');
    return { name: name.text, span: spanBetween(kw.span, name.span) };
  }

  private topDecl(): ast.TopDecl {
    const t = this.peek();
    if (t.kind === 'ident') {
      switch (t.text) {
        case 'import': return this.importDecl();
        case 'const': return this.constDecl();
        case 'dram': return this.dramDecl();
        case 'func': return this.funcDecl();
        case 'sbuf':
        case 'psum':
          this.fail(`'${t.text}' tensors are declared inside a function (they live in a core's on-chip memory); only 'dram' is declared at the top level`);
      }
    }
    this.fail(`expected a declaration ('module', 'import', 'const', 'dram' or 'func'), found ${this.describe(t)}`);
  }

  private importDecl(): ast.ImportDecl {
    const kw = this.next();
    const path = this.expect('string', 'a quoted path after \'import\', like import "lib.bir"');
    return { kind: 'import', path: path.text, pathSpan: path.span, span: spanBetween(kw.span, path.span) };
  }

  private constDecl(): ast.ConstDecl {
    const kw = this.next();
    const name = this.ident('a constant name after \'const\'');
    this.expectPunct('=', `'=' after the constant name '${name.text}'`);
    const value = this.expr();
    return { kind: 'const', name: name.text, nameSpan: name.span, value, span: spanBetween(kw.span, value.span) };
  }

  private dramDecl(): ast.DramDecl {
    const kw = this.next();
    const name = this.ident('a tensor name after \'dram\'');
    this.expectPunct(':', `':' and a type after the tensor name '${name.text}', like 'dram x : f32[128, 64]'`);
    const type = this.typeRef();
    let role: ast.DramDecl['role'];
    let end = type.span;
    if (this.isWord('input') || this.isWord('output')) {
      const r = this.next();
      role = r.text as 'input' | 'output';
      end = r.span;
    }
    let init: ast.Expr | undefined;
    if (this.isPunct('=')) {
      this.pos++;
      init = this.expr();
      end = init.span;
    }
    return { kind: 'dram', name: name.text, nameSpan: name.span, type, role, init, span: spanBetween(kw.span, end) };
  }

  private funcDecl(): ast.FuncDecl {
    const kw = this.next();
    const name = this.ident('a function name after \'func\'');
    this.expectPunct('(', `'(' after the function name '${name.text}'`);
    const params: ast.ParamDecl[] = [];
    if (!this.isPunct(')')) {
      do params.push(this.param());
      while (this.eatPunct(','));
    }
    const close = this.expectPunct(')', `',' or ')' in the parameters of '${name.text}'`);
    const body = this.block(`the body of function '${name.text}'`);
    return { kind: 'func', name: name.text, nameSpan: name.span, params, body, span: spanBetween(kw.span, close.span) };
  }

  private param(): ast.ParamDecl {
    const name = this.ident('a parameter: a tensor \'name: f32[P, F]\' or a register like \'r1\'');
    if (!this.isPunct(':')) {
      if (REGISTER.test(name.text)) return { kind: 'register', name: name.text, nameSpan: name.span, span: name.span };
      this.fail(`expected ':' and a type after the parameter '${name.text}' (a scalar parameter is written as a register, like 'r1')`);
    }
    this.pos++;
    let memory: 'dram' | 'sbuf' | 'psum' | undefined;
    if (this.isWord('dram') || this.isWord('sbuf') || this.isWord('psum')) memory = this.next().text as typeof memory;
    const type = this.typeRef();
    return { kind: 'tensor', name: name.text, nameSpan: name.span, memory, type, span: spanBetween(name.span, type.span) };
  }

  private typeRef(): ast.TypeRef {
    const dtype = this.ident('a data type such as f32, bf16 or i32');
    this.expectPunct('[', `'[' and the dimensions after '${dtype.text}', like ${dtype.text}[128, 64]`);
    const dims: ast.Expr[] = [];
    if (!this.isPunct(']')) {
      do dims.push(this.expr());
      while (this.eatPunct(','));
    }
    const close = this.expectPunct(']', '\',\' or \']\' in the dimensions');
    return { dtype: dtype.text, dtypeSpan: dtype.span, dims, span: spanBetween(dtype.span, close.span) };
  }

  // ---- blocks and statements ----

  private block(what: string): ast.Block {
    return this.nested('blocks', () => {
      if (this.at('newline')) {
        // A '{' on the next line: one mistake, reported once; the block is still parsed.
        let ahead = 0;
        while (this.peek(ahead).kind === 'newline') ahead++;
        const t = this.peek(ahead);
        if (t.kind === 'punct' && t.text === '{') {
          this.diagnostics.error(this.peek().span, `expected '{' to open ${what} on the line of its header, found the end of the line`);
          this.pos += ahead;
        }
      }
      const open = this.expectPunct('{', `'{' to open ${what}`);
      const stmts: ast.Stmt[] = [];
      while (true) {
        if (this.at('newline')) {
          this.pos++;
          continue;
        }
        if (this.isPunct('}')) {
          const close = this.next();
          return { stmts, open: open.span, close: close.span };
        }
        if (this.at('eof')) {
          this.diagnostics.error(this.peek().span, `expected '}' to close ${what} opened at line ${open.span.line}, found the end of the file`);
          return { stmts, open: open.span, close: this.peek().span };
        }
        if (this.isWord('func')) {
          // A function cannot hold one: the '}' before it is missing. Close every open block here, reporting once.
          if (this.unclosedAt !== this.pos) {
            this.diagnostics.error(this.peek().span, `expected '}' to close ${what} opened at line ${open.span.line}, found 'func'`);
            this.unclosedAt = this.pos;
          }
          return { stmts, open: open.span, close: this.peek().span };
        }
        const start = this.pos;
        try {
          stmts.push(this.stmt());
          this.endOfLine();
        } catch (e) {
          if (!(e instanceof ParseError)) throw e;
          this.recoverLine();
        }
        if (this.pos === start) this.pos++;
        this.tokens.release(this.pos);
      }
    });
  }

  private stmt(): ast.Stmt {
    const t = this.peek();
    if (t.kind !== 'ident') this.fail(`expected a statement (an instruction, 'Set', 'for', 'if', 'call', 'return' or an allocation), found ${this.describe(t)}`);
    switch (t.text) {
      case 'sbuf':
      case 'psum': return this.allocStmt();
      case 'for': return this.forStmt();
      case 'if': return this.ifStmt();
      case 'call': return this.callStmt();
      case 'return': return { kind: 'return', span: this.next().span };
      case 'Set': return this.setStmt();
      case 'else':
        return this.fail('\'else\' must follow the \'}\' of its \'if\' on the same line: } else {');
      case 'dram':
      case 'func':
      case 'const':
      case 'import':
        this.fail(`'${t.text}' is declared at the top level of a file, not inside a function`);
    }
    return this.instruction();
  }

  private allocStmt(): ast.AllocStmt {
    const kw = this.next();
    const name = this.ident(`a tensor name after '${kw.text}'`);
    this.expectPunct(':', `':' and a type after the tensor name '${name.text}'`);
    const type = this.typeRef();
    return { kind: 'alloc', memory: kw.text as 'sbuf' | 'psum', name: name.text, nameSpan: name.span, type, span: spanBetween(kw.span, type.span) };
  }

  private forStmt(): ast.ForStmt {
    const kw = this.next();
    const reg = this.ident('a loop register after \'for\', like \'for r0 in 0..4\'');
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
    const body = this.block(`the body of the loop over '${reg.text}'`);
    return { kind: 'for', register: reg.text, registerSpan: reg.span, from, to, step, body, span: spanBetween(kw.span, end) };
  }

  private ifStmt(): ast.IfStmt {
    const kw = this.next();
    const cond = this.expr();
    const then = this.block('the branch of \'if\'');
    let elseBlock: ast.Block | undefined;
    if (this.isWord('else')) {
      const elseTok = this.next();
      if (this.isWord('if')) {
        // `else if` is an if nested in the else branch: one more level of blocks.
        const nested = this.nested('blocks', () => this.ifStmt());
        elseBlock = { stmts: [nested], open: elseTok.span, close: nested.else?.close ?? nested.then.close };
      } else {
        elseBlock = this.block('the branch of \'else\'');
      }
    }
    return { kind: 'if', cond, then, else: elseBlock, span: spanBetween(kw.span, cond.span) };
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
    return { kind: 'call', callee: callee.text, calleeSpan: callee.span, args, span: spanBetween(kw.span, close.span) };
  }

  private setStmt(): ast.SetStmt {
    const kw = this.next();
    const reg = this.ident('a register after \'Set\', like \'Set r1 = r0 * 4\'');
    this.expectPunct('=', `'=' after '${reg.text}'`);
    const value = this.expr();
    return { kind: 'set', register: reg.text, registerSpan: reg.span, value, span: spanBetween(kw.span, value.span) };
  }

  private instruction(): ast.InstructionStmt {
    const op = this.next();
    let opcode = op.text;
    let opcodeSpan = op.span;
    if (this.isPunct('.') && this.peek(1).kind === 'ident') {
      this.pos++;
      const variant = this.next();
      opcode = `${opcode}.${variant.text}`;
      opcodeSpan = spanBetween(op.span, variant.span);
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
        end = this.next().span;
        if (this.atStatementEnd()) this.fail(`expected the operands of ${opcode} after '<-'`);
        end = this.operandOrAttribute(operands, attrs);
      }
      while (this.eatPunct(',')) end = this.operandOrAttribute(operands, attrs);
    }
    return { kind: 'instr', opcode, opcodeSpan, dst, operands, attrs, span: spanBetween(op.span, end) };
  }

  /** An operand, or `name = value`: an identifier followed by a single '=' starts an attribute. Returns the span parsed. */
  private operandOrAttribute(operands: ast.Expr[], attrs: ast.Attribute[]): Span {
    const t = this.peek();
    if (t.kind === 'ident' && this.peek(1).kind === 'punct' && this.peek(1).text === '=') {
      this.pos += 2;
      const value = this.expr();
      attrs.push({ name: t.text, nameSpan: t.span, value, span: spanBetween(t.span, value.span) });
      return value.span;
    }
    const e = this.expr();
    operands.push(e);
    return e.span;
  }

  // ---- expressions ----

  private expr(): ast.Expr {
    const start = this.pos;
    const e = this.orExpr();
    // A chain such as 1+1+...+1 nests without recursion here, but every tool that walks the tree recurses.
    // A tree is never deeper than its tokens are many: short expressions need no walk.
    if (this.nesting.expressions === 0 && this.pos - start > MAX_NESTING) {
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

  private orExpr(): ast.Expr {
    return this.binaryLevel(1);
  }

  /**
   * Left-associative binary operators by precedence climbing: `||` (1) < `&&` (2) < comparisons (3) < `+ -` (4) <
   * `* / %` (5); operands are unary expressions. One call per level that is actually used, not per level of the grammar.
   */
  private binaryLevel(min: number): ast.Expr {
    let left = this.unary();
    while (true) {
      const t = this.peek();
      const prec = t.kind === 'punct' ? BINARY_PRECEDENCE.get(t.text) : undefined;
      if (prec === undefined || prec < min) return left;
      this.pos++;
      const right = this.binaryLevel(prec + 1);
      left = binary(t.text as ast.BinaryOp, left, right);
    }
  }

  private unary(): ast.Expr {
    return this.nested('expressions', () => {
      if (this.isPunct('-') || this.isPunct('+') || this.isPunct('!')) {
        const op = this.next();
        const operand = this.unary();
        return { kind: 'unary', op: op.text as '-' | '+' | '!', operand, span: spanBetween(op.span, operand.span) };
      }
      return this.power();
    });
  }

  /** `**` binds tighter than unary minus and groups to the right, as in Python: -2**2 is -4, 2**3**2 is 512. */
  private power(): ast.Expr {
    const base = this.postfix();
    if (this.isPunct('**')) {
      this.pos++;
      const exponent = this.unary();
      return binary('**', base, exponent);
    }
    return base;
  }

  private postfix(): ast.Expr {
    let e = this.primary();
    while (true) {
      if (this.isPunct('[')) {
        e = this.indexSuffix(e);
      } else if (this.isPunct('.') && this.peek(1).kind === 'ident') {
        this.pos++;
        const member = this.next();
        let args: ast.Expr[] | undefined;
        let end = member.span;
        if (this.isPunct('(')) {
          this.pos++;
          args = [];
          if (!this.isPunct(')')) {
            do args.push(this.expr());
            while (this.eatPunct(','));
          }
          end = this.expectPunct(')', `',' or ')' after the arguments of '.${member.text}'`).span;
        }
        e = { kind: 'member', base: e, member: member.text, args, span: spanBetween(e.span, end) };
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
    return { kind: 'index', base, items, span: spanBetween(base.span, close.span) };
  }

  /** `i`, `a:b`, `a:b:s`, `:`, `::s`, `a:`. */
  private indexItem(): ast.IndexItem {
    const startTok = this.peek();
    const lo = this.startsSliceSeparator() ? undefined : this.expr();
    if (!this.startsSliceSeparator()) {
      if (!lo) this.fail('expected an index');
      return { kind: 'at', index: lo, span: lo.span };
    }
    let hi: ast.Expr | undefined;
    let step: ast.Expr | undefined;
    let end = this.peek().span;
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
        end = this.next().span;
        if (!this.isIndexEnd()) {
          step = this.expr();
          end = step.span;
        }
      }
    }
    return { kind: 'slice', lo, hi, step, span: spanBetween(lo?.span ?? startTok.span, end) };
  }

  private startsSliceSeparator(): boolean {
    return this.isPunct(':') || this.isPunct('::');
  }

  private isIndexEnd(): boolean {
    return this.isPunct(',') || this.isPunct(']');
  }

  private primary(): ast.Expr {
    const t = this.peek();
    if (t.kind === 'number') {
      this.pos++;
      return { kind: 'number', value: t.value, span: t.span };
    }
    if (t.kind === 'string') {
      this.pos++;
      return { kind: 'string', value: t.text, span: t.span };
    }
    if (this.isPunct('(')) {
      this.pos++;
      const inner = this.expr();
      this.expectPunct(')', '\')\' to close \'(\'');
      return inner;
    }
    if (t.kind === 'ident') {
      const name = this.indexDepth > 0 ? this.plainName() : this.qualifiedName('a name');
      if (this.isPunct('(')) return this.callSuffix(name.text, name.span);
      return { kind: 'name', name: name.text, span: name.span };
    }
    this.fail(`expected an expression, found ${this.describe(t)}`);
  }

  private callSuffix(callee: string, calleeSpan: Span): ast.CallExpr {
    this.pos++;
    const args: ast.Expr[] = [];
    const named: ast.NamedArg[] = [];
    if (!this.isPunct(')')) {
      do {
        const t = this.peek();
        if (t.kind === 'ident' && this.peek(1).kind === 'punct' && this.peek(1).text === '=') {
          this.pos += 2;
          const value = this.expr();
          named.push({ name: t.text, value, span: spanBetween(t.span, value.span) });
        } else {
          if (named.length > 0) this.fail(`positional arguments of '${callee}' come before named ones`);
          args.push(this.expr());
        }
      } while (this.eatPunct(','));
    }
    const close = this.expectPunct(')', `',' or ')' in the arguments of '${callee}'`);
    return { kind: 'call', callee, calleeSpan, args, named, span: spanBetween(calleeSpan, close.span) };
  }

  private plainName(): { text: string; span: Span } {
    const t = this.next();
    return { text: t.text, span: t.span };
  }

  private qualifiedName(what: string): { text: string; span: Span } {
    const first = this.ident(what);
    let text = first.text;
    let span = first.span;
    while (this.isPunct('::') && this.peek(1).kind === 'ident') {
      this.pos++;
      const part = this.next();
      text += `::${part.text}`;
      span = spanBetween(span, part.span);
    }
    return { text, span };
  }

  // ---- tokens ----

  private peek(ahead = 0): Token {
    return this.tokens.at(this.pos + ahead);
  }

  private next(): Token {
    const t = this.peek();
    if (t.kind !== 'eof') this.pos++;
    return t;
  }

  private at(kind: Token['kind']): boolean {
    return this.peek().kind === kind;
  }

  private isPunct(p: string): boolean {
    const t = this.peek();
    return t.kind === 'punct' && t.text === p;
  }

  private isWord(w: string): boolean {
    const t = this.peek();
    return t.kind === 'ident' && t.text === w;
  }

  private eatPunct(p: string): boolean {
    if (!this.isPunct(p)) return false;
    this.pos++;
    return true;
  }

  private atStatementEnd(): boolean {
    return this.at('newline') || this.at('eof') || this.isPunct('}');
  }

  private expect(kind: Token['kind'], what: string): Token {
    if (this.peek().kind !== kind) this.fail(`expected ${what}, found ${this.describe(this.peek())}`);
    return this.next();
  }

  private ident(what: string): Token {
    return this.expect('ident', what);
  }

  private expectPunct(p: string, what: string): Token {
    if (!this.isPunct(p)) this.fail(`expected ${what}, found ${this.describe(this.peek())}`);
    return this.next();
  }

  private expectWord(w: string, what: string): Token {
    if (!this.isWord(w)) this.fail(`expected ${what}, found ${this.describe(this.peek())}`);
    return this.next();
  }

  /** A statement ends at a newline; a '}' may close the block on the same line. */
  private endOfLine(): void {
    if (this.unclosedAt === this.pos) return; // a block closed early at a 'func': it starts the next declaration
    if (this.at('newline') || this.at('eof')) {
      if (this.at('newline')) this.pos++;
      return;
    }
    if (this.isPunct('}')) return;
    this.fail(`expected the end of the line, found ${this.describe(this.peek())}`);
  }

  private nested<T>(what: 'expressions' | 'blocks', parse: () => T): T {
    if (this.nesting[what] >= MAX_NESTING) this.fail(`too deeply nested: more than ${MAX_NESTING} levels of ${what}`);
    this.nesting[what]++;
    try {
      return parse();
    } finally {
      this.nesting[what]--;
    }
  }

  private fail(message: string): never {
    if (!this.lexicalLines.has(this.peek().span.line)) this.diagnostics.error(this.peek().span, message);
    throw new ParseError(message);
  }

  /**
   * Skips the rest of a broken statement: up to its newline, jumping over whole `{ }` blocks it opens. Inside a
   * block it stops at the '}' that closes the block; at the top level a stray '}' is skipped with the line.
   */
  private recoverLine(inBlock = true): void {
    let depth = 0;
    while (!this.at('eof')) {
      const t = this.peek();
      if (t.kind === 'punct' && t.text === '{') depth++;
      if (t.kind === 'punct' && t.text === '}') {
        if (depth === 0 && inBlock) return;
        depth = Math.max(0, depth - 1);
      }
      if (t.kind === 'newline' && depth === 0) {
        this.pos++;
        return;
      }
      this.pos++;
    }
  }

  private describe(t: Token): string {
    switch (t.kind) {
      case 'eof': return 'the end of the file';
      case 'newline': return 'the end of the line';
      case 'string': return `the string "${t.text}"`;
      case 'number': return `the number ${t.text}`;
      default: return `'${t.text}'`;
    }
  }
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
