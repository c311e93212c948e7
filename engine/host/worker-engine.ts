/**
 * The DebugEngine in a worker thread (the default): a long simulation never blocks the caller's thread, and a
 * runaway or crashed one is ended by killing the worker. Terminate goes through a shared flag that the run loop
 * reads between instructions, and a kill when the worker cannot see it in time.
 */
import { Worker } from 'worker_threads';
import { CONTROL_INTERRUPT, CONTROL_SLOTS, CONTROL_TERMINATE } from '../run/interpreter';
import { EngineRequestMessage } from '../protocol/requests';
import { EngineClient } from './engine-client';
import { EngineToClient } from './messages';

/**
 * A worker that has not answered terminate after this long is busy (a launch of a big program, an evaluation over a
 * huge tensor, one long instruction): it cannot see the flag in time, and is killed.
 */
const TERMINATE_ANSWER_MS = 250;

/** A run that answered terminate and has not ended after this long is killed. */
const TERMINATE_GRACE_MS = 1500;

/**
 * A request not answered after this long means the engine stopped answering: it serves requests between slices
 * of about 20 ms, and its longest answers (launching a big program, a graph) take seconds, not minutes.
 */
const ANSWER_LIMIT_MS = 120_000;

export class WorkerEngine extends EngineClient {
  private readonly worker: Worker;
  private readonly control = new Int32Array(new SharedArrayBuffer(4 * CONTROL_SLOTS));
  private exited = false;
  private killTimer?: NodeJS.Timeout;

  constructor(workerScript: string, options: { execArgv?: string[] } = {}) {
    super();
    this.worker = new Worker(workerScript, { workerData: { control: this.control.buffer }, execArgv: options.execArgv, stdout: false, stderr: false });
    this.worker.on('message', (message: EngineToClient) => {
      if (message.type === 'event' && message.event.kind === 'exited') this.markExited();
      this.receive(message);
    });
    this.worker.on('error', (e) => {
      this.emit({ kind: 'output', category: 'stderr', text: `the engine failed: ${e.stack ?? e.message}\n` });
    });
    this.worker.on('exit', (code) => {
      this.failAll(`the engine stopped (exit code ${code})`);
      if (!this.exited) {
        this.markExited();
        this.emit({ kind: 'exited', exitCode: this.killTimer === undefined ? 1 : 143 });
      }
    });
  }

  private readonly watchdogs = new Map<number, NodeJS.Timeout>();

  protected send(message: EngineRequestMessage): void {
    // The worker may be replaying the past in one go: it sees this at once, the request only afterwards.
    if (message.method === 'pause') Atomics.store(this.control, CONTROL_INTERRUPT, 1);
    this.worker.postMessage(message);
    const timer = setTimeout(() => {
      if (this.exited) return;
      this.emit({ kind: 'output', category: 'stderr', text: `The engine stopped answering ('${message.method}' got no answer within ${ANSWER_LIMIT_MS / 1000} s); it was stopped.\n` });
      void this.worker.terminate();
    }, ANSWER_LIMIT_MS);
    timer.unref();
    this.watchdogs.set(message.id, timer);
  }

  protected override receive(message: EngineToClient): void {
    if (message.type === 'reply') {
      clearTimeout(this.watchdogs.get(message.id));
      this.watchdogs.delete(message.id);
    }
    super.receive(message);
  }

  private markExited(): void {
    this.exited = true;
    if (this.killTimer) clearTimeout(this.killTimer);
    for (const t of this.watchdogs.values()) clearTimeout(t);
    this.watchdogs.clear();
  }

  /** Answered at once: the end is reported by the `exited` event, whether the run ends or the worker is killed. */
  async terminate(): Promise<void> {
    if (this.exited || this.closed || this.killTimer) return;
    Atomics.store(this.control, CONTROL_TERMINATE, 1);
    this.killAfter(TERMINATE_ANSWER_MS, 'did not answer terminate');
    this.request('terminate', {}).then(() => this.killAfter(TERMINATE_GRACE_MS, 'did not end'), () => undefined);
  }

  private killAfter(ms: number, what: string): void {
    clearTimeout(this.killTimer);
    this.killTimer = setTimeout(() => {
      if (this.exited) return;
      this.emit({ kind: 'output', category: 'console', text: `The engine ${what} within ${ms / 1000} s of terminate; it was killed.\n` });
      void this.worker.terminate();
    }, ms);
  }

  /** The worker has not exited, nor been ended: it can serve requests. */
  get running(): boolean {
    return !this.exited && !this.closed;
  }

  /** Whether the worker keeps the process alive (an engine held in reserve does not; see SpareEngines). */
  keepAlive(on: boolean): void {
    if (on) this.worker.ref();
    else this.worker.unref();
  }

  async dispose(): Promise<void> {
    if (this.killTimer) clearTimeout(this.killTimer);
    this.exited = true;
    await this.worker.terminate();
  }
}
