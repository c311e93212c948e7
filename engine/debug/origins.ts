/**
 * Where a value came from (`:why`): the write that made an element or a register what it is at a tick, and the
 * values that write read, each with its value then and, asked in turn, its own origin. The write is found by a search
 * of the past (writes.ts); what it read is the kernels' provenance (kernels/provenance.ts), asked in the state just
 * before the write. A fused group's members run one by one up to the member that wrote, so that what it read is what
 * the earlier members left.
 */
import { Core, Frame } from '../machine/core';
import { Machine } from '../machine/machine';
import { Tensor } from '../machine/tensor';
import { unravel } from '../machine/view';
import { compileInstruction } from '../kernels';
import { callArgumentReads, Read, readsOf, Written } from '../kernels/provenance';
import { formatNumber } from '../eval/format';
import { allocOf } from './access-plan';
import { ShownPath, shownSpan } from './shown-path';
import { moveTo } from './travel';
import { shadowError, ShadowError } from './shadow-errors';
import { findWrites, Sample, sample, SearchContext, Write, WriteTarget } from './writes';

/** A value read by a write, as it was then: the next step back of the explanation. */
export interface OriginInput {
  readonly label: string;
  /** The operand it was read through (`moving w`): a MatMult reads a column of each, a reduction a row. */
  readonly operand: string;
  /** The element or register (`w[3, 5]`, `r2`). */
  readonly name: string;
  readonly value: Sample;
  readonly target: WriteTarget;
  /** The tick of the write that read it: its own origin is searched before it. */
  readonly before: number;
  /** Read by a member of a fused group at `before`: how many members ran before it (one may have made the value). */
  readonly within?: number;
  /** In a shadow run, its error against float64 when it was read. */
  readonly error?: ShadowError;
}

export interface Origin {
  readonly write?: Write;
  /** Who wrote, also when `write` is not known whole (a member of a fused group, found by running the members). */
  readonly by?: Writer;
  /** Who wrote it, or why nothing did: one line for the Debug Console. */
  readonly text: string;
  readonly inputs: readonly OriginInput[];
}

/** The origin of one element or register, whose value at tick `before` was `value`. Leaves the machine in the past. */
export function explain(ctx: SearchContext, target: WriteTarget, before: number, value: Sample, within = 0): Origin {
  // Read inside a fused group: an earlier member may have made the value, at the same tick.
  const inGroup = within > 0 ? groupOrigin(ctx, target, before, within) : undefined;
  if (inGroup) return inGroup;
  const search = findWrites(ctx, target, before, 1);
  const write = search.writes[search.writes.length - 1];
  if (!write) return { text: noWriter(ctx, target, search.horizon, value), inputs: [] };
  return explainWrite(ctx, target, write);
}

/** What a write read to make the target what it is (the write found, or known: a lockstep diff saw it made). */
export function explainWrite(ctx: SearchContext, target: WriteTarget, write: Write): Origin {
  if (write.allocation) return { text: `not written since its allocation at instruction ${count(write.instructions)} (${shownSpan(write.node.span, ctx.shown)})`, inputs: [] };
  const group = write.node.kind === 'instr' ? write.node.members : undefined;
  // By index: a group's members are made as objects again when asked for after a while.
  if (group && write.member) return groupOrigin(ctx, target, write.tick, group.findIndex((m) => m.index === write.member!.index) + 1)!;
  const { core } = moveTo(ctx, { target: write.tick, reason: 'step' });
  const frame = core.frame!;
  const reads = readsOfWrite(ctx.machine, write, target, core, frame);
  return { write, by: write, text: describeWrite(write, ctx.shown), inputs: (reads ?? []).map((r) => input(ctx.machine, r, frame, write.tick)) };
}

/**
 * Within a fused group at `tick`: the latest of its first `upTo` members that writes the target, and what it read.
 * The members run one by one from the state before the group, so each is asked in the state it ran in.
 */
function groupOrigin(ctx: SearchContext, target: WriteTarget, tick: number, upTo: number): Origin | undefined {
  const { core, node } = moveTo(ctx, { target: tick, reason: 'step' });
  if (node.kind !== 'instr' || !node.members) return undefined;
  const frame = core.frame!;
  const m = ctx.machine;
  const writer = { node, instructions: m.instructionsExecuted, core: core.index, allocation: false };
  let found: Origin | undefined;
  node.members.slice(0, upTo).forEach((member, j) => {
    const reads = readsOf(member, written(target), frame, core, m);
    if (reads) {
      const inputs = reads.map((r) => ({ ...input(m, r, frame, tick), within: j }));
      found = { text: describeWrite({ ...writer, member }, ctx.shown), by: { ...writer, member }, inputs };
    }
    if (j < upTo - 1) compileInstruction(member, m.shadow !== undefined)?.(frame, core, m);
  });
  return found;
}

