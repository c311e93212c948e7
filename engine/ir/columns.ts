/**
 * Growable typed arrays: the columns of the compact program. A column grows by doubling while the program is built
 * and is cut to its length when the build ends, so that what a checked program keeps is its size and no more.
 */

type Typed = Int32Array | Uint8Array | Uint16Array | Float64Array;
type TypedConstructor<T extends Typed> = new (length: number) => T;

export class Column<T extends Typed> {
  private data: T;
  length = 0;

  constructor(private readonly make: TypedConstructor<T>, capacity = 16) {
    this.data = new make(capacity);
  }

  /** Appends a value; its position. */
  push(value: number): number {
    if (this.length === this.data.length) this.grow(this.length + 1);
    this.data[this.length] = value;
    return this.length++;
  }

  /** Appends four values at once (a span: line, col, endLine, endCol); the position of the first. */
  push4(a: number, b: number, c: number, d: number): number {
    const at = this.length;
    if (at + 4 > this.data.length) this.grow(at + 4);
    const data = this.data;
    data[at] = a;
    data[at + 1] = b;
    data[at + 2] = c;
    data[at + 3] = d;
    this.length = at + 4;
    return at;
  }

  /** Appends `values[from..to)`, each plus `shift` (a run of rows copied from elsewhere, renumbered). */
  pushRange(values: ArrayLike<number>, from: number, to: number, shift = 0): void {
    const at = this.length;
    const n = to - from;
    if (at + n > this.data.length) this.grow(at + n);
    const data = this.data;
    for (let i = 0; i < n; i++) data[at + i] = values[from + i] + shift;
    this.length = at + n;
  }

  get(i: number): number {
    return this.data[i];
  }

  set(i: number, value: number): void {
    this.data[i] = value;
  }

  /** The values as one typed array of exactly their length (the column must not grow afterwards). */
  seal(): T {
    if (this.data.length !== this.length) this.data = this.data.slice(0, this.length) as T;
    return this.data;
  }

  /** The values so far, without copying (valid until the column grows). */
  view(): T {
    return this.data;
  }

  private grow(min: number): void {
    const next = new this.make(Math.max(min, this.data.length * 2, 16));
    next.set(this.data);
    this.data = next;
  }
}

export const int32s = (): Column<Int32Array> => new Column(Int32Array);
export const uint8s = (): Column<Uint8Array> => new Column(Uint8Array);
export const uint16s = (): Column<Uint16Array> => new Column(Uint16Array);
export const float64s = (): Column<Float64Array> => new Column(Float64Array);
