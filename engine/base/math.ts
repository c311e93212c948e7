/**
 * Elementary functions in double precision that give the same bits on every host. ECMAScript leaves the accuracy
 * of Math.exp, Math.sin, `**` and the like to the implementation, so a simulator that used them could round
 * differently under another Node or Electron. These use only what ECMAScript specifies exactly: IEEE-754
 * + − * /, Math.floor and Math.abs, comparisons, bit access through typed arrays, and BigInt (exact integers) for
 * the reduction of huge trigonometric arguments.
 *
 * Intermediate results are carried in double-double (base/double-double.ts), so that the final rounding is the
 * only large error: results are within about 0.53 ulp of the true value, and a result that is exactly a double
 * (as 3 ** 20 or 0.5 ** 3) comes out exact. Special cases (±0, ±Infinity, NaN, overflow, underflow) are those of
 * ECMAScript's Math functions and `**`.
 */
import { DD, add, fastSumError, mul, normalize, productError, quotient, reciprocal, sumError } from './double-double';

// ---------------------------------------------------------------------------------------------
// Bits

const scratch = new Float64Array(1);
const words = new Uint32Array(scratch.buffer);
scratch[0] = 1;
/** Typed arrays use the host's byte order: find which word holds the sign and the exponent. */
const HIGH = words[1] === 0x3ff00000 ? 1 : 0;
const LOW = 1 - HIGH;

function highWord(x: number): number {
  scratch[0] = x;
  return words[HIGH];
}

/** 2^k for a normal exponent, −1022 ≤ k ≤ 1023, built from its bits. */
function pow2(k: number): number {
  words[HIGH] = (k + 1023) << 20;
  words[LOW] = 0;
  return scratch[0];
}

/**
 * v·2^k for k from −1622 to 2046. Out of the normal range it takes two steps, the first exact, so that a
 * result that overflows or is subnormal is rounded only once.
 */
function scale(v: number, k: number): number {
  if (k > 1023) return v * pow2(1023) * pow2(k - 1023);
  if (k < -1022) return v * pow2(k + 600) * pow2(-600);
  return v * pow2(k);
}

const TWO_POW_54 = 18014398509481984;
const MIN_NORMAL = 2.2250738585072014e-308;

/** floor(log2 x) for a positive finite x, subnormals included. */
function binaryExponent(x: number): number {
  if (x < MIN_NORMAL) return binaryExponent(x * TWO_POW_54) - 54;
  return (highWord(x) >>> 20) - 1023;
}

// ---------------------------------------------------------------------------------------------
// Series

function horner(x: number, coefficients: readonly number[]): number {
  let s = coefficients[coefficients.length - 1];
  for (let i = coefficients.length - 2; i >= 0; i--) s = s * x + coefficients[i];
  return s;
}

/** n! is exact in double up to 22! (its odd part stays below 2^53), so 1/n! is rounded once. */
const INV_FACTORIAL: readonly number[] = (() => {
  const out = [1];
  let factorial = 1;
  for (let n = 1; n <= 22; n++) out.push(1 / (factorial *= n));
  return out;
})();

/** 1/(first)!, ±1/(first+step)!, ...: Taylor coefficients, alternating in sign when `alternate`. */
function taylor(first: number, step: number, count: number, alternate: boolean): number[] {
  return Array.from({ length: count }, (_, j) => (alternate && j % 2 ? -1 : 1) * INV_FACTORIAL[first + j * step]);
}

// ---------------------------------------------------------------------------------------------
// exp, expm1

/**
 * ln 2 in three parts (Cody and Waite): HI and MID have 32 significant bits, so k·HI and k·MID are exact for
 * every exponent k in range, and x − k·HI is exact as well (the two are within a factor 2).
 */
const LN2_HI = 0.6931471803691238;
const LN2_MID = 1.9082149288430703e-10;
const LN2_LO = 4.275175589747649e-20;
const INV_LN2 = 1.4426950408889634;
const HALF_LN2 = 0.34657359027997264;

/** Beyond these exp(x) is +Infinity or +0 whatever the rounding; between them and the exact thresholds the
 * scaling by 2^k overflows or underflows on its own. */
const EXP_OVERFLOW = 709.79;
const EXP_UNDERFLOW = -745.2;

/** r³ · (1/3! + r/4! + ... + r¹²/15!): the terms of exp(r) − 1 − r − r²/2 above 2^-60 for |r| ≤ ln2/2. */
const EXP_TAIL = taylor(3, 1, 13, false);

