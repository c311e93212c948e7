// MatMultMX (NKI nc_matmul_mx): the checker's operand rules, each refusal's message; the arithmetic against a plain
// reference written from the MX tutorial's golden (nc_matmul_mx_golden) with the rounding docs/bir-language.md gives
// it, on mixed fp4/fp8 operands, e8m0 and u8 scales, one quadrant (K = 32) and all four (K = 128), accumulate; its
// provenance (`:why`); and the same bits through every pass.
import * as assert from 'node:assert/strict';
import { runProgram } from '../../engine/run/simulate';
import { NpyArray } from '../../engine/io/npy';
import { decode, roundTo } from '../../engine/machine/dtypes';
import { mulberry32 } from '../../engine/machine/random';
import { Program } from '../../engine/ir/program';
import { PASS_NAMES, runPipeline } from '../../engine/passes/pipeline';
import { diagnosticsAt, mainModule, programOf } from '../helpers/virtual-host';

/** A MatMultMX line with the declarations it needs; `over` replaces any of them. */
function mx(line: string, over: Record<string, string> = {}): string {
  const sbuf: Record<string, string> = {
    st: 'fp8e5m2_x4[128, 64]', mv: 'fp8e5m2_x4[128, 256]', ss: 'u8[128, 64]', ms: 'e8m0[128, 256]', f: 'f32[128, 64]', ...over,
  };
  const psum = over.acc ?? 'f32[64, 256]';
  return mainModule([], [...Object.entries(sbuf).filter(([n]) => n !== 'acc').map(([n, t]) => `sbuf ${n} : ${t}`), `psum acc : ${psum}`, line]);
}

