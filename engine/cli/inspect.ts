/**
 * `bir-sim inspect DUMP [--eval EXPR]... [--frame N] [--frames functions|subgraphs]`: a post-mortem dump read in a terminal (a CI
 * log, a machine without VS Code): where the run faulted, every core's stack with the locals of each frame as the
 * Variables view shows them, and the values of expressions evaluated in a frame of the faulting core (the innermost,
 * or #N), in the evaluate language of the Debug Console. It reads the dump through the same debug core a session of it uses.
 */
import * as path from 'path';
import { DumpError } from '../io/dump';
import { openDump } from '../host/restore-dump';
import { describeFault } from '../run/describe-fault';
import { DebugCore } from '../debug/debug-core';
import { FramesMode, StackFrameInfo } from '../protocol/types';
import { ParsedArgs, UsageError } from './args';

export interface InspectIO {
  out(text: string): void;
  err(text: string): void;
}

/** Exit status: 0 read, 1 an expression could not be evaluated, 2 the dump cannot be opened. */
export function inspect(args: ParsedArgs, file: string, io: InspectIO, display: (file: string) => string): number {
  const frames = args.flags.get('frames')?.at(-1) ?? 'functions';
  if (frames !== 'functions' && frames !== 'subgraphs') throw new UsageError(`--frames must be functions or subgraphs, found '${frames}'`);
  const frameText = args.flags.get('frame')?.at(-1) ?? '0';
  const frameIndex = /^\d+$/.test(frameText) ? Number(frameText) : NaN;
  if (!Number.isSafeInteger(frameIndex)) throw new UsageError(`--frame takes a frame's number in the faulting core's stack (#0 is the innermost), found '${frameText}'`);
  let opened;
  try {
    opened = openDump(path.resolve(file), { frames: frames as FramesMode, notice: () => undefined });
  } catch (e) {
    if (!(e instanceof DumpError)) throw e;
    io.err(`bir-sim: ${e.message}`);
    return 2;
  }
  const { core, fault, machine, snapshots } = opened;
  const stop = core.stopAtFault(fault);
  const passes = snapshots.slice(1).map((s) => s.pass);
  io.out(`${display(path.resolve(file))}: a post-mortem dump of ${display(machine.program.entry.file)}${machine.ncores > 1 ? ` on ${machine.ncores} cores` : ''}${passes.length ? ` after the passes ${passes.join(', ')}` : ''}, at its fault after ${machine.instructionsExecuted.toLocaleString('en-US')} instructions`);
  io.out(describeFault(fault, machine, display));
  for (const thread of core.threads()) printStack(core, thread.id, thread.name, thread.id === stop.threadId, io, display);
  let failed = 0;
  const expressions = args.flags.get('eval') ?? [];
  const stack = core.stackTrace(stop.threadId).frames;
  const frame = stack[frameIndex];
  if (expressions.length && !frame) {
    io.err(`bir-sim: --frame ${frameIndex}: the faulting core's stack has frames #0 to #${stack.length - 1}`);
    return 1;
  }
  if (expressions.length) io.out('');
  for (const expression of expressions) {
    try {
      io.out(`${expression} = ${core.evaluate(expression, frame.id, 'repl').result}`);
    } catch (e) {
      io.err(`bir-sim: ${expression}: ${(e as Error).message}`);
      failed++;
    }
  }
  return failed ? 1 : 0;
}

/** A core's frames, innermost first, each with its place and its locals (registers and tensors, one line each). */
function printStack(core: DebugCore, threadId: number, name: string, faulted: boolean, io: InspectIO, display: (file: string) => string): void {
  const { frames } = core.stackTrace(threadId);
  io.out('');
  // A finished core has no frames; its name (the Call Stack's) says so.
  io.out(`${name}${faulted ? ' (faulted)' : ''}${frames.length ? ':' : ''}`);
  frames.forEach((f, i) => {
    io.out(`  #${i} ${f.name}  ${where(f, display)}`);
    const locals = core.scopes(f.id).find((s) => s.hint === 'locals' || s.name === 'Locals');
    for (const v of locals ? core.variables(locals.reference) : []) io.out(`       ${v.name} = ${v.value}`);
  });
}

function where(f: StackFrameInfo, display: (file: string) => string): string {
  return f.path ? `${display(f.path)}:${f.line}:${f.column}` : '';
}
