/**
 * The custom requests of the BIR debug adapter (`bir/*`), declared once. Each entry gives the schema of the
 * request's arguments (checked at the adapter's edge: a bad argument is answered with a message that names it) and
 * the type of the response's body; the types below derive from the entries, so the adapter's handlers, the engine's
 * handlers and the extension's calls are all typed from here.
 *
 * The engine serves a request as it is, under the same name, unless the adapter has a handler of its own for it
 * (the adapter's table says which). The extension and the webview import only types from this module.
 */
import { z } from 'zod';
import type { FrameGraph, NodeBreakpoint, PassGraph, PassSummary } from './graph';
import type { HistoryAnswer, WhyAnswer } from './time-queries';
import type { TimelineData } from './timeline';
import { DIVERGENCE_ARGUMENTS, MEMORY_MAP_ARGUMENTS, TENSOR_ARGUMENTS, type Divergence, type MemoryMap, type TensorData } from './tensor';

export type FramesMode = 'functions' | 'subgraphs';

/** One function's answer of `bir/functionRuns`. */
export interface FunctionRuns {
  /** `module::name`. */
  readonly name: string;
  /** The file and 1-based line of its header. */
  readonly path: string;
  readonly line: number;
  readonly runs: number;
  /**
   * Once the session has scheduled its program (`bir/timeline`, the session's program without other passes): the
   * engine time of the function's instructions over the whole run on that machine, ns, and its share of all the
   * instructions' engine time (0 to 1). A function that ran no instruction of its own has none.
   */
  readonly time?: { readonly ns: number; readonly share: number; readonly machine: string };
}

/** A marker that carries the type of a response's body. */
interface Body<T> {
  readonly body?: T;
}

const body = <T>(): Body<T> => ({});

/**
 * Which regions of a graph to include: "all", or ids (graphs up to 10,000 nodes are whole by default): a region's id
 * includes its contents, a node's id every region that holds it.
 */
const expansion = z.union([z.literal('all'), z.array(z.string())], {
  error: (issue) => `needs expand as "all" or an array of region ids, found ${describeInput(issue.input)}`,
}).optional();

/** A search of the whole graph: its answer's `found` (see findNodes in engine/graph/hierarchy.ts). */
const find = z.string({ error: (issue) => `needs find as a string, found ${describeInput(issue.input)}` }).optional();

