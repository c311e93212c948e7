/**
 * The Debug Console's questions about the past, answered from the history of the run without moving it:
 * `:history EXPR` (every write to an element, a slice or a register, with the values before and after) and
 * `:why EXPR` (the write that made one element or register what it is, and what that write read, a step back at a
 * time). `:last EXPR` finds the last write for the debugger to go to.
 */
import { EngineError } from '../protocol/errors';
import { EvaluateResult, VariableInfo } from '../protocol/types';
import { Inspector } from './inspector';
import { absolutePath, ShownPath } from './shown-path';
import { describeWrite, explain, formatSample, Origin, OriginInput } from './origins';
import { nonFiniteBirth } from './non-finite';
import { errorNote, jumpNote, ShadowError } from './shadow-errors';
import { findWrites, Sample, SearchContext, Write, WriteBound, WriteSearch, writesPage, WriteTarget } from './writes';
import type { HistoryAnswer, SampleValue, WhyAnswer, WriteRecord } from '../../contract/time-queries';

/** What an expression of the console names: something that is written. */
export interface NamedTarget {
  readonly target: WriteTarget;
  /** Elements (1 for a register). */
  readonly size: number;
  /** The value now, when it is one element or a register. */
  readonly value?: Sample;
  /** The name of its first element, for messages (`acc[3, 7]`). */
  readonly first: string;
}

export interface TimeQueryHost {
  readonly inspector: Inspector;
  /** Runs a search of the past, then brings the run back to where it stopped. */
  inThePast<T>(what: string, search: (ctx: SearchContext) => T): T;
  /** What an expression names, in the frame the console evaluates in. */
  named(text: string, what: string): NamedTarget;
  /** The present, in ticks. */
  now(): number;
  /** How the Debug Console writes a file's path. */
  readonly shown: ShownPath;
  /** Values the user set while stopped in what a target names, up to now (no instruction wrote them). */
  setsOf?(target: WriteTarget): { readonly tick: number; readonly instructions: number }[];
  /** In a shadow run: an element's error now, and where it entered (shadow-errors.ts). */
  readonly shadow?: {
    errorOf(target: WriteTarget): ShadowError | undefined;
    entered(e: ShadowError, target: WriteTarget): string | undefined;
  };
}

/** Writes :history lists at once, exactly, when there are more: the latest; a row before them opens the writes before those. */
export const HISTORY_PAGE = 1000;

export function history(host: TimeQueryHost, text: string): EvaluateResult {
  if (text === '') throw new EngineError(':history takes an expression: :history acc[3, 7]', 'argument');
  const named = host.named(text, ':history');
  const page = host.inThePast(':history', (ctx) => writesPage(ctx, named.target, host.now(), HISTORY_PAGE));
  const rows = historyRows(host, named, page);
  const writes = page.writes.filter((w) => !w.allocation);
  const allocation = page.writes.find((w) => w.allocation);
  const since = allocation ? ` since its allocation at instruction ${count(allocation.instructions)}` : '';
  const reference = rows.length ? host.inspector.rowsReference(rows) : 0;
  const indexed = rows.length || undefined;
  const sets = setNote(host, named);
  if (writes.length === 0) return { result: `${text}: not written${since || ' in the history of the run'}${sets}`, reference, indexed };
  const span = `instructions ${count(writes[0].instructions)} to ${count(writes[writes.length - 1].instructions)}`;
  const n = `${writes.length} write${writes.length === 1 ? '' : 's'}`;
  const result = page.earlier ? `${text}: the latest ${n} (${span}); earlier ones open from the first row` : `${text}: ${n}${since} (${span})`;
  return { result: `${result}${sets}`, reference, indexed };
}

/** Says when the user set values in a target while stopped: searches list the instructions' writes only. */
function setNote(host: TimeQueryHost, named: NamedTarget): string {
  const sets = host.setsOf?.(named.target) ?? [];
  if (sets.length === 0) return '';
  return `; values set while stopped (Set Value, writeMemory) at instruction ${sets.map((u) => count(u.instructions)).join(', ')}, not listed`;
}

/** A page of writes, in order, after a row that opens the page before it (when there may be one). */
function historyRows(host: TimeQueryHost, named: NamedTarget, page: WriteSearch): VariableInfo[] {
  const rows = page.writes.map((w) => historyRow(w, named, host.shown));
  const earlier = page.earlier;
  if (!earlier) return rows;
  const before = (): VariableInfo[] => historyRows(host, named, host.inThePast(':history', (ctx) => writesPage(ctx, named.target, earlier, HISTORY_PAGE)));
  return [{ name: '…', value: `writes before instruction ${count(earlier.instructions)}`, reference: host.inspector.lazyReference(before) }, ...rows];
}

