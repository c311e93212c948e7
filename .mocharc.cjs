// Mocha adds the files named on the command line to a configured `spec` instead of replacing it, so
// `npx mocha test/unit/x.test.ts` would run the whole suite. The suite is the spec only when no file is named.
/* global module, process */ // CommonJS in Node
const SUITE = ['test/unit/**/*.test.ts', 'test/grammar/**/*.test.ts', 'test/dap/**/*.test.ts', 'test/lsp/**/*.test.ts'];
const namesFiles = process.argv.slice(2).some((arg) => !arg.startsWith('-') && /\.test\.[cm]?[jt]s$/.test(arg));

module.exports = {
  require: ['tsx/cjs'],
  extension: ['ts'],
  ...(namesFiles ? {} : { spec: SUITE }),
  timeout: 60000,
  reporter: 'dot',
};
