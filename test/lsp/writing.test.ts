/**
 * Writing BIR over the wire: hovers (a name's declaration, shape, dtype, bytes and placement; an opcode's, an
 * attribute's and a word's documentation from the opcode records) and completions (opcodes, attributes and their
 * words, functions, dtypes, the names in scope, the size of a dimension inside brackets), signature help and inlay
 * hints, on half-typed lines.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { CompletionItem, CompletionList, Hover, InlayHint, MarkupContent, SignatureHelp } from 'vscode-languageserver-protocol';
import { CompletionItemKind } from 'vscode-languageserver-protocol';
import { ACTIVATION_FUNCTIONS, OPCODES } from '../../engine/ir/opcodes';
import { checkProgram } from '../../engine/lang/check/checker';
import { ATTRIBUTES } from '../../engine/lang/check/instructions';
import { ensureServerBuilt, LspClient, positionOf, REPO, uri } from '../helpers/lsp-client';

const read = (f: string): string => fs.readFileSync(f, 'utf8');

describe('language server: hover and completion', function () {
  this.timeout(120000);
  let dir: string;
  let client: LspClient;
  let calls: string;
  let text: string;

  before(() => ensureServerBuilt());

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-writing-'));
    fs.cpSync(path.join(REPO, 'test', 'programs', 'good'), path.join(dir, 'good'), { recursive: true });
    fs.cpSync(path.join(REPO, 'examples'), path.join(dir, 'examples'), { recursive: true });
    calls = path.join(dir, 'examples', 'calls_loops.bir');
    text = read(calls);
    client = new LspClient();
    await client.start(dir);
  });

  afterEach(async () => {
    await client.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const hoverAt = async (file: string, body: string, needle: string, nth: number, offset: number): Promise<string> => {
    const h = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri: uri(file) }, position: positionOf(body, needle, nth, offset) });
    assert.ok(h, `a hover at '${needle}'`);
    return (h.contents as MarkupContent).value;
  };

  it('shows a tensor\'s declaration, shape, dtype and placement from the checked program', async () => {
    client.open(calls, text);
    await client.diagnosticsOf(calls);
    const ws = await hoverAt(calls, text, 'DmaCopy ws <- w', 0, 9);
    assert.match(ws, /```bir\nsbuf ws : bf16\[K, N\]\n```/);
    assert.match(ws, /SBUF, bf16\[128, 320\]/);
    assert.match(ws, /partitions 0–127, bytes 0–639 of each \(640 bytes per partition/);
    const xT = await hoverAt(calls, text, 'sbuf xT', 0, 6);
    assert.match(xT, /bytes 640–895 of each \(256 bytes per partition/);
    const acc = await hoverAt(calls, text, 'MatMult acc <- xT, w', 0, 9);
    assert.match(acc, /PSUM, f32\[128, 128\]/);
    assert.match(acc, /PSUM bank 0: partitions 0–127, bytes 0–511/);
    const x = await hoverAt(calls, text, 'DmaCopy xT <- x[', 0, 14);
    assert.match(x, /DRAM, f32\[256, 128\], 131,072 bytes, the program's input/);
    const m = await hoverAt(calls, text, 'r0 in 0..M/TM', 0, 9);
    assert.match(m, /const M = 256[\s\S]*= 256/);
    const param = await hoverAt(calls, text, 'DmaCopy dst <- out', 0, 9);
    assert.match(param, /a parameter of `full_tile`: a view in DRAM, f32\[128, 128\]/);
    const fn = await hoverAt(calls, text, 'call epilogue', 0, 6);
    assert.match(fn, /```bir\nfunc epilogue\(dst: sbuf f32\[TM, CH\], src: psum f32\[TM, CH\], r3\)\n```/);
  });

  it('documents opcodes, attributes and their words from the opcode records', async () => {
    client.open(calls, text);
    const op = await hoverAt(calls, text, 'MatMult acc', 0, 2);
    assert.ok(op.includes(`**MatMult** [PE]: ${OPCODES.get('MatMult')!.summary}`), op);
    assert.match(op, /`accumulate`/);
    const attr = await hoverAt(calls, text, 'scale = r3', 0, 2);
    assert.match(attr, /`scale`, an attribute of \*\*Activation\*\*: a number, a register or a \[P, 1\] tensor/);
    const word = await hoverAt(calls, text, 'func = relu', 0, 8);
    assert.match(word, /`relu`: a value of `func` of \*\*Activation\*\*/);
  });

  it('documents every opcode and each of its attributes, on a line still being typed', async () => {
    client.open(calls, text);
    let body = text;
    for (const op of OPCODES.values()) {
      const line = `  ${op.name} out <- acc, `;
      body = text.replace('  DmaCopy dst <- out\n}\n\n# The same', `  DmaCopy dst <- out\n${line}\n}\n\n# The same`);
      client.change(calls, body);
      const doc = await hoverAt(calls, body, `\n${line}\n`, 0, 3);
      assert.ok(doc.startsWith(`**${op.name}** [${op.engine}]: ${op.summary}`), `${op.name}: ${doc}`);
      const attrs = (ATTRIBUTES as Record<string, Record<string, unknown> | undefined>)[op.name] ?? {};
      for (const a of Object.keys(attrs)) assert.ok(doc.includes(`- \`${a}\`: `), `${op.name}'s ${a} documented: ${doc}`);
    }
  });

  const complete = async (_lines: string, lineText: string): Promise<CompletionItem[]> => {
    const file = path.join(dir, 'examples', 'calls_loops.bir');
    const body = text.replace('  DmaCopy dst <- out\n}\n\n# The same', `  DmaCopy dst <- out\n${lineText}\n}\n\n# The same`);
    client.change(file, body);
    const position = positionOf(body, `\n${lineText}\n`, 0, lineText.length + 1);
    const found = await client.request<CompletionItem[] | CompletionList>('textDocument/completion', { textDocument: { uri: uri(file) }, position });
    return Array.isArray(found) ? found : found.items;
  };

  it('completes opcodes and statements where a statement starts, declarations at the top level', async () => {
    client.open(calls, text);
    const labels = (await complete('', '  Mat')).map((i) => i.label);
    for (const o of OPCODES.keys()) assert.ok(labels.includes(o), o);
    for (const s of ['Set', 'for', 'call', 'sbuf']) assert.ok(labels.includes(s), s);
    const top = text.replace('const M = 256', 'const M = 256\nd');
    client.change(calls, top);
    const found = await client.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri: uri(calls) }, position: positionOf(top, '\nd\n', 0, 2) });
    assert.deepStrictEqual(found.map((i) => i.label).sort(), ['const', 'cores', 'dram', 'func', 'import', 'module']);
  });

  it('completes an opcode\'s attributes (not those written) and the names in scope, with their types', async () => {
    client.open(calls, text);
    const items = await complete('', '  TensorScalar out <- acc, op = mul, ');
    const attrs = items.filter((i) => i.detail === 'attribute of TensorScalar').map((i) => i.label).sort();
    assert.deepStrictEqual(attrs, Object.keys(ATTRIBUTES.TensorScalar).filter((a) => a !== 'op').sort());
    const names = new Map(items.map((i) => [i.label, i.detail]));
    assert.strictEqual(names.get('acc'), 'psum f32[TM, TN]');
    assert.strictEqual(names.get('dst'), 'dram f32[TM, TN]');
    assert.strictEqual(names.get('r2'), 'register');
    assert.strictEqual(names.get('TM'), 'const');
    assert.ok(!names.has('ws'), 'main\'s tensors are not in scope in full_tile');
  });

  it('completes the size of the dimension inside a tensor\'s brackets, as its declaration writes it, an array of tiles\' too', async () => {
    client.open(calls, text);
    const sizes = async (lineText: string) => (await complete('', lineText)).filter((i) => i.kind === CompletionItemKind.Value).map((i) => `${i.label} (${i.detail})`);
    assert.deepStrictEqual(await sizes('  TensorCopy out <- acc['), ['0:TM (dimension 0 of acc (f32[TM, TN]): every index)', 'TM-1 (dimension 0 of acc (f32[TM, TN]): the last index)']);
    assert.deepStrictEqual(await sizes('  TensorCopy out <- acc[0:TM, r2*CH : r2*CH+CH], xT[0:K, '), ['0:TM (dimension 1 of xT (bf16[K, TM]): every index)', 'TM-1 (dimension 1 of xT (bf16[K, TM]): the last index)']);
    assert.deepStrictEqual(await sizes('  TensorCopy dst[0:TM, '), ['0:TN (dimension 1 of dst (f32[TM, TN]): every index)', 'TN-1 (dimension 1 of dst (f32[TM, TN]): the last index)']);
    const tiles = '  sbuf tl[2][4] : f32[TM, 8]\n  TensorCopy out <- tl';
    assert.deepStrictEqual(await sizes(`${tiles}[`), ['1 (array dimension 0 of tl (2 × 4 tiles of f32[TM, 8]): the last index)']);
    assert.deepStrictEqual(await sizes(`${tiles}[1][`), ['3 (array dimension 1 of tl (2 × 4 tiles of f32[TM, 8]): the last index)']);
    assert.deepStrictEqual(await sizes(`${tiles}[1][r2][0:TM, `), ['0:8 (dimension 1 of tl (f32[TM, 8]): every index)', '7 (dimension 1 of tl (f32[TM, 8]): the last index)']);
    assert.deepStrictEqual(await sizes('  TensorCopy out <- ws['), [], 'main\'s tensor is not in scope in full_tile');
    assert.deepStrictEqual(await sizes('  TensorCopy out <- acc[0:TM, 0:TN, '), [], 'acc has two dimensions');
    const names = (await complete('', '  TensorCopy out <- acc[')).map((i) => i.label);
    assert.ok(names.includes('r2') && names.includes('TM'), `the names in scope follow the sizes: ${names.join(', ')}`);
  });

  /** Signature help at the end of `lineText` (or at `offset` in it), added as a line of full_tile. */
  const signature = async (lineText: string, offset = lineText.length): Promise<{ label: string; active: string } | null> => {
    const file = path.join(dir, 'examples', 'calls_loops.bir');
    const body = text.replace('  DmaCopy dst <- out\n}\n\n# The same', `  DmaCopy dst <- out\n${lineText}\n}\n\n# The same`);
    client.change(file, body);
    const position = positionOf(body, `\n${lineText}\n`, 0, offset + 1);
    const help = await client.request<SignatureHelp | null>('textDocument/signatureHelp', { textDocument: { uri: uri(file) }, position });
    if (!help) return null;
    const sig = help.signatures[help.activeSignature ?? 0];
    const [from, to] = sig.parameters![help.activeParameter ?? 0].label as [number, number];
    return { label: sig.label, active: sig.label.slice(from, to) };
  };

  it('inlay hints asked for before the opened file is checked are asked again once it is (a refresh)', async () => {
    // The editor asks for hints as soon as it shows a file, before the server's first check made the program they
    // read: without a refresh the hints stayed empty until the first edit.
    await client.stop();
    client = new LspClient();
    let refreshed: (() => void) | undefined;
    const refresh = new Promise<void>((resolve) => (refreshed = resolve));
    client.connection.onRequest('workspace/inlayHint/refresh', () => {
      refreshed?.();
      return null;
    });
    await client.start(dir, undefined, { workspace: { inlayHint: { refreshSupport: true } } });
    client.open(calls, text);
    const all = { start: { line: 0, character: 0 }, end: { line: text.split('\n').length, character: 0 } };
    await client.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri: uri(calls) }, range: all });
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no inlay hint refresh after the first check')), 20000)));
    await Promise.race([refresh, limit]).finally(() => clearTimeout(timer));
    const hints = await client.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri: uri(calls) }, range: all });
    assert.ok(hints.some((h) => String(h.label).startsWith('SBUF partitions')), 'the hints of the checked program');
  });

  it('inlay hints: the settings bir.inlayHints.placements and operandShapes turn each kind off, read from the editor, refreshed on a change', async () => {
    // An editor that answers workspace/configuration (as VS Code and nvim do) and refreshes hints when asked.
    await client.stop();
    client = new LspClient();
    let settings: Record<string, unknown> = {};
    const asked: string[] = [];
    let refreshed: (() => void) | undefined;
    client.connection.onRequest('workspace/configuration', (p: { items: { section?: string }[] }) => p.items.map((i) => {
      asked.push(i.section ?? '');
      return i.section === 'bir.inlayHints' ? settings : null;
    }));
    client.connection.onRequest('workspace/inlayHint/refresh', () => {
      refreshed?.();
      return null;
    });
    await client.start(dir, undefined, { workspace: { configuration: true, inlayHint: { refreshSupport: true } } });
    client.open(calls, text);
    await client.diagnosticsOf(calls);
    const all = { start: { line: 0, character: 0 }, end: { line: text.split('\n').length, character: 0 } };
    const kinds = async (): Promise<string[]> => {
      const hints = await client.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri: uri(calls) }, range: all });
      return [...new Set(hints.map((h) => (/^(SBUF|PSUM)/.test(String(h.label)) ? 'placement' : 'shape')))].sort();
    };
    assert.deepStrictEqual(await kinds(), ['placement', 'shape'], 'both on when nothing is set');
    settings = { placements: false };
    assert.deepStrictEqual(await kinds(), ['shape']);
    settings = { operandShapes: false, placements: true };
    assert.deepStrictEqual(await kinds(), ['placement']);
    settings = { operandShapes: 'no', placements: 0 };
    assert.deepStrictEqual(await kinds(), ['placement', 'shape'], 'a value that is not a boolean leaves the kind on');
    assert.ok(asked.every((s) => s === 'bir.inlayHints') && asked.length === 4, `asked for ${asked.join(', ')}`);
    const refresh = new Promise<void>((resolve) => (refreshed = resolve));
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: { bir: { inlayHints: { placements: false } } } });
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no inlay hint refresh after a change of the settings')), 10000)));
    await Promise.race([refresh, limit]).finally(() => clearTimeout(timer));
  });

  it('inlay hints: each allocation\'s place in SBUF or PSUM at the end of its declaration, within the range asked for', async () => {
    client.open(calls, text);
    await client.diagnosticsOf(calls);
    const lines = text.split('\n');
    const all = { start: { line: 0, character: 0 }, end: { line: lines.length, character: 0 } };
    const every = await client.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri: uri(calls) }, range: all });
    const hints = every.filter((h) => /^(SBUF|PSUM)/.test(String(h.label)));
    const at = (decl: string): InlayHint | undefined => hints.find((h) => lines[h.position.line].trimStart().startsWith(decl));
    const ws = at('sbuf ws ');
    assert.strictEqual(ws?.label, 'SBUF partitions 0–127, bytes 0–639');
    assert.strictEqual(ws.position.character, lines[ws.position.line].indexOf('bf16[K, N]') + 'bf16[K, N]'.length, 'after the type, before the comment');
    assert.strictEqual(at('sbuf xT ')?.label, 'SBUF partitions 0–127, bytes 640–895');
    assert.strictEqual(at('psum acc ')?.label, 'PSUM bank 0 partitions 0–127, bytes 0–511');
    const allocations = lines.filter((l) => /^\s*(sbuf|psum) \w+ :/.test(l)).length;
    assert.strictEqual(hints.length, allocations, 'one per allocation');
    // Only the lines asked for.
    const first = ws.position.line;
    const some = await client.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri: uri(calls) }, range: { start: { line: first, character: 0 }, end: { line: first, character: 0 } } });
    assert.deepStrictEqual(some.map((h) => h.label), [ws.label]);
  });

  it('inlay hints: the type of each operand that indexes or views its tensor, after it; none after a bare name', async () => {
    const source = ['module m', 'dram x : f32[256, 128] input = random(seed=1)', 'func main() {', '  sbuf t : f32[128, 128]', '  sbuf c : f32[128, 1]',
      '  DmaCopy t <- x[0:128, 0:128].T', '  for r1 in 0..4 {', '    TensorScalar c <- t[0:128, r1:r1+1], op = mul, scalar = t[0:128, 5:6]', '  }', '  TensorCopy t <- t', '}', ''].join('\n');
    const file = path.join(dir, 'shapes.bir');
    fs.writeFileSync(file, source);
    client.open(file, source);
    await client.diagnosticsOf(file);
    const lines = source.split('\n');
    const all = { start: { line: 0, character: 0 }, end: { line: lines.length, character: 0 } };
    const hints = (await client.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri: uri(file) }, range: all })).filter((h) => !/^(SBUF|PSUM)/.test(String(h.label)));
    const shown = hints.map((h) => `${h.position.line + 1}:${lines[h.position.line].slice(0, h.position.character).trimStart()} ${String(h.label)}`);
    assert.deepStrictEqual(shown, [
      '6:DmaCopy t <- x[0:128, 0:128].T f32[128, 128]',
      '8:TensorScalar c <- t[0:128, r1:r1+1] f32[128, 1]',
      '8:TensorScalar c <- t[0:128, r1:r1+1], op = mul, scalar = t[0:128, 5:6] f32[128, 1]',
    ]);
  });

  it('signature help: an instruction\'s destination, operands and attributes, the one being written highlighted', async () => {
    client.open(calls, text);
    const mm = await signature('  MatMult acc <- xT, ');
    assert.strictEqual(mm?.label, `MatMult dst <- stationary, moving, ${Object.keys(ATTRIBUTES.MatMult).map((a) => `${a} = …`).join(', ')}`);
    assert.strictEqual(mm.active, 'moving');
    assert.strictEqual((await signature('  MatMult acc'))?.active, 'dst');
    assert.strictEqual((await signature('  MatMult acc <- xT'))?.active, 'stationary');
    assert.strictEqual((await signature('  MatMult acc <- xT, w, accumulate = r0'))?.active, 'accumulate = …');
    assert.strictEqual((await signature('  TensorScalar out <- acc, op = mul, scalar = 2, op1 = '))?.active, 'op1 = …');
    // A half-typed operand, and the cursor back in the middle of a written line.
    assert.strictEqual((await signature('  TensorTensor out <- acc, acc[0:'))?.active, 'b');
    assert.strictEqual((await signature('  TensorTensor out <- acc, acc, op = add', '  TensorTensor out <- a'.length))?.active, 'a');
    // On the opcode itself, and on a statement that is not an instruction: none.
    assert.strictEqual(await signature('  MatMult'), null);
    assert.strictEqual(await signature('  Set r1 = 3'), null);
  });

  it('signature help names as many operands as the checker takes, for every instruction', () => {
    for (const info of OPCODES.values()) {
      const operands = info.operands;
      if (!operands) continue;
      const dst = info.name === 'Barrier' ? '' : info.name === 'Load' ? ' r1 <-' : ' t <-';
      const program = `module m\nfunc main() {\n  sbuf t : f32[4, 4]\n  ${info.name}${dst} ${Array(operands.length + 1).fill('t').join(', ')}\n}\n`;
      const { diagnostics } = checkProgram('/virtual/m.bir', { host: { readText: () => program, exists: () => true } });
      assert.ok(diagnostics.some((d) => d.message.includes(`${info.name} takes ${operands.length} operand`)), `${info.name}: ${diagnostics.map((d) => d.message).join('; ')}`);
    }
  });

  it('completes the words an attribute allows', async () => {
    client.open(calls, text);
    const items = await complete('', '  Activation out <- out, func = ');
    assert.deepStrictEqual(items.map((i) => i.label).sort(), [...ACTIVATION_FUNCTIONS].sort());
  });

  it('completes functions after call, an imported module\'s after m::, and dtypes in a type', async () => {
    client.open(calls, text);
    const fns = (await complete('', '  call ')).map((i) => i.label).sort();
    assert.deepStrictEqual(fns, ['edge_tile', 'epilogue', 'full_tile', 'main']);
    const dtypes = (await complete('', '  sbuf t : ')).map((i) => i.label);
    assert.ok(dtypes.includes('bf16') && dtypes.includes('fp8e4m3'), JSON.stringify(dtypes));
    const cores = path.join(dir, 'good', 'cores.bir');
    const body = read(cores).replace('    call tiles::scale(tile, 2.5)', '    call tiles::');
    client.open(cores, body);
    const found = await client.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri: uri(cores) }, position: positionOf(body, 'call tiles::', 0, 12) });
    assert.deepStrictEqual(found.map((i) => i.label), ['scale']);
    const modules = await client.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri: uri(cores) }, position: positionOf(body, 'call tiles::', 0, 5) });
    assert.ok(modules.some((i) => i.label === 'tiles' && i.insertText === 'tiles::'), JSON.stringify(modules));
  });
});
