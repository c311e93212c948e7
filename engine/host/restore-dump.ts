/**
 * Opening a post-mortem dump: the program checked again from the sources the dump holds (and put through the same
 * passes), then a machine with every core's stack, register and tensor as they were at the fault. The machine is
 * for reading: nothing of what it would need to run on (barrier partners, write logs, the counters per engine) is
 * in a dump.
 */
import { checkProgram, SourceHost } from '../lang/check/checker';
import { formatDiagnostic } from '../lang/diagnostics';
import { ForNode, FunctionIR, IfNode, Node, Program, Region } from '../ir/program';
import { runPipeline, Snapshot } from '../passes/pipeline';
import { isPassName } from '../passes/registry';
import { LoadError, Machine } from '../machine/machine';
import { Core, CoreState, Frame, RegionCursor } from '../machine/core';
import { Fault, FAULT_CODES, FaultCode } from '../machine/fault';
import { Tensor } from '../machine/tensor';
import { View } from '../machine/view';
import { Dump, DumpError, DumpFrame, DumpTensor, readDump } from '../io/dump';
import * as path from 'path';
import { DebugCore, DebugOptions } from '../debug/debug-core';
import { LineMap } from '../debug/line-map';
import { PipelineHistory } from '../debug/history';

export interface RestoredDump {
  /** The program snapshots of the pipeline the run used; the last is the program that ran. */
  readonly snapshots: Snapshot[];
  readonly program: Program;
  readonly machine: Machine;
  readonly fault: Fault;
}

/** The program and the machine of a dump, as at its fault; a dump that does not fit its own program is refused. */
export function restoreDump(dump: Dump, file: string): RestoredDump {
  const snapshots = programOf(dump, file);
  const program = snapshots[snapshots.length - 1].program;
  const machine = machineOf(dump, file, program);
  new Restorer(dump, file, program, machine).restore();
  return { snapshots, program, machine, fault: faultOf(dump, program, file) };
}

/** The machine the dump's program ran on; one it cannot make (too many cores, too much DRAM) is the dump's fault. */
function machineOf(dump: Dump, file: string, program: Program): Machine {
  try {
    return new Machine(program, { cores: dump.cores, files: () => () => undefined });
  } catch (e) {
    if (e instanceof LoadError) throw new DumpError(`${file} does not fit its own program: ${e.message}`);
    throw e;
  }
}

/** A dump opened for reading: its program and machine under a debug core that refuses to run. */
export interface OpenedDump extends RestoredDump {
  readonly core: DebugCore;
  /** `crash.birdump is a post-mortem dump`: how refusals name it. */
  readonly what: string;
}

/**
 * Reads, restores and puts a debug core on a dump (a session of it, `bir-sim inspect`); `:dump` and `.npy` files are
 * relative to the dump's folder. Throws DumpError with the reason when the file cannot be opened.
 */
export function openDump(file: string, options: Pick<DebugOptions, 'frames' | 'stepBy' | 'notice'> = {}, control: Int32Array = new Int32Array(2)): OpenedDump {
  const restored = restoreDump(readDump(file), file);
  const what = `${path.basename(file)} is a post-mortem dump`;
  const history = new PipelineHistory(restored.snapshots);
  const core = new DebugCore(restored.program, restored.machine, { ...options, history, postMortem: what, baseDir: path.dirname(file) }, control);
  return { ...restored, core, what };
}

function programOf(dump: Dump, file: string): Snapshot[] {
  const sources = new Map(Object.entries(dump.program.sources));
  const host: SourceHost = { readText: (f) => sources.get(f), exists: (f) => sources.has(f) };
  const checked = checkProgram(dump.program.entry, { host });
  if (!checked.program) {
    const first = checked.diagnostics.find((d) => d.severity === 'error');
    throw new DumpError(`${file}: the program it holds does not check with this version of the BIR debugger: ${first ? formatDiagnostic(first) : 'no entry file'}`);
  }
  const unknown = dump.program.passes.find((p) => !isPassName(p));
  if (unknown !== undefined) throw new DumpError(`${file}: the run went through the pass '${unknown}', which this version of the BIR debugger does not have`);
  return runPipeline(checked.program, dump.program.passes.filter(isPassName));
}

function faultOf(dump: Dump, program: Program, file: string): Fault {
  const f = dump.fault;
  const code: FaultCode = (FAULT_CODES as readonly string[]).includes(f.code) ? f.code as FaultCode : 'internal-error';
  const fault = new Fault(code, f.message, f.span && { ...f.span });
  fault.core = f.core;
  if (f.node !== undefined) {
    const node = new LineMap(program).nodeById(f.node);
    if (!node) throw new DumpError(`${file} is damaged: the faulting instruction ${f.node} is not in its program`);
    fault.nodeIndex = node.index;
  }
  return fault;
}

class Restorer {
  private readonly tensors = new Map<number, Tensor>();
  private readonly byId: ReadonlyMap<number, DumpTensor>;
  private readonly nodes: LineMap;

  constructor(
    private readonly dump: Dump,
    private readonly file: string,
    private readonly program: Program,
    private readonly machine: Machine,
  ) {
    this.byId = new Map(dump.tensors.map((t) => [t.id, t]));
    this.nodes = new LineMap(program);
  }

