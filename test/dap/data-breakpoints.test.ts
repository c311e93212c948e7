/**
 * Data breakpoints through the stdio adapter, every message checked against the DAP schema: dataBreakpointInfo for
 * variables (a tensor, a partition row, an element, a register) and for expressions, setDataBreakpoints, the stop it
 * makes (reason, hitBreakpointIds, description), restart, reverseContinue, and the refusals in every state (before the
 * start, running, after the end, without debugging; bad references, frames, access types, data ids and conditions).
 */
import * as assert from 'assert';
import * as path from 'path';
import { DebugProtocol } from '@vscode/debugprotocol';
import { DapSession, lineOf, tempProgramDir, useDapSessions } from '../helpers/dap-client';
import { ENDLESS } from '../helpers/dap-programs';
import type { StoppedInfo } from '../../contract/stops';

const ROWS = `module rows
const P = 8
const F = 16
dram x : f32[P, F] input = iota
dram y : f32[P, F] output

func main() {
  sbuf acc : f32[P, F]
  DmaCopy acc <- x
  for r0 in 0..4 {
    TensorScalar acc[r0, 0:4] <- acc[r0, 0:4], op = add, scalar = 1.0
  }
  Set r1 = 7
  DmaCopy y <- acc
}
`;

type Info = DebugProtocol.DataBreakpointInfoResponse['body'];

