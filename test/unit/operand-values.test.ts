// Operand values as the debugger reads them (engine/debug/operand-values.ts): from the IR, the view an instruction
// would access now and its scalars, never by parsing the operand's text; and the inline pass, which rewrites the IR
// (access patterns, registers, the names of Print expressions) and prints the texts of what it changed, so that a
// label read back in the evaluate language denotes what the instruction reads.
import * as assert from 'assert';
import { spanText } from '../../engine/base/span';
import { Node, Operand, Program } from '../../engine/ir/program';
import { Core, Frame } from '../../engine/machine/core';
import { Machine } from '../../engine/machine/machine';
import { Interpreter } from '../../engine/run/interpreter';
import { ExecutionHooks } from '../../engine/run/hooks';
import { Evaluator } from '../../engine/eval/evaluate';
import { frameScope } from '../../engine/eval/frame-scope';
import { formatNumber } from '../../engine/eval/format';
import { Value } from '../../engine/eval/value';
import { parseUserExpression } from '../../engine/debug/conditions';
import { operandsOf } from '../../engine/debug/inspector';
import { operandValue } from '../../engine/debug/operand-values';
import { tensorSummary } from '../../engine/debug/tensor-summary';
import { runPipeline } from '../../engine/passes/pipeline';
import { programOf } from '../helpers/virtual-host';
import { allNodes } from '../../engine/passes/pass';

type Visit = (m: Machine, core: Core, frame: Frame, node: Node) => void;

/** Runs the program to its end under hooks that call `visit` before every node. */
function visitNodes(program: Program, visit: Visit, uninitializedFaults = true): string[] {
  const output: string[] = [];
  const m = new Machine(program, { output: (line) => output.push(line), faults: { 'uninitialized-read': uninitializedFaults } });
  const hooks: ExecutionHooks = {
    beforeNode: (core, frame, node) => (visit(m, core, frame, node), false),
    onCall: () => undefined,
    onReturn: () => undefined,
    onRegionEnter: () => undefined,
    onRegionExit: () => undefined,
    onFault: () => false,
    onCoreExit: () => undefined,
  };
  new Interpreter(m).runDebug(hooks);
  return output;
}

/** What the Node scope shows for a value. */
function shown(v: Value | undefined): string {
  if (v === undefined) return '<not evaluable here>';
  if (v.kind === 'scalar') return v.written ? formatNumber(v.value) : '<uninit>';
  return `${tensorSummary(v)} as '${v.text}'`;
}

/** The operand's text evaluated in the evaluate language: what a user who types the label gets. */
function textValue(m: Machine, core: Core, frame: Frame, text: string): Value | undefined {
  const parsed = parseUserExpression(text, text);
  if ('error' in parsed) return undefined;
  try {
    return new Evaluator(frameScope(m, core, frame), (span) => spanText(text.split('\n'), span), !m.raises('uninitialized-read')).evaluate(parsed.expr);
  } catch {
    return undefined;
  }
}

function operand(node: Node, role: string): Operand {
  const found = operandsOf(node).find(([r]) => r === role);
  assert.ok(found, `${node.id} has a ${role}`);
  return found[1];
}

describe('operand values', () => {
  const SRC = `module m
dram x : f32[4, 8] input = iota
func main() {
  sbuf a : f32[4, 8]
  sbuf b : f32[4, 8]
  DmaCopy b <- x
  Set r0 = 0
  Set r1 = 1
  TensorCopy a[0:1, 0:2] <- b[r1:r1+1, 0:2]
  TensorScalar a[1:2, 0:8] <- b[1:2, 0:8], op = mul, scalar = r1 * 2
  TensorScalar a[r3:r3+1, 0:8] <- b[3:4, 0:8], op = add, scalar = r4 + 1
  Set r2 = 1 / r0
}
`;
  const program = programOf(SRC);
  const at = (piece: string): Node => allNodes(program).find((n) => SRC.split('\n')[n.span.line - 1].includes(piece))!;

  /** The values the Node scope shows for `node`'s operands, keyed `role text`. */
  function scope(node: Node, uninitializedFaults = true): Map<string, string> {
    const out = new Map<string, string>();
    visitNodes(program, (m, core, frame, n) => {
      if (n.index !== node.index) return;
      for (const [role, op] of operandsOf(n)) out.set(`${role} ${op.kind === 'tensor' ? op.ap.text : op.kind === 'scalar' ? op.text : ''}`, shown(operandValue(m, core, frame, op)));
    }, uninitializedFaults);
    return out;
  }

  it('a tensor operand is the view it denotes with the registers as they are; a scalar its value', () => {
    const v = scope(at('TensorCopy'));
    assert.strictEqual(v.get('dst a[0:1, 0:2]'), "f32[1, 2] <never written> as 'a[0:1, 0:2]'");
    assert.strictEqual(v.get('src b[r1:r1+1, 0:2]'), "f32[1, 2] [[8, 9]] as 'b[r1:r1+1, 0:2]'");
    assert.strictEqual(scope(at('op = mul')).get('scalar r1 * 2'), '2');
  });

  it('what cannot be read here shows as before: <uninit> for a scalar of a register never written, <not evaluable here> for a view that needs one, inf for 1 / 0', () => {
    const add = scope(at('op = add'));
    assert.strictEqual(add.get('scalar r4 + 1'), '<uninit>');
    assert.strictEqual(add.get('dst a[r3:r3+1, 0:8]'), '<not evaluable here>');
    // Without the uninitialized-read fault, a register never written reads as the run reads it.
    assert.strictEqual(scope(at('op = add'), false).get('dst a[r3:r3+1, 0:8]'), "f32[1, 8] [[8, 9, ?, ?, ?, ?, ?, ?]] as 'a[r3:r3+1, 0:8]'");
    assert.strictEqual(scope(at('op = add'), false).get('scalar r4 + 1'), '<uninit>');
    const src = operand(at('Set r2'), 'src');
    assert.strictEqual(src.kind === 'scalar' && src.text, '1 / r0');
    assert.strictEqual(scope(at('Set r2'), false).get('src 1 / r0'), 'inf');
  });
});

