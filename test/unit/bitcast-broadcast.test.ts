// Bitcast views `t.view(dtype)` and broadcast views `.broadcast(dim, size)` (docs/bir-language.md, "Access patterns"):
// what the checker accepts and refuses (file:line:col), what the simulator computes against plain references written
// here (the bytes through a DataView, broadcasts as loops), the written state of the bytes, the evaluate language,
// the printer, and the same bits through every pass.
import * as assert from 'node:assert/strict';
import { checkText, diagnosticsAt, mainModule, programOf } from '../helpers/virtual-host';
import { formatDiagnostic } from '../../engine/lang/diagnostics';
import { runProgram } from '../../engine/run/simulate';
import { AccessPattern, Program } from '../../engine/ir/program';
import { PASS_NAMES, runPipeline } from '../../engine/passes/pipeline';
import { decode } from '../../engine/machine/dtypes';
import { printAccess } from '../../engine/ir/print';
import { forEachNode } from '../../engine/ir/numbering';

/** Runs a program: the outcome, each DRAM tensor's stored bits and which elements were written, and the Print lines. */
function run(program: Program, faults?: Record<string, boolean>): { outcome: string; bits: Map<string, number[]>; written: Map<string, number[]>; prints: string[] } {
  const prints: string[] = [];
  const { outcome, machine } = runProgram(program, { output: (text) => prints.push(text), ...(faults && { faults }) });
  const bits = new Map(machine.drams.map((t) => [t.name, Array.from(t.bits)]));
  const written = new Map(machine.drams.map((t) => [t.name, Array.from(t.written)]));
  return { outcome: outcome.kind === 'failed' ? `failed: ${outcome.fault.code}: ${outcome.fault.message}` : outcome.kind, bits, written, prints };
}

/** The little-endian bytes of f32 values, as NumPy's `.view(np.uint8)` gives them. */
function f32Bytes(values: readonly number[]): number[] {
  const dv = new DataView(new ArrayBuffer(4 * values.length));
  values.forEach((v, i) => dv.setFloat32(4 * i, v, true));
  return Array.from(new Uint8Array(dv.buffer));
}

