/**
 * What the editor knows of one BIR file: its declarations, every occurrence of a name with what it names, and the
 * shape of the file (functions, loops, branches) for the Outline and folding. Built by the engine's parser (no second
 * grammar): the file's outline, then each function body streamed one statement at a time, so that the syntax tree of
 * a big file is never held whole. Occurrences are rows of typed arrays, a few numbers each, like the compact program.
 */
import * as path from 'path';
import * as ast from '../engine/lang/ast';
import { DiagnosticBag } from '../engine/lang/diagnostics';
import { parseBody, parseOutline } from '../engine/lang/parser';
import { Span } from '../engine/base/span';
import { registerIndex } from '../engine/machine/limits';
import { int32s } from '../engine/ir/columns';
import { wordAttribute } from './opcode-docs';

export type DeclKind = 'module' | 'const' | 'dram' | 'function' | 'param' | 'register' | 'alloc';

export interface Declaration {
  readonly id: number;
  readonly kind: DeclKind;
  readonly name: string;
  readonly nameSpan: Span;
  /** The whole declaration (a function: its header to its closing brace). */
  readonly span: Span;
  /** The function it belongs to (parameters, allocations, registers). */
  readonly fn?: number;
  /** The declared type, as written (`f32[128, 512]`), and where a tensor lives. */
  readonly type?: ast.TypeRef;
  readonly memory?: 'dram' | 'sbuf' | 'psum';
  readonly role?: 'input' | 'output';
  /** A function's parameters, as written, for signatures. */
  readonly params?: readonly ast.ParamDecl[];
  /** An allocation's: the line of the `}` that ends the block it is declared in (its name means it until there). */
  readonly scopeEndLine?: number;
  /** An array of tiles' dimensions, as written (`sbuf acc[2][16] : ...`: two, before the tile's own brackets). */
  readonly array?: readonly ast.Expr[];
}

/** An occurrence of a name that names something of another file: a function `m::f` or the module `m` itself. */
export interface ExternalName {
  readonly module: string;
  readonly name?: string;
}

export interface ImportInfo {
  readonly path: string;
  /** The absolute path of the imported file. */
  readonly file: string;
  readonly span: Span;
  readonly pathSpan: Span;
}

/** A node of the Outline: a module, a function, an allocation, a loop; branches only as containers of loops. */
export interface OutlineNode {
  readonly kind: 'module' | 'const' | 'dram' | 'function' | 'alloc' | 'loop' | 'branch';
  readonly name: string;
  readonly detail: string;
  readonly span: Span;
  readonly nameSpan: Span;
  readonly children: OutlineNode[];
}

/** A range of lines the editor may fold: a function, a loop, a branch. */
export interface Fold { readonly startLine: number; readonly endLine: number }

/** A call statement of a function, for the call hierarchy. */
export interface CallSite { readonly caller: number; readonly occurrence: number }

/** The target of an occurrence: a declaration of this file (≥ 0), or an external name (-1 - its index). */
export type Target = number;

export class FileIndex {
  readonly decls: Declaration[] = [];
  readonly externals: ExternalName[] = [];
  readonly imports: ImportInfo[] = [];
  readonly outline: OutlineNode[] = [];
  readonly folds: Fold[] = [];
  readonly calls: CallSite[] = [];
  moduleName = '';
  /** The module declaration; the file itself when it has none. */
  moduleDecl = -1;
  // Occurrences, in source order: line, start and end columns (1-based, as spans), target.
  private readonly lines = int32s();
  private readonly cols = int32s();
  private readonly ends = int32s();
  private readonly targets = int32s();
  /** The first occurrence at or after each line (index = line), filled when the build ends. */
  private lineStarts = new Int32Array(0);
  private byTarget: { starts: Int32Array; occurrences: Int32Array } | undefined;

  constructor(readonly file: string, readonly text: string) {}

  get occurrenceCount(): number {
    return this.lines.length;
  }

