/**
 * The graph the view draws, as the debug adapter sends it (`bir/graph`, `bir/passGraph`). Structurally equal to
 * engine/graph/types.ts: the webview is browser code and imports nothing from the engine, so it states the
 * shape it reads here.
 */

export interface Span {
  readonly file: string;
  readonly line: number;
  readonly col: number;
  readonly endLine: number;
  /** Column just past the last character. */
  readonly endCol: number;
}

export type GraphNodeKind = 'instr' | 'call' | 'for' | 'if' | 'return' | 'fused';
export type GraphNodeState = 'not-run' | 'run' | 'current';

export interface GraphNode {
  /** `module::func@line:col`, with a suffix for copies a pass made. */
  readonly id: string;
  readonly kind: GraphNodeKind;
  readonly opcode: string;
  /** PE, ACT, DVE, POOL, DMA, or SP. */
  readonly engine: string;
  readonly label: string;
  readonly span: Span;
  readonly region?: string;
  state?: GraphNodeState;
  value?: string;
  readonly inlinedFrom?: string;
  readonly members?: readonly string[];
  readonly callee?: string;
}

export interface GraphRegion {
  readonly id: string;
  readonly kind: 'loop' | 'then' | 'else';
  readonly label: string;
  readonly owner: string;
  readonly parent?: string;
}

export interface GraphEdge {
  readonly from: string;
  readonly to: string;
  readonly kind: 'memory' | 'register';
  readonly label: string;
}

export interface FunctionGraph {
  readonly function: string;
  readonly nodes: GraphNode[];
  readonly regions: GraphRegion[];
  readonly edges: GraphEdge[];
}

export interface FusedGroup {
  readonly group: string;
  readonly members: readonly string[];
}

export interface PassChanges {
  readonly added: readonly string[];
  readonly removed: readonly string[];
  readonly fused: readonly FusedGroup[];
  readonly moved: readonly string[];
}

/** `bir/graph`: the selected frame's function, with the state of each node. */
export interface FrameGraph extends FunctionGraph {
  /** The frame's name as the Call Stack shows it. */
  readonly frame?: string;
  /** The snapshot of the pass pipeline that runs. */
  readonly pipeline?: { readonly index: number; readonly pass: string };
  /** Present when the program is stopped in the compiler (between passes): the answer is a snapshot's graph. */
  readonly index?: number;
  readonly pass?: string;
  readonly changes?: PassChanges;
  readonly removedNodes?: readonly GraphNode[];
  readonly reasons?: Readonly<Record<string, string>>;
}

/** One entry of `bir/passGraphs`. */
export interface PassSummary {
  readonly index: number;
  readonly pass: string;
  readonly nodeCount: number;
  readonly changed: PassChanges;
}

/** `bir/passGraph`: a snapshot's graph of one function, with what the pass changed. */
export interface PassGraph extends FunctionGraph {
  readonly index: number;
  readonly pass: string;
  readonly changes: PassChanges;
  /** The nodes of the previous snapshot this pass removed. */
  readonly removedNodes: readonly GraphNode[];
  /** Why each removed node was removed. */
  readonly reasons: Readonly<Record<string, string>>;
}

/** A node breakpoint as `bir/setNodeBreakpoints` answers it (a DAP Breakpoint). */
export interface NodeBreakpoint {
  readonly id?: number;
  readonly verified: boolean;
  readonly message?: string;
}
