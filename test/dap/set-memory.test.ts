/**
 * Changing the stopped program and reading its memory through the stdio adapter, every message checked against the
 * DAP schema: setVariable and setExpression (registers, tensors, rows, elements, access patterns; rounding to the
 * dtype; the program goes on with the new values; read-only targets refused with the reason; a change in the past
 * discards the future and says so), readMemory and writeMemory in the documented address space (memory references on
 * variables and evaluate results, unreadable bytes, memory events), completions; each in every state.
 */
import * as assert from 'assert';
import * as path from 'path';
import { DebugProtocol } from '@vscode/debugprotocol';
import { DapSession, lineOf, tempProgramDir, useDapSessions } from '../helpers/dap-client';
import { ENDLESS, LOOPS } from '../helpers/dap-programs';

export const EDITS = `# edits.bir: values set while stopped
module edits

const N = 8

dram src : f32[4, N] input = random(seed=1, low=0, high=1)
dram out : f32[4, N] output

func main() {
  sbuf acc : f32[4, N]
  sbuf half : bf16[4, N]
  sbuf spare : f32[4, N]

  DmaCopy acc <- src
  Set r1 = 3
  for r2 in 0..2 { Set r3 = r2 }
  TensorCopy half <- acc
  Print "acc[0, 0:4] =", acc[0, 0:4]
  Print "half[1, 0:2] =", half[1, 0:2]
  Print "r1 =", r1
  DmaCopy out <- acc
}
`;

