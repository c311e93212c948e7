/**
 * Post-mortem dumps: the whole state of a machine where a run faulted, in one file that can be read later on another
 * machine. A dump holds the program's sources (every file, by path) and how it was run (cores, passes), the fault
 * (code, message, place, node, core), every core's stack (each frame's function, activation, registers with their
 * written bits, region cursors and tensors) and every tensor (DRAM and each frame's allocations) with its elements in
 * their own bytes and its written flags.
 *
 * The file: the line `BIR-DUMP` and a newline, then the dump as JSON (element bytes in base64), compressed with
 * Node's zlib (gzip, whose CRC finds a damaged file). `format` names the layout; a reader refuses any other. Written
 * atomically (io/atomic-write.ts).
 *
 * Reading trusts nothing of the file before it is checked: only a regular file of at most MAX_DUMP_FILE_BYTES is
 * read (io/read-file.ts), it is inflated to no more than the size its gzip trailer declares (and a declared size
 * beyond what a dump can be is refused before anything is inflated), the JSON's nesting is measured before it is
 * parsed, and the parsed dump's shape is checked (io/dump-shape.ts) before anything walks it.
 */
import * as zlib from 'zlib';
import { Machine } from '../machine/machine';
import { Fault } from '../machine/fault';
import { Tensor } from '../machine/tensor';
import { Frame } from '../machine/core';
import { writeFileAtomic } from './atomic-write';
import { checkDumpShape, ShapeProblem } from './dump-shape';
import { FileRefused, formatBytes, readRegularFile } from './read-file';

export const DUMP_FORMAT = 1;
const MAGIC = 'BIR-DUMP\n';

/**
 * The most text the dump's JSON may take: one JavaScript string holds it, and V8's strings end at 2^29 - 24
 * characters; the rest (sources, stacks, names) is kept room for.
 */
const MAX_TENSOR_TEXT = 480_000_000;

export interface DumpTensor {
  readonly id: number;
  readonly name: string;
  readonly memory: string;
  readonly dtype: string;
  readonly shape: readonly number[];
  readonly core?: number;
  /** The elements in their dtype's bytes (little-endian), base64. */
  readonly data: string;
  /** One byte per element, 1 where it was written, base64. */
  readonly written: string;
}

export interface DumpFrame {
  readonly function: string;
  readonly activation: number;
  readonly depth: number;
  readonly registers: readonly number[];
  /** Bit i set when register i was written in this activation. */
  readonly written: number;
  /** The call that made the frame (a node id); none for main. */
  readonly call?: string;
  /** Where the frame's SBUF and PSUM allocations start. */
  readonly sbufBase: number;
  readonly psumBase: number;
  /**
   * Outermost first: the region (its kind, and its owner's node id; none for the body), the next node's index, the
   * loop's position.
   */
  readonly cursors: readonly { readonly kind: string; readonly owner?: string; readonly pc: number; readonly activation: number; readonly loop?: { readonly value: number; readonly iteration: number; readonly count: number; readonly end?: number; readonly step?: number } }[];
  /** The frame's tensors by slot: parameters (views of a caller's tensor), then allocations. */
  readonly tensors: readonly { readonly tensor: number; readonly offset: number; readonly shape: readonly number[]; readonly strides: readonly number[] }[];
}

export interface Dump {
  readonly format: number;
  readonly program: { readonly entry: string; readonly sources: Readonly<Record<string, string>>; readonly passes: readonly string[] };
  readonly cores: number;
  readonly instructions: number;
  readonly fault: { readonly code: string; readonly message: string; readonly node?: string; readonly core: number; readonly span?: { readonly file: string; readonly line: number; readonly col: number; readonly endLine: number; readonly endCol: number } };
  readonly stacks: readonly { readonly core: number; readonly state: string; readonly executed: number; readonly frames: readonly DumpFrame[] }[];
  readonly drams: readonly number[];
  readonly tensors: readonly DumpTensor[];
}

function tooLarge(bytes: number): DumpError {
  return new DumpError(`the machine's tensors hold ${(bytes / 1e6).toFixed(0)} MB, more than a dump of format ${DUMP_FORMAT} can hold (about 300 MB with their written flags)`);
}

