/**
 * The effects of a function's nodes for the graph's walk, without making every instruction an object. A plain
 * instruction's effects follow from its signature alone (ir/code.ts: its opcode and the interned table rows of its
 * operands and attributes; its span, text and id play no part), so they are computed from the first instruction of a
 * signature and shared by the others. A compiled model repeats a few hundred signatures millions of times.
 *
 * The cache is bounded (sets of four ways): code whose operands are not interned (views whose bounds name registers
 * keep their spans) computes its effects once per instruction and keeps no more than the cache holds. Nodes kept as
 * objects (loops, branches, calls, returns, fused groups) are few; their effects are kept by index.
 */
import type { ProgramCode } from '../ir/program';
import { Effects, NodeEffects } from './effects';

const CACHE_SIZE = 4096;
const WAYS = 4;

export class RowEffects {
  private readonly keys: (Int32Array | undefined)[] = new Array<Int32Array | undefined>(CACHE_SIZE);
  private readonly values: (NodeEffects | undefined)[] = new Array<NodeEffects | undefined>(CACHE_SIZE);
  private readonly objects = new Map<number, NodeEffects>();
  private readonly scratch: number[] = [];
  /** The way a miss replaces, in turn. */
  private victim = 0;

  constructor(
    private readonly code: ProgramCode,
    private readonly effects: Effects,
  ) {}

  /** The effects of the node at a code index. */
  of(index: number): NodeEffects {
    const n = this.code.signature(index, this.scratch);
    if (n < 0) return this.objectEffects(index);
    const sig = this.scratch;
    let h = n;
    for (let i = 0; i < n; i++) h = Math.imul(h ^ sig[i], 0x9e3779b1) >>> 0;
    // Four ways per set (the top bits of a last mixing choose it): signatures that share a set all stay.
    const set = (Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 20) & ~(WAYS - 1);
    for (let way = set; way < set + WAYS; way++) {
      const key = this.keys[way];
      if (key !== undefined && key.length === n && sameNumbers(key, sig, n)) return this.values[way]!;
    }
    const e = this.effects.nodeEffects(this.code.node(index));
    const slot = set + (this.victim++ & (WAYS - 1));
    this.keys[slot] = Int32Array.from(sig.slice(0, n));
    this.values[slot] = e;
    return e;
  }

  private objectEffects(index: number): NodeEffects {
    let e = this.objects.get(index);
    if (!e) this.objects.set(index, (e = this.effects.nodeEffects(this.code.node(index))));
    return e;
  }
}

function sameNumbers(key: Int32Array, sig: readonly number[], n: number): boolean {
  for (let i = 0; i < n; i++) if (key[i] !== sig[i]) return false;
  return true;
}
