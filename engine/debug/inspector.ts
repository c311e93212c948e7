/**
 * Inspection of a stopped program: scopes of a frame, variables, tensors expanded as partitions then elements,
 * and references that are handed out per stop and void once the program resumes.
 */
import { AllocInfo, CallNode, Node, Operand, ScalarExpr, tileShape } from '../ir/program';
import { printScalar } from '../ir/print';
import { Span } from '../base/span';
import { EngineError } from '../protocol/errors';
import { ScopeInfo, VariableInfo } from '../protocol/types';
import { Machine } from '../machine/machine';
import { View, wholeView } from '../machine/view';
import { formatElement, formatNumber } from '../eval/format';
import { tilesFirst } from '../eval/frame-scope';
import { dtypeLabel, readBlock, shapeOf, TensorValue, Value, ViewValue } from '../eval/value';
import { LogicalFrame, functionName, loopRegisters } from './stack';
import { tensorSummary } from './tensor-summary';
import { REGISTERS, PSUM_BYTES_PER_PARTITION, registerIndex, SBUF_BYTES_PER_PARTITION } from '../machine/limits';
import { AddressSpace, formatAddress } from './address-space';
import { registerTarget, SetTarget } from './set-value';

type Container =
  | { readonly kind: 'locals' | 'registers' | 'memory' | 'node'; readonly frame: LogicalFrame }
  | { readonly kind: 'memory-kind'; readonly frame: LogicalFrame; readonly memory: 'dram' | 'sbuf' | 'psum' }
  | { readonly kind: 'tensor'; readonly value: TensorValue; readonly evaluateName?: string }
  /** Children known in advance (a :history), paged. */
  | { readonly kind: 'rows'; readonly rows: readonly VariableInfo[] }
  /** Children computed when first asked for (a step of a :why), then kept. */
  | { readonly kind: 'lazy'; readonly expand: () => VariableInfo[]; rows?: VariableInfo[] };

export class Inspector {
  /** References of this stop: they start above every reference handed out before, so a stale one is refused. */
  private handles = new Map<number, Container>();
  private nextReference = 1;
  /** Where tensors are in memory: the memoryReference of every tensor variable. */
  readonly addresses: AddressSpace;

  constructor(
    private readonly machine: Machine,
    /** The value an operand has in a frame now (registers at their current values), if it can be read there. */
    private readonly operandValue: (frame: LogicalFrame, op: Operand) => Value | undefined,
  ) {
    this.addresses = new AddressSpace(machine);
  }

  /** Forgets every reference: called when the program resumes. */
  invalidate(): void {
    this.handles.clear();
  }

  private handle(c: Container): number {
    const reference = this.nextReference++;
    this.handles.set(reference, c);
    return reference;
  }

  scopes(frame: LogicalFrame): ScopeInfo[] {
    const fn = frame.frame.fn;
    const locals = fn.params.length + frame.frame.liveAllocs(frame.cursorIndex).length + loopRegisters(frame).length;
    return [
      { name: 'Locals', reference: this.handle({ kind: 'locals', frame }), named: locals, expensive: false, hint: 'locals' },
      { name: 'Registers', reference: this.handle({ kind: 'registers', frame }), named: REGISTERS + 3, expensive: false, hint: 'registers' },
      { name: 'Memory', reference: this.handle({ kind: 'memory', frame }), named: 3, expensive: false },
      { name: 'Node', reference: this.handle({ kind: 'node', frame }), expensive: false },
    ];
  }

