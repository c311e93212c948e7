/**
 * The journal of memory for time travel. The run is cut into intervals at checkpoints; in each interval the journal
 * saves, before the first write to a page of memory, the page as it was at the interval's start (undo), and when the
 * interval is sealed, the same pages as they are at its end (redo). So memory can be put back as it was at any
 * checkpoint, backward with the undo copies and forward with the redo copies, without running anything; the debugger
 * re-executes the program (deterministically) from a checkpoint to reach the ticks between.
 *
 * What it journals are "tracked" owners: typed arrays the run mutates in place (a tensor's elements and written flags,
 * the race detector's logs, the debugger's record of which nodes ran), plus one number per owner (a tensor's count of
 * written elements).
 */

type TypedArray = Float32Array | Float64Array | Uint8Array | Uint16Array | Uint32Array | Int8Array | Int16Array | Int32Array;

/** Something whose arrays the run writes. All its arrays have the same length. */
export interface Tracked {
  readonly arrays: readonly TypedArray[];
  /** A number that changes with the arrays (a tensor's writtenCount): saved and put back with them. */
  extra?: number;
  /** Per page: the interval in which it was last saved. Kept by the journal. */
  pageMarks?: Int32Array;
  /** The interval in which `extra` was last saved. */
  extraMark?: number;
}

const PAGE_BITS = 12;
/** Elements per page: small enough that a write of a few rows saves little, large enough that pages are few. */
export const PAGE = 1 << PAGE_BITS;

interface PageCopy {
  readonly owner: Tracked;
  readonly page: number;
  readonly copies: readonly TypedArray[];
}

interface ExtraCopy {
  readonly owner: Tracked;
  readonly value: number;
}

/** One interval of the run: what its writes overwrote (undo), and what they left (redo, once sealed). */
export interface Interval {
  undo: PageCopy[];
  undoExtras: ExtraCopy[];
  redo?: PageCopy[];
  redoExtras?: ExtraCopy[];
  bytes: number;
}

export class Journal {
  /** Only the interval at the frontier of the run records; replays below it find their pages saved already. */
  recording = true;
  /** The index of the interval being recorded. */
  current = 0;
  readonly intervals: Interval[] = [newInterval()];
  /**
   * Called at every write while set, before it: searches of the past watch writes with it (which element, by whom).
   * `allocating` marks a tensor made fresh for a new activation (its elements unwritten), not a write.
   */
  watcher?: (owner: Tracked, from: number, to: number, allocating: boolean) => void;
  /**
   * Pages saved so far, counted up at each save: while it stays the same, the current interval's bytes do too (only a
   * save adds to them between checkpoints), which the timeline's per-node check reads instead of the bytes.
   */
  saves = 0;
  /** Every owner with page marks, so that marks can be renumbered. */
  private readonly owners = new Set<Tracked>();

  /** Before the run writes elements [from, to) of an owner. */
  touch(owner: Tracked, from: number, to: number, allocating = false): void {
    if (this.watcher) this.watcher(owner, from, to, allocating);
    if (!this.recording || to <= from) return;
    const current = this.current;
    let marks = owner.pageMarks;
    if (!marks) {
      marks = new Int32Array(((owner.arrays[0].length - 1) >> PAGE_BITS) + 1).fill(-1);
      owner.pageMarks = marks;
      this.owners.add(owner);
    }
    const interval = this.intervals[current];
    if (owner.extra !== undefined && owner.extraMark !== current) {
      owner.extraMark = current;
      interval.undoExtras.push({ owner, value: owner.extra });
    }
    const last = (to - 1) >> PAGE_BITS;
    for (let p = from >> PAGE_BITS; p <= last; p++) {
      if (marks[p] === current) continue;
      marks[p] = current;
      const copy = copyPage(owner, p);
      interval.undo.push(copy);
      this.saves++;
      interval.bytes += bytesOf(copy);
      this.total += bytesOf(copy);
    }
  }

  /** Before the run writes element `index` of an owner: touch, with the usual case (its page saved already) first. */
  touchElement(owner: Tracked, index: number): void {
    if (this.watcher === undefined && (!this.recording || owner.pageMarks?.[index >> PAGE_BITS] === this.current)) return;
    this.touch(owner, index, index + 1);
  }

  /**
   * Before the run writes `rows` rows of `cols` elements of an owner, the first at `start`, rows `stride` apart: a
   * touch per row (a watcher is told exactly the elements written), with the usual case first, every row on one page
   * saved already in this interval with the owner's number: a write of a small tile then costs a few comparisons.
   */
  touchRows(owner: Tracked, start: number, rows: number, stride: number, cols: number): void {
    if (this.watcher === undefined) {
      if (!this.recording) return;
      const page = start >> PAGE_BITS;
      const current = this.current;
      if (owner.pageMarks?.[page] === current && stride >= 0 && (start + (rows - 1) * stride + cols - 1) >> PAGE_BITS === page && (owner.extraMark === current || owner.extra === undefined)) return;
    }
    for (let r = 0, from = start; r < rows; r++, from += stride) this.touch(owner, from, from + cols);
  }

