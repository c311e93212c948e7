/**
 * Breakpoints through the stdio adapter: function breakpoints (full name, short name, ambiguous), conditions,
 * hit conditions, log points, unverified breakpoints and their reasons, node breakpoints, and when a line
 * breakpoint stops (once per visit, every loop iteration, not again before the current instruction ran).
 */
import * as assert from 'assert';
import * as path from 'path';
import { DebugProtocol } from '@vscode/debugprotocol';
import { DapSession, lineOf, tempProgramDir, useDapSessions } from '../helpers/dap-client';
import { LOOPS, MODULES_LIB, MODULES_MAIN } from '../helpers/dap-programs';

interface Stop {
  reason: string;
  hit?: number[];
  frames: string;
  /** Values of the watched expressions at the stop (in the top frame). */
  values: string[];
  opcode?: string;
}

/** Continues from every stop until the run ends; records each stop. */
async function collectStops(s: DapSession, watch: string[] = [], limit = 20): Promise<{ stops: Stop[]; exitCode: number }> {
  const stops: Stop[] = [];
  for (;;) {
    const ev = await s.waitForStopOrExit();
    if ('exitCode' in ev) return { stops, exitCode: ev.exitCode };
    const { stackFrames } = await s.stackTrace();
    const values: string[] = [];
    for (const w of watch) {
      const r = await s.request<DebugProtocol.EvaluateResponse>('evaluate', { expression: w, context: 'watch', frameId: stackFrames[0].id });
      values.push(r.success ? r.body.result : '<error>');
    }
    stops.push({
      reason: ev.stopped.body.reason, hit: ev.stopped.body.hitBreakpointIds, frames: stackFrames.map((f) => `${f.name}:${f.line}`).join(' | '), values,
      opcode: (ev.bir.body as { node?: { opcode: string } }).node?.opcode,
    });
    assert.ok(stops.length <= limit, `more than ${limit} stops`);
    await s.ok('continue', { threadId: 1 });
  }
}

