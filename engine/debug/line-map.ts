/** Lines and nodes: which nodes start on a line of a file, and why a line has none. Built once per program. */
import * as path from 'path';
import { FunctionIR, Node, Program } from '../ir/program';

/**
 * What a LineMap knows of a program, made once per program: the debug core and the history of passes each hold a
 * LineMap, often of the same program. Compact: per node its line key, and the nodes' indices sorted by line key, so
 * that the nodes of a line are found by a binary search and made only then.
 */
interface Index {
  readonly fileIndex: Map<string, number>;
  /** (file, line) as one number per node, by index. */
  readonly lineKeys: Float64Array;
  /** Node indices in order of their line keys (then of their indices). */
  readonly byLine: Int32Array;
  readonly called: Set<FunctionIR>;
  /** Made on the first lookup by an id that is not a node's origin (copies a pass made). */
  byId?: Map<string, number>;
}

const indexes = new WeakMap<Program, Index>();

export class LineMap {
  private readonly index: Index;
  /** (file, line) as one number per node, so that "did the frame change line" is one comparison. */
  readonly lineKeys: Float64Array;

  constructor(private readonly program: Program) {
    let index = indexes.get(program);
    if (!index) indexes.set(program, (index = buildIndex(program)));
    this.index = index;
    this.lineKeys = index.lineKeys;
  }

  nodesAt(file: string, line: number): Node[] {
    const fi = this.index.fileIndex.get(path.resolve(file));
    if (fi === undefined) return [];
    const key = lineKey(fi, line);
    const { byLine, lineKeys } = this.index;
    const out: Node[] = [];
    for (let k = firstAtLeast(byLine, lineKeys, key); k < byLine.length && lineKeys[byLine[k]] === key; k++) out.push(this.program.code.node(byLine[k]));
    return out;
  }

  /** The node of an id: its origin's line holds it, or (a copy a pass made) the ids of copies do. */
  nodeById(id: string): Node | undefined {
    // An origin's line is in the file the node was written in (an inlined node's is its callee's): any file's.
    const origin = /@(\d+):\d+$/.exec(id);
    const found = origin && this.nodesOnLine(Number(origin[1])).find((n) => n.id === id);
    if (found) return found;
    this.index.byId ??= copiesById(this.program);
    const index = this.index.byId.get(id);
    return index === undefined ? undefined : this.program.code.node(index);
  }

  /** Nodes of every file that start on a line. */
  private nodesOnLine(line: number): Node[] {
    const out: Node[] = [];
    for (const file of this.index.fileIndex.keys()) out.push(...this.nodesAt(file, line));
    return out;
  }

  lineKey(node: Node): number {
    return this.lineKeys[node.index];
  }

  /** True when no chain of calls from main reaches the function. */
  uncalled(fn: FunctionIR): boolean {
    return !this.index.called.has(fn);
  }

  /** Why a line has no instruction, in the words of the source. */
  whyNoInstruction(file: string, line: number): string {
    const text = this.program.sources.get(path.resolve(file))?.split('\n')[line - 1];
    if (text === undefined) return this.program.sources.has(path.resolve(file)) ? `line ${line} is past the end of the file` : `the file is not part of the program (its files: ${[...this.program.sources.keys()].map((f) => path.basename(f)).join(', ')})`;
    const code = text.replace(/#.*/, '').trim();
    if (code === '') return `no instruction on line ${line}: it is ${text.trim() ? 'a comment' : 'empty'}`;
    const alloc = /^(sbuf|psum)\s+([A-Za-z_]\w*)/.exec(code);
    if (alloc) return `no instruction on line ${line}: ${alloc[1]} '${alloc[2]}' is allocated when its function is entered; put the breakpoint on the function or its first instruction`;
    const decl = /^(dram|const|func|module|import)\b/.exec(code);
    if (decl) return `no instruction on line ${line}: it is a '${decl[1]}' declaration`;
    if (/^}/.test(code)) return `no instruction on line ${line}: it closes a block`;
    return `no instruction on line ${line}`;
  }

}

function lineKey(fileIndex: number, line: number): number {
  return fileIndex * 4294967296 + line;
}

/** The first position of `byLine` whose node's key is at least `key`. */
function firstAtLeast(byLine: Int32Array, keys: Float64Array, key: number): number {
  let lo = 0;
  let hi = byLine.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[byLine[mid]] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function buildIndex(program: Program): Index {
  const code = program.code;
  const fileIndex = new Map<string, number>();
  const lineKeys = new Float64Array(code.length);
  // Spans of one file share its name: resolved once per name rather than once per node.
  const resolved = new Map<string, number>();
  for (let i = 0; i < code.length; i++) {
    const name = code.fileAt(i);
    let fi = resolved.get(name);
    if (fi === undefined) {
      const file = path.resolve(name);
      fi = fileIndex.get(file);
      if (fi === undefined) fileIndex.set(file, (fi = fileIndex.size));
      resolved.set(name, fi);
    }
    lineKeys[i] = lineKey(fi, code.lineOf(i));
  }
  const byLine = sortedByKey(lineKeys);
  return { fileIndex, lineKeys, byLine, called: calledFrom(program) };
}

/** Indices ordered by key, then by index: nodes of a program are mostly in line order already, so this is quick. */
function sortedByKey(keys: Float64Array): Int32Array {
  const order = new Int32Array(keys.length);
  let sorted = true;
  for (let i = 0; i < keys.length; i++) {
    order[i] = i;
    if (i > 0 && keys[i] < keys[i - 1]) sorted = false;
  }
  if (sorted) return order;
  return order.sort((a, b) => keys[a] - keys[b] || a - b);
}

/** The ids of nodes that are not their origin's (copies a pass made), by id. */
function copiesById(program: Program): Map<string, number> {
  const out = new Map<string, number>();
  for (const [index, id] of program.code.copiedIds()) out.set(id, index);
  return out;
}

/** The functions some chain of calls from main reaches. */
function calledFrom(program: Program): Set<FunctionIR> {
  const calls = new Map<FunctionIR, FunctionIR[]>();
  for (const node of program.code.objectNodes()) {
    if (node.kind !== 'call') continue;
    const list = calls.get(node.fn);
    if (list) list.push(node.callee);
    else calls.set(node.fn, [node.callee]);
  }
  const called = new Set<FunctionIR>();
  const visit = (fn: FunctionIR): void => {
    if (called.has(fn)) return;
    called.add(fn);
    for (const callee of calls.get(fn) ?? []) visit(callee);
  };
  visit(program.main);
  return called;
}
