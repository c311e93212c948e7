/**
 * The elements the certified kernels leave to the exact path (engine/kernels/wasm/certified.ts): those whose fast
 * double was too near a rounding boundary of f32 to prove its result, NaN arguments, and arguments beyond a
 * function's fast domain. The kernel leaves each one's argument in its place in the results and its index in a
 * list; the host computes it with the reference (alu.ts on base/math.ts), as the scalar path would.
 */
import { Unary } from './alu';
import { Kernels } from './simd';

const CANONICAL_NAN = 0x7fc00000;

/** Replaces the argument of each listed element of the results at `out` by its exact result. */
export function computeLeftLanes(k: Kernels, fn: Unary, out: number, length: number, left: number, count: number): void {
  const buffer = k.memory.buffer;
  const values = new Float32Array(buffer, out, length);
  // NaN is stored by its bits: a Float32Array may keep the sign or payload the host's NaN had.
  const bits = new Uint32Array(buffer, out, length);
  const indices = new Int32Array(buffer, left, count);
  for (let i = 0; i < count; i++) {
    const at = indices[i];
    const result = fn(values[at]);
    if (result === result) values[at] = result;
    else bits[at] = CANONICAL_NAN;
  }
}
