/**
 * Restart Frame: a function frame goes back to its entry, before its first instruction, with time travel. The entry
 * is found from the call that made the activation (the latest visit of the caller at that call: the caller waits in
 * it while the frame lives), then the run is replayed from there to the activation's first node. `main`'s entry is
 * the start of the run, which the history reaches only while it has not been cut.
 */
import { CallNode } from '../ir/program';
import { Core } from '../machine/core';
import { EngineError } from '../protocol/errors';
import { LogicalFrame } from './stack';
import type { Visit } from './replay';

/** Where a frame's activation began: the call in its caller, or the start of the run for main. */
export interface FrameEntry {
  readonly core: Core;
  readonly activation: number;
  readonly name: string;
  /** The caller's activation and the call node that made the frame; none for the frame of main. */
  readonly call?: { readonly activation: number; readonly node: CallNode };
}

/** The entry of a logical frame, or the reason it cannot be restarted. */
export function frameEntry(lf: LogicalFrame): FrameEntry {
  if (lf.kind !== 'function') {
    throw new EngineError(`'restartFrame': ${lf.name} is a frame of a ${lf.kind === 'loop' ? 'loop iteration' : 'branch arm'}; restart the function frame that holds it (or step back out of it)`, 'argument');
  }
  const frames = lf.core.frames;
  const i = frames.indexOf(lf.frame);
  const caller = i > 0 ? frames[i - 1] : undefined;
  const node = lf.frame.callNode;
  return { core: lf.core, activation: lf.frame.activation, name: lf.name, call: caller && node ? { activation: caller.activation, node } : undefined };
}

/** The caller's visit of the call that made the frame. */
export function isCall(entry: FrameEntry): (v: Visit) => boolean {
  const call = entry.call!;
  return (v) => v.core === entry.core && v.node.index === call.node.index && v.frame.activation === call.activation;
}

/** The frame's first node after `from` (the tick of the call, or -1 for main). */
export function isEntry(entry: FrameEntry, from: number): (v: Visit) => boolean {
  return (v) => v.tick > from && v.core === entry.core && v.frame.activation === entry.activation;
}
