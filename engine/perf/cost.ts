/**
 * The cost of one executed instruction on a profile, first order, as the NKI guides give it (docs/timeline.md):
 * - MatMult: issues every max(N, MM_INIT_LATENCY) Tensor cycles (N the moving free size), f32 operands 4×; a Transpose
 *   is a MatMult against the identity, its N the source's partitions.
 * - Vector, Scalar, GpSimd: max(MIN_II, N · inputs) cycles, plus the static overhead when N is small; an instruction
 *   that waits for a producer's output pays the static overhead and the fixed cost of each of its SBUF/PSUM accesses
 *   on top (`exposed`): that latency is hidden only when instructions do not depend on each other.
 * - DMA: the fixed cost of a transfer, then its bytes spread over its queues at the queue's bandwidth times an
 *   efficiency that falls with the bytes per partition: b / (b + half).
 */
import { MachineProfile } from './profile';
import { ENGINE_CODE, ExecutedStream, KIND_BARRIER, KIND_DMA, KIND_MATMUL, KIND_REGISTER } from './stream';

// Held here: an imported binding is a property read at every use when the engine runs from its TypeScript sources.
const BARRIER = KIND_BARRIER;
const REGISTER = KIND_REGISTER;
const DMA = KIND_DMA;
const MATMUL = KIND_MATMUL;

export interface InstructionCost {
  /** How long the instruction occupies its engine (or each of its DMA queues), ns. */
  busy: number;
  /** Added to `busy` when the instruction waited for a producer's output, ns. */
  exposed: number;
}

/** The clock of an engine, GHz, by ENGINE_CODE. */
export function engineGHz(p: MachineProfile, engine: number): number {
  switch (engine) {
    case ENGINE_CODE.PE: return p.tensorGHz;
    case ENGINE_CODE.ACT: return p.scalarGHz;
    case ENGINE_CODE.DVE: return p.vectorGHz;
    case ENGINE_CODE.POOL: return p.gpsimdGHz;
    default: return p.syncGHz;
  }
}

/** The fraction of a queue's peak bandwidth a transfer of `bytesPerPartition` per partition reaches. */
export function dmaEfficiency(p: MachineProfile, bytesPerPartition: number): number {
  return bytesPerPartition <= 0 ? 0 : bytesPerPartition / (bytesPerPartition + p.dmaHalfEfficiencyBytes);
}

export interface QueueRange {
  first: number;
  count: number;
}

/** The queues a transfer over rows [start, start + count) uses: a contiguous range, `dmaPartitionsPerQueue` rows each. */
export function dmaQueueRange(p: MachineProfile, rowStart: number, rowCount: number, out: QueueRange = { first: 0, count: 0 }): QueueRange {
  const per = p.dmaPartitionsPerQueue;
  const firstRow = Math.floor(rowStart / per);
  const last = Math.floor((rowStart + Math.max(rowCount, 1) - 1) / per);
  out.first = firstRow % p.dmaQueues;
  out.count = Math.min(p.dmaQueues, last - firstRow + 1);
  return out;
}

/**
 * The cost of instruction i of the stream on the profile; `out` is filled and returned (nothing allocated). `queues`:
 * how many DMA queues a transfer runs on, when the caller knows (else found from its rows).
 */
export function instructionCost(p: MachineProfile, s: ExecutedStream, i: number, out: InstructionCost, queues = 0): InstructionCost {
  out.busy = 0;
  out.exposed = 0;
  const kind = s.kind[i];
  if (kind === BARRIER || kind === REGISTER) return out;
  if (kind === DMA) {
    const bytes = s.work[i];
    const rows = Math.max(1, s.rowCount[i]);
    const q = queues || dmaQueueRange(p, s.rowStart[i], rows).count;
    const efficiency = dmaEfficiency(p, bytes / rows);
    out.busy = p.dmaFixedNs + (efficiency > 0 ? bytes / q / (p.dmaBytesPerNs * efficiency) : 0);
    return out;
  }
  const ghz = engineGHz(p, s.engine[i]);
  const n = s.free[i];
  if (kind === MATMUL) {
    out.busy = (Math.max(n, p.matmulMinCycles) * (s.slow[i] ? p.matmulFp32Factor : 1)) / ghz;
    return out;
  }
  const perElement = p.cyclesPerElementPerInput * Math.max(1, s.inputs[i]);
  const small = n < p.smallFreeSize;
  out.busy = (Math.max(p.minInstructionCycles, n * perElement) + (small ? p.staticOverheadCycles : 0)) / ghz;
  const accesses = s.accessStart[i + 1] - s.accessStart[i];
  out.exposed = ((small ? 0 : p.staticOverheadCycles) + p.accessOverheadCycles * memoryAccesses(s, i, accesses)) / ghz;
  return out;
}

/** The instruction's SBUF/PSUM accesses: its tensor accesses, registers not counted. */
function memoryAccesses(s: ExecutedStream, i: number, accesses: number): number {
  let n = 0;
  for (let a = s.accessStart[i]; a < s.accessStart[i] + accesses; a++) if (!s.bases[s.accessBase[a]].registers) n++;
  return n;
}
