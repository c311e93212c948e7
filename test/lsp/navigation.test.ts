/**
 * The language server over the wire: live diagnostics, definition, declaration, references, highlights (across
 * imports), the Outline, workspace symbols and folding, on the examples, on a copy of a program with an import, and on
 * a half-typed file.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { DocumentHighlight, DocumentSymbol, FoldingRange, Location, WorkspaceSymbol } from 'vscode-languageserver-protocol';
import { ensureServerBuilt, LspClient, positionOf, REPO, uri } from '../helpers/lsp-client';

const read = (f: string): string => fs.readFileSync(f, 'utf8');

describe('language server: navigation, outline, diagnostics', function () {
  this.timeout(120000);
  let dir: string;
  let client: LspClient;
  let cores: string;
  let tiles: string;
  let calls: string;

  before(() => ensureServerBuilt());

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-lsp-'));
    fs.cpSync(path.join(REPO, 'test', 'programs', 'good'), path.join(dir, 'good'), { recursive: true });
    fs.cpSync(path.join(REPO, 'examples'), path.join(dir, 'examples'), { recursive: true });
    cores = path.join(dir, 'good', 'cores.bir');
    tiles = path.join(dir, 'good', 'lib', 'tiles.bir');
    calls = path.join(dir, 'examples', 'calls_loops.bir');
    client = new LspClient();
  });

  afterEach(async () => {
    await client.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const at = (file: string, needle: string, nth = 0, offset = 1) => ({ textDocument: { uri: uri(file) }, position: positionOf(read(file), needle, nth, offset) });
  const lineOf = (l: Location) => [path.relative(dir, fs.realpathSync(new URL(l.uri))), l.range.start.line + 1, l.range.start.character + 1];

  it('announces what it serves', async () => {
    const caps = await client.start(dir);
    for (const c of ['definitionProvider', 'declarationProvider', 'referencesProvider', 'documentHighlightProvider', 'documentSymbolProvider', 'workspaceSymbolProvider', 'foldingRangeProvider']) assert.ok(caps[c], c);
  });

  it('goes to a function and a module of an imported file, and to the imported file', async () => {
    await client.start(dir);
    client.open(cores);
    const fn = await client.request<Location>('textDocument/definition', at(cores, 'tiles::scale', 0, 8));
    assert.deepStrictEqual(lineOf(fn), [path.join('good', 'lib', 'tiles.bir'), 4, 6]);
    const module = await client.request<Location>('textDocument/definition', at(cores, 'tiles::scale', 0, 2));
    assert.deepStrictEqual(lineOf(module), [path.join('good', 'lib', 'tiles.bir'), 2, 8]);
    const file = await client.request<Location>('textDocument/definition', at(cores, '"lib/tiles.bir"', 0, 3));
    assert.deepStrictEqual(lineOf(file), [path.join('good', 'lib', 'tiles.bir'), 1, 1]);
    const declaration = await client.request<Location>('textDocument/declaration', at(cores, 'tiles::scale', 0, 8));
    assert.deepStrictEqual(declaration, fn);
  });

  it('goes to tensors, registers, constants and parameters of the file', async () => {
    await client.start(dir);
    const cases: [string, number, number, number][] = [
      ['DmaCopy xT <- x[', 0, 14, 24], // x: the dram at line 24
      ['r0*TM : r0*TM+TM, 0:K', 0, 1, 33], // r0: its loop
      ['r0*TM : r0*TM+TM, 0:K', 0, 4, 18], // TM: the constant
      ['MatMult acc <- xT, w', 0, 16, 50], // xT: full_tile's parameter
      ['scale = r3', 0, 9, 70], // r3: epilogue's register parameter
    ];
    for (const [needle, nth, offset, line] of cases) {
      const found = await client.request<Location>('textDocument/definition', at(calls, needle, nth, offset));
      assert.strictEqual(found?.range.start.line + 1, line, `${needle} +${offset}`);
    }
  });

  it('answers the call hierarchy: callers across imports, callees in the file and in imported modules', async () => {
    const caps = await client.start(dir);
    assert.ok(caps.callHierarchyProvider);
    type Item = { name: string; uri: string; range: { start: { line: number } }; selectionRange: { start: { line: number } } };
    const prepare = (file: string, needle: string, offset: number) => client.request<Item[] | null>('textDocument/prepareCallHierarchy', at(file, needle, 0, offset));
    const [epilogue] = (await prepare(calls, 'func epilogue', 6))!;
    assert.deepStrictEqual([epilogue.name, epilogue.selectionRange.start.line + 1], ['epilogue', 70]);
    const callers = await client.request<{ from: Item; fromRanges: { start: { line: number } }[] }[]>('callHierarchy/incomingCalls', { item: epilogue });
    assert.deepStrictEqual(callers.map((c) => [c.from.name, c.fromRanges.map((r) => r.start.line + 1)]).sort(), [['edge_tile', [65]], ['full_tile', [55]]]);
    // From a call's callee name too; main calls two functions.
    const [main] = (await prepare(calls, 'func main', 6))!;
    const callees = await client.request<{ to: Item; fromRanges: { start: { line: number } }[] }[]>('callHierarchy/outgoingCalls', { item: main });
    assert.deepStrictEqual(callees.map((c) => [c.to.name, c.fromRanges.map((r) => r.start.line + 1)]), [['full_tile', [37]], ['edge_tile', [39]]]);
    const [fromCall] = (await prepare(calls, 'call epilogue(out, acc', 6))!;
    assert.strictEqual(fromCall.name, 'epilogue');
    // Across files: tiles::scale is called by cores.bir's main; cores.bir's main calls into the imported module.
    client.open(cores);
    const [scale] = (await prepare(tiles, 'func scale', 6))!;
    const scaleCallers = await client.request<{ from: Item; fromRanges: { start: { line: number } }[] }[]>('callHierarchy/incomingCalls', { item: scale });
    assert.deepStrictEqual(scaleCallers.map((c) => [lineOf({ uri: c.from.uri, range: c.from.range as never }), c.from.name, c.fromRanges.map((r) => r.start.line + 1)]),
      [[[path.join('good', 'cores.bir'), 9, 1], 'main', [13]]]);
    const [coresMain] = (await prepare(cores, 'func main', 6))!;
    const out = await client.request<{ to: Item }[]>('callHierarchy/outgoingCalls', { item: coresMain });
    assert.deepStrictEqual(out.map((c) => [lineOf({ uri: c.to.uri, range: c.to.selectionRange as never }), c.to.name]), [[[path.join('good', 'lib', 'tiles.bir'), 4, 6], 'scale']]);
    assert.strictEqual(await prepare(calls, 'DmaCopy xT <- x[', 2), null);
  });

  it('finds every reference across imports, with or without the declaration', async () => {
    await client.start(dir);
    const withDecl = await client.request<Location[]>('textDocument/references', { ...at(tiles, 'func scale', 0, 6), context: { includeDeclaration: true } });
    assert.deepStrictEqual(withDecl.map(lineOf).sort(), [[path.join('good', 'cores.bir'), 13, 17], [path.join('good', 'lib', 'tiles.bir'), 4, 6]]);
    const without = await client.request<Location[]>('textDocument/references', { ...at(tiles, 'func scale', 0, 6), context: { includeDeclaration: false } });
    assert.deepStrictEqual(without.map(lineOf), [[path.join('good', 'cores.bir'), 13, 17]]);
    const module = await client.request<Location[]>('textDocument/references', { ...at(tiles, 'module tiles', 0, 8), context: { includeDeclaration: true } });
    assert.deepStrictEqual(module.map(lineOf).sort(), [[path.join('good', 'cores.bir'), 13, 10], [path.join('good', 'lib', 'tiles.bir'), 2, 8]]);
    const tile = await client.request<Location[]>('textDocument/references', { ...at(cores, 'sbuf tile', 0, 6), context: { includeDeclaration: true } });
    assert.deepStrictEqual(tile.map((l) => l.range.start.line + 1), [10, 12, 13, 14]);
  });

  it('highlights a register in its function only, its declaration as the write', async () => {
    await client.start(dir);
    const found = await client.request<DocumentHighlight[]>('textDocument/documentHighlight', at(calls, 'scale = r3', 0, 9));
    assert.deepStrictEqual(found.map((h) => [h.range.start.line + 1, h.kind]), [[70, 3], [71, 2]]);
  });

  it('outlines modules, constants, tensors, functions, allocations and loops, nested as written', async () => {
    await client.start(dir);
    const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: uri(calls) } });
    assert.strictEqual(symbols.length, 1);
    const module = symbols[0];
    assert.strictEqual(module.name, 'calls_loops');
    assert.deepStrictEqual(module.children!.map((c) => c.name), ['M', 'K', 'N', 'TM', 'TN', 'EDGE', 'CH', 'ALPHA', 'x', 'w', 'y', 'main', 'full_tile', 'edge_tile', 'epilogue']);
    const main = module.children!.find((c) => c.name === 'main')!;
    const tree = (s: DocumentSymbol): unknown => (s.children?.length ? [s.name, s.children.map(tree)] : s.name);
    assert.deepStrictEqual(tree(main), ['main', ['ws', 'xT', ['for r0', ['for r1']]]]);
    assert.deepStrictEqual([main.range.start.line + 1, main.range.end.line + 1], [28, 47]);
    assert.strictEqual(main.children![0].detail, 'sbuf bf16[K, N]');
    const x = module.children!.find((c) => c.name === 'x')!;
    assert.strictEqual(x.detail, 'dram f32[M, K] input');
  });

  it('finds symbols of the whole workspace by the letters of their names', async () => {
    await client.start(dir);
    const found = await client.request<WorkspaceSymbol[]>('workspace/symbol', { query: 'ftile' });
    const names = found.map((s) => `${s.containerName}::${s.name}`).sort();
    assert.deepStrictEqual(names, ['calls_loops::full_tile']);
    const scale = await client.request<WorkspaceSymbol[]>('workspace/symbol', { query: 'scale' });
    assert.ok(scale.some((s) => s.name === 'scale' && s.containerName === 'tiles'), JSON.stringify(scale));
  });

  it('folds functions, loops and branches', async () => {
    await client.start(dir);
    const folds = await client.request<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri: uri(calls) } });
    const lines = folds.map((f) => [f.startLine + 1, f.endLine + 1]);
    for (const expected of [[28, 46], [33, 41], [35, 40], [50, 57], [54, 55]]) assert.ok(lines.some((l) => l.join() === expected.join()), `${expected} in ${JSON.stringify(lines)}`);
  });

  it('publishes the checker\'s diagnostics as the text changes, and clears them when fixed', async () => {
    await client.start(dir);
    const broken = path.join(dir, 'broken.bir');
    const text = 'module broken\nfunc main() {\n  sbuf a : f32[128, 4]\n  Memset a <- 1\n  TensorTensor a <- a, b, op = add\n  Foo a\n}\n';
    fs.writeFileSync(broken, text);
    client.open(broken);
    const found = await client.diagnosticsOf(broken, (d) => d.length > 0);
    assert.deepStrictEqual(found.map((d) => [d.range.start.line + 1, d.range.start.character + 1, d.severity]), [[5, 24, 1], [6, 3, 1]]);
    assert.match(found[0].message, /unknown name 'b'/);
    const seen = client.published(broken);
    client.change(broken, text.replace(', b,', ', a,').replace('  Foo a\n', ''));
    assert.deepStrictEqual(await client.diagnosticsOf(broken, (d) => d.length === 0, seen), []);
  });

  it('checks a file with its imports as the editor has them, unsaved', async () => {
    await client.start(dir);
    client.open(cores);
    assert.deepStrictEqual(await client.diagnosticsOf(cores), []);
    const seen = client.published(cores);
    client.open(tiles, read(tiles).replace('func scale', 'func scaled'));
    const found = await client.diagnosticsOf(cores, (d) => d.length > 0, seen);
    assert.match(found[0].message, /unknown function 'tiles::scale'.*did you mean 'scaled'/);
  });

  it('checks a library (a module without main that others import) whole, without an error for the missing main', async () => {
    await client.start(dir);
    client.open(tiles);
    assert.deepStrictEqual(await client.diagnosticsOf(tiles), [], 'a module of functions is not a program missing its main');
    const seen = client.published(tiles);
    const text = read(tiles);
    const at = text.lastIndexOf('\n}');
    client.change(tiles, `${text.slice(0, at)}\n  Foo t${text.slice(at)}`);
    const found = await client.diagnosticsOf(tiles, (d) => d.length > 0, seen);
    assert.strictEqual(found.length, 1, JSON.stringify(found));
    assert.match(found[0].message, /Foo/);
  });

  it('keeps serving a half-typed file: the statements that parse are indexed', async () => {
    await client.start(dir);
    const half = path.join(dir, 'half.bir');
    const text = 'module half\nconst N = 4\nfunc main() {\n  sbuf a : f32[N, 8]\n  TensorTensor a <- a,\n  Memset a <-\n  for r0 in 0..N {\n    Memset a <- r0\n  }\n  call hel\n}\nfunc later(t: sbuf f32[N, 8]) {\n  Memset t <- 0\n}\n';
    fs.writeFileSync(half, text);
    client.open(half, text);
    const problems = await client.diagnosticsOf(half, (d) => d.length > 0);
    assert.ok(problems.length >= 2, JSON.stringify(problems));
    const def = await client.request<Location>('textDocument/definition', { textDocument: { uri: uri(half) }, position: positionOf(text, 'Memset a <- r0', 0, 14) });
    assert.strictEqual(def.range.start.line + 1, 7);
    const n = await client.request<Location[]>('textDocument/references', { textDocument: { uri: uri(half) }, position: positionOf(text, 'const N', 0, 6), context: { includeDeclaration: true } });
    assert.ok(n.length >= 4, JSON.stringify(n));
    const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: uri(half) } });
    assert.deepStrictEqual(symbols[0].children!.map((c) => c.name), ['N', 'main', 'later']);
  });
});
