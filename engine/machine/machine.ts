/** The whole machine: shared DRAM, the cores, and what a run is configured with. */
import { AllocInfo, DramInfo, Engine, FunctionIR, Program } from '../ir/program';
import { ENGINES } from '../ir/opcodes';
import { encodeRange } from './dtypes';
import { ContinuableFault } from './fault';
import { Core } from './core';
import { Journal, Tracked } from './journal';
import { DEFAULT_MAX_CALL_DEPTH, MAX_CORES } from './limits';
import { randomValues } from './random';
import { ShadowRun } from './shadow-run';
import { Tensor } from './tensor';
import { View, wholeView } from './view';

export interface MachineOptions {
  /** Cores that run `main` (1..8). */
  readonly cores?: number;
  /** Data for `dram` tensors, by name. Replaces the declared initializer. */
  readonly inputs?: Readonly<Record<string, TensorSource>>;
  /**
   * Where `file("x.npy")` initializers come from (the host reads files; the machine knows no file formats).
   * Without it, a program with a file initializer cannot load.
   */
  readonly files?: (path: string) => TensorSource;
  /** Which continuable faults stop the program (true) or let the instruction complete (false). */
  readonly faults?: Partial<Record<ContinuableFault, boolean>>;
  readonly maxCallDepth?: number;
  /** Instructions the run may execute (all cores together); the next one faults with `instruction-limit`. */
  readonly maxInstructions?: number;
  /**
   * How the user sets the limits where they run the program (`--max-instructions`, the launch attribute
   * 'maxInstructions'): the faults of a limit name it. A limit without a name is not settable there.
   */
  readonly settingNames?: SettingNames;
  /** Program output (Print), one call per line, without the newline. */
  readonly output?: (text: string, core: number) => void;
  /** A shadow run: every instruction that writes a tensor also runs in float64 (machine/shadow-run.ts). */
  readonly shadow?: boolean;
}

export interface SettingNames {
  readonly maxInstructions?: string;
  readonly maxCallDepth?: string;
}

/** Fills a DRAM tensor from outside the program (an input, a file); throws an Error that says what is wrong. */
export type TensorSource = (tensor: Tensor) => void;

/** A problem with what a run was given (cores, inputs), found before the program starts. */
export class LoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LoadError';
  }
}

/** Thrown by a TensorSource whose data has another shape than the tensor: the message then names the tensor's type. */
export class ShapeMismatch extends Error {}

/** Who wrote each DRAM element last, and in which interval between barriers: to find races between cores. */
interface WriteLog extends Tracked {
  readonly core: Int8Array;
  readonly epoch: Int32Array;
}

export class Machine {
  readonly ncores: number;
  readonly cores: Core[];
  readonly drams: Tensor[];
  readonly dramViews: View[];
  readonly maxCallDepth: number;
  readonly maxInstructions: number;
  readonly settingNames: SettingNames;
  /** Instructions the run may still execute before `instruction-limit`. */
  instructionBudget: number;
  readonly faults: Record<ContinuableFault, boolean>;
  /** Instructions executed, by engine. */
  readonly counters: Record<Engine, number>;
  readonly output: (text: string, core: number) => void;
  /** A continuable fault to let pass during one instruction: set when a run resumes from a stop at that fault. */
  suppressed?: ContinuableFault;
  /** Incremented at every completed Barrier; writes in the same epoch by two cores race. */
  barrierEpoch = 0;
  nextActivation = 0;
  /** Activations started so far, by function (every core's): how many times each function ran, for the editor's CodeLens. */
  activations = new Map<FunctionIR, number>();
  writeLogs = new Map<Tensor, WriteLog>();
  pools = new Map<string, Tensor[]>();
  /**
   * Tensors made for allocations, in the order the run made them, and how many of them the run has made so far. A
   * replay of the past makes the same ones again as the same objects, so that whatever refers to a tensor (a search
   * of its writes, a reference of the Variables view) holds across time travel.
   */
  private readonly made: Tensor[] = [];
  madeCount = 0;
  /** The member of a fused group running now (-1 outside groups): who made a write that a search watches. */
  member = -1;
  /** Set while the debugger replays the past: Print says nothing, continuable faults pass (as they did, or the run would have ended there). */
  replaying = false;
  /** The journal of time travel; every tensor of the run tells it before writing. */
  private journal?: Journal;
  /** In a shadow run, its state: the float64 shadows' instructions and pending results. */
  readonly shadow?: ShadowRun;

  constructor(
    readonly program: Program,
    options: MachineOptions = {},
  ) {
    // A run's count (launch attribute, --cores) over the program's `cores N` over one core.
    this.ncores = options.cores ?? program.cores?.count ?? 1;
    if (!Number.isInteger(this.ncores) || this.ncores < 1 || this.ncores > MAX_CORES) {
      throw new LoadError(`cores must be an integer from 1 to ${MAX_CORES}, found ${options.cores}`);
    }
    this.maxCallDepth = options.maxCallDepth ?? DEFAULT_MAX_CALL_DEPTH;
    this.maxInstructions = options.maxInstructions ?? Infinity;
    this.settingNames = options.settingNames ?? {};
    this.instructionBudget = this.maxInstructions;
    if (options.shadow) this.shadow = new ShadowRun();
    this.faults = { 'uninitialized-read': true, nan: false, race: false, ...options.faults };
    this.counters = Object.fromEntries(ENGINES.map((e) => [e, 0])) as Record<Engine, number>;
    const output = options.output ?? (() => undefined);
    // What the program printed once is not printed again when the debugger replays it.
    this.output = (text, core) => {
      if (!this.replaying) output(text, core);
    };
    this.cores = Array.from({ length: this.ncores }, (_, i) => new Core(i));
    this.drams = program.drams.map((d) => this.createDram(d, options.inputs?.[d.name], options.files));
    this.dramViews = this.drams.map(wholeView);
    const unknown = Object.keys(options.inputs ?? {}).filter((name) => !program.drams.some((d) => d.name === name));
    if (unknown.length) {
      throw new LoadError(`input '${unknown[0]}' is not a dram tensor of the program (its dram tensors: ${program.drams.map((d) => d.name).join(', ') || 'none'})`);
    }
  }

