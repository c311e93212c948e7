/**
 * The standalone adapter: DAP on standard input and output, the engine in a worker thread beside this file. The
 * input is read by our own framing (adapter/framing.ts), so that malformed bytes are reported and skipped rather
 * than ending the process; the session ends on disconnect or when the input closes.
 */
import * as path from 'path';
import { PassThrough } from 'stream';
import { WorkerEngine } from '../engine/host/worker-engine';
import { FrameReader } from './framing';
import { BirDebugSession } from './session';

const workerScript = path.join(__dirname, 'engine-worker.js');
const session = new BirDebugSession({ createEngine: () => new WorkerEngine(workerScript) });
const input = new PassThrough();
session.start(input, process.stdout);

const reader = new FrameReader();
/** The input stopped in the middle of a frame: said once, after a second without bytes. */
let stalled: NodeJS.Timeout | undefined;
process.stdin.on('data', (chunk: Buffer) => {
  clearTimeout(stalled);
  for (const frame of reader.push(chunk)) {
    if (frame.kind === 'message') session.handleIncoming(frame.message);
    else session.reportProtocolError(frame.reason);
  }
  if (reader.missing > 0) {
    stalled = setTimeout(() => session.reportProtocolError(`a frame is incomplete: ${reader.missing} of its bytes have not arrived`), 1000);
    stalled.unref();
  }
});
process.stdin.on('end', () => input.end());
process.stdin.on('close', () => input.destroy());
