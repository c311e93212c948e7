// The WebAssembly kernels of the simulator (engine/kernels/simd.ts loads them). Every function works on f32
// buffers in this module's memory, which the host lays out; scripts/build-kernels.mjs compiles this file.
export { decode, encode } from './formats';
export { matmul } from './matmul';
export { matmulF64 } from './matmul-f64';
export { binary, scalarRows, activation } from './elementwise';
export { reduceRows } from './reduce';
export { transpose } from './transpose';
export { firstBeyond } from './checks';

/** Where the host may start laying out buffers: past this module's static data. */
export function heapBase(): usize {
  return __heap_base;
}