  occurrence(i: number): { span: Span; target: Target } {
    const line = this.lines.get(i);
    return { span: { file: this.file, line, col: this.cols.get(i), endLine: line, endCol: this.ends.get(i) }, target: this.targets.get(i) };
  }

  /** An occurrence's line and columns (1-based, the end past its last character), without a span object. */
  occurrenceRange(i: number): { line: number; col: number; end: number } {
    return { line: this.lines.get(i), col: this.cols.get(i), end: this.ends.get(i) };
  }

  target(i: number): Target {
    return this.targets.get(i);
  }

  /** The occurrence under a 1-based line and column (the column may touch its end, as a cursor after a word does). */
  occurrenceAt(line: number, col: number): number | undefined {
    if (line >= this.lineStarts.length - 1) return undefined;
    let found: number | undefined;
    for (let i = this.lineStarts[line]; i < this.lineStarts[line + 1]; i++) {
      if (this.cols.get(i) <= col && col <= this.ends.get(i)) {
        found = i;
        if (col < this.ends.get(i)) return i;
      }
    }
    return found;
  }

  /** Every occurrence whose target is `target`, in source order. */
  occurrencesOf(target: Target): number[] {
    const byTarget = this.byTarget ??= this.groupByTarget();
    const k = target + this.externals.length;
    if (k < 0 || k + 1 >= byTarget.starts.length) return [];
    return Array.from(byTarget.occurrences.subarray(byTarget.starts[k], byTarget.starts[k + 1]));
  }

  /**
   * The occurrences grouped by target (a counting sort: externals first, then declarations), made on the first
   * question: references, rename and highlights then cost the occurrences they list, not a scan of the file's.
   */
  private groupByTarget(): { starts: Int32Array; occurrences: Int32Array } {
    const offset = this.externals.length;
    const starts = new Int32Array(offset + this.decls.length + 1);
    const targets = this.targets.view().subarray(0, this.targets.length);
    for (const t of targets) starts[t + offset + 1]++;
    for (let k = 1; k < starts.length; k++) starts[k] += starts[k - 1];
    const next = starts.slice(0, starts.length - 1);
    const occurrences = new Int32Array(targets.length);
    for (let i = 0; i < targets.length; i++) occurrences[next[targets[i] + offset]++] = i;
    return { starts, occurrences };
  }

  /** The external names of this file that name `module` (its functions, or the module itself when `name` is undefined). */
  externalTargets(module: string, name: string | undefined): Target[] {
    const out: Target[] = [];
    this.externals.forEach((e, k) => {
      if (e.module === module && e.name === name) out.push(-1 - k);
    });
    return out;
  }

  /** The function whose declaration spans a line, if any. */
  functionAt(line: number): Declaration | undefined {
    return this.decls.find((d) => d.kind === 'function' && d.span.line <= line && line <= d.span.endLine);
  }

  /** Declarations of a function (parameters, allocations, registers). */
  localsOf(fn: number): Declaration[] {
    return this.decls.filter((d) => d.fn === fn);
  }

  /** Module-level declarations: constants, DRAM tensors, functions. */
  topLevel(): Declaration[] {
    return this.decls.filter((d) => d.fn === undefined && d.kind !== 'module');
  }

  // ---- building (FileIndexBuilder, and index-update.ts from the index of the text before an edit) ----

  /** Appends occurrences `start` to `end` (exclusive) of another index, their lines moved by `lineShift`. */
  appendOccurrences(from: FileIndex, start: number, end: number, lineShift: number): void {
    this.lines.pushRange(from.lines.view(), start, end, lineShift);
    this.cols.pushRange(from.cols.view(), start, end);
    this.ends.pushRange(from.ends.view(), start, end);
    this.targets.pushRange(from.targets.view(), start, end);
  }

  /** The first occurrence on or after a line (a line past the last: the count). */
  firstOccurrenceFrom(line: number): number {
    return line < 0 ? 0 : line < this.lineStarts.length ? this.lineStarts[line] : this.occurrenceCount;
  }

