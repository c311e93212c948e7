/**
 * Runs ELK in a Web Worker, off the UI thread. elkjs's worker script is bundled into dist/webview.js as text
 * and started from a blob: URL (the webview's CSP allows `worker-src blob:`); elk-api.js talks to it. Layouts are
 * queued in one worker (the page ignores the answers it no longer needs); the worker is started, and ELK compiled,
 * as soon as the page loads (`warmUp`), so that the first graph does not wait for it.
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

function worker(): ELK {
  workerUrl ??= URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }));
  elk ??= new ElkConstructor({ workerFactory: () => new Worker(workerUrl!, { name: 'elk-layout' }) });
  return elk;
}

/** Lays out the model in the worker, after the layouts asked for before it. */
export function layoutQueued(model: ElkNode): Promise<ElkNode> {
  return worker().layout(model).catch((e: unknown) => {
    throw e instanceof Error ? e : new Error(String((e as { message?: string })?.message ?? e));
  });
}

/** The same, for a whole graph (kept for the small graphs' path). */
export const layoutInWorker = layoutQueued;

/** Starts the worker and has ELK lay out a tiny graph, so that the code is compiled before a graph comes. */
export function warmUp(): void {
  void layoutQueued({
    id: 'warm', layoutOptions: { 'elk.algorithm': 'layered' },
    children: [{ id: 'a', width: 10, height: 10 }, { id: 'b', width: 10, height: 10 }],
    edges: [{ id: 'e', sources: ['a'], targets: ['b'] }],
  }).catch(() => undefined);
}