/** A dump that cannot be read or written, and why. */
export class DumpError extends Error {}

/** The dump of a machine stopped by a fault. */
export function makeDump(machine: Machine, fault: Fault, passes: readonly string[] = []): Dump {
  const ids = new Map<Tensor, number>();
  const tensors: DumpTensor[] = [];
  const idOf = (t: Tensor): number => {
    let id = ids.get(t);
    if (id === undefined) {
      ids.set(t, (id = tensors.length));
      tensors.push(tensorOf(t, id));
    }
    return id;
  };
  const drams = machine.drams.map(idOf);
  const program = machine.program;
  const stacks = machine.cores.map((core) => ({
    core: core.index, state: core.state, executed: core.executed,
    frames: core.frames.map((f) => frameOf(f, idOf)),
  }));
  const node = program.code.has(fault.nodeIndex) ? program.code.idOf(fault.nodeIndex) : undefined;
  return {
    format: DUMP_FORMAT,
    program: { entry: program.entry.file, sources: Object.fromEntries(program.sources), passes: [...passes] },
    cores: machine.ncores,
    instructions: machine.instructionsExecuted,
    fault: { code: fault.code, message: fault.message, node, core: fault.core, span: fault.span && { file: fault.span.file, line: fault.span.line, col: fault.span.col, endLine: fault.span.endLine, endCol: fault.span.endCol } },
    stacks, drams, tensors,
  };
}

function tensorOf(t: Tensor, id: number): DumpTensor {
  if (Math.ceil(t.data.byteLength / 3) * 4 > MAX_TENSOR_TEXT) throw tooLarge(t.data.byteLength);
  const bytes = Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength);
  return {
    id, name: t.name, memory: t.memory, dtype: t.dtype, shape: [...t.shape], core: t.core,
    data: bytes.toString('base64'), written: Buffer.from(t.written).toString('base64'),
  };
}

function frameOf(f: Frame, idOf: (t: Tensor) => number): DumpFrame {
  return {
    function: f.fn.fullName, activation: f.activation, depth: f.depth, registers: [...f.regs], written: f.regWritten, call: f.callNode?.id,
    sbufBase: f.sbufBase, psumBase: f.psumBase,
    cursors: f.cursors.map((c) => ({
      kind: c.region.kind, owner: c.region.owner?.id, pc: c.pc, activation: c.activation,
      loop: c.loop && { value: c.loop.value, iteration: c.loop.iteration, count: c.loop.count, end: c.loop.end, step: c.loop.step },
    })),
    tensors: f.tensors.map((v) => ({ tensor: idOf(v.tensor), offset: v.offset, shape: [...v.shape], strides: [...v.strides] })),
  };
}

/** The dump's bytes: the magic line, then the JSON compressed. A machine too large for the format is refused, saying so. */
export function encodeDump(dump: Dump): Buffer {
  const text = dump.tensors.reduce((n, t) => n + t.data.length + t.written.length, 0);
  if (text > MAX_TENSOR_TEXT) throw tooLarge(dump.tensors.reduce((n, t) => n + (t.data.length * 3) / 4, 0));
  return Buffer.concat([Buffer.from(MAGIC), zlib.gzipSync(JSON.stringify(dump))]);
}

export function writeDump(file: string, dump: Dump): void {
  writeFileAtomic(file, encodeDump(dump));
}

/**
 * The most JSON a dump can hold: the text is one JavaScript string, and V8's strings end at 2^29 - 24 characters.
 * A dump that declares more is refused before it is inflated.
 */
export const MAX_DUMP_TEXT = 0x1fffffe8;
/**
 * The largest file a dump can be: its JSON compressed, which deflate makes at most a little larger than the text (zlib's
 * deflateBound: about 1 byte more in every 2,000, plus a few bytes of header and trailer), after the magic line.
 */
