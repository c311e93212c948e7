// The TextMate grammar (syntaxes/bir.tmLanguage.json) and the language configuration
// (syntaxes/language-configuration.json), loaded the way VS Code loads them: vscode-textmate over the
// vscode-oniguruma WebAssembly regex engine. Real files are tokenized (every program of examples/ and
// examples/faults/, and the good test programs) and the scopes of each kind of token are checked at exact
// positions; then every line of every file is checked for a keyword, opcode, dtype or register the grammar
// left without a scope. The opcode → engine, dtype and attribute-value lists come from the engine itself
// (engine/ir/opcodes.ts, engine/machine/dtypes.ts), so that the grammar cannot drift from the language.
//
// Run: npx mocha --no-config -r tsx/cjs --extension ts test/grammar/grammar.test.ts
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import * as oniguruma from 'vscode-oniguruma';
import * as vsctm from 'vscode-textmate';
import { ACTIVATION_FUNCTIONS, ALU_OPS, OPCODES, REDUCE_OPS } from '../../engine/ir/opcodes';
import { DTYPES } from '../../engine/base/dtype';

const ROOT = path.resolve(__dirname, '../..');
const GRAMMAR_FILE = path.join(ROOT, 'syntaxes/bir.tmLanguage.json');
const CONFIG_FILE = path.join(ROOT, 'syntaxes/language-configuration.json');
const WASM_FILE = path.join(ROOT, 'node_modules/vscode-oniguruma/release/onig.wasm');

const KEYWORDS = ['module', 'import', 'const', 'cores', 'dram', 'sbuf', 'psum', 'func', 'for', 'in', 'step', 'independent', 'if', 'else', 'call', 'return', 'input', 'output'];
const MEMORY_KINDS = ['dram', 'sbuf', 'psum'];
const REGISTERS = [...Array.from({ length: 16 }, (_, i) => `r${i}`), 'core', 'ncores'];

/** The scope of each opcode, from the engine that runs it (`Set` is a statement keyword). */
function opcodeScope(opcode: string): string {
  const info = OPCODES.get(opcode);
  assert.ok(info, `unknown opcode ${opcode}`);
  return opcode === 'Set' ? 'keyword.other.set.bir' : `support.function.${info.engine.toLowerCase()}.bir`;
}

// ---------------------------------------------------------------------------------------------
// Loading and tokenizing

interface Token {
  readonly text: string;
  readonly start: number;
  readonly end: number;
  readonly scopes: readonly string[];
}

interface Tokenized {
  readonly name: string;
  readonly lines: readonly string[];
  readonly tokens: readonly (readonly Token[])[];
  /** The rule stack after each line. */
  readonly stacks: readonly vsctm.StateStack[];
}

let grammar: vsctm.IGrammar;

async function loadGrammar(): Promise<vsctm.IGrammar> {
  const wasm = fs.readFileSync(WASM_FILE);
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (sources: string[]) => new oniguruma.OnigScanner(sources),
      createOnigString: (text: string) => new oniguruma.OnigString(text),
    }),
    loadGrammar: async (scopeName: string) =>
      scopeName === 'source.bir' ? vsctm.parseRawGrammar(fs.readFileSync(GRAMMAR_FILE, 'utf8'), GRAMMAR_FILE) : null,
  });
  const loaded = await registry.loadGrammar('source.bir');
  assert.ok(loaded, 'the grammar source.bir did not load');
  return loaded;
}

function tokenize(text: string, name = '<text>'): Tokenized {
  const lines = text.split(/\r?\n/);
  const tokens: Token[][] = [];
  const stacks: vsctm.StateStack[] = [];
  let stack = vsctm.INITIAL;
  for (const line of lines) {
    const result = grammar.tokenizeLine(line, stack);
    tokens.push(result.tokens.map((t) => ({
      text: line.slice(t.startIndex, Math.min(t.endIndex, line.length)),
      start: t.startIndex,
      end: Math.min(t.endIndex, line.length),
      scopes: t.scopes,
    })));
    stack = result.ruleStack;
    stacks.push(stack);
  }
  return { name, lines, tokens, stacks };
}

const fileCache = new Map<string, Tokenized>();

/** A file relative to the repository root, tokenized once. */
function file(rel: string): Tokenized {
  let doc = fileCache.get(rel);
  if (!doc) {
    doc = tokenize(fs.readFileSync(path.join(ROOT, rel), 'utf8'), rel);
    fileCache.set(rel, doc);
  }
  return doc;
}

function birFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir))
    .filter((f) => f.endsWith('.bir'))
    .sort()
    .map((f) => `${dir}/${f}`);
}

const EXAMPLES = [...birFiles('examples'), ...birFiles('examples/faults')];
const GOOD_PROGRAMS = [...birFiles('test/programs/good'), ...birFiles('test/programs/good/lib')];
const BAD_PROGRAMS = [...birFiles('test/programs/bad'), ...birFiles('test/programs/bad/lib')];

function describeLine(doc: Tokenized, index: number): string {
  return doc.tokens[index].map((t) => `${JSON.stringify(t.text)}@${t.start} ${t.scopes.slice(1).join(' ')}`).join('\n    ');
}

/** The index of the line: `line` is a 1-based line number, or text that the line contains (the first such line). */
function lineIndex(doc: Tokenized, line: number | string): number {
  const index = typeof line === 'number' ? line - 1 : doc.lines.findIndex((l) => l.includes(line));
  assert.ok(index >= 0 && index < doc.lines.length, `${doc.name}: no line ${JSON.stringify(line)}`);
  return index;
}

/**
 * The scopes of the token that starts where the `nth` (1-based) occurrence of `needle` starts on the line
 * chosen by `line` (a needle that starts or ends with a word character is found as a whole word). Fails when the needle is missing or when no token starts exactly there (the grammar
 * glued it to the text before it).
 */
function scopesAt(doc: Tokenized, line: number | string, needle: string, nth = 1): readonly string[] {
  return tokenAt(doc, line, needle, nth).scopes;
}

function tokenAt(doc: Tokenized, line: number | string, needle: string, nth = 1): Token {
  const index = lineIndex(doc, line);
  const text = doc.lines[index];
  // Whole words only: `0` is not found inside `r0`, nor `in` inside `input`.
  const isWord = (c: string | undefined): boolean => c !== undefined && /[A-Za-z0-9_]/.test(c);
  let col = -1;
  for (let i = 0; i < nth; i++) {
    do {
      col = text.indexOf(needle, col + 1);
    } while (col >= 0 && ((isWord(needle[0]) && isWord(text[col - 1])) || (isWord(needle[needle.length - 1]) && isWord(text[col + needle.length]))));
    assert.ok(col >= 0, `${doc.name}:${index + 1}: occurrence ${nth} of ${JSON.stringify(needle)} not found in ${JSON.stringify(text)}`);
  }
  const token = doc.tokens[index].find((t) => t.start === col);
  assert.ok(token, `${doc.name}:${index + 1}: no token starts at ${JSON.stringify(needle)} (column ${col + 1}); tokens:\n    ${describeLine(doc, index)}`);
  return token;
}

