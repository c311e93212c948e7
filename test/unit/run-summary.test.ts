/**
 * The summary line that ends a debug session's run: counts written with separators, as the progress notification
 * writes them, and a speed only where it measures the simulator (not the cost of stopping at every step).
 */
import * as assert from 'assert';
import { ENGINES } from '../../engine/ir/opcodes';
import type { Machine } from '../../engine/machine/machine';
import { rateOf, runSummary } from '../../engine/run/run-summary';

/** The counters runSummary reads, of a machine that ran `perEngine` instructions per engine on one core. */
function machineThatRan(perEngine: Partial<Record<(typeof ENGINES)[number], number>>): Machine {
  const counters = Object.fromEntries(ENGINES.map((e) => [e, perEngine[e] ?? 0]));
  const total = Object.values(counters).reduce((a, b) => a + b, 0);
  return { instructionsExecuted: total, counters, ncores: 1, cores: [{ index: 0, executed: total }] } as unknown as Machine;
}

describe('the run summary', () => {
  it('writes instruction counts with thousands separators, per engine too', () => {
    const line = runSummary(machineThatRan({ POOL: 3_000_000, SP: 3 }), { exitCode: 0, runningMs: 1500 });
    assert.match(line, /^Run ended with exit code 0: 3,000,003 instructions \(POOL 3,000,000, SP 3\), 2M instructions\/s; /);
  });

  it('gives no speed for a short run with stops: 13 instructions stepped through are not 98.1 instructions/s', () => {
    const line = runSummary(machineThatRan({ SP: 13 }), { exitCode: 0, runningMs: 132.5, runs: 13 });
    assert.strictEqual(line, 'Run ended with exit code 0: 13 instructions (SP 13); no outputs written (the program has none)');
  });

  it('gives a speed only when the runs between stops were long enough and the run took measurable time', () => {
    assert.strictEqual(rateOf(28, 0.4, 1), undefined, 'a tiny program measures the start of the run');
    assert.strictEqual(rateOf(50_000, 5, 1), undefined, 'five milliseconds are too few to time');
    assert.strictEqual(rateOf(50_000, 100, 10), undefined, '5,000 instructions a run between ten stops');
    assert.strictEqual(rateOf(200_000, 100, 10), '2M instructions/s');
    assert.strictEqual(rateOf(1_234_567, 1000, 1), '1.23M instructions/s');
  });
});
