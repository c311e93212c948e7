/**
 * A long answer of locations (Find All References of a name used 100,000 times) kept as columns of numbers and
 * written as the protocol's JSON bytes directly, rather than as an object per location that JSON.stringify then
 * walks: on the 100,000-line file of the bench, the objects and their JSON cost the server about three times the
 * bytes written here (docs/benchmarks.md). The JSON is the same, byte for byte; `toJSON` gives the locations as
 * objects to anything else that serializes the answer (another transport, a trace).
 */
import type { Location } from 'vscode-languageserver';
import type { Message } from 'vscode-languageserver/node';

const encoder = new TextEncoder();
const CHARACTER = encoder.encode(',"character":');
const END = encoder.encode('},"end":{"line":');
const CLOSE = encoder.encode('}}}');
/** The most bytes a location's numbers take: four int32s. */
const NUMBERS = 4 * 11;

/** Locations on one line each: a URI, the 0-based line and the start and end characters. */
export class LocationList {
  private readonly uris: string[] = [];
  private readonly uriOf = new Map<string, number>();
  private file = new Int32Array(64);
  private line = new Int32Array(64);
  private start = new Int32Array(64);
  private end = new Int32Array(64);
  private count = 0;

  get length(): number {
    return this.count;
  }

  push(uri: string, line: number, start: number, end: number): void {
    let u = this.uriOf.get(uri);
    if (u === undefined) {
      u = this.uris.push(uri) - 1;
      this.uriOf.set(uri, u);
    }
    if (this.count === this.line.length) this.grow();
    const i = this.count++;
    this.file[i] = u;
    this.line[i] = line;
    this.start[i] = start;
    this.end[i] = end;
  }

  toJSON(): Location[] {
    const out: Location[] = new Array(this.count);
    for (let i = 0; i < this.count; i++) {
      const line = this.line[i];
      out[i] = { uri: this.uris[this.file[i]], range: { start: { line, character: this.start[i] }, end: { line, character: this.end[i] } } };
    }
    return out;
  }

  /** The JSON array of the locations, as UTF-8. */
  encode(): Uint8Array {
    const heads = this.uris.map((uri) => encoder.encode(`{"uri":${JSON.stringify(uri)},"range":{"start":{"line":`));
    const widest = Math.max(0, ...heads.map((h) => h.length));
    const buf = new Uint8Array(2 + this.count * (widest + NUMBERS + 2 * CHARACTER.length + END.length + CLOSE.length + 1));
    let at = 0;
    buf[at++] = 0x5b;
    for (let i = 0; i < this.count; i++) {
      if (i > 0) buf[at++] = 0x2c;
      const head = heads[this.file[i]];
      buf.set(head, at);
      at = writeInt(buf, at + head.length, this.line[i]);
      buf.set(CHARACTER, at);
      at = writeInt(buf, at + CHARACTER.length, this.start[i]);
      buf.set(END, at);
      at = writeInt(buf, at + END.length, this.line[i]);
      buf.set(CHARACTER, at);
      at = writeInt(buf, at + CHARACTER.length, this.end[i]);
      buf.set(CLOSE, at);
      at += CLOSE.length;
    }
    buf[at++] = 0x5d;
    return buf.subarray(0, at);
  }

  private grow(): void {
    const wider = (a: Int32Array) => {
      const b = new Int32Array(a.length * 2);
      b.set(a);
      return b;
    };
    this.file = wider(this.file);
    this.line = wider(this.line);
    this.start = wider(this.start);
    this.end = wider(this.end);
  }
}

/** Writes a non-negative integer in decimal, as JSON does, at `at`; returns where it ends. */
function writeInt(buf: Uint8Array, at: number, v: number): number {
  let digits = 1;
  for (let p = 10; p <= v; p *= 10) digits++;
  for (let k = at + digits - 1; k >= at; k--) {
    const rest = Math.floor(v / 10);
    buf[k] = 0x30 + v - 10 * rest;
    v = rest;
  }
  return at + digits;
}

/**
 * The bytes of a message as the protocol's writer sends them: a response whose result is a LocationList is written
 * around its encoded bytes, every other message as JSON.stringify writes it (vscode-jsonrpc's own encoder).
 */
export function encodeMessage(msg: Message): Uint8Array {
  const result = (msg as { result?: unknown }).result;
  if (!(result instanceof LocationList)) return Buffer.from(JSON.stringify(msg), 'utf8');
  const head = encoder.encode(`{"jsonrpc":${JSON.stringify(msg.jsonrpc)},"id":${JSON.stringify((msg as unknown as { id: unknown }).id)},"result":`);
  const list = result.encode();
  const out = new Uint8Array(head.length + list.length + 1);
  out.set(head);
  out.set(list, head.length);
  out[out.length - 1] = 0x7d;
  return out;
}