/** (zh + zl) − k·ln2 as a double-double. */
function reduceLn2(zh: number, zl: number, k: number): DD {
  const a = zh - k * LN2_HI;
  const b = -k * LN2_MID;
  const s = a + b;
  return normalize(s, sumError(a, b, s) + (zl - k * LN2_LO));
}

/**
 * exp(r) − 1 for |r| ≤ ln2/2 (r = rh + rl), as a double-double with a relative error near 2^-58: r + r²/2 is
 * summed exactly, only the smaller Taylor tail is rounded.
 */
function expm1Reduced(rh: number, rl: number): DD {
  const square = rh * rh;
  const half = 0.5 * square;
  const head = rh + half;
  const tail = rh * square * horner(rh, EXP_TAIL);
  const low = 0.5 * productError(rh, rh, square) + rl * (1 + rh) + tail;
  return normalize(head, fastSumError(rh, half, head) + low);
}

/** exp(zh + zl), zh between EXP_UNDERFLOW and EXP_OVERFLOW: 2^k · exp(r) with |r| ≤ ln2/2. */
function expDd(zh: number, zl: number): number {
  const k = Math.floor(zh * INV_LN2 + 0.5);
  const r = reduceLn2(zh, zl, k);
  const e = expm1Reduced(r.hi, r.lo);
  const h = 1 + e.hi;
  return scale(h + (fastSumError(1, e.hi, h) + e.lo), k);
}

export function exp(x: number): number {
  if (!(x <= EXP_OVERFLOW)) return x === x ? Infinity : NaN;
  if (x < EXP_UNDERFLOW) return 0;
  return expDd(x, 0);
}

/**
 * exp(x) − 1 for |x| ≤ 40, as a double-double. 2^k·(1 + e) − 1 is summed exactly: 2^k − 1 is a double for
 * |k| ≤ 53, and beyond, the −1 is far below 2^k·(1 + e) (or 2^k·(1 + e) far below the −1).
 */
function expm1Dd(x: number): DD {
  if (Math.abs(x) <= HALF_LN2) return expm1Reduced(x, 0);
  const k = Math.floor(x * INV_LN2 + 0.5);
  const r = reduceLn2(x, 0, k);
  const e = expm1Reduced(r.hi, r.lo);
  const p = pow2(k);
  if (Math.abs(k) <= 53) return twoTermSum(p - 1, p * e.hi, p * e.lo);
  const h = 1 + e.hi;
  return twoTermSum(p * h, -1, p * (fastSumError(1, e.hi, h) + e.lo));
}

/** a + b + c as a double-double, a + b without error, c small. */
function twoTermSum(a: number, b: number, c: number): DD {
  const s = a + b;
  return normalize(s, sumError(a, b, s) + c);
}

const TWO_POW_M54 = 5.551115123125783e-17;
/** Above it, the −1 of exp(x) − 1 is below 1/32 of an ulp of exp(x); below −EXPM1_FAR, exp(x) − 1 rounds to −1. */
const EXPM1_FAR = 40;

export function expm1(x: number): number {
  if (x !== x) return NaN;
  if (x > EXPM1_FAR) return exp(x);
  if (x < -EXPM1_FAR) return -1;
  // x + x²/2 rounds to x (keeps −0 and subnormals).
  if (Math.abs(x) < TWO_POW_M54) return x;
  return expm1Dd(x).hi;
}

// ---------------------------------------------------------------------------------------------
// tanh

const TWO_POW_M27 = 7.450580596923828e-9;
/** tanh(x) rounds to ±1 from |x| > 19.06 on. */
const TANH_ONE = 20;

/** tanh|x| = e / (e + 2) with e = expm1(2|x|): no cancellation at any size, and the quotient is rounded once. */
export function tanh(x: number): number {
  const a = Math.abs(x);
  if (!(a <= TANH_ONE)) return x !== x ? NaN : x > 0 ? 1 : -1;
  // x − x³/3 rounds to x.
  if (a < TWO_POW_M27) return x;
  const e = expm1Dd(2 * a);
  const t = quotient(e, add(e, { hi: 2, lo: 0 }));
  return x < 0 ? -t : t;
}

// ---------------------------------------------------------------------------------------------
// log, log1p

const SQRT2 = Math.SQRT2;
const SQRT_HALF_MINUS_1 = Math.SQRT1_2 - 1;
const SQRT2_MINUS_1 = Math.SQRT2 - 1;

