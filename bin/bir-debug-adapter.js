#!/usr/bin/env node
// bir-debug-adapter: the BIR debugger's Debug Adapter Protocol server on stdin/stdout, for any DAP client.
const path = require('path');
const fs = require('fs');
const adapter = path.join(__dirname, '..', 'dist', 'adapter.js');
if (!fs.existsSync(adapter)) {
  process.stderr.write(`bir-debug-adapter: ${adapter} is missing; run 'npm run build' in ${path.dirname(__dirname)}\n`);
  process.exit(2);
}
require(adapter);
