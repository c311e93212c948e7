/**
 * The dataflow graph of a function, as plain data: what `bir/graph` and `bir/passGraph` answer, what the graph
 * view draws and what `bir-sim graph` prints. Nodes are instructions, calls and the `for`/`if` that own regions
 * (nested subgraphs); edges are read-after-write dependencies through memory (precise to the overlapping region of
 * a tensor) and through registers, each labelled with what flows.
 *
 * Types only: the engine builds these, the extension forwards them and the webview (browser code) reads them.
 */
import type { Span } from './span';

export type GraphNodeKind = 'instr' | 'call' | 'for' | 'if' | 'return' | 'fused';
export type GraphNodeState = 'not-run' | 'run' | 'current';

export interface GraphNode {
  /** The stable id of the IR node (`module::func@line:col`, with a suffix for copies a pass made). */
  readonly id: string;
  readonly kind: GraphNodeKind;
  /** The opcode, or `for`, `if`, `call`, `return`, `fused`. */
  readonly opcode: string;
  /** PE, ACT, DVE, POOL, DMA, or SP for control and sequencer work. */
  readonly engine: string;
  /** One line for the node's box: `MatMult acc <- xT, ws`. */
  readonly label: string;
  readonly span: Span;
  /** The region (cluster) the node is in; undefined at the top level of the function. */
  readonly region?: string;
  /** Filled in while debugging: whether the node ran in the selected frame's activation. */
  state?: GraphNodeState;
  /** Filled in while debugging: a summary of the value the node wrote (its destination now). */
  value?: string;
  /** For inlined code: the function the node was written in. */
  readonly inlinedFrom?: string;
  /** For a fused group: the members' ids in execution order. */
  readonly members?: readonly string[];
  /** For `call` nodes: the callee's full name. */
  readonly callee?: string;
  /**
   * For an instruction (or a fused group) that writes a tensor: its destination's access pattern as written, which
   * the frame of the node's function can evaluate (the tensor view shows it); in inlined copies, in the caller's names.
   */
  readonly destination?: string;
}

export interface GraphRegion {
  /** `<owner id>/loop`, `<owner id>/then`, `<owner id>/else`; `<container>/block<k>` for a block. */
  readonly id: string;
  /** A block is a run of consecutive nodes of a crowded level, made so that a large graph can be shown in parts. */
  readonly kind: 'loop' | 'then' | 'else' | 'block';
  /** `for r0 in 0..2`, `if r1 < 2 [then]`, `lines 40–212 (1000 nodes)`. */
  readonly label: string;
  /** The `for` or `if` node that owns the region (blocks have none). */
  readonly owner?: string;
  /** The enclosing region, if any. */
  readonly parent?: string;
  /** In a partial answer: the nodes inside, nested ones included. */
  readonly size?: number;
  /** In a partial answer: its contents are not in it (ask for them with `expand`). */
  readonly collapsed?: boolean;
}

export interface GraphEdge {
  readonly from: string;
  readonly to: string;
  readonly kind: 'memory' | 'register';
  /** What flows: `acc[0:128, 0:512]` for memory (the overlap of the write and the read), `r0` for a register. */
  readonly label: string;
  /** In a partial answer, an edge that ends at a collapsed region stands for this many edges (the label is one's). */
  readonly count?: number;
}

export interface FunctionGraph {
  /** The function's full name, `module::func`. */
  readonly function: string;
  readonly nodes: GraphNode[];
  readonly regions: GraphRegion[];
  readonly edges: GraphEdge[];
}

/**
 * What `bir/graph` and `bir/passGraph` answer of a function's graph: all of it, or (for large graphs, or when regions
 * are named in `expand`) the top level and the expanded regions, the others collapsed.
 */
export interface GraphAnswer extends FunctionGraph {
  /** Nodes in the function's whole graph. */
  readonly total: number;
  /** The whole graph in Graphviz DOT, in a whole answer. */
  readonly dot?: string;
  /** When asked with `find`: the nodes of the whole graph it names (ids in program order, at most 1,000) and how many. */
  readonly found?: FoundNodes;
}

/** The answer to a search of a graph (`find`): ids of nodes anywhere in the function, shown or not. */
export interface FoundNodes {
  readonly ids: readonly string[];
  readonly total: number;
}

export interface FusedGroup {
  /** The group node's id. */
  readonly group: string;
  /** Its members' ids, in execution order. */
  readonly members: readonly string[];
}

/** What a pass changed, by node id (the graph after the pass is the graph it changed). */
export interface PassChanges {
  readonly added: readonly string[];
  readonly removed: readonly string[];
  readonly fused: readonly FusedGroup[];
  readonly moved: readonly string[];
}

/** A snapshot of the pass pipeline: index 0 is the program as written, then one after each pass. */
export interface PipelinePosition {
  readonly index: number;
  readonly pass: string;
}

/** `bir/passGraph`: a snapshot's graph of one function, with what the pass changed. */
export interface PassGraph extends GraphAnswer, PipelinePosition {
  readonly changes: PassChanges;
  /** The nodes of the previous snapshot this pass removed (those in the regions the answer shows). */
  readonly removedNodes: readonly GraphNode[];
  /** Why each removed node was removed. */
  readonly reasons: Readonly<Record<string, string>>;
}

/** `bir/graph` while the program runs: the selected frame's function, with the state of each node. */
export interface RunningGraph extends GraphAnswer {
  /** The frame's name as the Call Stack shows it. */
  readonly frame?: string;
  /** The snapshot of the pass pipeline that runs. */
  readonly pipeline: PipelinePosition;
}

/** `bir/graph`: at a compiler stop (between passes) it is that snapshot's graph, otherwise the running program's. */
export type FrameGraph = RunningGraph | PassGraph;

/** One entry of `bir/passGraphs`. */
export interface PassSummary extends PipelinePosition {
  readonly nodeCount: number;
  readonly changed: PassChanges;
}

/** A node breakpoint as `bir/setNodeBreakpoints` answers it (a DAP Breakpoint). */
export interface NodeBreakpoint {
  readonly id?: number;
  readonly verified: boolean;
  readonly message?: string;
}

export type { Span } from './span';
