/**
 * A debug session that bisects its pass pipeline (the launch attribute `bisect`, BIR: Bisect Passes…): the bisection
 * of bisect.ts, then the session's pipeline made to end at the culprit. Its snapshots are the program as written, the
 * passes before the culprit's whole, the culprit's pass with the rewrites before the culprit, and with the culprit
 * too: the last snapshot's changes are what the culprit rewrite did (the graph view shows them), and the program that
 * runs is the program after it. When nothing is to blame, the session has no pipeline to show and ends.
 */
import * as path from 'path';
import type { BisectEvent } from '../../contract/bisection';
import type { PassChanges } from '../../contract/graph';
import { Program } from '../ir/program';
import { NpyError, readNpyFile, NpyArray } from '../io/npy';
import { PassName, passNamed } from '../passes/registry';
import { Snapshot } from '../passes/pipeline';
import { PassOutcome } from '../passes/pass';
import { bisectPasses, BisectResult } from './bisect';
import { bisectJson, bisectReport } from './bisect-report';
import { folderReference } from './output-reference';
import { BisectLaunch } from '../protocol/types';

export interface BisectSessionSettings {
  readonly cores: number;
  /** Inputs by tensor name, absolute paths. */
  readonly inputs: Readonly<Record<string, string>>;
  readonly maxInstructions?: number;
  readonly maxCallDepth?: number;
  readonly display: (file: string) => string;
}

export interface BisectedSession {
  readonly event: BisectEvent;
  /** The session's pipeline, ending after the culprit rewrite; undefined when there is no culprit. */
  readonly snapshots?: Snapshot[];
}

/** The inputs could not be read: the launch fails with it. */
export class BisectRefused extends Error {}

export function bisectSession(program: Program, passes: readonly PassName[], bisect: BisectLaunch, settings: BisectSessionSettings): BisectedSession {
  const shown = settings.display(program.entry.file);
  const reference = bisect.reference === undefined ? undefined
    : folderReference(program, bisect.reference, settings.display(bisect.reference), bisect.rtol !== undefined || bisect.atol !== undefined ? { rtol: bisect.rtol ?? 0, atol: bisect.atol ?? 0 } : undefined);
  const result = bisectPasses(program, {
    passes: passes.map(passNamed), label: shown, cores: settings.cores, inputs: readInputs(settings.inputs), maxInstructions: settings.maxInstructions,
    maxCallDepth: settings.maxCallDepth, settingNames: { maxInstructions: 'the launch attribute \'maxInstructions\'', maxCallDepth: 'the launch attribute \'maxCallDepth\'' }, reference,
  });
  const report = bisectReport(result, passes, settings.display);
  const json = bisectJson(result, settings.display);
  const base = { verdict: result.verdict, report, json };
  if (result.verdict !== 'culprit' || !result.culprit) return { event: { ...base, message: verdictText(result, passes) } };
  const snapshots = snapshotsToCulprit(program, passes, result.culprit.passIndex, result.culprit.rewrite.index);
  const last = snapshots.length - 1;
  const d = result.divergence?.dram;
  const writer = d?.a?.writer;
  const node = writer && (writer.member ?? writer.node);
  const event: BisectEvent = {
    ...base,
    message: `${verdictText(result, passes)} The session stops at snapshot ${last}, the program after that rewrite (snapshot ${last - 1} is the program before it).`,
    culprit: { pass: result.culprit.pass, passIndex: result.culprit.passIndex, rewrite: result.culprit.rewrite.index, what: result.culprit.rewrite.what, span: result.culprit.rewrite.span },
    firstDivergence: d && { element: d.element, after: d.a?.value, before: d.b?.value, span: node?.span, opcode: node && (node.kind === 'instr' ? node.opcode : node.kind) },
    snapshot: last,
  };
  return { event, snapshots };
}

/** The answer in one or two sentences. */
function verdictText(r: BisectResult, passes: readonly string[]): string {
  if (r.verdict === 'nothing differs') return `Nothing differs after ${passes.join(', ')}: the outputs agree with ${r.against} (${r.rewrites} rewrites, ${r.runs} runs).`;
  if (r.verdict === 'as written') return `The program differs from ${r.against} before any rewrite: no pass is to blame.`;
  const c = r.culprit!;
  const d = r.divergence?.dram;
  const first = d ? ` First differing write: ${d.element}, ${d.a?.value ?? 'none'} after the rewrite, ${d.b?.value ?? 'none'} before it.` : '';
  return `The outputs differ after rewrite ${c.rewrite.index} of pass '${c.pass}': ${c.rewrite.what} (${path.basename(c.rewrite.span.file)}:${c.rewrite.span.line}).${first}`;
}

/** The snapshots to the culprit: the passes before it whole, then its pass with `rewrite` rewrites, then with one more. */
function snapshotsToCulprit(program: Program, passes: readonly PassName[], passIndex: number, rewrite: number): Snapshot[] {
  const snapshots: Snapshot[] = [{ index: 0, pass: 'as written', program, nodeCount: program.code.length, unchanged: false, changes: { added: [], removed: [], fused: [], moved: [] }, reasons: new Map() }];
  const push = (pass: PassName, outcome: Pick<PassOutcome, 'program' | 'changes' | 'reasons'>, rewrites?: number): void => {
    snapshots.push({ index: snapshots.length, pass, program: outcome.program, nodeCount: outcome.program.code.length, unchanged: false, changes: outcome.changes, reasons: outcome.reasons, rewrites });
  };
  for (const name of passes.slice(0, passIndex)) push(name, passNamed(name).run(snapshots[snapshots.length - 1].program));
  const name = passes[passIndex];
  const input = snapshots[snapshots.length - 1].program;
  const before = passNamed(name).run(input, { budget: rewrite });
  const after = passNamed(name).run(input, { budget: rewrite + 1 });
  push(name, before, rewrite);
  push(name, { program: after.program, changes: changesBetween(before.changes, after.changes), reasons: after.reasons }, rewrite + 1);
  return snapshots;
}

/** What one more rewrite changed: the changes of the pass with it, less those it made without it. */
function changesBetween(without: PassChanges, withIt: PassChanges): PassChanges {
  const less = (xs: readonly string[], ys: readonly string[]): string[] => xs.filter((x) => !ys.includes(x));
  const groups = new Set(without.fused.map((g) => `${g.group}:${g.members.join(',')}`));
  return {
    added: less(withIt.added, without.added),
    removed: less(withIt.removed, without.removed),
    fused: withIt.fused.filter((g) => !groups.has(`${g.group}:${g.members.join(',')}`)),
    moved: less(withIt.moved, without.moved),
  };
}

/** The inputs read once: every trial of the bisection runs on the same arrays. */
function readInputs(files: Readonly<Record<string, string>>): Record<string, NpyArray> {
  const out: Record<string, NpyArray> = {};
  for (const [name, file] of Object.entries(files)) {
    try {
      out[name] = readNpyFile(file);
    } catch (e) {
      if (e instanceof NpyError) throw new BisectRefused(`the input ${name}: ${e.message}`);
      throw e;
    }
  }
  return out;
}
