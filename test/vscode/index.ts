/**
 * Entry of the suite that runs inside a real VS Code extension host (VS Code calls `run`). Results are written
 * as mocha JSON to the file named by BIR_VSCODE_RESULTS, so that the harness can fail on anything but a pass.
 */
import * as fs from 'fs';
import * as path from 'path';
import Mocha from 'mocha';

export async function run(): Promise<void> {
  const resultsFile = process.env.BIR_VSCODE_RESULTS;
  const mocha = new Mocha({ ui: 'bdd', timeout: 120000, color: false, reporter: resultsFile ? 'json' : 'spec', reporterOptions: resultsFile ? { output: resultsFile } : undefined });
  // BIR_VSCODE_GREP=text runs only the tests whose full title contains it (while working on them).
  if (process.env.BIR_VSCODE_GREP) mocha.grep(process.env.BIR_VSCODE_GREP);
  for (const f of fs.readdirSync(__dirname).filter((f) => f.endsWith('.test.js')).sort()) mocha.addFile(path.join(__dirname, f));
  await new Promise<void>((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} test(s) failed`)) : resolve()));
  });
}
