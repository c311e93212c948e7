/**
 * What each node reads and writes: tensor footprints and registers. Instructions by their operands, `for` and
 * `if` by their headers (and, summarized, by their regions), calls by a summary of the callee: which of its
 * tensor parameters and which DRAM tensors it (or anything it calls) reads or writes.
 *
 * Registers belong to an activation: a callee's registers are not its caller's, so a call reads the registers
 * of its arguments and writes none.
 */
import * as ast from '../base/expr';
import {
  AccessPattern, AttrValue, CallNode, DramInfo, FunctionIR, InstrNode, Node, Operand, Program, ProgramCode, Region, ScalarExpr, TensorDecl,
} from '../ir/program';
import { SignatureCache } from './signature-cache';
import { CodeNodes } from '../ir/node-list';
import { forEachNode, forEachStructureNode } from '../ir/numbering';
import { accumulatorAttribute, writtenAttribute } from '../ir/opcodes';
import { registerIndex } from '../machine/limits';
import { applyBinary, applyFunction, applyUnary } from '../ir/scalar';
import {
  boxFootprint, constantRange, DimRange, dimRange, Footprint, footprintLabel, footprintOf, hull, registerFootprint, sameFootprint, wholeFootprint,
} from './footprint';

export interface Access {
  readonly fp: Footprint;
  /** What the program names: the operand's text (`acc[0:128, 0:64]`), `r1`. */
  readonly text: string;
  /** The tensor, for memory accesses. */
  readonly tensor?: TensorDecl;
  /**
   * A write that may not happen, or may touch only part of `fp` (a call's writes through a parameter): it
   * never hides earlier writes from later reads.
   */
  readonly may?: boolean;
}

export interface NodeEffects {
  readonly reads: readonly Access[];
  readonly writes: readonly Access[];
}

export interface ParamUse {
  readonly read: boolean;
  readonly write: boolean;
}

export interface DramUse {
  readonly decl: DramInfo;
  /** The hull of the elements read, in the DRAM tensor's index space. */
  readonly read?: Footprint;
  readonly write?: Footprint;
}

/** What a function does to memory its caller can see, transitively through the functions it calls. */
export interface FunctionSummary {
  /** One per entry of FunctionIR.params (register parameters are never read nor written as tensors). */
  readonly params: readonly ParamUse[];
  /** By DRAM key (`d:module::name`). */
  readonly drams: ReadonlyMap<string, DramUse>;
}

const NO_USE: ParamUse = { read: false, write: false };

type SummaryLookup = (fn: FunctionIR) => FunctionSummary;

/**
 * The effects of nodes. Summaries of functions are computed once per instance (recursion by a fixpoint), so
 * make one instance per program version (a pass that rewrites functions needs a fresh one).
 */
export class Effects {
  private readonly summaries = new Map<FunctionIR, FunctionSummary>();
  private readonly dramNames = new Map<string, Map<string, DramInfo>>();
  /** Instructions' effects by signature, per code (a pass's copy has a code of its own). */
  private readonly signatureCaches = new WeakMap<ProgramCode, SignatureCache<NodeEffects>>();

  /** With the program, Print/Assert expressions resolve DRAM names and constants as they do when they run. */
  constructor(private readonly program?: Program) {}

  /** The node's own reads and writes: for `for` and `if` their headers only (see deepEffects). */
  nodeEffects(node: Node): NodeEffects {
    return this.effectsOf(node, (fn) => this.summary(fn));
  }

  /** The node's effects with those of the regions it owns (`for`, `if`), as one node seen from outside. */
  deepEffects(node: Node): NodeEffects {
    const own = this.nodeEffects(node);
    if (node.kind !== 'for' && node.kind !== 'if') return own;
    const reads = [...own.reads];
    const writes = [...own.writes];
    const regions = node.kind === 'for' ? [node.body] : [node.then, ...(node.else ? [node.else] : [])];
    for (const r of regions) {
      const inner = this.regionEffects(r);
      reads.push(...inner.reads);
      // Writes inside a region may not happen (a loop may not run, an arm may not be taken).
      writes.push(...inner.writes.map((w) => (w.may ? w : { ...w, may: true })));
    }
    return { reads: dedupe(reads), writes: dedupe(writes) };
  }

  /** Every read and write of the nodes of a region, nested regions included. */
  regionEffects(region: Region): NodeEffects {
    const reads: Access[] = [];
    const writes: Access[] = [];
    forEachNode(region, (n) => {
      const e = this.nodeEffects(n);
      reads.push(...e.reads);
      writes.push(...e.writes);
    });
    return { reads: dedupe(reads), writes: dedupe(writes) };
  }

