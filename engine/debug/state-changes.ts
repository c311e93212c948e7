/**
 * Changing the stopped program: Set Value on a variable or a watch expression (setVariable, setExpression), and the
 * bytes of the address space (readMemory, writeMemory). What a target is and how values are stored is in
 * set-value.ts; addresses are in address-space.ts. A change made with history becomes part of it (time travel's
 * `change`), so that going back and forth through it keeps it.
 */
import { dtypeInfo } from '../base/dtype';
import { formatNumber } from '../eval/format';
import { Value } from '../eval/value';
import { Core, Frame } from '../machine/core';
import { Machine } from '../machine/machine';
import { registerIndex } from '../machine/limits';
import { View, viewExtent } from '../machine/view';
import { EngineError } from '../protocol/errors';
import { EvaluateResult, MemoryRange, ReadMemoryResult, SetValueResult, WriteMemoryResult } from '../protocol/types';
import { AddressError, describeAddress, formatAddress, MAX_TRANSFER, parseAddress } from './address-space';
import { parseUserExpression } from './conditions';
import { Inspector } from './inspector';
import { frameOfActivation, registerTarget, registerValue, SetTarget, storeValues, valuesFor } from './set-value';
import { LogicalFrame } from './stack';
import { SetRegion } from './timeline';

/** What changing the stopped program needs of the debug core. */
export interface ChangeHost {
  readonly machine: Machine;
  readonly inspector: Inspector;
  /** The frame a request names, or the top frame of the stop. */
  frameOf(frameId: number | undefined): LogicalFrame | undefined;
  /** The value of an expression in the frame a request names. */
  evaluate(text: string, frameId: number | undefined): Value;
  /** The value of an expression in a given activation. */
  evaluateIn(core: Core, frame: Frame, text: string): Value;
  /** An evaluation's answer, as the Watch view shows it. */
  result(value: Value, text: string, context: string): EvaluateResult;
  /** Makes the change, in the history when there is one; a notice when it discarded the recorded future. */
  change(apply: () => void, regions: readonly SetRegion[]): string | undefined;
}

export class StateChanges {
  constructor(private readonly host: ChangeHost) {}

  /**
   * Set Value in the Variables view: the value (an expression) stored into the variable. It is evaluated in the frame
   * the variable belongs to (a register's, a local's), else in the top frame of the stop.
   */
  setVariable(reference: number, name: string, value: string): SetValueResult {
    const { host } = this;
    const target = host.inspector.setTarget(reference, name);
    const at = target.kind === 'register' ? { core: host.machine.cores[target.core], frame: target.frame } : target.kind === 'memory' && target.frame ? target.frame : undefined;
    return this.setValue(target, value, (text) => (at ? host.evaluateIn(at.core, at.frame, text) : host.evaluate(text, undefined)));
  }

  /** Set Value on a watch expression: what it names (an access pattern, tensor, element or register) takes the value. */
  setExpression(expression: string, value: string, frameId: number | undefined): SetValueResult {
    const lf = this.host.frameOf(frameId);
    if (!lf) throw new EngineError('no frame to evaluate in', 'state');
    const target = this.expressionTarget(expression.trim(), lf);
    return this.setValue(target, value, (text) => this.host.evaluate(text, frameId));
  }

  private expressionTarget(text: string, lf: LogicalFrame): SetTarget {
    if (text.startsWith(':')) return { kind: 'read-only', reason: `'${text}' is a console command, not something that holds a value` };
    const parsed = parseUserExpression(text, `'${text}'`);
    if ('error' in parsed) throw new EngineError(parsed.error, 'evaluation');
    const e = parsed.expr;
    const register = e.kind === 'name' ? registerIndex(e.name) : undefined;
    if (register !== undefined) return registerTarget(lf, register);
    const v = this.host.evaluateIn(lf.core, lf.frame, text);
    if (v.kind === 'view' && v.view.strides.some((stride, d) => stride === 0 && v.view.shape[d] > 1)) {
      return { kind: 'read-only', reason: `'${text}' repeats elements (a broadcast): set the elements it repeats instead` };
    }
    if (v.kind === 'view') return { kind: 'memory', view: v.view, text };
    const what = v.kind === 'scalar' ? 'a number (a constant, core, ncores or arithmetic)' : 'a value computed from memory';
    return { kind: 'read-only', reason: `'${text}' is ${what}, not memory: a value can be set on access patterns, tensors, elements and registers` };
  }