  /** Whether a continuable fault stops the program now. */
  raises(code: ContinuableFault): boolean {
    return this.faults[code] && this.suppressed !== code && !this.replaying;
  }

  /** Journals every write of the run from now on (time travel). */
  attachJournal(journal: Journal): void {
    this.journal = journal;
    for (const t of this.drams) t.journal = journal;
    // The allocations of the frames the cores start in exist already.
    for (const core of this.cores) for (const f of core.frames) for (const v of f.tensors) v.tensor.journal = journal;
  }

  private createDram(d: DramInfo, input: TensorSource | undefined, files: MachineOptions['files']): Tensor {
    const t = new Tensor(d.name, 'dram', d.dtype, d.shape);
    if (input !== undefined) {
      this.loadInput(t, d, input);
      return t;
    }
    const init = d.init;
    if (!init) return t;
    switch (init.kind) {
      case 'zeros': t.markAllWritten(); break;
      case 'const': fill(t, () => init.value); break;
      case 'iota': fill(t, (i) => i); break;
      case 'random': {
        const values = randomValues(t.size, init.seed, init.low, init.high);
        fill(t, (i) => values[i]);
        break;
      }
      case 'file': {
        if (!files) throw new LoadError(`input '${d.name}': this run cannot read files (its initializer is file("${init.path}"))`);
        this.loadInput(t, d, files(init.path));
        break;
      }
    }
    return t;
  }

  private loadInput(t: Tensor, d: DramInfo, source: TensorSource): void {
    try {
      source(t);
    } catch (e) {
      throw new LoadError(`input '${d.name}'${e instanceof ShapeMismatch ? ` (${d.dtype}[${d.shape.join(', ')}])` : ''}: ${(e as Error).message}`);
    }
  }

  /** A tensor for an allocation of a new activation: reused from an ended activation when possible, unwritten. */
  allocate(alloc: AllocInfo, core: number, frameBase: number): Tensor {
    const key = `${core}:${alloc.span.file}:${alloc.span.line}:${alloc.slot}`;
    const free = this.pools.get(key);
    const reused = free?.pop();
    if (reused && reused.placement?.frameBase === frameBase) {
      reused.clearWritten();
      return reused;
    }
    const t = this.make(alloc, core, frameBase);
    this.journal?.watcher?.(t, 0, t.size, true);
    return t;
  }

  /** A new tensor for an allocation, or the one the run made at this point before (the past replayed), made new again. */
  private make(alloc: AllocInfo, core: number, frameBase: number): Tensor {
    if (!this.journal) return new Tensor(alloc.name, alloc.memory, alloc.dtype, alloc.shape, core, { ...alloc.placement, frameBase });
    const n = this.madeCount++;
    const before = this.made[n];
    // Any tensor alike in every respect serves: a fresh one of them cannot be told from another.
    const alike = before && before.name === alloc.name && before.dtype === alloc.dtype && before.core === core
      && before.shape.length === alloc.shape.length && before.shape.every((d, i) => d === alloc.shape[i])
      && before.placement?.frameBase === frameBase && before.placement.offset === alloc.placement.offset;
    if (alike) {
      before.reset();
      return before;
    }
    // A different future from here on (the past was changed): the tensors it made are not this run's.
    this.made.length = n;
    const t = new Tensor(alloc.name, alloc.memory, alloc.dtype, alloc.shape, core, { ...alloc.placement, frameBase });
    t.journal = this.journal;
    this.made.push(t);
    return t;
  }

  release(alloc: AllocInfo, core: number, tensor: Tensor): void {
    const key = `${core}:${alloc.span.file}:${alloc.span.line}:${alloc.slot}`;
    let free = this.pools.get(key);
    if (!free) this.pools.set(key, (free = []));
    free.push(tensor);
  }

  /** Records a write of DRAM element `index` by a core; returns the other core when it wrote it since the last barrier. */
  recordDramWrite(t: Tensor, index: number, core: number): number | undefined {
    let log = this.writeLogs.get(t);
    if (!log) {
      const coreOf = new Int8Array(t.size).fill(-1);
      const epoch = new Int32Array(t.size).fill(-1);
      log = { core: coreOf, epoch, arrays: [coreOf, epoch] };
      this.writeLogs.set(t, log);
    }
    this.journal?.touch(log, index, index + 1);
    const other = log.epoch[index] === this.barrierEpoch ? log.core[index] : -1;
    log.core[index] = core;
    log.epoch[index] = this.barrierEpoch;
    return other >= 0 && other !== core ? other : undefined;
  }

  get instructionsExecuted(): number {
    // Read at every node by the debugger's history: a plain loop, no closure.
    const cores = this.cores;
    let n = 0;
    for (let i = 0; i < cores.length; i++) n += cores[i].executed;
    return n;
  }

  outputs(): { info: DramInfo; tensor: Tensor }[] {
    return this.program.drams.filter((d) => d.role === 'output').map((info) => ({ info, tensor: this.drams[info.slot] }));
  }
}

function fill(t: Tensor, value: (i: number) => number): void {
  const values = new Float64Array(t.size);
  for (let i = 0; i < t.size; i++) values[i] = value(i);
  encodeRange(t.dtype, values, 0, t.data, 0, t.size);
  t.markAllWritten();
}
