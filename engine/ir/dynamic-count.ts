/**
 * How many instructions a run executes, when the program says it before it runs: every loop's bounds are constants,
 * every branch's condition is a constant (or both arms execute as many), and no `return` leaves a function early.
 * Counted as the machine counts (instructions only, a fused group as its members; `for`, `if` and `call` not), for
 * every core. Undefined when a count depends on the data or the registers: progress then shows no percentage.
 */
import { FunctionIR, Node, Program, Region } from './program';
import { CodeNodes } from './node-list';
import { evalScalarConst } from './scalar';

export function dynamicInstructionCount(program: Program, cores: number): number | undefined {
  const perCore = new Counter().ofFunction(program.main);
  return perCore === undefined ? undefined : perCore * cores;
}

class Counter {
  /** Per function; undefined while its count is being made (a recursive call has no count). */
  private readonly functions = new Map<FunctionIR, number | undefined>();

  ofFunction(fn: FunctionIR): number | undefined {
    if (this.functions.has(fn)) return this.functions.get(fn);
    this.functions.set(fn, undefined);
    const count = this.ofRegion(fn.body, true);
    this.functions.set(fn, count);
    return count;
  }

  /** `body`: a function's body, whose last node may be a `return` (it ends the function where it ends anyway). */
  private ofRegion(region: Region, body = false): number | undefined {
    let n = 0;
    const code = region.nodes instanceof CodeNodes ? region.nodes.code : undefined;
    for (let i = 0; i < region.nodes.length; i++) {
      // A plain instruction counts one without being made: a compiled model's million node objects would be garbage
      // the run's first collections promote, a third more memory than the check at the run's peak.
      if (code && !code.isObject(region.nodes.indexAt(i))) {
        n++;
        continue;
      }
      const node = region.nodes.at(i);
      if (node.kind === 'return' && !(body && i === region.nodes.length - 1)) return undefined;
      const c = this.ofNode(node);
      if (c === undefined) return undefined;
      n += c;
    }
    return n;
  }

  private ofNode(node: Node): number | undefined {
    switch (node.kind) {
      case 'instr': return node.members?.length ?? 1;
      case 'return': return 0;
      case 'call': return this.ofFunction(node.callee);
      case 'for': {
        const from = evalScalarConst(node.from);
        const to = evalScalarConst(node.to);
        const step = evalScalarConst(node.step);
        if (from === undefined || to === undefined || step === undefined || step === 0) return undefined;
        const iterations = Math.max(0, Math.ceil((to - from) / step));
        if (iterations === 0) return 0;
        const body = this.ofRegion(node.body);
        return body === undefined ? undefined : iterations * body;
      }
      case 'if': {
        const then = this.ofRegion(node.then);
        const otherwise = node.else ? this.ofRegion(node.else) : 0;
        const cond = evalScalarConst(node.cond);
        if (cond !== undefined) return cond !== 0 ? then : otherwise;
        return then !== undefined && then === otherwise ? then : undefined;
      }
    }
  }
}