/** 1/7, 1/5, 1/3 to 106 bits, innermost first: the atanh terms that need more than a double's precision. */
const LOG_HEAD: readonly DD[] = [reciprocal(7), reciprocal(5), reciprocal(3)];
/** 1/9, 1/11, ..., 1/27: the terms of the atanh series from f⁸ on, above 2^-72 relative for |f| ≤ 0.1716. */
const LOG_TAIL = Array.from({ length: 10 }, (_, j) => 1 / (2 * j + 9));

/**
 * k·ln2 + log(1 + t) as a double-double, t = th + tl with √½ ≤ 1 + t < √2, to about 2^-70 relative, which pow
 * needs: log(1 + t) = 2·atanh(f) = 2f·(1 + f²/3 + f⁴/5 + ...), f = t/(2 + t), |f| ≤ 0.1716. f and the first three
 * terms are double-double; the rest is small enough for doubles.
 */
function logOnePlus(k: number, th: number, tl: number): DD {
  const d = 2 + th;
  const dl = fastSumError(2, th, d) + tl;
  const fh = th / d;
  const p = fh * d;
  const f = normalize(fh, ((th - p) - productError(fh, d, p) + tl - fh * dl) / d);
  const wh = f.hi * f.hi;
  const w = normalize(wh, productError(f.hi, f.hi, wh) + 2 * f.hi * f.lo);
  let s: DD = { hi: w.hi * horner(w.hi, LOG_TAIL), lo: 0 };
  for (const c of LOG_HEAD) s = mul(w, add(c, s));
  const twoF = { hi: 2 * f.hi, lo: 2 * f.lo };
  const result = add(twoF, mul(twoF, s));
  if (k === 0) return result;
  return add(add({ hi: k * LN2_HI, lo: k * LN2_MID }, result), { hi: k * LN2_LO, lo: 0 });
}

/** x = m·2^k with √½ ≤ m < √2, for a positive finite x (exact). */
function logDd(x: number): DD {
  let k = binaryExponent(x);
  let m = scale(x, -k);
  if (m >= SQRT2) {
    m *= 0.5;
    k += 1;
  }
  return logOnePlus(k, m - 1, 0);
}

export function log(x: number): number {
  if (!(x > 0)) return x === 0 ? -Infinity : NaN;
  if (x === Infinity) return x;
  return logDd(x).hi;
}

export function log1p(x: number): number {
  if (!(x > -1)) return x === -1 ? -Infinity : NaN;
  if (x === Infinity) return x;
  // x − x²/2 rounds to x (keeps −0 and subnormals).
  if (Math.abs(x) < TWO_POW_M54) return x;
  if (x > SQRT_HALF_MINUS_1 && x < SQRT2_MINUS_1) return logOnePlus(0, x, 0).hi;
  // 1 + x is rounded: carry its error (scaled with it) into the argument of log.
  const u = 1 + x;
  const ul = sumError(1, x, u);
  let k = binaryExponent(u);
  let m = scale(u, -k);
  if (m >= SQRT2) {
    m *= 0.5;
    k += 1;
  }
  return logOnePlus(k, m - 1, scale(ul, -k)).hi;
}

// ---------------------------------------------------------------------------------------------
// sin, cos

const PI_OVER_4 = 0.7853981633974483;
const TWO_OVER_PI = 0.6366197723675814;
/** π/2 in four parts; the first three have 33 bits so that n·PIO2_i is exact for n < 2^20. */
const PIO2_1 = 1.5707963267341256;
const PIO2_2 = 6.077100506303966e-11;
const PIO2_3 = 2.0222662487111665e-21;
const PIO2_4 = 8.4784276603689e-32;
const PIO2_HI = 1.5707963267948966;
const PIO2_LO = 6.123233995736766e-17;
/** Below it n = round(x·2/π) stays under 2^20: the Cody–Waite reduction is exact enough. */
const MEDIUM_LIMIT = 1e6;

/**
 * floor(2/π · 2^1280): enough bits for the Payne–Hanek reduction of every double. x·2/π mod 4 only needs the
 * bits of 2/π from about x's exponent on; the truncation error is below 2^(53 + 971 − 1280).
 */
