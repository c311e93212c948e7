/**
 * The standalone adapter: DAP on standard input and output, the engine in a worker thread beside this file (one is
 * kept loaded in reserve). The input is read by our own framing (adapter/framing.ts), so that malformed bytes are
 * reported and skipped rather than ending the process; the session ends on disconnect or when the input closes.
 */
import * as path from 'path';
import { PassThrough } from 'stream';
import { SpareEngines } from '../engine/host/spare-engines';
import { WorkerEngine } from '../engine/host/worker-engine';
import { FrameReader } from './framing';
import { BirDebugSession } from './session';

const workerScript = path.join(__dirname, 'engine-worker.js');
// The engine loads while the client initializes; a restart finds the next one loaded.
const engines = new SpareEngines(() => new WorkerEngine(workerScript));
const session = new BirDebugSession({ createEngine: () => engines.take() });
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
