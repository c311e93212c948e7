/**
 * Whole DAP sessions with the stdio adapter: initialize, launch, a breakpoint, the stack, scopes and variables,
 * evaluate in every context, REPL commands, stepping by line and by instruction, step-in targets, and a run to
 * its end with its output and its written outputs. Every message is checked against the DAP schema by the helper.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { DebugProtocol } from '@vscode/debugprotocol';
import { readNpyFile } from '../../engine/io/npy';
import { DapSession, EXAMPLES, columnOf, lineOf, tempProgramDir, useDapSessions } from '../helpers/dap-client';
import { STEPS } from '../helpers/dap-programs';

const CALLS_LOOPS = path.join(EXAMPLES, 'calls_loops.bir');

/** `name:line:column` of each frame, innermost first. */
async function where(s: DapSession, threadId = 1): Promise<string> {
  const { stackFrames } = await s.stackTrace(threadId);
  return stackFrames.map((f) => `${f.name}:${f.line}:${f.column}`).join(' | ');
}

/** Runs steps from a stop and records where each one stops (`exited` when the run ends). */
async function walk(s: DapSession, steps: [string, Record<string, unknown>?][]): Promise<string[]> {
  const out: string[] = [];
  for (const [command, args] of steps) {
    await s.ok(command, { threadId: 1, ...(args ?? {}) });
    const ev = await s.waitForStopOrExit();
    if ('exitCode' in ev) {
      out.push('exited');
      break;
    }
    assert.strictEqual(ev.stopped.body.reason, 'step', `${command} stops with reason step`);
    out.push(await where(s));
  }
  return out;
}

const times = (n: number, command: string, args?: Record<string, unknown>): [string, Record<string, unknown>?][] => Array.from({ length: n }, () => [command, args]);

