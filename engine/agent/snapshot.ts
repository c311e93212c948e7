/**
 * The whole context of a stop, in one bounded answer: why and where it stopped (the source line's text with it),
 * the instruction about to run and its operands, the stack, the written registers, and a summary of each tensor the
 * innermost frame sees (its own, then DRAM's): dtype, shape, min, max, mean, NaN, never-written elements. Every move
 * of the agent tools answers with it. Tensors that do not fit are left to a cursor; their elements never come here.
 */
import type { DebugEngine } from '../protocol/requests';
import type { ScopeInfo, StackFrameInfo, VariableInfo } from '../protocol/types';
import type { AgentSession, Settled } from './agent-session';
import { answerSize, clip, makeCursor, MAX_ANSWER_CHARS, readCursor } from './answer-size';
import { Places } from './places';
import { SourceLines } from './source-lines';
import { tensorFacts } from './tensor-facts';
import { ToolError } from './tool-errors';

/** Frames of the stack an answer lists; the count says how many there are. */
const STACK_SHOWN = 16;
/** Room kept for the output and the `more` field after the tensors. */
const TAIL_ROOM = 2000;

export interface SnapshotContext {
  readonly session: AgentSession;
  readonly places: Places;
  readonly sources: SourceLines;
}

/** The answer of a move: the stop's snapshot, or how the run ended. */
export async function afterMove(ctx: SnapshotContext, settled: Settled, extra: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  if (settled.kind === 'ended') return endedReport(ctx.session, extra);
  if (settled.kind === 'timed-out') return endedReport(ctx.session, { ...extra, note: `still running after ${settled.seconds} s: ended there (timeoutSeconds allows longer)` });
  const note = settled.kind === 'paused' ? { note: `still running after ${settled.seconds} s: paused here (bir_continue goes on; timeoutSeconds allows longer)` } : {};
  return snapshot(ctx, {}, { ...extra, ...note });
}

/** How a session ended: the exit code (0 completed, 1 a fault ended it, 143 ended by bir_end) and what it printed. */
export function endedReport(session: AgentSession, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { state: 'ended', exitCode: session.exitCode, ...extra, ...session.printed(), next: 'the session has ended: start another with bir_debug' };
}

export async function snapshot(ctx: SnapshotContext, options: { thread?: number; cursor?: string }, extra: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const { session } = ctx;
  const stop = session.stop!;
  const engine = session.engine;
  const thread = options.thread ?? stop.threadId;
  const from = options.cursor === undefined ? 0 : readCursor('bir_snapshot', options.cursor, 'tensors', session.stopSerial, 1)[0];
  const { frames, total } = await engine.request('stackTrace', { threadId: thread, levels: STACK_SHOWN });
  const top = frames[0];
  const scopes = top && top.hint !== 'label' ? await engine.request('scopes', { frameId: top.id }) : [];
  const variables = await scopeVariables(engine, scopes);
  const base: Record<string, unknown> = {
    state: 'stopped',
    reason: stop.reason,
    description: stop.description,
    ...(stop.reason === 'exception' ? await exception(engine, thread) : {}),
    instructions: stop.instructions,
    thread,
    ...extra,
    ...(from === 0 ? head(ctx, top, stop.threadId === thread ? stop.node : undefined, variables, frames, total) : { tensorsFrom: from }),
  };
  const tensors = tensorVariables(variables);
  const shown: Record<string, unknown>[] = [];
  let next = from;
  for (; next < tensors.length; next++) {
    const v = tensors[next].variable;
    const facts = await tensorFacts(engine, v.evaluateName ?? v.name, top?.id).catch(() => undefined);
    const entry = { name: v.evaluateName ?? v.name, ...(tensors[next].of ? { of: tensors[next].of } : {}), ...(facts ?? { value: clip(v.value, 200) }) };
    if (answerSize({ ...base, tensors: [...shown, entry] }) > MAX_ANSWER_CHARS - TAIL_ROOM && shown.length > 0) break;
    shown.push(entry);
  }
  const answer: Record<string, unknown> = { ...base, tensors: shown, ...session.printed() };
  if (next < tensors.length) {
    answer.more = { tensors: tensors.length - next, cursor: makeCursor('tensors', session.stopSerial, next), how: 'call bir_snapshot with this cursor for the other tensors' };
  }
  return answer;
}

