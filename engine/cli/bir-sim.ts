/**
 * bir-sim: run or check a BIR program from a terminal.
 *   bir-sim run FILE [--out DIR] [--cores N] [--input NAME=FILE.npy]... [--faults LIST] [--passes LIST] [--max-instructions N] [--quiet] [--dump FILE] [--stats] [--stats-json FILE]
 *   bir-sim check FILE
 *   bir-sim graph FILE [--passes LIST] [--after INDEX|PASS] [--format json|dot] [--function NAME]
 *   bir-sim inspect DUMP [--eval EXPR]... [--frame N] [--frames functions|subgraphs]
 *   bir-sim diff A.bir B.bir [--input NAME=FILE.npy]... (see diff.ts)
 *   bir-sim bisect FILE --passes LIST [--reference DIR] ... (see bisect.ts)
 *   bir-sim profile FILE [--machine trn1|trn2|trn3|PROFILE.json] [--trace OUT.json] [--cores N] [--input NAME=FILE.npy]... [--passes LIST] [--against OLD.bir | --what-if LIST] [--why LINE] [--json]
 *   bir-sim fmt FILE... [--check | --write] (see fmt.ts)
 *   bir-sim mcp (served by main.ts: the agent tools over MCP on standard input and output)
 * Exit status: 0 done, 1 the program faulted (run), has errors (check), an expression failed (inspect) or the runs
 * differ (diff), a culprit was found (bisect), 2 a usage or
 * program error, or a dump that cannot be opened.
 */
import * as fs from 'fs';
import * as path from 'path';
import { performance } from 'perf_hooks';
import { checkProgram } from '../lang/check/checker';
import { hasErrors } from '../lang/diagnostics';
import { ENGINES } from '../ir/opcodes';
import { neverWrittenOutputs, writeOutputs } from '../io/outputs';
import { CONTINUABLE_FAULTS, Fault } from '../machine/fault';
import { LoadError, Machine } from '../machine/machine';
import { runProgram } from '../run/simulate';
import { OpcodeStats } from '../run/opcode-stats';
import { statsJson, statsTable } from '../run/stats-table';
import { formatOutputErrors, outputErrors } from '../run/shadow-summary';
import { describeFault } from '../run/describe-fault';
import { parseArgs, UsageError } from './args';
import { progressBar } from './progress-bar';
import { makeDump, writeDump } from '../io/dump';
import { dynamicInstructionCount } from '../ir/dynamic-count';
import { PASS_NAMES, runPipeline, Snapshot } from '../passes/pipeline';
import { buildProgramGraphs } from '../graph/build';
import { graphToDot, graphToJson } from '../graph/export';
import { inspect } from './inspect';
import { diffCommand, DIFF_USAGE, DIFF_HELP } from './diff';
import { bisectCommand, BISECT_USAGE, BISECT_HELP } from './bisect';
import { display, fileArgument, parseCores, parseFaults, parseInputs, parseLimit, parsePasses, printDiagnostics, runCores } from './run-flags';
import { profileCommand } from './profile';
import { checkReferenceDir, parseTolerance, REFERENCE_HELP, runWithReference } from './run-reference';
import { fmtCommand, FMT_HELP, FMT_USAGE } from './fmt';
import { PipelineTooBig } from '../passes/pipeline-size';

export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  /** Standard error when it is a terminal: where `run` draws its progress bar. */
  readonly terminal?: NodeJS.WriteStream;
}

