// Runs the browser tests one after another. A real VS Code in a browser on a shared machine is not deterministic in
// ways the tests cannot wait for (focus, native scrolling, when a webview is restored), so a test that fails is run
// once more; its first failure is printed in full and counted, and a second failure fails the suite. The summary
// names every test that needed a second run, so that a flaky test is seen and fixed, not hidden.
import { spawnSync } from 'child_process';
import * as path from 'path';
import { fileURLToPath } from 'url';

const here = path.dirname(fileURLToPath(import.meta.url));
const TESTS = ['debug-ui', 'graph-view', 'graph-large', 'first-start', 'tensor-view', 'time-travel', 'set-values', 'new-user', 'disassembly', 'data-breakpoints', 'post-mortem', 'timeline', 'shadow-error', 'compare-runs', 'language-server'];

function run(name) {
  return spawnSync(process.execPath, [path.join(here, `${name}.mjs`)], { stdio: 'inherit' }).status === 0;
}

const flaky = [];
for (const name of TESTS) {
  if (run(name)) continue;
  console.error(`e2e: ${name} failed; running it once more (its failure is above)`);
  if (!run(name)) {
    console.error(`e2e: ${name} failed twice`);
    process.exit(1);
  }
  flaky.push(name);
}
console.log(flaky.length ? `e2e: all passed; needed a second run: ${flaky.join(', ')} (flaky: look at their first failure above)` : 'e2e: all passed, each at its first run');
