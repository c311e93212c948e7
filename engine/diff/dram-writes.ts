/**
 * Every write of a DRAM element during a run, as it happens: the element, the bits it was given and who wrote them.
 * The journal of time travel is told before each write (rows of an access pattern, or single elements); a watcher on
 * a journal that records nothing, given to the DRAM tensors only, sees them at the cost of a call per row. A node
 * may announce its rows before it writes any (a block copy), so the bits of a node's rows are read once it is done:
 * when a write by another node (or another member of a fused group) is announced, or the run ends. Nothing else can
 * have changed them in between, since any other write would have been announced first.
 */
import { InstrNode, Node } from '../ir/program';
import { Journal, Tracked } from '../machine/journal';
import { Machine } from '../machine/machine';
import { Tensor } from '../machine/tensor';
import { Interpreter } from '../run/interpreter';

/** Who made a write: the node running (and the member of a fused group), when, on which core. */
export interface Writer {
  /** Nodes run before the writing node (the interpreter's clock). */
  readonly tick: number;
  /** Instructions run before it (what the user counts, as `:goto` takes). */
  readonly instructions: number;
  readonly core: number;
  readonly node: Node;
  readonly member?: InstrNode;
}

/**
 * Told every row written, in the order of the run: the DRAM tensor's slot, the elements [from, to) and their bits
 * (`bitsOf` the tensor, as the write left them), and the writer.
 */
export type WriteSink = (slot: number, from: number, to: number, bits: ElementBits, writer: Writer) => void;

/** A tensor's elements as integers of their stored bits. */
export type ElementBits = Int32Array | Uint16Array | Uint8Array | Int16Array | Int8Array | Uint32Array;

/**
 * The stored bits of a tensor's elements as integers: equal exactly when the elements are bit for bit (a float's
 * bits, not its value: -0 is not 0, and NaN is the one quiet NaN every store makes it).
 */
export function bitsOf(t: Tensor): ElementBits {
  const d = t.data;
  return d instanceof Float32Array ? new Int32Array(d.buffer, d.byteOffset, d.length) : d;
}

/**
 * Watches the DRAM writes of a machine's run; `stop()` ends the watching (and tells the last row); `flush()`, between
 * nodes (a run stopped before its next node), tells the rows of the node that ran last.
 */
export function watchDramWrites(machine: Machine, interpreter: Interpreter, sink: WriteSink): { flush(): void; stop(): void } {
  const slots = new Map<Tracked, number>(machine.drams.map((t, slot) => [t, slot]));
  const bits = machine.drams.map(bitsOf);
  const journal = new Journal();
  journal.recording = false;
  // The rows the running writer announced: slot, from, to, three numbers a row.
  const rows: number[] = [];
  let writer: Writer | undefined;
  const flush = (): void => {
    if (!writer) return;
    for (let r = 0; r < rows.length; r += 3) sink(rows[r], rows[r + 1], rows[r + 2], bits[rows[r]], writer);
    rows.length = 0;
    writer = undefined;
  };
  journal.watcher = (owner, from, to, allocating) => {
    const slot = slots.get(owner);
    if (slot === undefined || allocating || to <= from) return;
    const now = writerNow(machine, interpreter, writer);
    if (now !== writer) {
      flush();
      writer = now;
    }
    rows.push(slot, from, to);
  };
  for (const t of machine.drams) t.journal = journal;
  return {
    flush,
    stop: () => {
      flush();
      for (const t of machine.drams) t.journal = undefined;
    },
  };
}

/** The writer of the moment; the last one again while the same node writes its rows (one object per instruction). */
function writerNow(machine: Machine, interpreter: Interpreter, last: Writer | undefined): Writer {
  const running = interpreter.running!;
  const node = running.node;
  const member = node.kind === 'instr' && node.members && machine.member >= 0 ? node.members[machine.member] : undefined;
  const tick = interpreter.ticks;
  if (last && last.tick === tick && last.node === node && last.member === member && last.core === running.core.index) return last;
  return { tick, instructions: machine.instructionsExecuted, core: running.core.index, node, member };
}

/** Instructions run once the writer's node has run: where a stop shows what it wrote. */
export function instructionsAfter(w: Writer): number {
  return w.instructions + (w.node.kind === 'instr' ? (w.node.members?.length ?? 1) : 0);
}