  addOccurrence(span: Span, target: Target): number {
    this.lines.push(span.line);
    this.cols.push(span.col);
    this.ends.push(span.endLine === span.line ? span.endCol : span.col);
    return this.targets.push(target);
  }

  seal(): void {
    this.lines.seal();
    this.cols.seal();
    this.ends.seal();
    this.targets.seal();
    let lineCount = 1;
    for (let nl = this.text.indexOf('\n'); nl >= 0; nl = this.text.indexOf('\n', nl + 1)) lineCount++;
    const starts = new Int32Array(lineCount + 2);
    let i = 0;
    for (let line = 0; line < starts.length; line++) {
      while (i < this.lines.length && this.lines.get(i) < line) i++;
      starts[line] = i;
    }
    this.lineStarts = starts;
  }
}

/** Builds the index of a file from its text. Never throws on bad input: a half-typed file is indexed as far as it parses. */
export function indexFile(file: string, text: string): FileIndex {
  return new FileIndexBuilder(file, text).build();
}

/**
 * The occurrences of some statement lines of a function of `base`'s file, resolved as the whole build resolves them:
 * `text` is a body of those lines (its `{` on line `line` of the file, alone, then the lines, then its `}`); `names` are the function's
 * names in scope there. Answered as an index of those occurrences alone, with `base`'s declarations and the ones the
 * lines declared after them (index-update.ts gives up when there is one).
 */
export function indexLines(base: FileIndex, text: string, line: number, fnId: number, names: Map<string, number>, check: (s: ast.Stmt) => void): FileIndex {
  return new FileIndexBuilder(base.file, text, base).indexStatements(text, line, fnId, names, check);
}

/** The target of the name of a second declaration of a name: the first one is what the name means. */
const SKIPPED_NAME = -0x7fffffff;

/** What a name means inside a function: its tensors and registers so far. */
interface FunctionNames {
  readonly id: number;
  readonly names: Map<string, number>;
}

class FileIndexBuilder {
  private readonly index: FileIndex;
  /** Constants, DRAM tensors and functions of the module, by name. */
  private readonly moduleNames = new Map<string, number>();
  private readonly functions = new Map<string, number>();
  /** Import qualifiers (module names) seen, to one external each. */
  private readonly externalIds = new Map<string, number>();
  /** Occurrences of one statement, put in source order before they are added; the call sites among them. */
  private pending: { span: Span; target: Target }[] = [];
  private pendingCalls: { caller: number; pending: number }[] = [];
  /** The line of the `}` of each block the statement being indexed is in, innermost last. */
  private readonly blockEnds: number[] = [];

  constructor(private readonly file: string, private readonly text: string, base?: FileIndex) {
    this.index = new FileIndex(file, text);
    if (base) this.knowing(base);
  }

  /** The names of another index of the file: its declarations and external names, what its lines' names resolve to. */
  private knowing(base: FileIndex): void {
    const idx = this.index;
    idx.decls.push(...base.decls);
    idx.externals.push(...base.externals);
    idx.moduleName = base.moduleName;
    idx.moduleDecl = base.moduleDecl;
    base.externals.forEach((e, k) => this.externalIds.set(`${e.module}::${e.name ?? ''}`, k));
    for (const d of base.topLevel()) {
      if (d.kind === 'function') this.functions.set(d.name, d.id);
      else this.moduleNames.set(d.name, d.id);
    }
  }

