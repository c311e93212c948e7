/**
 * The agent tools through the MCP server, with a real engine: an agent-like script finds a planted bug (a wrong scale
 * in a layernorm) using only the tools, every answer within its bound; bad input (an unknown tool, wrong arguments,
 * no session, a session that ended, a stale cursor) is answered with an error the model can act on and the server
 * goes on serving. The server runs in this process (the SDK's in-memory transport, engines in this thread); the last
 * test runs `bir-sim mcp` from the bundle over standard input and output.
 */
import * as assert from 'assert';
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { AgentTools } from '../../engine/agent/agent-tools';
import { MAX_ANSWER_CHARS } from '../../engine/agent/answer-size';
import { mcpToolList, serveTools } from '../../engine/agent/mcp-server';
import { InProcessEngine } from '../../engine/host/in-process-engine';
import { BUG_LINE, LayernormFixture, writeLayernorm } from '../helpers/layernorm-bug';

const REPO = path.resolve(__dirname, '..', '..');

/** An answer's JSON as a test reads it: the tools' answers are plain JSON objects of many shapes. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

interface Answer {
  readonly isError: boolean;
  readonly text: string;
  /** The JSON of a successful answer. */
  readonly json: Json;
}

/** A client of the tools, in this process; every answer is kept, to check its size. */
class AgentClient {
  readonly answers: string[] = [];
  private constructor(readonly client: Client, readonly served: Promise<void>) {}

  static async connect(root: string): Promise<AgentClient> {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const tools = new AgentTools({ createEngine: () => new InProcessEngine(), root });
    const served = serveTools(tools, serverSide, 'test');
    const client = new Client({ name: 'agent-test', version: '1' });
    await client.connect(clientSide);
    return new AgentClient(client, served);
  }

  async call(name: string, args: Record<string, unknown> = {}): Promise<Answer> {
    const result = await this.client.callTool({ name, arguments: args });
    const content = result.content as { type: string; text: string }[];
    assert.strictEqual(content.length, 1);
    const text = content[0].text;
    this.answers.push(text);
    const isError = result.isError === true;
    return { isError, text, json: isError ? {} : JSON.parse(text) };
  }

  /** A call that must succeed. */
  async ok(name: string, args: Record<string, unknown> = {}): Promise<Json> {
    const a = await this.call(name, args);
    assert.ok(!a.isError, `${name} failed: ${a.text}`);
    return a.json;
  }

  /** A call that must fail, with a message that matches. */
  async refused(name: string, args: Record<string, unknown>, message: RegExp): Promise<void> {
    const a = await this.call(name, args);
    assert.ok(a.isError, `${name} should have been refused, answered ${a.text.slice(0, 200)}`);
    assert.match(a.text, message);
  }

  async close(): Promise<void> {
    await this.client.close();
    await this.served;
  }
}

/**
 * What an agent does with the tools to find why a layernorm's output is wrong: run it (its Assert stops it), compare
 * the output with the reference, then ask where the first wrong element came from and follow, among the values its
 * write read, the one that is wrong too, until a write whose inputs are all right made a wrong value: that
 * instruction is the bug. Only the tools' answers decide; the script knows which references it has.
 */
