// NumPy .npy reading and writing (format versions 1.0, 2.0 and 3.0 read; 1.0 written).
//
// Layout (NEP 1, numpy/lib/format.py): the magic string "\x93NUMPY", a major and
// a minor version byte, the header length (2-byte little-endian for 1.0, 4-byte
// for 2.0 and 3.0), then the header: a Python dict literal such as
//   {'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }
// padded with spaces and ended by '\n'. The raw little-endian elements follow in
// C (row-major) order. Headers are latin-1 in 1.0/2.0 and UTF-8 in 3.0.
//
// The header is read with a small parser of Python literals (strings, numbers,
// True/False/None, tuples, lists, dicts), never with eval or JSON.parse.
//
// This module assumes a little-endian host (every platform Node ships for in
// practice): element bytes are copied as they are into and out of typed arrays.

import { getFloat16 } from '@petamoriken/float16';
import { writeFileAtomic } from './atomic-write';
import { FileRefused, readAt, withRegularFile } from './read-file';

export type NpyDType = 'f32' | 'f16' | 'f64' | 'i32' | 'i16' | 'i8' | 'u32' | 'u16' | 'u8';

export type NpyData =
  | Float32Array
  | Float64Array
  | Uint16Array
  | Int32Array
  | Int16Array
  | Int8Array
  | Uint32Array
  | Uint8Array;

export interface NpyArray {
  dtype: NpyDType;
  shape: number[];
  /** Elements in C (row-major) order: Float32Array for f32, Uint16Array of raw IEEE half bit patterns for f16, Float64Array for f64, Int32Array, Int16Array, Int8Array, Uint32Array, Uint16Array, Uint8Array. */
  data: NpyData;
}

/** A problem with a .npy file or array; the message is "<source>: <what is wrong>". */
export class NpyError extends Error {
  constructor(
    readonly source: string,
    message: string,
  ) {
    super(`${source}: ${message}`);
    this.name = 'NpyError';
  }
}

// ---------------------------------------------------------------------------
// dtypes

interface DTypeInfo {
  /** The descr NumPy writes for this dtype. */
  descr: string;
  /** Bytes per element. */
  size: number;
  /** The typed array class name (Object.prototype.toString tag) holding the data. */
  arrayName: string;
  create(length: number): NpyData;
}

const DTYPES: Record<NpyDType, DTypeInfo> = {
  f32: { descr: '<f4', size: 4, arrayName: 'Float32Array', create: (n) => new Float32Array(n) },
  f16: { descr: '<f2', size: 2, arrayName: 'Uint16Array', create: (n) => new Uint16Array(n) },
  f64: { descr: '<f8', size: 8, arrayName: 'Float64Array', create: (n) => new Float64Array(n) },
  i32: { descr: '<i4', size: 4, arrayName: 'Int32Array', create: (n) => new Int32Array(n) },
  i16: { descr: '<i2', size: 2, arrayName: 'Int16Array', create: (n) => new Int16Array(n) },
  i8: { descr: '|i1', size: 1, arrayName: 'Int8Array', create: (n) => new Int8Array(n) },
  u32: { descr: '<u4', size: 4, arrayName: 'Uint32Array', create: (n) => new Uint32Array(n) },
  u16: { descr: '<u2', size: 2, arrayName: 'Uint16Array', create: (n) => new Uint16Array(n) },
  u8: { descr: '|u1', size: 1, arrayName: 'Uint8Array', create: (n) => new Uint8Array(n) },
};

const DTYPE_NAMES = Object.keys(DTYPES) as NpyDType[];

/** Accepted descr spellings. Byte order is meaningless for single bytes, so any prefix is fine there. */
const DESCR_TO_DTYPE = new Map<string, NpyDType>([
  ['<f4', 'f32'],
  ['<f2', 'f16'],
  ['<f8', 'f64'],
  ['<i4', 'i32'],
  ['<i2', 'i16'],
  ['|i1', 'i8'],
  ['<i1', 'i8'],
  ['>i1', 'i8'],
  ['<u4', 'u32'],
  ['<u2', 'u16'],
  ['|u1', 'u8'],
  ['<u1', 'u8'],
  ['>u1', 'u8'],
]);

