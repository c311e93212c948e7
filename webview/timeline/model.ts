/**
 * The schedule as the page holds it: the columns as typed arrays over the buffers the host posted (no object per
 * instruction), and per lane with work the instructions it runs in time order, with their starts and the running
 * maximum of their ends, so that drawing and hovering find the visible ones by binary search.
 */
import type { TimelineBuffers, TimelineHeader } from './messages';

export interface Lane {
  /** The lane's index in the schedule (header.lanes). */
  readonly lane: number;
  readonly name: string;
  /** Instruction indices, by start. */
  readonly order: Int32Array;
  readonly starts: Float64Array;
  /** maxEnd[k]: the latest end of order[0..k]. */
  readonly maxEnd: Float64Array;
}

export interface Model {
  readonly header: TimelineHeader;
  readonly count: number;
  readonly start: Float64Array;
  readonly end: Float64Array;
  readonly lane: Int32Array;
  readonly queues: Uint8Array;
  readonly site: Int32Array;
  readonly tick: Float64Array;
  readonly waitedOn: Int32Array;
  readonly waitKind: Uint8Array;
  readonly hazardStart: Int32Array;
  readonly hazardFrom: Int32Array;
  readonly hazardKind: Uint8Array;
  readonly hazardWait: Float64Array;
  readonly siteFile: Int32Array;
  readonly siteLine: Int32Array;
  readonly siteCol: Int32Array;
  readonly siteOpcode: Int32Array;
  /** Per site, the engines its instruction may move to (bits of header.engineChoices). */
  readonly siteEngines: Uint8Array;
  /** The critical path, first to last, and per instruction whether it is on it. */
  readonly critical: Int32Array;
  readonly onPath: Uint8Array;
  /** The starts and ends of the path's steps, in its order (both nondecreasing: each starts when the one before ends). */
  readonly criticalStarts: Float64Array;
  readonly criticalEnds: Float64Array;
  /** The lanes with work, in lane order; and of each lane, its row among them (-1: no work). */
  readonly lanes: readonly Lane[];
  readonly rowOf: Int32Array;
}

export function buildModel(header: TimelineHeader, b: TimelineBuffers): Model {
  const m = {
    header,
    count: header.instructions,
    start: new Float64Array(b.start), end: new Float64Array(b.end), lane: new Int32Array(b.lane), queues: new Uint8Array(b.queues),
    site: new Int32Array(b.site), tick: new Float64Array(b.tick), waitedOn: new Int32Array(b.waitedOn), waitKind: new Uint8Array(b.waitKind),
    hazardStart: new Int32Array(b.hazardStart), hazardFrom: new Int32Array(b.hazardFrom), hazardKind: new Uint8Array(b.hazardKind), hazardWait: new Float64Array(b.hazardWait),
    siteFile: new Int32Array(b['site.file']), siteLine: new Int32Array(b['site.line']), siteCol: new Int32Array(b['site.col']), siteOpcode: new Int32Array(b['site.opcode']), siteEngines: new Uint8Array(b['site.engines']),
    critical: new Int32Array(b.criticalPath),
  };
  const onPath = new Uint8Array(m.count);
  const criticalStarts = new Float64Array(m.critical.length);
  const criticalEnds = new Float64Array(m.critical.length);
  // Plain loops over the columns: the first drawing of a million instructions is most of its time here.
  for (let k = 0; k < m.critical.length; k++) {
    const i = m.critical[k];
    onPath[i] = 1;
    criticalStarts[k] = m.start[i];
    criticalEnds[k] = m.end[i];
  }
  const lanes = buildLanes(header, m.start, m.end, m.lane, m.queues);
  const rowOf = new Int32Array(header.lanes.length).fill(-1);
  lanes.forEach((lane, row) => {
    rowOf[lane.lane] = row;
  });
  return { ...m, onPath, criticalStarts, criticalEnds, lanes, rowOf };
}

/** The lane of the q-th queue of a transfer whose first queue is `first` (queues wrap around the core's). */
function queueLane(header: TimelineHeader, first: number, q: number): number {
  if (q === 0) return first;
  const dma0 = Math.floor(first / header.lanesPerCore) * header.lanesPerCore + header.lanesPerCore - header.dmaQueues;
  return dma0 + ((first - dma0 + q) % header.dmaQueues);
}

/**
 * The lanes with work. A transfer on several queues is listed once per span of queues (its first queue and their
 * number), not once per queue: the queues a set of spans covers alike (all 16, for transfers over 128 partitions) share
 * one list, built once, so that a million transfers are not sixteen million entries.
 */