/** Asserts that the token starting at `needle` has every scope of `expected` (and, with `exact`, exactly `needle` as its text). */
function expectScopes(doc: Tokenized, line: number | string, needle: string, expected: string | readonly string[], options: { nth?: number; exact?: boolean } = {}): void {
  const token = tokenAt(doc, line, needle, options.nth ?? 1);
  for (const scope of typeof expected === 'string' ? [expected] : expected) {
    assert.ok(token.scopes.includes(scope), `${doc.name}: ${JSON.stringify(needle)} on line ${JSON.stringify(line)} should have ${scope}, has ${token.scopes.join(' ')}`);
  }
  if (options.exact ?? true) {
    assert.equal(token.text, needle, `${doc.name}: the token at ${JSON.stringify(needle)} is ${JSON.stringify(token.text)}`);
  }
}

function expectNotScoped(doc: Tokenized, line: number | string, needle: string, prefix: string, nth = 1): void {
  const scopes = scopesAt(doc, line, needle, nth);
  assert.ok(!scopes.some((s) => s.startsWith(prefix)), `${doc.name}: ${JSON.stringify(needle)} should not have ${prefix}*, has ${scopes.join(' ')}`);
}

/** The scopes that colour a token: all but the root and the meta scopes. */
function colouring(token: Token): string[] {
  return token.scopes.filter((s) => s !== 'source.bir' && !s.startsWith('meta.'));
}

// ---------------------------------------------------------------------------------------------