const SUPPORTED_DESCRS = DTYPE_NAMES.map((d) => DTYPES[d].descr).join(', ');

// ---------------------------------------------------------------------------
// reading

const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]; // \x93NUMPY
const MAGIC_LEN = MAGIC.length;

/** What a .npy file's header says, and where its data starts. */
export interface NpyHeader {
  readonly dtype: NpyDType;
  readonly shape: number[];
  /** Elements, the product of the shape. */
  readonly count: number;
  /** The byte at which the elements start. */
  readonly dataStart: number;
}

/**
 * The most header a file may have: a version 1.0 header's length field holds no more, and every header this reader
 * accepts (a descr, fortran_order and a shape) is far shorter; a longer one (versions 2.0 and 3.0 have a 4-byte
 * length) is refused before it is read.
 */
export const MAX_HEADER_LENGTH = 0xffff;
/** Bytes before the header text: the magic string, the version and at most 4 bytes of header length. */
const PREAMBLE = 12;

/** The most data a .npy file may hold: the most DRAM a program may declare (no tensor can take more). */
export const MAX_NPY_DATA_BYTES = 4 * 1024 * 1024 * 1024;

/** Parses the bytes of a .npy file. `source` (usually the file name) starts every error message. */
export function parseNpy(bytes: Uint8Array, source: string): NpyArray {
  const header = parseNpyHeader(bytes, bytes.length, source);
  const data = DTYPES[header.dtype].create(header.count);
  new Uint8Array(data.buffer, data.byteOffset, data.byteLength).set(bytes.subarray(header.dataStart));
  return { dtype: header.dtype, shape: header.shape, data };
}

/**
 * Parses the header of a .npy file of `fileLength` bytes from its first bytes (at least the preamble and the header,
 * or the whole file when it is shorter), and checks that the file holds exactly the data the header says.
 */
export function parseNpyHeader(bytes: Uint8Array, fileLength: number, source: string): NpyHeader {
  const fail = (message: string): never => {
    throw new NpyError(source, message);
  };
  const len = fileLength;

  // magic
  const magicSeen = Math.min(len, MAGIC_LEN);
  for (let i = 0; i < magicSeen; i++) {
    if (bytes[i] !== MAGIC[i]) fail('not a .npy file (the magic string \\x93NUMPY is missing)');
  }
  if (len === 0) fail('the file is empty (0 bytes)');
  if (len < MAGIC_LEN + 2) {
    fail(`the file is truncated: ${len} bytes, too short for the magic string and version`);
  }

  // version and header length
  const major = bytes[6];
  const minor = bytes[7];
  let lengthSize: number;
  if (minor === 0 && major === 1) lengthSize = 2;
  else if (minor === 0 && (major === 2 || major === 3)) lengthSize = 4;
  else return fail(`version ${major}.${minor} is not supported (supported: 1.0, 2.0, 3.0)`);

  const headerStart = MAGIC_LEN + 2 + lengthSize;
  if (len < headerStart) {
    fail(
      `the file is truncated: ${len} bytes, too short for the ${lengthSize}-byte header length of a version ${major}.0 file`,
    );
  }
  const headerLength =
    lengthSize === 2
      ? bytes[8] | (bytes[9] << 8)
      : (bytes[8] | (bytes[9] << 8) | (bytes[10] << 16) | (bytes[11] << 24)) >>> 0;
  const dataStart = headerStart + headerLength;
  if (dataStart > len) {
    fail(
      `the header length ${headerLength} runs past the end of the file ` +
        `(the header would end at byte ${dataStart} but the file has ${len} bytes)`,
    );
  }
  if (headerLength > MAX_HEADER_LENGTH) {
    fail(`the header length ${headerLength} is more than the ${MAX_HEADER_LENGTH} bytes a header (a descr, fortran_order and a shape) may take`);
  }

  // header text
  const headerBytes = bytes.subarray(headerStart, dataStart);
  let text: string;
  let offsetOf: (index: number) => number;
  if (major === 3) {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(headerBytes);
    } catch {
      return fail('the header is not valid UTF-8 (version 3.0 headers are UTF-8)');
    }
    offsetOf = (i) => headerStart + Buffer.byteLength(text.slice(0, i), 'utf8');
  } else {
    text = Buffer.from(headerBytes.buffer, headerBytes.byteOffset, headerBytes.byteLength).toString('latin1');
    offsetOf = (i) => headerStart + i;
  }

  const header = interpretHeader(parseHeaderDict(text, offsetOf, fail), text, fail);
  const info = DTYPES[header.dtype];

  // data
  let count = 1n;
  for (const d of header.shape) count *= BigInt(d);
  const expected = count * BigInt(info.size);
  const actual = len - dataStart;
  if (expected !== BigInt(actual)) {
    fail(
      `the header says ${plural(count, 'element')} of ${plural(BigInt(info.size), 'byte')} ` +
        `(${plural(expected, 'byte')}) but the file holds ${plural(BigInt(actual), 'byte')} of data`,
    );
  }
  return { dtype: header.dtype, shape: header.shape, count: Number(count), dataStart };
}

