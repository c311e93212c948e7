/** Lines and nodes: which nodes start on a line of a file, and why a line has none. Built once per program. */
import * as path from 'path';
import { FunctionIR, Node, Program } from '../ir/program';

export class LineMap {
  private readonly byLine = new Map<string, Node[]>();
  private readonly byId = new Map<string, Node>();
  private readonly fileIndex = new Map<string, number>();
  /** (file, line) as one number per node, so that "did the frame change line" is one comparison. */
  readonly lineKeys: Float64Array;
  private readonly called = new Set<FunctionIR>();

  constructor(private readonly program: Program) {
    this.lineKeys = new Float64Array(program.nodes.length);
    for (const node of program.nodes) {
      const file = path.resolve(node.span.file);
      let fi = this.fileIndex.get(file);
      if (fi === undefined) this.fileIndex.set(file, (fi = this.fileIndex.size));
      this.lineKeys[node.index] = fi * 4294967296 + node.span.line;
      const key = `${file}:${node.span.line}`;
      const list = this.byLine.get(key);
      if (list) list.push(node);
      else this.byLine.set(key, [node]);
      this.byId.set(node.id, node);
    }
    this.findCalled(program.main);
  }

  nodesAt(file: string, line: number): Node[] {
    return this.byLine.get(`${path.resolve(file)}:${line}`) ?? [];
  }

  nodeById(id: string): Node | undefined {
    return this.byId.get(id);
  }

  lineKey(node: Node): number {
    return this.lineKeys[node.index];
  }

  /** True when no chain of calls from main reaches the function. */
  uncalled(fn: FunctionIR): boolean {
    return !this.called.has(fn);
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

  private findCalled(fn: FunctionIR): void {
    if (this.called.has(fn)) return;
    this.called.add(fn);
    for (const node of this.program.nodes) if (node.fn === fn && node.kind === 'call') this.findCalled(node.callee);
  }
}
