/**
 * The engine's plain answers as DAP objects. Lines and columns go through the session's conversion (the client may
 * count from 0); paths are the engine's absolute paths.
 */
import { Breakpoint, Scope, Source, StackFrame } from '@vscode/debugadapter';
import { DebugProtocol } from '@vscode/debugprotocol';
import { BreakpointInfo, DisassembledInstruction, ScopeInfo, StackFrameInfo, VariableInfo } from '../engine/protocol/types';

/** Engine positions (from 1) to the client's. */
export interface Positions {
  line(line: number): number;
  column(column: number): number;
  /** A file as the client's source (adapter/sources.ts). */
  source(file: string): Source;
}

export function toBreakpoint(b: BreakpointInfo, at: Positions): DebugProtocol.Breakpoint {
  const bp: DebugProtocol.Breakpoint = new Breakpoint(b.verified);
  bp.id = b.id;
  bp.message = b.message;
  if (b.path) bp.source = at.source(b.path);
  if (b.line !== undefined) bp.line = at.line(b.line);
  if (b.column !== undefined) bp.column = at.column(b.column);
  if (b.endLine !== undefined) bp.endLine = at.line(b.endLine);
  if (b.endColumn !== undefined) bp.endColumn = at.column(b.endColumn);
  if (b.address !== undefined) bp.instructionReference = toAddress(b.address);
  if (!b.verified) bp.reason = 'failed';
  return bp;
}

/**
 * The engine's instruction addresses as DAP's memory references: `0x` and hexadecimal, which the Disassembly view reads
 * as numbers; `-1` (no address, for VS Code) below 0.
 */
export function toAddress(address: number): string {
  return address < 0 ? '-1' : `0x${address.toString(16)}`;
}

/** A memory reference back to an address: hexadecimal with `0x`, or decimal; undefined when it is neither. */
export function fromAddress(reference: string): number | undefined {
  const text = reference.trim();
  const value = /^0x[0-9a-f]+$/i.test(text) ? parseInt(text.slice(2), 16) : /^\d+$/.test(text) ? Number(text) : NaN;
  return Number.isSafeInteger(value) ? value : undefined;
}

export function toInstruction(i: DisassembledInstruction, at: Positions): DebugProtocol.DisassembledInstruction {
  const out: DebugProtocol.DisassembledInstruction = { address: toAddress(i.address), instruction: i.text };
  if (i.invalid) {
    out.presentationHint = 'invalid';
    return out;
  }
  if (i.symbol) out.symbol = i.symbol;
  if (i.path) out.location = at.source(i.path);
  if (i.line !== undefined) out.line = at.line(i.line);
  if (i.column !== undefined) out.column = at.column(i.column);
  if (i.endLine !== undefined) out.endLine = at.line(i.endLine);
  if (i.endColumn !== undefined) out.endColumn = at.column(i.endColumn);
  return out;
}

export function toStackFrame(f: StackFrameInfo, at: Positions): DebugProtocol.StackFrame {
  const frame: DebugProtocol.StackFrame = new StackFrame(f.id, f.name, f.path ? at.source(f.path) : undefined, at.line(f.line), at.column(f.column));
  if (f.endLine !== undefined) frame.endLine = at.line(f.endLine);
  if (f.endColumn !== undefined) frame.endColumn = at.column(f.endColumn);
  if (f.hint && f.hint !== 'normal') frame.presentationHint = f.hint;
  if (f.address !== undefined) frame.instructionPointerReference = toAddress(f.address);
  if (f.canRestart !== undefined) frame.canRestart = f.canRestart;
  return frame;
}

export function toScope(s: ScopeInfo): DebugProtocol.Scope {
  const scope: DebugProtocol.Scope = new Scope(s.name, s.reference, s.expensive);
  if (s.named !== undefined) scope.namedVariables = s.named;
  if (s.hint) scope.presentationHint = s.hint;
  return scope;
}

export function toVariable(v: VariableInfo): DebugProtocol.Variable {
  const out: DebugProtocol.Variable = { name: v.name, value: v.value, variablesReference: v.reference };
  if (v.type !== undefined) out.type = v.type;
  if (v.evaluateName !== undefined) out.evaluateName = v.evaluateName;
  if (v.indexed !== undefined) out.indexedVariables = v.indexed;
  if (v.named !== undefined) out.namedVariables = v.named;
  if (v.memoryReference !== undefined) out.memoryReference = v.memoryReference;
  if (v.hint) out.presentationHint = { kind: v.hint.kind, attributes: v.hint.attributes ? [...v.hint.attributes] : undefined };
  // VS Code's context key debugProtocolVariableMenuContext: the Variables view offers "Show in Tensor View" on tensors.
  if (v.hint?.kind === 'data') Object.assign(out, { __vscodeVariableMenuContext: 'tensor' });
  return out;
}
