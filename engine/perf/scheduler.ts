/**
 * The schedule of an executed stream on a profile: each engine of each core runs its instructions in program order,
 * the engines concurrently; a DMA transfer runs on the queues of the partitions it moves, all at once; an instruction
 * starts when its engine (or its queues) is free, its hazards (RAW, WAR, WAW over the regions it touches) have ended,
 * and its core has passed the barriers before it. Each instruction keeps what set its start (the critical path
 * follows these back) and every hazard it met with the wait that hazard alone caused.
 */
import { float64s, int32s, uint8s } from '../ir/columns';
import { instructionCost, dmaQueueRange, InstructionCost, QueueRange } from './cost';
import { HazardSink, Hazards, RAW } from './hazards';
import { MachineProfile } from './profile';
import { COMPUTE_ENGINES, ExecutedStream, KIND_BARRIER, KIND_DMA } from './stream';

// Held here: an imported binding is a property read at every use when the engine runs from its TypeScript sources.
const ENGINE_LANES = COMPUTE_ENGINES.length;
const SP_LANE = COMPUTE_ENGINES.indexOf('SP');
const BARRIER = KIND_BARRIER;
const DMA = KIND_DMA;
const READ_AFTER_WRITE = RAW;

/** What set an instruction's start. */
export const WAIT_NONE = 0;
/** The instruction before it on its engine (or queue) was still running. */
export const WAIT_ENGINE = 1;
// 2, 3, 4: RAW, WAR, WAW (hazards.ts)
export const WAIT_BARRIER = 5;

export const WAIT_NAMES = ['start', 'engine', 'RAW', 'WAR', 'WAW', 'barrier'] as const;

export interface Schedule {
  readonly profile: MachineProfile;
  readonly stream: ExecutedStream;
  readonly cores: number;
  /** Lanes per core: the compute engines, then the DMA queues. */
  readonly lanesPerCore: number;
  /** ns from the start of the run. */
  readonly start: Float64Array;
  readonly end: Float64Array;
  /** The lane of the engine; of a DMA transfer, its first queue, with `queues` of them. */
  readonly lane: Int32Array;
  readonly queues: Uint8Array;
  /** The instruction whose end set the start (-1: none) and how (WAIT_*). */
  readonly waitedOn: Int32Array;
  readonly waitKind: Uint8Array;
  /** Instruction i's hazards are [hazardStart[i], hazardStart[i + 1]): the instruction, the kind, the wait it caused. */
  readonly hazardStart: Int32Array;
  readonly hazardFrom: Int32Array;
  readonly hazardKind: Uint8Array;
  readonly hazardWait: Float64Array;
  /** When the last instruction ends, ns. */
  readonly total: number;
}

export function laneName(s: Pick<Schedule, 'lanesPerCore' | 'cores'>, lane: number): string {
  const core = Math.floor(lane / s.lanesPerCore);
  const k = lane % s.lanesPerCore;
  const name = k < COMPUTE_ENGINES.length ? COMPUTE_ENGINES[k] : `DMA q${k - COMPUTE_ENGINES.length}`;
  return s.cores > 1 ? `core ${core} ${name}` : name;
}

/** The lane of the q-th queue of a transfer whose first queue is the lane `first` (queues wrap around the core's). */
export function queueLane(lanesPerCore: number, dmaQueues: number, first: number, q: number): number {
  if (q === 0) return first;
  const dma0 = Math.floor(first / lanesPerCore) * lanesPerCore + COMPUTE_ENGINES.length;
  return dma0 + ((first - dma0 + q) % dmaQueues);
}

export function schedule(stream: ExecutedStream, profile: MachineProfile): Schedule {
  return new Scheduler(stream, profile).run();
}

