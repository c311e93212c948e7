/**
 * The two kinds of a region's nodes (program.ts's NodeList). In a checked program they are indices into the program's
 * code (CodeNodes): a region of a million instructions is a million integers. A pass rewrites a copy of the program
 * whose regions hold node objects (ArrayNodes); numbering makes it compact again.
 */
import type { Node, NodeList, ProgramCode } from './program';

export type { NodeList };

/** A region of a compact program: the indices of its nodes in the program's code. */
export class CodeNodes implements NodeList {
  constructor(
    /** The code the indices are into. */
    readonly code: ProgramCode,
    readonly indices: Int32Array,
  ) {}

  get length(): number {
    return this.indices.length;
  }

  at(position: number): Node {
    return this.code.node(this.indices[position]);
  }

  indexAt(position: number): number {
    return this.indices[position];
  }

  toArray(): Node[] {
    return Array.from(this.indices, (i) => this.code.node(i));
  }

  *[Symbol.iterator](): Iterator<Node> {
    for (let i = 0; i < this.indices.length; i++) yield this.code.node(this.indices[i]);
  }
}

/** A region whose nodes are objects: while the checker builds it, and in the copy a pass rewrites. */
export class ArrayNodes implements NodeList {
  constructor(readonly nodes: Node[] = []) {}

  get length(): number {
    return this.nodes.length;
  }

  at(position: number): Node {
    return this.nodes[position];
  }

  indexAt(position: number): number {
    return this.nodes[position].index;
  }

  toArray(): Node[] {
    return this.nodes.slice();
  }

  [Symbol.iterator](): Iterator<Node> {
    return this.nodes[Symbol.iterator]();
  }
}

/** No nodes (a region being made). */
export const NO_NODES: NodeList = new ArrayNodes([]);
