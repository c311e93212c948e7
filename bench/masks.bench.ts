/**
 * Masks (issue 24), measured in one run:
 *   npx tsx bench/masks.bench.ts [--json FILE]
 * A TensorTensor add on a [128, 512] f32 tile, N times in a loop: whole, through a prefix view `t[0:r1, :]`, under a
 * box mask `p < r1` (one sub-view, as the prefix) and under a causal triangle `f <= p` (one interval per row, 128 runs
 * of the kernel). Each figure is net of the loop (the same loop with a `Set` as its body), best of a few rounds taken
 * in turn, under tsx. The elements each variant computes differ: the figures are per instruction and per element.
 */
import { Machine } from '../engine/machine/machine';
import { Interpreter } from '../engine/run/interpreter';
import { bestOfRounds, report, virtualProgram, writeJson } from './harness';

const N = 400;
const [P, F] = [128, 512];
const R1 = 100;

function program(body: string): string {
  return `module masks
func main() {
  sbuf t : f32[${P}, ${F}]
  sbuf u : f32[${P}, ${F}]
  Iota t <- base = 0, pstep = 1, fstep = 1
  Memset u <- 0
  Set r1 = ${R1}
  for r0 in 0..${N} {
    ${body}
  }
}
`;
}

const VARIANTS = {
  loop: program('Set r2 = r0'),
  whole: program('TensorTensor u <- t, u, op = add'),
  prefix: program('TensorTensor u[0:r1, :] <- t[0:r1, :], u[0:r1, :], op = add'),
  box: program('TensorTensor u <- t, u, op = add, mask = p < r1'),
  triangle: program('TensorTensor u <- t, u, op = add, mask = f <= p'),
};

/** The elements each variant computes per instruction. */
const ELEMENTS = { whole: P * F, prefix: R1 * F, box: R1 * F, triangle: (P * (P + 1)) / 2 };

function main(): void {
  const runs = {} as Record<keyof typeof VARIANTS, () => void>;
  for (const k of Object.keys(VARIANTS) as (keyof typeof VARIANTS)[]) {
    const p = virtualProgram(VARIANTS[k]);
    runs[k] = () => void new Interpreter(new Machine(p)).runFast();
  }
  const s = bestOfRounds(5, runs);
  const out: Record<string, Record<string, number>> = {};
  for (const k of Object.keys(ELEMENTS) as (keyof typeof ELEMENTS)[]) {
    const seconds = s[k] - s.loop;
    out[k] = { instructionsPerSecond: N / seconds, elementsPerSecond: (N * ELEMENTS[k]) / seconds, microsecondsPerInstruction: (seconds / N) * 1e6 };
  }
  report('masks', out);
  writeJson(process.argv, out);
}

main();
