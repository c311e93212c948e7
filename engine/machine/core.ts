/** A core's execution state: its stack of activations, each with registers, tensors and a position. */
import { AllocInfo, CallNode, ForNode, FunctionIR, Node, Region } from '../ir/program';
import { REGISTERS } from './limits';
import { View } from './view';

/** A loop being run: the register's value, where it ends, and which iteration this is. */
export interface LoopState {
  readonly node: ForNode;
  value: number;
  readonly end: number;
  readonly step: number;
  iteration: number;
  readonly count: number;
}

/** A position inside one region of a frame: the index of the next node, and the loop when the region is a loop body. */
export interface RegionCursor {
  readonly region: Region;
  pc: number;
  readonly loop?: LoopState;
  /** Unique per entry of the region (a loop iteration, a branch arm): names the subgraph frame. */
  readonly activation: number;
}

/** Frames whose registers share one buffer (16 KiB): a buffer is freed once none of its frames is kept. */
const FRAMES_PER_SLAB = 128;
const REGISTER_BYTES = REGISTERS * Float64Array.BYTES_PER_ELEMENT;
let slab = new ArrayBuffer(0);
let slabUsed = 0;

/**
 * A new frame's registers: a view on a shared buffer. A Float64Array of its own (128 bytes) is allocated off the
 * heap, and a frame is made per call: a loop of small calls spent a sixth of its time allocating registers. A view
 * keeps the typed array's semantics (a NaN's payload is kept; a plain array would make it canonical).
 */
function newRegisters(): Float64Array {
  if (slabUsed === slab.byteLength) {
    slab = new ArrayBuffer(FRAMES_PER_SLAB * REGISTER_BYTES);
    slabUsed = 0;
  }
  const regs = new Float64Array(slab, slabUsed, REGISTERS);
  slabUsed += REGISTER_BYTES;
  return regs;
}

export class Frame {
  /**
   * Told before every register write while set: searches of the past watch registers with it. Static because a
   * search runs synchronously and watches every frame of the machine it replays.
   */
  static watcher?: (frame: Frame, index: number, value: number) => void;

  readonly regs = newRegisters();
  /** Bit i set when register i was written in this activation. */
  regWritten = 0;
  readonly cursors: RegionCursor[] = [];
  /** Set when the frame has begun executing (its first node is current or done). */
  started = false;
  /** The (file, line) of the last node the frame ran, as the debugger keys it: a frame *enters* a line when it changes. */
  lastLineKey = -1;

  constructor(
    readonly fn: FunctionIR,
    /** Unique per activation in a run, so a debugger can tell two calls of the same function apart. */
    readonly activation: number,
    readonly depth: number,
    /** Tensor parameters, then allocations, by slot. */
    readonly tensors: View[],
    readonly sbufBase: number,
    readonly psumBase: number,
    /** The call in the caller that created this frame; none for main. */
    readonly callNode?: CallNode,
  ) {}

  get top(): RegionCursor {
    return this.cursors[this.cursors.length - 1];
  }

  /** The node the frame runs next, or undefined at the end of its innermost region. */
  get current(): Node | undefined {
    const c = this.top;
    return c && c.pc < c.region.nodes.length ? c.region.nodes.at(c.pc) : undefined;
  }

  /**
   * Whether an allocation is live: one of the function body always, one of a block (a loop body, an arm) while a
   * cursor up to `cursorIndex` is in that block.
   */
  isLive(alloc: AllocInfo, cursorIndex = this.cursors.length - 1): boolean {
    if (alloc.scope === undefined) return true;
    for (let k = Math.min(cursorIndex, this.cursors.length - 1); k >= 0; k--) if (this.cursors[k].region.allocs?.includes(alloc)) return true;
    return false;
  }

  /** The allocations live now (up to `cursorIndex`), in declaration order. */
  liveAllocs(cursorIndex?: number): AllocInfo[] {
    return this.fn.allocs.filter((a) => this.isLive(a, cursorIndex));
  }

  /** The live allocation of a name: sibling blocks may each declare one of the same name. */
  liveAlloc(name: string, cursorIndex?: number): AllocInfo | undefined {
    const allocs = this.fn.allocs;
    for (let i = allocs.length - 1; i >= 0; i--) if (allocs[i].name === name && this.isLive(allocs[i], cursorIndex)) return allocs[i];
    return undefined;
  }

  setRegister(index: number, value: number): void {
    if (Frame.watcher) Frame.watcher(this, index, value);
    this.regs[index] = value;
    this.regWritten |= 1 << index;
  }

  isWritten(index: number): boolean {
    return (this.regWritten & (1 << index)) !== 0;
  }

  /** As a new activation starts: what a replay of the past does to the frame object it runs the activation in again. */
  reset(tensors: readonly View[]): this {
    this.regs.fill(0);
    this.regWritten = 0;
    this.cursors.length = 0;
    this.started = false;
    this.lastLineKey = -1;
    this.tensors.splice(0, this.tensors.length, ...tensors);
    return this;
  }
}

export type CoreState = 'running' | 'barrier' | 'done';

export class Core {
  readonly frames: Frame[] = [];
  state: CoreState = 'running';
  /** Instructions this core executed. */
  executed = 0;
  /** The Barrier this core waits at. */
  barrierNode?: Node;

  constructor(readonly index: number) {}

  get frame(): Frame | undefined {
    return this.frames[this.frames.length - 1];
  }
}
