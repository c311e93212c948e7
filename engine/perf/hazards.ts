/**
 * The hazards between executed instructions: for every region base (a tensor, an activation's registers) the
 * accesses still able to hold a later one back, with the time each ends. A read waits for the writes it overlaps
 * (RAW); a write waits for the reads (WAR) and writes (WAW) it overlaps.
 *
 * What is kept stays small without losing a wait: an access wholly covered by a later write is dropped (that write
 * waited for it, so it ends no earlier and holds back everything the dropped one would); an access of the same box
 * keeps only the later end; and past a bound, the oldest accesses of a kind merge into one box covering them all
 * with the latest end (conservative: it may add a wait, never lose one).
 */
import { rangesMeet } from '../debug/data-region';

// Held here: an imported binding is a property read at every call when the engine runs from its TypeScript sources.
const meet = rangesMeet;

export const RAW = 2;
export const WAR = 3;
export const WAW = 4;

/** Accesses kept per base before they merge. */
const BOUND = 24;

class BaseAccesses {
  boxes: Float64Array;
  end: Float64Array;
  instr: Int32Array;
  writes: Uint8Array;
  n = 0;

  constructor(readonly width: number) {
    this.boxes = new Float64Array(BOUND * width);
    this.end = new Float64Array(BOUND);
    this.instr = new Int32Array(BOUND);
    this.writes = new Uint8Array(BOUND);
  }
}

/** Told of each access an instruction must wait for: the instruction, the kind of hazard, when it ends. */
export interface HazardSink {
  hazard(instr: number, kind: number, end: number): void;
}

export class Hazards {
  private readonly bases: (BaseAccesses | undefined)[] = [];

  constructor(private readonly ranks: readonly number[]) {}

  /** Tells `sink` of every kept access the access (box at `boxes[at..]`) must wait for. */
  waits(base: number, writes: boolean, boxes: Float64Array, at: number, sink: HazardSink): void {
    const b = this.bases[base];
    if (!b) return;
    const w = b.width;
    for (let k = 0; k < b.n; k++) {
      const other = b.writes[k] === 1;
      if (!writes && !other) continue;
      if (!overlapsAt(boxes, at, b.boxes, k * w, w)) continue;
      sink.hazard(b.instr[k], !writes ? RAW : other ? WAW : WAR, b.end[k]);
    }
  }

  /** Keeps the access of instruction `instr`, ending at `end`. */
  add(base: number, writes: boolean, boxes: Float64Array, at: number, instr: number, end: number): void {
    const b = (this.bases[base] ??= new BaseAccesses(this.ranks[base] * 3));
    const w = b.width;
    if (writes) this.dropCovered(b, boxes, at);
    for (let k = 0; k < b.n; k++) {
      if (b.writes[k] === (writes ? 1 : 0) && sameAt(boxes, at, b.boxes, k * w, w)) {
        if (end >= b.end[k]) {
          b.end[k] = end;
          b.instr[k] = instr;
        }
        return;
      }
    }
    if (b.n === BOUND) this.merge(b);
    const k = b.n++;
    for (let d = 0; d < w; d++) b.boxes[k * w + d] = boxes[at + d];
    b.end[k] = end;
    b.instr[k] = instr;
    b.writes[k] = writes ? 1 : 0;
  }

  private dropCovered(b: BaseAccesses, boxes: Float64Array, at: number): void {
    const w = b.width;
    let kept = 0;
    for (let k = 0; k < b.n; k++) {
      if (containsAt(boxes, at, b.boxes, k * w, w)) continue;
      if (kept !== k) this.move(b, k, kept);
      kept++;
    }
    b.n = kept;
  }

  /** The older half of the accesses merged into one read and one write covering them. */
  private merge(b: BaseAccesses): void {
    const w = b.width;
    const half = BOUND / 2;
    const merged: { box: Float64Array; end: number; instr: number }[] = [];
    for (const kind of [0, 1]) {
      let box: Float64Array | undefined;
      let end = -1;
      let instr = -1;
      for (let k = 0; k < half; k++) {
        if (b.writes[k] !== kind) continue;
        const at = k * w;
        if (!box) box = b.boxes.slice(at, at + w);
        else hullInto(box, b.boxes, at, w);
        if (b.end[k] > end) {
          end = b.end[k];
          instr = b.instr[k];
        }
      }
      merged.push(box ? { box, end, instr } : { box: new Float64Array(0), end: -1, instr: -1 });
    }
    let n = 0;
    merged.forEach((m, kind) => {
      if (m.instr < 0) return;
      b.boxes.set(m.box, n * w);
      b.end[n] = m.end;
      b.instr[n] = m.instr;
      b.writes[n] = kind;
      n++;
    });
    for (let k = half; k < b.n; k++) this.move(b, k, n++);
    b.n = n;
  }

  private move(b: BaseAccesses, from: number, to: number): void {
    const w = b.width;
    b.boxes.copyWithin(to * w, from * w, from * w + w);
    b.end[to] = b.end[from];
    b.instr[to] = b.instr[from];
    b.writes[to] = b.writes[from];
  }
}

/** Whether two boxes written flat (start, count, step per dimension) share an element. */
export function overlapsAt(a: Float64Array, ai: number, b: Float64Array, bi: number, width: number): boolean {
  for (let d = 0; d < width; d += 3) {
    if (!meet(a[ai + d], a[ai + d + 1], a[ai + d + 2], b[bi + d], b[bi + d + 1], b[bi + d + 2])) return false;
  }
  return true;
}

/** Whether box a holds every element of box b. */
export function containsAt(a: Float64Array, ai: number, b: Float64Array, bi: number, width: number): boolean {
  for (let d = 0; d < width; d += 3) {
    const as = a[ai + d];
    const ac = a[ai + d + 1];
    const ak = ac === 1 ? 1 : a[ai + d + 2];
    const bs = b[bi + d];
    const bc = b[bi + d + 1];
    const bk = bc === 1 ? 1 : b[bi + d + 2];
    if (bs < as || bs + (bc - 1) * bk > as + (ac - 1) * ak) return false;
    if (ak !== 1 && ((bs - as) % ak !== 0 || (bc > 1 && bk % ak !== 0))) return false;
  }
  return true;
}

function sameAt(a: Float64Array, ai: number, b: Float64Array, bi: number, width: number): boolean {
  for (let d = 0; d < width; d++) if (a[ai + d] !== b[bi + d]) return false;
  return true;
}

/** Widens `box` to the contiguous hull of itself and the box at b[bi..]. */
function hullInto(box: Float64Array, b: Float64Array, bi: number, width: number): void {
  for (let d = 0; d < width; d += 3) {
    const lo = Math.min(box[d], b[bi + d]);
    const hi = Math.max(box[d] + (box[d + 1] - 1) * box[d + 2], b[bi + d] + (b[bi + d + 1] - 1) * b[bi + d + 2]);
    box[d] = lo;
    box[d + 1] = hi - lo + 1;
    box[d + 2] = 1;
  }
}
