/** The bir-sim executable: wires the command to the process. */
import { main } from './bir-sim';
import { serveMcp } from './mcp';

const argv = process.argv.slice(2);
if (argv[0] === 'mcp' && argv.length === 1) {
  // A server: it answers until its input closes.
  serveMcp().then((status) => (process.exitCode = status), (e: Error) => {
    process.stderr.write(`bir-sim mcp: internal error (please report it): ${e.stack ?? e}\n`);
    process.exitCode = 2;
  });
} else {
  const status = main(argv, {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
    terminal: process.stderr.isTTY ? process.stderr : undefined,
  });
  // Let stdout drain before exiting, so that piped output is never cut short.
  process.exitCode = status;
}