  variables(reference: number, start = 0, count?: number, filter?: 'indexed' | 'named'): VariableInfo[] {
    const c = this.handles.get(reference);
    if (!c) throw new EngineError(`variables reference ${reference} does not exist (references are void once the program resumes)`, 'reference');
    switch (c.kind) {
      case 'locals': return filter === 'indexed' ? [] : this.locals(c.frame);
      case 'registers': return filter === 'indexed' ? [] : this.registers(c.frame);
      case 'memory': return filter === 'indexed' ? [] : this.memoryKinds(c.frame);
      case 'memory-kind': return filter === 'indexed' ? [] : this.memory(c.frame, c.memory);
      case 'node': return filter === 'indexed' ? [] : this.node(c.frame);
      case 'tensor': return filter === 'named' ? [] : this.elements(c.value, c.evaluateName, start, count);
      case 'rows': return filter === 'named' ? [] : c.rows.slice(Math.max(0, start), count ? start + count : undefined);
      case 'lazy': return filter === 'indexed' ? [] : (c.rows ??= c.expand());
    }
  }

  /** A reference to children listed now, paged by the client (indexed). */
  rowsReference(rows: readonly VariableInfo[]): number {
    return this.handle({ kind: 'rows', rows });
  }

  /** A reference to children computed when the client first opens them (named). */
  lazyReference(expand: () => VariableInfo[]): number {
    return this.handle({ kind: 'lazy', expand });
  }

  /** A variable for a tensor value: its summary, expandable into its first dimension. */
  tensorVariable(name: string, value: TensorValue, evaluateName: string | undefined, attributes?: string[]): VariableInfo {
    const shape = shapeOf(value);
    const expandable = shape.length > 0;
    return {
      name,
      value: tensorSummary(value),
      type: `${value.kind === 'view' ? value.view.tensor.dtype : (value.dtype ?? 'f64')}[${shape.join(', ')}]`,
      evaluateName,
      reference: expandable ? this.handle({ kind: 'tensor', value, evaluateName }) : 0,
      indexed: expandable ? shape[0] : undefined,
      hint: { kind: 'data', attributes },
      memoryReference: this.memoryReference(value),
    };
  }

  /**
   * An allocation's variable: a tensor, or an array of tiles shown as its array dimensions first, so that its children
   * are its tiles (`[1]` then `[0]`, evaluated as `acc[1][0]`), each a tensor of its partitions.
   */
  private allocVariable(name: string, a: AllocInfo, view: View, evaluateName: string | undefined, attributes: string[]): VariableInfo {
    const v = this.tensorVariable(name, { kind: 'view', view: tilesFirst(view, a), text: a.name }, evaluateName, attributes);
    if (!a.array) return v;
    return { ...v, type: `${a.array.join(' × ')} tiles of ${a.dtype}[${tileShape(a).join(', ')}]` };
  }

  /** The address of a value's first element when it is memory (a view), for readMemory and the binary data view. */
  memoryReference(value: Value): string | undefined {
    if (value.kind !== 'view') return undefined;
    const address = this.addresses.viewAddress(value.view);
    return address === undefined ? undefined : formatAddress(address);
  }

  /** Partitions (rows) of a tensor, then elements; paged by start and count. */
  private elements(value: TensorValue, evaluateName: string | undefined, start: number, count?: number): VariableInfo[] {
    const shape = shapeOf(value);
    const size = shape[0];
    const end = count === undefined || count === 0 ? size : Math.min(size, start + count);
    const out: VariableInfo[] = [];
    const from = Math.max(0, start);
    if (shape.length === 1) {
      // Only the page asked for is read.
      const n = Math.max(0, end - from);
      const data = new Float64Array(n);
      const written = new Uint8Array(n);
      readBlock(value, from, n, data, written);
      for (let k = 0; k < n; k++) {
        const i = from + k;
        const memoryReference = value.kind === 'view' ? this.memoryReference(indexFirst(value, i)) : undefined;
        out.push({ name: `[${i}]`, value: written[k] ? formatElement(data[k], dtypeLabel(value)) : '<uninit>', type: typeOf(value), evaluateName: evaluateName === undefined ? undefined : `${evaluateName}[${i}]`, reference: 0, memoryReference });
      }
      return out;
    }
    for (let i = from; i < end; i++) {
      out.push(this.tensorVariable(`[${i}]`, indexFirst(value, i), evaluateName === undefined ? undefined : `${evaluateName}[${i}]`));
    }
    return out;
  }

