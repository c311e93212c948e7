/**
 * The tensor view's pure parts on the page's side: colour scaling (sequential or diverging from the sign of the
 * data, the marked colours), levels of detail (pooling keeps NaN, infinities and never-written blocks visible, and
 * a level built in slices equals one built at once), the text of values and bits, a selection as an access pattern
 * or a NumPy literal, and the messages the host accepts.
 */
import * as assert from 'assert';
import { cellColour, colourTable, FLAG, indexOf, makeScale, MARKED, TABLE_SIZE } from '../../webview/tensor/colour';
import { Grid, levelFor, pool, PoolJob, Pyramid } from '../../webview/tensor/levels';
import { dtypeBits, encodeExact } from '../../webview/tensor/dtype-bits';
import { exactText, fittedCellText, numpyLiteral, patternText } from '../../webview/tensor/format';
import { isFromTensorView } from '../../webview/tensor/messages';
import * as engine from '../../engine/debug/tensor-region';

describe('tensor view: colour scaling', () => {
  it('is diverging for data of both signs (symmetric about 0), sequential otherwise, unless chosen', () => {
    assert.deepStrictEqual(pick(makeScale('auto', -2, 5)), { kind: 'diverging', lo: -5, hi: 5, centre: 0 });
    assert.deepStrictEqual(pick(makeScale('auto', 1, 3)), { kind: 'sequential', lo: 1, hi: 3, centre: 2 });
    assert.deepStrictEqual(pick(makeScale('auto', -3, 0)), { kind: 'sequential', lo: -3, hi: 0, centre: -1.5 });
    assert.deepStrictEqual(pick(makeScale('diverging', 1, 3)), { kind: 'diverging', lo: -3, hi: 3, centre: 0 });
    assert.deepStrictEqual(pick(makeScale('sequential', -1, 1)), { kind: 'sequential', lo: -1, hi: 1, centre: 0 });
    assert.deepStrictEqual(pick(makeScale('auto', null, null)), { kind: 'sequential', lo: 0, hi: 0, centre: 0 });
  });

  it('maps the range onto the table: ends to the ends, outside clamped, one value to the middle', () => {
    const s = makeScale('sequential', 0, 1);
    assert.deepStrictEqual([indexOf(s, 0), indexOf(s, 1), indexOf(s, 0.5), indexOf(s, -7), indexOf(s, 7)], [0, TABLE_SIZE - 1, TABLE_SIZE / 2, 0, TABLE_SIZE - 1]);
    assert.strictEqual(indexOf(makeScale('sequential', 4, 4), 4), TABLE_SIZE / 2);
    const d = makeScale('auto', -1, 1);
    assert.strictEqual(indexOf(d, 0), TABLE_SIZE / 2, 'zero is the diverging scale\'s middle');
  });

  it('gives NaN, infinities and never-written cells marked colours no scale uses, in that order of precedence', () => {
    for (const kind of ['sequential', 'diverging'] as const) {
      const table = new Set(colourTable(kind));
      for (const c of Object.values(MARKED)) assert.ok(!table.has(c), `${kind} scale uses a marked colour`);
    }
    const s = makeScale('auto', -1, 1);
    assert.strictEqual(cellColour(s, FLAG.nan | FLAG.posInf, 0, 0), MARKED.nan);
    assert.strictEqual(cellColour(s, FLAG.posInf | FLAG.negInf, 0, 0), MARKED.posInf);
    assert.strictEqual(cellColour(s, FLAG.negInf, 0, 0), MARKED.negInf);
    assert.strictEqual(cellColour(s, FLAG.unwritten | FLAG.allUnwritten, 0, 0), MARKED.unwritten);
    assert.strictEqual(cellColour(s, FLAG.unwritten, 0.9, 0.1), s.table[indexOf(s, 0.9)], 'a block with some never written shows its values');
    assert.strictEqual(cellColour(s, 0, 0.2, -0.8), s.table[indexOf(s, -0.8)], 'a block shows its extreme furthest from the centre');
  });

  it('has the engine\'s flag bits', () => {
    assert.deepStrictEqual(
      [FLAG.unwritten, FLAG.nan, FLAG.posInf, FLAG.negInf, FLAG.changed, FLAG.differs, FLAG.allUnwritten],
      [engine.UNWRITTEN, engine.NAN, engine.POS_INF, engine.NEG_INF, engine.CHANGED, engine.DIFFERS, engine.ALL_UNWRITTEN],
    );
  });
});