async function findTheBug(agent: AgentClient, fixture: LayernormFixture): Promise<{ by: string; at: string }> {
  const stop = await agent.ok('bir_debug', { program: 'layernorm.bir', inputs: { x: 'x.npy' } });
  assert.strictEqual(stop.state, 'stopped');
  assert.strictEqual(stop.reason, 'exception');
  assert.match(stop.exception.message, /normalised rows have unit variance/);
  const tolerance = { rtol: 1e-4, atol: 1e-6 };
  const wrong = async (tensor: string): Promise<boolean> => {
    const reference = fixture.references[tensor];
    if (!reference) return false;
    const c = await agent.ok('bir_compare', { expression: tensor, reference, ...tolerance });
    return c.verdict === 'differs';
  };
  const output = await agent.ok('bir_compare', { expression: 'ys', reference: fixture.references.ys, ...tolerance });
  assert.strictEqual(output.verdict, 'differs');
  const root: string = output.firstDivergence.element;
  const path: number[] = [];
  for (let depth = 0; depth < 10; depth++) {
    const why = await agent.ok('bir_why', { expression: root, path });
    const inputs = why.inputs as { input: number; name: string }[];
    let next: number | undefined;
    for (const input of inputs) {
      if (await wrong(input.name.split('[')[0])) {
        next = input.input;
        break;
      }
    }
    if (next === undefined) return { by: why.write.by, at: why.write.at };
    path.push(next);
  }
  throw new Error('the search did not end');
}

