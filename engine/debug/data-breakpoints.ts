/**
 * Data breakpoints: stop after an instruction reads or writes elements of a region (a tensor, a partition row, an
 * element, any access pattern) or a register. A region is named by a data id that holds what it is, not where it
 * is now: a DRAM tensor by name, an allocation by its function, name and core (every activation of the function on
 * that core), a register by function, core and index; with the box of base elements. So a restarted run finds it
 * again, or says why it cannot.
 *
 * Before each node, the accesses of the node whose base tensor is watched have their views made and compared with
 * the watched boxes by their bounds (no element is read); the elements a write reaches are copied then, so that,
 * once the node has run (at the next node of any core), the values before and after are known. Conditions and hit
 * conditions are decided then, with `old` and `new` naming the element's values.
 */
import type { Span } from '../base/span';
import { InstrNode, Node, Program, FunctionIR } from '../ir/program';
import { Core, Frame, RegionCursor } from '../machine/core';
import { decode } from '../machine/dtypes';
import { REGISTERS } from '../machine/limits';
import { Machine } from '../machine/machine';
import { Tensor } from '../machine/tensor';
import { View } from '../machine/view';
import { formatElement } from '../eval/format';
import { BreakpointInfo, DataBreakpointInfoResult, DataBreakpointRequest } from '../protocol/types';
import { AccessPlans, allocOf, dramOf, MAX_FLAT_RANK, TensorAccess } from './access-plan';
import { HitCondition, parseHitCondition, parseUserExpression, ParsedExpression } from './conditions';
import { Box, boxElement, boxLabel, boxOf, boxOfView, boxProblem, boxSize, forEachBoxIndex, intersect, overlaps, overlapsFlat } from './data-region';

export type AccessType = 'read' | 'write' | 'readWrite';
export const ACCESS_TYPES: readonly AccessType[] = ['read', 'write', 'readWrite'];

/** What a data id names; serialized as JSON, the id VS Code keeps. */
export type Region =
  | { readonly kind: 'dram'; readonly name: string; readonly box: Box }
  | { readonly kind: 'alloc'; readonly fn: string; readonly name: string; readonly core: number; readonly box: Box }
  | { readonly kind: 'register'; readonly fn: string; readonly core: number; readonly index: number };

interface Resolved {
  readonly region: Region;
  readonly label: string;
  readonly shape?: readonly number[];
  /** For a DRAM region: its tensor. */
  readonly tensor?: Tensor;
  /** For an allocation or a register: the function whose activations hold it. */
  readonly fn?: FunctionIR;
}

interface DataBreakpoint extends Resolved {
  readonly id: number;
  readonly access: AccessType;
  readonly condition?: ParsedExpression;
  readonly hit?: HitCondition;
  hits: number;
}

/** One access of a node to a watched region, seen before the node ran. */
interface Access {
  readonly bp: DataBreakpoint;
  readonly write: boolean;
  readonly core: Core;
  readonly frame: Frame;
  readonly node: Node;
  readonly member?: InstrNode;
  /** The elements of the region it reaches, and their values and written flags before it ran. */
  readonly tensor?: Tensor;
  readonly box?: Box;
  readonly register?: number;
  readonly old: Float64Array;
  readonly oldWritten: Uint8Array;
  /** A loop's next iteration: its register was written before the hook saw it; the value after is known. */
  readonly after?: number;
}

/** A stop that data breakpoints make: every breakpoint hit, the core that accessed, and what it did. */
export interface DataHit {
  readonly ids: number[];
  readonly core: Core;
  readonly text: string;
  /** The instruction (or the fused member, the loop) that made the access. */
  readonly span: Span;
}

/** Evaluates a condition in a frame with `old` and `new` bound; true when it holds (or cannot be evaluated: it stops). */
export type ConditionCheck = (bp: { readonly id: number; readonly condition: ParsedExpression }, core: Core, frame: Frame, old: number, now: number) => boolean;

export interface DataState {
  readonly pending?: readonly Access[];
  readonly hits: ReadonlyMap<DataBreakpoint, number>;
}