  build(): FileIndex {
    const outline = parseOutline(this.text, this.file, new DiagnosticBag(), true);
    const fileAst = outline.ast;
    const idx = this.index;
    const moduleSpan = fileAst.module?.span ?? { file: this.file, line: 1, col: 1, endLine: 1, endCol: 1 };
    idx.moduleName = fileAst.module?.name ?? path.basename(this.file, path.extname(this.file));
    const moduleNameSpan = fileAst.module ? lastWord(moduleSpan, idx.moduleName) : moduleSpan;
    idx.moduleDecl = this.declare({ kind: 'module', name: idx.moduleName, nameSpan: moduleNameSpan, span: moduleSpan });
    if (fileAst.module) this.flushWith(moduleNameSpan, idx.moduleDecl);
    const moduleNode: OutlineNode = { kind: 'module', name: idx.moduleName, detail: 'module', span: moduleSpan, nameSpan: moduleNameSpan, children: [] };
    idx.outline.push(moduleNode);
    // Names first, so that a use before its declaration (a call to a function further down) resolves.
    for (const d of fileAst.decls) {
      if (d.kind === 'const' || d.kind === 'dram') {
        if (!this.moduleNames.has(d.name)) this.moduleNames.set(d.name, this.declare(topDeclaration(d)));
      } else if (d.kind === 'func' && !this.functions.has(d.name)) {
        const span: Span = { ...d.span, endLine: d.body.close.endLine, endCol: d.body.close.endCol };
        this.functions.set(d.name, this.declare({ kind: 'function', name: d.name, nameSpan: d.nameSpan, span, params: d.params }));
      }
    }
    for (const d of fileAst.decls) this.topDecl(d, outline.bodies.get(d as ast.FuncDecl), moduleNode);
    moduleNode.children.sort((a, b) => a.span.line - b.span.line);
    idx.seal();
    return idx;
  }

  private topDecl(d: ast.TopDecl, body: Parameters<typeof parseBody>[2] | undefined, moduleNode: OutlineNode): void {
    switch (d.kind) {
      case 'import': {
        const file = path.resolve(path.dirname(this.file), d.path);
        this.index.imports.push({ path: d.path, file, span: d.span, pathSpan: d.pathSpan });
        return;
      }
      case 'cores':
        this.expr(d.value, undefined);
        return this.flush();
      case 'const':
      case 'dram': {
        const id = this.moduleNames.get(d.name)!;
        this.add(d.nameSpan, this.index.decls[id].span === d.span ? id : SKIPPED_NAME);
        if (d.kind === 'const') this.expr(d.value, undefined);
        else {
          this.typeRef(d.type, undefined);
          if (d.init) this.initializer(d.init);
        }
        this.flush();
        moduleNode.children.push({ kind: d.kind, name: d.name, detail: d.kind === 'dram' ? `dram ${typeText(d.type)}${d.role ? ` ${d.role}` : ''}` : 'const', span: d.span, nameSpan: d.nameSpan, children: [] });
        return;
      }
      case 'func':
        return this.func(d, body, moduleNode);
    }
  }

  private func(d: ast.FuncDecl, body: Parameters<typeof parseBody>[2] | undefined, moduleNode: OutlineNode): void {
    const id = this.functions.get(d.name)!;
    const decl = this.index.decls[id];
    const own = decl.nameSpan === d.nameSpan;
    this.add(d.nameSpan, own ? id : SKIPPED_NAME);
    const fn: FunctionNames = { id, names: new Map() };
    for (const p of d.params) {
      const pid = this.declare({ kind: 'param', name: p.name, nameSpan: p.nameSpan, span: p.span, fn: id, type: p.kind === 'tensor' ? p.type : undefined, memory: p.kind === 'tensor' ? p.memory ?? 'dram' : undefined });
      fn.names.set(p.name, pid);
      this.add(p.nameSpan, pid);
      if (p.kind === 'tensor') this.typeRef(p.type, undefined);
    }
    this.flush();
    const node: OutlineNode = { kind: 'function', name: d.name, detail: `(${d.params.map((p) => p.name).join(', ')})`, span: decl.span, nameSpan: d.nameSpan, children: [] };
    moduleNode.children.push(node);
    this.index.folds.push({ startLine: d.span.line, endLine: d.body.close.line });
    if (!body || !own) return;
    this.blockEnds.push(d.body.close.line);
    parseBody(this.text, this.file, body, (s) => this.stmt(s, fn, node.children));
    this.blockEnds.pop();
  }

