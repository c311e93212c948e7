/**
 * Where a run's time went, per opcode: instructions executed, elements processed, and the wall time their executors
 * took. Only a run that asks for it pays for it: the interpreter wraps each instruction's executor in a timing one when
 * it compiles it (`bir-sim run --stats`, the launch attribute `stats`), and the plain run's executors stay as they are.
 *
 * An instruction's elements are those of its largest tensor operand (a reduction reads more than it writes, a matmul
 * writes more than either input holds), the members' together for a fused group; an instruction without tensors
 * (Set, Load, Print of registers) processes none.
 *
 * Each point of the run's clock (the interpreter's ticks) is counted once: when time travel replays the past, the
 * instructions it runs again are not counted again.
 */
import { performance } from 'perf_hooks';
import { InstrNode, Operand } from '../ir/program';
import { Core, Frame } from '../machine/core';
import { Machine } from '../machine/machine';
import { viewSize } from '../machine/view';
import { compileAccess } from '../kernels/compile-access';
import { Executor } from '../kernels';

/** The figures of one opcode. */
export interface OpcodeFigures {
  readonly opcode: string;
  instructions: number;
  elements: number;
  /** Wall time in the opcode's executors, in milliseconds. */
  ms: number;
}

/** What the statistics read of the run: its clock. */
export interface RunClock {
  readonly ticks: number;
}

type Elements = (f: Frame, c: Core, m: Machine) => number;

export class OpcodeStats {
  private readonly byOpcode = new Map<string, OpcodeFigures>();
  /** The first tick not counted yet: an instruction at an earlier tick is the past replayed. */
  private frontier = 0;

  /** `execute`, timed and counted under the node's opcode (a fused group under `Fused`, its members as instructions). */
  timed(node: InstrNode, execute: Executor, clock: RunClock): Executor {
    const figures = this.figuresOf(node.opcode);
    const count = node.members?.length ?? 1;
    const elements = elementsOf(node);
    return (f, c, m) => {
      if (clock.ticks < this.frontier) return execute(f, c, m);
      const began = performance.now();
      execute(f, c, m);
      figures.ms += performance.now() - began;
      figures.instructions += count;
      figures.elements += elements(f, c, m);
      this.frontier = clock.ticks + 1;
    };
  }

  /** A node the scheduler runs itself (Barrier): counted, with no executor to time. */
  countUntimed(node: InstrNode, clock: RunClock): void {
    if (clock.ticks < this.frontier) return;
    this.figuresOf(node.opcode).instructions++;
    this.frontier = clock.ticks + 1;
  }

  /** The opcodes that ran, the most time first (then the most instructions, then by name: a stable order). */
  figures(): OpcodeFigures[] {
    return [...this.byOpcode.values()].filter((r) => r.instructions > 0)
      .map((r) => ({ ...r }))
      .sort((a, b) => b.ms - a.ms || b.instructions - a.instructions || a.opcode.localeCompare(b.opcode));
  }

  private figuresOf(opcode: string): OpcodeFigures {
    let figures = this.byOpcode.get(opcode);
    if (!figures) this.byOpcode.set(opcode, (figures = { opcode, instructions: 0, elements: 0, ms: 0 }));
    return figures;
  }
}

/** The elements an instruction processes: a constant where the shapes are, its views' sizes where registers shape them. */
function elementsOf(node: InstrNode): Elements {
  if (node.members) {
    const members = node.members.map(elementsOf);
    return (f, c, m) => members.reduce((sum, e) => sum + e(f, c, m), 0);
  }
  const tensors = [node.dst, ...node.srcs].filter((o): o is Extract<Operand, { kind: 'tensor' }> => o?.kind === 'tensor');
  const sizes = tensors.map((o) => (o.ap.shape.every((d) => d !== undefined) ? (o.ap.shape as number[]).reduce((a, b) => a * b, 1) : undefined));
  if (sizes.every((s) => s !== undefined)) {
    const largest = Math.max(0, ...(sizes as number[]));
    return () => largest;
  }
  // The registers of the moment shape a view: measured after the instruction ran, as it saw them.
  const views = tensors.map((o) => compileAccess(o.ap));
  return (f, c, m) => Math.max(0, ...views.map((v) => viewSize(v(f, c, m))));
}
