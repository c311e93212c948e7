/**
 * The dataflow graph of a function, as plain data: what the graph view draws, what `bir/graph` and
 * `bir/passGraph` answer, and what `bir-sim graph` prints. Nodes are instructions, calls and the `for`/`if` that
 * own regions (nested subgraphs); edges are read-after-write dependencies through memory (precise to the
 * overlapping region of a tensor) and through registers, each labelled with what flows.
 */
import { Span } from '../base/span';

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
}

export interface GraphRegion {
  /** `<owner id>/loop`, `<owner id>/then`, `<owner id>/else`. */
  readonly id: string;
  readonly kind: 'loop' | 'then' | 'else';
  /** `for r0 in 0..2`, `if r1 < 2 [then]`. */
  readonly label: string;
  /** The `for` or `if` node that owns the region. */
  readonly owner: string;
  /** The enclosing region, if any. */
  readonly parent?: string;
}

export interface GraphEdge {
  readonly from: string;
  readonly to: string;
  readonly kind: 'memory' | 'register';
  /** What flows: `acc[0:128, 0:512]` for memory (the overlap of the write and the read), `r0` for a register. */
  readonly label: string;
}

export interface FunctionGraph {
  /** The function's full name, `module::func`. */
  readonly function: string;
  readonly nodes: GraphNode[];
  readonly regions: GraphRegion[];
  readonly edges: GraphEdge[];
}

/** What a pass changed, by node id (the graph after the pass is the graph it changed). */
export interface PassChanges {
  readonly added: readonly string[];
  readonly removed: readonly string[];
  /** Fused groups: the group node's id and its members' ids. */
  readonly fused: readonly { readonly group: string; readonly members: readonly string[] }[];
  readonly moved: readonly string[];
}
