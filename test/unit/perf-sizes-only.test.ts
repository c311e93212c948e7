// The what-if's recording of sizes only (engine/perf/sizes-only.ts) against the full recording: the same stream and
// the same schedule on every example and after the timeline's quick edits (an engine moved, a size constant changed,
// an attribute edited); refused where it could differ (a Load in the control flow, an operand that cannot be made, a
// run that faults); and the timeline service taking it for a what-if only after a run that ended normally.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { checkProgram, diskHost } from '../../engine/lang/check/checker';
import { attributeEdit, sizeConstants, TextEdit } from '../../engine/lang/instruction-edits';
import { Program } from '../../engine/ir/program';
import { recordRun } from '../../engine/perf/record';
import { recordSizes } from '../../engine/perf/sizes-only';
import { schedule } from '../../engine/perf/scheduler';
import { ExecutedStream } from '../../engine/perf/stream';
import { PROFILES } from '../../engine/perf/profile';
import { npyMachineOptions } from '../../engine/run/simulate';
import { TimelineService } from '../../engine/host/timeline-service';
import type { TimelineData } from '../../contract/timeline';
import { pipelinedKernel } from '../../bench/pipelined-kernel';
import { compile, lineOf } from '../helpers/perf-programs';

const EXAMPLES = path.resolve(__dirname, '../../examples');
const trn2 = PROFILES.get('trn2')!;
/** The instruction-limit example never ends on its own. */
const LIMITS = { maxInstructions: 20_000 };
/**
 * The example whose full run takes the simulator half a minute (its FP8 MatMults): compared over its first instructions,
 * the full run stopped there by a limit and the sizes recorded to the end.
 */
const PREFIX_ONLY: Readonly<Record<string, number>> = { 'nki/qmatmul_fp8.bir': 300 };

const COLUMNS = ['node', 'tick', 'core', 'engine', 'kind', 'free', 'inputs', 'work', 'slow', 'rowStart', 'rowCount', 'accessStart', 'accessBase', 'accessWrites', 'accessBox', 'boxes'] as const;

/** The first `count` instructions of two streams are the same, column by column (their accesses too). */
function samePrefix(full: ExecutedStream, fast: ExecutedStream, count: number, what: string): void {
  const accesses = full.accessStart[count];
  const boxes = accesses < full.accessBase.length ? full.accessBox[accesses] : full.boxes.length;
  const length = (k: (typeof COLUMNS)[number]): number => (k === 'accessStart' ? count + 1 : k.startsWith('access') ? accesses : k === 'boxes' ? boxes : count);
  for (const k of COLUMNS) assert.deepEqual([...fast[k].subarray(0, length(k))], [...full[k].subarray(0, length(k))], `${what}: column ${k}`);
  assert.deepEqual(fast.bases.slice(0, full.bases.length).map((b) => b.name), full.bases.map((b) => b.name), `${what}: the region bases`);
}

/** The recording of sizes only is accepted, its stream is the full one's and so is its schedule on trn2. */
function sameAsFull(program: Program, what: string): void {
  const full = recordRun(program);
  assert.equal(full.outcome.kind, 'exited', `${what} should end normally`);
  const fast = recordSizes(program);
  assert.ok(!('refused' in fast), `${what}: refused: ${'refused' in fast ? fast.refused : ''}`);
  assert.equal(fast.stream.count, full.stream.count, `${what}: instructions`);
  samePrefix(full.stream, fast.stream, full.stream.count, what);
  const a = schedule(full.stream, trn2);
  const b = schedule(fast.stream, trn2);
  assert.equal(b.total, a.total, `${what}: total`);
  assert.deepEqual([...b.start], [...a.start], `${what}: starts`);
  assert.deepEqual([...b.end], [...a.end], `${what}: ends`);
  assert.deepEqual([...b.hazardFrom], [...a.hazardFrom], `${what}: dependencies`);
}

function applied(text: string, e: TextEdit | undefined): string {
  assert.ok(e, 'an edit');
  const lines = text.split('\n');
  const offset = (line: number, col: number): number => lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + col - 1;
  return text.slice(0, offset(e.line, e.col)) + e.newText + text.slice(offset(e.endLine, e.endCol));
}

function checked(file: string, text: string): Program {
  const r = checkProgram(file, { host: { readText: (f) => (f === file ? text : fs.readFileSync(f, 'utf8')), exists: (f) => f === file || fs.existsSync(f) } });
  assert.ok(r.program, `${path.basename(file)} does not check: ${r.diagnostics.map((d) => d.message).join('; ')}`);
  return r.program;
}