  /** Whether interval k saved any page of an owner's elements [from, to): only then can it have written them. */
  touched(k: number, owner: Tracked, from: number, to: number): boolean {
    const first = from >> PAGE_BITS;
    const last = (to - 1) >> PAGE_BITS;
    return this.intervals[k].undo.some((u) => u.owner === owner && u.page >= first && u.page <= last);
  }

  /** Ends the current interval at a checkpoint: its pages are copied as they are now, and a new interval starts. */
  seal(): void {
    const interval = this.intervals[this.current];
    interval.redo = interval.undo.map((u) => copyPage(u.owner, u.page));
    interval.redoExtras = interval.undoExtras.map((e) => ({ owner: e.owner, value: e.owner.extra! }));
    this.total += interval.bytes;
    interval.bytes *= 2;
    this.intervals.push(newInterval());
    this.current = this.intervals.length - 1;
  }

  /** Puts back the memory an interval's writes overwrote: as at its start. The earliest copy of a page wins. */
  undo(k: number): void {
    const interval = this.intervals[k];
    for (let i = interval.undo.length - 1; i >= 0; i--) putPage(interval.undo[i]);
    for (let i = interval.undoExtras.length - 1; i >= 0; i--) interval.undoExtras[i].owner.extra = interval.undoExtras[i].value;
  }

  /** Puts memory as a sealed interval left it: as at its end. */
  redo(k: number): void {
    const interval = this.intervals[k];
    for (const r of interval.redo!) putPage(r);
    for (const e of interval.redoExtras!) e.owner.extra = e.value;
  }

  /** Bytes of all copies: kept as pages are saved, recounted when intervals change. */
  private total = 0;

  get bytes(): number {
    return this.total;
  }

  /** Bytes of the interval being recorded. */
  get currentBytes(): number {
    return this.intervals[this.current].bytes;
  }

  private recount(): void {
    this.total = this.intervals.reduce((n, i) => n + i.bytes, 0);
  }

  /**
   * Forgets the intervals after k, which becomes the one recording (a change in the past makes the future that was
   * recorded another one). Pages saved later may be saved again in k: the earliest copy wins when undone.
   */
  truncateAfter(k: number): void {
    this.intervals.length = k + 1;
    const interval = this.intervals[k];
    interval.redo = undefined;
    interval.redoExtras = undefined;
    interval.bytes = interval.undo.reduce((n, u) => n + bytesOf(u), 0);
    this.current = k;
    this.recount();
  }

  /** Merges interval k+1 into k (a checkpoint between them is dropped), keeping one copy of each page where both have it. */
  merge(k: number): void {
    const a = this.intervals[k];
    const b = this.intervals[k + 1];
    const inA = new Set(a.undo.map(key));
    const undo = [...a.undo, ...b.undo.filter((u) => !inA.has(key(u)))];
    const undoExtras = [...a.undoExtras, ...b.undoExtras.filter((e) => !a.undoExtras.some((x) => x.owner === e.owner))];
    let redo: PageCopy[] | undefined;
    let redoExtras: ExtraCopy[] | undefined;
    if (b.redo) {
      const inB = new Set(b.redo.map(key));
      redo = [...b.redo, ...(a.redo ?? []).filter((r) => !inB.has(key(r)))];
      redoExtras = [...b.redoExtras!, ...(a.redoExtras ?? []).filter((e) => !b.redoExtras!.some((x) => x.owner === e.owner))];
    }
    const merged: Interval = { undo, undoExtras, redo, redoExtras, bytes: 0 };
    merged.bytes = [...undo, ...(redo ?? [])].reduce((n, c) => n + bytesOf(c), 0);
    this.intervals.splice(k, 2, merged);
    if (this.current > k) this.current--;
    this.recount();
    this.renumberMarks();
  }

  /** Forgets the first interval: history then starts at the second one's checkpoint. */
  dropFirst(): void {
    this.intervals.shift();
    this.current--;
    this.recount();
    this.renumberMarks();
  }

  /** After intervals are merged or dropped, page marks name intervals by their new indices. */
  private renumberMarks(): void {
    for (const o of this.owners) {
      o.pageMarks!.fill(-1);
      o.extraMark = undefined;
    }
    this.intervals.forEach((interval, k) => {
      for (const u of interval.undo) u.owner.pageMarks![u.page] = k;
      for (const e of interval.undoExtras) e.owner.extraMark = k;
    });
  }
}

function newInterval(): Interval {
  return { undo: [], undoExtras: [], bytes: 0 };
}

function copyPage(owner: Tracked, page: number): PageCopy {
  const from = page << PAGE_BITS;
  const copies = owner.arrays.map((a) => a.slice(from, Math.min(a.length, from + PAGE)));
  return { owner, page, copies };
}

function putPage(c: PageCopy): void {
  const from = c.page << PAGE_BITS;
  c.owner.arrays.forEach((a, i) => a.set(c.copies[i], from));
}

function bytesOf(c: PageCopy): number {
  return c.copies.reduce((n, a) => n + a.byteLength, 0);
}

const ids = new WeakMap<Tracked, number>();
let nextId = 0;

function key(c: PageCopy): string {
  let id = ids.get(c.owner);
  if (id === undefined) ids.set(c.owner, (id = nextId++));
  return `${id}:${c.page}`;
}
