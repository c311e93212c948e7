/**
 * The agent tools as language-model tools in a real VS Code extension host: registered under their names, and
 * callable through vscode.lm.invokeTool, which agent mode uses: a session is started, asked about and moved, and
 * refusals reach the caller as errors that say what to do. Outside a chat, VS Code asks for a confirmation in a modal
 * dialog, which no test can answer: the suite turns confirmations off (bir.agentTools.confirmChanges), and the unit
 * tests check what each tool asks (test/unit/agent-tool-list.test.ts). The workspace is a copy of examples/.
 */
import * as assert from 'assert';
import * as vscode from 'vscode';

/** A tool's answer as JSON; a refusal is thrown with its message. */
async function invoke(name: string, input: object): Promise<Record<string, unknown>> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  const parts = result.content.filter((p): p is vscode.LanguageModelTextPart => p instanceof vscode.LanguageModelTextPart);
  assert.strictEqual(parts.length, 1, `${name} answers one text part`);
  return JSON.parse(parts[0].value) as Record<string, unknown>;
}

describe('the agent tools in VS Code (language-model tools)', function () {
  this.timeout(180000);
  const settings = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('bir.agentTools');

  before(async () => {
    await vscode.extensions.all.find((e) => e.packageJSON?.name === 'bir-debug')?.activate();
    await settings().update('confirmChanges', false, vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    await invoke('bir_end', {}).catch(() => undefined);
    await settings().update('confirmChanges', undefined, vscode.ConfigurationTarget.Global);
  });

  it('are registered: the tools that need no session are listed', () => {
    const names = vscode.lm.tools.map((t) => t.name);
    for (const name of ['bir_run', 'bir_debug']) assert.ok(names.includes(name), `${name} in ${names.join(', ')}`);
    const debug = vscode.lm.tools.find((t) => t.name === 'bir_debug');
    assert.deepStrictEqual((debug?.inputSchema as { required?: string[] }).required, ['program']);
  });

  it('start a session, answer about its stop, move it, and end it through vscode.lm.invokeTool', async () => {
    await assert.rejects(invoke('bir_snapshot', {}), /there is no session: start one with bir_debug/);
    const stop = await invoke('bir_debug', { program: 'rmsnorm.bir', breakpoints: [{ line: 49 }] });
    assert.strictEqual(stop.reason, 'breakpoint');
    assert.deepStrictEqual(stop.location, { file: 'rmsnorm.bir', line: 49, column: 3, source: 'TensorScalar xn <- xs, op = mul, scalar = rstd' });
    const why = await invoke('bir_why', { expression: 'rstd[0, 0]' });
    assert.strictEqual((why.write as { by: string }).by, 'Activation');
    const stepped = await invoke('bir_step', { action: 'over' });
    assert.strictEqual((stepped.location as { line: number }).line, 50);
    // The product rounded to f32, as the vector engine stores it.
    const compared = await invoke('bir_evaluate', { expression: 'abs(xn[0, 0] - xs[0, 0] * rstd[0, 0])' });
    assert.ok(Number(compared.value) < 1e-6, String(compared.value));
    await assert.rejects(invoke('bir_step', { action: 'sideways' }), /bir_step: wrong arguments: 'action'/);
    const ended = await invoke('bir_end', {});
    assert.strictEqual(ended.exitCode, 143);
    await assert.rejects(invoke('bir_why', { expression: 'rstd[0, 0]' }), /no session is stopped: start one with bir_debug/);
  });
});