export const BIR_REQUESTS = {
  /** Frames of functions or of subgraphs in the Call Stack (the "BIR: Toggle Subgraph Frames" command). */
  'bir/setFrames': {
    arguments: z.looseObject({
      frames: z.enum(['functions', 'subgraphs'], { error: (issue) => `needs frames: "functions" or "subgraphs", found ${describeInput(issue.input)}` }),
    }),
    body: body<{ frames: FramesMode }>(),
  },
  /** Breakpoints on nodes of the dataflow graph (the graph view's B key), by node id; replaces the previous set. */
  'bir/setNodeBreakpoints': {
    arguments: z.looseObject({ nodes: z.array(z.string(), { error: (issue) => `needs nodes, an array of node ids, found ${describeInput(issue.input)}` }) }),
    body: body<{ breakpoints: NodeBreakpoint[] }>(),
  },
  /**
   * The nodes breakpoints bind one by one (instruction breakpoints, line breakpoints with a column), each with its
   * breakpoint: what the graph view marks, the same set VS Code's Breakpoints view lists.
   */
  'bir/nodeBreakpoints': {
    arguments: z.looseObject({}),
    body: body<{ nodes: string[]; breakpoints: NodeBreakpoint[] }>(),
  },
  /** The dataflow graph of the selected frame's function (of the stopped thread's top frame without frameId). */
  'bir/graph': {
    arguments: z.looseObject({ frameId: z.int().optional(), expand: expansion, find }),
    body: body<FrameGraph>(),
  },
  /** The snapshots of the pass pipeline: 0 is the program as written, then one after each pass. */
  'bir/passGraphs': {
    arguments: z.looseObject({}),
    body: body<{ graphs: PassSummary[] }>(),
  },
  /** A snapshot's graph of one function (main by default), with what its pass changed. */
  'bir/passGraph': {
    arguments: z.looseObject({ index: z.int(), function: z.string().optional(), expand: expansion, find }),
    body: body<PassGraph>(),
  },
  /** At a compiler stop: go to the next snapshot; after the last one, the program's first instruction (index -1). */
  'bir/nextPass': {
    arguments: z.looseObject({}),
    body: body<{ index: number }>(),
  },
  /** Time travel: back to the previous line (or instruction) of any frame, into calls that just returned. */
  'bir/stepBackInto': {
    arguments: z.looseObject({ threadId: z.int(), granularity: z.enum(['statement', 'line', 'instruction']).optional() }),
    body: body<Record<string, never>>(),
  },
  /** Time travel: back to the call (or the loop or branch, with frames of subgraphs) the frame came from. */
  'bir/stepBackOut': {
    arguments: z.looseObject({ threadId: z.int(), granularity: z.enum(['statement', 'line', 'instruction']).optional() }),
    body: body<Record<string, never>>(),
  },
  /** Time travel: to where this many instructions have run (all cores together), back or forward. */
  'bir/goto': {
    arguments: z.looseObject({
      instructions: z.int({ error: (issue) => `needs instructions, a whole number of instructions, found ${describeInput(issue.input)}` })
        .min(0, { error: (issue) => `needs instructions, a count of instructions (0 or more), found ${describeInput(issue.input)}` }),
    }),
    body: body<Record<string, never>>(),
  },
  /**
   * Time travel, as data: the writes to what an expression names (an element, a slice, a tensor, a register of the
   * frame), oldest first, the latest `limit` (1,000 by default and at most) before `before` (an earlier answer's
   * `earlier`), as the Debug Console's `:history` lists them.
   */
  'bir/history': {
    arguments: z.looseObject({
      expression: z.string({ error: (issue) => `needs expression, what to search the writes of, found ${describeInput(issue.input)}` }),
      frameId: z.int().optional(),
      limit: z.int().min(1).max(1000, { error: (issue) => `needs limit as a number of writes from 1 to 1,000, found ${describeInput(issue.input)}` }).optional(),
      before: z.looseObject({ tick: z.int().min(0), atTick: z.int().min(0) }).optional(),
    }),
    body: body<HistoryAnswer>(),
  },
  /**
   * Time travel, as data: where one element's or register's value came from, as the Debug Console's `:why` says it:
   * the write and the values it read; `path` follows those inputs back (each index into the inputs of the step before).
   */
  'bir/why': {
    arguments: z.looseObject({
      expression: z.string({ error: (issue) => `needs expression, one element or a register, found ${describeInput(issue.input)}` }),
      frameId: z.int().optional(),
      path: z.array(z.int().min(0), { error: (issue) => `needs path as an array of input indices, found ${describeInput(issue.input)}` }).optional(),
    }),
    body: body<WhyAnswer>(),
  },
  /** The tensor view: a 2-D region of an expression's value in binary, with statistics, changes and a comparison. */
  'bir/tensor': { arguments: TENSOR_ARGUMENTS, body: body<TensorData>() },
  /** The tensor view: the next element, row-major, where the value is not close to the reference. */
  'bir/tensorDivergence': { arguments: DIVERGENCE_ARGUMENTS, body: body<Divergence>() },
  /** The tensor view: a core's SBUF and PSUM as its live allocations, and where a tensor lies in them. */
  'bir/memoryMap': { arguments: MEMORY_MAP_ARGUMENTS, body: body<MemoryMap>() },
  /**
   * The engine timeline (docs/timeline.md): the session's program, or its files as saved now (`program: "saved"`,
   * after an edit), run from the start with the session's inputs, cores and passes, recorded and scheduled on a
   * machine profile (trn1, trn2, trn3, or a PROFILE.json relative to the program's folder; trn2 by default).
   * `against: "previous"` adds the difference from the schedule this session answered before.
   */
  'bir/timeline': {
    arguments: z.looseObject({
      machine: z.string({ error: (issue) => `needs machine as trn1, trn2, trn3 or a PROFILE.json, found ${describeInput(issue.input)}` }).optional(),
      program: z.enum(['session', 'saved'], { error: (issue) => `needs program: "session" or "saved", found ${describeInput(issue.input)}` }).optional(),
      against: z.literal('previous', { error: (issue) => `needs against: "previous" (or nothing), found ${describeInput(issue.input)}` }).optional(),
      /** Passes run over the program (after the session's) before it is scheduled: what a pass would change. */
      passes: z.array(z.string(), { error: (issue) => `needs passes as an array of pass names, found ${describeInput(issue.input)}` }).optional(),
    }),
    body: body<TimelineData>(),
  },
  /**
   * How many times each function of the program that runs has run up to the stop (activations started, on every
   * core): the editor's CodeLens above each function. A call the `inline` pass inlined is not an activation.
   */
  'bir/functionRuns': { arguments: z.looseObject({}), body: body<{ functions: FunctionRuns[] }>() },
  /** The snapshots to stop after before the program runs; replaces the previous set. */
  'bir/setPassBreakpoints': {
    arguments: z.looseObject({
      indices: z.array(z.int().min(0), { error: (issue) => `needs indices, an array of snapshot numbers, found ${describeInput(issue.input)}` }),
    }),
    body: body<{ indices: number[] }>(),
  },
} as const;

export type BirCommand = keyof typeof BIR_REQUESTS;
export type BirArguments<C extends BirCommand> = z.infer<(typeof BIR_REQUESTS)[C]['arguments']>;
export type BirBody<C extends BirCommand> = (typeof BIR_REQUESTS)[C]['body'] extends Body<infer T> ? T : never;

/** A value as a message quotes it: `nothing` for a missing one. */
export function describeInput(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