describe('the agent tools through the MCP server', function () {
  this.timeout(120_000);
  let fixture: LayernormFixture;
  let agent: AgentClient;
  beforeEach(async () => {
    fixture = writeLayernorm();
    agent = await AgentClient.connect(fixture.dir);
  });
  afterEach(async () => {
    await agent.close();
    for (const a of agent.answers) assert.ok(a.length <= MAX_ANSWER_CHARS, `an answer of ${a.length} characters: ${a.slice(0, 200)}`);
    fs.rmSync(fixture.dir, { recursive: true, force: true });
  });

  it('lists the tools with their schemas', async () => {
    const { tools } = await agent.client.listTools();
    assert.deepStrictEqual(tools.map((t) => t.name), mcpToolList().map((t) => t.name));
    assert.deepStrictEqual(tools.find((t) => t.name === 'bir_why')?.annotations?.readOnlyHint, true);
    assert.deepStrictEqual(tools.find((t) => t.name === 'bir_step')?.annotations?.readOnlyHint, false);
    assert.match(agent.client.getInstructions() ?? '', /bir_debug/);
  });

  it('an agent finds the planted bug (a wrong scale in the variance) with the tools alone, and names the instruction', async () => {
    const bug = await findTheBug(agent, fixture);
    assert.deepStrictEqual(bug, { by: 'TensorScalar', at: `layernorm.bir:${BUG_LINE}:3` });
    // Then it looks at the instruction: back to just before it wrote var[0, 0], then over it.
    const before = await agent.ok('bir_goto', { lastWriteOf: 'var[0, 0]' });
    assert.strictEqual(before.location.line, BUG_LINE);
    assert.match(before.location.source, /scalar = 1\/\(D-1\)/);
    assert.strictEqual(before.lastWrite.at, `layernorm.bir:${BUG_LINE}:3`);
    assert.strictEqual(before.tensors.find((t: { name: string }) => t.name === 'var').unwritten, 16);
    const after = await agent.ok('bir_step', { action: 'over' });
    assert.strictEqual(after.location.line, BUG_LINE + 1);
    // The scale it applied was 1/63: a layernorm's is 1/64.
    const value = await agent.ok('bir_evaluate', { expression: 'var[0, 0] - (ss[0, 0] / 63 + 1e-5)' });
    assert.ok(Math.abs(Number(value.value)) < 1e-6, value.value);
  });

  it('every move answers the whole stop: location, source line, instruction, stack, registers, tensors', async () => {
    const stop = await agent.ok('bir_debug', { program: 'layernorm.bir', inputs: { x: 'x.npy' }, breakpoints: [{ line: BUG_LINE }, { line: 2 }] });
    assert.strictEqual(stop.reason, 'breakpoint');
    assert.deepStrictEqual(stop.breakpointProblems, ['layernorm.bir:2: no instruction on line 2: it is empty']);
    assert.deepStrictEqual(stop.location, { file: 'layernorm.bir', line: BUG_LINE, column: 3, source: 'TensorScalar var  <- ss, op = mul, scalar = 1/(D-1), op1 = add, scalar1 = EPS' });
    assert.strictEqual(stop.instruction.opcode, 'TensorScalar');
    assert.deepStrictEqual(stop.instruction.operands.map((o: { operand: string }) => o.operand.split(' ')[0]), ['dst', 'src', 'scalar', 'scalar1']);
    assert.deepStrictEqual(stop.instruction.operands.slice(0, 2).map((o: { operand: string }) => o.operand), ['dst var', 'src ss']);
    assert.deepStrictEqual(stop.stack, [{ frame: 0, name: 'main', at: `layernorm.bir:${BUG_LINE}` }]);
    const ss = stop.tensors.find((t: { name: string }) => t.name === 'ss');
    assert.deepStrictEqual([ss.dtype, ss.shape, ss.memory], ['f32', [16, 1], 'sbuf']);
    assert.ok(ss.min > 0 && ss.max > ss.min && ss.mean > 0 && ss.nan === undefined);
    assert.deepStrictEqual(stop.tensors.map((t: { name: string }) => t.name), ['xs', 'sum', 'mean', 'xc', 'sq', 'ss', 'var', 'rstd', 'ys', 'x', 'y']);
    assert.strictEqual(stop.tensors.find((t: { name: string }) => t.name === 'x').of, 'input');
    const history = await agent.ok('bir_history', { expression: 'ss[3, 0]' });
    assert.deepStrictEqual(history.writes.map((w: { by: string; at: string; before: unknown }) => [w.by, w.at, w.before]), [['TensorReduce', `layernorm.bir:${BUG_LINE - 1}:3`, 'uninit']]);
    const back = await agent.ok('bir_step', { action: 'back', count: 2 });
    assert.deepStrictEqual([back.reason, back.location.line, back.steps], ['step', BUG_LINE - 2, 2]);
    const ended = await agent.ok('bir_continue', { breakpoints: [] });
    assert.strictEqual(ended.state, 'stopped', 'the Assert stops it');
    assert.strictEqual(ended.reason, 'exception');
    const end = await agent.ok('bir_end');
    assert.strictEqual(end.exitCode, 143);
  });

  it('bir_run runs to the end and answers the exit code and what was printed', async () => {
    const run = await agent.ok('bir_run', { program: 'layernorm.bir', inputs: { x: 'x.npy' } });
    assert.strictEqual(run.exitCode, 1);
    assert.ok(run.output.some((l: string) => /normalised rows have unit variance/.test(l)), run.output.join('\n'));
    assert.ok(run.output.some((l: string) => /^Run ended with exit code 1/.test(l)));
  });

  it('refuses bad input with errors a model can act on, and goes on serving', async () => {
    await agent.refused('bir_teleport', {}, /^unknown tool 'bir_teleport': the tools are bir_run, bir_debug, /);
    await agent.refused('bir_debug', {}, /^bir_debug: wrong arguments: 'program': .*expected string/);
    await agent.refused('bir_debug', { program: 'layernorm.bir', breakpoint: [] }, /Unrecognized key: "breakpoint"/);
    await agent.refused('bir_step', { action: 'sideways' }, /'action': Invalid option: expected one of "over"\|"into"/);
    await agent.refused('bir_snapshot', {}, /^bir_snapshot: there is no session: start one with bir_debug$/);
    await agent.refused('bir_why', { expression: 'ys[0, 0]' }, /^bir_why: no session is stopped: start one with bir_debug$/);
    await agent.refused('bir_debug', { program: 'nowhere.bir' }, /^no such file: nowhere\.bir \(paths are relative to the workspace/);
    fs.writeFileSync(path.join(fixture.dir, 'broken.bir'), 'module broken\n\nfunc main() {\n  Set r0 = nope\n}\n');
    await agent.refused('bir_debug', { program: 'broken.bir' }, /^broken\.bir cannot run: .*\n.*broken\.bir:4:12: error: .*nope/);
    // A stop, then refusals of what it cannot do.
    await agent.ok('bir_debug', { program: 'layernorm.bir', inputs: { x: 'x.npy' }, stopOnEntry: true });
    await agent.refused('bir_step', { action: 'back' }, /^bir_step: 'stepBack': there is no history before this point \(instruction 0\)/);
    await agent.refused('bir_goto', {}, /bir_goto takes instructions .* or lastWriteOf .*, one of them/);
    await agent.refused('bir_why', { expression: 'xs' }, /explains one element; 'xs' has 1024 elements \(name one, as xs\[0, 0\]\)/);
    await agent.refused('bir_evaluate', { expression: ':history xs' }, /the Debug Console's commands are tools: :history is bir_history/);
    await agent.refused('bir_evaluate', { expression: 'nope + 1' }, /^bir_evaluate: .*nope/);
    await agent.refused('bir_compare', { expression: 'xs', reference: 'ref/sum.npy' }, /^bir_compare: .*shape/);
    await agent.refused('bir_snapshot', { cursor: 'whatever' }, /is not a cursor of bir_snapshot/);
    // The run ends: the tools that need a stop say so, the snapshot says how it ended.
    const ended = await agent.ok('bir_continue', { timeoutSeconds: 60 });
    assert.strictEqual(ended.reason, 'exception');
    const done = await agent.ok('bir_continue');
    assert.deepStrictEqual([done.state, done.exitCode], ['ended', 1]);
    await agent.refused('bir_step', { action: 'over' }, /^bir_step: the session of layernorm\.bir has ended \(exit code 1\): start another with bir_debug/);
    assert.strictEqual((await agent.ok('bir_snapshot')).state, 'ended');
    await agent.ok('bir_end');
    await agent.refused('bir_end', {}, /there is no session: start one with bir_debug/);
    assert.strictEqual((await agent.client.listTools()).tools.length, mcpToolList().length, 'still serving');
  });

  it('cuts a long answer with a cursor, which the next stop makes stale', async () => {
    // Sixty tensors: more than one answer holds.
    const names = Array.from({ length: 60 }, (_, i) => `t${i}`);
    const program = `module many\n\nfunc main() {\n${names.map((n) => `  sbuf ${n} : f32[4, 4]`).join('\n')}\n${names.map((n, i) => `  Memset ${n} <- ${i}`).join('\n')}\n}\n`;
    fs.writeFileSync(path.join(fixture.dir, 'many.bir'), program);
    const first = await agent.ok('bir_debug', { program: 'many.bir', breakpoints: [{ line: 4 + names.length + 30 }] });
    assert.ok(first.tensors.length > 0 && first.tensors.length < 60, `${first.tensors.length} tensors`);
    assert.strictEqual(first.more.tensors, 60 - first.tensors.length);
    const rest = await agent.ok('bir_snapshot', { cursor: first.more.cursor });
    assert.strictEqual(rest.tensorsFrom, first.tensors.length);
    assert.strictEqual(rest.tensors[0].name, names[first.tensors.length]);
    // Stopped before Memset t30: the tensors before it hold their index, the others are unwritten.
    for (const t of [...first.tensors, ...rest.tensors] as { name: string; min: number | null; unwritten?: number }[]) {
      const i = Number(t.name.slice(1));
      assert.deepStrictEqual(i < 30 ? [t.min, t.unwritten] : [t.min, t.unwritten], i < 30 ? [i, undefined] : [null, 16], t.name);
    }
    await agent.ok('bir_step', { action: 'over' });
    await agent.refused('bir_snapshot', { cursor: first.more.cursor }, /the cursor is of an earlier stop \(the session has moved since\): call bir_snapshot again without it/);
  });

  it('pages a long history and the many inputs of a MatMult\'s value with cursors', async () => {
    const program = 'module pages\n\nfunc main() {\n  sbuf a : f32[128, 4]\n  sbuf b : f32[128, 4]\n  psum c : f32[4, 4]\n  Memset a <- 1\n  Memset b <- 2\n  MatMult c <- a, b\n  Set r1 = 0\n  for r0 in 0..30 {\n    Set r1 = r1 + 1\n  }\n  Set r2 = r1\n}\n';
    fs.writeFileSync(path.join(fixture.dir, 'pages.bir'), program);
    await agent.ok('bir_debug', { program: 'pages.bir', breakpoints: [{ line: 14 }] });
    const latest = await agent.ok('bir_history', { expression: 'r1', limit: 10 });
    assert.deepStrictEqual(latest.writes.map((w: { after: number }) => w.after), [21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
    const earlier = await agent.ok('bir_history', { expression: 'r1', limit: 10, cursor: latest.more.cursor });
    assert.deepStrictEqual(earlier.writes.map((w: { after: number }) => w.after), [11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    const why = await agent.ok('bir_why', { expression: 'c[0, 0]' });
    assert.deepStrictEqual([why.value, why.write.by], [256, 'MatMult']);
    assert.ok(why.more.inputs > 0, 'a column of each operand does not fit one answer');
    const rest = await agent.ok('bir_why', { expression: 'c[0, 0]', cursor: why.more.cursor });
    assert.strictEqual(rest.inputs[0].input, why.inputs.length);
    const all = [...why.inputs, ...rest.inputs];
    assert.deepStrictEqual(all.map((x: { input: number }) => x.input), all.map((_: unknown, i: number) => i));
  });

  it('pauses a program that runs past its time limit, and says so', async () => {
    fs.writeFileSync(path.join(fixture.dir, 'endless.bir'), 'module endless\n\nfunc main() {\n  for r0 in 0..1000000000 {\n    Set r1 = r0\n  }\n}\n');
    const paused = await agent.ok('bir_debug', { program: 'endless.bir', timeoutSeconds: 1 });
    assert.strictEqual(paused.reason, 'pause');
    assert.match(paused.note, /^still running after 1 s: paused here/);
    assert.ok(paused.registers.r0 > 0);
    const run = await agent.ok('bir_run', { program: 'endless.bir', timeoutSeconds: 1 });
    assert.strictEqual(run.exitCode, 143);
    assert.match(run.note, /^still running after 1 s: ended there/);
  });
});

describe('bir-sim mcp (the bundle, on standard input and output)', function () {
  this.timeout(120_000);

  it('serves the tools to an MCP client and ends when its input closes', async () => {
    const fixture = writeLayernorm();
    try {
      const client = new Client({ name: 'agent-test', version: '1' });
      const transport = new StdioClientTransport({ command: process.execPath, args: [path.join(REPO, 'bin', 'bir-sim.js'), 'mcp'], cwd: fixture.dir, stderr: 'pipe' });
      await client.connect(transport);
      const { tools } = await client.listTools();
      assert.deepStrictEqual(tools, JSON.parse(JSON.stringify(mcpToolList())));
      const result = await client.callTool({ name: 'bir_debug', arguments: { program: 'layernorm.bir', inputs: { x: 'x.npy' } } });
      const stop = JSON.parse((result.content as { text: string }[])[0].text);
      assert.deepStrictEqual([stop.reason, stop.exception.code], ['exception', 'assert']);
      const why = await client.callTool({ name: 'bir_why', arguments: { expression: 'var[0, 0]' } });
      assert.strictEqual(JSON.parse((why.content as { text: string }[])[0].text).write.at, `layernorm.bir:${BUG_LINE}:3`);
      await client.close();
    } finally {
      fs.rmSync(fixture.dir, { recursive: true, force: true });
    }
  });

  it('ends with status 0 when its input closes', async () => {
    const child = spawn(process.execPath, [path.join(REPO, 'bin', 'bir-sim.js'), 'mcp'], { cwd: os.tmpdir(), stdio: ['pipe', 'pipe', 'pipe'] });
    const status = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.stdin.end();
    assert.strictEqual(await status, 0);
  });
});
