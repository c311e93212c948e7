// Arrays of tiles (`sbuf acc[4][2] : f32[128, 512]`, NKI's lists of tiles such as result_tmps[m][bm][bn]): what the
// checker accepts and refuses (with file:line:col), where the tiles are placed, what a run computes (against a plain
// computation of the same), the passes (bit for bit), the printer (text back to the same program), and the
// debugger (Variables: the array with its tiles as children; hover; a data breakpoint on one tile).
import * as assert from 'node:assert/strict';
import { checkText, diagnosticsAt, mainModule, programOf } from '../helpers/virtual-host';
import { runProgram, npyMachineOptions } from '../../engine/run/simulate';
import { AllocInfo, Program } from '../../engine/ir/program';
import { PASS_NAMES, runPipeline } from '../../engine/passes/pipeline';
import { PassName } from '../../engine/passes/registry';
import { printProgramText } from '../../engine/passes/program-text';
import { decode } from '../../engine/machine/dtypes';
import { DebugCore } from '../../engine/debug/debug-core';

function run(program: Program): { outcome: string; values: Map<string, number[]>; bits: Map<string, string> } {
  const { outcome, machine } = runProgram(program, { output: () => undefined });
  const values = new Map(machine.drams.map((t) => [t.name, Array.from(t.data, (x) => decode(t.dtype, x))]));
  const bits = new Map(machine.drams.map((t) => [t.name, `${Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength).toString('hex')}/${Buffer.from(t.written).toString('hex')}`]));
  return { outcome: outcome.kind === 'failed' ? `failed: ${outcome.fault.code}: ${outcome.fault.message}` : outcome.kind, values, bits };
}

function alloc(program: Program, name: string): AllocInfo {
  const a = program.main.allocs.find((x) => x.name === name);
  assert.ok(a, `main allocates '${name}'`);
  return a;
}

/**
 * x [8, 16] scaled into a 2 × 3 array of [8, 16] tiles (tile (i, j) = x · (i + 10·j), the first 4 partitions plus 1),
 * then y[:, 16k : 16k+16] = tile (k mod 2, k div 2) + tile (1, 2), through a callee that takes one tile.
 */
const KERNEL = mainModule(['dram x : f32[8, 16] input = iota', 'dram y : f32[8, 96] output'], [
  'sbuf acc[2][3] : f32[8, 16]',
  'psum ps[2] : f32[8, 128]',
  'for r0 in 0..2 independent {',
  '  for r1 in 0..3 {',
  '    DmaCopy acc[r0][r1] <- x',
  '    TensorScalar acc[r0][r1] <- acc[r0][r1], op = mul, scalar = r0 + 10*r1',
  '    call bump(acc[r0][r1][0:4, :])',
  '  }',
  '}',
  'Memset ps[1][0:8, 0:16] <- 0',
  'for r2 in 0..6 {',
  '  TensorTensor acc[r2 % 2][r2 / 2 - r2 % 2 / 2] <- acc[r2 % 2][floor(r2 / 2)], acc[1][2], op = add',
  '  DmaCopy y[:, r2*16 : r2*16+16] <- acc[r2 % 2][floor(r2 / 2)]',
  '}',
], ) + ['', 'func bump(t: sbuf f32[4, 16]) {', '  TensorScalar t <- t, op = add, scalar = 1', '}', ''].join('\n');

/** What KERNEL computes, written plainly. */
function expected(): number[] {
  const x = (p: number, f: number) => p * 16 + f;
  const tile = (i: number, j: number, p: number, f: number) => x(p, f) * (i + 10 * j) + (p < 4 ? 1 : 0);
  const y = new Array<number>(8 * 96).fill(0);
  // Tiles are updated in order: tile (1, 2) itself is doubled at k = 5, after every other tile read it.
  const tiles = new Map<string, (p: number, f: number) => number>();
  for (let i = 0; i < 2; i++) for (let j = 0; j < 3; j++) tiles.set(`${i},${j}`, (p, f) => tile(i, j, p, f));
  for (let k = 0; k < 6; k++) {
    const key = `${k % 2},${Math.floor(k / 2)}`;
    const [a, b] = [tiles.get(key)!, tiles.get('1,2')!];
    const snapshot: number[] = [];
    for (let p = 0; p < 8; p++) for (let f = 0; f < 16; f++) snapshot.push(a(p, f) + b(p, f));
    tiles.set(key, (p, f) => snapshot[p * 16 + f]);
    for (let p = 0; p < 8; p++) for (let f = 0; f < 16; f++) y[p * 96 + k * 16 + f] = snapshot[p * 16 + f];
  }
  return y;
}

