/** Builds the IR of function bodies: statements to nodes, regions for loops and branches, allocations placed. */
import * as ast from '../ast';
import { Span } from '../../base/span';
import {
  AccessPattern, AllocInfo, AttrValue, CallArg, CallNode, ForNode, FunctionIR, IfNode, InstrNode, Node, Region, RegionKind, ReturnNode, TensorParamInfo,
} from '../../ir/program';
import { isDType, DType } from '../../base/dtype';
import { unknownDTypeMessage } from './dtype-names';
import { engineOf } from '../../ir/opcodes';
import { PARTITIONS, PSUM_BANK_BYTES, PSUM_BANKS, SBUF_BYTES_PER_PARTITION, registerIndex } from '../../machine/limits';
import { Code } from '../../ir/code';
import { KnownLines } from '../known-lines';
import { RepeatedLines } from './repeated-lines';
import { Column, int32s } from '../../ir/columns';
import { CodeNodes, NO_NODES } from '../../ir/node-list';
import { isTensorExpr, resolveAccess } from './access';
import { InstructionChecker, MAX_ON_CHIP_RANK, NO_ATTRIBUTES, showShape } from './instructions';

import { frameBytes, markPlan, newPlans, place, releaseTo } from './placement';
import { checkIndependentLoop } from './independent-loops';
import { FunctionScope, ModuleScope, Resolver } from './scope';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The dimensions an array of tiles may have (NKI's kernels nest lists of tiles three deep: `result_tmps[m][bm][bn]`). */
const MAX_ARRAY_RANK = 4;

/** A function whose signature is known and whose body is built later, once every signature exists. */
export interface PendingFunction {
  readonly fn: Mutable<FunctionIR>;
  readonly decl: ast.FuncDecl;
  readonly module: ModuleScope;
}

/** Creates the function with its parameters; the body is empty until buildBody. */
export function declareFunction(decl: ast.FuncDecl, module: ModuleScope, resolver: Resolver): PendingFunction {
  const params: FunctionIR['params'][number][] = [];
  const seen = new Map<string, Span>();
  let slot = 0;
  for (const p of decl.params) {
    const earlier = seen.get(p.name);
    if (earlier) resolver.diagnostics.error(p.nameSpan, `parameter '${p.name}' is declared twice (first at line ${earlier.line})`);
    seen.set(p.name, p.nameSpan);
    if (p.kind === 'register') {
      const index = registerIndex(p.name);
      if (index === undefined) resolver.diagnostics.error(p.nameSpan, `'${p.name}' is not a register: a core has r0..r15`);
      else params.push({ kind: 'register', index, span: p.span });
      continue;
    }
    const type = resolveType(p.type, module, resolver, `parameter '${p.name}'`, p.memory === 'dram' ? 4 : MAX_ON_CHIP_RANK);
    if (type) params.push({ kind: 'param', name: p.name, memory: p.memory, dtype: type.dtype, shape: type.shape, span: p.span, slot: slot++ });
  }
  const fn = {
    name: decl.name,
    module: module.name,
    fullName: `${module.name}::${decl.name}`,
    span: decl.nameSpan,
    params,
    allocs: [],
    tensorSlots: slot,
    body: undefined as unknown as Region,
    sbufFrameBytes: 0,
    psumFrameBytes: 0,
  } satisfies Mutable<FunctionIR>;
  fn.body = { kind: 'body', nodes: NO_NODES, fn, end: decl.body.close };
  return { fn, decl, module };
}

/** A tensor type; DRAM tensors have 1 to 4 dimensions, on-chip ones (and parameters) up to 5 (`maxRank`). */
export function resolveType(t: ast.TypeRef, module: ModuleScope, resolver: Resolver, what: string, maxRank = 4): { dtype: DType; shape: number[] } | undefined {
  if (!isDType(t.dtype)) {
    resolver.diagnostics.error(t.dtypeSpan, unknownDTypeMessage(t.dtype, what));
    return undefined;
  }
  const shape: number[] = [];
  for (const d of t.dims) {
    const v = resolver.integer(d, module, `a dimension of ${what}`, 1);
    if (v === undefined) return undefined;
    shape.push(v);
  }
  if (shape.length < 1 || shape.length > maxRank) {
    resolver.diagnostics.error(t.span, `${what} has ${shape.length} dimensions; tensors have 1 to ${maxRank}`);
    return undefined;
  }
  return { dtype: t.dtype, shape };
}

/** A block being built: the indices of its nodes so far, and the `return` that makes the next statement unreachable. */
interface OpenBlock {
  readonly region: Region;
  readonly nodes: Column<Int32Array>;
  returned?: Span;
  /** The allocations declared in the block (none at the top level of the body, whose allocations are the function's). */
  readonly allocs: AllocInfo[];
}

/**
 * The dtypes a PSUM tensor may have: the matmuls' accumulators, and bf16, which NKI's nc_matmul_mx writes ("The dst
 * tile can be float32 or bfloat16"); each instruction writing PSUM checks its own destination's dtype.
 */
const PSUM_DTYPES: ReadonlySet<DType> = new Set<DType>(['f32', 'i32', 'bf16']);

/** The tensor engine's matmuls, which accumulate into PSUM. */
function isMatmul(opcode: string): boolean {
  return opcode === 'MatMult' || opcode === 'MatMultMX';
}

function openBlock(region: Region): OpenBlock {
  return { region, nodes: int32s(), returned: undefined, allocs: [] };
}

/** The block an allocation of `region` lives in, as messages name it. */
function scopeName(region: Region): string {
  const line = region.owner!.span.line;
  if (region.kind === 'loop') return `the loop at line ${line}`;
  if (region.owner?.kind === 'if' && region.owner.block) return `the block at line ${line}`;
  return `the ${region.kind === 'then' ? '' : 'else '}branch of the 'if' at line ${line}`;
}

/** A call found while building, kept for the placement check of call chains. */
export interface CallSite { readonly callee: FunctionIR; readonly span: Span }

export class BodyBuilder {
  private readonly scope: FunctionScope;
  private readonly instructions: InstructionChecker;
  private readonly plans = newPlans();
  private readonly allocs: AllocInfo[] = [];
  /** The last instruction (in the text) that wrote each PSUM allocation: see notePsumWrite. */
  private readonly psumWriters = new Map<AllocInfo, { opcode: string; text: string; whole: boolean; line: number }>();
  /** Loop registers of the enclosing loops, with the line of their `for`. */
  private readonly loopRegisters = new Map<number, number>();
  readonly calls: CallSite[] = [];
  private readonly repeated: RepeatedLines;
  /** The node of the statement just added when RepeatedLines may learn it, else -1. */
  private learnable = -1;
  /** The statement being added wrote a PSUM allocation (the builder follows those writes: see notePsumWrite). */
  private wrotePsum = false;

  constructor(
    private readonly pending: PendingFunction,
    /** Where the program's nodes go, as they are built: no object is kept per instruction. */
    private readonly code: Code,
    private readonly resolver: Resolver,
    private readonly lookupFunction: (name: string, span: Span, from: ModuleScope) => FunctionIR | undefined,
  ) {
    const tensors = new Map<string, TensorParamInfo | AllocInfo>();
    for (const p of pending.fn.params) if (p.kind === 'param') tensors.set(p.name, p);
    this.scope = { module: pending.module, fnName: pending.fn.fullName, tensors, refused: new Set(), ended: new Map() };
    this.instructions = new InstructionChecker(resolver, pending.module, this.scope);
    this.repeated = new RepeatedLines(code);
  }

  /**
   * Builds the body from its statements, which `statements` hands over one at a time; the lines it may pass over
   * unread (those `known` repeats), when `repeatLines`.
   */
  build(statements: (visit: (s: ast.Stmt) => void, known?: KnownLines) => void, repeatLines = true): void {
    const fn = this.pending.fn;
    const body = openBlock(fn.body);
    const known: KnownLines = {
      repeat: (text, line) => {
        // After a `return` the next statement is warned unreachable: it is read.
        const index = body.returned ? undefined : this.repeated.repeat(text, line);
        if (index === undefined) return false;
        body.nodes.push(index);
        return true;
      },
      learn: (text) => {
        if (this.learnable >= 0) this.repeated.learn(text, this.learnable);
      },
    };
    statements((s) => this.add(body, s), repeatLines ? known : undefined);
    fn.body.nodes = this.nodesOf(body);
    fn.allocs = this.allocs;
    fn.tensorSlots += this.allocs.length;
    fn.sbufFrameBytes = frameBytes(this.plans.sbuf);
    fn.psumFrameBytes = frameBytes(this.plans.psum);
  }

  /**
   * A nested block (a loop body, an arm): its allocations are freed at its end, for the next block to place its own in
   * the same bytes, and their names are not visible after it.
   */
  private block(stmts: readonly ast.Stmt[], region: Region): CodeNodes {
    const block = openBlock(region);
    const marks = { sbuf: markPlan(this.plans.sbuf), psum: markPlan(this.plans.psum) };
    for (const s of stmts) this.add(block, s);
    releaseTo(this.plans.sbuf, marks.sbuf);
    releaseTo(this.plans.psum, marks.psum);
    for (const a of block.allocs) {
      this.scope.tensors.delete(a.name);
      this.scope.ended?.set(a.name, `'${a.name}' is allocated in ${a.scope} and is not visible outside it (the block ends at line ${region.end.line})`);
    }
    if (block.allocs.length) region.allocs = block.allocs;
    return this.nodesOf(block);
  }

  private nodesOf(block: OpenBlock): CodeNodes {
    return new CodeNodes(this.code, block.nodes.seal());
  }

  /** Adds a statement's node to the program and to its block. */
  private add(block: OpenBlock, s: ast.Stmt): void {
    if (block.returned && s.kind !== 'alloc') {
      this.resolver.diagnostics.warning(s.span, `unreachable: this follows 'return' at line ${block.returned.line}`);
      block.returned = undefined;
    }
    const reported = this.resolver.diagnostics.count;
    this.wrotePsum = false;
    const index = this.stmt(s, block);
    if (index !== undefined) block.nodes.push(index);
    if (s.kind === 'return') block.returned = s.span;
    // What RepeatedLines may learn (its rules); only a statement of the body's own level is offered to it.
    const clean = this.resolver.diagnostics.count === reported && !this.wrotePsum;
    this.learnable = index !== undefined && clean && (s.kind === 'instr' || s.kind === 'set') ? index : -1;
    if (s.kind === 'alloc') this.repeated.forget();
  }

  /** The index of the statement's node in the program (a loop's or a branch's before the nodes of its regions). */
  private stmt(s: ast.Stmt, block: OpenBlock): number | undefined {
    const region = block.region;
    switch (s.kind) {
      case 'alloc': return void this.alloc(s, block);
      case 'instr': return this.appended(this.instruction(s, region));
      case 'set': return this.appended(this.set(s, region));
      case 'for': return this.forLoop(s, region);
      case 'if': return this.branch(s, region);
      case 'block': return this.bareBlock(s, region);
      case 'call': return this.appended(this.call(s, region));
      case 'return': return this.appended({ kind: 'return', id: '', index: -1, span: s.span, fn: this.pending.fn, region } satisfies ReturnNode);
    }
  }

  private appended(node: Node | undefined): number | undefined {
    return node && this.code.append(node);
  }


  private alloc(s: ast.AllocStmt, block: OpenBlock): void {
    // A refused allocation is reported once, at its declaration: the instructions that use it are not checked.
    if (!this.allocated(s, block) && !this.scope.tensors.has(s.name)) this.scope.refused?.add(s.name);
  }

  /** Declares the allocation; false when it is refused (reported). */
  private allocated(s: ast.AllocStmt, block: OpenBlock): boolean {
    const d = this.resolver.diagnostics;
    const region = block.region;
    const existing = this.scope.tensors.get(s.name) ?? this.pending.module.drams.get(s.name);
    if (existing) {
      d.error(s.nameSpan, `'${s.name}' is already declared at line ${existing.span.line}`);
      return false;
    }
    // The rank of an allocation is checked below, with the rule of on-chip tiles.
    const type = resolveType(s.type, this.pending.module, this.resolver, `'${s.name}'`, Number.MAX_SAFE_INTEGER);
    if (!type) return false;
    if (type.shape.length < 2 || type.shape[0] > PARTITIONS) {
      d.error(s.type.span, `${s.memory} tensors are [partitions, free] with 1 to ${PARTITIONS} partitions; '${s.name}' is ${type.dtype}[${type.shape.join(', ')}]`);
      return false;
    }
    if (type.shape.length > MAX_ON_CHIP_RANK) {
      d.error(s.type.span, `${s.memory} tensors have a partition dimension and at most ${MAX_ON_CHIP_RANK - 1} free dimensions, as the hardware's access patterns; '${s.name}' is ${type.dtype}[${type.shape.join(', ')}]`);
      return false;
    }
    if (s.memory === 'psum' && !PSUM_DTYPES.has(type.dtype)) {
      d.error(s.type.dtypeSpan, `PSUM holds f32, i32 or bf16 (the MX matmul's output) accumulators; '${s.name}' is ${type.dtype}`);
      return false;
    }
    const array = this.arrayDims(s);
    if (!array) return false;
    // An array's tiles follow each other in every partition: [partitions, ...array, ...the tile's free dimensions].
    const shape = array.length ? [type.shape[0], ...array, ...type.shape.slice(1)] : type.shape;
    const scope = region.kind === 'body' ? undefined : scopeName(region);
    const where = `'${this.pending.fn.fullName}'${scope ? ` (in ${scope})` : ''}`;
    const explicit = this.explicitPlace(s);
    if (!explicit) return false;
    const placement = place(this.plans[s.memory], { name: s.name, dtype: type.dtype, shape, span: s.span, where, ...(array.length ? { array } : {}), ...explicit }, d);
    if (!placement) return false;
    const info: AllocInfo = {
      kind: 'alloc', name: s.name, memory: s.memory, dtype: type.dtype, shape, placement, span: s.span,
      slot: this.pending.fn.tensorSlots + this.allocs.length, ...(scope ? { scope } : {}), ...(array.length ? { array } : {}),
    };
    this.allocs.push(info);
    if (scope) block.allocs.push(info);
    this.scope.tensors.set(s.name, info);
    this.scope.ended?.delete(s.name);
    return true;
  }

  /** The dimensions of an array of tiles (`acc[4][2]`), constants of at least 1; [] for one tile, undefined when refused. */
  private arrayDims(s: ast.AllocStmt): number[] | undefined {
    const dims: number[] = [];
    if (s.array && s.array.length > MAX_ARRAY_RANK) {
      this.resolver.diagnostics.error(s.array[MAX_ARRAY_RANK].span, `an array of tiles has at most ${MAX_ARRAY_RANK} dimensions; '${s.name}' has ${s.array.length}`);
      return undefined;
    }
    for (const [i, e] of (s.array ?? []).entries()) {
      const n = this.resolver.integer(e, this.pending.module, `dimension ${i} of the array of tiles '${s.name}'`, 1);
      if (n === undefined) return undefined;
      dims.push(n);
    }
    return dims;
  }

  /**
   * The place an allocation asks for: `offset = N` (SBUF: the byte of each partition it starts at) or `bank = N`
   * (PSUM: the bank it starts at), in its function's frame; {} when it asks for none, undefined when refused (reported).
   */
  private explicitPlace(s: ast.AllocStmt): { offset?: number; offsetText?: string; partition?: number } | undefined {
    const d = this.resolver.diagnostics;
    const own = s.memory === 'psum' ? 'bank' : 'offset';
    const place: { offset?: number; partition?: number } = {};
    const texts: string[] = [];
    for (const a of s.attrs ?? []) {
      if (a.name !== own && a.name !== 'partition') {
        d.error(a.nameSpan, `'${a.name}' is not an attribute of ${s.memory === 'psum' ? 'a PSUM' : 'an SBUF'} allocation: ${s.memory === 'psum' ? `a PSUM allocation takes 'bank = N' (0 to ${PSUM_BANKS - 1}), the bank it starts at` : `an SBUF allocation takes 'offset = N', the byte of each partition it starts at`}, and 'partition = N', the first partition it takes`);
        return undefined;
      }
      const key = a.name === 'partition' ? 'partition' : 'offset';
      if (place[key] !== undefined) {
        d.error(a.nameSpan, `'${a.name}' is given twice`);
        return undefined;
      }
      const v = a.name === 'partition'
        ? this.resolver.integer(a.value, this.pending.module, `the first partition of '${s.name}'`, 0, PARTITIONS - 1)
        : own === 'bank'
          ? this.resolver.integer(a.value, this.pending.module, `the bank of '${s.name}'`, 0, PSUM_BANKS - 1)
          : this.resolver.integer(a.value, this.pending.module, `the offset of '${s.name}'`, 0, SBUF_BYTES_PER_PARTITION - 1);
      if (v === undefined) return undefined;
      place[key] = key === 'offset' && own === 'bank' ? v * PSUM_BANK_BYTES : v;
      texts.push(`${a.name} = ${v}`);
    }
    return { ...place, ...(texts.length ? { offsetText: texts.join(', ') } : {}) };
  }

  /**
   * Nodes are made whole, in one object literal each, with their fields in one order (the id and the place last, as
   * numbering fills them in): a program holds a node per statement, and a node completed field by field costs a
   * second object for the fields added.
   */
  private instruction(s: ast.InstructionStmt, region: Region): InstrNode | undefined {
    const checked = this.instructions.check(s);
    if (!checked) return undefined;
    const { dst, srcs, attrs } = checked;
    const opcode = s.opcode;
    const engine = engineOf(opcode, attrs);
    const fn = this.pending.fn;
    if (!('dst' in checked)) return { kind: 'instr', opcode, engine, srcs, attrs, id: '', index: -1, span: s.span, fn, region } satisfies InstrNode;
    if (dst?.kind === 'register') this.checkLoopRegisterWrite(dst.index, dst.span);
    if (dst?.kind === 'tensor') this.notePsumWrite(opcode, dst.ap, attrs, s.span);
    return { kind: 'instr', opcode, engine, dst, srcs, attrs, id: '', index: -1, span: s.span, fn, region } satisfies InstrNode;
  }

  /**
   * The NKI ISA calls a matmul that accumulates onto PSUM initialized by another instruction (a memset, a copy)
   * undefined on NeuronCore-v2 and -v3 (`nc_matmul`, "Accumulation mode"): warned where it is plain in the text, a
   * constant `accumulate` onto the view (or the whole tensor) another instruction wrote before it in the function.
   */
  private notePsumWrite(opcode: string, ap: AccessPattern, attrs: ReadonlyMap<string, AttrValue>, span: Span): void {
    const t = ap.tensor;
    if (t.kind !== 'alloc' || t.memory !== 'psum') return;
    this.wrotePsum = true;
    const last = this.psumWriters.get(t);
    const acc = attrs.get('accumulate');
    const accumulates = acc?.kind === 'operand' && acc.operand.kind === 'scalar' && acc.operand.expr.kind === 'const' && acc.operand.expr.value !== 0;
    if (isMatmul(opcode) && accumulates && last && !isMatmul(last.opcode) && (last.text === ap.text || last.whole)) {
      this.resolver.diagnostics.warning(span, `${opcode} accumulates onto '${ap.text}', which ${last.opcode} wrote at line ${last.line}: the NKI ISA leaves a matmul accumulating onto PSUM another instruction initialized undefined (nc_matmul, accumulation mode); start the sum with accumulate = false (accumulate = r0 > 0 in a loop over r0)`);
    }
    this.psumWriters.set(t, { opcode, text: ap.text, whole: ap.items.length === 0, line: span.line });
  }

  private set(s: ast.SetStmt, region: Region): InstrNode | undefined {
    const index = registerIndex(s.register);
    if (index === undefined) {
      this.resolver.diagnostics.error(s.registerSpan, `'${s.register}' is not a register: Set writes r0..r15`);
      return undefined;
    }
    this.checkLoopRegisterWrite(index, s.registerSpan);
    const value = this.instructions.scalarOperand(s.value, 'the value of Set');
    if (!value) return undefined;
    return {
      kind: 'instr', opcode: 'Set', engine: 'SP', dst: { kind: 'register', index, span: s.registerSpan }, srcs: [value], attrs: NO_ATTRIBUTES,
      id: '', index: -1, span: s.span, fn: this.pending.fn, region,
    } satisfies InstrNode;
  }

  private checkLoopRegisterWrite(index: number, span: Span): void {
    const line = this.loopRegisters.get(index);
    if (line !== undefined) this.resolver.diagnostics.error(span, `r${index} is the register of the loop at line ${line}; writing it inside the loop would change the iteration`);
  }

  private forLoop(s: ast.ForStmt, region: Region): number | undefined {
    const index = this.code.reserve();
    const d = this.resolver.diagnostics;
    const register = registerIndex(s.register);
    const outer = register === undefined ? undefined : this.loopRegisters.get(register);
    if (register === undefined) d.error(s.registerSpan, `'${s.register}' is not a register: a loop counts in r0..r15`);
    else if (outer !== undefined) d.error(s.registerSpan, `r${register} is already the register of the enclosing loop at line ${outer}`);
    // A bad loop register is reported, and the body is still checked for its own mistakes.
    const owns = register !== undefined && outer === undefined;
    const m = this.pending.module;
    const from = this.resolver.scalar(s.from, m, this.scope, 'the start of the loop');
    const to = this.resolver.scalar(s.to, m, this.scope, 'the end of the loop');
    const step = s.step ? this.resolver.scalar(s.step, m, this.scope, 'the step of the loop') : this.resolver.constantExpr(1);
    if (step?.kind === 'const' && step.value === 0) d.error(s.step!.span, 'the step of a loop cannot be 0');
    const node: ForNode = {
      kind: 'for', register: register ?? 0, from: from!, to: to!, step: step!, body: undefined as unknown as Region,
      id: '', index: -1, span: s.span, fn: this.pending.fn, region, ...(s.independent ? { independent: true } : {}),
    };
    const body: Region = { kind: 'loop', nodes: NO_NODES, fn: this.pending.fn, owner: node, parent: region, end: s.body.close };
    (node as { body: Region }).body = body;
    if (owns) this.loopRegisters.set(register, s.span.line);
    body.nodes = this.block(s.body.stmts, body);
    if (owns) this.loopRegisters.delete(register);
    if (!owns || !from || !to || !step) return undefined;
    if (node.independent) checkIndependentLoop(node, d);
    this.code.fill(index, node);
    return index;
  }

  private branch(s: ast.IfStmt, region: Region): number | undefined {
    const index = this.code.reserve();
    const cond = this.resolver.scalar(s.cond, this.pending.module, this.scope, 'the condition of \'if\'');
    const node: IfNode = { kind: 'if', cond: cond!, then: undefined as unknown as Region, id: '', index: -1, span: s.span, fn: this.pending.fn, region };
    const arm = (kind: RegionKind, block: ast.Block): Region => {
      const r: Region = { kind, nodes: NO_NODES, fn: this.pending.fn, owner: node, parent: region, end: block.close };
      r.nodes = this.block(block.stmts, r);
      return r;
    };
    (node as { then: Region }).then = arm('then', s.then);
    if (s.else) (node as { else?: Region }).else = arm('else', s.else);
    if (!cond) return undefined;
    this.code.fill(index, node);
    return index;
  }

  /** A bare block is a branch always taken: it runs, steps and passes as one, and scopes its allocations. */
  private bareBlock(s: ast.BlockStmt, region: Region): number {
    const index = this.code.reserve();
    const node: IfNode = { kind: 'if', cond: this.resolver.constantExpr(1), then: undefined as unknown as Region, block: true, id: '', index: -1, span: s.span, fn: this.pending.fn, region };
    const then: Region = { kind: 'then', nodes: NO_NODES, fn: this.pending.fn, owner: node, parent: region, end: s.body.close };
    then.nodes = this.block(s.body.stmts, then);
    (node as { then: Region }).then = then;
    this.code.fill(index, node);
    return index;
  }

  private call(s: ast.CallStmt, region: Region): CallNode | undefined {
    const callee = this.lookupFunction(s.callee, s.calleeSpan, this.pending.module);
    if (!callee) return undefined;
    const d = this.resolver.diagnostics;
    if (s.args.length !== callee.params.length) {
      d.error(s.span, `'${callee.fullName}' takes ${callee.params.length} argument${callee.params.length === 1 ? '' : 's'}, found ${s.args.length}`);
      return undefined;
    }
    const args: CallArg[] = [];
    for (let i = 0; i < s.args.length; i++) {
      const arg = this.callArgument(s.args[i], callee.params[i], callee);
      if (!arg) return undefined;
      args.push(arg);
    }
    this.calls.push({ callee, span: s.span });
    return { kind: 'call', callee, args, id: '', index: -1, span: s.span, fn: this.pending.fn, region } satisfies CallNode;
  }

  private callArgument(e: ast.Expr, param: FunctionIR['params'][number], callee: FunctionIR): CallArg | undefined {
    const d = this.resolver.diagnostics;
    const m = this.pending.module;
    if (param.kind === 'register') {
      if (isTensorExpr(e, this.resolver, m, this.scope)) {
        d.error(e.span, `parameter r${param.index} of '${callee.fullName}' is a register: pass a number or a register, not a tensor`);
        return undefined;
      }
      const expr = this.resolver.scalar(e, m, this.scope, `argument r${param.index} of '${callee.fullName}'`);
      return expr && { kind: 'scalar', expr, span: e.span };
    }
    const ap = resolveAccess(e, this.resolver, m, this.scope);
    if (!ap) return undefined;
    if ((ap.transpose || ap.bcast) && ap.memory !== 'dram' && param.memory !== 'dram') {
      // Engines read partition-major views only; passing a strided view would let the callee's engines read it.
      d.error(e.span, `'${ap.text}' is a ${ap.transpose ? 'transposed' : 'broadcast'} view; only DmaCopy can read it, so it cannot be passed to parameter '${param.name}' of '${callee.fullName}' (copy it first)`);
      return undefined;
    }
    if (ap.dtype !== param.dtype) {
      d.error(e.span, `'${ap.text}' is ${ap.dtype} but parameter '${param.name}' of '${callee.fullName}' is ${param.dtype}`);
      return undefined;
    }
    const mismatch = ap.shape.length !== param.shape.length || ap.shape.some((dim, i) => dim !== undefined && dim !== param.shape[i]);
    if (mismatch) {
      d.error(e.span, `'${ap.text}' is ${showShape(ap)} but parameter '${param.name}' of '${callee.fullName}' is [${param.shape.join(', ')}]`);
      return undefined;
    }
    if (param.memory && ap.memory && param.memory !== ap.memory) {
      d.error(e.span, `'${ap.text}' is in ${ap.memory.toUpperCase()} but parameter '${param.name}' of '${callee.fullName}' must be in ${param.memory.toUpperCase()}`);
      return undefined;
    }
    return { kind: 'tensor', ap };
  }
}
