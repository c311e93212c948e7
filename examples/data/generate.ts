/**
 * Writes the .npy inputs of the example programs into this directory, deterministically:
 *
 *   npx tsx examples/data/generate.ts
 *
 * Weights come from xorshift32 (integer arithmetic only, so the files are the same bytes on every host),
 * scaled like a default-initialised linear layer: uniform in ±1/√fan_in. They are stored as f32, the way a
 * checkpoint holds them; the programs declare the DRAM tensors as bf16 where the tensor engine wants bf16,
 * and the load rounds them (the language reference: ".npy files").
 *
 * The generated files are committed next to this script; rerunning it must leave them unchanged.
 */
import * as path from 'path';
import { NpyArray, writeNpyFile } from '../../engine/io/npy';

/** xorshift32 (Marsaglia 2003): a published 32-bit generator; draw / 2^32 is uniform in [0, 1). */
export function xorshift32(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 4294967296;
  };
}

/** An f32 array of the shape, element i = low + (high - low)·u_i, rounded to f32 by the Float32Array. */
export function uniform(shape: number[], seed: number, low: number, high: number): NpyArray {
  const next = xorshift32(seed);
  const n = shape.reduce((a, b) => a * b, 1);
  const data = new Float32Array(n);
  for (let i = 0; i < n; i++) data[i] = low + (high - low) * next();
  return { dtype: 'f32', shape, data };
}

/** Weights of a layer with fan_in inputs: uniform in ±1/√fan_in. */
function weights(shape: number[], seed: number, fanIn: number): NpyArray {
  const bound = 1 / Math.sqrt(fanIn);
  return uniform(shape, seed, -bound, bound);
}

/** Every file the examples read, by name. */
export function exampleData(): Record<string, NpyArray> {
  return {
    // matmul_tiled.bir: the moving operand B[K = 384, N = 128].
    'matmul_w.npy': weights([384, 128], 11, 384),
    // mlp.bir: two layers, 128 -> 128 -> 64, with one bias per output feature (a [features, 1] column,
    // because the features sit on partitions in that kernel).
    'mlp_w1.npy': weights([128, 128], 21, 128),
    'mlp_b1.npy': weights([128, 1], 22, 128),
    'mlp_w2.npy': weights([128, 64], 23, 128),
    'mlp_b2.npy': weights([64, 1], 24, 128),
    // rmsnorm.bir: the learned gain, around 1 as after training.
    'rmsnorm_gamma.npy': uniform([1, 256], 31, 0.5, 1.5),
    // calls_loops.bir: W[K = 128, N = 320]; 320 is not a multiple of the 128-column tile on purpose.
    'calls_w.npy': weights([128, 320], 41, 128),
  };
}

function main(): void {
  for (const [name, array] of Object.entries(exampleData())) {
    const file = path.join(__dirname, name);
    writeNpyFile(file, array);
    process.stdout.write(`wrote ${path.relative(process.cwd(), file)} (${array.dtype}[${array.shape.join(', ')}])\n`);
  }
}

if (require.main === module) main();
