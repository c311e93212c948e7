/**
 * Lines of a body that repeat an earlier line's text get a copy of its node, unread (engine/lang/known-lines.ts,
 * engine/lang/check/repeated-lines.ts): the parser's side (which lines it offers and passes over) and the checker's
 * (the program and the diagnostics are those of reading every line, whatever the lines hold).
 */
import * as assert from 'assert';
import * as path from 'path';
import { checkProgram } from '../../engine/lang/check/checker';
import { DiagnosticBag } from '../../engine/lang/diagnostics';
import { KnownLines } from '../../engine/lang/known-lines';
import { parseBody, parseOutline } from '../../engine/lang/parser';
import * as ast from '../../engine/lang/ast';
import { allNodes } from '../../engine/passes/pass';
import { dumpDiagnostics, dumpProgram } from '../helpers/front-end-dump';
import { mainModule, virtualHost } from '../helpers/virtual-host';

const FILE = path.resolve('/virtual', 'test.bir');

/** Parses main's body with `known`; the lines of the statements the visitor saw. */
function parseMain(text: string, known: KnownLines): number[] {
  const bag = new DiagnosticBag();
  const outline = parseOutline(text, FILE, bag);
  const decl = outline.ast.decls.find((d): d is ast.FuncDecl => d.kind === 'func')!;
  const seen: number[] = [];
  parseBody(text, FILE, outline.bodies.get(decl)!, (s) => seen.push(s.span.line), undefined, known);
  return seen;
}

/** A KnownLines that repeats nothing and writes down what it is offered. */
function learner(): KnownLines & { learned: string[]; asked: number[] } {
  const learned: string[] = [];
  const asked: number[] = [];
  return { learned, asked, repeat: (_text, line) => { asked.push(line); return false; }, learn: (text, line) => void learned.push(`${line}: ${text}`) };
}

function checkBothWays(text: string): { repeated: ReturnType<typeof checkProgram>; read: ReturnType<typeof checkProgram> } {
  const repeated = checkProgram(FILE, { host: virtualHost({ 'test.bir': text }) });
  const read = checkProgram(FILE, { host: virtualHost({ 'test.bir': text }), repeatLines: false });
  assert.strictEqual(dumpDiagnostics(repeated.diagnostics), dumpDiagnostics(read.diagnostics), 'the same diagnostics');
  assert.strictEqual(repeated.program && dumpProgram(repeated.program), read.program && dumpProgram(read.program), 'the same program');
  return { repeated, read };
}

const TILES = ['dram x : f32[128, 64] input = random(seed=1)', 'dram y : f32[128, 64] output'];