interface ScopeVariables {
  readonly locals: readonly VariableInfo[];
  readonly registers: readonly VariableInfo[];
  readonly node: readonly VariableInfo[];
  readonly dram: readonly VariableInfo[];
}

async function scopeVariables(engine: DebugEngine, scopes: readonly ScopeInfo[]): Promise<ScopeVariables> {
  const of = async (scope: ScopeInfo | undefined): Promise<VariableInfo[]> => (scope ? engine.request('variables', { reference: scope.reference }) : []);
  const locals = (await Promise.all(scopes.filter((s) => s.hint === 'locals' || s.hint === 'arguments').map(of))).flat();
  const memory = await of(scopes.find((s) => s.name === 'Memory'));
  const dramRow = memory.find((v) => v.name === 'DRAM');
  const dram = dramRow && dramRow.reference > 0 ? await engine.request('variables', { reference: dramRow.reference }) : [];
  return { locals, registers: await of(scopes.find((s) => s.hint === 'registers')), node: await of(scopes.find((s) => s.name === 'Node')), dram };
}

/** Where the stop is, what runs next, the stack and the registers: what every snapshot's first page says. */
function head(ctx: SnapshotContext, top: StackFrameInfo | undefined, node: { id: string; opcode?: string; engine?: string } | undefined, v: ScopeVariables, frames: readonly StackFrameInfo[], total: number): Record<string, unknown> {
  const location = top?.path ? {
    file: ctx.places.show(top.path),
    line: top.line,
    column: top.column,
    source: clip(ctx.sources.line(top.path, top.line) ?? '', 300),
  } : { label: top?.name };
  const operands = v.node.filter((x) => x.evaluateName !== undefined).map((x) => ({ operand: x.name, value: clip(x.value, 160) }));
  return {
    location,
    ...(node ? { instruction: { node: node.id, opcode: node.opcode, engine: node.engine, operands } } : {}),
    stack: frames.map((f, i) => ({ frame: i, name: f.name, ...(f.path ? { at: `${ctx.places.show(f.path)}:${f.line}` } : {}) })),
    ...(total > frames.length ? { stackFrames: total } : {}),
    registers: registers(v),
  };
}

/** The registers the frame has written, and its register parameters: unwritten ones are left out. */
function registers(v: ScopeVariables): Record<string, number | string> {
  const out: Record<string, number | string> = {};
  const parameters = v.locals.filter((x) => x.reference === 0 && x.type === 'parameter');
  for (const x of [...v.registers, ...parameters]) {
    if (x.value === '<uninit>') continue;
    const n = Number(x.value);
    out[x.name] = Number.isFinite(n) && x.value.trim() !== '' ? n : clip(x.value, 80);
  }
  return out;
}

/** Tensors the frame sees: its own (parameters and allocations), then DRAM's, each once. */
function tensorVariables(v: ScopeVariables): { variable: VariableInfo; of?: string }[] {
  const seen = new Set<string>();
  const out: { variable: VariableInfo; of?: string }[] = [];
  const add = (x: VariableInfo, of?: string): void => {
    const name = x.evaluateName ?? x.name;
    if (x.hint?.kind !== 'data' || seen.has(name)) return;
    seen.add(name);
    // What the memory does not say already: a parameter, an input or an output of the program.
    const roles = (x.hint.attributes ?? []).filter((a) => a !== 'sbuf' && a !== 'psum' && a !== 'dram');
    out.push({ variable: x, of: roles.join(' ') || of });
  };
  for (const x of v.locals) add(x);
  for (const x of v.dram) add(x);
  return out;
}

async function exception(engine: DebugEngine, threadId: number): Promise<Record<string, unknown>> {
  const info = await engine.request('exceptionInfo', { threadId }).catch(() => undefined);
  return info ? { exception: { code: info.exceptionId, message: clip(info.details.message, 600) } } : {};
}

/** The frame id of a frame as the snapshot numbers it (0, the innermost), in the stopped thread. */
export async function frameIdOf(session: AgentSession, tool: string, frame: number | undefined): Promise<number | undefined> {
  if (frame === undefined) return undefined;
  const { frames, total } = await session.engine.request('stackTrace', { threadId: session.stop!.threadId, startFrame: frame, levels: 1 });
  if (!frames[0]) throw new ToolError(`${tool}: there is no frame ${frame}: the stack has ${total} (frame 0 is the innermost)`);
  return frames[0].id;
}
