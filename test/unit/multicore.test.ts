// Several cores: deterministic round-robin scheduling (one node per core per turn), Barrier, the
// barrier-deadlock fault and race detection between cores writing shared DRAM.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { checkProgram } from '../../engine/lang/check/checker';
import { formatDiagnostic } from '../../engine/lang/diagnostics';
import { runProgram, RunOptions } from '../../engine/run/simulate';
import { RunOutcome } from '../../engine/run/interpreter';
import { Machine } from '../../engine/machine/machine';
import { Fault, FaultCode } from '../../engine/machine/fault';
import { decode } from '../../engine/machine/dtypes';
import { Program } from '../../engine/ir/program';

const FILE = path.resolve('/virtual/multicore/t.bir');

function compile(src: string): Program {
  const r = checkProgram(FILE, { host: { readText: (f) => (f === FILE ? src : undefined), exists: (f) => f === FILE } });
  const errors = r.diagnostics.filter((d) => d.severity === 'error');
  if (!r.program || errors.length) assert.fail(`the test program does not check:\n${errors.map((d) => formatDiagnostic(d)).join('\n')}\n---\n${src}`);
  return r.program;
}

interface Ran {
  readonly outcome: RunOutcome;
  readonly machine: Machine;
  /** Print output as `core: text`, in the order it was produced. */
  readonly lines: string[];
}

function run(src: string | Program, options: RunOptions = {}): Ran {
  const lines: string[] = [];
  const prog = typeof src === 'string' ? compile(src) : src;
  const { outcome, machine } = runProgram(prog, { output: (text, core) => lines.push(`${core}: ${text}`), ...options });
  return { outcome, machine, lines };
}

function ok(src: string | Program, options: RunOptions = {}): Ran {
  const r = run(src, options);
  if (r.outcome.kind !== 'exited') {
    assert.fail(`the program should end normally, but: ${r.outcome.kind === 'failed' ? `${r.outcome.fault.code}: ${r.outcome.fault.message}` : r.outcome.kind}`);
  }
  return r;
}

function fails(src: string, code: FaultCode, options: RunOptions = {}): Ran & { fault: Fault } {
  const r = run(src, options);
  assert.equal(r.outcome.kind, 'failed', `the program should fail with '${code}' but ended with ${r.outcome.kind}`);
  const fault = (r.outcome as Extract<RunOutcome, { kind: 'failed' }>).fault;
  assert.equal(fault.code, code, `expected a '${code}' fault, got '${fault.code}': ${fault.message}`);
  return { ...r, fault };
}

function read(m: Machine, name: string): number[] {
  const d = m.program.drams.find((x) => x.name === name);
  if (!d) assert.fail(`no dram tensor '${name}'`);
  const t = m.drams[d.slot];
  return Array.from(t.data, (x) => decode(t.dtype, x));
}

function spanText(src: string, span: Fault['span']): string {
  assert.ok(span, 'the fault has a span');
  return src.split('\n')[span.line - 1].slice(span.col - 1, span.endCol - 1);
}

const f32 = Math.fround;

