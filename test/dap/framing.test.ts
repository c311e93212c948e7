/**
 * The stdio adapter's framing under malformed input: bodies that are not JSON, not UTF-8, not an object, shorter than
 * their Content-Length; bad and lower-case headers; oversized frames; random bytes. Each gets a diagnostic (standard
 * error and an `output` event), the bad frame is skipped, and the session goes on answering; every message the
 * adapter writes is valid DAP. A fuzz of whole malformed frames and of raw bytes runs with a bounded count.
 */
import * as assert from 'assert';
import { ChildProcessWithoutNullStreams, spawn } from 'child_process';
import fc from 'fast-check';
import { DebugProtocol } from '@vscode/debugprotocol';
import { ADAPTER, ensureBuilt, schemaErrors, WAIT_MS } from '../helpers/dap-client';

/** The adapter as a child process, written to byte by byte, its output read as DAP frames. */
class RawAdapter {
  readonly messages: DebugProtocol.ProtocolMessage[] = [];
  readonly invalid: string[] = [];
  stderr = '';
  private readonly child: ChildProcessWithoutNullStreams;
  private out = Buffer.alloc(0);
  private readonly waiters: (() => void)[] = [];
  private exit?: number | null;
  private seq = 1000;

  constructor() {
    this.child = spawn(process.execPath, [ADAPTER], { stdio: 'pipe' });
    this.child.stdout.on('data', (d: Buffer) => this.read(d));
    this.child.stderr.on('data', (d: Buffer) => {
      this.stderr += d.toString();
    });
    this.child.on('exit', (code) => {
      this.exit = code;
      this.wake();
    });
  }

  write(bytes: Buffer | string): void {
    this.child.stdin.write(bytes);
  }

  frame(body: string | Buffer, header?: string): void {
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    this.write(Buffer.concat([Buffer.from(header ?? `Content-Length: ${bytes.length}\r\n\r\n`), bytes]));
  }

  /** Sends a well-formed request and waits for its answer. */
  async request(command: string, args: unknown = {}): Promise<DebugProtocol.Response> {
    const seq = this.seq++;
    this.frame(JSON.stringify({ seq, type: 'request', command, arguments: args }));
    return this.until(() => this.messages.find((m): m is DebugProtocol.Response => m.type === 'response' && (m as DebugProtocol.Response).request_seq === seq), `the answer to ${command} #${seq}`);
  }

  diagnostics(): string[] {
    return this.messages.filter((m) => m.type === 'event' && (m as DebugProtocol.OutputEvent).event === 'output')
      .map((m) => (m as DebugProtocol.OutputEvent).body.output).filter((o) => o.includes('cannot read'));
  }

  async exited(): Promise<number | null | undefined> {
    this.child.stdin.end();
    await this.until(() => (this.exit !== undefined ? true : undefined), 'the adapter to exit');
    return this.exit;
  }

  kill(): void {
    if (this.exit === undefined) this.child.kill();
  }

  until<T>(found: () => T | undefined, what: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`waited ${WAIT_MS} ms for ${what}; stderr: ${this.stderr.slice(-500)}`)), WAIT_MS);
      const check = (): void => {
        const v = found();
        if (v !== undefined) {
          clearTimeout(timer);
          resolve(v);
        } else if (this.exit !== undefined) {
          clearTimeout(timer);
          reject(new Error(`the adapter exited (${this.exit}) while waiting for ${what}; stderr: ${this.stderr.slice(-500)}`));
        } else {
          this.waiters.push(check);
        }
      };
      check();
    });
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  private read(data: Buffer): void {
    this.out = Buffer.concat([this.out, data]);
    for (;;) {
      const end = this.out.indexOf('\r\n\r\n');
      if (end < 0) break;
      const length = Number(/Content-Length: (\d+)/.exec(this.out.subarray(0, end).toString())?.[1]);
      if (this.out.length < end + 4 + length) break;
      const body = this.out.subarray(end + 4, end + 4 + length).toString();
      this.out = this.out.subarray(end + 4 + length);
      const message = JSON.parse(body) as DebugProtocol.ProtocolMessage;
      const errors = schemaErrors(message);
      if (errors.length) this.invalid.push(`${body.slice(0, 200)}: ${errors.join('; ')}`);
      this.messages.push(message);
    }
    this.wake();
  }
}