/** What made a write, for one line about it. */
export type Writer = Pick<Write, 'node' | 'member' | 'instructions' | 'core' | 'allocation'>;

/** One line for a write: what wrote, when, where. */
export function describeWrite(w: Writer, shown: ShownPath): string {
  if (w.allocation) return `allocated at instruction ${count(w.instructions)} (${shownSpan(w.node.span, shown)})`;
  const node = w.node;
  const by = node.kind === 'instr'
    ? w.member ? `${w.member.opcode} (in fusion group ${node.group})` : node.opcode
    : node.kind === 'for' ? `the loop over r${node.register}` : node.kind === 'call' ? `the call of ${node.callee.name}` : node.kind;
  const span = (w.member ?? node).span;
  return `${by} at instruction ${count(w.instructions)} (core ${w.core}) ${shownSpan(span, shown)}`;
}

export function formatSample(s: Sample | undefined): string {
  if (!s) return '?';
  return s.written ? formatNumber(s.value) : '<uninit>';
}

function written(target: WriteTarget): Written {
  return target.kind === 'register' ? { register: target.index } : { tensor: target.view.tensor, index: target.view.offset };
}

function readsOfWrite(m: Machine, w: Write, target: WriteTarget, core: Core, frame: Frame): Read[] | undefined {
  const node = w.node;
  if (node.kind === 'call' && target.kind === 'register') return callArgumentReads(node, target.index);
  return node.kind === 'instr' ? readsOf(node, written(target), frame, core, m) : undefined;
}

function input(m: Machine, r: Read, frame: Frame, tick: number): OriginInput {
  if (r.kind === 'register') {
    // Before the node runs, the top frame is the one it reads registers in (a call's arguments: the caller).
    return {
      label: `${r.role}: r${r.index}`,
      operand: r.role,
      name: `r${r.index}`,
      value: { value: frame.regs[r.index], written: frame.isWritten(r.index) },
      target: { kind: 'register', activation: frame.activation, index: r.index, text: `r${r.index}` },
      before: tick,
    };
  }
  const text = elementName(r.tensor, r.index, m);
  return {
    label: `${r.role} ${r.operand}: ${text}`,
    operand: `${r.role} ${r.operand}`,
    name: text,
    value: sample(r.tensor, r.index),
    error: m.shadow ? shadowError(r.tensor, r.index) : undefined,
    target: { kind: 'memory', view: { tensor: r.tensor, offset: r.index, shape: [], strides: [] }, text, allocatedBy: allocatingActivation(m, r.tensor) },
    before: tick,
  };
}

/** `acc[3, 7]`: an element by its tensor's own name and indices. */
/**
 * An element as the program names it: `t[1, 2]`; in an array of tiles (allocated by a frame of `m`), the tile then
 * its element, `acc[1][2][5, 3]`, not the storage's indices.
 */
export function elementName(t: Tensor, index: number, m?: Machine): string {
  const at = unravel(t.shape, index);
  const arrays = m ? (allocOf(m, t)?.arrays ?? 0) : 0;
  if (arrays === 0) return `${t.name}[${at.join(', ')}]`;
  return `${t.name}${at.slice(1, 1 + arrays).map((i) => `[${i}]`).join('')}[${[at[0], ...at.slice(1 + arrays)].join(', ')}]`;
}

/** The activation whose allocation a tensor is now, or undefined for DRAM (which no activation allocates). */
export function allocatingActivation(m: Machine, t: Tensor): number | undefined {
  if (t.memory === 'dram') return undefined;
  for (const core of m.cores) {
    for (const f of core.frames) {
      if (f.fn.allocs.some((a) => f.tensors[a.slot]?.tensor === t)) return f.activation;
    }
  }
  return undefined;
}

function noWriter(ctx: SearchContext, target: WriteTarget, horizon: 'history' | 'allocation' | 'activation', value: Sample): string {
  const t = ctx.timeline;
  if (horizon === 'activation') return target.kind === 'register' ? 'never written in this activation' : 'not written since its activation began';
  if (t.start > 0) return `not written since the earliest point of the history (instruction ${count(t.startInstructions)})`;
  if (target.kind === 'register') return 'never written';
  const tensor = target.view.tensor;
  const dram = tensor.memory === 'dram' ? ctx.machine.program.drams.find((d) => ctx.machine.drams[d.slot] === tensor) : undefined;
  if (!dram || !value.written) return 'never written';
  if (dram.init) return `set before the run by its declaration (${dram.init.kind}${dram.init.kind === 'file' ? ` "${dram.init.path}"` : ''}), ${shownSpan(dram.span, ctx.shown)}`;
  return `an input of the program (dram ${dram.name}, from the launch's inputs), ${shownSpan(dram.span, ctx.shown)}`;
}


function count(n: number): string {
  return n.toLocaleString('en-US');
}