  private locals(frame: LogicalFrame): VariableInfo[] {
    const f = frame.frame;
    const out: VariableInfo[] = [];
    for (const p of f.fn.params) {
      if (p.kind === 'param') out.push(this.tensorVariable(p.name, { kind: 'view', view: f.tensors[p.slot], text: p.name }, p.name, ['parameter']));
      else out.push(registerVariable(f.regs[p.index], f.isWritten(p.index), `r${p.index}`, 'parameter'));
    }
    // A block's allocations are shown while the frame is inside the block, as the program can name them.
    for (const a of f.liveAllocs(frame.cursorIndex)) out.push(this.allocVariable(a.name, a, f.tensors[a.slot], a.name, [a.memory]));
    for (const l of loopRegisters(frame)) {
      const r = l.register;
      out.push({ name: `r${r}`, value: formatNumber(f.regs[r]), type: `loop register: iteration ${l.iteration + 1} of ${l.count} of the loop at line ${l.loop.span.line}`, evaluateName: `r${r}`, reference: 0 });
    }
    return out;
  }

  private registers(frame: LogicalFrame): VariableInfo[] {
    const f = frame.frame;
    const out: VariableInfo[] = [];
    for (let r = 0; r < REGISTERS; r++) out.push(registerVariable(f.regs[r], f.isWritten(r), `r${r}`));
    out.push({ name: 'core', value: String(frame.core.index), type: 'register', evaluateName: 'core', reference: 0 });
    out.push({ name: 'ncores', value: String(this.machine.ncores), type: 'register', evaluateName: 'ncores', reference: 0 });
    out.push({ name: 'pc', value: frame.node ? frame.node.id : '<none>', type: 'node id', reference: 0 });
    return out;
  }

  private memoryKinds(frame: LogicalFrame): VariableInfo[] {
    const core = frame.core;
    const top = core.frames[core.frames.length - 1];
    const sbufUsed = top ? top.sbufBase + top.fn.sbufFrameBytes : 0;
    const psumUsed = top ? top.psumBase + top.fn.psumFrameBytes : 0;
    const drams = this.machine.drams.length;
    return [
      { name: 'DRAM', value: `${drams} tensor${drams === 1 ? '' : 's'}, shared by all cores`, reference: this.handle({ kind: 'memory-kind', frame, memory: 'dram' }), named: drams },
      { name: 'SBUF', value: `${sbufUsed} of ${SBUF_BYTES_PER_PARTITION} bytes per partition in use on core ${core.index}`, reference: this.handle({ kind: 'memory-kind', frame, memory: 'sbuf' }) },
      { name: 'PSUM', value: `${psumUsed} of ${PSUM_BYTES_PER_PARTITION} bytes per partition in use on core ${core.index}`, reference: this.handle({ kind: 'memory-kind', frame, memory: 'psum' }) },
    ];
  }

  private memory(frame: LogicalFrame, memory: 'dram' | 'sbuf' | 'psum'): VariableInfo[] {
    const entry = this.machine.program.entry.name;
    if (memory === 'dram') {
      return this.machine.program.drams.map((d) => {
        const name = d.module === entry ? d.name : `${d.module}::${d.name}`;
        const visible = d.module === frame.frame.fn.module ? d.name : undefined;
        return this.tensorVariable(name, { kind: 'view', view: this.machine.dramViews[d.slot], text: name }, visible, [d.role ?? 'dram']);
      });
    }
    return this.onChip(frame, memory).map(({ name, view, visible, alloc }) => {
      const offset = (view.tensor.placement?.frameBase ?? 0) + alloc.placement.offset;
      const v = this.allocVariable(name, alloc, view, visible, [memory]);
      return { ...v, value: `${v.value} @ partitions ${alloc.placement.partition ?? 0}..${(alloc.placement.partition ?? 0) + alloc.placement.partitions - 1}, bytes ${offset}..${offset + alloc.placement.bytesPerPartition - 1}` };
    });
  }

