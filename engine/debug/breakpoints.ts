/**
 * Breakpoints: line, function and instruction breakpoints bound to the nodes of the program that runs, with the
 * reason when one binds nothing. Look-ups at run time are by node index: O(1) per instruction.
 *
 * Instruction breakpoints (DAP's, set from the Disassembly view by address) and node breakpoints (`bir/setNodeBreakpoints`,
 * by node id) are one set: each binds one node, whose address disassembly.ts gives. A line breakpoint with a column
 * binds only the instructions that start at that column: that is how the graph view's node breakpoints reach VS Code's
 * Breakpoints view and gutter (VS Code's API adds source breakpoints only).
 */
import * as path from 'path';
import { FunctionIR, Node, Program } from '../ir/program';
import { BreakpointInfo, FunctionBreakpoint, InstructionBreakpoint, SourceBreakpoint } from '../protocol/types';
import { HitCondition, LogPart, parseHitCondition, parseLogMessage, parseUserExpression, ParsedExpression } from './conditions';
import { LineMap } from './line-map';
import { PipelineHistory } from './history';
import { ADDRESS_BASE, addressOf, formatAddress, nodeAt } from './disassembly';

export type BreakpointKind = 'line' | 'function' | 'node';

export interface Breakpoint {
  readonly id: number;
  readonly kind: BreakpointKind;
  readonly condition?: ParsedExpression;
  readonly hit?: HitCondition;
  readonly log?: LogPart[];
  /** Times the location was reached with the condition true. */
  hits: number;
  readonly nodes: readonly Node[];
  /** For function breakpoints: the function whose activations stop. */
  readonly fn?: FunctionIR;
  /** For a line breakpoint with a column that binds the instructions starting there (a node breakpoint in the source). */
  readonly column?: boolean;
  /** For a line a pass emptied: the pass (the breakpoint is then reported as never hit at the end of a run). */
  readonly removedBy?: string;
  info: BreakpointInfo;
}

export class Breakpoints {
  private nextId = 1;
  private readonly lines = new Map<string, Breakpoint[]>();
  private functions: Breakpoint[] = [];
  private nodeBreakpoints: Breakpoint[] = [];
  /** Line and node breakpoints by node index. */
  private byNode: (Breakpoint[] | undefined)[] = [];
  /** Function breakpoints by function. */
  private byFunction = new Map<FunctionIR, Breakpoint[]>();

  constructor(
    private readonly program: Program,
    private readonly lineMap: LineMap,
    /** What the passes did, to explain lines they emptied. */
    private readonly history?: PipelineHistory,
  ) {}

  /** Replaces the breakpoints of one file. */
  setLineBreakpoints(file: string, requested: readonly SourceBreakpoint[]): BreakpointInfo[] {
    const key = path.resolve(file);
    const bps = requested.map((r) => this.lineBreakpoint(key, r));
    this.lines.set(key, bps);
    this.reindex();
    return bps.map((b) => b.info);
  }

  setFunctionBreakpoints(requested: readonly FunctionBreakpoint[]): BreakpointInfo[] {
    this.functions = requested.map((r) => this.functionBreakpoint(r));
    this.reindex();
    return this.functions.map((b) => b.info);
  }

  /** Node breakpoints by node id: the instruction breakpoints of those nodes (replaces the set). */
  setNodeBreakpoints(ids: readonly string[]): BreakpointInfo[] {
    this.nodeBreakpoints = ids.map((nodeId) => {
      const node = this.lineMap.nodeById(nodeId);
      return this.instructionBreakpoint(node, {}, `no node '${nodeId}' in the program that runs`);
    });
    this.reindex();
    return this.nodeBreakpoints.map((b) => b.info);
  }

  /** Instruction breakpoints by address (see disassembly.ts), replacing the set. */
  setInstructionBreakpoints(requested: readonly InstructionBreakpoint[]): BreakpointInfo[] {
    const count = this.program.code.length;
    this.nodeBreakpoints = requested.map((r) => {
      const last = ADDRESS_BASE + count - 1;
      return this.instructionBreakpoint(nodeAt(this.program, r.address), r, `no instruction at address ${formatAddress(r.address)} (the program's instructions are at ${formatAddress(ADDRESS_BASE)} to ${formatAddress(last)})`);
    });
    this.reindex();
    return this.nodeBreakpoints.map((b) => b.info);
  }

  /** The nodes that instruction and column breakpoints bind, each with its first such breakpoint: the graph view's marks. */
  boundNodes(): { node: Node; info: BreakpointInfo }[] {
    const out = new Map<number, { node: Node; info: BreakpointInfo }>();
    const columns = [...this.lines.values()].flat().filter((b) => b.column);
    for (const bp of [...this.nodeBreakpoints, ...columns]) for (const node of bp.nodes) if (!out.has(node.index)) out.set(node.index, { node, info: bp.info });
    return [...out.values()];
  }

  private instructionBreakpoint(node: Node | undefined, r: { condition?: string; hitCondition?: string }, missing: string): Breakpoint {
    const id = this.nextId++;
    const conditions = this.conditions(r);
    const unverified = (message: string): Breakpoint => ({ id, kind: 'node', hits: 0, nodes: [], info: { id, verified: false, message, instructions: 0 } });
    if ('error' in conditions) return unverified(conditions.error);
    if (!node) return unverified(missing);
    const info = { id, verified: true, message: `stops before every run of node ${node.id}`, ...this.located(node), address: addressOf(node), instructions: 1 };
    return { id, kind: 'node', hits: 0, nodes: [node], ...conditions, info };
  }

  /** An id no breakpoint has had, for the other kinds of breakpoints (data breakpoints) to share one numbering. */
  newId(): number {
    return this.nextId++;
  }

