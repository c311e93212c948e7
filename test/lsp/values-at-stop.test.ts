/**
 * Values at line ends over the wire: while the editor says a session is stopped (`bir/stopAt`), the server's inlay
 * hints of the stopped function's lines up to the stop carry the values of the names written on them, which it asks
 * of the editor (`bir/valuesAtStop`, here answered by the test as an editor would); it asks for an inlay hint refresh
 * at each stop and when the session runs again, after which the values are gone.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { InlayHint } from 'vscode-languageserver-protocol';
import { ensureServerBuilt, LspClient, uri, WAIT_MS } from '../helpers/lsp-client';

const PROGRAM = [
  'module v',
  'dram x : f32[4, 8] input = zeros',
  'dram y : f32[4, 8] output',
  'func main() {',
  '  sbuf a : f32[4, 8]',
  '  Set r0 = 2',
  '  DmaCopy a <- x',
  '  TensorScalar a <- a, op = mul, scalar = r0  # the stop',
  '  DmaCopy y <- a',
  '}',
  '',
].join('\n');

const labelOf = (h: InlayHint): string => (typeof h.label === 'string' ? h.label : h.label.map((p) => p.value).join(''));

describe('language server: values at line ends at a stop', function () {
  this.timeout(120000);
  let dir: string;
  let file: string;
  let client: LspClient;
  const asked: string[][] = [];
  let refreshes = 0;
  let refreshed: (() => void) | undefined;

  before(() => ensureServerBuilt());

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-values-'));
    file = path.join(dir, 'v.bir');
    fs.writeFileSync(file, PROGRAM);
    client = new LspClient();
    asked.length = 0;
    refreshes = 0;
    // The editor's part: values of the names in the selected frame ('x' has none), and the refreshes it is asked for.
    client.connection.onRequest('bir/valuesAtStop', (p: { expressions: string[] }) => {
      asked.push(p.expressions);
      return { values: p.expressions.map((e) => (e === 'x' ? null : `<${e}>`)) };
    });
    client.connection.onRequest('workspace/inlayHint/refresh', () => {
      refreshes++;
      refreshed?.();
      return null;
    });
    await client.start(dir, undefined, { workspace: { inlayHint: { refreshSupport: true } } });
    client.open(file, PROGRAM);
    await client.diagnosticsOf(file);
  });

  afterEach(async () => {
    await client.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Sends a stop (or its end) and waits for the refresh the server asks for. */
  async function stopAt(line: number | null): Promise<void> {
    const before = refreshes;
    const done = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no workspace/inlayHint/refresh within ${WAIT_MS} ms`)), WAIT_MS);
      refreshed = () => {
        if (refreshes > before) {
          clearTimeout(timer);
          resolve();
        }
      };
    });
    void client.connection.sendNotification('bir/stopAt', { stop: line === null ? null : { uri: uri(file), line } });
    await done;
  }

  const hints = (first: number, last: number): Promise<InlayHint[]> =>
    client.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri: uri(file) }, range: { start: { line: first, character: 0 }, end: { line: last, character: 0 } } });

  const valueHintsOf = (all: InlayHint[]): string[] => all.filter((h) => labelOf(h).includes(' = <')).map((h) => `${h.position.line}:${h.position.character} ${labelOf(h)}`);

  it('shows the values of the names of each line up to the stop, each name asked once', async () => {
    assert.deepStrictEqual(valueHintsOf(await hints(0, 10)), [], 'no values before a stop');
    await stopAt(7);
    const lines = PROGRAM.split('\n');
    assert.deepStrictEqual(valueHintsOf(await hints(0, 10)), [
      `5:${lines[5].length} r0 = <r0>`,
      `6:${lines[6].length} a = <a>`,
      `7:${lines[7].length} a = <a>, r0 = <r0>`,
    ]);
    assert.deepStrictEqual(asked, [['r0', 'a', 'x']]);
    // Only the lines asked for.
    assert.deepStrictEqual(valueHintsOf(await hints(6, 6)), [`6:${lines[6].length} a = <a>`]);
  });

  it('follows the stop, and has no values once the session runs', async () => {
    await stopAt(5);
    assert.deepStrictEqual(valueHintsOf(await hints(0, 10)).map((h) => h.split(' ')[0]), ['5:12']);
    await stopAt(8);
    assert.strictEqual(valueHintsOf(await hints(0, 10)).length, 4);
    await stopAt(null);
    assert.deepStrictEqual(valueHintsOf(await hints(0, 10)), []);
  });

  it('gives the other hints and no values when the editor cannot answer', async () => {
    client.connection.onRequest('bir/valuesAtStop', () => {
      throw new Error('no debugger here');
    });
    await stopAt(7);
    const all = await hints(0, 10);
    assert.deepStrictEqual(valueHintsOf(all), []);
    assert.ok(all.some((h) => labelOf(h).includes('SBUF')), `the placement hint stays: ${JSON.stringify(all)}`);
  });
});