describe('repeated lines', () => {
  describe('the parser', () => {
    it('offers a statement alone on its line, with its whole text (indentation and comment)', () => {
      const text = mainModule(TILES, ['sbuf a : f32[128, 64]', 'DmaCopy a <- x   # load', 'TensorScalar a <- a, op = mul, scalar = 2', 'DmaCopy y <- a']);
      const known = learner();
      parseMain(text, known);
      assert.deepStrictEqual(known.learned, ['5:   sbuf a : f32[128, 64]', '6:   DmaCopy a <- x   # load', '7:   TensorScalar a <- a, op = mul, scalar = 2', '8:   DmaCopy y <- a']);
    });

    it('does not offer a statement spread over lines, or one a closing brace follows on its line', () => {
      const text = ['module m', ...TILES, 'func main() {', '  sbuf a : f32[128, 64]', '  TensorTensor a <- x[0:128,', '      0:64], a, op = add', '  DmaCopy y <- a }', ''].join('\n');
      const known = learner();
      parseMain(text, known);
      assert.deepStrictEqual(known.learned, ['5:   sbuf a : f32[128, 64]']);
    });

    it('passes over a line the reader repeats, and reads the next one', () => {
      const text = mainModule(TILES, ['sbuf a : f32[128, 64]', 'DmaCopy a <- x', 'DmaCopy a <- x', 'DmaCopy y <- a']);
      const repeatedAt: number[] = [];
      const seen = parseMain(text, { repeat: (t, line) => line === 7 && repeatedAt.push(line) > 0, learn: () => undefined });
      assert.deepStrictEqual(repeatedAt, [7]);
      assert.deepStrictEqual(seen, [5, 6, 8]);
    });

    it('asks about no line inside brackets', () => {
      const text = ['module m', ...TILES, 'func main() {', '  sbuf a : f32[128, 64]', '  TensorTensor a <- x[0:128,', '  0:64], a, op = add', '}', ''].join('\n');
      const known = learner();
      parseMain(text, known);
      assert.ok(!known.asked.includes(7), `asked about ${known.asked.join(', ')}`);
    });
  });

  describe('the checker', () => {
    it('places every copy at its own line, its operands and attributes too', () => {
      const body = ['sbuf a : f32[128, 64]', 'DmaCopy a <- x[0:128, 0:64]'];
      for (let i = 0; i < 5; i++) body.push('TensorScalar a <- a, op = mul, scalar = 0.5, op1 = add, scalar1 = 1', 'TensorTensor a <- a, a, op = max');
      body.push('DmaCopy y <- a');
      const { repeated } = checkBothWays(mainModule(TILES, body));
      const nodes = allNodes(repeated.program!);
      for (const n of nodes) {
        if (n.kind !== 'instr') continue;
        for (const o of n.srcs) assert.strictEqual(o.kind === 'tensor' ? o.ap.span.line : o.span.line, n.span.line, `${n.opcode} at line ${n.span.line}`);
        for (const [name, v] of n.attrs) assert.strictEqual(v.kind === 'word' ? v.span.line : (v.operand.kind === 'tensor' ? v.operand.ap.span.line : v.operand.span.line), n.span.line, `${name} of ${n.opcode} at line ${n.span.line}`);
      }
      assert.deepStrictEqual(nodes.map((n) => n.span.line), [6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
    });

    it('moves the registers and operators inside a repeated line\'s indices and scalars to its line', () => {
      const body = ['sbuf a : f32[128, 64]', 'Set r1 = 3'];
      for (let i = 0; i < 3; i++) body.push('TensorScalar a[0:128, r1:r1+1] <- a[0:128, r1:r1+1], op = add, scalar = r1 * 2', 'Set r2 = r1 + 1');
      const { repeated } = checkBothWays(mainModule(TILES, body));
      const lines = allNodes(repeated.program!).filter((n) => n.kind === 'instr' && n.opcode === 'TensorScalar').map((n) => n.kind === 'instr' && n.dst?.kind === 'tensor' && n.dst.ap.items[1].kind === 'slice' && n.dst.ap.items[1].lo.kind === 'reg' ? n.dst.ap.items[1].lo.span.line : -1);
      assert.deepStrictEqual(lines, [7, 9, 11]);
      const scalars = allNodes(repeated.program!).flatMap((n) => (n.kind === 'instr' ? [...n.srcs, ...[...n.attrs.values()].flatMap((v) => (v.kind === 'operand' ? [v.operand] : []))] : []))
        .flatMap((o) => (o.kind === 'scalar' && o.expr.kind === 'binary' ? [`${o.expr.span.line}:${o.span.line}`] : []));
      assert.deepStrictEqual(scalars, ['7:7', '8:8', '9:9', '10:10', '11:11', '12:12']);
    });

    it('reports each repeat of a line with a mistake, at its own line', () => {
      const body = ['sbuf a : f32[128, 64]'];
      for (let i = 0; i < 3; i++) body.push('TensorTensor a <- a, b, op = add');
      const { repeated } = checkBothWays(mainModule(TILES, body));
      assert.deepStrictEqual(repeated.diagnostics.map((d) => d.span.line), [6, 7, 8]);
    });

    it('warns each repeat of a PSUM accumulation onto what another instruction wrote', () => {
      const body = ['sbuf a : f32[128, 128]', 'psum p : f32[128, 128]'];
      for (let i = 0; i < 3; i++) body.push('Memset p <- 0', 'MatMult p <- a, a, accumulate = 1');
      const { repeated } = checkBothWays(mainModule(TILES, body));
      assert.deepStrictEqual(repeated.diagnostics.map((d) => `${d.severity} ${d.span.line}`), ['warning 8', 'warning 10', 'warning 12']);
    });

    it('warns a repeated line that follows a return', () => {
      const body = ['sbuf a : f32[128, 64]', 'DmaCopy a <- x', 'return', 'DmaCopy a <- x', 'DmaCopy a <- x'];
      const { repeated } = checkBothWays(mainModule(TILES, body));
      assert.deepStrictEqual(repeated.diagnostics.map((d) => `${d.severity} ${d.span.line}`), ['warning 8']);
    });

    it('makes the program of reading every line whatever the line endings, blank lines and comments', () => {
      const body = ['sbuf a : f32[128, 64]', 'DmaCopy a <- x', '', '# a comment', 'DmaCopy a <- x', 'DmaCopy a <- x  # same', 'DmaCopy a <- x  # same', 'DmaCopy y <- a'];
      checkBothWays(mainModule(TILES, body));
      checkBothWays(mainModule(TILES, body).replace(/\n/g, '\r\n'));
    });

    it('makes the program of reading every line across an allocation and in loops and branches', () => {
      const body = ['sbuf a : f32[128, 64]', 'DmaCopy a <- x', 'sbuf b : f32[128, 64]', 'DmaCopy a <- x', 'TensorCopy b <- a',
        'for r2 in 0..2 {', '  TensorCopy b <- a', '  TensorCopy b <- a', '}', 'if r2 > 0 {', '  TensorCopy b <- a', '}', 'TensorCopy b <- a', 'DmaCopy y <- b'];
      checkBothWays(mainModule(TILES, body));
    });
  });
});
