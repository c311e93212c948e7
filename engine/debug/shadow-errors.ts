/**
 * The errors of a shadow run (issue 27) as the debugger tells them: `:error EXPR` (an element's, or the largest of a
 * slice's, error against float64 in ulps of its dtype, and where it entered), and the notes `:why` adds along its
 * provenance tree (each value's error, and the step where it jumped).
 */
import { EngineError } from '../protocol/errors';
import { EvaluateResult } from '../protocol/types';
import { formatNumber } from '../eval/format';
import { Machine } from '../machine/machine';
import { shadowElement } from '../machine/shadow-element';
import { Tensor } from '../machine/tensor';
import { errorInUlp, hasUlp, relativeError, unitRoundoff } from '../machine/ulp';
import { forEachIndex, unravel, View } from '../machine/view';
import { formatUlp } from '../run/shadow-summary';
import { ShownPath, shownSpan } from './shown-path';

/** One element's error against float64, as the shadow run knows it now. */
export interface ShadowError {
  readonly stored: number;
  readonly exact: number;
  /** stored − float64, in ulps of the element's dtype. */
  readonly ulps: number;
  readonly relative: number;
  /** Whether the element has a shadow (false: never written by a shadowed instruction, or an integer dtype). */
  readonly shadowed: boolean;
  readonly origin: number;
  readonly jump: number;
}

export function shadowError(t: Tensor, index: number): ShadowError {
  const e = shadowElement(t, index);
  return { ...e, ulps: e.shadowed ? errorInUlp(t.dtype, e.stored, e.exact) : 0, relative: relativeError(e.stored, e.exact) };
}

/** ` (error +12 ulp)`, or nothing outside a shadow run and for elements without a shadow. */
export function errorNote(e: ShadowError | undefined): string {
  if (!e?.shadowed) return '';
  return ` (error ${signed(e.ulps)} ulp)`;
}

/** Relative errors up to this are what a few roundings of the engines' f32 arithmetic make: not a jump. */
const JUMP_ABOVE = 8 * unitRoundoff('f32');

/**
 * For a step of `:why`: whether the error jumped at this write, from the largest relative error of what it read to
 * that of what it made (more than doubled, and beyond a few f32 roundings: where every error starts is no jump).
 */
export function jumpNote(made: ShadowError | undefined, read: readonly (ShadowError | undefined)[], dtype: Tensor['dtype']): string {
  if (!made?.shadowed) return '';
  const before = Math.max(0, ...read.map((e) => e?.relative ?? 0));
  const after = made.relative;
  if (!(after > 2 * before) || after <= JUMP_ABOVE) return '';
  return `; the error jumped here: relative ${brief(before)} → ${brief(after)} (${cause(after - before, dtype)})`;
}

/**
 * `:error EXPR`: one element's error, or the largest of the elements EXPR names, and where it entered. `named`: the
 * memory EXPR names (undefined for a register), asked for only in a shadow run.
 */
export function errorCommand(machine: Machine, named: () => View | undefined, text: string, shown: ShownPath): EvaluateResult {
  if (!machine.shadow) throw new EngineError(':error needs a shadow run: set the launch attribute \'shadow\' to true (every instruction then also runs in float64)', 'state');
  const view = named();
  if (!view) throw new EngineError(`:error shows the error of tensor elements; '${text}' is a register, which has no shadow`, 'argument');
  const t = view.tensor;
  let worst = -1;
  let worstUlps = -1;
  let shadowed = 0;
  let size = 0;
  forEachIndex(view, (index) => {
    size++;
    const e = shadowError(t, index);
    if (!e.shadowed) return;
    shadowed++;
    if (Math.abs(e.ulps) > worstUlps || worst < 0) {
      worstUlps = Math.abs(e.ulps);
      worst = index;
    }
  });
  if (worst < 0) {
    const why = !hasUlp(t.dtype) ? `${t.dtype} has no shadow (integers are exact, packed types are bits)` : 'no shadowed instruction wrote it (an input, or written otherwise since)';
    return { result: `${text}: no error known: ${why}`, reference: 0 };
  }
  const e = shadowError(t, worst);
  const which = size > 1 ? `largest of ${shadowed} shadowed element${shadowed === 1 ? '' : 's'} at ${t.name}[${unravel(t.shape, worst).join(', ')}]: ` : '';
  const lines = [`${text}: ${which}${formatNumber(e.stored)} (${t.dtype}), float64 ${e.exact}, error ${signed(e.ulps)} ulp (relative ${brief(e.relative)})`];
  const entered = enteredLine(machine, e, t.dtype, shown);
  if (entered) lines.push(`  ${entered}`);
  return { result: lines.join('\n'), reference: 0 };
}

/** `it entered at TensorScalar k.bir:9:3: ...`: the instruction where the element's relative error grew most. */
export function enteredLine(machine: Machine, e: ShadowError, dtype: Tensor['dtype'], shown: ShownPath): string | undefined {
  const entered = e.origin >= 0 ? machine.shadow?.nodes[e.origin] : undefined;
  if (!entered || !(e.relative > 0)) return undefined;
  return `it entered at ${entered.opcode} ${shownSpan(entered.span, shown)}: the relative error grew by ${brief(e.jump)} there (${cause(e.jump, dtypeWritten(entered, dtype))})`;
}

/** The dtype an instruction's destination has, for the words about its rounding. */
function dtypeWritten(node: { readonly dst?: { readonly kind: string; readonly ap?: { readonly dtype: Tensor['dtype'] } } }, fallback: Tensor['dtype']): Tensor['dtype'] {
  return node.dst?.kind === 'tensor' && node.dst.ap ? node.dst.ap.dtype : fallback;
}

/** What a growth of relative error at one write can be: a rounding to a narrow dtype, or more than any rounding. */
function cause(growth: number, dtype: Tensor['dtype']): string {
  const u = unitRoundoff(dtype);
  if (growth <= 2 * u) return dtype === 'f32' ? 'the rounding to f32' : `the rounding to ${dtype}`;
  return `${brief(growth / u)} times a rounding to ${dtype}: a cancellation, or an operation that magnifies its inputs' error`;
}

/** Three significant digits: an error's size, not its bits. */
function brief(x: number): string {
  if (!Number.isFinite(x) || x === 0) return String(x);
  return Math.abs(x) < 1e-3 || Math.abs(x) >= 1e6 ? x.toExponential(2) : String(Number(x.toPrecision(3)));
}

function signed(ulps: number): string {
  return `${ulps > 0 ? '+' : ''}${formatUlp(ulps)}`;
}