  /** What a function reads and writes of its tensor parameters and of DRAM, with everything it calls. */
  summary(fn: FunctionIR): FunctionSummary {
    const done = this.summaries.get(fn);
    if (done) return done;
    // The functions reachable from fn whose summaries are not known yet, solved together by a fixpoint.
    const open: FunctionIR[] = [];
    const seen = new Set<FunctionIR>();
    const visit = (f: FunctionIR): void => {
      if (seen.has(f) || this.summaries.has(f)) return;
      seen.add(f);
      open.push(f);
      forEachStructureNode(f.body, (n) => {
        if (n.kind === 'call') visit(n.callee);
      });
    };
    visit(fn);
    const current = new Map<FunctionIR, FunctionSummary>(open.map((f) => [f, { params: f.params.map(() => NO_USE), drams: new Map() }]));
    const lookup: SummaryLookup = (f) => this.summaries.get(f) ?? current.get(f)!;
    for (let changed = true; changed;) {
      changed = false;
      for (const f of open) {
        const next = this.computeSummary(f, lookup);
        if (!sameSummary(next, current.get(f)!)) {
          current.set(f, next);
          changed = true;
        }
      }
    }
    for (const f of open) this.summaries.set(f, current.get(f)!);
    return this.summaries.get(fn)!;
  }

  private computeSummary(fn: FunctionIR, lookup: SummaryLookup): FunctionSummary {
    const params = fn.params.map(() => ({ read: false, write: false }));
    const paramIndex = new Map<TensorDecl, number>();
    fn.params.forEach((p, i) => {
      if (p.kind === 'param') paramIndex.set(p, i);
    });
    const paramByName = new Map<string, number>();
    fn.params.forEach((p, i) => {
      if (p.kind === 'param') paramByName.set(p.name, i);
    });
    const drams = new Map<string, { decl: DramInfo; read?: Footprint; write?: Footprint }>();
    const note = (a: Access, write: boolean): void => {
      const t = a.tensor;
      if (!t) return;
      if (t.kind === 'param') {
        const i = paramIndex.get(t) ?? paramByName.get(t.name);
        if (i !== undefined) params[i][write ? 'write' : 'read'] = true;
      } else if (t.kind === 'dram') {
        const entry = drams.get(a.fp.key) ?? { decl: t };
        // Texts of register-dependent slices name the callee's registers: a summary keeps only the ranges.
        const fp: Footprint = { ...a.fp, name: t.name, dims: a.fp.dims.map((d) => dimRange(d.start, d.end, d.step, d.exact)) };
        if (write) entry.write = entry.write ? hull(entry.write, fp) : fp;
        else entry.read = entry.read ? hull(entry.read, fp) : fp;
        drams.set(a.fp.key, entry);
      }
    };
    // Instructions of one signature share their effects: noting them once is noting them all.
    const noted = new Set<NodeEffects>();
    this.forEachDistinctEffects(fn.body, lookup, (e) => {
      if (noted.has(e)) return;
      noted.add(e);
      for (const r of e.reads) note(r, false);
      for (const w of e.writes) note(w, true);
    });
    return { params, drams };
  }

  /**
   * The effects of the nodes of a region, nested regions included, in program order, for a visit that may see the same
   * effects twice: the instructions of a compact region by their signatures (one effects object per signature), without
   * making them objects, and a repeated line (the checker's copy of an earlier line of the region) not at all, since
   * its original's effects were visited.
   */
  private forEachDistinctEffects(region: Region, lookup: SummaryLookup, visit: (e: NodeEffects) => void): void {
    const nodes = region.nodes;
    const code = nodes instanceof CodeNodes ? nodes.code : undefined;
    const shared = code && this.signatureCache(code);
    const make = (index: number): NodeEffects => this.effectsOf(code!.node(index), lookup);
    for (let i = 0; i < nodes.length; i++) {
      const index = nodes.indexAt(i);
      if (code && code.copyOf(index) !== index) continue;
      const byRow = shared?.get(index, make);
      if (byRow) {
        visit(byRow);
        continue;
      }
      const n = nodes.at(i);
      visit(this.effectsOf(n, lookup));
      if (n.kind === 'for') this.forEachDistinctEffects(n.body, lookup, visit);
      if (n.kind === 'if') {
        this.forEachDistinctEffects(n.then, lookup, visit);
        if (n.else) this.forEachDistinctEffects(n.else, lookup, visit);
      }
    }
  }

