/**
 * `dce`: removes instructions whose results nothing reads. Liveness runs backwards over each function's regions:
 * what DRAM and tensor parameters hold is always live (a caller, another core or the program's outputs may read
 * it); on-chip allocations and registers are live only where a later node reads them. A loop's body sees, at its
 * end, everything the loop reads (the next iteration); an `if`'s arms each see what follows the `if`.
 *
 * Kept whatever they write: Print, Assert, Assert.close, Barrier, calls, and every loop and branch (their bodies
 * are cleaned inside). A removed node's reason names what it wrote: "nothing reads 'tmp' after it is written".
 */
import { FunctionIR, InstrNode, Node, Program, Region } from '../ir/program';
import { ArrayNodes } from '../ir/node-list';
import { OPCODES } from '../ir/opcodes';
import { numberNodes } from '../ir/numbering';
import { Access, Effects } from '../graph/effects';
import { covers, Footprint, hull, overlap } from '../graph/footprint';
import { cloneProgram } from './clone';
import { noChanges, PassOutcome } from './pass';
import { RewriteCounter, RewriteLimits } from './rewrite-counter';

/** Its rewrites: each instruction removed, each function's from its end (liveness runs backwards). */
export function dcePass(program: Program, limits?: RewriteLimits): PassOutcome {
  const copy = cloneProgram(program);
  const counter = new RewriteCounter(limits);
  const effects = new Effects(copy);
  const changes = noChanges();
  const reasons = new Map<string, string>();
  for (const fn of copy.functions.values()) {
    new Liveness(effects, fn, (node, why) => {
      if (!counter.allow(node, () => `removed ${node.opcode}: ${why}`)) return undefined;
      changes.removed.push(node.id);
      reasons.set(node.id, why);
      return counter.placed([], [node]);
    }, () => counter.exhausted).region(fn.body, new Live());
  }
  numberNodes(copy);
  return { program: copy, changes, reasons, rewrites: counter.tally() };
}

/**
 * Live locations by key, changed in place as the walk goes backwards (copied only where the walk branches); many
 * footprints of one location merge into their hull, a safe over-approximation that keeps the sets small.
 */
class Live {
  private readonly byKey = new Map<string, Footprint[]>();

  copy(): Live {
    const c = new Live();
    for (const [k, v] of this.byKey) c.byKey.set(k, [...v]);
    return c;
  }

  add(fps: readonly Footprint[]): this {
    for (const fp of fps) {
      const list = this.byKey.get(fp.key);
      if (!list) this.byKey.set(fp.key, [fp]);
      else if (list.length < 8) list.push(fp);
      else this.byKey.set(fp.key, [list.reduce(hull, fp)]);
    }
    return this;
  }

  addAll(other: Live): this {
    for (const v of other.byKey.values()) this.add(v);
    return this;
  }

  overlaps(fp: Footprint): boolean {
    const list = this.byKey.get(fp.key);
    return list !== undefined && list.some((l) => overlap(fp, l) !== undefined);
  }

  /** Forgets what `writer` surely overwrites. */
  kill(writer: Footprint): void {
    const list = this.byKey.get(writer.key);
    if (list) this.byKey.set(writer.key, list.filter((l) => !covers(writer, l)));
  }

  clear(): void {
    this.byKey.clear();
  }
}

class Liveness {
  constructor(
    private readonly effects: Effects,
    private readonly fn: FunctionIR,
    /** Removes a dead instruction: what takes its place (nothing), or undefined when it is to stay (a budget). */
    private readonly remove: (node: InstrNode, why: string) => readonly Node[] | undefined,
    private readonly exhausted: () => boolean,
  ) {}

  /** Cleans a region; `live` holds what is live at its end and becomes what is live at its start. */
  region(region: Region, live: Live): Live {
    const kept: Node[] = [];
    for (let i = region.nodes.length - 1; i >= 0; i--) {
      const node = region.nodes.at(i);
      const stays = this.node(node, live);
      if (stays === true) kept.push(node);
      else for (let k = stays.length - 1; k >= 0; k--) kept.push(stays[k]);
    }
    region.nodes = new ArrayNodes(kept.reverse());
    return live;
  }

  /** Updates `live` to before the node; true when the node stays, else what takes its place. */
  private node(node: Node, live: Live): true | readonly Node[] {
    // Once the budget is spent nothing more is removed: what is live no longer matters.
    if (this.exhausted()) return true;
    switch (node.kind) {
      case 'for': {
        const own = this.effects.nodeEffects(node).reads.map((a) => a.fp);
        const bodyReads = this.effects.regionEffects(node.body).reads.map((a) => a.fp);
        // The body's end flows into its next iteration: everything it reads is live there.
        const bodyStart = this.region(node.body, live.copy().add(bodyReads).add(own));
        live.addAll(bodyStart).add(own);
        return true;
      }
      case 'if': {
        const arms = [node.then, ...(node.else ? [node.else] : [])].map((arm) => this.region(arm, live.copy()));
        for (const a of arms) live.addAll(a);
        live.add(this.effects.nodeEffects(node).reads.map((a) => a.fp));
        return true;
      }
      case 'return':
        live.clear();
        return true;
      case 'call':
        live.add(this.effects.nodeEffects(node).reads.map((a) => a.fp));
        return true;
      case 'instr':
        return this.instruction(node, live);
    }
  }

  private instruction(node: InstrNode, live: Live): true | readonly Node[] {
    const e = this.effects.nodeEffects(node);
    const removable = OPCODES.get(node.opcode)?.ordered !== true && e.writes.length > 0 && e.writes.every((w) => this.local(w) && !live.overlaps(w.fp));
    const placed = removable ? this.remove(node, `nothing reads ${e.writes.map((w) => `'${w.text}'`).join(', ')} after it is written`) : undefined;
    if (placed) return placed;
    // A sure write hides what it covers from the reads above it.
    for (const w of e.writes) if (!w.may) live.kill(w.fp);
    live.add(e.reads.map((a) => a.fp));
    return true;
  }

  /** Registers and the function's own allocations die with the activation; parameters and DRAM do not. */
  private local(w: Access): boolean {
    if (w.fp.kind === 'register') return true;
    return w.tensor?.kind === 'alloc' && this.fn.allocs.includes(w.tensor);
  }
}
