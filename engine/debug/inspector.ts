/**
 * Inspection of a stopped program: scopes of a frame, variables, tensors expanded as partitions then elements,
 * and references that are handed out per stop and void once the program resumes.
 */
import { Node, Operand } from '../ir/program';
import { EngineError } from '../protocol/errors';
import { ScopeInfo, VariableInfo } from '../protocol/types';
import { Machine } from '../machine/machine';
import { wholeView } from '../machine/view';
import { formatNumber } from '../eval/format';
import { readBlock, shapeOf, TensorValue, Value } from '../eval/value';
import { LogicalFrame, functionName, loopRegisters } from './stack';
import { tensorSummary } from './tensor-summary';
import { REGISTERS, PSUM_BYTES_PER_PARTITION, SBUF_BYTES_PER_PARTITION } from '../machine/limits';

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

  constructor(
    private readonly machine: Machine,
    /** The value an operand has in a frame now (registers at their current values), if it can be read there. */
    private readonly operandValue: (frame: LogicalFrame, op: Operand) => Value | undefined,
  ) {}

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
    const locals = fn.params.length + fn.allocs.length + loopRegisters(frame).length;
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
    };
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
        out.push({ name: `[${i}]`, value: written[k] ? formatNumber(data[k]) : '<uninit>', type: typeOf(value), evaluateName: evaluateName === undefined ? undefined : `${evaluateName}[${i}]`, reference: 0 });
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
    for (const a of f.fn.allocs) out.push(this.tensorVariable(a.name, { kind: 'view', view: f.tensors[a.slot], text: a.name }, a.name, [a.memory]));
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
    const out: VariableInfo[] = [];
    const frames = frame.core.frames;
    for (let i = frames.length - 1; i >= 0; i--) {
      const f = frames[i];
      for (const a of f.fn.allocs) {
        if (a.memory !== memory) continue;
        const t = f.tensors[a.slot].tensor;
        const where = `${functionName(f.fn, entry)}${depthSuffix(frames, i)}`;
        const offset = (t.placement?.frameBase ?? 0) + a.placement.offset;
        const visible = f === frame.frame ? a.name : undefined;
        const v = this.tensorVariable(`${a.name} (${where})`, { kind: 'view', view: wholeView(t), text: a.name }, visible, [memory]);
        out.push({ ...v, value: `${v.value} @ partitions 0..${a.placement.partitions - 1}, bytes ${offset}..${offset + a.placement.bytesPerPartition - 1}` });
      }
    }
    return out;
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
  if (node.kind !== 'instr') return [];
  const out: [string, Operand][] = [];
  if (node.dst) out.push(['dst', node.dst]);
  node.srcs.forEach((op, i) => out.push([node.srcs.length === 1 ? 'src' : `src${i}`, op]));
  for (const [name, attr] of node.attrs) {
    if (attr.kind === 'operand') out.push([name, attr.operand]);
  }
  return out;
}