/** What may be read of a .npy file beyond its being one: a check of its header, before its data is read. */
export interface NpyReadOptions {
  /** Throws when the array the header describes cannot be used (another shape than a tensor's, too many elements). */
  readonly admit?: (header: NpyHeader) => void;
}

/**
 * Reads and parses a .npy file; every failure, including a missing file, is an NpyError naming the path. Only a
 * regular file is read (not a FIFO, a device or a folder), and its header first: the data is read only when the file
 * holds exactly what the header says, no more than MAX_NPY_DATA_BYTES, and `admit` accepts it. The data is read
 * straight into its array: the file is never held twice.
 */
export function readNpyFile(path: string, options: NpyReadOptions = {}): NpyArray {
  const limit = { bytes: PREAMBLE + MAX_HEADER_LENGTH + MAX_NPY_DATA_BYTES, what: 'a .npy file' };
  try {
    return withRegularFile(path, limit, ({ fd, size }) => {
      const preamble = new Uint8Array(Math.min(size, PREAMBLE + MAX_HEADER_LENGTH));
      readAt(fd, preamble, 0, path);
      const header = parseNpyHeader(preamble, size, path);
      options.admit?.(header);
      const data = DTYPES[header.dtype].create(header.count);
      const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      // A small file was read whole with its header.
      const inPreamble = preamble.subarray(header.dataStart);
      bytes.set(inPreamble.subarray(0, bytes.byteLength));
      const read = inPreamble.length + readAt(fd, bytes.subarray(inPreamble.length), header.dataStart + inPreamble.length, path);
      if (read !== bytes.byteLength) throw new NpyError(path, `the file was cut short while it was read (${read} of ${bytes.byteLength} bytes of data)`);
      return { dtype: header.dtype, shape: header.shape, data };
    });
  } catch (e) {
    if (e instanceof FileRefused) throw new NpyError(path, `cannot read the file: ${e.reason}`);
    throw e;
  }
}

function plural(n: bigint, word: string): string {
  return `${n} ${word}${n === 1n ? '' : 's'}`;
}

// ---------------------------------------------------------------------------
// header interpretation

interface Header {
  dtype: NpyDType;
  shape: number[];
}

const HEADER_KEYS = ['descr', 'fortran_order', 'shape'];

