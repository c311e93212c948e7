/**
 * A shadow run (issue 27): every instruction that writes a tensor runs again in float64. Its figures are checked
 * against the same program computed plainly in doubles here; a cancellation planted at a known instruction is where
 * the error is said to have entered; integers have no shadow; the run itself is unchanged.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { main as cli } from '../../engine/cli/bir-sim';
import { NpyArray } from '../../engine/io/npy';
import { Machine } from '../../engine/machine/machine';
import { setSimdKernels } from '../../engine/kernels/simd';
import { roundTo } from '../../engine/machine/dtypes';
import { shadowElement } from '../../engine/machine/shadow-element';
import { errorInUlp, ulpOf } from '../../engine/machine/ulp';
import { runProgram } from '../../engine/run/simulate';
import { formatOutputErrors, outputErrors } from '../../engine/run/shadow-summary';
import { programOf } from '../helpers/virtual-host';

const ROWS = 4;
const COLS = 8;

/** Inputs of a known spread: x in [1, 2), w in [-1, 1). */
function inputs(): Record<string, NpyArray> {
  const x = Float32Array.from({ length: ROWS * COLS }, (_, i) => 1 + ((i * 37) % 64) / 64 + 1 / 3);
  const w = Float32Array.from({ length: ROWS * ROWS }, (_, i) => ((i * 11) % 16) / 8 - 1 + 1 / 7);
  return { x: { dtype: 'f32', shape: [ROWS, COLS], data: x }, w: { dtype: 'f32', shape: [ROWS, ROWS], data: w } };
}

const PROGRAM = `module s
dram x : f32[${ROWS}, ${COLS}] input
dram w : f32[${ROWS}, ${ROWS}] input
dram y : f32[${ROWS}, ${COLS}] output
dram r : f32[${ROWS}, 1] output
func main() {
  sbuf a : f32[${ROWS}, ${COLS}]
  sbuf b : bf16[${ROWS}, ${COLS}]
  sbuf ws : f32[${ROWS}, ${ROWS}]
  psum p : f32[${ROWS}, ${COLS}]
  sbuf c : f32[${ROWS}, ${COLS}]
  sbuf rs : f32[${ROWS}, 1]
  DmaCopy a <- x
  DmaCopy ws <- w
  TensorScalar a <- a, op = mul, scalar = 0.3
  TensorCopy b <- a
  TensorTensor a <- a, b, op = add
  MatMult p <- ws, a
  Activation c <- p, func = exp, scale = 0.5
  TensorReduce rs <- c, op = add
  DmaCopy y <- c
  DmaCopy r <- rs
}
`;

/** The same program in doubles, as NumPy's float64 would compute it (the inputs' f32 values as doubles). */
function plainly(): { y: number[]; r: number[] } {
  const { x, w } = inputs();
  // The bf16 copy's float64 value is the value it copies, unrounded: a + b is 2a.
  const a = Array.from(x.data as Float32Array, (v) => 2 * (v * 0.3));
  const p = new Array<number>(ROWS * COLS).fill(0);
  for (let m = 0; m < ROWS; m++) for (let n = 0; n < COLS; n++) for (let k = 0; k < ROWS; k++) p[m * COLS + n] += (w.data as Float32Array)[k * ROWS + m] * a[k * COLS + n];
  const y = p.map((v) => Math.exp(v * 0.5));
  const r = Array.from({ length: ROWS }, (_, i) => y.slice(i * COLS, (i + 1) * COLS).reduce((s, v) => s + v, 0));
  return { y, r };
}

function shadowRun(text = PROGRAM, given = inputs()): Machine {
  const { outcome, machine } = runProgram(programOf(text), { inputs: given, shadow: true });
  assert.strictEqual(outcome.kind, 'exited');
  return machine;
}

function dram(m: Machine, name: string) {
  return m.drams.find((t) => t.name === name)!;
}