  private signatureCache(code: ProgramCode): SignatureCache<NodeEffects> {
    let cache = this.signatureCaches.get(code);
    if (!cache) this.signatureCaches.set(code, (cache = new SignatureCache(code)));
    return cache;
  }

  private effectsOf(node: Node, lookup: SummaryLookup): NodeEffects {
    const b = new EffectsBuilder(node.fn.module);
    switch (node.kind) {
      case 'instr':
        this.instrEffects(node, b);
        break;
      case 'for':
        for (const e of [node.from, node.to, node.step]) b.readScalar(e);
        b.writeRegister(node.register);
        break;
      case 'if':
        b.readScalar(node.cond);
        break;
      case 'call':
        this.callEffects(node, b, lookup);
        break;
      case 'return':
        break;
    }
    return b.done();
  }

  private instrEffects(node: InstrNode, b: EffectsBuilder): void {
    // A fused group reads and writes what its members do, in their order.
    if (node.members) {
      for (const m of node.members) this.instrEffects(m, b);
      return;
    }
    for (const src of node.srcs) this.readOperand(node, src, b);
    const written = writtenAttribute(node.opcode);
    for (const [name, v] of node.attrs) {
      // QuantizeMX writes only its scales' rows of dst_scale (the first 4 of each quadrant), and under a mask an
      // instruction writes only the kept rows of its reduce_res: writes that kill no earlier write.
      if (name === written && v.kind === 'operand' && v.operand.kind === 'tensor') b.writeTensor(v.operand.ap, node.opcode === 'QuantizeMX' || node.attrs.has('mask'));
      else this.readAttr(node, name, v, b);
    }
    const dst = node.dst;
    const accumulator = accumulatorAttribute(node.opcode);
    if (accumulator && dst?.kind === 'tensor') {
      const acc = node.attrs.get(accumulator);
      const off = !acc || (acc.kind === 'operand' && acc.operand.kind === 'scalar' && acc.operand.expr.kind === 'const' && acc.operand.expr.value === 0);
      if (!off) b.readTensor(dst.ap);
    }
    // Under a mask an instruction writes part of its destination, and which part depends on registers: a write that
    // may not cover it, which kills no earlier write.
    if (dst?.kind === 'tensor') b.writeTensor(dst.ap, node.attrs.has('mask'));
    else if (dst?.kind === 'register') b.writeRegister(dst.index);
  }

  private readAttr(node: InstrNode, _name: string, v: AttrValue, b: EffectsBuilder): void {
    if (v.kind === 'operand') this.readOperand(node, v.operand, b);
  }

  private readOperand(node: InstrNode, o: Operand, b: EffectsBuilder): void {
    switch (o.kind) {
      case 'tensor': b.readTensor(o.ap); break;
      case 'scalar': b.readScalar(o.expr); break;
      case 'register': b.readRegister(o.index); break;
      case 'string': break;
      case 'eval': this.readEval(node.fn, o.expr, b); break;
    }
  }

  private callEffects(node: CallNode, b: EffectsBuilder, lookup: SummaryLookup): void {
    const s = lookup(node.callee);
    node.args.forEach((arg, i) => {
      if (arg.kind === 'scalar') {
        b.readScalar(arg.expr);
        return;
      }
      // The call makes the view whatever the callee does with it: the registers of its bounds are read.
      b.readBounds(arg.ap);
      const use = s.params[i] ?? NO_USE;
      if (use.read) b.readTensor(arg.ap);
      if (use.write) b.writeTensor(arg.ap, true);
    });
    for (const d of s.drams.values()) {
      const name = d.decl.module === node.fn.module ? d.decl.name : `${d.decl.module}::${d.decl.name}`;
      if (d.read) b.add(false, { fp: { ...d.read, name }, text: footprintLabel({ ...d.read, name }), tensor: d.decl });
      if (d.write) b.add(true, { fp: { ...d.write, name }, text: footprintLabel({ ...d.write, name }), tensor: d.decl, may: true });
    }
  }

  // ---- expressions of the evaluate language (Print, Assert) ----