export class DataBreakpoints {
  private list: DataBreakpoint[] = [];
  /** Watched tensors: DRAM ones from the start, allocations as their activations begin; whether any reads or writes stop. */
  private readonly byTensor = new Map<Tensor, Watchers>();
  /** Register and allocation breakpoints by the function whose activations hold them. */
  private readonly byFunction = new Map<FunctionIR, DataBreakpoint[]>();
  /** Register breakpoints alone, by function: looked up at every node that uses registers. */
  private readonly registersByFunction = new Map<FunctionIR, DataBreakpoint[]>();
  private readonly plans: AccessPlans;
  /** Accesses of the node that ran last, decided at the next node. */
  private pending?: Access[];
  /** The box of the access being compared, written flat (start, count, step per dimension). */
  private readonly scratch = new Float64Array(3 * MAX_FLAT_RANK);

  constructor(
    private readonly program: Program,
    private readonly machine: Machine,
    private readonly check: ConditionCheck,
    private readonly ids: () => number,
  ) {
    this.plans = new AccessPlans(program);
  }

  get active(): boolean {
    return this.list.length > 0;
  }

  /** Whether accesses wait to be decided (the node that made them has run). */
  get pendingAccesses(): boolean {
    return this.pending !== undefined;
  }

  all(): readonly { readonly id: number; hits: number }[] {
    return this.list;
  }

  // ---- data ids ----

  /** The data id of a view of memory (a variable, an evaluated access pattern); the reason when it has none. */
  infoOfView(view: View, text: string): DataBreakpointInfoResult {
    const box = boxOfView(view);
    const t = view.tensor;
    if (!box) return { dataId: null, description: `'${text}' is not a region of one tensor that a data breakpoint can watch` };
    const dram = dramOf(this.machine, t);
    let region: Region;
    if (dram) {
      region = { kind: 'dram', name: `${dram.module}::${dram.name}`, box };
    } else {
      const alloc = allocOf(this.machine, t);
      if (!alloc) return { dataId: null, description: `'${text}' is a tensor of an activation that has ended` };
      region = { kind: 'alloc', fn: alloc.fn.fullName, name: alloc.name, core: t.core!, box };
    }
    return this.infoOf(region);
  }

  infoOfRegister(fn: FunctionIR, core: number, index: number): DataBreakpointInfoResult {
    return this.infoOf({ kind: 'register', fn: fn.fullName, core, index });
  }

  private infoOf(region: Region): DataBreakpointInfoResult {
    const r = this.resolve(region);
    if ('problem' in r) return { dataId: null, description: r.problem };
    return { dataId: JSON.stringify(region), description: r.label, accessTypes: [...ACCESS_TYPES], canPersist: true };
  }

  /** What a data id names in this program, or why it names nothing here. */
  private resolve(region: Region): Resolved | { problem: string } {
    const cores = this.machine.ncores;
    if (region.kind === 'dram') {
      const [module, name] = splitName(region.name);
      const d = this.program.drams.find((x) => x.module === module && x.name === name);
      if (!d) return { problem: `the program has no DRAM tensor '${region.name}'` };
      const problem = boxProblem(region.box, d.shape, region.name);
      if (problem) return { problem };
      const shown = module === this.program.entry.name ? name : region.name;
      return { region, label: boxLabel(shown, region.box, d.shape), shape: d.shape, tensor: this.machine.drams[d.slot] };
    }
    const fn = this.program.functions.get(region.fn);
    if (!fn) return { problem: `the program that runs has no function '${region.fn}'` };
    if (!Number.isInteger(region.core) || region.core < 0 || region.core >= cores) return { problem: `core ${region.core} does not run (the run has ${cores} core${cores === 1 ? '' : 's'})` };
    const where = `${fn.name}${cores > 1 ? `, core ${region.core}` : ''}`;
    if (region.kind === 'register') {
      if (!Number.isInteger(region.index) || region.index < 0 || region.index >= REGISTERS) return { problem: `r${region.index} is not a register (r0 to r${REGISTERS - 1})` };
      return { region, label: `r${region.index} (${where})`, fn };
    }
    const a = fn.allocs.find((x) => x.name === region.name);
    if (!a) return { problem: `'${region.name}' is not an allocation of ${region.fn}` };
    const problem = boxProblem(region.box, a.shape, region.name);
    if (problem) return { problem };
    return { region, label: `${boxLabel(region.name, region.box, a.shape, a.array?.length)} (${where})`, shape: a.shape, fn };
  }

