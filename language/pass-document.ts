/**
 * The program after compiler passes, for the editor's read-only "program after pass" document: the pipelines a user
 * may choose (from the pass records), and a file checked as it is in the editor, the passes run and the program printed
 * with the source position of every line (engine/passes/program-text.ts).
 */
import * as path from 'path';
import type { PassPipeline, ProgramAfterPassesResult } from '../contract/language-requests';
import { checkProgram } from '../engine/lang/check/checker';
import { formatDiagnostic } from '../engine/lang/diagnostics';
import { Program } from '../engine/ir/program';
import { runPipeline, Snapshot } from '../engine/passes/pipeline';
import { PipelineTooBig } from '../engine/passes/pipeline-size';
import { isPassName, PASSES, PassName } from '../engine/passes/registry';
import { printProgramText } from '../engine/passes/program-text';
import { uriOf } from './positions';
import { Workspace } from './workspace';

/** A request the server cannot answer as asked: the message says why, for the user. */
export class PassDocumentRefused extends Error {}

/** Every prefix of the full pipeline (`after dce`: inline then dce), then each pass alone. */
export function passPipelines(): PassPipeline[] {
  const names = PASSES.map((p) => p.name);
  const prefixes = PASSES.map((p, i) => ({ label: `after ${p.name}`, detail: `${names.slice(0, i + 1).join(' → ')}: ${p.summary}`, passes: names.slice(0, i + 1) }));
  const alone = PASSES.slice(1).map((p) => ({ label: `${p.name} alone`, detail: `${p.name}: ${p.summary}`, passes: [p.name] }));
  return [...prefixes, ...alone];
}

/** The pipeline's snapshots; one that would not fit in the server's memory is refused with the pipeline's reason. */
function pipelineOf(program: Program, passes: readonly PassName[]): Snapshot[] {
  try {
    return runPipeline(program, passes);
  } catch (e) {
    if (e instanceof PipelineTooBig) throw new PassDocumentRefused(e.message);
    throw e;
  }
}

export function programAfterPasses(ws: Workspace, file: string, passes: readonly string[]): ProgramAfterPassesResult {
  const unknown = passes.find((p) => !isPassName(p));
  if (unknown !== undefined) throw new PassDocumentRefused(`unknown pass '${unknown}': the passes are ${PASSES.map((p) => p.name).join(', ')}`);
  if (ws.text(file) === undefined) throw new PassDocumentRefused(`cannot read '${file}'`);
  const { program, diagnostics } = checkProgram(file, { host: ws.host() });
  if (!program) {
    const first = diagnostics.find((d) => d.severity === 'error') ?? diagnostics[0];
    const shown = (f: string): string => path.relative(path.dirname(file), f) || path.basename(f);
    throw new PassDocumentRefused(`'${path.basename(file)}' has errors, so no pass can run; the first: ${first ? formatDiagnostic(first, shown) : 'unknown'}`);
  }
  const snapshots = pipelineOf(program, passes as PassName[]);
  const printed = printProgramText(program, snapshots[snapshots.length - 1].program);
  const files: string[] = [];
  const fileIndex = new Map<string, number>();
  const origins: number[] = [];
  for (const o of printed.origins) {
    let i = fileIndex.get(o.file);
    if (i === undefined) fileIndex.set(o.file, (i = files.push(uriOf(o.file)) - 1));
    origins.push(i, o.line - 1, o.col - 1);
  }
  return { text: printed.text, files, origins };
}
