/**
 * Run in a child process with --expose-gc by test/unit/program-memory.test.ts (and bench/scale.bench.ts): checks a
 * straight-line program of N instructions in a compiler's shape, then runs it, and prints what the heap (with the
 * array buffers typed arrays hold) kept per instruction after each, measured after a forced collection.
 *   node --expose-gc -r tsx/cjs test/helpers/program-memory-probe.ts N
 */
import * as path from 'path';
import { checkProgram } from '../../engine/lang/check/checker';
import { Machine } from '../../engine/machine/machine';
import { Interpreter } from '../../engine/run/interpreter';
import { straightLine } from './compiled-model';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
const collect = gc;

/** Heap and array buffers in use, after a full collection. */
function used(): number {
  collect();
  collect();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

const n = Number(process.argv[2] ?? 200_000);
const model = straightLine(n);
const files = new Map([...model.files].map(([name, text]) => [path.resolve('/virtual', name), text]));
const host = { readText: (f: string) => files.get(f), exists: (f: string) => files.has(f) };
const start = used();
const { program, diagnostics } = checkProgram(path.resolve('/virtual/model.bir'), { host });
if (!program) throw new Error(`the generated program does not check: ${diagnostics[0]?.message}`);
const checked = used();
const machine = new Machine(program);
const afterMachine = used();
const outcome = new Interpreter(machine).runFast();
if (outcome.kind !== 'exited') throw new Error(`the generated program did not run to its end: ${outcome.kind}`);
const ran = used();
process.stdout.write(JSON.stringify({
  instructions: n,
  executed: machine.instructionsExecuted,
  checkedBytesPerInstruction: (checked - start) / n,
  machineBytes: afterMachine - checked,
  runGrowthBytes: ran - afterMachine,
}));