  // ---- setting ----

  /** Replaces every data breakpoint; each answered verified with what it watches, or unverified with the reason. */
  set(requests: readonly DataBreakpointRequest[]): BreakpointInfo[] {
    this.list = [];
    const infos: BreakpointInfo[] = [];
    for (const req of requests) {
      const id = this.ids();
      const refuse = (message: string): void => {
        infos.push({ id, verified: false, message, instructions: 0 });
      };
      const access = (req.accessType ?? 'write') as AccessType;
      if (!ACCESS_TYPES.includes(access)) {
        refuse(`unknown access type '${req.accessType}' (read, write or readWrite)`);
        continue;
      }
      const region = parseDataId(req.dataId);
      if (typeof region === 'string') {
        refuse(region);
        continue;
      }
      const r = this.resolve(region);
      if ('problem' in r) {
        refuse(`${r.problem}: the data breakpoint watches nothing`);
        continue;
      }
      let condition: ParsedExpression | undefined;
      if (req.condition?.trim()) {
        const parsed = parseUserExpression(req.condition, `the condition '${req.condition}'`);
        if ('error' in parsed) {
          refuse(parsed.error);
          continue;
        }
        condition = parsed;
      }
      let hit: HitCondition | undefined;
      if (req.hitCondition?.trim()) {
        const parsed = parseHitCondition(req.hitCondition);
        if (typeof parsed !== 'function') {
          refuse(parsed.error);
          continue;
        }
        hit = parsed;
      }
      this.list.push({ ...r, id, access, condition, hit, hits: 0 });
      infos.push({ id, verified: true, message: `${VERBS[access]} ${r.label}`, instructions: 0 });
    }
    this.reindex();
    return infos;
  }

  private reindex(): void {
    this.byTensor.clear();
    this.byFunction.clear();
    this.registersByFunction.clear();
    for (const bp of this.list) {
      if (bp.tensor) watch(this.byTensor, bp.tensor, bp);
      if (bp.fn) push(this.byFunction, bp.fn, bp);
      if (bp.fn && bp.region.kind === 'register') push(this.registersByFunction, bp.fn, bp);
    }
    // Allocations of activations that run now; later ones join as they begin (onCall).
    for (const core of this.machine.cores) for (const f of core.frames) this.onCall(core, f);
  }

  /** A new activation: its allocations that breakpoints watch join the watched tensors. */
  onCall(core: Core, frame: Frame): void {
    const bps = this.byFunction.get(frame.fn);
    if (!bps) return;
    for (const bp of bps) {
      if (bp.region.kind !== 'alloc' || bp.region.core !== core.index) continue;
      // Sibling blocks may each allocate the name: the breakpoint watches each of them of the shape it was set on.
      const name = (bp.region as { name: string }).name;
      const shape = frame.fn.allocs.find((x) => x.name === name)?.shape;
      for (const a of frame.fn.allocs) {
        if (a.name !== name || a.shape.length !== shape!.length || a.shape.some((d, i) => d !== shape![i])) continue;
        const t = frame.tensors[a.slot]?.tensor;
        if (t && !this.byTensor.get(t)?.includes(bp)) watch(this.byTensor, t, bp);
      }
    }
  }

  // ---- at run time ----

  /** Before a node runs: its accesses to watched regions, with the values they may overwrite. */
  before(core: Core, frame: Frame, node: Node): void {
    const plan = this.plans.of(node);
    const m = this.machine;
    for (const a of plan.tensors) {
      const t = a.base(frame, m);
      const bps = this.byTensor.get(t);
      if (!bps || !(a.writes && bps.writes) && !(a.reads && bps.reads)) continue;
      if (a.kept) {
        this.keptAccesses(a, t, bps, core, frame, node);
        continue;
      }
      let box: Box | undefined;
      const flat = this.scratch;
      try {
        if (a.when && a.when(frame, core, m) === 0) continue;
        if (a.box) {
          // The common case: bounds from the registers straight into a scratch box, compared without allocating.
          if (!a.box(frame, core, m, flat)) continue;
        } else {
          box = boxOfView(a.view(frame, core, m));
        }
      } catch {
        continue; // the instruction faults on this operand: it accesses nothing
      }
      // One comparison with the hull of the tensor's regions rules most accesses out.
      if (box ? !overlaps(box, bps.hull!) : !overlapsFlat(flat, bps.hull!)) continue;
      for (const bp of bps) {
        const write = a.writes && bp.access !== 'read';
        if ((!write && !(a.reads && bp.access !== 'write')) || bp.region.kind === 'register') continue;
        if (box ? !overlaps(box, bp.region.box) : !overlapsFlat(flat, bp.region.box)) continue;
        box ??= boxOf(flat, t.shape.length);
        this.addTensorAccess(bp, write, core, frame, node, a.member, t, intersect(box, bp.region.box)!);
      }
    }
    if (plan.readRegs | plan.writeRegs) this.registers(core, frame, node, plan.readRegs, plan.writeRegs);
  }

