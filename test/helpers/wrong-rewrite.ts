/**
 * TEST ONLY: passes with one planted wrong rewrite, whose culprit is known, for the bisection's tests. The pass makes
 * its rewrites as always, except rewrite k, whose result is corrupted: the first constant of an instruction it placed
 * is changed (a loop register's value in an unrolled copy, a fused member's operand, an inlined or moved
 * instruction's scalar), or, when none has one, the first instruction placed is lost (a moved DmaCopy); for a
 * removal, the removed instruction stays and writes its first source instead of its dead destination. Nothing in the product can reach this: it goes through the counter's `tamper` hook.
 */
import { InstrNode, Node, Operand } from '../../engine/ir/program';
import { PassInfo } from '../../engine/passes/registry';

export function withWrongRewrite(pass: PassInfo, k: number): PassInfo {
  return {
    ...pass,
    run: (program, limits) => pass.run(program, { ...limits, tamper: (rewrite, placed, rewritten) => (rewrite.index === k ? corrupt(placed, rewritten) : placed) }),
  };
}

function corrupt(placed: readonly Node[], rewritten: readonly Node[]): readonly Node[] {
  if (placed.length === 0) {
    const removed = rewritten[0] as InstrNode;
    const src = removed.srcs.find((s) => s.kind === 'tensor');
    if (!src) throw new Error(`the planted fault needs a removed instruction with a tensor source: ${removed.id} has none`);
    return [{ ...removed, dst: src }];
  }
  const out = [...placed];
  for (let i = 0; i < out.length; i++) {
    const changed = changedConstant(out[i]);
    if (changed) {
      out[i] = changed;
      return out;
    }
  }
  return out.slice(1);
}

/** The node with its first constant operand plus one, or undefined when it has none. */
function changedConstant(node: Node): Node | undefined {
  if (node.kind !== 'instr') return undefined;
  if (node.members) {
    for (const [i, m] of node.members.entries()) {
      const changed = changedConstant(m) as InstrNode | undefined;
      if (changed) return { ...node, members: node.members.map((x, j) => (j === i ? changed : x)) };
    }
    return undefined;
  }
  const srcs = node.srcs.map(bumped);
  const at = srcs.findIndex((s, i) => s !== node.srcs[i]);
  if (at >= 0) return { ...node, srcs: srcs.map((s, i) => (i === at ? s : node.srcs[i])) };
  for (const [name, value] of node.attrs) {
    if (value.kind !== 'operand') continue;
    const b = bumped(value.operand);
    if (b !== value.operand) return { ...node, attrs: new Map([...node.attrs, [name, { kind: 'operand', operand: b }]]) };
  }
  return undefined;
}

function bumped(o: Operand): Operand {
  if (o.kind !== 'scalar' || o.expr.kind !== 'const') return o;
  const value = o.expr.value + 1;
  return { ...o, expr: { kind: 'const', value }, text: String(value) };
}