describe('bitcast and broadcast views', () => {
  describe('the checker', () => {
    it('accepts .view(dtype) before the indices and .broadcast(dim, size) among the view steps', () => {
      const text = mainModule(['dram x : f32[4, 2] input = iota', 'dram y : u8[4, 8] output', 'dram row : f32[1, 8] input = iota'], [
        'sbuf b : f32[4, 2]',
        'sbuf c : f32[4, 8]',
        'sbuf d : f32[4, 2, 8]',
        'DmaCopy b <- x',
        'DmaCopy y <- b.view(u8)',
        'DmaCopy y[0:4, 4:8] <- b.view(u8)[0:4, 4:8]',
        'DmaCopy c <- row.broadcast(0, 4)',
        'TensorTensor c <- c, b[0:4, 0:1].broadcast(1, 8), op = add',
        'TensorCopy d <- b.reshape(4, 2, 1).broadcast(2, 8)',
        'TensorTensor d <- d, c.reshape(4, 1, 8).broadcast(1, 2), op = mul',
      ]);
      assert.deepEqual(diagnosticsAt(text), []);
    });

    it('refuses bitcasts that do not give whole elements, fp4e2m1, and names that are not dtypes', () => {
      const text = mainModule(['dram q : u8[4, 6] input = iota'], [
        'sbuf e : u8[4, 6]',
        'sbuf c : f32[4, 8]',
        'TensorCopy c <- e.view(f32)',
        'TensorCopy c <- c.view(fp4e2m1)',
        'TensorCopy c <- c.view(float32)',
        'DmaCopy e[0:4, 0:4] <- q.view(f32)[0:4, 0:1]',
      ]);
      assert.deepEqual(diagnosticsAt(text), [
        "6:19: '.view(f32)' of 'e' (u8[4, 6]): its last dimension holds 6 bytes, not a whole number of f32 elements of 4 bytes",
        "7:19: '.view(fp4e2m1)' of 'c' (f32): fp4e2m1 is stored one value per byte (4 bits of 8), so its bytes are not a bit pattern of another type; bitcast fp4e2m1_x4 instead",
        "8:26: '.view(float32)' needs a dtype (f32, bf16, f16, fp8e4m3, fp8e4m3fn, fp8e5m2, e8m0, fp4e2m1, fp8e4m3fn_x4, fp8e5m2_x4, fp4e2m1_x4, i32, i16, i8, u32, u16, u8), found 'float32'",
        "9:26: '.view(f32)' of 'q' (u8[4, 6]): its last dimension holds 6 bytes, not a whole number of f32 elements of 4 bytes",
      ]);
    });

    it('refuses a partition broadcast on chip, a broadcast of a dimension that is not 1, and writes through a broadcast', () => {
      const text = mainModule(['dram row : f32[1, 8] input = iota'], [
        'sbuf r : f32[1, 8]',
        'sbuf c : f32[4, 8]',
        'DmaCopy r <- row',
        'TensorCopy c <- r.broadcast(0, 4)',
        'TensorCopy c <- c.broadcast(1, 8)',
        'TensorCopy c[0:4, 0:1].broadcast(1, 8) <- c',
        'TensorCopy c <- c.broadcast(2, 8)',
      ]);
      assert.deepEqual(diagnosticsAt(text), [
        "7:19: '.broadcast(0, 4)' repeats the partition dimension of 'r', which is in SBUF: engines read a partition per row (NKI: on-chip tensors cannot broadcast dimension 0); broadcast a DRAM row with DmaCopy (DmaCopy t <- row.broadcast(0, 4)), or multiply by a row of ones with MatMult",
        "8:19: '.broadcast(1, 8)' repeats a dimension of size 1, but dimension 1 of the view [4, 8] is 8",
        "9:14: the destination of TensorCopy 'c[0:4, 0:1].broadcast(1, 8)' repeats elements (a broadcast view reads one element at several positions): an instruction cannot write through it; write the tensor itself",
        "10:19: '.broadcast(2, 8)': the view [4, 8] has no dimension 2",
      ]);
    });

    it('says in which order view suffixes apply when they are chained out of it (b.T.bcast(128).T)', () => {
      const text = mainModule([], [
        'sbuf b : f32[128, 1]',
        'sbuf c : f32[128, 128]',
        'TensorCopy c <- b.T.bcast(128).T',
        'TensorCopy c <- b[0:128, 0:1].view(u8)',
        'TensorCopy c <- b.bcast(128).reshape(128, 128)',
      ]);
      const order = "views apply in this order: '.view(dtype)' right after the name, then the indices '[...]', then any '.reshape(...)', '.permute(...)' and '.broadcast(dim, size)' in the order written, then one '.T', then one '.bcast(n)'";
      assert.deepEqual(diagnosticsAt(text), [
        `5:19: '.T' cannot follow '.bcast(...)': ${order}; '.T' and '.bcast(n)' come last, once each: write a reordering before them as '.permute(...)' and a repeat as '.broadcast(dim, size)', which apply in the order written`,
        `6:19: '.view(u8)' cannot follow '[...]': ${order}; write the bitcast first (t.view(dtype)[...]): its indices count elements of the new dtype`,
        `7:19: '.reshape(...)' cannot follow '.bcast(...)': ${order}; '.T' and '.bcast(n)' come last: write a step after them as '.permute(...)' or '.broadcast(dim, size)' before them`,
      ]);
    });
  });

  describe('the simulator', () => {
    it('stores an f32 tile as its bytes through a bitcast, as NumPy .view(np.uint8) does, and reads bytes back as f32', () => {
      const text = mainModule(['dram x : f32[4, 2] input = random(seed=5, low=-1000, high=1000)', 'dram y : u8[4, 8] output', 'dram z : f32[4, 2] output', 'dram h : bf16[4, 4] output'], [
        'sbuf b : f32[4, 2]',
        'sbuf e : u8[4, 8]',
        'DmaCopy b <- x',
        'DmaCopy y <- b.view(u8)',
        'DmaCopy e <- y',
        'DmaCopy z.view(u8) <- e',
        'sbuf g : bf16[4, 4]',
        'TensorCopy g <- b.view(bf16)',
        'DmaCopy h <- g',
      ]);
      const r = run(programOf(text));
      assert.equal(r.outcome, 'exited');
      const x = r.bits.get('x')!;
      const values = Array.from(new Float32Array(Uint32Array.from(x).buffer));
      assert.deepEqual(r.bits.get('y'), f32Bytes(values));
      assert.deepEqual(r.bits.get('z'), x);
      // Each f32 read as two bf16 (the low half first): the same 16-bit patterns, copied as values.
      assert.deepEqual(r.bits.get('h'), x.flatMap((b) => [b & 0xffff, b >>> 16]));
    });

    it('DmaCopy between views of one dtype moves the bytes as they are: an f32\'s bytes through an fp8 view keep the patterns that are NaN in fp8', () => {
      // 0x3C7A7F79: three bytes that are NaN patterns of fp8e4m3 (exponent 1111), which a cast would make its one NaN (0x7C).
      const text = mainModule(['dram x : u32[2, 1] input', 'dram y : fp8e4m3[2, 4] output', 'dram z : fp8e4m3[2, 4] output'], [
        'sbuf s : f32[2, 1]',
        'sbuf t : fp8e4m3[2, 4]',
        'DmaCopy s <- x.view(f32)',
        'DmaCopy y <- s.view(fp8e4m3)',
        'TensorCopy t <- s.view(fp8e4m3)',
        'DmaCopy z <- t',
      ]);
      const { outcome, machine } = runProgram(programOf(text), { inputs: { x: { dtype: 'u32', shape: [2, 1], data: Uint32Array.from([0x3c7a7f79, 0x80000001]) } } });
      assert.equal(outcome.kind, 'exited');
      const bytes = (name: string) => Array.from(machine.drams.find((t) => t.name === name)!.bits);
      assert.deepStrictEqual(bytes('y'), [0x79, 0x7f, 0x7a, 0x3c, 0x01, 0x00, 0x00, 0x80]);
      // TensorCopy computes with values, as the engines do: the NaNs become the one NaN, which DmaCopy then keeps.
      assert.deepStrictEqual(bytes('z'), [0x7c, 0x7c, 0x7c, 0x3c, 0x01, 0x00, 0x00, 0x80]);
    });

    it('marks the bytes written through a bitcast: an f32 is written when its 4 bytes were, a byte when its f32 was', () => {
      const text = mainModule(['dram y : f32[2, 2] output', 'dram q : u8[2, 8] output'], [
        'sbuf b : f32[2, 2]',
        'sbuf e : u8[2, 8]',
        'Memset b[0:2, 0:1] <- 1',
        'TensorCopy e <- b.view(u8)',
        'DmaCopy q <- e',
        'DmaCopy y.view(u8)[0:2, 0:4] <- e[0:2, 0:4]',
      ]);
      const r = run(programOf(text), { 'uninitialized-read': false });
      assert.equal(r.outcome, 'exited');
      // b's first column was written: its 4 bytes read as written; the second column's bytes read as never written (0).
      assert.deepEqual(r.bits.get('q'), [...f32Bytes([1]), 0, 0, 0, 0, ...f32Bytes([1]), 0, 0, 0, 0]);
      assert.deepEqual(r.written.get('y'), [1, 0, 1, 0]);
      // With the fault on, the copy of never-written bytes faults, naming the view's element.
      const strict = run(programOf(text));
      assert.match(strict.outcome, /^failed: uninitialized-read: the source 'b.view\(u8\)' reads element \[0, 4\] of the view, which was never written/);
    });

    it('broadcasts a DRAM row to partitions with DmaCopy and a size-1 dimension anywhere, as loops compute it', () => {
      const text = mainModule(['dram row : f32[1, 6] input = iota', 'dram col : f32[3, 1] input = iota', 'dram o : f32[3, 2, 6] output'], [
        'sbuf t : f32[3, 6]',
        'sbuf c : f32[3, 1]',
        'sbuf u : f32[3, 2, 6]',
        'DmaCopy t <- row.broadcast(0, 3)',
        'DmaCopy c <- col',
        'TensorTensor t <- t, c.broadcast(1, 6), op = mul',
        'TensorTensor u <- t.reshape(3, 1, 6).broadcast(1, 2), c.reshape(3, 1, 1).broadcast(1, 2).broadcast(2, 6), op = add',
        'DmaCopy o <- u',
      ]);
      const r = run(programOf(text));
      assert.equal(r.outcome, 'exited');
      const expected: number[] = [];
      for (let p = 0; p < 3; p++) for (let j = 0; j < 2; j++) for (let f = 0; f < 6; f++) expected.push(f * p + p);
      const got = r.bits.get('o')!.map((b) => decode('f32', new Float32Array(new Uint32Array([b]).buffer)[0]));
      assert.deepEqual(got, expected);
    });

    it('bitcasts a parameter bound to a view when it runs, and faults when the view is not contiguous', () => {
      const text = [
        'module m',
        'dram x : f32[2, 4] input = iota',
        'dram y : u8[2, 8] output',
        'func main() {',
        '  sbuf b : f32[2, 4]',
        '  DmaCopy b <- x',
        '  call bytes(b[0:2, 2:4])',
        '  call bytes(b[0:2, 0:4:2])',
        '}',
        'func bytes(v: sbuf f32[2, 2]) {',
        '  DmaCopy y <- v.view(u8)',
        '}',
        '',
      ].join('\n');
      const r = run(programOf(text));
      assert.equal(r.outcome, 'failed: shape-mismatch: \'v.view(u8)\': \'v\' cannot be viewed as u8: its last dimension is not contiguous (stride 2): a bitcast reads the bytes of each row in order');
      assert.deepEqual(r.bits.get('y'), [...f32Bytes([2, 3]), ...f32Bytes([6, 7])]);
    });
  });

  describe('the evaluate language and the printer', () => {
    it('reads bitcast and broadcast views in Print, of tensors and of computed values', () => {
      const program = programOf(mainModule([], [
        'sbuf t : f32[2, 1]',
        'Memset t <- 1',
        'Print t.view(u8)',
        'Print t.view(bf16)',
        'Print t.broadcast(1, 3)',
        'Print (t * 2).broadcast(1, 2)',
      ]));
      const r = run(program);
      assert.equal(r.outcome, 'exited');
      assert.deepEqual(r.prints, ['[[0, 0, 128, 63], [0, 0, 128, 63]]', '[[0, 1], [0, 1]]', '[[1, 1, 1], [1, 1, 1]]', '[[2, 2], [2, 2]]']);
    });

    it('prints every pattern back as it was written', () => {
      const lines = [
        'DmaCopy y[0:4, 4:8] <- b.view(u8)[0:4, 4:8]',
        'DmaCopy c <- row.broadcast(0, 4)',
        'TensorCopy d <- b.reshape(4, 2, 1).broadcast(2, 8)',
      ];
      const program = programOf(mainModule(['dram y : u8[4, 8] output', 'dram row : f32[1, 8] input = iota'], [
        'sbuf b : f32[4, 2]', 'sbuf c : f32[4, 8]', 'sbuf d : f32[4, 2, 8]', 'Memset b <- 0', ...lines,
      ]));
      const printed: string[] = [];
      forEachNode(program.functions.get('m::main')!.body, (n) => {
        if (n.kind !== 'instr') return;
        for (const o of [n.dst, ...n.srcs]) {
          if (o?.kind !== 'tensor') continue;
          const ap: AccessPattern = o.ap;
          printed.push(printAccess(ap.tensor.name, ap.items, ap.transpose, ap.bcast, ap.steps, ap.bitcast));
        }
      });
      assert.deepEqual(printed, ['b', 'y[0:4, 4:8]', 'b.view(u8)[0:4, 4:8]', 'c', 'row.broadcast(0, 4)', 'd', 'b.reshape(4, 2, 1).broadcast(2, 8)']);
    });
  });

  describe('the passes', () => {
    it('compute the same bits through every pass, with views in called functions', () => {
      const text = [
        'module m',
        'dram a : f32[4, 8] input = random(seed=3)',
        'dram row : f32[1, 8] input = random(seed=4)',
        'dram o : u8[4, 32] output',
        'func main() {',
        '  sbuf t : f32[4, 8]',
        '  sbuf s : f32[4, 1]',
        '  DmaCopy t <- a',
        '  TensorReduce s <- t, op = max',
        '  for r1 in 0..2 {',
        '    call scale(t[0:4, r1*4 : r1*4+4], s)',
        '  }',
        '  DmaCopy o <- t.view(u8)',
        '  DmaCopy o[0:4, 0:4] <- s.view(u8)',
        '  Print t.view(u32)[0:1, 0:2]',
        '}',
        'func scale(v: sbuf f32[4, 4], m: sbuf f32[4, 1]) {',
        '  TensorTensor v <- v, m.broadcast(1, 4), op = sub',
        '  call bits(v)',
        '}',
        'func bits(w: sbuf f32[4, 4]) {',
        '  TensorScalar w.view(u32) <- w.view(u32), op = xor, scalar = 1',
        '}',
        '',
      ].join('\n');
      const checked = checkText(text);
      assert.ok(checked.program, checked.diagnostics.map((d) => formatDiagnostic(d)).join('\n'));
      const expected = run(checked.program);
      assert.equal(expected.outcome, 'exited');
      for (const passes of [...PASS_NAMES.map((p) => [p]), [...PASS_NAMES]]) {
        const snaps = runPipeline(checked.program, passes);
        assert.deepEqual(run(snaps[snaps.length - 1].program), expected, passes.join(','));
      }
    });
  });
});