  /** The allocations in a core's SBUF or PSUM, innermost frame first, named as the Memory scope lists them. */
  private onChip(frame: LogicalFrame, memory: 'sbuf' | 'psum'): { name: string; view: View; visible?: string; alloc: AllocInfo }[] {
    const entry = this.machine.program.entry.name;
    const out: { name: string; view: View; visible?: string; alloc: AllocInfo }[] = [];
    const frames = frame.core.frames;
    for (let i = frames.length - 1; i >= 0; i--) {
      const f = frames[i];
      for (const a of f.liveAllocs()) {
        if (a.memory !== memory) continue;
        const where = `${functionName(f.fn, entry)}${depthSuffix(frames, i)}`;
        out.push({ name: `${a.name} (${where})`, view: tilesFirst(wholeView(f.tensors[a.slot].tensor), a), visible: f === frame.frame ? a.name : undefined, alloc: a });
      }
    }
    return out;
  }

  /**
   * What a Set Value on the variable `name` of a reference writes: memory through a view, a register, or nothing,
   * with the reason (the Node scope, loop registers inside their loop, summary rows and console answers are read-only).
   */
  setTarget(reference: number, name: string): SetTarget {
    const c = this.handles.get(reference);
    if (!c) throw new EngineError(`variables reference ${reference} does not exist (references are void once the program resumes)`, 'reference');
    const readOnly = (reason: string): SetTarget => ({ kind: 'read-only', reason });
    switch (c.kind) {
      case 'locals':
      case 'registers': return this.frameTarget(c.frame, name, c.kind);
      case 'memory': return readOnly(`'${name}' is a summary of a memory: expand it and set its tensors`);
      case 'memory-kind': return this.memoryTarget(c.frame, c.memory, name);
      case 'node': return readOnly('the Node scope shows the operands of the instruction the frame stopped at and is read-only: set the tensors and registers themselves (Locals, Registers, Memory)');
      case 'tensor': return this.elementTarget(c.value, c.evaluateName, name);
      case 'rows':
      case 'lazy': return readOnly(`'${name}' is a row of a console answer (:history, :why): it shows the past and is read-only`);
    }
  }

  /**
   * What a data breakpoint on the variable `name` of a reference watches: memory (a tensor, a row, an element, an
   * operand of the Node scope), a register (loop registers too: their loop writes them), or nothing, with the reason.
   */
  dataTarget(reference: number, name: string): SetTarget {
    const c = this.handles.get(reference);
    if (c?.kind === 'locals' || c?.kind === 'registers') {
      const register = registerIndex(name);
      if (register !== undefined) return { kind: 'register', core: c.frame.core.index, frame: c.frame.frame, index: register };
    }
    if (c?.kind === 'node') {
      if (!c.frame.node) return { kind: 'read-only', reason: 'the frame runs no instruction now: its Node scope is empty' };
      const found = operandsOf(c.frame.node).find(([role, op]) => `${role} ${op.kind === 'tensor' ? op.ap.text : op.kind === 'scalar' || op.kind === 'eval' ? op.text : ''}` === name || (op.kind === 'register' && name === `r${op.index}`));
      if (!found) return { kind: 'read-only', reason: `'${name}' is a fact of the instruction, not memory nor a register` };
      const op = found[1];
      if (op.kind === 'register') return { kind: 'register', core: c.frame.core.index, frame: c.frame.frame, index: op.index };
      const value = this.operandValue(c.frame, op);
      if (value?.kind === 'view') return { kind: 'memory', view: value.view, text: op.kind === 'tensor' ? op.ap.text : name };
      return { kind: 'read-only', reason: `'${name}' is ${value?.kind === 'scalar' ? 'a number' : 'a computed value'}, not memory` };
    }
    return this.setTarget(reference, name);
  }

