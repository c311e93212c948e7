/**
 * DAP's framing on a byte stream (`Content-Length: N\r\n\r\n` then N bytes of JSON), read so that no input ends
 * the session: a bad header, a body that is not UTF-8 or not JSON, a frame shorter or longer than it says, or a
 * message that is not an object each give a diagnostic, and reading goes on with the next frame.
 */

/** What the reader found: a message to serve, or a diagnostic for the log. */
export type Frame = { readonly kind: 'message'; readonly message: object } | { readonly kind: 'error'; readonly reason: string };

/** Larger frames are refused: a client that sends one is broken, and waiting for its bytes would hold the session. */
export const MAX_FRAME_BYTES = 64 * 1024 * 1024;

const HEADER_END = Buffer.from('\r\n\r\n');
/** Where a header starts, found again after a frame that did not parse (DAP clients write it so). */
const HEADER_START = /content-length\s*:/i;

export class FrameReader {
  private buffer: Buffer = Buffer.alloc(0);
  /** The body length of the frame being read; -1 between frames. */
  private length = -1;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });

  /** The bytes of a frame still missing, for a diagnostic when the input stops in the middle of one. */
  get missing(): number {
    return this.length < 0 ? 0 : Math.max(0, this.length - this.buffer.length);
  }

  push(chunk: Buffer): Frame[] {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const out: Frame[] = [];
    for (;;) {
      if (this.length < 0) {
        if (!this.readHeader(out)) break;
      } else {
        if (this.buffer.length < this.length) break;
        const body = this.buffer.subarray(0, this.length);
        this.buffer = this.buffer.subarray(this.length);
        this.length = -1;
        out.push(this.readBody(body));
      }
    }
    return out;
  }

  /** Reads one header block; false when it has not all arrived yet. */
  private readHeader(out: Frame[]): boolean {
    const end = this.buffer.indexOf(HEADER_END);
    if (end < 0) {
      // A header is short; a long run of bytes without one is garbage: report it and keep only its tail.
      if (this.buffer.length > 4096) {
        out.push({ kind: 'error', reason: `skipped ${this.buffer.length - 3} bytes that are not a DAP header` });
        this.buffer = this.buffer.subarray(this.buffer.length - 3);
      }
      return false;
    }
    const header = this.buffer.subarray(0, end).toString('latin1');
    this.buffer = this.buffer.subarray(end + HEADER_END.length);
    // The last Content-Length of the block: bytes a broken frame left in front of a header do not hide it.
    const value = [...header.matchAll(/content-length[ \t]*:[ \t]*([^\r\n]*)/gi)].at(-1)?.[1].trim();
    if (value === undefined) {
      out.push({ kind: 'error', reason: `a frame's header has no Content-Length: ${JSON.stringify(header.slice(0, 80))}` });
      return true;
    }
    if (!/^[0-9]+$/.test(value)) {
      out.push({ kind: 'error', reason: `Content-Length is not a number of bytes: ${JSON.stringify(value.slice(0, 40))}` });
      return true;
    }
    const length = Number(value);
    if (length > MAX_FRAME_BYTES) {
      out.push({ kind: 'error', reason: `a frame of ${length} bytes is larger than the ${MAX_FRAME_BYTES} bytes the adapter reads; skipped` });
      return true;
    }
    this.length = length;
    return true;
  }

  private readBody(body: Buffer): Frame {
    let text: string;
    try {
      text = this.decoder.decode(body);
    } catch {
      return this.resync(body, 'the body is not valid UTF-8');
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      return this.resync(body, `the body is not JSON (${(e as Error).message})`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return { kind: 'error', reason: `a DAP message is a JSON object; this one is ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}` };
    }
    return { kind: 'message', message: value };
  }

  /**
   * A body that did not parse may have swallowed the start of the next frame (it was shorter than its
   * Content-Length said): the bytes from the next header on are read again.
   */
  private resync(body: Buffer, reason: string): Frame {
    const text = body.toString('latin1');
    const next = text.slice(1).search(HEADER_START);
    if (next >= 0) this.buffer = Buffer.concat([body.subarray(next + 1), this.buffer]);
    return { kind: 'error', reason: `${reason}; the frame was skipped` };
  }
}
