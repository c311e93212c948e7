/**
 * Fuzzing the stdio adapter with random and malformed requests in every state of a session: before initialize,
 * after initialize, after launch, while a long program runs, while stopped, after the end. Every request must be
 * answered (its request_seq, success or an error with a message and body.error), every message must validate
 * against the DAP schema (the helper checks each one), and the adapter must live on and answer `threads`.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import fc from 'fast-check';
import { DebugProtocol } from '@vscode/debugprotocol';
import { DapSession, SCHEMA_FILE, lineOf, tempProgramDir, useDapSessions } from '../helpers/dap-client';
import { ENDLESS, LOOPS } from '../helpers/dap-programs';
import { main as cli } from '../../engine/cli/bir-sim';

/** Faults in a call inside a loop: the dump the fuzz opens. */
const CRASH = `module crash

func main() {
  sbuf acc : f32[4, 8]
  Memset acc <- 1
  for r0 in 0..4 {
    Set r1 = r0 * 10
    call check(acc[r0:r0+1, 0:8], r1)
  }
}

func check(row: sbuf f32[1, 8], r4) {
  Memset row <- r4
  Assert r4 < 20, "r4 grew too large"
}
`;

/** Every request command of the DAP schema. */
function schemaCommands(): string[] {
  const schema = JSON.parse(fs.readFileSync(SCHEMA_FILE, 'utf8')) as { definitions: Record<string, { allOf?: { properties?: { command?: { enum?: string[] } } }[] }> };
  const out: string[] = [];
  for (const [name, def] of Object.entries(schema.definitions)) {
    const command = name.endsWith('Request') ? def.allOf?.[1]?.properties?.command?.enum?.[0] : undefined;
    if (command) out.push(command);
  }
  return out;
}

const KNOWN = [...schemaCommands(), 'bir/setFrames', 'bir/setNodeBreakpoints', 'bir/tensor', 'bir/tensorDivergence', 'bir/memoryMap', 'bir/graph', 'bir/goto', 'bir/stepBackInto', 'bir/stepBackOut'];
/** Requests that end the session or restart it: sent by other tests, never at random. */
const NEVER = new Set(['disconnect', 'terminate', 'restart']);
/** Requests that resume or stop the program: sent only with a thread that does not exist while stopped or running. */
const MOVES = new Set(['continue', 'next', 'stepIn', 'stepOut', 'pause', 'stepBack', 'reverseContinue', 'goto', 'restartFrame', 'bir/stepBackInto', 'bir/stepBackOut']);

const ids = fc.oneof(
  fc.integer({ min: -5, max: 40 }),
  fc.constantFrom(0, -1, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e300, 0.5, -0),
  fc.integer(),
  fc.double({ noNaN: true }),
);
const junk = fc.oneof(ids, fc.string({ maxLength: 12 }), fc.boolean(), fc.constant(null), fc.array(fc.oneof(ids, fc.string({ maxLength: 4 })), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 4 }), fc.oneof(ids, fc.string({ maxLength: 4 })), { maxKeys: 2 }));
const expression = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('r0', 'r1 + r2 *', 'acc[0:4, r0]', 'acc[', 'sum(acc)', ':help', ':dump', ':dump acc', ':nope', ')(', '', '{}', 'r99', 'core', 'ncores', '1e400', 'acc[-1]', 'allclose(acc)'));
const breakpoint = fc.record({ line: fc.oneof(ids, junk), condition: fc.oneof(expression, junk), hitCondition: fc.oneof(fc.constantFrom('>= 2', '% 0', '== x', '3'), junk), logMessage: fc.oneof(fc.constantFrom('{r0}', '{', '}}{{', '{acc['), junk), column: ids }, { requiredKeys: [] });

