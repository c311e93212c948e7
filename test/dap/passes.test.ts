/**
 * The pass pipeline through the stdio adapter: breakpoints on lines the passes emptied (and why), steps that go
 * past such lines, notes at the end of a run for breakpoints never hit, stops at a fused group, stepping through
 * inlined code, stepping in the scheduled order, compiler stops between passes (stopOnPassEntry,
 * passBreakpoints, bir/nextPass, bir/setPassBreakpoints), the pass and graph requests, and their errors.
 */
import * as assert from 'assert';
import * as path from 'path';
import { DebugProtocol } from '@vscode/debugprotocol';
import { DapSession, lineOf, tempProgramDir, useDapSessions } from '../helpers/dap-client';

/** Dead code (dce), a chain of two elementwise instructions (fuse), a comment. */
const PLAIN = `# plain.bir: what dce and fuse change
module plain

dram x : f32[4, 8] input = iota
dram y : f32[4, 8] output

func main() {
  sbuf a : f32[4, 8]
  sbuf b : f32[4, 8]
  sbuf tmp : f32[4, 8]
  DmaCopy a <- x
  # a comment
  Memset tmp <- 1
  TensorScalar b <- a, op = add, scalar = 1
  TensorScalar b <- b, op = mul, scalar = 2
  DmaCopy y <- b
  Print "y[0, 0:2] =", y[0, 0:2]
}
`;

/** A call that inline replaces (with a register parameter, so that the call's line keeps a Set). */
const CALLS = `# calls.bir: inlined code
module calls

dram x : f32[4, 8] input = iota
dram y : f32[4, 8] output

func main() {
  sbuf a : f32[4, 8]
  DmaCopy a <- x
  call bump(a, 3)
  DmaCopy y <- a
  call clamp(a)
  Print "y[0, 0:2] =", y[0, 0:2]
}

func bump(t: sbuf f32[4, 8], r1) {
  TensorScalar t <- t, op = add, scalar = r1
  Activation t <- t, func = relu
}

func clamp(t: sbuf f32[4, 8]) {
  TensorScalar t <- t, op = min, scalar = 10
}
`;

/** Calls two deep; main first, so that one inline pass leaves a call of inner in main's copy of outer. */
const NESTED = `# nested.bir: inlined code that calls
module nested

dram x : f32[4, 8] input = iota
dram y : f32[4, 8] output

func main() {
  sbuf a : f32[4, 8]
  DmaCopy a <- x
  call outer(a, 2)
  DmaCopy y <- a
}

func outer(t: sbuf f32[4, 8], r1) {
  TensorScalar t <- t, op = mul, scalar = r1
  call inner(t, r1)
  TensorScalar t <- t, op = add, scalar = 1
}

func inner(t: sbuf f32[4, 8], r2) {
  TensorScalar t <- t, op = sub, scalar = r2
  Activation t <- t, func = relu
}
`;

/** The same with main declared last: one inline pass inlines inner into outer, then outer (with it) into main. */
const NESTED_LAST = NESTED.replace('module nested', 'module nested_last').replace(/\nfunc main\(\) \{[^}]*\}\n/, '') + `
func main() {
  sbuf a : f32[4, 8]
  DmaCopy a <- x
  call outer(a, 2)
  DmaCopy y <- a
}
`;

/** Independent instructions on several engines, for schedule. */
const SCHEDULED = `# scheduled.bir: schedule interleaves the engines
module scheduled

dram x : f32[128, 128] input = iota
dram w : f32[128, 128] input = iota
dram y : f32[128, 128] output
dram v : f32[128, 128] output

func main() {
  sbuf a : f32[128, 128]
  sbuf b : f32[128, 128]
  sbuf c : f32[128, 128]
  psum acc : f32[128, 128]
  DmaCopy a <- x
  DmaCopy b <- w
  DmaCopy c <- x
  MatMult acc <- a, b
  TensorScalar c <- c, op = mul, scalar = 2
  TensorCopy a <- acc
  DmaCopy y <- c
  DmaCopy v <- a
  Print "done"
}
`;

