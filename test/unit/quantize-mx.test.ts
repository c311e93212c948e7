// QuantizeMX (NKI quantize_mx): the checker's rules; the bits of data and scales against a plain reference written
// from the ISA's scale calculation (X = 2^(⌊log2 max|v|⌋ − (Emax − 1)), 2^−127 for zeros, each value rounded to fp8 from
// v / X); a quantized tile multiplied by MatMultMX against the product of its dequantized values; `:why` of a scale;
// and the same bits through every pass.
import * as assert from 'node:assert/strict';
import { runProgram } from '../../engine/run/simulate';
import { NpyArray } from '../../engine/io/npy';
import { decode, encode } from '../../engine/machine/dtypes';
import { mulberry32 } from '../../engine/machine/random';
import { Program } from '../../engine/ir/program';
import { PASS_NAMES, runPipeline } from '../../engine/passes/pipeline';
import { diagnosticsAt, mainModule, programOf } from '../helpers/virtual-host';

const [P, F] = [64, 16];

/** src bf16 [P, F]: a wide range of magnitudes, one block of zeros, one of tiny values. */
function source(seed: number): Uint16Array {
  const random = mulberry32(seed);
  const v = Float64Array.from({ length: P * F }, (_, i) => (random() * 2 - 1) * 2 ** (Math.floor(i / F) % 9 - 4));
  for (let p = 8; p < 16; p++) for (let q = 0; q < 4; q++) v[p * F + q] = 0;
  for (let p = 16; p < 24; p++) for (let q = 4; q < 8; q++) v[p * F + q] *= 2 ** -120;
  return Uint16Array.from(v, (x) => encode('bf16', x));
}

function program(element: 'fp8e5m2' | 'fp8e4m3fn', extra: string[] = []): Program {
  return programOf(mainModule([
    'dram x : bf16[64, 16] input', `dram q : ${element}_x4[64, 4] output`, 'dram s : u8[36, 4] output', 'dram y : f32[4, 4] output',
  ], [
    'sbuf xs : bf16[64, 16]', `sbuf qs : ${element}_x4[64, 4]`, 'sbuf ss : u8[36, 4]', 'psum acc : f32[4, 4]', 'sbuf ys : f32[4, 4]',
    'Memset ss <- 0', 'DmaCopy xs <- x',
    'QuantizeMX qs <- xs, dst_scale = ss',
    'DmaCopy q <- qs', 'DmaCopy s <- ss', ...extra,
  ]));
}

function run(p: Program, x: Uint16Array) {
  const { outcome, machine } = runProgram(p, { inputs: { x: { dtype: 'u16', shape: [P, F], data: x } as NpyArray } });
  assert.equal(outcome.kind, 'exited', outcome.kind === 'failed' ? outcome.fault.message : outcome.kind);
  const bits = (name: string) => Array.from(machine.drams.find((t) => t.name === name)!.bits);
  return { q: bits('q'), s: bits('s'), y: Array.from(machine.drams.find((t) => t.name === 'y')!.data) };
}

/** The ISA's quantization of the block (g, c): its scale's e8m0 bits and each value's fp8 bits. */
function reference(x: Uint16Array, element: 'fp8e5m2' | 'fp8e4m3fn', g: number, c: number): { scale: number; bytes: Map<string, number> } {
  const emax = element === 'fp8e5m2' ? 15 : 8;
  const at = (p: number, q: number) => decode('bf16', x[p * F + 4 * c + q]);
  let amax = 0;
  for (let p = 8 * g; p < 8 * g + 8; p++) for (let q = 0; q < 4; q++) amax = Math.max(amax, Math.abs(at(p, q)));
  // ⌊log2 a⌋ from the f64's exponent bits (every bf16 value here is normal in f64).
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, amax);
  const e = amax === 0 ? -127 : Math.max(((view.getUint16(0) >> 4) & 0x7ff) - 1023 - (emax - 1), -127);
  const bytes = new Map<string, number>();
  for (let p = 8 * g; p < 8 * g + 8; p++) for (let q = 0; q < 4; q++) bytes.set(`${p},${q}`, encode(element, at(p, q) / 2 ** e));
  return { scale: e + 127, bytes };
}

