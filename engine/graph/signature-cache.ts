/**
 * Values computed from a plain instruction's signature (ir/code.ts: its opcode and the interned table rows of its
 * operands and attributes), shared by every instruction of that signature: a compiled model repeats a few hundred
 * signatures millions of times, so its instructions need not be made objects to be analysed.
 *
 * Bounded (sets of four ways): code whose operands are not interned (views whose bounds name registers keep their
 * spans) computes once per instruction and keeps no more than the cache holds.
 */
import type { ProgramCode } from '../ir/program';

const CACHE_SIZE = 4096;
const WAYS = 4;

export class SignatureCache<V> {
  private readonly keys: (Int32Array | undefined)[] = new Array<Int32Array | undefined>(CACHE_SIZE);
  private readonly values: (V | undefined)[] = new Array<V | undefined>(CACHE_SIZE);
  private readonly scratch: number[] = [];
  /** The way a miss replaces, in turn. */
  private victim = 0;

  constructor(private readonly code: ProgramCode) {}

  /** The value of the instruction at a code index (made from it on a miss); undefined for a node kept as an object. */
  get(index: number, make: (index: number) => V): V | undefined {
    const n = this.code.signature(index, this.scratch);
    if (n < 0) return undefined;
    const sig = this.scratch;
    let h = n;
    for (let i = 0; i < n; i++) h = Math.imul(h ^ sig[i], 0x9e3779b1) >>> 0;
    // The top bits of a last mixing choose the set: signatures that share a set all stay.
    const set = (Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 20) & ~(WAYS - 1);
    for (let way = set; way < set + WAYS; way++) {
      const key = this.keys[way];
      if (key !== undefined && key.length === n && sameNumbers(key, sig, n)) return this.values[way]!;
    }
    const value = make(index);
    const slot = set + (this.victim++ & (WAYS - 1));
    this.keys[slot] = Int32Array.from(sig.slice(0, n));
    this.values[slot] = value;
    return value;
  }
}

function sameNumbers(key: Int32Array, sig: readonly number[], n: number): boolean {
  for (let i = 0; i < n; i++) if (key[i] !== sig[i]) return false;
  return true;
}