  /**
   * The statements of a body whose `{` is on line `line` of the file (`text`, from that `{` to its `}`), as the
   * lines of function `fnId` whose names in scope there are `names`: their occurrences, in this builder's index (whose
   * declarations are the file's). Each statement is handed to `check` first, which throws to give up.
   */
  indexStatements(text: string, line: number, fnId: number, names: Map<string, number>, check: (s: ast.Stmt) => void): FileIndex {
    const fn: FunctionNames = { id: fnId, names };
    parseBody(text, this.file, { pos: 0, line, lineStart: 0, nesting: 0 }, (s) => {
      check(s);
      this.stmt(s, fn, []);
    });
    this.index.seal();
    return this.index;
  }

  private stmt(s: ast.Stmt, fn: FunctionNames, into: OutlineNode[]): void {
    switch (s.kind) {
      case 'alloc': {
        const id = this.declare({ kind: 'alloc', name: s.name, nameSpan: s.nameSpan, span: s.span, fn: fn.id, type: s.type, memory: s.memory, scopeEndLine: this.blockEnds[this.blockEnds.length - 1], array: s.array });
        this.add(s.nameSpan, id);
        this.typeRef(s.type, fn);
        for (const e of s.array ?? []) this.expr(e, fn);
        for (const a of s.attrs ?? []) this.expr(a.value, fn);
        if (!fn.names.has(s.name)) fn.names.set(s.name, id);
        const array = s.array ? `${s.array.length}-dimensional array of ` : '';
        into.push({ kind: 'alloc', name: s.name, detail: `${s.memory} ${array}${typeText(s.type)}`, span: s.span, nameSpan: s.nameSpan, children: [] });
        break;
      }
      case 'set':
        this.register(s.register, s.registerSpan, fn, s.span);
        this.expr(s.value, fn);
        break;
      case 'for': {
        this.register(s.register, s.registerSpan, fn, s.span);
        this.expr(s.from, fn);
        this.expr(s.to, fn);
        if (s.step) this.expr(s.step, fn);
        this.flush();
        const loop: OutlineNode = { kind: 'loop', name: `for ${s.register}`, detail: `${this.source(s.from.span)}..${this.source(s.to.span)}`, span: spanOf(s.span, s.body.close), nameSpan: s.span, children: [] };
        into.push(loop);
        this.fold(s.span, s.body);
        this.scoped(fn, s.body, () => s.body.stmts.forEach((inner) => this.stmt(inner, fn, loop.children)));
        return;
      }
      case 'block': {
        this.flush();
        this.fold(s.span, s.body);
        const block: OutlineNode[] = [];
        this.scoped(fn, s.body, () => s.body.stmts.forEach((inner) => this.stmt(inner, fn, block)));
        if (block.length) into.push({ kind: 'branch', name: 'block', detail: '', span: spanOf(s.span, s.body.close), nameSpan: s.span, children: block });
        return;
      }
      case 'if': {
        this.expr(s.cond, fn);
        this.flush();
        this.fold(s.span, s.then);
        const branch: OutlineNode[] = [];
        this.scoped(fn, s.then, () => s.then.stmts.forEach((inner) => this.stmt(inner, fn, branch)));
        if (s.else) {
          this.fold(s.else.open, s.else);
          this.scoped(fn, s.else, () => s.else!.stmts.forEach((inner) => this.stmt(inner, fn, branch)));
        }
        // A branch is in the Outline only to hold the loops and allocations inside it.
        if (branch.length) into.push({ kind: 'branch', name: `if ${this.source(s.cond.span)}`, detail: '', span: spanOf(s.span, (s.else ?? s.then).close), nameSpan: s.span, children: branch });
        return;
      }
      case 'call': {
        const site = this.callee(s.callee, s.calleeSpan);
        if (site !== undefined && site >= 0) this.pendingCalls.push({ caller: fn.id, pending: site });
        for (const a of s.args) this.expr(a, fn);
        break;
      }
      case 'instr':
        if (s.opcode === 'Load' && s.dst?.kind === 'name') this.register(s.dst.name, s.dst.span, fn, s.span);
        else if (s.dst) this.expr(s.dst, fn);
        for (const o of s.operands) this.expr(o, fn);
        for (const a of s.attrs) if (!(wordAttribute(s.opcode, a.name) && a.value.kind === 'name')) this.expr(a.value, fn);
        break;
      case 'return':
        break;
    }
    this.flush();
  }

