/**
 * `schedule`: reorders independent instructions so that consecutive ones use different engines, as a compiler
 * interleaves the tensor, vector, scalar and DMA queues. Only within a straight run of instructions: control
 * nodes (loops, branches, calls, returns) and ordered effects (Print, Assert, Barrier) stay where they are and end
 * a run. An instruction moves only past instructions it does not depend on in any way (read after write, write
 * after read, write after write, through memory or registers), so every read sees the same values. A loop declared
 * `independent` may first be unrolled by two so that its iterations interleave (interleave.ts).
 */
import { InstrNode, Program } from '../ir/program';
import { OPCODES } from '../ir/opcodes';
import { numberNodes } from '../ir/numbering';
import { Effects, NodeEffects } from '../graph/effects';
import { overlap } from '../graph/footprint';
import { cloneProgram } from './clone';
import { rewriteInstructionRuns } from './instruction-runs';
import { noChanges, PassOutcome } from './pass';
import { RewriteCounter, RewriteLimits } from './rewrite-counter';
import { interleaved, interleaveIndependentLoops } from './interleave';
import { pushAll } from '../base/arrays';
import { iterationsDisjoint } from './iteration-disjoint';

/**
 * Its rewrites: each instruction placed ahead of one written before it, in program order. Under a budget, the
 * instructions after the last move allowed keep their order.
 */
export function schedulePass(program: Program, limits?: RewriteLimits): PassOutcome {
  const copy = cloneProgram(program);
  const counter = new RewriteCounter(limits);
  const effects = new Effects(copy);
  const changes = noChanges();
  // Independent loops first: unrolled by two where the scheduler then interleaves their iterations.
  pushAll(changes.added, interleaveIndependentLoops(copy, counter, (run, second) => scheduleRun(run, effects, new RewriteCounter(), second)));
  rewriteInstructionRuns(copy, {
    joins: (node) => OPCODES.get(node.opcode)?.ordered !== true,
    rewrite: (run, region) => {
      const ordered = scheduleRun(run, effects, counter, interleaved.get(region));
      ordered.forEach((n, i) => {
        if (n !== run[i]) changes.moved.push(n.id);
      });
      return ordered;
    },
  });
  numberNodes(copy);
  return { program: copy, changes, reasons: new Map(), rewrites: counter.tally() };
}

function conflicts(a: NodeEffects, b: NodeEffects): boolean {
  const touches = (xs: NodeEffects['writes'], ys: NodeEffects['reads']): boolean => xs.some((x) => ys.some((y) => overlap(x.fp, y.fp) !== undefined));
  return touches(a.writes, b.reads) || touches(a.writes, b.writes) || touches(b.writes, a.reads);
}

/** Runs are scheduled in chunks of this many instructions: long runs stay linear, and nothing moves far. */
const CHUNK = 64;

/** `second`: in the body of a loop unrolled by two (interleave.ts), the second iteration's copy. */
function scheduleRun(run: InstrNode[], effects: Effects, counter: RewriteCounter, second?: ReadonlySet<InstrNode>): InstrNode[] {
  const out: InstrNode[] = [];
  const copies = second && { second, written: registersWritten(run, effects) };
  for (let i = 0; i < run.length; i += CHUNK) out.push(...scheduleChunk(run.slice(i, i + CHUNK), effects, counter, copies));
  return out;
}

/** The body of a loop unrolled by two: the second iteration's copy, and the registers the body writes. */
interface Copies {
  readonly second: ReadonlySet<InstrNode>;
  readonly written: ReadonlySet<number>;
}

function registersWritten(run: readonly InstrNode[], effects: Effects): Set<number> {
  const out = new Set<number>();
  for (const n of run) for (const w of effects.nodeEffects(n).writes) if (w.fp.kind === 'register') out.add(Number(w.fp.key.slice(1)));
  return out;
}

/**
 * Whether `b` must stay after `a`. Between the two copies of an unrolled body, index expressions that read the
 * loop register may prove them apart, where the footprints (whole dimensions for such slices) cannot.
 */
function ordered(a: InstrNode, b: InstrNode, ea: NodeEffects, eb: NodeEffects, copies?: Copies): boolean {
  if (!conflicts(ea, eb)) return false;
  if (!copies || copies.second.has(a) === copies.second.has(b)) return true;
  return !iterationsDisjoint(a, b, ea, eb, copies.written);
}

/**
 * List scheduling: at each step, of the instructions whose predecessors are all placed, take the first (in
 * program order) on an engine other than the last one placed; if none, the first ready one. The first ready one is
 * the first not placed (what comes before it is placed): taking another moves that one ahead of it, a rewrite.
 * In the body of a loop unrolled by two, an instruction of the other iteration than the last one placed comes first
 * (on another engine), so that the iterations interleave.
 */
function scheduleChunk(run: InstrNode[], effects: Effects, counter: RewriteCounter, copies?: Copies): InstrNode[] {
  const second = copies?.second;
  if (run.length < 3 || counter.exhausted) return run;
  const e = run.map((n) => effects.nodeEffects(n));
  const predecessors = run.map(() => 0);
  const successors: number[][] = run.map(() => []);
  for (let j = 0; j < run.length; j++) {
    for (let i = 0; i < j; i++) {
      if (ordered(run[i], run[j], e[i], e[j], copies)) {
        successors[i].push(j);
        predecessors[j]++;
      }
    }
  }
  const placed: InstrNode[] = [];
  const ready: number[] = [];
  for (let j = 0; j < run.length; j++) if (predecessors[j] === 0) ready.push(j);
  let lastEngine = '';
  let lastSecond: boolean | undefined;
  while (ready.length) {
    ready.sort((a, b) => a - b);
    let pick = second ? ready.findIndex((j) => run[j].engine !== lastEngine && second.has(run[j]) !== lastSecond) : -1;
    if (pick < 0) pick = ready.findIndex((j) => run[j].engine !== lastEngine);
    if (pick < 0) pick = 0;
    if (pick > 0 && !counter.allow(run[ready[pick]], moveDescription(run[ready[pick]], run[ready[0]], lastEngine))) pick = 0;
    const j = ready.splice(pick, 1)[0];
    if (pick > 0) placed.push(...counter.placed([run[j]], [run[j]]));
    else placed.push(run[j]);
    lastEngine = run[j].engine;
    lastSecond = second?.has(run[j]);
    for (const k of successors[j]) if (--predecessors[k] === 0) ready.push(k);
  }
  return placed;
}

function moveDescription(moved: InstrNode, passed: InstrNode, lastEngine: string): () => string {
  return () => `moved ${what(moved)} (${moved.engine}) ahead of ${what(passed)} at line ${passed.span.line}, so that it follows ${lastEngine} on another engine`;
}

function what(node: InstrNode): string {
  return node.group ? `group ${node.group}` : node.opcode;
}