  /** Breakpoints bound to this node (line and node breakpoints). */
  at(node: Node): Breakpoint[] | undefined {
    return this.byNode[node.index];
  }

  /** Function breakpoints of this function. */
  ofFunction(fn: FunctionIR): Breakpoint[] | undefined {
    return this.byFunction.get(fn);
  }

  /** The notes at the end of a run for breakpoints on lines a pass emptied: why they were never hit. */
  neverHit(): string[] {
    return [...this.lines.values()].flat().filter((b) => b.removedBy && b.hits === 0)
      .map((b) => `Breakpoint at ${path.basename(b.info.path ?? '')}:${b.info.line} was never hit: ${b.info.message}`);
  }

  all(): Breakpoint[] {
    return [...[...this.lines.values()].flat(), ...this.functions, ...this.nodeBreakpoints];
  }

  private reindex(): void {
    this.byNode = [];
    for (const bp of [...[...this.lines.values()].flat(), ...this.nodeBreakpoints]) {
      for (const n of bp.nodes) (this.byNode[n.index] ??= []).push(bp);
    }
    this.byFunction = new Map();
    for (const bp of this.functions) {
      if (!bp.fn) continue;
      const list = this.byFunction.get(bp.fn) ?? [];
      list.push(bp);
      this.byFunction.set(bp.fn, list);
    }
  }

  private conditions(r: { condition?: string; hitCondition?: string; logMessage?: string }): Pick<Breakpoint, 'condition' | 'hit' | 'log'> | { error: string } {
    const out: { condition?: ParsedExpression; hit?: HitCondition; log?: LogPart[] } = {};
    if (r.condition?.trim()) {
      const c = parseUserExpression(r.condition, `the condition '${r.condition}'`);
      if ('error' in c) return c;
      out.condition = c;
    }
    if (r.hitCondition?.trim()) {
      const h = parseHitCondition(r.hitCondition);
      if ('error' in h) return h;
      out.hit = h;
    }
    if (r.logMessage !== undefined && r.logMessage !== '') {
      const l = parseLogMessage(r.logMessage);
      if ('error' in l) return l;
      out.log = l;
    }
    return out;
  }

  private lineBreakpoint(file: string, r: SourceBreakpoint): Breakpoint {
    const id = this.nextId++;
    const conditions = this.conditions(r);
    const onLine = this.lineMap.nodesAt(file, r.line);
    const atColumn = r.column === undefined ? [] : onLine.filter((n) => n.span.col === r.column);
    const nodes = atColumn.length ? atColumn : onLine;
    if ('error' in conditions) {
      return { id, kind: 'line', hits: 0, nodes: [], info: { id, verified: false, message: conditions.error, path: file, line: r.line, instructions: 0 } };
    }
    if (nodes.length === 0) {
      const removed = this.history?.whyRemoved(file, r.line);
      const message = removed?.text ?? this.lineMap.whyNoInstruction(file, r.line);
      return { id, kind: 'line', hits: 0, nodes: [], ...conditions, removedBy: removed?.removal.pass, info: { id, verified: false, message, path: file, line: r.line, instructions: 0 } };
    }
    const first = nodes[0];
    const uncalled = this.lineMap.uncalled(first.fn);
    const where = r.column === undefined ? '' : atColumn.length ? ` at column ${r.column}` : ` (no instruction starts at column ${r.column}: the whole line)`;
    const message = `binds ${nodes.length} instruction${nodes.length === 1 ? '' : 's'}${where}${uncalled ? `; nothing in the program calls '${first.fn.fullName}'` : ''}`;
    return {
      id, kind: 'line', hits: 0, nodes, column: atColumn.length > 0, ...conditions,
      info: { id, verified: true, message, path: file, line: r.line, column: first.span.col, endLine: first.span.endLine, endColumn: first.span.endCol, instructions: nodes.length },
    };
  }

  private functionBreakpoint(r: FunctionBreakpoint): Breakpoint {
    const id = this.nextId++;
    const conditions = this.conditions(r);
    const unverified = (message: string): Breakpoint => ({ id, kind: 'function', hits: 0, nodes: [], info: { id, verified: false, message, instructions: 0 } });
    if ('error' in conditions) return unverified(conditions.error);
    const found = this.findFunction(r.name.trim());
    if ('error' in found) return unverified(found.error);
    const fn = found.fn;
    const uncalled = this.lineMap.uncalled(fn);
    return {
      id, kind: 'function', hits: 0, nodes: [], fn, ...conditions,
      info: {
        id, verified: true, path: fn.span.file, line: fn.span.line, column: fn.span.col, instructions: 1,
        message: `stops at the first instruction of every activation of '${fn.fullName}'${uncalled ? `; nothing in the program calls it` : ''}`,
      },
    };
  }

  /** `module::f`, or `f` when one module has a function of that name. */
  private findFunction(name: string): { fn: FunctionIR } | { error: string } {
    const byFull = this.program.functions.get(name);
    if (byFull) return { fn: byFull };
    const matches = [...this.program.functions.values()].filter((f) => f.name === name);
    if (matches.length === 1) return { fn: matches[0] };
    if (matches.length > 1) return { error: `'${name}' is ambiguous: ${matches.map((f) => f.fullName).join(', ')}` };
    return { error: `no function '${name}' (functions: ${[...this.program.functions.keys()].join(', ')})` };
  }

  private located(node: Node): Omit<BreakpointInfo, 'id' | 'verified' | 'instructions'> {
    return { path: node.span.file, line: node.span.line, column: node.span.col, endLine: node.span.endLine, endColumn: node.span.endCol };
  }
}