  private frameTarget(frame: LogicalFrame, name: string, scope: 'locals' | 'registers'): SetTarget {
    const f = frame.frame;
    const index = registerIndex(name);
    if (index !== undefined) {
      if (scope === 'registers' || f.fn.params.some((p) => p.kind !== 'param' && p.index === index) || loopRegisters(frame).some((l) => l.register === index)) return registerTarget(frame, index);
    }
    if (scope === 'registers') {
      if (name === 'core' || name === 'ncores') return { kind: 'read-only', reason: `'${name}' is a fact of the machine, not a register: it cannot be set` };
      if (name === 'pc') return { kind: 'read-only', reason: '\'pc\' is the node the frame runs next: move it with the debugger\'s steps (or :goto), not by setting it' };
      return { kind: 'read-only', reason: `no register '${name}' in this frame` };
    }
    const view = frameTensorView(f, name);
    if (view) return { kind: 'memory', view, text: name, frame };
    return { kind: 'read-only', reason: `no local '${name}' in this frame` };
  }

  private memoryTarget(frame: LogicalFrame, memory: 'dram' | 'sbuf' | 'psum', name: string): SetTarget {
    if (memory === 'dram') {
      const entry = this.machine.program.entry.name;
      const d = this.machine.program.drams.find((x) => (x.module === entry ? x.name : `${x.module}::${x.name}`) === name);
      return d ? { kind: 'memory', view: this.machine.dramViews[d.slot], text: name, frame } : { kind: 'read-only', reason: `no DRAM tensor '${name}'` };
    }
    const found = this.onChip(frame, memory).find((x) => x.name === name);
    return found ? { kind: 'memory', view: found.view, text: found.visible ?? found.alloc.name, frame } : { kind: 'read-only', reason: `no ${memory.toUpperCase()} tensor '${name}' on core ${frame.core.index}` };
  }

  private elementTarget(value: TensorValue, evaluateName: string | undefined, name: string): SetTarget {
    const m = /^\[(\d+)\]$/.exec(name);
    const size = shapeOf(value)[0];
    if (!m || Number(m[1]) >= size) return { kind: 'read-only', reason: `'${name}' is not a row of '${value.text}' (rows [0] to [${size - 1}])` };
    if (value.kind !== 'view') return { kind: 'read-only', reason: `'${value.text}' is a computed value, not memory: set the tensors it is computed from` };
    const i = Number(m[1]);
    return { kind: 'memory', view: (indexFirst(value, i) as ViewValue).view, text: `${evaluateName ?? value.text}[${i}]` };
  }

  private node(frame: LogicalFrame): VariableInfo[] {
    const node = frame.node;
    if (!node) return [];
    const out: VariableInfo[] = [
      { name: 'id', value: node.id, reference: 0 },
      { name: 'opcode', value: node.kind === 'instr' ? node.opcode : node.kind, reference: 0 },
      { name: 'engine', value: node.kind === 'instr' ? node.engine : 'SP', reference: 0 },
      { name: 'location', value: `${node.span.file}:${node.span.line}:${node.span.col}`, reference: 0 },
    ];
    for (const [role, op] of operandsOf(node)) {
      if (op.kind === 'tensor' || op.kind === 'scalar' || op.kind === 'eval') {
        const text = op.kind === 'tensor' ? op.ap.text : op.text;
        const value = this.operandValue(frame, op);
        if (value === undefined) out.push({ name: `${role} ${text}`, value: '<not evaluable here>', reference: 0 });
        else if (value.kind === 'scalar') out.push({ name: `${role} ${text}`, value: value.written ? formatNumber(value.value) : '<uninit>', evaluateName: text, reference: 0 });
        else out.push(this.tensorVariable(`${role} ${text}`, value, text));
      } else if (op.kind === 'register') {
        out.push(registerVariable(frame.frame.regs[op.index], frame.frame.isWritten(op.index), `r${op.index}`, role));
      } else if (op.kind === 'string') {
        out.push({ name: role, value: JSON.stringify(op.value), reference: 0 });
      }
    }
    return out;
  }
}