describe('operand values: inlined code', () => {
  // f's register r1 is renamed (main uses r0 and r1); its parameter is bound to a slice that reads main's r0.
  const SRC = `module m
dram x : f32[8, 8] input = iota
dram out : f32[8, 8] output
func main() {
  sbuf y : f32[8, 8]
  Set r1 = 7
  DmaCopy y <- x
  for r0 in 0..2 {
    call f(y[r0*4 : r0*4+4, 2:6], r0)
  }
  DmaCopy out <- y
}
func f(t: sbuf f32[4, 4], r1) {
  sbuf tmp : f32[4, 4]
  TensorScalar tmp <- t, op = add, scalar = r1
  TensorCopy t[r1:r1+2, 0:2] <- tmp[r1+1:r1+3, 2:4]
  Print "row", t[r1, 0:2]
}
`;
  const written = programOf(SRC);
  const inlined = runPipeline(written, ['inline'])[1].program;
  const copies = allNodes(inlined).filter((n) => n.inlined && n.kind === 'instr');

  it('access patterns are rewritten in the IR; their texts are printed from it', () => {
    const texts = copies.map((n) => operandsOf(n).map(([role, op]) => `${role} ${op.kind === 'tensor' ? op.ap.text : op.kind === 'register' ? `r${op.index}` : op.kind === 'string' ? op.value : op.text}`));
    assert.deepStrictEqual(texts, [
      ['dst f__tmp', 'src y[r0*4:r0*4 + 4, 2:6]', 'scalar r2'],
      ['dst y[r0*4 + 1*r2:r0*4 + 1*(r2 + 2 - 1) + 1, 2:4]', 'src f__tmp[r2 + 1:r2 + 3, 2:4]'],
      ['src0 row', 'src1 t[r1, 0:2]'],
    ]);
  });

  it('every tensor operand of the copies has the value its label denotes in the caller; Print prints what the call printed', () => {
    let checked = 0;
    const output = visitNodes(inlined, (m, core, frame, node) => {
      if (!node.inlined) return;
      for (const [role, op] of operandsOf(node)) {
        if (op.kind !== 'tensor') continue;
        const value = shown(operandValue(m, core, frame, op));
        assert.notStrictEqual(value, '<not evaluable here>', `${node.id} ${role}`);
        assert.strictEqual(value, shown(textValue(m, core, frame, op.ap.text)), `${node.id} ${role} ${op.ap.text}`);
        checked++;
      }
    });
    assert.strictEqual(checked, 8);
    assert.deepStrictEqual(output, visitNodes(written, () => undefined));
    assert.deepStrictEqual(output, ['row [12, 13]', 'row [53, 54]']);
  });

  it('inlining twice keeps what Print prints when the argument of an inlined call reads a renamed register', () => {
    // g's loop register r1 becomes main's r0 in main's copy of g; inlining h there must read r0, not main's r1.
    const src = `module m
dram x : f32[4, 8] input = iota
func main() {
  Set r1 = 3
  call g()
}
func g() {
  sbuf s : f32[4, 8]
  DmaCopy s <- x
  for r1 in 0..2 {
    call h(s[r1:r1+1, 0:4])
  }
}
func h(t: sbuf f32[1, 4]) {
  Print "t =", t
}
`;
    const snaps = runPipeline(programOf(src), ['inline', 'inline']);
    const call = allNodes(snaps[1].program).find((n) => n.kind === 'call' && n.fn === snaps[1].program.main);
    assert.ok(call?.kind === 'call' && call.args[0].kind === 'tensor');
    assert.strictEqual(call.args[0].ap.text, 'g__s[r0:r0 + 1, 0:4]');
    const printed = snaps.map((s) => visitNodes(s.program, () => undefined));
    assert.deepStrictEqual(printed, Array(3).fill(['t = [[0, 1, 2, 3]]', 't = [[8, 9, 10, 11]]']));
  });
});
