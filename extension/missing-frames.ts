/**
 * The frames a session's adapter said do not exist (error id ERROR_IDS.frame): a view that asked in the frame selected
 * in the Call Stack, of an earlier stop, asks again in the top frame. VS Code gives an extension only the message of
 * a failed custom request, not its id, so the id is read where the tracker of the session sees the response. Frame
 * ids are never handed out again, so a frame once missing stays missing.
 */
import { ERROR_IDS } from '../adapter/errors';
import type { AdapterMessage } from './webview-host';

/** A request or a response as the tracker sees it, with what this reads of it. */
export interface FrameMessage extends AdapterMessage {
  readonly arguments?: { readonly frameId?: unknown };
  readonly body?: { readonly error?: { readonly id?: unknown } };
}

export class MissingFrames {
  /** The frame each request on its way names, by the request's seq. */
  private readonly asked = new Map<number, number>();
  private readonly missing = new Set<number>();

  /** A request to the adapter (the tracker's onWillReceiveMessage). */
  request(m: FrameMessage): void {
    if (m.type === 'request' && m.seq !== undefined && typeof m.arguments?.frameId === 'number') this.asked.set(m.seq, m.arguments.frameId);
  }

  /** A message of the adapter (the tracker's onDidSendMessage): a refusal of a frame notes it. */
  response(m: FrameMessage): void {
    if (m.type !== 'response' || m.request_seq === undefined) return;
    const frameId = this.asked.get(m.request_seq);
    if (frameId === undefined) return;
    this.asked.delete(m.request_seq);
    if (!m.success && m.body?.error?.id === ERROR_IDS.frame) this.missing.add(frameId);
  }

  has(frameId: number): boolean {
    return this.missing.has(frameId);
  }
}
