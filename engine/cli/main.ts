/** The bir-sim executable: wires the command to the process. */
import { main } from './bir-sim';

const status = main(process.argv.slice(2), {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  terminal: process.stderr.isTTY ? process.stderr : undefined,
});
// Let stdout drain before exiting, so that piped output is never cut short.
process.exitCode = status;