describe('BIR TextMate grammar', function () {
  this.timeout(60000);

  before(async () => {
    grammar = await loadGrammar();
  });

  describe('the grammar file', () => {
    const raw = fs.readFileSync(GRAMMAR_FILE, 'utf8');

    it('is valid JSON with scopeName source.bir and the .bir file type', () => {
      const json = JSON.parse(raw);
      assert.equal(json.scopeName, 'source.bir');
      assert.equal(json.name, 'BIR');
      assert.deepEqual(json.fileTypes, ['bir']);
      assert.ok(Array.isArray(json.patterns) && json.patterns.length > 0);
    });

    it('includes only rules that exist in its repository, and every repository rule is used', () => {
      const json = JSON.parse(raw);
      const defined = new Set(Object.keys(json.repository));
      const used = new Set<string>();
      const visit = (node: unknown): void => {
        if (Array.isArray(node)) return node.forEach(visit);
        if (node && typeof node === 'object') {
          for (const [key, value] of Object.entries(node)) {
            if (key === 'include' && typeof value === 'string') {
              assert.ok(value.startsWith('#'), `external include ${value}`);
              assert.ok(defined.has(value.slice(1)), `include of a missing rule: ${value}`);
              used.add(value.slice(1));
            } else {
              visit(value);
            }
          }
        }
      };
      visit(json);
      assert.deepEqual([...defined].filter((r) => !used.has(r)), [], 'unused repository rules');
    });

    it('has regular expressions that all compile in Oniguruma', () => {
      const json = JSON.parse(raw);
      const sources: string[] = [];
      const visit = (node: unknown): void => {
        if (Array.isArray(node)) return node.forEach(visit);
        if (node && typeof node === 'object') {
          for (const [key, value] of Object.entries(node)) {
            if ((key === 'match' || key === 'begin' || key === 'end') && typeof value === 'string') sources.push(value);
            else visit(value);
          }
        }
      };
      visit(json);
      assert.ok(sources.length > 30);
      for (const source of sources) {
        assert.doesNotThrow(() => new oniguruma.OnigScanner([source]).dispose(), `does not compile: ${source}`);
      }
    });
  });

  describe('comments', () => {
    it('scopes a full-line comment and its # (examples/matmul_tiled.bir)', () => {
      const doc = file('examples/matmul_tiled.bir');
      expectScopes(doc, 1, '#', ['comment.line.number-sign.bir', 'punctuation.definition.comment.bir']);
      expectScopes(doc, 1, ' matmul_tiled.bir', 'comment.line.number-sign.bir', { exact: false });
      // An opcode named in a comment is still comment text.
      const line = '# The PE array contracts over partitions: MatMult';
      expectScopes(doc, line, '#', 'comment.line.number-sign.bir');
      assert.ok(!doc.tokens[lineIndex(doc, line)].some((t) => t.scopes.some((s) => s.startsWith('support.function'))));
    });

    it('scopes a comment after a statement, and leaves the statement before it alone', () => {
      const doc = file('examples/matmul_tiled.bir');
      const line = 'const KT = 128';
      expectScopes(doc, line, '#', ['comment.line.number-sign.bir', 'punctuation.definition.comment.bir']);
      expectScopes(doc, line, '128', 'constant.numeric.bir');
      const fault = file('examples/faults/assert.bir');
      expectScopes(fault, 'Activation ys <- xs', '# should be', 'comment.line.number-sign.bir', { exact: false });
      expectScopes(fault, 'Activation ys <- xs', 'identity', 'support.constant.bir');
    });

    it('does not start a comment inside a string', () => {
      const doc = tokenize('  Print "a # b", x\n');
      expectScopes(doc, 1, '"', 'string.quoted.double.bir');
      expectNotScoped(doc, 1, 'x', 'comment');
    });
  });

  describe('keywords and declarations', () => {
    it('scopes module and its name', () => {
      const doc = file('examples/matmul_tiled.bir');
      expectScopes(doc, 'module matmul_tiled', 'module', 'keyword.other.bir');
      expectScopes(doc, 'module matmul_tiled', 'matmul_tiled', 'entity.name.namespace.bir');
    });

    it('scopes import and its path (test/programs/good/cores.bir)', () => {
      const doc = file('test/programs/good/cores.bir');
      expectScopes(doc, 'import "lib/tiles.bir"', 'import', 'keyword.other.bir');
      expectScopes(doc, 'import "lib/tiles.bir"', '"', ['string.quoted.double.bir', 'punctuation.definition.string.begin.bir']);
      expectScopes(doc, 'import "lib/tiles.bir"', 'lib/tiles.bir', 'string.quoted.double.bir');
    });

    it('scopes the cores a program declares (examples/two_cores.bir)', () => {
      const doc = file('examples/two_cores.bir');
      const line = doc.lines.indexOf('cores 2') + 1;
      expectScopes(doc, line, 'cores', 'keyword.other.bir');
      expectScopes(doc, line, '2', 'constant.numeric.bir');
      expectNotScoped(doc, 'module two_cores', 'two_cores', 'keyword.other.bir');
    });

    it('scopes const, the declared name and its value', () => {
      const doc = file('examples/attention.bir');
      expectScopes(doc, 'const SCALE', 'const', 'storage.type.bir');
      expectScopes(doc, 'const SCALE', 'SCALE', 'variable.other.declaration.bir');
      expectScopes(doc, 'const SCALE', '=', 'keyword.operator.assignment.bir');
      expectScopes(doc, 'const SCALE', '0.125', 'constant.numeric.bir');
      expectScopes(doc, 'const NEG', '-', 'keyword.operator.bir');
      expectScopes(doc, 'const NEG', '30000', 'constant.numeric.bir');
    });

    it('scopes dram declarations: memory, name, dtype, shape, input/output and initializers', () => {
      const doc = file('examples/matmul_tiled.bir');
      const a = 'dram a : f32[M, K]';
      expectScopes(doc, a, 'dram', ['storage.type.memory.bir', 'meta.declaration.tensor.bir']);
      expectScopes(doc, a, 'a', 'variable.other.declaration.bir');
      expectScopes(doc, a, ':', 'punctuation.separator.type.bir');
      expectScopes(doc, a, 'f32', ['storage.type.dtype.bir', 'meta.type.bir']);
      expectScopes(doc, a, '[', 'punctuation.section.brackets.begin.bir');
      expectScopes(doc, a, ']', 'punctuation.section.brackets.end.bir');
      expectScopes(doc, a, 'input', 'storage.modifier.bir');
      expectScopes(doc, a, 'random', 'support.function.initializer.bir');
      expectScopes(doc, a, 'seed', 'variable.parameter.bir');
      expectScopes(doc, a, '7', 'constant.numeric.bir');
      expectScopes(doc, 'dram b : bf16[K, N]', 'file', 'support.function.initializer.bir');
      expectScopes(doc, 'dram b : bf16[K, N]', '"data/', ['string.quoted.double.bir', 'punctuation.definition.string.begin.bir'], { exact: false });
      expectScopes(doc, 'dram c : f32[M, N]', 'output', 'storage.modifier.bir');
      expectScopes(file('examples/transpose.bir'), 'dram x : f32[R, C] input = iota', 'iota', 'support.constant.initializer.bir');
      expectScopes(file('examples/faults/division-by-zero.bir'), 'dram ntok', 'zeros', 'support.constant.initializer.bir');
      expectScopes(file('test/programs/good/every_opcode.bir'), 'const(0.5)', 'const', 'support.function.initializer.bir');
    });

    it('scopes sbuf and psum allocations and the declared names', () => {
      const doc = file('examples/matmul_tiled.bir');
      expectScopes(doc, 'sbuf aT ', 'sbuf', 'storage.type.memory.bir');
      expectScopes(doc, 'sbuf aT ', 'aT', 'variable.other.declaration.bir');
      expectScopes(doc, 'sbuf aT ', 'bf16', 'storage.type.dtype.bir');
      expectScopes(doc, 'psum acc ', 'psum', 'storage.type.memory.bir');
      expectScopes(doc, 'psum acc ', 'acc', 'variable.other.declaration.bir');
      expectScopes(doc, 'psum acc ', '#', 'comment.line.number-sign.bir');
    });

    it('scopes allocations in a block, their explicit place (offset, bank) and independent loops', () => {
      const doc = tokenize(['func main() {', '  for r0 in 0..4 step 2 independent {', '    psum acc : f32[128, 512], bank = 2', '    sbuf t : f32[128, 64], offset = 4096', '  }', '}'].join('\n'));
      expectScopes(doc, 2, 'independent', 'keyword.control.bir');
      expectScopes(doc, 3, 'psum', 'storage.type.memory.bir');
      expectScopes(doc, 3, 'acc', 'variable.other.declaration.bir');
      expectScopes(doc, 3, 'bank', 'variable.parameter.attribute.bir');
      expectScopes(doc, 3, '2', 'constant.numeric.bir');
      expectScopes(doc, 4, 'offset', 'variable.parameter.attribute.bir');
      expectScopes(doc, 4, '4096', 'constant.numeric.bir');
      const half = tokenize(['func main() {', '  sbuf h : f32[64, 64], partition = 64, offset = 0', '}'].join('\n'));
      expectScopes(half, 2, 'partition', 'variable.parameter.attribute.bir');
      expectScopes(half, 2, '64', 'constant.numeric.bir', { nth: 3 });
    });

    it('scopes an array of tiles: its dimensions where it is declared, its tiles where they are used', () => {
      const doc = tokenize(['func main() {', '  sbuf acc[NUM][2] : f32[128, 512], offset = 0', '  TensorTensor acc[r1][0] <- acc[r1][1][0:64, :], t, op = add', '}'].join('\n'));
      expectScopes(doc, 2, 'acc', 'variable.other.declaration.bir');
      expectScopes(doc, 2, '[', ['meta.array-dimensions.bir', 'punctuation.section.brackets.begin.bir']);
      expectScopes(doc, 2, 'NUM', 'meta.array-dimensions.bir');
      expectScopes(doc, 2, '2', ['meta.array-dimensions.bir', 'constant.numeric.bir']);
      expectScopes(doc, 2, '[', ['meta.array-dimensions.bir', 'punctuation.section.brackets.begin.bir'], { nth: 2 });
      expectScopes(doc, 2, ':', 'punctuation.separator.type.bir');
      expectScopes(doc, 2, 'f32', 'storage.type.dtype.bir');
      expectScopes(doc, 2, 'offset', 'variable.parameter.attribute.bir');
      expectScopes(doc, 3, 'r1', ['meta.access-pattern.bir', 'variable.language.register.bir']);
      expectScopes(doc, 3, '1', ['meta.access-pattern.bir', 'constant.numeric.bir']);
      expectScopes(doc, 3, '64', ['meta.access-pattern.bir', 'constant.numeric.bir']);
      expectScopes(doc, 3, ':', ['meta.access-pattern.bir', 'punctuation.separator.slice.bir']);
    });

    it('scopes func, its name, parameters, their memories and register parameters', () => {
      const doc = file('examples/calls_loops.bir');
      const line = 'func full_tile(';
      expectScopes(doc, line, 'func', 'storage.type.bir');
      expectScopes(doc, line, 'full_tile', 'entity.name.function.bir');
      expectScopes(doc, line, 'dst', 'variable.parameter.bir');
      expectScopes(doc, line, 'dram', 'storage.type.memory.bir');
      expectScopes(doc, line, 'sbuf', 'storage.type.memory.bir');
      expectScopes(doc, line, 'bf16', 'storage.type.dtype.bir');
      expectScopes(doc, line, 'r3', 'variable.language.register.bir');
      expectScopes(doc, line, '{', 'punctuation.section.block.begin.bir');
      expectScopes(doc, 'func main() {', 'main', 'entity.name.function.bir');
      expectScopes(file('test/programs/good/lib/tiles.bir'), 'func scale(', 'scale', 'entity.name.function.bir');
    });

    it('scopes for, in, step and the range', () => {
      const doc = file('examples/matmul_tiled.bir');
      const line = 'for r0 in 0..K/KT {';
      expectScopes(doc, line, 'for', 'keyword.control.bir');
      expectScopes(doc, line, 'r0', 'variable.language.register.bir');
      expectScopes(doc, line, 'in', 'keyword.control.bir');
      expectScopes(doc, line, '0', 'constant.numeric.bir');
      expectScopes(doc, line, '..', 'keyword.operator.range.bir');
      expectScopes(doc, line, '/', 'keyword.operator.bir');
      const control = file('test/programs/good/control.bir');
      expectScopes(control, 'for r0 in 0..8 step 2 {', 'step', 'keyword.control.bir');
      expectScopes(control, 'for r0 in 0..8 step 2 {', '8', 'constant.numeric.bir');
      expectScopes(file('examples/faults/invalid-loop.bir'), 'step r1', 'step', 'keyword.control.bir');
    });

    it('scopes if, else, else if and return', () => {
      const doc = file('test/programs/good/control.bir');
      expectScopes(doc, 'if r1 == 0 {', 'if', 'keyword.control.bir');
      expectScopes(doc, 'if r1 == 0 {', '==', 'keyword.operator.bir');
      expectScopes(doc, '} else if r1 < 12 {', '}', 'punctuation.section.block.end.bir');
      expectScopes(doc, '} else if r1 < 12 {', 'else', 'keyword.control.bir');
      expectScopes(doc, '} else if r1 < 12 {', 'if', 'keyword.control.bir');
      expectScopes(doc, '} else {', 'else', 'keyword.control.bir');
      expectScopes(doc, '  return', 'return', 'keyword.control.bir');
      expectScopes(file('examples/calls_loops.bir'), '} else {', 'else', 'keyword.control.bir');
    });

    it('scopes call and the called function, with module::name', () => {
      const doc = file('examples/calls_loops.bir');
      expectScopes(doc, 'call full_tile(', 'call', 'keyword.control.bir');
      expectScopes(doc, 'call full_tile(', 'full_tile', 'entity.name.function.call.bir');
      expectScopes(doc, 'call full_tile(', '(', 'punctuation.section.parens.begin.bir');
      expectScopes(doc, 'call full_tile(', 'ALPHA', 'meta.statement.call.bir');
      expectScopes(doc, 'call epilogue(out, acc, r3)', 'r3', 'variable.language.register.bir');
      const cores = file('test/programs/good/cores.bir');
      const line = 'call tiles::scale(tile, 2.5)';
      expectScopes(cores, line, 'tiles', ['entity.name.function.call.bir', 'entity.name.namespace.bir']);
      expectScopes(cores, line, '::', ['entity.name.function.call.bir', 'punctuation.separator.namespace.bir']);
      expectScopes(cores, line, 'scale', 'entity.name.function.call.bir');
      expectScopes(cores, line, '2.5', 'constant.numeric.bir');
    });

    it('scopes the Set statement, its register and =', () => {
      const doc = file('examples/two_cores.bir');
      expectScopes(doc, 'Set r0 = core * RC', 'Set', 'keyword.other.set.bir');
      expectScopes(doc, 'Set r0 = core * RC', 'r0', 'variable.language.register.bir');
      expectScopes(doc, 'Set r0 = core * RC', '=', 'keyword.operator.assignment.bir');
      expectScopes(doc, 'Set r0 = core * RC', 'core', 'variable.language.register.bir');
      expectScopes(doc, 'Set r0 = core * RC', '*', 'keyword.operator.bir');
      expectScopes(file('examples/faults/invalid-loop.bir'), 'Set r1 = floor(64 / r0)', 'floor', 'support.function.builtin.bir');
    });
  });

  describe('opcodes', () => {
    it('scopes each opcode by the engine that runs it, in the examples', () => {
      const cases: [string, string, string][] = [
        ['examples/matmul_tiled.bir', 'MatMult acc <- aT, bs', 'MatMult'],
        ['examples/transpose.bir', 'Transpose  tp <-', 'Transpose'],
        ['examples/softmax.bir', 'Activation   ex <- sh', 'Activation'],
        ['examples/matmul_tiled.bir', 'TensorCopy bs32 <- bs', 'TensorCopy'],
        ['examples/attention.bir', 'TensorTensor ok <-', 'TensorTensor'],
        ['examples/attention.bir', 'TensorScalar nmx <-', 'TensorScalar'],
        ['examples/attention.bir', 'TensorReduce mx  <-', 'TensorReduce'],
        ['examples/attention.bir', 'Select       ms <-', 'Select'],
        ['examples/rmsnorm.bir', 'Memset  ones <- 1.0', 'Memset'],
        ['examples/attention.bir', 'Iota         qi <-', 'Iota'],
        ['examples/matmul_tiled.bir', 'DmaCopy bs <-', 'DmaCopy'],
        ['examples/transpose.bir', 'Load r2 <- y[5, 7]', 'Load'],
        ['examples/two_cores.bir', '  Barrier', 'Barrier'],
        ['examples/matmul_tiled.bir', 'Print "c[0, 0:4] ="', 'Print'],
        ['examples/softmax.bir', 'Assert all(ys > 0)', 'Assert'],
        ['examples/matmul_tiled.bir', 'Assert.close cs, cs32', 'Assert.close'],
        ['examples/two_cores.bir', 'Set r0 = core', 'Set'],
      ];
      for (const [rel, line, opcode] of cases) {
        expectScopes(file(rel), line, opcode, [opcodeScope(opcode), opcode === 'Set' ? 'meta.statement.set.bir' : 'meta.instruction.bir']);
      }
      // The examples name the families the brief names.
      expectScopes(file('examples/matmul_tiled.bir'), 'MatMult acc <- aT, bs', 'MatMult', 'support.function.pe.bir');
      expectScopes(file('examples/softmax.bir'), 'Activation   ex <- sh', 'Activation', 'support.function.act.bir');
      expectScopes(file('examples/attention.bir'), 'Select       ms <-', 'Select', 'support.function.dve.bir');
      expectScopes(file('examples/attention.bir'), 'Iota         qi <-', 'Iota', 'support.function.pool.bir');
      expectScopes(file('examples/mlp.bir'), 'DmaCopy xT  <- x.T', 'DmaCopy', 'support.function.dma.bir');
      expectScopes(file('examples/matmul_tiled.bir'), 'Assert.close cs, cs32', 'Assert.close', 'support.function.sp.bir');
    });

    it('covers every opcode of the instruction set with its engine (engine/ir/opcodes.ts)', () => {
      for (const opcode of OPCODES.keys()) {
        const doc = tokenize(opcode === 'Set' ? '  Set r1 = 2' : `  ${opcode} x <- y, op = add`);
        expectScopes(doc, 1, opcode, opcodeScope(opcode));
      }
      // Every opcode also appears at the start of a statement in test/programs/good/every_opcode.bir.
      const doc = file('test/programs/good/every_opcode.bir');
      for (const opcode of OPCODES.keys()) {
        expectScopes(doc, opcode === 'Barrier' ? '  Barrier' : `  ${opcode} `, opcode, opcodeScope(opcode));
      }
    });

    it('recognises opcodes only at the start of a statement', () => {
      const doc = tokenize([
        'func main() {',
        '  DmaCopy Print <- Barrier',
        '  Print "MatMult", Select',
        '  sbuf Memset : f32[1, 1]',
        '  Set r0 = Load',
        '    MatMult acc <- a, b',
        '\tBarrier',
        '}',
      ].join('\n'));
      expectScopes(doc, 2, 'DmaCopy', 'support.function.dma.bir');
      expectNotScoped(doc, 2, 'Print', 'support.function');
      expectNotScoped(doc, 2, 'Barrier', 'support.function');
      expectNotScoped(doc, 3, 'Select', 'support.function');
      expectScopes(doc, 3, 'MatMult', 'string.quoted.double.bir', { exact: false });
      expectScopes(doc, 4, 'Memset', 'variable.other.declaration.bir');
      expectNotScoped(doc, 5, 'Load', 'support.function');
      expectScopes(doc, 6, 'MatMult', 'support.function.pe.bir');
      expectScopes(doc, 7, 'Barrier', 'support.function.sp.bir');
      // A longer word is not an opcode: MatMultX, Printer.
      const other = tokenize('  MatMultX a <- b\n  Printer "x"\n');
      expectNotScoped(other, 1, 'MatMultX', 'support.function');
      expectNotScoped(other, 2, 'Printer', 'support.function');
    });

    it('scopes the operands and attributes of an instruction', () => {
      const doc = file('examples/matmul_tiled.bir');
      const line = 'MatMult acc <- aT, bs, accumulate = r0 > 0';
      expectScopes(doc, line, 'acc', 'meta.instruction.bir');
      expectScopes(doc, line, '<-', 'keyword.operator.assignment.bir');
      expectScopes(doc, line, ',', 'punctuation.separator.comma.bir');
      expectScopes(doc, line, 'accumulate', 'variable.parameter.attribute.bir');
      expectScopes(doc, line, '=', 'punctuation.separator.key-value.bir');
      expectScopes(doc, line, 'r0', 'variable.language.register.bir');
      expectScopes(doc, line, '>', 'keyword.operator.bir');
      expectScopes(doc, line, '0', 'constant.numeric.bir');
      // Assert.close's tolerances are attributes too.
      expectScopes(doc, 'Assert.close cs, cs32', 'atol', 'variable.parameter.attribute.bir');
      expectScopes(doc, 'Assert.close cs, cs32', 'rtol', 'variable.parameter.attribute.bir');
      expectScopes(doc, 'Assert.close cs, cs32', '0.04', 'constant.numeric.bir');
    });

    it('scopes attribute names and word values (func, op, scale, scalar, op1, base...)', () => {
      const calls = file('examples/calls_loops.bir');
      const act = 'Activation dst <- src, func = relu, scale = r3';
      expectScopes(calls, act, 'func', 'variable.parameter.attribute.bir');
      expectScopes(calls, act, 'relu', 'support.constant.bir');
      expectScopes(calls, act, 'scale', 'variable.parameter.attribute.bir');
      expectScopes(calls, act, 'r3', 'variable.language.register.bir');
      const mm = 'MatMult acc <- xs, ws, accumulate = 0, perf_mode = double_row';
      const dr = tokenize(`func f() {\n  ${mm}\n}\n`);
      expectScopes(dr, mm, 'perf_mode', 'variable.parameter.attribute.bir');
      expectScopes(dr, mm, 'double_row', 'support.constant.bir');
      // The engine an instruction runs on, in NKI's names.
      const en = 'TensorCopy y <- x, engine = gpsimd';
      const ed = tokenize(`func f() {\n  ${en}\n}\n`);
      expectScopes(ed, en, 'engine', 'variable.parameter.attribute.bir');
      expectScopes(ed, en, 'gpsimd', 'support.constant.bir');
      // A mask's index names are the destination's indices; registers and numbers in it keep their scopes.
      const mk = 'TensorScalar o <- x, op = mul, scalar = 2, mask = p + f0 < r1 && f >= 8';
      const md = tokenize(`func f() {\n  ${mk}\n}\n`);
      expectScopes(md, mk, 'mask', 'variable.parameter.attribute.bir');
      expectScopes(md, mk, 'p', 'variable.language.index.bir');
      expectScopes(md, mk, 'f0', 'variable.language.index.bir');
      expectScopes(md, mk, 'r1', 'variable.language.register.bir');
      expectScopes(md, mk, 'f', 'variable.language.index.bir');
      expectScopes(md, mk, '8', 'constant.numeric.bir');
      expectNotScoped(md, mk, 'x', 'variable.language.index');
      const rms = file('examples/rmsnorm.bir');
      const ts = 'TensorScalar ms   <- ss, op = mul, scalar = 1/D, op1 = add, scalar1 = EPS';
      expectScopes(rms, ts, 'op', 'variable.parameter.attribute.bir');
      expectScopes(rms, ts, 'mul', 'support.constant.bir');
      expectScopes(rms, ts, 'scalar', 'variable.parameter.attribute.bir');
      expectScopes(rms, ts, 'op1', 'variable.parameter.attribute.bir');
      expectScopes(rms, ts, 'add', 'support.constant.bir');
      expectScopes(rms, ts, 'scalar1', 'variable.parameter.attribute.bir');
      expectNotScoped(rms, ts, 'EPS', 'support.constant');
      expectScopes(rms, 'func = rsqrt', 'rsqrt', 'support.constant.bir');
      const att = file('examples/attention.bir');
      expectScopes(att, 'Iota         qi <-', 'base', 'variable.parameter.attribute.bir');
      expectScopes(att, 'Iota         qi <-', 'pstep', 'variable.parameter.attribute.bir');
      expectScopes(att, 'Iota         qi <-', 'fstep', 'variable.parameter.attribute.bir');
      expectScopes(att, 'op = le', 'le', 'support.constant.bir');
      expectScopes(att, 'TensorReduce mx  <-', 'max', 'support.constant.bir');
      expectScopes(att, 'func = reciprocal', 'reciprocal', 'support.constant.bir');
      expectScopes(att, 'Activation ss <- sp', 'identity', 'support.constant.bir');
      // A tensor or a constant as an attribute value is not a word value.
      expectNotScoped(att, 'Activation ss <- sp', 'SCALE', 'support.constant');
      expectNotScoped(att, 'bias = nmx', 'nmx', 'support.constant');
    });

    it('knows every activation function and ALU/reduce op as a word value (engine/ir/opcodes.ts)', () => {
      for (const f of ACTIVATION_FUNCTIONS) {
        expectScopes(tokenize(`  Activation a <- b, func = ${f}`), 1, f, 'support.constant.bir');
      }
      for (const op of new Set<string>([...ALU_OPS, ...REDUCE_OPS])) {
        expectScopes(tokenize(`  TensorTensor a <- b, c, op = ${op}`), 1, op, 'support.constant.bir');
      }
      // A builtin call as an attribute value is a function, not a word value.
      expectScopes(tokenize('  TensorScalar t <- t, op = max, scalar = max(r1, 2)'), 1, 'max', 'support.function.builtin.bir', { nth: 2 });
    });

    it('scopes true and false as boolean constants, the fused forms as vector-engine opcodes', () => {
      const doc = tokenize('  MatMult acc <- a, b, accumulate = true\n  TensorReduce c <- a, op = add, negate = false\n  ScalarTensorTensor o <- a, b, op = mul, scalar = 2, op1 = add, reverse1 = true\n  TensorTensorScan o <- a, b, initial = 0, op = mul, op1 = add');
      expectScopes(doc, 1, 'true', 'constant.language.boolean.bir');
      expectScopes(doc, 2, 'false', 'constant.language.boolean.bir');
      expectScopes(doc, 3, 'ScalarTensorTensor', 'support.function.dve.bir');
      expectScopes(doc, 3, 'reverse1', 'variable.parameter.attribute.bir');
      expectScopes(doc, 4, 'TensorTensorScan', 'support.function.dve.bir');
      expectScopes(doc, 4, 'initial', 'variable.parameter.attribute.bir');
      // A tensor that happens to be named so is still a tensor.
      expectNotScoped(tokenize('  TensorCopy o <- true[0:4, 0:4]'), 1, 'true', 'constant.language.boolean.bir');
    });
  });

  describe('dtypes, registers, numbers, strings', () => {
    it('scopes every dtype (engine/machine/dtypes.ts)', () => {
      expectScopes(file('examples/matmul_tiled.bir'), 'sbuf aT ', 'bf16', 'storage.type.dtype.bir');
      expectScopes(file('examples/attention.bir'), 'sbuf qi', 'i32', 'storage.type.dtype.bir');
      expectScopes(file('examples/attention.bir'), 'sbuf ok', 'u8', 'storage.type.dtype.bir');
      for (const dtype of DTYPES) {
        const doc = tokenize(`dram t : ${dtype}[4, 4]\nfunc f(a: sbuf ${dtype}[1, 2], r1) {\n}`);
        expectScopes(doc, 1, dtype, ['storage.type.dtype.bir', 'meta.type.bir']);
        expectScopes(doc, 2, dtype, 'storage.type.dtype.bir');
      }
      // A longer word is not a dtype.
      expectNotScoped(tokenize('const f320 = 1'), 1, 'f320', 'storage.type');
    });

    it('scopes r0..r15, core and ncores as registers, and nothing else', () => {
      const doc = file('examples/matmul_tiled.bir');
      expectScopes(doc, 'DmaCopy bs <- b[r0*KT', 'r0', 'variable.language.register.bir');
      const cores = file('examples/two_cores.bir');
      expectScopes(cores, 'Assert ncores == 2', 'ncores', 'variable.language.register.bir');
      expectScopes(cores, 'partial[core, 0:C]', 'core', 'variable.language.register.bir');
      for (const r of REGISTERS) {
        expectScopes(tokenize(`  Set ${r} = ${r} + 1`), 1, r, 'variable.language.register.bir', { nth: 2 });
      }
      for (const notRegister of ['r16', 'r01x', 'rx', 'cores', 'r']) {
        expectNotScoped(tokenize(`  Print ${notRegister}`), 1, notRegister, 'variable.language');
      }
    });

    it('scopes numbers: decimals, fractions, exponents, hex, underscores, inf and nan', () => {
      expectScopes(file('examples/attention.bir'), 'const SCALE', '0.125', 'constant.numeric.bir');
      expectScopes(file('examples/rmsnorm.bir'), 'const EPS', '1e-6', 'constant.numeric.bir');
      expectScopes(file('examples/rmsnorm.bir'), 'Memset  ones <- 1.0', '1.0', 'constant.numeric.bir');
      expectScopes(file('examples/softmax.bir'), 'abs(chk - 1) < 1e-5', '1e-5', 'constant.numeric.bir');
      const doc = tokenize('const A = 0x1F + 1_000 + .5 + 2.5E+4 + 3. + 0xff_FF + inf - nan + 7e3\nconst B = 12ab + x1');
      for (const n of ['0x1F', '1_000', '.5', '2.5E+4', '3.', '0xff_FF', 'inf', 'nan', '7e3']) {
        expectScopes(doc, 1, n, 'constant.numeric.bir');
      }
      expectScopes(doc, 2, '12ab', 'invalid.illegal.numeric.bir');
      expectNotScoped(doc, 2, 'x1', 'constant');
      // `0..4` is two numbers and a range, not `0.` and `.4`.
      const range = tokenize('  for r0 in 0..4 {');
      expectScopes(range, 1, '0', 'constant.numeric.bir');
      expectScopes(range, 1, '..', 'keyword.operator.range.bir');
      expectScopes(range, 1, '4', 'constant.numeric.bir');
    });

    it('scopes strings, their quotes and escapes', () => {
      const doc = file('examples/matmul_tiled.bir');
      const line = 'Print "max |c - c_f32| ="';
      expectScopes(doc, line, '"', ['string.quoted.double.bir', 'punctuation.definition.string.begin.bir']);
      expectScopes(doc, line, 'max |c', 'string.quoted.double.bir', { exact: false });
      expectScopes(doc, line, '"', ['string.quoted.double.bir', 'punctuation.definition.string.end.bir'], { nth: 2 });
      expectScopes(doc, line, 'max', 'support.function.builtin.bir', { nth: 2 });
      const esc = tokenize('  Print "a\\t b \\"q\\" \\\\ \\n \\x end", x');
      for (const e of ['\\t', '\\"', '\\\\', '\\n']) expectScopes(esc, 1, e, ['string.quoted.double.bir', 'constant.character.escape.bir']);
      expectScopes(esc, 1, '\\x', 'invalid.illegal.unknown-escape.bir');
      expectScopes(esc, 1, '"', 'punctuation.definition.string.end.bir', { nth: 4 });
      expectNotScoped(esc, 1, 'x', 'string', 2);
      // An unterminated string ends at the end of its line.
      const open = tokenize('  Print "open\n  Barrier');
      expectScopes(open, 2, 'Barrier', 'support.function.sp.bir');
    });
  });

  describe('access patterns and operators', () => {
    it('scopes name[...] with brackets, slices and indices', () => {
      const doc = file('examples/matmul_tiled.bir');
      const line = 'DmaCopy bs <- b[r0*KT : r0*KT+KT, 0:N]';
      expectScopes(doc, line, 'b[', 'meta.access-pattern.bir', { exact: false });
      expectScopes(doc, line, '[', ['meta.access-pattern.bir', 'punctuation.section.brackets.begin.bir']);
      expectScopes(doc, line, ' : ', 'meta.access-pattern.bir', { exact: false });
      expectScopes(doc, line, ':', ['meta.access-pattern.bir', 'punctuation.separator.slice.bir']);
      expectScopes(doc, line, '*', ['meta.access-pattern.bir', 'keyword.operator.bir']);
      expectScopes(doc, line, '+', ['meta.access-pattern.bir', 'keyword.operator.bir']);
      expectScopes(doc, line, ',', ['meta.access-pattern.bir', 'punctuation.separator.comma.bir']);
      expectScopes(doc, line, ':', ['meta.access-pattern.bir', 'punctuation.separator.slice.bir'], { nth: 2 });
      expectScopes(doc, line, ']', ['meta.access-pattern.bir', 'punctuation.section.brackets.end.bir']);
      // `0:128` in the print: the number, the slice separator and the number, all inside the pattern.
      const print = 'Print "c[0, 0:4] =", cs[0:1, 0:4]';
      expectScopes(doc, print, '0', ['meta.access-pattern.bir', 'constant.numeric.bir'], { nth: 4 });
      expectScopes(doc, print, ':', ['meta.access-pattern.bir', 'punctuation.separator.slice.bir'], { nth: 3 });
      expectScopes(file('examples/faults/bank-crossing.bir'), 'MatMult acc[0:128', ':', ['meta.access-pattern.bir', 'punctuation.separator.slice.bir']);
      expectScopes(file('examples/faults/bank-crossing.bir'), 'MatMult acc[0:128', '128', ['meta.access-pattern.bir', 'constant.numeric.bir']);
      // Omitted bounds and a step.
      const steps = tokenize('  DmaCopy t[:, 0:8:2] <- x[a:, :b]');
      expectScopes(steps, 1, ':', 'punctuation.separator.slice.bir', { nth: 1 });
      expectScopes(steps, 1, ':', 'punctuation.separator.slice.bir', { nth: 3 });
      expectScopes(steps, 1, '2', 'constant.numeric.bir');
      expectScopes(steps, 1, ':', 'punctuation.separator.slice.bir', { nth: 5 });
      expectNotScoped(steps, 1, '<-', 'meta.access-pattern');
    });

    it('scopes .T and .bcast as views', () => {
      const mm = file('examples/matmul_tiled.bir');
      expectScopes(mm, 'DmaCopy aT <- a[0:M', '.T', 'support.function.view.bir');
      const mlp = file('examples/mlp.bir');
      expectScopes(mlp, 'DmaCopy xT  <- x.T', '.T', 'support.function.view.bir');
      expectScopes(mlp, 'b2s.bcast(B)', '.bcast', 'support.function.view.bir');
      expectScopes(mlp, 'b2s.bcast(B)', '(', 'punctuation.section.parens.begin.bir');
    });

    it('scopes .reshape and .permute as views', () => {
      const doc = tokenize('  TensorCopy u.reshape(5, 4, 3) <- t.reshape(5, 3, 4).permute(0, 2, 1)');
      expectScopes(doc, 1, '.reshape', 'support.function.view.bir');
      expectScopes(doc, 1, '.reshape', 'support.function.view.bir', { nth: 2 });
      expectScopes(doc, 1, '.permute', 'support.function.view.bir');
      expectScopes(doc, 1, '4', 'constant.numeric.bir');
    });

    it('scopes .view and .broadcast as views, the dtype inside as a type', () => {
      const doc = tokenize('  TensorCopy out.view(fp8e4m3) <- w.broadcast(0, 128)');
      expectScopes(doc, 1, '.view', 'support.function.view.bir');
      expectScopes(doc, 1, 'fp8e4m3', 'storage.type.dtype.bir');
      expectScopes(doc, 1, '.broadcast', 'support.function.view.bir');
      expectScopes(doc, 1, '128', 'constant.numeric.bir');
    });

    it('scopes the arrow, arithmetic, comparison and logical operators', () => {
      const doc = tokenize('  Set r3 = r2 ** 2 % 3 != 0 && !(r1 >= 2) || r2 <= 1 - 4 / 2');
      expectScopes(doc, 1, '=', 'keyword.operator.assignment.bir');
      for (const op of ['**', '%', '!=', '&&', '>=', '||', '<=', '-', '/']) expectScopes(doc, 1, op, 'keyword.operator.bir');
      expectScopes(doc, 1, '!', 'keyword.operator.bir', { nth: 2 });
      expectScopes(doc, 1, '(', 'punctuation.section.parens.begin.bir');
      const arrow = file('examples/softmax.bir');
      expectScopes(arrow, 'DmaCopy xs <- x', '<-', 'keyword.operator.assignment.bir');
      expectScopes(arrow, 'Assert all(ys > 0)', 'all', 'support.function.builtin.bir');
    });

    it('keeps wrapped operands inside their statement, and ends open brackets at a brace', () => {
      const doc = tokenize([
        'func main() {',
        '  call other::g(t[0:2,',
        '                 0:4], r1)',
        '  Barrier',
        '  call h(x,',
        '}',
        'func k() {',
        '}',
      ].join('\n'));
      expectScopes(doc, 3, '0', ['meta.statement.call.bir', 'meta.access-pattern.bir', 'constant.numeric.bir']);
      expectScopes(doc, 3, ':', 'punctuation.separator.slice.bir');
      expectScopes(doc, 3, ']', 'punctuation.section.brackets.end.bir');
      expectScopes(doc, 3, 'r1', ['meta.statement.call.bir', 'variable.language.register.bir']);
      expectScopes(doc, 3, ')', 'punctuation.section.parens.end.bir');
      expectScopes(doc, 4, 'Barrier', 'support.function.sp.bir');
      expectNotScoped(doc, 4, 'Barrier', 'meta.statement.call');
      // A `(` left open: the `}` still closes the block, and the next function is scoped as one.
      expectScopes(doc, 6, '}', 'punctuation.section.block.end.bir');
      expectScopes(doc, 7, 'func', 'storage.type.bir');
      expectScopes(doc, 7, 'k', 'entity.name.function.bir');
    });
  });

  describe('every line of every real file', () => {
    const KNOWN = new Set<string>([
      ...KEYWORDS, ...MEMORY_KINDS, ...DTYPES, ...REGISTERS,
      ...[...OPCODES.keys()].map((o) => o.split('.')[0]),
    ]);

    for (const rel of [...EXAMPLES, ...GOOD_PROGRAMS]) {
      it(`${rel}: no keyword, opcode, dtype or register is left unscoped, and no token is invalid`, () => {
        const doc = file(rel);
        const missed: string[] = [];
        doc.tokens.forEach((tokens, i) => {
          // The tokens cover the line, in order, without gaps.
          let at = 0;
          for (const t of tokens) {
            assert.equal(t.start, at, `${rel}:${i + 1}: a gap or overlap at column ${at + 1}`);
            at = t.end;
          }
          assert.equal(at, doc.lines[i].length, `${rel}:${i + 1}: tokens end at ${at}, the line at ${doc.lines[i].length}`);
          for (const t of tokens) {
            assert.ok(!t.scopes.some((s) => s.startsWith('invalid')), `${rel}:${i + 1}: ${JSON.stringify(t.text)} is ${t.scopes.join(' ')}`);
            if (colouring(t).length > 0) continue;
            for (const word of t.text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) {
              if (KNOWN.has(word)) missed.push(`${rel}:${i + 1}:${t.start + 1}: ${word} (${t.scopes.join(' ')})`);
            }
          }
        });
        assert.deepEqual(missed, []);
      });

      it(`${rel}: every statement-starting opcode has its engine's scope, and the state returns to the top level`, () => {
        const doc = file(rel);
        doc.lines.forEach((line, i) => {
          const m = /^\s*([A-Z][A-Za-z]*(?:\.close)?)\b/.exec(line);
          if (m && OPCODES.has(m[1])) {
            const token = doc.tokens[i].find((t) => t.start === line.indexOf(m[1]));
            assert.ok(token && token.text === m[1] && token.scopes.includes(opcodeScope(m[1])), `${rel}:${i + 1}: ${m[1]} is ${token?.scopes.join(' ')}`);
          }
        });
        // After each line that does not leave a bracket open, the next statement starts afresh.
        doc.lines.forEach((line, i) => {
          const code = line.replace(/"(?:[^"\\]|\\.)*"/g, '""').replace(/#.*/, '');
          const open = (code.match(/[[(]/g) ?? []).length - (code.match(/[\])]/g) ?? []).length;
          if (open !== 0) return;
          const probe = grammar.tokenizeLine('  Barrier', doc.stacks[i]);
          assert.deepEqual(probe.tokens.map((t) => t.scopes), [
            ['source.bir', 'meta.instruction.bir'],
            ['source.bir', 'meta.instruction.bir', 'support.function.sp.bir'],
          ], `${rel}:${i + 1}: the line leaves the grammar inside a rule`);
        });
      });
    }

    it('tokenizes the broken test programs without throwing, each token in order', () => {
      assert.ok(BAD_PROGRAMS.length > 5);
      for (const rel of BAD_PROGRAMS) {
        const doc = file(rel);
        doc.tokens.forEach((tokens, i) => {
          assert.ok(tokens.length > 0, `${rel}:${i + 1}: no tokens`);
          assert.equal(tokens[tokens.length - 1].end, doc.lines[i].length, `${rel}:${i + 1}`);
        });
      }
    });

    it('tokenizes all the examples', () => {
      assert.ok(EXAMPLES.length >= 20, `only ${EXAMPLES.length} examples found`);
      assert.ok(EXAMPLES.includes('examples/matmul_tiled.bir') && EXAMPLES.includes('examples/faults/race.bir'));
    });
  });
});