function examples(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(dir, e.name));
      else if (e.name.endsWith('.bir')) out.push(path.join(dir, e.name));
    }
  };
  walk(EXAMPLES);
  return out.sort();
}

describe('perf: the recording of sizes only', function () {
  this.timeout(120000);

  it('gives every example the full recording\'s stream; refused only for a Load or a fault of the control flow; a fault of values it runs past', function () {
    this.timeout(600000);
    let fastPaths = 0;
    for (const file of examples()) {
      const name = path.relative(EXAMPLES, file);
      const program = checkProgram(file, { host: diskHost() }).program!;
      const prefix = PREFIX_ONLY[name];
      if (prefix !== undefined) {
        const head = recordRun(program, { maxInstructions: prefix });
        assert.equal(head.outcome.kind === 'failed' && head.outcome.fault.code, 'instruction-limit', name);
        const whole = recordSizes(program);
        assert.ok(!('refused' in whole), name);
        samePrefix(head.stream, whole.stream, head.stream.count, name);
        fastPaths++;
        continue;
      }
      const full = recordRun(program, LIMITS);
      const fast = recordSizes(program, LIMITS);
      const text = fs.readFileSync(file, 'utf8');
      if ('refused' in fast) {
        if (full.outcome.kind === 'exited') {
          assert.match(fast.refused, /Load/, `${name} ends normally: only a Load refuses it`);
          assert.match(text, /^\s*Load /m, name);
        } else {
          assert.match(fast.refused, /Load|cannot be made|did not end normally/, name);
        }
        continue;
      }
      fastPaths++;
      if (full.outcome.kind === 'exited') {
        assert.equal(fast.stream.count, full.stream.count, name);
        assert.deepEqual([...schedule(fast.stream, trn2).end], [...schedule(full.stream, trn2).end], `${name}: the schedule`);
      } else {
        // A fault only values raise: the full run stops there, the sizes go on; what both recorded is the same.
        assert.ok(fast.stream.count >= full.stream.count, name);
      }
      samePrefix(full.stream, fast.stream, full.stream.count, name);
    }
    assert.ok(fastPaths >= 20, `the examples recorded with sizes only: ${fastPaths}`);
  });

  it('the timeline\'s quick edits of an example (an engine moved, size constants changed) keep the full recording\'s schedule', () => {
    const file = path.join(EXAMPLES, 'nki/matmul.bir');
    const text = fs.readFileSync(file, 'utf8');
    const add = lineOf(text, 'TensorTensor result_tmps');
    const col = text.split('\n')[add - 1].indexOf('TensorTensor') + 1;
    const copy = lineOf(text, 'TensorCopy result_packed');
    const copyCol = text.split('\n')[copy - 1].indexOf('TensorCopy') + 1;
    sameAsFull(checked(file, applied(text, attributeEdit(text, copy, copyCol, 'engine', 'gpsimd'))), 'the copy moved to GpSimd');
    // The constants the quick edit offers on the add: its tiles' sizes.
    const constants = sizeConstants(text, add, col);
    assert.deepEqual(constants.map((c) => c.name), ['TILE_M', 'TILE_N']);
    for (const [c, value] of [[constants[0], '64'], [constants[1], '256']] as const) {
      const edited = applied(text, { line: c.line, col: c.col, endLine: c.endLine, endCol: c.endCol, newText: value });
      sameAsFull(checked(file, edited), `${c.name} = ${value}`);
    }
  });

  it('edits of the pipelined kernel (relu made exp, the fill moved to DVE) keep the full schedule', () => {
    const text = pipelinedKernel(40);
    sameAsFull(compile(text), 'the kernel');
    sameAsFull(compile(text.replace('func = relu', 'func = exp')), 'relu made exp');
    const line = text.split('\n').lastIndexOf('    Memset scale <- 0.5') + 1;
    const moved = applied(text, attributeEdit(text, line, 5, 'engine', 'vector'));
    assert.match(moved, /Memset scale <- 0.5, engine = vector\n {4}DmaCopy out/);
    sameAsFull(compile(moved), 'the fill moved to DVE');
  });

  it('a program whose control flow reads a tensor (a loop bound from Load) is refused: the full recording is taken', () => {
    const src = `module t
dram n : i32[1, 1] input = random(seed=1, low=1, high=4)
func main() {
  sbuf c : i32[1, 1]
  sbuf x : f32[128, 64]
  DmaCopy c <- n
  Load r0 <- c[0, 0]
  for r1 in 0..r0 {
    Memset x <- 1
  }
}
`;
    const fast = recordSizes(compile(src));
    assert.ok('refused' in fast);
    assert.match(fast.refused, /the control flow may read a tensor: Load \(Load at line 7\)/);
    const out = recordSizes(compile(src.replace('  Load r0 <- c[0, 0]\n', '  Set r0 = 3\n')));
    assert.ok(!('refused' in out), 'the same program with its bound set by Set');
  });

  it('refuses an operand that cannot be made and a run of the control flow that faults (the full run says where)', () => {
    const oob = recordSizes(compile(`module t
func main() {
  sbuf x : f32[128, 64]
  for r0 in 0..3 {
    Memset x[0:128, r0*32 : r0*32 + 32] <- 1
  }
}
`));
    assert.ok('refused' in oob && /an operand cannot be made: the run faults there \(Memset at line 5\)/.test(oob.refused), JSON.stringify(oob));
    const limit = recordSizes(compile(`module t
func main() {
  sbuf x : f32[128, 64]
  for r0 in 0..100 {
    Memset x <- 1
  }
}
`), { maxInstructions: 10 });
    assert.ok('refused' in limit && /did not end normally \(instruction-limit\)/.test(limit.refused), JSON.stringify(limit));
  });

  describe('the timeline service', () => {
    let dir: string;
    let file: string;
    const service = new TimelineService();
    beforeEach(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-sizes-only-'));
      file = path.join(dir, 'k.bir');
    });
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

    const sessionOf = (text: string) => {
      fs.writeFileSync(file, text);
      return { config: { program: file }, program: checked(file, text), machineOptions: () => npyMachineOptions({}) };
    };
    const answer = (s: ReturnType<typeof sessionOf>, args: Parameters<TimelineService['answer']>[1]): TimelineData => service.answer(s, args);

    it('answers a saved edit against the previous schedule with sizes only: the same schedule and difference as a full recording', () => {
      const text = pipelinedKernel(30);
      const session = sessionOf(text);
      const first = answer(session, { machine: 'trn2' });
      assert.equal(first.sizesOnly, undefined, 'the first schedule is a full run');
      fs.writeFileSync(file, text.replace('    Memset scale <- 0.5\n    DmaCopy', '    Memset scale <- 0.5, engine = vector\n    DmaCopy'));
      const what = answer(session, { machine: 'trn2', program: 'saved', against: 'previous' });
      assert.equal(what.sizesOnly, true);
      assert.ok(what.whatIf!.engines.some((e) => e.engine === 'DVE' && e.delta > 0), 'the fills moved to DVE');
      const full = new TimelineService().answer(session, { machine: 'trn2', program: 'saved' });
      assert.equal(full.sizesOnly, undefined);
      assert.deepEqual([what.total, what.instructions, what.columns.start, what.columns.end, what.criticalPath], [full.total, full.instructions, full.columns.start, full.columns.end, full.criticalPath]);
      assert.equal(what.whatIf!.delta, full.total - first.total);
    });

    it('takes the full recording after a run that faulted, and for a program whose control flow reads a tensor', () => {
      const faulting = `module t
func main() {
  sbuf x : f32[128, 64]
  sbuf y : f32[128, 64]
  TensorScalar y <- x, op = add, scalar = 1
}
`;
      const session = sessionOf(faulting);
      assert.match(answer(session, { machine: 'trn2' }).fault ?? '', /uninitialized|never written|not been written/i);
      fs.writeFileSync(file, faulting.replace('  TensorScalar', '  Memset x <- 0\n  TensorScalar'));
      const fixed = answer(session, { machine: 'trn2', program: 'saved', against: 'previous' });
      assert.equal(fixed.sizesOnly, undefined, 'the previous run faulted: the edit is run in full');
      assert.equal(fixed.fault, undefined);
      const withLoad = `module t
dram n : i32[1, 1] input = random(seed=1, low=1, high=4)
func main() {
  sbuf c : i32[1, 1]
  DmaCopy c <- n
  Load r0 <- c[0, 0]
}
`;
      fs.writeFileSync(file, withLoad);
      const loaded = answer(session, { machine: 'trn2', program: 'saved', against: 'previous' });
      assert.equal(loaded.sizesOnly, undefined, 'a Load: the full recording');
      assert.equal(loaded.instructions, 2);
    });
  });
});