describe('DAP: sessions', function () {
  this.timeout(60000);
  useDapSessions();

  it('initialize answers exactly the capabilities that are implemented', async () => {
    const s = await DapSession.start({ initialize: false });
    assert.deepStrictEqual((await s.ok<DebugProtocol.ThreadsResponse>('threads')).body.threads, [], 'no threads before launch');
    const r = await s.ok<DebugProtocol.InitializeResponse>('initialize', { adapterID: 'bir', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path' });
    const caps = r.body!;
    assert.deepStrictEqual(Object.keys(caps).sort(), [
      'exceptionBreakpointFilters', 'supportTerminateDebuggee', 'supportsClipboardContext', 'supportsConditionalBreakpoints',
      'supportsConfigurationDoneRequest', 'supportsDelayedStackTraceLoading', 'supportsEvaluateForHovers', 'supportsExceptionInfoRequest',
      'supportsFunctionBreakpoints', 'supportsHitConditionalBreakpoints', 'supportsLogPoints', 'supportsRestartRequest',
      'supportsStepBack', 'supportsStepInTargetsRequest', 'supportsSteppingGranularity', 'supportsTerminateRequest',
      'supportsSetVariable', 'supportsSetExpression', 'supportsReadMemoryRequest', 'supportsWriteMemoryRequest', 'supportsCompletionsRequest',
      'completionTriggerCharacters', 'supportsDataBreakpoints', 'supportsCancelRequest', 'supportsDisassembleRequest',
      'supportsInstructionBreakpoints', 'supportsRestartFrame',
    ].sort());
    for (const [k, v] of Object.entries(caps)) if (k !== 'exceptionBreakpointFilters' && k !== 'completionTriggerCharacters') assert.strictEqual(v, true, k);
    assert.deepStrictEqual(caps.completionTriggerCharacters, ['[', ':', ','], 'completions open after t[, a command\'s colon and a comma');
    assert.deepStrictEqual(caps.exceptionBreakpointFilters!.map((f) => [f.filter, f.default]), [
      ['assert', true], ['fault', true], ['uninitialized', true], ['nan', false], ['race', false],
    ]);
    for (const f of caps.exceptionBreakpointFilters!) assert.ok(f.label && f.description, `filter ${f.filter} has a label and a description`);
    assert.match(await s.error('initialize', { adapterID: 'bir' }), /already/);
    assert.match(await s.error('stackTrace', { threadId: 1 }), /launch/);
  });

  describe('stopped at a breakpoint three calls deep (calls_loops.bir:71)', () => {
    let s: DapSession;
    let stop: { stopped: DebugProtocol.StoppedEvent; bir: DebugProtocol.Event };
    let bpId: number;
    let frames: DebugProtocol.StackFrame[];

    before(async () => {
      s = await DapSession.start({ shared: true });
      await s.launch({ program: CALLS_LOOPS }, async (x) => {
        const [bp] = await x.setBreakpoints(CALLS_LOOPS, [{ line: 71 }]);
        assert.ok(bp.verified);
        assert.strictEqual(bp.line, 71);
        assert.match(bp.message!, /binds 1 instruction/);
        bpId = bp.id!;
      });
      stop = await s.waitForStop();
      frames = (await s.stackTrace()).stackFrames;
    });

    after(async () => {
      await s.close();
    });

    it('stops with reason breakpoint, hitBreakpointIds and allThreadsStopped; bir/stopped comes first with the node', () => {
      const body = stop.stopped.body;
      assert.strictEqual(body.reason, 'breakpoint');
      assert.strictEqual(body.threadId, 1);
      assert.strictEqual(body.allThreadsStopped, true);
      assert.deepStrictEqual(body.hitBreakpointIds, [bpId]);
      const bir = stop.bir.body as { threadId: number; reason: string; hitBreakpointIds: number[]; node: { id: string; opcode: string; engine: string; span: { file: string; line: number; col: number; endLine: number; endCol: number } }; skipped: unknown[] };
      assert.strictEqual(bir.threadId, 1);
      assert.strictEqual(bir.reason, 'breakpoint');
      assert.deepStrictEqual(bir.hitBreakpointIds, [bpId]);
      assert.strictEqual(bir.node.id, 'calls_loops::epilogue@71:3');
      assert.strictEqual(bir.node.opcode, 'Activation');
      assert.strictEqual(bir.node.engine, 'ACT');
      assert.deepStrictEqual({ ...bir.node.span, file: path.resolve(bir.node.span.file) }, { file: CALLS_LOOPS, line: 71, col: 3, endLine: 71, endCol: 49 });
      assert.deepStrictEqual(bir.skipped, []);
      // The adapter's order: response to configurationDone, then bir/stopped, then stopped.
      const configDone = s.log.findIndex((m) => m.message.type === 'response' && (m.message as DebugProtocol.Response).command === 'configurationDone');
      assert.ok(configDone < s.indexOf(stop.bir));
    });

    it('stack: every frame with its location; startFrame/levels page it and totalFrames counts them all', async () => {
      assert.deepStrictEqual(frames.map((f) => [f.name, f.line, f.column, f.source?.path]), [
        ['epilogue', 71, 3, CALLS_LOOPS],
        ['full_tile', 55, 5, CALLS_LOOPS],
        ['main', 37, 9, CALLS_LOOPS],
      ]);
      const all = await s.stackTrace(1);
      assert.strictEqual(all.totalFrames, 3);
      const page1 = await s.stackTrace(1, 0, 1);
      assert.deepStrictEqual(page1.stackFrames.map((f) => f.name), ['epilogue']);
      assert.strictEqual(page1.totalFrames, 3);
      const page2 = await s.stackTrace(1, 1, 5);
      assert.deepStrictEqual(page2.stackFrames.map((f) => f.name), ['full_tile', 'main']);
      assert.strictEqual(page2.totalFrames, 3);
      const past = await s.stackTrace(1, 3, 2);
      assert.deepStrictEqual(past.stackFrames, []);
      assert.match(await s.error('stackTrace', { threadId: 1, startFrame: -1 }), /negative/);
      assert.match(await s.error('stackTrace', { threadId: 2 }), /no thread 2/);
      assert.match(await s.error('stackTrace', {}), /'stackTrace' needs 'threadId' as an integer/);
    });

    it('scopes: Locals, Registers, Memory, Node', async () => {
      const scopes = await s.scopes(frames[0].id);
      assert.deepStrictEqual(scopes.map((c) => c.name), ['Locals', 'Registers', 'Memory', 'Node']);
      assert.ok(scopes.every((c) => c.variablesReference > 0 && c.expensive === false));
      assert.strictEqual(scopes[0].presentationHint, 'locals');
      assert.strictEqual(scopes[1].presentationHint, 'registers');
      assert.match(await s.error('scopes', { frameId: 999 }), /frame 999 does not exist/);
    });

    it('variables: parameters, registers (<uninit> until written), memory in use, the node with its operands\' values', async () => {
      const [locals, registers, memory, node] = await s.scopes(frames[0].id);
      const l = await s.variables(locals.variablesReference);
      assert.deepStrictEqual(l.map((v) => v.name), ['dst', 'src', 'r3']);
      assert.strictEqual(l[0].value, 'f32[128, 64] <never written>');
      assert.match(l[1].value, /^f32\[128, 64\] min -?\d[\d.]* max \d[\d.]* mean -?\d/);
      assert.strictEqual(l[1].evaluateName, 'src');
      assert.strictEqual(l[1].indexedVariables, 128);
      assert.strictEqual(l[2].value, '0.5');
      const r = await s.variables(registers.variablesReference);
      assert.deepStrictEqual(r.map((v) => v.name), [...Array.from({ length: 16 }, (_, i) => `r${i}`), 'core', 'ncores', 'pc']);
      assert.strictEqual(r[0].value, '<uninit>');
      assert.strictEqual(r[3].value, '0.5');
      assert.strictEqual(r.find((v) => v.name === 'pc')!.value, 'calls_loops::epilogue@71:3');
      const m = await s.variables(memory.variablesReference);
      assert.deepStrictEqual(m.map((v) => v.name), ['DRAM', 'SBUF', 'PSUM']);
      assert.match(m[1].value, /^\d+ of 196608 bytes per partition in use on core 0$/);
      const dram = await s.variables(m[0].variablesReference);
      assert.deepStrictEqual(dram.map((v) => v.name), ['x', 'w', 'y']);
      const sbuf = await s.variables(m[1].variablesReference);
      assert.ok(sbuf.some((v) => /^ws \(main\)$/.test(v.name) && /@ partitions 0\.\.127, bytes 0\.\.\d+/.test(v.value)), JSON.stringify(sbuf.map((v) => `${v.name} = ${v.value}`)));
      const n = await s.variables(node.variablesReference);
      const byName = new Map(n.map((v) => [v.name, v.value]));
      assert.strictEqual(byName.get('id'), 'calls_loops::epilogue@71:3');
      assert.strictEqual(byName.get('opcode'), 'Activation');
      assert.strictEqual(byName.get('engine'), 'ACT');
      assert.strictEqual(byName.get('location'), `${CALLS_LOOPS}:71:3`);
      assert.strictEqual(byName.get('dst dst'), 'f32[128, 64] <never written>');
      assert.strictEqual(byName.get('scale r3'), '0.5', 'a scalar operand shows its current value');
      // The caller waits in its call: the call's operands are its arguments, named by the parameters they bind.
      const call = new Map((await s.variables((await s.scopes(frames[1].id))[3].variablesReference)).map((v) => [v.name, v.value]));
      assert.strictEqual(call.get('opcode'), 'call');
      assert.match(call.get('dst out[0:TM, r2*CH : r2*CH+CH]') ?? '', /^f32\[128, 64\]/, [...call.keys()].join(' | '));
      assert.match(call.get('src acc[0:TM, r2*CH : r2*CH+CH]') ?? '', /^f32\[128, 64\] min/);
      assert.strictEqual(call.get('r3 r3'), '0.5');
      // The caller's frame: its loop register with the iteration.
      const callerLocals = await s.variables((await s.scopes(frames[1].id))[0].variablesReference);
      const r2 = callerLocals.find((v) => v.name === 'r2')!;
      assert.match(r2.value, /^0\b/);
      assert.match(`${r2.value} ${r2.type}`, /iteration 1 of 2 of the loop at line 54/);
    });

    it('variables page a 128-row tensor with start/count; filter named/indexed', async () => {
      const [locals] = await s.scopes(frames[0].id);
      const src = (await s.variables(locals.variablesReference)).find((v) => v.name === 'src')!;
      const page = await s.variables(src.variablesReference, { start: 100, count: 10 });
      assert.deepStrictEqual(page.map((v) => v.name), Array.from({ length: 10 }, (_, i) => `[${100 + i}]`));
      assert.strictEqual(page[0].evaluateName, 'src[100]');
      assert.strictEqual(page[0].indexedVariables, 64);
      const tail = await s.variables(src.variablesReference, { start: 120, count: 50 });
      assert.strictEqual(tail.length, 8, 'a page that runs past the end stops at the last row');
      assert.strictEqual((await s.variables(src.variablesReference)).length, 128);
      assert.deepStrictEqual(await s.variables(src.variablesReference, { filter: 'named' }), []);
      assert.strictEqual((await s.variables(src.variablesReference, { filter: 'indexed', start: 0, count: 5 })).length, 5);
      assert.deepStrictEqual(await s.variables(locals.variablesReference, { filter: 'indexed' }), []);
      const elements = await s.variables(page[0].variablesReference, { start: 2, count: 3 });
      assert.deepStrictEqual(elements.map((v) => v.name), ['[2]', '[3]', '[4]']);
      assert.ok(elements.every((v) => /^-?\d/.test(v.value) && v.variablesReference === 0 && v.type === 'f32'));
      assert.strictEqual(elements[0].evaluateName, 'src[100][2]');
      assert.match(await s.error('variables', { variablesReference: src.variablesReference, start: -1 }), /negative/);
      assert.match(await s.error('variables', { variablesReference: src.variablesReference, filter: 'both' }), /filter must be 'indexed' or 'named'/);
    });

    it('never-written elements show <uninit>', async () => {
      const [locals] = await s.scopes(frames[0].id);
      const dst = (await s.variables(locals.variablesReference)).find((v) => v.name === 'dst')!;
      const [row] = await s.variables(dst.variablesReference, { start: 5, count: 1 });
      assert.strictEqual(row.value, 'f32[64] <never written>');
      const elements = await s.variables(row.variablesReference, { start: 0, count: 4 });
      assert.deepStrictEqual(elements.map((v) => v.value), ['<uninit>', '<uninit>', '<uninit>', '<uninit>']);
    });

    it('evaluates in watch, repl, hover and clipboard contexts', async () => {
      const caller = frames[1].id;
      assert.deepStrictEqual(await s.evaluate('r3', 'watch'), { result: '0.5', type: 'scalar', variablesReference: 0 });
      assert.strictEqual((await s.evaluate('r0', 'watch')).result, '<uninit>');
      assert.strictEqual((await s.evaluate('r2', 'watch', caller)).result, '0', 'a register of another frame');
      assert.strictEqual((await s.evaluate('r3 * 4 + 1', 'repl')).result, '3');
      assert.strictEqual((await s.evaluate('CH * 2 + ncores', 'watch', caller)).result, '129', 'module constants and ncores');
      const hover = await s.evaluate('src', 'hover');
      assert.match(hover.result, /^src = f32\[128, 64\] min /, 'a hover names what it evaluated');
      assert.strictEqual(hover.indexedVariables, 128);
      assert.ok(hover.variablesReference > 0);
      const rows = await s.variables(hover.variablesReference, { start: 0, count: 2 });
      assert.deepStrictEqual(rows.map((v) => v.name), ['[0]', '[1]']);
      const ap = await s.evaluate('acc[0:4, r2*CH : r2*CH+4]', 'watch', caller);
      assert.match(ap.result, /^f32\[4, 4\] /);
      const e00 = Number((await s.evaluate('sum(src[0:1, 0:1])', 'watch')).result);
      assert.ok(Number.isFinite(e00) && e00 !== 0);
      assert.ok((await s.evaluate('src[0, 0]', 'watch')).result.includes(String(e00)), 'element access');
      const first4 = (await s.evaluate('src[0:1, 0:4]', 'clipboard')).result.match(/-?\d+(\.\d+)?(e-?\d+)?/g)!.map(Number);
      const sum = Number((await s.evaluate('sum(src[0, 0:4])', 'repl')).result);
      assert.ok(Math.abs(sum - first4.reduce((a, b) => a + b, 0)) < 1e-6, `sum ${sum} of ${first4}`);
      assert.strictEqual((await s.evaluate('allclose(src, src * 1)', 'repl')).result, '1');
      assert.strictEqual((await s.evaluate('allclose(src, src + 1)', 'repl')).result, '0');
      assert.strictEqual((await s.evaluate('max(src) >= min(src)', 'hover')).result, 'max(src) >= min(src) = 1');
      // Clipboard writes a tensor out whole, NumPy style.
      const clip = await s.evaluate('src[0:2, 0:3]', 'clipboard');
      assert.match(clip.result, /^\[\[-?[\d.e-]+, -?[\d.e-]+, -?[\d.e-]+\], \[-?[\d.e-]+, -?[\d.e-]+, -?[\d.e-]+\]\]$/);
      // Evaluation never changes the program.
      assert.strictEqual((await s.evaluate('r3', 'watch')).result, '0.5');
    });

    it('evaluate errors say where: the column of a parse error, unknown names with a suggestion, slices out of bounds', async () => {
      assert.match(await s.error('evaluate', { expression: 'src[0, ]', context: 'watch' }), /column 8: expected an expression, found '\]'/);
      assert.match(await s.error('evaluate', { expression: '1 +', context: 'repl' }), /column 4: expected an expression/);
      assert.match(await s.error('evaluate', { expression: 'srx', context: 'hover' }), /unknown name 'srx'; did you mean 'src'\?/);
      assert.match(await s.error('evaluate', { expression: 'src[0:200, 0]', context: 'repl' }), /slice 0:200 is out of bounds for dimension 0 of 'src' \(size 128\)/);
      assert.match(await s.error('evaluate', { context: 'repl' }), /needs an expression/);
    });

    it('REPL :help lists the language and the commands; :dump writes a .npy file', async () => {
      const help = (await s.evaluate(':help', 'repl')).result;
      for (const word of [':help', ':dump EXPR FILE.npy', 'sum', 'allclose', 'isnan']) assert.ok(help.includes(word), `:help mentions ${word}`);
      // :dump writes in the program's folder (here examples/), in a folder of its own for this test.
      const folder = `.dump-test-${process.pid}`;
      const dir = path.join(path.dirname(CALLS_LOOPS), folder);
      try {
        await dumps(folder, path.join(dir, 'src.npy'));
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
      assert.match(await s.error('evaluate', { expression: ':nope', context: 'repl' }), /unknown command ':nope'/);
    });

    async function dumps(folder: string, file: string): Promise<void> {
      const r = await s.evaluate(`:dump src[0:4, 0:8] ${folder}/src.npy`, 'repl');
      assert.match(r.result, /wrote .*src\.npy \(f64\[4, 8\]\)/);
      const npy = readNpyFile(file);
      assert.strictEqual(npy.dtype, 'f64');
      assert.deepStrictEqual([...npy.shape], [4, 8]);
      const e01 = Number((await s.evaluate('sum(src[0:1, 1:2])', 'watch')).result);
      assert.ok(Math.abs(Number(npy.data[1]) - e01) < 1e-6);
      assert.match(await s.error('evaluate', { expression: ':dump src out.txt', context: 'repl' }), /does not end in \.npy/);
      // Nowhere but the program's folder, and an existing file is replaced only with :dump!.
      assert.match(await s.error('evaluate', { expression: `:dump src ${path.join(os.tmpdir(), 'src.npy')}`, context: 'repl' }), /give a relative path/);
      assert.match(await s.error('evaluate', { expression: ':dump src ../src.npy', context: 'repl' }), /is outside it/);
      assert.match(await s.error('evaluate', { expression: `:dump src[0:1, 0:1] ${folder}/src.npy`, context: 'repl' }), /exists; :dump! EXPR .*src\.npy replaces it/);
      assert.deepStrictEqual([...readNpyFile(file).shape], [4, 8], 'the file is as it was');
      await s.evaluate(`:dump! src[0:1, 0:2] ${folder}/src.npy`, 'repl');
      assert.deepStrictEqual([...readNpyFile(file).shape], [1, 2]);
    }

    it('step-in targets list the calls on the line of a frame', async () => {
      const r = await s.ok<DebugProtocol.StepInTargetsResponse>('stepInTargets', { frameId: frames[1].id });
      assert.deepStrictEqual(r.body.targets.map((t) => [t.label, t.line, t.column]), [['epilogue', 55, 5]]);
      const none = await s.ok<DebugProtocol.StepInTargetsResponse>('stepInTargets', { frameId: frames[0].id });
      assert.deepStrictEqual(none.body.targets, []);
    });

    it('inspection needs a stopped program; references are void once it resumes', async () => {
      const [locals] = await s.scopes(frames[0].id);
      const src = (await s.variables(locals.variablesReference)).find((v) => v.name === 'src')!;
      const deep = (await s.variables(src.variablesReference, { start: 0, count: 40 }))[39];
      await s.ok('continue', { threadId: 1 });
      const next = await s.waitForStop();
      assert.strictEqual(next.stopped.body.reason, 'breakpoint');
      assert.match(await s.error('variables', { variablesReference: deep.variablesReference }), /does not exist \(references are void once the program resumes\)/);
      assert.match(await s.error('scopes', { frameId: 99 }), /does not exist/);
      const caller = (await s.stackTrace()).stackFrames[1];
      const callerLocals = await s.variables((await s.scopes(caller.id))[0].variablesReference);
      const r2 = callerLocals.find((v) => v.name === 'r2')!;
      assert.match(r2.value, /^1\b/);
      assert.match(`${r2.value} ${r2.type}`, /iteration 2 of 2 of the loop at line 54/);
      await s.ok('setBreakpoints', { source: { path: CALLS_LOOPS }, breakpoints: [] });
      await s.ok('continue', { threadId: 1 });
      assert.strictEqual(await s.waitForEnd(), 0);
    });
  });

  describe('stepping', () => {
    let steps: string;
    before(() => {
      steps = path.join(tempProgramDir({ 'steps.bir': STEPS }), 'steps.bir');
    });

    async function fromEntry(program: string, extra: Record<string, unknown> = {}): Promise<DapSession> {
      const s = await DapSession.start();
      await s.launch({ program, stopOnEntry: true, ...extra });
      const { stopped, bir } = await s.waitForStop();
      assert.strictEqual(stopped.body.reason, 'entry');
      assert.strictEqual((bir.body as { reason: string }).reason, 'entry');
      return s;
    }

    // steps.bir: 5 Set r0 | 6 Set r1 | 7 call twice | 8 one-line for | 9 one-line if/else with calls | 10 Set | 11 call pair
    const OVER = ['main:6:3', 'main:7:3', 'main:8:3', 'main:8:20', 'main:8:20', 'main:9:3', 'main:9:15', 'main:10:3', 'main:11:3', 'main:12:3', 'exited'];

    it('next by line: every line of main once, each iteration of a one-line loop and the taken arm are new visits', async () => {
      const s = await fromEntry(steps);
      assert.strictEqual(await where(s), 'main:5:3');
      assert.deepStrictEqual(await walk(s, times(11, 'next')), OVER);
      assert.match(s.output('stdout'), /r5 = 3/);
    });

    it('next by instruction (and by statement, and with stepBy "instruction") reaches the same nodes in this program', async () => {
      const a = await fromEntry(steps);
      assert.deepStrictEqual(await walk(a, times(11, 'next', { granularity: 'instruction' })), OVER);
      const b = await fromEntry(steps, { stepBy: 'instruction' });
      assert.deepStrictEqual(await walk(b, times(4, 'next')), OVER.slice(0, 4));
      assert.deepStrictEqual(await walk(b, times(2, 'next', { granularity: 'statement' })), OVER.slice(4, 6));
      assert.match(await b.error('next', { threadId: 1, granularity: 'word' }), /unknown granularity 'word'/);
    });

    it('stepIn by line enters every call; stepOut returns to the caller\'s next node', async () => {
      const s = await fromEntry(steps);
      assert.deepStrictEqual(await walk(s, times(4, 'stepIn')), ['main:6:3', 'main:7:3', 'twice:16:3 | main:7:3', 'twice:17:3 | main:7:3']);
      assert.deepStrictEqual(await walk(s, [['stepOut']]), ['main:8:3']);
      assert.deepStrictEqual(await walk(s, times(5, 'stepIn')), ['main:8:20', 'main:8:20', 'main:9:3', 'main:9:15', 'twice:16:3 | main:9:15']);
      assert.deepStrictEqual(await walk(s, [['stepOut'], ['next'], ['stepIn'], ['stepIn'], ['stepOut'], ['stepOut']]), [
        'main:10:3', 'main:11:3', 'pair:21:3 | main:11:3', 'twice:16:3 | pair:21:3 | main:11:3', 'pair:22:3 | main:11:3', 'main:12:3',
      ]);
      assert.deepStrictEqual(await walk(s, [['stepOut']]), ['exited'], 'stepping out of main runs to the end');
    });

    it('stepIn by instruction; stepOut by instruction', async () => {
      const s = await fromEntry(steps);
      const i = { granularity: 'instruction' };
      assert.deepStrictEqual(await walk(s, [...times(3, 'stepIn', i), ['stepOut', i], ...times(6, 'stepIn', i)]), [
        'main:6:3', 'main:7:3', 'twice:16:3 | main:7:3', 'main:8:3', 'main:8:20', 'main:8:20', 'main:9:3', 'main:9:15', 'twice:16:3 | main:9:15', 'twice:17:3 | main:9:15',
      ]);
    });

    it('step-in targets list every call on the line; stepIn with a targetId stops in that callee, or where next would', async () => {
      const line = lineOf(steps, 'if r0 > 0');
      const s = await fromEntry(steps);
      await s.ok('setBreakpoints', { source: { path: steps }, breakpoints: [{ line }] });
      await s.ok('continue', { threadId: 1 });
      await s.waitForStop();
      await s.ok('setBreakpoints', { source: { path: steps }, breakpoints: [] });
      const frame = await s.topFrame();
      const targets = (await s.ok<DebugProtocol.StepInTargetsResponse>('stepInTargets', { frameId: frame.id })).body.targets;
      assert.deepStrictEqual(targets.map((t) => [t.label, t.line, t.column]), [['twice', line, columnOf(steps, line, 'call twice')], ['pair', line, columnOf(steps, line, 'call pair')]]);
      // 'pair' is in the arm not taken: the line ends without calling it.
      assert.deepStrictEqual(await walk(s, [['stepIn', { targetId: targets[1].id }]]), [`main:${line}:15`]);
      assert.deepStrictEqual(await walk(s, [['stepIn', { targetId: targets[0].id }]]), [`twice:16:3 | main:${line}:15`]);
      assert.match(await s.error('stepIn', { threadId: 1, targetId: 99999 }), /step-in target 99999 does not exist/);

      // calls_loops.bir: the call in the loop body
      const c = await fromEntry(CALLS_LOOPS);
      await c.ok('setBreakpoints', { source: { path: CALLS_LOOPS }, breakpoints: [{ line: 37 }] });
      await c.ok('continue', { threadId: 1 });
      await c.waitForStop();
      const t = (await c.ok<DebugProtocol.StepInTargetsResponse>('stepInTargets', { frameId: (await c.topFrame()).id })).body.targets;
      assert.deepStrictEqual(t.map((x) => [x.label, x.line, x.column]), [['full_tile', 37, 9]]);
      assert.deepStrictEqual(await walk(c, [['stepIn', { targetId: t[0].id }]]), ['full_tile:53:3 | main:37:9']);
    });

    it('calls_loops.bir: the exact lines of next/stepIn/stepOut by line and by instruction, then the run to its end with output and outDir', async () => {
      const out = tempProgramDir({});
      const s = await fromEntry(CALLS_LOOPS, { outDir: out });
      assert.strictEqual(await where(s), 'main:32:3');
      const i = { granularity: 'instruction' };
      assert.deepStrictEqual(await walk(s, [
        ...times(5, 'next'), ['stepIn'], ['next'], ['next'], ['stepIn'], ['stepOut'], ['stepOut'], ['next'], ['next'], ['next'],
        ['stepIn', i], ['next', i], ['stepIn', i], ['stepOut', i], ['stepOut'],
      ]), [
        'main:33:3', 'main:34:5', 'main:35:5', 'main:36:7', 'main:37:9',
        'full_tile:53:3 | main:37:9', 'full_tile:54:3 | main:37:9', 'full_tile:55:5 | main:37:9',
        'epilogue:71:3 | full_tile:55:5 | main:37:9',
        'full_tile:55:5 | main:37:9', // the next iteration of the r2 loop
        'main:36:7', // the next iteration of the r1 loop
        'main:37:9', 'main:36:7', 'main:39:9', // r1 = 2: the else arm
        'edge_tile:64:3 | main:39:9', 'edge_tile:65:3 | main:39:9', 'epilogue:71:3 | edge_tile:65:3 | main:39:9', 'edge_tile:66:3 | main:39:9',
        'main:34:5', // r0 = 1
      ]);
      assert.strictEqual((await s.evaluate('r0', 'watch')).result, '1');
      await s.ok('continue', { threadId: 1 });
      assert.strictEqual(await s.waitForEnd(), 0);
      // Print output: stdout events, before exited.
      const exited = s.events('exited')[0];
      const prints = s.events<DebugProtocol.OutputEvent>('output').filter((e) => e.body.category === 'stdout');
      assert.deepStrictEqual(prints.map((e) => e.body.output.replace(/ =.*\n$/s, '')), ['y[0, 0:4]', 'y[255, 316:320]']);
      assert.ok(prints.every((e) => s.indexOf(e) < s.indexOf(exited)), 'output precedes exited');
      // outDir: the output tensor y.
      const y = readNpyFile(path.join(out, 'y.npy'));
      assert.deepStrictEqual([...y.shape], [256, 320]);
      assert.strictEqual(y.dtype, 'f32');
      assert.ok([...(y.data as Float32Array)].every((v) => v >= 0), 'relu output');
      assert.deepStrictEqual(fs.readdirSync(out), ['y.npy']);
      assert.match(s.output('console'), /wrote .*y\.npy/);
    });
  });
});