describe('shadow run: errors against float64', () => {
  it('gives each element the float64 value of the program computed plainly, and its error in ulp', () => {
    const m = shadowRun();
    const expected = plainly();
    const errors: number[] = [];
    for (const [name, values] of Object.entries(expected)) {
      const t = dram(m, name);
      values.forEach((exact, i) => {
        const e = shadowElement(t, i);
        assert.ok(e.shadowed, `${name}[${i}] has a shadow`);
        // exp here is Math.exp, the engine's base/math.ts: they may differ in the last bit of a double.
        assert.ok(Math.abs(e.exact - exact) <= 4e-16 * Math.abs(exact), `${name}[${i}]: float64 value ${e.exact}, computed plainly ${exact}`);
        const ulps = errorInUlp('f32', e.stored, e.exact);
        assert.ok(Math.abs(ulps - (e.stored - exact) / ulpOf('f32', exact)) < 1e-6, `${name}[${i}]: ${ulps} ulp`);
        errors.push(Math.abs(ulps));
      });
    }
    // The bf16 copy's rounding (2^-9 relative) dominates: hundreds of f32 ulps, beyond what f32 roundings alone make.
    assert.ok(Math.max(...errors) > 100, `largest error ${Math.max(...errors)} ulp`);
  });

  it('leaves the run itself bit for bit as a plain run', () => {
    const plain = runProgram(programOf(PROGRAM), { inputs: inputs() }).machine;
    const shadow = shadowRun();
    for (const name of ['y', 'r']) assert.deepStrictEqual(Array.from(dram(shadow, name).data), Array.from(dram(plain, name).data), name);
  });

  it('gives the same float64 values with the SIMD kernels (f64x2 matmul) as with the scalar path', () => {
    const simd = shadowRun();
    setSimdKernels(false);
    let scalar: Machine;
    try {
      scalar = shadowRun();
    } finally {
      setSimdKernels(true);
    }
    for (const name of ['y', 'r']) {
      const [a, b] = [simd, scalar].map((m) => Array.from({ length: dram(m, name).size }, (_, i) => shadowElement(dram(m, name), i).exact));
      assert.deepStrictEqual(a, b, name);
    }
  });

  it('names the instruction of a planted cancellation as where the error entered', () => {
    // 1000 + x rounds x to 2^-14 in f32; subtracting 1000 back leaves that rounding as a relative error of 1e-5.
    const text = `module c
dram x : f32[2, 4] input
dram y : f32[2, 4] output
func main() {
  sbuf s : f32[2, 4]
  DmaCopy s <- x
  TensorScalar s <- s, op = mul, scalar = 3
  TensorScalar s <- s, op = add, scalar = 1000
  TensorScalar s <- s, op = sub, scalar = 1000
  TensorScalar s <- s, op = mul, scalar = 2
  DmaCopy y <- s
}
`;
    const x = Float32Array.from({ length: 8 }, (_, i) => 0.1 + i / 9);
    const m = shadowRun(text, { x: { dtype: 'f32', shape: [2, 4], data: x } });
    const [y] = outputErrors(m);
    assert.strictEqual(y.entered?.span.line, 9, 'the subtraction that cancels, not the rounding before it nor the scaling after');
    assert.strictEqual(y.entered?.opcode, 'TensorScalar');
    const t = dram(m, 'y');
    const i = t.shape[1] * y.at!.indices[0] + y.at!.indices[1];
    const exact = Math.fround(x[i]) * 3 * 2;
    assert.strictEqual(shadowElement(t, i).exact, exact);
    assert.strictEqual(y.maxUlp, Math.max(...Array.from(x, (v, k) => Math.abs(errorInUlp('f32', shadowElement(t, k).stored, Math.fround(v) * 6)))));
    assert.match(formatOutputErrors([y])[0], /^shadow run: y f32: max error [\d.]+ ulp at \[\d, \d\] \(stored [\d.]+, float64 [\d.]+\), entered at \/virtual\/test\.bir:9:3 TensorScalar$/);
  });

  it('names a bf16 store as where the error entered', () => {
    const text = `module b
dram x : f32[1, 4] input
dram y : f32[1, 4] output
func main() {
  sbuf s : f32[1, 4]
  sbuf h : bf16[1, 4]
  DmaCopy s <- x
  TensorScalar s <- s, op = mul, scalar = 3
  TensorCopy h <- s
  TensorScalar s <- h, op = mul, scalar = 2
  DmaCopy y <- s
}
`;
    const m = shadowRun(text, { x: { dtype: 'f32', shape: [1, 4], data: Float32Array.from([0.1, 0.2, 0.3, 0.7]) } });
    const [y] = outputErrors(m);
    assert.strictEqual(y.entered?.span.line, 9);
    assert.strictEqual(y.entered?.opcode, 'TensorCopy');
  });

  it('keeps no shadow of integer tensors, and says none of an output that has none', () => {
    const text = `module i
dram y : i32[2, 4] output
func main() {
  sbuf s : i32[2, 4]
  Iota s <- base = 0, pstep = 4, fstep = 1
  TensorScalar s <- s, op = mul, scalar = 3
  DmaCopy y <- s
}
`;
    const m = shadowRun(text, {});
    assert.strictEqual(dram(m, 'y').shadow, undefined);
    assert.deepStrictEqual(outputErrors(m), []);
    assert.deepStrictEqual(formatOutputErrors([]), ['shadow run: no float output to compare with float64']);
  });

  it('shadows an instruction that overwrites its own source from what it read', () => {
    const text = `module o
dram x : f32[1, 2] input
dram y : f32[1, 2] output
func main() {
  sbuf s : f32[1, 2]
  DmaCopy s <- x
  TensorTensor s <- s, s, op = mul
  TensorTensor s <- s, s, op = mul
  DmaCopy y <- s
}
`;
    const v = Math.fround(1.1);
    const m = shadowRun(text, { x: { dtype: 'f32', shape: [1, 2], data: Float32Array.from([1.1, 1.1]) } });
    assert.strictEqual(shadowElement(dram(m, 'y'), 0).exact, v * v * (v * v));
    assert.strictEqual(shadowElement(dram(m, 'y'), 0).stored, roundTo('f32', roundTo('f32', v * v) ** 2));
  });

  it('bir-sim run --shadow prints each output\'s largest error and where it entered; --reference with it is refused', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-shadow-'));
    try {
      shadowSummary(dir);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** `bir-sim run --shadow` on a program in `dir`: its summary line, and its refusal beside --reference. */
function shadowSummary(dir: string): void {
  const file = path.join(dir, 'c.bir');
  fs.writeFileSync(file, `module c
dram x : f32[2, 4] input = random(seed=1, low=1, high=2)
dram y : f32[2, 4] output
func main() {
  sbuf s : f32[2, 4]
  DmaCopy s <- x
  TensorScalar s <- s, op = add, scalar = 1000
  TensorScalar s <- s, op = sub, scalar = 1000
  DmaCopy y <- s
}
`);
  const out: string[] = [];
  const err: string[] = [];
  const io = { out: (t: string) => out.push(t), err: (t: string) => err.push(t) };
  assert.strictEqual(cli(['run', file, '--shadow', '--quiet'], io), 0, err.join('\n'));
  assert.strictEqual(out.length, 1);
  assert.match(out[0], /^shadow run: y f32: max error [\d.]+ ulp at \[\d, \d\] \(stored [\d.]+, float64 [\d.]+\), entered at .*c\.bir:8:3 TensorScalar$/);
  assert.strictEqual(cli(['run', file, '--shadow', '--reference', dir], io), 2);
  assert.match(err.at(-1)!, /--shadow and --reference each compare the run with something else: choose one/);
}
