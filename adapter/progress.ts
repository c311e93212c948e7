/**
 * A long run's progress as DAP's progress events, for clients that announce `supportsProgressReporting`: the engine's
 * first `progress` event of a run opens a notification (progressStart), later ones update it, and the run's stop or
 * end closes it (progressEnd). Cancelling it pauses the program (the session's `cancel`). A big program's check at
 * launch is shown the same way, and closed when the launch is answered.
 */
import { ProgressEndEvent, ProgressStartEvent, ProgressUpdateEvent } from '@vscode/debugadapter';
import { DebugProtocol as P } from '@vscode/debugprotocol';

export class RunProgressEvents {
  /** Set from initialize: whether the client shows progress. */
  enabled = false;
  private current?: string;
  private count = 0;

  constructor(private readonly send: (event: P.Event) => void) {}

  /** The notification on show, if any: what a `cancel` names. */
  get id(): string | undefined {
    return this.current;
  }

  /** `title`: the program; `cancellable`: false in a run without debugging, which cannot pause. */
  show(instructions: number, total: number | undefined, title: string, cancellable: boolean): void {
    this.tell(instructions, total, 'instructions', title, cancellable);
  }

  /** A big program's check while it launches: `checking 1,200,000 of 5,000,000 lines`, not cancellable. */
  loading(lines: number, total: number, title: string): void {
    this.tell(lines, total, 'lines checked', title, false);
  }

  private tell(done: number, total: number | undefined, unit: string, title: string, cancellable: boolean): void {
    if (!this.enabled) return;
    const message = total === undefined ? `${done.toLocaleString('en-US')} ${unit}` : `${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${unit}`;
    const percentage = total === undefined || total === 0 ? undefined : Math.min(100, Math.floor((100 * done) / total));
    if (this.current === undefined) {
      this.current = `bir-run-${++this.count}`;
      const start: P.ProgressStartEvent = new ProgressStartEvent(this.current, title, message);
      start.body.cancellable = cancellable;
      if (percentage !== undefined) start.body.percentage = percentage;
      this.send(start);
      return;
    }
    const update: P.ProgressUpdateEvent = new ProgressUpdateEvent(this.current, message);
    if (percentage !== undefined) update.body.percentage = percentage;
    this.send(update);
  }

  /** The run stopped or ended: the notification closes. */
  end(): void {
    if (this.current === undefined) return;
    this.send(new ProgressEndEvent(this.current));
    this.current = undefined;
  }
}