/** Arguments of every shape: typical keys with values of every type, anything at all, or nothing. */
const junkArguments = fc.record({
  threadId: fc.oneof(ids, junk), frameId: fc.oneof(ids, junk), variablesReference: fc.oneof(ids, junk), start: fc.oneof(ids, junk), count: fc.oneof(ids, junk),
  startFrame: fc.oneof(ids, junk), levels: fc.oneof(ids, junk), targetId: fc.oneof(ids, junk), expression: fc.oneof(expression, junk),
  context: fc.oneof(fc.constantFrom('watch', 'repl', 'hover', 'clipboard', 'variables', 'nope'), junk), granularity: fc.oneof(fc.constantFrom('line', 'statement', 'instruction', 'word'), junk),
  filter: fc.oneof(fc.constantFrom('indexed', 'named', 'all'), junk), filters: fc.oneof(fc.array(fc.constantFrom('assert', 'fault', 'uninitialized', 'nan', 'race', 'segfault')), junk),
  breakpoints: fc.oneof(fc.array(breakpoint, { maxLength: 3 }), fc.array(fc.record({ name: fc.oneof(fc.constantFrom('main', 'fill', 'loops::fill', 'nope', ''), junk), condition: expression }, { requiredKeys: [] }), { maxLength: 2 }), junk),
  source: fc.oneof(fc.record({ path: fc.oneof(fc.string({ maxLength: 10 }), junk), name: junk }, { requiredKeys: [] }), junk), lines: fc.oneof(fc.array(ids, { maxLength: 3 }), junk),
  frames: fc.oneof(fc.constantFrom('functions', 'subgraphs', 'both'), junk), nodes: fc.oneof(fc.array(fc.string({ maxLength: 12 }), { maxLength: 2 }), junk),
  // Endless devices as files to read (test/dap/hostile-files.test.ts fuzzes FIFOs, links, bombs and deep dumps).
  program: fc.oneof(fc.constantFrom('', '.', 'missing.bir', '/', 'examples', '/dev/zero', '/dev/urandom'), junk), cores: junk, adapterID: junk, pathFormat: junk, linesStartAt1: junk,
  // Memory, setting values, completions, data and instruction breakpoints, disassembly.
  memoryReference: fc.oneof(fc.constantFrom('0x1000', '0x10000000000', '0x10080000000', 'nope', '', '0x'), junk), offset: fc.oneof(ids, junk),
  data: fc.oneof(fc.constantFrom('AAAA', '', '!!', 'AAAAAAAAAAAAAAAA'), junk), allowPartial: junk, value: fc.oneof(expression, junk),
  name: fc.oneof(fc.constantFrom('r0', 'acc', '[0]', 'Memory', ''), junk), dataId: fc.oneof(fc.string({ maxLength: 12 }), junk),
  accessType: fc.oneof(fc.constantFrom('read', 'write', 'readWrite', 'x'), junk), instructionReference: fc.oneof(fc.constantFrom('0', '1', 'x', '-1'), junk),
  instructionOffset: fc.oneof(ids, junk), instructionCount: fc.oneof(ids, junk), text: fc.oneof(expression, junk), column: fc.oneof(ids, junk), instructions: fc.oneof(ids, junk),
  sourceReference: fc.oneof(ids, junk), dump: fc.oneof(fc.constantFrom('', '.', 'missing.birdump', '/', '/dev/zero', '/dev/urandom'), junk),
  inputs: fc.oneof(fc.record({ x: fc.constantFrom('/dev/zero', '/dev/urandom', 'missing.npy') }), junk),
  compare: fc.oneof(fc.record({ file: fc.constantFrom('/dev/zero', '/dev/urandom', 'zero.npy') }, { requiredKeys: [] }), junk),
}, { requiredKeys: [] });