function pick(s: { kind: string; lo: number; hi: number; centre: number }) {
  return { kind: s.kind, lo: s.lo, hi: s.hi, centre: s.centre };
}

/** A grid of single elements with flags as the engine sets them. */
function grid(rows: number, cols: number, values: number[], unwritten: number[] = []): Grid {
  const high = Float32Array.from(values);
  const flags = new Uint8Array(values.length);
  values.forEach((x, i) => (flags[i] = x !== x ? FLAG.nan : x === Infinity ? FLAG.posInf : x === -Infinity ? FLAG.negInf : 0));
  for (const i of unwritten) flags[i] = FLAG.unwritten | FLAG.allUnwritten;
  return { rows, cols, high, low: high, flags };
}

describe('tensor view: levels of detail', () => {
  it('pools blocks to their finite extremes; one NaN or infinity in a block marks it; never written only when all are', () => {
    const g = grid(2, 8, [1, NaN, 3, 4, 5, 6, Infinity, 8, 9, 10, 11, 12, -1, 14, 15, 16], [5, 12, 13]);
    const p = pool(g, 4, 2);
    assert.deepStrictEqual([p.rows, p.cols], [1, 2]);
    assert.deepStrictEqual([...p.low], [1, 5]);
    assert.deepStrictEqual([...p.high], [12, 16]);
    assert.strictEqual(p.flags[0], FLAG.nan);
    assert.strictEqual(p.flags[1], FLAG.posInf | FLAG.unwritten);
    const unwritten = pool(grid(1, 4, [0, 0, 0, 0], [0, 1, 2, 3]), 4, 1);
    assert.strictEqual(unwritten.flags[0], FLAG.unwritten | FLAG.allUnwritten);
    assert.ok(Number.isNaN(unwritten.high[0]));
  });

  it('builds a level in slices exactly as at once, and from a coarser level of its pyramid as from the data', () => {
    const n = 64 * 300;
    const values = Array.from({ length: n }, (_, i) => Math.sin(i * 0.37) * 10);
    values[4321] = NaN;
    values[9000] = -Infinity;
    const g = grid(64, 300, values, [17, 18, 19, 2000]);
    const whole = pool(g, 8, 4);
    const job = new PoolJob(g, 8, 4);
    let slices = 0;
    while (!job.step(0)) slices++;
    assert.ok(slices > 0);
    assert.deepStrictEqual([[...job.grid.high], [...job.grid.low], [...job.grid.flags]], [[...whole.high], [...whole.low], [...whole.flags]]);
    const pyramid = new Pyramid(g);
    pyramid.level(1, 1);
    const viaLevel = pyramid.level(3, 2);
    assert.deepStrictEqual([[...viaLevel.high], [...viaLevel.low], [...viaLevel.flags]], [[...whole.high], [...whole.low], [...whole.flags]]);
  });

  it('draws the nearest coarser level while a finer one is built, and picks the level where a cell is a pixel', () => {
    const g = grid(1, 64, Array.from({ length: 64 }, (_, i) => i));
    const pyramid = new Pyramid(g);
    const first = pyramid.nearest(3, 0);
    assert.deepStrictEqual([first.lx, first.exact], [3, true], 'nothing coarser: built at once');
    assert.deepStrictEqual([pyramid.nearest(1, 0).lx, pyramid.nearest(1, 0).exact], [3, false]);
    assert.strictEqual(pyramid.build(1, 0, Infinity), true);
    assert.deepStrictEqual([pyramid.nearest(1, 0).lx, pyramid.nearest(1, 0).exact], [1, true]);
    assert.deepStrictEqual([levelFor(2, 10), levelFor(1, 10), levelFor(0.5, 10), levelFor(0.3, 10), levelFor(1e-6, 10)], [0, 0, 1, 2, 10]);
  });
});

