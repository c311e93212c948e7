/** Programs and randomness for property tests of time travel: deterministic from a seed. */
import { mulberry32 } from '../../engine/machine/random';

/** A small fast generator of numbers in [0, 1) from a seed: the project's (mulberry32, engine/machine/random.ts). */
export const random = mulberry32;

/** Generated programs: loops, calls, branches and elementwise work on a few tensors, long enough for several checkpoints. */
export function generated(seed: number): string {
  const rnd = random(seed);
  const body: string[] = [];
  const ops = [
    () => '    TensorScalar a <- a, op = add, scalar = r1',
    () => '    TensorTensor b <- a, b, op = add',
    () => '    Memset c[0:4, 0:4] <- r2',
    () => '    call mix(a, b)',
    () => '    if r1 > 3 { Set r2 = r2 + 1 } else { Set r2 = r2 - 1 }',
    () => '    DmaCopy out[0:4, 0:8] <- b',
  ];
  for (let i = 0; i < 6; i++) body.push(ops[Math.floor(rnd() * ops.length)]());
  const loops = 9000 + Math.floor(rnd() * 3000);
  return `module gen
dram out : f32[4, 8] output
func main() {
  sbuf a : f32[4, 8]
  sbuf b : f32[4, 8]
  sbuf c : f32[4, 8]
  Memset a <- 1
  Memset b <- 0
  Memset c <- 0
  Set r2 = 0
  for r1 in 0..${loops} {
${body.join('\n')}
  }
  DmaCopy out <- b
}
func mix(x: sbuf f32[4, 8], y: sbuf f32[4, 8]) {
  sbuf t : f32[4, 8]
  TensorTensor t <- x, y, op = mul
  TensorScalar y <- t, op = mul, scalar = 0.5
}
`;
}