  /** A masked instruction's access: the boxes its mask keeps, each compared with the breakpoints' regions. */
  private keptAccesses(a: TensorAccess, t: Tensor, bps: Watchers, core: Core, frame: Frame, node: Node): void {
    const m = this.machine;
    let parts: Box[];
    try {
      if (a.when && a.when(frame, core, m) === 0) return;
      parts = a.kept!(frame, core, m);
    } catch {
      return; // the instruction faults on this operand: it accesses nothing
    }
    for (const part of parts) {
      if (!overlaps(part, bps.hull!)) continue;
      for (const bp of bps) {
        const write = a.writes && bp.access !== 'read';
        if ((!write && !(a.reads && bp.access !== 'write')) || bp.region.kind === 'register') continue;
        if (overlaps(part, bp.region.box)) this.addTensorAccess(bp, write, core, frame, node, a.member, t, intersect(part, bp.region.box)!);
      }
    }
  }

  /** An access of `common`, a box of `t`, with the values it may overwrite. */
  private addTensorAccess(bp: DataBreakpoint, write: boolean, core: Core, frame: Frame, node: Node, member: InstrNode | undefined, t: Tensor, common: Box): void {
    const old = new Float64Array(boxSize(common));
    const oldWritten = new Uint8Array(old.length);
    forEachBoxIndex(common, t, (index, i) => {
      old[i] = decode(t.dtype, t.data[index]);
      oldWritten[i] = t.written[index];
    });
    this.add({ bp, write, core, frame, node, member, tensor: t, box: common, old, oldWritten });
  }

  private registers(core: Core, frame: Frame, node: Node, reads: number, writes: number): void {
    const bps = this.registersByFunction.get(frame.fn);
    if (!bps) return;
    for (const bp of bps) {
      const r = bp.region;
      if (r.kind !== 'register' || r.core !== core.index) continue;
      const bit = 1 << r.index;
      const write = (writes & bit) !== 0 && bp.access !== 'read';
      if (!write && !((reads & bit) !== 0 && bp.access !== 'write')) continue;
      this.add({ bp, write, core, frame, node, register: r.index, old: Float64Array.of(frame.regs[r.index]), oldWritten: Uint8Array.of(frame.isWritten(r.index) ? 1 : 0) });
    }
  }

  /** A loop's next iteration writes its register between nodes: an access by the loop. */
  onRegionEnter(core: Core, frame: Frame, cursor: RegionCursor): void {
    const loop = cursor.loop;
    if (!loop || loop.iteration === 0) return;
    const bps = this.registersByFunction.get(frame.fn);
    if (!bps) return;
    for (const bp of bps) {
      const r = bp.region;
      if (r.kind !== 'register' || r.core !== core.index || r.index !== loop.node.register || bp.access === 'read') continue;
      this.add({ bp, write: true, core, frame, node: loop.node, register: r.index, old: Float64Array.of(loop.value - loop.step), oldWritten: Uint8Array.of(1), after: loop.value });
    }
  }

  private add(a: Access): void {
    (this.pending ??= []).push(a);
  }