const TWO_OVER_PI_SCALE = 1280;
const TWO_OVER_PI_FIXED = BigInt(
  '0xa2f9836e4e441529fc2757d1f534ddc0db6295993c439041fe5163abdebbc561b7246e3a424dd2e006492eea09d1921cfe1deb1cb129a7' +
  '3ee88235f52ebb4484e99c7026b45f7e413991d639835339f49c845f8bbdf9283b1ff897ffde05980fef2f118b5a0a6d1f6d367ecf27cb09' +
  'b74f463f669e5fea2d7527bac7ebe5f17b3d0739f78a5292ea6bfb5fb11f8d5d0856033046fc7b6babf0cfbc209af4361d',
);
/** Bits of the fraction of x·2/π that the large reduction keeps: far more than the 2^-62 a double's r needs. */
const FRACTION_BITS = 128;
const FRACTION_ONE = BigInt(1) << BigInt(FRACTION_BITS);
const FRACTION_MASK = FRACTION_ONE - BigInt(1);
const FRACTION_HALF = FRACTION_ONE >> BigInt(1);

/** sin(x) = x − x³/6 + ... rounds to x below 2^-26, cos(x) to 1 below 2^-27. */
const TWO_POW_M26 = 1.4901161193847656e-8;

/** x = n·π/2 + r, |r| ≤ π/4 (r = hi + lo), quadrant = n mod 4. */
interface Reduced {
  readonly quadrant: number;
  readonly hi: number;
  readonly lo: number;
}

function reduceHalfPi(a: number): Reduced {
  return a < MEDIUM_LIMIT ? reduceMedium(a) : reduceLarge(a);
}

/** Cody–Waite: a − n·π/2 with π/2 to 152 bits; each product is exact and the sums keep their errors. */
function reduceMedium(a: number): Reduced {
  const n = Math.floor(a * TWO_OVER_PI + 0.5);
  const v = a - n * PIO2_1;
  const p2 = n * PIO2_2;
  const s = v - p2;
  const p3 = n * PIO2_3;
  const t = s - p3;
  const r = normalize(t, (sumError(v, -p2, s) + sumError(s, -p3, t)) - n * PIO2_4);
  return { quadrant: n & 3, hi: r.hi, lo: r.lo };
}

/**
 * Payne–Hanek: a = M·2^e with M a 53-bit integer, and a·2/π = M·C·2^(e − 1280) with C the integer above. The
 * product is exact in BigInt; the bits worth 4 and more are dropped (whole turns), 2 bits of quadrant and 128
 * bits of fraction are kept.
 */
function reduceLarge(a: number): Reduced {
  const e = binaryExponent(a) - 52;
  const mantissa = BigInt(scale(a, -e));
  const bits = (mantissa * TWO_OVER_PI_FIXED) >> BigInt(TWO_OVER_PI_SCALE - e - FRACTION_BITS);
  let quadrant = Number((bits >> BigInt(FRACTION_BITS)) & BigInt(3));
  let fraction = bits & FRACTION_MASK;
  if (fraction >= FRACTION_HALF) {
    fraction -= FRACTION_ONE;
    quadrant += 1;
  }
  const fh = Number(fraction);
  const unit = pow2(-FRACTION_BITS);
  const h = fh * unit;
  const l = Number(fraction - BigInt(fh)) * unit;
  const p = h * PIO2_HI;
  const r = normalize(p, productError(h, PIO2_HI, p) + (h * PIO2_LO + l * PIO2_HI));
  return { quadrant: quadrant & 3, hi: r.hi, lo: r.lo };
}

/** (−1)^j/(2j + 5)!, up to 1/19!: sin's Taylor terms after x³/6, above 2^-72 relative for |r| ≤ π/4. */
const SIN_TAIL = taylor(5, 2, 8, true);
/** (−1)^j/(2j + 4)!, up to 1/20!: cos's terms after x²/2. */
const COS_TAIL = taylor(4, 2, 9, true);

/** sin(rh + rl), |r| ≤ π/4: r − r³/6 in double-double, the rest (below r⁵/120) in double. */
function sinKernel(rh: number, rl: number): number {
  const z = rh * rh;
  const cube = rh * z;
  const cubeLow = productError(rh, z, cube) + rh * productError(rh, rh, z);
  const sixth = cube / 6;
  const p = 6 * sixth;
  const sixthLow = ((cube - p) - productError(6, sixth, p) + cubeLow) / 6;
  const head = rh - sixth;
  const tail = cube * z * horner(z, SIN_TAIL);
  // sin(rh + rl) = sin(rh) + rl·cos(rh), and cos(rh) ≈ 1 − z/2 is enough for rl's tiny size.
  return head + (fastSumError(rh, -sixth, head) - sixthLow + rl * (1 - 0.5 * z) + tail);
}