describe('MatMultMX (NKI nc_matmul_mx)', () => {
  describe('the checker', () => {
    const LINE = 'MatMultMX acc <- st, mv, ss, ms';

    it('accepts packed data of any two MX types, e8m0 or u8 scales, an f32 or bf16 destination, accumulate', () => {
      programOf(mx(LINE));
      programOf(mx(`${LINE}, accumulate = 1`, { st: 'fp4e2m1_x4[128, 64]', mv: 'fp8e4m3fn_x4[128, 256]', ss: 'e8m0[100, 64]', ms: 'u8[100, 256]', acc: 'bf16[64, 256]' }));
      // One quadrant: the 4 scale rows are the blocks' own.
      programOf(mx('MatMultMX acc <- st[0:32, :], mv[0:32, :], ss[0:4, :], ms[0:4, :]'));
    });

    it('refuses each wrong operand with the rule and its source', () => {
      const cases: [string, Record<string, string>, string][] = [
        [LINE, { st: 'f32[128, 64]' }, "MatMultMX multiplies packed MX data (fp8e5m2_x4, fp8e4m3fn_x4 or fp4e2m1_x4): the stationary operand 'st' is f32; view u32 data as its packed type with '.view(fp8e5m2_x4)' (NKI nc_matmul_mx, data types)"],
        [LINE, { mv: 'u32[128, 256]' }, "the moving operand 'mv' is u32"],
        [LINE, { ss: 'f32[128, 64]' }, "MatMultMX reads e8m0 block scales (e8m0, or u8 holding their bits): the stationary scale 'ss' is f32 (NKI nc_matmul_mx, data types)"],
        [LINE, { acc: 'i32[64, 256]' }, "MatMultMX writes f32 or bf16: the destination 'acc' is i32 (NKI nc_matmul_mx, data types)"],
        ['MatMultMX acc <- st[0:48, :], mv[0:48, :], ss, ms', {}, 'MatMultMX: K = 48 partitions; the data\'s partitions must be a multiple of 32, at most 128'],
        ['MatMultMX acc <- st, mv[0:96, :], ss, ms', {}, "MatMultMX: the contraction sizes differ: stationary 'st' has K = 128 partitions, moving 'mv[0:96, :]' has K = 96"],
        [LINE, { st: 'fp8e5m2_x4[128, 63]', ss: 'u8[128, 63]', acc: 'f32[63, 256]' }, "MatMultMX: the stationary operand 'st' has M = 63 columns; M must be even and at most 128"],
        [LINE, { ss: 'u8[16, 64]' }, "MatMultMX: the stationary scale 'ss' is [16, 64], but the 16 blocks of K = 128 partitions need 100 partitions: the scale of block g (data partitions 8g..8g+7) sits at partition 32·⌊g/4⌋ + g mod 4, in its data's quadrant (NKI nc_matmul_mx and quantize_mx, layout; copy 4 rows of scales to each quadrant)"],
        [LINE, { ms: 'u8[128, 128]' }, "MatMultMX: the moving scale 'ms' has 128 columns but the moving operand has 256: one scale per column of each block"],
        [LINE, { acc: 'f32[64, 128]' }, "MatMultMX: the destination 'acc' has 128 columns but the moving operand has N = 256 columns"],
        ['MatMultMX acc <- st, mv, ss', {}, 'MatMultMX takes 4 operands, found 3: MatMultMX dst <- stationary, moving, stationary_scale, moving_scale, accumulate = false'],
        [`${LINE}, perf_mode = double_row`, {}, "perf_mode"],
        ['MatMultMX f <- st, mv, ss, ms', {}, "the destination of MatMultMX must be in PSUM, but 'f' is in SBUF"],
      ];
      for (const [line, over, message] of cases) {
        const got = diagnosticsAt(mx(line, over));
        assert.equal(got.length, 1, `${line} ${JSON.stringify(over)}: ${got.join('\n')}`);
        assert.ok(got[0].includes(message), `${line} ${JSON.stringify(over)}:\n  got ${got[0]}\n  want …${message}…`);
      }
    });

    it('checks sizes that depend on registers when the instruction runs, with the rule', () => {
      const fault = (r1: number, r2: number): string => {
        const p = programOf(mainModule([], [
          'sbuf st : fp8e5m2_x4[128, 4]', 'sbuf sc : u8[128, 4]', 'psum acc : f32[4, 4]', 'Memset st <- 0', 'Memset sc <- 127',
          `Set r1 = ${r1}`, `Set r2 = ${r2}`, 'MatMultMX acc <- st[0:r1, :], st[0:r1, :], sc[0:r2, :], sc',
        ]));
        const { outcome } = runProgram(p);
        return outcome.kind === 'failed' ? `${outcome.fault.code}: ${outcome.fault.message}` : outcome.kind;
      };
      assert.equal(fault(48, 128), 'shape-mismatch: MatMultMX: K = 48 partitions here; the data\'s partitions must be a multiple of 32');
      assert.equal(fault(64, 8), "shape-mismatch: the stationary scale 'sc[0:r2, :]' is [8, 4] here but MatMultMX needs 4 columns and at least 36 partitions for K = 64");
      assert.equal(fault(64, 36), 'exited');
    });

    it('still refuses packed data to MatMult, which multiplies values it cannot read', () => {
      const got = diagnosticsAt(mx('MatMult acc <- st, mv'));
      assert.ok(got.some((d) => d.includes('the stationary operand of MatMult is fp8e5m2_x4, a packed type')), got.join('\n'));
    });
  });

  describe('the arithmetic', () => {
    interface Case { K: number; M: number; N: number; st: 'fp4e2m1_x4' | 'fp8e4m3fn_x4' | 'fp8e5m2_x4'; mv: Case['st']; scale: 'u8' | 'e8m0'; dst: 'f32' | 'bf16' }
    const ELEMENT = { fp4e2m1_x4: 'fp4e2m1', fp8e4m3fn_x4: 'fp8e4m3fn', fp8e5m2_x4: 'fp8e5m2' } as const;
    const BITS = { fp4e2m1_x4: 4, fp8e4m3fn_x4: 8, fp8e5m2_x4: 8 } as const;
    const CONTAINER = { fp4e2m1_x4: 'u16', fp8e4m3fn_x4: 'u32', fp8e5m2_x4: 'u32' } as const;

    /** dst (+)= the MX product, twice when `twice`: the second accumulates onto the first. */
    function program(c: Case, twice: boolean): Program {
      const S = c.K <= 32 ? c.K / 8 : c.K - 28;
      return programOf(mainModule([
        `dram a : ${c.st}[${c.K}, ${c.M}] input`, `dram b : ${c.mv}[${c.K}, ${c.N}] input`,
        `dram sa : ${c.scale}[${S}, ${c.M}] input`, `dram sb : ${c.scale}[${S}, ${c.N}] input`, `dram out : f32[${c.M}, ${c.N}] output`,
      ], [
        `sbuf st : ${c.st}[${c.K}, ${c.M}]`, `sbuf mv : ${c.mv}[${c.K}, ${c.N}]`, `sbuf ss : ${c.scale}[${S}, ${c.M}]`, `sbuf ms : ${c.scale}[${S}, ${c.N}]`,
        `psum acc : ${c.dst}[${c.M}, ${c.N}]`, `sbuf res : f32[${c.M}, ${c.N}]`,
        'DmaCopy st <- a', 'DmaCopy mv <- b', 'DmaCopy ss <- sa', 'DmaCopy ms <- sb',
        'MatMultMX acc <- st, mv, ss, ms', ...(twice ? ['MatMultMX acc <- st, mv, ss, ms, accumulate = 1'] : []),
        'TensorCopy res <- acc', 'DmaCopy out <- res',
      ]));
    }

    /** Random packed elements (fp8 bytes that are finite; any fp4 nibble) and scales near 2^0. */
    function inputs(c: Case, seed: number) {
      const random = mulberry32(seed);
      const S = c.K <= 32 ? c.K / 8 : c.K - 28;
      const value = (t: Case['st']): number => {
        for (;;) {
          const bits = Math.floor(random() * 2 ** BITS[t]);
          if (Number.isFinite(decode(ELEMENT[t], bits))) return bits;
        }
      };
      const packed = (t: Case['st'], n: number) => Array.from({ length: n }, () => [value(t), value(t), value(t), value(t)]);
      const scales = (n: number) => Array.from({ length: n }, () => 120 + Math.floor(random() * 10));
      const data = { a: packed(c.st, c.K * c.M), b: packed(c.mv, c.K * c.N), sa: scales(S * c.M), sb: scales(S * c.N) };
      const word = (t: Case['st'], v: number[]) => v.reduce((w, bits, q) => w + bits * 2 ** (q * BITS[t]), 0);
      const npy = (dtype: string, shape: number[], values: number[]): NpyArray => {
        const data = dtype === 'u32' ? Uint32Array.from(values) : dtype === 'u16' ? Uint16Array.from(values) : Uint8Array.from(values);
        return { dtype, shape, data } as NpyArray;
      };
      return {
        data,
        npy: {
          a: npy(CONTAINER[c.st], [c.K, c.M], data.a.map((v) => word(c.st, v))),
          b: npy(CONTAINER[c.mv], [c.K, c.N], data.b.map((v) => word(c.mv, v))),
          sa: npy('u8', [S, c.M], data.sa), sb: npy('u8', [S, c.N], data.sb),
        },
      };
    }

    /** The golden's arithmetic with the simulator's rounding, the scale of partition k's block at 32·⌊g/4⌋ + g mod 4. */
    function reference(c: Case, d: ReturnType<typeof inputs>['data'], twice: boolean): Float64Array {
      const out = new Float64Array(c.M * c.N);
      const row = (k: number): number => { const g = Math.floor(k / 8); return 32 * Math.floor(g / 4) + (g % 4); };
      for (let i = 0; i < c.M; i++) {
        for (let j = 0; j < c.N; j++) {
          let acc = 0;
          for (let k = 0; k < c.K; k++) {
            let dot = 0;
            for (let q = 0; q < 4; q++) dot += decode(ELEMENT[c.st], d.a[k * c.M + i][q]) * decode(ELEMENT[c.mv], d.b[k * c.N + j][q]);
            acc = Math.fround(acc + Math.fround(dot * 2 ** (d.sa[row(k) * c.M + i] - 127) * 2 ** (d.sb[row(k) * c.N + j] - 127)));
          }
          const once = roundTo(c.dst, acc);
          out[i * c.N + j] = twice ? roundTo(c.dst, Math.fround(once + acc)) : once;
        }
      }
      return out;
    }

    function run(p: Program, npy: Record<string, NpyArray>): Float64Array {
      const { outcome, machine } = runProgram(p, { inputs: npy });
      assert.equal(outcome.kind, 'exited', outcome.kind === 'failed' ? outcome.fault.message : outcome.kind);
      return Float64Array.from(machine.drams.find((t) => t.name === 'out')!.data);
    }

    const CASES: [string, Case, boolean][] = [
      ['fp4 stationary, fp8e4m3fn moving, one quadrant, u8 scales, f32', { K: 32, M: 8, N: 16, st: 'fp4e2m1_x4', mv: 'fp8e4m3fn_x4', scale: 'u8', dst: 'f32' }, false],
      ['fp8e5m2 both, four quadrants, e8m0 scales, bf16, accumulated twice', { K: 128, M: 6, N: 10, st: 'fp8e5m2_x4', mv: 'fp8e5m2_x4', scale: 'e8m0', dst: 'bf16' }, true],
      ['fp8e4m3fn stationary, fp4 moving, two quadrants, f32, accumulated', { K: 64, M: 4, N: 12, st: 'fp8e4m3fn_x4', mv: 'fp4e2m1_x4', scale: 'u8', dst: 'f32' }, true],
    ];
    for (const [title, c, twice] of CASES) {
      it(`${title}: bit for bit the golden's arithmetic in the documented rounding`, () => {
        const x = inputs(c, c.K + c.M);
        const got = run(program(c, twice), x.npy);
        const want = reference(c, x.data, twice);
        for (let i = 0; i < want.length; i++) assert.ok(Object.is(got[i], want[i]), `out[${Math.floor(i / c.N)}, ${i % c.N}] = ${got[i]}, want ${want[i]}`);
        assert.ok(got.some((v) => v !== 0));
      });
    }

    it('gives the same bits through every pass and the whole pipeline', () => {
      const c = CASES[1][1];
      const p = program(c, true);
      const x = inputs(c, 7);
      const expected = run(p, x.npy);
      for (const passes of [...PASS_NAMES.map((n) => [n]), [...PASS_NAMES]]) {
        const snaps = runPipeline(p, passes);
        assert.deepStrictEqual(run(snaps[snaps.length - 1].program, x.npy), expected, passes.join(','));
      }
    });

    it('a scale of 0xFF (NaN in e8m0) makes NaN the results of its columns, without a fault: the input is not finite', () => {
      const c: Case = { K: 32, M: 2, N: 4, st: 'fp8e5m2_x4', mv: 'fp8e5m2_x4', scale: 'u8', dst: 'f32' };
      const x = inputs(c, 3);
      (x.npy.sb.data as Uint8Array)[1] = 255;
      const got = run(program(c, false), x.npy);
      for (let i = 0; i < c.M; i++) for (let j = 0; j < c.N; j++) assert.equal(Number.isNaN(got[i * c.N + j]), j === 1, `out[${i}, ${j}] = ${got[i * c.N + j]}`);
    });
  });
});
