/**
 * The program after passes over the wire (`bir/passPipelines`, `bir/programAfterPasses`): the pipelines from the
 * pass records, the program of the editor's unsaved text printed after them with each line's origin, and the
 * refusals (a file with errors, with its first diagnostic's place; an unknown pass; a malformed request).
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { PassPipeline, ProgramAfterPassesResult } from '../../contract/language-requests';
import { PASSES } from '../../engine/passes/registry';
import { ensureServerBuilt, LspClient, REPO, uri } from '../helpers/lsp-client';

describe('language server: the program after passes', function () {
  this.timeout(120000);
  let dir: string;
  let client: LspClient;
  let calls: string;

  before(() => ensureServerBuilt());

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-pass-document-'));
    fs.cpSync(path.join(REPO, 'examples'), path.join(dir, 'examples'), { recursive: true });
    calls = path.join(dir, 'examples', 'calls_loops.bir');
    client = new LspClient();
    await client.start(dir);
  });

  afterEach(async () => {
    await client.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const after = (file: string, passes: unknown): Promise<ProgramAfterPassesResult> => client.request('bir/programAfterPasses', { uri: uri(file), passes });

  it('lists every prefix of the pipeline and each pass alone, from the pass records', async () => {
    const pipelines = await client.request<PassPipeline[]>('bir/passPipelines', null);
    const names = PASSES.map((p) => p.name);
    assert.deepStrictEqual(pipelines.slice(0, names.length).map((p) => p.passes), names.map((_, i) => names.slice(0, i + 1)));
    assert.strictEqual(pipelines[1].label, 'after dce');
    assert.match(pipelines[1].detail, new RegExp(`^inline → dce: ${PASSES[1].summary}$`));
    assert.ok(pipelines.some((p) => p.label === 'fuse alone' && p.passes.length === 1 && p.passes[0] === 'fuse'));
  });

  it('prints the unsaved text after the passes, each line with the file, line and character it came from', async () => {
    const text = fs.readFileSync(calls, 'utf8').replace('  MatMult acc <- xT, w\n  for r2', '  # an unsaved comment\n  MatMult acc <- xT, w\n  for r2');
    client.open(calls, text);
    const answer = await after(calls, ['inline']);
    const lines = answer.text.split('\n');
    assert.ok(lines.includes('  # an unsaved comment'), 'the editor\'s text, not the disk\'s');
    const copied = lines.findIndex((l) => l.trim() === 'MatMult full_tile__acc <- xT, ws[0:128, r1*128:r1*128 + 128]');
    assert.ok(copied >= 0, answer.text);
    const [file, line, character] = answer.origins.slice(3 * copied, 3 * copied + 3);
    assert.strictEqual(answer.files[file], uri(calls));
    assert.strictEqual(text.split('\n')[line].slice(character), 'MatMult acc <- xT, w', 'the line of full_tile it was copied from');
    assert.strictEqual(answer.origins.length, 3 * (lines.length - 1), 'three numbers per line');
  });

  it('refuses a file with errors, naming the first error\'s file, line and column', async () => {
    const text = fs.readFileSync(calls, 'utf8').replace('MatMult acc <- xT, w', 'MatMul acc <- xT, w');
    client.open(calls, text);
    const line = text.split('\n').findIndex((l) => l.includes('MatMul acc')) + 1;
    await assert.rejects(after(calls, ['inline']), new RegExp(`'calls_loops\\.bir' has errors, so no pass can run; the first: calls_loops\\.bir:${line}:3: error: unknown opcode 'MatMul'`));
  });

  it('refuses an unknown pass and a request without its arguments, saying what it needs', async () => {
    await assert.rejects(after(calls, ['inline', 'licm']), /unknown pass 'licm': the passes are inline, dce, fuse, unroll, schedule/);
    await assert.rejects(after(calls, 'inline'), /'bir\/programAfterPasses' needs uri, the file: URI of a \.bir file, and passes, a list of pass names/);
    await assert.rejects(after(path.join(dir, 'missing.bir'), []), /cannot read '.*missing\.bir'/);
  });
});
