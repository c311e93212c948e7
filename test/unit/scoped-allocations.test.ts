// Allocations with a scope (declared in a loop body or a branch arm, freed at its end) and explicit placement
// (`offset = N` for SBUF, `bank = N` for PSUM): what the checker accepts and refuses, where each allocation is placed,
// what a run does with a block's allocations (unwritten at each entry), the passes (bit for bit through every one),
// and the debugger's Variables (a block's tensor is shown while the block runs).
import * as assert from 'node:assert/strict';
import { checkText, diagnosticsAt, mainModule, programOf } from '../helpers/virtual-host';
import { formatDiagnostic } from '../../engine/lang/diagnostics';
import { runProgram, npyMachineOptions } from '../../engine/run/simulate';
import { AllocInfo, Program, Region } from '../../engine/ir/program';
import { forEachNode } from '../../engine/ir/numbering';
import { PASS_NAMES, runPipeline } from '../../engine/passes/pipeline';
import { PassName } from '../../engine/passes/registry';
import { decode } from '../../engine/machine/dtypes';
import { DebugCore } from '../../engine/debug/debug-core';
import { buildGraph } from '../../engine/graph/build';
import { indexFile } from '../../language/file-index';

/** Runs a program: its outcome, the bytes and written flags of each DRAM tensor, and what it printed. */
function run(program: Program): { outcome: string; drams: Map<string, string>; values: Map<string, number[]>; prints: string[] } {
  const prints: string[] = [];
  const { outcome, machine } = runProgram(program, { output: (text) => prints.push(text) });
  const drams = new Map(machine.drams.map((t) => [t.name, `${Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength).toString('hex')}/${Buffer.from(t.written).toString('hex')}`]));
  const values = new Map(machine.drams.map((t) => [t.name, Array.from(t.data, (x) => decode(t.dtype, x))]));
  return { outcome: outcome.kind === 'failed' ? `failed: ${outcome.fault.code}: ${outcome.fault.message}` : outcome.kind, drams, values, prints };
}

function alloc(program: Program, name: string, nth = 0): AllocInfo {
  const found = program.main.allocs.filter((a) => a.name === name);
  assert.ok(found[nth], `main allocates '${name}' ${nth + 1} time(s)`);
  return found[nth];
}

/** Two sibling loops, each with a PSUM tile of all 8 banks and an SBUF tile of its own. */
const SIBLINGS = mainModule(['dram x : f32[128, 512] input = random(seed=3, low=-1, high=1)', 'dram y : f32[128, 512] output', 'dram z : f32[128, 512] output'], [
  'sbuf ones : f32[128, 128]',
  'Memset ones <- 0.5',
  'for r0 in 0..2 {',
  '  psum big : f32[128, 4096]',
  '  sbuf t : f32[128, 512]',
  '  DmaCopy t <- x',
  '  MatMult big[0:128, r0*512 : r0*512+512] <- ones, t',
  '  TensorCopy t <- big[0:128, r0*512 : r0*512+512]',
  '  DmaCopy y <- t',
  '}',
  'for r1 in 0..1 {',
  '  psum acc : f32[128, 4096]',
  '  sbuf t : bf16[128, 512]',
  '  DmaCopy t <- x',
  '  MatMult acc[0:128, 0:512] <- ones, t',
  '  TensorCopy t <- acc[0:128, 0:512]',
  '  DmaCopy z <- t',
  '}',
]);