// ---------------------------------------------------------------------------------------------

describe('BIR language configuration', () => {
  const config = JSON.parse(fs.readFileSync(CONFIG_FILE, 'utf8'));

  it('parses, with # line comments and the three bracket pairs', () => {
    assert.deepEqual(config.comments, { lineComment: '#' });
    assert.deepEqual(config.brackets, [['{', '}'], ['[', ']'], ['(', ')']]);
  });

  it('auto-closes brackets and quotes (quotes not inside strings or comments), and surrounds selections', () => {
    const pairs = new Map<string, { open: string; close: string; notIn?: string[] }>(
      config.autoClosingPairs.map((p: { open: string; close: string; notIn?: string[] }) => [p.open, p]),
    );
    assert.equal(pairs.get('{')?.close, '}');
    assert.equal(pairs.get('[')?.close, ']');
    assert.equal(pairs.get('(')?.close, ')');
    assert.equal(pairs.get('"')?.close, '"');
    assert.deepEqual([...(pairs.get('"')?.notIn ?? [])].sort(), ['comment', 'string']);
    assert.deepEqual(config.surroundingPairs, [['{', '}'], ['[', ']'], ['(', ')'], ['"', '"']]);
  });

  it('folds by indentation (offSide false) with # region markers', () => {
    assert.equal(config.folding.offSide, false);
    assert.ok(new RegExp(config.folding.markers.start).test('  # region tiles'));
    assert.ok(new RegExp(config.folding.markers.end).test('  # endregion'));
    assert.ok(!new RegExp(config.folding.markers.start).test('  # regional'));
  });

  it('indents after a line that ends with { and outdents a line that starts with }', () => {
    const increase = new RegExp(config.indentationRules.increaseIndentPattern);
    const decrease = new RegExp(config.indentationRules.decreaseIndentPattern);
    for (const line of ['func main() {', '  for r0 in 0..K/KT {', '  if core == 0 {   # only core 0', '  } else {']) {
      assert.ok(increase.test(line), line);
    }
    for (const line of ['  Print "{"', '  # a comment {', '  DmaCopy x <- y', '}']) {
      assert.ok(!increase.test(line), line);
    }
    for (const line of ['}', '  } else {']) assert.ok(decrease.test(line), line);
    for (const line of ['  Barrier', '  call f(x) # }']) assert.ok(!decrease.test(line), line);
  });

  it('has a word pattern that keeps registers, names and numbers whole', () => {
    const words = (text: string): string[] => text.match(new RegExp(config.wordPattern, 'g')) ?? [];
    assert.deepEqual(words('MatMult acc32 <- aT32[0:128, r0*KT], accumulate = r15'), ['MatMult', 'acc32', 'aT32', '0', '128', 'r0', 'KT', 'accumulate', 'r15']);
    assert.deepEqual(words('x = 1e-3 + 0x1F + 1_000 + .5 + 2.5E+4'), ['x', '1e-3', '0x1F', '1_000', '.5', '2.5E+4']);
    assert.deepEqual(words('for r0 in 0..2'), ['for', 'r0', 'in', '0', '2']);
    assert.deepEqual(words('call tiles::scale(fp8e4m3)'), ['call', 'tiles', 'scale', 'fp8e4m3']);
  });
});
