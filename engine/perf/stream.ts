/**
 * The executed instruction stream: every instruction a run executed, in the order it ran (cores interleaved as the
 * interpreter ran them), with what the cost model needs (engine, sizes) and the regions it read and wrote, as boxes of
 * base tensors. It holds no costs: one recorded run is scheduled on any profile. Kept as columns of typed arrays so
 * that a run of millions of instructions is a few arrays.
 */
import { float64s, int32s, uint8s } from '../ir/columns';
import { Engine } from '../ir/program';

/** The engines in lane order; the DMA queues follow them on each core. */
export const COMPUTE_ENGINES: readonly Engine[] = ['PE', 'ACT', 'DVE', 'POOL', 'SP'];
export const ENGINE_CODE: Readonly<Record<Engine, number>> = { PE: 0, ACT: 1, DVE: 2, POOL: 3, SP: 4, DMA: 5 };
export const DMA_CODE = ENGINE_CODE.DMA;

/** Instruction kinds the scheduler treats apart from their engine's cost. */
export const KIND_COMPUTE = 0;
export const KIND_MATMUL = 1;
export const KIND_DMA = 2;
export const KIND_BARRIER = 3;
/** Zero-cost work of the sequencer: `Set`. */
export const KIND_REGISTER = 4;

/** One tensor (or one activation's registers) regions are boxes of. */
export interface RegionBase {
  readonly name: string;
  readonly rank: number;
  /** An activation's registers (rank 1, one element per register), not SBUF/PSUM memory. */
  readonly registers?: boolean;
  /** A PSUM tensor: where it sits in its core's PSUM, for the bank an access falls in (psum-banks.ts). */
  readonly psum?: PsumPlace;
}

export interface PsumPlace {
  /** Bytes into each partition's PSUM. */
  readonly offset: number;
  readonly elementBytes: number;
  /** The strides of its dimensions, in elements (the first, the partition's, unused). */
  readonly strides: readonly number[];
}

export interface ExecutedStream {
  readonly count: number;
  /** The node's index in the program's code (its line, opcode, id). */
  readonly node: Int32Array;
  /** Instructions the machine had run before it, all cores together: where the debugger's stops and goto are in time. */
  readonly tick: Float64Array;
  readonly core: Uint8Array;
  /** ENGINE_CODE of the engine. */
  readonly engine: Uint8Array;
  readonly kind: Uint8Array;
  /** Free elements per partition the cost depends on (the moving free size of a MatMult). */
  readonly free: Float64Array;
  /** Tensor inputs read element by element (N cycles each). */
  readonly inputs: Uint8Array;
  /** Multiply-adds of a MatMult (K·M·N), bytes of a DMA transfer. */
  readonly work: Float64Array;
  /** A MatMult with f32 operands (the slower rate). */
  readonly slow: Uint8Array;
  /** The partitions (rows) a DMA transfer spans: its queues. */
  readonly rowStart: Int32Array;
  readonly rowCount: Int32Array;
  /** Instruction i's accesses are [accessStart[i], accessStart[i + 1]). */
  readonly accessStart: Int32Array;
  /** Per access: the region base, whether it writes, where its box starts in `boxes` (start, count, step per dimension). */
  readonly accessBase: Int32Array;
  readonly accessWrites: Uint8Array;
  readonly accessBox: Int32Array;
  readonly boxes: Float64Array;
  readonly bases: readonly RegionBase[];
}

export interface InstructionFacts {
  node: number;
  tick: number;
  core: number;
  engine: number;
  kind: number;
  free: number;
  inputs: number;
  work: number;
  slow: boolean;
  rowStart: number;
  rowCount: number;
}

/** Builds a stream instruction by instruction: `begin`, its accesses, and on to the next. */
export class StreamBuilder {
  private readonly node = int32s();
  private readonly tick = float64s();
  private readonly core = uint8s();
  private readonly engine = uint8s();
  private readonly kind = uint8s();
  private readonly free = float64s();
  private readonly inputs = uint8s();
  private readonly work = float64s();
  private readonly slow = uint8s();
  private readonly rowStart = int32s();
  private readonly rowCount = int32s();
  private readonly accessStart = int32s();
  private readonly accessBase = int32s();
  private readonly accessWrites = uint8s();
  private readonly accessBox = int32s();
  private readonly boxes = float64s();
  readonly bases: RegionBase[] = [];

  get count(): number {
    return this.node.length;
  }

  addBase(name: string, rank: number, registers = false, psum?: PsumPlace): number {
    this.bases.push(registers ? { name, rank, registers } : psum ? { name, rank, psum } : { name, rank });
    return this.bases.length - 1;
  }

  begin(f: InstructionFacts): void {
    this.node.push(f.node);
    this.tick.push(f.tick);
    this.core.push(f.core);
    this.engine.push(f.engine);
    this.kind.push(f.kind);
    this.free.push(f.free);
    this.inputs.push(f.inputs);
    this.work.push(f.work);
    this.slow.push(f.slow ? 1 : 0);
    this.rowStart.push(f.rowStart);
    this.rowCount.push(f.rowCount);
    this.accessStart.push(this.accessBase.length);
  }

  /** An access of the instruction begun last: `box` holds start, count, step for each of the base's dimensions. */
  access(base: number, writes: boolean, box: ArrayLike<number>): void {
    this.accessBase.push(base);
    this.accessWrites.push(writes ? 1 : 0);
    this.accessBox.push(this.boxes.length);
    const n = this.bases[base].rank * 3;
    for (let k = 0; k < n; k++) this.boxes.push(box[k]);
  }

  finish(): ExecutedStream {
    this.accessStart.push(this.accessBase.length);
    return {
      count: this.node.length,
      node: this.node.seal(),
      tick: this.tick.seal(),
      core: this.core.seal(),
      engine: this.engine.seal(),
      kind: this.kind.seal(),
      free: this.free.seal(),
      inputs: this.inputs.seal(),
      work: this.work.seal(),
      slow: this.slow.seal(),
      rowStart: this.rowStart.seal(),
      rowCount: this.rowCount.seal(),
      accessStart: this.accessStart.seal(),
      accessBase: this.accessBase.seal(),
      accessWrites: this.accessWrites.seal(),
      accessBox: this.accessBox.seal(),
      boxes: this.boxes.seal(),
      bases: this.bases,
    };
  }
}