function interpretHeader(dict: DictValue, text: string, fail: (message: string) => never): Header {
  const raw = (v: PyValue): string => {
    const s = text.slice(v.start, v.end);
    return s.length > 60 ? `${s.slice(0, 57)}...` : s;
  };
  const values = new Map<string, PyValue>();
  for (const { key, value } of dict.entries) {
    if (!HEADER_KEYS.includes(key)) {
      fail(`the header has an unexpected key ${pyQuote(key)} (expected 'descr', 'fortran_order' and 'shape')`);
    }
    if (values.has(key)) fail(`the header has the key '${key}' twice`);
    values.set(key, value);
  }
  for (const key of HEADER_KEYS) {
    if (!values.has(key)) fail(`the header has no '${key}' key`);
  }
  const descr = values.get('descr') as PyValue;
  const fortran = values.get('fortran_order') as PyValue;
  const shapeValue = values.get('shape') as PyValue;

  // descr
  if (descr.kind !== 'str') fail(`unsupported dtype ${raw(descr)} (supported: ${SUPPORTED_DESCRS})`);
  const descrText = (descr as StrValue).value;
  const dtype = DESCR_TO_DTYPE.get(descrText);
  if (dtype === undefined) {
    const little = `<${descrText.slice(1)}`;
    if (descrText.startsWith('>') && DESCR_TO_DTYPE.has(little)) {
      fail(`big-endian data is not supported; save with dtype '${little}' instead of '${descrText}'`);
    }
    fail(`unsupported dtype ${pyQuote(descrText)} (supported: ${SUPPORTED_DESCRS})`);
  }

  // fortran_order
  if (fortran.kind !== 'bool') fail(`'fortran_order' must be True or False, got ${raw(fortran)}`);
  if ((fortran as BoolValue).value) {
    fail(
      'Fortran-order (column-major) arrays are not supported; ' +
        'save a C-order array (np.ascontiguousarray(a)) with fortran_order=False',
    );
  }

  // shape
  if (shapeValue.kind !== 'tuple' && shapeValue.kind !== 'list') {
    fail(`'shape' must be a tuple of integers such as (2, 3), got ${raw(shapeValue)}`);
  }
  const shape: number[] = [];
  (shapeValue as SeqValue).items.forEach((item, i) => {
    if (item.kind !== 'num' || !item.integer || item.value < 0 || !Number.isSafeInteger(item.value)) {
      fail(`shape dimension ${i} is ${raw(item)}; dimensions must be non-negative integers`);
    }
    const d = (item as NumValue).value;
    shape.push(d === 0 ? 0 : d); // normalise -0
  });
  return { dtype: dtype as NpyDType, shape };
}

function pyQuote(s: string): string {
  const shown = s.length > 40 ? `${s.slice(0, 37)}...` : s;
  let out = '';
  for (const c of shown) {
    const code = c.charCodeAt(0);
    if (c === '\\' || c === "'") out += `\\${c}`;
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += c;
  }
  return `'${out}'`;
}

// ---------------------------------------------------------------------------
// a small parser of Python literals

interface Span {
  /** Character range in the header text. */
  start: number;
  end: number;
}
interface StrValue extends Span {
  kind: 'str';
  value: string;
}
interface NumValue extends Span {
  kind: 'num';
  value: number;
  integer: boolean;
}
interface BoolValue extends Span {
  kind: 'bool';
  value: boolean;
}
interface NoneValue extends Span {
  kind: 'none';
}
interface SeqValue extends Span {
  kind: 'tuple' | 'list';
  items: PyValue[];
}
interface DictValue extends Span {
  kind: 'dict';
  entries: { key: string; value: PyValue }[];
}
type PyValue = StrValue | NumValue | BoolValue | NoneValue | SeqValue | DictValue;

const MAX_DEPTH = 32;
const NUMBER_RE = /[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[lL]?/y;
const NAME_RE = /[A-Za-z_][A-Za-z0-9_]*/y;
const SIMPLE_ESCAPES: Record<string, string> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  n: '\n',
  t: '\t',
  r: '\r',
  '0': '\0',
  a: '\x07',
  b: '\b',
  f: '\f',
  v: '\v',
};