/** cos(rh + rl), |r| ≤ π/4: 1 − r²/2 in double-double, the rest (below r⁴/24) in double. */
function cosKernel(rh: number, rl: number): number {
  const z = rh * rh;
  const half = 0.5 * z;
  const head = 1 - half;
  const tail = z * z * horner(z, COS_TAIL);
  return head + (fastSumError(1, -half, head) - 0.5 * productError(rh, rh, z) - rh * rl + tail);
}

export function sin(x: number): number {
  const a = Math.abs(x);
  if (!(a < Infinity)) return NaN;
  if (a < TWO_POW_M26) return x;
  if (a <= PI_OVER_4) return sinKernel(x, 0);
  const r = reduceHalfPi(a);
  const v = r.quadrant & 1 ? cosKernel(r.hi, r.lo) : sinKernel(r.hi, r.lo);
  // Quadrants 2 and 3 are the negatives of 0 and 1; sin is odd.
  return (r.quadrant & 2) !== 0 !== x < 0 ? -v : v;
}

export function cos(x: number): number {
  const a = Math.abs(x);
  if (!(a < Infinity)) return NaN;
  if (a < TWO_POW_M27) return 1;
  if (a <= PI_OVER_4) return cosKernel(a, 0);
  const r = reduceHalfPi(a);
  const v = r.quadrant & 1 ? sinKernel(r.hi, r.lo) : cosKernel(r.hi, r.lo);
  // cos is −sin in quadrant 1 and −cos in quadrant 2.
  return ((r.quadrant + 1) & 2) !== 0 ? -v : v;
}

// ---------------------------------------------------------------------------------------------
// pow

const TWO_POW_53 = 9007199254740992;

function isOddInteger(y: number): boolean {
  return Math.floor(y) === y && Math.floor(y / 2) * 2 !== y;
}

/** ECMAScript's `**`, special cases included (1 ** NaN and 1 ** Infinity are NaN, unlike C's pow). */
export function pow(x: number, y: number): number {
  if (y !== y) return NaN;
  if (y === 0) return 1;
  if (x !== x) return NaN;
  if (x === 0 || x === Infinity || x === -Infinity) return powOfZeroOrInfinity(x, y);
  if (y === Infinity || y === -Infinity) return powToInfinity(x, y);
  if (x < 0 && Math.floor(y) !== y) return NaN;
  const a = Math.abs(x);
  const v = a === 1 ? 1 : integerPower(a, y) ?? powPositive(a, y);
  return x < 0 && isOddInteger(y) ? -v : v;
}

/** ±0 and ±Infinity: 0 or Infinity, negative only for a negative base and an odd integer exponent. */
function powOfZeroOrInfinity(x: number, y: number): number {
  const magnitude = (x === 0) === (y > 0) ? 0 : Infinity;
  const negative = x < 0 || 1 / x < 0;
  return negative && isOddInteger(y) ? -magnitude : magnitude;
}

function powToInfinity(x: number, y: number): number {
  const a = Math.abs(x);
  if (a === 1) return NaN;
  return (a > 1) === (y > 0) ? Infinity : 0;
}

/**
 * An integral base to a positive integral exponent by repeated squaring, while every product stays below 2^53
 * (then each is exact): such results are exact by construction. Undefined when they would not fit.
 */
function integerPower(a: number, y: number): number | undefined {
  if (Math.floor(a) !== a || Math.floor(y) !== y || y < 1 || y > 53) return undefined;
  let result = 1;
  let base = a;
  for (let n = y; ; ) {
    if (Math.floor(n / 2) * 2 !== n) result *= base;
    n = Math.floor(n / 2);
    if (result > TWO_POW_53) return undefined;
    if (n === 0) return result;
    base *= base;
    if (base > TWO_POW_53) return undefined;
  }
}

/** a^y = exp(y·log a), with log a to 2^-70 and y·log a in double-double, so that exp's argument is right to
 * 2^-60 even where it is near 709. */
function powPositive(a: number, y: number): number {
  const l = logDd(a);
  const t = y * l.hi;
  if (t > EXP_OVERFLOW) return Infinity;
  if (t < EXP_UNDERFLOW) return 0;
  const z = normalize(t, productError(y, l.hi, t) + y * l.lo);
  return expDd(z.hi, z.lo);
}
