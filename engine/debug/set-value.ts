/**
 * Setting values while stopped (DAP's setVariable and setExpression): what a target is (memory through a view, a
 * register of an activation, or something read-only with the reason), and the store itself. A value is an
 * expression of the evaluate language; it is stored as an instruction stores: rounded to the element's dtype, and
 * the elements count as written from then on.
 */
import { Frame } from '../machine/core';
import { Machine } from '../machine/machine';
import { View, viewSize, writeView } from '../machine/view';
import { readBlock, shapeOf, Value } from '../eval/value';
import { EngineError } from '../protocol/errors';
import { LogicalFrame, loopRegisters } from './stack';

/** What a Set Value writes to. */
export type SetTarget =
  /** `frame`: where a value for it is evaluated, when it belongs to a frame (else the top frame of the stop). */
  | { readonly kind: 'memory'; readonly view: View; readonly text: string; readonly frame?: LogicalFrame }
  | { readonly kind: 'register'; readonly core: number; readonly frame: Frame; readonly index: number }
  | { readonly kind: 'read-only'; readonly reason: string };

/**
 * The values to store into a view: one per element, row-major. A number (or any one-element value) fills the view;
 * a tensor must have the view's shape. Never-written inputs are refused: storing them would invent values.
 */
export function valuesFor(view: View, value: Value, valueText: string, targetText: string): Float64Array {
  const n = viewSize(view);
  const out = new Float64Array(n);
  if (value.kind === 'scalar') {
    if (!value.written) throw new EngineError(`'${valueText}' reads a register that was never written in this activation: there is no value to store`, 'argument');
    return out.fill(value.value);
  }
  const shape = shapeOf(value);
  const size = shape.reduce((a, b) => a * b, 1);
  const written = new Uint8Array(Math.max(size, 1));
  if (size === 1) {
    const one = new Float64Array(1);
    readBlock(value, 0, 1, one, written);
    if (!written[0]) throw new EngineError(`'${valueText}' was never written: there is no value to store`, 'argument');
    return out.fill(one[0]);
  }
  if (!sameShape(shape, view.shape)) {
    throw new EngineError(`'${valueText}' has shape [${shape.join(', ')}] and '${targetText}' has shape [${view.shape.join(', ')}]: the value must be a number or have the target's shape`, 'argument');
  }
  readBlock(value, 0, n, out, written);
  const missing = written.indexOf(0);
  if (missing >= 0 && missing < n) throw new EngineError(`'${valueText}' has elements that were never written (element ${missing} in row-major order): there is no value to store there`, 'argument');
  return out;
}

function sameShape(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((d, i) => d === b[i]);
}

/** Stores values into a view, rounded to its dtype as a store by an instruction rounds them; the elements become written. */
export function storeValues(view: View, values: Float64Array): void {
  writeView(view, values);
}

/** The value a register takes: registers hold doubles as they are; one element of a tensor will do. */
export function registerValue(value: Value, valueText: string): number {
  if (value.kind === 'scalar') {
    if (!value.written) throw new EngineError(`'${valueText}' reads a register that was never written in this activation: there is no value to store`, 'argument');
    return value.value;
  }
  const shape = shapeOf(value);
  if (shape.reduce((a, b) => a * b, 1) !== 1) throw new EngineError(`a register holds one number, and '${valueText}' has shape [${shape.join(', ')}]`, 'argument');
  const one = new Float64Array(1);
  const written = new Uint8Array(1);
  readBlock(value, 0, 1, one, written);
  if (!written[0]) throw new EngineError(`'${valueText}' was never written: there is no value to store`, 'argument');
  return one[0];
}

/** The frame of an activation on a core now (a replay may run an activation in another frame object). */
export function frameOfActivation(machine: Machine, core: number, activation: number, fallback: Frame): Frame {
  return machine.cores[core].frames.find((f) => f.activation === activation) ?? fallback;
}

/** A register of a logical frame as a target: read-only while it counts the iterations of a loop the frame is in. */
export function registerTarget(lf: LogicalFrame, index: number): SetTarget {
  const loop = loopRegisters(lf).find((l) => l.register === index);
  if (loop) return { kind: 'read-only', reason: `r${index} counts the iterations of the loop at line ${loop.loop.span.line} (iteration ${loop.iteration + 1} of ${loop.count}): it cannot be set inside its loop` };
  return { kind: 'register', core: lf.core.index, frame: lf.frame, index };
}