  private setValue(target: SetTarget, valueText: string, evaluate: (text: string) => Value): SetValueResult {
    if (target.kind === 'read-only') throw new EngineError(target.reason, 'argument');
    const text = valueText.trim();
    if (text === '') throw new EngineError('the value is empty: give a number or an expression, as in 1.5 or acc[0, 0:4] * 2', 'argument');
    const value = evaluate(text);
    const { host } = this;
    if (target.kind === 'register') {
      const stored = registerValue(value, text);
      const { core, frame, index } = target;
      const notice = host.change(() => frameOfActivation(host.machine, core, frame.activation, frame).setRegister(index, stored), [{ kind: 'register', activation: frame.activation, index }]);
      return { value: formatNumber(stored), type: 'register', reference: 0, changed: [], notice };
    }
    const view = target.view;
    const values = valuesFor(view, value, text, target.text);
    const { lo, hi } = viewExtent(view);
    const notice = host.change(() => storeValues(view, values), [{ kind: 'memory', tensor: view.tensor, lo, hi }]);
    const shown = host.result({ kind: 'view', view, text: target.text }, target.text, 'watch');
    return { value: shown.result, type: shown.type, reference: shown.reference, indexed: shown.indexed, memoryReference: shown.memoryReference, changed: this.rangesOf(view), notice };
  }

  /** The bytes a view reaches, as one range from its lowest to its highest element (for memory events). */
  private rangesOf(view: View): MemoryRange[] {
    const { lo, hi } = viewExtent(view);
    const addresses = this.host.inspector.addresses;
    const a = addresses.addressOf(view.tensor, lo);
    const b = addresses.addressOf(view.tensor, hi);
    if (a === undefined || b === undefined) return [];
    return [{ address: a, count: b - a + dtypeInfo(view.tensor.dtype).bytes }];
  }

  /** Bytes of the address space (docs/debugging.md): the readable ones from the start, then how many unreadable follow. */
  readMemory(memoryReference: string, offset: number, count: number): ReadMemoryResult {
    const address = addressErrors(() => parseAddress(memoryReference, offset));
    if (count > MAX_TRANSFER) throw new EngineError(`readMemory reads at most ${MAX_TRANSFER} bytes at once; count is ${count}`, 'argument');
    const r = this.host.inspector.addresses.read(address, count);
    return { address: formatAddress(address), data: Buffer.from(r.data).toString('base64'), unreadableBytes: r.unreadable };
  }

  /** Writes bytes into the tensors that hold them; a byte no tensor holds refuses the write (allowPartial: ends it). */
  writeMemory(memoryReference: string, offset: number, data: string, allowPartial: boolean): WriteMemoryResult {
    const address = addressErrors(() => parseAddress(memoryReference, offset));
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data) || data.length % 4 !== 0) throw new EngineError(`writeMemory needs data in base64, found ${JSON.stringify(data.length > 40 ? `${data.slice(0, 37)}...` : data)}`, 'argument');
    const bytes = new Uint8Array(Buffer.from(data, 'base64'));
    if (bytes.length > MAX_TRANSFER) throw new EngineError(`writeMemory writes at most ${MAX_TRANSFER} bytes at once; data has ${bytes.length}`, 'argument');
    const space = this.host.inspector.addresses;
    const covered = space.coveredFrom(address, address + bytes.length);
    if (covered < bytes.length && !allowPartial) {
      throw new EngineError(`no tensor holds ${formatAddress(address + covered)} (${describeAddress(address + covered)}; byte ${covered} of the ${bytes.length} to write): nothing was written (allowPartial writes the bytes before it)`, 'argument');
    }
    if (covered === 0) return { bytesWritten: 0, changed: [] };
    const held = bytes.slice(0, covered);
    const regions = space.segments(address, address + covered).map((seg): SetRegion => {
      const size = dtypeInfo(seg.tensor.dtype).bytes;
      const from = Math.max(address, seg.start);
      const to = Math.min(address + covered, seg.end);
      return { kind: 'memory', tensor: seg.tensor, lo: seg.firstElement + Math.floor((from - seg.start) / size), hi: seg.firstElement + Math.ceil((to - seg.start) / size) - 1 };
    });
    const notice = this.host.change(() => space.write(address, held, true), regions);
    return { bytesWritten: covered, changed: [{ address, count: covered }], notice };
  }
}

/** An address that is not one is the user's to read. */
function addressErrors<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof AddressError) throw new EngineError(e.message, 'argument');
    throw e;
  }
}
