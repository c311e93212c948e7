/** The standalone adapter: DAP on standard input and output, the engine in a worker thread beside this file. */
import * as path from 'path';
import { WorkerEngine } from '../engine/host/worker-engine';
import { BirDebugSession } from './session';

const workerScript = path.join(__dirname, 'engine-worker.js');
const session = new BirDebugSession({ createEngine: () => new WorkerEngine(workerScript) });
session.start(process.stdin, process.stdout);
