/**
 * A function's dataflow graph kept compact: a node is its ordinal (its place in program order), its region a number,
 * its edges rows of typed arrays with interned labels. The graph of a compiled model of millions of instructions is a
 * few typed arrays; a node becomes a GraphNode (id, label, span) only when an answer shows it (hierarchy.ts answers
 * a large graph in parts), and the whole arrays of FunctionGraph are made only when asked for (small graphs, export).
 */
import type { FunctionGraph, GraphEdge, GraphNode, GraphRegion } from '../../contract/graph';

/** What the builder knows of each node, asked for one node at a time. */
export interface NodeSource {
  /** The node's GraphNode (its region the graph's region, never a block). */
  node(ord: number): GraphNode;
  /** Its id, without making the GraphNode. */
  idOf(ord: number): string;
  /** The line it starts on. */
  lineOf(ord: number): number;
}

/** Edges in program order of the reader, then of the writer, memory before registers. */
export interface EdgeRows {
  readonly from: Int32Array;
  readonly to: Int32Array;
  /** 0: memory, 1: register. */
  readonly kind: Uint8Array;
  /** An index into `labels`. */
  readonly label: Int32Array;
  readonly labels: readonly string[];
}

export class CompactGraph implements FunctionGraph {
  /** The function's full name, `module::func`. */
  readonly function: string;
  private madeNodes?: GraphNode[];
  private madeEdges?: GraphEdge[];

  constructor(
    name: string,
    /** Loop bodies and branch arms, in program order. */
    readonly regions: GraphRegion[],
    /** Each region's owner (the `for` or `if`), by ordinal. */
    readonly ownerOf: Int32Array,
    /** Each node's region (an index into `regions`), -1 at the top level; by ordinal. */
    readonly regionOf: Int32Array,
    readonly edgeRows: EdgeRows,
    private readonly source: NodeSource,
  ) {
    this.function = name;
    // Own, enumerable accessors: a copy of the graph (`{ ...g }`) is a plain FunctionGraph with every node and edge.
    Object.defineProperty(this, 'nodes', { enumerable: true, get: () => (this.madeNodes ??= Array.from({ length: this.size }, (_, ord) => this.source.node(ord))) });
    Object.defineProperty(this, 'edges', { enumerable: true, get: () => (this.madeEdges ??= Array.from({ length: this.edgeCount }, (_, i) => this.edge(i))) });
  }

  /** Every node, made once and kept: for small graphs and whole answers. */
  declare readonly nodes: GraphNode[];
  declare readonly edges: GraphEdge[];

  /** Nodes in the graph. */
  get size(): number {
    return this.regionOf.length;
  }

  /** The node at an ordinal, made for the occasion (kept only once the whole array was asked for). */
  node(ord: number): GraphNode {
    return this.madeNodes?.[ord] ?? this.source.node(ord);
  }

  idOf(ord: number): string {
    return this.source.idOf(ord);
  }

  lineOf(ord: number): number {
    return this.source.lineOf(ord);
  }

  /** The ordinal of the node with an id, or -1. Looks first among the nodes on the id's line. */
  ordOf(id: string): number {
    const line = /@(\d+):/.exec(id);
    if (line) {
      const l = Number(line[1]);
      for (let ord = 0; ord < this.size; ord++) if (this.source.lineOf(ord) === l && this.source.idOf(ord) === id) return ord;
    }
    for (let ord = 0; ord < this.size; ord++) if (this.source.idOf(ord) === id) return ord;
    return -1;
  }

  /** The edge at a row. */
  edge(i: number): GraphEdge {
    const e = this.edgeRows;
    return { from: this.idOf(e.from[i]), to: this.idOf(e.to[i]), kind: e.kind[i] === 0 ? 'memory' : 'register', label: e.labels[e.label[i]] };
  }

  get edgeCount(): number {
    return this.edgeRows.from.length;
  }

  /** As JSON, the graph is the plain FunctionGraph. */
  toJSON(): FunctionGraph {
    return { function: this.function, nodes: this.nodes, regions: this.regions, edges: this.edges };
  }
}
