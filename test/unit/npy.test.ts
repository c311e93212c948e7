import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import fc from 'fast-check';
import { encodeNpy, NpyArray, NpyDType, NpyError, parseNpy, readNpyFile, writeNpyFile } from '../../engine/io/npy';
import { writeFileAtomic } from '../../engine/io/atomic-write';

// ---------------------------------------------------------------------------
// helpers

const DTYPES: NpyDType[] = ['f32', 'f16', 'f64', 'i32', 'i16', 'i8', 'u32', 'u16', 'u8'];
const SHAPES: number[][] = [[], [7], [3, 4], [2, 3, 4], [2, 1, 3, 2]];

/** Special values cycled through when filling arrays: NaN/-0/inf for floats, extremes for integers. */
const SPECIALS: Record<NpyDType, number[]> = {
  f32: [NaN, -0, Infinity, -Infinity, 3.4028234663852886e38, -3.4028234663852886e38, 1.401298464324817e-45, 0.1, -2.5],
  // raw half bit patterns: NaN, -0, +inf, -inf, max (65504), min subnormal, 1.0, -2.0
  f16: [0x7e00, 0x8000, 0x7c00, 0xfc00, 0x7bff, 0x0001, 0x3c00, 0xc000],
  f64: [NaN, -0, Infinity, -Infinity, Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE, 0.1, -2.5],
  i32: [-2147483648, 2147483647, 0, -1, 1],
  i16: [-32768, 32767, 0, -1, 1],
  i8: [-128, 127, 0, -1, 1],
  u32: [0, 4294967295, 1, 2147483648],
  u16: [0, 65535, 1, 32768],
  u8: [0, 255, 1, 128],
};

function makeData(dtype: NpyDType, count: number): NpyArray['data'] {
  const ctor = {
    f32: Float32Array,
    f16: Uint16Array,
    f64: Float64Array,
    i32: Int32Array,
    i16: Int16Array,
    i8: Int8Array,
    u32: Uint32Array,
    u16: Uint16Array,
    u8: Uint8Array,
  }[dtype];
  const data = new ctor(count);
  const specials = SPECIALS[dtype];
  for (let i = 0; i < count; i++) data[i] = i < specials.length ? specials[i] : (i * 7) % 100;
  return data;
}

function makeArray(dtype: NpyDType, shape: number[]): NpyArray {
  return { dtype, shape, data: makeData(dtype, shape.reduce((a, b) => a * b, 1)) };
}

function bytesOf(data: NpyArray['data']): Buffer {
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}

function assertSameArray(actual: NpyArray, expected: NpyArray): void {
  assert.strictEqual(actual.dtype, expected.dtype);
  assert.deepStrictEqual(actual.shape, expected.shape);
  assert.strictEqual(actual.data.constructor, expected.data.constructor);
  assert.strictEqual(actual.data.length, expected.data.length);
  // compare bytes so NaN payloads and -0 count
  assert.ok(bytesOf(actual.data).equals(bytesOf(expected.data)), 'element bytes differ');
}

/** Builds a .npy file by hand: any version, header text and padding; the preamble is aligned to `align`. */
function makeNpy(opts: { version?: [number, number]; header: string; data?: Uint8Array; align?: number }): Uint8Array {
  const [major, minor] = opts.version ?? [1, 0];
  const lengthSize = major === 1 ? 2 : 4;
  const encoded = Buffer.from(opts.header, major >= 3 ? 'utf8' : 'latin1');
  const align = opts.align ?? 64;
  const prefix = 8 + lengthSize;
  let hlen = encoded.length + 1;
  hlen += (align - ((prefix + hlen) % align)) % align;
  const head = Buffer.alloc(prefix + hlen, 0x20);
  head.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, major, minor]);
  if (lengthSize === 2) head.writeUInt16LE(hlen, 8);
  else head.writeUInt32LE(hlen, 8);
  head.set(encoded, prefix);
  head[prefix + hlen - 1] = 0x0a;
  return Buffer.concat([head, opts.data ?? new Uint8Array(0)]);
}

