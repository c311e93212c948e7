/**
 * `fuse`: a chain of consecutive elementwise instructions on one engine, each reading what the one before it
 * wrote, becomes one group that runs all of them where the last one was (its tail). The members run in their
 * order, so the result is the same; they no longer execute, or stop, on their own.
 */
import { InstrNode, Node, Program, Region } from '../ir/program';
import { OPCODES, writtenAttribute } from '../ir/opcodes';
import { numberNodes } from '../ir/numbering';
import { Effects } from '../graph/effects';
import { overlap } from '../graph/footprint';
import { cloneProgram } from './clone';
import { rewriteInstructionRuns } from './instruction-runs';
import { noChanges, PassOutcome } from './pass';
import { RewriteCounter, RewriteLimits } from './rewrite-counter';

/** Its rewrites: each group made, in program order (a loop's body before the run in front of the loop ends). */
export function fusePass(program: Program, limits?: RewriteLimits): PassOutcome {
  const copy = cloneProgram(program);
  const counter = new RewriteCounter(limits);
  const effects = new Effects(copy);
  const changes = noChanges();
  const reasons = new Map<string, string>();
  let groups = 0;
  const fuseChain = (chain: InstrNode[], region: Region): Node[] => {
    if (chain.length < 2) return chain;
    const tail = chain[chain.length - 1];
    if (!counter.allow(tail, () => `fused ${chain.length} instructions (${chain.map((m) => m.opcode).join(', ')}) into group g${groups + 1}`)) return chain;
    const group = fuse(chain, `g${++groups}`, region);
    changes.fused.push({ group: group.id, members: chain.map((m) => m.id) });
    changes.removed.push(...chain.map((m) => m.id));
    changes.added.push(group.id);
    for (const m of chain) reasons.set(m.id, `it is fused into group ${group.group}, which runs it with ${chain.length - 1} other instruction${chain.length > 2 ? 's' : ''} at line ${tail.span.line}`);
    return [...counter.placed([group], chain)];
  };
  rewriteInstructionRuns(copy, {
    // An instruction that also writes a reduction of its row (Activation's reduce_res) is not elementwise.
    // Once the budget is spent no group is made: nothing is looked at.
    joins: (node) => !counter.exhausted && OPCODES.get(node.opcode)?.elementwise === true && !writesAttributeTensor(node),
    follows: (last, node) => last.engine === node.engine && consumes(effects, last, node),
    rewrite: fuseChain,
  });
  numberNodes(copy);
  return { program: copy, changes, reasons, rewrites: counter.tally() };
}

function writesAttributeTensor(node: InstrNode): boolean {
  const name = writtenAttribute(node.opcode);
  return name !== undefined && node.attrs.has(name);
}

/** True when `next` reads what `previous` wrote. */
function consumes(effects: Effects, previous: InstrNode, next: InstrNode): boolean {
  const writes = effects.nodeEffects(previous).writes;
  return effects.nodeEffects(next).reads.some((r) => writes.some((w) => overlap(w.fp, r.fp) !== undefined));
}

/** The group node: at the tail's place and line, running the members in order. */
function fuse(members: InstrNode[], name: string, region: Region): InstrNode {
  const tail = members[members.length - 1];
  return {
    kind: 'instr', opcode: 'Fused', engine: tail.engine, id: `${tail.id}+${name}`, index: -1, span: tail.span, fn: tail.fn, region,
    dst: tail.dst, srcs: [], attrs: new Map(), members, group: name, inlined: tail.inlined,
  };
}
