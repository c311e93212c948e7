/**
 * Rows of integers interned by their fields: an open-addressing hash table over a flat copy of every row's fields,
 * compared number by number. The tables of a compact program intern a row per distinct pattern while millions of
 * operands are added; a string key per lookup (the former way) cost more than the rest of adding an operand.
 * The copy of the fields is kept while the program is built only (`clear` lets it go).
 */
import { Column, int32s } from './columns';

const EMPTY = -1;

/**
 * The fields of one row as they are laid out, reused from row to row: an array emptied by `length = 0` gives its
 * storage back and grows it again at every row.
 */
export class FieldList {
  values = new Int32Array(64);
  length = 0;

  clear(): void {
    this.length = 0;
  }

  /** One field. (Fixed arities, not a rest parameter: an array per call was most of the cost of laying out a row.) */
  push(field: number): void {
    if (this.length === this.values.length) this.grow(this.length + 1);
    this.values[this.length++] = field;
  }

  push2(a: number, b: number): void {
    this.push(a);
    this.push(b);
  }

  push4(a: number, b: number, c: number, d: number): void {
    if (this.length + 4 > this.values.length) this.grow(this.length + 4);
    const v = this.values;
    const n = this.length;
    v[n] = a;
    v[n + 1] = b;
    v[n + 2] = c;
    v[n + 3] = d;
    this.length = n + 4;
  }

  private grow(min: number): void {
    const more = new Int32Array(Math.max(this.values.length * 2, min));
    more.set(this.values);
    this.values = more;
  }
}

export class FieldInterner {
  /** Each entry's fields, one after another; `starts[e]` is where entry e's begin, `starts[e + 1]` where they end. */
  private fields: Column<Int32Array> = int32s();
  private starts: Column<Int32Array> = int32s();
  /** The id of each entry. */
  private ids: Column<Int32Array> = int32s();
  /** Slots of the hash table: an entry, or EMPTY. */
  private slots = new Int32Array(1024).fill(EMPTY);
  private count = 0;

  constructor() {
    this.starts.push(0);
  }

  /** The id given to these fields (the first `n` of `fields`) by `add`, or -1. */
  find(fields: ArrayLike<number>, n: number): number {
    const mask = this.slots.length - 1;
    for (let s = hash(fields, n) & mask; ; s = (s + 1) & mask) {
      const entry = this.slots[s];
      if (entry === EMPTY) return -1;
      if (this.same(entry, fields, n)) return this.ids.get(entry);
    }
  }

  /** Interns the fields (the first `n` of `fields`) under `id`; they must not be there yet. */
  add(fields: ArrayLike<number>, n: number, id: number): void {
    const entry = this.count++;
    for (let i = 0; i < n; i++) this.fields.push(fields[i]);
    this.starts.push(this.fields.length);
    this.ids.push(id);
    if (this.count * 2 > this.slots.length) this.rehash(this.slots.length * 2);
    else this.place(entry, hash(fields, n));
  }

  /** Forgets every row (the program is built: nothing is interned any more). */
  clear(): void {
    this.fields = int32s();
    this.starts = int32s();
    this.starts.push(0);
    this.ids = int32s();
    this.slots = new Int32Array(16).fill(EMPTY);
    this.count = 0;
  }

  private same(entry: number, fields: ArrayLike<number>, n: number): boolean {
    const start = this.starts.get(entry);
    if (this.starts.get(entry + 1) - start !== n) return false;
    const stored = this.fields.view();
    for (let i = 0; i < n; i++) if (stored[start + i] !== (fields[i] | 0)) return false;
    return true;
  }

  private place(entry: number, h: number): void {
    const mask = this.slots.length - 1;
    let s = h & mask;
    while (this.slots[s] !== EMPTY) s = (s + 1) & mask;
    this.slots[s] = entry;
  }

  private rehash(size: number): void {
    this.slots = new Int32Array(size).fill(EMPTY);
    const stored = this.fields.view();
    for (let entry = 0; entry < this.count; entry++) {
      this.place(entry, hashRange(stored, this.starts.get(entry), this.starts.get(entry + 1)));
    }
  }
}

/** FNV-1a over the 32-bit fields, then mixed so that the low bits (the slot) depend on every field. */
function hash(fields: ArrayLike<number>, n: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < n; i++) h = Math.imul(h ^ (fields[i] | 0), 0x01000193);
  return mix(h);
}

function hashRange(stored: Int32Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ stored[i], 0x01000193);
  return mix(h);
}

function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}