describe('multicore', function () {
  this.timeout(20000);

  describe('determinism', () => {
    const src = `module t
dram y : f32[8, 16] output

func main() {
  sbuf a : f32[4, 16]
  sbuf w : f32[4, 4]
  psum p : f32[4, 16]
  sbuf o : f32[4, 16]
  Iota a <- base = core, pstep = 16, fstep = 1
  Iota w <- base = ncores, pstep = 1, fstep = 0.5
  MatMult p <- w, a
  Activation o <- p, func = sqrt, scale = 0.01
  DmaCopy y[core, :] <- o[core % 4, :]
  Barrier
  Print "core", core, "of", ncores, "sum", sum(y[core, :])
}
`;

    /** Row `core` of y as the program computes it, from the documented semantics. */
    function expectedRow(core: number, ncores: number): number[] {
      const m = core % 4;
      const row: number[] = [];
      for (let n = 0; n < 16; n++) {
        let acc = 0;
        for (let k = 0; k < 4; k++) acc = f32(acc + f32((ncores + k + 0.5 * m) * (core + 16 * k + n)));
        row.push(f32(Math.sqrt(f32(f32(acc * f32(0.01)) + 0))));
      }
      return row;
    }

    for (let n = 1; n <= 8; n++) {
      it(`${n} core${n > 1 ? 's' : ''}: the same outputs and the same Print order on every run`, () => {
        const prog = compile(src);
        const first = ok(prog, { cores: n, faults: { race: true } });
        const second = ok(prog, { cores: n, faults: { race: true } });
        const third = ok(src, { cores: n });
        const y = read(first.machine, 'y');
        for (let c = 0; c < 8; c++) {
          const row = y.slice(c * 16, c * 16 + 16);
          if (c < n) assert.deepEqual(row, expectedRow(c, n), `row of core ${c}`);
        }
        assert.deepEqual(read(second.machine, 'y'), y);
        assert.deepEqual(read(third.machine, 'y'), y);
        assert.equal(first.lines.length, n);
        first.lines.forEach((line, c) => assert.ok(line.startsWith(`${c}: core ${c} of ${n} sum `), line));
        assert.deepEqual(second.lines, first.lines);
        assert.deepEqual(third.lines, first.lines);
        for (let c = 0; c < n; c++) assert.equal(first.machine.cores[c].executed, 7, `instructions of core ${c}`);
      });
    }

    it('rejects 0 or 9 cores before the run', () => {
      const prog = compile(src);
      assert.throws(() => runProgram(prog, { cores: 0 }), /cores must be an integer from 1 to 8, found 0/);
      assert.throws(() => runProgram(prog, { cores: 9 }), /cores must be an integer from 1 to 8, found 9/);
    });
  });

  describe('round-robin order', () => {
    it('cores advance one node each in turn (loops and branches are nodes; a finished core is skipped)', () => {
      const src = `module t
func main() {
  Print "start", core
  for r0 in 0..2 {
    Print "iter", core, r0
  }
  if core == 0 {
    Print "zero first"
    Print "zero second"
  }
  Print "end", core
}
`;
      const r = ok(src, { cores: 2 });
      // Turns: Print, for, Print (r0 = 0), Print (r0 = 1), if, then core 0 runs two more nodes than core 1.
      assert.deepEqual(r.lines, [
        '0: start 0',
        '1: start 1',
        '0: iter 0 0',
        '1: iter 1 0',
        '0: iter 0 1',
        '1: iter 1 1',
        '0: zero first',
        '1: end 1',
        '0: zero second',
        '0: end 0',
      ]);
      const three = ok(src, { cores: 3 });
      assert.deepEqual(three.lines, [
        '0: start 0', '1: start 1', '2: start 2',
        '0: iter 0 0', '1: iter 1 0', '2: iter 2 0',
        '0: iter 0 1', '1: iter 1 1', '2: iter 2 1',
        '0: zero first', '1: end 1', '2: end 2',
        '0: zero second',
        '0: end 0',
      ]);
    });

    it('a call is one node; the callee\'s body then runs a node per turn', () => {
      const src = `module t
func main() {
  if core == 1 {
    call f()
  }
  Print "main", core
  Print "after", core
  Print "last", core
}

func f() {
  Print "in f"
}
`;
      // Turns: if, if, main 0, call, after 0, in f, last 0, then core 1 alone.
      assert.deepEqual(ok(src, { cores: 2 }).lines, ['0: main 0', '0: after 0', '1: in f', '0: last 0', '1: main 1', '1: after 1', '1: last 1']);
    });
  });

  describe('Barrier', () => {
    const src = (barrier: boolean) => `module t
dram flag : f32[1, 1]
dram out : f32[8, 1] output

func main() {
  sbuf a : f32[1, 1]
  if core == 1 {
    Memset a <- 42
    Print "core 1 writes"
    DmaCopy flag <- a
  }
  ${barrier ? 'Barrier' : ''}
  Load r1 <- flag[0, 0]
  Print "core", core, "reads", r1
  Memset a <- r1 + core
  DmaCopy out[core, 0:1] <- a
}
`;

    it('a value core 1 writes before a Barrier is read by core 0 after it', () => {
      const r = ok(src(true), { cores: 2 });
      assert.deepEqual(r.lines, ['1: core 1 writes', '0: core 0 reads 42', '1: core 1 reads 42']);
      assert.deepEqual(read(r.machine, 'out').slice(0, 2), [42, 43]);
      const four = ok(src(true), { cores: 4 });
      assert.deepEqual(read(four.machine, 'out').slice(0, 4), [42, 43, 44, 45]);
    });

    it('without the Barrier, core 0 reads before core 1 wrote: uninitialized-read on core 0', () => {
      const { fault, lines } = fails(src(false), 'uninitialized-read', { cores: 2 });
      assert.equal(fault.core, 0);
      assert.match(fault.message, /the source 'flag\[0, 0\]' reads element \[\] of the view, which was never written/);
      assert.deepEqual(lines, []);
    });

    it('barriers in a loop keep the cores in step', () => {
      const r = ok(`module t
func main() {
  for r0 in 0..3 {
    if core == 0 {
      Set r1 = 0
      Set r1 = 1
      Set r1 = 2
    }
    Print "phase", r0
    Barrier
  }
}
`, { cores: 3 });
      assert.deepEqual(r.lines, [
        '1: phase 0', '2: phase 0', '0: phase 0',
        '1: phase 1', '2: phase 1', '0: phase 1',
        '1: phase 2', '2: phase 2', '0: phase 2',
      ]);
    });

    it('is a no-op on one core', () => {
      assert.deepEqual(ok('module t\nfunc main() {\n  Barrier\n  Print "done"\n}\n').lines, ['0: done']);
    });
  });

  describe('barrier-deadlock', () => {
    it('a core waits at a Barrier that a finished core never reaches: code, message, span at the Barrier', () => {
      const src = `module t
func main() {
  if core == 0 {
    Barrier
  }
  Print "after", core
}
`;
      const { fault, lines } = fails(src, 'barrier-deadlock', { cores: 2 });
      assert.equal(fault.message, 'core 0 waits at Barrier (line 4) but core 1 finished without reaching it');
      assert.equal(fault.core, 0);
      assert.equal(fault.span?.line, 4);
      assert.equal(spanText(src, fault.span), 'Barrier');
      assert.deepEqual(lines, ['1: after 1']);
      const three = fails(src, 'barrier-deadlock', { cores: 3 });
      assert.equal(three.fault.message, 'core 0 waits at Barrier (line 4) but cores 1, 2 finished without reaching it');
      const two = fails(src.replace('core == 0', 'core < 2'), 'barrier-deadlock', { cores: 3 });
      assert.equal(two.fault.message, 'core 0 waits at Barrier (line 4) but core 2 finished without reaching it');
      ok(src, { cores: 1 });
    });
  });

  describe('race', () => {
    const src = (body: string) => `module t
dram y : f32[4, 4] output

func main() {
  sbuf a : f32[4, 4]
  Iota a <- base = core, fstep = 0
${body}
}
`;

    it('two cores writing the same DRAM element between barriers: a race naming both cores', () => {
      const prog = src('  DmaCopy y <- a');
      const { fault, machine } = fails(prog, 'race', { cores: 2, faults: { race: true } });
      assert.equal(fault.message, "core 1 writes 'y' at [0, 0], which core 0 also wrote since the last Barrier");
      assert.equal(fault.core, 1);
      assert.equal(spanText(prog, fault.span), 'y');
      assert.deepEqual(read(machine, 'y'), new Array(16).fill(0), 'the racing write did not land');
      // Off by default: the last writer wins.
      const r = ok(prog, { cores: 2 });
      assert.deepEqual(read(r.machine, 'y'), new Array(16).fill(1));
    });

    it('names the first overlapping element of the writer\'s view', () => {
      const prog = src(`  if core == 0 {
    DmaCopy y[0:2, :] <- a[0:2, :]
  } else {
    DmaCopy y[1:3, 1:4] <- a[0:2, 0:3]
  }`);
      const { fault } = fails(prog, 'race', { cores: 2, faults: { race: true } });
      assert.equal(fault.message, "core 1 writes 'y[1:3, 1:4]' at [0, 0], which core 0 also wrote since the last Barrier");
      const three = fails(src(`  if core == 2 {
    DmaCopy y[3, :] <- a[0, :]
    DmaCopy y[0, 3] <- a[0, 0]
  }
  if core == 0 {
    Set r1 = 1
    Set r1 = 2
    DmaCopy y[0:1, :] <- a[0:1, :]
  }`), 'race', { cores: 3, faults: { race: true } });
      assert.equal(three.fault.message, "core 0 writes 'y[0:1, :]' at [0, 3], which core 2 also wrote since the last Barrier");
    });

    it('no race when the writes are separated by a Barrier, or when one core writes twice', () => {
      const r = ok(src(`  if core == 0 {
    DmaCopy y <- a
    DmaCopy y <- a
  }
  Barrier
  if core == 1 {
    DmaCopy y <- a
  }`), { cores: 2, faults: { race: true } });
      assert.deepEqual(read(r.machine, 'y'), new Array(16).fill(1));
    });

    it('no race when the cores write disjoint elements', () => {
      const r = ok(src('  DmaCopy y[core, :] <- a[core, :]\n  DmaCopy y[core, 0:1] <- a[0, 0:1]'), { cores: 4, faults: { race: true } });
      assert.deepEqual(read(r.machine, 'y'), [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]);
      const strided = ok(src('  DmaCopy y[0:4, core:4:2] <- a[0:4, 0:2]'), { cores: 2, faults: { race: true } });
      assert.deepEqual(read(strided.machine, 'y'), [0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1]);
    });
  });
});
