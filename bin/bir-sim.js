#!/usr/bin/env node
// bir-sim: the simulator's command line (built into dist/ by `npm install` or `npm run build`).
const path = require('path');
const fs = require('fs');
const cli = path.join(__dirname, '..', 'dist', 'cli.js');
if (!fs.existsSync(cli)) {
  process.stderr.write(`bir-sim: ${cli} is missing; run 'npm run build' in ${path.dirname(__dirname)}\n`);
  process.exit(2);
}
require(cli);
