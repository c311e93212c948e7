/**
 * Exact rounding errors of double operations, and double-double numbers (an unevaluated sum hi + lo) built on
 * them. base/math.ts carries intermediate results in this extra precision so that its final rounding to a
 * double is the only large error. Only + - * / are used: ECMAScript specifies them as IEEE-754 operations
 * (round to nearest, ties to even), so every host computes the same bits. JavaScript has no fused multiply-add,
 * hence Veltkamp's splitting for products.
 */

export interface DD {
  readonly hi: number;
  readonly lo: number;
}

/** a + b − fl(a + b), exactly, whatever the magnitudes (Knuth's two-sum). `s` is fl(a + b). */
export function sumError(a: number, b: number, s: number): number {
  const bVirtual = s - a;
  return (a - (s - bVirtual)) + (b - bVirtual);
}

/** The same, cheaper, when |a| ≥ |b| or a is 0 (Dekker's fast two-sum). */
export function fastSumError(a: number, b: number, s: number): number {
  return b - (s - a);
}

/** 2^27 + 1: multiplying by it splits a double into two halves of at most 26 significant bits (Veltkamp). */
const SPLITTER = 134217729;

/**
 * a·b − fl(a·b), exactly (Dekker's two-product), `p` being fl(a·b). The halves of each factor multiply without
 * rounding. Exact unless |a| or |b| is beyond 2^996 (the split overflows) or the product is near underflow;
 * callers keep their operands in range.
 */
export function productError(a: number, b: number, p: number): number {
  const ta = SPLITTER * a;
  const aHi = ta - (ta - a);
  const aLo = a - aHi;
  const tb = SPLITTER * b;
  const bHi = tb - (tb - b);
  const bLo = b - bHi;
  return ((aHi * bHi - p) + aHi * bLo + aLo * bHi) + aLo * bLo;
}

/** hi + lo renormalized, so that hi is the double nearest to the sum. */
export function normalize(hi: number, lo: number): DD {
  const s = hi + lo;
  return { hi: s, lo: sumError(hi, lo, s) };
}

export function add(a: DD, b: DD): DD {
  const s = a.hi + b.hi;
  return normalize(s, sumError(a.hi, b.hi, s) + (a.lo + b.lo));
}

export function mul(a: DD, b: DD): DD {
  const p = a.hi * b.hi;
  return normalize(p, productError(a.hi, b.hi, p) + (a.hi * b.lo + a.lo * b.hi));
}

/** 1/n to about 106 bits: the coefficients of series that double-double arithmetic evaluates. */
export function reciprocal(n: number): DD {
  const hi = 1 / n;
  const p = n * hi;
  // The remainder 1 − n·hi, from the exact product (1 − p is exact by Sterbenz), gives the correction.
  return { hi, lo: ((1 - p) - productError(n, hi, p)) / n };
}

/** (n.hi + n.lo) / (d.hi + d.lo) rounded once to a double: the correction comes from the exact remainder. */
export function quotient(n: DD, d: DD): number {
  const q = n.hi / d.hi;
  const p = q * d.hi;
  // n.hi − p is exact: q·d.hi is within an ulp of n.hi.
  const remainder = (n.hi - p) - productError(q, d.hi, p) + n.lo - q * d.lo;
  return q + remainder / d.hi;
}