  /** Reads of an evaluate-language expression: the registers and tensors it names, as precisely as constants allow. */
  private readEval(fn: FunctionIR, e: ast.Expr, b: EffectsBuilder): void {
    switch (e.kind) {
      case 'number':
      case 'string':
        return;
      case 'name': {
        if (registerIndex(e.name) !== undefined) {
          b.readRegister(Number(e.name.slice(1)));
          return;
        }
        if (this.constant(fn, e.name) !== undefined) return;
        const t = this.evalTensor(fn, e.name, e.span.line);
        if (t) b.add(false, { fp: wholeFootprint(t, fn.module), text: e.name, tensor: t });
        return;
      }
      case 'unary':
        this.readEval(fn, e.operand, b);
        return;
      case 'binary':
        this.readEval(fn, e.left, b);
        this.readEval(fn, e.right, b);
        return;
      case 'call':
        for (const a of e.args) this.readEval(fn, a, b);
        for (const n of e.named) this.readEval(fn, n.value, b);
        return;
      case 'member':
        this.readEval(fn, e.base, b);
        for (const a of e.args ?? []) this.readEval(fn, a, b);
        return;
      case 'index': {
        for (const item of e.items) {
          if (item.kind === 'at') this.readEval(fn, item.index, b);
          else for (const x of [item.lo, item.hi, item.step]) if (x) this.readEval(fn, x, b);
        }
        const t = e.base.kind === 'name' && registerIndex(e.base.name) === undefined && this.constant(fn, e.base.name) === undefined
          ? this.evalTensor(fn, e.base.name, e.span.line) : undefined;
        if (!t) {
          this.readEval(fn, e.base, b);
          return;
        }
        const dims = t.shape.map((size, i) => (i < e.items.length ? this.evalItem(fn, e.items[i], size) : undefined));
        const fp = boxFootprint(t, dims, fn.module);
        b.add(false, { fp, text: footprintLabel(fp), tensor: t });
        return;
      }
    }
  }

  private evalItem(fn: FunctionIR, item: ast.IndexItem, size: number): DimRange {
    // Bounds that are not constants (registers, or out of range: the run faults) may be anywhere in the dimension.
    const anywhere = dimRange(0, size, 1, false);
    if (item.kind === 'at') {
      const v = this.constExpr(fn, item.index);
      return (v === undefined ? undefined : constantRange(v, v + 1, 1, size)) ?? anywhere;
    }
    const lo = item.lo ? this.constExpr(fn, item.lo) : 0;
    const hi = item.hi ? this.constExpr(fn, item.hi) : size;
    const step = item.step ? this.constExpr(fn, item.step) : 1;
    if (lo === undefined || hi === undefined || step === undefined) return anywhere;
    return constantRange(lo, hi, step, size) ?? anywhere;
  }

  /** The value of an expression over numbers and constants; undefined when it names anything else. */
  private constExpr(fn: FunctionIR, e: ast.Expr): number | undefined {
    switch (e.kind) {
      case 'number': return e.value;
      case 'name': return registerIndex(e.name) !== undefined ? undefined : this.constant(fn, e.name);
      case 'unary': {
        const a = this.constExpr(fn, e.operand);
        return a === undefined ? undefined : e.op === '+' ? a : applyUnary(e.op, a);
      }
      case 'binary': {
        const a = this.constExpr(fn, e.left);
        const c = this.constExpr(fn, e.right);
        return a === undefined || c === undefined ? undefined : applyBinary(e.op, a, c);
      }
      case 'call': {
        const scalarFns = ['min', 'max', 'abs', 'floor', 'ceil', 'sqrt'] as const;
        const name = scalarFns.find((f) => f === e.callee);
        if (!name || e.named.length > 0 || e.args.length !== (name === 'min' || name === 'max' ? 2 : 1)) return undefined;
        const args = e.args.map((a) => this.constExpr(fn, a));
        return args.some((a) => a === undefined) ? undefined : applyFunction(name, args as number[]);
      }
      default: return undefined;
    }
  }

  private constant(fn: FunctionIR, name: string): number | undefined {
    if (name === 'core' || name === 'ncores') return undefined;
    return this.program?.constants.get(fn.module)?.get(name);
  }

  /** The tensor a name denotes in a frame of fn, in the order the evaluate language looks: parameters, allocations, DRAM. */
  private evalTensor(fn: FunctionIR, name: string, line: number): TensorDecl | undefined {
    for (const p of fn.params) if (p.kind === 'param' && p.name === name) return p;
    // Sibling blocks may each allocate the name: the one visible at a line is the last declared before it.
    let found: TensorDecl | undefined;
    for (const a of fn.allocs) if (a.name === name && (found === undefined || a.span.line <= line)) found = a;
    if (found) return found;
    return this.drams(fn).get(name);
  }