export const MAX_DUMP_FILE_BYTES = MAGIC.length + MAX_DUMP_TEXT + Math.ceil(MAX_DUMP_TEXT / 1024) + 1024;
/** The deepest a dump's JSON nests (a loop's position in a cursor of a frame of a stack is 8 deep), with room to spare. */
const MAX_DUMP_DEPTH = 32;
/** The shortest gzip stream: a 10-byte header and an 8-byte trailer. */
const GZIP_MINIMUM = 18;

/** A dump from its bytes; a file that is not a dump, is damaged or has another format is refused with the reason. */
export function decodeDump(bytes: Buffer, file: string): Dump {
  if (bytes.subarray(0, MAGIC.length).toString('latin1') !== MAGIC) throw new DumpError(`${file} is not a BIR post-mortem dump (it does not start with 'BIR-DUMP')`);
  const text = inflate(bytes.subarray(MAGIC.length), file);
  const depth = nesting(text);
  if (depth > MAX_DUMP_DEPTH) throw new DumpError(`${file} is damaged: its JSON nests ${depth > MAX_DUMP_DEPTH * 2 ? 'more than ' : ''}${Math.min(depth, MAX_DUMP_DEPTH * 2)} deep, and a dump nests at most ${MAX_DUMP_DEPTH} deep`);
  let dump: unknown;
  try {
    dump = JSON.parse(text.toString('utf8'));
  } catch (e) {
    throw new DumpError(`${file} is damaged: ${(e as Error).message}`);
  }
  const format = typeof dump === 'object' && dump !== null ? (dump as { format?: unknown }).format : undefined;
  if (format !== DUMP_FORMAT) {
    const shown = typeof format === 'number' || typeof format === 'string' ? JSON.stringify(format) : format === undefined ? 'undefined' : `of no number (${Array.isArray(format) ? 'an array' : typeof format})`;
    throw new DumpError(`${file} is a dump of format ${shown}; this version of the BIR debugger reads format ${DUMP_FORMAT} (open it with the version that wrote it)`);
  }
  try {
    checkDumpShape(dump);
  } catch (e) {
    if (e instanceof ShapeProblem) throw new DumpError(`${file} is damaged: ${e.message}`);
    throw e;
  }
  return dump as Dump;
}

/**
 * The dump's JSON, inflated to no more than its gzip trailer declares (the size of the text, modulo 2^32: exact for any
 * dump, which is smaller than 2^29), so that a stream that inflates without end stops at the size it claims.
 */
function inflate(compressed: Buffer, file: string): Buffer {
  if (compressed.length < GZIP_MINIMUM) throw new DumpError(`${file} is damaged: ${compressed.length} bytes after the 'BIR-DUMP' line, too few for a compressed dump (at least ${GZIP_MINIMUM})`);
  const declared = compressed.readUInt32LE(compressed.length - 4);
  if (declared > MAX_DUMP_TEXT) throw new DumpError(`${file} is damaged: it declares ${formatBytes(declared)} of JSON once inflated, more than a dump of format ${DUMP_FORMAT} can hold: ${formatBytes(MAX_DUMP_TEXT)}`);
  try {
    return zlib.gunzipSync(compressed, { maxOutputLength: Math.max(1, declared) });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new DumpError(`${file} is damaged: it inflates to more than the ${formatBytes(declared)} it declares; inflating stopped there`);
    throw new DumpError(`${file} is damaged: ${(e as Error).message}`);
  }
}

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** How deep the JSON's objects and arrays nest, outside strings; counting stops past twice the most a dump nests. */
function nesting(text: Uint8Array): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > deepest && (deepest = depth) > MAX_DUMP_DEPTH * 2) return deepest;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return deepest;
}

/** Reads a dump: only a regular file, of at most MAX_DUMP_FILE_BYTES, is read (not a FIFO, a device or a folder). */
export function readDump(file: string): Dump {
  let bytes: Buffer;
  try {
    bytes = readRegularFile(file, { bytes: MAX_DUMP_FILE_BYTES, what: 'a post-mortem dump' });
  } catch (e) {
    if (e instanceof FileRefused) throw new DumpError(`cannot read the dump ${file}: ${e.reason}`);
    throw e;
  }
  return decodeDump(bytes, file);
}