  /**
   * After the node ran: the breakpoints its accesses hit (conditions true, hit conditions met), each counted once per
   * node, and what the first of them saw.
   */
  settle(): DataHit | undefined {
    const pending = this.pending;
    if (!pending) return undefined;
    this.pending = undefined;
    const ids: number[] = [];
    let first: { core: Core; text: string; span: Span } | undefined;
    const seen = new Set<DataBreakpoint>();
    // A node that reads and writes a region is said to write it.
    for (const a of [...pending.filter((x) => x.write), ...pending.filter((x) => !x.write)]) {
      if (seen.has(a.bp) || !this.list.includes(a.bp)) continue;
      const shown = this.decide(a);
      if (!shown) continue;
      seen.add(a.bp);
      a.bp.hits++;
      if (a.bp.hit && !a.bp.hit(a.bp.hits)) continue;
      ids.push(a.bp.id);
      first ??= { core: a.core, text: shown, span: (a.member ?? a.node).span };
    }
    return first && { ids, core: first.core, text: first.text, span: first.span };
  }

  /** Whether an access hits its breakpoint's condition; the description of what it did when it does. */
  private decide(a: Access): string | undefined {
    const now = this.valuesAfter(a);
    const n = a.old.length;
    // The elements a condition is asked about: those a write changed, or else every element accessed.
    const changed: number[] = [];
    if (a.write) for (let i = 0; i < n; i++) if (!same(a.old[i], now.values[i]) || a.oldWritten[i] !== now.written[i]) changed.push(i);
    const candidates = changed.length > 0 ? changed : Array.from({ length: n }, (_, i) => i);
    let chosen = candidates[0];
    const condition = a.bp.condition;
    if (condition) {
      const found = candidates.find((i) => this.check({ id: a.bp.id, condition }, a.core, a.frame, a.oldWritten[i] ? a.old[i] : NaN, now.values[i]));
      if (found === undefined) return undefined;
      chosen = found;
    }
    return describe(a, chosen, changed, now, a.tensor ? allocOf(this.machine, a.tensor)?.arrays : undefined);
  }

  private valuesAfter(a: Access): { values: Float64Array; written: Uint8Array } {
    if (a.register !== undefined) {
      const value = a.after ?? a.frame.regs[a.register];
      return { values: Float64Array.of(value), written: Uint8Array.of(a.after !== undefined || a.frame.isWritten(a.register) ? 1 : 0) };
    }
    const t = a.tensor!;
    const values = new Float64Array(a.old.length);
    const written = new Uint8Array(a.old.length);
    forEachBoxIndex(a.box!, t, (index, i) => {
      values[i] = decode(t.dtype, t.data[index]);
      written[i] = t.written[index];
    });
    return { values, written };
  }

  /** An access of the last node not decided when the program ended: said in the Debug Console instead of a stop. */
  settleAtEnd(): DataHit | undefined {
    return this.settle();
  }

  /** The accesses of the node a stop is before, seen again (breakpoints changed while stopped). */
  redo(core: Core, frame: Frame, node: Node): void {
    this.pending = undefined;
    if (this.active) this.before(core, frame, node);
  }

  // ---- time travel ----

  snapshot(): DataState {
    return { pending: this.pending && [...this.pending], hits: new Map(this.list.map((b) => [b, b.hits])) };
  }

  restore(s: DataState): void {
    this.pending = s.pending && [...s.pending];
    for (const b of this.list) b.hits = s.hits.get(b) ?? 0;
  }

  /** Watched tensors, for searches of the past that skip intervals which wrote none of them. */
  watchedTensors(): { readonly tensors: Tensor[]; readonly writesOnly: boolean } {
    return { tensors: [...this.byTensor.keys()], writesOnly: this.list.every((b) => b.access === 'write' && b.region.kind !== 'register') };
  }
}

const VERBS: Record<AccessType, string> = { read: 'stops after reads of', write: 'stops after writes of', readWrite: 'stops after reads and writes of' };

/** The breakpoints of a tensor, and whether any of them stops at reads, at writes: most accesses end at these. */
type Watchers = DataBreakpoint[] & { reads?: boolean; writes?: boolean; hull?: Box };

function watch(map: Map<Tensor, Watchers>, t: Tensor, bp: DataBreakpoint): void {
  if (bp.region.kind === 'register') return;
  let list = map.get(t);
  if (!list) map.set(t, (list = []));
  list.push(bp);
  if (bp.access !== 'write') list.reads = true;
  if (bp.access !== 'read') list.writes = true;
  list.hull = list.hull ? hull(list.hull, bp.region.box) : bp.region.box.map((d) => ({ start: d.start, count: d.start + (d.count - 1) * d.step - d.start + 1, step: 1 }));
}