/** Arguments a client could send, mostly well-typed, so that the fuzz reaches the handlers' work (stacks, variables, evaluation). */
const plausibleArguments = fc.record({
  threadId: fc.oneof({ weight: 4, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: ids }),
  frameId: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 4 }) }, { weight: 1, arbitrary: ids }),
  variablesReference: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 0, max: 12 }) }, { weight: 1, arbitrary: ids }),
  start: fc.integer({ min: 0, max: 200 }), count: fc.integer({ min: 0, max: 200 }), startFrame: fc.integer({ min: 0, max: 5 }), levels: fc.integer({ min: 0, max: 5 }),
  filter: fc.constantFrom('indexed', 'named'), targetId: fc.integer({ min: 0, max: 30 }),
  expression: fc.constantFrom('r0', 'r1 - r0', 'r2 * 2', 'core + ncores', 'r0 > 5 && r1 >= 0', 'r15', ':help', 'max(r0, r1)', 'abs(-r0)', 'sqrt(r2)', 'r0 / 0', 'r0 % 0', 'nosuch', 'r0[0]', '2 ** 10'),
  context: fc.constantFrom('watch', 'repl', 'hover', 'clipboard'), frames: fc.constantFrom('functions', 'subgraphs'),
  filters: fc.array(fc.constantFrom('assert', 'fault', 'uninitialized', 'nan', 'race')), nodes: fc.array(fc.constantFrom('endless::main@5:3', 'endless::main@5:23', 'x'), { maxLength: 2 }),
  breakpoints: fc.oneof(
    fc.array(fc.record({ name: fc.constantFrom('main', 'endless::main', 'nope', 'tile') }), { maxLength: 2 }),
    fc.array(fc.record({ dataId: fc.constantFrom('acc', 'r0', 'acc[0, 0:4]', 'nope'), accessType: fc.constantFrom('read', 'write', 'readWrite'), condition: fc.constantFrom('new > 0', 'old', '(') }, { requiredKeys: ['dataId'] }), { maxLength: 2 }),
    fc.array(fc.record({ instructionReference: fc.constantFrom('0', '1', '2', '9'), offset: fc.integer({ min: -2, max: 2 }) }, { requiredKeys: ['instructionReference'] }), { maxLength: 2 }),
  ),
  memoryReference: fc.constantFrom('0x1000', '0x10000000000', '0x10000100000'), offset: fc.integer({ min: -16, max: 64 }),
  data: fc.constantFrom('AAAAAA==', 'AACAPw==', ''), value: fc.constantFrom('1.5', 'r0 + 1', '0', 'nope', '1e40', 'acc'),
  name: fc.constantFrom('r0', 'r1', 'r2', '[0]', 'acc'), instructionReference: fc.constantFrom('0', '1', '2'), instructionOffset: fc.integer({ min: -3, max: 3 }),
  instructionCount: fc.integer({ min: 0, max: 20 }), text: fc.constantFrom('r', 'ac', ':h', 'acc[', ''), column: fc.integer({ min: 0, max: 8 }),
  accessType: fc.constantFrom('read', 'write', 'readWrite'),
}, { requiredKeys: ['threadId', 'variablesReference', 'expression'] });

const argumentsArb = fc.oneof(
  { weight: 4, arbitrary: junkArguments },
  { weight: 4, arbitrary: plausibleArguments },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

/** The requests the adapter serves. */
const SERVED = ['initialize', 'launch', 'attach', 'setBreakpoints', 'setFunctionBreakpoints', 'setExceptionBreakpoints', 'configurationDone', 'threads', 'stackTrace',
  'scopes', 'variables', 'evaluate', 'continue', 'next', 'stepIn', 'stepOut', 'stepInTargets', 'pause', 'exceptionInfo', 'bir/setFrames', 'bir/setNodeBreakpoints',
  'setVariable', 'setExpression', 'readMemory', 'writeMemory', 'completions', 'dataBreakpointInfo', 'setDataBreakpoints', 'disassemble', 'setInstructionBreakpoints',
  'stepBack', 'reverseContinue', 'restartFrame', 'bir/tensor', 'bir/memoryMap', 'source'];

const commandArb = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('stackTrace', 'scopes', 'variables', 'evaluate', 'stepInTargets', 'exceptionInfo') },
  { weight: 6, arbitrary: fc.constantFrom(...SERVED) },
  { weight: 3, arbitrary: fc.constantFrom(...KNOWN) },
  { weight: 1, arbitrary: fc.string({ maxLength: 16 }) },
  { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'bir/', 'bir/stopped', 'BIR/SETFRAMES', 'Next', ' next') },
);

interface Fuzzed {
  readonly command: string;
  readonly args: unknown;
  /** Sent as written, whatever the type of `arguments`. */
  readonly raw: boolean;
}

const requestArb = fc.record({ command: commandArb, args: argumentsArb, raw: fc.boolean() }).map((r): Fuzzed => r);

