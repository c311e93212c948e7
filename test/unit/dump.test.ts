/**
 * Post-mortem dumps (`bir-sim run --dump FILE`): written atomically when a run faults, and only then; they hold the
 * program's sources, the fault, every core's stack (registers with their written bits, loop positions, tensors) and
 * every tensor's bytes and written flags, equal to the machine's; a damaged file, a file that is not a dump and a dump
 * of another format are refused with the reason.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { main as cli } from '../../engine/cli/bir-sim';
import { checkProgram } from '../../engine/lang/check/checker';
import { runProgram } from '../../engine/run/simulate';
import { decodeDump, Dump, DUMP_FORMAT, encodeDump, makeDump, readDump } from '../../engine/io/dump';
import { restoreDump } from '../../engine/host/restore-dump';

const FAULTS = `module crash
cores 2

dram out : f32[4, 8] output

func main() {
  sbuf acc : f32[4, 8]
  Memset acc <- 1
  for r0 in 0..4 {
    Set r1 = r0 * 10
    call fill(acc[r0:r0+1, 0:8], r1)
  }
  DmaCopy out <- acc
}

func fill(dst: sbuf f32[1, 8], r4) {
  Memset dst <- r4
  Assert r4 < 20, "r4 grew too large"
}
`;

describe('post-mortem dumps', () => {
  let dir: string;
  let program: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-dump-'));
    program = path.join(dir, 'crash.bir');
    fs.writeFileSync(program, FAULTS);
  });

  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  function run(...more: string[]): { status: number; err: string[] } {
    const err: string[] = [];
    const status = cli(['run', program, '--quiet', ...more], { out: () => undefined, err: (t) => err.push(t) });
    return { status, err };
  }

  it('a run that faults writes the whole machine state, equal to the machine at the fault', () => {
    const file = path.join(dir, 'crash.birdump');
    const { status, err } = run('--dump', file);
    assert.strictEqual(status, 1);
    assert.ok(err.includes(`bir-sim: wrote a post-mortem dump of the fault to ${file}`), err.join('\n'));
    assert.deepStrictEqual(fs.readdirSync(dir).sort(), ['crash.bir', 'crash.birdump'], 'no temporary file left');
    const dump = readDump(file);
    assert.strictEqual(dump.format, DUMP_FORMAT);
    assert.strictEqual(dump.program.sources[program], FAULTS);
    assert.strictEqual(dump.cores, 2);
    assert.deepStrictEqual([dump.fault.code, dump.fault.core, dump.fault.node, dump.fault.span?.line], ['assert', 0, 'crash::fill@18:3', 18]);
    // The machine at the fault, made again by the same deterministic run.
    const { outcome, machine } = runProgram(checkProgram(program).program!, {});
    assert.strictEqual(outcome.kind, 'failed');
    assert.strictEqual(dump.instructions, machine.instructionsExecuted);
    const stack = dump.stacks[0];
    assert.deepStrictEqual(stack.frames.map((f) => f.function), ['crash::main', 'crash::fill']);
    const [mainFrame, fillFrame] = stack.frames;
    assert.strictEqual(fillFrame.call, 'crash::main@11:5');
    assert.deepStrictEqual([fillFrame.registers[4], (fillFrame.written >> 4) & 1], [20, 1], 'r4 = 20, written');
    assert.deepStrictEqual([mainFrame.registers[0], mainFrame.registers[1]], [2, 20]);
    const loop = mainFrame.cursors.find((c) => c.loop);
    assert.deepStrictEqual(loop?.loop, { value: 2, iteration: 2, count: 4, end: 4, step: 1 }, "main's loop in its third iteration");
    assert.deepStrictEqual(mainFrame.cursors.map((c) => [c.kind, c.owner]), [['body', undefined], ['loop', 'crash::main@9:3']]);
    // Every tensor's bytes and written flags are the machine's.
    const acc = machine.cores[0].frames[0].tensors[mainFrame.tensors.length - 1].tensor;
    const dumped = dump.tensors[mainFrame.tensors[mainFrame.tensors.length - 1].tensor];
    assert.strictEqual(dumped.name, 'acc');
    assert.deepStrictEqual(Buffer.from(dumped.data, 'base64'), Buffer.from(acc.data.buffer, acc.data.byteOffset, acc.data.byteLength));
    assert.deepStrictEqual(Buffer.from(dumped.written, 'base64'), Buffer.from(acc.written));
    // (copied into a buffer of its own: a decoded Buffer may sit anywhere in Node's shared pool)
    const elements = new Float32Array(new Uint8Array(Buffer.from(dumped.data, 'base64')).buffer);
    assert.deepStrictEqual(elements.subarray(16, 24), new Float32Array(8).fill(20), 'row 2 holds 20');
    const out = dump.tensors[dump.drams[0]];
    assert.strictEqual(Buffer.from(out.written, 'base64').every((b) => b === 0), true, 'the output was never written');
    // The other core faulted nowhere: its stack is there too.
    assert.ok(dump.stacks[1].frames.length >= 1);
  });

  it('a run that completes writes no dump', () => {
    fs.writeFileSync(program, FAULTS.replace('r4 < 20', 'r4 < 100'));
    const file = path.join(dir, 'none.birdump');
    assert.strictEqual(run('--dump', file).status, 0);
    assert.ok(!fs.existsSync(file));
  });

  it('refuses a damaged file, a file that is not a dump and a dump of another format, saying which', () => {
    const file = path.join(dir, 'crash.birdump');
    run('--dump', file);
    const bytes = fs.readFileSync(file);
    const damaged = Buffer.from(bytes);
    damaged[damaged.length - 12] ^= 0xff;
    assert.throws(() => decodeDump(damaged, 'x.birdump'), /x\.birdump is damaged: /);
    assert.throws(() => decodeDump(bytes.subarray(0, bytes.length / 2), 'half.birdump'), /half\.birdump is damaged: /);
    assert.throws(() => decodeDump(Buffer.from('hello'), 'hello.txt'), /hello\.txt is not a BIR post-mortem dump/);
    const other = encodeDump({ ...readDump(file), format: DUMP_FORMAT + 1 });
    assert.throws(() => decodeDump(other, 'new.birdump'), new RegExp(`new\\.birdump is a dump of format ${DUMP_FORMAT + 1}; this version of the BIR debugger reads format ${DUMP_FORMAT}`));
    assert.throws(() => readDump(path.join(dir, 'missing.birdump')), /cannot read the dump .*missing\.birdump: no such file/);
  });

  it('a machine too large for the format is refused with its size, before any text is made', () => {
    const file = path.join(dir, 'crash.birdump');
    run('--dump', file);
    const dump = readDump(file);
    // Fifty views of one 10-million-character text: 500 million characters of tensors, sharing one string.
    const data = 'A'.repeat(10_000_000);
    const big: Dump = { ...dump, tensors: Array.from({ length: 50 }, (_, id) => ({ ...dump.tensors[0], id, data, written: '' })) };
    assert.throws(() => encodeDump(big), /the machine's tensors hold 375 MB, more than a dump of format 1 can hold/);
  });

  it('a dump that cannot be written is reported and the run keeps its exit status', () => {
    const { status, err } = run('--dump', path.join(dir, 'no-such-dir', 'x.birdump'));
    assert.strictEqual(status, 1);
    assert.ok(err.some((e) => /^bir-sim: cannot write the dump to .*x\.birdump: /.test(e)), err.join('\n'));
  });

  it('restores the machine it was written from: stacks, registers, loop positions, every tensor', () => {
    const file = path.join(dir, 'crash.birdump');
    run('--dump', file);
    const dump = readDump(file);
    const { machine, fault } = restoreDump(dump, file);
    // Written again from the restored machine, the dump is the same: nothing was lost or changed on the way.
    const again = makeDumpOf(machine, fault, dump);
    assert.deepStrictEqual(again, dump);
  });

  it('refuses a dump that does not fit its own program, saying what does not', () => {
    const file = path.join(dir, 'crash.birdump');
    run('--dump', file);
    const dump = readDump(file);
    const frames = dump.stacks[0].frames;
    const cases: [Dump, RegExp][] = [
      [{ ...dump, stacks: [{ ...dump.stacks[0], frames: [{ ...frames[0], function: 'crash::nothing' }] }] }, /its stack has a frame of 'crash::nothing', which its program does not have/],
      [{ ...dump, fault: { ...dump.fault, node: 'crash::main@99:1' } }, /the faulting instruction crash::main@99:1 is not in its program/],
      [{ ...dump, tensors: dump.tensors.map((t) => ({ ...t, data: t.data.slice(0, 8) })) }, /the elements of '.*' are cut short/],
      [{ ...dump, program: { ...dump.program, passes: ['teleport'] } }, /the pass 'teleport', which this version of the BIR debugger does not have/],
      [{ ...dump, program: { ...dump.program, sources: { [program]: 'module crash\nfunc main( {' } } }, /the program it holds does not check with this version of the BIR debugger: .*crash\.bir:\d+:\d+: error: /],
    ];
    for (const [bad, message] of cases) assert.throws(() => restoreDump(bad, 'x.birdump'), message);
  });

  it('bir-sim inspect prints the fault, every core\'s stack with its locals, and expressions evaluated in a frame', () => {
    const file = path.join(dir, 'crash.birdump');
    run('--dump', file);
    const out: string[] = [];
    const err: string[] = [];
    const status = cli(['inspect', file, '--frame', '1', '--eval', 'acc[0:4, 0:2]', '--eval', 'r0 * 10'], { out: (t) => out.push(t), err: (t) => err.push(t) });
    assert.deepStrictEqual([status, err], [0, []]);
    const text = out.join('\n');
    assert.match(text, /crash\.birdump: a post-mortem dump of .*crash\.bir on 2 cores, at its fault after \d+ instructions/);
    assert.match(text, /crash\.bir:18:3: fault\[assert\]: r4 grew too large/);
    // Both cores, innermost frame first, each frame's locals as the Variables view shows them.
    assert.match(text, /core 0 \(faulted\):\n {2}#0 fill {2}.*crash\.bir:18:3\n {7}dst = f32\[1, 8\] \[\[20, 20, 20, 20, 20, 20, 20, 20\]\]\n {7}r4 = 20\n {2}#1 main {2}.*crash\.bir:11:5\n {7}acc = f32\[4, 8\]/);
    assert.match(text, /\ncore 1:\n {2}#0 fill/);
    // Evaluated in main (frame #1): rows 0..2 were filled with r0 * 10, row 3 keeps the Memset's 1.
    const expected = [0, 1, 2, 3].map((r) => (r < 3 ? r * 10 : 1));
    assert.ok(out.includes(`acc[0:4, 0:2] = f32[4, 2] [${expected.map((v) => `[${v}, ${v}]`).join(', ')}]`), text);
    assert.ok(out.includes('r0 * 10 = 20'), text);
  });

  it('bir-sim inspect says why it cannot open a file or evaluate an expression', () => {
    const file = path.join(dir, 'crash.birdump');
    run('--dump', file);
    const inspect = (...args: string[]): { status: number; err: string[] } => {
      const err: string[] = [];
      return { status: cli(['inspect', ...args], { out: () => undefined, err: (t) => err.push(t) }), err };
    };
    assert.deepStrictEqual(inspect(program), { status: 2, err: [`bir-sim: ${program} is not a BIR post-mortem dump (it does not start with 'BIR-DUMP')`] });
    const r = inspect(file, '--eval', 'acc');
    assert.strictEqual(r.status, 1);
    assert.match(r.err[0], /^bir-sim: acc: .*unknown name 'acc'/, 'fill has no acc: it is main\'s');
    assert.match(inspect(file, '--frame', '7', '--eval', 'r0').err[0], /--frame 7: the faulting core's stack has frames #0 to #1/);
    assert.match(inspect(file, '--frame', 'x').err[0], /--frame takes a frame's number/);
  });
});

/** The dump of a restored machine, as the writer would make it (with the original's passes). */
function makeDumpOf(machine: Parameters<typeof makeDump>[0], fault: Parameters<typeof makeDump>[1], original: Dump): Dump {
  return JSON.parse(JSON.stringify(makeDump(machine, fault, original.program.passes)));
}