  /** A register's occurrence: the first one in a function (a parameter, `Set`, `for`, `Load`) declares it. */
  private register(name: string, span: Span, fn: FunctionNames, stmt: Span): void {
    let id = fn.names.get(name);
    if (id === undefined) {
      id = this.declare({ kind: 'register', name, nameSpan: span, span: stmt, fn: fn.id });
      fn.names.set(name, id);
    }
    this.add(span, id);
  }

  /** `f` (a function of this module) or `m::f`: occurrences of the module and of the function. Returns the function's (pending) occurrence. */
  private callee(name: string, span: Span): number | undefined {
    const parts = name.split('::');
    if (parts.length === 1) {
      const id = this.functions.get(name);
      return id === undefined ? undefined : this.add(span, id);
    }
    if (parts.length !== 2) return undefined;
    const [module, fnName] = parts;
    const moduleSpan: Span = { ...span, endLine: span.line, endCol: span.col + module.length };
    const fnSpan: Span = { ...span, col: span.endCol - fnName.length };
    if (module === this.index.moduleName) {
      this.add(moduleSpan, this.index.moduleDecl);
      const id = this.functions.get(fnName);
      return id === undefined ? undefined : this.add(fnSpan, id);
    }
    this.add(moduleSpan, this.external(module, undefined));
    return this.add(fnSpan, this.external(module, fnName));
  }

  private external(module: string, name: string | undefined): Target {
    const key = `${module}::${name ?? ''}`;
    let k = this.externalIds.get(key);
    if (k === undefined) {
      k = this.index.externals.push({ module, name }) - 1;
      this.externalIds.set(key, k);
    }
    return -1 - k;
  }

  private typeRef(t: ast.TypeRef, fn: FunctionNames | undefined): void {
    for (const d of t.dims) this.expr(d, fn);
  }

  /** An initializer's arguments (`random(seed=1)`, `const(v)`), never its form's own words (`zeros`, `iota`). */
  private initializer(e: ast.Expr): void {
    if (e.kind !== 'call') return;
    for (const a of e.args) this.expr(a, undefined);
    for (const n of e.named) this.expr(n.value, undefined);
  }

  private expr(e: ast.Expr, fn: FunctionNames | undefined): void {
    switch (e.kind) {
      case 'name': return this.name(e, fn);
      case 'unary': return this.expr(e.operand, fn);
      case 'binary':
        this.expr(e.left, fn);
        return this.expr(e.right, fn);
      case 'call':
        for (const a of e.args) this.expr(a, fn);
        for (const n of e.named) this.expr(n.value, fn);
        return;
      case 'index':
        this.expr(e.base, fn);
        for (const item of e.items) {
          if (item.kind === 'at') this.expr(item.index, fn);
          else for (const part of [item.lo, item.hi, item.step]) if (part) this.expr(part, fn);
        }
        return;
      case 'member':
        this.expr(e.base, fn);
        for (const a of e.args ?? []) this.expr(a, fn);
        return;
      case 'number':
      case 'string':
        return;
    }
  }

  /** A name in an expression: the function's tensors and registers, then the module's constants and tensors. */
  /** A block's statements: the names its allocations declare mean them only until its end (sibling blocks may reuse them). */
  private scoped(fn: FunctionNames, block: ast.Block, visit: () => void): void {
    const before = new Set(fn.names.keys());
    this.blockEnds.push(block.close.line);
    visit();
    this.blockEnds.pop();
    for (const name of [...fn.names.keys()]) if (!before.has(name) && this.index.decls[fn.names.get(name)!]?.kind === 'alloc') fn.names.delete(name);
  }