function buildLanes(header: TimelineHeader, start: Float64Array, end: Float64Array, laneOf: Int32Array, queues: Uint8Array): Lane[] {
  const laneCount = header.lanes.length;
  const n = start.length;
  // Instructions on one lane, by lane; transfers on several, by span (first lane · 256 + queues): one key each, one
  // counting pass.
  const keyAt = new Int32Array(n);
  for (let i = 0; i < n; i++) keyAt[i] = queues[i] <= 1 ? laneOf[i] : laneCount + laneOf[i] * 256 + queues[i];
  const lists = listsBy(keyAt, laneCount * 257);
  const singles = new Map<number, Int32Array>();
  const spans = new Map<number, Int32Array>();
  for (const [key, list] of lists) {
    if (key < laneCount) singles.set(key, list);
    else spans.set(key - laneCount, list);
  }
  const spansOf: number[][] = Array.from({ length: laneCount }, () => []);
  for (const key of spans.keys()) {
    for (let q = 0; q < key % 256; q++) spansOf[queueLane(header, Math.floor(key / 256), q)].push(key);
  }
  const lanes: Lane[] = [];
  const built = new Map<string, Lane>();
  for (let k = 0; k < laneCount; k++) {
    const own = singles.get(k);
    if (!own && spansOf[k].length === 0) continue;
    // Lanes of the same spans and no instructions of their own have the same instructions.
    const signature = own ? undefined : spansOf[k].sort((a, b) => a - b).join(',');
    const same = signature !== undefined ? built.get(signature) : undefined;
    if (same) {
      lanes.push({ ...same, lane: k, name: header.lanes[k] });
      continue;
    }
    const parts = [...(own ? [own] : []), ...spansOf[k].map((key) => spans.get(key)!)];
    const lane = timeOrdered(k, header.lanes[k], parts.length === 1 ? parts[0] : merged(parts), start, end);
    if (signature !== undefined) built.set(signature, lane);
    lanes.push(lane);
  }
  return lanes;
}

/**
 * The instructions by their keys (below `keys`), each list in program order: a counting sort into one array, each
 * key's list a view of it.
 */
function listsBy(keyAt: Int32Array, keys: number): Map<number, Int32Array> {
  const n = keyAt.length;
  const next = new Int32Array(keys + 1);
  for (let i = 0; i < n; i++) next[keyAt[i] + 1]++;
  for (let key = 0; key < keys; key++) next[key + 1] += next[key];
  const all = new Int32Array(n);
  const out = new Map<number, Int32Array>();
  for (let key = 0; key < keys; key++) if (next[key + 1] > next[key]) out.set(key, all.subarray(next[key], next[key + 1]));
  for (let i = 0; i < n; i++) all[next[keyAt[i]]++] = i;
  return out;
}

/** Lists in program order, merged into one in program order (each is sorted: merged two at a time). */
function merged(parts: readonly Int32Array[]): Int32Array {
  let out = parts[0];
  for (let p = 1; p < parts.length; p++) out = mergeTwo(out, parts[p]);
  return out;
}

function mergeTwo(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = a[i] <= b[j] ? a[i++] : b[j++];
  while (i < a.length) out[k++] = a[i++];
  while (j < b.length) out[k++] = b[j++];
  return out;
}

function timeOrdered(k: number, name: string, unordered: Int32Array, start: Float64Array, end: Float64Array): Lane {
  const order = inTimeOrder(unordered, start);
  const starts = new Float64Array(order.length);
  const maxEnd = new Float64Array(order.length);
  let latest = -Infinity;
  for (let j = 0; j < order.length; j++) {
    starts[j] = start[order[j]];
    latest = Math.max(latest, end[order[j]]);
    maxEnd[j] = latest;
  }
  return { lane: k, name, order, starts, maxEnd };
}

/** A lane runs its instructions in program order, so they are in time order already; sorted only if not. */
function inTimeOrder(order: Int32Array, start: Float64Array): Int32Array {
  for (let j = 1; j < order.length; j++) {
    if (start[order[j]] < start[order[j - 1]]) return Int32Array.from([...order].sort((a, b) => start[a] - start[b] || a - b));
  }
  return order;
}

/** The first k with a[k] >= x (a nondecreasing), from `lo`. */
export function lowerBound(a: Float64Array, x: number, lo = 0, hi = a.length): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first k with a[k] > x (a nondecreasing). */
export function upperBound(a: Float64Array, x: number, lo = 0, hi = a.length): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The instruction of a lane running at time t (within `slack` ns), or -1. */
export function instructionAt(m: Model, lane: Lane, t: number, slack: number): number {
  // The last instruction starting at or before t + slack; one that ends before t - slack is not there.
  const k = lowerBound(lane.starts, t + slack + Number.EPSILON) - 1;
  for (let j = k; j >= 0 && j >= k - 2; j--) {
    const i = lane.order[j];
    if (m.end[i] >= t - slack) return i;
  }
  return -1;
}

/** The instruction the debugger is stopped before: the first whose count is the stop's or more; -1 past the end. */
export function instructionOfTick(m: Model, instructions: number): number {
  const k = lowerBound(m.tick, instructions);
  return k < m.count ? k : -1;
}

export function opcodeOf(m: Model, i: number): string {
  return m.header.opcodes[m.siteOpcode[m.site[i]]];
}

export function lineOfInstruction(m: Model, i: number): number {
  return m.siteLine[m.site[i]];
}

export function fileOfInstruction(m: Model, i: number): string {
  return m.header.files[m.siteFile[m.site[i]]];
}

export interface EngineChoiceOf {
  readonly engine: string;
  readonly attribute: string;
  /** The engine it runs on now. */
  readonly current: boolean;
}

/** The engines instruction i may run on (its attribute `engine`), in the header's order; empty when it has one. */
export function engineChoices(m: Model, i: number): EngineChoiceOf[] {
  const bits = m.siteEngines[m.site[i]];
  if (!bits) return [];
  const lane = m.header.lanes[m.lane[i]].replace(/^core \d+ /, '');
  return m.header.engineChoices.flatMap((c, k) => (bits & (1 << k) ? [{ ...c, current: c.engine === lane }] : []));
}