/** The smallest box of contiguous ranges holding both (steps dropped). */
function hull(a: Box, b: Box): Box {
  return a.map((x, d) => {
    const y = b[d];
    const start = Math.min(x.start, y.start);
    const last = Math.max(x.start + (x.count - 1) * x.step, y.start + (y.count - 1) * y.step);
    return { start, count: last - start + 1, step: 1 };
  });
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function splitName(full: string): [string, string] {
  const at = full.lastIndexOf('::');
  return at < 0 ? ['', full] : [full.slice(0, at), full.slice(at + 2)];
}

/** Equal values, NaN equal to NaN (a NaN rewritten is no change). */
function same(a: number, b: number): boolean {
  return a === b ? a !== 0 || 1 / a === 1 / b : Number.isNaN(a) && Number.isNaN(b);
}

/** A data id, checked: what it names, or why it is not one. */
export function parseDataId(dataId: string): Region | string {
  const bad = `'${dataId}' is not a data id of the BIR debugger (ask dataBreakpointInfo for one)`;
  let r: unknown;
  try {
    r = JSON.parse(dataId);
  } catch {
    return bad;
  }
  if (typeof r !== 'object' || r === null) return bad;
  const o = r as Record<string, unknown>;
  const isBox = (b: unknown): b is Box => Array.isArray(b) && b.every((d) => typeof d === 'object' && d !== null && ['start', 'count', 'step'].every((k) => Number.isInteger((d as Record<string, unknown>)[k])));
  if (o.kind === 'dram' && typeof o.name === 'string' && isBox(o.box)) return { kind: 'dram', name: o.name, box: o.box };
  if (o.kind === 'alloc' && typeof o.fn === 'string' && typeof o.name === 'string' && Number.isInteger(o.core) && isBox(o.box)) return { kind: 'alloc', fn: o.fn, name: o.name, core: o.core as number, box: o.box };
  if (o.kind === 'register' && typeof o.fn === 'string' && Number.isInteger(o.core) && Number.isInteger(o.index)) return { kind: 'register', fn: o.fn, core: o.core as number, index: o.index as number };
  return bad;
}

/** `TensorScalar at line 31 wrote acc[3, 0:4]: 1.5 → 2 (first of 4 elements changed)`. */
function describe(a: Access, chosen: number, changed: readonly number[], now: { values: Float64Array; written: Uint8Array }, arrays = 0): string {
  const node = a.member ?? a.node;
  const who = `${node.kind === 'instr' ? node.opcode : node.kind} at line ${node.span.line}${a.member ? ` (fused into ${(a.node as InstrNode).group})` : ''}`;
  const value = (v: number, written: number): string => (written ? formatElement(v, a.tensor?.dtype) : '<uninit>');
  const before = value(a.old[chosen], a.oldWritten[chosen]);
  const after = value(now.values[chosen], now.written[chosen]);
  if (a.register !== undefined) return a.write ? `${who} wrote r${a.register}: ${before} → ${after}` : `${who} read r${a.register}: ${before}`;
  const t = a.tensor!;
  const box = a.box!;
  const label = boxLabel(t.name, box, t.shape, arrays);
  const n = a.old.length;
  const element = n > 1 ? ` at ${t.name}[${boxElement(box, chosen).join(', ')}]` : '';
  if (!a.write) return `${who} read ${label}: ${before}${element}${n > 1 ? ` (${n} elements)` : ''}`;
  if (changed.length === 0) return `${who} wrote ${label}: ${after}${element}, unchanged${n > 1 ? ` (${n} elements, none changed)` : ''}`;
  if (n === 1) return `${who} wrote ${label}: ${before} → ${after}`;
  if (changed.length === 1) return `${who} wrote ${label}: ${before} → ${after}${element} (the one of ${n} elements that changed)`;
  const first = changed[0] === chosen;
  return `${who} wrote ${label}: ${before} → ${after}${first ? '' : element} (${first ? 'first' : 'one'} of ${changed.length} elements changed)`;
}
