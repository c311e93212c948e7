/**
 * The messages between the timeline view's panel host (extension/timeline-panel.ts) and its page. The host asks the
 * session for `bir/timeline` and posts the answer with its columns as ArrayBuffers (never JSON numbers), the stops of
 * the session (where the run is in time), and what to do when there is nothing to show; the page asks to reveal an
 * instruction's line (and go there in time), for another machine, to compare with the previous schedule, and for the
 * quick edits of an instruction (another engine, another value of a size constant).
 */
import type { Column, TimelineColumns, TimelineData, TimelineSites } from '../../contract/timeline';
import { fieldsOf, hasTypeIn } from '../shared/messages';

/** A bir/timeline answer without its columns, which travel beside it as ArrayBuffers. */
export type TimelineHeader = Omit<TimelineData, 'columns' | 'sites' | 'criticalPath'>;

/** The columns by name: each an ArrayBuffer of the type the contract gives it. */
export type TimelineBuffers = { readonly [K in keyof TimelineColumns | `site.${keyof TimelineSites}` | 'criticalPath']: ArrayBuffer };

export const MACHINES = ['trn1', 'trn2', 'trn3'] as const;

/** The compiler's passes (engine/passes/registry.ts, which the page cannot import: a test keeps them equal). */
export const PASSES = ['inline', 'dce', 'fuse', 'unroll', 'schedule'] as const;

/** Panel → page. */
export type ToTimelineView =
  /** Nothing to show yet, or no session: what to do. */
  | { readonly type: 'idle'; readonly message: string }
  /** A schedule is being computed (the program runs again). */
  | { readonly type: 'busy'; readonly text: string }
  | { readonly type: 'timeline'; readonly header: TimelineHeader; readonly buffers: TimelineBuffers; readonly title: string }
  /**
   * Where the debugger is in time: stopped before the instruction run after `instructions` (all cores together);
   * `running`; or no session of this timeline (nothing marked, a click only reveals the line).
   */
  | { readonly type: 'position'; readonly state: 'stopped' | 'running' | 'none'; readonly instructions?: number }
  | { readonly type: 'error'; readonly message: string };

/** Page → panel. */
export type FromTimelineView =
  | { readonly type: 'ready' }
  /** An instruction clicked: its line in the editor, and in a stopped session, the run taken there (bir/goto). */
  | { readonly type: 'reveal'; readonly file: string; readonly line: number; readonly col: number; readonly instructions: number }
  /** The machine profile chosen in the page. */
  | { readonly type: 'machine'; readonly machine: (typeof MACHINES)[number] }
  /** The program as saved now against the schedule shown (what-if). */
  | { readonly type: 'compare' }
  /** The program after a pass against the schedule shown (a what-if of the pass). */
  | { readonly type: 'pass'; readonly pass: (typeof PASSES)[number] }
  /** The instruction at (file, line, col) moved to another engine: its attribute `engine = attribute`, saved (what-if). */
  | { readonly type: 'moveEngine'; readonly file: string; readonly line: number; readonly col: number; readonly attribute: (typeof ENGINE_ATTRIBUTES)[number] }
  /** A constant the sizes of the instruction at (file, line, col) depend on, given another value, saved (what-if). */
  | { readonly type: 'sizeConstant'; readonly file: string; readonly line: number; readonly col: number };

/** The words of the attribute `engine` (engine/ir/opcodes.ts ENGINE_WORDS: a test keeps them equal). */
export const ENGINE_ATTRIBUTES = ['tensor', 'scalar', 'vector', 'gpsimd'] as const;

const TO_TYPES = new Set(['idle', 'busy', 'timeline', 'position', 'error']);

export function isToTimelineView(data: unknown): data is ToTimelineView {
  return hasTypeIn(data, TO_TYPES);
}

const isCount = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 0;

/** Whether data posted by the page is a well-formed request (the host checks before acting on it). */
export function isFromTimelineView(data: unknown): data is FromTimelineView {
  const m = fieldsOf(data);
  switch (m?.type) {
    case 'ready':
    case 'compare':
      return true;
    case 'reveal':
      return typeof m.file === 'string' && isCount(m.line) && isCount(m.col) && isCount(m.instructions);
    case 'moveEngine':
      return typeof m.file === 'string' && isCount(m.line) && isCount(m.col) && (ENGINE_ATTRIBUTES as readonly unknown[]).includes(m.attribute);
    case 'sizeConstant':
      return typeof m.file === 'string' && isCount(m.line) && isCount(m.col);
    case 'machine':
      return (MACHINES as readonly unknown[]).includes(m.machine);
    case 'pass':
      return (PASSES as readonly unknown[]).includes(m.pass);
    default:
      return false;
  }
}

/** The names of the buffers, as the host fills them from an answer. */
export function columnsOf(d: TimelineData): { readonly [K in keyof TimelineBuffers]: Column } {
  const c = d.columns;
  const s = d.sites;
  return {
    ...c, 'site.file': s.file, 'site.line': s.line, 'site.col': s.col, 'site.opcode': s.opcode, 'site.engines': s.engines, criticalPath: d.criticalPath,
  };
}
