/** The engine worker thread: serves DebugEngine requests from its parent and posts events back. */
import { parentPort, workerData } from 'worker_threads';
import { EngineServer } from './engine-server';
import { EngineRequestMessage } from '../protocol/requests';
import { EngineEvent } from '../protocol/types';
import { EngineToClient } from './messages';

const port = parentPort;
if (!port) throw new Error('engine-worker runs as a worker thread');

const post = (message: EngineToClient): void => port.postMessage(message);
const server = new EngineServer((event: EngineEvent) => post({ type: 'event', event }), new Int32Array((workerData as { control: SharedArrayBuffer }).control));

port.on('message', (message: EngineRequestMessage) => post(server.handle(message)));