/** A request of the fuzz that keeps the session in its state. */
function keep(state: string, r: Fuzzed): Fuzzed | undefined {
  if (NEVER.has(r.command)) return undefined;
  if (state === 'new' && r.command === 'initialize') return undefined;
  if (state === 'launched' && r.command === 'configurationDone') return undefined;
  if (state === 'running' && ['bir/setNodeBreakpoints', 'setBreakpoints', 'setDataBreakpoints', 'setInstructionBreakpoints'].includes(r.command)) {
    // Breakpoints that bind would stop the run: only ones that bind nothing while it runs.
    return { ...r, args: { nodes: ['endless::main@99:1'], source: { path: 'elsewhere.bir' }, breakpoints: [{ line: 1 }] }, raw: false };
  }
  // bir/goto moves in time whatever its thread: it is sent by the time-travel tests, not at random.
  if (r.command === 'bir/goto') return undefined;
  // A dump cannot run: every move is sent as it is, and refused.
  if ((state === 'stopped' || state === 'running') && MOVES.has(r.command)) {
    // Resuming, pausing and moving in time are fuzzed with a thread (or, for restartFrame, a frame) that does not
    // exist: their other arguments stay random.
    const args = typeof r.args === 'object' && r.args !== null && !Array.isArray(r.args) ? r.args : {};
    return { ...r, args: { ...args, threadId: 7, frameId: 999_999 }, raw: false };
  }
  return r;
}

async function send(s: DapSession, r: Fuzzed): Promise<DebugProtocol.Response> {
  return r.raw ? s.rawRequest({ command: r.command, arguments: r.args }) : s.request(r.command, r.args);
}

/** DAP_FUZZ_SEED=n runs the fuzz with other seeds (and DAP_FUZZ_RUNS=k times as many requests). */
const SEED_OFFSET = Number(process.env.DAP_FUZZ_SEED ?? 0);
const RUNS_FACTOR = Number(process.env.DAP_FUZZ_RUNS ?? 1);

/** Sends batches of random requests (each batch at once) and checks every answer. */
async function fuzz(s: DapSession, state: string, runs: number, seed: number): Promise<number> {
  let sent = 0;
  await fc.assert(fc.asyncProperty(fc.array(requestArb, { minLength: 1, maxLength: 4 }), async (batch) => {
    const requests = batch.map((r) => keep(state, r)).filter((r): r is Fuzzed => r !== undefined);
    const responses = await Promise.all(requests.map((r) => send(s, r)));
    sent += responses.length;
    responses.forEach((response, i) => {
      const what = `${state}: ${JSON.stringify(requests[i]).slice(0, 300)}`;
      assert.strictEqual(response.type, 'response', what);
      if (!response.success) {
        assert.ok(typeof response.message === 'string' && response.message.trim().length > 0, `${what}: an error without a message`);
        assert.ok((response.body as { error?: { format?: string } } | undefined)?.error?.format, `${what}: an error without body.error`);
      }
    });
    assert.ok(s.alive, `${state}: the adapter died${s.context()}`);
    assert.deepStrictEqual(s.failures, [], `${state}: protocol failures`);
  }), { numRuns: runs * RUNS_FACTOR, seed: seed + SEED_OFFSET, endOnFailure: true });
  return sent;
}

