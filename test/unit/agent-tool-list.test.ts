/**
 * The agent tools' list, declared once (engine/agent/tool-list.ts): snapshotted with each tool's input schema
 * (test/unit/snapshots/agent-tools.json: a change of a tool's name, description or input shows in review; write it
 * again with BIR_UPDATE_SNAPSHOTS=1), equal to package.json's languageModelTools, and the rules a list must keep:
 * tools that change a session ask for confirmation, read-only ones never do, tools that need a session say so.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { mcpToolList } from '../../engine/agent/mcp-server';
import { languageModelToolContributions, preparedInvocation, SESSION_CONTEXT_KEY, TOOL_LIST } from '../../engine/agent/tool-list';

const REPO = path.resolve(__dirname, '..', '..');
const SNAPSHOT = path.join(__dirname, 'snapshots', 'agent-tools.json');

describe('the agent tools\' list', () => {
  it('is the snapshot: every tool with its description and input schema', () => {
    const now = `${JSON.stringify(mcpToolList(), null, 2)}\n`;
    if (process.env.BIR_UPDATE_SNAPSHOTS === '1') fs.writeFileSync(SNAPSHOT, now);
    assert.strictEqual(now, fs.readFileSync(SNAPSHOT, 'utf8'), 'the tool list changed: review it, then BIR_UPDATE_SNAPSHOTS=1 writes the snapshot again');
  });

  it('is few tools, each a whole step, named bir_*', () => {
    assert.deepStrictEqual(TOOL_LIST.map((t) => t.name), ['bir_run', 'bir_debug', 'bir_snapshot', 'bir_evaluate', 'bir_step', 'bir_continue', 'bir_goto', 'bir_history', 'bir_why', 'bir_compare', 'bir_end']);
    for (const t of mcpToolList()) {
      assert.strictEqual(t.inputSchema.type, 'object', t.name);
      assert.strictEqual((t.inputSchema as { additionalProperties?: boolean }).additionalProperties, false, `${t.name} refuses unknown arguments`);
      assert.ok(t.description && t.description.length < 1000, `${t.name}'s description is short`);
    }
  });

  it('is what package.json contributes as languageModelTools', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { contributes: { languageModelTools: unknown } };
    assert.deepStrictEqual(pkg.contributes.languageModelTools, languageModelToolContributions(), 'package.json is out of date: write languageModelToolContributions() into it');
  });

  it('asks to confirm exactly the tools that change or resume a session; the others need a session by their when clause', () => {
    const changing = TOOL_LIST.filter((t) => t.changes).map((t) => t.name);
    assert.deepStrictEqual(changing, ['bir_run', 'bir_debug', 'bir_step', 'bir_continue', 'bir_goto', 'bir_end']);
    for (const t of TOOL_LIST) assert.strictEqual(t.confirm !== undefined, t.changes, t.name);
    const when = Object.fromEntries(languageModelToolContributions().map((c) => [c.name, c.when]));
    for (const t of TOOL_LIST) assert.strictEqual(when[t.name], t.needsSession ? SESSION_CONTEXT_KEY : undefined, t.name);
    assert.deepStrictEqual(TOOL_LIST.filter((t) => !t.needsSession).map((t) => t.name), ['bir_run', 'bir_debug']);
  });

  it('prepares VS Code\'s invocation: a confirmation for a change, none for a read or when confirmations are off', () => {
    const debug = preparedInvocation('bir_debug', { program: 'k/ln.bir', breakpoints: [{ line: 3 }] }, true);
    assert.deepStrictEqual(debug, {
      invocationMessage: 'Debugging ln.bir',
      confirmation: { title: 'Debug ln.bir?', message: 'The BIR debugger runs k/ln.bir with 1 breakpoint and stops at the first breakpoint or fault. A session the tools started before is ended.' },
    });
    assert.deepStrictEqual(preparedInvocation('bir_step', { action: 'back_into' }, true).confirmation?.title, 'Step back into?');
    assert.deepStrictEqual(preparedInvocation('bir_debug', { program: 'ln.bir' }, false), { invocationMessage: 'Debugging ln.bir' });
    assert.deepStrictEqual(preparedInvocation('bir_why', { expression: 'y[0, 0]' }, true), { invocationMessage: 'Explaining y[0, 0]' });
    // Input a model got wrong: described by the tool's name; the call answers what is wrong.
    assert.deepStrictEqual(preparedInvocation('bir_step', { action: 7 }, true), { invocationMessage: 'Step in BIR Session' });
  });
});
