/** The engine worker thread: serves DebugEngine requests from its parent and posts events back. */
import { parentPort, workerData } from 'worker_threads';
import { EngineServer } from './engine-server';
import { EngineError, EngineEvent } from '../protocol/types';
import { EngineRequestMessage, EngineToClient } from './messages';

const port = parentPort;
if (!port) throw new Error('engine-worker runs as a worker thread');

const post = (message: EngineToClient): void => port.postMessage(message);
const server = new EngineServer((event: EngineEvent) => post({ type: 'event', event }), new Int32Array((workerData as { control: SharedArrayBuffer }).control));

port.on('message', (message: EngineRequestMessage) => {
  try {
    const result = server.handle(message.method, message.params ?? {});
    post({ type: 'reply', id: message.id, result });
  } catch (e) {
    const expected = e instanceof EngineError;
    post({ type: 'reply', id: message.id, error: expected ? (e as Error).message : `internal error of the engine (please report it): ${(e as Error).stack ?? e}` });
  }
});