describe('DAP: data breakpoints', function () {
  this.timeout(60000);
  useDapSessions();

  let rows: string;
  let endless: string;

  before(() => {
    const dir = tempProgramDir({ 'rows.bir': ROWS, 'endless.bir': ENDLESS });
    rows = path.join(dir, 'rows.bir');
    endless = path.join(dir, 'endless.bir');
  });

  async function atEntry(file = rows, more: Record<string, unknown> = {}): Promise<DapSession> {
    const s = await DapSession.start();
    await s.launch({ program: file, stopOnEntry: true, ...more });
    await s.waitForStop();
    return s;
  }

  async function info(s: DapSession, args: Record<string, unknown>): Promise<Info> {
    return (await s.ok<DebugProtocol.DataBreakpointInfoResponse>('dataBreakpointInfo', args)).body;
  }

  async function set(s: DapSession, breakpoints: Record<string, unknown>[]): Promise<DebugProtocol.Breakpoint[]> {
    return (await s.ok<DebugProtocol.SetDataBreakpointsResponse>('setDataBreakpoints', { breakpoints })).body.breakpoints;
  }

  /** The Locals scope's variable `name` of the top frame, and the reference of the scope. */
  async function local(s: DapSession, name: string): Promise<{ scope: number; variable: DebugProtocol.Variable }> {
    const frame = await s.topFrame();
    const scope = (await s.scopes(frame.id)).find((x) => x.name === 'Locals')!;
    const variable = (await s.variables(scope.variablesReference)).find((v) => v.name === name)!;
    return { scope: scope.variablesReference, variable };
  }

  it('declares supportsDataBreakpoints', async () => {
    const s = await DapSession.start();
    assert.strictEqual(s.capabilities?.supportsDataBreakpoints, true);
  });

  it('gives data ids for a tensor, a row, an element, a register and a Watch expression, with the three access types', async () => {
    const s = await atEntry();
    const { scope, variable: acc } = await local(s, 'acc');
    const tensor = await info(s, { variablesReference: scope, name: 'acc' });
    assert.deepStrictEqual([tensor.description, tensor.accessTypes, tensor.canPersist], ['acc (main)', ['read', 'write', 'readWrite'], true]);
    const row = await info(s, { variablesReference: acc.variablesReference, name: '[2]' });
    assert.strictEqual(row.description, 'acc[2, 0:16] (main)');
    const rowRef = (await s.variables(acc.variablesReference, { start: 2, count: 1 }))[0].variablesReference;
    assert.strictEqual((await info(s, { variablesReference: rowRef, name: '[5]' })).description, 'acc[2, 5] (main)');
    const registers = (await s.scopes((await s.topFrame()).id)).find((x) => x.name === 'Registers')!;
    assert.strictEqual((await info(s, { variablesReference: registers.variablesReference, name: 'r1' })).description, 'r1 (main)');
    const pc = await info(s, { variablesReference: registers.variablesReference, name: 'pc' });
    assert.strictEqual(pc.dataId, null);
    assert.ok(pc.description.length > 0);
    const frameId = (await s.topFrame()).id;
    const watch = await info(s, { name: 'acc[1:3, 2:6]', frameId });
    assert.strictEqual(watch.description, 'acc[1:3, 2:6] (main)');
    assert.strictEqual((await info(s, { name: 'x[3, 4]', frameId })).description, 'x[3, 4]');
    assert.match((await info(s, { name: 'acc + 1', frameId })).description, /a computed value, not memory/);
    assert.strictEqual((await info(s, { name: 'acc', asAddress: true })).dataId, null);
  });

  it('Break on Value Change stops after the write: reason, hitBreakpointIds, the description of the access', async () => {
    const s = await atEntry();
    const { variable: acc } = await local(s, 'acc');
    const row = await info(s, { variablesReference: acc.variablesReference, name: '[1]' });
    const [bp] = await set(s, [{ dataId: row.dataId, accessType: 'write' }]);
    assert.deepStrictEqual([bp.verified, bp.message], [true, 'stops after writes of acc[1, 0:16] (main)']);
    const first = await s.resumeToStop('continue');
    assert.deepStrictEqual([first.stopped.body.reason, first.stopped.body.hitBreakpointIds], ['data breakpoint', [bp.id]]);
    assert.strictEqual(first.stopped.body.description, 'DmaCopy at line 9 wrote acc[1, 0:16]: <uninit> → 16 (first of 16 elements changed) (instruction 1)');
    assert.strictEqual(first.frame.line, lineOf(rows, 'for r0'), 'stopped after the write, before the next node');
    // The Debug Console says it too, as a watchpoint does, linked to the line that wrote.
    const said = s.events<DebugProtocol.OutputEvent>('output').find((e) => e.body.output.startsWith('Data breakpoint'));
    assert.strictEqual(said?.body.output, `Data breakpoint ${bp.id}: DmaCopy at line 9 wrote acc[1, 0:16]: <uninit> → 16 (first of 16 elements changed)\n`);
    assert.deepStrictEqual([path.basename(said.body.source?.path ?? ''), said.body.line], ['rows.bir', lineOf(rows, 'DmaCopy acc')]);
    // bir/stopped names the line that wrote, which the editor marks (the stop arrow is on the next line).
    const stop = s.events('bir/stopped').at(-1)!.body as StoppedInfo;
    assert.deepStrictEqual([path.basename(stop.access?.span.file ?? ''), stop.access?.span.line, stop.access?.text], ['rows.bir', lineOf(rows, 'DmaCopy acc'), 'DmaCopy at line 9 wrote acc[1, 0:16]: <uninit> → 16 (first of 16 elements changed)']);
    const second = await s.resumeToStop('continue');
    assert.strictEqual(second.stopped.body.description, 'TensorScalar at line 11 wrote acc[1, 0:4]: 16 → 17 (first of 4 elements changed) (instruction 3)');
    assert.strictEqual((await s.evaluate('acc[1, 0]', 'watch')).result, '17');
    await s.ok('continue', { threadId: 1 });
    assert.strictEqual(await s.waitForEnd(), 0);
  });

  it('conditions with old and new, and hit conditions; a condition that does not parse leaves the breakpoint unverified', async () => {
    const s = await atEntry();
    const frameId = (await s.topFrame()).id;
    const region = await info(s, { name: 'acc[0:4, 0]', frameId });
    const bps = await set(s, [
      { dataId: region.dataId, condition: 'new - old == 1 && new > 40' },
      { dataId: region.dataId, condition: 'new >' },
      { dataId: region.dataId, hitCondition: 'often' },
    ]);
    assert.deepStrictEqual(bps.map((b) => b.verified), [true, false, false]);
    assert.match(bps[1].message!, /does not parse: column 6/);
    assert.match(bps[2].message!, /hit condition 'often' is not understood/);
    const stop = await s.resumeToStop('continue');
    assert.strictEqual(stop.stopped.body.description, 'TensorScalar at line 11 wrote acc[3, 0]: 48 → 49 (instruction 5)');
  });

  it('reverseContinue goes back to the previous access of the region', async () => {
    const s = await atEntry();
    const frameId = (await s.topFrame()).id;
    const [bp] = await set(s, [{ dataId: (await info(s, { name: 'acc[2, 0:4]', frameId })).dataId }]);
    const copy = await s.resumeToStop('continue');
    const add = await s.resumeToStop('continue');
    await s.setBreakpoints(rows, [{ line: lineOf(rows, 'DmaCopy y') }]);
    const end = await s.resumeToStop('continue');
    assert.strictEqual(end.stopped.body.reason, 'breakpoint');
    for (const expected of [add, copy]) {
      const back = await s.resumeToStop('reverseContinue');
      assert.deepStrictEqual([back.stopped.body.reason, back.stopped.body.hitBreakpointIds, back.stopped.body.description], ['data breakpoint', [bp.id], expected.stopped.body.description]);
    }
  });

  it('restart keeps the data breakpoints whose regions still resolve', async () => {
    const s = await atEntry();
    const frameId = (await s.topFrame()).id;
    const [bp] = await set(s, [{ dataId: (await info(s, { name: 'y[0, 0]', frameId })).dataId }]);
    await s.ok('restart', { arguments: { program: rows } });
    const again = await s.waitForStop();
    assert.strictEqual(again.stopped.body.reason, 'data breakpoint');
    assert.strictEqual(again.stopped.body.description, 'DmaCopy at line 14 wrote y[0, 0]: <uninit> → 1 (instruction 7)');
    const changed = s.events<DebugProtocol.BreakpointEvent>('breakpoint');
    assert.ok(changed.some((e) => e.body.breakpoint.verified && e.body.breakpoint.message === 'stops after writes of y[0, 0]'), 'the replayed breakpoint is announced');
    assert.ok(again.stopped.body.hitBreakpointIds!.length === 1 && bp.id !== undefined);
  });

  it('refusals in every state, each with the reason', async () => {
    const s = await DapSession.start();
    assert.match(await s.error('setDataBreakpoints', { breakpoints: [] }), /needs a launched program/);
    await s.ok('launch', { program: endless });
    await s.waitFor('initialized');
    // Set before the program starts (VS Code sets the breakpoints it kept from a previous session then).
    assert.deepStrictEqual(await set(s, []), []);
    assert.match(await s.error('dataBreakpointInfo', { name: 'r1', frameId: 1 }), /needs a stopped program, and it has not started/);
    await s.ok('configurationDone');
    assert.match(await s.error('dataBreakpointInfo', { name: 'r1', frameId: 1 }), /needs a stopped program, and it is running/);
    await s.ok('pause', { threadId: 1 });
    await s.waitForStop();
    const frameId = (await s.topFrame()).id;
    const r1 = await info(s, { name: 'r1', frameId });
    assert.strictEqual(r1.description, 'r1 (main)');
    assert.match(await s.error('dataBreakpointInfo', { variablesReference: 99999, name: 'r1' }), /variables reference 99999 does not exist/);
    assert.match(await s.error('dataBreakpointInfo', { name: 'r1', frameId: 99999 }), /frame 99999 does not exist/);
    assert.match(await s.error('dataBreakpointInfo', { name: 'r1[', frameId }), /column/);
    assert.match(await s.error('dataBreakpointInfo', { frameId }), /'dataBreakpointInfo' needs name, a variable's name or an expression, found nothing/);
    assert.match(await s.error('setDataBreakpoints', { breakpoints: [{ dataId: r1.dataId, accessType: 'execute' }] }), /breakpoints\[0\]\.accessType must be 'read' or 'write' or 'readWrite', found "execute"/);
    assert.match(await s.error('setDataBreakpoints', { breakpoints: [{ accessType: 'write' }] }), /needs a dataId/);
    assert.match(await s.error('setDataBreakpoints', {}), /needs breakpoints/);
    const [bad] = await set(s, [{ dataId: '{"kind":"dram","name":"endless::nothing","box":[]}' }]);
    assert.deepStrictEqual([bad.verified, bad.message], [false, 'the program has no DRAM tensor \'endless::nothing\': the data breakpoint watches nothing']);
    // Set while stopped, the breakpoint sees the instruction the stop is before.
    const [bp] = await set(s, [{ dataId: r1.dataId }]);
    const hit = await s.resumeToStop('continue');
    assert.deepStrictEqual([hit.stopped.body.reason, hit.stopped.body.hitBreakpointIds], ['data breakpoint', [bp.id]]);
    // The pause may land before the loop first writes r1: then its value before the write is unwritten.
    assert.match(hit.stopped.body.description!, /^Set at line 5 wrote r1: (\d+|<uninit>) → \d+/);
    // A reference of the previous stop is void.
    const registers = (await s.scopes((await s.topFrame()).id)).find((x) => x.name === 'Registers')!;
    await s.ok('continue', { threadId: 1 });
    await s.waitForStop();
    assert.match(await s.error('dataBreakpointInfo', { variablesReference: registers.variablesReference, name: 'r1' }), /does not exist/);
    await set(s, []);
    await s.ok('terminate');
    await s.waitForEnd();
    assert.match(await s.error('setDataBreakpoints', { breakpoints: [] }), /the program has ended/);
    assert.match(await s.error('dataBreakpointInfo', { name: 'r1' }), /the program has ended/);
  });

  it('a run without debugging refuses data breakpoints', async () => {
    const s = await DapSession.start();
    await s.ok('launch', { program: endless, noDebug: true });
    await s.waitFor('initialized');
    assert.match(await s.error('setDataBreakpoints', { breakpoints: [] }), /not available in a run without debugging/);
    await s.ok('terminate');
    await s.waitForEnd();
  });
});