class Scheduler implements HazardSink {
  private readonly n: number;
  private readonly cores: number;
  private readonly lanesPerCore: number;
  private readonly start: Float64Array;
  private readonly end: Float64Array;
  private readonly lane: Int32Array;
  private readonly queues: Uint8Array;
  private readonly waitedOn: Int32Array;
  private readonly waitKind: Uint8Array;
  private readonly hazardStart: Int32Array;
  private readonly hazardFrom = int32s();
  private readonly hazardKind = uint8s();
  private readonly hazardWait = float64s();
  private readonly laneFree: Float64Array;
  private readonly laneLast: Int32Array;
  private readonly hazards: Hazards;
  /** Per core: the latest end of its instructions, and which; the barrier its next instruction waits behind. */
  private readonly coreEnd: Float64Array;
  private readonly coreLast: Int32Array;
  private readonly coreBarriers: Int32Array;
  private readonly pendingBarrier: Int32Array;
  /** Per barrier (counted per core): the latest arrival, the barrier instruction that arrived then, its instructions. */
  private readonly barrierRelease: number[] = [];
  private readonly barrierLast: number[] = [];
  private readonly barrierInstrs: number[][] = [];
  private readonly cost: InstructionCost = { busy: 0, exposed: 0 };
  private readonly queueRange: QueueRange = { first: 0, count: 0 };

  // The instruction being scheduled: what bounds its start so far.
  private ready = 0;
  private readyFrom = -1;
  private readyKind = WAIT_NONE;
  private rawEnd = -1;
  private current = -1;
  private free = 0;

  constructor(private readonly stream: ExecutedStream, private readonly profile: MachineProfile) {
    const n = (this.n = stream.count);
    let cores = 1;
    for (let i = 0; i < n; i++) if (stream.core[i] + 1 > cores) cores = stream.core[i] + 1;
    this.cores = cores;
    this.lanesPerCore = ENGINE_LANES + profile.dmaQueues;
    this.start = new Float64Array(n);
    this.end = new Float64Array(n);
    this.lane = new Int32Array(n);
    this.queues = new Uint8Array(n);
    this.waitedOn = new Int32Array(n);
    this.waitKind = new Uint8Array(n);
    this.hazardStart = new Int32Array(n + 1);
    this.laneFree = new Float64Array(cores * this.lanesPerCore);
    this.laneLast = new Int32Array(cores * this.lanesPerCore).fill(-1);
    this.hazards = new Hazards(stream.bases.map((b) => b.rank));
    this.coreEnd = new Float64Array(cores);
    this.coreLast = new Int32Array(cores).fill(-1);
    this.coreBarriers = new Int32Array(cores);
    this.pendingBarrier = new Int32Array(cores).fill(-1);
  }

  run(): Schedule {
    const s = this.stream;
    let total = 0;
    for (let i = 0; i < this.n; i++) {
      this.hazardStart[i] = this.hazardFrom.length;
      if (s.kind[i] === BARRIER) this.arrive(i);
      else this.place(i);
      if (this.end[i] > total) total = this.end[i];
    }
    this.hazardStart[this.n] = this.hazardFrom.length;
    this.barrierInstrs.forEach((instrs, k) => {
      for (const i of instrs) this.end[i] = this.barrierRelease[k];
    });
    return {
      profile: this.profile, stream: s, cores: this.cores, lanesPerCore: this.lanesPerCore,
      start: this.start, end: this.end, lane: this.lane, queues: this.queues, waitedOn: this.waitedOn, waitKind: this.waitKind,
      hazardStart: this.hazardStart, hazardFrom: this.hazardFrom.seal(), hazardKind: this.hazardKind.seal(), hazardWait: this.hazardWait.seal(),
      total,
    };
  }

  /** A barrier: its core arrives when all its work so far has ended; every core leaves at the latest arrival. */
  private arrive(i: number): void {
    const core = this.stream.core[i];
    this.bound(core);
    if (this.coreLast[core] >= 0) this.setWait(this.coreEnd[core], this.coreLast[core], WAIT_ENGINE);
    const arrival = this.ready;
    const k = this.coreBarriers[core]++;
    this.barrierInstrs[k] ??= [];
    this.barrierInstrs[k].push(i);
    if (this.barrierRelease[k] === undefined || arrival > this.barrierRelease[k]) {
      this.barrierRelease[k] = arrival;
      this.barrierLast[k] = i;
    }
    this.pendingBarrier[core] = k;
    this.start[i] = arrival;
    this.end[i] = arrival;
    this.lane[i] = core * this.lanesPerCore + SP_LANE;
    this.waitedOn[i] = this.readyFrom;
    this.waitKind[i] = this.readyKind;
  }