describe('DAP: fuzz', function () {
  this.timeout(90000);
  useDapSessions();

  let endless: string;
  let loops: string;

  before(() => {
    const dir = tempProgramDir({ 'endless.bir': ENDLESS, 'loops.bir': LOOPS });
    endless = path.join(dir, 'endless.bir');
    loops = path.join(dir, 'loops.bir');
  });

  /** After the fuzz: alive, and answers threads. */
  async function stillServes(s: DapSession, threads: number): Promise<void> {
    assert.ok(s.alive, 'the adapter lives');
    const r = await s.ok<DebugProtocol.ThreadsResponse>('threads');
    assert.strictEqual(r.body.threads.length, threads);
  }

  it('before initialize and after initialize', async () => {
    const s = await DapSession.start({ initialize: false });
    await fuzz(s, 'new', 40, 101);
    await stillServes(s, 0);
    await s.ok('initialize', { adapterID: 'bir' });
    await fuzz(s, 'initialized', 40, 102);
    await stillServes(s, 0);
    // The session still works: launch and run to the end.
    await s.launch({ program: loops });
    assert.strictEqual(await s.waitForEnd(), 0);
  });

  it('after launch, before configurationDone', async () => {
    const s = await DapSession.start();
    await s.ok('launch', { program: loops });
    await s.waitFor('initialized');
    await fuzz(s, 'launched', 50, 103);
    await stillServes(s, 1);
  });

  it('while a long program runs, while it is stopped, and after it ended', async () => {
    const s = await DapSession.start();
    const loop = lineOf(endless, 'for r0');
    await s.launch({ program: endless }, async (x) => {
      await x.setBreakpoints(endless, [{ line: loop }]);
    });
    await s.waitForStop();
    await s.setBreakpoints(endless, []);
    await s.ok('continue', { threadId: 1 });
    await fuzz(s, 'running', 50, 104);
    await stillServes(s, 1);

    await s.ok('pause', { threadId: 1 });
    await s.waitForStop();
    s.skip('stopped');
    s.skip('bir/stopped');
    const stops = s.events('stopped').length;
    // Frames and references to find (a client asks for them first).
    const frame = await s.topFrame();
    for (const scope of await s.scopes(frame.id)) await s.variables(scope.variablesReference);
    await fuzz(s, 'stopped', 80, 105);
    await stillServes(s, 1);
    // Still stopped at the same place (breakpoints set at random may only add stops after a resume).
    assert.strictEqual((await s.topFrame()).line, loop);
    assert.strictEqual(s.events('stopped').length, stops, 'no request of the fuzz resumed the program');

    await s.ok('terminate');
    await s.waitFor('terminated');
    await fuzz(s, 'ended', 40, 106);
    await stillServes(s, 1);
  });

  it('a post-mortem dump: every request, moves included, and it stays stopped at its fault', async () => {
    const dir = tempProgramDir({ 'crash.bir': CRASH });
    const file = path.join(dir, 'crash.birdump');
    assert.strictEqual(cli(['run', path.join(dir, 'crash.bir'), '--quiet', '--dump', file], { out: () => undefined, err: () => undefined }), 1);
    fs.rmSync(path.join(dir, 'crash.bir'));
    const s = await DapSession.start();
    await s.launch({ dump: file });
    await s.waitForStop();
    s.skip('stopped');
    s.skip('bir/stopped');
    const frame = await s.topFrame();
    for (const scope of await s.scopes(frame.id)) await s.variables(scope.variablesReference);
    await fuzz(s, 'dump', 80, 108);
    await stillServes(s, 1);
    assert.strictEqual(s.events('stopped').length, 1, 'nothing moved the dump');
    assert.strictEqual((await s.topFrame()).line, frame.line);
  });

  it('anything at all, in any order, with several requests in flight', async () => {
    const s = await DapSession.start({ initialize: false });
    // Any command but the ones that end the session; a launch may succeed if it names the program.
    const anyRequest = fc.record({ command: fc.oneof(commandArb, fc.constantFrom('initialize', 'launch', 'configurationDone', 'continue', 'pause', 'next')), args: fc.oneof(argumentsArb, fc.constant({ program: loops }), fc.constant({ threadId: 1 })), raw: fc.boolean() });
    let answered = 0;
    await fc.assert(fc.asyncProperty(fc.array(anyRequest, { minLength: 1, maxLength: 6 }), async (batch) => {
      const requests = batch.filter((r) => !NEVER.has(r.command));
      const responses = await Promise.all(requests.map((r) => send(s, r)));
      answered += responses.length;
      assert.ok(responses.every((r) => r.success || (r.message ?? '').trim() !== ''));
      assert.ok(s.alive);
    }), { numRuns: 60 * RUNS_FACTOR, seed: 107 + SEED_OFFSET, endOnFailure: true });
    assert.ok(answered > 0);
    assert.ok(s.alive);
    await s.ok('threads');
  });
});