  restore(): void {
    if (this.dump.drams.length !== this.machine.drams.length) this.damaged(`it has ${this.dump.drams.length} dram tensors and its program ${this.machine.drams.length}`);
    this.dump.drams.forEach((id, i) => this.fill(this.machine.drams[i], id));
    let activations = 0;
    for (const stack of this.dump.stacks) {
      const core = this.machine.cores[stack.core];
      if (!core) this.damaged(`it has a stack of core ${stack.core}, and the run had ${this.machine.ncores} cores`);
      core.state = stack.state as CoreState;
      core.executed = stack.executed;
      for (const f of stack.frames) {
        const frame = this.frame(core, f);
        core.frames.push(frame);
        activations = Math.max(activations, frame.activation + 1);
        // One at a time: a spread of a frame's cursors would pass as many arguments as it has.
        for (const c of frame.cursors) activations = Math.max(activations, c.activation + 1);
      }
      if (core.state === 'barrier') core.barrierNode = core.frame?.current;
    }
    this.machine.nextActivation = activations;
    this.machine.instructionBudget = Infinity;
  }

  private frame(core: Core, f: DumpFrame): Frame {
    const fn = this.program.functions.get(f.function);
    if (!fn) return this.damaged(`its stack has a frame of '${f.function}', which its program does not have`);
    const views = f.tensors.map((v, slot): View => ({ tensor: this.tensorOf(v.tensor, fn, slot, core, f), offset: v.offset, shape: v.shape, strides: v.strides }));
    const call = f.call === undefined ? undefined : this.nodes.nodeById(f.call);
    if (call && call.kind !== 'call') this.damaged(`the frame of '${f.function}' was made by ${f.call}, which is not a call`);
    const frame = new Frame(fn, f.activation, f.depth, views, f.sbufBase, f.psumBase, call?.kind === 'call' ? call : undefined);
    frame.regs.set(f.registers.slice(0, frame.regs.length));
    frame.regWritten = f.written;
    frame.started = true;
    for (const c of f.cursors) frame.cursors.push(this.cursor(fn, c));
    return frame;
  }

  private cursor(fn: FunctionIR, c: DumpFrame['cursors'][number]): RegionCursor {
    const owner = c.owner === undefined ? undefined : this.nodes.nodeById(c.owner);
    const region = this.region(fn, c.kind, owner);
    if (!c.loop) return { region, pc: c.pc, activation: c.activation };
    const loop = { node: owner as ForNode, value: c.loop.value, end: c.loop.end ?? NaN, step: c.loop.step ?? NaN, iteration: c.loop.iteration, count: c.loop.count };
    return { region, pc: c.pc, activation: c.activation, loop };
  }

  private region(fn: FunctionIR, kind: string, owner: Node | undefined): Region {
    if (kind === 'body' && !owner) return fn.body;
    if (kind === 'loop' && owner?.kind === 'for') return owner.body;
    if ((kind === 'then' || kind === 'else') && owner?.kind === 'if') {
      const region = (owner as IfNode)[kind];
      if (region) return region;
    }
    return this.damaged(`a frame of '${fn.fullName}' is in a ${kind} region${owner ? ` of ${owner.id}` : ''} its program does not have`);
  }

  /** The tensor of a frame's slot: a caller's (restored with its frame), or the frame's own allocation, made here. */
  private tensorOf(id: number, fn: FunctionIR, slot: number, core: Core, f: DumpFrame): Tensor {
    const known = this.tensors.get(id);
    if (known) return known;
    const alloc = fn.allocs.find((a) => a.slot === slot);
    if (!alloc) return this.damaged(`the tensor in slot ${slot} of '${fn.fullName}' belongs to no frame below it`);
    const frameBase = alloc.memory === 'sbuf' ? f.sbufBase : f.psumBase;
    const t = new Tensor(alloc.name, alloc.memory, alloc.dtype, alloc.shape, core.index, { ...alloc.placement, frameBase });
    this.fill(t, id);
    return t;
  }

  /** A tensor's elements and written flags from the dump's. */
  private fill(t: Tensor, id: number): void {
    const d = this.byId.get(id);
    if (!d) return this.damaged(`it refers to tensor ${id}, which it does not hold`);
    if (d.dtype !== t.dtype || d.shape.length !== t.shape.length || d.shape.some((n, i) => n !== t.shape[i])) {
      this.damaged(`its tensor '${d.name}' is ${d.dtype}[${d.shape.join(', ')}], and the program's is ${t.dtype}[${t.shape.join(', ')}]`);
    }
    const data = Buffer.from(d.data, 'base64');
    const written = Buffer.from(d.written, 'base64');
    const bytes = new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength);
    if (data.length !== bytes.length || written.length !== t.size) this.damaged(`the elements of '${d.name}' are cut short`);
    bytes.set(data);
    t.written.set(written);
    t.writtenCount = written.reduce((n, w) => n + (w ? 1 : 0), 0);
    this.tensors.set(id, t);
  }

  private damaged(why: string): never {
    throw new DumpError(`${this.file} does not fit its own program: ${why}`);
  }
}
