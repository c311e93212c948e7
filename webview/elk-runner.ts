/**
 * Runs ELK in a Web Worker, off the UI thread. elkjs's worker script is bundled into dist/webview.js as text
 * and started from a blob: URL (the webview's CSP allows `worker-src blob:`); elk-api.js talks to it. A new
 * layout cancels the one still running (its worker is ended), so a stop after a stop never waits for a layout
 * nobody will see.
 */
import ElkConstructor from 'elkjs/lib/elk-api';
import type { ELK, ElkNode } from 'elkjs/lib/elk-api';
import workerSource from 'elkjs/lib/elk-worker.min.js' with { type: 'text' };

export class Cancelled extends Error {
  constructor() {
    super('layout cancelled');
  }
}

let workerUrl: string | undefined;
let elk: ELK | undefined;
let running: { reject: (e: Error) => void } | undefined;

function worker(): ELK {
  workerUrl ??= URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }));
  elk ??= new ElkConstructor({ workerFactory: () => new Worker(workerUrl!, { name: 'elk-layout' }) });
  return elk;
}

/** Lays out the model in the worker; rejects with Cancelled if another layout starts first. */
export function layoutInWorker(model: ElkNode): Promise<ElkNode> {
  if (running) {
    running.reject(new Cancelled());
    elk?.terminateWorker();
    elk = undefined;
  }
  const engine = worker();
  return new Promise<ElkNode>((resolve, reject) => {
    const job = { reject };
    running = job;
    engine.layout(model).then(
      (r) => {
        if (running === job) running = undefined;
        resolve(r);
      },
      (e: unknown) => {
        if (running === job) running = undefined;
        reject(e instanceof Error ? e : new Error(String((e as { message?: string })?.message ?? e)));
      },
    );
  });
}
