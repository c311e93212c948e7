/**
 * Programs the differential runs' tests share (diff.test.ts, interleaved-lockstep.test.ts): a divergence planted in
 * one of them is found the same way by each path.
 */
import * as assert from 'assert';

/** A loop and a call with a register argument: divergences planted inside the loop or the callee. */
export const LOOPS_AND_CALLS = `module p
dram a : f32[4, 8] input = iota
dram b : f32[4, 8] output

func main() {
  sbuf t : f32[4, 8]
  sbuf u : f32[4, 8]
  DmaCopy t <- a
  for r1 in 0..3 {
    TensorScalar t <- t, op = add, scalar = 1
  }
  Set r2 = 2
  call scale(u, t, r2)
  DmaCopy b <- u
}

func scale(dst: sbuf f32[4, 8], src: sbuf f32[4, 8], r3) {
  Activation dst <- src, func = identity, scale = r3
}
`;

/** The program with one text replaced: the planted change, which must be there. */
export function changed(text: string, from: string, to: string): string {
  assert.ok(text.includes(from), `'${from}' in the program`);
  return text.replace(from, to);
}
