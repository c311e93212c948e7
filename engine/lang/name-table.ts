/**
 * One string per identifier spelling, found from the characters in the source without slicing them out first: a
 * program names the same few tensors, opcodes and words millions of times, and a string sliced per occurrence only
 * to be looked up (and dropped) was a good part of lexing. Open addressing over a hash of the characters, compared
 * in place with `startsWith`.
 */
const INITIAL_SLOTS = 1024;

export class NameTable {
  private slots: (string | undefined)[] = new Array<string | undefined>(INITIAL_SLOTS);
  private hashes = new Int32Array(INITIAL_SLOTS);
  private count = 0;

  /** The name written in `text` from `start` to `end`; `hash` is nameHash's of those characters. */
  intern(text: string, start: number, end: number, hash: number): string {
    const length = end - start;
    const mask = this.slots.length - 1;
    for (let s = hash & mask; ; s = (s + 1) & mask) {
      const name = this.slots[s];
      if (name === undefined) return this.insert(s, text.slice(start, end), hash);
      if (this.hashes[s] === hash && name.length === length && text.startsWith(name, start)) return name;
    }
  }

  private insert(slot: number, name: string, hash: number): string {
    this.slots[slot] = name;
    this.hashes[slot] = hash;
    if (++this.count * 2 > this.slots.length) this.grow();
    return name;
  }

  private grow(): void {
    const old = this.slots;
    const oldHashes = this.hashes;
    this.slots = new Array<string | undefined>(old.length * 2);
    this.hashes = new Int32Array(old.length * 2);
    const mask = this.slots.length - 1;
    for (let i = 0; i < old.length; i++) {
      const name = old[i];
      if (name === undefined) continue;
      let s = oldHashes[i] & mask;
      while (this.slots[s] !== undefined) s = (s + 1) & mask;
      this.slots[s] = name;
      this.hashes[s] = oldHashes[i];
    }
  }
}

/** The hash of a name, one character (UTF-16 unit) at a time: start with NAME_HASH_START, add each with nameHashStep. */
export const NAME_HASH_START = 0x811c9dc5 | 0;

export function nameHashStep(hash: number, c: number): number {
  return Math.imul(hash ^ c, 0x01000193);
}