describe('DAP: breakpoints', function () {
  this.timeout(60000);
  useDapSessions();

  let loops: string;
  let body: number;
  let oneLine: number;
  let main: string;
  let lib: string;

  before(() => {
    loops = path.join(tempProgramDir({ 'loops.bir': LOOPS }), 'loops.bir');
    body = lineOf(loops, 'Set r1 = r0 * 10');
    oneLine = lineOf(loops, 'for r2 in 0..3');
    const dir = tempProgramDir({ 'app.bir': MODULES_MAIN, 'lib.bir': MODULES_LIB });
    main = path.join(dir, 'app.bir');
    lib = path.join(dir, 'lib.bir');
  });

  /** Launches loops.bir with breakpoints; returns the answers. */
  async function withBreakpoints(program: string, file: string, bps: DebugProtocol.SourceBreakpoint[], more?: (s: DapSession) => Promise<void>): Promise<{ s: DapSession; answers: DebugProtocol.Breakpoint[] }> {
    const s = await DapSession.start();
    let answers: DebugProtocol.Breakpoint[] = [];
    await s.launch({ program }, async (x) => {
      answers = await x.setBreakpoints(file, bps);
      if (more) await more(x);
    });
    return { s, answers };
  }

  it('a breakpoint in a loop body stops at every iteration, with its id', async () => {
    const { s, answers } = await withBreakpoints(loops, loops, [{ line: body }]);
    assert.strictEqual(answers.length, 1);
    assert.ok(answers[0].verified);
    assert.strictEqual(answers[0].line, body);
    assert.strictEqual(answers[0].column, 5);
    assert.match(answers[0].message!, /binds 1 instruction/);
    const { stops, exitCode } = await collectStops(s, ['r0']);
    assert.deepStrictEqual(stops.map((x) => [x.reason, x.hit, x.values[0]]), [0, 1, 2, 3].map((i) => ['breakpoint', [answers[0].id], String(i)]));
    assert.strictEqual(exitCode, 0);
  });

  it('a line with several instructions stops once per visit: the one-line loop stops at its `for`, then once per iteration', async () => {
    const { s } = await withBreakpoints(loops, loops, [{ line: oneLine }]);
    const { stops, exitCode } = await collectStops(s, ['r2']);
    assert.deepStrictEqual(stops.map((x) => x.opcode), ['for', 'Set', 'Set', 'Set']);
    assert.deepStrictEqual(stops.map((x) => x.values[0]), ['<uninit>', '0', '1', '2']);
    assert.strictEqual(exitCode, 0);
  });

  it('continuing from a breakpoint runs the instruction before the breakpoint can stop again (line and node breakpoints on one node)', async () => {
    const { s, answers } = await withBreakpoints(loops, loops, [{ line: body }], async (x) => {
      const r = await x.ok('bir/setNodeBreakpoints', { nodes: [`loops::main@${body}:5`, 'loops::main@999:1'] });
      const nodeBps = (r.body as { breakpoints: DebugProtocol.Breakpoint[] }).breakpoints;
      assert.deepStrictEqual(nodeBps.map((b) => b.verified), [true, false]);
      assert.match(nodeBps[1].message!, /no node 'loops::main@999:1'/);
    });
    await s.waitForStop();
    assert.strictEqual((await s.evaluate('r1', 'watch')).result, '<uninit>', 'stopped before Set r1 ran');
    await s.ok('continue', { threadId: 1 });
    const second = await s.waitForStop();
    assert.strictEqual(second.stopped.body.reason, 'breakpoint');
    assert.strictEqual(second.stopped.body.hitBreakpointIds!.length, 2);
    assert.ok(second.stopped.body.hitBreakpointIds!.includes(answers[0].id!));
    assert.strictEqual((await s.evaluate('r0', 'watch')).result, '1', 'the next stop is the next iteration');
    assert.strictEqual((await s.evaluate('r1', 'watch')).result, '0', 'the instruction ran');
    // A node breakpoint alone stops before every run of its node, and the node runs first on continue.
    await s.ok('setBreakpoints', { source: { path: loops }, breakpoints: [] });
    await s.ok('continue', { threadId: 1 });
    const third = await s.waitForStop();
    assert.strictEqual(third.stopped.body.hitBreakpointIds!.length, 1);
    assert.strictEqual((await s.evaluate('r1', 'watch')).result, '10');
  });

  it('conditions: `r0 == 1` stops once; a condition that cannot be evaluated stops and says why', async () => {
    const [{ s, answers }, b] = await Promise.all([
      withBreakpoints(loops, loops, [{ line: body, condition: 'r0 == 1' }]),
      withBreakpoints(loops, loops, [{ line: body, condition: 'nosuch > 0' }]),
    ]);
    assert.ok(answers[0].verified);
    const { stops } = await collectStops(s, ['r0']);
    assert.deepStrictEqual(stops.map((x) => x.values[0]), ['1']);

    const bad = await collectStops(b.s, ['r0']);
    assert.strictEqual(bad.stops.length, 4, 'an unevaluable condition stops every time');
    assert.match(b.s.output('console'), /breakpoint \d+: the condition 'nosuch > 0' cannot be evaluated here: .*unknown name 'nosuch'/);
  });

  it('hit conditions: >= 2, % 2, == 3, 3 and < 2 count the times the location was reached with the condition true', async () => {
    const [ge, mod, eq, both] = await Promise.all([
      withBreakpoints(loops, loops, [{ line: body, hitCondition: '>= 2' }]),
      withBreakpoints(loops, loops, [{ line: body, hitCondition: '% 2' }]),
      withBreakpoints(loops, loops, [{ line: body, hitCondition: '== 3' }, { line: oneLine, hitCondition: '3' }]),
      withBreakpoints(loops, loops, [{ line: body, condition: 'r0 >= 1', hitCondition: '< 2' }]),
    ]);
    assert.ok(ge.answers[0].verified);
    assert.deepStrictEqual((await collectStops(ge.s, ['r0'])).stops.map((x) => x.values[0]), ['1', '2', '3']);
    assert.deepStrictEqual((await collectStops(mod.s, ['r0'])).stops.map((x) => x.values[0]), ['1', '3']);
    const third = await collectStops(eq.s, ['r0', 'r2']);
    assert.deepStrictEqual(third.stops.map((x) => x.frames), [`main:${body}`, `main:${oneLine}`]);
    assert.deepStrictEqual(third.stops.map((x) => x.values), [['2', '<uninit>'], ['3', '1']], 'the third visit of each line (r0 keeps its last value after its loop)');
    assert.deepStrictEqual((await collectStops(both.s, ['r0'])).stops.map((x) => x.values[0]), ['1'], 'counted only when the condition holds');
  });

  it('log points print their message with {expressions} interpolated and {{ }} literal, and do not stop', async () => {
    const { s, answers } = await withBreakpoints(loops, loops, [{ line: body, logMessage: 'row {r0}: {{r1}} <- {r0 * 10}, acc[0, 0] = {acc[0, 0]}' }]);
    assert.ok(answers[0].verified);
    const { stops, exitCode } = await collectStops(s);
    assert.deepStrictEqual(stops, []);
    assert.strictEqual(exitCode, 0);
    const logs = s.events<DebugProtocol.OutputEvent>('output').filter((e) => e.body.output.startsWith('row '));
    assert.deepStrictEqual(logs.map((e) => e.body.output), [0, 1, 2, 3].map((i) => `row ${i}: {r1} <- ${i * 10}, acc[0, 0] = 0\n`));
    assert.ok(logs.every((e) => e.body.category === 'console' && e.body.line === body && e.body.source?.path === loops));
    const exited = s.events('exited')[0];
    assert.ok(logs.every((e) => s.indexOf(e) < s.indexOf(exited)));
    assert.match(s.output('stdout'), /acc\[3, 0\] = 30/);
  });

  it('unverified breakpoints say why: a condition that does not parse (with the column), a bad hit condition, a comment, an allocation, an empty line, a closing brace, a file not in the program', async () => {
    const s = await DapSession.start();
    await s.launch({ program: loops }, async (x) => {
      const answers = await x.setBreakpoints(loops, [
        { line: body, condition: 'r0 ==' },
        { line: body, hitCondition: 'often' },
        { line: body, logMessage: 'oops {r0' },
        { line: 1 },
        { line: lineOf(loops, 'sbuf acc') },
        { line: lineOf(loops, 'sbuf acc') + 1 },
        { line: lineOf(loops, '}', body) },
        { line: 1000 },
      ]);
      assert.ok(answers.every((b) => !b.verified && b.reason === 'failed' && b.id !== undefined), JSON.stringify(answers));
      assert.deepStrictEqual(answers.map((b) => b.line), [body, body, body, 1, lineOf(loops, 'sbuf acc'), lineOf(loops, 'sbuf acc') + 1, lineOf(loops, '}', body), 1000]);
      const m = answers.map((b) => b.message ?? '');
      assert.match(m[0], /the condition 'r0 ==' does not parse: column 6: expected an expression/);
      assert.match(m[1], /hit condition 'often' is not understood/);
      assert.match(m[2], /log message: '\{' at column 6 is not closed/);
      assert.match(m[3], /no instruction on line 1: it is a comment/);
      assert.match(m[4], /no instruction on line \d+: sbuf 'acc' is allocated when its function is entered/);
      assert.match(m[5], /no instruction on line \d+: it is empty/);
      assert.match(m[6], /no instruction on line \d+: it closes a block/);
      assert.match(m[7], /line 1000 is past the end of the file/);
      const other = await x.setBreakpoints(main, [{ line: 5 }]);
      assert.strictEqual(other[0].verified, false);
      assert.match(other[0].message!, /the file is not part of the program/);
      // A function nothing calls: verified, and says so.
      const [called, uncalled] = await x.setBreakpoints(loops, [{ line: lineOf(loops, 'Memset dst') }, { line: lineOf(loops, 'Set r0 = 1') }]);
      assert.ok(called.verified);
      assert.doesNotMatch(called.message!, /nothing in the program calls/, 'fill is called');
      assert.ok(uncalled.verified);
      assert.match(uncalled.message!, /binds 1 instruction; nothing in the program calls 'loops::unused'/);
      assert.match(await x.error('setBreakpoints', { breakpoints: [{ line: 3 }] }), /source\.path/);
      assert.match(await x.error('setBreakpoints', { source: { path: loops }, breakpoints: [{ line: 'x' }] }), /integer line/);
      await x.setBreakpoints(loops, []);
    });
    assert.strictEqual(await s.waitForEnd(), 0);
  });

  it('lines and columns follow the client\'s linesStartAt1/columnsStartAt1 (0-based here)', async () => {
    const s = await DapSession.start({ initialize: { linesStartAt1: false, columnsStartAt1: false } });
    let answer: DebugProtocol.Breakpoint | undefined;
    await s.launch({ program: loops }, async (x) => {
      [answer] = await x.setBreakpoints(loops, [{ line: body - 1 }]);
    });
    assert.deepStrictEqual([answer!.verified, answer!.line, answer!.column], [true, body - 1, 4]);
    await s.waitForStop();
    const top = await s.topFrame();
    assert.deepStrictEqual([top.line, top.column], [body - 1, 4]);
    assert.strictEqual((await s.evaluate('r0', 'watch')).result, '0');
    const [bad] = await s.setBreakpoints(loops, [{ line: 0, logMessage: '{r0' }]);
    assert.strictEqual(bad.line, 0);
  });

  it('function breakpoints: by full name and by short name; an ambiguous or unknown name is refused with the candidates', async () => {
    const s = await DapSession.start();
    await s.launch({ program: main }, async (x) => {
      const r = await x.ok<DebugProtocol.SetFunctionBreakpointsResponse>('setFunctionBreakpoints', { breakpoints: [{ name: 'tile' }, { name: 'lib::tile' }, { name: 'helper' }, { name: 'nope' }, { name: 'app::tile', condition: 'r2 ==' }] });
      const [ambiguous, full, short, unknown, badCondition] = r.body.breakpoints;
      assert.strictEqual(ambiguous.verified, false);
      assert.match(ambiguous.message!, /'tile' is ambiguous: /);
      assert.ok(ambiguous.message!.includes('lib::tile') && ambiguous.message!.includes('app::tile'), ambiguous.message);
      assert.ok(full.verified);
      assert.strictEqual(full.source?.path, lib);
      assert.strictEqual(full.line, 3);
      assert.ok(short.verified);
      assert.strictEqual(short.source?.path, main);
      assert.strictEqual(unknown.verified, false);
      assert.match(unknown.message!, /no function 'nope' \(functions: .*app::main.*lib::tile/);
      assert.strictEqual(badCondition.verified, false);
      assert.match(badCondition.message!, /column 6/);
      assert.match(await x.error('setFunctionBreakpoints', { breakpoints: [{}] }), /a name each/);
    });
    const { stops, exitCode } = await collectStops(s);
    assert.strictEqual(exitCode, 0);
    assert.deepStrictEqual(stops.map((x) => [x.reason, x.frames]), [
      ['function breakpoint', 'lib::tile:4 | main:8'],
      ['function breakpoint', 'lib::tile:4 | main:8'],
      ['function breakpoint', 'lib::tile:4 | main:8'],
      ['function breakpoint', 'helper:18 | main:10'],
    ]);
    assert.ok(stops.every((x) => x.hit?.length === 1));
  });

  it('function breakpoints with a condition and a hit condition; with a line breakpoint on the same node both ids are hit', async () => {
    const s = await DapSession.start();
    let ids: number[] = [];
    let lineId = 0;
    await s.launch({ program: main }, async (x) => {
      const r = await x.ok<DebugProtocol.SetFunctionBreakpointsResponse>('setFunctionBreakpoints', { breakpoints: [{ name: 'lib::tile', condition: 'r4 == 10' }, { name: 'app::tile', hitCondition: '2' }] });
      ids = r.body.breakpoints.map((b) => b.id!);
      lineId = (await x.setBreakpoints(lib, [{ line: 4, condition: 'r4 >= 10' }]))[0].id!;
    });
    const { stops } = await collectStops(s);
    assert.deepStrictEqual(stops.map((x) => [x.frames, x.hit]), [
      ['tile:14 | main:7', [ids[1]]],
      ['lib::tile:4 | main:8', [lineId, ids[0]]],
      ['lib::tile:4 | main:8', [lineId]],
    ]);
    assert.strictEqual(stops[1].reason, 'breakpoint', 'a line breakpoint with a function breakpoint: reason breakpoint');
  });

  it('breakpoints set while the program runs or is stopped take effect at once; removing them lets it run to the end', async () => {
    const s = await DapSession.start();
    await s.launch({ program: loops, stopOnEntry: true });
    const entry = await s.waitForStop();
    assert.strictEqual(entry.stopped.body.reason, 'entry');
    const [bp] = await s.setBreakpoints(loops, [{ line: body, hitCondition: '3' }]);
    await s.ok('continue', { threadId: 1 });
    await s.waitForStop();
    assert.strictEqual((await s.evaluate('r0', 'watch')).result, '2');
    await s.setBreakpoints(loops, [{ line: body }]);
    await s.ok('continue', { threadId: 1 });
    await s.waitForStop();
    assert.strictEqual((await s.evaluate('r0', 'watch')).result, '3');
    await s.setBreakpoints(loops, []);
    await s.ok('continue', { threadId: 1 });
    assert.strictEqual(await s.waitForEnd(), 0);
    assert.ok(bp.verified);
  });
});
