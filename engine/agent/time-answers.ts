/**
 * The questions about the past for an agent, from the engine's structured requests (`bir/history`, `bir/why`):
 * every write to what an expression names, and where one value came from, a step back at a time. Writes are told
 * compactly (what wrote, where, when, the values before and after); long answers are cut with a cursor.
 */
import type { HistoryAnswer, WriteRecord } from '../../contract/time-queries';
import type { AgentSession } from './agent-session';
import { answerSize, makeCursor, MAX_ANSWER_CHARS, readCursor, short, withList } from './answer-size';
import { Places } from './places';
import type { ToolInput } from './tool-schemas';

const DEFAULT_HISTORY = 20;

/** A write as an answer tells it. */
export function compactWrite(w: WriteRecord, places: Places, elements: number): Record<string, unknown> {
  return {
    instructions: w.instructions,
    by: w.by,
    ...(w.group ? { group: w.group } : {}),
    at: `${places.show(w.span.file)}:${w.span.line}:${w.span.col}`,
    core: w.core,
    ...(w.allocation ? { allocation: true } : { before: short(w.before), after: short(w.after) }),
    ...(elements > 1 ? { position: w.position, count: w.count } : {}),
  };
}

export async function historyAnswer(session: AgentSession, places: Places, input: ToolInput<'bir_history'>, frameId: number | undefined): Promise<Record<string, unknown>> {
  const before = input.cursor === undefined ? undefined : readCursor('bir_history', input.cursor, 'writes', session.stopSerial, 2);
  const ask = (limit: number): Promise<HistoryAnswer> => session.engine.request('bir/history', {
    expression: input.expression, frameId, limit, before: before && { tick: before[0], atTick: before[1] },
  });
  let limit = input.limit ?? DEFAULT_HISTORY;
  for (;;) {
    const h = await ask(limit);
    const writes = h.writes.map((w) => compactWrite(w, places, h.elements));
    const answer: Record<string, unknown> = {
      expression: h.expression,
      elements: h.elements,
      writes,
      ...(writes.length === 0 ? { said: `not written ${h.horizon === 'history' ? 'in the history of the run' : `since its ${h.horizon}`}${before ? ' before the cursor' : ''}` } : {}),
      ...(h.setWhileStopped.length ? { setWhileStopped: h.setWhileStopped } : {}),
      ...(h.earlier ? { more: { cursor: makeCursor('writes', session.stopSerial, h.earlier.tick, h.earlier.atTick), how: `earlier writes, before instruction ${h.earlier.instructions}: call bir_history with this cursor` } } : {}),
    };
    // Too long: ask for as many writes as fit, so that the cursor's page starts exactly where this one does.
    if (answerSize(answer) <= MAX_ANSWER_CHARS || writes.length <= 1) return answer;
    limit = Math.max(1, Math.floor((writes.length * (MAX_ANSWER_CHARS - 600)) / answerSize(answer)));
  }
}

export async function whyAnswer(session: AgentSession, places: Places, input: ToolInput<'bir_why'>, frameId: number | undefined): Promise<Record<string, unknown>> {
  const from = input.cursor === undefined ? 0 : readCursor('bir_why', input.cursor, 'inputs', session.stopSerial, 1)[0];
  const path = input.path ?? [];
  const w = await session.engine.request('bir/why', { expression: input.expression, frameId, path });
  const inputs = w.inputs.map((x, i) => ({ input: i, operand: x.operand, name: x.name, value: short(x.value) })).slice(from);
  const base: Record<string, unknown> = {
    expression: w.expression,
    ...(path.length ? { path, name: w.name } : {}),
    value: short(w.value),
    // The write says who made the value; without one, the origin says why nothing did.
    ...(w.write ? { write: compactWrite(w.write, places, 1) } : { origin: w.origin }),
    ...(w.inputs.length ? { next: `bir_why with path [${[...path, 'i'].join(', ')}] tells where input i came from` } : {}),
  };
  return withList(base, 'inputs', inputs, from, { tool: 'bir_why', cursor: (next) => makeCursor('inputs', session.stopSerial, next) });
}