const USAGE = `usage:
  bir-sim run FILE [--out DIR] [--cores N] [--input NAME=FILE.npy]... [--faults LIST] [--passes LIST]
                   [--max-instructions N] [--quiet] [--dump FILE] [--stats] [--stats-json FILE] [--shadow]
                   [--reference DIR [--rtol X] [--atol X]]
  bir-sim check FILE
  bir-sim graph FILE [--passes LIST] [--after INDEX|PASS] [--format json|dot] [--function NAME]
  bir-sim inspect DUMP [--eval EXPR]... [--frame N] [--frames functions|subgraphs]
${DIFF_USAGE}
${BISECT_USAGE}
  bir-sim profile FILE [--machine trn1|trn2|trn3|PROFILE.json] [--trace OUT.json] [--cores N]
                   [--input NAME=FILE.npy]... [--passes LIST] [--against OLD.bir | --what-if LIST] [--why LINE] [--json]
${FMT_USAGE}
  bir-sim mcp

run     runs FILE's main on the simulator; prints what the program prints, then a summary.
        --out DIR      write every output tensor as DIR/NAME.npy
        --cores N      run main on N cores (1 to 8; default: the program's 'cores N', else 1)
        --input N=F    data for dram tensor N from the .npy file F (repeatable)
        --faults LIST  continuable faults that end the run, of ${CONTINUABLE_FAULTS.join(', ')}
                       (default: uninitialized-read; 'none' for none)
        --passes LIST  compiler passes to run first, in order: ${PASS_NAMES.join(', ')} (comma-separated)
        --max-instructions N
                       end the run with the instruction-limit fault before its (N+1)-th instruction
                       (all cores together; default: no limit)
        --quiet        print no summary
        --dump FILE    when the run faults, write the machine's whole state to FILE (a post-mortem dump:
                       tensors, registers, every core's stack, the fault, the program's sources; compressed)
        --stats        after the run, print where its time went on standard error: per opcode the instructions
                       executed, elements processed (of the largest tensor operand), time, share of the run,
                       instructions/s and elements/s, the most time first (timing slows the run a little)
        --stats-json F the same figures as JSON in the file F (with or without --stats)
        --shadow       also run every instruction in float64 alongside (a shadow value per element written), then
                       print per output tensor its largest error in ulps of its dtype and the instruction where
                       that error entered (file:line:col); integer and packed dtypes have no shadow
${REFERENCE_HELP}
check   prints the diagnostics of FILE; exit status 1 when there is an error.
graph   prints the dataflow graphs of FILE's functions after the passes (or after one of them).
        --after X      the snapshot to print: its index (0 = as written) or the name of its pass
        --format F     json (default) or dot
        --function N   only the function N (module::name or name)
inspect prints a post-mortem dump (run --dump): the fault, every core's stack with each frame's locals.
        --eval EXPR    also the value of EXPR in the faulting frame, as the Debug Console evaluates it
                       (repeatable; acc[0:2, :], sum(acc), r0 * 2)
        --frame N      evaluate in frame #N of the faulting core's stack instead (#0 is the innermost)
        --frames F     functions (default) or subgraphs (every loop iteration and branch arm a frame)
${DIFF_HELP}
${BISECT_HELP}
profile runs FILE and schedules what it executed on a machine's engines and DMA queues with a published,
        first-order cost model (docs/timeline.md): prints the total time, each engine's busy time, the critical
        path, the dominant instructions and warnings (small DMA transfers, idle engines).
        --machine M    trn1, trn2 (default), trn3, or a JSON profile overriding any field of one
        --trace FILE   also write the schedule as a Chrome/Perfetto trace (traceEvents, one thread per lane)
        --against OLD  also schedule OLD (the program before an edit) and print the difference: total,
                       per engine, the critical path before and after
        --what-if LIST the same, against FILE with the passes LIST run (fuse, schedule, ...)
        --why LINE     the dependencies the longest-waiting run of LINE waited for, with each one's wait
        --json         print the summary as JSON
        --cores, --input and --passes as for run
${FMT_HELP}
mcp     serves the debugger's tools to coding agents over the Model Context Protocol on standard input and
        output, until the input closes; paths are relative to the working folder (docs/agents.md).`;

const COMMANDS = ['run', 'check', 'graph', 'inspect', 'diff', 'bisect', 'profile', 'fmt', 'mcp'];

/**
 * `bir-sim COMMAND --help`: the command's lines of the usage (its synopsis, which may wrap) and of the descriptions
 * (from the line that starts with its name to the next command's).
 */
export function usageOf(command: string): string {
  const lines = USAGE.split('\n');
  const synopsis: string[] = [];
  const description: string[] = [];
  let inSynopsis = false;
  let inDescription = false;
  for (const line of lines) {
    if (/^ {2}bir-sim /.test(line)) inSynopsis = line.startsWith(`  bir-sim ${command} `) || line === `  bir-sim ${command}`;
    else if (!/^ {10,}/.test(line)) inSynopsis = false;
    if (/^\S/.test(line) && !line.startsWith('usage:')) inDescription = line.startsWith(`${command} `);
    if (inSynopsis) synopsis.push(line);
    else if (inDescription) description.push(line);
  }
  return ['usage:', ...synopsis, '', ...description].join('\n');
}