  private place(i: number): void {
    const s = this.stream;
    const p = this.profile;
    const core = s.core[i];
    const base = core * this.lanesPerCore;
    let first: number;
    let count = 1;
    if (s.kind[i] === DMA) {
      const q = dmaQueueRange(p, s.rowStart[i], s.rowCount[i], this.queueRange);
      first = base + ENGINE_LANES + q.first;
      count = q.count;
    } else {
      first = base + s.engine[i];
    }
    this.bound(core);
    // The engine (or the queues) in program order.
    for (let q = 0; q < count; q++) {
      const lane = queueLane(this.lanesPerCore, this.profile.dmaQueues, first, q);
      if (this.laneLast[lane] >= 0) this.setWait(this.laneFree[lane], this.laneLast[lane], WAIT_ENGINE);
    }
    const free = this.ready;
    this.rawEnd = -1;
    this.hazardsOf(i, free);
    instructionCost(p, s, i, this.cost, count);
    // Waiting for a producer's output exposes the latency that back-to-back independent instructions hide.
    const exposed = this.rawEnd >= 0 && this.rawEnd >= free ? this.cost.exposed : 0;
    const startAt = this.ready;
    const endAt = startAt + this.cost.busy + exposed;
    this.start[i] = startAt;
    this.end[i] = endAt;
    this.lane[i] = first;
    this.queues[i] = count;
    this.waitedOn[i] = this.readyFrom;
    this.waitKind[i] = this.readyKind;
    for (let q = 0; q < count; q++) {
      const lane = queueLane(this.lanesPerCore, this.profile.dmaQueues, first, q);
      this.laneFree[lane] = endAt;
      this.laneLast[lane] = i;
    }
    if (endAt >= this.coreEnd[core]) {
      this.coreEnd[core] = endAt;
      this.coreLast[core] = i;
    }
    this.keep(i, endAt);
  }

  /** Starts the bound of an instruction of `core`: its pending barrier. */
  private bound(core: number): void {
    this.ready = 0;
    this.readyFrom = -1;
    this.readyKind = WAIT_NONE;
    const k = this.pendingBarrier[core];
    if (k >= 0) this.setWait(this.barrierRelease[k], this.barrierLast[k], WAIT_BARRIER);
  }

  private setWait(time: number, from: number, kind: number): void {
    if (time > this.ready || (time === this.ready && this.readyFrom < 0 && from >= 0)) {
      this.ready = time;
      this.readyFrom = from;
      this.readyKind = kind;
    }
  }

  private hazardsOf(i: number, free: number): void {
    const s = this.stream;
    this.current = i;
    this.free = free;
    const end = s.accessStart[i + 1];
    for (let a = s.accessStart[i]; a < end; a++) this.hazards.waits(s.accessBase[a], s.accessWrites[a] === 1, s.boxes, s.accessBox[a], this);
  }

  /** A hazard of the instruction being placed. */
  hazard(from: number, kind: number, end: number): void {
    if (from === this.current) return;
    this.hazardFrom.push(from);
    this.hazardKind.push(kind);
    this.hazardWait.push(end > this.free ? end - this.free : 0);
    if (kind === READ_AFTER_WRITE && end > this.rawEnd) this.rawEnd = end;
    this.setWait(end, from, kind);
  }

  private keep(i: number, end: number): void {
    const s = this.stream;
    for (let a = s.accessStart[i]; a < s.accessStart[i + 1]; a++) {
      this.hazards.add(s.accessBase[a], s.accessWrites[a] === 1, s.boxes, s.accessBox[a], i, end);
    }
  }
}
