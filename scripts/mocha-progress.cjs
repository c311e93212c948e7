// The unit tests' reporter (npm run test:unit): a line per top-level suite (a test file, mostly) as it ends (its title, tests passed or failed,
// seconds), a line at once for each failure, and, when a while passes without a line (a long property test, a DAP
// session), a line naming the test that runs and for how long. At the end, mocha's usual summary and failures.
//
//   BIR_PROGRESS_SECONDS=N   the longest silence, in seconds (20 by default)
'use strict';
/* global require, module, process */ // CommonJS in Node (the lint's rules are for the TypeScript sources)
/* eslint-disable @typescript-eslint/no-require-imports */
const path = require('path');
const Mocha = require('mocha');

const { Base } = Mocha.reporters;
const { EVENT_RUN_END, EVENT_SUITE_BEGIN, EVENT_SUITE_END, EVENT_TEST_BEGIN, EVENT_TEST_FAIL, EVENT_TEST_PASS, EVENT_TEST_PENDING } = Mocha.Runner.constants;

// Taken before any test runs: a test may replace the timers and the clock with fakes.
const { setInterval, clearInterval } = globalThis;
const seconds = () => Number(process.hrtime.bigint() / 1000000n) / 1000;

class Progress extends Base {
  constructor(runner, options) {
    super(runner, options);
    const quiet = Number(process.env.BIR_PROGRESS_SECONDS) > 0 ? Number(process.env.BIR_PROGRESS_SECONDS) : 20;
    let lastLine = seconds();
    const write = (line) => {
      process.stdout.write(`${line}\n`);
      lastLine = seconds();
    };
    /** The top-level suite being run (a test file, mostly): when it began, its counts. */
    let file;
    let test;
    let testStarted = 0;
    const isFileSuite = (suite) => suite.parent?.root === true;

    runner.on(EVENT_SUITE_BEGIN, (suite) => {
      if (isFileSuite(suite) && !file) file = { suite, started: seconds(), passed: 0, failed: 0, pending: 0 };
    });
    runner.on(EVENT_TEST_BEGIN, (t) => {
      test = t;
      testStarted = seconds();
    });
    runner.on(EVENT_TEST_PASS, () => file && file.passed++);
    runner.on(EVENT_TEST_PENDING, () => file && file.pending++);
    runner.on(EVENT_TEST_FAIL, (t, err) => {
      if (file) file.failed++;
      write(`  ✗ ${t.fullTitle()}: ${String(err?.message ?? err).split('\n')[0]}`);
    });
    runner.on(EVENT_SUITE_END, (suite) => {
      if (!file || suite !== file.suite) return;
      const where = suite.file ? path.relative(process.cwd(), suite.file) : '';
      const counts = file.failed ? `${file.failed} of ${file.passed + file.failed} failed` : `${file.passed} passed`;
      const pending = file.pending ? `, ${file.pending} pending` : '';
      write(`${file.failed ? '✗' : '✓'} ${suite.title}: ${counts}${pending} (${(seconds() - file.started).toFixed(1)} s${where ? `, ${where}` : ''})`);
      file = undefined;
    });

    const heartbeat = setInterval(() => {
      if (seconds() - lastLine < quiet || !test) return;
      write(`  … running "${test.fullTitle()}" (for ${Math.round(seconds() - testStarted)} s; ${quiet} s without a line)`);
    }, 1000);
    heartbeat.unref();

    runner.once(EVENT_RUN_END, () => {
      clearInterval(heartbeat);
      this.epilogue();
    });
  }
}

Progress.description = 'a line per test file, a line per failure, and the running test when it is quiet for long';
module.exports = Progress;