/** A tensor parameter or allocation of a frame, by name. */
function frameTensorView(f: LogicalFrame['frame'], name: string): View | undefined {
  for (const p of f.fn.params) if (p.kind === 'param' && p.name === name) return f.tensors[p.slot];
  const a = f.liveAlloc(name);
  return a && tilesFirst(wholeView(f.tensors[a.slot].tensor), a);
}

function registerVariable(value: number, written: boolean, name: string, role?: string): VariableInfo {
  return { name, value: written ? formatNumber(value) : '<uninit>', type: role ?? 'register', evaluateName: name, reference: 0 };
}

function typeOf(value: TensorValue): string {
  return value.kind === 'view' ? value.view.tensor.dtype : (value.dtype ?? 'f64');
}

/** The i-th slice along the first dimension. */
function indexFirst(value: TensorValue, i: number): TensorValue {
  if (value.kind === 'view') {
    const v = value.view;
    return { kind: 'view', view: { tensor: v.tensor, offset: v.offset + i * v.strides[0], shape: v.shape.slice(1), strides: v.strides.slice(1) }, text: `${value.text}[${i}]` };
  }
  const inner = value.shape.slice(1).reduce((a, b) => a * b, 1);
  const text = `${value.text}[${i}]`;
  if (value.kind === 'lazy') {
    const read = value.read;
    return { kind: 'lazy', shape: value.shape.slice(1), dtype: value.dtype, text, read: (start, count, data, written) => read(i * inner + start, count, data, written) };
  }
  return {
    kind: 'dense', shape: value.shape.slice(1), data: value.data.subarray(i * inner, (i + 1) * inner),
    written: value.written?.subarray(i * inner, (i + 1) * inner), dtype: value.dtype, text,
  };
}

function depthSuffix(frames: readonly { fn: unknown }[], i: number): string {
  const same = frames.filter((f) => f.fn === frames[i].fn).length;
  if (same === 1) return '';
  const nth = frames.slice(0, i + 1).filter((f) => f.fn === frames[i].fn).length;
  return ` #${nth}`;
}

/** The operands of a node with the role each plays, for the Node scope. */
export function operandsOf(node: Node): [string, Operand][] {
  if (node.kind === 'call') return callOperands(node);
  if (node.kind === 'for') return [['from', scalarOperand(node.from, node.span)], ['to', scalarOperand(node.to, node.span)], ['step', scalarOperand(node.step, node.span)]];
  if (node.kind === 'if') return [['cond', scalarOperand(node.cond, node.span)]];
  if (node.kind !== 'instr') return [];
  const out: [string, Operand][] = [];
  if (node.dst) out.push(['dst', node.dst]);
  node.srcs.forEach((op, i) => out.push([node.srcs.length === 1 ? 'src' : `src${i}`, op]));
  for (const [name, attr] of node.attrs) {
    if (attr.kind === 'operand') out.push([name, attr.operand]);
  }
  return out;
}

/** A call's arguments, each named by the parameter it binds (tensor parameters by name, register ones as rN). */
function callOperands(node: CallNode): [string, Operand][] {
  return node.args.map((arg, i) => {
    const param = node.callee.params[i];
    const role = param ? (param.kind === 'register' ? `r${param.index}` : param.name) : `arg${i}`;
    return [role, arg.kind === 'tensor' ? arg : scalarOperand(arg.expr, arg.span)];
  });
}

function scalarOperand(expr: ScalarExpr, span: Span): Operand {
  return { kind: 'scalar', expr, text: printScalar(expr), span };
}
