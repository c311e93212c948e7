/**
 * Run in a child process by engine.bench.ts: the resident memory a program costs when its allocations fill
 * one core's SBUF (128 × 192 KiB) and PSUM (128 × 16 KiB), measured while they are alive.
 */
import { Machine } from '../engine/machine/machine';
import { Interpreter } from '../engine/run/interpreter';
import { virtualProgram } from './harness';

const program = virtualProgram(`module full
func main() {
  sbuf s : f32[128, 49152]
  psum p : f32[128, 4096]
  Memset s <- 1
  Memset p <- 2
  Set r0 = 0
}
`);
const gc = (global as { gc?: () => void }).gc!;
gc();
const before = process.memoryUsage().rss;
const interpreter = new Interpreter(new Machine(program));
let nodes = 0;
interpreter.runDebug({
  beforeNode: () => ++nodes === 3,
  onCall: () => undefined, onReturn: () => undefined, onRegionEnter: () => undefined, onRegionExit: () => undefined,
  onFault: () => false, onCoreExit: () => undefined,
});
gc();
const after = process.memoryUsage().rss;
process.stdout.write(JSON.stringify({ rssDeltaBytes: after - before }));