describe('DAP: framing of the stdio adapter', () => {
  before(() => ensureBuilt());
  const started: RawAdapter[] = [];
  const adapter = (): RawAdapter => {
    const a = new RawAdapter();
    started.push(a);
    return a;
  };
  afterEach(() => {
    const adapters = started.splice(0);
    for (const a of adapters) a.kill();
    assert.deepStrictEqual(adapters.flatMap((a) => a.invalid), [], 'every message of the adapter is valid DAP');
  });

  it('reports each malformed frame, skips it and goes on answering', async () => {
    const a = adapter();
    const cases: [string, () => void][] = [
      ['not JSON', () => a.frame('{{{{{')],
      ['JSON null', () => a.frame('null')],
      ['invalid UTF-8', () => a.frame(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]))],
      ['a number, not an object', () => a.frame('42')],
      ['Content-Length: abc', () => a.write('Content-Length: abc\r\n\r\n')],
      ['no Content-Length', () => a.write('Content-Type: application/json\r\n\r\n')],
      ['larger than the adapter reads', () => a.write('Content-Length: 999999999999\r\n\r\n')],
      ['an event from the client', () => a.frame(JSON.stringify({ seq: 1, type: 'event', event: 'x' }))],
    ];
    for (const [what, send] of cases) {
      const before = a.diagnostics().length;
      send();
      const r = await a.request('threads');
      assert.ok(r.success, `answers after ${what}`);
      assert.strictEqual(a.diagnostics().length, before + 1, `one diagnostic for ${what}`);
    }
    assert.match(a.stderr, /the body is not JSON/);
    assert.match(a.stderr, /Content-Length is not a number of bytes: "abc"/);
    assert.match(a.stderr, /not valid UTF-8/);
  });

  it('reads a lower-case content-length header', async () => {
    const a = adapter();
    const body = JSON.stringify({ seq: 1, type: 'request', command: 'threads' });
    a.frame(body, `content-length: ${Buffer.byteLength(body)}\r\n\r\n`);
    const r = await a.until(() => a.messages.find((m) => m.type === 'response'), 'an answer');
    assert.strictEqual((r as DebugProtocol.Response).success, true);
  });

  it('a frame shorter than its Content-Length costs that frame only: the next one is read', async () => {
    const a = adapter();
    const short = JSON.stringify({ seq: 1, type: 'request', command: 'threads' });
    a.frame(short, `Content-Length: ${Buffer.byteLength(short) + 30}\r\n\r\n`);
    const r = await a.request('threads');
    assert.ok(r.success);
    assert.strictEqual(a.diagnostics().length, 1);
  });

  it('reports requests without a valid seq (nothing can answer them) and answers a numeric command with valid types', async () => {
    const a = adapter();
    for (const seq of [undefined, 'x', 0, 1.5, 2 ** 31]) a.frame(JSON.stringify({ seq, type: 'request', command: 'threads' }));
    a.frame(JSON.stringify({ seq: 5, type: 'request', command: 42 }));
    const answer = await a.until(() => a.messages.find((m): m is DebugProtocol.Response => m.type === 'response'), 'an answer');
    assert.deepStrictEqual([answer.request_seq, answer.command, answer.success], [5, '42', false]);
    assert.match(answer.message!, /a request's 'command' is a string, found 42/);
    assert.strictEqual(a.messages.filter((m) => m.type === 'response').length, 1, 'the requests without a seq are not answered');
    assert.strictEqual(a.diagnostics().length, 5);
    assert.match(a.stderr, /a request without a valid 'seq' \(an integer from 1\) cannot be answered, found nothing \(command "threads"\)/);
  });

  it('fuzz: whole malformed frames never stop the session', async () => {
    const a = adapter();
    const header = fc.oneof(
      fc.string({ maxLength: 30 }).filter((s) => !/content-length/i.test(s) && !s.includes('\r\n\r\n')).map((s) => `${s.replace(/\r\n/g, ' ')}\r\n\r\n`),
      fc.constantFrom('Content-Length: -1\r\n\r\n', 'Content-Length: 1e3\r\n\r\n', 'Content-Length:\r\n\r\n', 'Content-Length: 0x10\r\n\r\n', 'Content-Length: 99999999999999999999\r\n\r\n'),
    ).map((h) => Buffer.from(h));
    const body = fc.oneof(
      fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
      fc.json().map((j) => Buffer.from(j)),
      fc.string({ maxLength: 40 }).map((s) => Buffer.from(s)),
    ).filter((b) => !/content-length/i.test(b.toString('latin1')));
    const frame = fc.oneof(header, body.map((b) => Buffer.concat([Buffer.from(`Content-Length: ${b.length}\r\n\r\n`), b])));
    await fc.assert(fc.asyncProperty(fc.array(frame, { minLength: 1, maxLength: 4 }), async (frames) => {
      for (const f of frames) a.write(f);
      const r = await a.request('threads');
      return r.command === 'threads';
    }), { numRuns: 150, seed: 7 });
  });

  it('fuzz: any bytes, then the end of input: the adapter ends on its own, having written only valid DAP', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.oneof(
      fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
      fc.constantFrom('Content-Length: 12\r\n\r\n{"seq":1,', 'Content-Length: 5\r\n\r\n', '\r\n\r\n', 'Content-Length: 100000\r\n\r\n{', 'content-length:3\r\n\r\n{}}').map((s) => Buffer.from(s)),
    ), { maxLength: 5 }), async (chunks) => {
      const a = adapter();
      for (const c of chunks) a.write(c);
      const code = await a.exited();
      return code === 0 && !/TypeError|RangeError|SyntaxError|at .*\.js:\d+/.test(a.stderr);
    }), { numRuns: 12, seed: 11 });
  });
});