describe('tensor view: text', () => {
  it('writes a float32 exactly in the fewest digits, and cells in a few', () => {
    assert.strictEqual(exactText(Math.fround(0.1), 'f32'), '0.1');
    assert.strictEqual(exactText(Math.fround(1 / 3), 'f32'), '0.33333334');
    assert.strictEqual(exactText(0.1 + 0.2, 'f64'), '0.30000000000000004');
    assert.deepStrictEqual([exactText(NaN, 'f32'), exactText(-Infinity, 'f32')], ['nan', '-inf']);
    const wide = (x: number, flags = 0): string | undefined => fittedCellText(x, flags, 60, monospace);
    assert.deepStrictEqual([wide(1234.5678), wide(3), wide(1e-7), wide(NaN, FLAG.nan), wide(0, FLAG.allUnwritten)], ['1234.57', '3', '1e-7', 'NaN', '·']);
  });

  /** The editor font's characters at 13 px: 7.8 px each. */
  const monospace = (text: string): number => text.length * 7.8;

  it('prints a cell\'s value only where it fits, with fewer digits first, so neighbours never overprint', () => {
    // The 36 px a 40 px cell leaves hold 4 characters: 1.7e-13 has no form that short, and is left out.
    assert.strictEqual(fittedCellText(1.7e-13, 0, 36, monospace), undefined);
    assert.strictEqual(fittedCellText(1.7e-13, 0, 44, monospace), '2e-13');
    assert.strictEqual(fittedCellText(Math.fround(1 / 3), 0, 36, monospace), '0.33');
    assert.strictEqual(fittedCellText(-12345, 0, 36, monospace), '-1e4');
    for (const room of [20, 36, 44, 60, 90]) {
      for (const x of [1.7e-13, 9.3e-10, -0.000123, 0.5, 7, 123456.5, -98765432, 3.4e38, Math.PI]) {
        const t = fittedCellText(x, 0, room, monospace);
        if (t !== undefined) assert.ok(monospace(t) <= room, `${t} fits ${room} px`);
      }
    }
  });

  it('gives an element\'s bits in its dtype', () => {
    assert.strictEqual(dtypeBits(1, 'f32'), '0x3f800000 (sign 0, exponent 01111111, mantissa 00000000000000000000000)');
    assert.strictEqual(dtypeBits(-2, 'bf16'), '0xc000 (sign 1, exponent 10000000, mantissa 0000000)');
    assert.strictEqual(dtypeBits(65504, 'f16'), '0x7bff (sign 0, exponent 11110, mantissa 1111111111)');
    assert.strictEqual(dtypeBits(448, 'fp8e4m3fn'), '0x7e (sign 0, exponent 1111, mantissa 110)');
    assert.strictEqual(dtypeBits(240, 'fp8e4m3'), '0x77 (sign 0, exponent 1110, mantissa 111)');
    assert.strictEqual(dtypeBits(-Infinity, 'fp8e4m3'), '0xf8 (sign 1, exponent 1111, mantissa 000)');
    assert.strictEqual(dtypeBits(-6, 'fp4e2m1'), '0xf (sign 1, exponent 11, mantissa 1)');
    assert.strictEqual(dtypeBits(0.5, 'fp4e2m1'), '0x1 (sign 0, exponent 00, mantissa 1)', 'the subnormal');
    assert.strictEqual(dtypeBits(2 ** -127, 'e8m0'), '0x00 (exponent 00000000: 2^-127)');
    assert.strictEqual(dtypeBits(NaN, 'e8m0'), '0xff (NaN)');
    assert.strictEqual(dtypeBits(0x3c3cbc00, 'fp8e5m2_x4'), '0x3c3cbc00: four fp8e5m2, the first in the lowest bits: 0 (0x00), -1 (0xbc), 1 (0x3c), 1 (0x3c)');
    assert.strictEqual(dtypeBits(0xf721, 'fp4e2m1_x4'), '0xf721: four fp4e2m1, the first in the lowest bits: 0.5 (0x1), 1 (0x2), 6 (0x7), -6 (0xf)');
    assert.strictEqual(dtypeBits(2 ** -16, 'fp8e5m2'), '0x01 (sign 0, exponent 00000, mantissa 01)', 'the smallest subnormal');
    assert.strictEqual(dtypeBits(-1, 'i32'), '0xffffffff');
    assert.strictEqual(encodeExact(Infinity, 5, 10, 'ieee'), 0x7c00);
    assert.strictEqual(encodeExact(NaN, 4, 3, 'fn'), 0x7f);
    assert.strictEqual(encodeExact(NaN, 4, 3, 'ieee'), 0x7c);
  });

  it('writes a selection in the named tensor\'s coordinates, with steps, a held index and a transpose', () => {
    const s = { row: 2, col: 4, rows: 3, cols: 8 };
    assert.strictEqual(patternText('acc[4:20, 8:40]', { base: 'acc', dims: [{ axis: 'row', start: 4, step: 1 }, { axis: 'col', start: 8, step: 1 }] }, [], 2, s), 'acc[6:9, 12:20]');
    assert.strictEqual(patternText('x', { base: 'x', dims: [{ index: 3 }, { axis: 'row', start: 0, step: 2 }, { axis: 'col', start: 1, step: 1 }] }, [3], 3, s), 'x[3, 4:9:2, 5:13]');
    assert.strictEqual(patternText('w.T', { base: 'w', dims: [{ axis: 'col', start: 0, step: 1 }, { axis: 'row', start: 0, step: 1 }] }, [], 2, s), 'w[4:12, 2:5].T');
    assert.strictEqual(patternText('a - b', undefined, [], 2, s), '(a - b)[2:5, 4:12]');
    assert.strictEqual(patternText('v[1:9]', undefined, [], 1, { row: 0, col: 2, rows: 1, cols: 3 }), 'v[1:9][2:5]');
  });

  it('writes a NumPy literal (never-written elements as 0, as :dump does)', () => {
    assert.strictEqual(numpyLiteral([[1, NaN], [-Infinity, Math.fround(0.1)]], 'bf16', 'f32'), 'np.array([[1, np.nan],\n [-np.inf, 0.1]], dtype=np.float32)');
    assert.strictEqual(numpyLiteral([[7]], 'i32', 'f64'), 'np.array([[7]], dtype=np.int32)');
  });
});

describe('tensor view: the messages the host accepts', () => {
  it('takes well-formed requests only', () => {
    const compare = { file: 'ref.npy', metric: 'abs', atol: 0, rtol: 1e-5 };
    assert.ok(isFromTensorView({ type: 'tensor', request: { seq: 1, purpose: 'region', expression: 'a', slice: [], changed: true, compare } }));
    assert.ok(isFromTensorView({ type: 'divergence', expression: 'a', slice: [0], compare, from: 3 }));
    assert.ok(!isFromTensorView({ type: 'tensor', request: { seq: 1, purpose: 'region', expression: 'a', slice: [-1], changed: true } }));
    assert.ok(!isFromTensorView({ type: 'divergence', expression: 'a', slice: [], compare: { ...compare, metric: 'max' }, from: 0 }));
    assert.ok(!isFromTensorView({ type: 'copy', text: 5 }));
    assert.ok(!isFromTensorView({ type: 'openFile', path: '/etc/passwd' }));
  });
});
