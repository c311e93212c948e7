/**
 * Quick fixes over the wire: for each diagnostic the editor sends back, the checker's "did you mean" as a
 * replacement, a missing tensor declared with the type its use implies, a missing import added (with `m::` for a
 * function of another module). Each fix, applied alone, makes its diagnostic go away and adds none on its line.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { checkProgram } from '../../engine/lang/check/checker';
import { ensureServerBuilt, LspClient, uri } from '../helpers/lsp-client';

const MAIN = `module m

dram x : f32[128, 64] input = zeros

func main() {
  sbuf a : f32[128, 64]
  sbuf w : bf16[128, 32]
  psum pp : f32[64, 32]
  DmaCopy a <- x
  Activaton a <- a, func = relu
  TensorScalar a <- a, op = mull, scalar = 1
  TensorScalar a <- a, op = mul, scalar = 1, op1 = add, scalr1 = 2
  Print "s", sm(a)
  TensorCopy outt <- a
  MatMult accc <- a, w
  MatMult pp <- stat, w
  MatMult pp <- a, mov
  TensorReduce rsum <- a, op = add
  Transpose tp <- a
  DmaCopy y <- a
  DmaCopy a <- xin
  TensorTensor a <- a, bb, op = add
  call tiles::f(a)
  call g(a)
}
`;

const TILES = `module tiles
func f(t: sbuf f32[128, 64]) {
  Memset t <- 0
}
func g(t: sbuf f32[128, 64]) {
  Memset t <- 1
}
`;

describe('language server: code actions', function () {
  this.timeout(120000);
  let dir: string;
  let client: LspClient;
  let main: string;
  let diagnostics: Diagnostic[];

  before(() => ensureServerBuilt());

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-actions-'));
    fs.mkdirSync(path.join(dir, 'lib'));
    fs.writeFileSync(path.join(dir, 'lib', 'tiles.bir'), TILES);
    main = path.join(dir, 'main.bir');
    fs.writeFileSync(main, MAIN);
    client = new LspClient();
    const capabilities = await client.start(dir);
    assert.ok(capabilities.codeActionProvider);
    client.open(main, MAIN);
    diagnostics = await client.diagnosticsOf(main, (d) => d.length > 0);
  });

  afterEach(async () => {
    await client.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const diagnosticAt = (needle: string): Diagnostic => {
    const line = MAIN.split('\n').findIndex((l) => l.includes(needle));
    const d = diagnostics.find((x) => x.range.start.line === line);
    assert.ok(d, `a diagnostic on the line of '${needle}': ${JSON.stringify(diagnostics.map((x) => `${x.range.start.line}: ${x.message}`))}`);
    return d;
  };
  const actionsFor = (d: Diagnostic): Promise<CodeAction[]> => client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: uri(main) }, range: d.range, context: { diagnostics: [d] } });
  const applied = (a: CodeAction): string => TextDocument.applyEdits(TextDocument.create(uri(main), 'bir', 1, MAIN), a.edit!.changes![uri(main)]);
  /** The diagnostics of the text as `line: message` (0-based lines), its imports read from the disk. */
  const checked = (text: string): string[] => checkProgram(main, { host: { readText: (f) => (f === main ? text : fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : undefined), exists: (f) => f === main || fs.existsSync(f) } })
    .diagnostics.filter((d) => d.span.file === main).map((d) => `${d.span.line - 1}: ${d.message}`);

  /** The one action whose title matches, applied: the text after it, and the lines it inserted before the diagnostic's. */
  const fix = async (needle: string, title: RegExp): Promise<{ text: string; action: CodeAction; line: number }> => {
    const d = diagnosticAt(needle);
    const actions = await actionsFor(d);
    const action = actions.find((a) => title.test(a.title));
    assert.ok(action, `an action ${title} for '${d.message}': ${JSON.stringify(actions.map((a) => a.title))}`);
    assert.strictEqual(action.kind, 'quickfix');
    assert.deepStrictEqual(action.diagnostics, [d]);
    const text = applied(action);
    const shift = text.split('\n').length - MAIN.split('\n').length;
    const line = d.range.start.line + shift;
    assert.deepStrictEqual(checked(text).filter((x) => x.startsWith(`${line}: `)), [], `no diagnostic left on the line of '${needle}' after '${action.title}'`);
    return { text, action, line };
  };

  it('offers the checker\'s "did you mean" as the replacement of the word it names', async () => {
    const opcode = await fix('Activaton', /^Change 'Activaton' to 'Activation'$/);
    assert.strictEqual(opcode.action.isPreferred, true);
    assert.ok(opcode.text.includes('  Activation a <- a, func = relu\n'));
    assert.ok((await fix('op = mull', /^Change 'mull' to 'mul'$/)).text.includes('op = mul, scalar = 1\n'));
    assert.ok((await fix('scalr1', /^Change 'scalr1' to 'scalar1'$/)).text.includes('scalar1 = 2'));
    assert.ok((await fix('sm(a)', /^Change 'sm' to 'sum'$/)).text.includes('Print "s", sum(a)'));
  });

  it('declares a missing tensor with the type its use implies, where the function or the file keeps them', async () => {
    const copy = await fix('outt', /^Declare 'outt' as sbuf f32\[128, 64\]$/);
    assert.ok(copy.text.includes('  psum pp : f32[64, 32]\n  sbuf outt : f32[128, 64]\n'), copy.text);
    await fix('accc', /^Declare 'accc' as psum f32\[64, 32\]$/);
    await fix('stat', /^Declare 'stat' as sbuf bf16\[128, 64\]$/);
    await fix('mov', /^Declare 'mov' as sbuf f32\[128, 32\]$/);
    await fix('rsum', /^Declare 'rsum' as sbuf f32\[128, 1\]$/);
    await fix('Transpose tp', /^Declare 'tp' as psum f32\[64, 128\]$/);
    const out = await fix('DmaCopy y', /^Declare 'y' as dram f32\[128, 64\] output$/);
    assert.ok(out.text.includes('dram x : f32[128, 64] input = zeros\ndram y : f32[128, 64] output\n'), out.text);
    await fix('xin', /^Declare 'xin' as dram f32\[128, 64\] input$/);
    await fix('bb', /^Declare 'bb' as sbuf f32\[128, 64\]$/);
  });

  it('adds a missing import of a module of the workspace, and qualifies a function found in one', async () => {
    const mod = await fix('tiles::f', /^Import "lib\/tiles\.bir" \(module tiles\)$/);
    assert.ok(mod.text.startsWith('module m\nimport "lib/tiles.bir"\n'), mod.text);
    const fn = await fix('call g', /^Import "lib\/tiles\.bir" and call tiles::g$/);
    assert.ok(fn.text.includes('  call tiles::g(a)\n'), fn.text);
  });

  it('offers nothing it cannot back: no declaration without a known operand, no import of a module nowhere', async () => {
    const none = await actionsFor({ ...diagnosticAt('outt'), message: "unknown module 'nowhere' (import its file first: import \"nowhere.bir\")" });
    assert.deepStrictEqual(none, []);
    const text = 'module m\nfunc main() {\n  Memset zz <- 0\n}\n';
    client.change(main, text);
    const [d] = await client.diagnosticsOf(main, (ds) => ds.some((x) => x.message.includes("'zz'")), client.published(main));
    assert.deepStrictEqual((await actionsFor(d)).map((a) => a.title), []);
  });
});