describe('DAP: setting values, memory, completions', function () {
  this.timeout(60000);
  useDapSessions();

  let edits: string;

  before(() => {
    const dir = tempProgramDir({ 'edits.bir': EDITS });
    edits = path.join(dir, 'edits.bir');
  });

  async function stoppedAt(text: string, more: Record<string, unknown> = {}, init: Partial<DebugProtocol.InitializeRequestArguments> = {}): Promise<DapSession> {
    const s = await DapSession.start({ initialize: { supportsMemoryEvent: true, supportsInvalidatedEvent: true, ...init } });
    await s.launch({ program: edits, ...more }, async (x) => {
      await x.setBreakpoints(edits, [{ line: lineOf(edits, text) }]);
    });
    await s.waitForStop();
    return s;
  }

  async function locals(s: DapSession): Promise<{ ref: number; vars: DebugProtocol.Variable[]; registers: number }> {
    const frame = await s.topFrame();
    const scopes = await s.scopes(frame.id);
    const ref = scopes.find((x) => x.name === 'Locals')!.variablesReference;
    return { ref, vars: await s.variables(ref), registers: scopes.find((x) => x.name === 'Registers')!.variablesReference };
  }

  /** The line of the output that matches, once it has come. */
  async function outputUntil(s: DapSession, pattern: RegExp): Promise<string> {
    const all = await s.waitForOutput(new RegExp(pattern.source, 'm'));
    return all.split('\n').find((line) => pattern.test(line))!;
  }

  it('declares the capabilities', async () => {
    const s = await DapSession.start();
    for (const c of ['supportsSetVariable', 'supportsSetExpression', 'supportsReadMemoryRequest', 'supportsWriteMemoryRequest', 'supportsCompletionsRequest'] as const) {
      assert.strictEqual(s.capabilities?.[c], true, c);
    }
  });

  it('setVariable on an element stores the value rounded to the dtype; the program goes on with it', async () => {
    const s = await stoppedAt('Print "acc[0, 0:4]');
    const { vars } = await locals(s);
    const half = vars.find((v) => v.name === 'half')!;
    const row = (await s.variables(half.variablesReference))[1];
    const r = await s.ok<DebugProtocol.SetVariableResponse>('setVariable', { variablesReference: row.variablesReference, name: '[0]', value: '1/3' });
    // bf16 keeps 8 bits of mantissa: 1/3 is stored as 0.333984375.
    assert.strictEqual(r.body.value, '0.33398438');
    assert.strictEqual((await s.evaluate('half[1, 0] == 0.333984375')).result, '1');
    const acc = vars.find((v) => v.name === 'acc')!;
    const accRow = (await s.variables(acc.variablesReference))[0];
    await s.ok('setVariable', { variablesReference: accRow.variablesReference, name: '[2]', value: '2.5 * r1' });
    await s.ok('continue', { threadId: 1 });
    assert.match(await outputUntil(s, /^acc\[0, 0:4\] =/), /acc\[0, 0:4\] = \[[^,]+, [^,]+, 7\.5, /);
    assert.match(await outputUntil(s, /^half\[1, 0:2\] =/), /= \[0\.33398438,/);
  });

  it('setVariable on registers, whole tensors and rows; Set Value in Registers', async () => {
    const s = await stoppedAt('Print "acc[0, 0:4]');
    const { ref, vars, registers } = await locals(s);
    const r = await s.ok<DebugProtocol.SetVariableResponse>('setVariable', { variablesReference: registers, name: 'r1', value: 'r1 + 39' });
    assert.strictEqual(r.body.value, '42');
    assert.strictEqual((await s.evaluate('r1')).result, '42');
    const whole = await s.ok<DebugProtocol.SetVariableResponse>('setVariable', { variablesReference: ref, name: 'spare', value: '-1' });
    assert.ok((whole.body.variablesReference ?? 0) > 0, 'a tensor answers with its children');
    assert.strictEqual((await s.evaluate('all(spare == -1)')).result, '1');
    const spare = vars.find((v) => v.name === 'spare')!;
    await s.ok('setVariable', { variablesReference: spare.variablesReference, name: '[3]', value: 'acc[0, 0:8] * 2' });
    assert.strictEqual((await s.evaluate('all(spare[3, 0:8] == acc[0, 0:8] * 2)')).result, '1');
    await s.ok('continue', { threadId: 1 });
    assert.match(await outputUntil(s, /^r1 =/), /r1 = 42/);
  });

  it('a value set in a caller\'s frame is evaluated in that frame', async () => {
    const dir = tempProgramDir({ 'loops.bir': LOOPS });
    const loops = path.join(dir, 'loops.bir');
    const s = await DapSession.start();
    await s.launch({ program: loops }, async (x) => {
      await x.setBreakpoints(loops, [{ line: lineOf(loops, 'Memset dst <- r4') }]);
    });
    await s.waitForStop();
    await s.ok('continue', { threadId: 1 });
    await s.waitForStop();
    const frames = (await s.stackTrace()).stackFrames;
    const caller = await s.scopes(frames[1].id);
    const registers = caller.find((x) => x.name === 'Registers')!.variablesReference;
    // In the caller r1 = r0 * 10 = 10; in fill, r1 was never written.
    const r = await s.ok<DebugProtocol.SetVariableResponse>('setVariable', { variablesReference: registers, name: 'r1', value: 'r1 + 1' });
    assert.strictEqual(r.body.value, '11');
    const callerLocals = caller.find((x) => x.name === 'Locals')!.variablesReference;
    await s.ok('setVariable', { variablesReference: callerLocals, name: 'acc', value: 'r1' });
    assert.strictEqual((await s.evaluate('all(acc == 11)', 'watch', frames[1].id)).result, '1');
  });

  it('setExpression on an access pattern: a number fills it, an expression of its shape is stored element by element', async () => {
    const s = await stoppedAt('Print "acc[0, 0:4]');
    const frame = await s.topFrame();
    const fill = await s.ok<DebugProtocol.SetExpressionResponse>('setExpression', { expression: 'acc[0, 0:4]', value: '1.5', frameId: frame.id });
    assert.match(fill.body.value, /1\.5/);
    assert.ok(fill.body.memoryReference, 'an access pattern has a memory reference');
    // Views of that memory are told, and the Variables view refreshes.
    const memory = await s.waitFor<DebugProtocol.MemoryEvent>('memory');
    assert.deepStrictEqual(memory.body, { memoryReference: fill.body.memoryReference, offset: 0, count: 16 });
    assert.deepStrictEqual((await s.waitFor<DebugProtocol.InvalidatedEvent>('invalidated')).body.areas, ['variables']);
    assert.strictEqual((await s.evaluate('all(acc[0, 0:4] == 1.5)')).result, '1');
    await s.ok('setExpression', { expression: 'acc[1, 0:4]', value: 'acc[0, 4:8] * 2', frameId: frame.id });
    assert.strictEqual((await s.evaluate('all(acc[1, 0:4] == acc[0, 4:8] * 2)')).result, '1');
    const reg = await s.ok<DebugProtocol.SetExpressionResponse>('setExpression', { expression: 'r1', value: '7', frameId: frame.id });
    assert.strictEqual(reg.body.value, '7');
    await s.ok('continue', { threadId: 1 });
    assert.match(await outputUntil(s, /^acc\[0, 0:4\] =/), /= \[1\.5, 1\.5, 1\.5, 1\.5\]/);
  });

  it('a written element stops being uninitialized', async () => {
    const s = await stoppedAt('Set r1 = 3');
    const frame = await s.topFrame();
    assert.match((await s.evaluate('spare[0, 0]')).result, /^\?$|uninit/);
    await s.ok('setExpression', { expression: 'spare[0, 0]', value: '4', frameId: frame.id });
    assert.strictEqual((await s.evaluate('spare[0, 0]')).result, '4');
    assert.strictEqual((await s.evaluate('r4')).result, '<uninit>');
    await s.ok('setExpression', { expression: 'r4', value: '2', frameId: frame.id });
    assert.strictEqual((await s.evaluate('r4')).result, '2');
  });

  it('refuses values that do not parse, do not fit the shape, or were never written, and changes nothing', async () => {
    const s = await stoppedAt('Print "acc[0, 0:4]');
    const frame = await s.topFrame();
    const before = (await s.evaluate('sum(acc)')).result;
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ expression: 'acc[0, 0:4]', value: '1 +' }, /column|expected|end/i],
      [{ expression: 'acc[0, 0:4]', value: 'acc[0:2, 0:4]' }, /shape \[2, 4\].*shape \[4\]/],
      [{ expression: 'acc[0, 0:4]', value: 'spare[0, 0:4]' }, /never written/],
      [{ expression: 'acc[0, 0:4]', value: '' }, /empty/],
      [{ expression: 'acc[0, 0:4]', value: 'nosuch' }, /nosuch/],
      [{ expression: 'acc[9, 0]', value: '1' }, /out of bounds|bounds|size 4/],
      [{ expression: 'acc + 1', value: '1' }, /computed.*not memory/],
      [{ expression: 'N', value: '1' }, /not memory/],
      [{ expression: 'core', value: '1' }, /not memory/],
      [{ expression: ':help', value: '1' }, /console command/],
    ];
    for (const [args, pattern] of cases) {
      assert.match(await s.error('setExpression', { ...args, frameId: frame.id }), pattern, JSON.stringify(args));
    }
    assert.strictEqual((await s.evaluate('sum(acc)')).result, before);
  });

  it('read-only targets refuse with the reason: the Node scope, a loop register inside its loop, summary rows, console rows', async () => {
    const s = await stoppedAt('for r2 in');
    await s.ok('next', { threadId: 1, granularity: 'instruction' });
    await s.waitForStop();
    const frame = await s.topFrame();
    const scopes = await s.scopes(frame.id);
    const node = scopes.find((x) => x.name === 'Node')!.variablesReference;
    const memory = scopes.find((x) => x.name === 'Memory')!.variablesReference;
    const registers = scopes.find((x) => x.name === 'Registers')!.variablesReference;
    const reasons: string[] = [
      await s.error('setVariable', { variablesReference: node, name: 'opcode', value: '1' }),
      await s.error('setVariable', { variablesReference: registers, name: 'r2', value: '1' }),
      await s.error('setExpression', { expression: 'r2', value: '1', frameId: frame.id }),
      await s.error('setVariable', { variablesReference: memory, name: 'SBUF', value: '1' }),
      await s.error('setVariable', { variablesReference: registers, name: 'core', value: '1' }),
      await s.error('setVariable', { variablesReference: registers, name: 'pc', value: '1' }),
    ];
    assert.match(reasons[0], /Node scope .* read-only/);
    assert.match(reasons[1], /r2 counts the iterations of the loop at line \d+ .*cannot be set inside its loop/);
    assert.match(reasons[2], /r2 counts the iterations/);
    assert.match(reasons[3], /summary of a memory/);
    assert.match(reasons[4], /not a register/);
    assert.match(reasons[5], /pc/);
    const history = await s.evaluate(':history acc[0, 0]');
    const rows = await s.variables(history.variablesReference);
    if (rows.length) assert.match((await s.error('setVariable', { variablesReference: history.variablesReference, name: rows[0].name, value: '1' })), /console answer/);
    assert.match(await s.error('setVariable', { variablesReference: 999999, name: 'x', value: '1' }), /does not exist/);
    const computed = await s.evaluate('acc + 1', 'watch');
    assert.strictEqual(computed.memoryReference, undefined, 'a computed value is not memory');
    assert.match(await s.error('setVariable', { variablesReference: computed.variablesReference, name: '[0]', value: '1' }), /computed value, not memory/);
  });

  it('a change in the past discards the recorded future and says so; stepping back before it and forward again makes it again', async () => {
    const s = await stoppedAt('Print "r1 ="');
    await s.ok('stepBack', { threadId: 1 });
    await s.waitForStop();
    await s.ok('stepBack', { threadId: 1 });
    await s.waitForStop();
    const frame = await s.topFrame();
    assert.strictEqual(frame.line, lineOf(edits, 'Print "acc[0, 0:4]'));
    await s.ok('setExpression', { expression: 'acc[0, 0]', value: '100', frameId: frame.id });
    assert.match(await outputUntil(s, /set in the past/), /recorded history after this point is discarded/);
    // The console's searches of the past know the value was set, not written by an instruction.
    assert.match((await s.evaluate(':why acc[0, 0]')).result, /^acc\[0, 0\] = 100 ← set while stopped at instruction \d+/);
    assert.match((await s.evaluate(':history acc[0, 0:2]')).result, /values set while stopped \(Set Value, writeMemory\) at instruction \d+, not listed/);
    assert.doesNotMatch((await s.evaluate(':history acc[1, 0]')).result, /set while stopped/);
    await s.ok('next', { threadId: 1 });
    await s.waitForStop();
    await s.ok('stepBack', { threadId: 1 });
    await s.waitForStop();
    assert.strictEqual((await s.evaluate('acc[0, 0]')).result, '100', 'the change is part of the history');
    await s.ok('stepBack', { threadId: 1 });
    await s.waitForStop();
    assert.notStrictEqual((await s.evaluate('acc[0, 0]')).result, '100', 'before the change, the old value');
    await s.ok('next', { threadId: 1 });
    await s.waitForStop();
    assert.strictEqual((await s.evaluate('acc[0, 0]')).result, '100', 'forward through the change makes it again');
    await s.ok('continue', { threadId: 1 });
    // Printed before the steps back with the old value, and again with the new one.
    await s.waitForOutput(/acc\[0, 0:4\] = \[100, /);
  });

  it('memory references: tensors, rows, elements and evaluate results carry one; readMemory reads their bytes', async () => {
    const s = await stoppedAt('Print "acc[0, 0:4]');
    const { vars } = await locals(s);
    const acc = vars.find((v) => v.name === 'acc')!;
    assert.match(acc.memoryReference ?? '', /^0x[0-9a-f]+$/);
    const rows = await s.variables(acc.variablesReference);
    const elements = await s.variables(rows[1].variablesReference);
    assert.ok(elements[3].memoryReference, 'an element has a memory reference');
    const ev = await s.evaluate('acc[1, 3]', 'watch');
    assert.strictEqual(ev.memoryReference, elements[3].memoryReference);
    // Partition 1 of an SBUF tensor is one partition span (1 MiB) after partition 0, same byte offset.
    assert.strictEqual(parseInt(rows[1].memoryReference!, 16) - parseInt(acc.memoryReference!, 16), 0x10_0000);
    const r = await s.ok<DebugProtocol.ReadMemoryResponse>('readMemory', { memoryReference: rows[1].memoryReference, offset: 12, count: 4 });
    assert.strictEqual(parseInt(r.body!.address, 16), parseInt(rows[1].memoryReference!, 16) + 12);
    const f = Buffer.from(r.body!.data!, 'base64').readFloatLE(0);
    assert.strictEqual((await s.evaluate(`acc[1, 3] == ${f}`)).result, '1');
    const dram = await s.evaluate('src', 'watch');
    const d = await s.ok<DebugProtocol.ReadMemoryResponse>('readMemory', { memoryReference: dram.memoryReference, count: 8 });
    assert.strictEqual((await s.evaluate(`src[0, 1] == ${Buffer.from(d.body!.data!, 'base64').readFloatLE(4)}`)).result, '1');
  });

  it('readMemory reports never-written bytes and bytes no tensor holds as unreadable where they start a range', async () => {
    const s = await stoppedAt('Set r1 = 3');
    const frame = await s.topFrame();
    await s.ok('setExpression', { expression: 'spare[0, 2]', value: '1', frameId: frame.id });
    const spare = (await s.evaluate('spare', 'watch')).memoryReference!;
    // Elements 0 and 1 never written: 8 unreadable bytes, then element 2 is readable.
    const first = await s.ok<DebugProtocol.ReadMemoryResponse>('readMemory', { memoryReference: spare, count: 32 });
    assert.strictEqual(first.body!.unreadableBytes, 8);
    assert.strictEqual(Buffer.from(first.body!.data ?? '', 'base64').length, 0);
    const next = await s.ok<DebugProtocol.ReadMemoryResponse>('readMemory', { memoryReference: spare, offset: 8, count: 32 });
    assert.strictEqual(Buffer.from(next.body!.data!, 'base64').readFloatLE(0), 1);
    assert.strictEqual(Buffer.from(next.body!.data!, 'base64').length, 4);
    assert.strictEqual(next.body!.unreadableBytes, 28);
    const nothing = await s.ok<DebugProtocol.ReadMemoryResponse>('readMemory', { memoryReference: '0x0', count: 16 });
    assert.strictEqual(nothing.body!.unreadableBytes, 16);
    const empty = await s.ok<DebugProtocol.ReadMemoryResponse>('readMemory', { memoryReference: spare, count: 0 });
    assert.strictEqual(empty.body!.unreadableBytes ?? 0, 0);
  });

  it('writeMemory writes bytes into elements (they become written), sends memory events, refuses writes beyond a tensor', async () => {
    const s = await stoppedAt('Set r1 = 3');
    const spare = (await s.evaluate('spare', 'watch')).memoryReference!;
    const bytes = Buffer.alloc(8);
    bytes.writeFloatLE(2.5, 0);
    bytes.writeFloatLE(-3, 4);
    const w = await s.ok<DebugProtocol.WriteMemoryResponse>('writeMemory', { memoryReference: spare, offset: 4, data: bytes.toString('base64') });
    assert.strictEqual(w.body?.bytesWritten, 8);
    const event = await s.waitFor<DebugProtocol.MemoryEvent>('memory');
    assert.strictEqual(event.body.memoryReference, spare);
    assert.deepStrictEqual([event.body.offset, event.body.count], [4, 8]);
    assert.match((await s.evaluate('spare[0, 1:3]', 'repl')).result, /\[2\.5, -3\]$/);
    // The last row ends the tensor at byte 32 of partition 3; 4 bytes more reach past it.
    const lastRow = parseInt(spare, 16) + 3 * 0x10_0000;
    const past = Buffer.alloc(8).toString('base64');
    const refused = await s.error('writeMemory', { memoryReference: `0x${lastRow.toString(16)}`, offset: 28, data: past });
    assert.match(refused, /no tensor holds 0x[0-9a-f]+ \(SBUF of core 0, partition 3, byte \d+; byte 4 of the 8 to write\): nothing was written/);
    assert.match((await s.evaluate('spare[3, 7]')).result, /^\?$|uninit/);
    const partial = await s.ok<DebugProtocol.WriteMemoryResponse>('writeMemory', { memoryReference: `0x${lastRow.toString(16)}`, offset: 28, data: past, allowPartial: true });
    assert.strictEqual(partial.body?.bytesWritten, 4);
    assert.strictEqual((await s.evaluate('spare[3, 7]')).result, '0');
    assert.match(await s.error('writeMemory', { memoryReference: spare, data: 'not base64!' }), /base64/);
    assert.match(await s.error('writeMemory', { memoryReference: 'acc', data: '' }), /not an address/);
    assert.match(await s.error('readMemory', { memoryReference: 'nowhere', count: 4 }), /not an address/);
    assert.match(await s.error('readMemory', { memoryReference: spare, count: -1 }), /count/);
    assert.match(await s.error('readMemory', { memoryReference: spare, offset: -parseInt(spare, 16) - 1, count: 4 }), /outside the address space/);
  });

  it('completions: names with their types, functions, commands, and the sizes of a dimension after t[', async () => {
    const s = await stoppedAt('Print "acc[0, 0:4]');
    const frame = await s.topFrame();
    const complete = async (text: string, column = text.length + 1): Promise<DebugProtocol.CompletionItem[]> =>
      (await s.ok<DebugProtocol.CompletionsResponse>('completions', { text, column, frameId: frame.id })).body.targets;
    const names = await complete('ac');
    const acc = names.find((c) => c.label === 'acc')!;
    assert.match(acc.detail ?? '', /f32\[4, 8\] in sbuf/);
    assert.strictEqual(acc.type, 'variable');
    assert.ok(!names.some((c) => c.label === 'half'), 'only names that start with the prefix');
    const all = await complete('');
    assert.match(all.find((c) => c.label === 'r1')!.detail ?? '', /register = 3/);
    assert.match(all.find((c) => c.label === 'N')!.detail ?? '', /constant = 8/);
    assert.match(all.find((c) => c.label === 'allclose')!.detail ?? '', /allclose\(x, y, atol=, rtol=\)/);
    assert.match(all.find((c) => c.label === 'src')!.detail ?? '', /in dram/);
    const commands = await complete(':h');
    assert.ok(commands.some((c) => c.label === ':help') && commands.some((c) => c.label === ':history'));
    assert.match(commands.find((c) => c.label === ':why')!.detail ?? '', /:why EXPR/);
    const dims = await complete('acc[0, ');
    assert.strictEqual(dims[0].label, '0:8');
    assert.match(dims[0].detail ?? '', /dimension 1 of acc .*size 8/);
    assert.strictEqual((await complete('acc['))[0].label, '0:4');
    assert.strictEqual((await complete('sum(half[1, 0:2]) + acc[')).find((c) => c.label === '0:4')?.label, '0:4');
    const inCommand = await complete(':why acc[');
    assert.strictEqual(inCommand[0].label, '0:4');
    // The cursor in the middle of the text completes what is before it.
    assert.ok((await complete('ha + 1', 3)).some((c) => c.label === 'half'));
  });

  it('while the program runs: completions answer with main\'s names; setting values and memory wait for a stop', async () => {
    const dir = tempProgramDir({ 'endless.bir': ENDLESS });
    const s = await DapSession.start();
    await s.launch({ program: path.join(dir, 'endless.bir') });
    const items = (await s.ok<DebugProtocol.CompletionsResponse>('completions', { text: 'r', column: 2 })).body.targets;
    assert.strictEqual(items.find((c) => c.label === 'r2')?.detail, 'register', 'no values while running');
    for (const [command, args] of [
      ['setVariable', { variablesReference: 1, name: 'r1', value: '1' }],
      ['setExpression', { expression: 'r1', value: '1' }],
      ['readMemory', { memoryReference: '0x1000', count: 4 }],
      ['writeMemory', { memoryReference: '0x1000', data: 'AAAAAA==' }],
    ] as const) {
      assert.match(await s.error(command, args), /needs a stopped program, and it is running/, command);
    }
    await s.ok('terminate');
    await s.waitForEnd();
  });

  it('every request in every state: before launch, running, after exit', async () => {
    const s = await DapSession.start();
    assert.match(await s.error('setVariable', { variablesReference: 1, name: 'r1', value: '1' }), /launch/);
    assert.match(await s.error('readMemory', { memoryReference: '0x1000', count: 4 }), /launch/);
    assert.match(await s.error('completions', { text: 'a', column: 2 }), /launch/);
    const endless = await stoppedAt('Set r1 = 3');
    await endless.ok('continue', { threadId: 1 });
    await endless.waitForEnd();
    for (const [command, args] of [
      ['setVariable', { variablesReference: 1, name: 'r1', value: '1' }],
      ['setExpression', { expression: 'r1', value: '1' }],
      ['readMemory', { memoryReference: '0x1000', count: 4 }],
      ['writeMemory', { memoryReference: '0x1000', data: 'AAAAAA==' }],
      ['completions', { text: 'a', column: 2 }],
    ] as const) {
      assert.match(await endless.error(command, args), /ended/);
    }
  });
});