describe('scoped allocations', function () {
  this.timeout(30_000);
  describe('the checker', () => {
    it('accepts allocations in loop bodies and branch arms; sibling blocks place theirs in the same bytes', () => {
      const program = programOf(SIBLINGS);
      assert.equal(alloc(program, 'big').placement.offset, 0);
      assert.equal(alloc(program, 'acc').placement.offset, 0);
      // The second 't' (bf16) takes the bytes the first one (f32) had, after 'ones'.
      assert.equal(alloc(program, 't', 0).placement.offset, 512);
      assert.equal(alloc(program, 't', 1).placement.offset, 512);
      assert.equal(alloc(program, 't', 0).scope, 'the loop at line 8');
      assert.equal(alloc(program, 't', 1).scope, 'the loop at line 16');
      assert.equal(alloc(program, 'ones').scope, undefined);
      // The frame is what is live at once: 'ones' and the larger 't'; all of PSUM.
      assert.equal(program.main.sbufFrameBytes, 512 + 2048);
      assert.equal(program.main.psumFrameBytes, 16384);
      const arms = programOf(mainModule([], ['if 1 {', '  psum a : f32[128, 4096]', '} else {', '  psum b : f32[128, 4096]', '}']));
      assert.equal(alloc(arms, 'b').placement.offset, 0);
      assert.equal(alloc(arms, 'b').scope, "the else branch of the 'if' at line 3");
    });

    it('a bare block { } is a scope: its allocations are freed at its }, its call stack frame and graph region say block', () => {
      const text = mainModule(['dram y : f32[4, 4] output'], [
        'sbuf o : f32[4, 4]',
        '{',
        '  psum big : f32[128, 4096]',
        '  Memset big <- 1',
        '  TensorCopy o <- big[0:4, 0:4]',
        '}',
        'psum acc : f32[128, 4096]',
        'Memset acc <- 2',
        'TensorTensor o <- o, acc[0:4, 0:4], op = add',
        'DmaCopy y <- o',
      ]);
      const program = programOf(text);
      assert.equal(alloc(program, 'big').scope, 'the block at line 5');
      assert.equal(alloc(program, 'acc').placement.offset, 0);
      assert.deepEqual(run(program).values.get('y'), new Array(16).fill(3));
      assert.deepEqual(diagnosticsAt(text.replace('DmaCopy y <- o', 'DmaCopy y <- big[0:4, 0:4]')), [
        "13:16: 'big' is allocated in the block at line 5 and is not visible outside it (the block ends at line 9)",
      ]);
      assert.deepEqual(buildGraph(program.main, { program }).regions.map((r) => r.label), ['block @5']);
      const core = new DebugCore(program, npyMachineOptions({ cores: 1 }), {}, new Int32Array(2));
      core.setBreakpoints(program.entry.file, [{ line: 7 }]);
      let o = core.run();
      while (o.kind === 'yield') o = core.run();
      assert.equal(o.kind, 'stopped');
      core.setFrames('subgraphs');
      assert.deepEqual(core.stackTrace(1).frames.map((f) => f.name), ['main › block @5', 'main']);
    });

    it('refuses an allocation that does not fit in its block, naming the block, the bytes and the limit', () => {
      const text = mainModule([], [
        'psum keep : f32[128, 512]',
        'for r0 in 0..2 {',
        '  psum big : f32[128, 4096]',
        '}',
      ]);
      assert.deepEqual(diagnosticsAt(text), [
        "5:5: psum allocation 'big' (f32[128, 4096], 16384 bytes per partition) does not fit in 'm::main' (in the loop at line 4): it would end at byte 18432 but PSUM has 16384 bytes per partition (2048 bytes are used by 'keep')",
      ]);
    });

    it('the PSUM overflow counts the bytes alignment lost between earlier allocations as lost, not used', () => {
      // 'mid' (1800 bytes) does not fit in bank 0 after 'small' (512): 1536 bytes of bank 0 are lost, not used.
      const text = mainModule([], ['psum small : f32[128, 128]', 'psum mid : f32[128, 450]', 'psum big : f32[128, 3600]']);
      assert.deepEqual(diagnosticsAt(text), [
        "5:3: psum allocation 'big' (f32[128, 3600], 14400 bytes per partition) does not fit in 'm::main': it would end at byte 18496 but PSUM has 16384 bytes per partition (2312 bytes are used by 'small', 'mid', 1536 are lost to alignment between them, and 248 more are skipped because a PSUM allocation larger than a bank starts on a bank: this one would start at byte 4096)",
      ]);
    });

    it('a block\'s names are not visible after it, with file:line:col; a block cannot hide a name of its function', () => {
      const text = mainModule([], [
        'sbuf keep : f32[4, 4]',
        'for r0 in 0..2 {',
        '  sbuf t : f32[4, 4]',
        '  sbuf keep : f32[4, 4]',
        '  Memset t <- 1',
        '}',
        'TensorCopy keep <- t',
      ]);
      assert.deepEqual(checkText(text).diagnostics.map((d) => formatDiagnostic(d)), [
        "/virtual/test.bir:6:10: error: 'keep' is already declared at line 3",
        "/virtual/test.bir:9:22: error: 't' is allocated in the loop at line 4 and is not visible outside it (the block ends at line 8)",
      ]);
    });

    it('explicit placement: a bank or a byte offset, checked against the allocations live there, naming both', () => {
      const ok = programOf(mainModule([], [
        'psum a : f32[128, 512]',
        'psum b : f32[128, 512], bank = 5',
        'psum c : f32[128, 512]',
        'sbuf s : f32[128, 16], offset = 4096',
        'for r0 in 0..2 {',
        '  psum d : f32[128, 512], bank = 1',
        '}',
      ]));
      assert.deepEqual(['a', 'b', 'c', 'd'].map((n) => alloc(ok, n).placement.offset / 2048), [0, 5, 6, 1]);
      assert.equal(alloc(ok, 's').placement.offset, 4096);
      assert.equal(ok.main.sbufFrameBytes, 4096 + 64);
      const text = mainModule([], [
        'psum a : f32[128, 512]',
        'psum b : f32[128, 512], bank = 0',
        'psum c : f32[128, 512], bank = 8',
        'sbuf s : f32[128, 4], offset = 32',
        'sbuf t : f32[128, 4], bank = 1',
        'psum e : f32[128, 4096], bank = 1',
        'for r0 in 0..2 {',
        '  sbuf u : f32[128, 8], offset = 0',
        '  sbuf w : f32[128, 8], offset = 0',
        '}',
      ]);
      assert.deepEqual(diagnosticsAt(text), [
        "4:3: psum allocation 'b' (f32[128, 512], 2048 bytes per partition, bank = 0) overlaps 'a' (line 3), which is live here: 'b' would take bytes 0..2047 of each partition, 'a' takes bytes 0..2047",
        '5:34: the bank of \'c\' must be an integer from 0 to 7, found 8',
        "6:3: sbuf allocation 's' (f32[128, 4], 16 bytes per partition, offset = 32) starts at byte 32: SBUF allocations start on 64-byte boundaries",
        "7:25: 'bank' is not an attribute of an SBUF allocation: an SBUF allocation takes 'offset = N', the byte of each partition it starts at, and 'partition = N', the first partition it takes",
        "8:3: psum allocation 'e' (f32[128, 4096], 16384 bytes per partition, bank = 1) does not fit in 'm::main': it would end at byte 18432 but PSUM has 16384 bytes per partition",
        "11:5: sbuf allocation 'w' (f32[128, 8], 32 bytes per partition, offset = 0) overlaps 'u' (line 10), which is live here: 'w' would take bytes 0..31 of each partition, 'u' takes bytes 0..31",
      ]);
    });
  });

  describe('the simulator', () => {
    it('computes with a block\'s tiles as with the function\'s: y = 0.5 · (sum of x over partitions), z in bf16', () => {
      const program = programOf(SIBLINGS);
      const r = run(program);
      assert.equal(r.outcome, 'exited');
      const x = run(program).values.get('x')!;
      const colSum = (j: number): number => {
        let s = 0;
        for (let p = 0; p < 128; p++) s += x[p * 512 + j];
        return s;
      };
      const y = r.values.get('y')!;
      for (const j of [0, 7, 511]) {
        assert.ok(Math.abs(y[j] - 0.5 * colSum(j)) < 1e-4, `y[0, ${j}] = ${y[j]}`);
        assert.equal(y[127 * 512 + j], y[j]);
      }
      const z = r.values.get('z')!;
      // z went through bf16 twice (t is bf16 in the second loop): within bf16's precision of y.
      for (const j of [0, 7, 511]) assert.ok(Math.abs(z[j] - y[j]) <= Math.abs(y[j]) * 2 ** -7 + 1e-2, `z[0, ${j}] = ${z[j]}, y = ${y[j]}`);
    });

    it('a block\'s tile starts unwritten at each entry: what one iteration wrote is not the next one\'s', () => {
      const program = programOf(mainModule(['dram y : f32[4, 4] output'], [
        'for r0 in 0..2 {',
        '  sbuf t : f32[4, 4]',
        '  if r0 == 0 {',
        '    Memset t <- 1',
        '  }',
        '  DmaCopy y <- t',
        '}',
      ]));
      assert.match(run(program).outcome, /^failed: uninitialized-read: /);
      // The same with the tile at the top level of the function reads what iteration 0 wrote.
      const outer = programOf(mainModule(['dram y : f32[4, 4] output'], [
        'sbuf t : f32[4, 4]',
        'for r0 in 0..2 {',
        '  if r0 == 0 {',
        '    Memset t <- 1',
        '  }',
        '  DmaCopy y <- t',
        '}',
      ]));
      assert.equal(run(outer).outcome, 'exited');
    });

    it('an explicitly placed allocation lives where it says: its tensor\'s bytes in the frame', () => {
      const program = programOf(mainModule(['dram y : f32[128, 512] output'], [
        'psum acc : f32[128, 512], bank = 6',
        'sbuf s : f32[128, 512], offset = 65536',
        'sbuf ones : f32[128, 128]',
        'Memset ones <- 1',
        'Memset s <- 2',
        'MatMult acc <- ones, s',
        'TensorCopy s <- acc',
        'DmaCopy y <- s',
      ]));
      const { outcome, machine } = runProgram(program, {});
      assert.equal(outcome.kind, 'exited');
      assert.equal(machine.drams[0].data[0], 256);
      assert.equal(alloc(program, 'acc').placement.offset, 6 * 2048);
      assert.equal(alloc(program, 'ones').placement.offset, 65536 + 2048);
    });
  });

  describe('the passes', () => {
    const CALLED = [
      'module m',
      'dram x : f32[8, 64] input = random(seed=5)',
      'dram y : f32[8, 64] output',
      'func main() {',
      '  for r0 in 0..4 {',
      '    sbuf a : f32[8, 16]',
      '    DmaCopy a <- x[0:8, r0*16 : r0*16+16]',
      '    call twice(a)',
      '    DmaCopy y[0:8, r0*16 : r0*16+16] <- a',
      '  }',
      '  for r1 in 0..2 {',
      '    sbuf a : f32[8, 16]',
      '    Memset a <- 3',
      '    TensorTensor a <- a, a, op = mul',
      '    Print a[0, 0:2]',
      '  }',
      '}',
      'func twice(t: f32[8, 16]) {',
      '  for r2 in 0..2 {',
      '    sbuf tmp : f32[8, 16]',
      '    TensorScalar tmp <- t, op = mul, scalar = 2',
      '    TensorCopy t <- tmp',
      '  }',
      '}',
      '',
    ].join('\n');

    /** The regions' allocations are allocations of their function, and each is in one region. */
    function checkScopes(program: Program, what: string): void {
      for (const fn of program.functions.values()) {
        const owners = new Map<AllocInfo, Region>();
        const visit = (r: Region): void => {
          for (const a of r.allocs ?? []) {
            assert.ok(fn.allocs.includes(a), `${what}: ${a.name} of a region of ${fn.fullName} is one of its allocations`);
            assert.ok(!owners.has(a) || owners.get(a)!.end === r.end, `${what}: ${a.name} belongs to one block`);
            owners.set(a, r);
          }
        };
        visit(fn.body);
        forEachNode(fn.body, (n) => {
          if (n.kind === 'for') visit(n.body);
          if (n.kind === 'if') [n.then, n.else].forEach((r) => r && visit(r));
        });
        for (const a of fn.allocs) assert.equal(a.scope !== undefined, owners.has(a), `${what}: ${fn.fullName}'s ${a.name} is scoped exactly when a block holds it`);
      }
    }

    it('every pass and pipeline computes the same bits; inlined blocks keep their allocations, loops that allocate are not unrolled', () => {
      for (const text of [CALLED, SIBLINGS]) {
        const program = programOf(text);
        const expected = run(program);
        assert.equal(expected.outcome, 'exited');
        const pipelines: PassName[][] = [...PASS_NAMES.map((p) => [p]), [...PASS_NAMES], [...PASS_NAMES].reverse()];
        for (const passes of pipelines) {
          const snaps = runPipeline(program, passes);
          const last = snaps[snaps.length - 1].program;
          checkScopes(last, passes.join(','));
          const got = run(last);
          assert.equal(got.outcome, expected.outcome, passes.join(','));
          assert.deepEqual(got.drams, expected.drams, passes.join(','));
          assert.deepEqual(got.prints, expected.prints, passes.join(','));
        }
      }
      const inlined = runPipeline(programOf(CALLED), ['inline'])[1].program;
      assert.deepEqual(inlined.main.allocs.map((a) => `${a.name}${a.scope ? ` in ${a.scope}` : ''}`), ['a in the loop at line 5', 'a in the loop at line 11', 'twice__tmp in the loop at line 19']);
      const unrolled = runPipeline(programOf(CALLED), ['unroll'])[1].program;
      let loops = 0;
      forEachNode(unrolled.functions.get('m::twice')!.body, (n) => void (n.kind === 'for' && loops++));
      assert.equal(loops, 1, 'the loop of twice allocates: it stays a loop');
    });
  });

  describe('the language server', () => {
    it('a name two sibling blocks allocate means each block\'s own: rename and references stay in the block', () => {
      const index = indexFile('/virtual/test.bir', SIBLINGS);
      const ts = index.decls.filter((d) => d.name === 't');
      assert.equal(ts.length, 2);
      const lines = ts.map((d) => index.occurrencesOf(d.id).map((o) => index.occurrence(o).span.line));
      assert.deepEqual(lines, [[10, 11, 12, 13, 14], [18, 19, 20, 21, 22]]);
    });
  });

  describe('the debugger', () => {
    it('a data breakpoint on a block\'s tile set while the block runs stops at its writes, in every block of that name', () => {
      const program = programOf(SIBLINGS);
      const core = new DebugCore(program, npyMachineOptions({ cores: 1 }), {}, new Int32Array(2));
      core.setBreakpoints(program.entry.file, [{ line: 11 }]);
      const next = (): string | undefined => {
        let o = core.run();
        while (o.kind === 'yield') o = core.run();
        return o.kind === 'stopped' ? o.info.text : undefined;
      };
      next();
      core.setBreakpoints(program.entry.file, []);
      const frameId = core.stackTrace(1).frames[0].id;
      const info = core.dataBreakpointInfo(undefined, 't[0, 0]', frameId);
      assert.ok(info.dataId, info.description);
      assert.equal(core.setDataBreakpoints([{ dataId: info.dataId, accessType: 'write' }])[0].verified, true);
      const stops: string[] = [];
      for (let text = next(); text !== undefined; text = next()) {
        stops.push(text.split(':')[0]);
        core.continue();
      }
      // Loop 1 (2 iterations): DmaCopy and TensorCopy write t; loop 2 (1 iteration): its own t, the same.
      assert.deepEqual(stops, ['DmaCopy at line 11 wrote t[0, 0]', 'TensorCopy at line 13 wrote t[0, 0]', 'DmaCopy at line 11 wrote t[0, 0]', 'TensorCopy at line 13 wrote t[0, 0]', 'DmaCopy at line 19 wrote t[0, 0]', 'TensorCopy at line 21 wrote t[0, 0]']);
    });

    it('time travel: a block\'s tile is unwritten again at the entry of the next iteration, and its values come back', () => {
      const program = programOf(mainModule(['dram y : f32[4, 4] output'], [
        'for r0 in 0..3 {',
        '  sbuf t : f32[4, 4]',
        '  Memset t <- r0',
        '  TensorScalar t <- t, op = add, scalar = 10',
        '  DmaCopy y <- t',
        '}',
      ]));
      const core = new DebugCore(program, npyMachineOptions({ cores: 1 }), {}, new Int32Array(2));
      core.setBreakpoints(program.entry.file, [{ line: 6 }, { line: 8 }]);
      const seen = (): string => {
        const t = ((): string => {
          try {
            return core.evaluate('sum(t)', undefined, 'repl').result;
          } catch (e) {
            return (e as Error).message.replace(/^.*reads/, 'reads');
          }
        })();
        return `r0 = ${core.evaluate('r0', undefined, 'repl').result}: ${t}`;
      };
      const forward: string[] = [];
      for (let i = 0; i < 4; i++) {
        if (i > 0) core.continue();
        let o = core.run();
        while (o.kind === 'yield') o = core.run();
        assert.equal(o.kind, 'stopped');
        forward.push(seen());
      }
      assert.deepEqual(forward, ['r0 = 0: reads 16 never-written elements', 'r0 = 0: 160', 'r0 = 1: reads 16 never-written elements', 'r0 = 1: 176']);
      const back: string[] = [];
      for (let i = 0; i < 3; i++) {
        assert.equal(core.travel.reverseContinue('reverseContinue')().kind, 'stopped');
        back.push(seen());
      }
      assert.deepEqual(back, [forward[2], forward[1], forward[0]]);
    });

    it('Variables shows a block\'s tensor while the block runs, the live one of two of the same name', () => {
      const program = programOf(SIBLINGS);
      const core = new DebugCore(program, npyMachineOptions({ cores: 1 }), {}, new Int32Array(2));
      // Line 12 is in the first loop, 20 in the second, 8 is the first loop's header (outside both blocks).
      core.setBreakpoints(program.entry.file, [{ line: 8 }, { line: 12 }, { line: 20 }]);
      const locals = (): string[] => {
        let o = core.run();
        while (o.kind === 'yield') o = core.run();
        assert.equal(o.kind, 'stopped');
        const frameId = core.stackTrace(1).frames[0].id;
        const scope = core.scopes(frameId).find((s) => s.name === 'Locals')!;
        maps.push(core.memoryMap({}).allocations.map((x) => `${x.name}@${x.memory}:${x.offset}`).join(' '));
        return core.variables(scope.reference).filter((v) => !v.name.startsWith('r')).map((v) => `${v.name}: ${v.type}`);
      };
      const maps: string[] = [];
      const stops = [locals(), locals(), locals(), locals()];
      // The memory map (the tensor view's) shows what is live: the two 't' share their bytes, one at a time.
      assert.deepEqual(maps, ['ones@sbuf:0', 'ones@sbuf:0 big@psum:0 t@sbuf:512', 'ones@sbuf:0 big@psum:0 t@sbuf:512', 'ones@sbuf:0 acc@psum:0 t@sbuf:512']);
      assert.deepEqual(stops.map((s) => s.map((v) => v.split(':')[0])), [['ones'], ['ones', 'big', 't'], ['ones', 'big', 't'], ['ones', 'acc', 't']]);
      assert.match(stops[1][2], /f32\[128, 512\]/);
      assert.match(stops[3][2], /bf16\[128, 512\]/);
      // The console names the live 't' of the second loop.
      assert.equal(core.evaluate('t', undefined, 'repl').type, 'bf16[128, 512]');
    });
  });
});