function parseHeaderDict(text: string, offsetOf: (index: number) => number, fail: (message: string) => never): DictValue {
  let pos = 0;

  const syntax = (what: string, at: number = pos): never =>
    fail(`header is not a valid dictionary: ${what} at offset ${offsetOf(at)}`);

  const skipSpace = (): void => {
    while (pos < text.length && /[ \t\n\r\f\v]/.test(text[pos])) pos++;
  };

  const describeHere = (): string => {
    if (pos >= text.length) return 'the end of the header';
    const c = text[pos];
    return /[\x20-\x7e]/.test(c) ? `'${c}'` : `character U+${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  };

  const parseString = (): StrValue => {
    const start = pos;
    const quote = text[pos++];
    let value = '';
    while (true) {
      if (pos >= text.length || text[pos] === '\n') return syntax('unterminated string', start);
      const c = text[pos++];
      if (c === quote) break;
      if (c !== '\\') {
        value += c;
        continue;
      }
      if (pos >= text.length) return syntax('unterminated string', start);
      const e = text[pos++];
      if (e in SIMPLE_ESCAPES) value += SIMPLE_ESCAPES[e];
      else if (e === '\n') continue; // line continuation
      else if (e === 'x' && /^[0-9a-fA-F]{2}$/.test(text.slice(pos, pos + 2))) {
        value += String.fromCharCode(parseInt(text.slice(pos, pos + 2), 16));
        pos += 2;
      } else value += `\\${e}`; // Python keeps unknown escapes as they are
    }
    return { kind: 'str', value, start, end: pos };
  };

  const parseNumber = (): NumValue => {
    const start = pos;
    NUMBER_RE.lastIndex = pos;
    const m = NUMBER_RE.exec(text);
    if (m === null) return syntax(`unexpected ${describeHere()}`);
    pos += m[0].length;
    const body = m[0].replace(/[lL]$/, '');
    const integer = !/[.eE]/.test(body);
    if (/[lL]$/.test(m[0]) && !integer) return syntax(`invalid number '${m[0]}'`, start);
    return { kind: 'num', value: Number(body), integer, start, end: pos };
  };

  const parseName = (): PyValue => {
    const start = pos;
    NAME_RE.lastIndex = pos;
    const m = NAME_RE.exec(text) as RegExpExecArray; // caller checked the first character
    pos += m[0].length;
    if (m[0] === 'True' || m[0] === 'False') return { kind: 'bool', value: m[0] === 'True', start, end: pos };
    if (m[0] === 'None') return { kind: 'none', start, end: pos };
    return syntax(`unexpected name '${m[0].length > 40 ? `${m[0].slice(0, 37)}...` : m[0]}'`, start);
  };

  // '(' ... ')' is a tuple when empty or when it has a comma; otherwise it is just parentheses.
  const parseSequence = (depth: number): PyValue => {
    const start = pos;
    const open = text[pos++];
    const close = open === '(' ? ')' : ']';
    const items: PyValue[] = [];
    let sawComma = false;
    skipSpace();
    while (text[pos] !== close) {
      items.push(parseValue(depth + 1));
      skipSpace();
      if (text[pos] === ',') {
        sawComma = true;
        pos++;
        skipSpace();
      } else if (text[pos] !== close) {
        return syntax(`expected ',' or '${close}' but found ${describeHere()}`);
      }
    }
    pos++;
    if (open === '[') return { kind: 'list', items, start, end: pos };
    if (items.length === 1 && !sawComma) return items[0];
    return { kind: 'tuple', items, start, end: pos };
  };

  const parseDict = (depth: number): DictValue => {
    const start = pos;
    pos++; // '{'
    const entries: { key: string; value: PyValue }[] = [];
    skipSpace();
    while (text[pos] !== '}') {
      if (text[pos] !== "'" && text[pos] !== '"') {
        return syntax(`expected a quoted key or '}' but found ${describeHere()}`);
      }
      const key = parseString().value;
      skipSpace();
      if (text[pos] !== ':') return syntax(`expected ':' after ${pyQuote(key)}`);
      pos++;
      skipSpace();
      const value = parseValue(depth + 1);
      entries.push({ key, value });
      skipSpace();
      if (text[pos] === ',') {
        pos++;
        skipSpace();
      } else if (text[pos] !== '}') {
        return syntax(`expected ',' or '}' after the value of ${pyQuote(key)} but found ${describeHere()}`);
      }
    }
    pos++;
    return { kind: 'dict', entries, start, end: pos };
  };

  const parseValue = (depth: number): PyValue => {
    if (depth > MAX_DEPTH) return syntax('values are nested too deeply');
    skipSpace();
    if (pos >= text.length) return syntax('unexpected end of the header');
    const c = text[pos];
    if (c === "'" || c === '"') return parseString();
    if (c === '(' || c === '[') return parseSequence(depth);
    if (c === '{') return parseDict(depth);
    if (/[0-9+\-.]/.test(c)) return parseNumber();
    if (/[A-Za-z_]/.test(c)) return parseName();
    return syntax(`unexpected ${describeHere()}`);
  };

  skipSpace();
  if (text[pos] !== '{') return syntax(`expected '{' but found ${describeHere()}`);
  const dict = parseDict(0);
  skipSpace();
  if (pos < text.length) return syntax(`unexpected ${describeHere()} after the dictionary`);
  return dict;
}

// ---------------------------------------------------------------------------
// writing

/** NumPy leaves room after the header so the first axis can grow in place (format.py GROWTH_AXIS_MAX_DIGITS). */
const GROWTH_AXIS_MAX_DIGITS = 21;
const ARRAY_ALIGN = 64;

/** Encodes an array as a version 1.0 .npy file, byte for byte as NumPy's np.save writes it. */
/** The elements of an array as numbers: its data, or for f16 the values its bit patterns hold. */
export function npyValues(npy: NpyArray): ArrayLike<number> {
  if (npy.dtype !== 'f16') return npy.data;
  const out = new Float64Array(npy.data.length);
  const view = new DataView(new ArrayBuffer(2));
  for (let i = 0; i < out.length; i++) {
    view.setUint16(0, npy.data[i], true);
    out[i] = getFloat16(view, 0, true);
  }
  return out;
}

/** The elements of an array as doubles, in an array of their own. */
export function npyDoubles(npy: NpyArray): Float64Array {
  return npy.dtype === 'f16' ? (npyValues(npy) as Float64Array) : Float64Array.from(npy.data);
}

export function encodeNpy(array: NpyArray): Uint8Array {
  return encode(array, 'encodeNpy');
}

/** Writes an array to a .npy file atomically (temporary file + rename). */
export function writeNpyFile(path: string, array: NpyArray): void {
  writeFileAtomic(path, encode(array, path));
}

function encode(array: NpyArray, source: string): Uint8Array {
  const fail = (message: string): never => {
    throw new NpyError(source, message);
  };
  const info = Object.prototype.hasOwnProperty.call(DTYPES, array.dtype) ? DTYPES[array.dtype] : undefined;
  if (info === undefined) return fail(`unsupported dtype '${String(array.dtype)}' (supported: ${DTYPE_NAMES.join(', ')})`);

  if (!Array.isArray(array.shape)) return fail('shape must be an array of non-negative integers');
  let count = 1;
  array.shape.forEach((d, i) => {
    if (!Number.isSafeInteger(d) || d < 0) fail(`shape dimension ${i} is ${String(d)}; dimensions must be non-negative integers`);
    count *= d;
  });
  if (!Number.isSafeInteger(count)) fail(`the shape [${array.shape.join(', ')}] has too many elements`);

  const data = array.data;
  const arrayName = ArrayBuffer.isView(data) ? Object.prototype.toString.call(data).slice(8, -1) : typeof data;
  if (arrayName !== info.arrayName) fail(`dtype '${array.dtype}' needs its data in a ${info.arrayName}, got ${arrayName}`);
  if (data.length !== count) {
    fail(`the shape [${array.shape.join(', ')}] needs ${count} elements but the data has ${data.length}`);
  }

  const dims = array.shape.map((d) => String(d === 0 ? 0 : d));
  const shapeText = dims.length === 1 ? `(${dims[0]},)` : `(${dims.join(', ')})`;
  let header = `{'descr': '${info.descr}', 'fortran_order': False, 'shape': ${shapeText}, }`;
  if (dims.length > 0) header += ' '.repeat(Math.max(0, GROWTH_AXIS_MAX_DIGITS - dims[0].length));
  const hlen = header.length + 1; // + '\n'
  const headerStart = MAGIC_LEN + 2 + 2; // magic, version, 2-byte header length
  const padlen = ARRAY_ALIGN - ((headerStart + hlen) % ARRAY_ALIGN); // 1..64, as NumPy does
  const headerLength = hlen + padlen;
  if (headerLength > 0xffff) fail(`the header (${headerLength} bytes) is too long for a version 1.0 file`);

  const out = new Uint8Array(headerStart + headerLength + data.byteLength);
  out.set(MAGIC, 0);
  out[6] = 1;
  out[7] = 0;
  out[8] = headerLength & 0xff;
  out[9] = headerLength >> 8;
  for (let i = 0; i < header.length; i++) out[headerStart + i] = header.charCodeAt(i);
  out.fill(0x20, headerStart + header.length, headerStart + headerLength - 1);
  out[headerStart + headerLength - 1] = 0x0a;
  out.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), headerStart + headerLength);
  return out;
}
