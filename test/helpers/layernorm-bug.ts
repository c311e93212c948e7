/**
 * A layernorm with a planted bug, for the agent tools' tests: the variance is scaled by 1/(D-1) where a layernorm
 * divides by D, so every row comes out 1.6 % too large and the program's own Assert (unit variance) fails. Beside it,
 * the input x and the references of every intermediate, computed in double precision from the same f32 data, as an
 * engineer's NumPy would: what an agent compares the run with.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { writeNpyFile } from '../../engine/io/npy';

const T = 16;
const D = 64;
const EPS = 1e-5;

export const LAYERNORM = `module layernorm

const T = ${T}
const D = ${D}
const EPS = ${EPS}

dram x : f32[T, D] input
dram y : f32[T, D] output

func main() {
  sbuf xs   : f32[T, D]
  sbuf sum  : f32[T, 1]
  sbuf mean : f32[T, 1]
  sbuf xc   : f32[T, D]
  sbuf sq   : f32[T, D]
  sbuf ss   : f32[T, 1]
  sbuf var  : f32[T, 1]
  sbuf rstd : f32[T, 1]
  sbuf ys   : f32[T, D]

  DmaCopy      xs   <- x
  TensorReduce sum  <- xs, op = add
  TensorScalar mean <- sum, op = mul, scalar = 1/D
  TensorScalar xc   <- xs, op = sub, scalar = mean
  Activation   sq   <- xc, func = square
  TensorReduce ss   <- sq, op = add
  TensorScalar var  <- ss, op = mul, scalar = 1/(D-1), op1 = add, scalar1 = EPS
  Activation   rstd <- var, func = rsqrt
  TensorScalar ys   <- xc, op = mul, scalar = rstd
  DmaCopy      y    <- ys

  Assert abs(mean(ys * ys) - 1) < 1e-3, "normalised rows have unit variance"
}
`;

/** The line of the planted bug. */
export const BUG_LINE = LAYERNORM.split('\n').findIndex((l) => l.includes('1/(D-1)')) + 1;

export interface LayernormFixture {
  readonly dir: string;
  readonly program: string;
  /** The reference files, by tensor name (relative to dir). */
  readonly references: Readonly<Record<string, string>>;
}

/** Writes the program, its input and the references into a new temporary folder. */
export function writeLayernorm(): LayernormFixture {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-agent-'));
  fs.writeFileSync(path.join(dir, 'layernorm.bir'), LAYERNORM);
  fs.mkdirSync(path.join(dir, 'ref'));
  const x = new Float32Array(T * D);
  let seed = 12345;
  for (let i = 0; i < x.length; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    x[i] = (seed / 2147483648) * 4 - 2;
  }
  writeNpyFile(path.join(dir, 'x.npy'), { dtype: 'f32', shape: [T, D], data: x });
  const refs = reference(x);
  const references: Record<string, string> = {};
  for (const [name, { shape, data }] of Object.entries(refs)) {
    references[name] = `ref/${name}.npy`;
    writeNpyFile(path.join(dir, references[name]), { dtype: 'f64', shape, data });
  }
  return { dir, program: path.join(dir, 'layernorm.bir'), references };
}

/** A correct layernorm of x, every step of it. */
function reference(x: Float32Array): Record<string, { shape: number[]; data: Float64Array }> {
  const column = (): Float64Array => new Float64Array(T);
  const tile = (): Float64Array => new Float64Array(T * D);
  const [sum, mean, ss, variance, rstd] = [column(), column(), column(), column(), column()];
  const [xc, sq, ys] = [tile(), tile(), tile()];
  for (let t = 0; t < T; t++) {
    for (let d = 0; d < D; d++) sum[t] += x[t * D + d];
    mean[t] = sum[t] / D;
    for (let d = 0; d < D; d++) {
      xc[t * D + d] = x[t * D + d] - mean[t];
      sq[t * D + d] = xc[t * D + d] ** 2;
      ss[t] += sq[t * D + d];
    }
    variance[t] = ss[t] / D + EPS;
    rstd[t] = 1 / Math.sqrt(variance[t]);
    for (let d = 0; d < D; d++) ys[t * D + d] = xc[t * D + d] * rstd[t];
  }
  const col = (data: Float64Array): { shape: number[]; data: Float64Array } => ({ shape: [T, 1], data });
  const full = (data: Float64Array): { shape: number[]; data: Float64Array } => ({ shape: [T, D], data });
  return { sum: col(sum), mean: col(mean), xc: full(xc), sq: full(sq), ss: col(ss), var: col(variance), rstd: col(rstd), ys: full(ys), y: full(ys) };
}
