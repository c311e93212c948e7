/**
 * A session that bisects its pass pipeline (the launch attribute `bisect`, BIR: Bisect Passes…): the body of the
 * `bir/bisect` event, sent after the launch's response. Types only.
 */
import type { Span } from './span';

export interface BisectEvent {
  /** `culprit`: a rewrite after which the outputs differ; `as written`: they differ before any rewrite. */
  readonly verdict: 'nothing differs' | 'culprit' | 'as written';
  /** The answer in one sentence, as a notification says it. */
  readonly message: string;
  /** The rewrite after which the outputs differ: its pass (and place in the pipeline, from 0), its index in it, what it was and where. */
  readonly culprit?: { readonly pass: string; readonly passIndex: number; readonly rewrite: number; readonly what: string; readonly span: Span };
  /** The first DRAM write whose bits differ between the program after the rewrite and before it. */
  readonly firstDivergence?: { readonly element: string; readonly after?: number; readonly before?: number; readonly span?: Span; readonly opcode?: string };
  /**
   * The snapshot of the session's pipeline the session stops at: the program after the culprit rewrite (the one before
   * it is the program before the rewrite, so that what the snapshot changed is what the rewrite did).
   */
  readonly snapshot?: number;
  /** The answer as `bir-sim bisect --json` gives it. */
  readonly json: Readonly<Record<string, unknown>>;
  /** The answer as `bir-sim bisect` prints it (also written in the Debug Console). */
  readonly report: readonly string[];
}