interface BirStopped {
  reason: string;
  node?: { id: string; opcode: string; engine: string; span: { file: string; line: number } };
  skipped: { path: string; line: number; text: string }[];
  fusion?: { group: string; members: { id: string; opcode: string; line: number }[]; text: string };
  pipeline?: { index: number; pass: string; boundary: string };
}

interface GraphBody {
  function: string;
  nodes: { id: string; kind: string; opcode: string; state?: string; value?: string; span: { line: number } }[];
  edges: { from: string; to: string; kind: string; label: string }[];
  regions: unknown[];
  dot: string;
}

interface PassGraphBody extends GraphBody {
  index: number;
  pass: string;
  changes: { added: string[]; removed: string[]; fused: { group: string; members: string[] }[]; moved: string[] };
  removedNodes: { id: string; opcode: string; span: { line: number } }[];
  reasons: Record<string, string>;
}

const ALL = ['inline', 'dce', 'fuse', 'unroll', 'schedule'];

describe('DAP: passes', function () {
  this.timeout(60000);
  useDapSessions();

  let plain: string;
  let calls: string;
  let scheduled: string;
  let nested: string;
  let nestedLast: string;

  before(() => {
    const dir = tempProgramDir({ 'plain.bir': PLAIN, 'calls.bir': CALLS, 'scheduled.bir': SCHEDULED, 'nested.bir': NESTED, 'nested_last.bir': NESTED_LAST });
    plain = path.join(dir, 'plain.bir');
    calls = path.join(dir, 'calls.bir');
    scheduled = path.join(dir, 'scheduled.bir');
    nested = path.join(dir, 'nested.bir');
    nestedLast = path.join(dir, 'nested_last.bir');
  });

  const birOf = (e: DebugProtocol.Event): BirStopped => e.body as BirStopped;
  const id = (file: string, piece: string, module: string, fn = 'main'): string => {
    const line = lineOf(file, piece);
    const text = PROGRAMS[path.basename(file)].split('\n')[line - 1];
    return `${module}::${fn}@${line}:${text.indexOf(piece) + 1}`;
  };
  const PROGRAMS: Record<string, string> = { 'plain.bir': PLAIN, 'calls.bir': CALLS, 'scheduled.bir': SCHEDULED };

  describe('breakpoints and steps on lines the passes changed', () => {
    it('unverified breakpoints say which pass emptied the line and why; a comment line still has no instruction', async () => {
      const s = await DapSession.start();
      const dead = lineOf(plain, 'Memset tmp');
      const member = lineOf(plain, 'TensorScalar b <- a');
      const tail = lineOf(plain, 'TensorScalar b <- b');
      const comment = lineOf(plain, '# a comment');
      let answers: DebugProtocol.Breakpoint[] = [];
      await s.launch({ program: plain, passes: ['dce', 'fuse'] }, async (x) => {
        answers = await x.setBreakpoints(plain, [{ line: dead }, { line: member }, { line: tail }, { line: comment }]);
      });
      const [a, b, c, d] = answers;
      assert.strictEqual(a.verified, false);
      assert.match(a.message!, /nothing reads 'tmp' after it is written/);
      assert.match(a.message!, /dce/);
      assert.strictEqual(a.message, `line ${dead} is not executed: nothing reads 'tmp' after it is written (removed by pass 'dce')`);
      assert.strictEqual(b.verified, false);
      assert.strictEqual(b.message, `line ${member} does not run on its own: it is fused into group g1, which runs it with 1 other instruction at line ${tail} (pass 'fuse')`);
      assert.strictEqual(c.verified, true, 'the tail\'s line binds the group');
      assert.match(c.message!, /binds 1 instruction/);
      assert.strictEqual(d.verified, false);
      assert.strictEqual(d.message, `no instruction on line ${comment}: it is a comment`);

      // The run stops at the group, at the tail's line.
      const stop = await s.waitForStop();
      assert.strictEqual(stop.stopped.body.reason, 'breakpoint');
      assert.deepStrictEqual(stop.stopped.body.hitBreakpointIds, [c.id]);
      const bir = birOf(stop.bir);
      const groupId = `${id(plain, 'TensorScalar b <- b', 'plain')}+g1`;
      assert.deepStrictEqual([bir.node?.id, bir.node?.opcode, bir.node?.engine, bir.node?.span.line], [groupId, 'Fused', 'DVE', tail]);
      assert.deepStrictEqual(bir.fusion && { group: bir.fusion.group, members: bir.fusion.members }, {
        group: 'g1',
        members: [
          { id: id(plain, 'TensorScalar b <- a', 'plain'), opcode: 'TensorScalar', line: member },
          { id: id(plain, 'TensorScalar b <- b', 'plain'), opcode: 'TensorScalar', line: tail },
        ],
      });
      assert.match(bir.fusion!.text, /^fusion group g1 runs here/);
      assert.match(await s.waitForOutput(/fusion group g1 runs here/, 'console'), new RegExp(`TensorScalar \\(line ${member}\\), TensorScalar \\(line ${tail}\\)`));
      assert.strictEqual((await s.topFrame()).line, tail);
      // The values before the group ran: b never written.
      assert.match((await s.evaluate('a[0, 0:2]', 'watch')).result, /0, 1/);

      // At the end: the breakpoints on emptied lines were never hit, and say why; the comment's is not mentioned.
      await s.ok('continue', { threadId: 1 });
      assert.strictEqual(await s.waitForEnd(), 0);
      const notes = s.output('console');
      assert.ok(notes.includes(`Breakpoint at plain.bir:${dead} was never hit: line ${dead} is not executed: nothing reads 'tmp' after it is written (removed by pass 'dce')`), notes);
      assert.ok(notes.includes(`Breakpoint at plain.bir:${member} was never hit: line ${member} does not run on its own`), notes);
      assert.ok(!notes.includes(`plain.bir:${comment} was never hit`), 'no note for the comment line');
      assert.ok(!notes.includes(`plain.bir:${tail} was never hit`), 'no note for the breakpoint that was hit');
      assert.match(s.output('stdout'), /y\[0, 0:2\] = \[2, 4\]/);
    });

    it('without passes, the same lines bind their instructions', async () => {
      const s = await DapSession.start();
      let answers: DebugProtocol.Breakpoint[] = [];
      await s.launch({ program: plain }, async (x) => {
        answers = await x.setBreakpoints(plain, [{ line: lineOf(plain, 'Memset tmp') }, { line: lineOf(plain, 'TensorScalar b <- a') }]);
      });
      assert.deepStrictEqual(answers.map((b) => b.verified), [true, true]);
      assert.strictEqual((await s.waitForStop()).stopped.body.reason, 'breakpoint');
    });

    it('a line step past removed lines reports them, in bir/stopped.skipped and in the Debug Console', async () => {
      const s = await DapSession.start();
      await s.launch({ program: plain, passes: ['dce', 'fuse'], stopOnEntry: true });
      const entry = await s.waitForStop();
      assert.strictEqual(entry.stopped.body.reason, 'entry');
      assert.deepStrictEqual(birOf(entry.bir).skipped, []);
      assert.strictEqual((await s.topFrame()).line, lineOf(plain, 'DmaCopy a'));
      const { bir, frame } = await s.resumeToStop('next');
      const dead = lineOf(plain, 'Memset tmp');
      const member = lineOf(plain, 'TensorScalar b <- a');
      const tail = lineOf(plain, 'TensorScalar b <- b');
      assert.strictEqual(frame.line, tail);
      assert.deepStrictEqual(birOf(bir).skipped, [
        { path: plain, line: dead, text: `line ${dead} is not executed: nothing reads 'tmp' after it is written (removed by pass 'dce')` },
        { path: plain, line: member, text: `line ${member} does not run on its own: it is fused into group g1, which runs it with 1 other instruction at line ${tail} (pass 'fuse')` },
      ]);
      const skippedOutput = s.events<DebugProtocol.OutputEvent>('output').filter((e) => e.body.output.startsWith(`line ${dead} is not executed`));
      assert.strictEqual(skippedOutput.length, 1, 'reported once in the Debug Console');
      assert.strictEqual(skippedOutput[0].body.category, 'console');
      assert.deepStrictEqual([skippedOutput[0].body.source?.path, skippedOutput[0].body.line], [plain, dead]);
      assert.ok(birOf(bir).fusion, 'the step stopped at the group');
      // The next step reports nothing: no line between.
      const next = await s.resumeToStop('next');
      assert.strictEqual(next.frame.line, lineOf(plain, 'DmaCopy y'));
      assert.deepStrictEqual(birOf(next.bir).skipped, []);
      assert.strictEqual(birOf(next.bir).fusion, undefined);
    });
  });

  describe('inlined code', () => {
    const CALL = 'call bump';

    async function atCallLine(s: DapSession): Promise<void> {
      await s.launch({ program: calls, passes: ['inline'] }, async (x) => {
        const [bp] = await x.setBreakpoints(calls, [{ line: lineOf(calls, CALL) }]);
        assert.ok(bp.verified, 'the call line keeps the Set of the register parameter');
      });
      await s.waitForStop();
      const top = await s.stackTrace();
      assert.deepStrictEqual(top.stackFrames.map((f) => [f.name, f.line]), [['main', lineOf(calls, CALL)]]);
    }

    it('stepIn on the call line stops in the inlined body, in a frame named for it; stepOut returns to the caller\'s code', async () => {
      const s = await DapSession.start();
      await atCallLine(s);
      const into = await s.resumeToStop('stepIn');
      const first = lineOf(calls, 'TensorScalar t <- t, op = add');
      assert.deepStrictEqual([into.frame.name, into.frame.line, into.frame.source?.path], ['main [inlined code of bump]', first, calls]);
      assert.strictEqual(birOf(into.bir).node?.id, `${id(calls, 'TensorScalar t <- t, op = add', 'calls', 'bump')} in ${id(calls, CALL, 'calls')}`);
      assert.strictEqual((await s.stackTrace()).totalFrames, 1, 'inlined code runs in its caller\'s frame');
      // The register parameter is a register of main now, set on the call line.
      const next = await s.resumeToStop('next');
      assert.deepStrictEqual([next.frame.name, next.frame.line], ['main [inlined code of bump]', lineOf(calls, 'Activation t')]);
      const out = await s.resumeToStop('stepOut');
      assert.deepStrictEqual([out.frame.name, out.frame.line], ['main', lineOf(calls, 'DmaCopy y')]);
      assert.strictEqual(out.stopped.body.reason, 'step');
    });

    it('next over the call line steps over the inlined code; stepOut from the first line of inlined code too', async () => {
      const s = await DapSession.start();
      await atCallLine(s);
      const over = await s.resumeToStop('next');
      assert.deepStrictEqual([over.frame.name, over.frame.line], ['main', lineOf(calls, 'DmaCopy y')]);
      // A call without register parameters leaves nothing on its line: stepIn from the line before enters the copy.
      const into = await s.resumeToStop('stepIn');
      assert.deepStrictEqual([into.frame.name, into.frame.line], ['main [inlined code of clamp]', lineOf(calls, 'TensorScalar t <- t, op = min')]);
      const out = await s.resumeToStop('stepOut');
      assert.deepStrictEqual([out.frame.name, out.frame.line], ['main', lineOf(calls, 'Print')]);
      await s.ok('continue', { threadId: 1 });
      assert.strictEqual(await s.waitForEnd(), 0);
      assert.match(s.output('stdout'), /y\[0, 0:2\] = \[3, 4\]/);
    });

    it('a breakpoint on a call line that inlining emptied says so; one in the callee binds the inlined copy', async () => {
      const s = await DapSession.start();
      let answers: DebugProtocol.Breakpoint[] = [];
      const callee = lineOf(calls, 'TensorScalar t <- t, op = min');
      await s.launch({ program: calls, passes: ['inline'] }, async (x) => {
        answers = await x.setBreakpoints(calls, [{ line: lineOf(calls, 'call clamp') }, { line: callee }]);
      });
      assert.strictEqual(answers[0].verified, false);
      assert.strictEqual(answers[0].message, `line ${lineOf(calls, 'call clamp')} was rewritten: the call of 'calls::clamp' was inlined: its body runs here (pass 'inline')`);
      assert.strictEqual(answers[1].verified, true);
      assert.match(answers[1].message!, /binds 2 instructions/, 'the copy in main and the function itself');
      const stop = await s.waitForStop();
      assert.strictEqual(stop.stopped.body.reason, 'breakpoint');
      assert.deepStrictEqual([(await s.topFrame()).name, (await s.topFrame()).line], ['main [inlined code of clamp]', callee]);
    });

    // Inlined code that calls a function inlined too: one level deeper, an instance of its own. Two ways to get
    // there: inline twice (main's copy of outer still calls inner after the first pass), and inline once with
    // main declared last (inner is inlined into outer before outer is inlined into main).
    const variants: [string, () => string, string[]][] = [
      ['inline twice', () => nested, ['inline', 'inline']],
      ['inline once, main declared last', () => nestedLast, ['inline']],
    ];
    for (const [name, file, passes] of variants) {
      it(`inlined code inlined into inlined code (${name}): next steps over it, stepIn enters it, stepOut leaves it`, async () => {
        const program = file();
        const s = await DapSession.start();
        await s.launch({ program, passes }, async (x) => {
          const [bp] = await x.setBreakpoints(program, [{ line: lineOf(program, 'call inner') }]);
          assert.ok(bp.verified, bp.message);
        });
        await s.waitForStop();
        const at = async (): Promise<[string, number]> => {
          const f = await s.topFrame();
          return [f.name, f.line];
        };
        const outer = 'main [inlined code of outer]';
        assert.deepStrictEqual(await at(), [outer, lineOf(program, 'call inner')]);
        assert.strictEqual((await s.stackTrace()).totalFrames, 1);
        await s.resumeToStop('next');
        assert.deepStrictEqual(await at(), [outer, lineOf(program, 'op = add')], 'next steps over the inlined call of inner');
        await s.ok('continue', { threadId: 1 });
        assert.strictEqual(await s.waitForEnd(), 0);

        const t = await DapSession.start();
        await t.launch({ program, passes }, async (x) => {
          await x.setBreakpoints(program, [{ line: lineOf(program, 'call inner') }]);
        });
        await t.waitForStop();
        await t.resumeToStop('stepIn');
        const inner = 'main [inlined code of inner]';
        assert.deepStrictEqual([(await t.topFrame()).name, (await t.topFrame()).line], [inner, lineOf(program, 'op = sub')]);
        await t.resumeToStop('next');
        assert.deepStrictEqual([(await t.topFrame()).name, (await t.topFrame()).line], [inner, lineOf(program, 'Activation')]);
        await t.resumeToStop('stepOut');
        assert.deepStrictEqual([(await t.topFrame()).name, (await t.topFrame()).line], [outer, lineOf(program, 'op = add')], 'stepOut returns to outer\'s code');
        await t.resumeToStop('stepOut');
        assert.deepStrictEqual([(await t.topFrame()).name, (await t.topFrame()).line], ['main', lineOf(program, 'DmaCopy y')], 'stepOut again returns to main\'s code');
      });
    }
  });

  it('after schedule, successive next stops follow the order the instructions run in', async () => {
    const s = await DapSession.start();
    await s.launch({ program: scheduled, passes: ['schedule'], stopOnEntry: true });
    await s.waitForStop();
    const lines: number[] = [(await s.topFrame()).line];
    const ids: string[] = [];
    for (;;) {
      const ev = await (async () => {
        await s.ok('next', { threadId: 1 });
        return s.waitForStopOrExit();
      })();
      if ('exitCode' in ev) break;
      lines.push((await s.topFrame()).line);
      ids.push(birOf(ev.bir).node!.id);
      assert.ok(lines.length < 20);
    }
    const L = (piece: string): number => lineOf(scheduled, piece);
    assert.deepStrictEqual(lines, [
      L('DmaCopy a'), L('DmaCopy b'), L('MatMult'), L('DmaCopy c'), L('TensorScalar c'), L('DmaCopy y'), L('TensorCopy a'), L('DmaCopy v'), L('Print'),
    ]);
    assert.strictEqual(ids[1], id(scheduled, 'MatMult', 'scheduled'));
  });

  describe('compiler stops', () => {
    it('stopOnPassEntry stops before the passes: one label frame, evaluate refused, bir/nextPass walks the snapshots and hands off to the entry', async () => {
      const s = await DapSession.start();
      await s.launch({ program: plain, passes: ALL, stopOnPassEntry: true });
      const first = await s.waitForStop();
      assert.strictEqual(first.stopped.body.reason, 'entry');
      assert.deepStrictEqual(birOf(first.bir).pipeline, { index: 0, pass: 'as written', boundary: 'initial' });
      assert.strictEqual(birOf(first.bir).node, undefined);
      const stack = await s.stackTrace();
      assert.strictEqual(stack.stackFrames.length, 1);
      assert.strictEqual(stack.totalFrames, 1);
      assert.strictEqual(stack.stackFrames[0].presentationHint, 'label');
      assert.match(stack.stackFrames[0].name, /before the passes \(snapshot 0, the program as written\)/);
      assert.deepStrictEqual((await s.ok<DebugProtocol.ScopesResponse>('scopes', { frameId: stack.stackFrames[0].id })).body.scopes, []);
      const refused = await s.error('evaluate', { expression: 'r0', context: 'watch', frameId: stack.stackFrames[0].id });
      assert.match(refused, /'evaluate' needs a running program, and the debugger is stopped between compiler passes/);
      assert.match(refused, /bir\/nextPass/);
      assert.match(await s.error('variables', { variablesReference: 1 }), /stopped between compiler passes/);
      assert.deepStrictEqual((await s.ok<DebugProtocol.ThreadsResponse>('threads')).body.threads.map((t) => t.name), ['core 0']);

      for (let index = 1; index <= ALL.length; index++) {
        const r = await s.ok('bir/nextPass');
        assert.deepStrictEqual(r.body, { index });
        const stop = await s.waitForStop();
        assert.strictEqual(stop.stopped.body.reason, 'step');
        assert.deepStrictEqual(birOf(stop.bir).pipeline, { index, pass: ALL[index - 1], boundary: 'after' });
        assert.match((await s.topFrame()).name, new RegExp(`after pass '${ALL[index - 1]}' \\(snapshot ${index}\\)`));
      }
      // After the last snapshot: the program's first instruction.
      assert.deepStrictEqual((await s.ok('bir/nextPass')).body, { index: -1 });
      const entry = await s.waitForStop();
      assert.strictEqual(entry.stopped.body.reason, 'entry');
      assert.strictEqual(birOf(entry.bir).pipeline, undefined);
      assert.deepStrictEqual([(await s.topFrame()).name, (await s.topFrame()).line], ['main', lineOf(plain, 'DmaCopy a')]);
      assert.match(await s.error('bir/nextPass'), /bir\/nextPass works at a compiler stop/);
      assert.strictEqual((await s.evaluate('1 + 1', 'watch')).result, '2');
      await s.ok('continue', { threadId: 1 });
      assert.strictEqual(await s.waitForEnd(), 0);
    });

    it('passBreakpoints: [2] stops after pass 2 only; continue from a compiler stop runs the program', async () => {
      const s = await DapSession.start();
      await s.launch({ program: plain, passes: ALL, passBreakpoints: [2] });
      const stop = await s.waitForStop();
      assert.strictEqual(stop.stopped.body.reason, 'breakpoint');
      assert.deepStrictEqual(birOf(stop.bir).pipeline, { index: 2, pass: 'dce', boundary: 'after' });
      await s.ok('continue', { threadId: 1 });
      assert.strictEqual(await s.waitForEnd(), 0);
      assert.strictEqual(s.events('stopped').length, 1);
      assert.match(s.output('stdout'), /y\[0, 0:2\] = \[2, 4\]/);
    });

    it('bir/setPassBreakpoints changes where the compiler stops', async () => {
      const s = await DapSession.start();
      await s.launch({ program: plain, passes: ALL, stopOnPassEntry: true });
      await s.waitForStop();
      assert.deepStrictEqual((await s.ok('bir/setPassBreakpoints', { indices: [5, 3] })).body, { indices: [3, 5] });
      assert.match(await s.error('bir/setPassBreakpoints', { indices: [6] }), /snapshot numbers from 0 to 5/);
      assert.match(await s.error('bir/setPassBreakpoints', { indices: 'all' }), /needs indices/);
      const seen: number[] = [];
      for (;;) {
        await s.ok('continue', { threadId: 1 });
        const ev = await s.waitForStopOrExit();
        if ('exitCode' in ev) {
          assert.strictEqual(ev.exitCode, 0);
          break;
        }
        seen.push(birOf(ev.bir).pipeline!.index);
        assert.strictEqual(ev.stopped.body.reason, 'breakpoint');
        assert.ok(seen.length < 5);
      }
      assert.deepStrictEqual(seen, [3, 5]);
    });
  });

  describe('pass and graph requests', () => {
    it('bir/passGraphs lists the snapshots; bir/passGraph gives a snapshot\'s graph with what the pass removed and why', async () => {
      const s = await DapSession.start();
      await s.launch({ program: plain, passes: ['dce', 'fuse'], stopOnPassEntry: true });
      await s.waitForStop();
      const memset = id(plain, 'Memset tmp', 'plain');
      const member = id(plain, 'TensorScalar b <- a', 'plain');
      const tail = id(plain, 'TensorScalar b <- b', 'plain');
      const group = `${tail}+g1`;
      const graphs = (await s.ok('bir/passGraphs')).body.graphs as { index: number; pass: string; nodeCount: number; changed: PassGraphBody['changes'] }[];
      assert.deepStrictEqual(graphs.map((g) => [g.index, g.pass, g.nodeCount]), [[0, 'as written', 6], [1, 'dce', 5], [2, 'fuse', 4]]);
      assert.deepStrictEqual(graphs[0].changed, { added: [], removed: [], fused: [], moved: [] });
      assert.deepStrictEqual(graphs[1].changed, { added: [], removed: [memset], fused: [], moved: [] });
      assert.deepStrictEqual(graphs[2].changed, { added: [group], removed: [member, tail], fused: [{ group, members: [member, tail] }], moved: [] });

      const dce = (await s.ok('bir/passGraph', { index: 1 })).body as PassGraphBody;
      assert.deepStrictEqual([dce.index, dce.pass, dce.function], [1, 'dce', 'plain::main']);
      assert.ok(!dce.nodes.some((n) => n.id === memset), 'the removed node is not in the graph after the pass');
      assert.deepStrictEqual(dce.removedNodes.map((n) => [n.id, n.opcode, n.span.line]), [[memset, 'Memset', lineOf(plain, 'Memset tmp')]]);
      assert.deepStrictEqual(dce.reasons, { [memset]: "nothing reads 'tmp' after it is written" });
      assert.deepStrictEqual(dce.changes.removed, [memset]);
      assert.ok(Array.isArray(dce.regions) && Array.isArray(dce.edges));
      assert.match(dce.dot, /^digraph/);
      assert.ok(dce.edges.some((e) => e.from === id(plain, 'DmaCopy a', 'plain') && e.to === member && e.kind === 'memory'), 'a read-after-write edge');

      const fuse = (await s.ok('bir/passGraph', { index: 2 })).body as PassGraphBody;
      assert.deepStrictEqual(fuse.removedNodes.map((n) => n.id), [member, tail]);
      assert.deepStrictEqual(Object.keys(fuse.reasons).sort(), [member, tail].sort());
      const g = fuse.nodes.find((n) => n.id === group);
      assert.strictEqual(g?.opcode, 'Fused');
      assert.ok(fuse.edges.some((e) => e.from === group && e.to === id(plain, 'DmaCopy y', 'plain')), 'the group\'s write reaches the DmaCopy');

      const written = (await s.ok('bir/passGraph', { index: 0 })).body as PassGraphBody;
      assert.deepStrictEqual([written.pass, written.removedNodes, written.nodes.length], ['as written', [], 6]);
      // bir/graph at a compiler stop: main in the snapshot of the stop.
      const atStop = (await s.ok('bir/graph', {})).body as PassGraphBody;
      assert.deepStrictEqual([atStop.index, atStop.nodes.length], [0, 6]);

      // Errors.
      assert.match(await s.error('bir/passGraph', { index: 3 }), /bir\/passGraph needs index, a snapshot number from 0 to 2, found 3/);
      assert.match(await s.error('bir/passGraph', { index: -1 }), /from 0 to 2/);
      assert.match(await s.error('bir/passGraph', { index: 'one' }), /'bir\/passGraph' needs 'index' as an integer/);
      assert.match(await s.error('bir/passGraph', { index: 1, function: 'nope' }), /no function 'nope' in snapshot 1 \(functions: plain::main\)/);
    });

    it('bir/graph while stopped: the frame\'s function, nodes that ran, the current one, values of what ran', async () => {
      const s = await DapSession.start();
      const tail = lineOf(plain, 'TensorScalar b <- b');
      await s.launch({ program: plain, passes: ['dce', 'fuse'] }, async (x) => {
        await x.setBreakpoints(plain, [{ line: tail }]);
      });
      await s.waitForStop();
      const graph = (await s.ok('bir/graph', { frameId: (await s.topFrame()).id })).body as GraphBody & { pipeline: { index: number; pass: string }; frame?: string };
      assert.strictEqual(graph.function, 'plain::main');
      assert.deepStrictEqual(graph.pipeline, { index: 2, pass: 'fuse' });
      const states = Object.fromEntries(graph.nodes.map((n) => [n.opcode, n.state]));
      assert.deepStrictEqual(states, { DmaCopy: 'not-run', Fused: 'current', Print: 'not-run' }, 'the last DmaCopy has not run yet');
      const dma = graph.nodes.find((n) => n.id === id(plain, 'DmaCopy a', 'plain'))!;
      assert.strictEqual(dma.state, 'run');
      assert.match(dma.value!, /f32\[4, 8\]/);
      assert.strictEqual(graph.nodes.find((n) => n.state === 'current')?.value, undefined);
      assert.strictEqual(graph.nodes.find((n) => n.opcode === 'Print')?.value, undefined);
      // Without a frame: the top frame of the stopped core.
      const again = (await s.ok('bir/graph', {})).body as GraphBody;
      assert.deepStrictEqual(again.nodes.map((n) => n.state), graph.nodes.map((n) => n.state));
      await s.ok('continue', { threadId: 1 });
      assert.strictEqual(await s.waitForEnd(), 0);
      assert.match(await s.error('bir/graph', {}), /ended/);
    });

    it('bir/nextPass when not at a compiler stop is refused; so are pass requests before launch', async () => {
      const s = await DapSession.start();
      assert.match(await s.error('bir/passGraphs'), /needs a launched program/);
      await s.launch({ program: plain, passes: ['dce'], stopOnEntry: true });
      await s.waitForStop();
      assert.match(await s.error('bir/nextPass'), /bir\/nextPass works at a compiler stop \(launch with stopOnPassEntry or passBreakpoints\)/);
      // Still stopped: the program goes on from where it was.
      assert.strictEqual((await s.topFrame()).line, lineOf(plain, 'DmaCopy a'));
      await s.ok('continue', { threadId: 1 });
      assert.strictEqual(await s.waitForEnd(), 0);
    });

    it('a launch with an unknown pass fails naming \'passes\'; passBreakpoints beyond the last snapshot fail naming \'passBreakpoints\'', async () => {
      const s = await DapSession.start();
      const unknown = await s.error('launch', { program: plain, passes: ['dce', 'vectorize'] });
      assert.match(unknown, /launch attribute 'passes': unknown pass 'vectorize' \(passes: inline, dce, fuse, unroll, schedule\)/);
      const t = await DapSession.start();
      const beyond = await t.error('launch', { program: plain, passes: ['dce', 'fuse'], passBreakpoints: [1, 3] });
      assert.match(beyond, /launch attribute 'passBreakpoints': snapshot 3 does not exist \(the pipeline has snapshots 0 to 2\)/);
      const u = await DapSession.start();
      assert.match(await u.error('launch', { program: plain, passBreakpoints: [-1] }), /launch attribute 'passBreakpoints' must be an array of snapshot indices/);
      // A failed launch can be followed by a good one in the same session.
      await u.launch({ program: plain, passes: ['dce'] });
      assert.strictEqual(await u.waitForEnd(), 0);
    });
  });
});
