/** Lines and nodes: which nodes start on a line of a file, and why a line has none. Built once per program. */
import * as path from 'path';
import { FunctionIR, Node, Program } from '../ir/program';

/**
 * What a LineMap knows of a program, made once per program: the debug core and the history of passes each hold a
 * LineMap, often of the same program, and on a big program the index is most of the time from launch to the first
 * stop after parsing.
 */
interface Index {
  /** Nodes by (file, line): the key is a node's line key. */
  readonly byLine: Map<number, Node[]>;
  readonly fileIndex: Map<string, number>;
  readonly lineKeys: Float64Array;
  readonly called: Set<FunctionIR>;
  /** Made on the first lookup by id (node breakpoints, the graph), not at launch. */
  byId?: Map<string, Node>;
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
    return (fi === undefined ? undefined : this.index.byLine.get(lineKey(fi, line))) ?? [];
  }

  nodeById(id: string): Node | undefined {
    this.index.byId ??= new Map(this.program.nodes.map((n) => [n.id, n]));
    return this.index.byId.get(id);
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

function buildIndex(program: Program): Index {
  const byLine = new Map<number, Node[]>();
  const fileIndex = new Map<string, number>();
  const lineKeys = new Float64Array(program.nodes.length);
  // Spans of one file share its name: resolved once per name rather than once per node.
  const resolved = new Map<string, number>();
  for (const node of program.nodes) {
    let fi = resolved.get(node.span.file);
    if (fi === undefined) {
      const file = path.resolve(node.span.file);
      fi = fileIndex.get(file);
      if (fi === undefined) fileIndex.set(file, (fi = fileIndex.size));
      resolved.set(node.span.file, fi);
    }
    const key = lineKey(fi, node.span.line);
    lineKeys[node.index] = key;
    const list = byLine.get(key);
    if (list) list.push(node);
    else byLine.set(key, [node]);
  }
  return { byLine, fileIndex, lineKeys, called: calledFrom(program) };
}

/** The functions some chain of calls from main reaches. */
function calledFrom(program: Program): Set<FunctionIR> {
  const calls = new Map<FunctionIR, FunctionIR[]>();
  for (const node of program.nodes) {
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
