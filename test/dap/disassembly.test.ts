/**
 * The Disassembly view and instruction breakpoints through the stdio adapter: every stack frame's
 * instructionPointerReference, `disassemble` around it (the program after passes, invalid lines outside it), stepping by
 * instruction, instruction breakpoints (the same set as the graph view's node breakpoints; line breakpoints with a
 * column bind one node), and refusals of bad arguments and of requests in states that cannot serve them.
 */
import * as assert from 'assert';
import * as path from 'path';
import { DebugProtocol } from '@vscode/debugprotocol';
import { DapSession, lineOf, tempProgramDir, useDapSessions } from '../helpers/dap-client';
import { LOOPS } from '../helpers/dap-programs';

type Instruction = DebugProtocol.DisassembledInstruction;

describe('DAP: disassembly and instruction breakpoints', function () {
  this.timeout(60000);
  useDapSessions();

  let loops: string;
  let body: number;
  let oneLine: number;

  before(() => {
    loops = path.join(tempProgramDir({ 'loops.bir': LOOPS }), 'loops.bir');
    body = lineOf(loops, 'Set r1 = r0 * 10');
    oneLine = lineOf(loops, 'for r2 in 0..3');
  });

  async function disassemble(s: DapSession, memoryReference: string, instructionOffset: number, instructionCount: number): Promise<Instruction[]> {
    const r = await s.ok<DebugProtocol.DisassembleResponse>('disassemble', { memoryReference, instructionOffset, instructionCount });
    return r.body!.instructions;
  }

  /** Stopped at the first run of the loop body's line; returns the session and the top frame. */
  async function stoppedInBody(args: Record<string, unknown> = {}): Promise<{ s: DapSession; frame: DebugProtocol.StackFrame }> {
    const s = await DapSession.start();
    await s.launch({ program: loops, ...args }, async (x) => {
      await x.setBreakpoints(loops, [{ line: body }]);
    });
    await s.waitForStop();
    return { s, frame: await s.topFrame() };
  }

  it('offers the Disassembly view and instruction breakpoints', async () => {
    const s = await DapSession.start();
    assert.strictEqual(s.capabilities?.supportsDisassembleRequest, true);
    assert.strictEqual(s.capabilities?.supportsInstructionBreakpoints, true);
  });

  it('every frame has an instruction pointer; disassemble shows the instruction there with its engine, operands and source', async () => {
    const { s, frame } = await stoppedInBody();
    const { stackFrames } = await s.stackTrace();
    assert.ok(stackFrames.every((f) => /^0x[0-9a-f]+$/.test(f.instructionPointerReference ?? '')), 'every frame has an address');
    const ip = frame.instructionPointerReference!;
    const around = await disassemble(s, ip, -2, 5);
    assert.strictEqual(around.length, 5, 'exactly the count asked for');
    const here = around[2];
    assert.strictEqual(here.address, ip);
    assert.match(here.instruction, /^SP\s+Set r1 = r0 \* 10$/);
    assert.strictEqual(here.line, body);
    assert.strictEqual(here.column, 5);
    assert.strictEqual(here.location?.path, loops);
    assert.strictEqual(here.symbol, 'loops::main');
    // Addresses increase one per instruction; the one before is the loop's header.
    assert.deepStrictEqual(around.map((i) => BigInt(i.address) - BigInt(ip)), [-2n, -1n, 0n, 1n, 2n]);
    assert.match(around[1].instruction, /^SP\s+for r0 in 0\.\.4$/);
    assert.match(around[0].instruction, /^POOL\s+Memset acc <- 0$/);
    assert.strictEqual(around[3].instruction.replace(/\s+/g, ' '), 'SP call loops::fill(acc[r0:r0+1, 0:8], r1)');
  });

  it('addresses outside the program are invalid lines, as many as asked for', async () => {
    const { s, frame } = await stoppedInBody();
    const before = await disassemble(s, frame.instructionPointerReference!, -10, 12);
    assert.strictEqual(before.length, 12);
    const invalid = before.filter((i) => i.presentationHint === 'invalid');
    assert.ok(invalid.length >= 1, 'lines before the first instruction');
    assert.ok(invalid.every((i) => i.instruction === '' && i.line === undefined), JSON.stringify(invalid));
    assert.strictEqual(before.findIndex((i) => i.presentationHint !== 'invalid'), invalid.length, 'invalid lines come first');
    const all = await disassemble(s, before[invalid.length].address, 0, 1000);
    const valid = all.filter((i) => i.presentationHint !== 'invalid');
    assert.ok(valid.length > 5 && valid.length < 1000, `${valid.length} instructions`);
    assert.ok(valid.some((i) => i.symbol === 'loops::fill' && /Memset dst <- r4/.test(i.instruction)), 'other functions follow');
    assert.ok(all.slice(valid.length).every((i) => i.presentationHint === 'invalid'), 'and after the last instruction, invalid lines');
  });

  it('stepping by instruction moves the instruction pointer from one instruction to the next', async () => {
    const { s, frame } = await stoppedInBody();
    const { frame: next } = await s.resumeToStop('next', { granularity: 'instruction' });
    assert.strictEqual(BigInt(next.instructionPointerReference!) - BigInt(frame.instructionPointerReference!), 1n);
    const [at] = await disassemble(s, next.instructionPointerReference!, 0, 1);
    assert.match(at.instruction, /call loops::fill/);
    assert.strictEqual(at.line, next.line);
  });

  it('an instruction breakpoint stops before every run of its instruction, with its condition; it names its address', async () => {
    const { s, frame } = await stoppedInBody();
    await s.setBreakpoints(loops, []);
    const ip = frame.instructionPointerReference!;
    const r = await s.ok<DebugProtocol.SetInstructionBreakpointsResponse>('setInstructionBreakpoints', { breakpoints: [{ instructionReference: ip, offset: 1, condition: 'r0 >= 2' }] });
    const [bp] = r.body.breakpoints;
    assert.ok(bp.verified);
    assert.strictEqual(bp.instructionReference, `0x${(BigInt(ip) + 1n).toString(16)}`);
    assert.strictEqual(bp.line, body + 1);
    const seen: string[] = [];
    await s.ok('continue', { threadId: 1 });
    for (;;) {
      const ev = await s.waitForStopOrExit();
      if ('exitCode' in ev) break;
      assert.deepStrictEqual(ev.stopped.body.hitBreakpointIds, [bp.id]);
      const top = await s.topFrame();
      assert.strictEqual(top.instructionPointerReference, bp.instructionReference);
      seen.push((await s.evaluate('r0', 'watch')).result);
      assert.ok(seen.length <= 4, 'stops at most once per iteration');
      await s.ok('continue', { threadId: 1 });
    }
    assert.deepStrictEqual(seen, ['2', '3']);
  });

  it('node breakpoints, instruction breakpoints and column breakpoints are one set, which bir/nodeBreakpoints lists', async () => {
    const { s, frame } = await stoppedInBody();
    const byNode = await s.ok('bir/setNodeBreakpoints', { nodes: [`loops::main@${body}:5`] });
    const nodeBp = (byNode.body as { breakpoints: DebugProtocol.Breakpoint[] }).breakpoints[0];
    assert.strictEqual(nodeBp.instructionReference, frame.instructionPointerReference, 'a node breakpoint is the instruction breakpoint of its node');
    const listed = async (): Promise<string[]> => ((await s.ok('bir/nodeBreakpoints', {})).body as { nodes: string[] }).nodes;
    assert.deepStrictEqual(await listed(), [`loops::main@${body}:5`]);
    // The Disassembly view's set replaces the graph view's: they are the same set.
    await s.ok('setInstructionBreakpoints', { breakpoints: [] });
    assert.deepStrictEqual(await listed(), []);
    // A line breakpoint with a column binds the instructions that start there: the one-line loop's body alone.
    const col = LOOPS.split('\n')[oneLine - 1].indexOf('Set r3') + 1;
    const [colBp] = await s.setBreakpoints(loops, [{ line: oneLine, column: col }]);
    assert.ok(colBp.verified);
    assert.match(colBp.message!, new RegExp(`binds 1 instruction at column ${col}`));
    assert.deepStrictEqual(await listed(), [`loops::main@${oneLine}:${col}`]);
    // It stops before every run of that node (three iterations on one line), never at the loop's header.
    const opcodes: string[] = [];
    await s.ok('continue', { threadId: 1 });
    for (;;) {
      const ev = await s.waitForStopOrExit();
      if ('exitCode' in ev) break;
      opcodes.push((ev.bir.body as { node: { opcode: string } }).node.opcode);
      assert.ok(opcodes.length <= 3);
      await s.ok('continue', { threadId: 1 });
    }
    assert.deepStrictEqual(opcodes, ['Set', 'Set', 'Set']);
  });

  it('a column where no instruction starts binds the whole line and says so', async () => {
    const s = await DapSession.start();
    let answers: DebugProtocol.Breakpoint[] = [];
    await s.launch({ program: loops }, async (x) => {
      answers = await x.setBreakpoints(loops, [{ line: oneLine, column: 2 }]);
    });
    assert.match(answers[0].message!, /binds 2 instructions \(no instruction starts at column 2: the whole line\)/);
  });

  it('with passes, the disassembly is the program that runs', async () => {
    const { s, frame } = await stoppedInBody({ passes: ['unroll'] });
    const graphs = ((await s.ok('bir/passGraphs', {})).body as { graphs: { nodeCount: number }[] }).graphs;
    const count = graphs[graphs.length - 1].nodeCount;
    assert.notStrictEqual(count, graphs[0].nodeCount, 'unroll changed the program');
    const from = await disassemble(s, frame.instructionPointerReference!, -5000, 10000);
    assert.strictEqual(from.filter((i) => i.presentationHint !== 'invalid').length, count);
  });

  it('refuses bad arguments, naming them', async () => {
    const { s, frame } = await stoppedInBody();
    assert.match(await s.error('disassemble', { memoryReference: 'pc', instructionCount: 3 }), /'disassemble': memoryReference must be an instruction address .* found "pc"/);
    assert.match(await s.error('disassemble', { memoryReference: 7, instructionCount: 3 }), /memoryReference/);
    assert.match(await s.error('disassemble', { memoryReference: frame.instructionPointerReference }), /instructionCount/);
    assert.match(await s.error('disassemble', { memoryReference: frame.instructionPointerReference, instructionCount: -1 }), /needs instructionCount, a whole number of instructions, found -1/);
    assert.match(await s.error('disassemble', { memoryReference: frame.instructionPointerReference, instructionCount: 10_000_000 }), /at most 100,000 instructions/);
    assert.match(await s.error('setInstructionBreakpoints', { breakpoints: [{ instructionReference: 12 }] }), /instructionReference/);
    assert.match(await s.error('setInstructionBreakpoints', { breakpoints: [{ instructionReference: 'main' }] }), /breakpoints\[0\]\.instructionReference must be an instruction address/);
    assert.match(await s.error('setInstructionBreakpoints', {}), /needs breakpoints/);
    const r = await s.ok<DebugProtocol.SetInstructionBreakpointsResponse>('setInstructionBreakpoints', {
      breakpoints: [{ instructionReference: '0x10' }, { instructionReference: frame.instructionPointerReference!, hitCondition: '%' }],
    });
    assert.deepStrictEqual(r.body.breakpoints.map((b) => b.verified), [false, false]);
    assert.match(r.body.breakpoints[0].message!, /no instruction at address 0x10 \(the program's instructions are at 0x1000 to 0x[0-9a-f]+\)/);
    assert.match(r.body.breakpoints[1].message!, /hit condition/i);
  });

  it('before a launch both are refused; in a run without debugging instruction breakpoints never bind', async () => {
    const s = await DapSession.start();
    assert.match(await s.error('disassemble', { memoryReference: '0x1000', instructionCount: 1 }), /needs a launched program/);
    assert.match(await s.error('setInstructionBreakpoints', { breakpoints: [] }), /needs a launched program/);
    await s.ok('launch', { program: loops, noDebug: true });
    await s.waitFor('initialized');
    const r = await s.ok<DebugProtocol.SetInstructionBreakpointsResponse>('setInstructionBreakpoints', { breakpoints: [{ instructionReference: '0x1000' }] });
    assert.strictEqual(r.body.breakpoints[0].verified, false);
    assert.match(r.body.breakpoints[0].message!, /do not stop a run without debugging/);
    const [first] = await disassemble(s, '0x1000', 0, 1);
    assert.match(first.instruction, /Memset acc <- 0/, 'the disassembly is there without debugging');
    await s.ok('configurationDone');
    assert.strictEqual(await s.waitForEnd(), 0);
  });
});