export function main(argv: readonly string[], io: CliIO): number {
  try {
    const command = argv[0];
    if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
      io.out(USAGE);
      return command === undefined ? 2 : 0;
    }
    if (COMMANDS.includes(command) && argv.slice(1).some((a) => a === '--help' || a === '-h')) {
      io.out(usageOf(command));
      return 0;
    }
    if (command === 'run') return run(argv, io);
    if (command === 'check') return check(argv, io);
    if (command === 'graph') return graph(argv, io);
    if (command === 'inspect') return inspectDump(argv, io);
    if (command === 'diff') return diffCommand(argv, io);
    if (command === 'bisect') return bisectCommand(argv, io);
    if (command === 'profile') return profile(argv, io);
    if (command === 'fmt') return fmtCommand(argv, io);
    if (command === 'mcp') throw new UsageError(argv.length > 1 ? "'mcp' takes no arguments" : "'mcp' is a server: run it as the bir-sim command, which serves until its input closes");
    throw new UsageError(`unknown command '${command}' (commands: ${COMMANDS.join(', ')})`);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`bir-sim: ${e.message}\n${USAGE}`);
      return 2;
    }
    if (e instanceof PipelineTooBig) {
      io.err(`bir-sim: --passes: ${e.message}`);
      return 2;
    }
    io.err(`bir-sim: internal error (please report it): ${(e as Error).stack ?? e}`);
    return 2;
  }
}




function inspectDump(argv: readonly string[], io: CliIO): number {
  const args = parseArgs(argv, { eval: 'value', frame: 'value', frames: 'value' });
  return inspect(args, fileArgument(args.positional, 'inspect'), io, display);
}

function check(argv: readonly string[], io: CliIO): number {
  const args = parseArgs(argv, {});
  const file = fileArgument(args.positional, 'check');
  const result = checkProgram(file);
  printDiagnostics(result.diagnostics, io.out);
  const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = result.diagnostics.length - errors;
  io.out(`${display(path.resolve(file))}: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`);
  return hasErrors(result.diagnostics) ? 1 : 0;
}

