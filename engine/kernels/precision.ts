/**
 * The arithmetic kernels are compiled for: the engines' (every float result rounded to f32, the SIMD kernels where
 * they apply) or float64 (a shadow run's second execution: the scalar path in double, no rounding to any dtype, its
 * reads and writes on the shadows). A compile-time choice, as masks are, so that a plain run checks nothing more.
 */
let shadow = false;

/** Compiles in float64 for a shadow run. */
export function compileInFloat64<T>(compile: () => T): T {
  const before = shadow;
  shadow = true;
  try {
    return compile();
  } finally {
    shadow = before;
  }
}

/** Whether the instruction being compiled is a shadow run's float64 execution. */
export function compilingFloat64(): boolean {
  return shadow;
}

/** The rounding of a float result: to f32 as the engines compute, none in float64. */
export function floatRounding(): (x: number) => number {
  return shadow ? exactly : Math.fround;
}

function exactly(x: number): number {
  return x;
}
