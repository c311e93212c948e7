/**
 * The call stack as the debugger shows it: frames of functions (one per activation), or frames of subgraphs
 * (every loop iteration and branch arm a frame of its own, named with the loop register and the iteration).
 */
import { ForNode, FunctionIR, IfNode, Node } from '../ir/program';
import { Core, Frame, RegionCursor } from '../machine/core';
import { FramesMode } from '../protocol/types';

export interface LogicalFrame {
  readonly core: Core;
  /** The activation this logical frame belongs to. */
  readonly frame: Frame;
  /** For frames of subgraphs, the index of the region cursor; for frames of functions, the top cursor. */
  readonly cursorIndex: number;
  readonly name: string;
  /** Where the frame is: the node it runs next, or the node it waits in (a call, a loop, a branch). */
  readonly node?: Node;
  readonly kind: 'function' | 'loop' | 'then' | 'else';
}

/** Display name of a function: the entry module's own functions without their module (as calls write them). */
export function functionName(fn: FunctionIR, entryModule: string): string {
  return fn.module === entryModule ? fn.name : fn.fullName;
}

/** The logical frames of a core, innermost first. */
export function logicalFrames(core: Core, mode: FramesMode, entryModule: string): LogicalFrame[] {
  const out: LogicalFrame[] = [];
  for (let i = core.frames.length - 1; i >= 0; i--) {
    const frame = core.frames[i];
    // The node a frame waits in: for the top frame the next node, below it the call that made the frame above.
    const waitingIn = i === core.frames.length - 1 ? nextNode(frame) : core.frames[i + 1].callNode;
    const baseName = functionName(frame.fn, entryModule);
    const inlined = (waitingIn ?? lastNode(frame))?.inlined;
    // Code a pass inlined runs in the caller's frame, which says whose code it is.
    const fnName = inlined ? `${baseName} [inlined code of ${functionName(inlined.from, entryModule)}]` : baseName;
    if (mode === 'functions') {
      out.push({ core, frame, cursorIndex: frame.cursors.length - 1, name: fnName, node: waitingIn ?? lastNode(frame), kind: 'function' });
      continue;
    }
    for (let k = frame.cursors.length - 1; k >= 0; k--) {
      const cursor = frame.cursors[k];
      const node = k === frame.cursors.length - 1 ? (waitingIn ?? lastNode(frame)) : frame.cursors[k + 1].region.owner;
      out.push({ core, frame, cursorIndex: k, name: regionName(fnName, cursor), node, kind: cursor.region.kind === 'body' ? 'function' : cursor.region.kind });
    }
  }
  return out;
}

/** `main › for r0 @14 [iteration 3 of 4]`, `main › if @20 [then]`. */
export function regionName(fnName: string, cursor: RegionCursor): string {
  const owner = cursor.region.owner;
  if (!owner) return fnName;
  if (owner.kind === 'for') {
    const loop = cursor.loop!;
    return `${fnName} › for r${(owner as ForNode).register} @${owner.span.line} [iteration ${loop.iteration + 1} of ${loop.count}, r${(owner as ForNode).register} = ${loop.value}]`;
  }
  if ((owner as IfNode).block) return `${fnName} › block @${owner.span.line}`;
  return `${fnName} › if @${(owner as IfNode).span.line} [${cursor.region.kind}]`;
}

/**
 * The node a frame runs next. Between two nodes a frame may sit at the end of a region (a loop iteration, an arm)
 * that the run loop settles only when the core runs again (another core stopped the program): the next node is
 * then the first of the loop's next iteration, or the one after the region, as the run loop will find it.
 */
export function nextNode(frame: Frame): Node | undefined {
  for (let k = frame.cursors.length - 1; k >= 0; k--) {
    const c = frame.cursors[k];
    if (c.pc < c.region.nodes.length) return c.region.nodes.at(c.pc);
    if (c.loop && c.loop.iteration + 1 < c.loop.count && c.region.nodes.length > 0) return c.region.nodes.at(0);
  }
  return undefined;
}

/** A frame that finished its body but was not popped yet (only at the end of a core): its last node. */
function lastNode(frame: Frame): Node | undefined {
  const nodes = frame.fn.body.nodes;
  return nodes.length > 0 ? nodes.at(nodes.length - 1) : undefined;
}

/** The loop registers in scope in a logical frame: those of the loops its cursor is inside. */
export function loopRegisters(lf: LogicalFrame): { register: number; loop: ForNode; iteration: number; count: number }[] {
  const out: { register: number; loop: ForNode; iteration: number; count: number }[] = [];
  for (let k = 0; k <= lf.cursorIndex; k++) {
    const c = lf.frame.cursors[k];
    if (c?.loop) out.push({ register: c.loop.node.register, loop: c.loop.node, iteration: c.loop.iteration, count: c.loop.count });
  }
  return out;
}