function run(argv: readonly string[], io: CliIO): number {
  const args = parseArgs(argv, { out: 'value', cores: 'value', input: 'value', faults: 'value', passes: 'value', 'max-instructions': 'value', quiet: 'switch', dump: 'value', stats: 'switch', 'stats-json': 'value', reference: 'value', rtol: 'value', atol: 'value', shadow: 'switch' });
  const dumpFile = args.flags.get('dump')?.at(-1);
  const file = fileArgument(args.positional, 'run');
  const passes = parsePasses(args.flags.get('passes')?.at(-1));
  const coresFlag = parseCores(args.flags.get('cores')?.at(-1));
  const inputs = parseInputs(args.flags.get('input') ?? []);
  const faults = parseFaults(args.flags.get('faults')?.at(-1));
  const maxInstructions = parseLimit(args.flags.get('max-instructions')?.at(-1));
  const outDir = args.flags.get('out')?.at(-1);
  const statsFile = args.flags.get('stats-json')?.at(-1);
  const stats = args.flags.has('stats') || statsFile !== undefined ? new OpcodeStats() : undefined;
  const referenceDir = args.flags.get('reference')?.at(-1);
  const tolerance = parseTolerance(args.flags.get('rtol')?.at(-1), args.flags.get('atol')?.at(-1), referenceDir);
  if (referenceDir !== undefined) checkReferenceDir(referenceDir);
  const shadow = args.flags.has('shadow');
  if (shadow && referenceDir !== undefined) throw new UsageError('--shadow and --reference each compare the run with something else: choose one');

  const checked = checkProgram(file);
  printDiagnostics(checked.diagnostics, io.err);
  if (!checked.program) return 2;
  const snapshots = runPipeline(checked.program, passes);
  const program = snapshots[snapshots.length - 1].program;
  if (passes.length) io.err(snapshots.slice(1).map((s) => describeSnapshot(s)).join('\n'));
  const cores = runCores(coresFlag, program, io);
  if (referenceDir !== undefined) {
    return runWithReference(program, { cores, inputs, faults, maxInstructions, settingNames: { maxInstructions: '--max-instructions' }, output: (text, core) => io.out(cores > 1 ? `[core ${core}] ${text}` : text) }, referenceDir, tolerance, io);
  }

  let result;
  const began = performance.now();
  try {
    const prefix = cores > 1;
    const bar = progressBar(io.terminal, dynamicInstructionCount(program, cores));
    try {
      result = runProgram(program, { cores, inputs, faults, maxInstructions, shadow, settingNames: { maxInstructions: '--max-instructions' }, output: (text, core) => io.out(prefix ? `[core ${core}] ${text}` : text) }, undefined, bar && ((m) => bar.update(m.instructionsExecuted)), stats);
    } finally {
      bar?.stop();
    }
  } catch (e) {
    if (e instanceof LoadError) {
      io.err(`bir-sim: ${e.message}`);
      return 2;
    }
    throw e;
  }
  const { outcome, machine } = result;
  const runMs = performance.now() - began;
  if (outcome.kind === 'failed') io.err(describeFault(outcome.fault, machine, display));
  if (outcome.kind === 'failed' && dumpFile !== undefined) {
    try {
      writeDump(dumpFile, makeDump(machine, outcome.fault, passes));
      io.err(`bir-sim: wrote a post-mortem dump of the fault to ${dumpFile}`);
    } catch (e) {
      io.err(`bir-sim: cannot write the dump to ${dumpFile}: ${(e as Error).message}`);
    }
  }
  if (!args.flags.has('quiet')) io.out(summary(machine, outcome.kind === 'failed' ? outcome.fault : undefined));
  if (shadow) for (const line of formatOutputErrors(outputErrors(machine), (f) => display(path.resolve(f)))) io.out(line);
  const statsWritten = !stats || writeStats(stats, runMs, args.flags.has('stats'), statsFile, io);
  if (outcome.kind === 'exited') for (const w of neverWrittenOutputs(machine)) io.err(`bir-sim: ${w}`);
  if (outDir !== undefined) {
    if (outcome.kind !== 'exited') {
      io.err(`bir-sim: outputs not written to ${outDir}: the run did not complete`);
    } else {
      try {
        for (const written of writeOutputs(machine, outDir)) io.out(`wrote ${written}`);
      } catch (e) {
        io.err(`bir-sim: cannot write the outputs: ${(e as Error).message}`);
        return 2;
      }
    }
  }
  if (!statsWritten) return 2;
  return outcome.kind === 'exited' ? 0 : 1;
}

/** --stats (the table, on standard error) and --stats-json FILE; false when the file cannot be written. */
function writeStats(stats: OpcodeStats, runMs: number, table: boolean, file: string | undefined, io: CliIO): boolean {
  if (table) io.err(statsTable(stats.figures(), runMs));
  if (file === undefined) return true;
  try {
    fs.writeFileSync(file, `${statsJson(stats.figures(), runMs)}\n`);
    return true;
  } catch (e) {
    io.err(`bir-sim: cannot write the statistics to ${file}: ${(e as Error).message}`);
    return false;
  }
}

function profile(argv: readonly string[], io: CliIO): number {
  const args = parseArgs(argv, { machine: 'value', trace: 'value', cores: 'value', input: 'value', passes: 'value', json: 'switch', against: 'value', 'what-if': 'value', why: 'value' });
  const file = fileArgument(args.positional, 'profile');
  const passes = parsePasses(args.flags.get('passes')?.at(-1));
  const coresFlag = parseCores(args.flags.get('cores')?.at(-1));
  const inputs = parseInputs(args.flags.get('input') ?? []);
  const against = args.flags.get('against')?.at(-1);
  const whatIf = args.flags.get('what-if')?.at(-1);
  if (against !== undefined && whatIf !== undefined) throw new UsageError('--against and --what-if each give the program to compare with: choose one');
  const whyFlag = args.flags.get('why')?.at(-1);
  const why = whyFlag === undefined ? undefined : Number(whyFlag);
  if (why !== undefined && (!Number.isInteger(why) || why < 1)) throw new UsageError(`--why takes a line number, found '${whyFlag}'`);
  const checked = checkProgram(file);
  printDiagnostics(checked.diagnostics, io.err);
  if (!checked.program) return 2;
  const snapshots = runPipeline(checked.program, passes);
  let program = snapshots.at(-1)!.program;
  let baseline;
  if (against !== undefined) {
    const old = checkProgram(fileArgument([against], 'profile --against'));
    printDiagnostics(old.diagnostics, io.err);
    if (!old.program) return 2;
    baseline = { program: runPipeline(old.program, passes).at(-1)!.program, label: display(path.resolve(against)) };
  } else if (whatIf !== undefined) {
    baseline = { program, label: passes.length ? `the program after --passes ${passes.join(',')}` : 'the program as written' };
    program = runPipeline(program, parsePasses(whatIf)).at(-1)!.program;
  }
  const cores = runCores(coresFlag, program, io);
  return profileCommand({ program, cores, inputs, machine: args.flags.get('machine')?.at(-1), trace: args.flags.get('trace')?.at(-1), json: args.flags.has('json'), display, baseline, why }, io);
}

