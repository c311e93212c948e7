/** The text logic behind the hover's value: which expression a position means. */
import * as assert from 'assert';
import { expressionAt } from '../../extension/expression-at';

const MATMUL = '    MatMult  acc <- xT[0:128, r0*128 : r0*128+128], ws[0:128, r0*512 : r0*512+512], accumulate = r0 > 0';

function at(line: string, text: string, offset = 0): string | undefined {
  return expressionAt(line, line.indexOf(text) + offset)?.text;
}

describe('the expression under the pointer', () => {
  it('anywhere inside an access pattern is the whole pattern', () => {
    for (const inner of ['xT[', '0:128', 'r0*128 :', '128+128]']) assert.strictEqual(at(MATMUL, inner, 1), 'xT[0:128, r0*128 : r0*128+128]', inner);
    assert.strictEqual(at(MATMUL, 'ws[', 0), 'ws[0:128, r0*512 : r0*512+512]');
  });

  it('includes views and broadcasts', () => {
    assert.strictEqual(at('  DmaCopy xT[0:128, 0:128] <- x[0:128, 0:128].T', 'x[', 3), 'x[0:128, 0:128].T');
    assert.strictEqual(at('  Activation d <- s, scale = b[0:128, 0:1].bcast(4)', 'b[', 6), 'b[0:128, 0:1].bcast(4)');
  });

  it('a register or a tensor name alone', () => {
    assert.strictEqual(at(MATMUL, 'r0 > 0'), 'r0');
    assert.strictEqual(at(MATMUL, 'acc'), 'acc');
    assert.strictEqual(at('  Set r1 = r0 * 4', 'r1'), 'r1');
  });

  it('nothing on opcodes, keywords, attribute names, operators and comments', () => {
    assert.strictEqual(at(MATMUL, 'MatMult'), undefined);
    assert.strictEqual(at(MATMUL, 'accumulate'), undefined);
    assert.strictEqual(at(MATMUL, '<-'), undefined);
    assert.strictEqual(at('  for r0 in 0..4 {', 'for'), undefined);
    assert.strictEqual(at('  Memset a <- 1  # fill acc', 'acc'), undefined);
    assert.strictEqual(expressionAt('', 0), undefined);
  });

  it('an unbalanced bracket stops the pattern at the name', () => {
    assert.strictEqual(at('  DmaCopy a <- x[0:4, ', 'x['), 'x');
  });
});
