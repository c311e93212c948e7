/**
 * Semantic tokens over the wire: each name by what it names (tensors with their memory, parameters, registers,
 * constants, functions, modules), opcodes with their engine, keywords, dtypes, attributes and their words, numbers
 * and strings; and package.json's scopes for them are the grammar's (syntaxes/bir.tmLanguage.json), so that the
 * colours stay the grammar's.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { SemanticTokens, SemanticTokensLegend } from 'vscode-languageserver-protocol';
import { ensureServerBuilt, LspClient, REPO, uri } from '../helpers/lsp-client';

const MAIN = `module m
import "lib/tiles.bir"

const N = 128
dram x : f32[N, 64] input = random(seed=1)
dram y : f32[N, 64] output

func main() {
  sbuf a : bf16[N, 64]
  psum acc : f32[64, 64]
  for r0 in 0..2 step 1 independent {
    DmaCopy a <- x
  }
  MatMult acc <- a, a
  Activation a <- a, func = relu, scale = 0.5
  Print "sum", sum(a)
  Assert.close a, a, atol = 0.1
  call tiles::f(a, r0)
  call g(y)
}

func g(d: dram f32[N, 64]) {
  if N > 1 {
    return
  } else {
    return
  }
}
`;

const TILES = 'module tiles\nfunc f(t: sbuf bf16[128, 64], r3) {\n  Memset t <- r3\n}\n';

interface Decoded { readonly text: string; readonly line: number; readonly type: string; readonly modifiers: string[] }

function decode(tokens: SemanticTokens, legend: SemanticTokensLegend, text: string): Decoded[] {
  const lines = text.split('\n');
  const out: Decoded[] = [];
  let line = 0;
  let char = 0;
  for (let i = 0; i < tokens.data.length; i += 5) {
    const [dl, dc, length, type, mods] = tokens.data.slice(i, i + 5);
    line += dl;
    char = dl === 0 ? char + dc : dc;
    out.push({ text: lines[line].slice(char, char + length), line, type: legend.tokenTypes[type], modifiers: legend.tokenModifiers.filter((_, b) => mods & (1 << b)) });
  }
  return out;
}

describe('language server: semantic tokens', function () {
  this.timeout(120000);
  let dir: string;
  let client: LspClient;
  let tokens: Decoded[];
  let legend: SemanticTokensLegend;

  before(() => ensureServerBuilt());

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-tokens-'));
    fs.mkdirSync(path.join(dir, 'lib'));
    fs.writeFileSync(path.join(dir, 'lib', 'tiles.bir'), TILES);
    const main = path.join(dir, 'main.bir');
    fs.writeFileSync(main, MAIN);
    client = new LspClient();
    const capabilities = await client.start(dir) as { semanticTokensProvider: { legend: SemanticTokensLegend; full: boolean; range: boolean } };
    assert.strictEqual(capabilities.semanticTokensProvider.full, true);
    assert.strictEqual(capabilities.semanticTokensProvider.range, true);
    legend = capabilities.semanticTokensProvider.legend;
    client.open(main, MAIN);
    const answer = await client.request<SemanticTokens>('textDocument/semanticTokens/full', { textDocument: { uri: uri(main) } });
    tokens = decode(answer, legend, MAIN);
  });

  afterEach(async () => {
    await client.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The type and modifiers of the nth token of that text. */
  const kindOf = (text: string, nth = 0): string => {
    const t = tokens.filter((x) => x.text === text)[nth];
    assert.ok(t, `a token '${text}' (#${nth}): ${JSON.stringify(tokens.map((x) => x.text))}`);
    return [t.type, ...t.modifiers].join('.');
  };

  it('marks tensors by their memory, and parameters, registers, constants, functions and modules', () => {
    assert.strictEqual(kindOf('x'), 'variable.declaration.dram');
    assert.strictEqual(kindOf('x', 1), 'variable.dram');
    assert.strictEqual(kindOf('a'), 'variable.declaration.sbuf');
    assert.strictEqual(kindOf('a', 1), 'variable.sbuf');
    assert.strictEqual(kindOf('acc', 1), 'variable.psum');
    assert.strictEqual(kindOf('N'), 'variable.declaration.readonly');
    assert.strictEqual(kindOf('N', 1), 'variable.readonly');
    assert.strictEqual(kindOf('r0'), 'register.declaration');
    assert.strictEqual(kindOf('main'), 'function.declaration');
    assert.strictEqual(kindOf('g'), 'function');
    assert.strictEqual(kindOf('g', 1), 'function.declaration');
    assert.strictEqual(kindOf('d'), 'parameter.declaration.dram');
    assert.strictEqual(kindOf('m'), 'namespace.declaration');
    assert.strictEqual(kindOf('tiles'), 'namespace');
    assert.strictEqual(kindOf('f'), 'function');
  });

  it('marks opcodes with their engine, keywords, dtypes, attributes, words, numbers and strings', () => {
    assert.strictEqual(kindOf('MatMult'), 'opcode.defaultLibrary.pe');
    assert.strictEqual(kindOf('DmaCopy'), 'opcode.defaultLibrary.dma');
    assert.strictEqual(kindOf('Activation'), 'opcode.defaultLibrary.act');
    assert.strictEqual(kindOf('Print'), 'opcode.defaultLibrary.sp');
    assert.strictEqual(kindOf('close'), 'opcode.defaultLibrary.sp');
    assert.strictEqual(kindOf('module'), 'keyword');
    assert.strictEqual(kindOf('import'), 'keyword');
    assert.strictEqual(kindOf('const'), 'keyword.storage');
    assert.strictEqual(kindOf('func'), 'keyword.storage');
    assert.strictEqual(kindOf('dram'), 'keyword.dram');
    assert.strictEqual(kindOf('dram', 2), 'keyword.dram');
    assert.strictEqual(kindOf('psum'), 'keyword.psum');
    assert.strictEqual(kindOf('input'), 'modifier');
    for (const k of ['for', 'in', 'step', 'independent', 'call', 'if', 'else', 'return']) assert.strictEqual(kindOf(k), 'keyword.control', k);
    assert.strictEqual(kindOf('f32'), 'type');
    assert.strictEqual(kindOf('bf16'), 'type');
    assert.strictEqual(kindOf('func', 1), 'property');
    assert.strictEqual(kindOf('relu'), 'enumMember');
    assert.strictEqual(kindOf('scale'), 'property');
    assert.strictEqual(kindOf('atol'), 'property');
    assert.strictEqual(kindOf('sum'), 'function.defaultLibrary');
    assert.strictEqual(kindOf('128'), 'number');
    assert.strictEqual(kindOf('0.5'), 'number');
    assert.strictEqual(kindOf('"sum"'), 'string');
    assert.strictEqual(kindOf('"lib/tiles.bir"'), 'string');
    assert.ok(!tokens.some((t) => t.text === 'seed'), 'a named argument is left to the grammar');
  });

  it('answers a range with the tokens of its lines, as the whole file has them', async () => {
    const answer = await client.request<SemanticTokens>('textDocument/semanticTokens/range', { textDocument: { uri: uri(path.join(dir, 'main.bir')) }, range: { start: { line: 13, character: 0 }, end: { line: 15, character: 0 } } });
    const shown = (list: Decoded[]): string[] => list.map((t) => `${t.line} ${t.text} ${[t.type, ...t.modifiers].join('.')}`);
    const whole = tokens.filter((t) => t.line >= 13 && t.line <= 15);
    assert.ok(whole.length > 5);
    assert.deepStrictEqual(shown(decode(answer, legend, MAIN)), shown(whole));
  });

  it('package.json gives every type and modifier a scope, each the grammar\'s but the tensors\' own', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));
    const grammar = fs.readFileSync(path.join(REPO, 'syntaxes', 'bir.tmLanguage.json'), 'utf8');
    const scopes: Record<string, string[]> = pkg.contributes.semanticTokenScopes.find((s: { language: string }) => s.language === 'bir').scopes;
    for (const t of new Set(tokens.map((x) => [x.type, ...x.modifiers.filter((m) => m !== 'declaration')].join('.')))) {
      const key = Object.keys(scopes).filter((k) => k.split('.').every((part) => t.split('.').includes(part))).sort((a, b) => b.length - a.length)[0];
      assert.ok(key, `a scope for ${t}`);
    }
    for (const [key, [scope]] of Object.entries(scopes)) {
      if (key.startsWith('variable.') && /dram|sbuf|psum/.test(key)) continue;
      if (key === 'variable.readonly') continue;
      assert.ok(grammar.includes(`"${scope}"`), `${key}: the grammar has ${scope}`);
    }
    const declared = new Set([...pkg.contributes.semanticTokenModifiers.map((m: { id: string }) => m.id), 'declaration', 'readonly', 'defaultLibrary']);
    for (const t of tokens) for (const m of t.modifiers) assert.ok(declared.has(m), `modifier ${m} is contributed`);
  });
});
