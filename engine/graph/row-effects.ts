/**
 * The effects of a function's nodes for the graph's walk, without making every instruction an object: a plain
 * instruction's effects follow from its signature alone (its span, text and id play no part), so they are computed
 * from the first instruction of a signature and shared by the others (signature-cache.ts). Nodes kept as objects
 * (loops, branches, calls, returns, fused groups) are few; their effects are kept by index.
 */
import type { ProgramCode } from '../ir/program';
import { Effects, NodeEffects } from './effects';
import { SignatureCache } from './signature-cache';

export class RowEffects {
  private readonly signatures: SignatureCache<NodeEffects>;
  private readonly objects = new Map<number, NodeEffects>();
  private readonly make = (index: number): NodeEffects => this.effects.nodeEffects(this.code.node(index));

  constructor(
    private readonly code: ProgramCode,
    private readonly effects: Effects,
  ) {
    this.signatures = new SignatureCache(code);
  }

  /** The effects of the node at a code index. */
  of(index: number): NodeEffects {
    return this.signatures.get(index, this.make) ?? this.objectEffects(index);
  }

  private objectEffects(index: number): NodeEffects {
    let e = this.objects.get(index);
    if (!e) this.objects.set(index, (e = this.make(index)));
    return e;
  }
}