describe('arrays of tiles', function () {
  this.timeout(30_000);

  describe('the checker', () => {
    it('accepts an array of tiles indexed by constants and by expressions of registers; each tile is a run of bytes of every partition', () => {
      const program = programOf(KERNEL);
      const acc = alloc(program, 'acc');
      assert.deepEqual(acc.array, [2, 3]);
      assert.deepEqual(acc.shape, [8, 2, 3, 16]);
      assert.deepEqual(acc.placement, { partitions: 8, offset: 0, bytesPerPartition: 2 * 3 * 16 * 4 });
      // A PSUM array of tiles of 512 bytes per partition: one bank holds all of them.
      assert.deepEqual(alloc(program, 'ps').placement, { partitions: 8, offset: 0, bytesPerPartition: 1024 });
    });

    it('refuses an index out of range, a tile named with too few or too many indices, a slice of tiles, with file:line:col', () => {
      const program = (body: string[]) => mainModule(['dram x : f32[8, 16] input = iota'], ['sbuf acc[2][3] : f32[8, 16]', 'sbuf one : f32[8, 16]', ...body]);
      const cases: [string, string][] = [
        ['DmaCopy acc[2][0] <- x', "6:15: index 2 is out of range for dimension 0 of the array of tiles 'acc' (2 tiles: 0 to 1)"],
        ['DmaCopy acc[0][3] <- x', "6:18: index 3 is out of range for dimension 1 of the array of tiles 'acc' (3 tiles: 0 to 2)"],
        ['DmaCopy acc[0] <- x', "6:11: 'acc' is an array of 2 × 3 tiles (f32[8, 16] each): name one tile with 2 indices, as acc[i][j] (found 1)"],
        ['DmaCopy x <- acc', "6:16: 'acc' is an array of 2 × 3 tiles (f32[8, 16] each): name one tile with 2 indices, as acc[i][j]"],
        ['DmaCopy acc[0, 1] <- x', "6:11: 'acc' is an array of 2 × 3 tiles, indexed with one index per bracket: acc[i][j], then the tile's indices in one more bracket (acc[i][j][0:64, 0:128])"],
        ['DmaCopy acc[0:2][1] <- x', "6:11: 'acc' is an array of 2 × 3 tiles, indexed one tile at a time (acc[i][j]): a slice of tiles is not a tile"],
        ['DmaCopy acc[0][1][0:8, 0:16, 0] <- x', "6:11: 'acc[0][1]' has 2 dimensions but 3 indices are given"],
        ['DmaCopy acc[0][1][0:8][0] <- x', "6:11: 'acc[0][1][0:8]' already indexes a tile of 'acc': index the tile once, in one bracket (acc[i][j][0:64, 0:128])"],
        ['DmaCopy acc[0][1][0:9, :] <- x', "6:23: slice end 9 is out of bounds for dimension 0 of 'acc[0][1]' (size 8)"],
        ['DmaCopy one[0][1] <- x', "6:11: '[...]' cannot follow '[...]': views apply in this order: '.view(dtype)' right after the name, then the indices '[...]', then any '.reshape(...)', '.permute(...)' and '.broadcast(dim, size)' in the order written, then one '.T', then one '.bcast(n)'; index the tensor once, first, then apply the views ('one' is one tile, not an array of tiles)"],
      ];
      for (const [line, message] of cases) assert.deepEqual(diagnosticsAt(program([line])), [message], line);
    });

    it('refuses an array that does not fit, and PSUM tiles that would straddle banks, naming the tiles', () => {
      const at = (decl: string) => diagnosticsAt(mainModule([], [decl]));
      assert.deepEqual(at('psum p[3] : f32[128, 384]'), ["3:3: psum array of tiles 'p[3]' (3 tiles of f32[128, 384], 1536 bytes per partition each, 4608 in all): its tiles follow each other in each partition and the array is larger than a 2048-byte bank, so a tile of 1536 bytes would straddle two banks; tiles of an array in PSUM must fill whole banks or divide one (2048, 1024, 512, ... bytes per partition), else declare them as separate allocations"]);
      assert.deepEqual(at('psum p[9] : f32[128, 512]'), ["3:3: psum array of tiles 'p[9]' (9 tiles of f32[128, 512], 2048 bytes per partition each, 18432 in all) does not fit in 'm::main': it would end at byte 18432 but PSUM has 16384 bytes per partition"]);
      assert.deepEqual(at('sbuf s[7][2] : f32[128, 4096]'), ["3:3: sbuf array of tiles 's[7][2]' (14 tiles of f32[128, 4096], 16384 bytes per partition each, 229376 in all) does not fit in 'm::main': it would end at byte 229376 but SBUF has 196608 bytes per partition"]);
      assert.deepEqual(at('sbuf s[0] : f32[128, 4]'), ["3:10: dimension 0 of the array of tiles 's' must be an integer ≥ 1, found 0"]);
      assert.deepEqual(at('sbuf s[1][1][1][1][1] : f32[128, 4]'), ['3:22: an array of tiles has at most 4 dimensions; \'s\' has 5']);
      // Eight tiles of a bank each take all of PSUM; a second PSUM allocation then does not fit.
      assert.equal(checkText(mainModule([], ['psum p[8] : f32[128, 512], bank = 0'])).diagnostics.length, 0);
    });
  });

  describe('the simulator', () => {
    it('computes what a plain computation of the same tiles gives, through a callee bound to a tile', () => {
      const got = run(programOf(KERNEL));
      assert.equal(got.outcome, 'exited');
      assert.deepEqual(got.values.get('y'), expected());
    });

    it('a register index out of range faults when the instruction runs, naming the tile', () => {
      const got = run(programOf(mainModule(['dram x : f32[8, 16] input = iota'], ['sbuf acc[2] : f32[8, 16]', 'for r0 in 0..3 {', '  DmaCopy acc[r0] <- x', '}'])));
      assert.equal(got.outcome, "failed: out-of-bounds: 'acc[r0]': index 2 is out of bounds for dimension 0 of the array of tiles 'acc' (size 2) (r0 = 2)");
    });
  });

  describe('the passes and the printer', () => {
    it('every pass and pipeline computes the same bits', () => {
      const program = programOf(KERNEL);
      const want = run(program);
      const pipelines: PassName[][] = [...PASS_NAMES.map((p) => [p]), [...PASS_NAMES], [...PASS_NAMES].reverse()];
      for (const passes of pipelines) {
        const snaps = runPipeline(program, passes);
        const got = run(snaps[snaps.length - 1].program);
        assert.equal(got.outcome, want.outcome, passes.join(','));
        assert.deepEqual(got.bits, want.bits, passes.join(','));
      }
    });

    it('prints inlined tiles as the program names them, and the printed program checks and computes the same bits', () => {
      const program = programOf(KERNEL);
      const after = runPipeline(program, ['inline', 'unroll']);
      const printed = printProgramText(program, after[after.length - 1].program).text;
      assert.match(printed, /TensorScalar acc\[r0\]\[r1\]\[0:4\] <- acc\[r0\]\[r1\]\[0:4\], op = add, scalar = 1/);
      assert.match(printed, /sbuf acc\[2\]\[3\] : f32\[8, 16\]/);
      const again = programOf(printed);
      assert.deepEqual(run(again).bits, run(program).bits);
    });
  });

  describe('the debugger', () => {
    const stopAt = (core: DebugCore): void => {
      let o = core.run();
      while (o.kind === 'yield') o = core.run();
      assert.equal(o.kind, 'stopped');
    };

    it('Variables shows the array with its tiles as children; hover and the console read a tile', () => {
      const program = programOf(KERNEL);
      const core = new DebugCore(program, npyMachineOptions({ cores: 1 }), {}, new Int32Array(2));
      core.setBreakpoints(program.entry.file, [{ line: 14 }]);
      stopAt(core);
      const frameId = core.stackTrace(1).frames[0].id;
      const locals = core.variables(core.scopes(frameId).find((s) => s.name === 'Locals')!.reference);
      const acc = locals.find((v) => v.name === 'acc')!;
      assert.equal(acc.type, '2 × 3 tiles of f32[8, 16]');
      const rows = core.variables(acc.reference);
      assert.deepEqual(rows.map((v) => [v.name, v.evaluateName]), [['[0]', 'acc[0]'], ['[1]', 'acc[1]']]);
      const tiles = core.variables(rows[1].reference);
      assert.deepEqual(tiles.map((v) => [v.name, v.evaluateName, v.type]), [['[0]', 'acc[1][0]', 'f32[8, 16]'], ['[1]', 'acc[1][1]', 'f32[8, 16]'], ['[2]', 'acc[1][2]', 'f32[8, 16]']]);
      // Tile (1, 2) is x · 21, plus 1 in its first 4 partitions: element [5, 3] is (5·16 + 3)·21.
      assert.equal(core.evaluate('acc[1][2][5, 3]', frameId, 'hover').result, `acc[1][2][5, 3] = ${83 * 21}`);
      assert.equal(core.evaluate('acc[1][2][0, 0]', frameId, 'repl').result, '1');
      assert.equal(core.evaluate('acc[1][2]', frameId, 'hover').type, 'f32[8, 16]');
    });

    it(':why of an element of a tile follows it through the tile\'s writes; the tensor view shows one tile', () => {
      const program = programOf(KERNEL);
      const core = new DebugCore(program, npyMachineOptions({ cores: 1 }), {}, new Int32Array(2));
      core.setBreakpoints(program.entry.file, [{ line: 14 }]);
      stopAt(core);
      const frameId = core.stackTrace(1).frames[0].id;
      // Tile (1, 2) element [5, 3]: x[5, 3] · 21, written by the TensorScalar after the DmaCopy of x.
      const w = core.evaluate(':why acc[1][2][5, 3]', frameId, 'repl');
      assert.match(w.result, new RegExp(`^acc\\[1\\]\\[2\\]\\[5, 3\\] = ${83 * 21} ← TensorScalar .*:10:`));
      const rows = core.variables(w.reference!).map((r) => `${r.name} = ${r.value}`);
      assert.ok(rows.some((r) => /acc\[1\]\[2\]\[5, 3\] = 83$/.test(r)), rows.join('\n'));
      const view = core.tensorData({ expression: 'acc[1][2]', frameId });
      assert.deepEqual([view.shape, view.rows, view.cols], [[8, 16], 8, 16]);
      const bytes = Buffer.from(view.values.base64, 'base64');
      const values = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
      assert.deepEqual([values[5 * 16 + 3], values[0]], [83 * 21, 1]);
    });

    it('a data breakpoint on one tile stops at the writes of that tile only', () => {
      const program = programOf(KERNEL);
      const core = new DebugCore(program, npyMachineOptions({ cores: 1 }), {}, new Int32Array(2));
      core.setBreakpoints(program.entry.file, [{ line: 7 }]);
      stopAt(core);
      core.setBreakpoints(program.entry.file, []);
      const frameId = core.stackTrace(1).frames[0].id;
      const info = core.dataBreakpointInfo(undefined, 'acc[1][2]', frameId);
      assert.ok(info.dataId, info.description);
      assert.equal(core.setDataBreakpoints([{ dataId: info.dataId, accessType: 'write' }])[0].verified, true);
      const stops: string[] = [];
      for (;;) {
        let o = core.run();
        while (o.kind === 'yield') o = core.run();
        if (o.kind !== 'stopped') break;
        stops.push((o.info.text ?? '').split(': ')[0]);
        core.continue();
      }
      assert.deepEqual(stops, ['DmaCopy at line 9 wrote acc[1][2]', 'TensorScalar at line 10 wrote acc[1][2]', 'TensorScalar at line 22 wrote acc[1][2][0:4, 0:16]', 'TensorTensor at line 16 wrote acc[1][2]']);
    });
  });
});