function describeSnapshot(s: Snapshot): string {
  const c = s.changes;
  const parts = [c.added.length && `${c.added.length} added`, c.removed.length && `${c.removed.length} removed`, c.fused.length && `${c.fused.length} fused group${c.fused.length === 1 ? '' : 's'}`, c.moved.length && `${c.moved.length} moved`].filter(Boolean);
  return `pass ${s.index} '${s.pass}': ${parts.join(', ') || 'no change'}`;
}

function graph(argv: readonly string[], io: CliIO): number {
  const args = parseArgs(argv, { passes: 'value', after: 'value', format: 'value', function: 'value' });
  const file = fileArgument(args.positional, 'graph');
  const passes = parsePasses(args.flags.get('passes')?.at(-1));
  const format = args.flags.get('format')?.at(-1) ?? 'json';
  if (format !== 'json' && format !== 'dot') throw new UsageError(`--format must be json or dot, found '${format}'`);
  const checked = checkProgram(file);
  printDiagnostics(checked.diagnostics, io.err);
  if (!checked.program) return 2;
  const snapshots = runPipeline(checked.program, passes);
  const after = args.flags.get('after')?.at(-1);
  const snapshot = after === undefined ? snapshots[snapshots.length - 1] : findSnapshot(snapshots, after);
  const only = args.flags.get('function')?.at(-1);
  const graphs = buildProgramGraphs(snapshot.program).filter((g) => only === undefined || g.function === only || g.function.endsWith(`::${only}`));
  if (only !== undefined && graphs.length === 0) throw new UsageError(`--function: no function '${only}' (functions: ${[...snapshot.program.functions.keys()].join(', ')})`);
  if (format === 'dot') {
    io.out(graphs.map(graphToDot).join('\n'));
  } else {
    io.out(JSON.stringify({ snapshot: { index: snapshot.index, pass: snapshot.pass, changes: snapshot.changes }, graphs: graphs.map(graphToJson) }, null, 2));
  }
  return 0;
}

function findSnapshot(snapshots: Snapshot[], after: string): Snapshot {
  const byIndex = /^\d+$/.test(after) ? snapshots[Number(after)] : undefined;
  const byName = snapshots.filter((s) => s.pass === after);
  if (byIndex) return byIndex;
  if (byName.length === 1) return byName[0];
  if (byName.length > 1) throw new UsageError(`--after ${after}: the pass runs ${byName.length} times; give an index (${byName.map((s) => s.index).join(', ')})`);
  throw new UsageError(`--after ${after}: no such snapshot (snapshots: ${snapshots.map((s) => `${s.index} ${s.pass}`).join(', ')})`);
}






function summary(machine: Machine, fault: Fault | undefined): string {
  const counts = ENGINES.filter((e) => machine.counters[e] > 0).map((e) => `${e} ${machine.counters[e]}`);
  const total = machine.instructionsExecuted;
  return [
    '--- summary ---',
    `instructions: ${total}${counts.length ? ` (${counts.join(', ')})` : ''}`,
    machine.ncores > 1 ? `cores: ${machine.ncores} (${machine.cores.map((c) => `core ${c.index}: ${c.executed}`).join(', ')})` : undefined,
    `faults: ${fault ? `1 (${fault.code})` : 'none'}`,
  ].filter((l) => l !== undefined).join('\n');
}