function historyRow(w: Write, named: NamedTarget, shown: ShownPath): VariableInfo {
  const element = named.size > 1 ? `[${w.position}] ` : '';
  const more = w.count > 1 ? ` (and ${w.count - 1} more element${w.count === 2 ? '' : 's'})` : '';
  const change = w.allocation ? 'allocated, unwritten' : `${element}${formatSample(w.before)} → ${formatSample(w.after)}${more}`;
  return { name: `#${count(w.instructions)}`, value: `${change}: ${describeWrite(w, shown)}`, reference: 0 };
}

export function why(host: TimeQueryHost, text: string): EvaluateResult {
  if (text === '') throw new EngineError(':why takes one element or a register: :why acc[3, 7]', 'argument');
  const named = host.named(text, ':why');
  if (named.size !== 1 || !named.value) {
    throw new EngineError(`:why explains one element; '${text}' has ${named.size} elements (name one, as in :why ${named.first})`, 'argument');
  }
  const value = named.value;
  let birth: string | undefined;
  const origin = host.inThePast(':why', (ctx) => {
    const o = explain(ctx, named.target, host.now(), value);
    birth = nonFiniteBirth(ctx, named.target, value, o);
    return o;
  });
  // A value set while stopped after the last write that an instruction made is where the value came from.
  const set = (host.setsOf?.(named.target) ?? []).filter((u) => !origin.write || u.tick > origin.write.tick).pop();
  if (set) return { result: `${text} = ${formatSample(value)} ← set while stopped at instruction ${count(set.instructions)} (Set Value or writeMemory); no instruction wrote it since`, reference: 0 };
  const rows = inputRows(host, origin);
  const error = host.shadow?.errorOf(named.target);
  const entered = error && host.shadow?.entered(error, named.target);
  const jumped = stepNote(named.target, error, origin);
  return {
    result: `${text} = ${formatSample(value)}${errorNote(error)} ← ${origin.text}${jumped}${birth ? `\n  ${birth}` : ''}${entered ? `\n  ${entered}` : ''}`,
    reference: rows.length ? host.inspector.rowsReference(rows) : 0,
    indexed: rows.length || undefined,
  };
}

/** The values a write read, each opening into its own origin. */
function inputRows(host: TimeQueryHost, origin: Origin): VariableInfo[] {
  const byOperand = new Map<string, OriginInput[]>();
  for (const input of origin.inputs) byOperand.set(input.operand, [...(byOperand.get(input.operand) ?? []), input]);
  return [...byOperand].flatMap(([operand, inputs]) => {
    if (inputs.length <= GROUP_FROM) return inputs.map((input) => inputRow(host, input));
    // Many values through one operand (a MatMult's column, a reduction's row): one row that opens into them.
    const value = `${inputs.length} values: ${inputs[0].name} … ${inputs[inputs.length - 1].name}`;
    return [{ name: operand, value, reference: host.inspector.lazyReference(() => inputs.map((input) => inputRow(host, input))) }];
  });
}

/** Values read through one operand above which they are listed under one row. */
const GROUP_FROM = 8;

function inputRow(host: TimeQueryHost, input: OriginInput): VariableInfo {
  return { name: input.label, value: `${formatSample(input.value)}${errorNote(input.error)}`, reference: host.inspector.lazyReference(() => originRows(host, input)) };
}

function originRows(host: TimeQueryHost, input: OriginInput): VariableInfo[] {
  const origin = host.inThePast(':why', (ctx) => explain(ctx, input.target, input.before, input.value, input.within));
  return [{ name: '← from', value: `${origin.text}${stepNote(input.target, input.error, origin)}`, reference: 0 }, ...inputRows(host, origin)];
}

/** In a shadow run, whether the error jumped at this step: from what the write read to what it made. */
function stepNote(target: WriteTarget, made: ShadowError | undefined, origin: Origin): string {
  if (!made || target.kind !== 'memory') return '';
  return jumpNote(made, origin.inputs.map((i) => i.error), target.view.tensor.dtype);
}

