/**
 * `dce`: removes instructions whose results nothing reads. Liveness runs backwards over each function's regions:
 * what DRAM and tensor parameters hold is always live (a caller, another core or the program's outputs may read
 * it); on-chip allocations and registers are live only where a later node reads them. A loop's body sees, at its
 * end, everything the loop reads (the next iteration); an `if`'s arms each see what follows the `if`.
 *
 * Kept whatever they write: Print, Assert, Assert.close, Barrier, calls, and every loop and branch (their bodies
 * are cleaned inside). A removed node's reason names what it wrote: "nothing reads 'tmp' after it is written".
 */
import { FunctionIR, Node, Program, Region } from '../ir/program';
import { numberNodes } from '../ir/numbering';
import { Access, Effects } from '../graph/effects';
import { covers, Footprint, hull, overlap } from '../graph/footprint';
import { cloneProgram } from './clone';
import { noChanges, PassOutcome } from './pass';

const KEPT_OPCODES = new Set(['Print', 'Assert', 'Assert.close', 'Barrier']);

/** Live locations by key; many footprints of one location merge into their hull (a safe over-approximation). */
class Live {
  private readonly byKey = new Map<string, Footprint[]>();

  static of(...sets: (Live | readonly Footprint[])[]): Live {
    const live = new Live();
    for (const s of sets) live.add(s instanceof Live ? s.all() : s);
    return live;
  }

  all(): Footprint[] {
    return [...this.byKey.values()].flat();
  }

  add(fps: readonly Footprint[]): this {
    for (const fp of fps) {
      const list = this.byKey.get(fp.key) ?? [];
      list.push(fp);
      this.byKey.set(fp.key, list.length > 8 ? [list.reduce(hull)] : list);
    }
    return this;
  }

  overlaps(fp: Footprint): boolean {
    return (this.byKey.get(fp.key) ?? []).some((l) => overlap(fp, l) !== undefined);
  }

  /** A copy without what `writer` surely overwrites. */
  without(writer: Footprint): Live {
    const copy = Live.of(this);
    const list = copy.byKey.get(writer.key);
    if (list) copy.byKey.set(writer.key, list.filter((l) => !covers(writer, l)));
    return copy;
  }
}

export function dcePass(program: Program): PassOutcome {
  const copy = cloneProgram(program);
  const effects = new Effects(copy);
  const changes = noChanges();
  const reasons = new Map<string, string>();
  for (const fn of copy.functions.values()) {
    new Liveness(effects, fn, (node, why) => {
      changes.removed.push(node.id);
      reasons.set(node.id, why);
    }).region(fn.body, new Live());
  }
  numberNodes(copy);
  return { program: copy, changes, reasons };
}

class Liveness {
  constructor(
    private readonly effects: Effects,
    private readonly fn: FunctionIR,
    private readonly removed: (node: Node, why: string) => void,
  ) {}

  /** Cleans a region whose end has `liveAfter` live; returns what is live at its start. */
  region(region: Region, liveAfter: Live): Live {
    let live = liveAfter;
    const kept: Node[] = [];
    for (let i = region.nodes.length - 1; i >= 0; i--) {
      const node = region.nodes[i];
      const result = this.node(node, live);
      if (result === 'dead') continue;
      live = result;
      kept.push(node);
    }
    region.nodes = kept.reverse();
    return live;
  }

  /** What is live before the node, or 'dead' when it is removed. */
  private node(node: Node, live: Live): Live | 'dead' {
    switch (node.kind) {
      case 'for': {
        const own = this.effects.nodeEffects(node);
        const bodyReads = this.effects.regionEffects(node.body).reads.map((a) => a.fp);
        // The body's end flows into its next iteration: everything it reads is live there.
        const atBodyEnd = Live.of(live, bodyReads, own.reads.map((a) => a.fp));
        const atBodyStart = this.region(node.body, atBodyEnd);
        return Live.of(live, atBodyStart, own.reads.map((a) => a.fp));
      }
      case 'if': {
        const own = this.effects.nodeEffects(node);
        const armStarts = [node.then, ...(node.else ? [node.else] : [])].map((arm) => this.region(arm, live));
        return Live.of(live, ...armStarts, own.reads.map((a) => a.fp));
      }
      case 'return':
        return new Live();
      case 'call':
        return Live.of(live, this.effects.nodeEffects(node).reads.map((a) => a.fp));
      case 'instr':
        return this.instruction(node, live);
    }
  }

  private instruction(node: Extract<Node, { kind: 'instr' }>, live: Live): Live | 'dead' {
    const e = this.effects.nodeEffects(node);
    const removable = !KEPT_OPCODES.has(node.opcode) && e.writes.length > 0 && e.writes.every((w) => this.local(w) && !live.overlaps(w.fp));
    if (removable) {
      this.removed(node, `nothing reads ${e.writes.map((w) => `'${w.text}'`).join(', ')} after it is written`);
      return 'dead';
    }
    // A sure write hides what it covers from the reads above it.
    let after = live;
    for (const w of e.writes) if (!w.may) after = after.without(w.fp);
    return Live.of(after, e.reads.map((a) => a.fp));
  }

  /** Registers and the function's own allocations die with the activation; parameters and DRAM do not. */
  private local(w: Access): boolean {
    if (w.fp.kind === 'register') return true;
    return w.tensor?.kind === 'alloc' && this.fn.allocs.includes(w.tensor);
  }
}