function f32Bytes(values: number[]): Uint8Array {
  return new Uint8Array(new Float32Array(values).buffer);
}

function assertNpyError(fn: () => unknown, phrase: string, source = 'x.npy'): NpyError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof NpyError, `expected an NpyError, got ${String(err)}`);
    assert.strictEqual(err.source, source);
    assert.ok(err.message.startsWith(`${source}: `), `message not prefixed by the source: ${err.message}`);
    assert.ok(err.message.includes(phrase), `message ${JSON.stringify(err.message)} lacks ${JSON.stringify(phrase)}`);
    return err;
  }
  assert.fail(`expected an NpyError containing ${JSON.stringify(phrase)}`);
}

const GOOD_HEADER = "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }";
const GOOD_DATA = f32Bytes(Array.from({ length: 12 }, (_, i) => i));

// ---------------------------------------------------------------------------

describe('npy', () => {
  describe('round trip', () => {
    for (const dtype of DTYPES) {
      for (const shape of SHAPES) {
        it(`${dtype} shape [${shape.join(', ')}]`, () => {
          const array = makeArray(dtype, shape);
          const bytes = encodeNpy(array);
          assert.strictEqual(bytes[6], 1, 'major version');
          assert.strictEqual(bytes[7], 0, 'minor version');
          const headerLength = bytes[8] | (bytes[9] << 8);
          assert.strictEqual((10 + headerLength) % 64, 0, 'preamble aligned to 64 bytes');
          assert.strictEqual(bytes[10 + headerLength - 1], 0x0a, 'header ends with a newline');
          assertSameArray(parseNpy(bytes, 'rt.npy'), array);
        });
      }
    }

    it('zero-size arrays', () => {
      for (const shape of [[0], [3, 0], [0, 5, 2]]) {
        const array = makeArray('f32', shape);
        assertSameArray(parseNpy(encodeNpy(array), 'z.npy'), array);
      }
    });

    it('typed arrays that are views into a larger buffer', () => {
      const big = new Int16Array([9, 9, 1, -2, 3, 9]);
      const array: NpyArray = { dtype: 'i16', shape: [3], data: big.subarray(2, 5) };
      const back = parseNpy(encodeNpy(array), 'v.npy');
      assert.deepStrictEqual(Array.from(back.data), [1, -2, 3]);
      // and reading from a Buffer that does not start at offset 0 of its ArrayBuffer
      const bytes = encodeNpy(array);
      const padded = new Uint8Array(bytes.length + 3);
      padded.set(bytes, 3);
      assert.deepStrictEqual(Array.from(parseNpy(padded.subarray(3), 'v.npy').data), [1, -2, 3]);
    });

    it('encodeNpy refuses inconsistent arrays', () => {
      assertNpyError(
        () => encodeNpy({ dtype: 'f32', shape: [2, 3], data: new Float32Array(5) }),
        'needs 6 elements but the data has 5',
        'encodeNpy',
      );
      assertNpyError(
        () => encodeNpy({ dtype: 'f32', shape: [2], data: new Float64Array(2) }),
        "dtype 'f32' needs its data in a Float32Array, got Float64Array",
        'encodeNpy',
      );
      assertNpyError(
        () => encodeNpy({ dtype: 'u8', shape: [-1], data: new Uint8Array(0) }),
        'shape dimension 0 is -1',
        'encodeNpy',
      );
      assertNpyError(
        () => encodeNpy({ dtype: 'c8' as NpyDType, shape: [], data: new Uint8Array(1) }),
        "unsupported dtype 'c8'",
        'encodeNpy',
      );
    });
  });

  describe('compatibility with NumPy', () => {
    // np.save(f, np.arange(6, dtype='<f4').reshape(2, 3)) with NumPy 1.x
    const header = "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }";
    const numpyBytes = Buffer.concat([
      Buffer.from([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 0x01, 0x00, 118, 0x00]),
      Buffer.from(header + ' '.repeat(118 - 1 - header.length) + '\n', 'latin1'),
      Buffer.from('00000000' + '0000803f' + '00000040' + '00004040' + '00008040' + '0000a040', 'hex'),
    ]);

    it('the hand-built reference file is what NumPy writes', () => {
      assert.strictEqual(numpyBytes.length, 128 + 24);
      assert.strictEqual(numpyBytes[127], 0x0a);
    });

    it('encodeNpy writes exactly the bytes NumPy writes', () => {
      const bytes = encodeNpy({ dtype: 'f32', shape: [2, 3], data: new Float32Array([0, 1, 2, 3, 4, 5]) });
      assert.strictEqual(Buffer.from(bytes).toString('hex'), numpyBytes.toString('hex'));
    });

    it('parseNpy reads the NumPy bytes', () => {
      const array = parseNpy(numpyBytes, 'arange.npy');
      assert.strictEqual(array.dtype, 'f32');
      assert.deepStrictEqual(array.shape, [2, 3]);
      assert.ok(array.data instanceof Float32Array);
      assert.deepStrictEqual(Array.from(array.data), [0, 1, 2, 3, 4, 5]);
    });

    it('pads the header like NumPy, including the spare room for growing the first axis', () => {
      // NumPy adds 21 - len(repr(shape[0])) spaces, then pads to 64 with at least one space before '\n'.
      const scalar = encodeNpy({ dtype: 'u8', shape: [], data: new Uint8Array([7]) });
      assert.strictEqual(
        Buffer.from(scalar.subarray(10, 128)).toString('latin1'),
        "{'descr': '|u1', 'fortran_order': False, 'shape': (), }" + ' '.repeat(62) + '\n',
      );
      const vector = encodeNpy({ dtype: 'i8', shape: [5], data: new Int8Array(5) });
      assert.ok(Buffer.from(vector).toString('latin1').includes("'shape': (5,), }"));
    });

    it('reads version 2.0 and 3.0 files', () => {
      for (const version of [
        [2, 0],
        [3, 0],
      ] as [number, number][]) {
        const bytes = makeNpy({ version, header: GOOD_HEADER, data: GOOD_DATA });
        assert.strictEqual(bytes[6], version[0]);
        const array = parseNpy(bytes, 'v.npy');
        assert.deepStrictEqual(array.shape, [3, 4]);
        assert.deepStrictEqual(Array.from(array.data), Array.from({ length: 12 }, (_, i) => i));
      }
    });

    it('reads headers with double quotes, other key orders, odd spacing, 16-byte alignment', () => {
      const headers = [
        '{"shape": (3, 4), "fortran_order": False, "descr": "<f4"}',
        "{ 'fortran_order' : False , 'shape' : ( 3 , 4 , ) , 'descr' : '<f4' , }",
        "{'descr':'<f4','fortran_order':False,'shape':(3,4)}",
        "{'descr': '<f4', 'fortran_order': False, 'shape': [3, 4]}",
        "{'descr': '<f4', 'fortran_order': False, 'shape': (3L, 4L), }",
        "\t{'descr': \"<f4\",\n 'fortran_order': False, 'shape': (3, 4), }  ",
      ];
      for (const header of headers) {
        for (const align of [64, 16, 1]) {
          const array = parseNpy(makeNpy({ header, data: GOOD_DATA, align }), 'h.npy');
          assert.strictEqual(array.dtype, 'f32', header);
          assert.deepStrictEqual(array.shape, [3, 4], header);
        }
      }
    });

    it('reads a scalar (shape ())', () => {
      const array = parseNpy(
        makeNpy({ header: "{'descr': '<f8', 'fortran_order': False, 'shape': (), }", data: new Uint8Array(new Float64Array([2.5]).buffer) }),
        's.npy',
      );
      assert.strictEqual(array.dtype, 'f64');
      assert.deepStrictEqual(array.shape, []);
      assert.deepStrictEqual(Array.from(array.data), [2.5]);
    });

    it('accepts every single-byte descr spelling', () => {
      for (const [descr, dtype] of [
        ['|i1', 'i8'],
        ['<i1', 'i8'],
        ['|u1', 'u8'],
        ['<u1', 'u8'],
      ]) {
        const array = parseNpy(
          makeNpy({ header: `{'descr': '${descr}', 'fortran_order': False, 'shape': (2,), }`, data: new Uint8Array([1, 255]) }),
          'b.npy',
        );
        assert.strictEqual(array.dtype, dtype);
        assert.deepStrictEqual(Array.from(array.data), dtype === 'i8' ? [1, -1] : [1, 255]);
      }
    });
  });

  describe('bad input', () => {
    const header = (shape: string, descr = '<f4', fortran = 'False'): string =>
      `{'descr': '${descr}', 'fortran_order': ${fortran}, 'shape': ${shape}, }`;
    const withVersion = (major: number, minor: number): Uint8Array => {
      const bytes = makeNpy({ header: GOOD_HEADER, data: GOOD_DATA });
      bytes[6] = major;
      bytes[7] = minor;
      return bytes;
    };

    const cases: [string, () => Uint8Array, string][] = [
      ['no magic', () => Buffer.from('PK\x03\x04 this is a zip file'), 'not a .npy file (the magic string \\x93NUMPY is missing)'],
      ['empty file', () => new Uint8Array(0), 'the file is empty'],
      ['only part of the magic', () => new Uint8Array([0x93, 0x4e, 0x55]), 'the file is truncated'],
      ['truncated before the version', () => Buffer.from('\x93NUMPY', 'latin1'), 'the file is truncated'],
      ['truncated in the header length', () => Buffer.from('\x93NUMPY\x01\x00\x76', 'latin1'), 'the file is truncated'],
      ['truncated in a 2.0 header length', () => Buffer.from('\x93NUMPY\x02\x00\x76\x00\x00', 'latin1'), 'the file is truncated'],
      ['version 4.0', () => withVersion(4, 0), 'version 4.0 is not supported'],
      ['version 1.1', () => withVersion(1, 1), 'version 1.1 is not supported'],
      ['version 0.0', () => withVersion(0, 0), 'version 0.0 is not supported'],
      [
        'header length past the end',
        () => {
          const bytes = makeNpy({ header: GOOD_HEADER });
          bytes[8] = 0xff;
          bytes[9] = 0xff;
          return bytes;
        },
        'the header length 65535 runs past the end of the file',
      ],
      ['truncated in the header', () => makeNpy({ header: GOOD_HEADER, data: GOOD_DATA }).subarray(0, 40), 'runs past the end of the file'],
      ['unsupported dtype', () => makeNpy({ header: header('(3, 4)', '<c8'), data: GOOD_DATA }), "unsupported dtype '<c8' (supported: <f4, <f2, <f8, <i4, <i2, |i1, <u4, <u2, |u1)"],
      ['bool dtype', () => makeNpy({ header: header('(3, 4)', '|b1'), data: GOOD_DATA }), "unsupported dtype '|b1'"],
      ['structured dtype', () => makeNpy({ header: "{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (3, 4), }", data: GOOD_DATA }), "unsupported dtype [('a', '<f4')]"],
      ['big-endian', () => makeNpy({ header: header('(3, 4)', '>f4'), data: GOOD_DATA }), "big-endian data is not supported; save with dtype '<f4'"],
      ['big-endian int', () => makeNpy({ header: header('(3, 4)', '>i2'), data: GOOD_DATA }), "big-endian data is not supported; save with dtype '<i2'"],
      ['fortran order', () => makeNpy({ header: header('(3, 4)', '<f4', 'True'), data: GOOD_DATA }), 'Fortran-order (column-major) arrays are not supported'],
      ['fortran_order not a bool', () => makeNpy({ header: header('(3, 4)', '<f4', '0'), data: GOOD_DATA }), "'fortran_order' must be True or False, got 0"],
      ['too little data', () => makeNpy({ header: GOOD_HEADER, data: GOOD_DATA.subarray(0, 40) }), 'the header says 12 elements of 4 bytes (48 bytes) but the file holds 40 bytes of data'],
      ['extra data', () => makeNpy({ header: GOOD_HEADER, data: Buffer.concat([GOOD_DATA, Buffer.alloc(4)]) }), 'the header says 12 elements of 4 bytes (48 bytes) but the file holds 52 bytes of data'],
      ['no data for a scalar', () => makeNpy({ header: header('()') }), 'the header says 1 element of 4 bytes (4 bytes) but the file holds 0 bytes of data'],
      ['missing colon', () => makeNpy({ header: "{'descr' '<f4', 'fortran_order': False, 'shape': (3, 4), }", data: GOOD_DATA }), "header is not a valid dictionary: expected ':' after 'descr' at offset 19"],
      ['missing comma', () => makeNpy({ header: "{'descr': '<f4' 'fortran_order': False, 'shape': (3, 4), }", data: GOOD_DATA }), "expected ',' or '}' after the value of 'descr'"],
      ['not a dict', () => makeNpy({ header: "['descr', '<f4']", data: GOOD_DATA }), "header is not a valid dictionary: expected '{' but found '[' at offset 10"],
      ['empty header', () => makeNpy({ header: '', data: GOOD_DATA }), "header is not a valid dictionary: expected '{' but found the end of the header"],
      ['unterminated dict', () => makeNpy({ header: "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4)", data: GOOD_DATA }), "expected ',' or '}' after the value of 'shape' but found the end of the header"],
      ['unterminated string', () => makeNpy({ header: "{'descr': '<f4, }", data: GOOD_DATA }), 'unterminated string at offset'],
      ['unterminated tuple', () => makeNpy({ header: "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4", data: GOOD_DATA }), "expected ',' or ')'"],
      ['unknown name', () => makeNpy({ header: "{'descr': '<f4', 'fortran_order': false, 'shape': (3, 4), }", data: GOOD_DATA }), "unexpected name 'false' at offset"],
      ['text after the dict', () => makeNpy({ header: `${GOOD_HEADER} x`, data: GOOD_DATA }), "unexpected 'x' after the dictionary"],
      ['deep nesting', () => makeNpy({ header: `{'descr': ${'('.repeat(5000)}`, data: GOOD_DATA }), 'nested too deeply'],
      ['missing shape', () => makeNpy({ header: "{'descr': '<f4', 'fortran_order': False}", data: GOOD_DATA }), "the header has no 'shape' key"],
      ['missing descr', () => makeNpy({ header: "{'fortran_order': False, 'shape': (3, 4)}", data: GOOD_DATA }), "the header has no 'descr' key"],
      ['duplicate key', () => makeNpy({ header: "{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (3, 4)}", data: GOOD_DATA }), "the header has the key 'descr' twice"],
      ['unexpected key', () => makeNpy({ header: "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), 'extra': 1}", data: GOOD_DATA }), "the header has an unexpected key 'extra'"],
      ['negative dimension', () => makeNpy({ header: header('(3, -4)'), data: GOOD_DATA }), 'shape dimension 1 is -4; dimensions must be non-negative integers'],
      ['non-integer dimension', () => makeNpy({ header: header('(2.5, 4)'), data: GOOD_DATA }), 'shape dimension 0 is 2.5; dimensions must be non-negative integers'],
      ['string dimension', () => makeNpy({ header: header("('3', 4)"), data: GOOD_DATA }), "shape dimension 0 is '3'"],
      ['huge dimension', () => makeNpy({ header: header('(123456789012345678901234567890,)'), data: GOOD_DATA }), 'shape dimension 0 is 123456789012345678901234567890'],
      ['shape not a tuple', () => makeNpy({ header: header('12'), data: GOOD_DATA }), "'shape' must be a tuple of integers such as (2, 3), got 12"],
      ['parenthesised int is not a tuple', () => makeNpy({ header: header('(12)'), data: GOOD_DATA }), "'shape' must be a tuple of integers"],
      [
        'shape much larger than the data',
        () => makeNpy({ header: header('(4294967296, 4294967296, 4294967296)'), data: GOOD_DATA }),
        'the header says 79228162514264337593543950336 elements of 4 bytes',
      ],
      [
        'invalid UTF-8 in a 3.0 header',
        () => {
          const bytes = makeNpy({ version: [3, 0], header: GOOD_HEADER, data: GOOD_DATA });
          bytes[13] = 0xff;
          return bytes;
        },
        'the header is not valid UTF-8',
      ],
    ];

    for (const [name, make, phrase] of cases) {
      it(name, () => {
        assertNpyError(() => parseNpy(make(), 'x.npy'), phrase);
      });
    }

    it('offsets in 3.0 headers are byte offsets', () => {
      // '{' is at byte 12 and 'é' takes two bytes in UTF-8, so the '<f4' string starts at byte 18, not 17.
      const bytes = makeNpy({ version: [3, 0], header: "{'é' '<f4'}", data: GOOD_DATA });
      assertNpyError(() => parseNpy(bytes, 'x.npy'), "expected ':' after 'é' at offset 18");
    });

    it('fuzz: mutated files give an array or an NpyError, never anything else, and never hang', () => {
      const arbArray = fc
        .record({
          dtype: fc.constantFrom(...DTYPES),
          shape: fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 4 }),
        })
        .map(({ dtype, shape }) => makeArray(dtype, shape));
      const headerChars = fc.constantFrom(...`{}()[]'",: \n\\0123456789-.eLTrueFalsNo<>|fiuc\x00\xff`.split(''));
      const arbMutation = fc.oneof(
        fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
        fc.record({
          kind: fc.constant('flip' as const),
          edits: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }),
        }),
        fc.record({
          kind: fc.constant('header' as const),
          edits: fc.array(fc.tuple(fc.nat(), headerChars), { minLength: 1, maxLength: 6 }),
        }),
        fc.record({ kind: fc.constant('headerLength' as const), value: fc.nat({ max: 0xffff }), version: fc.constantFrom(1, 2, 3) }),
        fc.record({ kind: fc.constant('append' as const), bytes: fc.uint8Array({ minLength: 1, maxLength: 16 }) }),
        fc.record({ kind: fc.constant('random' as const), bytes: fc.uint8Array({ maxLength: 300 }) }),
        fc.record({ kind: fc.constant('randomAfterMagic' as const), bytes: fc.uint8Array({ maxLength: 300 }) }),
      );

      fc.assert(
        fc.property(arbArray, arbMutation, (array, mutation) => {
          const valid = encodeNpy(array);
          let bytes: Uint8Array;
          switch (mutation.kind) {
            case 'truncate':
              bytes = valid.slice(0, mutation.at % valid.length);
              break;
            case 'flip':
              bytes = valid.slice();
              for (const [at, value] of mutation.edits) bytes[at % bytes.length] = value;
              break;
            case 'header': {
              bytes = valid.slice();
              const headerLength = bytes[8] | (bytes[9] << 8);
              for (const [at, c] of mutation.edits) bytes[10 + (at % headerLength)] = c.charCodeAt(0);
              break;
            }
            case 'headerLength':
              bytes = valid.slice();
              bytes[6] = mutation.version;
              bytes[8] = mutation.value & 0xff;
              bytes[9] = mutation.value >> 8;
              break;
            case 'append':
              bytes = Buffer.concat([valid, mutation.bytes]);
              break;
            case 'random':
              bytes = mutation.bytes;
              break;
            case 'randomAfterMagic':
              bytes = Buffer.concat([valid.subarray(0, 8), mutation.bytes]);
              break;
          }
          const started = Date.now();
          try {
            const result = parseNpy(bytes, 'fuzz.npy');
            assert.strictEqual(
              result.data.length,
              result.shape.reduce((a, b) => a * b, 1),
            );
          } catch (err) {
            if (!(err instanceof NpyError)) throw new Error(`not an NpyError: ${String(err)}`);
            assert.ok(err.message.startsWith('fuzz.npy: '), err.message);
          }
          assert.ok(Date.now() - started < 2000, 'parseNpy took too long');
        }),
        { numRuns: 1000 },
      );
    });
  });

  describe('files', () => {
    let dir: string;
    beforeEach(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'npy-test-'));
    });
    afterEach(() => {
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('writeNpyFile and readNpyFile round trip', () => {
      const file = path.join(dir, 'a.npy');
      const array = makeArray('f32', [2, 3, 4]);
      writeNpyFile(file, array);
      assertSameArray(readNpyFile(file), array);
      assert.deepStrictEqual(fs.readdirSync(dir), ['a.npy']);
    });

    it('readNpyFile names the path of a missing file', () => {
      const file = path.join(dir, 'missing.npy');
      assertNpyError(() => readNpyFile(file), 'cannot read the file: no such file', file);
    });

    it('readNpyFile names the path of a directory', () => {
      assertNpyError(() => readNpyFile(dir), 'cannot read the file', dir);
    });

    it('readNpyFile reports bad contents with the path', () => {
      const file = path.join(dir, 'bad.npy');
      fs.writeFileSync(file, 'hello');
      assertNpyError(() => readNpyFile(file), 'not a .npy file', file);
    });

    it('writeNpyFile refuses a bad array, naming the path, and writes nothing', () => {
      const file = path.join(dir, 'bad.npy');
      assertNpyError(() => writeNpyFile(file, { dtype: 'f32', shape: [3], data: new Float32Array(2) }), 'needs 3 elements', file);
      assert.deepStrictEqual(fs.readdirSync(dir), []);
    });
  });

  describe('writeFileAtomic', () => {
    let dir: string;
    beforeEach(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atomic-test-'));
    });
    afterEach(() => {
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('writes a new file and leaves no temporary file', () => {
      const file = path.join(dir, 'out.txt');
      writeFileAtomic(file, 'hello\n');
      assert.strictEqual(fs.readFileSync(file, 'utf8'), 'hello\n');
      assert.deepStrictEqual(fs.readdirSync(dir), ['out.txt']);
    });

    it('overwrites an existing file', () => {
      const file = path.join(dir, 'out.bin');
      writeFileAtomic(file, 'a much longer first version of the file');
      writeFileAtomic(file, new Uint8Array([1, 2, 3]));
      assert.deepStrictEqual([...fs.readFileSync(file)], [1, 2, 3]);
      assert.deepStrictEqual(fs.readdirSync(dir), ['out.bin']);
    });

    it('writes empty and large data', () => {
      const file = path.join(dir, 'big.bin');
      writeFileAtomic(file, new Uint8Array(0));
      assert.strictEqual(fs.statSync(file).size, 0);
      const big = new Uint8Array(5 * 1024 * 1024).map((_, i) => i & 0xff);
      writeFileAtomic(file, big);
      assert.ok(fs.readFileSync(file).equals(big));
    });

    it('fails with the path when the directory does not exist, leaving nothing behind', () => {
      const file = path.join(dir, 'no-such-dir', 'out.txt');
      assert.throws(
        () => writeFileAtomic(file, 'x'),
        (err: unknown) => err instanceof Error && err.message.includes(file) && err.message.includes('does not exist'),
      );
      assert.deepStrictEqual(fs.readdirSync(dir), []);
    });

    it('removes the temporary file when the final rename fails', () => {
      // the target is a directory: the temporary file is written, then the rename fails
      const target = path.join(dir, 'target');
      fs.mkdirSync(target);
      fs.writeFileSync(path.join(target, 'keep'), 'x');
      assert.throws(
        () => writeFileAtomic(target, 'data'),
        (err: unknown) => err instanceof Error && err.message.startsWith(`cannot write ${target}: `),
      );
      assert.deepStrictEqual(fs.readdirSync(dir), ['target']);
      assert.deepStrictEqual(fs.readdirSync(target), ['keep']);
    });
  });
});
