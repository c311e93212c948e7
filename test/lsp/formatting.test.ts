/**
 * Formatting over the wire: textDocument/formatting and rangeFormatting give the engine's canonical layout as edits
 * of the lines that change (none for a formatted file), a range only its lines, and a file that does not parse no
 * edit and a message saying why.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { TextEdit } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { formatBir } from '../../engine/lang/format';
import { ensureServerBuilt, LspClient, REPO, uri } from '../helpers/lsp-client';

const OPTIONS = { tabSize: 4, insertSpaces: true };

describe('language server: formatting', function () {
  this.timeout(120000);
  let dir: string;
  let client: LspClient;

  before(() => ensureServerBuilt());

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-format-'));
    client = new LspClient();
    const capabilities = await client.start(dir);
    assert.strictEqual(capabilities.documentFormattingProvider, true);
    assert.strictEqual(capabilities.documentRangeFormattingProvider, true);
  });

  afterEach(async () => {
    await client.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const opened = (name: string, text: string): string => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    client.open(file, text);
    return file;
  };
  const apply = (text: string, edits: TextEdit[]): string => TextDocument.applyEdits(TextDocument.create('file:///x.bir', 'bir', 1, text), edits);

  it('formats a document to the layout of bir-sim fmt, with edits only where lines change', async () => {
    const text = fs.readFileSync(path.join(REPO, 'examples', 'calls_loops.bir'), 'utf8').replace('DmaCopy ws <- w', 'DmaCopy   ws<-w').replace('MatMult acc <- xT, w', '  MatMult acc<-xT,w');
    const file = opened('calls.bir', text);
    const edits = await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri: uri(file) }, options: OPTIONS });
    const expected = formatBir(text, file).text!;
    assert.strictEqual(apply(text, edits), expected);
    const untouched = text.split('\n').filter((l, i) => !edits.some((e) => e.range.start.line <= i && i < e.range.end.line));
    assert.ok(untouched.length > text.split('\n').length / 2, 'most lines get no edit');
    client.change(file, expected);
    assert.deepStrictEqual(await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri: uri(file) }, options: OPTIONS }), []);
  });

  it('formats a range: the lines it touches and nothing else', async () => {
    const text = 'module m\nfunc main(){\nsbuf t:f32[4,8]\nMemset t<-0\nMemset  t <- 1\n}\n';
    const file = opened('range.bir', text);
    const edits = await client.request<TextEdit[]>('textDocument/rangeFormatting', {
      textDocument: { uri: uri(file) }, options: OPTIONS, range: { start: { line: 3, character: 0 }, end: { line: 3, character: 4 } },
    });
    assert.strictEqual(apply(text, edits), 'module m\nfunc main(){\nsbuf t:f32[4,8]\n  Memset t <- 0\nMemset  t <- 1\n}\n');
  });

  it('refuses a document that does not parse: no edit, and a message naming the mistake', async () => {
    const file = opened('broken.bir', 'module m\nfunc main() {\n  Memset t <-\n}\n');
    const edits = await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri: uri(file) }, options: OPTIONS });
    assert.deepStrictEqual(edits, []);
    const message = await client.messageShown(/not formatted/);
    assert.match(message, /not formatted: the file does not parse: broken\.bir:3:\d+: error: /);
  });
});
