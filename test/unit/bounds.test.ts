/**
 * One rule for indices and slices (engine/ir/bounds.ts), wherever a bound is known: by the checker, at run time, in
 * an evaluation. A bound that is not an integer is named so (before, a fractional register gave "slice 2.5:4.5 is
 * out of bounds"); a written slice whose end is not after its start is empty, whatever its start (before, `8:0` and
 * `4:2` got different messages).
 */
import * as assert from 'assert';
import { checkText } from '../helpers/virtual-host';
import { runProgram } from '../../engine/run/simulate';
import { programOf } from '../helpers/virtual-host';

const HEAD = 'module b\ndram x : f32[4, 8] = iota\nfunc main() {\n  sbuf a : f32[4, 8]\n  DmaCopy a <- x\n';

function checkErrors(body: string): string[] {
  return checkText(`${HEAD}${body}\n}\n`).diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
}

function fault(body: string): string {
  const { outcome } = runProgram(programOf(`${HEAD}${body}\n}\n`));
  assert.strictEqual(outcome.kind, 'failed');
  return outcome.kind === 'failed' ? outcome.fault.message : '';
}

describe('one rule for indices and slices', () => {
  it('the checker calls every written slice that does not go forward empty', () => {
    assert.deepStrictEqual(checkErrors('  Memset a[0:4, 8:0] <- 1'), ["empty slice of dimension 1 of 'a': the end must be greater than the start (length -8)"]);
    assert.deepStrictEqual(checkErrors('  Memset a[0:4, 4:2] <- 1'), ["empty slice of dimension 1 of 'a': the end must be greater than the start (length -2)"]);
    // A start at the edge with the end left out is past the edge, not an empty slice.
    assert.deepStrictEqual(checkErrors('  Memset a[0:4, 8:] <- 1'), ["slice start 8 is out of bounds for dimension 1 of 'a' (size 8)"]);
    assert.deepStrictEqual(checkErrors('  Memset a[0:4, 0:2.5] <- 1'), ["slice end 2.5 is out of bounds for dimension 1 of 'a': a bound must be an integer"]);
  });

  it('at run time, a bound from a register that is not an integer is named so', () => {
    assert.strictEqual(fault('  Set r0 = 2.5\n  Memset a[0:1, r0:r0+2] <- 1'), "'a[0:1, r0:r0+2]': slice 2.5:4.5 of dimension 1 of 'a' has a bound that is not an integer (r0 = 2.5)");
    assert.strictEqual(fault('  Set r0 = 1.5\n  Memset a[r0, 0:2] <- 1'), "'a[r0, 0:2]': index 1.5 of dimension 0 of 'a' is not an integer (r0 = 1.5)");
  });

  it('at run time, a slice that does not go forward is empty, whatever its start', () => {
    assert.strictEqual(fault('  Set r0 = 8\n  Set r1 = 0\n  Memset a[0:1, r0:r1] <- 1'), "'a[0:1, r0:r1]': empty slice 8:0 of dimension 1 of 'a': the end must be greater than the start (length -8) (r0 = 8, r1 = 0)");
    assert.strictEqual(fault('  Set r0 = 4\n  Set r1 = 2\n  Memset a[0:1, r0:r1] <- 1'), "'a[0:1, r0:r1]': empty slice 4:2 of dimension 1 of 'a': the end must be greater than the start (length -2) (r0 = 4, r1 = 2)");
    assert.strictEqual(fault('  Set r0 = 7\n  Memset a[0:1, r0:r0+2] <- 1'), "'a[0:1, r0:r0+2]': slice 7:9 is out of bounds for dimension 1 of 'a' (size 8) (r0 = 7)");
  });
});