/** `bir/history`: the page of writes `:history` lists, as data (the latest `limit` before the bound). */
export function historyAnswer(host: TimeQueryHost, text: string, limit = HISTORY_PAGE, before?: WriteBound): HistoryAnswer {
  if (text === '') throw new EngineError('bir/history takes an expression: acc[3, 7]', 'argument');
  const named = host.named(text, 'bir/history');
  const page = host.inThePast('bir/history', (ctx) => writesPage(ctx, named.target, before ?? host.now(), limit));
  return {
    expression: text,
    elements: named.size,
    writes: page.writes.map(writeRecord),
    earlier: page.earlier,
    horizon: page.horizon,
    setWhileStopped: (host.setsOf?.(named.target) ?? []).map((u) => u.instructions),
  };
}

/**
 * `bir/why`: where one value came from, as data, as `:why` says it. `path` follows the inputs back: each index picks
 * an input of the explanation before it, whose own origin is then explained.
 */
export function whyAnswer(host: TimeQueryHost, text: string, path: readonly number[] = []): WhyAnswer {
  if (text === '') throw new EngineError('bir/why takes one element or a register: acc[3, 7]', 'argument');
  const named = host.named(text, 'bir/why');
  if (named.size !== 1 || !named.value) {
    throw new EngineError(`bir/why explains one element; '${text}' has ${named.size} elements (name one, as ${named.first})`, 'argument');
  }
  const value = named.value;
  let origin = host.inThePast('bir/why', (ctx) => explain(ctx, named.target, host.now(), value));
  let name = text;
  let sampled = value;
  for (const [depth, index] of path.entries()) {
    const input = origin.inputs[index];
    if (!input) throw new EngineError(`path[${depth}] is ${index}, but ${name} was made from ${origin.inputs.length} input${origin.inputs.length === 1 ? '' : 's'} (indices from 0)`, 'argument');
    origin = host.inThePast('bir/why', (ctx) => explain(ctx, input.target, input.before, input.value, input.within));
    name = input.name;
    sampled = input.value;
  }
  // As :why says: a value set while stopped after the last instruction's write is where the value came from.
  const set = path.length === 0 ? (host.setsOf?.(named.target) ?? []).filter((u) => !origin.write || u.tick > origin.write.tick).pop() : undefined;
  if (set) return { expression: text, path, name, value: sampleValue(sampled), origin: `set while stopped at instruction ${count(set.instructions)} (Set Value or writeMemory)`, setWhileStopped: set.instructions, inputs: [] };
  return {
    expression: text,
    path,
    name,
    value: sampleValue(sampled),
    write: origin.write && writeRecord(origin.write),
    origin: origin.text,
    inputs: origin.inputs.map((input) => ({ operand: input.operand, name: input.name, value: sampleValue(input.value) })),
  };
}

function writeRecord(w: Write): WriteRecord {
  const node = w.node;
  const by = w.member ? w.member.opcode : node.kind === 'instr' ? node.opcode : node.kind;
  const group = w.member && node.kind === 'instr' ? node.group : undefined;
  return {
    instructions: w.instructions,
    core: w.core,
    node: node.id,
    by,
    ...(group ? { group } : {}),
    span: (w.member ?? node).span,
    ...(w.allocation ? { allocation: true as const } : {}),
    position: w.position,
    count: w.count,
    before: sampleValue(w.before),
    ...(w.after ? { after: sampleValue(w.after) } : {}),
    // Data for clients that resolve paths themselves: the file as it is.
    text: describeWrite(w, absolutePath),
  };
}

/** A sample as JSON carries it (see SampleValue). */
function sampleValue(s: Sample): SampleValue {
  if (!s.written) return 'uninit';
  if (Number.isNaN(s.value)) return 'NaN';
  if (s.value === Infinity) return 'Infinity';
  if (s.value === -Infinity) return '-Infinity';
  return s.value;
}

/** The last write to what an expression names, before now; refused with what the history says when there is none. */
export function lastWrite(host: TimeQueryHost, text: string): Write {
  if (text === '') throw new EngineError(':last takes an expression: :last acc[3, 7]', 'argument');
  const named = host.named(text, ':last');
  if (named.value && !named.value.written) throw new EngineError(`${text} was never written (it is <uninit>)`, 'state');
  const found = host.inThePast(':last', (ctx) => findWrites(ctx, named.target, host.now(), 1));
  const write = found.writes[found.writes.length - 1];
  if (!write) throw new EngineError(`${text} was not written ${found.horizon === 'history' ? 'in the history of the run' : 'in this activation'}`, 'state');
  if (write.allocation) throw new EngineError(`${text} was not written since its allocation at instruction ${count(write.instructions)}`, 'state');
  return write;
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}
