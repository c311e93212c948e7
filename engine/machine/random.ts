/**
 * The deterministic generator behind `random(seed=, low=, high=)`: mulberry32, a 32-bit generator with a
 * published algorithm, so that any tool can reproduce a program's data. Element i (row-major) gets
 * low + (high - low) * u_i, where u_i = next() / 2^32 is the i-th draw, then rounded to the tensor's dtype.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomValues(count: number, seed: number, low: number, high: number): Float64Array {
  const next = mulberry32(seed);
  const out = new Float64Array(count);
  for (let i = 0; i < count; i++) out[i] = low + (high - low) * next();
  return out;
}