  private name(e: ast.NameExpr, fn: FunctionNames | undefined): void {
    if (e.span.line === 0) return;
    const local = fn?.names.get(e.name);
    if (local !== undefined) return void this.add(e.span, local);
    if (fn && registerIndex(e.name) !== undefined) return this.register(e.name, e.span, fn, e.span);
    const id = this.moduleNames.get(e.name);
    if (id !== undefined) this.add(e.span, id);
  }

  private declare(d: Omit<Declaration, 'id'>): number {
    const id = this.index.decls.length;
    this.index.decls.push({ ...d, id });
    return id;
  }

  /** Adds an occurrence to the statement's; its place among them (-1 when it names nothing to index). */
  private add(span: Span, target: Target): number {
    if (target === SKIPPED_NAME) return -1;
    return this.pending.push({ span, target }) - 1;
  }

  /** The occurrences of the statement, added in source order; its call sites then know their occurrences. */
  private flush(): void {
    if (this.pending.length === 0) return;
    const pending = this.pending;
    const order = pending.map((_p, k) => k).sort((a, b) => pending[a].span.line - pending[b].span.line || pending[a].span.col - pending[b].span.col);
    const numbers: number[] = [];
    for (const k of order) numbers[k] = this.index.addOccurrence(pending[k].span, pending[k].target);
    for (const c of this.pendingCalls) this.index.calls.push({ caller: c.caller, occurrence: numbers[c.pending] });
    this.pending = [];
    this.pendingCalls = [];
  }

  private flushWith(span: Span, target: Target): void {
    this.add(span, target);
    this.flush();
  }

  private fold(header: Span, block: ast.Block): void {
    if (block.close.line > header.line) this.index.folds.push({ startLine: header.line, endLine: block.close.line });
  }

  private source(span: Span): string {
    const lines = this.text.split('\n', span.endLine);
    return lines.slice(span.line - 1).join(' ').slice(span.col - 1, span.line === span.endLine ? span.endCol - 1 : undefined).trim();
  }
}

function topDeclaration(d: ast.ConstDecl | ast.DramDecl): Omit<Declaration, 'id'> {
  if (d.kind === 'const') return { kind: 'const', name: d.name, nameSpan: d.nameSpan, span: d.span };
  return { kind: 'dram', name: d.name, nameSpan: d.nameSpan, span: d.span, type: d.type, memory: 'dram', role: d.role };
}

/** `f32[128, 512]`, with dimensions written as they are in the source (named constants stay named). */
export function typeText(t: ast.TypeRef): string {
  return `${t.dtype}[${t.dims.map(exprText).join(', ')}]`;
}

/** An expression written back as text (for the Outline and hovers; the source's own spacing is not kept). */
export function exprText(e: ast.Expr): string {
  switch (e.kind) {
    case 'number': return String(e.value);
    case 'string': return JSON.stringify(e.value);
    case 'name': return e.name;
    case 'unary': return `${e.op}${exprText(e.operand)}`;
    case 'binary': return `${wrap(e.left, e.op)} ${e.op} ${wrap(e.right, e.op)}`;
    case 'call': return `${e.callee}(${[...e.args.map(exprText), ...e.named.map((n) => `${n.name}=${exprText(n.value)}`)].join(', ')})`;
    case 'index': return `${exprText(e.base)}[${e.items.map((i) => i.kind === 'at' ? exprText(i.index) : `${i.lo ? exprText(i.lo) : ''}:${i.hi ? exprText(i.hi) : ''}${i.step ? `:${exprText(i.step)}` : ''}`).join(', ')}]`;
    case 'member': return `${exprText(e.base)}.${e.member}${e.args ? `(${e.args.map(exprText).join(', ')})` : ''}`;
  }
}

function wrap(e: ast.Expr, _op: string): string {
  return e.kind === 'binary' ? `(${exprText(e)})` : exprText(e);
}

function spanOf(start: Span, end: Span): Span {
  return { file: start.file, line: start.line, col: start.col, endLine: end.endLine, endCol: end.endCol };
}

/** The span of the last word of a declaration (`module name`): its name. */
function lastWord(span: Span, word: string): Span {
  return { ...span, line: span.endLine, col: span.endCol - word.length };
}
