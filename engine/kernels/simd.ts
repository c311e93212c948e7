/**
 * The WebAssembly SIMD kernels (engine/kernels/wasm/): the module, and its memory, which the host lays out anew
 * for each instruction as an arena of buffers. Kernels use them when their operands are f32 values (see
 * staging.ts) and keep their scalar path, the reference, for the rest; tests turn them off to compare the two.
 */
import { Fold, Format, Func, Op } from './wasm/codes';
import { kernelBytes } from './wasm-bytes';

/** The module's exports; addresses and counts are numbers, every buffer holds f32 unless a format says otherwise. */
export interface Kernels {
  readonly memory: WasmMemory;
  decode(format: Format, src: number, dst: number, n: number): void;
  encode(format: Format, src: number, dst: number, n: number): void;
  matmul(a: number, b: number, out: number, K: number, M: number, N: number): void;
  /** The same sums of f64 buffers in float64 (a shadow run's). */
  matmulF64(a: number, b: number, out: number, K: number, M: number, N: number): void;
  binary(op: Op, a: number, b: number, out: number, n: number): void;
  scalarRows(op0: Op, op1: Op | -1, x: number, s0: number, s1: number, out: number, rows: number, cols: number): void;
  /** Returns how many elements it left to the host (transcendental functions, wasm/certified.ts): their indices at `left`. */
  activation(func: Func, x: number, scale: number, bias: number, out: number, rows: number, cols: number, left: number): number;
  reduceRows(fold: Fold, x: number, out: number, rows: number, cols: number): void;
  transpose(x: number, out: number, P: number, F: number): void;
  firstBeyond(x: number, n: number, limit: number): number;
  heapBase(): number;
}

/** What the engine uses of WebAssembly, declared here: its TypeScript libraries (ES2022, Node 20) have none. */
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { readonly exports: object };
};

interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

let instance: Kernels | undefined;
let enabled = true;

/** On by default; off, every kernel runs its scalar path (tests compare the two, benchmarks measure both). */
export function setSimdKernels(on: boolean): void {
  enabled = on;
}

/**
 * Elements one instruction may stage (its operands and results together): 8 Mi, 32 MiB of f32 plus their
 * stored bytes. Memory grows to what the largest instruction needed and stays; larger ones take the scalar path.
 */
const MAX_ELEMENTS = 1 << 23;

/** The kernels, with an empty arena, for an instruction of this many elements; undefined for the scalar path. */
export function simdKernels(elements: number): Kernels | undefined {
  if (!enabled || elements > MAX_ELEMENTS) return undefined;
  instance ??= instantiate();
  top = base;
  return instance;
}

function instantiate(): Kernels {
  // Compiled synchronously: the module is small, and the engine runs in Node (CLI, worker, extension host).
  const module = new WebAssembly.Module(kernelBytes());
  const k = new WebAssembly.Instance(module, {}).exports as unknown as Kernels;
  base = align(k.heapBase());
  instance = k;
  top = base;
  grow();
  return k;
}

// ---------------------------------------------------------------------------------------------
// The arena

/** Buffers start on 64 bytes and hold whole 16-element groups: kernel loops run over whole vectors. */
const ALIGN = 64;
const PAGE = 65536;
let base = 0;
let top = 0;

function align(n: number): number {
  return Math.ceil(n / ALIGN) * ALIGN;
}

/** The address of a new buffer of n elements of `bytes` bytes each (padded), valid until the next instruction. */
export function allocate(n: number, bytes: number): number {
  const at = top;
  top += align(Math.ceil(n / 16) * 16 * bytes);
  // The memory's size is kept here: reading its buffer is slow beside an instruction of 128 elements.
  if (top > memoryBytes) grow();
  return at;
}

/** n f64 values at an address (8-byte aligned, as every buffer is). */
export function f64At(at: number, n: number): Float64Array {
  return new Float64Array(u32.buffer, at, n);
}

/** n f32 values at an address. Growing the memory detaches earlier views: make them after allocating. */
export function f32At(at: number, n: number): Float32Array {
  return new Float32Array(u32.buffer, at, n);
}

/** The kernels' memory in bytes (it only grows, and only here), and as unsigned integers of each width. */
let memoryBytes = 0;
let u8 = new Uint8Array(0);
let u16 = new Uint16Array(0);
let u32 = new Uint32Array(0);

function grow(): void {
  const memory = instance!.memory;
  const missing = top - memory.buffer.byteLength;
  if (missing > 0) memory.grow(Math.ceil(missing / PAGE));
  const buffer = memory.buffer;
  memoryBytes = buffer.byteLength;
  u8 = new Uint8Array(buffer);
  u16 = new Uint16Array(buffer);
  u32 = new Uint32Array(buffer);
}

/** The kernels' whole memory as elements of `bytes` bytes (an address divided by `bytes` indexes it): the views of
 * staged operands without a typed array made for each. */
export function memoryBits(bytes: number): Uint8Array | Uint16Array | Uint32Array {
  return bytes === 4 ? u32 : bytes === 2 ? u16 : u8;
}

/** Whether n f32 values at an address are all finite. */
export function allFiniteAt(at: number, n: number): boolean {
  return instance!.firstBeyond(at, n, F32_MAX) < 0;
}

export const F32_MAX = 3.4028234663852886e38;