  /** The DRAM tensors of fn's module by name: from the program, or else those the reachable code names. */
  private drams(fn: FunctionIR): Map<string, DramInfo> {
    let m = this.dramNames.get(fn.module);
    if (m) return m;
    m = new Map();
    if (this.program) {
      for (const d of this.program.drams) if (d.module === fn.module) m.set(d.name, d);
    } else {
      const seen = new Set<FunctionIR>();
      const found = m;
      const scan = (f: FunctionIR): void => {
        if (seen.has(f)) return;
        seen.add(f);
        forEachNode(f.body, (n) => {
          for (const ap of accessPatterns(n)) if (ap.tensor.kind === 'dram' && ap.tensor.module === fn.module) found.set(ap.tensor.name, ap.tensor);
          if (n.kind === 'call') scan(n.callee);
        });
      };
      scan(fn);
    }
    this.dramNames.set(fn.module, m);
    return m;
  }
}

/** The access patterns a node names (operands, attributes, call arguments). */
export function accessPatterns(node: Node): AccessPattern[] {
  const out: AccessPattern[] = [];
  const operand = (o: Operand): void => {
    if (o.kind === 'tensor') out.push(o.ap);
  };
  if (node.kind === 'instr') {
    if (node.dst) operand(node.dst);
    node.srcs.forEach(operand);
    for (const v of node.attrs.values()) if (v.kind === 'operand') operand(v.operand);
  } else if (node.kind === 'call') {
    for (const a of node.args) if (a.kind === 'tensor') out.push(a.ap);
  }
  return out;
}

/** The registers a scalar expression reads, each once, in order of appearance. */
export function scalarRegisters(e: ScalarExpr, out: number[] = []): number[] {
  switch (e.kind) {
    case 'reg':
      if (!out.includes(e.index)) out.push(e.index);
      break;
    case 'unary':
      scalarRegisters(e.operand, out);
      break;
    case 'binary':
      scalarRegisters(e.left, out);
      scalarRegisters(e.right, out);
      break;
    case 'fn':
      for (const a of e.args) scalarRegisters(a, out);
      break;
    default:
      break;
  }
  return out;
}

/** Collects accesses, each location footprint once. */
class EffectsBuilder {
  private readonly reads: Access[] = [];
  private readonly writes: Access[] = [];

  constructor(private readonly module: string) {}

  readTensor(ap: AccessPattern): void {
    this.readBounds(ap);
    this.add(false, { fp: footprintOf(ap, this.module), text: ap.text, tensor: ap.tensor });
  }

  writeTensor(ap: AccessPattern, may = false): void {
    this.readBounds(ap);
    this.add(true, { fp: footprintOf(ap, this.module), text: ap.text, tensor: ap.tensor, ...(may ? { may } : {}) });
  }

  /** The registers in the bounds of an access pattern are read, whether the pattern is read or written. */
  readBounds(ap: AccessPattern): void {
    for (const item of ap.items) {
      if (item.kind === 'at') {
        this.readScalar(item.index);
      } else {
        this.readScalar(item.lo);
        this.readScalar(item.hi);
        this.readScalar(item.step);
      }
    }
    if (ap.bcast) this.readScalar(ap.bcast);
  }

  readScalar(e: ScalarExpr): void {
    if (e.kind === 'const') return;
    for (const r of scalarRegisters(e)) this.readRegister(r);
  }

  readRegister(index: number): void {
    this.add(false, { fp: registerFootprint(index), text: `r${index}` });
  }

  writeRegister(index: number): void {
    this.add(true, { fp: registerFootprint(index), text: `r${index}` });
  }

  add(write: boolean, a: Access): void {
    const list = write ? this.writes : this.reads;
    for (const x of list) if (sameFootprint(x.fp, a.fp) && !!x.may === !!a.may) return;
    list.push(a);
  }

  done(): NodeEffects {
    return { reads: this.reads, writes: this.writes };
  }
}

function dedupe(list: readonly Access[]): Access[] {
  const out: Access[] = [];
  for (const a of list) if (!out.some((x) => sameFootprint(x.fp, a.fp) && !!x.may === !!a.may)) out.push(a);
  return out;
}

function sameSummary(a: FunctionSummary, b: FunctionSummary): boolean {
  if (a.params.length !== b.params.length || a.drams.size !== b.drams.size) return false;
  if (a.params.some((p, i) => p.read !== b.params[i].read || p.write !== b.params[i].write)) return false;
  for (const [k, d] of a.drams) {
    const e = b.drams.get(k);
    if (!e) return false;
    for (const f of ['read', 'write'] as const) {
      const x = d[f];
      const y = e[f];
      if (!!x !== !!y || (x && y && !sameFootprint(x, y))) return false;
    }
  }
  return true;
}