describe('QuantizeMX (NKI quantize_mx)', () => {
  for (const element of ['fp8e5m2', 'fp8e4m3fn'] as const) {
    it(`${element}: every value and scale as the ISA's scale calculation gives them, the scales in their quadrant's first rows`, () => {
      const x = source(element.length);
      const got = run(program(element), x);
      for (let g = 0; g < P / 8; g++) {
        for (let c = 0; c < F / 4; c++) {
          const ref = reference(x, element, g, c);
          const row = 32 * Math.floor(g / 4) + (g % 4);
          assert.equal(got.s[row * 4 + c], ref.scale, `scale of block ${g}, column ${c}`);
          for (let p = 8 * g; p < 8 * g + 8; p++) {
            for (let q = 0; q < 4; q++) assert.equal((got.q[p * 4 + c] >>> (8 * q)) & 0xff, ref.bytes.get(`${p},${q}`), `q[${p}, ${c}] value ${q}`);
          }
        }
      }
      // The block of zeros gets 2^-127; the rows between quadrants' scales keep the Memset.
      assert.equal(got.s[1 * 4 + 0], 0);
      for (let row = 4; row < 32; row++) assert.deepStrictEqual(got.s.slice(row * 4, row * 4 + 4), [0, 0, 0, 0]);
    });
  }

  it('a quantized tile multiplied by MatMultMX gives the product of its dequantized values', () => {
    const x = source(9);
    const p = program('fp8e4m3fn', ['MatMultMX acc <- qs[:, 0:4], qs[:, 0:4], ss, ss', 'TensorCopy ys <- acc', 'DmaCopy y <- ys']);
    const got = run(p, x);
    const value = (r: number, c: number, q: number) => {
      const row = 32 * Math.floor(r / 32) + (Math.floor(r / 8) % 4);
      return decode('fp8e4m3fn', (got.q[r * 4 + c] >>> (8 * q)) & 0xff) * 2 ** (got.s[row * 4 + c] - 127);
    };
    for (let i = 0; i < 4; i++) {
      for (let j = 0; j < 4; j++) {
        let acc = 0;
        for (let r = 0; r < P; r++) {
          let dot = 0;
          for (let q = 0; q < 4; q++) dot += value(r, i, q) * value(r, j, q);
          acc = Math.fround(acc + Math.fround(dot));
        }
        assert.equal(got.y[i * 4 + j], acc, `y[${i}, ${j}]`);
      }
    }
  });

  it('refuses each wrong operand with the rule', () => {
    const at = (line: string, decls: string[] = []) => diagnosticsAt(mainModule([], [
      'sbuf x : bf16[64, 16]', 'sbuf f : f32[64, 16]', 'sbuf q : fp8e5m2_x4[64, 4]', 'sbuf q4 : fp4e2m1_x4[64, 4]', 'sbuf s : u8[64, 4]', ...decls, line,
    ]));
    const cases: [string, string][] = [
      ['QuantizeMX q <- f, dst_scale = s', "QuantizeMX quantizes f16 or bf16: the source 'f' is f32 (NKI quantize_mx, data types)"],
      ['QuantizeMX q4 <- x, dst_scale = s', "QuantizeMX writes fp8e5m2_x4 or fp8e4m3fn_x4: the destination 'q4' is fp4e2m1_x4 (NKI quantize_mx, data types)"],
      ['QuantizeMX q <- x, dst_scale = f', "QuantizeMX writes e8m0 block scales (e8m0, or u8 for their bits): dst_scale 'f' is f32 (NKI quantize_mx, data types)"],
      ['QuantizeMX q <- x[0:48, :], dst_scale = s', "QuantizeMX: the source 'x[0:48, :]' has 48 partitions; a multiple of 32, at most 128 (NKI quantize_mx, tile size)"],
      ['QuantizeMX q <- x[:, 0:14], dst_scale = s', "QuantizeMX: the source 'x[:, 0:14]' has 14 elements per partition; a multiple of 4"],
      ['QuantizeMX q[:, 0:2] <- x, dst_scale = s', "QuantizeMX: the destination 'q[:, 0:2]' has 2 elements per partition; it holds 4 values in each, so 16 / 4 = 4"],
      ['QuantizeMX q <- x, dst_scale = s[0:8, :]', "QuantizeMX: the dst_scale 's[0:8, :]' is [8, 4], but the 8 blocks of K = 64 partitions need 36 partitions"],
      ['QuantizeMX q <- x', "QuantizeMX needs the attribute 'dst_scale = ...'"],
    ];
    for (const [line, message] of cases) {
      const got = at(line);
      assert.equal(got.length, 1, `${line}: ${got.join('\n')}`);
      assert.ok(got[0].includes(message), `${line}:\n  got ${got[0]}\n  want …${message}…`);
    }
  });

  it('gives the same bits through every pass and the whole pipeline', () => {
    const x = source(4);
    const p = program('fp8e5m2');
    const expected = run(p, x);
    for (const passes of [...PASS_NAMES.map((n) => [n]), [...PASS_NAMES]]) {
      const snaps = runPipeline(p, passes);
      assert.deepStrictEqual(run(snaps[snaps.length - 1].program, x), expected, passes.join(','));
    }
  });
});
