/**
 * The shape of a dump, checked before anything walks it: every field of format 1 has its type, every count its bound
 * (cores 1 to 8, a stack per core at most, 16 registers, the calls a run may nest), so that a damaged or hostile dump
 * is refused with the field that is wrong instead of failing deep in the restorer (a pass that is an array nested a
 * million deep, 10^9 cores). The checks look only where the format puts values, one level at a time: nothing here
 * recurses into what the file holds.
 */
import { MAX_CORES, REGISTERS } from '../machine/limits';

/** The most calls a run nests: the launch attribute maxCallDepth is at most 100,000 (a frame more for main). */
const MAX_FRAMES = 100_001;
/** Regions a frame can be inside at once (loops and branches nested in one function), and its tensors. */
const MAX_CURSORS = 100_000;
const MAX_SLOTS = 1_000_000;
/** The most dimensions of a tensor, and of the passes and files a program has, far beyond any real one. */
const MAX_RANK = 64;
const MAX_PASSES = 10_000;
const MAX_FILES = 100_000;
/** Tensors of a dump: DRAM ones, plus one per allocation of each frame. */
const MAX_TENSORS = 10_000_000;

/** What is wrong with a dump's shape, and where: `stacks[0].frames[3].registers` must be ... */
export class ShapeProblem extends Error {}

type Fields = Record<string, unknown>;

/** Throws a ShapeProblem naming the first field of `dump` that does not fit format 1. */
export function checkDumpShape(dump: unknown): void {
  const d = object(dump, 'the dump');
  const program = object(d.program, 'program');
  string(program.entry, 'program.entry');
  const sources = object(program.sources, 'program.sources');
  const files = Object.keys(sources);
  if (files.length > MAX_FILES) problem('program.sources', `has ${files.length} files, more than ${MAX_FILES}`);
  for (const file of files) string(sources[file], `program.sources[${JSON.stringify(clip(file))}]`);
  array(program.passes, 'program.passes', MAX_PASSES).forEach((p, i) => string(p, `program.passes[${i}]`));
  const cores = integer(d.cores, 'cores', 1, MAX_CORES);
  integer(d.instructions, 'instructions', 0);
  checkFault(d.fault, cores);
  array(d.stacks, 'stacks', cores).forEach((s, i) => checkStack(s, `stacks[${i}]`, cores));
  array(d.drams, 'drams', MAX_TENSORS).forEach((id, i) => integer(id, `drams[${i}]`, 0));
  array(d.tensors, 'tensors', MAX_TENSORS).forEach((t, i) => checkTensor(t, `tensors[${i}]`, cores));
}

function checkFault(value: unknown, cores: number): void {
  const f = object(value, 'fault');
  string(f.code, 'fault.code');
  string(f.message, 'fault.message');
  optional(f.node, (v) => string(v, 'fault.node'));
  integer(f.core, 'fault.core', -1, cores - 1);
  optional(f.span, (v) => {
    const span = object(v, 'fault.span');
    string(span.file, 'fault.span.file');
    for (const key of ['line', 'col', 'endLine', 'endCol']) integer(span[key], `fault.span.${key}`, 0);
  });
}

function checkStack(value: unknown, at: string, cores: number): void {
  const s = object(value, at);
  integer(s.core, `${at}.core`, 0, cores - 1);
  string(s.state, `${at}.state`);
  integer(s.executed, `${at}.executed`, 0);
  array(s.frames, `${at}.frames`, MAX_FRAMES).forEach((f, i) => checkFrame(f, `${at}.frames[${i}]`));
}

function checkFrame(value: unknown, at: string): void {
  const f = object(value, at);
  string(f.function, `${at}.function`);
  integer(f.activation, `${at}.activation`, 0);
  integer(f.depth, `${at}.depth`, 0);
  array(f.registers, `${at}.registers`, REGISTERS).forEach((r, i) => double(r, `${at}.registers[${i}]`));
  integer(f.written, `${at}.written`, 0, 2 ** REGISTERS - 1);
  optional(f.call, (v) => string(v, `${at}.call`));
  integer(f.sbufBase, `${at}.sbufBase`, 0);
  integer(f.psumBase, `${at}.psumBase`, 0);
  array(f.cursors, `${at}.cursors`, MAX_CURSORS).forEach((c, i) => checkCursor(c, `${at}.cursors[${i}]`));
  array(f.tensors, `${at}.tensors`, MAX_SLOTS).forEach((v, i) => {
    const view = object(v, `${at}.tensors[${i}]`);
    integer(view.tensor, `${at}.tensors[${i}].tensor`, 0);
    integer(view.offset, `${at}.tensors[${i}].offset`, 0);
    integers(view.shape, `${at}.tensors[${i}].shape`, 0);
    integers(view.strides, `${at}.tensors[${i}].strides`);
  });
}

function checkCursor(value: unknown, at: string): void {
  const c = object(value, at);
  string(c.kind, `${at}.kind`);
  optional(c.owner, (v) => string(v, `${at}.owner`));
  integer(c.pc, `${at}.pc`, 0);
  integer(c.activation, `${at}.activation`, 0);
  optional(c.loop, (v) => {
    const loop = object(v, `${at}.loop`);
    double(loop.value, `${at}.loop.value`);
    integer(loop.iteration, `${at}.loop.iteration`, 0);
    integer(loop.count, `${at}.loop.count`, 0);
    optional(loop.end, (x) => double(x, `${at}.loop.end`));
    optional(loop.step, (x) => double(x, `${at}.loop.step`));
  });
}

function checkTensor(value: unknown, at: string, cores: number): void {
  const t = object(value, at);
  integer(t.id, `${at}.id`, 0);
  for (const key of ['name', 'memory', 'dtype', 'data', 'written']) string(t[key], `${at}.${key}`);
  integers(t.shape, `${at}.shape`, 0);
  optional(t.core, (v) => integer(v, `${at}.core`, 0, cores - 1));
}

// ---- one value at a time ----

function problem(at: string, what: string): never {
  throw new ShapeProblem(`${at} ${what}`);
}

function object(v: unknown, at: string): Fields {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) problem(at, `must be an object, found ${describe(v)}`);
  return v as Fields;
}

function array(v: unknown, at: string, most: number): unknown[] {
  if (!Array.isArray(v)) problem(at, `must be an array, found ${describe(v)}`);
  if (v.length > most) problem(at, `has ${v.length} entries, more than ${most}`);
  return v;
}

function string(v: unknown, at: string): string {
  if (typeof v !== 'string') problem(at, `must be a string, found ${describe(v)}`);
  return v;
}

function integer(v: unknown, at: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min || v > max) problem(at, `must be an integer from ${min} to ${max}, found ${describe(v)}`);
  return v;
}

function integers(v: unknown, at: string, min = -Number.MAX_SAFE_INTEGER): void {
  array(v, at, MAX_RANK).forEach((x, i) => integer(x, `${at}[${i}]`, min));
}

/** A double as JSON holds one: a number, or null for NaN and the infinities (JSON has no word for them). */
function double(v: unknown, at: string): void {
  if (typeof v !== 'number' && v !== null) problem(at, `must be a number, found ${describe(v)}`);
}

function optional(v: unknown, check: (v: unknown) => void): void {
  if (v !== undefined) check(v);
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return `an array of ${v.length}`;
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return `the string ${JSON.stringify(clip(v))}`;
  return `${typeof v} ${String(v)}`;
}

function clip(s: string): string {
  return s.length > 40 ? `${s.slice(0, 37)}...` : s;
}
