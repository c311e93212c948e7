/**
 * Incremental diagnostics over the wire: an edit of an instruction line is answered from the last check without
 * errors and a probe of the line (the whole check's diagnostics: test/unit/incremental-check.test.ts compares them),
 * the mended text gets that check's diagnostics back, and the whole check follows when the editing pauses (a second
 * publication, from the program hovers and hints then read).
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ensureServerBuilt, LspClient, REPO } from '../helpers/lsp-client';

describe('language server: incremental diagnostics', function () {
  this.timeout(120000);
  let dir: string;
  let client: LspClient;
  let file: string;

  before(() => ensureServerBuilt());
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-incremental-'));
    fs.cpSync(path.join(REPO, 'examples'), path.join(dir, 'examples'), { recursive: true });
    file = path.join(dir, 'examples', 'calls_loops.bir');
    client = new LspClient();
    await client.start(dir);
  });
  afterEach(async () => {
    await client.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers an edited instruction line and its mending, and the whole check follows', async () => {
    const text = fs.readFileSync(file, 'utf8');
    client.open(file, text);
    assert.deepStrictEqual(await client.diagnosticsOf(file), []);

    let seen = client.published(file);
    client.change(file, text.replace('  DmaCopy ws <- w\n', '  DmaCopy ws <- ww\n'));
    const typo = await client.diagnosticsOf(file, () => true, seen);
    assert.deepStrictEqual(typo.map((d) => [d.range.start.line + 1, d.message]), [[text.split('\n').indexOf('  DmaCopy ws <- w') + 1, "unknown name 'ww'; did you mean 'w'?"]]);

    seen = client.published(file);
    client.change(file, text);
    assert.deepStrictEqual(await client.diagnosticsOf(file, () => true, seen), [], 'mended');

    // An edit that keeps the program good: the whole check follows it.
    const edited = text.replace('Activation dst <- src, func = relu, scale = r3', 'Activation dst <- src, func = relu, scale = 2');
    seen = client.published(file);
    client.change(file, edited);
    assert.deepStrictEqual(await client.diagnosticsOf(file, () => true, seen), []);
    assert.deepStrictEqual(await client.diagnosticsOf(file, () => true, seen + 1), [], 'the whole check published too');
  });
});
