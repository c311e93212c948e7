"use strict";
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));

// ../../main/node_modules/fast-check/lib/rolldown-runtime-D7D4PA-g.js
var __defProp2 = Object.defineProperty;
var __exportAll = (all, no_symbols) => {
  let target = {};
  for (var name in all) __defProp2(target, name, {
    get: all[name],
    enumerable: true
  });
  if (!no_symbols) __defProp2(target, Symbol.toStringTag, { value: "Module" });
  return target;
};

// ../../main/node_modules/pure-rand/lib/esm/generator/congruential32.js
var MULTIPLIER = 214013;
var INCREMENT = 2531011;
var MASK = 4294967295;
var MASK_2 = -2147483649;
var MULTIPLIER_2 = -1443076087;
var INCREMENT_2 = 505908858;
var MULTIPLIER_3 = 1170746341;
var INCREMENT_3 = -755606699;
var JUMP_MULTIPLIER = 1994129409;
var JUMP_INCREMENT = 916127744;
var LinearCongruential32 = class LinearCongruential322 {
  constructor(seed2) {
    this.seed = seed2;
  }
  clone() {
    return new LinearCongruential322(this.seed);
  }
  next() {
    const s0 = this.seed;
    const s1 = Math.imul(s0, MULTIPLIER) + INCREMENT | 0;
    const s2 = Math.imul(s0, MULTIPLIER_2) + INCREMENT_2 | 0;
    const s3 = Math.imul(s0, MULTIPLIER_3) + INCREMENT_3 | 0;
    this.seed = s3;
    const v1 = (s1 & MASK_2) >> 16;
    const v2 = (s2 & MASK_2) >> 16;
    return (s3 & MASK_2) >> 16 | v2 << 15 | v1 << 30;
  }
  jump() {
    this.seed = Math.imul(this.seed, JUMP_MULTIPLIER) + JUMP_INCREMENT & MASK;
  }
  getState() {
    return [this.seed];
  }
};
function congruential32(seed2) {
  return new LinearCongruential32(seed2);
}

// ../../main/node_modules/pure-rand/lib/esm/generator/mersenne.js
var N = 624;
var M = 397;
var A = 2567483615;
var F = 1812433253;
var U = 11;
var S = 7;
var B = 2636928640;
var T = 15;
var C = 4022730752;
var L = 18;
var MASK_LOWER = 2147483647;
var MASK_UPPER = 2147483648;
var JUMP_COEFS = "SUSgbA\\W`E[]KN2RUSo8XVU?HKBFRl11E\\KoWOg5B]XEWG;BE;1:oVK[`B^Z9Qd23^XTnhL>]Unda4f[X;_j9H5QD=cN<5H`3bW>9bk1mjoI2fK0obmAAINOV:>Mek_V9dd<hZ\\gC3?Fm7FEk07QH_3PLm^@?^i\\QMkgP<]oLHmFnlecg5F@7U^@4jhZ?WZS0k@GHehmM36:5^9;>Hmm`co>k:KOSkSbIINb1VFf>LXgP>GUAQTD>Ci>XMGkUflLlb?_FaFUk@?5N7i70@;1o68ah@I<HFH7R2^J:G][Gf962ITWID9GWK8ElD2G5=DcHcL]cA]P2n7A=[<bInM;IHDQnJMReRXDWbVldnGEIPij`E08Xdci3@0c:IBbD4:Nk]?lEN9j^;T`0blZX7eiWE8c`<ak7j05FZi>AjUDh?M1B?^??FAXKThf<aBOXZf7jXYGK>R<;NHk3S9YhM7STJ6`:MIE`S@7298X8W>PNK=@;lLX<i\\TXLL<W@X[X54H]in8M;;n?kkQbajgAMY=Tf9b;ZKf0QUB2FHYWfnfkDoU9YkcLd95T>lK6GM1YL\\lid:J>KYS=iJ]Y>QlF>?R5_[5QeYC=66;A32Ac>OHk_ne^0g>bK:g;KFPgbGUcPR_Z=TX3H9d03bKZ2IhEPKBo>LSGWd0iFdV8C<Y:<>T[O6lC\\blaZ>GoAYP4clf^j1IfnZJ]QeDe2X<HE[LJNWnaCg[P]Co^:IRbWPY?97UePBlZNNHY6LOBM8P>=h?Ye:_f_Sb9Ki5GDYBF4dWeMfdg^ccPllNWM7G1\\UMdoYeOOD5^e@foA22G?ADYo5:FVG[bWo96;>3kc_c1Ab30>30;1@4F8g2hY?DJ4[LOL;ZLLKo2]jo>[KMDUcR279N_kF=3WL@Dd620bMTdA\\U9k``ef2iD9JgJ8CZBHS>F^Uk;<laeaeHS<15OSeS`PcSSKBRBFY]aQ=EgUXGNg=?d56`KA@2BejY0^[_DCX`L=CGMT=BW^6S1i@2ATBVk>3_ocRA>2U:4GPQ6o>5jX2HIcV3S@On6KB<[SKB?FC_AAji9agbBFkAi\\;4I\\UJ]c36Ub@[;gQACVGY<V]SDJBUU]La\\_a@JdOO8gm2T0DJMa:8Hf7>E]noQ[1Kambn??QQ]S?1i0oMGOijb\\aGY6lQ^CJ?9bFle8<eH4UUjBINX;n8@VOA5ah^URV49B[A?ONHhHAC1J5;;h0SXYlG^0W=eJdHh^K4SGe=1HZLLam;D<Q3AOdbPcdX``82\\jo0En8jRVGC73WMCF9`d:0heS?80?C188cSn7H9<daZ]MgS4Pb^1HkA:1PU^5>^h_g[RQV@PnYBRI_]`B]Bh@Uk03eXGY`I16L76H28X`R>IROMeNVUdU[:lghLhPCQZ:4a<30YBZCYnXe[?;jc8gKI2QH2MjnWBm4nGCZW`aVU2a;P<AMI25mlW_Nm][2?b6o851X@lAm]YZ`bWRF1g<Ga:T]1NXH5Veja5P9S9>:aNg:Th1Y=5o78K>LQ8hW@5S?I83Lk5Xk;j5@I3o[d:4RjE^oS30:WP9gC\\i8aSI>QRE@4lP:7lDg8g2`Ql[2I8aBU\\BQ?B4_clL9Q]S;^e1Ob5[>3JER2`c7B=o]fPOWO<DGi;Niba1PoWPPE_Q3aX0OB0mZej\\f_M[J4Y6]1`h2MkF[GiW8Q^d3^_=<I1N2Q7]2<2j[iP7V3V821FaI]A`93bC^Z\\G=WJ;^Ih?B97_iIF@\\Dl<eK1je8SNTWo_=XFMZH<<JYLZ^YQMPgYOV45K_:]kSI8^XlO0]GY=VUfe_C_F6TOcoAlVUH:o=WhhT@K`2KFhe<3\\KXQ>W:M?S_4S5d@J^`[AGA7@3]DnGSCO`\\?E8HT75^d9\\:m\\m1egIfk8cd6bD9\\eU8\\n[Pb0Cgd^S0n9kGJHb]i5XodlKHc34Fhi9K>0U5WK`>7Ff2^KL=WC6:kc?e5C^a1T1:4:^S5flXlGNIj08AfO?Dh7T7dWO>E]NI9?ob7B7P_h[4TEP[EU;GllFTnSmg9:\\[N]<SAoKP_kPlG56A:I3T6EG8Hj=XnUE`KT5U@OQ?]7[N^MFN1_NU4KO_3::Le`8IL9[1Z1H1;V3SC\\N3]S@4U[F2mhT5dYM7[4Pg_Na0_8WTH0`bgceQS8]EG;XgD4Ib4iLTP@kE79Mn>AYRJA1U5^Blhgno:aHVYc03c3J0Vc9FjEV^M75Zfd8kVC9>iJDk`AJ[6f7DK2D^DL\\AX:6b5h31XH;RQB\\N<ZSM=J;6L[`UW^eOIFc1Y]6_dfedIe4ARh72mTXC0WND_IDHVCZRDE0eODARCEETQI5TPUQE=jEH5bS?LP[ai`F5ABRYDo2o\\@=]GT?_9;hc4Lm:\\SF9k1T<0E@fX9BG[]g0nY7k[Qmi@la8`PF0j6@Q?Ii7bLkXQ<lLHf]`:DCh@9JY5>hEVLTdhL\\b1EB0lLh<=WaO@F<;8g<d:@e:LA:cFIEdmQh7hNHfSRToW?8N4:Z1K;XEDRO;OIDh<UdVln?bjgL>?VE98[B\\K<BVjkG8LiSX;fb>jf?DUK00Aih<WY6QD6cEnHBZ8iN_fd<G8Ci`11RUW2QlW]IXV:m?;J0GXXHfGNQ>:D`=fLPbO?VOTEYLj^cNj5PM>jKB5HVjJ4U7lXaTQNL9<@\\1`m\\Ug@VQHd7>jW=ca0`miF7;N0F=GjoQ`RFchKMGTmn8cF@Oh4GGCm7m2`U9j93Tb>=kSERjE_J939F01I1;`<ijk_=_Vn=7RVAI6fnQI5KlF:C44bN<<8K=Z<2TP<1]5?<dB>^LA=ebloE2Y2:9lkh0\\<YKbHD97iE`<C5oj^1>X:??`H6BXF2hG1Q[dF0Q=>W=J?7C\\k1T?<;R44oW?1hY^G8Zm]ZKnfOf0eCFYo6?=D8?<`6HU5SXh1;=:23LmV_FSi;OJfV<^?GkIDPISeHg1LaGE:V3Y3K3H<QJfbY?=;ldZRhnhQT_mGXDLFXXhSONE6Do_0iNZagB:BPGOTH;VhHUTd6LhQm^[;dO]5Hlkg<R:F<Kn\\:I:EGojgWZ2X@SYO_dlH;G8S<>oEKabY`:oU;=JW7ig?S?EYb86b7n8ce\\]IRa]koiWY<RfO;5kUI;7lVeC?[@ZaXDiF04B8R]bg@>O<mQDoUcBLcf^f>m2kMBUloD>Ze@NN^Z11TM`inXYhE_I=kA`:ZF4d\\>`L@;ZP[`ENU5cL[BV6\\Z?Di76:jg3hE6oG6jFc8kP=[GS1;WSedYQW1:U4\\OF32GgmMC<AjO]872bdBb`bKAA?8j78b>T3VfcUB2m4J^CPRU;8dScI]LU]^bBYA5_3:Y0N5i^?200000";
var MersenneTwister = class MersenneTwister2 {
  constructor(states, index) {
    this.states = states;
    this.index = index;
  }
  clone() {
    return new MersenneTwister2(this.states.slice(), this.index);
  }
  next() {
    let y = this.states[this.index];
    y ^= y >>> U;
    y ^= y << S & B;
    y ^= y << T & C;
    y ^= y >>> L;
    this.index = twistedNext(this.states, this.index);
    return y;
  }
  getState() {
    return [this.index, ...this.states];
  }
  jump() {
    const originalStates = this.states.slice();
    const originalIndex = this.index;
    this.index = twistedNext(this.states, this.index);
    for (let i = 19932; i > 0; --i) {
      if (JUMP_COEFS.charCodeAt(i / 6 | 0) - 48 & 1 << i % 6) addState(this.states, this.index, originalStates, originalIndex);
      this.index = twistedNext(this.states, this.index);
    }
    addState(this.states, this.index, originalStates, originalIndex);
  }
};
function addState(mt, idx, originalMt, originalIdx) {
  let i = 0;
  if (originalIdx >= idx) {
    for (; i < N - originalIdx; i++) mt[i + idx] ^= originalMt[i + originalIdx];
    for (; i < N - idx; i++) mt[i + idx] ^= originalMt[i + originalIdx - N];
    for (; i < N; i++) mt[i + idx - N] ^= originalMt[i + originalIdx - N];
  } else {
    for (; i < N - idx; i++) mt[i + idx] ^= originalMt[i + originalIdx];
    for (; i < N - originalIdx; i++) mt[i + idx - N] ^= originalMt[i + originalIdx];
    for (; i < N; i++) mt[i + idx - N] ^= originalMt[i + originalIdx - N];
  }
}
function twistedNext(mt, idx) {
  if (idx < N - M) {
    const y = mt[idx] & MASK_UPPER | mt[idx + 1] & MASK_LOWER;
    mt[idx] = mt[idx + M] ^ y >>> 1 ^ -(y & 1) & A;
    return idx + 1;
  } else if (idx < N - 1) {
    const y = mt[idx] & MASK_UPPER | mt[idx + 1] & MASK_LOWER;
    mt[idx] = mt[idx + M - N] ^ y >>> 1 ^ -(y & 1) & A;
    return idx + 1;
  } else {
    const y = mt[idx] & MASK_UPPER | mt[0] & MASK_LOWER;
    mt[idx] = mt[M - 1] ^ y >>> 1 ^ -(y & 1) & A;
    return 0;
  }
}
function twist(mt) {
  for (let idx = 0; idx !== N; ++idx) twistedNext(mt, idx);
}
function mersenne(seed2) {
  const out2 = [seed2 | 0];
  for (let idx = 1; idx !== N; ++idx) {
    const xored = out2[idx - 1] ^ out2[idx - 1] >>> 30;
    out2.push(Math.imul(F, xored) + idx | 0);
  }
  twist(out2);
  return new MersenneTwister(out2, 0);
}

// ../../main/node_modules/pure-rand/lib/esm/generator/xorshift128plus.js
var jumps = [
  1667051007,
  2321340297,
  1548169110,
  304075285
];
var XorShift128Plus = class XorShift128Plus2 {
  constructor(s01, s00, s11, s10) {
    this.s01 = s01;
    this.s00 = s00;
    this.s11 = s11;
    this.s10 = s10;
  }
  clone() {
    return new XorShift128Plus2(this.s01, this.s00, this.s11, this.s10);
  }
  next() {
    const a0 = this.s00 ^ this.s00 << 23;
    const a1 = this.s01 ^ (this.s01 << 23 | this.s00 >>> 9);
    const s10 = this.s10;
    const s11 = this.s11;
    const out2 = this.s00 + s10 | 0;
    this.s01 = s11;
    this.s00 = s10;
    this.s11 = a1 ^ s11 ^ a1 >>> 18 ^ s11 >>> 5;
    this.s10 = a0 ^ s10 ^ (a0 >>> 18 | a1 << 14) ^ (s10 >>> 5 | s11 << 27);
    return out2;
  }
  jump() {
    let ns01 = 0;
    let ns00 = 0;
    let ns11 = 0;
    let ns10 = 0;
    let s01 = this.s01;
    let s00 = this.s00;
    let s11 = this.s11;
    let s10 = this.s10;
    for (let i = 0; i !== 4; ++i) {
      const ji = jumps[i];
      for (let mask = 1; mask; mask <<= 1) {
        if (ji & mask) {
          ns01 ^= s01;
          ns00 ^= s00;
          ns11 ^= s11;
          ns10 ^= s10;
        }
        const a0 = s00 ^ s00 << 23;
        const a1 = s01 ^ (s01 << 23 | s00 >>> 9);
        s01 = s11;
        s00 = s10;
        s10 = a0 ^ s10 ^ (a0 >>> 18 | a1 << 14) ^ (s10 >>> 5 | s11 << 27);
        s11 = a1 ^ s11 ^ a1 >>> 18 ^ s11 >>> 5;
      }
    }
    this.s01 = ns01;
    this.s00 = ns00;
    this.s11 = ns11;
    this.s10 = ns10;
  }
  getState() {
    return [
      this.s01,
      this.s00,
      this.s11,
      this.s10
    ];
  }
};
function xorshift128plus(seed2) {
  return new XorShift128Plus(-1, ~seed2, seed2 | 0, 0);
}

// ../../main/node_modules/pure-rand/lib/esm/generator/xoroshiro128plus.js
var jumps2 = [
  3639956645,
  3750757012,
  1261568508,
  386426335
];
var XoroShiro128Plus = class XoroShiro128Plus2 {
  constructor(s01, s00, s11, s10) {
    this.s01 = s01;
    this.s00 = s00;
    this.s11 = s11;
    this.s10 = s10;
  }
  clone() {
    return new XoroShiro128Plus2(this.s01, this.s00, this.s11, this.s10);
  }
  next() {
    const out2 = this.s00 + this.s10 | 0;
    const a0 = this.s10 ^ this.s00;
    const a1 = this.s11 ^ this.s01;
    const s00 = this.s00;
    const s01 = this.s01;
    this.s00 = s00 << 24 ^ s01 >>> 8 ^ a0 ^ a0 << 16;
    this.s01 = s01 << 24 ^ s00 >>> 8 ^ a1 ^ (a1 << 16 | a0 >>> 16);
    this.s10 = a1 << 5 ^ a0 >>> 27;
    this.s11 = a0 << 5 ^ a1 >>> 27;
    return out2;
  }
  jump() {
    let ns01 = 0;
    let ns00 = 0;
    let ns11 = 0;
    let ns10 = 0;
    let s01 = this.s01;
    let s00 = this.s00;
    let s11 = this.s11;
    let s10 = this.s10;
    for (let i = 0; i !== 4; ++i) {
      const ji = jumps2[i];
      for (let mask = 1; mask; mask <<= 1) {
        if (ji & mask) {
          ns01 ^= s01;
          ns00 ^= s00;
          ns11 ^= s11;
          ns10 ^= s10;
        }
        const a0 = s10 ^ s00;
        const a1 = s11 ^ s01;
        const s00_ = s00;
        const s01_ = s01;
        s00 = s00_ << 24 ^ s01_ >>> 8 ^ a0 ^ a0 << 16;
        s01 = s01_ << 24 ^ s00_ >>> 8 ^ a1 ^ (a1 << 16 | a0 >>> 16);
        s10 = a1 << 5 ^ a0 >>> 27;
        s11 = a0 << 5 ^ a1 >>> 27;
      }
    }
    this.s01 = ns01;
    this.s00 = ns00;
    this.s11 = ns11;
    this.s10 = ns10;
  }
  getState() {
    return [
      this.s01,
      this.s00,
      this.s11,
      this.s10
    ];
  }
};
function xoroshiro128plus(seed2) {
  return new XoroShiro128Plus(-1, ~seed2, seed2 | 0, 0);
}

// ../../main/node_modules/pure-rand/lib/esm/utils/skipN.js
function skipN(rng, num) {
  for (let idx = 0; idx !== num; ++idx) rng.next();
}

// ../../main/node_modules/pure-rand/lib/esm/distribution/uniformBigInt.js
var SBigInt = BigInt;
var NumValues = 4294967296n;
function uniformBigInt(rng, from, to) {
  const diff = to - from + 1n;
  let FinalNumValues = NumValues;
  let NumIterations = 1;
  while (FinalNumValues < diff) {
    FinalNumValues <<= 32n;
    ++NumIterations;
  }
  let value = generateNext(NumIterations, rng);
  if (value < diff) return value + from;
  if (value + diff < FinalNumValues) return value % diff + from;
  const MaxAcceptedRandom = FinalNumValues - FinalNumValues % diff;
  while (value >= MaxAcceptedRandom) value = generateNext(NumIterations, rng);
  return value % diff + from;
}
function generateNext(NumIterations, rng) {
  let value = SBigInt(rng.next() + 2147483648);
  for (let num = 1; num < NumIterations; ++num) {
    const out2 = rng.next();
    value = (value << 32n) + SBigInt(out2 + 2147483648);
  }
  return value;
}

// ../../main/node_modules/pure-rand/lib/esm/distribution/uniformInt.js
function uniformIntInternal(rng, rangeSize) {
  const MaxAllowed = rangeSize > 2 ? ~~(4294967296 / rangeSize) * rangeSize : 4294967296;
  let deltaV = rng.next() + 2147483648;
  while (deltaV >= MaxAllowed) deltaV = rng.next() + 2147483648;
  return deltaV % rangeSize;
}
function fromNumberToArrayInt64(out2, n) {
  if (n < 0) {
    const posN = -n;
    out2.sign = -1;
    out2.data[0] = ~~(posN / 4294967296);
    out2.data[1] = posN >>> 0;
  } else {
    out2.sign = 1;
    out2.data[0] = ~~(n / 4294967296);
    out2.data[1] = n >>> 0;
  }
  return out2;
}
function substractArrayInt64(out2, arrayIntA, arrayIntB) {
  const lowA = arrayIntA.data[1];
  const highA = arrayIntA.data[0];
  const signA = arrayIntA.sign;
  const lowB = arrayIntB.data[1];
  const highB = arrayIntB.data[0];
  const signB = arrayIntB.sign;
  out2.sign = 1;
  if (signA === 1 && signB === -1) {
    const low2 = lowA + lowB;
    const high = highA + highB + (low2 > 4294967295 ? 1 : 0);
    out2.data[0] = high >>> 0;
    out2.data[1] = low2 >>> 0;
    return out2;
  }
  let lowFirst = lowA;
  let highFirst = highA;
  let lowSecond = lowB;
  let highSecond = highB;
  if (signA === -1) {
    lowFirst = lowB;
    highFirst = highB;
    lowSecond = lowA;
    highSecond = highA;
  }
  let reminderLow = 0;
  let low = lowFirst - lowSecond;
  if (low < 0) {
    reminderLow = 1;
    low = low >>> 0;
  }
  out2.data[0] = highFirst - highSecond - reminderLow;
  out2.data[1] = low;
  return out2;
}
function uniformArrayIntInternal(rng, out2, rangeSize) {
  const maxIndex0 = rangeSize[0] + 1;
  out2[0] = uniformIntInternal(rng, maxIndex0);
  out2[1] = uniformIntInternal(rng, 4294967296);
  while (out2[0] >= rangeSize[0] && (out2[0] !== rangeSize[0] || out2[1] >= rangeSize[1])) {
    out2[0] = uniformIntInternal(rng, maxIndex0);
    out2[1] = uniformIntInternal(rng, 4294967296);
  }
  return out2;
}
var safeNumberMaxSafeInteger = Number.MAX_SAFE_INTEGER;
var sharedA = {
  sign: 1,
  data: [0, 0]
};
var sharedB = {
  sign: 1,
  data: [0, 0]
};
var sharedC = {
  sign: 1,
  data: [0, 0]
};
var sharedData = [0, 0];
function uniformLargeIntInternal(rng, from, to, rangeSize) {
  const rangeSizeArrayIntValue = rangeSize <= safeNumberMaxSafeInteger ? fromNumberToArrayInt64(sharedC, rangeSize) : substractArrayInt64(sharedC, fromNumberToArrayInt64(sharedA, to), fromNumberToArrayInt64(sharedB, from));
  if (rangeSizeArrayIntValue.data[1] === 4294967295) {
    rangeSizeArrayIntValue.data[0] += 1;
    rangeSizeArrayIntValue.data[1] = 0;
  } else rangeSizeArrayIntValue.data[1] += 1;
  uniformArrayIntInternal(rng, sharedData, rangeSizeArrayIntValue.data);
  return sharedData[0] * 4294967296 + sharedData[1] + from;
}
function uniformInt(rng, from, to) {
  const rangeSize = to - from;
  if (rangeSize <= 4294967295) return uniformIntInternal(rng, rangeSize + 1) + from;
  return uniformLargeIntInternal(rng, from, to, rangeSize);
}

// ../../main/node_modules/fast-check/lib/fast-check.js
var SharedFootPrint = /* @__PURE__ */ Symbol.for("fast-check/PreconditionFailure");
var PreconditionFailure = class extends Error {
  constructor(interruptExecution = false) {
    super();
    this.interruptExecution = interruptExecution;
    this.footprint = SharedFootPrint;
  }
  static isFailure(err) {
    return err !== null && err !== void 0 && err.footprint === SharedFootPrint;
  }
};
function pre(expectTruthy) {
  if (!expectTruthy) throw new PreconditionFailure();
}
var Nil = class {
  [Symbol.iterator]() {
    return this;
  }
  next(value) {
    return {
      value,
      done: true
    };
  }
};
var nil = new Nil();
function nilHelper() {
  return nil;
}
function* mapHelper(g, f2) {
  for (const v of g) yield f2(v);
}
function* flatMapHelper(g, f2) {
  for (const v of g) yield* f2(v);
}
function* filterHelper(g, f2) {
  for (const v of g) if (f2(v)) yield v;
}
function* takeNHelper(g, n) {
  for (let i = 0; i < n; ++i) {
    const cur = g.next();
    if (cur.done) break;
    yield cur.value;
  }
}
function* takeWhileHelper(g, f2) {
  let cur = g.next();
  while (!cur.done && f2(cur.value)) {
    yield cur.value;
    cur = g.next();
  }
}
function* joinHelper(g, others) {
  for (let cur = g.next(); !cur.done; cur = g.next()) yield cur.value;
  for (const s of others) for (let cur = s.next(); !cur.done; cur = s.next()) yield cur.value;
}
var safeSymbolIterator$1 = Symbol.iterator;
var Stream = class Stream2 {
  /**
  * Create an empty stream of T
  * @remarks Since 0.0.1
  */
  static nil() {
    return new Stream2(nilHelper());
  }
  /**
  * Create a stream of T from a variable number of elements
  *
  * @param elements - Elements used to create the Stream
  * @remarks Since 2.12.0
  */
  static of(...elements) {
    return new Stream2(elements[safeSymbolIterator$1]());
  }
  /**
  * Create a Stream based on `g`
  * @param g - Underlying data of the Stream
  */
  constructor(g) {
    this.g = g;
  }
  next() {
    return this.g.next();
  }
  [Symbol.iterator]() {
    return this.g;
  }
  /**
  * Map all elements of the Stream using `f`
  *
  * WARNING: It closes the current stream
  *
  * @param f - Mapper function
  * @remarks Since 0.0.1
  */
  map(f2) {
    return new Stream2(mapHelper(this.g, f2));
  }
  /**
  * Flat map all elements of the Stream using `f`
  *
  * WARNING: It closes the current stream
  *
  * @param f - Mapper function
  * @remarks Since 0.0.1
  */
  flatMap(f2) {
    return new Stream2(flatMapHelper(this.g, f2));
  }
  /**
  * Drop elements from the Stream while `f(element) === true`
  *
  * WARNING: It closes the current stream
  *
  * @param f - Drop condition
  * @remarks Since 0.0.1
  */
  dropWhile(f2) {
    let foundEligible = false;
    function* helper(v) {
      if (foundEligible || !f2(v)) {
        foundEligible = true;
        yield v;
      }
    }
    return this.flatMap(helper);
  }
  /**
  * Drop `n` first elements of the Stream
  *
  * WARNING: It closes the current stream
  *
  * @param n - Number of elements to drop
  * @remarks Since 0.0.1
  */
  drop(n) {
    if (n <= 0) return this;
    let idx = 0;
    function helper() {
      return idx++ < n;
    }
    return this.dropWhile(helper);
  }
  /**
  * Take elements from the Stream while `f(element) === true`
  *
  * WARNING: It closes the current stream
  *
  * @param f - Take condition
  * @remarks Since 0.0.1
  */
  takeWhile(f2) {
    return new Stream2(takeWhileHelper(this.g, f2));
  }
  /**
  * Take `n` first elements of the Stream
  *
  * WARNING: It closes the current stream
  *
  * @param n - Number of elements to take
  * @remarks Since 0.0.1
  */
  take(n) {
    return new Stream2(takeNHelper(this.g, n));
  }
  filter(f2) {
    return new Stream2(filterHelper(this.g, f2));
  }
  /**
  * Check whether all elements of the Stream are successful for `f`
  *
  * WARNING: It closes the current stream
  *
  * @param f - Condition to check
  * @remarks Since 0.0.1
  */
  every(f2) {
    for (const v of this.g) if (!f2(v)) return false;
    return true;
  }
  /**
  * Check whether one of the elements of the Stream is successful for `f`
  *
  * WARNING: It closes the current stream
  *
  * @param f - Condition to check
  * @remarks Since 0.0.1
  */
  has(f2) {
    for (const v of this.g) if (f2(v)) return [true, v];
    return [false, null];
  }
  /**
  * Join `others` Stream to the current Stream
  *
  * WARNING: It closes the current stream and the other ones (as soon as it iterates over them)
  *
  * @param others - Streams to join to the current Stream
  * @remarks Since 0.0.1
  */
  join(...others) {
    return new Stream2(joinHelper(this.g, others));
  }
  /**
  * Take the `nth` element of the Stream of the last (if it does not exist)
  *
  * WARNING: It closes the current stream
  *
  * @param nth - Position of the element to extract
  * @remarks Since 0.0.12
  */
  getNthOrLast(nth) {
    let remaining = nth;
    let last = null;
    for (const v of this.g) {
      if (remaining-- === 0) return v;
      last = v;
    }
    return last;
  }
};
function stream(g) {
  return new Stream(g);
}
var cloneMethod = /* @__PURE__ */ Symbol.for("fast-check/cloneMethod");
function hasCloneMethod(instance2) {
  return instance2 !== null && (typeof instance2 === "object" || typeof instance2 === "function") && cloneMethod in instance2 && typeof instance2[cloneMethod] === "function";
}
function cloneIfNeeded(instance2) {
  return hasCloneMethod(instance2) ? instance2[cloneMethod]() : instance2;
}
var safeObjectDefineProperty$4 = Object.defineProperty;
var Value = class {
  /**
  * @param value_ - Internal value of the shrinkable
  * @param context - Context associated to the generated value (useful for shrink)
  * @param customGetValue - Limited to internal usages (to ease migration to next), it will be removed on next major
  */
  constructor(value_, context2, customGetValue) {
    this.value_ = value_;
    this.context = context2;
    this.hasToBeCloned = customGetValue !== void 0 || hasCloneMethod(value_);
    this.readOnce = false;
    this.value = value_;
    if (this.hasToBeCloned) safeObjectDefineProperty$4(this, "value", {
      get: customGetValue !== void 0 ? customGetValue : this.getValue,
      enumerable: false,
      configurable: false
    });
  }
  /** @internal */
  getValue() {
    if (this.hasToBeCloned) {
      if (!this.readOnce) {
        this.readOnce = true;
        return this.value_;
      }
      return this.value_[cloneMethod]();
    }
    return this.value_;
  }
};
var Arbitrary = class {
  filter(refinement) {
    return new FilterArbitrary(this, refinement);
  }
  /**
  * Create another arbitrary by mapping all produced values using the provided `mapper`
  * Values produced by the new arbitrary are the result of applying `mapper` value by value
  *
  * @example
  * ```typescript
  * const rgbChannels: Arbitrary<{r:number,g:number,b:number}> = ...;
  * const color: Arbitrary<string> = rgbChannels.map(ch => `#${(ch.r*65536 + ch.g*256 + ch.b).toString(16).padStart(6, '0')}`);
  * // transform an Arbitrary producing {r,g,b} integers into an Arbitrary of '#rrggbb'
  * ```
  *
  * @param mapper - Map function, to produce a new element based on an old one
  * @param unmapper - Optional unmap function, it will never be used except when shrinking user defined values. Must throw if value is not compatible (since 3.0.0)
  * @returns New arbitrary with mapped elements
  *
  * @remarks Since 0.0.1
  */
  map(mapper, unmapper) {
    return new MapArbitrary(this, mapper, unmapper);
  }
  /**
  * Create another arbitrary by mapping a value from a base Arbirary using the provided `fmapper`
  * Values produced by the new arbitrary are the result of the arbitrary generated by applying `fmapper` to a value
  * @example
  * ```typescript
  * const arrayAndLimitArbitrary = fc.nat().chain((c: number) => fc.tuple( fc.array(fc.nat(c)), fc.constant(c)));
  * ```
  *
  * @param chainer - Chain function, to produce a new Arbitrary using a value from another Arbitrary
  * @returns New arbitrary of new type
  *
  * @remarks Since 1.2.0
  */
  chain(chainer) {
    return new ChainArbitrary(this, chainer);
  }
};
var ChainArbitrary = class extends Arbitrary {
  constructor(arb, chainer) {
    super();
    this.arb = arb;
    this.chainer = chainer;
  }
  generate(mrng, biasFactor) {
    const clonedMrng = mrng.clone();
    const src = this.arb.generate(mrng, biasFactor);
    return this.valueChainer(src, mrng, clonedMrng, biasFactor);
  }
  canShrinkWithoutContext(_value) {
    return false;
  }
  shrink(value, context2) {
    if (this.isSafeContext(context2)) return (!context2.stoppedForOriginal ? this.arb.shrink(context2.originalValue, context2.originalContext).map((v) => this.valueChainer(v, context2.clonedMrng.clone(), context2.clonedMrng, context2.originalBias)) : Stream.nil()).join(context2.chainedArbitrary.shrink(value, context2.chainedContext).map((dst) => {
      const newContext = {
        ...context2,
        chainedContext: dst.context,
        stoppedForOriginal: true
      };
      return new Value(dst.value_, newContext);
    }));
    return Stream.nil();
  }
  valueChainer(v, generateMrng, clonedMrng, biasFactor) {
    const chainedArbitrary = this.chainer(v.value_);
    const dst = chainedArbitrary.generate(generateMrng, biasFactor);
    const context2 = {
      originalBias: biasFactor,
      originalValue: v.value_,
      originalContext: v.context,
      stoppedForOriginal: false,
      chainedArbitrary,
      chainedContext: dst.context,
      clonedMrng
    };
    return new Value(dst.value_, context2);
  }
  isSafeContext(context2) {
    return context2 !== null && context2 !== void 0 && typeof context2 === "object" && "originalBias" in context2 && "originalValue" in context2 && "originalContext" in context2 && "stoppedForOriginal" in context2 && "chainedArbitrary" in context2 && "chainedContext" in context2 && "clonedMrng" in context2;
  }
};
function mapperWithCloneIfNeeded(v, mapper) {
  const sourceValue = v.value;
  const mappedValue = mapper(sourceValue);
  if (v.hasToBeCloned && (typeof mappedValue === "object" && mappedValue !== null || typeof mappedValue === "function") && Object.isExtensible(mappedValue) && !hasCloneMethod(mappedValue)) Object.defineProperty(mappedValue, cloneMethod, { get: () => () => mapperWithCloneIfNeeded(v, mapper)[0] });
  return [mappedValue, sourceValue];
}
function valueMapper(v, mapper) {
  const [mappedValue, sourceValue] = mapperWithCloneIfNeeded(v, mapper);
  return new Value(mappedValue, {
    originalValue: sourceValue,
    originalContext: v.context
  });
}
var MapArbitrary = class extends Arbitrary {
  constructor(arb, mapper, unmapper) {
    super();
    this.arb = arb;
    this.mapper = mapper;
    this.unmapper = unmapper;
    this.bindValueMapper = (v) => valueMapper(v, mapper);
  }
  generate(mrng, biasFactor) {
    const g = this.arb.generate(mrng, biasFactor);
    if (!g.hasToBeCloned) {
      const sourceValue = g.value;
      return new Value(this.mapper(sourceValue), {
        originalValue: sourceValue,
        originalContext: g.context
      });
    }
    return valueMapper(g, this.mapper);
  }
  canShrinkWithoutContext(value) {
    if (this.unmapper !== void 0) try {
      const unmapped = this.unmapper(value);
      return this.arb.canShrinkWithoutContext(unmapped);
    } catch {
      return false;
    }
    return false;
  }
  shrink(value, context2) {
    if (this.isSafeContext(context2)) return this.arb.shrink(context2.originalValue, context2.originalContext).map(this.bindValueMapper);
    if (this.unmapper !== void 0) {
      const unmapped = this.unmapper(value);
      return this.arb.shrink(unmapped, void 0).map(this.bindValueMapper);
    }
    return Stream.nil();
  }
  isSafeContext(context2) {
    return context2 !== null && context2 !== void 0 && typeof context2 === "object" && "originalValue" in context2 && "originalContext" in context2;
  }
};
var FilterArbitrary = class extends Arbitrary {
  constructor(arb, refinement) {
    super();
    this.arb = arb;
    this.refinement = refinement;
    this.bindRefinementOnValue = (v) => this.refinementOnValue(v);
  }
  generate(mrng, biasFactor) {
    while (true) {
      const g = this.arb.generate(mrng, biasFactor);
      if (this.refinementOnValue(g)) return g;
    }
  }
  canShrinkWithoutContext(value) {
    return this.arb.canShrinkWithoutContext(value) && this.refinement(value);
  }
  shrink(value, context2) {
    return this.arb.shrink(value, context2).filter(this.bindRefinementOnValue);
  }
  refinementOnValue(v) {
    return this.refinement(v.value);
  }
};
function isArbitrary(instance2) {
  return typeof instance2 === "object" && instance2 !== null && "generate" in instance2 && "shrink" in instance2 && "canShrinkWithoutContext" in instance2;
}
function assertIsArbitrary(instance2) {
  if (!isArbitrary(instance2)) throw new Error("Unexpected value received: not an instance of Arbitrary");
}
var untouchedApply = Function.prototype.apply;
var ApplySymbol = /* @__PURE__ */ Symbol("apply");
function safeExtractApply(f2) {
  try {
    return f2.apply;
  } catch {
    return;
  }
}
function safeApplyHacky(f2, instance2, args) {
  const ff = f2;
  ff[ApplySymbol] = untouchedApply;
  const out2 = ff[ApplySymbol](instance2, args);
  delete ff[ApplySymbol];
  return out2;
}
function safeApply(f2, instance2, args) {
  if (safeExtractApply(f2) === untouchedApply) return f2.apply(instance2, args);
  return safeApplyHacky(f2, instance2, args);
}
var SArray = Array;
var SBigInt2 = BigInt;
var SBigInt64Array = BigInt64Array;
var SBigUint64Array = BigUint64Array;
var SBoolean = Boolean;
var SDate = Date;
var SError = Error;
var SFloat32Array = Float32Array;
var SFloat64Array = Float64Array;
var SInt8Array = Int8Array;
var SInt16Array = Int16Array;
var SInt32Array = Int32Array;
var SNumber = Number;
var SString = String;
var SSet = Set;
var SUint8Array = Uint8Array;
var SUint8ClampedArray = Uint8ClampedArray;
var SUint16Array = Uint16Array;
var SUint32Array = Uint32Array;
var SencodeURIComponent = encodeURIComponent;
var SMap$2 = Map;
var SSymbol = Symbol;
var untouchedForEach = Array.prototype.forEach;
var untouchedIndexOf = Array.prototype.indexOf;
var untouchedJoin = Array.prototype.join;
var untouchedMap = Array.prototype.map;
var untouchedReduce = Array.prototype.reduce;
var untouchedFlat = Array.prototype.flat;
var untouchedFilter = Array.prototype.filter;
var untouchedPush = Array.prototype.push;
var untouchedPop = Array.prototype.pop;
var untouchedSplice = Array.prototype.splice;
var untouchedSlice = Array.prototype.slice;
var untouchedSort = Array.prototype.sort;
var untouchedEvery = Array.prototype.every;
function extractForEach(instance2) {
  try {
    return instance2.forEach;
  } catch {
    return;
  }
}
function extractIndexOf(instance2) {
  try {
    return instance2.indexOf;
  } catch {
    return;
  }
}
function extractJoin(instance2) {
  try {
    return instance2.join;
  } catch {
    return;
  }
}
function extractMap(instance2) {
  try {
    return instance2.map;
  } catch {
    return;
  }
}
function extractReduce(instance2) {
  try {
    return instance2.reduce;
  } catch {
    return;
  }
}
function extractFlat(instance2) {
  try {
    return instance2.flat;
  } catch {
    return;
  }
}
function extractFilter(instance2) {
  try {
    return instance2.filter;
  } catch {
    return;
  }
}
function extractPush(instance2) {
  try {
    return instance2.push;
  } catch {
    return;
  }
}
function extractPop(instance2) {
  try {
    return instance2.pop;
  } catch {
    return;
  }
}
function extractSplice(instance2) {
  try {
    return instance2.splice;
  } catch {
    return;
  }
}
function extractSlice(instance2) {
  try {
    return instance2.slice;
  } catch {
    return;
  }
}
function extractSort(instance2) {
  try {
    return instance2.sort;
  } catch {
    return;
  }
}
function extractEvery(instance2) {
  try {
    return instance2.every;
  } catch {
    return;
  }
}
function safeForEach(instance2, fn) {
  if (extractForEach(instance2) === untouchedForEach) return instance2.forEach(fn);
  return safeApply(untouchedForEach, instance2, [fn]);
}
function safeIndexOf(instance2, ...args) {
  if (extractIndexOf(instance2) === untouchedIndexOf) return instance2.indexOf(...args);
  return safeApply(untouchedIndexOf, instance2, args);
}
function safeJoin(instance2, ...args) {
  if (extractJoin(instance2) === untouchedJoin) return instance2.join(...args);
  return safeApply(untouchedJoin, instance2, args);
}
function safeMap(instance2, fn) {
  if (extractMap(instance2) === untouchedMap) return instance2.map(fn);
  return safeApply(untouchedMap, instance2, [fn]);
}
function safeReduce(instance2, fn, initialValue) {
  if (extractReduce(instance2) === untouchedReduce) return instance2.reduce(fn, initialValue);
  return safeApply(untouchedReduce, instance2, [fn, initialValue]);
}
function safeFlat(instance2, depth) {
  if (extractFlat(instance2) === untouchedFlat) {
    [].flat();
    return instance2.flat(depth);
  }
  return safeApply(untouchedFlat, instance2, [depth]);
}
function safeFilter(instance2, predicate) {
  if (extractFilter(instance2) === untouchedFilter) return instance2.filter(predicate);
  return safeApply(untouchedFilter, instance2, [predicate]);
}
function safePush(instance2, ...args) {
  if (extractPush(instance2) === untouchedPush) return instance2.push(...args);
  return safeApply(untouchedPush, instance2, args);
}
function safePop$1(instance2) {
  if (extractPop(instance2) === untouchedPop) return instance2.pop();
  return safeApply(untouchedPop, instance2, []);
}
function safeSplice(instance2, ...args) {
  if (extractSplice(instance2) === untouchedSplice) return instance2.splice(...args);
  return safeApply(untouchedSplice, instance2, args);
}
function safeSlice(instance2, ...args) {
  if (extractSlice(instance2) === untouchedSlice) return instance2.slice(...args);
  return safeApply(untouchedSlice, instance2, args);
}
function safeSort(instance2, ...args) {
  if (extractSort(instance2) === untouchedSort) return instance2.sort(...args);
  return safeApply(untouchedSort, instance2, args);
}
function safeEvery(instance2, ...args) {
  if (extractEvery(instance2) === untouchedEvery) return instance2.every(...args);
  return safeApply(untouchedEvery, instance2, args);
}
var untouchedGetTime = Date.prototype.getTime;
var untouchedToISOString = Date.prototype.toISOString;
function extractGetTime(instance2) {
  try {
    return instance2.getTime;
  } catch {
    return;
  }
}
function extractToISOString(instance2) {
  try {
    return instance2.toISOString;
  } catch {
    return;
  }
}
function safeGetTime(instance2) {
  if (extractGetTime(instance2) === untouchedGetTime) return instance2.getTime();
  return safeApply(untouchedGetTime, instance2, []);
}
function safeToISOString(instance2) {
  if (extractToISOString(instance2) === untouchedToISOString) return instance2.toISOString();
  return safeApply(untouchedToISOString, instance2, []);
}
var untouchedAdd = Set.prototype.add;
var untouchedHas = Set.prototype.has;
function extractAdd(instance2) {
  try {
    return instance2.add;
  } catch {
    return;
  }
}
function extractHas(instance2) {
  try {
    return instance2.has;
  } catch (err) {
    return;
  }
}
function safeAdd(instance2, value) {
  if (extractAdd(instance2) === untouchedAdd) return instance2.add(value);
  return safeApply(untouchedAdd, instance2, [value]);
}
function safeHas(instance2, value) {
  if (extractHas(instance2) === untouchedHas) return instance2.has(value);
  return safeApply(untouchedHas, instance2, [value]);
}
var untouchedSet = WeakMap.prototype.set;
var untouchedGet = WeakMap.prototype.get;
function extractSet(instance2) {
  try {
    return instance2.set;
  } catch (err) {
    return;
  }
}
function extractGet(instance2) {
  try {
    return instance2.get;
  } catch (err) {
    return;
  }
}
function safeSet(instance2, key, value) {
  if (extractSet(instance2) === untouchedSet) return instance2.set(key, value);
  return safeApply(untouchedSet, instance2, [key, value]);
}
function safeGet(instance2, key) {
  if (extractGet(instance2) === untouchedGet) return instance2.get(key);
  return safeApply(untouchedGet, instance2, [key]);
}
var untouchedMapSet = Map.prototype.set;
var untouchedMapGet = Map.prototype.get;
var untouchedMapHas = Map.prototype.has;
function extractMapSet(instance2) {
  try {
    return instance2.set;
  } catch (err) {
    return;
  }
}
function extractMapGet(instance2) {
  try {
    return instance2.get;
  } catch (err) {
    return;
  }
}
function extractMapHas(instance2) {
  try {
    return instance2.has;
  } catch (err) {
    return;
  }
}
function safeMapSet(instance2, key, value) {
  if (extractMapSet(instance2) === untouchedMapSet) return instance2.set(key, value);
  return safeApply(untouchedMapSet, instance2, [key, value]);
}
function safeMapGet(instance2, key) {
  if (extractMapGet(instance2) === untouchedMapGet) return instance2.get(key);
  return safeApply(untouchedMapGet, instance2, [key]);
}
function safeMapHas(instance2, key) {
  if (extractMapHas(instance2) === untouchedMapHas) return instance2.has(key);
  return safeApply(untouchedMapHas, instance2, [key]);
}
var untouchedSplit = String.prototype.split;
var untouchedStartsWith = String.prototype.startsWith;
var untouchedEndsWith = String.prototype.endsWith;
var untouchedSubstring = String.prototype.substring;
var untouchedToLowerCase = String.prototype.toLowerCase;
var untouchedToUpperCase = String.prototype.toUpperCase;
var untouchedPadStart = String.prototype.padStart;
var untouchedCharCodeAt = String.prototype.charCodeAt;
var untouchedCodePointAt = String.prototype.codePointAt;
var untouchedNormalize = String.prototype.normalize;
var untouchedReplace = String.prototype.replace;
function extractSplit(instance2) {
  try {
    return instance2.split;
  } catch {
    return;
  }
}
function extractStartsWith(instance2) {
  try {
    return instance2.startsWith;
  } catch {
    return;
  }
}
function extractEndsWith(instance2) {
  try {
    return instance2.endsWith;
  } catch {
    return;
  }
}
function extractSubstring(instance2) {
  try {
    return instance2.substring;
  } catch {
    return;
  }
}
function extractToLowerCase(instance2) {
  try {
    return instance2.toLowerCase;
  } catch {
    return;
  }
}
function extractToUpperCase(instance2) {
  try {
    return instance2.toUpperCase;
  } catch {
    return;
  }
}
function extractPadStart(instance2) {
  try {
    return instance2.padStart;
  } catch {
    return;
  }
}
function extractCharCodeAt(instance2) {
  try {
    return instance2.charCodeAt;
  } catch {
    return;
  }
}
function extractCodePointAt(instance2) {
  try {
    return instance2.codePointAt;
  } catch {
    return;
  }
}
function extractNormalize(instance2) {
  try {
    return instance2.normalize;
  } catch (err) {
    return;
  }
}
function extractReplace(instance2) {
  try {
    return instance2.replace;
  } catch {
    return;
  }
}
function safeSplit(instance2, ...args) {
  if (extractSplit(instance2) === untouchedSplit) return instance2.split(...args);
  return safeApply(untouchedSplit, instance2, args);
}
function safeStartsWith(instance2, ...args) {
  if (extractStartsWith(instance2) === untouchedStartsWith) return instance2.startsWith(...args);
  return safeApply(untouchedStartsWith, instance2, args);
}
function safeEndsWith(instance2, ...args) {
  if (extractEndsWith(instance2) === untouchedEndsWith) return instance2.endsWith(...args);
  return safeApply(untouchedEndsWith, instance2, args);
}
function safeSubstring(instance2, ...args) {
  if (extractSubstring(instance2) === untouchedSubstring) return instance2.substring(...args);
  return safeApply(untouchedSubstring, instance2, args);
}
function safeToLowerCase(instance2) {
  if (extractToLowerCase(instance2) === untouchedToLowerCase) return instance2.toLowerCase();
  return safeApply(untouchedToLowerCase, instance2, []);
}
function safeToUpperCase(instance2) {
  if (extractToUpperCase(instance2) === untouchedToUpperCase) return instance2.toUpperCase();
  return safeApply(untouchedToUpperCase, instance2, []);
}
function safePadStart(instance2, ...args) {
  if (extractPadStart(instance2) === untouchedPadStart) return instance2.padStart(...args);
  return safeApply(untouchedPadStart, instance2, args);
}
function safeCharCodeAt(instance2, index) {
  if (extractCharCodeAt(instance2) === untouchedCharCodeAt) return instance2.charCodeAt(index);
  return safeApply(untouchedCharCodeAt, instance2, [index]);
}
function safeCodePointAt(instance2, index) {
  if (extractCodePointAt(instance2) === untouchedCodePointAt) return instance2.codePointAt(index);
  return safeApply(untouchedCodePointAt, instance2, [index]);
}
function safeNormalize(instance2, form) {
  if (extractNormalize(instance2) === untouchedNormalize) return instance2.normalize(form);
  return safeApply(untouchedNormalize, instance2, [form]);
}
function safeReplace(instance2, pattern, replacement) {
  if (extractReplace(instance2) === untouchedReplace) return instance2.replace(pattern, replacement);
  return safeApply(untouchedReplace, instance2, [pattern, replacement]);
}
var untouchedNumberToString = Number.prototype.toString;
function extractNumberToString(instance2) {
  try {
    return instance2.toString;
  } catch {
    return;
  }
}
function safeNumberToString(instance2, ...args) {
  if (extractNumberToString(instance2) === untouchedNumberToString) return instance2.toString(...args);
  return safeApply(untouchedNumberToString, instance2, args);
}
var untouchedHasOwnProperty = Object.prototype.hasOwnProperty;
var untouchedToString = Object.prototype.toString;
function safeHasOwnProperty(instance2, v) {
  return safeApply(untouchedHasOwnProperty, instance2, [v]);
}
function safeToString(instance2) {
  return safeApply(untouchedToString, instance2, []);
}
var untouchedErrorToString = Error.prototype.toString;
function safeErrorToString(instance2) {
  return safeApply(untouchedErrorToString, instance2, []);
}
var LazyIterableIterator = class {
  constructor(producer) {
    this.producer = producer;
  }
  [Symbol.iterator]() {
    if (this.it === void 0) this.it = this.producer();
    return this.it;
  }
  next() {
    if (this.it === void 0) this.it = this.producer();
    return this.it.next();
  }
};
function makeLazy(producer) {
  return new LazyIterableIterator(producer);
}
var safeArrayIsArray$4 = Array.isArray;
var safeObjectDefineProperty$3 = Object.defineProperty;
function tupleMakeItCloneable(vs, ctxs, values2) {
  return safeObjectDefineProperty$3(vs, cloneMethod, { value: () => {
    const cloned = [];
    for (let idx = 0; idx !== values2.length; ++idx) {
      let current = values2[idx];
      if (current === void 0) current = new Value(vs[idx], ctxs[idx]);
      safePush(cloned, current.value);
    }
    tupleMakeItCloneable(cloned, ctxs, values2);
    return cloned;
  } });
}
function tupleShrink(arbs, value, context2) {
  const shrinks = [];
  const safeContext = safeArrayIsArray$4(context2) ? context2 : [];
  for (let idx = 0; idx !== arbs.length; ++idx) safePush(shrinks, makeLazy(() => arbs[idx].shrink(value[idx], safeContext[idx]).map((v) => {
    let cloneable = false;
    const vs = [];
    const ctxs = [];
    const mapped = [];
    for (let nestedIdx = 0; nestedIdx !== arbs.length; ++nestedIdx) {
      const nestedV = nestedIdx === idx ? v : new Value(cloneIfNeeded(value[nestedIdx]), safeContext[nestedIdx]);
      if (nestedV.hasToBeCloned) {
        cloneable = true;
        mapped[nestedIdx] = nestedV;
      }
      safePush(vs, nestedV.value);
      safePush(ctxs, nestedV.context);
    }
    if (cloneable) tupleMakeItCloneable(vs, ctxs, mapped);
    return new Value(vs, ctxs);
  })));
  return Stream.nil().join(...shrinks);
}
var TupleArbitrary = class extends Arbitrary {
  constructor(arbs) {
    super();
    this.arbs = arbs;
    for (let idx = 0; idx !== arbs.length; ++idx) {
      const arb = arbs[idx];
      if (arb === null || arb === void 0 || arb.generate === null || arb.generate === void 0) throw new Error(`Invalid parameter encountered at index ${idx}: expecting an Arbitrary`);
    }
  }
  generate(mrng, biasFactor) {
    let cloneable = false;
    const vs = [];
    const ctxs = [];
    const mapped = [];
    for (let idx = 0; idx !== this.arbs.length; ++idx) {
      const v = this.arbs[idx].generate(mrng, biasFactor);
      if (v.hasToBeCloned) {
        cloneable = true;
        mapped[idx] = v;
      }
      safePush(vs, v.value);
      safePush(ctxs, v.context);
    }
    if (cloneable) tupleMakeItCloneable(vs, ctxs, mapped);
    return new Value(vs, ctxs);
  }
  canShrinkWithoutContext(value) {
    if (!safeArrayIsArray$4(value) || value.length !== this.arbs.length) return false;
    for (let index = 0; index !== this.arbs.length; ++index) if (!this.arbs[index].canShrinkWithoutContext(value[index])) return false;
    return true;
  }
  shrink(value, context2) {
    return tupleShrink(this.arbs, value, context2);
  }
};
function tuple(...arbs) {
  return new TupleArbitrary(arbs);
}
var safeMathLog$3 = Math.log;
function runIdToFrequency(runId) {
  return 2 + ~~(safeMathLog$3(runId + 1) * 0.4342944819032518);
}
var globalParameters = {};
function configureGlobal(parameters) {
  globalParameters = parameters;
}
function readConfigureGlobal() {
  return globalParameters;
}
function resetConfigureGlobal() {
  globalParameters = {};
}
var UndefinedContextPlaceholder = /* @__PURE__ */ Symbol("UndefinedContextPlaceholder");
function noUndefinedAsContext(value) {
  if (value.context !== void 0) return value;
  if (value.hasToBeCloned) return new Value(value.value_, UndefinedContextPlaceholder, () => value.value);
  return new Value(value.value_, UndefinedContextPlaceholder);
}
var dummyHook$1 = () => {
};
var AsyncProperty = class {
  constructor(arb, predicate) {
    this.arb = arb;
    this.predicate = predicate;
    const { asyncBeforeEach, asyncAfterEach, beforeEach: beforeEach2, afterEach: afterEach2 } = readConfigureGlobal() || {};
    if (asyncBeforeEach !== void 0 && beforeEach2 !== void 0) throw SError(`Global "asyncBeforeEach" and "beforeEach" parameters can't be set at the same time when running async properties`);
    if (asyncAfterEach !== void 0 && afterEach2 !== void 0) throw SError(`Global "asyncAfterEach" and "afterEach" parameters can't be set at the same time when running async properties`);
    this.beforeEachHook = asyncBeforeEach || beforeEach2 || dummyHook$1;
    this.afterEachHook = asyncAfterEach || afterEach2 || dummyHook$1;
  }
  isAsync() {
    return true;
  }
  generate(mrng, runId) {
    return noUndefinedAsContext(this.arb.generate(mrng, runId !== void 0 ? runIdToFrequency(runId) : void 0));
  }
  shrink(value) {
    if (value.context === void 0 && !this.arb.canShrinkWithoutContext(value.value_)) return Stream.nil();
    const safeContext = value.context !== UndefinedContextPlaceholder ? value.context : void 0;
    return this.arb.shrink(value.value_, safeContext).map(noUndefinedAsContext);
  }
  async runBeforeEach() {
    await this.beforeEachHook();
  }
  async runAfterEach() {
    await this.afterEachHook();
  }
  async run(v) {
    try {
      const output = await this.predicate(v);
      return output === void 0 || output === true ? null : { error: new SError("Property failed by returning false") };
    } catch (err) {
      if (PreconditionFailure.isFailure(err)) return err;
      return { error: err };
    }
  }
  /**
  * Define a function that should be called before all calls to the predicate
  * @param hookFunction - Function to be called
  * @deprecated Prefer the life-cycle plugins: `fc.assert(property, { plugins: [fc.beforeEach(fn)] })`
  */
  beforeEach(hookFunction) {
    const previousBeforeEachHook = this.beforeEachHook;
    this.beforeEachHook = () => hookFunction(previousBeforeEachHook);
    return this;
  }
  /**
  * Define a function that should be called after all calls to the predicate
  * @param hookFunction - Function to be called
  * @deprecated Prefer the life-cycle plugins: `fc.assert(property, { plugins: [fc.afterEach(fn)] })`
  */
  afterEach(hookFunction) {
    const previousAfterEachHook = this.afterEachHook;
    this.afterEachHook = () => hookFunction(previousAfterEachHook);
    return this;
  }
};
var AlwaysShrinkableArbitrary = class extends Arbitrary {
  constructor(arb) {
    super();
    this.arb = arb;
  }
  generate(mrng, biasFactor) {
    return noUndefinedAsContext(this.arb.generate(mrng, biasFactor));
  }
  canShrinkWithoutContext(_value) {
    return true;
  }
  shrink(value, context2) {
    if (context2 === void 0 && !this.arb.canShrinkWithoutContext(value)) return Stream.nil();
    const safeContext = context2 !== UndefinedContextPlaceholder ? context2 : void 0;
    return this.arb.shrink(value, safeContext).map(noUndefinedAsContext);
  }
};
function asyncProperty(...args) {
  if (args.length < 2) throw new Error("asyncProperty expects at least two parameters");
  const arbs = safeSlice(args, 0, args.length - 1);
  const p = args[args.length - 1];
  safeForEach(arbs, assertIsArbitrary);
  return new AsyncProperty(tuple(...safeMap(arbs, (arb) => new AlwaysShrinkableArbitrary(arb))), (t) => p(...t));
}
var dummyHook = () => {
};
var Property = class {
  constructor(arb, predicate) {
    this.arb = arb;
    this.predicate = predicate;
    const { beforeEach: beforeEach2 = dummyHook, afterEach: afterEach2 = dummyHook, asyncBeforeEach, asyncAfterEach } = readConfigureGlobal() || {};
    if (asyncBeforeEach !== void 0) throw SError(`"asyncBeforeEach" can't be set when running synchronous properties`);
    if (asyncAfterEach !== void 0) throw SError(`"asyncAfterEach" can't be set when running synchronous properties`);
    this.beforeEachHook = beforeEach2;
    this.afterEachHook = afterEach2;
  }
  isAsync() {
    return false;
  }
  generate(mrng, runId) {
    return noUndefinedAsContext(this.arb.generate(mrng, runId !== void 0 ? runIdToFrequency(runId) : void 0));
  }
  shrink(value) {
    if (value.context === void 0 && !this.arb.canShrinkWithoutContext(value.value_)) return Stream.nil();
    const safeContext = value.context !== UndefinedContextPlaceholder ? value.context : void 0;
    return this.arb.shrink(value.value_, safeContext).map(noUndefinedAsContext);
  }
  runBeforeEach() {
    this.beforeEachHook();
  }
  runAfterEach() {
    this.afterEachHook();
  }
  run(v) {
    try {
      const output = this.predicate(v);
      return output === void 0 || output === true ? null : { error: new SError("Property failed by returning false") };
    } catch (err) {
      if (PreconditionFailure.isFailure(err)) return err;
      return { error: err };
    }
  }
  beforeEach(hookFunction) {
    const previousBeforeEachHook = this.beforeEachHook;
    this.beforeEachHook = () => hookFunction(previousBeforeEachHook);
    return this;
  }
  afterEach(hookFunction) {
    const previousAfterEachHook = this.afterEachHook;
    this.afterEachHook = () => hookFunction(previousAfterEachHook);
    return this;
  }
};
function property(...args) {
  if (args.length < 2) throw new Error("property expects at least two parameters");
  const arbs = safeSlice(args, 0, args.length - 1);
  const p = args[args.length - 1];
  safeForEach(arbs, assertIsArbitrary);
  return new Property(tuple(...safeMap(arbs, (arb) => new AlwaysShrinkableArbitrary(arb))), (t) => p(...t));
}
var VerbosityLevel = /* @__PURE__ */ (function(VerbosityLevel2) {
  VerbosityLevel2[VerbosityLevel2["None"] = 0] = "None";
  VerbosityLevel2[VerbosityLevel2["Verbose"] = 1] = "Verbose";
  VerbosityLevel2[VerbosityLevel2["VeryVerbose"] = 2] = "VeryVerbose";
  return VerbosityLevel2;
})({});
function adaptRandomGeneratorTo8x(rng) {
  if ("unsafeNext" in rng) {
    if (rng.unsafeJump === void 0) return {
      clone: () => adaptRandomGeneratorTo8x(rng),
      next: () => rng.unsafeNext(),
      getState: () => rng.getState()
    };
    return {
      clone: () => adaptRandomGeneratorTo8x(rng),
      next: () => rng.unsafeNext(),
      jump: () => rng.unsafeJump(),
      getState: () => rng.getState()
    };
  }
  return rng;
}
function adaptRandomGeneratorToInternal(rng) {
  if ("jump" in rng && typeof rng.jump === "function") return rng;
  return {
    clone: () => adaptRandomGeneratorToInternal(rng),
    next: () => rng.next(),
    jump: () => skipN(rng, 42),
    getState: () => rng.getState()
  };
}
function adaptRandomGenerator(rng) {
  return adaptRandomGeneratorToInternal(adaptRandomGeneratorTo8x(rng));
}
var safeDateNow$1 = Date.now;
var safeMathMin$6 = Math.min;
var safeMathRandom = Math.random;
var QualifiedParameters = class {
  constructor(op) {
    const p = op || {};
    this.seed = readSeed(p);
    this.randomType = readRandomType(p);
    this.numRuns = readNumRuns(p);
    this.verbose = readVerbose(p);
    this.maxSkipsPerRun = p.maxSkipsPerRun !== void 0 ? p.maxSkipsPerRun : 100;
    this.timeout = safeTimeout(p.timeout);
    this.skipAllAfterTimeLimit = safeTimeout(p.skipAllAfterTimeLimit);
    this.interruptAfterTimeLimit = safeTimeout(p.interruptAfterTimeLimit);
    this.markInterruptAsFailure = p.markInterruptAsFailure === true;
    this.skipEqualValues = p.skipEqualValues === true;
    this.ignoreEqualValues = p.ignoreEqualValues === true;
    this.logger = p.logger !== void 0 ? p.logger : (v) => {
      console.log(v);
    };
    this.path = p.path !== void 0 ? p.path : "";
    this.unbiased = p.unbiased === true;
    this.examples = p.examples !== void 0 ? p.examples : [];
    this.endOnFailure = p.endOnFailure === true;
    this.reporter = p.reporter;
    this.asyncReporter = p.asyncReporter;
    this.includeErrorInReport = p.includeErrorInReport === true;
    this.noDefaultPlugins = p.noDefaultPlugins === true;
    this.noGlobalPlugins = p.noGlobalPlugins === true;
    this.plugins = p.plugins !== void 0 ? p.plugins : [];
  }
  toParameters() {
    return {
      seed: this.seed,
      randomType: this.randomType,
      numRuns: this.numRuns,
      maxSkipsPerRun: this.maxSkipsPerRun,
      timeout: this.timeout,
      skipAllAfterTimeLimit: this.skipAllAfterTimeLimit,
      interruptAfterTimeLimit: this.interruptAfterTimeLimit,
      markInterruptAsFailure: this.markInterruptAsFailure,
      skipEqualValues: this.skipEqualValues,
      ignoreEqualValues: this.ignoreEqualValues,
      path: this.path,
      logger: this.logger,
      unbiased: this.unbiased,
      verbose: this.verbose,
      examples: this.examples,
      endOnFailure: this.endOnFailure,
      reporter: this.reporter,
      asyncReporter: this.asyncReporter,
      includeErrorInReport: this.includeErrorInReport,
      noDefaultPlugins: this.noDefaultPlugins,
      noGlobalPlugins: this.noGlobalPlugins,
      plugins: this.plugins
    };
  }
};
function createQualifiedRandomGenerator(random) {
  return (seed2) => {
    return adaptRandomGenerator(random(seed2));
  };
}
function readSeed(p) {
  if (p.seed === void 0) return safeDateNow$1() ^ safeMathRandom() * 4294967296;
  const seed32 = p.seed | 0;
  if (p.seed === seed32) return seed32;
  return seed32 ^ (p.seed - seed32) * 4294967296;
}
function readRandomType(p) {
  if (p.randomType === void 0) return xorshift128plus;
  if (typeof p.randomType === "string") switch (p.randomType) {
    case "mersenne":
      return createQualifiedRandomGenerator(mersenne);
    case "congruential":
    case "congruential32":
      return createQualifiedRandomGenerator(congruential32);
    case "xorshift128plus":
      return xorshift128plus;
    case "xoroshiro128plus":
      return xoroshiro128plus;
    default:
      throw new Error(`Invalid random specified: '${p.randomType}'`);
  }
  const mrng = p.randomType(0);
  if ("min" in mrng && mrng.min !== -2147483648) throw new Error(`Invalid random number generator: min must equal -0x80000000, got ${String(mrng.min)}`);
  if ("max" in mrng && mrng.max !== 2147483647) throw new Error(`Invalid random number generator: max must equal 0x7fffffff, got ${String(mrng.max)}`);
  if (mrng === adaptRandomGenerator(mrng)) return p.randomType;
  return createQualifiedRandomGenerator(p.randomType);
}
function readNumRuns(p) {
  const defaultValue = 100;
  if (p.numRuns !== void 0) return p.numRuns;
  if (p.num_runs !== void 0) return p.num_runs;
  return defaultValue;
}
function readVerbose(p) {
  if (p.verbose === void 0) return 0;
  if (typeof p.verbose === "boolean") return p.verbose === true ? 1 : 0;
  if (p.verbose <= 0) return 0;
  if (p.verbose >= 2) return 2;
  return p.verbose | 0;
}
function safeTimeout(value) {
  if (value === void 0) return;
  return safeMathMin$6(value, 2147483647);
}
function read(op) {
  return new QualifiedParameters(op);
}
function interruptAfter(timeMs, setTimeoutSafe, clearTimeoutSafe) {
  let timeoutHandle = null;
  return {
    clear: () => clearTimeoutSafe(timeoutHandle),
    promise: new Promise((resolve3) => {
      timeoutHandle = setTimeoutSafe(() => {
        resolve3(new PreconditionFailure(true));
      }, timeMs);
    })
  };
}
var SkipAfterProperty = class {
  constructor(property2, getTime, timeLimit, interruptExecution, setTimeoutSafe, clearTimeoutSafe) {
    this.property = property2;
    this.getTime = getTime;
    this.interruptExecution = interruptExecution;
    this.setTimeoutSafe = setTimeoutSafe;
    this.clearTimeoutSafe = clearTimeoutSafe;
    this.skipAfterTime = this.getTime() + timeLimit;
  }
  isAsync() {
    return this.property.isAsync();
  }
  generate(mrng, runId) {
    return this.property.generate(mrng, runId);
  }
  shrink(value) {
    return this.property.shrink(value);
  }
  run(v) {
    const remainingTime = this.skipAfterTime - this.getTime();
    if (remainingTime <= 0) {
      const preconditionFailure = new PreconditionFailure(this.interruptExecution);
      if (this.isAsync()) return Promise.resolve(preconditionFailure);
      else return preconditionFailure;
    }
    if (this.interruptExecution && this.isAsync()) {
      const t = interruptAfter(remainingTime, this.setTimeoutSafe, this.clearTimeoutSafe);
      const propRun = Promise.race([this.property.run(v), t.promise]);
      propRun.then(t.clear, t.clear);
      return propRun;
    }
    return this.property.run(v);
  }
  runBeforeEach() {
    return this.property.runBeforeEach();
  }
  runAfterEach() {
    return this.property.runAfterEach();
  }
};
var timeoutAfter$1 = (timeMs, setTimeoutSafe, clearTimeoutSafe) => {
  let timeoutHandle = null;
  return {
    clear: () => clearTimeoutSafe(timeoutHandle),
    promise: new Promise((resolve3) => {
      timeoutHandle = setTimeoutSafe(() => {
        resolve3({ error: new SError(`Property timeout: exceeded limit of ${timeMs} milliseconds`) });
      }, timeMs);
    })
  };
};
var TimeoutProperty = class {
  constructor(property2, timeMs, setTimeoutSafe, clearTimeoutSafe) {
    this.property = property2;
    this.timeMs = timeMs;
    this.setTimeoutSafe = setTimeoutSafe;
    this.clearTimeoutSafe = clearTimeoutSafe;
  }
  isAsync() {
    return true;
  }
  generate(mrng, runId) {
    return this.property.generate(mrng, runId);
  }
  shrink(value) {
    return this.property.shrink(value);
  }
  async run(v) {
    const t = timeoutAfter$1(this.timeMs, this.setTimeoutSafe, this.clearTimeoutSafe);
    const propRun = Promise.race([this.property.run(v), t.promise]);
    propRun.then(t.clear, t.clear);
    return propRun;
  }
  runBeforeEach() {
    return Promise.resolve(this.property.runBeforeEach());
  }
  runAfterEach() {
    return Promise.resolve(this.property.runAfterEach());
  }
};
var UnbiasedProperty = class {
  constructor(property2) {
    this.property = property2;
  }
  isAsync() {
    return this.property.isAsync();
  }
  generate(mrng, _runId) {
    return this.property.generate(mrng, void 0);
  }
  shrink(value) {
    return this.property.shrink(value);
  }
  run(v) {
    return this.property.run(v);
  }
  runBeforeEach() {
    return this.property.runBeforeEach();
  }
  runAfterEach() {
    return this.property.runAfterEach();
  }
};
var safeArrayFrom = Array.from;
var safeBufferIsBuffer = typeof Buffer !== "undefined" ? Buffer.isBuffer : void 0;
var safeJsonStringify$1 = JSON.stringify;
var safeNumberIsNaN$5 = Number.isNaN;
var safeObjectKeys$5 = Object.keys;
var safeObjectGetOwnPropertySymbols$2 = Object.getOwnPropertySymbols;
var safeObjectGetOwnPropertyDescriptor$3 = Object.getOwnPropertyDescriptor;
var safeObjectGetPrototypeOf$2 = Object.getPrototypeOf;
var safeNegativeInfinity$7 = Number.NEGATIVE_INFINITY;
var safePositiveInfinity$8 = Number.POSITIVE_INFINITY;
var toStringMethod = /* @__PURE__ */ Symbol.for("fast-check/toStringMethod");
function hasToStringMethod(instance2) {
  return instance2 !== null && (typeof instance2 === "object" || typeof instance2 === "function") && toStringMethod in instance2 && typeof instance2[toStringMethod] === "function";
}
var asyncToStringMethod = /* @__PURE__ */ Symbol.for("fast-check/asyncToStringMethod");
function hasAsyncToStringMethod(instance2) {
  return instance2 !== null && (typeof instance2 === "object" || typeof instance2 === "function") && asyncToStringMethod in instance2 && typeof instance2[asyncToStringMethod] === "function";
}
var findSymbolNameRegex = /^Symbol\((.*)\)$/;
function getSymbolDescription(s) {
  if (s.description !== void 0) return s.description;
  const m = findSymbolNameRegex.exec(SString(s));
  return m && m[1].length ? m[1] : null;
}
function stringifyNumber(numValue) {
  switch (numValue) {
    case 0:
      return 1 / numValue === safeNegativeInfinity$7 ? "-0" : "0";
    case safeNegativeInfinity$7:
      return "Number.NEGATIVE_INFINITY";
    case safePositiveInfinity$8:
      return "Number.POSITIVE_INFINITY";
    default:
      return numValue === numValue ? SString(numValue) : "Number.NaN";
  }
}
function isSparseArray(arr) {
  let previousNumberedIndex = -1;
  for (const index in arr) {
    const numberedIndex = Number(index);
    if (numberedIndex !== previousNumberedIndex + 1) return true;
    previousNumberedIndex = numberedIndex;
  }
  return previousNumberedIndex + 1 !== arr.length;
}
function stringifyInternal(value, previousValues, getAsyncContent) {
  const currentValues = [...previousValues, value];
  if (typeof value === "object") {
    if (safeIndexOf(previousValues, value) !== -1) return "[cyclic]";
  }
  if (hasAsyncToStringMethod(value)) {
    const content = getAsyncContent(value);
    if (content.state === "fulfilled") return content.value;
  }
  if (hasToStringMethod(value)) try {
    return value[toStringMethod]();
  } catch {
  }
  switch (safeToString(value)) {
    case "[object Array]": {
      const arr = value;
      if (arr.length >= 50 && isSparseArray(arr)) {
        const assignments = [];
        for (const index in arr) if (!safeNumberIsNaN$5(Number(index))) safePush(assignments, `${index}:${stringifyInternal(arr[index], currentValues, getAsyncContent)}`);
        return assignments.length !== 0 ? `Object.assign(Array(${arr.length}),{${safeJoin(assignments, ",")}})` : `Array(${arr.length})`;
      }
      const stringifiedArray = safeJoin(safeMap(arr, (v) => stringifyInternal(v, currentValues, getAsyncContent)), ",");
      return arr.length === 0 || arr.length - 1 in arr ? `[${stringifiedArray}]` : `[${stringifiedArray},]`;
    }
    case "[object BigInt]":
      return `${value}n`;
    case "[object Boolean]": {
      const unboxedToString = value == true ? "true" : "false";
      return typeof value === "boolean" ? unboxedToString : `new Boolean(${unboxedToString})`;
    }
    case "[object Date]": {
      const d = value;
      return safeNumberIsNaN$5(safeGetTime(d)) ? `new Date(NaN)` : `new Date(${safeJsonStringify$1(safeToISOString(d))})`;
    }
    case "[object Map]":
      return `new Map(${stringifyInternal(Array.from(value), currentValues, getAsyncContent)})`;
    case "[object Null]":
      return `null`;
    case "[object Number]":
      return typeof value === "number" ? stringifyNumber(value) : `new Number(${stringifyNumber(Number(value))})`;
    case "[object Object]": {
      try {
        const toStringAccessor = value.toString;
        if (typeof toStringAccessor === "function" && toStringAccessor !== Object.prototype.toString) return value.toString();
      } catch {
        return "[object Object]";
      }
      const mapper = (k) => `${k === "__proto__" ? '["__proto__"]' : typeof k === "symbol" ? `[${stringifyInternal(k, currentValues, getAsyncContent)}]` : safeJsonStringify$1(k)}:${stringifyInternal(value[k], currentValues, getAsyncContent)}`;
      return "{" + safeJoin([
        ...safeObjectGetPrototypeOf$2(value) === null ? ["__proto__:null"] : [],
        ...safeMap(safeObjectKeys$5(value), mapper),
        ...safeMap(safeFilter(safeObjectGetOwnPropertySymbols$2(value), (s) => {
          const descriptor = safeObjectGetOwnPropertyDescriptor$3(value, s);
          return descriptor && descriptor.enumerable;
        }), mapper)
      ], ",") + "}";
    }
    case "[object Set]":
      return `new Set(${stringifyInternal(Array.from(value), currentValues, getAsyncContent)})`;
    case "[object String]":
      return typeof value === "string" ? safeJsonStringify$1(value) : `new String(${safeJsonStringify$1(value)})`;
    case "[object Symbol]": {
      const s = value;
      if (SSymbol.keyFor(s) !== void 0) return `Symbol.for(${safeJsonStringify$1(SSymbol.keyFor(s))})`;
      const desc = getSymbolDescription(s);
      if (desc === null) return "Symbol()";
      return s === (desc.startsWith("Symbol.") && SSymbol[desc.substring(7)]) ? desc : `Symbol(${safeJsonStringify$1(desc)})`;
    }
    case "[object Promise]": {
      const promiseContent = getAsyncContent(value);
      switch (promiseContent.state) {
        case "fulfilled":
          return `Promise.resolve(${stringifyInternal(promiseContent.value, currentValues, getAsyncContent)})`;
        case "rejected":
          return `Promise.reject(${stringifyInternal(promiseContent.value, currentValues, getAsyncContent)})`;
        case "pending":
          return `new Promise(() => {/*pending*/})`;
        default:
          return `new Promise(() => {/*unknown*/})`;
      }
    }
    case "[object Error]":
      if (value instanceof Error) return `new Error(${stringifyInternal(value.message, currentValues, getAsyncContent)})`;
      break;
    case "[object Undefined]":
      return `undefined`;
    case "[object Int8Array]":
    case "[object Uint8Array]":
    case "[object Uint8ClampedArray]":
    case "[object Int16Array]":
    case "[object Uint16Array]":
    case "[object Int32Array]":
    case "[object Uint32Array]":
    case "[object Float32Array]":
    case "[object Float64Array]":
    case "[object BigInt64Array]":
    case "[object BigUint64Array]": {
      if (typeof safeBufferIsBuffer === "function" && safeBufferIsBuffer(value)) return `Buffer.from(${value.buffer.detached ? "/*detached ArrayBuffer*/" : stringifyInternal(safeArrayFrom(value.values()), currentValues, getAsyncContent)})`;
      const valuePrototype = safeObjectGetPrototypeOf$2(value);
      const className = valuePrototype && valuePrototype.constructor && valuePrototype.constructor.name;
      if (typeof className === "string") {
        const typedArray2 = value;
        if (typedArray2.buffer.detached) return `${className}.from(/*detached ArrayBuffer*/)`;
        const valuesFromTypedArr = typedArray2.values();
        return `${className}.from(${stringifyInternal(safeArrayFrom(valuesFromTypedArr), currentValues, getAsyncContent)})`;
      }
      break;
    }
  }
  try {
    return value.toString();
  } catch {
    return safeToString(value);
  }
}
function stringify(value) {
  return stringifyInternal(value, [], () => ({
    state: "unknown",
    value: void 0
  }));
}
function possiblyAsyncStringify(value) {
  const stillPendingMarker = SSymbol();
  const pendingPromisesForCache = [];
  const cache2 = new SMap$2();
  function createDelay0() {
    let handleId = null;
    const cancel = () => {
      if (handleId !== null) clearTimeout(handleId);
    };
    return {
      delay: new Promise((resolve3) => {
        handleId = setTimeout(() => {
          handleId = null;
          resolve3(stillPendingMarker);
        }, 0);
      }),
      cancel
    };
  }
  const unknownState = {
    state: "unknown",
    value: void 0
  };
  const getAsyncContent = function getAsyncContent2(data) {
    const cacheKey = data;
    if (cache2.has(cacheKey)) return cache2.get(cacheKey);
    const delay0 = createDelay0();
    const p = asyncToStringMethod in data ? Promise.resolve().then(() => data[asyncToStringMethod]()) : data;
    p.catch(() => {
    });
    pendingPromisesForCache.push(Promise.race([p, delay0.delay]).then((successValue) => {
      if (successValue === stillPendingMarker) cache2.set(cacheKey, {
        state: "pending",
        value: void 0
      });
      else cache2.set(cacheKey, {
        state: "fulfilled",
        value: successValue
      });
      delay0.cancel();
    }, (errorValue) => {
      cache2.set(cacheKey, {
        state: "rejected",
        value: errorValue
      });
      delay0.cancel();
    }));
    cache2.set(cacheKey, unknownState);
    return unknownState;
  };
  function loop() {
    const stringifiedValue = stringifyInternal(value, [], getAsyncContent);
    if (pendingPromisesForCache.length === 0) return stringifiedValue;
    return Promise.all(pendingPromisesForCache.splice(0)).then(loop);
  }
  return loop();
}
async function asyncStringify(value) {
  return Promise.resolve(possiblyAsyncStringify(value));
}
function fromSyncCached(cachedValue) {
  return cachedValue === null ? new PreconditionFailure() : cachedValue;
}
function fromCached$1(...data) {
  if (data[1]) return data[0].then(fromSyncCached);
  return fromSyncCached(data[0]);
}
function fromCachedUnsafe(cachedValue, isAsync) {
  return fromCached$1(cachedValue, isAsync);
}
var IgnoreEqualValuesProperty = class {
  constructor(property2, skipRuns) {
    this.property = property2;
    this.skipRuns = skipRuns;
    this.coveredCases = /* @__PURE__ */ new Map();
  }
  isAsync() {
    return this.property.isAsync();
  }
  generate(mrng, runId) {
    return this.property.generate(mrng, runId);
  }
  shrink(value) {
    return this.property.shrink(value);
  }
  run(v) {
    const stringifiedValue = stringify(v);
    if (this.coveredCases.has(stringifiedValue)) {
      const lastOutput = this.coveredCases.get(stringifiedValue);
      if (!this.skipRuns) return lastOutput;
      return fromCachedUnsafe(lastOutput, this.property.isAsync());
    }
    const out2 = this.property.run(v);
    this.coveredCases.set(stringifiedValue, out2);
    return out2;
  }
  runBeforeEach() {
    return this.property.runBeforeEach();
  }
  runAfterEach() {
    return this.property.runAfterEach();
  }
};
var safeDateNow = Date.now;
var safeSetTimeout$2 = setTimeout;
var safeClearTimeout$2 = clearTimeout;
function decorateProperty(rawProperty, qParams) {
  let prop = rawProperty;
  if (rawProperty.isAsync() && qParams.timeout !== void 0) prop = new TimeoutProperty(prop, qParams.timeout, safeSetTimeout$2, safeClearTimeout$2);
  if (qParams.unbiased) prop = new UnbiasedProperty(prop);
  if (qParams.skipAllAfterTimeLimit !== void 0) prop = new SkipAfterProperty(prop, safeDateNow, qParams.skipAllAfterTimeLimit, false, safeSetTimeout$2, safeClearTimeout$2);
  if (qParams.interruptAfterTimeLimit !== void 0) prop = new SkipAfterProperty(prop, safeDateNow, qParams.interruptAfterTimeLimit, true, safeSetTimeout$2, safeClearTimeout$2);
  if (qParams.skipEqualValues) prop = new IgnoreEqualValuesProperty(prop, true);
  if (qParams.ignoreEqualValues) prop = new IgnoreEqualValuesProperty(prop, false);
  return prop;
}
var ExecutionStatus = /* @__PURE__ */ (function(ExecutionStatus2) {
  ExecutionStatus2[ExecutionStatus2["Success"] = 0] = "Success";
  ExecutionStatus2[ExecutionStatus2["Skipped"] = -1] = "Skipped";
  ExecutionStatus2[ExecutionStatus2["Failure"] = 1] = "Failure";
  return ExecutionStatus2;
})({});
var RunExecution = class RunExecution2 {
  constructor(verbosity, interruptedAsFailure) {
    this.verbosity = verbosity;
    this.interruptedAsFailure = interruptedAsFailure;
    this.rootExecutionTrees = [];
    this.currentLevelExecutionTrees = this.rootExecutionTrees;
    this.failure = null;
    this.numSkips = 0;
    this.numSuccesses = 0;
    this.interrupted = false;
  }
  appendExecutionTree(status, value) {
    const currentTree = {
      status,
      value,
      children: []
    };
    this.currentLevelExecutionTrees.push(currentTree);
    return currentTree;
  }
  fail(value, id, failure) {
    if (this.verbosity >= 1) {
      const currentTree = this.appendExecutionTree(1, value);
      this.currentLevelExecutionTrees = currentTree.children;
    }
    if (this.pathToFailure === void 0) this.pathToFailure = `${id}`;
    else this.pathToFailure += `:${id}`;
    this.value = value;
    this.failure = failure;
  }
  skip(value) {
    if (this.verbosity >= 2) this.appendExecutionTree(-1, value);
    if (this.pathToFailure === void 0) ++this.numSkips;
  }
  success(value) {
    if (this.verbosity >= 2) this.appendExecutionTree(0, value);
    if (this.pathToFailure === void 0) ++this.numSuccesses;
  }
  interrupt() {
    this.interrupted = true;
  }
  isSuccess() {
    return this.pathToFailure === void 0;
  }
  firstFailure() {
    return this.pathToFailure !== void 0 ? +safeSplit(this.pathToFailure, ":")[0] : -1;
  }
  numShrinks() {
    return this.pathToFailure !== void 0 ? safeSplit(this.pathToFailure, ":").length - 1 : 0;
  }
  extractFailures() {
    if (this.isSuccess()) return [];
    const failures = [];
    let cursor = this.rootExecutionTrees;
    while (cursor.length > 0 && cursor[cursor.length - 1].status === 1) {
      const failureTree = cursor[cursor.length - 1];
      failures.push(failureTree.value);
      cursor = failureTree.children;
    }
    return failures;
  }
  static mergePaths(offsetPath, path3) {
    if (offsetPath.length === 0) return path3;
    const offsetItems = offsetPath.split(":");
    const remainingItems = path3.split(":");
    const middle = +offsetItems[offsetItems.length - 1] + +remainingItems[0];
    return [
      ...offsetItems.slice(0, offsetItems.length - 1),
      `${middle}`,
      ...remainingItems.slice(1)
    ].join(":");
  }
  toRunDetails(seed2, basePath, maxSkips, qParams) {
    if (!this.isSuccess()) return {
      failed: true,
      interrupted: this.interrupted,
      numRuns: this.firstFailure() + 1 - this.numSkips,
      numSkips: this.numSkips,
      numShrinks: this.numShrinks(),
      seed: seed2,
      counterexample: this.value,
      counterexamplePath: RunExecution2.mergePaths(basePath, this.pathToFailure),
      errorInstance: this.failure.error,
      failures: this.extractFailures(),
      executionSummary: this.rootExecutionTrees,
      verbose: this.verbosity,
      runConfiguration: qParams.toParameters()
    };
    const considerInterruptedAsFailure = this.interruptedAsFailure || this.numSuccesses === 0;
    return {
      failed: this.numSkips > maxSkips || this.interrupted && considerInterruptedAsFailure,
      interrupted: this.interrupted,
      numRuns: this.numSuccesses,
      numSkips: this.numSkips,
      numShrinks: 0,
      seed: seed2,
      counterexample: null,
      counterexamplePath: null,
      error: null,
      errorInstance: null,
      failures: [],
      executionSummary: this.rootExecutionTrees,
      verbose: this.verbosity,
      runConfiguration: qParams.toParameters()
    };
  }
};
var RunnerIterator = class {
  constructor(sourceValues, shrink, verbose, interruptedAsFailure) {
    this.sourceValues = sourceValues;
    this.shrink = shrink;
    this.runExecution = new RunExecution(verbose, interruptedAsFailure);
    this.currentIdx = -1;
    this.nextValues = sourceValues;
  }
  [Symbol.iterator]() {
    return this;
  }
  next() {
    const nextValue = this.nextValues.next();
    if (nextValue.done || this.runExecution.interrupted) return {
      done: true,
      value: void 0
    };
    this.currentValue = nextValue.value;
    ++this.currentIdx;
    return {
      done: false,
      value: nextValue.value.value_
    };
  }
  handleResult(result) {
    if (result !== null && typeof result === "object" && !PreconditionFailure.isFailure(result)) {
      this.runExecution.fail(this.currentValue.value_, this.currentIdx, result);
      this.currentIdx = -1;
      this.nextValues = this.shrink(this.currentValue);
    } else if (result !== null) {
      if (!result.interruptExecution) {
        this.runExecution.skip(this.currentValue.value_);
        this.sourceValues.skippedOne();
      } else this.runExecution.interrupt();
    } else this.runExecution.success(this.currentValue.value_);
  }
};
var SourceValuesIterator = class {
  constructor(initialValues, maxInitialIterations, remainingSkips) {
    this.initialValues = initialValues;
    this.maxInitialIterations = maxInitialIterations;
    this.remainingSkips = remainingSkips;
  }
  [Symbol.iterator]() {
    return this;
  }
  next() {
    if (--this.maxInitialIterations !== -1 && this.remainingSkips >= 0) {
      const n = this.initialValues.next();
      if (!n.done) return {
        value: n.value,
        done: false
      };
    }
    return {
      value: void 0,
      done: true
    };
  }
  skippedOne() {
    --this.remainingSkips;
    ++this.maxInitialIterations;
  }
};
var MIN_INT = -2147483648;
var MAX_INT = 2147483647;
var DBL_FACTOR = Math.pow(2, 27);
var DBL_DIVISOR = Math.pow(2, -53);
var Random = class Random2 {
  /**
  * Create a mutable random number generator by cloning the passed one and mutate it
  * @param sourceRng - Immutable random generator from pure-rand library, will not be altered (a clone will be)
  */
  constructor(sourceRng) {
    this.internalRng = adaptRandomGenerator(sourceRng.clone());
  }
  /**
  * Clone the random number generator
  */
  clone() {
    return new Random2(this.internalRng);
  }
  /**
  * Generate an integer having `bits` random bits
  * @param bits - Number of bits to generate
  * @deprecated Prefer {@link nextInt} with explicit bounds: `nextInt(0, (1 << bits) - 1)`
  */
  next(bits) {
    return uniformInt(this.internalRng, 0, (1 << bits) - 1);
  }
  /**
  * Generate a random boolean
  * @deprecated Prefer {@link nextInt} with explicit bounds: `nextInt(0, 1) === 1`
  */
  nextBoolean() {
    return uniformInt(this.internalRng, 0, 1) === 1;
  }
  nextInt(min, max) {
    return uniformInt(this.internalRng, min === void 0 ? MIN_INT : min, max === void 0 ? MAX_INT : max);
  }
  /**
  * Generate a random bigint between min (included) and max (included)
  * @param min - Minimal bigint value
  * @param max - Maximal bigint value
  */
  nextBigInt(min, max) {
    return uniformBigInt(this.internalRng, min, max);
  }
  /**
  * Generate a random floating point number between 0.0 (included) and 1.0 (excluded)
  * @deprecated Prefer {@link nextInt} with explicit bounds
  */
  nextDouble() {
    const a = this.next(26);
    const b = this.next(27);
    return (a * DBL_FACTOR + b) * DBL_DIVISOR;
  }
  /**
  * Extract the internal state of the internal RandomGenerator backing the current instance of Random
  */
  getState() {
    if ("getState" in this.internalRng && typeof this.internalRng.getState === "function") return this.internalRng.getState();
  }
};
function tossNext(generator, rng, index) {
  rng.jump();
  return generator.generate(new Random(rng), index);
}
function* toss(generator, seed2, random, examples) {
  for (let idx = 0; idx !== examples.length; ++idx) yield new Value(examples[idx], void 0);
  for (let idx = 0, rng = random(seed2); ; ++idx) yield tossNext(generator, rng, idx);
}
function lazyGenerate(generator, rng, idx) {
  return () => generator.generate(new Random(rng), idx);
}
function* lazyToss(generator, seed2, random, examples) {
  yield* safeMap(examples, (e) => () => new Value(e, void 0));
  let idx = 0;
  const rng = adaptRandomGenerator(random(seed2));
  for (; ; ) {
    rng.jump();
    yield lazyGenerate(generator, rng, idx++);
  }
}
function produce(producer) {
  return producer();
}
function pathWalk(path3, initialProducers, shrink) {
  const producers = initialProducers;
  const segments = path3.split(":").map((text) => +text);
  if (segments.length === 0) return producers.map(produce);
  if (!segments.every((v) => !Number.isNaN(v))) throw new Error(`Unable to replay, got invalid path=${path3}`);
  let values2 = producers.drop(segments[0]).map(produce);
  for (const s of segments.slice(1)) {
    const valueToShrink = values2.getNthOrLast(0);
    if (valueToShrink === null) throw new Error(`Unable to replay, got wrong path=${path3}`);
    values2 = shrink(valueToShrink).drop(s);
  }
  return values2;
}
var safeObjectAssign$6 = Object.assign;
function formatHints(hints) {
  if (hints.length === 1) return `Hint: ${hints[0]}`;
  return hints.map((h2, idx) => `Hint (${idx + 1}): ${h2}`).join("\n");
}
function formatFailures(failures, stringifyOne) {
  return `Encountered failures were:
- ${failures.map(stringifyOne).join("\n- ")}`;
}
function formatExecutionSummary(executionTrees, stringifyOne) {
  const summaryLines = [];
  const remainingTreesAndDepth = [];
  for (let i = executionTrees.length - 1; i >= 0; --i) remainingTreesAndDepth.push({
    depth: 1,
    tree: executionTrees[i]
  });
  while (remainingTreesAndDepth.length !== 0) {
    const currentTreeAndDepth = remainingTreesAndDepth.pop();
    const currentTree = currentTreeAndDepth.tree;
    const currentDepth = currentTreeAndDepth.depth;
    const statusIcon = currentTree.status === 0 ? "\x1B[32m\u221A\x1B[0m" : currentTree.status === 1 ? "\x1B[31m\xD7\x1B[0m" : "\x1B[33m!\x1B[0m";
    const leftPadding = currentDepth !== 0 ? ". ".repeat(currentDepth - 1) : "";
    summaryLines.push(`${leftPadding}${statusIcon} ${stringifyOne(currentTree.value)}`);
    for (let i = currentTree.children.length - 1; i >= 0; --i) remainingTreesAndDepth.push({
      depth: currentDepth + 1,
      tree: currentTree.children[i]
    });
  }
  return `Execution summary:
${summaryLines.join("\n")}`;
}
function preFormatTooManySkipped(out2, stringifyOne) {
  const message = `Failed to run property, too many pre-condition failures encountered
{ seed: ${out2.seed} }

Ran ${out2.numRuns} time(s)
Skipped ${out2.numSkips} time(s)`;
  let details = null;
  const hints = ["Try to reduce the number of rejected values by combining map, chain and built-in arbitraries", "Increase failure tolerance by setting maxSkipsPerRun to an higher value"];
  if (out2.verbose >= 2) details = formatExecutionSummary(out2.executionSummary, stringifyOne);
  else safePush(hints, "Enable verbose mode at level VeryVerbose in order to check all generated values and their associated status");
  return {
    message,
    details,
    hints
  };
}
function prettyError(errorInstance) {
  if (errorInstance instanceof SError && errorInstance.stack !== void 0) return errorInstance.stack;
  try {
    return SString(errorInstance);
  } catch (_err) {
  }
  if (errorInstance instanceof SError) try {
    return safeErrorToString(errorInstance);
  } catch (_err) {
  }
  if (errorInstance !== null && typeof errorInstance === "object") try {
    return safeToString(errorInstance);
  } catch (_err) {
  }
  return "Failed to serialize errorInstance";
}
function preFormatFailure(out2, stringifyOne) {
  const messageErrorPart = out2.runConfiguration.includeErrorInReport ? `
Got ${safeReplace(prettyError(out2.errorInstance), /^Error: /, "error: ")}` : "";
  const message = `Property failed after ${out2.numRuns} tests
{ seed: ${out2.seed}, path: "${out2.counterexamplePath}", endOnFailure: true }
Counterexample: ${stringifyOne(out2.counterexample)}
Shrunk ${out2.numShrinks} time(s)${messageErrorPart}`;
  let details = null;
  const hints = [];
  if (out2.verbose >= 2) details = formatExecutionSummary(out2.executionSummary, stringifyOne);
  else if (out2.verbose === 1) details = formatFailures(out2.failures, stringifyOne);
  else safePush(hints, "Enable verbose mode in order to have the list of all failing values encountered during the run");
  return {
    message,
    details,
    hints
  };
}
function preFormatEarlyInterrupted(out2, stringifyOne) {
  const message = `Property interrupted after ${out2.numRuns} tests
{ seed: ${out2.seed} }`;
  let details = null;
  const hints = [];
  if (out2.verbose >= 2) details = formatExecutionSummary(out2.executionSummary, stringifyOne);
  else safePush(hints, "Enable verbose mode at level VeryVerbose in order to check all generated values and their associated status");
  return {
    message,
    details,
    hints
  };
}
function defaultReportMessageInternal(out2, stringifyOne) {
  if (!out2.failed) return;
  const { message, details, hints } = out2.counterexamplePath === null ? out2.interrupted ? preFormatEarlyInterrupted(out2, stringifyOne) : preFormatTooManySkipped(out2, stringifyOne) : preFormatFailure(out2, stringifyOne);
  let errorMessage = message;
  if (details !== null) errorMessage += `

${details}`;
  if (hints.length > 0) errorMessage += `

${formatHints(hints)}`;
  return errorMessage;
}
function defaultReportMessage(out2) {
  return defaultReportMessageInternal(out2, stringify);
}
async function asyncDefaultReportMessage(out2) {
  const pendingStringifieds = [];
  function stringifyOne(value) {
    const stringified = possiblyAsyncStringify(value);
    if (typeof stringified === "string") return stringified;
    pendingStringifieds.push(Promise.all([value, stringified]));
    return "\u2026";
  }
  const firstTryMessage = defaultReportMessageInternal(out2, stringifyOne);
  if (pendingStringifieds.length === 0) return firstTryMessage;
  const registeredValues = new SMap$2(await Promise.all(pendingStringifieds));
  function stringifySecond(value) {
    const asyncStringifiedIfRegistered = safeMapGet(registeredValues, value);
    if (asyncStringifiedIfRegistered !== void 0) return asyncStringifiedIfRegistered;
    return stringify(value);
  }
  return defaultReportMessageInternal(out2, stringifySecond);
}
function buildError(errorMessage, out2) {
  if (out2.runConfiguration.includeErrorInReport) throw new SError(errorMessage);
  const error = new SError(errorMessage, { cause: out2.errorInstance });
  if (!("cause" in error)) safeObjectAssign$6(error, { cause: out2.errorInstance });
  return error;
}
function throwIfFailed(out2) {
  if (!out2.failed) return;
  throw buildError(defaultReportMessage(out2), out2);
}
async function asyncThrowIfFailed(out2) {
  if (!out2.failed) return;
  throw buildError(await asyncDefaultReportMessage(out2), out2);
}
function reportRunDetails(out2) {
  if (out2.runConfiguration.asyncReporter) return out2.runConfiguration.asyncReporter(out2);
  else if (out2.runConfiguration.reporter) return out2.runConfiguration.reporter(out2);
  else return throwIfFailed(out2);
}
async function asyncReportRunDetails(out2) {
  if (out2.runConfiguration.asyncReporter) return out2.runConfiguration.asyncReporter(out2);
  else if (out2.runConfiguration.reporter) return out2.runConfiguration.reporter(out2);
  else return asyncThrowIfFailed(out2);
}
var globalPlugins = {
  pre: [],
  post: []
};
function installGlobalPlugin(plugin, position = "pre") {
  globalPlugins[position].push(plugin);
}
function readInstalledGlobalPlugins(position) {
  return globalPlugins[position];
}
var SMap$1 = Map;
function runIt(run, shrink, sourceValues, verbose, interruptedAsFailure) {
  const runner = new RunnerIterator(sourceValues, shrink, verbose, interruptedAsFailure);
  for (const v of runner) {
    const out2 = run(v);
    runner.handleResult(out2);
  }
  return runner.runExecution;
}
function propertyExecution(property2, v) {
  property2.runBeforeEach();
  const out2 = property2.run(v);
  property2.runAfterEach();
  return out2;
}
async function asyncRunIt(run, shrink, sourceValues, verbose, interruptedAsFailure) {
  const runner = new RunnerIterator(sourceValues, shrink, verbose, interruptedAsFailure);
  for (const v of runner) {
    const out2 = await run(v);
    runner.handleResult(out2);
  }
  return runner.runExecution;
}
async function asyncPropertyExecution(property2, v) {
  await property2.runBeforeEach();
  const out2 = await property2.run(v);
  await property2.runAfterEach();
  return out2;
}
function runPluginCompletionHooksSync(pluginInstances, runDetails) {
  let interceptedOnce = false;
  let interceptedError = void 0;
  for (let index = 0; index !== pluginInstances.length; ++index) {
    const instance2 = pluginInstances[index];
    if (instance2.onAllRunsComplete !== void 0) try {
      instance2.onAllRunsComplete(runDetails);
    } catch (error) {
      if (!interceptedOnce) {
        interceptedOnce = true;
        interceptedError = error;
      }
    }
  }
  for (let index = pluginInstances.length - 1; index >= 0; --index) {
    const instance2 = pluginInstances[index];
    if (instance2.afterAll !== void 0) try {
      instance2.afterAll();
    } catch (error) {
      if (!interceptedOnce) {
        interceptedOnce = true;
        interceptedError = error;
      }
    }
  }
  if (interceptedOnce) throw interceptedError;
}
function runPluginCompletionHooks(pluginInstances, runDetailsPromise) {
  const followUps = [];
  for (let index = 0; index !== pluginInstances.length; ++index) {
    const instance2 = pluginInstances[index];
    if (instance2.onAllRunsComplete !== void 0) followUps.push((runDetails) => instance2.onAllRunsComplete(runDetails));
  }
  for (let index = pluginInstances.length - 1; index >= 0; --index) {
    const instance2 = pluginInstances[index];
    if (instance2.afterAll !== void 0) followUps.push(() => instance2.afterAll());
  }
  if (followUps.length === 0) return runDetailsPromise;
  return runDetailsPromise.then(async (details) => {
    let interceptedOnce = false;
    let interceptedError = void 0;
    for (const followUp of followUps) try {
      const out2 = followUp(details);
      if (out2 !== void 0) await out2;
    } catch (error) {
      if (!interceptedOnce) {
        interceptedOnce = true;
        interceptedError = error;
      }
    }
    if (interceptedOnce) throw interceptedError;
    return details;
  });
}
function check(rawProperty, params) {
  if (rawProperty === null || rawProperty === void 0 || rawProperty.generate === null || rawProperty.generate === void 0) throw new Error("Invalid property encountered, please use a valid property");
  if (rawProperty.run === null || rawProperty.run === void 0) throw new Error("Invalid property encountered, please use a valid property not an arbitrary");
  const qParams = read({
    ...readConfigureGlobal(),
    ...params
  });
  if (qParams.reporter !== void 0 && qParams.asyncReporter !== void 0) throw new Error("Invalid parameters encountered, reporter and asyncReporter cannot be specified together");
  if (qParams.asyncReporter !== void 0 && !rawProperty.isAsync()) throw new Error("Invalid parameters encountered, only asyncProperty can be used when asyncReporter specified");
  const property2 = decorateProperty(rawProperty, qParams);
  const localPlugins = qParams.plugins;
  const pluginStore = new SMap$1();
  const pluginInstances = [];
  if (!qParams.noGlobalPlugins) {
    const globalPrePlugins = readInstalledGlobalPlugins("pre");
    for (let index = 0; index !== globalPrePlugins.length; ++index) pluginInstances.push(globalPrePlugins[index](pluginInstances.length, pluginStore));
  }
  for (let index = 0; index !== localPlugins.length; ++index) pluginInstances.push(localPlugins[index](pluginInstances.length, pluginStore));
  if (!qParams.noGlobalPlugins) {
    const globalPostPlugins = readInstalledGlobalPlugins("post");
    for (let index = 0; index !== globalPostPlugins.length; ++index) pluginInstances.push(globalPostPlugins[index](pluginInstances.length, pluginStore));
  }
  let surchargedGenerate = void 0;
  let run = property2.isAsync() ? async (v) => asyncPropertyExecution(property2, v) : (v) => propertyExecution(property2, v);
  for (let index = pluginInstances.length - 1; index >= 0; --index) {
    const pluginInstance = pluginInstances[index];
    if (pluginInstance.decorateGenerate !== void 0) {
      if (surchargedGenerate === void 0) surchargedGenerate = (mrng, runId) => property2.generate(mrng, runId);
      surchargedGenerate = pluginInstance.decorateGenerate(surchargedGenerate);
    }
    if (pluginInstance.decorateRun !== void 0) run = pluginInstance.decorateRun(run);
  }
  const generator = surchargedGenerate === void 0 ? property2 : { generate: surchargedGenerate };
  const maxInitialIterations = qParams.path.length === 0 || qParams.path.indexOf(":") === -1 ? qParams.numRuns : -1;
  const maxSkips = qParams.numRuns * qParams.maxSkipsPerRun;
  const shrink = (...args) => property2.shrink(...args);
  const sourceValues = new SourceValuesIterator(qParams.path.length === 0 ? toss(generator, qParams.seed, qParams.randomType, qParams.examples) : pathWalk(qParams.path, stream(lazyToss(generator, qParams.seed, qParams.randomType, qParams.examples)), shrink), maxInitialIterations, maxSkips);
  const finalShrink = !qParams.endOnFailure ? shrink : Stream.nil;
  if (property2.isAsync()) return runPluginCompletionHooks(pluginInstances, asyncRunIt(run, finalShrink, sourceValues, qParams.verbose, qParams.markInterruptAsFailure).then((e) => e.toRunDetails(qParams.seed, qParams.path, maxSkips, qParams)));
  const out2 = runIt(run, finalShrink, sourceValues, qParams.verbose, qParams.markInterruptAsFailure).toRunDetails(qParams.seed, qParams.path, maxSkips, qParams);
  runPluginCompletionHooksSync(pluginInstances, out2);
  return out2;
}
function assert(property2, params) {
  const out2 = check(property2, params);
  if (property2.isAsync()) return out2.then((runDetails2) => {
    if (!runDetails2.runConfiguration.noDefaultPlugins) return asyncReportRunDetails(runDetails2);
  });
  const runDetails = out2;
  if (!runDetails.runConfiguration.noDefaultPlugins) reportRunDetails(runDetails);
}
function toProperty(generator, qParams) {
  const prop = !Object.prototype.hasOwnProperty.call(generator, "isAsync") ? new Property(generator, () => true) : generator;
  return qParams.unbiased === true ? new UnbiasedProperty(prop) : prop;
}
function streamSample(generator, params) {
  const qParams = read(typeof params === "number" ? {
    ...readConfigureGlobal(),
    numRuns: params
  } : {
    ...readConfigureGlobal(),
    ...params
  });
  const nextProperty = toProperty(generator, qParams);
  const shrink = nextProperty.shrink.bind(nextProperty);
  return (qParams.path.length === 0 ? stream(toss(nextProperty, qParams.seed, qParams.randomType, qParams.examples)) : pathWalk(qParams.path, stream(lazyToss(nextProperty, qParams.seed, qParams.randomType, qParams.examples)), shrink)).take(qParams.numRuns).map((s) => s.value_);
}
function sample(generator, params) {
  return [...streamSample(generator, params)];
}
function round2(n) {
  return (Math.round(n * 100) / 100).toFixed(2);
}
function statistics(generator, classify, params) {
  const qParams = read(typeof params === "number" ? {
    ...readConfigureGlobal(),
    numRuns: params
  } : {
    ...readConfigureGlobal(),
    ...params
  });
  const recorded = {};
  for (const g of streamSample(generator, params)) {
    const out2 = classify(g);
    const categories = Array.isArray(out2) ? out2 : [out2];
    for (const c of categories) recorded[c] = (recorded[c] || 0) + 1;
  }
  const data = Object.entries(recorded).sort((a, b) => b[1] - a[1]).map((i) => [i[0], `${round2(i[1] * 100 / qParams.numRuns)}%`]);
  const longestName = data.map((i) => i[0].length).reduce((p, c) => Math.max(p, c), 0);
  const longestPercent = data.map((i) => i[1].length).reduce((p, c) => Math.max(p, c), 0);
  for (const item of data) qParams.logger(`${item[0].padEnd(longestName, ".")}..${item[1].padStart(longestPercent, ".")}`);
}
var safeObjectAssign$5 = Object.assign;
function buildGeneratorValue(mrng, biasFactor, computePreBuiltValues, arbitraryCache) {
  const preBuiltValues = computePreBuiltValues();
  let localMrng = mrng.clone();
  const context2 = {
    mrng: mrng.clone(),
    biasFactor,
    history: []
  };
  const valueFunction = (arb) => {
    const preBuiltValue = preBuiltValues[context2.history.length];
    if (preBuiltValue !== void 0 && preBuiltValue.arb === arb) {
      const value = preBuiltValue.value;
      safePush(context2.history, {
        arb,
        value,
        context: preBuiltValue.context,
        mrng: preBuiltValue.mrng
      });
      localMrng = preBuiltValue.mrng.clone();
      return value;
    }
    const g = arb.generate(localMrng, biasFactor);
    safePush(context2.history, {
      arb,
      value: g.value_,
      context: g.context,
      mrng: localMrng.clone()
    });
    return g.value;
  };
  const memoedValueFunction = (arb, ...args) => {
    return valueFunction(arbitraryCache(arb, args));
  };
  return new Value(safeObjectAssign$5(memoedValueFunction, {
    values() {
      return safeMap(context2.history, (c) => c.value);
    },
    [cloneMethod]() {
      return buildGeneratorValue(mrng, biasFactor, computePreBuiltValues, arbitraryCache).value;
    },
    [toStringMethod]() {
      return stringify(safeMap(context2.history, (c) => c.value));
    }
  }), context2);
}
var safeArrayIsArray$3 = Array.isArray;
var safeObjectKeys$4 = Object.keys;
var safeObjectIs$7 = Object.is;
function buildStableArbitraryGeneratorCache(isEqual) {
  const previousCallsPerBuilder = new SMap$2();
  return function stableArbitraryGeneratorCache(builder, args) {
    const entriesForBuilder = safeMapGet(previousCallsPerBuilder, builder);
    if (entriesForBuilder === void 0) {
      const newValue2 = builder(...args);
      safeMapSet(previousCallsPerBuilder, builder, [{
        args,
        value: newValue2
      }]);
      return newValue2;
    }
    const safeEntriesForBuilder = entriesForBuilder;
    for (const entry of safeEntriesForBuilder) if (isEqual(args, entry.args)) return entry.value;
    const newValue = builder(...args);
    safePush(safeEntriesForBuilder, {
      args,
      value: newValue
    });
    return newValue;
  };
}
function naiveIsEqual(v1, v2) {
  if (v1 !== null && typeof v1 === "object" && v2 !== null && typeof v2 === "object") {
    if (safeArrayIsArray$3(v1)) {
      if (!safeArrayIsArray$3(v2)) return false;
      if (v1.length !== v2.length) return false;
    } else if (safeArrayIsArray$3(v2)) return false;
    if (safeObjectKeys$4(v1).length !== safeObjectKeys$4(v2).length) return false;
    for (const index in v1) {
      if (!(index in v2)) return false;
      if (!naiveIsEqual(v1[index], v2[index])) return false;
    }
    return true;
  } else return safeObjectIs$7(v1, v2);
}
var GeneratorArbitrary = class extends Arbitrary {
  constructor(..._args) {
    super(..._args);
    this.arbitraryCache = buildStableArbitraryGeneratorCache(naiveIsEqual);
  }
  generate(mrng, biasFactor) {
    return buildGeneratorValue(mrng, biasFactor, () => [], this.arbitraryCache);
  }
  canShrinkWithoutContext(_value) {
    return false;
  }
  shrink(_value, context2) {
    if (context2 === void 0) return Stream.nil();
    const safeContext = context2;
    const mrng = safeContext.mrng;
    const biasFactor = safeContext.biasFactor;
    const history = safeContext.history;
    return tupleShrink(history.map((c) => c.arb), history.map((c) => c.value), history.map((c) => c.context)).map((shrink) => {
      function computePreBuiltValues() {
        const subValues = shrink.value;
        const subContexts = shrink.context;
        return safeMap(history, (entry, index) => ({
          arb: entry.arb,
          value: subValues[index],
          context: subContexts[index],
          mrng: entry.mrng
        }));
      }
      return buildGeneratorValue(mrng, biasFactor, computePreBuiltValues, this.arbitraryCache);
    });
  }
};
function gen() {
  return new GeneratorArbitrary();
}
var safeMathFloor$6 = Math.floor;
var safeMathLog$2 = Math.log;
function integerLogLike(v) {
  return safeMathFloor$6(safeMathLog$2(v) / safeMathLog$2(2));
}
function bigIntLogLike(v) {
  if (v === SBigInt2(0)) return SBigInt2(0);
  return SBigInt2(SString(v).length);
}
function biasNumericRange(min, max, logLike) {
  if (min === max) return [{
    min,
    max
  }];
  if (min < 0 && max > 0) {
    const logMin = logLike(-min);
    const logMax = logLike(max);
    return [
      {
        min: -logMin,
        max: logMax
      },
      {
        min: max - logMax,
        max
      },
      {
        min,
        max: min + logMin
      }
    ];
  }
  const logGap = logLike(max - min);
  const arbCloseToMin = {
    min,
    max: min + logGap
  };
  const arbCloseToMax = {
    min: max - logGap,
    max
  };
  return min < 0 ? [arbCloseToMax, arbCloseToMin] : [arbCloseToMin, arbCloseToMax];
}
var safeMathCeil = Math.ceil;
var safeMathFloor$5 = Math.floor;
function halvePosInteger(n) {
  return safeMathFloor$5(n / 2);
}
function halveNegInteger(n) {
  return safeMathCeil(n / 2);
}
function shrinkInteger(current, target, tryTargetAsap) {
  const realGap = current - target;
  function* shrinkDecr() {
    let previous = tryTargetAsap ? void 0 : target;
    const gap = tryTargetAsap ? realGap : halvePosInteger(realGap);
    for (let toremove = gap; toremove > 0; toremove = halvePosInteger(toremove)) {
      const next3 = toremove === realGap ? target : current - toremove;
      yield new Value(next3, previous);
      previous = next3;
    }
  }
  function* shrinkIncr() {
    let previous = tryTargetAsap ? void 0 : target;
    const gap = tryTargetAsap ? realGap : halveNegInteger(realGap);
    for (let toremove = gap; toremove < 0; toremove = halveNegInteger(toremove)) {
      const next3 = toremove === realGap ? target : current - toremove;
      yield new Value(next3, previous);
      previous = next3;
    }
  }
  return realGap > 0 ? stream(shrinkDecr()) : stream(shrinkIncr());
}
var safeMathSign = Math.sign;
var safeNumberIsInteger$6 = Number.isInteger;
var safeObjectIs$6 = Object.is;
var IntegerArbitrary = class IntegerArbitrary2 extends Arbitrary {
  constructor(min, max) {
    super();
    this.min = min;
    this.max = max;
    this.ranges = biasNumericRange(min, max, integerLogLike);
  }
  generate(mrng, biasFactor) {
    if (biasFactor === void 0 || mrng.nextInt(1, biasFactor) !== 1) return new Value(mrng.nextInt(this.min, this.max), void 0);
    const ranges = this.ranges;
    if (ranges.length === 1) {
      const range3 = ranges[0];
      return new Value(mrng.nextInt(range3.min, range3.max), void 0);
    }
    const id = mrng.nextInt(-2 * (ranges.length - 1), ranges.length - 2);
    const range2 = id < 0 ? ranges[0] : ranges[id + 1];
    return new Value(mrng.nextInt(range2.min, range2.max), void 0);
  }
  canShrinkWithoutContext(value) {
    return typeof value === "number" && safeNumberIsInteger$6(value) && !safeObjectIs$6(value, -0) && this.min <= value && value <= this.max;
  }
  shrink(current, context2) {
    if (!IntegerArbitrary2.isValidContext(current, context2)) return shrinkInteger(current, this.min <= 0 && this.max >= 0 ? 0 : this.min < 0 ? this.max : this.min, true);
    if (this.isLastChanceTry(current, context2)) return Stream.of(new Value(context2, void 0));
    return shrinkInteger(current, context2, false);
  }
  isLastChanceTry(current, context2) {
    if (current > 0) return current === context2 + 1 && current > this.min;
    if (current < 0) return current === context2 - 1 && current < this.max;
    return false;
  }
  static isValidContext(current, context2) {
    if (context2 === void 0) return false;
    if (typeof context2 !== "number") throw new Error(`Invalid context type passed to IntegerArbitrary (#1)`);
    if (context2 !== 0 && safeMathSign(current) !== safeMathSign(context2)) throw new Error(`Invalid context value passed to IntegerArbitrary (#2)`);
    return true;
  }
};
var safeNumberIsInteger$5 = Number.isInteger;
function buildCompleteIntegerConstraints(constraints) {
  return {
    min: constraints.min !== void 0 ? constraints.min : -2147483648,
    max: constraints.max !== void 0 ? constraints.max : 2147483647
  };
}
function integer(constraints = {}) {
  const fullConstraints = buildCompleteIntegerConstraints(constraints);
  if (fullConstraints.min > fullConstraints.max) throw new Error("fc.integer maximum value should be equal or greater than the minimum one");
  if (!safeNumberIsInteger$5(fullConstraints.min)) throw new Error("fc.integer minimum value should be an integer");
  if (!safeNumberIsInteger$5(fullConstraints.max)) throw new Error("fc.integer maximum value should be an integer");
  return new IntegerArbitrary(fullConstraints.min, fullConstraints.max);
}
var depthContextCache = /* @__PURE__ */ new Map();
function getDepthContextFor(contextMeta) {
  if (contextMeta === void 0) return { depth: 0 };
  if (typeof contextMeta !== "string") return contextMeta;
  const cachedContext = safeMapGet(depthContextCache, contextMeta);
  if (cachedContext !== void 0) return cachedContext;
  const context2 = { depth: 0 };
  safeMapSet(depthContextCache, contextMeta, context2);
  return context2;
}
function createDepthIdentifier() {
  return { depth: 0 };
}
var NoopSlicedGenerator = class {
  constructor(arb, mrng, biasFactor) {
    this.arb = arb;
    this.mrng = mrng;
    this.biasFactor = biasFactor;
  }
  attemptExact() {
  }
  next() {
    return this.arb.generate(this.mrng, this.biasFactor);
  }
};
var safeMathMin$5 = Math.min;
var safeMathMax$2 = Math.max;
var SlicedBasedGenerator = class {
  constructor(arb, mrng, slices, biasFactor) {
    this.arb = arb;
    this.mrng = mrng;
    this.slices = slices;
    this.biasFactor = biasFactor;
    this.activeSliceIndex = 0;
    this.nextIndexInSlice = 0;
    this.lastIndexInSlice = -1;
  }
  attemptExact(targetLength) {
    if (targetLength !== 0 && this.mrng.nextInt(1, this.biasFactor) === 1) {
      const eligibleIndices = [];
      for (let index = 0; index !== this.slices.length; ++index) if (this.slices[index].length === targetLength) safePush(eligibleIndices, index);
      if (eligibleIndices.length === 0) return;
      this.activeSliceIndex = eligibleIndices[this.mrng.nextInt(0, eligibleIndices.length - 1)];
      this.nextIndexInSlice = 0;
      this.lastIndexInSlice = targetLength - 1;
    }
  }
  next() {
    if (this.nextIndexInSlice <= this.lastIndexInSlice) return new Value(this.slices[this.activeSliceIndex][this.nextIndexInSlice++], void 0);
    if (this.mrng.nextInt(1, this.biasFactor) !== 1) return this.arb.generate(this.mrng, this.biasFactor);
    this.activeSliceIndex = this.mrng.nextInt(0, this.slices.length - 1);
    const slice2 = this.slices[this.activeSliceIndex];
    if (this.mrng.nextInt(1, this.biasFactor) !== 1) {
      this.nextIndexInSlice = 1;
      this.lastIndexInSlice = slice2.length - 1;
      return new Value(slice2[0], void 0);
    }
    const rangeBoundaryA = this.mrng.nextInt(0, slice2.length - 1);
    const rangeBoundaryB = this.mrng.nextInt(0, slice2.length - 1);
    this.nextIndexInSlice = safeMathMin$5(rangeBoundaryA, rangeBoundaryB);
    this.lastIndexInSlice = safeMathMax$2(rangeBoundaryA, rangeBoundaryB);
    return new Value(slice2[this.nextIndexInSlice++], void 0);
  }
};
function buildSlicedGenerator(arb, mrng, slices, biasFactor) {
  if (biasFactor === void 0 || slices.length === 0 || mrng.nextInt(1, biasFactor) !== 1) return new NoopSlicedGenerator(arb, mrng, biasFactor);
  return new SlicedBasedGenerator(arb, mrng, slices, biasFactor);
}
var safeMathFloor$4 = Math.floor;
var safeMathLog$1 = Math.log;
var safeArrayIsArray$2 = Array.isArray;
function biasedMaxLength(minLength, maxLength) {
  if (minLength === maxLength) return minLength;
  return minLength + safeMathFloor$4(safeMathLog$1(maxLength - minLength) / safeMathLog$1(2));
}
var ArrayArbitrary = class ArrayArbitrary2 extends Arbitrary {
  constructor(arb, minLength, maxGeneratedLength, maxLength, depthIdentifier, setBuilder, customSlices) {
    super();
    this.arb = arb;
    this.minLength = minLength;
    this.maxGeneratedLength = maxGeneratedLength;
    this.maxLength = maxLength;
    this.setBuilder = setBuilder;
    this.customSlices = customSlices;
    this.lengthArb = integer({
      min: minLength,
      max: maxGeneratedLength
    });
    this.depthContext = getDepthContextFor(depthIdentifier);
    this.cachedBiasedMaxLength = biasedMaxLength(minLength, maxGeneratedLength);
  }
  preFilter(tab) {
    if (this.setBuilder === void 0) return tab;
    const s = this.setBuilder();
    for (let index = 0; index !== tab.length; ++index) s.tryAdd(tab[index]);
    return s.getData();
  }
  static makeItCloneable(vs, shrinkables) {
    vs[cloneMethod] = () => {
      const cloned = [];
      for (let idx = 0; idx !== shrinkables.length; ++idx) safePush(cloned, shrinkables[idx].value);
      this.makeItCloneable(cloned, shrinkables);
      return cloned;
    };
    return vs;
  }
  generateNItemsNoDuplicates(setBuilder, N3, mrng, biasFactorItems) {
    let numSkippedInRow = 0;
    const s = setBuilder();
    const slicedGenerator = buildSlicedGenerator(this.arb, mrng, this.customSlices, biasFactorItems);
    while (s.size() < N3 && numSkippedInRow < this.maxGeneratedLength) {
      const current = slicedGenerator.next();
      if (s.tryAdd(current)) numSkippedInRow = 0;
      else numSkippedInRow += 1;
    }
    return s.getData();
  }
  safeGenerateNItemsNoDuplicates(setBuilder, N3, mrng, biasFactorItems) {
    const depthImpact = N3 - this.cachedBiasedMaxLength;
    if (depthImpact <= 0) return this.generateNItemsNoDuplicates(setBuilder, N3, mrng, biasFactorItems);
    this.depthContext.depth += depthImpact;
    try {
      return this.generateNItemsNoDuplicates(setBuilder, N3, mrng, biasFactorItems);
    } finally {
      this.depthContext.depth -= depthImpact;
    }
  }
  generateNItems(N3, mrng, biasFactorItems) {
    const items2 = [];
    const slicedGenerator = buildSlicedGenerator(this.arb, mrng, this.customSlices, biasFactorItems);
    slicedGenerator.attemptExact(N3);
    for (let index = 0; index !== N3; ++index) safePush(items2, slicedGenerator.next());
    return items2;
  }
  safeGenerateNItems(N3, mrng, biasFactorItems) {
    const depthImpact = N3 - this.cachedBiasedMaxLength;
    if (depthImpact <= 0) return this.generateNItems(N3, mrng, biasFactorItems);
    this.depthContext.depth += depthImpact;
    try {
      return this.generateNItems(N3, mrng, biasFactorItems);
    } finally {
      this.depthContext.depth -= depthImpact;
    }
  }
  wrapper(itemsRaw, shrunkOnce, itemsRawLengthContext, startIndex) {
    const items2 = shrunkOnce ? this.preFilter(itemsRaw) : itemsRaw;
    let cloneable = false;
    const vs = [];
    const itemsContexts = [];
    for (let idx = 0; idx !== items2.length; ++idx) {
      const s = items2[idx];
      cloneable = cloneable || s.hasToBeCloned;
      safePush(vs, s.value);
      safePush(itemsContexts, s.context);
    }
    if (cloneable) ArrayArbitrary2.makeItCloneable(vs, items2);
    return new Value(vs, {
      shrunkOnce,
      lengthContext: itemsRaw.length === items2.length && itemsRawLengthContext !== void 0 ? itemsRawLengthContext : void 0,
      itemsContexts,
      startIndex
    });
  }
  generate(mrng, biasFactor) {
    let targetSize;
    let biasFactorItems;
    if (biasFactor === void 0) targetSize = this.lengthArb.generate(mrng, void 0).value;
    else if (this.minLength === this.maxGeneratedLength) {
      targetSize = this.lengthArb.generate(mrng, void 0).value;
      biasFactorItems = biasFactor;
    } else if (mrng.nextInt(1, biasFactor) !== 1) targetSize = this.lengthArb.generate(mrng, void 0).value;
    else if (mrng.nextInt(1, biasFactor) !== 1) {
      targetSize = this.lengthArb.generate(mrng, void 0).value;
      biasFactorItems = biasFactor;
    } else {
      const maxBiasedLength = this.cachedBiasedMaxLength;
      targetSize = integer({
        min: this.minLength,
        max: maxBiasedLength
      }).generate(mrng, void 0).value;
      biasFactorItems = biasFactor;
    }
    const items2 = this.setBuilder !== void 0 ? this.safeGenerateNItemsNoDuplicates(this.setBuilder, targetSize, mrng, biasFactorItems) : this.safeGenerateNItems(targetSize, mrng, biasFactorItems);
    return this.wrapper(items2, false, void 0, 0);
  }
  canShrinkWithoutContext(value) {
    if (!safeArrayIsArray$2(value) || this.minLength > value.length || value.length > this.maxLength) return false;
    for (let index = 0; index !== value.length; ++index) {
      if (!(index in value)) return false;
      if (!this.arb.canShrinkWithoutContext(value[index])) return false;
    }
    return this.preFilter(safeMap(value, (item) => new Value(item, void 0))).length === value.length;
  }
  shrinkItemByItem(value, safeContext, endIndex) {
    const shrinks = [];
    for (let index = safeContext.startIndex; index < endIndex; ++index) safePush(shrinks, makeLazy(() => this.arb.shrink(value[index], safeContext.itemsContexts[index]).map((v) => {
      const beforeCurrent = safeMap(safeSlice(value, 0, index), (v2, i) => new Value(cloneIfNeeded(v2), safeContext.itemsContexts[i]));
      const afterCurrent = safeMap(safeSlice(value, index + 1), (v2, i) => new Value(cloneIfNeeded(v2), safeContext.itemsContexts[i + index + 1]));
      return [
        [
          ...beforeCurrent,
          v,
          ...afterCurrent
        ],
        void 0,
        index
      ];
    })));
    return Stream.nil().join(...shrinks);
  }
  shrinkImpl(value, context2) {
    if (value.length === 0) return Stream.nil();
    const safeContext = context2 !== void 0 ? context2 : {
      shrunkOnce: false,
      lengthContext: void 0,
      itemsContexts: [],
      startIndex: 0
    };
    return this.lengthArb.shrink(value.length, safeContext.lengthContext).drop(safeContext.shrunkOnce && safeContext.lengthContext === void 0 && value.length > this.minLength + 1 ? 1 : 0).map((lengthValue) => {
      const sliceStart = value.length - lengthValue.value;
      return [
        safeMap(safeSlice(value, sliceStart), (v, index) => new Value(cloneIfNeeded(v), safeContext.itemsContexts[index + sliceStart])),
        lengthValue.context,
        0
      ];
    }).join(makeLazy(() => value.length > this.minLength ? this.shrinkItemByItem(value, safeContext, 1) : this.shrinkItemByItem(value, safeContext, value.length))).join(value.length > this.minLength ? makeLazy(() => {
      const subContext = {
        shrunkOnce: false,
        lengthContext: void 0,
        itemsContexts: safeSlice(safeContext.itemsContexts, 1),
        startIndex: 0
      };
      return this.shrinkImpl(safeSlice(value, 1), subContext).filter((v) => this.minLength <= v[0].length + 1).map((v) => {
        return [
          [new Value(cloneIfNeeded(value[0]), safeContext.itemsContexts[0]), ...v[0]],
          void 0,
          0
        ];
      });
    }) : Stream.nil());
  }
  shrink(value, context2) {
    return this.shrinkImpl(value, context2).map((contextualValue) => this.wrapper(contextualValue[0], true, contextualValue[1], contextualValue[2]));
  }
};
var safeMathFloor$3 = Math.floor;
var safeMathMin$4 = Math.min;
var MaxLengthUpperBound = 2147483647;
var orderedSize = [
  "xsmall",
  "small",
  "medium",
  "large",
  "xlarge"
];
var orderedRelativeSize = [
  "-4",
  "-3",
  "-2",
  "-1",
  "=",
  "+1",
  "+2",
  "+3",
  "+4"
];
var DefaultSize = "small";
function maxLengthFromMinLength(minLength, size) {
  switch (size) {
    case "xsmall":
      return safeMathFloor$3(1.1 * minLength) + 1;
    case "small":
      return 2 * minLength + 10;
    case "medium":
      return 11 * minLength + 100;
    case "large":
      return 101 * minLength + 1e3;
    case "xlarge":
      return 1001 * minLength + 1e4;
    default:
      throw new Error(`Unable to compute lengths based on received size: ${size}`);
  }
}
function relativeSizeToSize(size, defaultSize) {
  const sizeInRelative = safeIndexOf(orderedRelativeSize, size);
  if (sizeInRelative === -1) return size;
  const defaultSizeInSize = safeIndexOf(orderedSize, defaultSize);
  if (defaultSizeInSize === -1) throw new Error(`Unable to offset size based on the unknown defaulted one: ${defaultSize}`);
  const resultingSizeInSize = defaultSizeInSize + sizeInRelative - 4;
  return resultingSizeInSize < 0 ? orderedSize[0] : resultingSizeInSize >= orderedSize.length ? orderedSize[orderedSize.length - 1] : orderedSize[resultingSizeInSize];
}
function maxGeneratedLengthFromSizeForArbitrary(size, minLength, maxLength, specifiedMaxLength) {
  const { baseSize: defaultSize = DefaultSize, defaultSizeToMaxWhenMaxSpecified } = readConfigureGlobal() || {};
  const definedSize = size !== void 0 ? size : specifiedMaxLength && defaultSizeToMaxWhenMaxSpecified ? "max" : defaultSize;
  if (definedSize === "max") return maxLength;
  const finalSize = relativeSizeToSize(definedSize, defaultSize);
  return safeMathMin$4(maxLengthFromMinLength(minLength, finalSize), maxLength);
}
function depthBiasFromSizeForArbitrary(depthSizeOrSize, specifiedMaxDepth) {
  if (typeof depthSizeOrSize === "number") return 1 / depthSizeOrSize;
  const { baseSize: defaultSize = DefaultSize, defaultSizeToMaxWhenMaxSpecified } = readConfigureGlobal() || {};
  const definedSize = depthSizeOrSize !== void 0 ? depthSizeOrSize : specifiedMaxDepth && defaultSizeToMaxWhenMaxSpecified ? "max" : defaultSize;
  if (definedSize === "max") return 0;
  switch (relativeSizeToSize(definedSize, defaultSize)) {
    case "xsmall":
      return 1;
    case "small":
      return 0.5;
    case "medium":
      return 0.25;
    case "large":
      return 0.125;
    case "xlarge":
      return 0.0625;
  }
}
function resolveSize(size) {
  const { baseSize: defaultSize = DefaultSize } = readConfigureGlobal() || {};
  if (size === void 0) return defaultSize;
  return relativeSizeToSize(size, defaultSize);
}
function array(arb, constraints = {}) {
  const size = constraints.size;
  const minLength = constraints.minLength || 0;
  const maxLengthOrUnset = constraints.maxLength;
  const depthIdentifier = constraints.depthIdentifier;
  const maxLength = maxLengthOrUnset !== void 0 ? maxLengthOrUnset : MaxLengthUpperBound;
  return new ArrayArbitrary(arb, minLength, maxGeneratedLengthFromSizeForArbitrary(size, minLength, maxLength, maxLengthOrUnset !== void 0), maxLength, depthIdentifier, void 0, constraints.experimentalCustomSlices || []);
}
function halveBigInt(n) {
  return n / SBigInt2(2);
}
function shrinkBigInt(current, target, tryTargetAsap) {
  const realGap = current - target;
  function* shrinkDecr() {
    let previous = tryTargetAsap ? void 0 : target;
    const gap = tryTargetAsap ? realGap : halveBigInt(realGap);
    for (let toremove = gap; toremove > 0; toremove = halveBigInt(toremove)) {
      const next3 = current - toremove;
      yield new Value(next3, previous);
      previous = next3;
    }
  }
  function* shrinkIncr() {
    let previous = tryTargetAsap ? void 0 : target;
    const gap = tryTargetAsap ? realGap : halveBigInt(realGap);
    for (let toremove = gap; toremove < 0; toremove = halveBigInt(toremove)) {
      const next3 = current - toremove;
      yield new Value(next3, previous);
      previous = next3;
    }
  }
  return realGap > 0 ? stream(shrinkDecr()) : stream(shrinkIncr());
}
var BigIntArbitrary = class BigIntArbitrary2 extends Arbitrary {
  constructor(min, max) {
    super();
    this.min = min;
    this.max = max;
  }
  generate(mrng, biasFactor) {
    const range2 = this.computeGenerateRange(mrng, biasFactor);
    return new Value(mrng.nextBigInt(range2.min, range2.max), void 0);
  }
  computeGenerateRange(mrng, biasFactor) {
    if (biasFactor === void 0 || mrng.nextInt(1, biasFactor) !== 1) return {
      min: this.min,
      max: this.max
    };
    const ranges = biasNumericRange(this.min, this.max, bigIntLogLike);
    if (ranges.length === 1) return ranges[0];
    const id = mrng.nextInt(-2 * (ranges.length - 1), ranges.length - 2);
    return id < 0 ? ranges[0] : ranges[id + 1];
  }
  canShrinkWithoutContext(value) {
    return typeof value === "bigint" && this.min <= value && value <= this.max;
  }
  shrink(current, context2) {
    if (!BigIntArbitrary2.isValidContext(current, context2)) return shrinkBigInt(current, this.defaultTarget(), true);
    if (this.isLastChanceTry(current, context2)) return Stream.of(new Value(context2, void 0));
    return shrinkBigInt(current, context2, false);
  }
  defaultTarget() {
    if (this.min <= 0 && this.max >= 0) return SBigInt2(0);
    return this.min < 0 ? this.max : this.min;
  }
  isLastChanceTry(current, context2) {
    if (current > 0) return current === context2 + SBigInt2(1) && current > this.min;
    if (current < 0) return current === context2 - SBigInt2(1) && current < this.max;
    return false;
  }
  static isValidContext(current, context2) {
    if (context2 === void 0) return false;
    if (typeof context2 !== "bigint") throw new Error(`Invalid context type passed to BigIntArbitrary (#1)`);
    const differentSigns = current > 0 && context2 < 0 || current < 0 && context2 > 0;
    if (context2 !== SBigInt2(0) && differentSigns) throw new Error(`Invalid context value passed to BigIntArbitrary (#2)`);
    return true;
  }
};
function buildCompleteBigIntConstraints(constraints) {
  const DefaultMin = SBigInt2(-1) << SBigInt2(255);
  const DefaultMax = (SBigInt2(1) << SBigInt2(255)) - SBigInt2(1);
  const min = constraints.min;
  const max = constraints.max;
  return {
    min: min !== void 0 ? min : DefaultMin - (max !== void 0 && max < SBigInt2(0) ? max * max : SBigInt2(0)),
    max: max !== void 0 ? max : DefaultMax + (min !== void 0 && min > SBigInt2(0) ? min * min : SBigInt2(0))
  };
}
function extractBigIntConstraints(args) {
  if (args[0] === void 0) return {};
  if (args[1] === void 0) return args[0];
  return {
    min: args[0],
    max: args[1]
  };
}
function bigInt(...args) {
  const constraints = buildCompleteBigIntConstraints(extractBigIntConstraints(args));
  if (constraints.min > constraints.max) throw new Error("fc.bigInt expects max to be greater than or equal to min");
  return new BigIntArbitrary(constraints.min, constraints.max);
}
var stableObjectGetPrototypeOf$1 = Object.getPrototypeOf;
var NoBiasArbitrary = class extends Arbitrary {
  constructor(arb) {
    super();
    this.arb = arb;
  }
  generate(mrng, _biasFactor) {
    return this.arb.generate(mrng, void 0);
  }
  canShrinkWithoutContext(value) {
    return this.arb.canShrinkWithoutContext(value);
  }
  shrink(value, context2) {
    return this.arb.shrink(value, context2);
  }
};
function noBias(arb) {
  if (stableObjectGetPrototypeOf$1(arb) === NoBiasArbitrary.prototype && arb.generate === NoBiasArbitrary.prototype.generate && arb.canShrinkWithoutContext === NoBiasArbitrary.prototype.canShrinkWithoutContext && arb.shrink === NoBiasArbitrary.prototype.shrink) return arb;
  return new NoBiasArbitrary(arb);
}
function booleanMapper(v) {
  return v === 1;
}
function booleanUnmapper(v) {
  if (typeof v !== "boolean") throw new Error("Unsupported input type");
  return v === true ? 1 : 0;
}
function boolean() {
  return noBias(integer({
    min: 0,
    max: 1
  }).map(booleanMapper, booleanUnmapper));
}
var safeObjectIs$5 = Object.is;
var FastConstantValuesLookup = class {
  constructor(values2) {
    this.values = values2;
    this.fastValues = new SSet(this.values);
    let hasMinusZero = false;
    let hasPlusZero = false;
    if (safeHas(this.fastValues, 0)) for (let idx = 0; idx !== this.values.length; ++idx) {
      const value = this.values[idx];
      hasMinusZero = hasMinusZero || safeObjectIs$5(value, -0);
      hasPlusZero = hasPlusZero || safeObjectIs$5(value, 0);
    }
    this.hasMinusZero = hasMinusZero;
    this.hasPlusZero = hasPlusZero;
  }
  has(value) {
    if (value === 0) {
      if (safeObjectIs$5(value, 0)) return this.hasPlusZero;
      return this.hasMinusZero;
    }
    return safeHas(this.fastValues, value);
  }
};
var ConstantArbitrary = class extends Arbitrary {
  constructor(values2) {
    super();
    this.values = values2;
  }
  generate(mrng, _biasFactor) {
    const idx = this.values.length === 1 ? 0 : mrng.nextInt(0, this.values.length - 1);
    const value = this.values[idx];
    if (!hasCloneMethod(value)) return new Value(value, idx);
    return new Value(value, idx, () => value[cloneMethod]());
  }
  canShrinkWithoutContext(value) {
    if (this.values.length === 1) return safeObjectIs$5(this.values[0], value);
    if (this.fastValues === void 0) this.fastValues = new FastConstantValuesLookup(this.values);
    return this.fastValues.has(value);
  }
  shrink(value, context2) {
    if (context2 === 0 || safeObjectIs$5(value, this.values[0])) return Stream.nil();
    return Stream.of(new Value(this.values[0], 0));
  }
};
function constantFrom(...values2) {
  if (values2.length === 0) throw new Error("fc.constantFrom expects at least one parameter");
  return new ConstantArbitrary(values2);
}
function falsy(constraints) {
  if (!constraints || !constraints.withBigInt) return constantFrom(false, null, void 0, 0, "", NaN);
  return constantFrom(false, null, void 0, 0, "", NaN, SBigInt2(0));
}
function constant(value) {
  return new ConstantArbitrary([value]);
}
var ContextImplem = class ContextImplem2 {
  constructor() {
    this.receivedLogs = [];
  }
  log(data) {
    this.receivedLogs.push(data);
  }
  size() {
    return this.receivedLogs.length;
  }
  toString() {
    return JSON.stringify({ logs: this.receivedLogs });
  }
  [cloneMethod]() {
    return new ContextImplem2();
  }
};
function context() {
  return constant(new ContextImplem());
}
var safeNaN$2 = NaN;
var safeNumberIsNaN$4 = Number.isNaN;
function timeToDateMapper(time) {
  return new SDate(time);
}
function timeToDateUnmapper(value) {
  if (!(value instanceof SDate) || value.constructor !== SDate) throw new SError("Not a valid value for date unmapper");
  return safeGetTime(value);
}
function timeToDateMapperWithNaN(valueForNaN) {
  return (time) => {
    return time === valueForNaN ? new SDate(safeNaN$2) : timeToDateMapper(time);
  };
}
function timeToDateUnmapperWithNaN(valueForNaN) {
  return (value) => {
    const time = timeToDateUnmapper(value);
    return safeNumberIsNaN$4(time) ? valueForNaN : time;
  };
}
var safeNumberIsNaN$3 = Number.isNaN;
function date(constraints = {}) {
  const intMin = constraints.min !== void 0 ? safeGetTime(constraints.min) : -864e13;
  const intMax = constraints.max !== void 0 ? safeGetTime(constraints.max) : 864e13;
  const noInvalidDate = constraints.noInvalidDate;
  if (safeNumberIsNaN$3(intMin)) throw new Error("fc.date min must be valid instance of Date");
  if (safeNumberIsNaN$3(intMax)) throw new Error("fc.date max must be valid instance of Date");
  if (intMin > intMax) throw new Error("fc.date max must be greater or equal to min");
  if (noInvalidDate) return integer({
    min: intMin,
    max: intMax
  }).map(timeToDateMapper, timeToDateUnmapper);
  const valueForNaN = intMax + 1;
  return integer({
    min: intMin,
    max: intMax + 1
  }).map(timeToDateMapperWithNaN(valueForNaN), timeToDateUnmapperWithNaN(valueForNaN));
}
var ChainUntilArbitrary = class extends Arbitrary {
  constructor(startArb, chainer) {
    super();
    this.startArb = startArb;
    this.chainer = chainer;
  }
  generate(mrng, biasFactor) {
    const entries = [];
    const clonedMrng = mrng.clone();
    let current = this.startArb.generate(mrng, biasFactor);
    entries.push({
      arbitrary: this.startArb,
      value: current.value_,
      context: current.context,
      clonedMrng
    });
    while (true) {
      const nextArb = this.chainer(current.value_);
      if (nextArb === void 0) break;
      const nextClonedMrng = mrng.clone();
      current = nextArb.generate(mrng, biasFactor);
      entries.push({
        arbitrary: nextArb,
        value: current.value_,
        context: current.context,
        clonedMrng: nextClonedMrng
      });
    }
    const ctx = {
      biasFactor,
      entries,
      currentShrinkLevel: 0
    };
    return new Value(current.value_, ctx);
  }
  canShrinkWithoutContext(_value) {
    return false;
  }
  shrink(value, context2) {
    if (!this.isSafeContext(context2)) return Stream.nil();
    return new Stream(this.shrinkIterator(context2));
  }
  *shrinkIterator(context2) {
    const { entries, currentShrinkLevel, biasFactor } = context2;
    for (let level = currentShrinkLevel; level < entries.length; ++level) {
      const entry = entries[level];
      const shrinks = entry.arbitrary.shrink(entry.value, entry.context);
      for (const shrunkValue of shrinks) {
        const newEntries = entries.slice(0, level);
        newEntries.push({
          arbitrary: entry.arbitrary,
          value: shrunkValue.value_,
          context: shrunkValue.context,
          clonedMrng: entry.clonedMrng
        });
        let current = shrunkValue;
        const mrng = entry.clonedMrng.clone();
        while (true) {
          const nextArb = this.chainer(current.value_);
          if (nextArb === void 0) break;
          const nextClonedMrng = mrng.clone();
          const next3 = nextArb.generate(mrng, biasFactor);
          newEntries.push({
            arbitrary: nextArb,
            value: next3.value_,
            context: next3.context,
            clonedMrng: nextClonedMrng
          });
          current = next3;
        }
        const lastEntry = newEntries[newEntries.length - 1];
        const newContext = {
          biasFactor,
          entries: newEntries,
          currentShrinkLevel: level
        };
        yield new Value(lastEntry.value, newContext);
      }
    }
  }
  isSafeContext(context2) {
    return context2 !== null && context2 !== void 0 && typeof context2 === "object" && "biasFactor" in context2 && "entries" in context2 && "currentShrinkLevel" in context2;
  }
};
function chainUntil(startArb, chainer) {
  return new ChainUntilArbitrary(startArb, chainer);
}
var safeSymbolIterator = Symbol.iterator;
var safeIsArray = Array.isArray;
var safeObjectIs$4 = Object.is;
var CloneArbitrary = class CloneArbitrary2 extends Arbitrary {
  constructor(arb, numValues) {
    super();
    this.arb = arb;
    this.numValues = numValues;
  }
  generate(mrng, biasFactor) {
    const items2 = [];
    if (this.numValues <= 0) return this.wrapper(items2);
    for (let idx = 0; idx !== this.numValues - 1; ++idx) safePush(items2, this.arb.generate(mrng.clone(), biasFactor));
    safePush(items2, this.arb.generate(mrng, biasFactor));
    return this.wrapper(items2);
  }
  canShrinkWithoutContext(value) {
    if (!safeIsArray(value) || value.length !== this.numValues) return false;
    if (value.length === 0) return true;
    for (let index = 1; index < value.length; ++index) if (!safeObjectIs$4(value[0], value[index])) return false;
    return this.arb.canShrinkWithoutContext(value[0]);
  }
  shrink(value, context2) {
    if (value.length === 0) return Stream.nil();
    return new Stream(this.shrinkImpl(value, context2 !== void 0 ? context2 : [])).map((v) => this.wrapper(v));
  }
  *shrinkImpl(value, contexts) {
    const its = safeMap(value, (v, idx) => this.arb.shrink(v, contexts[idx])[safeSymbolIterator]());
    let cur = safeMap(its, (it) => it.next());
    while (!cur[0].done) {
      yield safeMap(cur, (c) => c.value);
      cur = safeMap(its, (it) => it.next());
    }
  }
  static makeItCloneable(vs, shrinkables) {
    vs[cloneMethod] = () => {
      const cloned = [];
      for (let idx = 0; idx !== shrinkables.length; ++idx) safePush(cloned, shrinkables[idx].value);
      this.makeItCloneable(cloned, shrinkables);
      return cloned;
    };
    return vs;
  }
  wrapper(items2) {
    let cloneable = false;
    const vs = [];
    const contexts = [];
    for (let idx = 0; idx !== items2.length; ++idx) {
      const s = items2[idx];
      cloneable = cloneable || s.hasToBeCloned;
      safePush(vs, s.value);
      safePush(contexts, s.context);
    }
    if (cloneable) CloneArbitrary2.makeItCloneable(vs, items2);
    return new Value(vs, contexts);
  }
};
function clone(arb, numValues) {
  return new CloneArbitrary(arb, numValues);
}
var CustomEqualSet = class {
  constructor(isEqual) {
    this.isEqual = isEqual;
    this.data = [];
  }
  tryAdd(value) {
    for (let idx = 0; idx !== this.data.length; ++idx) if (this.isEqual(this.data[idx], value)) return false;
    safePush(this.data, value);
    return true;
  }
  size() {
    return this.data.length;
  }
  getData() {
    return this.data;
  }
};
var safeNumberIsNaN$2 = Number.isNaN;
var StrictlyEqualSet = class {
  constructor(selector) {
    this.selector = selector;
    this.selectedItemsExceptNaN = new SSet();
    this.data = [];
  }
  tryAdd(value) {
    const selected = this.selector(value);
    if (safeNumberIsNaN$2(selected)) {
      safePush(this.data, value);
      return true;
    }
    const sizeBefore = this.selectedItemsExceptNaN.size;
    safeAdd(this.selectedItemsExceptNaN, selected);
    if (sizeBefore !== this.selectedItemsExceptNaN.size) {
      safePush(this.data, value);
      return true;
    }
    return false;
  }
  size() {
    return this.data.length;
  }
  getData() {
    return this.data;
  }
};
var safeObjectIs$3 = Object.is;
var SameValueSet = class {
  constructor(selector) {
    this.selector = selector;
    this.selectedItemsExceptMinusZero = new SSet();
    this.data = [];
    this.hasMinusZero = false;
  }
  tryAdd(value) {
    const selected = this.selector(value);
    if (safeObjectIs$3(selected, -0)) {
      if (this.hasMinusZero) return false;
      safePush(this.data, value);
      this.hasMinusZero = true;
      return true;
    }
    const sizeBefore = this.selectedItemsExceptMinusZero.size;
    safeAdd(this.selectedItemsExceptMinusZero, selected);
    if (sizeBefore !== this.selectedItemsExceptMinusZero.size) {
      safePush(this.data, value);
      return true;
    }
    return false;
  }
  size() {
    return this.data.length;
  }
  getData() {
    return this.data;
  }
};
var SameValueZeroSet = class {
  constructor(selector) {
    this.selector = selector;
    this.selectedItems = new SSet();
    this.data = [];
  }
  tryAdd(value) {
    const selected = this.selector(value);
    const sizeBefore = this.selectedItems.size;
    safeAdd(this.selectedItems, selected);
    if (sizeBefore !== this.selectedItems.size) {
      safePush(this.data, value);
      return true;
    }
    return false;
  }
  size() {
    return this.data.length;
  }
  getData() {
    return this.data;
  }
};
function buildUniqueArraySetBuilder(constraints) {
  if (typeof constraints.comparator === "function") {
    if (constraints.selector === void 0) {
      const comparator2 = constraints.comparator;
      const isEqualForBuilder2 = (nextA, nextB) => comparator2(nextA.value_, nextB.value_);
      return () => new CustomEqualSet(isEqualForBuilder2);
    }
    const comparator = constraints.comparator;
    const selector2 = constraints.selector;
    const refinedSelector2 = (next3) => selector2(next3.value_);
    const isEqualForBuilder = (nextA, nextB) => comparator(refinedSelector2(nextA), refinedSelector2(nextB));
    return () => new CustomEqualSet(isEqualForBuilder);
  }
  const selector = constraints.selector || ((v) => v);
  const refinedSelector = (next3) => selector(next3.value_);
  switch (constraints.comparator) {
    case "IsStrictlyEqual":
      return () => new StrictlyEqualSet(refinedSelector);
    case "SameValueZero":
      return () => new SameValueZeroSet(refinedSelector);
    case "SameValue":
    case void 0:
      return () => new SameValueSet(refinedSelector);
  }
}
function uniqueArray(arb, constraints = {}) {
  const minLength = constraints.minLength !== void 0 ? constraints.minLength : 0;
  const maxLength = constraints.maxLength !== void 0 ? constraints.maxLength : MaxLengthUpperBound;
  const maxGeneratedLength = maxGeneratedLengthFromSizeForArbitrary(constraints.size, minLength, maxLength, constraints.maxLength !== void 0);
  const depthIdentifier = constraints.depthIdentifier;
  const arrayArb = new ArrayArbitrary(arb, minLength, maxGeneratedLength, maxLength, depthIdentifier, buildUniqueArraySetBuilder(constraints), []);
  if (minLength === 0) return arrayArb;
  return arrayArb.filter((tab) => tab.length >= minLength);
}
var safeObjectCreate$5 = Object.create;
var safeObjectDefineProperty$2 = Object.defineProperty;
var safeObjectGetOwnPropertyDescriptor$2 = Object.getOwnPropertyDescriptor;
var safeObjectGetPrototypeOf$1 = Object.getPrototypeOf;
var safeObjectPrototype$1 = Object.prototype;
var safeReflectOwnKeys = Reflect.ownKeys;
function keyValuePairsToObjectMapper(definition) {
  const obj = definition[1] ? safeObjectCreate$5(null) : {};
  const keyValues = definition[0];
  for (let idx = 0; idx !== keyValues.length; ++idx) {
    const key = keyValues[idx][0];
    if (key === "__proto__") safeObjectDefineProperty$2(obj, key, {
      enumerable: true,
      configurable: true,
      writable: true,
      value: keyValues[idx][1]
    });
    else obj[key] = keyValues[idx][1];
  }
  return obj;
}
function isValidPropertyNameFilter(descriptor) {
  return descriptor !== void 0 && !!descriptor.configurable && !!descriptor.enumerable && !!descriptor.writable && descriptor.get === void 0 && descriptor.set === void 0;
}
function keyValuePairsToObjectUnmapper(value) {
  if (typeof value !== "object" || value === null) throw new SError("Incompatible instance received: should be a non-null object");
  const hasNullPrototype = safeObjectGetPrototypeOf$1(value) === null;
  const hasObjectPrototype = safeObjectGetPrototypeOf$1(value) === safeObjectPrototype$1;
  if (!hasNullPrototype && !hasObjectPrototype) throw new SError("Incompatible instance received: should be of exact type Object");
  const propertyDescriptors = safeMap(safeReflectOwnKeys(value), (key) => [key, safeObjectGetOwnPropertyDescriptor$2(value, key)]);
  if (!safeEvery(propertyDescriptors, ([, descriptor]) => isValidPropertyNameFilter(descriptor))) throw new SError("Incompatible instance received: should contain only c/e/w properties without get/set");
  return [safeMap(propertyDescriptors, ([key, descriptor]) => [key, descriptor.value]), hasNullPrototype];
}
function dictionaryKeyExtractor(entry) {
  return entry[0];
}
function dictionary(keyArb, valueArb, constraints = {}) {
  const noNullPrototype = !!constraints.noNullPrototype;
  return tuple(uniqueArray(tuple(keyArb, valueArb), {
    minLength: constraints.minKeys,
    maxLength: constraints.maxKeys,
    size: constraints.size,
    selector: dictionaryKeyExtractor,
    depthIdentifier: constraints.depthIdentifier
  }), noNullPrototype ? constant(false) : boolean()).map(keyValuePairsToObjectMapper, keyValuePairsToObjectUnmapper);
}
var safePositiveInfinity$7 = Number.POSITIVE_INFINITY;
var safeMaxSafeInteger$2 = Number.MAX_SAFE_INTEGER;
var safeNumberIsInteger$4 = Number.isInteger;
var safeMathFloor$2 = Math.floor;
var safeMathPow = Math.pow;
var safeMathMin$3 = Math.min;
var FrequencyArbitrary = class FrequencyArbitrary2 extends Arbitrary {
  static from(warbs, constraints, label) {
    if (warbs.length === 0) throw new Error(`${label} expects at least one weighted arbitrary`);
    let totalWeight = 0;
    for (let idx = 0; idx !== warbs.length; ++idx) {
      if (warbs[idx].arbitrary === void 0) throw new Error(`${label} expects arbitraries to be specified`);
      const currentWeight = warbs[idx].weight;
      totalWeight += currentWeight;
      if (!safeNumberIsInteger$4(currentWeight)) throw new Error(`${label} expects weights to be integer values`);
      if (currentWeight < 0) throw new Error(`${label} expects weights to be superior or equal to 0`);
    }
    if (totalWeight <= 0) throw new Error(`${label} expects the sum of weights to be strictly superior to 0`);
    const sanitizedConstraints = {
      depthBias: depthBiasFromSizeForArbitrary(constraints.depthSize, constraints.maxDepth !== void 0),
      maxDepth: constraints.maxDepth !== void 0 ? constraints.maxDepth : safePositiveInfinity$7,
      withCrossShrink: !!constraints.withCrossShrink
    };
    return new FrequencyArbitrary2(warbs, sanitizedConstraints, getDepthContextFor(constraints.depthIdentifier));
  }
  constructor(warbs, constraints, context2) {
    super();
    this.warbs = warbs;
    this.constraints = constraints;
    this.context = context2;
    let currentWeight = 0;
    this.cumulatedWeights = [];
    for (let idx = 0; idx !== warbs.length; ++idx) {
      currentWeight += warbs[idx].weight;
      safePush(this.cumulatedWeights, currentWeight);
    }
    this.totalWeight = currentWeight;
  }
  generate(mrng, biasFactor) {
    if (this.mustGenerateFirst()) return this.safeGenerateForIndex(mrng, 0, biasFactor);
    const selected = mrng.nextInt(this.computeNegDepthBenefit(), this.totalWeight - 1);
    for (let idx = 0; idx !== this.cumulatedWeights.length; ++idx) if (selected < this.cumulatedWeights[idx]) return this.safeGenerateForIndex(mrng, idx, biasFactor);
    throw new Error(`Unable to generate from fc.frequency`);
  }
  canShrinkWithoutContext(value) {
    return this.canShrinkWithoutContextIndex(value) !== -1;
  }
  shrink(value, context2) {
    if (context2 !== void 0) {
      const safeContext = context2;
      const selectedIndex = safeContext.selectedIndex;
      const originalBias = safeContext.originalBias;
      const originalShrinks = this.warbs[selectedIndex].arbitrary.shrink(value, safeContext.originalContext).map((v) => this.mapIntoValue(selectedIndex, v, null, originalBias));
      if (safeContext.clonedMrngForFallbackFirst !== null) {
        if (safeContext.cachedGeneratedForFirst === void 0) safeContext.cachedGeneratedForFirst = this.safeGenerateForIndex(safeContext.clonedMrngForFallbackFirst, 0, originalBias);
        const valueFromFirst = safeContext.cachedGeneratedForFirst;
        return Stream.of(valueFromFirst).join(originalShrinks);
      }
      return originalShrinks;
    }
    const potentialSelectedIndex = this.canShrinkWithoutContextIndex(value);
    if (potentialSelectedIndex === -1) return Stream.nil();
    return this.defaultShrinkForFirst(potentialSelectedIndex).join(this.warbs[potentialSelectedIndex].arbitrary.shrink(value, void 0).map((v) => this.mapIntoValue(potentialSelectedIndex, v, null, void 0)));
  }
  /** Generate shrink values for first arbitrary when no context and no value was provided */
  defaultShrinkForFirst(selectedIndex) {
    ++this.context.depth;
    try {
      if (!this.mustFallbackToFirstInShrink(selectedIndex) || this.warbs[0].fallbackValue === void 0) return Stream.nil();
    } finally {
      --this.context.depth;
    }
    const rawShrinkValue = new Value(this.warbs[0].fallbackValue.default, void 0);
    return Stream.of(this.mapIntoValue(0, rawShrinkValue, null, void 0));
  }
  /** Extract the index of the generator that would have been able to gennrate the value */
  canShrinkWithoutContextIndex(value) {
    if (this.mustGenerateFirst()) return this.warbs[0].arbitrary.canShrinkWithoutContext(value) ? 0 : -1;
    try {
      ++this.context.depth;
      for (let idx = 0; idx !== this.warbs.length; ++idx) {
        const warb = this.warbs[idx];
        if (warb.weight !== 0 && warb.arbitrary.canShrinkWithoutContext(value)) return idx;
      }
      return -1;
    } finally {
      --this.context.depth;
    }
  }
  /** Map the output of one of the children with the context of frequency */
  mapIntoValue(idx, value, clonedMrngForFallbackFirst, biasFactor) {
    const context2 = {
      selectedIndex: idx,
      originalBias: biasFactor,
      originalContext: value.context,
      clonedMrngForFallbackFirst
    };
    return new Value(value.value, context2);
  }
  /** Generate using Arbitrary at index idx and safely handle depth context */
  safeGenerateForIndex(mrng, idx, biasFactor) {
    ++this.context.depth;
    try {
      const value = this.warbs[idx].arbitrary.generate(mrng, biasFactor);
      const clonedMrngForFallbackFirst = this.mustFallbackToFirstInShrink(idx) ? mrng.clone() : null;
      return this.mapIntoValue(idx, value, clonedMrngForFallbackFirst, biasFactor);
    } finally {
      --this.context.depth;
    }
  }
  /** Check if generating a value based on the first arbitrary is compulsory */
  mustGenerateFirst() {
    return this.constraints.maxDepth <= this.context.depth;
  }
  /** Check if fallback on first arbitrary during shrinking is required */
  mustFallbackToFirstInShrink(idx) {
    return idx !== 0 && this.constraints.withCrossShrink && this.warbs[0].weight !== 0;
  }
  /** Compute the benefit for the current depth */
  computeNegDepthBenefit() {
    const depthBias = this.constraints.depthBias;
    if (depthBias <= 0 || this.warbs[0].weight === 0) return 0;
    const depthBenefit = safeMathFloor$2(safeMathPow(1 + depthBias, this.context.depth)) - 1;
    return -safeMathMin$3(this.totalWeight * depthBenefit, safeMaxSafeInteger$2) || 0;
  }
};
function isOneOfContraints(param) {
  return param !== null && param !== void 0 && typeof param === "object" && !("generate" in param) && !("arbitrary" in param) && !("weight" in param);
}
function toWeightedArbitrary(maybeWeightedArbitrary) {
  if (isArbitrary(maybeWeightedArbitrary)) return {
    arbitrary: maybeWeightedArbitrary,
    weight: 1
  };
  return maybeWeightedArbitrary;
}
function oneof(...args) {
  const constraints = args[0];
  if (isOneOfContraints(constraints)) {
    const weightedArbs2 = safeMap(safeSlice(args, 1), toWeightedArbitrary);
    return FrequencyArbitrary.from(weightedArbs2, constraints, "fc.oneof");
  }
  const weightedArbs = safeMap(args, toWeightedArbitrary);
  return FrequencyArbitrary.from(weightedArbs, {}, "fc.oneof");
}
var safeNumberIsInteger$3 = Number.isInteger;
function nat(arg) {
  const max = typeof arg === "number" ? arg : arg && arg.max !== void 0 ? arg.max : 2147483647;
  if (max < 0) throw new Error("fc.nat value should be greater than or equal to 0");
  if (!safeNumberIsInteger$3(max)) throw new Error("fc.nat maximum value should be an integer");
  return new IntegerArbitrary(0, max);
}
var safeObjectIs$2 = Object.is;
function buildDichotomyEntries(entries) {
  let currentFrom = 0;
  const dichotomyEntries = [];
  for (const entry of entries) {
    const from = currentFrom;
    currentFrom = from + entry.num;
    const to = currentFrom - 1;
    dichotomyEntries.push({
      from,
      to,
      entry
    });
  }
  return dichotomyEntries;
}
function findDichotomyEntry(dichotomyEntries, choiceIndex) {
  let min = 0;
  let max = dichotomyEntries.length;
  while (max - min > 1) {
    const mid = ~~((min + max) / 2);
    if (choiceIndex < dichotomyEntries[mid].from) max = mid;
    else min = mid;
  }
  return dichotomyEntries[min];
}
function indexToMappedConstantMapperFor(entries) {
  const dichotomyEntries = buildDichotomyEntries(entries);
  return function indexToMappedConstantMapper(choiceIndex) {
    const dichotomyEntry = findDichotomyEntry(dichotomyEntries, choiceIndex);
    return dichotomyEntry.entry.build(choiceIndex - dichotomyEntry.from);
  };
}
function buildReverseMapping(entries) {
  const reverseMapping = {
    mapping: new SMap$2(),
    negativeZeroIndex: void 0
  };
  let choiceIndex = 0;
  for (let entryIdx = 0; entryIdx !== entries.length; ++entryIdx) {
    const entry = entries[entryIdx];
    for (let idxInEntry = 0; idxInEntry !== entry.num; ++idxInEntry) {
      const value = entry.build(idxInEntry);
      if (value === 0 && 1 / value === SNumber.NEGATIVE_INFINITY) reverseMapping.negativeZeroIndex = choiceIndex;
      else safeMapSet(reverseMapping.mapping, value, choiceIndex);
      ++choiceIndex;
    }
  }
  return reverseMapping;
}
function indexToMappedConstantUnmapperFor(entries) {
  let reverseMapping = null;
  return function indexToMappedConstantUnmapper(value) {
    if (reverseMapping === null) reverseMapping = buildReverseMapping(entries);
    const choiceIndex = safeObjectIs$2(value, -0) ? reverseMapping.negativeZeroIndex : safeMapGet(reverseMapping.mapping, value);
    if (choiceIndex === void 0) throw new SError("Unknown value encountered cannot be built using this mapToConstant");
    return choiceIndex;
  };
}
function computeNumChoices(options) {
  if (options.length === 0) throw new SError(`fc.mapToConstant expects at least one option`);
  let numChoices = 0;
  for (let idx = 0; idx !== options.length; ++idx) {
    if (options[idx].num < 0) throw new SError(`fc.mapToConstant expects all options to have a number of entries greater or equal to zero`);
    numChoices += options[idx].num;
  }
  if (numChoices === 0) throw new SError(`fc.mapToConstant expects at least one choice among options`);
  return numChoices;
}
function mapToConstant(...entries) {
  return nat({ max: computeNumChoices(entries) - 1 }).map(indexToMappedConstantMapperFor(entries), indexToMappedConstantUnmapperFor(entries));
}
function tokenizeString(patternsArb, value, minLength, maxLength) {
  if (value.length === 0) {
    if (minLength > 0) return;
    return [];
  }
  if (maxLength <= 0) return;
  const stack = [{
    endIndexChunks: 0,
    nextStartIndex: 1,
    chunks: []
  }];
  const visited = new SMap$2();
  while (stack.length > 0) {
    const last = safePop$1(stack);
    for (let index = last.nextStartIndex; index <= value.length; ++index) {
      const chunk = safeSubstring(value, last.endIndexChunks, index);
      if (patternsArb.canShrinkWithoutContext(chunk)) {
        const newChunks = [...last.chunks, chunk];
        if (index === value.length) {
          if (newChunks.length < minLength) break;
          return newChunks;
        }
        safePush(stack, {
          endIndexChunks: last.endIndexChunks,
          nextStartIndex: index + 1,
          chunks: last.chunks
        });
        if (newChunks.length < maxLength) {
          const visitedLengths = safeMapGet(visited, index) || new SSet();
          if (!safeHas(visitedLengths, newChunks.length)) {
            safeAdd(visitedLengths, newChunks.length);
            safeMapSet(visited, index, visitedLengths);
            safePush(stack, {
              endIndexChunks: index,
              nextStartIndex: index + 1,
              chunks: newChunks
            });
          }
        }
        break;
      }
    }
  }
}
function patternsToStringMapper(tab) {
  return safeJoin(tab, "");
}
function minLengthFrom(constraints) {
  return constraints.minLength !== void 0 ? constraints.minLength : 0;
}
function maxLengthFrom(constraints) {
  return constraints.maxLength !== void 0 ? constraints.maxLength : MaxLengthUpperBound;
}
function patternsToStringUnmapperIsValidLength(tokens, constraints) {
  return minLengthFrom(constraints) <= tokens.length && tokens.length <= maxLengthFrom(constraints);
}
function patternsToStringUnmapperFor(patternsArb, constraints) {
  return function patternsToStringUnmapper(value) {
    if (typeof value !== "string") throw new SError("Unsupported value");
    const tokens = tokenizeString(patternsArb, value, minLengthFrom(constraints), maxLengthFrom(constraints));
    if (tokens === void 0) throw new SError("Unable to unmap received string");
    return tokens;
  };
}
var dangerousStrings = [
  "__defineGetter__",
  "__defineSetter__",
  "__lookupGetter__",
  "__lookupSetter__",
  "__proto__",
  "constructor",
  "hasOwnProperty",
  "isPrototypeOf",
  "propertyIsEnumerable",
  "toLocaleString",
  "toString",
  "valueOf",
  "apply",
  "arguments",
  "bind",
  "call",
  "caller",
  "length",
  "name",
  "prototype",
  "key",
  "ref"
];
function computeCandidateStringLegacy(dangerous, charArbitrary, stringSplitter) {
  let candidate;
  try {
    candidate = stringSplitter(dangerous);
  } catch {
    return;
  }
  for (const entry of candidate) if (!charArbitrary.canShrinkWithoutContext(entry)) return;
  return candidate;
}
function createSlicesForStringLegacy(charArbitrary, stringSplitter) {
  const slicesForString = [];
  for (const dangerous of dangerousStrings) {
    const candidate = computeCandidateStringLegacy(dangerous, charArbitrary, stringSplitter);
    if (candidate !== void 0) safePush(slicesForString, candidate);
  }
  return slicesForString;
}
var slicesPerArbitrary = /* @__PURE__ */ new WeakMap();
function createSlicesForStringNoConstraints(charArbitrary) {
  const slicesForString = [];
  for (const dangerous of dangerousStrings) {
    const candidate = tokenizeString(charArbitrary, dangerous, 0, MaxLengthUpperBound);
    if (candidate !== void 0) safePush(slicesForString, candidate);
  }
  return slicesForString;
}
function createSlicesForString(charArbitrary, constraints) {
  let slices = safeGet(slicesPerArbitrary, charArbitrary);
  if (slices === void 0) {
    slices = createSlicesForStringNoConstraints(charArbitrary);
    safeSet(slicesPerArbitrary, charArbitrary, slices);
  }
  const slicesForConstraints = [];
  for (const slice2 of slices) if (patternsToStringUnmapperIsValidLength(slice2, constraints)) safePush(slicesForConstraints, slice2);
  return slicesForConstraints;
}
var asciiAlphabetRanges = [[0, 127]];
var fullAlphabetRanges = [[0, 55295], [57344, 1114111]];
var autonomousGraphemeRanges = [
  [32, 126],
  [160, 172],
  [174, 767],
  [880, 887],
  [890, 895],
  [900, 906],
  [908],
  [910, 929],
  [931, 1154],
  [1162, 1327],
  [1329, 1366],
  [1369, 1418],
  [1421, 1423],
  [1470],
  [1472],
  [1475],
  [1478],
  [1488, 1514],
  [1519, 1524],
  [1542, 1551],
  [1563],
  [1565, 1610],
  [1632, 1647],
  [1649, 1749],
  [1758],
  [1765, 1766],
  [1769],
  [1774, 1805],
  [1808],
  [1810, 1839],
  [1869, 1957],
  [1969],
  [1984, 2026],
  [2036, 2042],
  [2046, 2069],
  [2074],
  [2084],
  [2088],
  [2096, 2110],
  [2112, 2136],
  [2142],
  [2144, 2154],
  [2160, 2190],
  [2208, 2249],
  [2308, 2361],
  [2365],
  [2384],
  [2392, 2401],
  [2404, 2432],
  [2437, 2444],
  [2447, 2448],
  [2451, 2472],
  [2474, 2480],
  [2482],
  [2486, 2489],
  [2493],
  [2510],
  [2524, 2525],
  [2527, 2529],
  [2534, 2557],
  [2565, 2570],
  [2575, 2576],
  [2579, 2600],
  [2602, 2608],
  [2610, 2611],
  [2613, 2614],
  [2616, 2617],
  [2649, 2652],
  [2654],
  [2662, 2671],
  [2674, 2676],
  [2678],
  [2693, 2701],
  [2703, 2705],
  [2707, 2728],
  [2730, 2736],
  [2738, 2739],
  [2741, 2745],
  [2749],
  [2768],
  [2784, 2785],
  [2790, 2801],
  [2809],
  [2821, 2828],
  [2831, 2832],
  [2835, 2856],
  [2858, 2864],
  [2866, 2867],
  [2869, 2873],
  [2877],
  [2908, 2909],
  [2911, 2913],
  [2918, 2935],
  [2947],
  [2949, 2954],
  [2958, 2960],
  [2962, 2965],
  [2969, 2970],
  [2972],
  [2974, 2975],
  [2979, 2980],
  [2984, 2986],
  [2990, 3001],
  [3024],
  [3046, 3066],
  [3077, 3084],
  [3086, 3088],
  [3090, 3112],
  [3114, 3129],
  [3133],
  [3160, 3162],
  [3165],
  [3168, 3169],
  [3174, 3183],
  [3191, 3200],
  [3204, 3212],
  [3214, 3216],
  [3218, 3240],
  [3242, 3251],
  [3253, 3257],
  [3261],
  [3293, 3294],
  [3296, 3297],
  [3302, 3311],
  [3313, 3314],
  [3332, 3340],
  [3342, 3344],
  [3346, 3386],
  [3389],
  [3407],
  [3412, 3414],
  [3416, 3425],
  [3430, 3455],
  [3461, 3478],
  [3482, 3505],
  [3507, 3515],
  [3517],
  [3520, 3526],
  [3558, 3567],
  [3572],
  [3585, 3632],
  [3634],
  [3647, 3654],
  [3663, 3675],
  [3713, 3714],
  [3716],
  [3718, 3722],
  [3724, 3747],
  [3749],
  [3751, 3760],
  [3762],
  [3773],
  [3776, 3780],
  [3782],
  [3792, 3801],
  [3804, 3807],
  [3840, 3863],
  [3866, 3892],
  [3894],
  [3896],
  [3898, 3901],
  [3904, 3911],
  [3913, 3948],
  [3973],
  [3976, 3980],
  [4030, 4037],
  [4039, 4044],
  [4046, 4058],
  [4096, 4138],
  [4159, 4181],
  [4186, 4189],
  [4193],
  [4197, 4198],
  [4206, 4208],
  [4213, 4225],
  [4238],
  [4240, 4249],
  [4254, 4293],
  [4295],
  [4301],
  [4304, 4351],
  [4608, 4680],
  [4682, 4685],
  [4688, 4694],
  [4696],
  [4698, 4701],
  [4704, 4744],
  [4746, 4749],
  [4752, 4784],
  [4786, 4789],
  [4792, 4798],
  [4800],
  [4802, 4805],
  [4808, 4822],
  [4824, 4880],
  [4882, 4885],
  [4888, 4954],
  [4960, 4988],
  [4992, 5017],
  [5024, 5109],
  [5112, 5117],
  [5120, 5788],
  [5792, 5880],
  [5888, 5905],
  [5919, 5937],
  [5941, 5942],
  [5952, 5969],
  [5984, 5996],
  [5998, 6e3],
  [6016, 6067],
  [6100, 6108],
  [6112, 6121],
  [6128, 6137],
  [6144, 6154],
  [6160, 6169],
  [6176, 6264],
  [6272, 6276],
  [6279, 6312],
  [6314],
  [6320, 6389],
  [6400, 6430],
  [6464],
  [6468, 6509],
  [6512, 6516],
  [6528, 6571],
  [6576, 6601],
  [6608, 6618],
  [6622, 6678],
  [6686, 6740],
  [6784, 6793],
  [6800, 6809],
  [6816, 6829],
  [6917, 6963],
  [6981, 6988],
  [6992, 7018],
  [7028, 7038],
  [7043, 7072],
  [7086, 7141],
  [7164, 7203],
  [7227, 7241],
  [7245, 7304],
  [7312, 7354],
  [7357, 7367],
  [7379],
  [7401, 7404],
  [7406, 7411],
  [7413, 7414],
  [7418],
  [7424, 7615],
  [7680, 7957],
  [7960, 7965],
  [7968, 8005],
  [8008, 8013],
  [8016, 8023],
  [8025],
  [8027],
  [8029],
  [8031, 8061],
  [8064, 8116],
  [8118, 8132],
  [8134, 8147],
  [8150, 8155],
  [8157, 8175],
  [8178, 8180],
  [8182, 8190],
  [8192, 8202],
  [8208, 8233],
  [8239, 8287],
  [8304, 8305],
  [8308, 8334],
  [8336, 8348],
  [8352, 8384],
  [8448, 8587],
  [8592, 9254],
  [9280, 9290],
  [9312, 11123],
  [11126, 11157],
  [11159, 11502],
  [11506, 11507],
  [11513, 11557],
  [11559],
  [11565],
  [11568, 11623],
  [11631, 11632],
  [11648, 11670],
  [11680, 11686],
  [11688, 11694],
  [11696, 11702],
  [11704, 11710],
  [11712, 11718],
  [11720, 11726],
  [11728, 11734],
  [11736, 11742],
  [11776, 11869],
  [11904, 11929],
  [11931, 12019],
  [12032, 12245],
  [12272, 12329],
  [12336, 12351],
  [12353, 12438],
  [12443, 12543],
  [12549, 12591],
  [12593, 12686],
  [12688, 12771],
  [12783, 12830],
  [12832, 13312],
  [19903, 19968],
  [40959, 42124],
  [42128, 42182],
  [42192, 42539],
  [42560, 42606],
  [42611],
  [42622, 42653],
  [42656, 42735],
  [42738, 42743],
  [42752, 42954],
  [42960, 42961],
  [42963],
  [42965, 42969],
  [42994, 43009],
  [43011, 43013],
  [43015, 43018],
  [43020, 43042],
  [43048, 43051],
  [43056, 43065],
  [43072, 43127],
  [43138, 43187],
  [43214, 43225],
  [43250, 43262],
  [43264, 43301],
  [43310, 43334],
  [43359],
  [43396, 43442],
  [43457, 43469],
  [43471, 43481],
  [43486, 43492],
  [43494, 43518],
  [43520, 43560],
  [43584, 43586],
  [43588, 43595],
  [43600, 43609],
  [43612, 43642],
  [43646, 43695],
  [43697],
  [43701, 43702],
  [43705, 43709],
  [43712],
  [43714],
  [43739, 43754],
  [43760, 43764],
  [43777, 43782],
  [43785, 43790],
  [43793, 43798],
  [43808, 43814],
  [43816, 43822],
  [43824, 43883],
  [43888, 44002],
  [44011],
  [44016, 44025],
  [44032],
  [55203],
  [63744, 64109],
  [64112, 64217],
  [64256, 64262],
  [64275, 64279],
  [64285],
  [64287, 64310],
  [64312, 64316],
  [64318],
  [64320, 64321],
  [64323, 64324],
  [64326, 64450],
  [64467, 64911],
  [64914, 64967],
  [64975],
  [65008, 65023],
  [65040, 65049],
  [65072, 65106],
  [65108, 65126],
  [65128, 65131],
  [65136, 65140],
  [65142, 65276],
  [65281, 65437],
  [65440, 65470],
  [65474, 65479],
  [65482, 65487],
  [65490, 65495],
  [65498, 65500],
  [65504, 65510],
  [65512, 65518],
  [65532, 65533],
  [65536, 65547],
  [65549, 65574],
  [65576, 65594],
  [65596, 65597],
  [65599, 65613],
  [65616, 65629],
  [65664, 65786],
  [65792, 65794],
  [65799, 65843],
  [65847, 65934],
  [65936, 65948],
  [65952],
  [66e3, 66044],
  [66176, 66204],
  [66208, 66256],
  [66273, 66299],
  [66304, 66339],
  [66349, 66378],
  [66384, 66421],
  [66432, 66461],
  [66463, 66499],
  [66504, 66517],
  [66560, 66717],
  [66720, 66729],
  [66736, 66771],
  [66776, 66811],
  [66816, 66855],
  [66864, 66915],
  [66927, 66938],
  [66940, 66954],
  [66956, 66962],
  [66964, 66965],
  [66967, 66977],
  [66979, 66993],
  [66995, 67001],
  [67003, 67004],
  [67072, 67382],
  [67392, 67413],
  [67424, 67431],
  [67456, 67461],
  [67463, 67504],
  [67506, 67514],
  [67584, 67589],
  [67592],
  [67594, 67637],
  [67639, 67640],
  [67644],
  [67647, 67669],
  [67671, 67742],
  [67751, 67759],
  [67808, 67826],
  [67828, 67829],
  [67835, 67867],
  [67871, 67897],
  [67903],
  [67968, 68023],
  [68028, 68047],
  [68050, 68096],
  [68112, 68115],
  [68117, 68119],
  [68121, 68149],
  [68160, 68168],
  [68176, 68184],
  [68192, 68255],
  [68288, 68324],
  [68331, 68342],
  [68352, 68405],
  [68409, 68437],
  [68440, 68466],
  [68472, 68497],
  [68505, 68508],
  [68521, 68527],
  [68608, 68680],
  [68736, 68786],
  [68800, 68850],
  [68858, 68899],
  [68912, 68921],
  [69216, 69246],
  [69248, 69289],
  [69293],
  [69296, 69297],
  [69376, 69415],
  [69424, 69445],
  [69457, 69465],
  [69488, 69505],
  [69510, 69513],
  [69552, 69579],
  [69600, 69622],
  [69635, 69687],
  [69703, 69709],
  [69714, 69743],
  [69745, 69746],
  [69749],
  [69763, 69807],
  [69819, 69820],
  [69822, 69825],
  [69840, 69864],
  [69872, 69881],
  [69891, 69926],
  [69942, 69956],
  [69959],
  [69968, 70002],
  [70004, 70006],
  [70019, 70066],
  [70081],
  [70084, 70088],
  [70093],
  [70096, 70111],
  [70113, 70132],
  [70144, 70161],
  [70163, 70187],
  [70200, 70205],
  [70207, 70208],
  [70272, 70278],
  [70280],
  [70282, 70285],
  [70287, 70301],
  [70303, 70313],
  [70320, 70366],
  [70384, 70393],
  [70405, 70412],
  [70415, 70416],
  [70419, 70440],
  [70442, 70448],
  [70450, 70451],
  [70453, 70457],
  [70461],
  [70480],
  [70493, 70497],
  [70656, 70708],
  [70727, 70747],
  [70749],
  [70751, 70753],
  [70784, 70831],
  [70852, 70855],
  [70864, 70873],
  [71040, 71086],
  [71105, 71131],
  [71168, 71215],
  [71233, 71236],
  [71248, 71257],
  [71264, 71276],
  [71296, 71338],
  [71352, 71353],
  [71360, 71369],
  [71424, 71450],
  [71472, 71494],
  [71680, 71723],
  [71739],
  [71840, 71922],
  [71935, 71942],
  [71945],
  [71948, 71955],
  [71957, 71958],
  [71960, 71983],
  [72004, 72006],
  [72016, 72025],
  [72096, 72103],
  [72106, 72144],
  [72161, 72163],
  [72192],
  [72203, 72242],
  [72255, 72262],
  [72272],
  [72284, 72323],
  [72346, 72354],
  [72368, 72440],
  [72448, 72457],
  [72704, 72712],
  [72714, 72750],
  [72768, 72773],
  [72784, 72812],
  [72816, 72847],
  [72960, 72966],
  [72968, 72969],
  [72971, 73008],
  [73040, 73049],
  [73056, 73061],
  [73063, 73064],
  [73066, 73097],
  [73112],
  [73120, 73129],
  [73440, 73458],
  [73463, 73464],
  [73476, 73488],
  [73490, 73523],
  [73539, 73561],
  [73648],
  [73664, 73713],
  [73727, 74649],
  [74752, 74862],
  [74864, 74868],
  [74880, 75075],
  [77712, 77810],
  [77824, 78895],
  [78913, 78918],
  [82944, 83526],
  [92160, 92728],
  [92736, 92766],
  [92768, 92777],
  [92782, 92862],
  [92864, 92873],
  [92880, 92909],
  [92917],
  [92928, 92975],
  [92983, 92997],
  [93008, 93017],
  [93019, 93025],
  [93027, 93047],
  [93053, 93071],
  [93760, 93850],
  [93952, 94026],
  [94032],
  [94099, 94111],
  [94176, 94179],
  [94208],
  [100343],
  [100352, 101589],
  [101632],
  [101640],
  [110576, 110579],
  [110581, 110587],
  [110589, 110590],
  [110592, 110882],
  [110898],
  [110928, 110930],
  [110933],
  [110948, 110951],
  [110960, 111355],
  [113664, 113770],
  [113776, 113788],
  [113792, 113800],
  [113808, 113817],
  [113820],
  [113823],
  [118608, 118723],
  [118784, 119029],
  [119040, 119078],
  [119081, 119140],
  [119146, 119148],
  [119171, 119172],
  [119180, 119209],
  [119214, 119274],
  [119296, 119361],
  [119365],
  [119488, 119507],
  [119520, 119539],
  [119552, 119638],
  [119648, 119672],
  [119808, 119892],
  [119894, 119964],
  [119966, 119967],
  [119970],
  [119973, 119974],
  [119977, 119980],
  [119982, 119993],
  [119995],
  [119997, 120003],
  [120005, 120069],
  [120071, 120074],
  [120077, 120084],
  [120086, 120092],
  [120094, 120121],
  [120123, 120126],
  [120128, 120132],
  [120134],
  [120138, 120144],
  [120146, 120485],
  [120488, 120779],
  [120782, 121343],
  [121399, 121402],
  [121453, 121460],
  [121462, 121475],
  [121477, 121483],
  [122624, 122654],
  [122661, 122666],
  [122928, 122989],
  [123136, 123180],
  [123191, 123197],
  [123200, 123209],
  [123214, 123215],
  [123536, 123565],
  [123584, 123627],
  [123632, 123641],
  [123647],
  [124112, 124139],
  [124144, 124153],
  [124896, 124902],
  [124904, 124907],
  [124909, 124910],
  [124912, 124926],
  [124928, 125124],
  [125127, 125135],
  [125184, 125251],
  [125259],
  [125264, 125273],
  [125278, 125279],
  [126065, 126132],
  [126209, 126269],
  [126464, 126467],
  [126469, 126495],
  [126497, 126498],
  [126500],
  [126503],
  [126505, 126514],
  [126516, 126519],
  [126521],
  [126523],
  [126530],
  [126535],
  [126537],
  [126539],
  [126541, 126543],
  [126545, 126546],
  [126548],
  [126551],
  [126553],
  [126555],
  [126557],
  [126559],
  [126561, 126562],
  [126564],
  [126567, 126570],
  [126572, 126578],
  [126580, 126583],
  [126585, 126588],
  [126590],
  [126592, 126601],
  [126603, 126619],
  [126625, 126627],
  [126629, 126633],
  [126635, 126651],
  [126704, 126705],
  [126976, 127019],
  [127024, 127123],
  [127136, 127150],
  [127153, 127167],
  [127169, 127183],
  [127185, 127221],
  [127232, 127405],
  [127488, 127490],
  [127504, 127547],
  [127552, 127560],
  [127568, 127569],
  [127584, 127589],
  [127744, 127994],
  [128e3, 128727],
  [128732, 128748],
  [128752, 128764],
  [128768, 128886],
  [128891, 128985],
  [128992, 129003],
  [129008],
  [129024, 129035],
  [129040, 129095],
  [129104, 129113],
  [129120, 129159],
  [129168, 129197],
  [129200, 129201],
  [129280, 129619],
  [129632, 129645],
  [129648, 129660],
  [129664, 129672],
  [129680, 129725],
  [129727, 129733],
  [129742, 129755],
  [129760, 129768],
  [129776, 129784],
  [129792, 129938],
  [129940, 129994],
  [130032, 130041],
  [131072],
  [173791],
  [173824],
  [177977],
  [177984],
  [178205],
  [178208],
  [183969],
  [183984],
  [191456],
  [191472],
  [192093],
  [194560, 195101],
  [196608],
  [201546],
  [201552],
  [205743]
];
var autonomousDecomposableGraphemeRanges = [
  [192, 197],
  [199, 207],
  [209, 214],
  [217, 221],
  [224, 229],
  [231, 239],
  [241, 246],
  [249, 253],
  [255, 271],
  [274, 293],
  [296, 304],
  [308, 311],
  [313, 318],
  [323, 328],
  [332, 337],
  [340, 357],
  [360, 382],
  [416, 417],
  [431, 432],
  [461, 476],
  [478, 483],
  [486, 496],
  [500, 501],
  [504, 539],
  [542, 543],
  [550, 563],
  [901, 902],
  [904, 906],
  [908],
  [910, 912],
  [938, 944],
  [970, 974],
  [979, 980],
  [1024, 1025],
  [1027],
  [1031],
  [1036, 1038],
  [1049],
  [1081],
  [1104, 1105],
  [1107],
  [1111],
  [1116, 1118],
  [1142, 1143],
  [1217, 1218],
  [1232, 1235],
  [1238, 1239],
  [1242, 1247],
  [1250, 1255],
  [1258, 1269],
  [1272, 1273],
  [1570, 1574],
  [1728],
  [1730],
  [1747],
  [2345],
  [2353],
  [2356],
  [2392, 2399],
  [2524, 2525],
  [2527],
  [2611],
  [2614],
  [2649, 2651],
  [2654],
  [2908, 2909],
  [2964],
  [3907],
  [3917],
  [3922],
  [3927],
  [3932],
  [3945],
  [4134],
  [6918],
  [6920],
  [6922],
  [6924],
  [6926],
  [6930],
  [7680, 7833],
  [7835],
  [7840, 7929],
  [7936, 7957],
  [7960, 7965],
  [7968, 8005],
  [8008, 8013],
  [8016, 8023],
  [8025],
  [8027],
  [8029],
  [8031, 8048],
  [8050],
  [8052],
  [8054],
  [8056],
  [8058],
  [8060],
  [8064, 8116],
  [8118, 8122],
  [8124],
  [8129, 8132],
  [8134, 8136],
  [8138],
  [8140, 8146],
  [8150, 8154],
  [8157, 8162],
  [8164, 8170],
  [8172, 8173],
  [8178, 8180],
  [8182, 8184],
  [8186],
  [8188],
  [8602, 8603],
  [8622],
  [8653, 8655],
  [8708],
  [8713],
  [8716],
  [8740],
  [8742],
  [8769],
  [8772],
  [8775],
  [8777],
  [8800],
  [8802],
  [8813, 8817],
  [8820, 8821],
  [8824, 8825],
  [8832, 8833],
  [8836, 8837],
  [8840, 8841],
  [8876, 8879],
  [8928, 8931],
  [8938, 8941],
  [10972],
  [12364],
  [12366],
  [12368],
  [12370],
  [12372],
  [12374],
  [12376],
  [12378],
  [12380],
  [12382],
  [12384],
  [12386],
  [12389],
  [12391],
  [12393],
  [12400, 12401],
  [12403, 12404],
  [12406, 12407],
  [12409, 12410],
  [12412, 12413],
  [12436],
  [12446],
  [12460],
  [12462],
  [12464],
  [12466],
  [12468],
  [12470],
  [12472],
  [12474],
  [12476],
  [12478],
  [12480],
  [12482],
  [12485],
  [12487],
  [12489],
  [12496, 12497],
  [12499, 12500],
  [12502, 12503],
  [12505, 12506],
  [12508, 12509],
  [12532],
  [12535, 12538],
  [12542],
  [44032],
  [55203],
  [64285],
  [64287],
  [64298, 64310],
  [64312, 64316],
  [64318],
  [64320, 64321],
  [64323, 64324],
  [64326, 64334],
  [69786],
  [69788],
  [69803],
  [119134, 119140],
  [119227, 119232]
];
var safeStringFromCodePoint$3 = String.fromCodePoint;
var safeMathMin$2 = Math.min;
var safeMathMax$1 = Math.max;
function convertGraphemeRangeToMapToConstantEntry(range2) {
  if (range2.length === 1) {
    const codePointString = safeStringFromCodePoint$3(range2[0]);
    return {
      num: 1,
      build: () => codePointString
    };
  }
  const rangeStart = range2[0];
  return {
    num: range2[1] - range2[0] + 1,
    build: (idInGroup) => safeStringFromCodePoint$3(rangeStart + idInGroup)
  };
}
function intersectGraphemeRanges(rangesA, rangesB) {
  const mergedRanges = [];
  let cursorA = 0;
  let cursorB = 0;
  while (cursorA < rangesA.length && cursorB < rangesB.length) {
    const rangeA = rangesA[cursorA];
    const rangeAMin = rangeA[0];
    const rangeAMax = rangeA.length === 1 ? rangeA[0] : rangeA[1];
    const rangeB = rangesB[cursorB];
    const rangeBMin = rangeB[0];
    const rangeBMax = rangeB.length === 1 ? rangeB[0] : rangeB[1];
    if (rangeAMax < rangeBMin) cursorA += 1;
    else if (rangeBMax < rangeAMin) cursorB += 1;
    else {
      let min = safeMathMax$1(rangeAMin, rangeBMin);
      const max = safeMathMin$2(rangeAMax, rangeBMax);
      if (mergedRanges.length >= 1) {
        const lastMergedRange = mergedRanges[mergedRanges.length - 1];
        if ((lastMergedRange.length === 1 ? lastMergedRange[0] : lastMergedRange[1]) + 1 === min) {
          min = lastMergedRange[0];
          safePop$1(mergedRanges);
        }
      }
      safePush(mergedRanges, min === max ? [min] : [min, max]);
      if (rangeAMax <= max) cursorA += 1;
      if (rangeBMax <= max) cursorB += 1;
    }
  }
  return mergedRanges;
}
function buildCodePointRanges(ranges) {
  let from = 0;
  const codePointRanges = [];
  for (const range2 of ranges) {
    const first = range2[0];
    const last = range2.length === 1 ? range2[0] : range2[1];
    codePointRanges.push({
      from,
      first,
      last
    });
    from += last - first + 1;
  }
  return codePointRanges;
}
function findCodePointRange(codePointRanges, codePoint) {
  let min = 0;
  let max = codePointRanges.length;
  while (max - min > 1) {
    const mid = ~~((min + max) / 2);
    if (codePoint < codePointRanges[mid].first) max = mid;
    else min = mid;
  }
  return codePointRanges[min];
}
function indexToCodePointRangesUnmapperFor(ranges) {
  const codePointRanges = buildCodePointRanges(ranges);
  return function indexToCodePointRangesUnmapper(value) {
    if (typeof value === "string") {
      const codePoint = safeCodePointAt(value, 0);
      if (codePoint !== void 0 && value.length === (codePoint > 65535 ? 2 : 1)) {
        const range2 = findCodePointRange(codePointRanges, codePoint);
        if (range2.first <= codePoint && codePoint <= range2.last) return range2.from + codePoint - range2.first;
      }
    }
    throw new Error("Unknown value encountered cannot be built using these code point ranges");
  };
}
var registeredStringUnitInstancesMap = /* @__PURE__ */ Object.create(null);
function getAlphabetRanges(alphabet) {
  switch (alphabet) {
    case "full":
      return fullAlphabetRanges;
    case "ascii":
      return asciiAlphabetRanges;
  }
}
function getOrCreateStringUnitInstance(type, alphabet) {
  const key = `${type}:${alphabet}`;
  const registered = registeredStringUnitInstancesMap[key];
  if (registered !== void 0) return registered;
  const alphabetRanges = getAlphabetRanges(alphabet);
  const ranges = type === "binary" ? alphabetRanges : intersectGraphemeRanges(alphabetRanges, autonomousGraphemeRanges);
  const entries = [];
  for (const range2 of ranges) safePush(entries, convertGraphemeRangeToMapToConstantEntry(range2));
  if (type === "grapheme") {
    const decomposedRanges = intersectGraphemeRanges(alphabetRanges, autonomousDecomposableGraphemeRanges);
    for (const range2 of decomposedRanges) {
      const rawEntry = convertGraphemeRangeToMapToConstantEntry(range2);
      safePush(entries, {
        num: rawEntry.num,
        build: (idInGroup) => safeNormalize(rawEntry.build(idInGroup), "NFD")
      });
    }
  }
  const stringUnitInstance = type === "grapheme" ? mapToConstant(...entries) : nat({ max: safeReduce(entries, (acc, entry) => acc + entry.num, 0) - 1 }).map(indexToMappedConstantMapperFor(entries), indexToCodePointRangesUnmapperFor(ranges));
  registeredStringUnitInstancesMap[key] = stringUnitInstance;
  return stringUnitInstance;
}
function stringUnit(type, alphabet) {
  return getOrCreateStringUnitInstance(type, alphabet);
}
function extractUnitArbitrary(constraints) {
  if (typeof constraints.unit === "object") return constraints.unit;
  switch (constraints.unit) {
    case "grapheme":
      return stringUnit("grapheme", "full");
    case "grapheme-composite":
      return stringUnit("composite", "full");
    case "grapheme-ascii":
    case void 0:
      return stringUnit("grapheme", "ascii");
    case "binary":
      return stringUnit("binary", "full");
    case "binary-ascii":
      return stringUnit("binary", "ascii");
  }
}
function string(constraints = {}) {
  const charArbitrary = extractUnitArbitrary(constraints);
  const unmapper = patternsToStringUnmapperFor(charArbitrary, constraints);
  const experimentalCustomSlices = createSlicesForString(charArbitrary, constraints);
  return array(charArbitrary, {
    ...constraints,
    experimentalCustomSlices
  }).map(patternsToStringMapper, unmapper);
}
var SMap = Map;
var safeStringFromCharCode$1 = String.fromCharCode;
var lowerCaseMapper = {
  num: 26,
  build: (v) => safeStringFromCharCode$1(v + 97)
};
var upperCaseMapper = {
  num: 26,
  build: (v) => safeStringFromCharCode$1(v + 65)
};
var numericMapper = {
  num: 10,
  build: (v) => safeStringFromCharCode$1(v + 48)
};
function percentCharArbMapper(c) {
  const encoded = SencodeURIComponent(c);
  return c !== encoded ? encoded : `%${safeNumberToString(safeCharCodeAt(c, 0), 16)}`;
}
function percentCharArbUnmapper(value) {
  if (typeof value !== "string") throw new Error("Unsupported");
  return decodeURIComponent(value);
}
var percentCharArb = () => string({
  unit: "binary",
  minLength: 1,
  maxLength: 1
}).map(percentCharArbMapper, percentCharArbUnmapper);
var lowerAlphaArbitrary = void 0;
function getOrCreateLowerAlphaArbitrary() {
  if (lowerAlphaArbitrary === void 0) lowerAlphaArbitrary = mapToConstant(lowerCaseMapper);
  return lowerAlphaArbitrary;
}
var lowerAlphaNumericArbitraries = void 0;
function getOrCreateLowerAlphaNumericArbitrary(others) {
  if (lowerAlphaNumericArbitraries === void 0) lowerAlphaNumericArbitraries = new SMap();
  let match = safeMapGet(lowerAlphaNumericArbitraries, others);
  if (match === void 0) {
    match = mapToConstant(lowerCaseMapper, numericMapper, {
      num: others.length,
      build: (v) => others[v]
    });
    safeMapSet(lowerAlphaNumericArbitraries, others, match);
  }
  return match;
}
function buildAlphaNumericArbitrary(others) {
  return mapToConstant(lowerCaseMapper, upperCaseMapper, numericMapper, {
    num: others.length,
    build: (v) => others[v]
  });
}
var alphaNumericPercentArbitraries = void 0;
function getOrCreateAlphaNumericPercentArbitrary(others) {
  if (alphaNumericPercentArbitraries === void 0) alphaNumericPercentArbitraries = new SMap();
  let match = safeMapGet(alphaNumericPercentArbitraries, others);
  if (match === void 0) {
    match = oneof({
      weight: 10,
      arbitrary: buildAlphaNumericArbitrary(others)
    }, {
      weight: 1,
      arbitrary: percentCharArb()
    });
    safeMapSet(alphaNumericPercentArbitraries, others, match);
  }
  return match;
}
function option(arb, constraints = {}) {
  const freq = constraints.freq === void 0 ? 6 : constraints.freq;
  const nilValue = safeHasOwnProperty(constraints, "nil") ? constraints.nil : null;
  const weightedArbs = [{
    arbitrary: constant(nilValue),
    weight: 1,
    fallbackValue: { default: nilValue }
  }, {
    arbitrary: arb,
    weight: freq - 1
  }];
  const frequencyConstraints = {
    withCrossShrink: true,
    depthSize: constraints.depthSize,
    maxDepth: constraints.maxDepth,
    depthIdentifier: constraints.depthIdentifier
  };
  return FrequencyArbitrary.from(weightedArbs, frequencyConstraints, "fc.option");
}
function filterInvalidSubdomainLabel(subdomainLabel2) {
  if (subdomainLabel2.length > 63) return false;
  return subdomainLabel2.length < 4 || subdomainLabel2[0] !== "x" || subdomainLabel2[1] !== "n" || subdomainLabel2[2] !== "-" || subdomainLabel2[3] !== "-";
}
var AdaptedValue = /* @__PURE__ */ Symbol("adapted-value");
function toAdapterValue(rawValue, adapter2) {
  const adapted = adapter2(rawValue.value_);
  if (!adapted.adapted) return rawValue;
  return new Value(adapted.value, AdaptedValue);
}
var AdapterArbitrary = class extends Arbitrary {
  constructor(sourceArb, adapter2) {
    super();
    this.sourceArb = sourceArb;
    this.adapter = adapter2;
    this.adaptValue = (rawValue) => toAdapterValue(rawValue, adapter2);
  }
  generate(mrng, biasFactor) {
    const rawValue = this.sourceArb.generate(mrng, biasFactor);
    return this.adaptValue(rawValue);
  }
  canShrinkWithoutContext(value) {
    return this.sourceArb.canShrinkWithoutContext(value) && !this.adapter(value).adapted;
  }
  shrink(value, context2) {
    if (context2 === AdaptedValue) {
      if (!this.sourceArb.canShrinkWithoutContext(value)) return Stream.nil();
      return this.sourceArb.shrink(value, void 0).map(this.adaptValue);
    }
    return this.sourceArb.shrink(value, context2).map(this.adaptValue);
  }
};
function adapter(sourceArb, adapter2) {
  return new AdapterArbitrary(sourceArb, adapter2);
}
function toSubdomainLabelMapper([f2, d]) {
  return d === null ? f2 : `${f2}${d[0]}${d[1]}`;
}
function toSubdomainLabelUnmapper(value) {
  if (typeof value !== "string" || value.length === 0) throw new Error("Unsupported");
  if (value.length === 1) return [value[0], null];
  return [value[0], [safeSubstring(value, 1, value.length - 1), value[value.length - 1]]];
}
function subdomainLabel(size) {
  const alphaNumericArb = getOrCreateLowerAlphaNumericArbitrary("");
  return tuple(alphaNumericArb, option(tuple(string({
    unit: getOrCreateLowerAlphaNumericArbitrary("-"),
    size,
    maxLength: 61
  }), alphaNumericArb))).map(toSubdomainLabelMapper, toSubdomainLabelUnmapper).filter(filterInvalidSubdomainLabel);
}
function labelsMapper(elements) {
  return `${safeJoin(elements[0], ".")}.${elements[1]}`;
}
function labelsUnmapper(value) {
  if (typeof value !== "string") throw new Error("Unsupported type");
  const lastDotIndex = value.lastIndexOf(".");
  return [safeSplit(safeSubstring(value, 0, lastDotIndex), "."), safeSubstring(value, lastDotIndex + 1)];
}
function labelsAdapter(labels) {
  const [subDomains, suffix] = labels;
  let lengthNotIncludingIndex = suffix.length;
  for (let index = 0; index !== subDomains.length; ++index) {
    lengthNotIncludingIndex += 1 + subDomains[index].length;
    if (lengthNotIncludingIndex > 255) return {
      adapted: true,
      value: [safeSlice(subDomains, 0, index), suffix]
    };
  }
  return {
    adapted: false,
    value: labels
  };
}
function domain(constraints = {}) {
  const resolvedSize = resolveSize(constraints.size);
  const resolvedSizeMinusOne = relativeSizeToSize("-1", resolvedSize);
  const publicSuffixArb = string({
    unit: getOrCreateLowerAlphaArbitrary(),
    minLength: 2,
    maxLength: 63,
    size: resolvedSizeMinusOne
  });
  return adapter(tuple(array(subdomainLabel(resolvedSize), {
    size: resolvedSizeMinusOne,
    minLength: 1,
    maxLength: 127
  }), publicSuffixArb), labelsAdapter).map(labelsMapper, labelsUnmapper);
}
function dotAdapter(a) {
  let currentLength = a[0].length;
  for (let index = 1; index !== a.length; ++index) {
    currentLength += 1 + a[index].length;
    if (currentLength > 64) return {
      adapted: true,
      value: safeSlice(a, 0, index)
    };
  }
  return {
    adapted: false,
    value: a
  };
}
function dotMapper(a) {
  return safeJoin(a, ".");
}
function dotUnmapper(value) {
  if (typeof value !== "string") throw new Error("Unsupported");
  return safeSplit(value, ".");
}
function atMapper(data) {
  return `${data[0]}@${data[1]}`;
}
function atUnmapper(value) {
  if (typeof value !== "string") throw new Error("Unsupported");
  return safeSplit(value, "@", 2);
}
function emailAddress(constraints = {}) {
  return tuple(adapter(array(string({
    unit: getOrCreateLowerAlphaNumericArbitrary("!#$%&'*+-/=?^_`{|}~"),
    minLength: 1,
    maxLength: 64,
    size: constraints.size
  }), {
    minLength: 1,
    maxLength: 32,
    size: constraints.size
  }), dotAdapter).map(dotMapper, dotUnmapper), domain({ size: constraints.size })).map(atMapper, atUnmapper);
}
var safeNegativeInfinity$6 = SNumber.NEGATIVE_INFINITY;
var safePositiveInfinity$6 = SNumber.POSITIVE_INFINITY;
var safeEpsilon = SNumber.EPSILON;
var INDEX_POSITIVE_INFINITY$1 = SBigInt2(2146435072) * SBigInt2(4294967296);
var INDEX_NEGATIVE_INFINITY$1 = -INDEX_POSITIVE_INFINITY$1 - SBigInt2(1);
var num2Pow52 = 4503599627370496;
var big2Pow52Mask = SBigInt2(4503599627370495);
var big2Pow53 = SBigInt2("9007199254740992");
var f64 = /* @__PURE__ */ new Float64Array(1);
var u32$1 = new Uint32Array(f64.buffer, f64.byteOffset);
function bitCastDoubleToUInt64(f2) {
  f64[0] = f2;
  return [u32$1[1], u32$1[0]];
}
function decomposeDouble(d) {
  const { 0: hi, 1: lo } = bitCastDoubleToUInt64(d);
  const signBit2 = hi >>> 31;
  const exponentBits = hi >>> 20 & 2047;
  const significandBits = (hi & 1048575) * 4294967296 + lo;
  const exponent = exponentBits === 0 ? -1022 : exponentBits - 1023;
  let significand = exponentBits === 0 ? 0 : 1;
  significand += significandBits * safeEpsilon;
  significand *= signBit2 === 0 ? 1 : -1;
  return {
    exponent,
    significand
  };
}
function indexInDoubleFromDecomp(exponent, significand) {
  if (exponent === -1022) return SBigInt2(significand * num2Pow52);
  return SBigInt2((significand - 1) * num2Pow52) + (SBigInt2(exponent + 1023) << SBigInt2(52));
}
function doubleToIndex(d) {
  if (d === safePositiveInfinity$6) return INDEX_POSITIVE_INFINITY$1;
  if (d === safeNegativeInfinity$6) return INDEX_NEGATIVE_INFINITY$1;
  const decomp = decomposeDouble(d);
  const exponent = decomp.exponent;
  const significand = decomp.significand;
  if (d > 0 || d === 0 && 1 / d === safePositiveInfinity$6) return indexInDoubleFromDecomp(exponent, significand);
  else return -indexInDoubleFromDecomp(exponent, -significand) - SBigInt2(1);
}
function indexToDouble(index) {
  if (index < 0) return -indexToDouble(-index - SBigInt2(1));
  if (index === INDEX_POSITIVE_INFINITY$1) return safePositiveInfinity$6;
  if (index < big2Pow53) return SNumber(index) * 2 ** -1074;
  const postIndex = index - big2Pow53;
  const exponent = -1021 + SNumber(postIndex >> SBigInt2(52));
  return (1 + SNumber(postIndex & big2Pow52Mask) * safeEpsilon) * 2 ** exponent;
}
var safeNumberIsInteger$2 = Number.isInteger;
var safeObjectIs$1 = Object.is;
var safeNegativeInfinity$5 = Number.NEGATIVE_INFINITY;
var safePositiveInfinity$5 = Number.POSITIVE_INFINITY;
function refineConstraintsForFloatingOnly(constraints, maxValue, maxNonIntegerValue2, onlyIntegersAfterThisValue2) {
  const { noDefaultInfinity = false, minExcluded = false, maxExcluded = false, min = noDefaultInfinity ? -maxValue : safeNegativeInfinity$5, max = noDefaultInfinity ? maxValue : safePositiveInfinity$5 } = constraints;
  const effectiveMin = minExcluded ? min < -maxNonIntegerValue2 ? -onlyIntegersAfterThisValue2 : Math.max(min, -maxNonIntegerValue2) : min === safeNegativeInfinity$5 ? Math.max(min, -onlyIntegersAfterThisValue2) : Math.max(min, -maxNonIntegerValue2);
  const effectiveMax = maxExcluded ? max > maxNonIntegerValue2 ? onlyIntegersAfterThisValue2 : Math.min(max, maxNonIntegerValue2) : max === safePositiveInfinity$5 ? Math.min(max, onlyIntegersAfterThisValue2) : Math.min(max, maxNonIntegerValue2);
  return {
    noDefaultInfinity: false,
    minExcluded: minExcluded || (min !== safeNegativeInfinity$5 || minExcluded) && safeNumberIsInteger$2(effectiveMin),
    maxExcluded: maxExcluded || (max !== safePositiveInfinity$5 || maxExcluded) && safeNumberIsInteger$2(effectiveMax),
    min: safeObjectIs$1(effectiveMin, -0) ? 0 : effectiveMin,
    max: safeObjectIs$1(effectiveMax, 0) ? -0 : effectiveMax,
    noNaN: constraints.noNaN || false
  };
}
var safeNegativeInfinity$4 = Number.NEGATIVE_INFINITY;
var safePositiveInfinity$4 = Number.POSITIVE_INFINITY;
var safeMaxValue$2 = Number.MAX_VALUE;
var maxNonIntegerValue$1 = 45035996273704955e-1;
var onlyIntegersAfterThisValue$1 = 4503599627370496;
function refineConstraintsForDoubleOnly(constraints) {
  return refineConstraintsForFloatingOnly(constraints, safeMaxValue$2, maxNonIntegerValue$1, onlyIntegersAfterThisValue$1);
}
function doubleOnlyMapper(value) {
  return value === 4503599627370496 ? safePositiveInfinity$4 : value === -4503599627370496 ? safeNegativeInfinity$4 : value;
}
function doubleOnlyUnmapper(value) {
  if (typeof value !== "number") throw new Error("Unsupported type");
  return value === safePositiveInfinity$4 ? onlyIntegersAfterThisValue$1 : value === safeNegativeInfinity$4 ? -4503599627370496 : value;
}
var safeNumberIsInteger$1 = Number.isInteger;
var safeNumberIsNaN$1 = Number.isNaN;
var safeNegativeInfinity$3 = Number.NEGATIVE_INFINITY;
var safePositiveInfinity$3 = Number.POSITIVE_INFINITY;
var safeMaxValue$1 = Number.MAX_VALUE;
var safeNaN$1 = NaN;
function safeDoubleToIndex(d, constraintsLabel) {
  if (safeNumberIsNaN$1(d)) throw new Error("fc.double constraints." + constraintsLabel + " must be a 64-bit float");
  return doubleToIndex(d);
}
function unmapperDoubleToIndex(value) {
  if (typeof value !== "number") throw new Error("Unsupported type");
  return doubleToIndex(value);
}
function numberIsNotInteger$1(value) {
  return !safeNumberIsInteger$1(value);
}
function anyDouble(constraints) {
  const { noDefaultInfinity = false, noNaN = false, minExcluded = false, maxExcluded = false, min = noDefaultInfinity ? -safeMaxValue$1 : safeNegativeInfinity$3, max = noDefaultInfinity ? safeMaxValue$1 : safePositiveInfinity$3 } = constraints;
  const minIndexRaw = safeDoubleToIndex(min, "min");
  const minIndex = minExcluded ? minIndexRaw + SBigInt2(1) : minIndexRaw;
  const maxIndexRaw = safeDoubleToIndex(max, "max");
  const maxIndex = maxExcluded ? maxIndexRaw - SBigInt2(1) : maxIndexRaw;
  if (maxIndex < minIndex) throw new Error("fc.double constraints.min must be smaller or equal to constraints.max");
  if (noNaN) return bigInt({
    min: minIndex,
    max: maxIndex
  }).map(indexToDouble, unmapperDoubleToIndex);
  const positiveMaxIdx = maxIndex > SBigInt2(0);
  const minIndexWithNaN = positiveMaxIdx ? minIndex : minIndex - SBigInt2(1);
  const maxIndexWithNaN = positiveMaxIdx ? maxIndex + SBigInt2(1) : maxIndex;
  return bigInt({
    min: minIndexWithNaN,
    max: maxIndexWithNaN
  }).map((index) => {
    if (maxIndex < index || index < minIndex) return safeNaN$1;
    else return indexToDouble(index);
  }, (value) => {
    if (typeof value !== "number") throw new Error("Unsupported type");
    if (safeNumberIsNaN$1(value)) return maxIndex !== maxIndexWithNaN ? maxIndexWithNaN : minIndexWithNaN;
    return doubleToIndex(value);
  });
}
function double(constraints = {}) {
  if (!constraints.noInteger) return anyDouble(constraints);
  return anyDouble(refineConstraintsForDoubleOnly(constraints)).map(doubleOnlyMapper, doubleOnlyUnmapper).filter(numberIsNotInteger$1);
}
var safeNegativeInfinity$2 = Number.NEGATIVE_INFINITY;
var safePositiveInfinity$2 = Number.POSITIVE_INFINITY;
var safeMathImul = Math.imul;
var MAX_VALUE_32 = 2 ** 127 * (1 + (2 ** 23 - 1) / 2 ** 23);
var INDEX_POSITIVE_INFINITY = 2139095040;
var INDEX_NEGATIVE_INFINITY = -2139095041;
var f32 = /* @__PURE__ */ new Float32Array(1);
var u32 = new Uint32Array(f32.buffer, f32.byteOffset);
function bitCastFloatToUInt32(f2) {
  f32[0] = f2;
  return u32[0];
}
function decomposeFloat(f2) {
  const bits = bitCastFloatToUInt32(f2);
  const signBit2 = bits >>> 31;
  const exponentBits = bits >>> 23 & 255;
  const significandBits = bits & 8388607;
  const exponent = exponentBits === 0 ? -126 : exponentBits - 127;
  let significand = exponentBits === 0 ? 0 : 1;
  significand += significandBits / 2 ** 23;
  significand *= signBit2 === 0 ? 1 : -1;
  return {
    exponent,
    significand
  };
}
function indexInFloatFromDecomp(exponent, significand) {
  if (exponent === -126) return significand * 8388608;
  return safeMathImul(exponent + 127, 8388608) + (significand - 1) * 8388608;
}
function floatToIndex(f2) {
  if (f2 === safePositiveInfinity$2) return INDEX_POSITIVE_INFINITY;
  if (f2 === safeNegativeInfinity$2) return INDEX_NEGATIVE_INFINITY;
  const decomp = decomposeFloat(f2);
  const exponent = decomp.exponent;
  const significand = decomp.significand;
  if (f2 > 0 || f2 === 0 && 1 / f2 === safePositiveInfinity$2) return indexInFloatFromDecomp(exponent, significand);
  else return -indexInFloatFromDecomp(exponent, -significand) - 1;
}
function indexToFloat(index) {
  if (index < 0) return -indexToFloat(-index - 1);
  if (index === INDEX_POSITIVE_INFINITY) return safePositiveInfinity$2;
  if (index < 16777216) return index * 2 ** -149;
  const postIndex = index - 16777216;
  const exponent = -125 + (postIndex >> 23);
  return (1 + (postIndex & 8388607) / 8388608) * 2 ** exponent;
}
var safeNegativeInfinity$1 = Number.NEGATIVE_INFINITY;
var safePositiveInfinity$1 = Number.POSITIVE_INFINITY;
var safeMaxValue = MAX_VALUE_32;
var maxNonIntegerValue = 83886075e-1;
var onlyIntegersAfterThisValue = 8388608;
function refineConstraintsForFloatOnly(constraints) {
  return refineConstraintsForFloatingOnly(constraints, safeMaxValue, maxNonIntegerValue, onlyIntegersAfterThisValue);
}
function floatOnlyMapper(value) {
  return value === 8388608 ? safePositiveInfinity$1 : value === -8388608 ? safeNegativeInfinity$1 : value;
}
function floatOnlyUnmapper(value) {
  if (typeof value !== "number") throw new Error("Unsupported type");
  return value === safePositiveInfinity$1 ? onlyIntegersAfterThisValue : value === safeNegativeInfinity$1 ? -8388608 : value;
}
var safeNumberIsInteger = Number.isInteger;
var safeNumberIsNaN = Number.isNaN;
var safeMathFround = Math.fround;
var safeNegativeInfinity = Number.NEGATIVE_INFINITY;
var safePositiveInfinity = Number.POSITIVE_INFINITY;
var safeNaN = NaN;
function safeFloatToIndex(f2, constraintsLabel) {
  const errorMessage = "fc.float constraints." + constraintsLabel + " must be a 32-bit float - you can convert any double to a 32-bit float by using `Math.fround(myDouble)`";
  if (safeNumberIsNaN(f2) || safeMathFround(f2) !== f2) throw new Error(errorMessage);
  return floatToIndex(f2);
}
function unmapperFloatToIndex(value) {
  if (typeof value !== "number") throw new Error("Unsupported type");
  return floatToIndex(value);
}
function numberIsNotInteger(value) {
  return !safeNumberIsInteger(value);
}
function anyFloat(constraints) {
  const { noDefaultInfinity = false, noNaN = false, minExcluded = false, maxExcluded = false, min = noDefaultInfinity ? -MAX_VALUE_32 : safeNegativeInfinity, max = noDefaultInfinity ? MAX_VALUE_32 : safePositiveInfinity } = constraints;
  const minIndexRaw = safeFloatToIndex(min, "min");
  const minIndex = minExcluded ? minIndexRaw + 1 : minIndexRaw;
  const maxIndexRaw = safeFloatToIndex(max, "max");
  const maxIndex = maxExcluded ? maxIndexRaw - 1 : maxIndexRaw;
  if (minIndex > maxIndex) throw new Error("fc.float constraints.min must be smaller or equal to constraints.max");
  if (noNaN) return integer({
    min: minIndex,
    max: maxIndex
  }).map(indexToFloat, unmapperFloatToIndex);
  const minIndexWithNaN = maxIndex > 0 ? minIndex : minIndex - 1;
  const maxIndexWithNaN = maxIndex > 0 ? maxIndex + 1 : maxIndex;
  return integer({
    min: minIndexWithNaN,
    max: maxIndexWithNaN
  }).map((index) => {
    if (index > maxIndex || index < minIndex) return safeNaN;
    else return indexToFloat(index);
  }, (value) => {
    if (typeof value !== "number") throw new Error("Unsupported type");
    if (safeNumberIsNaN(value)) return maxIndex !== maxIndexWithNaN ? maxIndexWithNaN : minIndexWithNaN;
    return floatToIndex(value);
  });
}
function float(constraints = {}) {
  if (!constraints.noInteger) return anyFloat(constraints);
  return anyFloat(refineConstraintsForFloatOnly(constraints)).map(floatOnlyMapper, floatOnlyUnmapper).filter(numberIsNotInteger);
}
function escapeForTemplateString(originalText) {
  return originalText.replace(/([$`\\])/g, "\\$1").replace(/\r/g, "\\r");
}
function escapeForMultilineComments(originalText) {
  return originalText.replace(/\*\//g, "*\\/");
}
var crc32Table = [
  0,
  1996959894,
  3993919788,
  2567524794,
  124634137,
  1886057615,
  3915621685,
  2657392035,
  249268274,
  2044508324,
  3772115230,
  2547177864,
  162941995,
  2125561021,
  3887607047,
  2428444049,
  498536548,
  1789927666,
  4089016648,
  2227061214,
  450548861,
  1843258603,
  4107580753,
  2211677639,
  325883990,
  1684777152,
  4251122042,
  2321926636,
  335633487,
  1661365465,
  4195302755,
  2366115317,
  997073096,
  1281953886,
  3579855332,
  2724688242,
  1006888145,
  1258607687,
  3524101629,
  2768942443,
  901097722,
  1119000684,
  3686517206,
  2898065728,
  853044451,
  1172266101,
  3705015759,
  2882616665,
  651767980,
  1373503546,
  3369554304,
  3218104598,
  565507253,
  1454621731,
  3485111705,
  3099436303,
  671266974,
  1594198024,
  3322730930,
  2970347812,
  795835527,
  1483230225,
  3244367275,
  3060149565,
  1994146192,
  31158534,
  2563907772,
  4023717930,
  1907459465,
  112637215,
  2680153253,
  3904427059,
  2013776290,
  251722036,
  2517215374,
  3775830040,
  2137656763,
  141376813,
  2439277719,
  3865271297,
  1802195444,
  476864866,
  2238001368,
  4066508878,
  1812370925,
  453092731,
  2181625025,
  4111451223,
  1706088902,
  314042704,
  2344532202,
  4240017532,
  1658658271,
  366619977,
  2362670323,
  4224994405,
  1303535960,
  984961486,
  2747007092,
  3569037538,
  1256170817,
  1037604311,
  2765210733,
  3554079995,
  1131014506,
  879679996,
  2909243462,
  3663771856,
  1141124467,
  855842277,
  2852801631,
  3708648649,
  1342533948,
  654459306,
  3188396048,
  3373015174,
  1466479909,
  544179635,
  3110523913,
  3462522015,
  1591671054,
  702138776,
  2966460450,
  3352799412,
  1504918807,
  783551873,
  3082640443,
  3233442989,
  3988292384,
  2596254646,
  62317068,
  1957810842,
  3939845945,
  2647816111,
  81470997,
  1943803523,
  3814918930,
  2489596804,
  225274430,
  2053790376,
  3826175755,
  2466906013,
  167816743,
  2097651377,
  4027552580,
  2265490386,
  503444072,
  1762050814,
  4150417245,
  2154129355,
  426522225,
  1852507879,
  4275313526,
  2312317920,
  282753626,
  1742555852,
  4189708143,
  2394877945,
  397917763,
  1622183637,
  3604390888,
  2714866558,
  953729732,
  1340076626,
  3518719985,
  2797360999,
  1068828381,
  1219638859,
  3624741850,
  2936675148,
  906185462,
  1090812512,
  3747672003,
  2825379669,
  829329135,
  1181335161,
  3412177804,
  3160834842,
  628085408,
  1382605366,
  3423369109,
  3138078467,
  570562233,
  1426400815,
  3317316542,
  2998733608,
  733239954,
  1555261956,
  3268935591,
  3050360625,
  752459403,
  1541320221,
  2607071920,
  3965973030,
  1969922972,
  40735498,
  2617837225,
  3943577151,
  1913087877,
  83908371,
  2512341634,
  3803740692,
  2075208622,
  213261112,
  2463272603,
  3855990285,
  2094854071,
  198958881,
  2262029012,
  4057260610,
  1759359992,
  534414190,
  2176718541,
  4139329115,
  1873836001,
  414664567,
  2282248934,
  4279200368,
  1711684554,
  285281116,
  2405801727,
  4167216745,
  1634467795,
  376229701,
  2685067896,
  3608007406,
  1308918612,
  956543938,
  2808555105,
  3495958263,
  1231636301,
  1047427035,
  2932959818,
  3654703836,
  1088359270,
  936918e3,
  2847714899,
  3736837829,
  1202900863,
  817233897,
  3183342108,
  3401237130,
  1404277552,
  615818150,
  3134207493,
  3453421203,
  1423857449,
  601450431,
  3009837614,
  3294710456,
  1567103746,
  711928724,
  3020668471,
  3272380065,
  1510334235,
  755167117
];
function hash(repr) {
  let crc = 4294967295;
  for (let idx = 0; idx < repr.length; ++idx) {
    const c = safeCharCodeAt(repr, idx);
    if (c < 128) crc = crc32Table[crc & 255 ^ c] ^ crc >> 8;
    else if (c < 2048) {
      crc = crc32Table[crc & 255 ^ (192 | c >> 6 & 31)] ^ crc >> 8;
      crc = crc32Table[crc & 255 ^ (128 | c & 63)] ^ crc >> 8;
    } else if (c >= 55296 && c < 57344) {
      const cNext = safeCharCodeAt(repr, ++idx);
      if (c >= 56320 || cNext < 56320 || cNext > 57343 || Number.isNaN(cNext)) {
        idx -= 1;
        crc = crc32Table[crc & 255 ^ 239] ^ crc >> 8;
        crc = crc32Table[crc & 255 ^ 191] ^ crc >> 8;
        crc = crc32Table[crc & 255 ^ 189] ^ crc >> 8;
      } else {
        const c1 = (c & 1023) + 64;
        const c2 = cNext & 1023;
        crc = crc32Table[crc & 255 ^ (240 | c1 >> 8 & 7)] ^ crc >> 8;
        crc = crc32Table[crc & 255 ^ (128 | c1 >> 2 & 63)] ^ crc >> 8;
        crc = crc32Table[crc & 255 ^ (128 | c2 >> 6 & 15 | (c1 & 3) << 4)] ^ crc >> 8;
        crc = crc32Table[crc & 255 ^ (128 | c2 & 63)] ^ crc >> 8;
      }
    } else {
      crc = crc32Table[crc & 255 ^ (224 | c >> 12 & 15)] ^ crc >> 8;
      crc = crc32Table[crc & 255 ^ (128 | c >> 6 & 63)] ^ crc >> 8;
      crc = crc32Table[crc & 255 ^ (128 | c & 63)] ^ crc >> 8;
    }
  }
  return (crc | 0) + 2147483648;
}
var stableObjectGetPrototypeOf = Object.getPrototypeOf;
var NoShrinkArbitrary = class extends Arbitrary {
  constructor(arb) {
    super();
    this.arb = arb;
  }
  generate(mrng, biasFactor) {
    return this.arb.generate(mrng, biasFactor);
  }
  canShrinkWithoutContext(value) {
    return this.arb.canShrinkWithoutContext(value);
  }
  shrink(_value, _context) {
    return Stream.nil();
  }
};
function noShrink(arb) {
  if (stableObjectGetPrototypeOf(arb) === NoShrinkArbitrary.prototype && arb.generate === NoShrinkArbitrary.prototype.generate && arb.canShrinkWithoutContext === NoShrinkArbitrary.prototype.canShrinkWithoutContext && arb.shrink === NoShrinkArbitrary.prototype.shrink) return arb;
  return new NoShrinkArbitrary(arb);
}
var safeObjectAssign$4 = Object.assign;
var safeObjectKeys$3 = Object.keys;
function buildCompareFunctionArbitrary(cmp) {
  return tuple(noShrink(integer()), noShrink(integer({
    min: 1,
    max: 4294967295
  }))).map(([seed2, hashEnvSize]) => {
    const producer = () => {
      const recorded = {};
      const f2 = (a, b) => {
        const reprA = stringify(a);
        const reprB = stringify(b);
        const val = cmp(hash(`${seed2}${reprA}`) % hashEnvSize, hash(`${seed2}${reprB}`) % hashEnvSize);
        recorded[`[${reprA},${reprB}]`] = val;
        return val;
      };
      return safeObjectAssign$4(f2, {
        toString: () => {
          const seenValues = safeObjectKeys$3(recorded).sort().map((k) => `${k} => ${stringify(recorded[k])}`).map((line) => `/* ${escapeForMultilineComments(line)} */`);
          return `function(a, b) {
  // With hash and stringify coming from fast-check${seenValues.length !== 0 ? `
  ${safeJoin(seenValues, "\n  ")}` : ""}
  const cmp = ${cmp};
  const hA = hash('${seed2}' + stringify(a)) % ${hashEnvSize};
  const hB = hash('${seed2}' + stringify(b)) % ${hashEnvSize};
  return cmp(hA, hB);
}`;
        },
        [cloneMethod]: producer
      });
    };
    return producer();
  });
}
var safeObjectAssign$3 = Object.assign;
function compareBooleanFunc() {
  return buildCompareFunctionArbitrary(safeObjectAssign$3((hA, hB) => hA < hB, { toString() {
    return "(hA, hB) => hA < hB";
  } }));
}
var safeObjectAssign$2 = Object.assign;
function compareFunc() {
  return buildCompareFunctionArbitrary(safeObjectAssign$2((hA, hB) => hA - hB, { toString() {
    return "(hA, hB) => hA - hB";
  } }));
}
var safeObjectDefineProperties$1 = Object.defineProperties;
var safeObjectKeys$2 = Object.keys;
function func(arb) {
  return tuple(array(arb, { minLength: 1 }), noShrink(integer())).map(([outs, seed2]) => {
    const producer = () => {
      const recorded = {};
      const f2 = (...args) => {
        const repr = stringify(args);
        const val = outs[hash(`${seed2}${repr}`) % outs.length];
        recorded[repr] = val;
        return hasCloneMethod(val) ? val[cloneMethod]() : val;
      };
      function prettyPrint2(stringifiedOuts) {
        const seenValues = safeMap(safeMap(safeSort(safeObjectKeys$2(recorded)), (k) => `${k} => ${stringify(recorded[k])}`), (line) => `/* ${escapeForMultilineComments(line)} */`);
        return `function(...args) {
  // With hash and stringify coming from fast-check${seenValues.length !== 0 ? `
  ${seenValues.join("\n  ")}` : ""}
  const outs = ${stringifiedOuts};
  return outs[hash('${seed2}' + stringify(args)) % outs.length];
}`;
      }
      return safeObjectDefineProperties$1(f2, {
        toString: { value: () => prettyPrint2(stringify(outs)) },
        [toStringMethod]: { value: () => prettyPrint2(stringify(outs)) },
        [asyncToStringMethod]: { value: async () => prettyPrint2(await asyncStringify(outs)) },
        [cloneMethod]: {
          value: producer,
          configurable: true
        }
      });
    };
    return producer();
  });
}
var safeMinSafeInteger = Number.MIN_SAFE_INTEGER;
var safeMaxSafeInteger$1 = Number.MAX_SAFE_INTEGER;
function maxSafeInteger() {
  return new IntegerArbitrary(safeMinSafeInteger, safeMaxSafeInteger$1);
}
var safeMaxSafeInteger = Number.MAX_SAFE_INTEGER;
function maxSafeNat() {
  return new IntegerArbitrary(0, safeMaxSafeInteger);
}
var safeNumberParseInt = Number.parseInt;
function natToStringifiedNatMapper(options) {
  const [style, v] = options;
  switch (style) {
    case "oct":
      return `0${safeNumberToString(v, 8)}`;
    case "hex":
      return `0x${safeNumberToString(v, 16)}`;
    default:
      return `${v}`;
  }
}
function tryParseStringifiedNat(stringValue, radix) {
  const parsedNat = safeNumberParseInt(stringValue, radix);
  if (safeNumberToString(parsedNat, radix) !== stringValue) throw new Error("Invalid value");
  return parsedNat;
}
function natToStringifiedNatUnmapper(value) {
  if (typeof value !== "string") throw new Error("Invalid type");
  if (value.length >= 2 && value[0] === "0") {
    if (value[1] === "x") return ["hex", tryParseStringifiedNat(safeSubstring(value, 2), 16)];
    return ["oct", tryParseStringifiedNat(safeSubstring(value, 1), 8)];
  }
  return ["dec", tryParseStringifiedNat(value, 10)];
}
function dotJoinerMapper$1(data) {
  return safeJoin(data, ".");
}
function dotJoinerUnmapper$1(value) {
  if (typeof value !== "string") throw new Error("Invalid type");
  return safeMap(safeSplit(value, "."), (v) => tryParseStringifiedNat(v, 10));
}
function ipV4() {
  return tuple(nat(255), nat(255), nat(255), nat(255)).map(dotJoinerMapper$1, dotJoinerUnmapper$1);
}
function buildStringifiedNatArbitrary(maxValue) {
  return tuple(constantFrom("dec", "oct", "hex"), nat(maxValue)).map(natToStringifiedNatMapper, natToStringifiedNatUnmapper);
}
function dotJoinerMapper(data) {
  return safeJoin(data, ".");
}
function dotJoinerUnmapper(value) {
  if (typeof value !== "string") throw new Error("Invalid type");
  return safeSplit(value, ".");
}
function ipV4Extended() {
  return oneof(tuple(buildStringifiedNatArbitrary(255), buildStringifiedNatArbitrary(255), buildStringifiedNatArbitrary(255), buildStringifiedNatArbitrary(255)).map(dotJoinerMapper, dotJoinerUnmapper), tuple(buildStringifiedNatArbitrary(255), buildStringifiedNatArbitrary(255), buildStringifiedNatArbitrary(65535)).map(dotJoinerMapper, dotJoinerUnmapper), tuple(buildStringifiedNatArbitrary(255), buildStringifiedNatArbitrary(16777215)).map(dotJoinerMapper, dotJoinerUnmapper), buildStringifiedNatArbitrary(4294967295));
}
function readBh(value) {
  if (value.length === 0) return [];
  else return safeSplit(value, ":");
}
function extractEhAndL(value) {
  const valueSplits = safeSplit(value, ":");
  if (valueSplits.length >= 2 && valueSplits[valueSplits.length - 1].length <= 4) return [safeSlice(valueSplits, 0, valueSplits.length - 2), `${valueSplits[valueSplits.length - 2]}:${valueSplits[valueSplits.length - 1]}`];
  return [safeSlice(valueSplits, 0, valueSplits.length - 1), valueSplits[valueSplits.length - 1]];
}
function fullySpecifiedMapper(data) {
  return `${safeJoin(data[0], ":")}:${data[1]}`;
}
function fullySpecifiedUnmapper(value) {
  if (typeof value !== "string") throw new Error("Invalid type");
  return extractEhAndL(value);
}
function onlyTrailingMapper(data) {
  return `::${safeJoin(data[0], ":")}:${data[1]}`;
}
function onlyTrailingUnmapper(value) {
  if (typeof value !== "string") throw new Error("Invalid type");
  if (!safeStartsWith(value, "::")) throw new Error("Invalid value");
  return extractEhAndL(safeSubstring(value, 2));
}
function multiTrailingMapper(data) {
  return `${safeJoin(data[0], ":")}::${safeJoin(data[1], ":")}:${data[2]}`;
}
function multiTrailingUnmapper(value) {
  if (typeof value !== "string") throw new Error("Invalid type");
  const [bhString, trailingString] = safeSplit(value, "::", 2);
  const [eh, l] = extractEhAndL(trailingString);
  return [
    readBh(bhString),
    eh,
    l
  ];
}
function multiTrailingMapperOne(data) {
  return multiTrailingMapper([
    data[0],
    [data[1]],
    data[2]
  ]);
}
function multiTrailingUnmapperOne(value) {
  const out2 = multiTrailingUnmapper(value);
  return [
    out2[0],
    safeJoin(out2[1], ":"),
    out2[2]
  ];
}
function singleTrailingMapper(data) {
  return `${safeJoin(data[0], ":")}::${data[1]}`;
}
function singleTrailingUnmapper(value) {
  if (typeof value !== "string") throw new Error("Invalid type");
  const [bhString, trailing] = safeSplit(value, "::", 2);
  return [readBh(bhString), trailing];
}
function noTrailingMapper(data) {
  return `${safeJoin(data[0], ":")}::`;
}
function noTrailingUnmapper(value) {
  if (typeof value !== "string") throw new Error("Invalid type");
  if (!safeEndsWith(value, "::")) throw new Error("Invalid value");
  return [readBh(safeSubstring(value, 0, value.length - 2))];
}
function h16sTol32Mapper([a, b]) {
  return `${a}:${b}`;
}
function h16sTol32Unmapper(value) {
  if (typeof value !== "string") throw new SError("Invalid type");
  if (!value.includes(":")) throw new SError("Invalid value");
  return value.split(":", 2);
}
var items = "0123456789abcdef";
var cachedHexa = void 0;
function hexa() {
  if (cachedHexa === void 0) cachedHexa = integer({
    min: 0,
    max: 15
  }).map((n) => items[n], (c) => {
    if (typeof c !== "string") throw new SError("Not a string");
    if (c.length !== 1) throw new SError("Invalid length");
    const code = safeCharCodeAt(c, 0);
    if (code <= 57) return code - 48;
    if (code < 97) throw new SError("Invalid character");
    return code - 87;
  });
  return cachedHexa;
}
function ipV6() {
  const h16Arb = string({
    unit: hexa(),
    minLength: 1,
    maxLength: 4,
    size: "max"
  });
  const ls32Arb = oneof(tuple(h16Arb, h16Arb).map(h16sTol32Mapper, h16sTol32Unmapper), ipV4());
  return oneof(tuple(array(h16Arb, {
    minLength: 6,
    maxLength: 6,
    size: "max"
  }), ls32Arb).map(fullySpecifiedMapper, fullySpecifiedUnmapper), tuple(array(h16Arb, {
    minLength: 5,
    maxLength: 5,
    size: "max"
  }), ls32Arb).map(onlyTrailingMapper, onlyTrailingUnmapper), tuple(array(h16Arb, {
    minLength: 0,
    maxLength: 1,
    size: "max"
  }), array(h16Arb, {
    minLength: 4,
    maxLength: 4,
    size: "max"
  }), ls32Arb).map(multiTrailingMapper, multiTrailingUnmapper), tuple(array(h16Arb, {
    minLength: 0,
    maxLength: 2,
    size: "max"
  }), array(h16Arb, {
    minLength: 3,
    maxLength: 3,
    size: "max"
  }), ls32Arb).map(multiTrailingMapper, multiTrailingUnmapper), tuple(array(h16Arb, {
    minLength: 0,
    maxLength: 3,
    size: "max"
  }), array(h16Arb, {
    minLength: 2,
    maxLength: 2,
    size: "max"
  }), ls32Arb).map(multiTrailingMapper, multiTrailingUnmapper), tuple(array(h16Arb, {
    minLength: 0,
    maxLength: 4,
    size: "max"
  }), h16Arb, ls32Arb).map(multiTrailingMapperOne, multiTrailingUnmapperOne), tuple(array(h16Arb, {
    minLength: 0,
    maxLength: 5,
    size: "max"
  }), ls32Arb).map(singleTrailingMapper, singleTrailingUnmapper), tuple(array(h16Arb, {
    minLength: 0,
    maxLength: 6,
    size: "max"
  }), h16Arb).map(singleTrailingMapper, singleTrailingUnmapper), tuple(array(h16Arb, {
    minLength: 0,
    maxLength: 7,
    size: "max"
  })).map(noTrailingMapper, noTrailingUnmapper));
}
var LazyArbitrary = class extends Arbitrary {
  constructor(name) {
    super();
    this.name = name;
    this.underlying = null;
  }
  generate(mrng, biasFactor) {
    if (this.underlying === null) throw new Error(`Lazy arbitrary ${JSON.stringify(this.name)} not correctly initialized`);
    return this.underlying.generate(mrng, biasFactor);
  }
  canShrinkWithoutContext(value) {
    if (this.underlying === null) throw new Error(`Lazy arbitrary ${JSON.stringify(this.name)} not correctly initialized`);
    return this.underlying.canShrinkWithoutContext(value);
  }
  shrink(value, context2) {
    if (this.underlying === null) throw new Error(`Lazy arbitrary ${JSON.stringify(this.name)} not correctly initialized`);
    return this.underlying.shrink(value, context2);
  }
};
var safeGetOwnPropertyNames = Object.getOwnPropertyNames;
function createLazyArbsPool() {
  const lazyArbsPool = new SMap$2();
  const getLazyFromPool = (key) => {
    let lazyArb = safeMapGet(lazyArbsPool, key);
    if (lazyArb !== void 0) return lazyArb;
    lazyArb = new LazyArbitrary(String(key));
    safeMapSet(lazyArbsPool, key, lazyArb);
    return lazyArb;
  };
  return getLazyFromPool;
}
function letrec(builder) {
  const getLazyFromPool = createLazyArbsPool();
  const strictArbs = builder(getLazyFromPool);
  const declaredArbitraryNames = safeGetOwnPropertyNames(strictArbs);
  for (const name of declaredArbitraryNames) {
    const lazyArb = getLazyFromPool(name);
    lazyArb.underlying = strictArbs[name];
  }
  return strictArbs;
}
function canHaveAtLeastOneItem(keys, constraints) {
  for (const key of keys) {
    const constraintsOnKey = constraints[key] || {};
    if (constraintsOnKey.maxLength === void 0 || constraintsOnKey.maxLength > 0) return true;
  }
  return false;
}
function initialPoolForEntityGraph(keys, constraints) {
  if (keys.length === 0) return constant([]);
  if (!canHaveAtLeastOneItem(keys, constraints)) throw new SError("Contraints on pool must accept at least one entity, maxLength cannot sum to 0");
  return tuple(...keys.map((key) => array(constant(key), constraints[key]))).map((values2) => safeFlat(values2)).filter((names) => names.length > 0);
}
var safeObjectAssign$1 = Object.assign;
var safeObjectCreate$4 = Object.create;
var safeObjectDefineProperty$1 = Object.defineProperty;
var safeObjectGetPrototypeOf = Object.getPrototypeOf;
var safeObjectPrototype = Object.prototype;
function withTargetStringifiedValue(stringifiedValue) {
  return safeObjectDefineProperty$1(safeObjectCreate$4(null), toStringMethod, {
    configurable: false,
    enumerable: false,
    writable: false,
    value: () => stringifiedValue
  });
}
function withReferenceStringifiedValue(type, index) {
  return withTargetStringifiedValue(`<${SString(type)}#${index}>`);
}
function unlinkedToLinkedEntitiesMapper(unlinkedEntities, producedLinks) {
  const linkedEntities = safeObjectCreate$4(safeObjectPrototype);
  for (const name in unlinkedEntities) {
    const unlinkedEntitiesForName = unlinkedEntities[name];
    const linkedEntitiesForName = [];
    for (const unlinkedEntity of unlinkedEntitiesForName) {
      const linkedEntity = safeObjectAssign$1(safeObjectCreate$4(safeObjectGetPrototypeOf(unlinkedEntity)), unlinkedEntity);
      linkedEntitiesForName.push(linkedEntity);
    }
    linkedEntities[name] = linkedEntitiesForName;
  }
  for (const name in producedLinks) {
    const entityLinks = producedLinks[name];
    for (let entityIndex = 0; entityIndex !== entityLinks.length; ++entityIndex) {
      const entityLinksForInstance = entityLinks[entityIndex];
      const linkedInstance = linkedEntities[name][entityIndex];
      for (const prop in entityLinksForInstance) {
        const propValue = entityLinksForInstance[prop];
        linkedInstance[prop] = propValue.index === void 0 ? void 0 : typeof propValue.index === "number" ? linkedEntities[propValue.type][propValue.index] : safeMap(propValue.index, (index) => linkedEntities[propValue.type][index]);
      }
      safeObjectDefineProperty$1(linkedInstance, toStringMethod, {
        configurable: false,
        enumerable: false,
        writable: false,
        value: () => {
          const unlinkedEntity = unlinkedEntities[name][entityIndex];
          const entity = safeObjectAssign$1(safeObjectCreate$4(safeObjectGetPrototypeOf(unlinkedEntity)), unlinkedEntity);
          for (const prop in entityLinksForInstance) {
            const propValue = entityLinksForInstance[prop];
            entity[prop] = propValue.index === void 0 ? void 0 : typeof propValue.index === "number" ? withReferenceStringifiedValue(propValue.type, propValue.index) : safeMap(propValue.index, (index) => withReferenceStringifiedValue(propValue.type, index));
          }
          return stringify(entity);
        }
      });
    }
  }
  return linkedEntities;
}
function buildInversedRelationsMapping(relations) {
  let foundInversedRelations = 0;
  const requestedInversedRelations = new SMap$2();
  for (const name in relations) {
    const relationsForName = relations[name];
    for (const fieldName in relationsForName) {
      const relation = relationsForName[fieldName];
      if (relation.arity !== "inverse") continue;
      let existingOnes = safeMapGet(requestedInversedRelations, relation.type);
      if (existingOnes === void 0) {
        existingOnes = new SMap$2();
        safeMapSet(requestedInversedRelations, relation.type, existingOnes);
      }
      if (safeMapHas(existingOnes, relation.forwardRelationship)) throw new SError(`Cannot declare multiple inverse relationships for the same forward relationship ${SString(relation.forwardRelationship)} on type ${SString(relation.type)}`);
      safeMapSet(existingOnes, relation.forwardRelationship, {
        type: name,
        property: fieldName
      });
      foundInversedRelations += 1;
    }
  }
  const inversedRelations = new SMap$2();
  if (foundInversedRelations === 0) return inversedRelations;
  for (const name in relations) {
    const relationsForName = relations[name];
    const requestedInversedRelationsForName = safeMapGet(requestedInversedRelations, name);
    if (requestedInversedRelationsForName === void 0) continue;
    for (const fieldName in relationsForName) {
      const relation = relationsForName[fieldName];
      if (relation.arity === "inverse") continue;
      const requestedIfAny = safeMapGet(requestedInversedRelationsForName, fieldName);
      if (requestedIfAny === void 0) continue;
      if (requestedIfAny.type !== relation.type) throw new SError(`Inverse relationship ${SString(requestedIfAny.property)} on type ${SString(requestedIfAny.type)} references forward relationship ${SString(fieldName)} but types do not match`);
      safeMapSet(inversedRelations, relation, requestedIfAny);
    }
  }
  if (inversedRelations.size !== foundInversedRelations) throw new SError(`Some inverse relationships could not be matched with their corresponding forward relationships`);
  return inversedRelations;
}
var safeObjectAssign = Object.assign;
var safeObjectCreate$3 = Object.create;
function produceLinkUnitaryIndexArbitrary(strategy, currentIndexIfSameType, countInTargetType) {
  switch (strategy) {
    case "exclusive":
      return constant(countInTargetType);
    case "successor":
      return noBias(integer({
        min: currentIndexIfSameType !== void 0 ? currentIndexIfSameType + 1 : 0,
        max: countInTargetType
      }));
    case "any":
      return noBias(integer({
        min: 0,
        max: countInTargetType
      }));
  }
}
function buildLinkIndexArbitrary(arity, strategy, currentIndexIfSameType, countInTargetType, currentEntityDepth) {
  const linkArbitrary = produceLinkUnitaryIndexArbitrary(strategy, currentIndexIfSameType, countInTargetType);
  switch (arity) {
    case "0-1":
      return option(linkArbitrary, {
        nil: void 0,
        depthIdentifier: currentEntityDepth
      });
    case "1":
      return linkArbitrary;
    case "many": {
      let randomUnicity = 0;
      return option(uniqueArray(linkArbitrary, {
        depthIdentifier: currentEntityDepth,
        selector: (v) => v === countInTargetType ? v + ++randomUnicity : v,
        minLength: 1
      }), {
        nil: [],
        depthIdentifier: currentEntityDepth
      }).map((values2) => {
        let offset2 = 0;
        return safeMap(values2, (v) => v === countInTargetType ? v + offset2++ : v);
      });
    }
  }
}
function createEmptyLinksInstanceFor(relations, targetType) {
  const emptyLinksInstance = safeObjectCreate$3(null);
  const relationsForType = relations[targetType];
  for (const name in relationsForType) {
    const relation = relationsForType[name];
    if (relation.arity === "inverse") emptyLinksInstance[name] = {
      type: relation.type,
      index: []
    };
  }
  return emptyLinksInstance;
}
function assertAcceptableRelations(relations) {
  const nonExclusiveEntities = new SSet();
  const exclusiveEntities = new SSet();
  for (const name in relations) {
    const relationsForName = relations[name];
    for (const fieldName in relationsForName) {
      const relation = relationsForName[fieldName];
      if (relation.arity === "inverse") continue;
      if (relation.strategy === "exclusive") {
        if (safeHas(nonExclusiveEntities, relation.type)) throw new SError(`Cannot mix exclusive with other strategies for type ${SString(relation.type)}`);
        safeAdd(exclusiveEntities, relation.type);
      } else {
        if (safeHas(exclusiveEntities, relation.type)) throw new SError(`Cannot mix exclusive with other strategies for type ${SString(relation.type)}`);
        safeAdd(nonExclusiveEntities, relation.type);
      }
      if (relation.strategy === "successor" && relation.type !== name) throw new SError(`Cannot mix types for the strategy successor`);
      if (relation.strategy === "successor" && relation.arity === "1") throw new SError(`Cannot use an arity of 1 for the strategy successor`);
    }
  }
}
function draftNextProductionState(state, offset2) {
  const { producedLinks, toBeProducedEntities } = state;
  const nextIndex = state.nextIndex + offset2;
  const newProducedLinks = safeObjectAssign(safeObjectCreate$3(null), producedLinks);
  function getOrCreateProducedLinksFor(type) {
    if (newProducedLinks[type] === producedLinks[type]) newProducedLinks[type] = safeSlice(producedLinks[type]);
    return newProducedLinks[type];
  }
  function getOrCreateLinksFor(type, indexInType) {
    const producedLinksForType = getOrCreateProducedLinksFor(type);
    if (producedLinksForType[indexInType] === producedLinks[type][indexInType]) producedLinksForType[indexInType] = safeObjectAssign(safeObjectCreate$3(null), producedLinks[type][indexInType]);
    return producedLinksForType[indexInType];
  }
  function getOrCreateRelationFor(type, indexInType, property2) {
    const links = getOrCreateLinksFor(type, indexInType);
    const originalEntity = producedLinks[type][indexInType];
    if (originalEntity !== void 0 && links[property2] === originalEntity[property2]) {
      const sharedRelation = links[property2];
      links[property2] = {
        type: sharedRelation.type,
        index: typeof sharedRelation.index === "object" ? safeSlice(sharedRelation.index) : sharedRelation.index
      };
    }
    return links[property2];
  }
  let newToBeProducedEntities = void 0;
  const toBeProduced = toBeProducedEntities[nextIndex];
  return {
    setOutboundLink: (name, value) => {
      const currentLinks = getOrCreateLinksFor(toBeProduced.type, toBeProduced.indexInType);
      currentLinks[name] = value;
    },
    enqueueNewEntity: (relations, targetType) => {
      const producedLinksInTargetType = getOrCreateProducedLinksFor(targetType);
      const newEntityIndexInType = producedLinksInTargetType.length;
      if (newToBeProducedEntities === void 0) newToBeProducedEntities = safeSlice(toBeProducedEntities);
      safePush(newToBeProducedEntities, {
        type: targetType,
        indexInType: newEntityIndexInType,
        depth: toBeProduced.depth + 1
      });
      safePush(producedLinksInTargetType, createEmptyLinksInstanceFor(relations, targetType));
      return newEntityIndexInType;
    },
    appendBackReference: (targetType, indexInType, property2) => {
      const knownInversedLinks = getOrCreateRelationFor(targetType, indexInType, property2).index;
      safePush(knownInversedLinks, toBeProduced.indexInType);
    },
    commit: () => ({
      producedLinks: newProducedLinks,
      toBeProducedEntities: newToBeProducedEntities !== void 0 ? newToBeProducedEntities : toBeProducedEntities,
      nextIndex: nextIndex + 1
    })
  };
}
function buildInitialProductionState(relations, defaultEntities) {
  const producedLinks = safeObjectCreate$3(null);
  for (const name in relations) producedLinks[name] = [];
  const toBeProducedEntities = [];
  for (const name of defaultEntities) {
    safePush(toBeProducedEntities, {
      type: name,
      indexInType: producedLinks[name].length,
      depth: 0
    });
    safePush(producedLinks[name], createEmptyLinksInstanceFor(relations, name));
  }
  return {
    producedLinks,
    toBeProducedEntities,
    nextIndex: 0
  };
}
function buildEntityStepArbitrary(relations, inversedRelations, lastState, offset2) {
  const lastProducedLinks = lastState.producedLinks;
  const currentEntity = lastState.toBeProducedEntities[lastState.nextIndex + offset2];
  const currentRelations = relations[currentEntity.type];
  const currentEntityDepth = createDepthIdentifier();
  currentEntityDepth.depth = currentEntity.depth;
  const subArbitraries = [];
  const linkContexts = [];
  for (const name in currentRelations) {
    const relation = currentRelations[name];
    if (relation.arity === "inverse") continue;
    const targetType = relation.type;
    const countInTargetType = lastProducedLinks[targetType].length;
    safePush(subArbitraries, buildLinkIndexArbitrary(relation.arity, relation.strategy || "any", targetType === currentEntity.type ? currentEntity.indexInType : void 0, countInTargetType, currentEntityDepth));
    safePush(linkContexts, {
      name,
      relation,
      sentinelLinkIndex: countInTargetType
    });
  }
  if (subArbitraries.length === 0) return;
  return tuple(...subArbitraries).map((results2) => {
    const state = draftNextProductionState(lastState, offset2);
    for (let resultIndex = 0; resultIndex !== results2.length; ++resultIndex) {
      const linkOrLinks = results2[resultIndex];
      const { name, relation, sentinelLinkIndex } = linkContexts[resultIndex];
      const effectiveLinks = [];
      const links = linkOrLinks === void 0 ? [] : typeof linkOrLinks === "number" ? [linkOrLinks] : linkOrLinks;
      for (const link of links) {
        let newEntityIndexInType;
        if (link >= sentinelLinkIndex) newEntityIndexInType = state.enqueueNewEntity(relations, relation.type);
        else newEntityIndexInType = link;
        safePush(effectiveLinks, newEntityIndexInType);
        const inversed = safeMapGet(inversedRelations, relation);
        if (inversed !== void 0) state.appendBackReference(relation.type, newEntityIndexInType, inversed.property);
      }
      state.setOutboundLink(name, {
        type: relation.type,
        index: linkOrLinks === void 0 ? void 0 : typeof linkOrLinks === "number" ? effectiveLinks[0] : effectiveLinks
      });
    }
    return state.commit();
  });
}
function onTheFlyLinksForEntityGraph(relations, defaultEntities) {
  assertAcceptableRelations(relations);
  const inversedRelations = buildInversedRelationsMapping(relations);
  return chainUntil(constant(buildInitialProductionState(relations, defaultEntities)), (state) => {
    if (state.nextIndex >= state.toBeProducedEntities.length) return;
    let offset2 = 0;
    let next3 = void 0;
    while (next3 === void 0 && state.nextIndex + offset2 < state.toBeProducedEntities.length) {
      next3 = buildEntityStepArbitrary(relations, inversedRelations, state, offset2);
      offset2 += 1;
    }
    return next3;
  }).map((state) => {
    return state.producedLinks;
  });
}
var safeObjectKeys$1 = Object.keys;
var safeObjectGetOwnPropertySymbols$1 = Object.getOwnPropertySymbols;
var safeObjectGetOwnPropertyDescriptor$1 = Object.getOwnPropertyDescriptor;
function extractEnumerableKeys(instance2) {
  const keys = safeObjectKeys$1(instance2);
  const symbols = safeObjectGetOwnPropertySymbols$1(instance2);
  for (let index = 0; index !== symbols.length; ++index) {
    const symbol = symbols[index];
    const descriptor = safeObjectGetOwnPropertyDescriptor$1(instance2, symbol);
    if (descriptor && descriptor.enumerable) keys.push(symbol);
  }
  return keys;
}
var safeObjectCreate$2 = Object.create;
var safeObjectDefineProperty = Object.defineProperty;
var safeObjectGetOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
var safeObjectGetOwnPropertyNames = Object.getOwnPropertyNames;
var safeObjectGetOwnPropertySymbols = Object.getOwnPropertySymbols;
function buildValuesAndSeparateKeysToObjectMapper(keys, noKeyValue2) {
  return function valuesAndSeparateKeysToObjectMapper(definition) {
    const obj = definition[definition.length - 1] ? safeObjectCreate$2(null) : {};
    for (let idx = 0; idx !== keys.length; ++idx) {
      const valueWrapper = definition[idx];
      if (valueWrapper !== noKeyValue2) {
        const key = keys[idx];
        if (key === "__proto__") safeObjectDefineProperty(obj, key, {
          value: valueWrapper,
          configurable: true,
          enumerable: true,
          writable: true
        });
        else obj[key] = valueWrapper;
      }
    }
    return obj;
  };
}
function buildValuesAndSeparateKeysToObjectUnmapper(keys, noKeyValue2) {
  return function valuesAndSeparateKeysToObjectUnmapper(value) {
    if (typeof value !== "object" || value === null) throw new Error("Incompatible instance received: should be a non-null object");
    const hasNullPrototype = Object.getPrototypeOf(value) === null;
    const hasObjectPrototype = "constructor" in value && value.constructor === Object;
    if (!hasNullPrototype && !hasObjectPrototype) throw new Error("Incompatible instance received: should be of exact type Object");
    let extractedPropertiesCount = 0;
    const extractedValues = [];
    for (let idx = 0; idx !== keys.length; ++idx) {
      const descriptor = safeObjectGetOwnPropertyDescriptor(value, keys[idx]);
      if (descriptor !== void 0) {
        if (!descriptor.configurable || !descriptor.enumerable || !descriptor.writable) throw new Error("Incompatible instance received: should contain only c/e/w properties");
        if (descriptor.get !== void 0 || descriptor.set !== void 0) throw new Error("Incompatible instance received: should contain only no get/set properties");
        ++extractedPropertiesCount;
        safePush(extractedValues, descriptor.value);
      } else safePush(extractedValues, noKeyValue2);
    }
    const namePropertiesCount = safeObjectGetOwnPropertyNames(value).length;
    const symbolPropertiesCount = safeObjectGetOwnPropertySymbols(value).length;
    if (extractedPropertiesCount !== namePropertiesCount + symbolPropertiesCount) throw new Error("Incompatible instance received: should not contain extra properties");
    return [...extractedValues, hasNullPrototype];
  };
}
var noKeyValue = /* @__PURE__ */ Symbol("no-key");
function buildPartialRecordArbitrary(recordModel, requiredKeys, noNullPrototype) {
  const keys = extractEnumerableKeys(recordModel);
  const arbs = [];
  for (let index = 0; index !== keys.length; ++index) {
    const k = keys[index];
    const requiredArbitrary = recordModel[k];
    if (requiredKeys === void 0 || safeIndexOf(requiredKeys, k) !== -1) safePush(arbs, requiredArbitrary);
    else safePush(arbs, option(requiredArbitrary, { nil: noKeyValue }));
  }
  return tuple(...arbs, noNullPrototype ? constant(false) : boolean()).map(buildValuesAndSeparateKeysToObjectMapper(keys, noKeyValue), buildValuesAndSeparateKeysToObjectUnmapper(keys, noKeyValue));
}
function record(recordModel, constraints) {
  const noNullPrototype = constraints !== void 0 && !!constraints.noNullPrototype;
  if (constraints === void 0) return buildPartialRecordArbitrary(recordModel, void 0, noNullPrototype);
  if (!("requiredKeys" in constraints && constraints.requiredKeys !== void 0)) return buildPartialRecordArbitrary(recordModel, void 0, noNullPrototype);
  const requiredKeys = ("requiredKeys" in constraints ? constraints.requiredKeys : void 0) || [];
  for (let idx = 0; idx !== requiredKeys.length; ++idx) {
    const descriptor = Object.getOwnPropertyDescriptor(recordModel, requiredKeys[idx]);
    if (descriptor === void 0) throw new Error(`requiredKeys cannot reference keys that have not been defined in recordModel`);
    if (!descriptor.enumerable) throw new Error(`requiredKeys cannot reference keys that are not enumerable in recordModel`);
  }
  return buildPartialRecordArbitrary(recordModel, requiredKeys, noNullPrototype);
}
var safeObjectCreate$1 = Object.create;
function unlinkedEntitiesForEntityGraph(arbitraries, countFor, unicityConstraintsFor, constraints) {
  const recordModel = safeObjectCreate$1(null);
  for (const name in arbitraries) {
    const entityRecordModel = arbitraries[name];
    const entityArbitrary = record(entityRecordModel, constraints);
    const count = countFor(name);
    const unicityConstraints = unicityConstraintsFor(name);
    const arrayConstraints = {
      minLength: count,
      maxLength: count
    };
    recordModel[name] = unicityConstraints !== void 0 ? uniqueArray(entityArbitrary, {
      ...arrayConstraints,
      selector: unicityConstraints
    }) : array(entityArbitrary, arrayConstraints);
  }
  return record(recordModel);
}
var safeObjectCreate = Object.create;
var safeObjectKeys = Object.keys;
function entityGraph(arbitraries, relations, constraints = {}) {
  const allKeys = safeObjectKeys(arbitraries);
  const initialPoolConstraints = constraints.initialPoolConstraints || safeObjectCreate(null);
  const unicityConstraints = constraints.unicityConstraints || safeObjectCreate(null);
  const unlinkedContraints = { noNullPrototype: constraints.noNullPrototype };
  return initialPoolForEntityGraph(allKeys, initialPoolConstraints).chain((defaultEntities) => onTheFlyLinksForEntityGraph(relations, defaultEntities).chain((producedLinks) => unlinkedEntitiesForEntityGraph(arbitraries, (name) => producedLinks[name].length, (name) => unicityConstraints[name], unlinkedContraints).map((unlinkedEntities) => unlinkedToLinkedEntitiesMapper(unlinkedEntities, producedLinks))));
}
function wordsToJoinedStringMapper(words2) {
  return safeJoin(safeMap(words2, (w) => w[w.length - 1] === "," ? safeSubstring(w, 0, w.length - 1) : w), " ");
}
function wordsToJoinedStringUnmapperFor(wordsArbitrary) {
  return function wordsToJoinedStringUnmapper(value) {
    if (typeof value !== "string") throw new Error("Unsupported type");
    const words2 = [];
    for (const candidate of safeSplit(value, " ")) if (wordsArbitrary.canShrinkWithoutContext(candidate)) safePush(words2, candidate);
    else if (wordsArbitrary.canShrinkWithoutContext(candidate + ",")) safePush(words2, candidate + ",");
    else throw new Error("Unsupported word");
    return words2;
  };
}
function wordsToSentenceMapper(words2) {
  let sentence = safeJoin(words2, " ");
  if (sentence[sentence.length - 1] === ",") sentence = safeSubstring(sentence, 0, sentence.length - 1);
  return safeToUpperCase(sentence[0]) + safeSubstring(sentence, 1) + ".";
}
function wordsToSentenceUnmapperFor(wordsArbitrary) {
  return function wordsToSentenceUnmapper(value) {
    if (typeof value !== "string") throw new Error("Unsupported type");
    if (value.length < 2 || value[value.length - 1] !== "." || value[value.length - 2] === "," || safeToUpperCase(safeToLowerCase(value[0])) !== value[0]) throw new Error("Unsupported value");
    const adaptedValue = safeToLowerCase(value[0]) + safeSubstring(value, 1, value.length - 1);
    const words2 = [];
    const candidates = safeSplit(adaptedValue, " ");
    for (let idx = 0; idx !== candidates.length; ++idx) {
      const candidate = candidates[idx];
      if (wordsArbitrary.canShrinkWithoutContext(candidate)) safePush(words2, candidate);
      else if (idx === candidates.length - 1 && wordsArbitrary.canShrinkWithoutContext(candidate + ",")) safePush(words2, candidate + ",");
      else throw new Error("Unsupported word");
    }
    return words2;
  };
}
function sentencesToParagraphMapper(sentences) {
  return safeJoin(sentences, " ");
}
function sentencesToParagraphUnmapper(value) {
  if (typeof value !== "string") throw new Error("Unsupported type");
  const sentences = safeSplit(value, ". ");
  for (let idx = 0; idx < sentences.length - 1; ++idx) sentences[idx] += ".";
  return sentences;
}
var h = (v, w) => {
  return {
    arbitrary: constant(v),
    weight: w
  };
};
function loremWord() {
  return oneof(h("non", 6), h("adipiscing", 5), h("ligula", 5), h("enim", 5), h("pellentesque", 5), h("in", 5), h("augue", 5), h("et", 5), h("nulla", 5), h("lorem", 4), h("sit", 4), h("sed", 4), h("diam", 4), h("fermentum", 4), h("ut", 4), h("eu", 4), h("aliquam", 4), h("mauris", 4), h("vitae", 4), h("felis", 4), h("ipsum", 3), h("dolor", 3), h("amet,", 3), h("elit", 3), h("euismod", 3), h("mi", 3), h("orci", 3), h("erat", 3), h("praesent", 3), h("egestas", 3), h("leo", 3), h("vel", 3), h("sapien", 3), h("integer", 3), h("curabitur", 3), h("convallis", 3), h("purus", 3), h("risus", 2), h("suspendisse", 2), h("lectus", 2), h("nec,", 2), h("ultricies", 2), h("sed,", 2), h("cras", 2), h("elementum", 2), h("ultrices", 2), h("maecenas", 2), h("massa,", 2), h("varius", 2), h("a,", 2), h("semper", 2), h("proin", 2), h("nec", 2), h("nisl", 2), h("amet", 2), h("duis", 2), h("congue", 2), h("libero", 2), h("vestibulum", 2), h("pede", 2), h("blandit", 2), h("sodales", 2), h("ante", 2), h("nibh", 2), h("ac", 2), h("aenean", 2), h("massa", 2), h("suscipit", 2), h("sollicitudin", 2), h("fusce", 2), h("tempus", 2), h("aliquam,", 2), h("nunc", 2), h("ullamcorper", 2), h("rhoncus", 2), h("metus", 2), h("faucibus,", 2), h("justo", 2), h("magna", 2), h("at", 2), h("tincidunt", 2), h("consectetur", 1), h("tortor,", 1), h("dignissim", 1), h("congue,", 1), h("non,", 1), h("porttitor,", 1), h("nonummy", 1), h("molestie,", 1), h("est", 1), h("eleifend", 1), h("mi,", 1), h("arcu", 1), h("scelerisque", 1), h("vitae,", 1), h("consequat", 1), h("in,", 1), h("pretium", 1), h("volutpat", 1), h("pharetra", 1), h("tempor", 1), h("bibendum", 1), h("odio", 1), h("dui", 1), h("primis", 1), h("faucibus", 1), h("luctus", 1), h("posuere", 1), h("cubilia", 1), h("curae,", 1), h("hendrerit", 1), h("velit", 1), h("mauris,", 1), h("gravida", 1), h("ornare", 1), h("ut,", 1), h("pulvinar", 1), h("varius,", 1), h("turpis", 1), h("nibh,", 1), h("eros", 1), h("id", 1), h("aliquet", 1), h("quis", 1), h("lobortis", 1), h("consectetuer", 1), h("morbi", 1), h("vehicula", 1), h("tortor", 1), h("tellus,", 1), h("id,", 1), h("eu,", 1), h("quam", 1), h("feugiat,", 1), h("posuere,", 1), h("iaculis", 1), h("lectus,", 1), h("tristique", 1), h("mollis,", 1), h("nisl,", 1), h("vulputate", 1), h("sem", 1), h("vivamus", 1), h("placerat", 1), h("imperdiet", 1), h("cursus", 1), h("rutrum", 1), h("iaculis,", 1), h("augue,", 1), h("lacus", 1));
}
function lorem(constraints = {}) {
  const { maxCount, mode = "words", size } = constraints;
  if (maxCount !== void 0 && maxCount < 1) throw new Error(`lorem has to produce at least one word/sentence`);
  const wordArbitrary = loremWord();
  if (mode === "sentences") return array(array(wordArbitrary, {
    minLength: 1,
    size: "small"
  }).map(wordsToSentenceMapper, wordsToSentenceUnmapperFor(wordArbitrary)), {
    minLength: 1,
    maxLength: maxCount,
    size
  }).map(sentencesToParagraphMapper, sentencesToParagraphUnmapper);
  else return array(wordArbitrary, {
    minLength: 1,
    maxLength: maxCount,
    size
  }).map(wordsToJoinedStringMapper, wordsToJoinedStringUnmapperFor(wordArbitrary));
}
function arrayToMapMapper(data) {
  return new Map(data);
}
function arrayToMapUnmapper(value) {
  if (typeof value !== "object" || value === null) throw new Error("Incompatible instance received: should be a non-null object");
  if (!("constructor" in value) || value.constructor !== Map) throw new Error("Incompatible instance received: should be of exact type Map");
  return Array.from(value);
}
function mapKeyExtractor(entry) {
  return entry[0];
}
function map(keyArb, valueArb, constraints = {}) {
  return uniqueArray(tuple(keyArb, valueArb), {
    minLength: constraints.minKeys,
    maxLength: constraints.maxKeys,
    size: constraints.size,
    selector: mapKeyExtractor,
    depthIdentifier: constraints.depthIdentifier,
    comparator: "SameValueZero"
  }).map(arrayToMapMapper, arrayToMapUnmapper);
}
var contextRemainingDepth = 10;
function memo(builder) {
  const previous = {};
  return ((maxDepth) => {
    const n = maxDepth !== void 0 ? maxDepth : contextRemainingDepth;
    if (!safeHasOwnProperty(previous, n)) {
      const prev = contextRemainingDepth;
      contextRemainingDepth = n - 1;
      previous[n] = builder(n);
      contextRemainingDepth = prev;
    }
    return previous[n];
  });
}
function countToggledBits(n) {
  let count = 0;
  while (n > SBigInt2(0)) {
    if (n & SBigInt2(1)) ++count;
    n >>= SBigInt2(1);
  }
  return count;
}
function computeNextFlags(flags, nextSize) {
  const allowedMask = (SBigInt2(1) << SBigInt2(nextSize)) - SBigInt2(1);
  const preservedFlags = flags & allowedMask;
  let numMissingFlags = countToggledBits(flags - preservedFlags);
  let nFlags = preservedFlags;
  for (let mask = SBigInt2(1); mask <= allowedMask && numMissingFlags !== 0; mask <<= SBigInt2(1)) if (!(nFlags & mask)) {
    nFlags |= mask;
    --numMissingFlags;
  }
  return nFlags;
}
function computeTogglePositions(chars, toggleCase) {
  const positions = [];
  for (let idx = chars.length - 1; idx !== -1; --idx) if (toggleCase(chars[idx]) !== chars[idx]) safePush(positions, idx);
  return positions;
}
function computeFlagsFromChars(untoggledChars, toggledChars, togglePositions) {
  let flags = SBigInt2(0);
  for (let idx = 0, mask = SBigInt2(1); idx !== togglePositions.length; ++idx, mask <<= SBigInt2(1)) if (untoggledChars[togglePositions[idx]] !== toggledChars[togglePositions[idx]]) flags |= mask;
  return flags;
}
function applyFlagsOnChars(chars, flags, togglePositions, toggleCase) {
  for (let idx = 0, mask = SBigInt2(1); idx !== togglePositions.length; ++idx, mask <<= SBigInt2(1)) if (flags & mask) chars[togglePositions[idx]] = toggleCase(chars[togglePositions[idx]]);
}
var MixedCaseArbitrary = class extends Arbitrary {
  constructor(stringArb, toggleCase, untoggleAll) {
    super();
    this.stringArb = stringArb;
    this.toggleCase = toggleCase;
    this.untoggleAll = untoggleAll;
  }
  /**
  * Create a proper context
  * @param rawStringValue
  * @param flagsValue
  */
  buildContextFor(rawStringValue, flagsValue) {
    return {
      rawString: rawStringValue.value,
      rawStringContext: rawStringValue.context,
      flags: flagsValue.value,
      flagsContext: flagsValue.context
    };
  }
  generate(mrng, biasFactor) {
    const rawStringValue = this.stringArb.generate(mrng, biasFactor);
    const chars = [...rawStringValue.value];
    const togglePositions = computeTogglePositions(chars, this.toggleCase);
    const flagsValue = bigInt(SBigInt2(0), (SBigInt2(1) << SBigInt2(togglePositions.length)) - SBigInt2(1)).generate(mrng, void 0);
    applyFlagsOnChars(chars, flagsValue.value, togglePositions, this.toggleCase);
    return new Value(safeJoin(chars, ""), this.buildContextFor(rawStringValue, flagsValue));
  }
  canShrinkWithoutContext(value) {
    if (typeof value !== "string") return false;
    return this.untoggleAll !== void 0 ? this.stringArb.canShrinkWithoutContext(this.untoggleAll(value)) : this.stringArb.canShrinkWithoutContext(value);
  }
  shrink(value, context2) {
    let contextSafe;
    if (context2 !== void 0) contextSafe = context2;
    else if (this.untoggleAll !== void 0) {
      const untoggledValue = this.untoggleAll(value);
      const valueChars = [...value];
      const untoggledValueChars = [...untoggledValue];
      contextSafe = {
        rawString: untoggledValue,
        rawStringContext: void 0,
        flags: computeFlagsFromChars(untoggledValueChars, valueChars, computeTogglePositions(untoggledValueChars, this.toggleCase)),
        flagsContext: void 0
      };
    } else contextSafe = {
      rawString: value,
      rawStringContext: void 0,
      flags: SBigInt2(0),
      flagsContext: void 0
    };
    const rawString = contextSafe.rawString;
    const flags = contextSafe.flags;
    return this.stringArb.shrink(rawString, contextSafe.rawStringContext).map((nRawStringValue) => {
      const nChars = [...nRawStringValue.value];
      const nTogglePositions = computeTogglePositions(nChars, this.toggleCase);
      const nFlags = computeNextFlags(flags, nTogglePositions.length);
      applyFlagsOnChars(nChars, nFlags, nTogglePositions, this.toggleCase);
      return new Value(safeJoin(nChars, ""), this.buildContextFor(nRawStringValue, new Value(nFlags, void 0)));
    }).join(makeLazy(() => {
      const chars = [...rawString];
      const togglePositions = computeTogglePositions(chars, this.toggleCase);
      return bigInt(SBigInt2(0), (SBigInt2(1) << SBigInt2(togglePositions.length)) - SBigInt2(1)).shrink(flags, contextSafe.flagsContext).map((nFlagsValue) => {
        const nChars = safeSlice(chars);
        applyFlagsOnChars(nChars, nFlagsValue.value, togglePositions, this.toggleCase);
        return new Value(safeJoin(nChars, ""), this.buildContextFor(new Value(rawString, contextSafe.rawStringContext), nFlagsValue));
      });
    }));
  }
};
function defaultToggleCase(rawChar) {
  const upper = safeToUpperCase(rawChar);
  if (upper !== rawChar) return upper;
  return safeToLowerCase(rawChar);
}
function mixedCase(stringArb, constraints) {
  return new MixedCaseArbitrary(stringArb, constraints && constraints.toggleCase || defaultToggleCase, constraints && constraints.untoggleAll);
}
function toTypedMapper$1(data) {
  return SFloat32Array.from(data);
}
function fromTypedUnmapper$1(value) {
  if (!(value instanceof SFloat32Array)) throw new Error("Unexpected type");
  return [...value];
}
function float32Array(constraints = {}) {
  return array(float(constraints), constraints).map(toTypedMapper$1, fromTypedUnmapper$1);
}
function toTypedMapper(data) {
  return SFloat64Array.from(data);
}
function fromTypedUnmapper(value) {
  if (!(value instanceof SFloat64Array)) throw new Error("Unexpected type");
  return [...value];
}
function float64Array(constraints = {}) {
  return array(double(constraints), constraints).map(toTypedMapper, fromTypedUnmapper);
}
function typedIntArrayArbitraryArbitraryBuilder(constraints, defaultMin, defaultMax, TypedArrayClass, arbitraryBuilder) {
  const generatorName = TypedArrayClass.name;
  const { min = defaultMin, max = defaultMax, ...arrayConstraints } = constraints;
  if (min > max) throw new Error(`Invalid range passed to ${generatorName}: min must be lower than or equal to max`);
  if (min < defaultMin) throw new Error(`Invalid min value passed to ${generatorName}: min must be greater than or equal to ${defaultMin}`);
  if (max > defaultMax) throw new Error(`Invalid max value passed to ${generatorName}: max must be lower than or equal to ${defaultMax}`);
  return array(arbitraryBuilder({
    min,
    max
  }), arrayConstraints).map((data) => TypedArrayClass.from(data), (value) => {
    if (!(value instanceof TypedArrayClass)) throw new Error("Invalid type");
    return [...value];
  });
}
function int16Array(constraints = {}) {
  return typedIntArrayArbitraryArbitraryBuilder(constraints, -32768, 32767, SInt16Array, integer);
}
function int32Array(constraints = {}) {
  return typedIntArrayArbitraryArbitraryBuilder(constraints, -2147483648, 2147483647, SInt32Array, integer);
}
function int8Array(constraints = {}) {
  return typedIntArrayArbitraryArbitraryBuilder(constraints, -128, 127, SInt8Array, integer);
}
function uint16Array(constraints = {}) {
  return typedIntArrayArbitraryArbitraryBuilder(constraints, 0, 65535, SUint16Array, integer);
}
function uint32Array(constraints = {}) {
  return typedIntArrayArbitraryArbitraryBuilder(constraints, 0, 4294967295, SUint32Array, integer);
}
function uint8Array(constraints = {}) {
  return typedIntArrayArbitraryArbitraryBuilder(constraints, 0, 255, SUint8Array, integer);
}
function uint8ClampedArray(constraints = {}) {
  return typedIntArrayArbitraryArbitraryBuilder(constraints, 0, 255, SUint8ClampedArray, integer);
}
function isSafeContext(context2) {
  return context2 !== void 0;
}
function toGeneratorValue(value) {
  if (value.hasToBeCloned) return new Value(value.value_, { generatorContext: value.context }, () => value.value);
  return new Value(value.value_, { generatorContext: value.context });
}
function toShrinkerValue(value) {
  if (value.hasToBeCloned) return new Value(value.value_, { shrinkerContext: value.context }, () => value.value);
  return new Value(value.value_, { shrinkerContext: value.context });
}
var WithShrinkFromOtherArbitrary = class extends Arbitrary {
  constructor(generatorArbitrary, shrinkerArbitrary) {
    super();
    this.generatorArbitrary = generatorArbitrary;
    this.shrinkerArbitrary = shrinkerArbitrary;
  }
  generate(mrng, biasFactor) {
    return toGeneratorValue(this.generatorArbitrary.generate(mrng, biasFactor));
  }
  canShrinkWithoutContext(value) {
    return this.shrinkerArbitrary.canShrinkWithoutContext(value);
  }
  shrink(value, context2) {
    if (!isSafeContext(context2)) return this.shrinkerArbitrary.shrink(value, void 0).map(toShrinkerValue);
    if ("generatorContext" in context2) return this.generatorArbitrary.shrink(value, context2.generatorContext).map(toGeneratorValue);
    return this.shrinkerArbitrary.shrink(value, context2.shrinkerContext).map(toShrinkerValue);
  }
};
function restrictedIntegerArbitraryBuilder(min, maxGenerated, max) {
  const generatorArbitrary = integer({
    min,
    max: maxGenerated
  });
  if (maxGenerated === max) return generatorArbitrary;
  return new WithShrinkFromOtherArbitrary(generatorArbitrary, integer({
    min,
    max
  }));
}
var safeMathMin$1 = Math.min;
var safeMathMax = Math.max;
var safeArrayIsArray$1 = SArray.isArray;
var safeObjectEntries = Object.entries;
function extractMaxIndex(indexesAndValues) {
  let maxIndex = -1;
  for (let index = 0; index !== indexesAndValues.length; ++index) maxIndex = safeMathMax(maxIndex, indexesAndValues[index][0]);
  return maxIndex;
}
function arrayFromItems(length, indexesAndValues) {
  const array2 = SArray(length);
  for (let index = 0; index !== indexesAndValues.length; ++index) {
    const it = indexesAndValues[index];
    if (it[0] < length) array2[it[0]] = it[1];
  }
  return array2;
}
function sparseArray(arb, constraints = {}) {
  const { size, minNumElements = 0, maxLength = MaxLengthUpperBound, maxNumElements = maxLength, noTrailingHole, depthIdentifier } = constraints;
  const maxGeneratedLength = maxGeneratedLengthFromSizeForArbitrary(size, maxGeneratedLengthFromSizeForArbitrary(size, minNumElements, maxNumElements, constraints.maxNumElements !== void 0), maxLength, constraints.maxLength !== void 0);
  if (minNumElements > maxLength) throw new Error(`The minimal number of non-hole elements cannot be higher than the maximal length of the array`);
  if (minNumElements > maxNumElements) throw new Error(`The minimal number of non-hole elements cannot be higher than the maximal number of non-holes`);
  const resultedMaxNumElements = safeMathMin$1(maxNumElements, maxLength);
  const resultedSizeMaxNumElements = constraints.maxNumElements !== void 0 || size !== void 0 ? size : "=";
  const sparseArrayNoTrailingHole = uniqueArray(tuple(restrictedIntegerArbitraryBuilder(0, safeMathMax(maxGeneratedLength - 1, 0), safeMathMax(maxLength - 1, 0)), arb), {
    size: resultedSizeMaxNumElements,
    minLength: minNumElements,
    maxLength: resultedMaxNumElements,
    selector: (item) => item[0],
    depthIdentifier
  }).map((items2) => {
    return arrayFromItems(extractMaxIndex(items2) + 1, items2);
  }, (value) => {
    if (!safeArrayIsArray$1(value)) throw new Error("Not supported entry type");
    if (noTrailingHole && value.length !== 0 && !(value.length - 1 in value)) throw new Error("No trailing hole");
    return safeMap(safeObjectEntries(value), (entry) => [Number(entry[0]), entry[1]]);
  });
  if (noTrailingHole || maxLength === minNumElements) return sparseArrayNoTrailingHole;
  return tuple(sparseArrayNoTrailingHole, restrictedIntegerArbitraryBuilder(minNumElements, maxGeneratedLength, maxLength)).map((data) => {
    const sparse = data[0];
    const targetLength = data[1];
    if (sparse.length >= targetLength) return sparse;
    const longerSparse = safeSlice(sparse);
    longerSparse.length = targetLength;
    return longerSparse;
  }, (value) => {
    if (!safeArrayIsArray$1(value)) throw new Error("Not supported entry type");
    return [value, value.length];
  });
}
function arrayToSetMapper(data) {
  return new Set(data);
}
function arrayToSetUnmapper(value) {
  if (typeof value !== "object" || value === null) throw new Error("Incompatible instance received: should be a non-null object");
  if (!("constructor" in value) || value.constructor !== Set) throw new Error("Incompatible instance received: should be of exact type Set");
  return Array.from(value);
}
function set(arb, constraints = {}) {
  return uniqueArray(arb, {
    minLength: constraints.minLength,
    maxLength: constraints.maxLength,
    size: constraints.size,
    depthIdentifier: constraints.depthIdentifier,
    comparator: "SameValueZero"
  }).map(arrayToSetMapper, arrayToSetUnmapper);
}
function dictOf(ka, va, maxKeys, size, depthIdentifier, withNullPrototype) {
  return dictionary(ka, va, {
    maxKeys,
    noNullPrototype: !withNullPrototype,
    size,
    depthIdentifier
  });
}
function typedArray(constraints) {
  return oneof(int8Array(constraints), uint8Array(constraints), uint8ClampedArray(constraints), int16Array(constraints), uint16Array(constraints), int32Array(constraints), uint32Array(constraints), float32Array(constraints), float64Array(constraints));
}
function anyArbitraryBuilder(constraints) {
  const arbitrariesForBase = constraints.values;
  const depthSize = constraints.depthSize;
  const depthIdentifier = createDepthIdentifier();
  const maxDepth = constraints.maxDepth;
  const maxKeys = constraints.maxKeys;
  const size = constraints.size;
  const baseArb = oneof(...arbitrariesForBase, ...constraints.withBigInt ? [bigInt()] : [], ...constraints.withDate ? [date()] : []);
  return letrec((tie) => ({
    anything: oneof({
      maxDepth,
      depthSize,
      depthIdentifier
    }, baseArb, tie("array"), tie("object"), ...constraints.withMap ? [tie("map")] : [], ...constraints.withSet ? [tie("set")] : [], ...constraints.withObjectString ? [tie("anything").map((o) => stringify(o))] : [], ...constraints.withTypedArray ? [typedArray({
      maxLength: maxKeys,
      size
    })] : [], ...constraints.withSparseArray ? [sparseArray(tie("anything"), {
      maxNumElements: maxKeys,
      size,
      depthIdentifier
    })] : []),
    keys: constraints.withObjectString ? oneof({
      arbitrary: constraints.key,
      weight: 10
    }, {
      arbitrary: tie("anything").map((o) => stringify(o)),
      weight: 1
    }) : constraints.key,
    array: array(tie("anything"), {
      maxLength: maxKeys,
      size,
      depthIdentifier
    }),
    set: set(tie("anything"), {
      maxLength: maxKeys,
      size,
      depthIdentifier
    }),
    map: oneof(map(tie("keys"), tie("anything"), {
      maxKeys,
      size,
      depthIdentifier
    }), map(tie("anything"), tie("anything"), {
      maxKeys,
      size,
      depthIdentifier
    })),
    object: dictOf(tie("keys"), tie("anything"), maxKeys, size, depthIdentifier, constraints.withNullPrototype)
  })).anything;
}
function unboxedToBoxedMapper(value) {
  switch (typeof value) {
    case "boolean":
      return new SBoolean(value);
    case "number":
      return new SNumber(value);
    case "string":
      return new SString(value);
    default:
      return value;
  }
}
function unboxedToBoxedUnmapper(value) {
  if (typeof value !== "object" || value === null || !("constructor" in value)) return value;
  return value.constructor === SBoolean || value.constructor === SNumber || value.constructor === SString ? value.valueOf() : value;
}
function boxedArbitraryBuilder(arb) {
  return arb.map(unboxedToBoxedMapper, unboxedToBoxedUnmapper);
}
function defaultValues(constraints, stringArbitrary) {
  return [
    boolean(),
    maxSafeInteger(),
    double(),
    stringArbitrary(constraints),
    oneof(stringArbitrary(constraints), constant(null), constant(void 0))
  ];
}
function boxArbitraries(arbs) {
  return arbs.map((arb) => boxedArbitraryBuilder(arb));
}
function boxArbitrariesIfNeeded(arbs, boxEnabled) {
  return boxEnabled ? boxArbitraries(arbs).concat(arbs) : arbs;
}
function toQualifiedObjectConstraints(settings = {}) {
  const valueConstraints = {
    size: settings.size,
    unit: "stringUnit" in settings ? settings.stringUnit : settings.withUnicodeString ? "binary" : void 0
  };
  return {
    key: settings.key !== void 0 ? settings.key : string(valueConstraints),
    values: boxArbitrariesIfNeeded(settings.values !== void 0 ? settings.values : defaultValues(valueConstraints, string), settings.withBoxedValues === true),
    depthSize: settings.depthSize,
    maxDepth: settings.maxDepth,
    maxKeys: settings.maxKeys,
    size: settings.size,
    withSet: settings.withSet === true,
    withMap: settings.withMap === true,
    withObjectString: settings.withObjectString === true,
    withNullPrototype: settings.withNullPrototype === true,
    withBigInt: settings.withBigInt === true,
    withDate: settings.withDate === true,
    withTypedArray: settings.withTypedArray === true,
    withSparseArray: settings.withSparseArray === true
  };
}
function objectInternal(constraints) {
  return dictionary(constraints.key, anyArbitraryBuilder(constraints), {
    maxKeys: constraints.maxKeys,
    noNullPrototype: !constraints.withNullPrototype,
    size: constraints.size
  });
}
function object(constraints) {
  return objectInternal(toQualifiedObjectConstraints(constraints));
}
function jsonConstraintsBuilder(stringArbitrary, constraints) {
  const { depthSize, maxDepth } = constraints;
  return {
    key: stringArbitrary,
    values: [
      boolean(),
      double({
        noDefaultInfinity: true,
        noNaN: true
      }),
      stringArbitrary,
      constant(null)
    ],
    depthSize,
    maxDepth
  };
}
function anything(constraints) {
  return anyArbitraryBuilder(toQualifiedObjectConstraints(constraints));
}
function jsonValue(constraints = {}) {
  const noUnicodeString = constraints.noUnicodeString === void 0 || constraints.noUnicodeString === true;
  return anything(jsonConstraintsBuilder("stringUnit" in constraints ? string({ unit: constraints.stringUnit }) : noUnicodeString ? string() : string({ unit: "binary" }), constraints));
}
var safeJsonStringify = JSON.stringify;
var safeJsonParse = JSON.parse;
function jsonStringUnmapper(value) {
  if (typeof value !== "string") throw new SError("Cannot unmap the passed value");
  return safeJsonParse(value);
}
function json(constraints = {}) {
  return jsonValue(constraints).map(safeJsonStringify, jsonStringUnmapper);
}
var safeObjectDefineProperties = Object.defineProperties;
function prettyPrint(numSeen, seenValuesStrings) {
  return `Stream(${seenValuesStrings !== void 0 ? `${safeJoin(seenValuesStrings, ",")}\u2026` : `${numSeen} emitted`})`;
}
var StreamArbitrary = class extends Arbitrary {
  constructor(arb, history) {
    super();
    this.arb = arb;
    this.history = history;
  }
  generate(mrng, biasFactor) {
    const appliedBiasFactor = biasFactor !== void 0 && mrng.nextInt(1, biasFactor) === 1 ? biasFactor : void 0;
    const enrichedProducer = () => {
      const seenValues = this.history ? [] : null;
      let numSeenValues = 0;
      const g = function* (arb, clonedMrng) {
        while (true) {
          const value = arb.generate(clonedMrng, appliedBiasFactor).value;
          numSeenValues++;
          if (seenValues !== null) safePush(seenValues, value);
          yield value;
        }
      };
      const s = new Stream(g(this.arb, mrng.clone()));
      return safeObjectDefineProperties(s, {
        toString: { value: () => prettyPrint(numSeenValues, seenValues !== null ? seenValues.map(stringify) : void 0) },
        [toStringMethod]: { value: () => prettyPrint(numSeenValues, seenValues !== null ? seenValues.map(stringify) : void 0) },
        [asyncToStringMethod]: { value: async () => prettyPrint(numSeenValues, seenValues !== null ? await Promise.all(seenValues.map(asyncStringify)) : void 0) },
        [cloneMethod]: {
          value: enrichedProducer,
          enumerable: true
        }
      });
    };
    return new Value(enrichedProducer(), void 0);
  }
  canShrinkWithoutContext(_value) {
    return false;
  }
  shrink(_value, _context) {
    return Stream.nil();
  }
};
function infiniteStream(arb, constraints) {
  return new StreamArbitrary(arb, constraints !== void 0 && typeof constraints === "object" && "noHistory" in constraints ? !constraints.noHistory : true);
}
function codePointsToStringMapper(tab) {
  return safeJoin(tab, "");
}
function codePointsToStringUnmapper(value) {
  if (typeof value !== "string") throw new Error("Cannot unmap the passed value");
  return [...value];
}
function stringToBase64Mapper(s) {
  switch (s.length % 4) {
    case 0:
      return s;
    case 3:
      return `${s}=`;
    case 2:
      return `${s}==`;
    default:
      return safeSubstring(s, 1);
  }
}
function stringToBase64Unmapper(value) {
  if (typeof value !== "string" || value.length % 4 !== 0) throw new Error("Invalid string received");
  const lastTrailingIndex = value.indexOf("=");
  if (lastTrailingIndex === -1) return value;
  if (value.length - lastTrailingIndex > 2) throw new Error("Cannot unmap the passed value");
  return safeSubstring(value, 0, lastTrailingIndex);
}
var safeStringFromCharCode = String.fromCharCode;
function base64Mapper(v) {
  if (v < 26) return safeStringFromCharCode(v + 65);
  if (v < 52) return safeStringFromCharCode(v + 97 - 26);
  if (v < 62) return safeStringFromCharCode(v + 48 - 52);
  return v === 62 ? "+" : "/";
}
function base64Unmapper(s) {
  if (typeof s !== "string" || s.length !== 1) throw new SError("Invalid entry");
  const v = safeCharCodeAt(s, 0);
  if (v >= 65 && v <= 90) return v - 65;
  if (v >= 97 && v <= 122) return v - 97 + 26;
  if (v >= 48 && v <= 57) return v - 48 + 52;
  return v === 43 ? 62 : v === 47 ? 63 : -1;
}
function base64() {
  return integer({
    min: 0,
    max: 63
  }).map(base64Mapper, base64Unmapper);
}
function base64String(constraints = {}) {
  const { minLength: unscaledMinLength = 0, maxLength: unscaledMaxLength = MaxLengthUpperBound, size } = constraints;
  const minLength = unscaledMinLength + 3 - (unscaledMinLength + 3) % 4;
  const maxLength = unscaledMaxLength - unscaledMaxLength % 4;
  const requestedSize = constraints.maxLength === void 0 && size === void 0 ? "=" : size;
  if (minLength > maxLength) throw new SError("Minimal length should be inferior or equal to maximal length");
  if (minLength % 4 !== 0) throw new SError("Minimal length of base64 strings must be a multiple of 4");
  if (maxLength % 4 !== 0) throw new SError("Maximal length of base64 strings must be a multiple of 4");
  const charArbitrary = base64();
  return array(charArbitrary, {
    minLength,
    maxLength,
    size: requestedSize,
    experimentalCustomSlices: createSlicesForStringLegacy(charArbitrary, codePointsToStringUnmapper)
  }).map(codePointsToStringMapper, codePointsToStringUnmapper).map(stringToBase64Mapper, stringToBase64Unmapper);
}
var safeObjectIs = Object.is;
function isSubarrayOf(source, small) {
  const countMap = new SMap$2();
  let countMinusZero = 0;
  for (const sourceEntry of source) if (safeObjectIs(sourceEntry, -0)) ++countMinusZero;
  else safeMapSet(countMap, sourceEntry, (safeMapGet(countMap, sourceEntry) || 0) + 1);
  for (let index = 0; index !== small.length; ++index) {
    if (!(index in small)) return false;
    const smallEntry = small[index];
    if (safeObjectIs(smallEntry, -0)) {
      if (countMinusZero === 0) return false;
      --countMinusZero;
    } else {
      const oldCount = safeMapGet(countMap, smallEntry) || 0;
      if (oldCount === 0) return false;
      safeMapSet(countMap, smallEntry, oldCount - 1);
    }
  }
  return true;
}
var safeMathFloor$1 = Math.floor;
var safeMathLog = Math.log;
var safeArrayIsArray = Array.isArray;
var SubarrayArbitrary = class extends Arbitrary {
  constructor(originalArray, isOrdered, minLength, maxLength) {
    super();
    this.originalArray = originalArray;
    this.isOrdered = isOrdered;
    this.minLength = minLength;
    this.maxLength = maxLength;
    if (minLength < 0 || minLength > originalArray.length) throw new Error("fc.*{s|S}ubarrayOf expects the minimal length to be between 0 and the size of the original array");
    if (maxLength < 0 || maxLength > originalArray.length) throw new Error("fc.*{s|S}ubarrayOf expects the maximal length to be between 0 and the size of the original array");
    if (minLength > maxLength) throw new Error("fc.*{s|S}ubarrayOf expects the minimal length to be inferior or equal to the maximal length");
    this.lengthArb = new IntegerArbitrary(minLength, maxLength);
    this.biasedLengthArb = minLength !== maxLength ? new IntegerArbitrary(minLength, minLength + safeMathFloor$1(safeMathLog(maxLength - minLength) / safeMathLog(2))) : this.lengthArb;
  }
  generate(mrng, biasFactor) {
    const size = (biasFactor !== void 0 && mrng.nextInt(1, biasFactor) === 1 ? this.biasedLengthArb : this.lengthArb).generate(mrng, void 0);
    const sizeValue = size.value;
    const remainingElements = safeMap(this.originalArray, (_v, idx) => idx);
    const ids = [];
    for (let index = 0; index !== sizeValue; ++index) {
      const selectedIdIndex = mrng.nextInt(0, remainingElements.length - 1);
      safePush(ids, remainingElements[selectedIdIndex]);
      safeSplice(remainingElements, selectedIdIndex, 1);
    }
    if (this.isOrdered) safeSort(ids, (a, b) => a - b);
    return new Value(safeMap(ids, (i) => this.originalArray[i]), size.context);
  }
  canShrinkWithoutContext(value) {
    if (!safeArrayIsArray(value)) return false;
    if (!this.lengthArb.canShrinkWithoutContext(value.length)) return false;
    return isSubarrayOf(this.originalArray, value);
  }
  shrink(value, context2) {
    if (value.length === 0) return Stream.nil();
    return this.lengthArb.shrink(value.length, context2).map((newSize) => {
      return new Value(safeSlice(value, value.length - newSize.value), newSize.context);
    }).join(value.length > this.minLength ? makeLazy(() => this.shrink(safeSlice(value, 1), void 0).filter((newValue) => this.minLength <= newValue.value.length + 1).map((newValue) => new Value([value[0], ...newValue.value], void 0))) : Stream.nil());
  }
};
function subarray(originalArray, constraints = {}) {
  const { minLength = 0, maxLength = originalArray.length } = constraints;
  return new SubarrayArbitrary(originalArray, true, minLength, maxLength);
}
function shuffledSubarray(originalArray, constraints = {}) {
  const { minLength = 0, maxLength = originalArray.length } = constraints;
  return new SubarrayArbitrary(originalArray, false, minLength, maxLength);
}
var encodeSymbolLookupTable = {
  10: "A",
  11: "B",
  12: "C",
  13: "D",
  14: "E",
  15: "F",
  16: "G",
  17: "H",
  18: "J",
  19: "K",
  20: "M",
  21: "N",
  22: "P",
  23: "Q",
  24: "R",
  25: "S",
  26: "T",
  27: "V",
  28: "W",
  29: "X",
  30: "Y",
  31: "Z"
};
var decodeSymbolLookupTable = {
  "0": 0,
  "1": 1,
  "2": 2,
  "3": 3,
  "4": 4,
  "5": 5,
  "6": 6,
  "7": 7,
  "8": 8,
  "9": 9,
  A: 10,
  B: 11,
  C: 12,
  D: 13,
  E: 14,
  F: 15,
  G: 16,
  H: 17,
  J: 18,
  K: 19,
  M: 20,
  N: 21,
  P: 22,
  Q: 23,
  R: 24,
  S: 25,
  T: 26,
  V: 27,
  W: 28,
  X: 29,
  Y: 30,
  Z: 31
};
function encodeSymbol(symbol) {
  return symbol < 10 ? SString(symbol) : encodeSymbolLookupTable[symbol];
}
function pad(value, paddingLength) {
  let extraPadding = "";
  while (value.length + extraPadding.length < paddingLength) extraPadding += "0";
  return extraPadding + value;
}
function smallUintToBase32StringMapper(num) {
  let base32Str = "";
  for (let remaining = num; remaining !== 0; ) {
    const next3 = remaining >> 5;
    base32Str = encodeSymbol(remaining - (next3 << 5)) + base32Str;
    remaining = next3;
  }
  return base32Str;
}
function uintToBase32StringMapper(num, paddingLength) {
  const head = ~~(num / 1073741824);
  const tail = num & 1073741823;
  return pad(smallUintToBase32StringMapper(head), paddingLength - 6) + pad(smallUintToBase32StringMapper(tail), 6);
}
function paddedUintToBase32StringMapper(paddingLength) {
  return function padded(num) {
    return uintToBase32StringMapper(num, paddingLength);
  };
}
function uintToBase32StringUnmapper(value) {
  if (typeof value !== "string") throw new SError("Unsupported type");
  let accumulated = 0;
  let power = 1;
  for (let index = value.length - 1; index >= 0; --index) {
    const char = value[index];
    const numericForChar = decodeSymbolLookupTable[char];
    if (numericForChar === void 0) throw new SError("Unsupported type");
    accumulated += numericForChar * power;
    power *= 32;
  }
  return accumulated;
}
var padded10Mapper = paddedUintToBase32StringMapper(10);
var padded8Mapper = paddedUintToBase32StringMapper(8);
function ulidMapper(parts) {
  return padded10Mapper(parts[0]) + padded8Mapper(parts[1]) + padded8Mapper(parts[2]);
}
function ulidUnmapper(value) {
  if (typeof value !== "string" || value.length !== 26) throw new Error("Unsupported type");
  return [
    uintToBase32StringUnmapper(value.slice(0, 10)),
    uintToBase32StringUnmapper(value.slice(10, 18)),
    uintToBase32StringUnmapper(value.slice(18))
  ];
}
function ulid() {
  return tuple(integer({
    min: 0,
    max: 281474976710655
  }), integer({
    min: 0,
    max: 1099511627775
  }), integer({
    min: 0,
    max: 1099511627775
  })).map(ulidMapper, ulidUnmapper);
}
function numberToPaddedEightMapper(n) {
  return safePadStart(safeNumberToString(n, 16), 8, "0");
}
function numberToPaddedEightUnmapper(value) {
  if (typeof value !== "string") throw new Error("Unsupported type");
  if (value.length !== 8) throw new Error("Unsupported value: invalid length");
  const n = parseInt(value, 16);
  if (value !== numberToPaddedEightMapper(n)) throw new Error("Unsupported value: invalid content");
  return n;
}
function buildPaddedNumberArbitrary(min, max) {
  return integer({
    min,
    max
  }).map(numberToPaddedEightMapper, numberToPaddedEightUnmapper);
}
function paddedEightsToUuidMapper(t) {
  return `${t[0]}-${safeSubstring(t[1], 4)}-${safeSubstring(t[1], 0, 4)}-${safeSubstring(t[2], 0, 4)}-${safeSubstring(t[2], 4)}${t[3]}`;
}
var UuidRegex = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})$/;
function paddedEightsToUuidUnmapper(value) {
  if (typeof value !== "string") throw new Error("Unsupported type");
  const m = UuidRegex.exec(value);
  if (m === null) throw new Error("Unsupported type");
  return [
    m[1],
    m[3] + m[2],
    m[4] + safeSubstring(m[5], 0, 4),
    safeSubstring(m[5], 4)
  ];
}
var quickNumberToHexaString = "0123456789abcdef";
function buildVersionsAppliersForUuid(versions) {
  const mapping = {};
  const reversedMapping = {};
  for (let index = 0; index !== versions.length; ++index) {
    const from = quickNumberToHexaString[index];
    const to = quickNumberToHexaString[versions[index]];
    mapping[from] = to;
    reversedMapping[to] = from;
  }
  function versionsApplierMapper(value) {
    return mapping[value[0]] + safeSubstring(value, 1);
  }
  function versionsApplierUnmapper(value) {
    if (typeof value !== "string") throw new SError("Cannot produce non-string values");
    const rev = reversedMapping[value[0]];
    if (rev === void 0) throw new SError("Cannot produce strings not starting by the version in hexa code");
    return rev + safeSubstring(value, 1);
  }
  return {
    versionsApplierMapper,
    versionsApplierUnmapper
  };
}
function assertValidVersions(versions) {
  const found = {};
  for (const version of versions) {
    if (found[version]) throw new SError(`Version ${version} has been requested at least twice for uuid`);
    found[version] = true;
    if (version < 1 || version > 15) throw new SError(`Version must be a value in [1-15] for uuid, but received ${version}`);
    if (~~version !== version) throw new SError(`Version must be an integer value for uuid, but received ${version}`);
  }
  if (versions.length === 0) throw new SError(`Must provide at least one version for uuid`);
}
function uuid(constraints = {}) {
  const padded = buildPaddedNumberArbitrary(0, 4294967295);
  const version = constraints.version !== void 0 ? typeof constraints.version === "number" ? [constraints.version] : constraints.version : [
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8
  ];
  assertValidVersions(version);
  const { versionsApplierMapper, versionsApplierUnmapper } = buildVersionsAppliersForUuid(version);
  return tuple(padded, buildPaddedNumberArbitrary(0, 268435456 * version.length - 1).map(versionsApplierMapper, versionsApplierUnmapper), buildPaddedNumberArbitrary(2147483648, 3221225471), padded).map(paddedEightsToUuidMapper, paddedEightsToUuidUnmapper);
}
function hostUserInfo(size) {
  return string({
    unit: getOrCreateAlphaNumericPercentArbitrary("-._~!$&'()*+,;=:"),
    size
  });
}
function userHostPortMapper([u, h2, p]) {
  return (u === null ? "" : `${u}@`) + h2 + (p === null ? "" : `:${p}`);
}
function userHostPortUnmapper(value) {
  if (typeof value !== "string") throw new Error("Unsupported");
  const atPosition = value.indexOf("@");
  const user = atPosition !== -1 ? value.substring(0, atPosition) : null;
  const m = /:(\d+)$/.exec(value);
  const port = m !== null ? Number(m[1]) : null;
  return [
    user,
    m !== null ? value.substring(atPosition + 1, value.length - m[1].length - 1) : value.substring(atPosition + 1),
    port
  ];
}
function bracketedMapper(s) {
  return `[${s}]`;
}
function bracketedUnmapper(value) {
  if (typeof value !== "string" || value[0] !== "[" || value[value.length - 1] !== "]") throw new Error("Unsupported");
  return value.substring(1, value.length - 1);
}
function webAuthority(constraints) {
  const c = constraints || {};
  const size = c.size;
  const hostnameArbs = [
    domain({ size }),
    ...c.withIPv4 === true ? [ipV4()] : [],
    ...c.withIPv6 === true ? [ipV6().map(bracketedMapper, bracketedUnmapper)] : [],
    ...c.withIPv4Extended === true ? [ipV4Extended()] : []
  ];
  return tuple(c.withUserInfo === true ? option(hostUserInfo(size)) : constant(null), oneof(...hostnameArbs), c.withPort === true ? option(nat(65535)) : constant(null)).map(userHostPortMapper, userHostPortUnmapper);
}
function buildUriQueryOrFragmentArbitrary(size) {
  return string({
    unit: getOrCreateAlphaNumericPercentArbitrary("-._~!$&'()*+,;=:@/?"),
    size
  });
}
function webFragments(constraints = {}) {
  return buildUriQueryOrFragmentArbitrary(constraints.size);
}
function webSegment(constraints = {}) {
  return string({
    unit: getOrCreateAlphaNumericPercentArbitrary("-._~!$&'()*+,;=:@"),
    size: constraints.size
  });
}
function segmentsToPathMapper(segments) {
  let path3 = "";
  for (let index = 0; index !== segments.length; ++index) path3 += "/" + segments[index];
  return path3;
}
function segmentsToPathUnmapper(value) {
  if (typeof value !== "string") throw new Error("Incompatible value received: type");
  if (value.length !== 0 && value[0] !== "/") throw new Error("Incompatible value received: start");
  return safeSplice(safeSplit(value, "/"), 1);
}
function sqrtSize(size) {
  switch (size) {
    case "xsmall":
      return ["xsmall", "xsmall"];
    case "small":
      return ["small", "xsmall"];
    case "medium":
      return ["small", "small"];
    case "large":
      return ["medium", "small"];
    case "xlarge":
      return ["medium", "medium"];
  }
}
function buildUriPathArbitraryInternal(segmentSize, numSegmentSize) {
  return array(webSegment({ size: segmentSize }), { size: numSegmentSize }).map(segmentsToPathMapper, segmentsToPathUnmapper);
}
function buildUriPathArbitrary(resolvedSize) {
  const [segmentSize, numSegmentSize] = sqrtSize(resolvedSize);
  if (segmentSize === numSegmentSize) return buildUriPathArbitraryInternal(segmentSize, numSegmentSize);
  return oneof(buildUriPathArbitraryInternal(segmentSize, numSegmentSize), buildUriPathArbitraryInternal(numSegmentSize, segmentSize));
}
function webPath(constraints) {
  return buildUriPathArbitrary(resolveSize((constraints || {}).size));
}
function webQueryParameters(constraints = {}) {
  return buildUriQueryOrFragmentArbitrary(constraints.size);
}
function partsToUrlMapper(data) {
  const [scheme, authority, path3] = data;
  return `${scheme}://${authority}${path3}${data[3] === null ? "" : `?${data[3]}`}${data[4] === null ? "" : `#${data[4]}`}`;
}
var UrlSplitRegex = /^([[A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)(\?[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*)?(#[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*)?$/;
function partsToUrlUnmapper(value) {
  if (typeof value !== "string") throw new Error("Incompatible value received: type");
  const m = UrlSplitRegex.exec(value);
  if (m === null) throw new Error("Incompatible value received");
  const scheme = m[1];
  const authority = m[2];
  const path3 = m[3];
  const query = m[4];
  const fragments = m[5];
  return [
    scheme,
    authority,
    path3,
    query !== void 0 ? query.substring(1) : null,
    fragments !== void 0 ? fragments.substring(1) : null
  ];
}
function webUrl(constraints) {
  const c = constraints || {};
  const resolvedSize = resolveSize(c.size);
  const resolvedAuthoritySettingsSize = c.authoritySettings !== void 0 && c.authoritySettings.size !== void 0 ? relativeSizeToSize(c.authoritySettings.size, resolvedSize) : resolvedSize;
  const resolvedAuthoritySettings = {
    ...c.authoritySettings,
    size: resolvedAuthoritySettingsSize
  };
  return tuple(constantFrom(...c.validSchemes || ["http", "https"]), webAuthority(resolvedAuthoritySettings), webPath({ size: resolvedSize }), c.withQueryParameters === true ? option(webQueryParameters({ size: resolvedSize })) : constant(null), c.withFragments === true ? option(webFragments({ size: resolvedSize })) : constant(null)).map(partsToUrlMapper, partsToUrlUnmapper);
}
var CommandsIterable = class CommandsIterable2 {
  constructor(commands2, metadataForReplay) {
    this.commands = commands2;
    this.metadataForReplay = metadataForReplay;
    this[cloneMethod] = function() {
      return new CommandsIterable2(this.commands.map((c) => c.clone()), this.metadataForReplay);
    };
  }
  [Symbol.iterator]() {
    return this.commands[Symbol.iterator]();
  }
  toString() {
    const serializedCommands = this.commands.filter((c) => c.hasRan).map((c) => c.toString()).join(",");
    const metadata = this.metadataForReplay();
    return metadata.length !== 0 ? `${serializedCommands} /*${metadata}*/` : serializedCommands;
  }
};
var CommandWrapper = class CommandWrapper2 {
  constructor(cmd) {
    this.cmd = cmd;
    this.hasRan = false;
    if (hasToStringMethod(cmd)) {
      const method = cmd[toStringMethod];
      this[toStringMethod] = function toStringMethod2() {
        return method.call(cmd);
      };
    }
    if (hasAsyncToStringMethod(cmd)) {
      const method = cmd[asyncToStringMethod];
      this[asyncToStringMethod] = function asyncToStringMethod2() {
        return method.call(cmd);
      };
    }
  }
  check(m) {
    return this.cmd.check(m);
  }
  run(m, r) {
    this.hasRan = true;
    return this.cmd.run(m, r);
  }
  clone() {
    if (hasCloneMethod(this.cmd)) return new CommandWrapper2(this.cmd[cloneMethod]());
    return new CommandWrapper2(this.cmd);
  }
  toString() {
    return this.cmd.toString();
  }
};
var ReplayPath = class {
  /** Parse a serialized replayPath */
  static parse(replayPathStr) {
    const [serializedCount, serializedChanges] = replayPathStr.split(":");
    const counts = this.parseCounts(serializedCount);
    const changes = this.parseChanges(serializedChanges);
    return this.parseOccurences(counts, changes);
  }
  /** Stringify a replayPath */
  static stringify(replayPath) {
    const occurences = this.countOccurences(replayPath);
    return `${this.stringifyCounts(occurences)}:${this.stringifyChanges(occurences)}`;
  }
  /** Number to Base64 value */
  static intToB64(n) {
    if (n < 26) return String.fromCharCode(n + 65);
    if (n < 52) return String.fromCharCode(n + 97 - 26);
    if (n < 62) return String.fromCharCode(n + 48 - 52);
    return String.fromCharCode(n === 62 ? 43 : 47);
  }
  /** Base64 value to number */
  static b64ToInt(c) {
    if (c >= "a") return c.charCodeAt(0) - 97 + 26;
    if (c >= "A") return c.charCodeAt(0) - 65;
    if (c >= "0") return c.charCodeAt(0) - 48 + 52;
    return c === "+" ? 62 : 63;
  }
  /**
  * Divide an incoming replayPath into an array of {value, count}
  * with count is the number of consecutive occurences of value (with a max set to 64)
  *
  * Above 64, another {value, count} is created
  */
  static countOccurences(replayPath) {
    return replayPath.reduce((counts, cur) => {
      if (counts.length === 0 || counts[counts.length - 1].count === 64 || counts[counts.length - 1].value !== cur) counts.push({
        value: cur,
        count: 1
      });
      else counts[counts.length - 1].count += 1;
      return counts;
    }, []);
  }
  /**
  * Serialize an array of {value, count} back to its replayPath
  */
  static parseOccurences(counts, changes) {
    const replayPath = [];
    for (let idx = 0; idx !== counts.length; ++idx) {
      const count = counts[idx];
      const value = changes[idx];
      for (let num = 0; num !== count; ++num) replayPath.push(value);
    }
    return replayPath;
  }
  /**
  * Stringify the switch from true to false of occurences
  *
  * {value: 0}, {value: 1}, {value: 1}, {value: 0}
  * will be stringified as: 6 = (1 * 0) + (2 * 1) + (4 * 1) + (8 * 0)
  *
  * {value: 0}, {value: 1}, {value: 1}, {value: 0}, {value: 1}, {value: 0}, {value: 1}, {value: 0}
  * will be stringified as: 22, 1 [only 6 values encoded in one number]
  */
  static stringifyChanges(occurences) {
    let serializedChanges = "";
    for (let idx = 0; idx < occurences.length; idx += 6) {
      const changesInt = occurences.slice(idx, idx + 6).reduceRight((prev, cur) => (prev << 1) + (cur.value ? 1 : 0), 0);
      serializedChanges += this.intToB64(changesInt);
    }
    return serializedChanges;
  }
  /**
  * Parse switch of value
  */
  static parseChanges(serializedChanges) {
    const changesInt = serializedChanges.split("").map((c) => this.b64ToInt(c));
    const changes = [];
    for (let idx = 0; idx !== changesInt.length; ++idx) {
      let current = changesInt[idx];
      for (let n = 0; n !== 6; ++n, current >>= 1) changes.push(current % 2 === 1);
    }
    return changes;
  }
  /**
  * Stringify counts of occurences
  */
  static stringifyCounts(occurences) {
    return occurences.map(({ count }) => this.intToB64(count - 1)).join("");
  }
  /**
  * Parse counts
  */
  static parseCounts(serializedCount) {
    return serializedCount.split("").map((c) => this.b64ToInt(c) + 1);
  }
};
var CommandsArbitrary = class extends Arbitrary {
  constructor(commandArbs, maxGeneratedCommands, maxCommands, sourceReplayPath, disableReplayLog) {
    super();
    this.sourceReplayPath = sourceReplayPath;
    this.disableReplayLog = disableReplayLog;
    this.oneCommandArb = oneof(...commandArbs).map((c) => new CommandWrapper(c));
    this.lengthArb = restrictedIntegerArbitraryBuilder(0, maxGeneratedCommands, maxCommands);
    this.replayPath = [];
    this.replayPathPosition = 0;
  }
  metadataForReplay() {
    return this.disableReplayLog ? "" : `replayPath=${JSON.stringify(ReplayPath.stringify(this.replayPath))}`;
  }
  buildValueFor(items2, shrunkOnce) {
    const commands2 = items2.map((item) => item.value_);
    const context2 = {
      shrunkOnce,
      items: items2
    };
    return new Value(new CommandsIterable(commands2, () => this.metadataForReplay()), context2);
  }
  generate(mrng) {
    const sizeValue = this.lengthArb.generate(mrng, void 0).value;
    const items2 = Array(sizeValue);
    for (let idx = 0; idx !== sizeValue; ++idx) {
      const item = this.oneCommandArb.generate(mrng, void 0);
      items2[idx] = item;
    }
    this.replayPathPosition = 0;
    return this.buildValueFor(items2, false);
  }
  canShrinkWithoutContext(_value) {
    return false;
  }
  /** Filter commands based on the real status of the execution */
  filterOnExecution(itemsRaw) {
    const items2 = [];
    for (const c of itemsRaw) if (c.value_.hasRan) {
      this.replayPath.push(true);
      items2.push(c);
    } else this.replayPath.push(false);
    return items2;
  }
  /** Filter commands based on the internal replay state */
  filterOnReplay(itemsRaw) {
    return itemsRaw.filter((c, idx) => {
      const state = this.replayPath[this.replayPathPosition + idx];
      if (state === void 0) throw new Error(`Too short replayPath`);
      if (!state && c.value_.hasRan) throw new Error(`Mismatch between replayPath and real execution`);
      return state;
    });
  }
  /** Filter commands for shrinking purposes */
  filterForShrinkImpl(itemsRaw) {
    if (this.replayPathPosition === 0) this.replayPath = this.sourceReplayPath !== null ? ReplayPath.parse(this.sourceReplayPath) : [];
    const items2 = this.replayPathPosition < this.replayPath.length ? this.filterOnReplay(itemsRaw) : this.filterOnExecution(itemsRaw);
    this.replayPathPosition += itemsRaw.length;
    return items2;
  }
  shrink(_value, context2) {
    if (context2 === void 0) return Stream.nil();
    const safeContext = context2;
    const shrunkOnce = safeContext.shrunkOnce;
    const itemsRaw = safeContext.items;
    const items2 = this.filterForShrinkImpl(itemsRaw);
    if (items2.length === 0) return Stream.nil();
    const rootShrink = shrunkOnce ? Stream.nil() : new Stream([[]][Symbol.iterator]());
    const nextShrinks = [];
    for (let numToKeep = 0; numToKeep !== items2.length; ++numToKeep) nextShrinks.push(makeLazy(() => {
      const fixedStart = items2.slice(0, numToKeep);
      return this.lengthArb.shrink(items2.length - 1 - numToKeep, void 0).map((l) => fixedStart.concat(items2.slice(items2.length - (l.value + 1))));
    }));
    for (let itemAt = 0; itemAt !== items2.length; ++itemAt) nextShrinks.push(makeLazy(() => this.oneCommandArb.shrink(items2[itemAt].value_, items2[itemAt].context).map((v) => items2.slice(0, itemAt).concat([v], items2.slice(itemAt + 1)))));
    return rootShrink.join(...nextShrinks).map((shrinkables) => {
      return this.buildValueFor(shrinkables.map((c) => new Value(c.value_.clone(), c.context)), true);
    });
  }
};
function commands(commandArbs, constraints = {}) {
  const { size, maxCommands = MaxLengthUpperBound, disableReplayLog = false, replayPath = null } = constraints;
  return new CommandsArbitrary(commandArbs, maxGeneratedLengthFromSizeForArbitrary(size, 0, maxCommands, constraints.maxCommands !== void 0), maxCommands, replayPath, disableReplayLog);
}
var ScheduledCommand = class {
  constructor(s, cmd) {
    this.s = s;
    this.cmd = cmd;
  }
  async check(m) {
    let error = null;
    let checkPassed = false;
    if ((await this.s.scheduleSequence([{
      label: `check@${this.cmd.toString()}`,
      builder: async () => {
        try {
          checkPassed = await Promise.resolve(this.cmd.check(m));
        } catch (err) {
          error = err;
          throw err;
        }
      }
    }]).task).faulty) throw error;
    return checkPassed;
  }
  async run(m, r) {
    let error = null;
    if ((await this.s.scheduleSequence([{
      label: `run@${this.cmd.toString()}`,
      builder: async () => {
        try {
          await this.cmd.run(m, r);
        } catch (err) {
          error = err;
          throw err;
        }
      }
    }]).task).faulty) throw error;
  }
};
var scheduleCommands = function* (s, cmds) {
  for (const cmd of cmds) yield new ScheduledCommand(s, cmd);
};
var genericModelRun = (s, cmds, initialValue, runCmd, then) => {
  return s.then((o) => {
    const { model, real } = o;
    let state = initialValue;
    for (const c of cmds) state = then(state, () => {
      return runCmd(c, model, real);
    });
    return state;
  });
};
var internalModelRun = (s, cmds) => {
  const then = (_p, c) => c();
  const setupProducer = { then: (fun) => {
    fun(s());
  } };
  const runSync = (cmd, m, r) => {
    if (cmd.check(m)) cmd.run(m, r);
  };
  return genericModelRun(setupProducer, cmds, void 0, runSync, then);
};
var isAsyncSetup = (s) => {
  return typeof s.then === "function";
};
var internalAsyncModelRun = async (s, cmds, defaultPromise = Promise.resolve()) => {
  const then = (p, c) => p.then(c);
  const setupProducer = { then: (fun) => {
    const out2 = s();
    if (isAsyncSetup(out2)) return out2.then(fun);
    else return fun(out2);
  } };
  const runAsync = async (cmd, m, r) => {
    if (await cmd.check(m)) await cmd.run(m, r);
  };
  return await genericModelRun(setupProducer, cmds, defaultPromise, runAsync, then);
};
function modelRun(s, cmds) {
  internalModelRun(s, cmds);
}
async function asyncModelRun(s, cmds) {
  await internalAsyncModelRun(s, cmds);
}
async function scheduledModelRun(scheduler2, s, cmds) {
  const scheduledCommands = scheduleCommands(scheduler2, cmds);
  const out2 = internalAsyncModelRun(s, scheduledCommands, scheduler2.schedule(Promise.resolve(), "startModel"));
  await scheduler2.waitFor(out2);
  await scheduler2.waitAll();
}
var defaultSchedulerAct = (f2) => f2();
var SchedulerImplem = class SchedulerImplem2 {
  constructor(act, taskSelector) {
    this.act = act;
    this.taskSelector = taskSelector;
    this.lastTaskId = 0;
    this.sourceTaskSelector = taskSelector.clone();
    this.scheduledTasks = [];
    this.triggeredTasks = [];
    this.scheduledWatchers = [];
    this[cloneMethod] = function() {
      return new SchedulerImplem2(this.act, this.sourceTaskSelector.clone());
    };
  }
  static buildLog(reportItem) {
    return `[task\${${reportItem.taskId}}] ${reportItem.label.length !== 0 ? `${reportItem.schedulingType}::${reportItem.label}` : reportItem.schedulingType} ${reportItem.status}${reportItem.outputValue !== void 0 ? ` with value ${escapeForTemplateString(reportItem.outputValue)}` : ""}`;
  }
  log(schedulingType, taskId, label, metadata, status, data) {
    this.triggeredTasks.push({
      status,
      schedulingType,
      taskId,
      label,
      metadata,
      outputValue: data !== void 0 ? stringify(data) : void 0
    });
  }
  scheduleInternal(schedulingType, label, task, metadata, customAct, thenTaskToBeAwaited) {
    const taskId = ++this.lastTaskId;
    let trigger = void 0;
    const scheduledPromise = new Promise((resolve3, reject) => {
      trigger = () => {
        const promise = Promise.resolve(thenTaskToBeAwaited !== void 0 ? task.then(() => thenTaskToBeAwaited()) : task);
        promise.then((data) => {
          this.log(schedulingType, taskId, label, metadata, "resolved", data);
          resolve3(data);
        }, (err) => {
          this.log(schedulingType, taskId, label, metadata, "rejected", err);
          reject(err);
        });
        return promise;
      };
    });
    this.scheduledTasks.push({
      original: task,
      trigger,
      schedulingType,
      taskId,
      label,
      metadata,
      customAct
    });
    if (this.scheduledWatchers.length !== 0) this.scheduledWatchers[0]();
    return scheduledPromise;
  }
  schedule(task, label, metadata, customAct) {
    return this.scheduleInternal("promise", label || "", task, metadata, customAct || defaultSchedulerAct);
  }
  scheduleFunction(asyncFunction, customAct) {
    return (...args) => this.scheduleInternal("function", `${asyncFunction.name}(${args.map(stringify).join(",")})`, asyncFunction(...args), void 0, customAct || defaultSchedulerAct);
  }
  scheduleSequence(sequenceBuilders, customAct) {
    const status = {
      done: false,
      faulty: false
    };
    const dummyResolvedPromise = { then: (f2) => f2() };
    let resolveSequenceTask = () => {
    };
    const sequenceTask = new Promise((resolve3) => {
      resolveSequenceTask = () => resolve3({
        done: status.done,
        faulty: status.faulty
      });
    });
    const onFaultyItemNoThrow = () => {
      status.faulty = true;
      resolveSequenceTask();
    };
    const onDone = () => {
      status.done = true;
      resolveSequenceTask();
    };
    const registerNextBuilder = (index, previous) => {
      if (index >= sequenceBuilders.length) {
        previous.then(onDone, onFaultyItemNoThrow);
        return;
      }
      previous.then(() => {
        const item = sequenceBuilders[index];
        const [builder, label, metadata] = typeof item === "function" ? [
          item,
          item.name,
          void 0
        ] : [
          item.builder,
          item.label,
          item.metadata
        ];
        const scheduled = this.scheduleInternal("sequence", label, dummyResolvedPromise, metadata, customAct || defaultSchedulerAct, () => builder());
        registerNextBuilder(index + 1, scheduled);
      }, onFaultyItemNoThrow);
    };
    registerNextBuilder(0, dummyResolvedPromise);
    return Object.assign(status, { task: sequenceTask });
  }
  count() {
    return this.scheduledTasks.length;
  }
  internalWaitOne() {
    if (this.scheduledTasks.length === 0) throw new Error("No task scheduled");
    const taskIndex = this.taskSelector.nextTaskIndex(this.scheduledTasks);
    const [scheduledTask] = this.scheduledTasks.splice(taskIndex, 1);
    return scheduledTask.customAct(() => {
      return scheduledTask.trigger().catch((_err) => {
      });
    });
  }
  waitOne(customAct) {
    const waitAct = customAct || defaultSchedulerAct;
    return this.act(() => waitAct(() => this.internalWaitOne()));
  }
  async waitAll(customAct) {
    while (this.scheduledTasks.length > 0) await this.waitOne(customAct);
  }
  async internalWaitFor(unscheduledTask, options) {
    let taskResolved = false;
    const customAct = options.customAct;
    const onWaitStart = options.onWaitStart;
    const onWaitIdle = options.onWaitIdle;
    const launchAwaiterOnInit = options.launchAwaiterOnInit;
    let resolveFinal = void 0;
    let rejectFinal = void 0;
    let awaiterTicks = 0;
    let awaiterPromise = null;
    let awaiterScheduledTaskPromise = null;
    const awaiter = async () => {
      awaiterTicks = 50;
      for (awaiterTicks = 50; !taskResolved && awaiterTicks > 0; --awaiterTicks) await Promise.resolve();
      if (!taskResolved && this.scheduledTasks.length > 0) {
        if (onWaitStart !== void 0) onWaitStart();
        awaiterScheduledTaskPromise = this.waitOne(customAct);
        return awaiterScheduledTaskPromise.then(() => {
          awaiterScheduledTaskPromise = null;
          return awaiter();
        }, (err) => {
          awaiterScheduledTaskPromise = null;
          taskResolved = true;
          rejectFinal(err);
          throw err;
        });
      }
      if (!taskResolved && onWaitIdle !== void 0) onWaitIdle();
      awaiterPromise = null;
    };
    const handleNotified = () => {
      if (awaiterPromise !== null) {
        awaiterTicks = 51;
        return;
      }
      awaiterPromise = awaiter().catch(() => {
      });
    };
    const clearAndReplaceWatcher = () => {
      const handleNotifiedIndex = this.scheduledWatchers.indexOf(handleNotified);
      if (handleNotifiedIndex !== -1) this.scheduledWatchers.splice(handleNotifiedIndex, 1);
      if (handleNotifiedIndex === 0 && this.scheduledWatchers.length !== 0) this.scheduledWatchers[0]();
    };
    const finalTask = new Promise((resolve3, reject) => {
      resolveFinal = (value) => {
        clearAndReplaceWatcher();
        resolve3(value);
      };
      rejectFinal = (error) => {
        clearAndReplaceWatcher();
        reject(error);
      };
    });
    unscheduledTask.then((ret) => {
      taskResolved = true;
      if (awaiterScheduledTaskPromise === null) resolveFinal(ret);
      else awaiterScheduledTaskPromise.then(() => resolveFinal(ret), (error) => rejectFinal(error));
    }, (err) => {
      taskResolved = true;
      if (awaiterScheduledTaskPromise === null) rejectFinal(err);
      else awaiterScheduledTaskPromise.then(() => rejectFinal(err), () => rejectFinal(err));
    });
    if ((this.scheduledTasks.length > 0 || launchAwaiterOnInit) && this.scheduledWatchers.length === 0) handleNotified();
    this.scheduledWatchers.push(handleNotified);
    return finalTask;
  }
  waitNext(count, customAct) {
    let resolver = void 0;
    let remaining = count;
    const awaited = remaining <= 0 ? Promise.resolve() : new Promise((r) => {
      resolver = () => {
        if (--remaining <= 0) r();
      };
    });
    return this.internalWaitFor(awaited, {
      customAct,
      onWaitStart: resolver,
      onWaitIdle: void 0,
      launchAwaiterOnInit: false
    });
  }
  waitIdle(customAct) {
    let resolver = void 0;
    const awaited = new Promise((r) => resolver = r);
    return this.internalWaitFor(awaited, {
      customAct,
      onWaitStart: void 0,
      onWaitIdle: resolver,
      launchAwaiterOnInit: true
    });
  }
  waitFor(unscheduledTask, customAct) {
    return this.internalWaitFor(unscheduledTask, {
      customAct,
      onWaitStart: void 0,
      onWaitIdle: void 0,
      launchAwaiterOnInit: false
    });
  }
  report() {
    return [...this.triggeredTasks, ...this.scheduledTasks.map((t) => ({
      status: "pending",
      schedulingType: t.schedulingType,
      taskId: t.taskId,
      label: t.label,
      metadata: t.metadata
    }))];
  }
  toString() {
    return "schedulerFor()`\n" + this.report().map(SchedulerImplem2.buildLog).map((log2) => `-> ${log2}`).join("\n") + "`";
  }
};
function buildNextTaskIndex$1(ordering) {
  let numTasks = 0;
  return {
    clone: () => buildNextTaskIndex$1(ordering),
    nextTaskIndex: (scheduledTasks) => {
      if (ordering.length <= numTasks) throw new Error(`Invalid schedulerFor defined: too many tasks have been scheduled`);
      const taskIndex = scheduledTasks.findIndex((t) => t.taskId === ordering[numTasks]);
      if (taskIndex === -1) throw new Error(`Invalid schedulerFor defined: unable to find next task`);
      ++numTasks;
      return taskIndex;
    }
  };
}
function buildSchedulerFor(act, ordering) {
  return new SchedulerImplem(act, buildNextTaskIndex$1(ordering));
}
function buildNextTaskIndex(mrng) {
  const clonedMrng = mrng.clone();
  return {
    clone: () => buildNextTaskIndex(mrng),
    nextTaskIndex: (scheduledTasks) => {
      return clonedMrng.nextInt(0, scheduledTasks.length - 1);
    }
  };
}
var SchedulerArbitrary = class extends Arbitrary {
  constructor(act) {
    super();
    this.act = act;
  }
  generate(mrng, _biasFactor) {
    return new Value(new SchedulerImplem(this.act, buildNextTaskIndex(mrng.clone())), void 0);
  }
  canShrinkWithoutContext(_value) {
    return false;
  }
  shrink(_value, _context) {
    return Stream.nil();
  }
};
function scheduler(constraints) {
  const { act = (f2) => f2() } = constraints || {};
  return new SchedulerArbitrary(act);
}
function schedulerFor(customOrderingOrConstraints, constraintsOrUndefined) {
  const { act = (f2) => f2() } = Array.isArray(customOrderingOrConstraints) ? constraintsOrUndefined || {} : customOrderingOrConstraints || {};
  if (Array.isArray(customOrderingOrConstraints)) return buildSchedulerFor(act, customOrderingOrConstraints);
  return function(_strs, ...ordering) {
    return buildSchedulerFor(act, ordering);
  };
}
function bigInt64Array(constraints = {}) {
  return typedIntArrayArbitraryArbitraryBuilder(constraints, SBigInt2("-9223372036854775808"), SBigInt2("9223372036854775807"), SBigInt64Array, bigInt);
}
function bigUint64Array(constraints = {}) {
  return typedIntArrayArbitraryArbitraryBuilder(constraints, SBigInt2(0), SBigInt2("18446744073709551615"), SBigUint64Array, bigInt);
}
function noSuchValue(_value, returnedValue) {
  return returnedValue;
}
var safeMathFloor = Math.floor;
var safeMathMin = Math.min;
function clampRegexAstInternal(astNode, maxLength) {
  switch (astNode.type) {
    case "Char":
      return {
        astNode,
        minLength: 1
      };
    case "Repetition":
      switch (astNode.quantifier.kind) {
        case "*": {
          const clamped = clampRegexAstInternal(astNode.expression, maxLength);
          return {
            astNode: {
              type: "Repetition",
              quantifier: {
                ...astNode.quantifier,
                kind: "Range",
                from: 0,
                to: maxLength
              },
              expression: clamped.astNode
            },
            minLength: 0
          };
        }
        case "+": {
          const clamped = clampRegexAstInternal(astNode.expression, maxLength);
          const scaledClampedMinLength = clamped.minLength > 1 ? clamped.minLength : 1;
          return {
            astNode: {
              type: "Repetition",
              quantifier: {
                ...astNode.quantifier,
                kind: "Range",
                from: 1,
                to: safeMathFloor(maxLength / scaledClampedMinLength)
              },
              expression: clamped.astNode
            },
            minLength: clamped.minLength
          };
        }
        case "?": {
          const clamped = clampRegexAstInternal(astNode.expression, maxLength);
          if (maxLength < clamped.minLength) return {
            astNode: {
              type: "Repetition",
              quantifier: {
                ...astNode.quantifier,
                kind: "Range",
                from: 0,
                to: 0
              },
              expression: clamped.astNode
            },
            minLength: 0
          };
          return {
            astNode: {
              ...astNode,
              expression: clamped.astNode
            },
            minLength: 0
          };
        }
        case "Range": {
          const scaledMaxLength = astNode.quantifier.from > 1 ? safeMathFloor(maxLength / astNode.quantifier.from) : maxLength;
          const clamped = clampRegexAstInternal(astNode.expression, scaledMaxLength);
          const scaledClampedMinLength = clamped.minLength > 1 ? clamped.minLength : 1;
          if (astNode.quantifier.to === void 0 || astNode.quantifier.to * scaledClampedMinLength > maxLength) return {
            astNode: {
              type: "Repetition",
              quantifier: {
                ...astNode.quantifier,
                kind: "Range",
                to: safeMathFloor(maxLength / scaledClampedMinLength)
              },
              expression: clamped.astNode
            },
            minLength: astNode.quantifier.from * clamped.minLength
          };
          return {
            astNode: {
              ...astNode,
              expression: clamped.astNode
            },
            minLength: astNode.quantifier.from * clamped.minLength
          };
        }
        default:
          return noSuchValue(astNode.quantifier, {
            astNode,
            minLength: 0
          });
      }
    case "Quantifier":
      return {
        astNode,
        minLength: 0
      };
    case "Alternative": {
      let totalMinLength = 0;
      const extendedClampeds = [];
      for (let index = 0; index !== astNode.expressions.length; ++index) {
        const temporaryAllowance = maxLength - totalMinLength;
        const clamped = clampRegexAstInternal(astNode.expressions[index], temporaryAllowance);
        totalMinLength += clamped.minLength;
        safePush(extendedClampeds, {
          value: clamped,
          allowance: temporaryAllowance
        });
      }
      const refinedExpressions = [];
      for (let index = 0; index !== extendedClampeds.length; ++index) {
        const current = extendedClampeds[index].value;
        const pastAllowance = extendedClampeds[index].allowance;
        const allowance = maxLength - totalMinLength + current.minLength;
        safePush(refinedExpressions, (allowance !== pastAllowance ? clampRegexAstInternal(current.astNode, allowance) : current).astNode);
      }
      return {
        astNode: {
          ...astNode,
          expressions: refinedExpressions
        },
        minLength: totalMinLength
      };
    }
    case "CharacterClass":
      return {
        astNode,
        minLength: 1
      };
    case "ClassRange":
      return {
        astNode,
        minLength: 1
      };
    case "Group": {
      const clamped = clampRegexAstInternal(astNode.expression, maxLength);
      return {
        astNode: {
          ...astNode,
          expression: clamped.astNode
        },
        minLength: clamped.minLength
      };
    }
    case "Disjunction": {
      if (astNode.left === null) {
        if (astNode.right === null) return {
          astNode,
          minLength: 0
        };
        const clampedRight2 = clampRegexAstInternal(astNode.right, maxLength);
        const refinedRight = clampedRight2.minLength > maxLength ? null : clampedRight2.astNode;
        return {
          astNode: {
            ...astNode,
            left: null,
            right: refinedRight
          },
          minLength: 0
        };
      }
      if (astNode.right === null) {
        const clampLeft = clampRegexAstInternal(astNode.left, maxLength);
        const refinedLeft = clampLeft.minLength > maxLength ? null : clampLeft.astNode;
        return {
          astNode: {
            ...astNode,
            left: refinedLeft,
            right: null
          },
          minLength: 0
        };
      }
      const clampedLeft = clampRegexAstInternal(astNode.left, maxLength);
      const clampedRight = clampRegexAstInternal(astNode.right, maxLength);
      if (clampedLeft.minLength > maxLength) return clampedRight;
      if (clampedRight.minLength > maxLength) return clampedLeft;
      return {
        astNode: {
          ...astNode,
          left: clampedLeft.astNode,
          right: clampedRight.astNode
        },
        minLength: safeMathMin(clampedLeft.minLength, clampedRight.minLength)
      };
    }
    case "Assertion":
      return {
        astNode,
        minLength: 0
      };
    case "Backreference":
      return {
        astNode,
        minLength: 0
      };
    case "UnicodeProperty":
      return {
        astNode,
        minLength: 1
      };
  }
}
function clampRegexAst(astNode, maxLength) {
  return clampRegexAstInternal(astNode, maxLength).astNode;
}
function raiseUnsupportedASTNode$1(astNode) {
  return /* @__PURE__ */ new Error(`Unsupported AST node! Received: ${stringify(astNode)}`);
}
function addMissingDotStarTraversalAddMissing(astNode, isFirst, isLast) {
  if (!isFirst && !isLast) return astNode;
  const traversalResults = {
    hasStart: false,
    hasEnd: false
  };
  const revampedNode = addMissingDotStarTraversal(astNode, isFirst, isLast, traversalResults);
  const missingStart = isFirst && !traversalResults.hasStart;
  const missingEnd = isLast && !traversalResults.hasEnd;
  if (!missingStart && !missingEnd) return revampedNode;
  const expressions = [];
  if (missingStart) {
    expressions.push({
      type: "Assertion",
      kind: "^"
    });
    expressions.push({
      type: "Repetition",
      quantifier: {
        type: "Quantifier",
        kind: "*",
        greedy: true
      },
      expression: {
        type: "Char",
        kind: "meta",
        symbol: ".",
        value: ".",
        codePoint: NaN
      }
    });
  }
  expressions.push(revampedNode);
  if (missingEnd) {
    expressions.push({
      type: "Repetition",
      quantifier: {
        type: "Quantifier",
        kind: "*",
        greedy: true
      },
      expression: {
        type: "Char",
        kind: "meta",
        symbol: ".",
        value: ".",
        codePoint: NaN
      }
    });
    expressions.push({
      type: "Assertion",
      kind: "$"
    });
  }
  return {
    type: "Group",
    capturing: false,
    expression: {
      type: "Alternative",
      expressions
    }
  };
}
function addMissingDotStarTraversal(astNode, isFirst, isLast, traversalResults) {
  switch (astNode.type) {
    case "Char":
      return astNode;
    case "Repetition":
      return astNode;
    case "Quantifier":
      throw new Error(`Wrongly defined AST tree, Quantifier nodes not supposed to be scanned!`);
    case "Alternative":
      traversalResults.hasStart = true;
      traversalResults.hasEnd = true;
      return {
        ...astNode,
        expressions: astNode.expressions.map((node, index) => addMissingDotStarTraversalAddMissing(node, isFirst && index === 0, isLast && index === astNode.expressions.length - 1))
      };
    case "CharacterClass":
      return astNode;
    case "ClassRange":
      return astNode;
    case "Group":
      return {
        ...astNode,
        expression: addMissingDotStarTraversal(astNode.expression, isFirst, isLast, traversalResults)
      };
    case "Disjunction":
      traversalResults.hasStart = true;
      traversalResults.hasEnd = true;
      return {
        ...astNode,
        left: astNode.left !== null ? addMissingDotStarTraversalAddMissing(astNode.left, isFirst, isLast) : null,
        right: astNode.right !== null ? addMissingDotStarTraversalAddMissing(astNode.right, isFirst, isLast) : null
      };
    case "Assertion":
      if (astNode.kind === "^" || astNode.kind === "Lookahead") {
        traversalResults.hasStart = true;
        return astNode;
      } else if (astNode.kind === "$" || astNode.kind === "Lookbehind") {
        traversalResults.hasEnd = true;
        return astNode;
      } else throw new Error(`Assertions of kind ${astNode.kind} not implemented yet!`);
    case "Backreference":
      return astNode;
    case "UnicodeProperty":
      return astNode;
    default:
      throw raiseUnsupportedASTNode$1(astNode);
  }
}
function addMissingDotStar(astNode) {
  return addMissingDotStarTraversalAddMissing(astNode, true, true);
}
function charSizeAt(text, pos) {
  return text[pos] >= "\uD800" && text[pos] <= "\uDBFF" && text[pos + 1] >= "\uDC00" && text[pos + 1] <= "\uDFFF" ? 2 : 1;
}
function isHexaDigit(char) {
  return char >= "0" && char <= "9" || char >= "a" && char <= "f" || char >= "A" && char <= "F";
}
function isDigit$1(char) {
  return char >= "0" && char <= "9";
}
function squaredBracketBlockContentEndFrom(text, from) {
  for (let index = from; index !== text.length; ++index) {
    const char = text[index];
    if (char === "\\") index += 1;
    else if (char === "]") return index;
  }
  throw new Error(`Missing closing ']'`);
}
function parenthesisBlockContentEndFrom(text, from) {
  let numExtraOpened = 0;
  for (let index = from; index !== text.length; ++index) {
    const char = text[index];
    if (char === "\\") index += 1;
    else if (char === ")") {
      if (numExtraOpened === 0) return index;
      numExtraOpened -= 1;
    } else if (char === "[") index = squaredBracketBlockContentEndFrom(text, index);
    else if (char === "(") numExtraOpened += 1;
  }
  throw new Error(`Missing closing ')'`);
}
function curlyBracketBlockContentEndFrom(text, from) {
  let foundComma = false;
  for (let index = from; index !== text.length; ++index) {
    const char = text[index];
    if (isDigit$1(char)) {
    } else if (from === index) return -1;
    else if (char === ",") {
      if (foundComma) return -1;
      foundComma = true;
    } else if (char === "}") return index;
    else return -1;
  }
  return -1;
}
function blockEndFrom(text, from, unicodeMode, mode) {
  switch (text[from]) {
    case "[":
      if (mode === 1) return from + 1;
      return squaredBracketBlockContentEndFrom(text, from + 1) + 1;
    case "{": {
      if (mode === 1) return from + 1;
      const foundEnd = curlyBracketBlockContentEndFrom(text, from + 1);
      if (foundEnd === -1) return from + 1;
      return foundEnd + 1;
    }
    case "(":
      if (mode === 1) return from + 1;
      return parenthesisBlockContentEndFrom(text, from + 1) + 1;
    case "]":
    case "}":
    case ")":
      return from + 1;
    case "\\": {
      const next1 = text[from + 1];
      switch (next1) {
        case "x":
          if (isHexaDigit(text[from + 2]) && isHexaDigit(text[from + 3])) return from + 4;
          if (!unicodeMode) return from + 2;
          throw new Error(`Unexpected token '${text.substring(from, from + 4)}' found`);
        case "u":
          if (text[from + 2] === "{") {
            if (!unicodeMode) return from + 2;
            let end = from + 3;
            while (end < text.length && isHexaDigit(text[end])) ++end;
            if (end === from + 3 || text[end] !== "}" || Number.parseInt(text.substring(from + 3, end), 16) > 1114111) throw new Error(`Unexpected token '${text.substring(from, end + 1)}' found`);
            return end + 1;
          }
          if (isHexaDigit(text[from + 2]) && isHexaDigit(text[from + 3]) && isHexaDigit(text[from + 4]) && isHexaDigit(text[from + 5])) {
            if (unicodeMode && text[from + 6] === "\\" && text[from + 7] === "u" && isHexaDigit(text[from + 8]) && isHexaDigit(text[from + 9]) && isHexaDigit(text[from + 10]) && isHexaDigit(text[from + 11])) {
              const lead = Number.parseInt(text.substring(from + 2, from + 6), 16);
              const trail = Number.parseInt(text.substring(from + 8, from + 12), 16);
              if (lead >= 55296 && lead <= 56319 && trail >= 56320 && trail <= 57343) return from + 12;
            }
            return from + 6;
          }
          if (!unicodeMode) return from + 2;
          throw new Error(`Unexpected token '${text.substring(from, from + 6)}' found`);
        case "p":
        case "P": {
          if (!unicodeMode) return from + 2;
          let subIndex = from + 2;
          for (; subIndex < text.length && text[subIndex] !== "}"; subIndex += text[subIndex] === "\\" ? 2 : 1) ;
          if (text[subIndex] !== "}") throw new Error(`Invalid \\P definition`);
          return subIndex + 1;
        }
        case "k": {
          let subIndex = from + 2;
          for (; subIndex < text.length && text[subIndex] !== ">"; ++subIndex) ;
          if (text[subIndex] !== ">") {
            if (!unicodeMode) return from + 2;
            throw new Error(`Invalid \\k definition`);
          }
          return subIndex + 1;
        }
        default:
          if (isDigit$1(next1)) {
            const maxIndex = unicodeMode ? text.length : Math.min(from + 4, text.length);
            let subIndex = from + 2;
            for (; subIndex < maxIndex && isDigit$1(text[subIndex]); ++subIndex) ;
            return subIndex;
          }
          return from + (unicodeMode ? charSizeAt(text, from + 1) : 1) + 1;
      }
    }
    default:
      return from + (unicodeMode ? charSizeAt(text, from) : 1);
  }
}
function readFrom(text, from, unicodeMode, mode) {
  const to = blockEndFrom(text, from, unicodeMode, mode);
  return text.substring(from, to);
}
var NON_BINARY_ALIASES_TO_PROP_NAMES = {
  gc: "General_Category",
  sc: "Script",
  scx: "Script_Extensions"
};
var BINARY_PROP_NAMES_TO_ALIASES = {
  ASCII: "ASCII",
  ASCII_Hex_Digit: "AHex",
  Alphabetic: "Alpha",
  Any: "Any",
  Assigned: "Assigned",
  Bidi_Control: "Bidi_C",
  Bidi_Mirrored: "Bidi_M",
  Case_Ignorable: "CI",
  Cased: "Cased",
  Changes_When_Casefolded: "CWCF",
  Changes_When_Casemapped: "CWCM",
  Changes_When_Lowercased: "CWL",
  Changes_When_NFKC_Casefolded: "CWKCF",
  Changes_When_Titlecased: "CWT",
  Changes_When_Uppercased: "CWU",
  Dash: "Dash",
  Default_Ignorable_Code_Point: "DI",
  Deprecated: "Dep",
  Diacritic: "Dia",
  Emoji: "Emoji",
  Emoji_Component: "Emoji_Component",
  Emoji_Modifier: "Emoji_Modifier",
  Emoji_Modifier_Base: "Emoji_Modifier_Base",
  Emoji_Presentation: "Emoji_Presentation",
  Extended_Pictographic: "Extended_Pictographic",
  Extender: "Ext",
  Grapheme_Base: "Gr_Base",
  Grapheme_Extend: "Gr_Ext",
  Hex_Digit: "Hex",
  IDS_Binary_Operator: "IDSB",
  IDS_Trinary_Operator: "IDST",
  ID_Continue: "IDC",
  ID_Start: "IDS",
  Ideographic: "Ideo",
  Join_Control: "Join_C",
  Logical_Order_Exception: "LOE",
  Lowercase: "Lower",
  Math: "Math",
  Noncharacter_Code_Point: "NChar",
  Pattern_Syntax: "Pat_Syn",
  Pattern_White_Space: "Pat_WS",
  Quotation_Mark: "QMark",
  Radical: "Radical",
  Regional_Indicator: "RI",
  Sentence_Terminal: "STerm",
  Soft_Dotted: "SD",
  Terminal_Punctuation: "Term",
  Unified_Ideograph: "UIdeo",
  Uppercase: "Upper",
  Variation_Selector: "VS",
  White_Space: "space",
  XID_Continue: "XIDC",
  XID_Start: "XIDS"
};
var BINARY_ALIASES_TO_PROP_NAMES = inverseMap(BINARY_PROP_NAMES_TO_ALIASES);
var GENERAL_CATEGORY_VALUE_TO_ALIASES = {
  Cased_Letter: "LC",
  Close_Punctuation: "Pe",
  Connector_Punctuation: "Pc",
  Control: ["Cc", "cntrl"],
  Currency_Symbol: "Sc",
  Dash_Punctuation: "Pd",
  Decimal_Number: ["Nd", "digit"],
  Enclosing_Mark: "Me",
  Final_Punctuation: "Pf",
  Format: "Cf",
  Initial_Punctuation: "Pi",
  Letter: "L",
  Letter_Number: "Nl",
  Line_Separator: "Zl",
  Lowercase_Letter: "Ll",
  Mark: ["M", "Combining_Mark"],
  Math_Symbol: "Sm",
  Modifier_Letter: "Lm",
  Modifier_Symbol: "Sk",
  Nonspacing_Mark: "Mn",
  Number: "N",
  Open_Punctuation: "Ps",
  Other: "C",
  Other_Letter: "Lo",
  Other_Number: "No",
  Other_Punctuation: "Po",
  Other_Symbol: "So",
  Paragraph_Separator: "Zp",
  Private_Use: "Co",
  Punctuation: ["P", "punct"],
  Separator: "Z",
  Space_Separator: "Zs",
  Spacing_Mark: "Mc",
  Surrogate: "Cs",
  Symbol: "S",
  Titlecase_Letter: "Lt",
  Unassigned: "Cn",
  Uppercase_Letter: "Lu"
};
var GENERAL_CATEGORY_VALUE_ALIASES_TO_VALUES = inverseMap(GENERAL_CATEGORY_VALUE_TO_ALIASES);
var SCRIPT_VALUE_TO_ALIASES = {
  Adlam: "Adlm",
  Ahom: "Ahom",
  Anatolian_Hieroglyphs: "Hluw",
  Arabic: "Arab",
  Armenian: "Armn",
  Avestan: "Avst",
  Balinese: "Bali",
  Bamum: "Bamu",
  Bassa_Vah: "Bass",
  Batak: "Batk",
  Bengali: "Beng",
  Bhaiksuki: "Bhks",
  Bopomofo: "Bopo",
  Brahmi: "Brah",
  Braille: "Brai",
  Buginese: "Bugi",
  Buhid: "Buhd",
  Canadian_Aboriginal: "Cans",
  Carian: "Cari",
  Caucasian_Albanian: "Aghb",
  Chakma: "Cakm",
  Cham: "Cham",
  Cherokee: "Cher",
  Common: "Zyyy",
  Coptic: ["Copt", "Qaac"],
  Cuneiform: "Xsux",
  Cypriot: "Cprt",
  Cyrillic: "Cyrl",
  Deseret: "Dsrt",
  Devanagari: "Deva",
  Dogra: "Dogr",
  Duployan: "Dupl",
  Egyptian_Hieroglyphs: "Egyp",
  Elbasan: "Elba",
  Ethiopic: "Ethi",
  Georgian: "Geor",
  Glagolitic: "Glag",
  Gothic: "Goth",
  Grantha: "Gran",
  Greek: "Grek",
  Gujarati: "Gujr",
  Gunjala_Gondi: "Gong",
  Gurmukhi: "Guru",
  Han: "Hani",
  Hangul: "Hang",
  Hanifi_Rohingya: "Rohg",
  Hanunoo: "Hano",
  Hatran: "Hatr",
  Hebrew: "Hebr",
  Hiragana: "Hira",
  Imperial_Aramaic: "Armi",
  Inherited: ["Zinh", "Qaai"],
  Inscriptional_Pahlavi: "Phli",
  Inscriptional_Parthian: "Prti",
  Javanese: "Java",
  Kaithi: "Kthi",
  Kannada: "Knda",
  Katakana: "Kana",
  Kayah_Li: "Kali",
  Kharoshthi: "Khar",
  Khmer: "Khmr",
  Khojki: "Khoj",
  Khudawadi: "Sind",
  Lao: "Laoo",
  Latin: "Latn",
  Lepcha: "Lepc",
  Limbu: "Limb",
  Linear_A: "Lina",
  Linear_B: "Linb",
  Lisu: "Lisu",
  Lycian: "Lyci",
  Lydian: "Lydi",
  Mahajani: "Mahj",
  Makasar: "Maka",
  Malayalam: "Mlym",
  Mandaic: "Mand",
  Manichaean: "Mani",
  Marchen: "Marc",
  Medefaidrin: "Medf",
  Masaram_Gondi: "Gonm",
  Meetei_Mayek: "Mtei",
  Mende_Kikakui: "Mend",
  Meroitic_Cursive: "Merc",
  Meroitic_Hieroglyphs: "Mero",
  Miao: "Plrd",
  Modi: "Modi",
  Mongolian: "Mong",
  Mro: "Mroo",
  Multani: "Mult",
  Myanmar: "Mymr",
  Nabataean: "Nbat",
  New_Tai_Lue: "Talu",
  Newa: "Newa",
  Nko: "Nkoo",
  Nushu: "Nshu",
  Ogham: "Ogam",
  Ol_Chiki: "Olck",
  Old_Hungarian: "Hung",
  Old_Italic: "Ital",
  Old_North_Arabian: "Narb",
  Old_Permic: "Perm",
  Old_Persian: "Xpeo",
  Old_Sogdian: "Sogo",
  Old_South_Arabian: "Sarb",
  Old_Turkic: "Orkh",
  Oriya: "Orya",
  Osage: "Osge",
  Osmanya: "Osma",
  Pahawh_Hmong: "Hmng",
  Palmyrene: "Palm",
  Pau_Cin_Hau: "Pauc",
  Phags_Pa: "Phag",
  Phoenician: "Phnx",
  Psalter_Pahlavi: "Phlp",
  Rejang: "Rjng",
  Runic: "Runr",
  Samaritan: "Samr",
  Saurashtra: "Saur",
  Sharada: "Shrd",
  Shavian: "Shaw",
  Siddham: "Sidd",
  SignWriting: "Sgnw",
  Sinhala: "Sinh",
  Sogdian: "Sogd",
  Sora_Sompeng: "Sora",
  Soyombo: "Soyo",
  Sundanese: "Sund",
  Syloti_Nagri: "Sylo",
  Syriac: "Syrc",
  Tagalog: "Tglg",
  Tagbanwa: "Tagb",
  Tai_Le: "Tale",
  Tai_Tham: "Lana",
  Tai_Viet: "Tavt",
  Takri: "Takr",
  Tamil: "Taml",
  Tangut: "Tang",
  Telugu: "Telu",
  Thaana: "Thaa",
  Thai: "Thai",
  Tibetan: "Tibt",
  Tifinagh: "Tfng",
  Tirhuta: "Tirh",
  Ugaritic: "Ugar",
  Vai: "Vaii",
  Warang_Citi: "Wara",
  Yi: "Yiii",
  Zanabazar_Square: "Zanb"
};
var SCRIPT_VALUE_ALIASES_TO_VALUES = inverseMap(SCRIPT_VALUE_TO_ALIASES);
function inverseMap(data) {
  const inverse = {};
  for (const name of Object.keys(data)) {
    const value = data[name];
    if (Array.isArray(value)) for (let i = 0; i !== value.length; ++i) inverse[value[i]] = name;
    else inverse[value] = name;
  }
  return inverse;
}
function isGeneralCategoryValue(value) {
  return value in GENERAL_CATEGORY_VALUE_TO_ALIASES || value in GENERAL_CATEGORY_VALUE_ALIASES_TO_VALUES;
}
function isBinaryPropertyName(name) {
  return name in BINARY_PROP_NAMES_TO_ALIASES || name in BINARY_ALIASES_TO_PROP_NAMES;
}
function getCanonicalName(name) {
  if (name in NON_BINARY_ALIASES_TO_PROP_NAMES) return NON_BINARY_ALIASES_TO_PROP_NAMES[name];
  if (name in BINARY_ALIASES_TO_PROP_NAMES) return BINARY_ALIASES_TO_PROP_NAMES[name];
  if (name in BINARY_PROP_NAMES_TO_ALIASES || name === "General_Category" || name === "Script" || name === "Script_Extensions") return name;
  throw new Error(`Unknown Unicode property name: ${name}`);
}
function getCanonicalValue(value) {
  if (value in GENERAL_CATEGORY_VALUE_ALIASES_TO_VALUES) return GENERAL_CATEGORY_VALUE_ALIASES_TO_VALUES[value];
  if (value in SCRIPT_VALUE_ALIASES_TO_VALUES) return SCRIPT_VALUE_ALIASES_TO_VALUES[value];
  if (value in BINARY_ALIASES_TO_PROP_NAMES) return BINARY_ALIASES_TO_PROP_NAMES[value];
  if (value in GENERAL_CATEGORY_VALUE_TO_ALIASES || value in SCRIPT_VALUE_TO_ALIASES || value in BINARY_PROP_NAMES_TO_ALIASES) return value;
  throw new Error(`Unknown Unicode property value: ${value}`);
}
function resolveUnicodeProperty(propertySpec, negative) {
  const equalIndex = propertySpec.indexOf("=");
  if (equalIndex !== -1) {
    const name = propertySpec.substring(0, equalIndex);
    const value = propertySpec.substring(equalIndex + 1);
    return {
      type: "UnicodeProperty",
      name,
      value,
      negative,
      shorthand: false,
      binary: false,
      canonicalName: getCanonicalName(name),
      canonicalValue: getCanonicalValue(value)
    };
  }
  if (isGeneralCategoryValue(propertySpec)) return {
    type: "UnicodeProperty",
    name: "General_Category",
    value: propertySpec,
    negative,
    shorthand: true,
    binary: false,
    canonicalName: "General_Category",
    canonicalValue: getCanonicalValue(propertySpec)
  };
  if (isBinaryPropertyName(propertySpec)) {
    const canonicalName = getCanonicalName(propertySpec);
    return {
      type: "UnicodeProperty",
      name: propertySpec,
      value: propertySpec,
      negative,
      shorthand: false,
      binary: true,
      canonicalName,
      canonicalValue: canonicalName
    };
  }
  throw new Error(`Invalid Unicode property: ${propertySpec}`);
}
var safeStringFromCodePoint$2 = String.fromCodePoint;
function safePop(tokens) {
  const previous = tokens.pop();
  if (previous === void 0) throw new Error("Unable to extract token preceeding the currently parsed one");
  return previous;
}
function isDigit(char) {
  return char >= "0" && char <= "9";
}
function simpleChar(char, escaped) {
  const code = char.codePointAt(0);
  return {
    type: "Char",
    kind: "simple",
    symbol: char,
    value: char,
    codePoint: code !== void 0 ? code : -1,
    escaped
  };
}
function metaEscapedChar(block, symbol) {
  return {
    type: "Char",
    kind: "meta",
    symbol,
    value: block,
    codePoint: symbol.codePointAt(0)
  };
}
function toSingleToken(tokens, allowEmpty) {
  if (tokens.length > 1) return {
    type: "Alternative",
    expressions: tokens
  };
  if (!allowEmpty && tokens.length === 0) throw new Error(`Unsupported no token`);
  return tokens[0];
}
function blockToCharToken(block) {
  if (block[0] === "\\") {
    const next3 = block[1];
    switch (next3) {
      case "x": {
        if (block === "\\x") return simpleChar("x", true);
        const allDigits = block.substring(2);
        const codePoint = Number.parseInt(allDigits, 16);
        return {
          type: "Char",
          kind: "hex",
          symbol: safeStringFromCodePoint$2(codePoint),
          value: block,
          codePoint
        };
      }
      case "u": {
        if (block === "\\u") return simpleChar("u", true);
        if (block[2] !== "{" && block.length === 12) {
          const lead = Number.parseInt(block.substring(2, 6), 16);
          const trail = Number.parseInt(block.substring(8), 16);
          const codePoint2 = (lead - 55296) * 1024 + (trail - 56320) + 65536;
          return {
            type: "Char",
            kind: "unicode",
            symbol: String.fromCodePoint(codePoint2),
            value: block,
            codePoint: codePoint2,
            isSurrogatePair: true
          };
        }
        const allDigits = block[2] === "{" ? block.substring(3, block.length - 1) : block.substring(2);
        const codePoint = Number.parseInt(allDigits, 16);
        return {
          type: "Char",
          kind: "unicode",
          symbol: safeStringFromCodePoint$2(codePoint),
          value: block,
          codePoint
        };
      }
      case "0":
        return {
          type: "Char",
          kind: "decimal",
          symbol: "\0",
          value: block,
          codePoint: 0
        };
      case "n":
        return metaEscapedChar(block, "\n");
      case "f":
        return metaEscapedChar(block, "\f");
      case "r":
        return metaEscapedChar(block, "\r");
      case "t":
        return metaEscapedChar(block, "	");
      case "v":
        return metaEscapedChar(block, "\v");
      case "w":
      case "W":
      case "d":
      case "D":
      case "s":
      case "S":
      case "b":
      case "B":
        return {
          type: "Char",
          kind: "meta",
          symbol: void 0,
          value: block,
          codePoint: NaN
        };
      default:
        if (isDigit(next3)) {
          const allDigits = block.substring(1);
          const codePoint = Number(allDigits);
          return {
            type: "Char",
            kind: "decimal",
            symbol: safeStringFromCodePoint$2(codePoint),
            value: block,
            codePoint
          };
        }
        if (block.length > 2 && (next3 === "p" || next3 === "P")) {
          const negative = next3 === "P";
          return resolveUnicodeProperty(block.substring(3, block.length - 1), negative);
        }
        return simpleChar(block.substring(1), true);
    }
  }
  return simpleChar(block);
}
function pushTokens(tokens, regexSource, unicodeMode, groups) {
  let disjunctions = null;
  for (let index = 0, block = readFrom(regexSource, index, unicodeMode, 0); index !== regexSource.length; index += block.length, block = readFrom(regexSource, index, unicodeMode, 0)) {
    const firstInBlock = block[0];
    switch (firstInBlock) {
      case "|":
        if (disjunctions === null) disjunctions = [];
        disjunctions.push(toSingleToken(tokens.splice(0), true) || null);
        break;
      case ".":
        tokens.push({
          type: "Char",
          kind: "meta",
          symbol: block,
          value: block,
          codePoint: NaN
        });
        break;
      case "*":
      case "+": {
        const previous = safePop(tokens);
        tokens.push({
          type: "Repetition",
          expression: previous,
          quantifier: {
            type: "Quantifier",
            kind: firstInBlock,
            greedy: true
          }
        });
        break;
      }
      case "?": {
        const previous = safePop(tokens);
        if (previous.type === "Repetition") {
          previous.quantifier.greedy = false;
          tokens.push(previous);
        } else tokens.push({
          type: "Repetition",
          expression: previous,
          quantifier: {
            type: "Quantifier",
            kind: firstInBlock,
            greedy: true
          }
        });
        break;
      }
      case "{": {
        if (block === "{") {
          tokens.push(simpleChar(block));
          break;
        }
        const previous = safePop(tokens);
        const quantifierTokens = block.substring(1, block.length - 1).split(",");
        const from = Number(quantifierTokens[0]);
        const to = quantifierTokens.length === 1 ? from : quantifierTokens[1].length !== 0 ? Number(quantifierTokens[1]) : void 0;
        tokens.push({
          type: "Repetition",
          expression: previous,
          quantifier: {
            type: "Quantifier",
            kind: "Range",
            greedy: true,
            from,
            to
          }
        });
        break;
      }
      case "[": {
        const blockContent = block.substring(1, block.length - 1);
        const subTokens = [];
        let negative = void 0;
        let previousWasSimpleDash = false;
        for (let subIndex = 0, subBlock = readFrom(blockContent, subIndex, unicodeMode, 1); subIndex !== blockContent.length; subIndex += subBlock.length, subBlock = readFrom(blockContent, subIndex, unicodeMode, 1)) {
          if (subIndex === 0 && subBlock === "^") {
            negative = true;
            continue;
          }
          const newToken = blockToCharToken(subBlock);
          if (subBlock === "-") {
            subTokens.push(newToken);
            previousWasSimpleDash = true;
          } else {
            const operand1Token = subTokens.length >= 2 ? subTokens[subTokens.length - 2] : void 0;
            if (previousWasSimpleDash && operand1Token !== void 0 && operand1Token.type === "Char" && newToken.type === "Char") {
              subTokens.pop();
              subTokens.pop();
              subTokens.push({
                type: "ClassRange",
                from: operand1Token,
                to: newToken
              });
            } else subTokens.push(newToken);
            previousWasSimpleDash = false;
          }
        }
        tokens.push({
          type: "CharacterClass",
          expressions: subTokens,
          negative
        });
        break;
      }
      case "(": {
        const blockContent = block.substring(1, block.length - 1);
        const subTokens = [];
        if (blockContent[0] === "?") {
          if (blockContent[1] === ":") {
            pushTokens(subTokens, blockContent.substring(2), unicodeMode, groups);
            tokens.push({
              type: "Group",
              capturing: false,
              expression: toSingleToken(subTokens)
            });
          } else if (blockContent[1] === "=" || blockContent[1] === "!") {
            pushTokens(subTokens, blockContent.substring(2), unicodeMode, groups);
            tokens.push({
              type: "Assertion",
              kind: "Lookahead",
              negative: blockContent[1] === "!" ? true : void 0,
              assertion: toSingleToken(subTokens)
            });
          } else if (blockContent[1] === "<" && (blockContent[2] === "=" || blockContent[2] === "!")) {
            pushTokens(subTokens, blockContent.substring(3), unicodeMode, groups);
            tokens.push({
              type: "Assertion",
              kind: "Lookbehind",
              negative: blockContent[2] === "!" ? true : void 0,
              assertion: toSingleToken(subTokens)
            });
          } else {
            const chunks = blockContent.split(">");
            if (chunks.length < 2 || chunks[0][1] !== "<") throw new Error(`Unsupported regex content found at ${JSON.stringify(block)}`);
            const groupIndex = ++groups.lastIndex;
            const nameRaw = chunks[0].substring(2);
            groups.named.set(nameRaw, groupIndex);
            pushTokens(subTokens, chunks.slice(1).join(">"), unicodeMode, groups);
            tokens.push({
              type: "Group",
              capturing: true,
              nameRaw,
              name: nameRaw,
              number: groupIndex,
              expression: toSingleToken(subTokens)
            });
          }
        } else {
          const groupIndex = ++groups.lastIndex;
          pushTokens(subTokens, blockContent, unicodeMode, groups);
          tokens.push({
            type: "Group",
            capturing: true,
            number: groupIndex,
            expression: toSingleToken(subTokens)
          });
        }
        break;
      }
      default:
        if (block === "^") tokens.push({
          type: "Assertion",
          kind: block
        });
        else if (block === "$") tokens.push({
          type: "Assertion",
          kind: block
        });
        else if (block[0] === "\\" && isDigit(block[1])) {
          const reference = Number(block.substring(1));
          if (reference !== 0 && (unicodeMode || reference <= groups.lastIndex)) tokens.push({
            type: "Backreference",
            kind: "number",
            number: reference,
            reference
          });
          else tokens.push(blockToCharToken(block));
        } else if (block[0] === "\\" && block[1] === "k" && block.length !== 2) {
          const referenceRaw = block.substring(3, block.length - 1);
          tokens.push({
            type: "Backreference",
            kind: "name",
            number: groups.named.get(referenceRaw) || 0,
            referenceRaw,
            reference: referenceRaw
          });
        } else tokens.push(blockToCharToken(block));
    }
  }
  if (disjunctions !== null) {
    disjunctions.push(toSingleToken(tokens.splice(0), true) || null);
    let currentDisjunction = {
      type: "Disjunction",
      left: disjunctions[0],
      right: disjunctions[1]
    };
    for (let index = 2; index < disjunctions.length; ++index) currentDisjunction = {
      type: "Disjunction",
      left: currentDisjunction,
      right: disjunctions[index]
    };
    tokens.push(currentDisjunction);
  }
}
function tokenizeRegex(regex) {
  const unicodeMode = safeIndexOf([...regex.flags], "u") !== -1;
  const regexSource = regex.source;
  const tokens = [];
  pushTokens(tokens, regexSource, unicodeMode, {
    lastIndex: 0,
    named: /* @__PURE__ */ new Map()
  });
  return toSingleToken(tokens);
}
var safeStringFromCodePoint$1 = String.fromCodePoint;
function getPropertySpec(astNode) {
  if (astNode.binary || astNode.shorthand) return astNode.canonicalValue;
  return `${astNode.canonicalName}=${astNode.canonicalValue}`;
}
function appendRangesForRegex(regex, from, to, ranges) {
  let currentRangeStart = -1;
  for (let cp = from; cp <= to; ++cp) if (regex.test(safeStringFromCodePoint$1(cp))) {
    if (currentRangeStart === -1) currentRangeStart = cp;
  } else if (currentRangeStart !== -1) {
    const rangeEnd = cp - 1;
    ranges.push(currentRangeStart === rangeEnd ? [rangeEnd] : [currentRangeStart, rangeEnd]);
    currentRangeStart = -1;
  }
  if (currentRangeStart !== -1) ranges.push(currentRangeStart === to ? [to] : [currentRangeStart, to]);
}
function extractRangesForProperty(propertySpec, negative) {
  const regex = new RegExp(`^\\${negative ? "P" : "p"}{${propertySpec}}$`, "u");
  const ranges = [];
  appendRangesForRegex(regex, 0, 55295, ranges);
  appendRangesForRegex(regex, 57344, 1114111, ranges);
  return ranges;
}
var cache = /* @__PURE__ */ new Map();
function extractRangesForPropertyOrFromCache(propertySpec, negative) {
  const cacheKey = `${negative ? "P" : "p"}:${propertySpec}`;
  const cachedRanges = cache.get(cacheKey);
  if (cachedRanges !== void 0) return cachedRanges;
  const ranges = extractRangesForProperty(propertySpec, negative);
  cache.set(cacheKey, ranges);
  return ranges;
}
function unicodePropertyArbitrary(astNode) {
  return mapToConstant(...safeMap(extractRangesForPropertyOrFromCache(getPropertySpec(astNode), astNode.negative), (range2) => convertGraphemeRangeToMapToConstantEntry(range2)));
}
var safeStringFromCodePoint = String.fromCodePoint;
var wordChars = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"];
var digitChars = [..."0123456789"];
var spaceChars = [..." 	\r\n\v\f"];
var newLineChars = [..."\r\n"];
var terminatorChars = [...""];
var newLineAndTerminatorChars = [...newLineChars, ...terminatorChars];
var wordCharsSet = new SSet(wordChars);
var digitCharsSet = new SSet(digitChars);
var spaceCharsSet = new SSet(spaceChars);
var terminatorCharsSet = new SSet(terminatorChars);
var newLineAndTerminatorCharsSet = new SSet(newLineAndTerminatorChars);
var defaultChar = () => string({
  unit: "grapheme-ascii",
  minLength: 1,
  maxLength: 1
});
function raiseUnsupportedASTNode(astNode) {
  return new SError(`Unsupported AST node! Received: ${stringify(astNode)}`);
}
function toMatchingArbitrary(astNode, constraints, flags) {
  switch (astNode.type) {
    case "Char":
      if (astNode.kind === "meta") switch (astNode.value) {
        case "\\w":
          return constantFrom(...wordChars);
        case "\\W":
          return defaultChar().filter((c) => !safeHas(wordCharsSet, c));
        case "\\d":
          return constantFrom(...digitChars);
        case "\\D":
          return defaultChar().filter((c) => !safeHas(digitCharsSet, c));
        case "\\s":
          return constantFrom(...spaceChars);
        case "\\S":
          return defaultChar().filter((c) => !safeHas(spaceCharsSet, c));
        case "\\b":
        case "\\B":
          throw new SError(`Meta character ${astNode.value} not implemented yet!`);
        case ".": {
          const forbiddenChars = flags.dotAll ? terminatorCharsSet : newLineAndTerminatorCharsSet;
          return defaultChar().filter((c) => !safeHas(forbiddenChars, c));
        }
      }
      if (astNode.symbol === void 0) throw new SError(`Unexpected undefined symbol received for non-meta Char! Received: ${stringify(astNode)}`);
      return constant(astNode.symbol);
    case "Repetition": {
      const node = toMatchingArbitrary(astNode.expression, constraints, flags);
      switch (astNode.quantifier.kind) {
        case "*":
          return string({
            ...constraints,
            unit: node
          });
        case "+":
          return string({
            ...constraints,
            minLength: 1,
            unit: node
          });
        case "?":
          return string({
            ...constraints,
            minLength: 0,
            maxLength: 1,
            unit: node
          });
        case "Range":
          return string({
            ...constraints,
            minLength: astNode.quantifier.from,
            maxLength: astNode.quantifier.to,
            unit: node
          });
        default:
          throw raiseUnsupportedASTNode(astNode.quantifier);
      }
    }
    case "Quantifier":
      throw new SError(`Wrongly defined AST tree, Quantifier nodes not supposed to be scanned!`);
    case "Alternative": {
      const childrenArbitraries = [];
      let pendingAggregatedValue = "";
      for (const n of astNode.expressions) if (n.type === "Char" && n.kind !== "meta" && n.symbol !== void 0) pendingAggregatedValue += n.symbol;
      else if (flags.multiline || n.type !== "Assertion" || n.kind !== "^" && n.kind !== "$") {
        if (pendingAggregatedValue !== "") {
          safePush(childrenArbitraries, constant(pendingAggregatedValue));
          pendingAggregatedValue = "";
        }
        safePush(childrenArbitraries, toMatchingArbitrary(n, constraints, flags));
      }
      if (pendingAggregatedValue !== "") safePush(childrenArbitraries, constant(pendingAggregatedValue));
      if (childrenArbitraries.length === 0) return constant("");
      if (childrenArbitraries.length === 1) return childrenArbitraries[0];
      return tuple(...childrenArbitraries).map((vs) => safeJoin(vs, ""));
    }
    case "CharacterClass":
      if (astNode.negative) {
        const childrenArbitraries = safeMap(astNode.expressions, (n) => toMatchingArbitrary(n, constraints, flags));
        return defaultChar().filter((c) => safeEvery(childrenArbitraries, (arb) => !arb.canShrinkWithoutContext(c)));
      }
      return oneof(...safeMap(astNode.expressions, (n) => toMatchingArbitrary(n, constraints, flags)));
    case "ClassRange": {
      const min = astNode.from.codePoint;
      const max = astNode.to.codePoint;
      return integer({
        min,
        max
      }).map((n) => safeStringFromCodePoint(n), (c) => {
        if (typeof c !== "string") throw new SError("Invalid type");
        if ([...c].length !== 1) throw new SError("Invalid length");
        return safeCodePointAt(c, 0);
      });
    }
    case "Group":
      return toMatchingArbitrary(astNode.expression, constraints, flags);
    case "Disjunction": {
      const stack = [astNode.left, astNode.right];
      const branches = [];
      for (let i = 0; i !== stack.length; ++i) {
        const node = stack[i];
        if (node === null) safePush(branches, constant(""));
        else if (node.type === "Disjunction") {
          safePush(stack, node.left);
          safePush(stack, node.right);
        } else safePush(branches, toMatchingArbitrary(node, constraints, flags));
      }
      return oneof(...branches);
    }
    case "Assertion":
      if (astNode.kind === "^" || astNode.kind === "$") {
        if (flags.multiline) {
          if (astNode.kind === "^") return oneof(constant(""), tuple(string({ unit: defaultChar() }), constantFrom(...newLineChars)).map((t) => `${t[0]}${t[1]}`, (value) => {
            if (typeof value !== "string" || value.length === 0) throw new SError("Invalid type");
            return [safeSubstring(value, 0, value.length - 1), value[value.length - 1]];
          }));
          else return oneof(constant(""), tuple(constantFrom(...newLineChars), string({ unit: defaultChar() })).map((t) => `${t[0]}${t[1]}`, (value) => {
            if (typeof value !== "string" || value.length === 0) throw new SError("Invalid type");
            return [value[0], safeSubstring(value, 1)];
          }));
        }
        return constant("");
      }
      throw new SError(`Assertions of kind ${astNode.kind} not implemented yet!`);
    case "Backreference":
      throw new SError(`Backreference nodes not implemented yet!`);
    case "UnicodeProperty":
      return unicodePropertyArbitrary(astNode);
    default:
      throw raiseUnsupportedASTNode(astNode);
  }
}
function stringMatching(regex, constraints = {}) {
  for (const flag of regex.flags) if (flag !== "d" && flag !== "g" && flag !== "m" && flag !== "s" && flag !== "u") throw new SError(`Unable to use "stringMatching" against a regex using the flag ${flag}`);
  const maxLength = constraints.maxLength;
  const sanitizedConstraints = {
    size: constraints.size,
    maxLength
  };
  const flags = {
    multiline: regex.multiline,
    dotAll: regex.dotAll
  };
  let regexRootToken = addMissingDotStar(tokenizeRegex(regex));
  if (maxLength !== void 0) regexRootToken = clampRegexAst(regexRootToken, maxLength);
  const baseArbitrary = toMatchingArbitrary(regexRootToken, sanitizedConstraints, flags);
  if (maxLength !== void 0) return baseArbitrary.filter((s) => [...s].length <= maxLength);
  return baseArbitrary;
}
function initZippedValues(its) {
  const vs = [];
  for (let index = 0; index !== its.length; ++index) vs.push(its[index].next());
  return vs;
}
function nextZippedValues(its, vs) {
  for (let index = 0; index !== its.length; ++index) vs[index] = its[index].next();
}
function isDoneZippedValues(vs) {
  for (let index = 0; index !== vs.length; ++index) if (vs[index].done) return true;
  return false;
}
function* zipIterableIterators(...its) {
  const vs = initZippedValues(its);
  while (!isDoneZippedValues(vs)) {
    yield vs.map((v) => v.value);
    nextZippedValues(its, vs);
  }
}
function* iotaFrom(startValue) {
  let value = startValue;
  while (true) {
    yield value;
    ++value;
  }
}
var LimitedShrinkArbitrary = class extends Arbitrary {
  constructor(arb, maxShrinks) {
    super();
    this.arb = arb;
    this.maxShrinks = maxShrinks;
  }
  generate(mrng, biasFactor) {
    const value = this.arb.generate(mrng, biasFactor);
    return this.valueMapper(value, 0);
  }
  canShrinkWithoutContext(value) {
    return this.arb.canShrinkWithoutContext(value);
  }
  shrink(value, context2) {
    if (this.isSafeContext(context2)) return this.safeShrink(value, context2.originalContext, context2.length);
    return this.safeShrink(value, void 0, 0);
  }
  safeShrink(value, originalContext, currentLength) {
    const remaining = this.maxShrinks - currentLength;
    if (remaining <= 0) return Stream.nil();
    return new Stream(zipIterableIterators(this.arb.shrink(value, originalContext), iotaFrom(currentLength + 1))).take(remaining).map((valueAndLength) => this.valueMapper(valueAndLength[0], valueAndLength[1]));
  }
  valueMapper(v, newLength) {
    const context2 = {
      originalContext: v.context,
      length: newLength
    };
    return new Value(v.value, context2);
  }
  isSafeContext(context2) {
    return context2 !== null && context2 !== void 0 && typeof context2 === "object" && "originalContext" in context2 && "length" in context2;
  }
};
function limitShrink(arbitrary, maxShrinks) {
  return new LimitedShrinkArbitrary(arbitrary, maxShrinks);
}
var LifeCyclePluginSymbol = /* @__PURE__ */ Symbol.for("fast-check/plugin/life-cycle");
function computeResultingAfterHooks(teardownFunctions, hooks) {
  if (teardownFunctions.length === 0) return hooks.afterHooks;
  if (hooks.afterHooks.length === 0) return teardownFunctions.map((details) => details.fn);
  const afterAndPluginIndices = [];
  for (const value of teardownFunctions) {
    const { index, fn } = value;
    afterAndPluginIndices.push({
      index: hooks.beforeHooksIndices[index],
      fn
    });
  }
  for (let index = 0; index !== hooks.afterHooks.length; ++index) afterAndPluginIndices.push({
    index: hooks.afterHooksIndices[index],
    fn: hooks.afterHooks[index]
  });
  afterAndPluginIndices.sort((a, b) => a.index - b.index);
  return afterAndPluginIndices.map((details) => details.fn);
}
function lifeCycleHooksRunner(hooks, nestedRun, value) {
  let wrappedRunOutput = null;
  let wrappedRunContinuation = void 0;
  const teardownFunctions = [];
  if (hooks.beforeHooks.length !== 0) try {
    for (let index = 0; index !== hooks.beforeHooks.length; ++index) {
      const before = hooks.beforeHooks[index];
      if (wrappedRunContinuation === void 0) {
        const out2 = before();
        if (typeof out2 === "function") teardownFunctions.push({
          index,
          fn: out2
        });
        if (typeof out2 === "object") wrappedRunContinuation = out2.then((beforeOut) => {
          if (beforeOut !== void 0) teardownFunctions.push({
            index,
            fn: beforeOut
          });
          return null;
        });
      } else wrappedRunContinuation = wrappedRunContinuation.then(() => {
        const beforeOut = before();
        if (beforeOut === void 0) return null;
        if (typeof beforeOut === "function") {
          teardownFunctions.push({
            index,
            fn: beforeOut
          });
          return null;
        }
        return beforeOut.then((beforeOutNested) => {
          if (beforeOutNested !== void 0) teardownFunctions.push({
            index,
            fn: beforeOutNested
          });
          return null;
        });
      });
    }
  } catch (error) {
    wrappedRunOutput = { error };
  }
  if (wrappedRunOutput === null) {
    if (wrappedRunContinuation === void 0) {
      const out2 = nestedRun(value);
      if (out2 !== null && "then" in out2) wrappedRunContinuation = out2;
      else wrappedRunOutput = out2;
    } else wrappedRunContinuation = wrappedRunContinuation.then(() => nestedRun(value), (error) => ({ error }));
  }
  if (wrappedRunContinuation === void 0) {
    const resultingAfterHooks = computeResultingAfterHooks(teardownFunctions, hooks);
    for (let index = resultingAfterHooks.length - 1; index >= 0; --index) {
      const after = resultingAfterHooks[index];
      if (wrappedRunContinuation === void 0) try {
        const out2 = after();
        if (typeof out2 === "object") wrappedRunContinuation = out2.then(() => wrappedRunOutput, (error) => wrappedRunOutput || { error });
      } catch (error) {
        wrappedRunOutput = { error };
      }
      else wrappedRunContinuation = wrappedRunContinuation.then((previous) => {
        try {
          const out2 = after();
          if (typeof out2 === "object") return out2.then(() => previous, (error) => previous || { error });
          return previous;
        } catch (error) {
          return previous || { error };
        }
      });
    }
  } else wrappedRunContinuation = wrappedRunContinuation.then((previousBeforeAfters) => {
    const resultingAfterHooks = computeResultingAfterHooks(teardownFunctions, hooks);
    if (resultingAfterHooks.length === 0) return previousBeforeAfters;
    let afterContinuation = Promise.resolve(previousBeforeAfters);
    for (let index = resultingAfterHooks.length - 1; index >= 0; --index) {
      const after = resultingAfterHooks[index];
      afterContinuation = afterContinuation.then((previous) => {
        try {
          const out2 = after();
          return out2 === void 0 ? previous : out2.then(() => previous, (error) => previous || { error });
        } catch (error) {
          return previous || { error };
        }
      });
    }
    return afterContinuation;
  });
  return wrappedRunContinuation === void 0 ? wrappedRunOutput : wrappedRunContinuation;
}
function beforeEach(fn) {
  return (pluginIndex, pluginStore) => {
    let lifeCycleHooks = pluginStore.get(LifeCyclePluginSymbol);
    if (lifeCycleHooks !== void 0 && lifeCycleHooks.lastPluginIndex === pluginIndex - 1) {
      lifeCycleHooks.lastPluginIndex = pluginIndex;
      lifeCycleHooks.beforeHooks.push(fn);
      lifeCycleHooks.beforeHooksIndices.push(pluginIndex);
      return {};
    }
    lifeCycleHooks = {
      lastPluginIndex: pluginIndex,
      beforeHooks: [fn],
      beforeHooksIndices: [pluginIndex],
      afterHooks: [],
      afterHooksIndices: []
    };
    pluginStore.set(LifeCyclePluginSymbol, lifeCycleHooks);
    return { decorateRun: (nestedRun) => (value) => lifeCycleHooksRunner(lifeCycleHooks, nestedRun, value) };
  };
}
function afterEach(fn) {
  return (pluginIndex, pluginStore) => {
    let lifeCycleHooks = pluginStore.get(LifeCyclePluginSymbol);
    if (lifeCycleHooks !== void 0 && lifeCycleHooks.lastPluginIndex === pluginIndex - 1) {
      lifeCycleHooks.lastPluginIndex = pluginIndex;
      lifeCycleHooks.afterHooks.push(fn);
      lifeCycleHooks.afterHooksIndices.push(pluginIndex);
      return {};
    }
    lifeCycleHooks = {
      lastPluginIndex: pluginIndex,
      beforeHooks: [],
      beforeHooksIndices: [],
      afterHooks: [fn],
      afterHooksIndices: [pluginIndex]
    };
    pluginStore.set(LifeCyclePluginSymbol, lifeCycleHooks);
    return { decorateRun: (nestedRun) => (value) => lifeCycleHooksRunner(lifeCycleHooks, nestedRun, value) };
  };
}
function unbiased() {
  return () => {
    return { decorateGenerate: (nestedGenerate) => (mrng, _runId) => nestedGenerate(mrng, void 0) };
  };
}
function fromSyncCachedForAsyncPath(cachedValue) {
  return cachedValue === null ? new PreconditionFailure() : cachedValue;
}
function fromCached(cachedValue) {
  if (cachedValue !== null) {
    if ("then" in cachedValue) return cachedValue.then(fromSyncCachedForAsyncPath);
    else return cachedValue;
  }
  return new PreconditionFailure();
}
function equalValuesRunner(coveredCases, nestedRun, value, skipRuns) {
  const stringifiedValue = stringify(value);
  if (coveredCases.has(stringifiedValue)) {
    const lastOutput = coveredCases.get(stringifiedValue);
    return skipRuns ? fromCached(lastOutput) : lastOutput;
  }
  const out2 = nestedRun(value);
  coveredCases.set(stringifiedValue, out2);
  return out2;
}
function ignoreEqualValues() {
  return () => {
    const coveredCases = /* @__PURE__ */ new Map();
    return { decorateRun: (nestedRun) => (value) => equalValuesRunner(coveredCases, nestedRun, value, false) };
  };
}
function skipEqualValues() {
  return () => {
    const coveredCases = /* @__PURE__ */ new Map();
    return { decorateRun: (nestedRun) => (value) => equalValuesRunner(coveredCases, nestedRun, value, true) };
  };
}
var safeSetTimeout$1 = setTimeout;
var safeClearTimeout$1 = clearTimeout;
var safePerformanceNow = typeof performance !== "undefined" ? performance.now.bind(performance) : Date.now.bind(Date);
function interruptAfterDelay(timeMs, probe) {
  const limitTime = safePerformanceNow() + timeMs;
  let timeoutHandle = void 0;
  return {
    expired: () => safePerformanceNow() >= limitTime,
    clear: () => safeClearTimeout$1(timeoutHandle),
    promise: new Promise((resolve3) => {
      timeoutHandle = safeSetTimeout$1(() => {
        if (probe.running) probe.interruptedWhileRunning = true;
        resolve3(new PreconditionFailure(true));
      }, timeMs);
    })
  };
}
function timeLimitRunner(interrupt, nestedRun, value, probe) {
  probe.running = true;
  if (interrupt.expired()) {
    probe.interruptedWhileRunning = true;
    probe.running = false;
    return new PreconditionFailure(true);
  }
  const runOut = nestedRun(value);
  if (runOut === null || !("then" in runOut)) {
    probe.running = false;
    return runOut;
  }
  runOut.finally(() => probe.running = false);
  return Promise.race([runOut, interrupt.promise]);
}
function interruptAfterTimeLimit(timeLimitMs, options = {}) {
  return () => {
    const probe = {
      interruptedWhileRunning: false,
      running: false
    };
    const interrupt = interruptAfterDelay(timeLimitMs, probe);
    return {
      decorateRun: (nestedRun) => (value) => timeLimitRunner(interrupt, nestedRun, value, probe),
      onAllRunsComplete: (runDetails) => {
        interrupt.clear();
        if (options.failOnInterrupt && !runDetails.failed && runDetails.interrupted && probe.interruptedWhileRunning) return reportRunDetails({
          ...runDetails,
          failed: true,
          interrupted: true
        });
      }
    };
  };
}
var safeSetTimeout = setTimeout;
var safeClearTimeout = clearTimeout;
function timeoutAfter(timeMs) {
  let timeoutHandle = void 0;
  return {
    clear: () => safeClearTimeout(timeoutHandle),
    promise: new Promise((resolve3) => {
      timeoutHandle = safeSetTimeout(() => {
        resolve3({ error: new SError(`Property timeout: exceeded limit of ${timeMs} milliseconds`) });
      }, timeMs);
    })
  };
}
function timeoutRunner(timeMs, nestedRun, value) {
  const t = timeoutAfter(timeMs);
  const runOut = nestedRun(value);
  if (runOut === null || !("then" in runOut)) {
    t.clear();
    return runOut;
  }
  const propRun = Promise.race([runOut, t.promise]);
  propRun.then(t.clear, t.clear);
  return propRun;
}
function timeout(timeMs) {
  return () => {
    return { decorateRun: (nestedRun) => (value) => timeoutRunner(timeMs, nestedRun, value) };
  };
}
var fast_check_default_exports = /* @__PURE__ */ __exportAll({
  Arbitrary: () => Arbitrary,
  ExecutionStatus: () => ExecutionStatus,
  PreconditionFailure: () => PreconditionFailure,
  Random: () => Random,
  Stream: () => Stream,
  Value: () => Value,
  VerbosityLevel: () => VerbosityLevel,
  __commitHash: () => __commitHash,
  __type: () => __type,
  __version: () => __version,
  afterEach: () => afterEach,
  anything: () => anything,
  array: () => array,
  assert: () => assert,
  asyncDefaultReportMessage: () => asyncDefaultReportMessage,
  asyncModelRun: () => asyncModelRun,
  asyncProperty: () => asyncProperty,
  asyncStringify: () => asyncStringify,
  asyncToStringMethod: () => asyncToStringMethod,
  base64String: () => base64String,
  beforeEach: () => beforeEach,
  bigInt: () => bigInt,
  bigInt64Array: () => bigInt64Array,
  bigUint64Array: () => bigUint64Array,
  boolean: () => boolean,
  chainUntil: () => chainUntil,
  check: () => check,
  clone: () => clone,
  cloneIfNeeded: () => cloneIfNeeded,
  cloneMethod: () => cloneMethod,
  commands: () => commands,
  compareBooleanFunc: () => compareBooleanFunc,
  compareFunc: () => compareFunc,
  configureGlobal: () => configureGlobal,
  constant: () => constant,
  constantFrom: () => constantFrom,
  context: () => context,
  createDepthIdentifier: () => createDepthIdentifier,
  date: () => date,
  defaultReportMessage: () => defaultReportMessage,
  dictionary: () => dictionary,
  domain: () => domain,
  double: () => double,
  emailAddress: () => emailAddress,
  entityGraph: () => entityGraph,
  falsy: () => falsy,
  float: () => float,
  float32Array: () => float32Array,
  float64Array: () => float64Array,
  func: () => func,
  gen: () => gen,
  getDepthContextFor: () => getDepthContextFor,
  hasAsyncToStringMethod: () => hasAsyncToStringMethod,
  hasCloneMethod: () => hasCloneMethod,
  hasToStringMethod: () => hasToStringMethod,
  hash: () => hash,
  ignoreEqualValues: () => ignoreEqualValues,
  infiniteStream: () => infiniteStream,
  installGlobalPlugin: () => installGlobalPlugin,
  int16Array: () => int16Array,
  int32Array: () => int32Array,
  int8Array: () => int8Array,
  integer: () => integer,
  interruptAfterTimeLimit: () => interruptAfterTimeLimit,
  ipV4: () => ipV4,
  ipV4Extended: () => ipV4Extended,
  ipV6: () => ipV6,
  json: () => json,
  jsonValue: () => jsonValue,
  letrec: () => letrec,
  limitShrink: () => limitShrink,
  lorem: () => lorem,
  map: () => map,
  mapToConstant: () => mapToConstant,
  maxSafeInteger: () => maxSafeInteger,
  maxSafeNat: () => maxSafeNat,
  memo: () => memo,
  mixedCase: () => mixedCase,
  modelRun: () => modelRun,
  nat: () => nat,
  noBias: () => noBias,
  noShrink: () => noShrink,
  object: () => object,
  oneof: () => oneof,
  option: () => option,
  pre: () => pre,
  property: () => property,
  readConfigureGlobal: () => readConfigureGlobal,
  record: () => record,
  resetConfigureGlobal: () => resetConfigureGlobal,
  sample: () => sample,
  scheduledModelRun: () => scheduledModelRun,
  scheduler: () => scheduler,
  schedulerFor: () => schedulerFor,
  set: () => set,
  shuffledSubarray: () => shuffledSubarray,
  skipEqualValues: () => skipEqualValues,
  sparseArray: () => sparseArray,
  statistics: () => statistics,
  stream: () => stream,
  string: () => string,
  stringMatching: () => stringMatching,
  stringify: () => stringify,
  subarray: () => subarray,
  timeout: () => timeout,
  toStringMethod: () => toStringMethod,
  tuple: () => tuple,
  uint16Array: () => uint16Array,
  uint32Array: () => uint32Array,
  uint8Array: () => uint8Array,
  uint8ClampedArray: () => uint8ClampedArray,
  ulid: () => ulid,
  unbiased: () => unbiased,
  uniqueArray: () => uniqueArray,
  uuid: () => uuid,
  webAuthority: () => webAuthority,
  webFragments: () => webFragments,
  webPath: () => webPath,
  webQueryParameters: () => webQueryParameters,
  webSegment: () => webSegment,
  webUrl: () => webUrl
});
var __type = "module";
var __version = "4.11.0";
var __commitHash = "60d68efc639aba994f489bd0dedeceba2be4cf51";
var fast_check_default = fast_check_default_exports;

// .diff-entry.ts
var import_crypto = require("crypto");

// engine/lang/check/checker.ts
var fs2 = __toESM(require("fs"));
var path = __toESM(require("path"));

// engine/base/span.ts
function spanBetween(start, end) {
  return { file: start.file, line: start.line, col: start.col, endLine: end.endLine, endCol: end.endCol };
}
function fileStart(file) {
  return { file, line: 1, col: 1, endLine: 1, endCol: 1 };
}
function spanText(lines, span) {
  if (span.line === span.endLine) return (lines[span.line - 1] ?? "").slice(span.col - 1, span.endCol - 1);
  const parts = [(lines[span.line - 1] ?? "").slice(span.col - 1)];
  for (let l = span.line + 1; l < span.endLine; l++) parts.push(lines[l - 1] ?? "");
  parts.push((lines[span.endLine - 1] ?? "").slice(0, span.endCol - 1));
  return parts.map((p) => p.trim()).join(" ");
}

// engine/lang/diagnostics.ts
function hasErrors(diagnostics) {
  return diagnostics.some((d) => d.severity === "error");
}
var DiagnosticBag = class {
  items = [];
  error(span, message) {
    this.items.push({ severity: "error", message, span });
  }
  warning(span, message) {
    this.items.push({ severity: "warning", message, span });
  }
  add(d) {
    this.items.push(d);
  }
  /** How many were collected so far: a reader compares it before and after a step to know whether it reported any. */
  get count() {
    return this.items.length;
  }
  get hasErrors() {
    return hasErrors(this.items);
  }
  sorted() {
    return [...this.items].sort(compareDiagnostics);
  }
};
function compareDiagnostics(a, b) {
  if (a.span.file !== b.span.file) return a.span.file < b.span.file ? -1 : 1;
  return a.span.line - b.span.line || a.span.col - b.span.col;
}

// engine/lang/lexer.ts
var lexer_exports = {};
__export(lexer_exports, {
  EOF: () => EOF,
  IDENT: () => IDENT,
  NEWLINE: () => NEWLINE,
  NUMBER: () => NUMBER,
  PUNCT: () => PUNCT,
  STRING: () => STRING,
  Token: () => Token,
  TokenStream: () => TokenStream,
  tokenize: () => tokenize
});

// engine/lang/name-table.ts
var INITIAL_SLOTS = 1024;
var NameTable = class {
  slots = new Array(INITIAL_SLOTS);
  hashes = new Int32Array(INITIAL_SLOTS);
  count = 0;
  /** The name written in `text` from `start` to `end`; `hash` is nameHash's of those characters. */
  intern(text, start, end, hash3) {
    const length = end - start;
    const mask = this.slots.length - 1;
    for (let s = hash3 & mask; ; s = s + 1 & mask) {
      const name = this.slots[s];
      if (name === void 0) return this.insert(s, text.slice(start, end), hash3);
      if (this.hashes[s] === hash3 && name.length === length && text.startsWith(name, start)) return name;
    }
  }
  insert(slot, name, hash3) {
    this.slots[slot] = name;
    this.hashes[slot] = hash3;
    if (++this.count * 2 > this.slots.length) this.grow();
    return name;
  }
  grow() {
    const old = this.slots;
    const oldHashes = this.hashes;
    this.slots = new Array(old.length * 2);
    this.hashes = new Int32Array(old.length * 2);
    const mask = this.slots.length - 1;
    for (let i = 0; i < old.length; i++) {
      const name = old[i];
      if (name === void 0) continue;
      let s = oldHashes[i] & mask;
      while (this.slots[s] !== void 0) s = s + 1 & mask;
      this.slots[s] = name;
      this.hashes[s] = oldHashes[i];
    }
  }
};
var NAME_HASH_START = 2166136261 | 0;
function nameHashStep(hash3, c) {
  return Math.imul(hash3 ^ c, 16777619);
}

// engine/lang/lexer.ts
var Token = class {
  constructor(kind, text, value, file, line, col, endCol) {
    this.kind = kind;
    this.text = text;
    this.value = value;
    this.file = file;
    this.line = line;
    this.col = col;
    this.endCol = endCol;
  }
  kind;
  text;
  value;
  file;
  line;
  col;
  endCol;
  spanCache;
  get span() {
    return this.spanCache ??= { file: this.file, line: this.line, col: this.col, endLine: this.line, endCol: this.endCol };
  }
};
var IDENT = 0;
var NUMBER = 1;
var STRING = 2;
var PUNCT = 3;
var NEWLINE = 4;
var EOF = 5;
var KIND_NAMES = ["ident", "number", "string", "punct", "newline", "eof"];
var HEX = /0[xX][0-9A-Fa-f_]+/y;
var DECIMAL = /(?:[0-9][0-9_]*(?:\.(?!\.)[0-9_]*)?|\.[0-9][0-9_]*)(?:[eE][+-]?[0-9]+)?/y;
var RELEASE_AT_ONCE = 512;
var MAX_PLAIN_DIGITS = 15;
function isDigit2(c) {
  return c >= 48 && c <= 57;
}
function isIdentStart(c) {
  return c >= 65 && c <= 90 || c >= 97 && c <= 122 || c === 95;
}
function isIdentPart(c) {
  return isIdentStart(c) || isDigit2(c);
}
function tokenize(text, file, diagnostics) {
  const stream2 = new TokenStream(text, file, diagnostics);
  const tokens = [];
  for (let i = 0; ; i++) {
    const s = stream2.slot(i);
    const kind = stream2.kinds[s];
    tokens.push(new Token(KIND_NAMES[kind], stream2.text(s), stream2.values[s], file, stream2.lines[s], stream2.cols[s], stream2.endCols[s]));
    if (kind === EOF) return tokens;
  }
}
var TokenStream = class {
  constructor(source, file, diagnostics, from) {
    this.source = source;
    this.file = file;
    this.diagnostics = diagnostics;
    if (from) ({ pos: this.pos, line: this.line, lineStart: this.lineStart, nesting: this.nesting } = from);
  }
  source;
  file;
  diagnostics;
  kinds = new Uint8Array(64);
  /** Offsets in the text. */
  starts = new Int32Array(64);
  ends = new Int32Array(64);
  lines = new Int32Array(64);
  cols = new Int32Array(64);
  endCols = new Int32Array(64);
  /** For numbers: the value. */
  values = new Float64Array(64);
  /** Identifiers and operators as written, strings decoded, newlines; undefined for numbers (sliced when asked for). */
  texts = [];
  spans = [];
  /** Tokens in the arrays; slot 0 is the token at index `base` of the whole stream. */
  count = 0;
  base = 0;
  ended = false;
  /** Lines where the lexer reported a mistake, as it finds them. */
  mistakeLines = /* @__PURE__ */ new Set();
  pos = 0;
  line = 1;
  lineStart = 0;
  /** Open `(` and `[`: newlines inside them are not tokens. */
  nesting = 0;
  /** One string per identifier spelling: a program names the same few tensors, opcodes and words a million times. */
  names = new NameTable();
  /** The state of the lexer before token i, which must be the next token it lexes: a stream from there lexes the same tokens. */
  stateBefore(i) {
    if (i !== this.base + this.count || this.ended) throw new Error(`the lexer is past token ${i}`);
    return { pos: this.pos, line: this.line, lineStart: this.lineStart, nesting: this.nesting };
  }
  /**
   * Passes over a `{ }` block without making its tokens: the block must open with the next token, and the stream
   * goes on after its matching '}'. Braces are matched as the lexer sees them, outside strings and comments; what is
   * between them is neither lexed nor checked (no mistake is reported). Undefined, with nothing passed over, when the
   * next token is not '{' or the block does not close before the end of the text: the caller then lexes it.
   */
  skipBlock() {
    if (this.ended || this.nesting !== 0) return void 0;
    const text = this.source;
    let pos = this.pos;
    while (text.charCodeAt(pos) === 32 || text.charCodeAt(pos) === 9 || text.charCodeAt(pos) === 13) pos++;
    if (text.charCodeAt(pos) !== 123) return void 0;
    const open = { file: this.file, line: this.line, col: pos - this.lineStart + 1, endLine: this.line, endCol: pos - this.lineStart + 2 };
    let line = this.line;
    let lineStart = this.lineStart;
    let depth = 0;
    let special = -1;
    while (pos < text.length) {
      if (special < pos) special = nextSpecial(text, pos);
      const end = text.indexOf("\n", pos);
      const lineEnd = end < 0 ? text.length : end;
      if (special >= lineEnd) {
        if (end < 0) break;
        line++;
        lineStart = pos = end + 1;
        continue;
      }
      pos = special;
      const c = text.charCodeAt(pos);
      if (c === 35) {
        pos = lineEnd;
      } else if (c === 34) {
        pos = stringEnd(text, pos);
      } else if (c === 123) {
        depth++;
        pos++;
      } else {
        pos++;
        if (--depth === 0) {
          this.pos = pos;
          this.line = line;
          this.lineStart = lineStart;
          return { open, close: { file: this.file, line, col: pos - lineStart, endLine: line, endCol: pos - lineStart + 1 } };
        }
      }
    }
    return void 0;
  }
  /**
   * The whole text of the line ahead (without its newline) when token i is the next one to lex, the lexer is at the
   * start of a line and outside brackets: a line `skipLine` may pass over. Undefined otherwise, and for the last
   * line when no newline ends it.
   */
  lineAhead(i) {
    if (i !== this.base + this.count || this.ended || this.nesting !== 0 || this.pos !== this.lineStart) return void 0;
    const end = this.source.indexOf("\n", this.pos);
    return end < 0 ? void 0 : this.source.slice(this.pos, end);
  }
  /** The line number of the line ahead (see lineAhead). */
  get lineNumber() {
    return this.line;
  }
  /** Passes over the line ahead, of `length` characters, without lexing it: it makes no token. */
  skipLine(length) {
    this.pos += length + 1;
    this.line++;
    this.lineStart = this.pos;
  }
  /** The slot of the token at index i of the stream; past the end, the slot of the last token (eof). */
  slot(i) {
    const k = i - this.base;
    if (k < this.count) {
      if (k < 0) throw new Error(`token ${i} was already released`);
      return k;
    }
    while (i - this.base >= this.count && this.lexToken()) {
    }
    return Math.min(k, this.count - 1);
  }
  /**
   * The parser will not look before index i again. The arrays are compacted only once many tokens are released (a
   * statement is a dozen tokens; moving the rest down after each cost more than lexing them), so they stay small.
   */
  release(i) {
    const k = Math.min(i - this.base, this.count - 1);
    if (k < RELEASE_AT_ONCE) return;
    const n = this.count - k;
    this.kinds.copyWithin(0, k, this.count);
    this.starts.copyWithin(0, k, this.count);
    this.ends.copyWithin(0, k, this.count);
    this.lines.copyWithin(0, k, this.count);
    this.cols.copyWithin(0, k, this.count);
    this.endCols.copyWithin(0, k, this.count);
    this.values.copyWithin(0, k, this.count);
    for (let s = 0; s < n; s++) {
      this.texts[s] = this.texts[s + k];
      this.spans[s] = this.spans[s + k];
    }
    for (let s = n; s < this.count; s++) {
      this.texts[s] = void 0;
      this.spans[s] = void 0;
    }
    this.count = n;
    this.base += k;
  }
  /** The text of a token: as written, or for a string its value. */
  text(slot) {
    return this.texts[slot] ?? this.source.slice(this.starts[slot], this.ends[slot]);
  }
  /** The span of a token, made when asked for: most tokens (commas, brackets) never need one. */
  span(slot) {
    let s = this.spans[slot];
    if (s === void 0) {
      s = { file: this.file, line: this.lines[slot], col: this.cols[slot], endLine: this.lines[slot], endCol: this.endCols[slot] };
      this.spans[slot] = s;
    }
    return s;
  }
  // ---- lexing ----
  /** Lexes up to the next token; false once the end of the text was delivered. */
  lexToken() {
    if (this.ended) return false;
    const before = this.count;
    const text = this.source;
    while (this.count === before && this.pos < text.length) this.next(text.charCodeAt(this.pos));
    if (this.count === before) {
      this.push(NEWLINE, "", 0, this.pos, this.pos);
      this.push(EOF, "", 0, this.pos, this.pos);
      this.ended = true;
    }
    return true;
  }
  next(c) {
    if (c === 10) return this.newline();
    if (c === 32 || c === 9 || c === 13) return this.blanks();
    if (c === 35) return this.comment();
    if (c === 34) return this.string();
    if (isDigit2(c) || c === 46 && isDigit2(this.source.charCodeAt(this.pos + 1))) return this.number();
    if (isIdentStart(c)) return this.identifier();
    this.punctuation(c);
  }
  /** A run of blanks at once, not a character per turn of the lexer's loop (a compiled model indents every line). */
  blanks() {
    const text = this.source;
    let pos = this.pos + 1;
    for (let c = text.charCodeAt(pos); c === 32 || c === 9 || c === 13; c = text.charCodeAt(++pos)) {
    }
    this.pos = pos;
  }
  newline() {
    if (this.nesting === 0) this.push(NEWLINE, "\n", 0, this.pos, this.pos);
    this.pos++;
    this.line++;
    this.lineStart = this.pos;
  }
  comment() {
    const end = this.source.indexOf("\n", this.pos);
    this.pos = end < 0 ? this.source.length : end;
  }
  string() {
    const text = this.source;
    const start = this.pos;
    let value = "";
    this.pos++;
    while (this.pos < text.length && text[this.pos] !== '"' && text[this.pos] !== "\n") {
      if (text[this.pos] === "\\") {
        value += this.escape();
      } else {
        value += text[this.pos++];
      }
    }
    if (text[this.pos] === '"') {
      this.pos++;
    } else {
      this.error(start, this.pos, `unterminated string: expected '"' before the end of the line`);
    }
    this.push(STRING, value, 0, start, this.pos);
  }
  escape() {
    const start = this.pos;
    const c = this.source[this.pos + 1];
    if (c === void 0 || c === "\n" || c === "\r") {
      this.pos++;
      return "";
    }
    this.pos += 2;
    switch (c) {
      case "n":
        return "\n";
      case "t":
        return "	";
      case '"':
        return '"';
      case "\\":
        return "\\";
      default:
        this.error(start, this.pos, `unknown escape '\\${printable(c)}' in string (known: \\n \\t \\" \\\\)`);
        return c;
    }
  }
  number() {
    const text = this.source;
    const start = this.pos;
    let end = start;
    let value = 0;
    while (end < text.length && isDigit2(text.charCodeAt(end))) value = value * 10 + (text.charCodeAt(end++) - 48);
    const next3 = end < text.length ? text.charCodeAt(end) : 0;
    if (end > start && end - start <= MAX_PLAIN_DIGITS && !isIdentPart(next3) && next3 !== 46) {
      this.pos = end;
      this.push(NUMBER, void 0, value, start, end);
      return;
    }
    HEX.lastIndex = start;
    DECIMAL.lastIndex = start;
    const match = HEX.exec(text) ?? DECIMAL.exec(text);
    const written = match ? match[0] : text[start];
    this.pos += written.length;
    while (this.pos < text.length && isIdentPart(text.charCodeAt(this.pos))) this.pos++;
    const all = text.slice(start, this.pos);
    value = Number(written.replace(/_/g, ""));
    if (all !== written || Number.isNaN(value)) {
      this.error(start, this.pos, `malformed number '${all}'`);
      value = 0;
    }
    this.push(NUMBER, void 0, value, start, this.pos);
  }
  identifier() {
    const text = this.source;
    const start = this.pos;
    let pos = start;
    let hash3 = NAME_HASH_START;
    for (let c = text.charCodeAt(pos); isIdentPart(c); c = text.charCodeAt(++pos)) hash3 = nameHashStep(hash3, c);
    this.pos = pos;
    const name = this.names.intern(text, start, pos, hash3);
    if (name === "inf" || name === "nan") {
      this.push(NUMBER, void 0, name === "inf" ? Infinity : NaN, start, pos);
      return;
    }
    this.push(IDENT, name, 0, start, pos);
  }
  punctuation(c) {
    const start = this.pos;
    const p = operator(c, this.source.charCodeAt(this.pos + 1));
    if (!p) {
      const ch = String.fromCodePoint(this.source.codePointAt(this.pos) ?? 0);
      this.pos += ch.length;
      this.error(start, this.pos, `unexpected character '${printable(ch)}'`);
      return;
    }
    this.pos += p.length;
    if (p === "(" || p === "[") this.nesting++;
    if ((p === ")" || p === "]") && this.nesting > 0) this.nesting--;
    if (p === "{" || p === "}") this.nesting = 0;
    this.push(PUNCT, p, 0, start, this.pos);
  }
  push(kind, text, value, start, end) {
    if (this.count === this.kinds.length) this.grow();
    const s = this.count++;
    const col = start - this.lineStart + 1;
    this.kinds[s] = kind;
    this.starts[s] = start;
    this.ends[s] = end;
    this.lines[s] = this.line;
    this.cols[s] = col;
    this.endCols[s] = col + (end - start);
    this.values[s] = value;
    this.texts[s] = text;
    this.spans[s] = void 0;
  }
  grow() {
    const size = this.kinds.length * 2;
    const more = (a, make) => {
      const b = new make(size);
      b.set(a);
      return b;
    };
    this.kinds = more(this.kinds, Uint8Array);
    this.starts = more(this.starts, Int32Array);
    this.ends = more(this.ends, Int32Array);
    this.lines = more(this.lines, Int32Array);
    this.cols = more(this.cols, Int32Array);
    this.endCols = more(this.endCols, Int32Array);
    this.values = more(this.values, Float64Array);
  }
  error(start, end, message) {
    const col = start - this.lineStart + 1;
    this.mistakeLines.add(this.line);
    this.diagnostics.error({ file: this.file, line: this.line, col, endLine: this.line, endCol: col + (end - start) }, message);
  }
};
function operator(c, d) {
  switch (c) {
    case 58:
      return d === 58 ? "::" : ":";
    case 60:
      return d === 45 ? "<-" : d === 61 ? "<=" : "<";
    case 46:
      return d === 46 ? ".." : ".";
    case 42:
      return d === 42 ? "**" : "*";
    case 61:
      return d === 61 ? "==" : "=";
    case 33:
      return d === 61 ? "!=" : "!";
    case 62:
      return d === 61 ? ">=" : ">";
    case 38:
      return d === 38 ? "&&" : void 0;
    case 124:
      return d === 124 ? "||" : void 0;
    case 123:
      return "{";
    case 125:
      return "}";
    case 40:
      return "(";
    case 41:
      return ")";
    case 91:
      return "[";
    case 93:
      return "]";
    case 44:
      return ",";
    case 43:
      return "+";
    case 45:
      return "-";
    case 47:
      return "/";
    case 37:
      return "%";
    default:
      return void 0;
  }
}
function printable(c) {
  const code = c.codePointAt(0) ?? 0;
  return code < 32 || code === 127 ? `\\u${code.toString(16).padStart(4, "0")}` : c;
}
var BLOCK_SPECIAL = /[{}#"]/g;
function nextSpecial(text, from) {
  BLOCK_SPECIAL.lastIndex = from;
  const m = BLOCK_SPECIAL.exec(text);
  return m ? m.index : text.length;
}
function stringEnd(text, start) {
  let pos = start + 1;
  while (pos < text.length) {
    const c = text.charCodeAt(pos);
    if (c === 34) return pos + 1;
    if (c === 10) return pos;
    if (c !== 92) pos++;
    else {
      const next3 = text.charCodeAt(pos + 1);
      pos += Number.isNaN(next3) || next3 === 10 || next3 === 13 ? 1 : 2;
    }
  }
  return pos;
}

// engine/lang/parser.ts
var { EOF: EOF2, IDENT: IDENT2, NEWLINE: NEWLINE2, NUMBER: NUMBER2, PUNCT: PUNCT2, STRING: STRING2 } = lexer_exports;
function parseOutline(text, file, diagnostics, skipBodies = false) {
  const outline = { bodies: /* @__PURE__ */ new Map(), unread: /* @__PURE__ */ new Map(), skipBodies };
  const parsed = new Parser(new TokenStream(text, file, diagnostics), diagnostics, outline).file(file);
  return { ast: parsed, bodies: outline.bodies, unread: outline.unread };
}
var UnreadBodyMistake = class extends Error {
};
function parseBody(text, file, start, visit, close, known) {
  const bag = close ? new RefusingBag() : new DiagnosticBag();
  const body = new Parser(new TokenStream(text, file, bag, start), bag).body(visit, known);
  if (close && (body.close.line !== close.line || body.close.col !== close.col)) throw new UnreadBodyMistake(`the body ends at ${body.close.line}:${body.close.col}`);
}
var RefusingBag = class extends DiagnosticBag {
  error(span, message) {
    throw new UnreadBodyMistake(message);
  }
  warning(span, message) {
    throw new UnreadBodyMistake(message);
  }
  add(d) {
    throw new UnreadBodyMistake(d.message);
  }
};
var ParseError = class extends Error {
};
var BINARY_PRECEDENCE = /* @__PURE__ */ new Map([
  ["||", 1],
  ["&&", 2],
  ["==", 3],
  ["!=", 3],
  ["<", 3],
  ["<=", 3],
  [">", 3],
  [">=", 3],
  ["+", 4],
  ["-", 4],
  ["*", 5],
  ["/", 5],
  ["%", 5]
]);
var LEAF_ENDS = /* @__PURE__ */ new Set([",", "]", ")", ":", "}", "{", "..", "<-", "="]);
var MAX_NESTING = 200;
var MAX_CHAIN = 1e3;
var REGISTER = /^r[0-9]+$/;
var SKIPPED_SPAN = Object.freeze({ file: "", line: 0, col: 0, endLine: 0, endCol: 0 });
var SKIPPED = Object.freeze({ kind: "number", value: 0, span: SKIPPED_SPAN });
var SKIPPED_ITEM = Object.freeze({ kind: "at", index: SKIPPED, span: SKIPPED_SPAN });
var SKIPPED_ATTRIBUTE = Object.freeze({ name: "", nameSpan: SKIPPED_SPAN, value: SKIPPED, span: SKIPPED_SPAN });
var Parser = class {
  constructor(tokens, diagnostics, outline) {
    this.tokens = tokens;
    this.diagnostics = diagnostics;
    this.outline = outline;
    this.lexicalLines = tokens.mistakeLines;
  }
  tokens;
  diagnostics;
  outline;
  pos = 0;
  /** How deep the parser is in nested expressions and in nested blocks, each limited to MAX_NESTING. */
  nesting = { expressions: 0, blocks: 0 };
  /** The token where a missing '}' was reported, so that the enclosing blocks close there silently. */
  unclosedAt = -1;
  /** Inside `[ ]`, `a::b` is a slice with a step, not a qualified name. */
  indexDepth = 0;
  /**
   * Inside the body of a function of an outline: its statements are parsed for their mistakes and dropped, so their
   * expressions and spans are not made (each is SKIPPED). What the parser decides never depends on them: it reads
   * tokens, counts operands and quotes names, which are kept; the spans of diagnostics are the tokens' own.
   */
  skim = false;
  /** Lines with a lexical mistake: a syntax error there is the same mistake, and is not reported again. */
  lexicalLines;
  // ---- files and declarations ----
  file(file) {
    let module2;
    const decls = [];
    while (!this.at(EOF2)) {
      if (this.at(NEWLINE2)) {
        this.pos++;
        continue;
      }
      const start = this.pos;
      try {
        if (this.isWord("module")) {
          const m = this.moduleDecl();
          if (module2) this.diagnostics.error(m.span, `a file has one 'module' declaration; this one repeats '${module2.name}' declared at line ${module2.span.line}`);
          else module2 = m;
        } else {
          decls.push(this.topDecl());
        }
        this.endOfLine();
      } catch (e) {
        if (!(e instanceof ParseError)) throw e;
        this.recoverLine(false);
      }
      if (this.pos === start) this.pos++;
      this.tokens.release(this.pos);
    }
    return { file, module: module2, decls };
  }
  /** A function body whose first token is the stream's first; its statements go to `visit`. */
  body(visit, known) {
    return this.block("a function body", visit, known);
  }
  lone() {
    try {
      while (this.at(NEWLINE2) && !this.at(EOF2)) this.pos++;
      const e = this.expr();
      while (this.at(NEWLINE2)) this.pos++;
      if (!this.at(EOF2)) this.fail(`expected the end of the expression, found ${this.describe(this.pos)}`);
      return e;
    } catch (e) {
      if (!(e instanceof ParseError)) throw e;
      return void 0;
    }
  }
  moduleDecl() {
    const kw = this.next();
    const name = this.ident("a module name after 'module'");
    return { name: this.text(name), span: this.between(this.span(kw), this.span(name)) };
  }
  topDecl() {
    if (this.at(IDENT2)) {
      const word2 = this.text(this.pos);
      switch (word2) {
        case "import":
          return this.importDecl();
        case "const":
          return this.constDecl();
        case "dram":
          return this.dramDecl();
        case "cores":
          return this.coresDecl();
        case "func":
          return this.funcDecl();
        case "sbuf":
        case "psum":
          this.fail(`'${word2}' tensors are declared inside a function (they live in a core's on-chip memory); only 'dram' is declared at the top level`);
      }
    }
    this.fail(`expected a declaration ('module', 'import', 'const', 'dram' or 'func'), found ${this.describe(this.pos)}`);
  }
  importDecl() {
    const kw = this.next();
    const path3 = this.expect(STRING2, `a quoted path after 'import', like import "lib.bir"`);
    return { kind: "import", path: this.text(path3), pathSpan: this.span(path3), span: this.between(this.span(kw), this.span(path3)) };
  }
  constDecl() {
    const kw = this.next();
    const name = this.word(this.ident("a constant name after 'const'"));
    this.expectPunct("=", `'=' after the constant name '${name.text}'`);
    const value = this.expr();
    return { kind: "const", name: name.text, nameSpan: name.span, value, span: this.between(this.span(kw), value.span) };
  }
  coresDecl() {
    const kw = this.next();
    const value = this.expr();
    return { kind: "cores", value, span: this.between(this.span(kw), value.span) };
  }
  dramDecl() {
    const kw = this.next();
    const name = this.word(this.ident("a tensor name after 'dram'"));
    this.expectPunct(":", `':' and a type after the tensor name '${name.text}', like 'dram x : f32[128, 64]'`);
    const type = this.typeRef();
    let role;
    let end = type.span;
    if (this.isWord("input") || this.isWord("output")) {
      const r = this.next();
      role = this.text(r);
      end = this.span(r);
    }
    let init;
    if (this.isPunct("=")) {
      this.pos++;
      init = this.expr();
      end = init.span;
    }
    return { kind: "dram", name: name.text, nameSpan: name.span, type, role, init, span: this.between(this.span(kw), end) };
  }
  funcDecl() {
    const kw = this.next();
    const name = this.word(this.ident("a function name after 'func'"));
    this.expectPunct("(", `'(' after the function name '${name.text}'`);
    const params = [];
    if (!this.isPunct(")")) {
      do
        params.push(this.param());
      while (this.eatPunct(","));
    }
    const close = this.expectPunct(")", `',' or ')' in the parameters of '${name.text}'`);
    const span = this.between(this.span(kw), this.span(close));
    const start = this.outline && this.tokens.stateBefore(this.pos);
    const skipped = this.outline?.skipBodies ? this.tokens.skipBlock() : void 0;
    let body;
    if (skipped) {
      body = { stmts: [], open: skipped.open, close: skipped.close };
    } else {
      this.skim = start !== void 0;
      try {
        body = this.block(`the body of function '${name.text}'`, start ? dropStatement : void 0);
      } finally {
        this.skim = false;
      }
    }
    const decl = { kind: "func", name: name.text, nameSpan: name.span, params, body, span };
    if (start) this.outline.bodies.set(decl, start);
    if (skipped) this.outline.unread.set(decl, skipped.close);
    return decl;
  }
  param() {
    const name = this.word(this.ident("a parameter: a tensor 'name: f32[P, F]' or a register like 'r1'"));
    if (!this.isPunct(":")) {
      if (REGISTER.test(name.text)) return { kind: "register", name: name.text, nameSpan: name.span, span: name.span };
      this.fail(`expected ':' and a type after the parameter '${name.text}' (a scalar parameter is written as a register, like 'r1')`);
    }
    this.pos++;
    let memory;
    if (this.isWord("dram") || this.isWord("sbuf") || this.isWord("psum")) memory = this.text(this.next());
    const type = this.typeRef();
    return { kind: "tensor", name: name.text, nameSpan: name.span, memory, type, span: this.between(name.span, type.span) };
  }
  typeRef() {
    const dtype = this.word(this.ident("a data type such as f32, bf16 or i32"));
    this.expectPunct("[", `'[' and the dimensions after '${dtype.text}', like ${dtype.text}[128, 64]`);
    const dims = [];
    if (!this.isPunct("]")) {
      do
        dims.push(this.expr());
      while (this.eatPunct(","));
    }
    const close = this.expectPunct("]", "',' or ']' in the dimensions");
    return { dtype: dtype.text, dtypeSpan: dtype.span, dims, span: this.between(dtype.span, this.span(close)) };
  }
  // ---- blocks and statements ----
  /** A `{ }` block; its statements go to `visit` when given, else into the block. */
  block(what, visit, known) {
    this.enter("blocks");
    try {
      if (this.at(NEWLINE2)) {
        let ahead = 0;
        while (this.kind(ahead) === NEWLINE2) ahead++;
        if (this.isPunct("{", ahead)) {
          this.diagnostics.error(this.realSpan(this.pos), `expected '{' to open ${what} on the line of its header, found the end of the line`);
          this.pos += ahead;
        }
      }
      const open = this.realSpan(this.expectPunct("{", `'{' to open ${what}`));
      const stmts = [];
      while (true) {
        const line = known && this.tokens.lineAhead(this.pos);
        const lineNumber = this.tokens.lineNumber;
        if (line && known.repeat(line, lineNumber)) {
          this.tokens.skipLine(line.length);
          continue;
        }
        if (this.at(NEWLINE2)) {
          this.pos++;
          continue;
        }
        if (this.isPunct("}")) return { stmts, open, close: this.realSpan(this.next()) };
        if (this.at(EOF2)) {
          this.diagnostics.error(this.realSpan(this.pos), `expected '}' to close ${what} opened at line ${open.line}, found the end of the file`);
          return { stmts, open, close: this.realSpan(this.pos) };
        }
        if (this.isWord("func")) {
          if (this.unclosedAt !== this.pos) {
            this.diagnostics.error(this.realSpan(this.pos), `expected '}' to close ${what} opened at line ${open.line}, found 'func'`);
            this.unclosedAt = this.pos;
          }
          return { stmts, open, close: this.realSpan(this.pos) };
        }
        const start = this.pos;
        try {
          const s = this.stmt();
          if (visit) visit(s);
          else stmts.push(s);
          this.endOfLine();
          if (line && this.aloneOnLine(s, lineNumber)) known.learn(line, lineNumber);
        } catch (e) {
          if (!(e instanceof ParseError)) throw e;
          this.recoverLine();
        }
        if (this.pos === start) this.pos++;
        this.tokens.release(this.pos);
      }
    } finally {
      this.nesting.blocks--;
    }
  }
  stmt() {
    if (this.isPunct("{")) {
      const span = this.realSpan(this.pos);
      return { kind: "block", body: this.block("a block"), span };
    }
    if (!this.at(IDENT2)) this.fail(`expected a statement (an instruction, 'Set', 'for', 'if', 'call', 'return' or an allocation), found ${this.describe(this.pos)}`);
    const word2 = this.text(this.pos);
    switch (word2) {
      case "sbuf":
      case "psum":
        return this.allocStmt();
      case "for":
        return this.forStmt();
      case "if":
        return this.ifStmt();
      case "call":
        return this.callStmt();
      case "return":
        return { kind: "return", span: this.span(this.next()) };
      case "Set":
        return this.setStmt();
      case "else":
        return this.fail("'else' must follow the '}' of its 'if' on the same line: } else {");
      case "dram":
      case "func":
      case "const":
      case "import":
        this.fail(`'${word2}' is declared at the top level of a file, not inside a function`);
    }
    return this.instruction();
  }
  allocStmt() {
    const kw = this.next();
    const memory = this.text(kw);
    const name = this.word(this.ident(`a tensor name after '${memory}'`));
    const array2 = this.arrayDims(name.text);
    this.expectPunct(":", `':' and a type after the tensor name '${name.text}'`);
    const type = this.typeRef();
    const attrs = [];
    let end = type.span;
    while (this.eatPunct(",")) {
      const attr = this.word(this.ident(`an attribute of '${name.text}' after ',', like '${memory === "psum" ? "bank = 2" : "offset = 4096"}'`));
      this.expectPunct("=", `'=' and a value after '${attr.text}'`);
      const value = this.expr();
      end = this.skim ? end : value.span;
      attrs.push(this.skim ? SKIPPED_ATTRIBUTE : { name: attr.text, nameSpan: attr.span, value, span: this.between(attr.span, value.span) });
    }
    return { kind: "alloc", memory, name: name.text, nameSpan: name.span, ...array2.length ? { array: array2 } : {}, type, ...attrs.length ? { attrs } : {}, span: this.between(this.span(kw), end) };
  }
  /** `[4][2]` after an allocation's name: the dimensions of an array of tiles, one bracket each. */
  arrayDims(name) {
    const dims = [];
    while (this.eatPunct("[")) {
      this.indexDepth++;
      try {
        dims.push(this.expr());
      } finally {
        this.indexDepth--;
      }
      this.expectPunct("]", `']' after a dimension of the array of tiles '${name}' (one dimension per bracket: '${name}[4][2]')`);
    }
    return dims;
  }
  forStmt() {
    const kw = this.next();
    const reg = this.word(this.ident("a loop register after 'for', like 'for r0 in 0..4'"));
    this.expectWord("in", `'in' after the loop register '${reg.text}'`);
    const from = this.expr();
    this.expectPunct("..", "'..' between the bounds of the loop, like 0..4");
    const to = this.expr();
    let step2;
    let end = to.span;
    if (this.isWord("step")) {
      this.pos++;
      step2 = this.expr();
      end = step2.span;
    }
    let independent;
    if (this.isWord("independent")) {
      independent = this.span(this.next());
      end = independent;
    }
    const span = this.between(this.span(kw), end);
    const body = this.block(`the body of the loop over '${reg.text}'`);
    return { kind: "for", register: reg.text, registerSpan: reg.span, from, to, step: step2, ...independent ? { independent } : {}, body, span };
  }
  ifStmt() {
    const kw = this.next();
    const cond = this.expr();
    const span = this.between(this.span(kw), cond.span);
    const then = this.block("the branch of 'if'");
    let elseBlock;
    if (this.isWord("else")) {
      const elseSpan = this.span(this.next());
      if (this.isWord("if")) {
        this.enter("blocks");
        let nested;
        try {
          nested = this.ifStmt();
        } finally {
          this.nesting.blocks--;
        }
        elseBlock = { stmts: [nested], open: elseSpan, close: nested.else?.close ?? nested.then.close };
      } else {
        elseBlock = this.block("the branch of 'else'");
      }
    }
    return { kind: "if", cond, then, else: elseBlock, span };
  }
  callStmt() {
    const kw = this.next();
    const callee = this.qualifiedName("a function name after 'call'");
    this.expectPunct("(", `'(' and the arguments after '${callee.text}'`);
    const args = [];
    if (!this.isPunct(")")) {
      do
        args.push(this.expr());
      while (this.eatPunct(","));
    }
    const close = this.expectPunct(")", `',' or ')' in the arguments of '${callee.text}'`);
    return { kind: "call", callee: callee.text, calleeSpan: callee.span, args, span: this.between(this.span(kw), this.span(close)) };
  }
  setStmt() {
    const kw = this.next();
    const reg = this.word(this.ident("a register after 'Set', like 'Set r1 = r0 * 4'"));
    this.expectPunct("=", `'=' after '${reg.text}'`);
    const value = this.expr();
    return { kind: "set", register: reg.text, registerSpan: reg.span, value, span: this.between(this.span(kw), value.span) };
  }
  instruction() {
    const op = this.next();
    let opcode = this.text(op);
    let opcodeSpan = this.span(op);
    if (this.isPunct(".") && this.kind(1) === IDENT2) {
      this.pos++;
      const variant = this.next();
      opcode = `${opcode}.${this.text(variant)}`;
      opcodeSpan = this.between(opcodeSpan, this.span(variant));
    }
    const operands = [];
    const attrs = [];
    let dst;
    let end = opcodeSpan;
    if (!this.atStatementEnd()) {
      const first = this.operandOrAttribute(operands, attrs);
      end = first;
      if (this.isPunct("<-")) {
        if (attrs.length > 0 || operands.length !== 1) this.fail("the destination before '<-' must be a tensor or a register, not an attribute");
        dst = operands.pop();
        end = this.span(this.next());
        if (this.atStatementEnd()) this.fail(`expected the operands of ${opcode} after '<-'`);
        end = this.operandOrAttribute(operands, attrs);
      }
      while (this.eatPunct(",")) end = this.operandOrAttribute(operands, attrs);
    }
    return { kind: "instr", opcode, opcodeSpan, dst, operands, attrs, span: this.between(this.span(op), end) };
  }
  /** An operand, or `name = value`: an identifier followed by a single '=' starts an attribute. Returns the span parsed. */
  operandOrAttribute(operands, attrs) {
    if (this.startsNamedValue()) {
      const name = this.text(this.pos);
      const nameSpan = this.span(this.pos);
      this.pos += 2;
      const value = this.expr();
      attrs.push(this.skim ? SKIPPED_ATTRIBUTE : { name, nameSpan, value, span: this.between(nameSpan, value.span) });
      return value.span;
    }
    const e = this.expr();
    operands.push(e);
    return e.span;
  }
  /** `name =`: an attribute, or a named argument. */
  startsNamedValue() {
    return this.at(IDENT2) && this.isPunct("=", 1);
  }
  // ---- expressions ----
  expr() {
    const leaf = this.leaf();
    if (leaf) return leaf;
    const start = this.pos;
    const e = this.binaryLevel(1);
    if (this.nesting.expressions === 0 && this.pos - start > MAX_NESTING) {
      if (this.skim) return this.unskimmed(start);
      const { nesting, chain } = exprDepth(e);
      const problem = nesting > MAX_NESTING ? `too deeply nested: more than ${MAX_NESTING} levels of expressions` : chain > MAX_CHAIN ? `too long: more than ${MAX_CHAIN} operators in a row (split the expression with Set)` : void 0;
      if (problem) {
        this.diagnostics.error(e.span, problem);
        throw new ParseError(problem);
      }
    }
    return e;
  }
  /**
   * A lone number or name that nothing after it continues (a comma, a bracket, the end of the line...): what the
   * levels of the grammar below would return, without passing through each. Most operands a compiler writes are one
   * token, and a big program has millions of them. Undefined for anything else, which the levels parse.
   */
  leaf() {
    if (this.nesting.expressions >= MAX_NESTING) return void 0;
    const s = this.slot();
    const kind = this.tokens.kinds[s];
    if (kind !== NUMBER2 && kind !== IDENT2) return void 0;
    const after = this.slot(1);
    const next3 = this.tokens.kinds[after];
    if (!(next3 === NEWLINE2 || next3 === EOF2 || next3 === PUNCT2 && LEAF_ENDS.has(this.tokens.texts[after]))) return void 0;
    this.pos++;
    if (this.skim) return SKIPPED;
    if (kind === NUMBER2) return { kind: "number", value: this.tokens.values[s], span: this.tokens.span(s) };
    return { kind: "name", name: this.tokens.texts[s], span: this.tokens.span(s) };
  }
  /** The expression that starts at token `start`, parsed again with its tree. */
  unskimmed(start) {
    this.pos = start;
    this.skim = false;
    try {
      return this.expr();
    } finally {
      this.skim = true;
    }
  }
  /**
   * Left-associative binary operators by precedence climbing: `||` (1) < `&&` (2) < comparisons (3) < `+ -` (4) <
   * `* / %` (5); operands are unary expressions. One call per level that is actually used, not per level of the grammar.
   */
  binaryLevel(min) {
    let left = this.unary();
    while (true) {
      const s = this.slot();
      const prec = this.tokens.kinds[s] === PUNCT2 ? BINARY_PRECEDENCE.get(this.tokens.texts[s]) : void 0;
      if (prec === void 0 || prec < min) return left;
      const op = this.tokens.texts[s];
      this.pos++;
      const right = this.binaryLevel(prec + 1);
      left = this.skim ? SKIPPED : binary(op, left, right);
    }
  }
  unary() {
    this.enter("expressions");
    try {
      if (this.isPunct("-") || this.isPunct("+") || this.isPunct("!")) {
        const op = this.next();
        const operand = this.unary();
        if (this.skim) return SKIPPED;
        return { kind: "unary", op: this.text(op), operand, span: this.between(this.span(op), operand.span) };
      }
      return this.power();
    } finally {
      this.nesting.expressions--;
    }
  }
  /** `**` binds tighter than unary minus and groups to the right, as in Python: -2**2 is -4, 2**3**2 is 512. */
  power() {
    const base2 = this.postfix();
    if (this.isPunct("**")) {
      this.pos++;
      const exponent = this.unary();
      return this.skim ? SKIPPED : binary("**", base2, exponent);
    }
    return base2;
  }
  postfix() {
    let e = this.primary();
    while (true) {
      if (this.isPunct("[")) {
        e = this.indexSuffix(e);
      } else if (this.isPunct(".") && this.kind(1) === IDENT2) {
        this.pos++;
        const member = this.word(this.next());
        let args;
        let end = member.span;
        if (this.isPunct("(")) {
          this.pos++;
          args = [];
          if (!this.isPunct(")")) {
            do
              args.push(this.expr());
            while (this.eatPunct(","));
          }
          end = this.span(this.expectPunct(")", `',' or ')' after the arguments of '.${member.text}'`));
        }
        e = this.skim ? SKIPPED : { kind: "member", base: e, member: member.text, args, span: this.between(e.span, end) };
      } else {
        return e;
      }
    }
  }
  indexSuffix(base2) {
    this.pos++;
    const items2 = [];
    this.indexDepth++;
    try {
      if (!this.isPunct("]")) {
        do
          items2.push(this.indexItem());
        while (this.eatPunct(","));
      }
    } finally {
      this.indexDepth--;
    }
    const close = this.expectPunct("]", "',' or ']' in the index");
    if (this.skim) return SKIPPED;
    return { kind: "index", base: base2, items: items2, span: this.between(base2.span, this.span(close)) };
  }
  /** `i`, `a:b`, `a:b:s`, `:`, `::s`, `a:`. */
  indexItem() {
    const startTok = this.pos;
    const lo = this.startsSliceSeparator() ? void 0 : this.expr();
    if (!this.startsSliceSeparator()) {
      if (!lo) this.fail("expected an index");
      return this.skim ? SKIPPED_ITEM : { kind: "at", index: lo, span: lo.span };
    }
    let hi;
    let step2;
    let end = this.span(this.pos);
    if (this.isPunct("::")) {
      this.pos++;
      if (!this.isIndexEnd()) {
        step2 = this.expr();
        end = step2.span;
      }
    } else {
      this.pos++;
      if (!this.isIndexEnd() && !this.isPunct(":")) {
        hi = this.expr();
        end = hi.span;
      }
      if (this.isPunct(":")) {
        end = this.span(this.next());
        if (!this.isIndexEnd()) {
          step2 = this.expr();
          end = step2.span;
        }
      }
    }
    return this.skim ? SKIPPED_ITEM : { kind: "slice", lo, hi, step: step2, span: this.between(lo?.span ?? this.span(startTok), end) };
  }
  startsSliceSeparator() {
    return this.isPunct(":") || this.isPunct("::");
  }
  isIndexEnd() {
    return this.isPunct(",") || this.isPunct("]");
  }
  primary() {
    const s = this.slot();
    const kind = this.tokens.kinds[s];
    if (this.skim && (kind === NUMBER2 || kind === STRING2)) {
      this.pos++;
      return SKIPPED;
    }
    if (kind === NUMBER2) {
      const value = this.tokens.values[s];
      const span = this.tokens.span(s);
      this.pos++;
      return { kind: "number", value, span };
    }
    if (kind === STRING2) {
      const value = this.tokens.texts[s];
      const span = this.tokens.span(s);
      this.pos++;
      return { kind: "string", value, span };
    }
    if (this.isPunct("(")) {
      const open = this.skim ? SKIPPED_SPAN : this.span(this.pos);
      this.pos++;
      const inner = this.expr();
      const close = this.expectPunct(")", "')' to close '('");
      if (this.skim || inner.kind === "name" || inner.kind === "number" || inner.kind === "string") return inner;
      return { ...inner, span: this.between(open, this.span(close)) };
    }
    if (kind === IDENT2) {
      const name = this.indexDepth > 0 ? this.word(this.next()) : this.qualifiedName("a name");
      if (this.isPunct("(")) return this.callSuffix(name.text, name.span);
      return this.skim ? SKIPPED : { kind: "name", name: name.text, span: name.span };
    }
    this.fail(`expected an expression, found ${this.describe(this.pos)}`);
  }
  callSuffix(callee, calleeSpan) {
    this.pos++;
    const args = [];
    const named = [];
    if (!this.isPunct(")")) {
      do {
        if (this.startsNamedValue()) {
          const name = this.text(this.pos);
          const nameSpan = this.span(this.pos);
          this.pos += 2;
          const value = this.expr();
          named.push({ name, value, span: this.between(nameSpan, value.span) });
        } else {
          if (named.length > 0) this.fail(`positional arguments of '${callee}' come before named ones`);
          args.push(this.expr());
        }
      } while (this.eatPunct(","));
    }
    const close = this.expectPunct(")", `',' or ')' in the arguments of '${callee}'`);
    if (this.skim) return SKIPPED;
    return { kind: "call", callee, calleeSpan, args, named, span: this.between(calleeSpan, this.span(close)) };
  }
  qualifiedName(what) {
    const first = this.ident(what);
    if (!(this.isPunct("::") && this.kind(1) === IDENT2)) return this.word(first);
    let text = this.text(first);
    let span = this.span(first);
    while (this.isPunct("::") && this.kind(1) === IDENT2) {
      this.pos++;
      const part = this.next();
      text += `::${this.text(part)}`;
      span = this.between(span, this.span(part));
    }
    return { text, span };
  }
  // ---- tokens ----
  /** The slot of the token `ahead` of the current one. */
  slot(ahead = 0) {
    return this.tokens.slot(this.pos + ahead);
  }
  kind(ahead = 0) {
    const s = this.slot(ahead);
    return this.tokens.kinds[s];
  }
  tokenLine(ahead) {
    const s = this.slot(ahead);
    return this.tokens.lines[s];
  }
  text(t) {
    return this.tokens.text(this.tokens.slot(t));
  }
  span(t) {
    return this.skim ? SKIPPED_SPAN : this.tokens.span(this.tokens.slot(t));
  }
  /** The span of a token even in a skimmed body: for a diagnostic, a line a message names, or the end of a body. */
  realSpan(t) {
    return this.tokens.span(this.tokens.slot(t));
  }
  between(start, end) {
    return this.skim ? SKIPPED_SPAN : spanBetween(start, end);
  }
  word(t) {
    return { text: this.text(t), span: this.span(t) };
  }
  /** Reads the current token. */
  next() {
    const t = this.pos;
    if (this.kind() !== EOF2) this.pos++;
    return t;
  }
  at(kind) {
    return this.kind() === kind;
  }
  isPunct(p, ahead = 0) {
    const s = this.slot(ahead);
    return this.tokens.kinds[s] === PUNCT2 && this.tokens.texts[s] === p;
  }
  isWord(w) {
    const s = this.slot();
    return this.tokens.kinds[s] === IDENT2 && this.tokens.texts[s] === w;
  }
  eatPunct(p) {
    if (!this.isPunct(p)) return false;
    this.pos++;
    return true;
  }
  atStatementEnd() {
    return this.at(NEWLINE2) || this.at(EOF2) || this.isPunct("}");
  }
  expect(kind, what) {
    if (!this.at(kind)) this.fail(`expected ${what}, found ${this.describe(this.pos)}`);
    return this.next();
  }
  ident(what) {
    return this.expect(IDENT2, what);
  }
  expectPunct(p, what) {
    if (!this.isPunct(p)) this.fail(`expected ${what}, found ${this.describe(this.pos)}`);
    return this.next();
  }
  expectWord(w, what) {
    if (!this.isWord(w)) this.fail(`expected ${what}, found ${this.describe(this.pos)}`);
    return this.next();
  }
  /** A statement ends at a newline; a '}' may close the block on the same line. */
  /** The statement began line `line` and the newline just read ended it on the same line (no '}' after it). */
  aloneOnLine(s, line) {
    if (s.kind === "for" || s.kind === "if" || s.kind === "block") return false;
    return s.span.line === line && s.span.endLine === line && this.kind(-1) === NEWLINE2 && this.tokenLine(-1) === line;
  }
  endOfLine() {
    if (this.unclosedAt === this.pos) return;
    if (this.at(NEWLINE2) || this.at(EOF2)) {
      if (this.at(NEWLINE2)) this.pos++;
      return;
    }
    if (this.isPunct("}")) return;
    this.fail(`expected the end of the line, found ${this.describe(this.pos)}`);
  }
  /** One level deeper in expressions or blocks; the caller leaves it in a `finally`. */
  enter(what) {
    if (this.nesting[what] >= MAX_NESTING) this.fail(`too deeply nested: more than ${MAX_NESTING} levels of ${what}`);
    this.nesting[what]++;
  }
  fail(message) {
    const s = this.slot();
    if (!this.lexicalLines.has(this.tokens.lines[s])) this.diagnostics.error(this.tokens.span(s), message);
    throw new ParseError(message);
  }
  /**
   * Skips the rest of a broken statement: up to its newline, jumping over whole `{ }` blocks it opens. Inside a
   * block it stops at the '}' that closes the block; at the top level a stray '}' is skipped with the line.
   */
  recoverLine(inBlock = true) {
    let depth = 0;
    while (!this.at(EOF2)) {
      if (this.isPunct("{")) depth++;
      if (this.isPunct("}")) {
        if (depth === 0 && inBlock) return;
        depth = Math.max(0, depth - 1);
      }
      if (this.at(NEWLINE2) && depth === 0) {
        this.pos++;
        return;
      }
      this.pos++;
    }
  }
  describe(t) {
    const s = this.tokens.slot(t);
    switch (this.tokens.kinds[s]) {
      case EOF2:
        return "the end of the file";
      case NEWLINE2:
        return "the end of the line";
      case STRING2:
        return `the string "${this.tokens.text(s)}"`;
      case NUMBER2:
        return `the number ${this.tokens.text(s)}`;
      default:
        return `'${this.tokens.text(s)}'`;
    }
  }
};
function dropStatement() {
}
function binary(op, left, right) {
  return { kind: "binary", op, left, right, span: spanBetween(left.span, right.span) };
}
function exprDepth(root) {
  let nesting = 0;
  let chain = 0;
  const stack = [[root, 1, 0]];
  while (stack.length > 0) {
    const [e, depth, run] = stack.pop();
    nesting = Math.max(nesting, depth);
    chain = Math.max(chain, run);
    if (e.kind === "binary") {
      stack.push([e.left, depth, run + 1], [e.right, depth + 1, 0]);
      continue;
    }
    const children = e.kind === "unary" ? [e.operand] : e.kind === "call" ? [...e.args, ...e.named.map((n) => n.value)] : e.kind === "index" ? [e.base, ...e.items.flatMap((i) => i.kind === "at" ? [i.index] : [i.lo, i.hi, i.step])] : e.kind === "member" ? [e.base, ...e.args ?? []] : [];
    for (const c of children) if (c) stack.push([c, depth + 1, 0]);
  }
  return { nesting, chain };
}

// engine/ir/columns.ts
var Column = class {
  constructor(make, capacity = 16) {
    this.make = make;
    this.data = new make(capacity);
  }
  make;
  data;
  length = 0;
  /** Appends a value; its position. */
  push(value) {
    if (this.length === this.data.length) this.grow(this.length + 1);
    this.data[this.length] = value;
    return this.length++;
  }
  /** Appends four values at once (a span: line, col, endLine, endCol); the position of the first. */
  push4(a, b, c, d) {
    const at = this.length;
    if (at + 4 > this.data.length) this.grow(at + 4);
    const data = this.data;
    data[at] = a;
    data[at + 1] = b;
    data[at + 2] = c;
    data[at + 3] = d;
    this.length = at + 4;
    return at;
  }
  /** Appends `values[from..to)`, each plus `shift` (a run of rows copied from elsewhere, renumbered). */
  pushRange(values2, from, to, shift = 0) {
    const at = this.length;
    const n = to - from;
    if (at + n > this.data.length) this.grow(at + n);
    const data = this.data;
    for (let i = 0; i < n; i++) data[at + i] = values2[from + i] + shift;
    this.length = at + n;
  }
  get(i) {
    return this.data[i];
  }
  set(i, value) {
    this.data[i] = value;
  }
  /** The values as one typed array of exactly their length (the column must not grow afterwards). */
  seal() {
    if (this.data.length !== this.length) this.data = this.data.slice(0, this.length);
    return this.data;
  }
  /** The values so far, without copying (valid until the column grows). */
  view() {
    return this.data;
  }
  grow(min) {
    const next3 = new this.make(Math.max(min, this.data.length * 2, 16));
    next3.set(this.data);
    this.data = next3;
  }
};
var int32s = () => new Column(Int32Array);
var uint8s = () => new Column(Uint8Array);
var uint16s = () => new Column(Uint16Array);
var float64s = () => new Column(Float64Array);

// engine/base/dtype.ts
var DTYPES = Object.freeze([
  "f32",
  "bf16",
  "f16",
  "fp8e4m3",
  "fp8e4m3fn",
  "fp8e5m2",
  "e8m0",
  "fp4e2m1",
  "fp8e4m3fn_x4",
  "fp8e5m2_x4",
  "fp4e2m1_x4",
  "i32",
  "i16",
  "i8",
  "u32",
  "u16",
  "u8"
]);
var DTYPE_SET = new Set(DTYPES);
function isDType(s) {
  return DTYPE_SET.has(s);
}
function floatInfo(name, bytes, maxFinite, nki) {
  return Object.freeze({ name, bytes, isFloat: true, isInteger: false, isSigned: true, maxFinite, minFinite: -maxFinite, nki });
}
function intInfo(name, bytes, isSigned, nki) {
  const bits = bytes * 8;
  const minFinite = isSigned ? -(2 ** (bits - 1)) : 0;
  const maxFinite = isSigned ? 2 ** (bits - 1) - 1 : 2 ** bits - 1;
  return Object.freeze({ name, bytes, isFloat: false, isInteger: true, isSigned, maxFinite, minFinite, nki });
}
function packedInfo(name, element2, bitsEach, nki) {
  const bytes = 4 * bitsEach / 8;
  const container = bytes === 4 ? "u32" : "u16";
  const packed = Object.freeze({ element: element2, count: 4, bitsEach, container });
  return Object.freeze({ name, bytes, isFloat: false, isInteger: true, isSigned: false, maxFinite: 2 ** (8 * bytes) - 1, minFinite: 0, packed, nki });
}
var F32_MAX = 34028234663852886e22;
var BF16_MAX = 33895313892515355e22;
var F16_MAX = 65504;
var E4M3_MAX = 240;
var E4M3FN_MAX = 448;
var E5M2_MAX = 57344;
var E2M1_MAX = 6;
var INFO = {
  f32: floatInfo("f32", 4, F32_MAX, "float32"),
  bf16: floatInfo("bf16", 2, BF16_MAX, "bfloat16"),
  f16: floatInfo("f16", 2, F16_MAX, "float16"),
  fp8e4m3: floatInfo("fp8e4m3", 1, E4M3_MAX, "float8_e4m3"),
  fp8e4m3fn: floatInfo("fp8e4m3fn", 1, E4M3FN_MAX, "float8_e4m3fn"),
  fp8e5m2: floatInfo("fp8e5m2", 1, E5M2_MAX, "float8_e5m2"),
  // Unsigned: every value is a power of two from 2^-127 to 2^127.
  e8m0: Object.freeze({ name: "e8m0", bytes: 1, isFloat: true, isInteger: false, isSigned: false, maxFinite: 2 ** 127, minFinite: 2 ** -127, nki: "float8_e8m0fnu" }),
  fp4e2m1: floatInfo("fp4e2m1", 1, E2M1_MAX),
  fp8e4m3fn_x4: packedInfo("fp8e4m3fn_x4", "fp8e4m3fn", 8, "float8_e4m3fn_x4"),
  fp8e5m2_x4: packedInfo("fp8e5m2_x4", "fp8e5m2", 8, "float8_e5m2_x4"),
  fp4e2m1_x4: packedInfo("fp4e2m1_x4", "fp4e2m1", 4, "float4_e2m1fn_x4"),
  i32: intInfo("i32", 4, true, "int32"),
  i16: intInfo("i16", 2, true, "int16"),
  i8: intInfo("i8", 1, true, "int8"),
  u32: intInfo("u32", 4, false, "uint32"),
  u16: intInfo("u16", 2, false, "uint16"),
  u8: intInfo("u8", 1, false, "uint8")
};
function dtypeInfo(d) {
  return INFO[d];
}
function packedLayout(d) {
  return INFO[d].packed;
}
function dtypeOfNkiName(name) {
  const bare = name.replace(/^(nl|nki\.language|np|numpy)\./, "");
  return DTYPES.find((d) => INFO[d].nki === bare);
}

// engine/ir/field-interner.ts
var EMPTY = -1;
var FieldList = class {
  values = new Int32Array(64);
  length = 0;
  clear() {
    this.length = 0;
  }
  /** One field. (Fixed arities, not a rest parameter: an array per call was most of the cost of laying out a row.) */
  push(field) {
    if (this.length === this.values.length) this.grow(this.length + 1);
    this.values[this.length++] = field;
  }
  push2(a, b) {
    this.push(a);
    this.push(b);
  }
  push4(a, b, c, d) {
    if (this.length + 4 > this.values.length) this.grow(this.length + 4);
    const v = this.values;
    const n = this.length;
    v[n] = a;
    v[n + 1] = b;
    v[n + 2] = c;
    v[n + 3] = d;
    this.length = n + 4;
  }
  grow(min) {
    const more = new Int32Array(Math.max(this.values.length * 2, min));
    more.set(this.values);
    this.values = more;
  }
};
var FieldInterner = class {
  /** Each entry's fields, one after another; `starts[e]` is where entry e's begin, `starts[e + 1]` where they end. */
  fields = int32s();
  starts = int32s();
  /** The id of each entry. */
  ids = int32s();
  /** Slots of the hash table: an entry, or EMPTY. */
  slots = new Int32Array(1024).fill(EMPTY);
  count = 0;
  constructor() {
    this.starts.push(0);
  }
  /** The id given to these fields (the first `n` of `fields`) by `add`, or -1. */
  find(fields, n) {
    const mask = this.slots.length - 1;
    for (let s = hash2(fields, n) & mask; ; s = s + 1 & mask) {
      const entry = this.slots[s];
      if (entry === EMPTY) return -1;
      if (this.same(entry, fields, n)) return this.ids.get(entry);
    }
  }
  /** Interns the fields (the first `n` of `fields`) under `id`; they must not be there yet. */
  add(fields, n, id) {
    const entry = this.count++;
    for (let i = 0; i < n; i++) this.fields.push(fields[i]);
    this.starts.push(this.fields.length);
    this.ids.push(id);
    if (this.count * 2 > this.slots.length) this.rehash(this.slots.length * 2);
    else this.place(entry, hash2(fields, n));
  }
  /** Forgets every row (the program is built: nothing is interned any more). */
  clear() {
    this.fields = int32s();
    this.starts = int32s();
    this.starts.push(0);
    this.ids = int32s();
    this.slots = new Int32Array(16).fill(EMPTY);
    this.count = 0;
  }
  same(entry, fields, n) {
    const start = this.starts.get(entry);
    if (this.starts.get(entry + 1) - start !== n) return false;
    const stored = this.fields.view();
    for (let i = 0; i < n; i++) if (stored[start + i] !== (fields[i] | 0)) return false;
    return true;
  }
  place(entry, h2) {
    const mask = this.slots.length - 1;
    let s = h2 & mask;
    while (this.slots[s] !== EMPTY) s = s + 1 & mask;
    this.slots[s] = entry;
  }
  rehash(size) {
    this.slots = new Int32Array(size).fill(EMPTY);
    const stored = this.fields.view();
    for (let entry = 0; entry < this.count; entry++) {
      this.place(entry, hashRange(stored, this.starts.get(entry), this.starts.get(entry + 1)));
    }
  }
};
function hash2(fields, n) {
  let h2 = 2166136261;
  for (let i = 0; i < n; i++) h2 = Math.imul(h2 ^ (fields[i] | 0), 16777619);
  return mix(h2);
}
function hashRange(stored, start, end) {
  let h2 = 2166136261;
  for (let i = start; i < end; i++) h2 = Math.imul(h2 ^ stored[i], 16777619);
  return mix(h2);
}
function mix(h2) {
  h2 ^= h2 >>> 16;
  h2 = Math.imul(h2, 2246822507);
  h2 ^= h2 >>> 13;
  return h2 >>> 0;
}

// engine/ir/access-table.ts
var AT = 0;
var SLICE = 1;
var VIEW_TRANSPOSE = 0;
var VIEW_BCAST = 1;
var VIEW_RESHAPE = 2;
var VIEW_PERMUTE = 3;
var VIEW_BROADCAST = 4;
var VIEW_BITCAST = 5;
var MEMORIES = [void 0, "dram", "sbuf", "psum"];
var DTYPE_CODE = new Map(DTYPES.map((d, i) => [d, i]));
var CACHE_SIZE = 4096;
var NO_STEPS = [];
var AccessTable = class {
  constructor(exprs, decls, declIndex) {
    this.exprs = exprs;
    this.decls = decls;
    this.declIndex = declIndex;
  }
  exprs;
  decls;
  declIndex;
  tensor = int32s();
  memory = uint8s();
  dtype = uint8s();
  itemsFirst = int32s();
  itemsCount = uint8s();
  viewsFirst = int32s();
  viewsCount = uint8s();
  shapeFirst = int32s();
  rank = uint8s();
  /** Items: kind, then an index row, or the lo, hi and step rows of a slice. */
  itemKind = uint8s();
  itemA = int32s();
  itemB = int32s();
  itemC = int32s();
  /** Views: kind and argument (an expression row, or -1; for a reshape or permute, its first integer in viewInts). */
  viewKind = uint8s();
  viewArg = int32s();
  viewArgCount = uint8s();
  /** The dimensions of reshapes and the axes of permutations. */
  viewInts = int32s();
  /** Static dimensions; -1 for one that depends on registers. */
  dims = int32s();
  /** 1 when no expression of the row has a span (see spanFree), by row. */
  free = uint8s();
  interned = new FieldInterner();
  cache = new Array(CACHE_SIZE);
  scratch = new FieldList();
  /** The row of a pattern, interned. */
  add(ap) {
    const fields = this.scratch;
    fields.clear();
    fields.push4(this.declIndex(ap.tensor), MEMORIES.indexOf(ap.memory), DTYPE_CODE.get(ap.dtype), ap.items.length);
    for (const it of ap.items) {
      if (it.kind === "at") fields.push4(AT, this.exprs.add(it.index), -1, -1);
      else fields.push4(SLICE, this.exprs.add(it.lo), this.exprs.add(it.hi), this.exprs.add(it.step));
    }
    const steps = ap.steps ?? NO_STEPS;
    const views = (ap.bitcast ? 1 : 0) + steps.length + (ap.transpose ? 1 : 0) + (ap.bcast ? 1 : 0);
    fields.push(views);
    if (ap.bitcast) fields.push2(VIEW_BITCAST, DTYPE_CODE.get(ap.bitcast));
    for (const s of steps) {
      const ints = s.kind === "reshape" ? s.dims : s.kind === "permute" ? s.axes : [s.dim, s.size];
      fields.push2(s.kind === "reshape" ? VIEW_RESHAPE : s.kind === "permute" ? VIEW_PERMUTE : VIEW_BROADCAST, ints.length);
      for (const n of ints) fields.push(n);
    }
    if (ap.transpose) fields.push2(VIEW_TRANSPOSE, -1);
    if (ap.bcast) fields.push2(VIEW_BCAST, this.exprs.add(ap.bcast));
    fields.push(ap.shape.length);
    for (const d of ap.shape) fields.push(d ?? -1);
    const known = this.interned.find(fields.values, fields.length);
    if (known >= 0) return known;
    return this.store(fields.values, fields.length);
  }
  /** Whether no expression of the pattern (its indices, a `.bcast` count) has a span: the same row fits any line. */
  spanFree(row) {
    return this.free.get(row) === 1;
  }
  computeSpanFree(row) {
    const items2 = this.itemsFirst.get(row);
    for (let i = items2; i < items2 + this.itemsCount.get(row); i++) {
      if (!this.exprs.spanFree(this.itemA.get(i))) return false;
      if (this.itemKind.get(i) === SLICE && !(this.exprs.spanFree(this.itemB.get(i)) && this.exprs.spanFree(this.itemC.get(i)))) return false;
    }
    const views = this.viewsFirst.get(row);
    for (let v = views; v < views + this.viewsCount.get(row); v++) {
      if (this.viewKind.get(v) === VIEW_BCAST && !this.exprs.spanFree(this.viewArg.get(v))) return false;
    }
    return true;
  }
  /**
   * The row of the pattern of `row` written `delta` lines further (the same text on another line): `row` itself
   * when none of its expressions has a span, else the row of the pattern with those expressions moved (see
   * ExprTable.moved), its fields laid out as `add` lays them.
   */
  moved(row, delta) {
    if (this.spanFree(row)) return row;
    const fields = this.scratch;
    fields.clear();
    const items2 = this.itemsFirst.get(row);
    const itemCount = this.itemsCount.get(row);
    fields.push4(this.tensor.get(row), this.memory.get(row), this.dtype.get(row), itemCount);
    for (let i = items2; i < items2 + itemCount; i++) {
      const a = this.exprs.moved(this.itemA.get(i), delta);
      if (this.itemKind.get(i) === AT) fields.push4(AT, a, -1, -1);
      else fields.push4(SLICE, a, this.exprs.moved(this.itemB.get(i), delta), this.exprs.moved(this.itemC.get(i), delta));
    }
    const views = this.viewsFirst.get(row);
    const viewCount = this.viewsCount.get(row);
    fields.push(viewCount);
    for (let v = views; v < views + viewCount; v++) {
      const kind = this.viewKind.get(v);
      const arg = this.viewArg.get(v);
      if (kind === VIEW_RESHAPE || kind === VIEW_PERMUTE || kind === VIEW_BROADCAST) {
        const count = this.viewArgCount.get(v);
        fields.push2(kind, count);
        for (let j = 0; j < count; j++) fields.push(this.viewInts.get(arg + j));
      } else {
        fields.push2(kind, kind === VIEW_BCAST ? this.exprs.moved(arg, delta) : arg);
      }
    }
    const shape = this.shapeFirst.get(row);
    const rank = this.rank.get(row);
    fields.push(rank);
    for (let d = shape; d < shape + rank; d++) fields.push(this.dims.get(d));
    const known = this.interned.find(fields.values, fields.length);
    return known >= 0 ? known : this.store(fields.values, fields.length);
  }
  /** A new row from the fields `add` laid out. */
  store(fields, length) {
    let k = 0;
    const row = this.tensor.push(fields[k++]);
    this.memory.push(fields[k++]);
    this.dtype.push(fields[k++]);
    const items2 = fields[k++];
    this.itemsFirst.push(this.itemKind.length);
    this.itemsCount.push(items2);
    for (let i = 0; i < items2; i++) {
      this.itemKind.push(fields[k++]);
      this.itemA.push(fields[k++]);
      this.itemB.push(fields[k++]);
      this.itemC.push(fields[k++]);
    }
    const views = fields[k++];
    this.viewsFirst.push(this.viewKind.length);
    this.viewsCount.push(views);
    for (let i = 0; i < views; i++) {
      const kind = fields[k++];
      this.viewKind.push(kind);
      if (kind === VIEW_RESHAPE || kind === VIEW_PERMUTE || kind === VIEW_BROADCAST) {
        const count = fields[k++];
        this.viewArg.push(this.viewInts.length);
        this.viewArgCount.push(count);
        for (let j = 0; j < count; j++) this.viewInts.push(fields[k++]);
      } else {
        this.viewArg.push(fields[k++]);
        this.viewArgCount.push(0);
      }
    }
    const rank = fields[k++];
    this.shapeFirst.push(this.dims.length);
    this.rank.push(rank);
    for (let i = 0; i < rank; i++) this.dims.push(fields[k++]);
    this.interned.add(fields, length, row);
    this.free.push(this.computeSpanFree(row) ? 1 : 0);
    return row;
  }
  /** The pattern of a row, with the text and span of one of its occurrences. */
  get(row, text, span) {
    const shared = this.shared(row);
    const tensor = this.decls[this.tensor.get(row)];
    const dtype = DTYPES[this.dtype.get(row)];
    const memory = MEMORIES[this.memory.get(row)];
    if (!shared.bitcast && !shared.steps) return { tensor, items: shared.items, transpose: shared.transpose, bcast: shared.bcast, shape: shared.shape, dtype, memory, text, span };
    return {
      tensor,
      ...shared.bitcast && { bitcast: shared.bitcast },
      items: shared.items,
      ...shared.steps && { steps: shared.steps },
      transpose: shared.transpose,
      bcast: shared.bcast,
      shape: shared.shape,
      dtype,
      memory,
      text,
      span
    };
  }
  /** The tensor declaration a row names. */
  tensorOf(row) {
    return this.decls[this.tensor.get(row)];
  }
  shared(row) {
    const slot = row & CACHE_SIZE - 1;
    const hit = this.cache[slot];
    if (hit?.row === row) return hit;
    const made = this.make(row);
    this.cache[slot] = made;
    return made;
  }
  make(row) {
    const items2 = [];
    const first = this.itemsFirst.get(row);
    for (let i = 0; i < this.itemsCount.get(row); i++) {
      const k = first + i;
      const e = (col) => this.exprs.get(col.get(k));
      items2.push(this.itemKind.get(k) === AT ? { kind: "at", index: e(this.itemA) } : { kind: "slice", lo: e(this.itemA), hi: e(this.itemB), step: e(this.itemC) });
    }
    let transpose2 = false;
    let bcast;
    let bitcast;
    let steps;
    const views = this.viewsFirst.get(row);
    for (let i = 0; i < this.viewsCount.get(row); i++) {
      const kind = this.viewKind.get(views + i);
      if (kind === VIEW_TRANSPOSE) transpose2 = true;
      else if (kind === VIEW_BCAST) bcast = this.exprs.get(this.viewArg.get(views + i));
      else if (kind === VIEW_BITCAST) bitcast = DTYPES[this.viewArg.get(views + i)];
      else {
        const first2 = this.viewArg.get(views + i);
        const ints = [];
        for (let j = 0; j < this.viewArgCount.get(views + i); j++) ints.push(this.viewInts.get(first2 + j));
        (steps ??= []).push(kind === VIEW_RESHAPE ? { kind: "reshape", dims: ints } : kind === VIEW_PERMUTE ? { kind: "permute", axes: ints } : { kind: "broadcast", dim: ints[0], size: ints[1] });
      }
    }
    const shape = [];
    const dims = this.shapeFirst.get(row);
    for (let i = 0; i < this.rank.get(row); i++) {
      const d = this.dims.get(dims + i);
      shape.push(d < 0 ? void 0 : d);
    }
    return { row, items: items2, shape, steps, transpose: transpose2, bcast, bitcast };
  }
  seal() {
    const columns = [this.tensor, this.memory, this.dtype, this.itemsFirst, this.itemsCount, this.viewsFirst, this.viewsCount, this.shapeFirst, this.rank, this.itemKind, this.itemA, this.itemB, this.itemC, this.viewKind, this.viewArg, this.viewArgCount, this.viewInts, this.dims, this.free];
    for (const c of columns) c.seal();
    this.interned.clear();
  }
};

// engine/ir/program.ts
var INDEX_NAMES = ["p", "f", "f0", "f1", "f2", "f3"];
var SCALAR_FUNCTIONS = ["min", "max", "abs", "floor", "ceil", "sqrt"];
function arrayRank(t) {
  return t.kind === "alloc" ? t.array?.length ?? 0 : 0;
}
function tileShape(t) {
  const n = arrayRank(t);
  return n === 0 ? t.shape : [t.shape[0], ...t.shape.slice(1 + n)];
}

// engine/ir/span-columns.ts
var SpanColumns = class {
  numbers = int32s();
  sealed;
  /** Appends a span; its position (the file is the caller's to keep). */
  push(span) {
    return this.numbers.push4(span.line, span.col, span.endLine, span.endCol) / 4;
  }
  get count() {
    return this.numbers.length / 4;
  }
  /** The span at a position, in a file. */
  span(at, file) {
    const n = this.sealed ?? this.numbers.view();
    const k = at * 4;
    return { file, line: n[k], col: n[k + 1], endLine: n[k + 2], endCol: n[k + 3] };
  }
  /** Appends the span at `at`, `delta` lines further; its position. */
  pushMoved(at, delta) {
    const n = this.numbers;
    const k = at * 4;
    return n.push4(n.get(k) + delta, n.get(k + 1), n.get(k + 2) + delta, n.get(k + 3)) / 4;
  }
  line(at) {
    return (this.sealed ?? this.numbers.view())[at * 4];
  }
  col(at) {
    return (this.sealed ?? this.numbers.view())[at * 4 + 1];
  }
  seal() {
    this.sealed = this.numbers.seal();
  }
};

// engine/ir/expr-table.ts
var CONST = 0;
var REG = 1;
var CORE = 2;
var NCORES = 3;
var UNARY = 4;
var BINARY = 5;
var FN = 6;
var INDEX = 7;
var BINARY_OPS = ["+", "-", "*", "/", "%", "**", "==", "!=", "<", "<=", ">", ">=", "&&", "||"];
var BINARY_CODE = new Map(BINARY_OPS.map((op, i) => [op, i]));
var UNARY_OPS = ["-", "!"];
var FUNCTION_CODE = new Map(SCALAR_FUNCTIONS.map((f2, i) => [f2, i]));
var CACHE_SIZE2 = 4096;
var ExprTable = class {
  /**
   * @param files the program's files, by index: spans of expressions name theirs.
   * @param fileIndex the index of a file name, added to `files` when new.
   */
  constructor(files, fileIndex) {
    this.files = files;
    this.fileIndex = fileIndex;
  }
  files;
  fileIndex;
  kinds = uint8s();
  a = int32s();
  b = int32s();
  c = int32s();
  /** The row's span in `spans`, or -1. */
  spanAt = int32s();
  fileAt = uint16s();
  consts = float64s();
  /** Arguments of function applications: rows of expressions, in order. */
  args = int32s();
  spans = new SpanColumns();
  interned = /* @__PURE__ */ new Map();
  negativeZero = -1;
  cache = new Array(CACHE_SIZE2);
  cached = new Int32Array(CACHE_SIZE2).fill(-1);
  /**
   * A number that is the same for two rows of one expression up to spans: the row, or for a register (whose rows
   * differ by their spans alone) -2 - its index. Instruction signatures (ir/code.ts) hold it.
   */
  signatureOf(row) {
    return this.kinds.get(row) === REG ? -2 - this.a.get(row) : row;
  }
  /** Whether no part of the expression has a span (a register or an operator has one): the same row fits any line. */
  spanFree(row) {
    switch (this.kinds.get(row)) {
      case REG:
      case BINARY:
        return false;
      case UNARY:
        return this.spanFree(this.b.get(row));
      case FN: {
        const first = this.b.get(row);
        for (let i = 0; i < this.c.get(row); i++) if (!this.spanFree(this.args.get(first + i))) return false;
        return true;
      }
      default:
        return true;
    }
  }
  /**
   * The row of the expression of `row` written `delta` lines further (the same text on another line): `row` itself
   * when no part has a span, else new rows for the parts that have one.
   */
  moved(row, delta) {
    if (this.spanFree(row)) return row;
    const kind = this.kinds.get(row);
    const a = this.a.get(row);
    switch (kind) {
      case UNARY: {
        const operand = this.moved(this.b.get(row), delta);
        return this.intern(`u${UNARY_OPS[a]}${operand}`, UNARY, a, operand, 0);
      }
      case FN: {
        const first = this.b.get(row);
        const rows = [];
        for (let i = 0; i < this.c.get(row); i++) rows.push(this.moved(this.args.get(first + i), delta));
        const key = `f${SCALAR_FUNCTIONS[a]}(${rows.join(",")})`;
        const known = this.interned.get(key);
        if (known !== void 0) return known;
        const at = this.row(FN, a, this.args.length, rows.length);
        for (const r of rows) this.args.push(r);
        this.interned.set(key, at);
        return at;
      }
      default: {
        const b = kind === BINARY ? this.moved(this.b.get(row), delta) : this.b.get(row);
        const c = kind === BINARY ? this.moved(this.c.get(row), delta) : this.c.get(row);
        const at = this.kinds.push(kind);
        this.a.push(a);
        this.b.push(b);
        this.c.push(c);
        this.spanAt.push(this.spans.pushMoved(this.spanAt.get(row), delta));
        this.fileAt.push(this.fileAt.get(row));
        return at;
      }
    }
  }
  /** The row of an expression (its sub-expressions first). */
  add(e) {
    switch (e.kind) {
      case "const":
        return this.constant(e.value);
      case "core":
        return this.intern("core", CORE, 0, 0, 0);
      case "ncores":
        return this.intern("ncores", NCORES, 0, 0, 0);
      case "index":
        return this.intern(`#${e.name}`, INDEX, INDEX_NAMES.indexOf(e.name), 0, 0);
      case "reg":
        return this.row(REG, e.index, 0, 0, e.span);
      case "unary": {
        const operand = this.add(e.operand);
        return this.intern(`u${e.op}${operand}`, UNARY, UNARY_OPS.indexOf(e.op), operand, 0);
      }
      case "binary": {
        const left = this.add(e.left);
        const right = this.add(e.right);
        return this.row(BINARY, BINARY_CODE.get(e.op), left, right, e.span);
      }
      case "fn": {
        const rows = e.args.map((x) => this.add(x));
        const key = `f${e.name}(${rows.join(",")})`;
        const known = this.interned.get(key);
        if (known !== void 0) return known;
        const first = this.args.length;
        for (const r of rows) this.args.push(r);
        const at = this.row(FN, FUNCTION_CODE.get(e.name), first, rows.length);
        this.interned.set(key, at);
        return at;
      }
    }
  }
  constant(value) {
    if (Object.is(value, -0)) {
      if (this.negativeZero < 0) this.negativeZero = this.constRow(value);
      return this.negativeZero;
    }
    const known = this.interned.get(value);
    if (known !== void 0) return known;
    const at = this.constRow(value);
    this.interned.set(value, at);
    return at;
  }
  constRow(value) {
    const at = this.row(CONST, this.consts.length, 0, 0);
    this.consts.push(value);
    return at;
  }
  intern(key, kind, a, b, c) {
    const known = this.interned.get(key);
    if (known !== void 0) return known;
    const at = this.row(kind, a, b, c);
    this.interned.set(key, at);
    return at;
  }
  row(kind, a, b, c, span) {
    const at = this.kinds.push(kind);
    this.a.push(a);
    this.b.push(b);
    this.c.push(c);
    this.spanAt.push(span ? this.spans.push(span) : -1);
    this.fileAt.push(span ? this.fileIndex(span.file) : 0);
    return at;
  }
  /** The expression of a row, as an object (the same object while it stays in the cache). */
  get(row) {
    const slot = row & CACHE_SIZE2 - 1;
    if (this.cached[slot] === row) return this.cache[slot];
    const e = this.make(row);
    this.cache[slot] = e;
    this.cached[slot] = row;
    return e;
  }
  make(row) {
    const a = this.a.get(row);
    switch (this.kinds.get(row)) {
      case CONST:
        return { kind: "const", value: this.consts.get(a) };
      case REG:
        return { kind: "reg", index: a, span: this.spanOf(row) };
      case CORE:
        return { kind: "core" };
      case NCORES:
        return { kind: "ncores" };
      case INDEX:
        return { kind: "index", name: INDEX_NAMES[a] };
      case UNARY:
        return { kind: "unary", op: UNARY_OPS[a], operand: this.get(this.b.get(row)) };
      case BINARY:
        return { kind: "binary", op: BINARY_OPS[a], left: this.get(this.b.get(row)), right: this.get(this.c.get(row)), span: this.spanOf(row) };
      default: {
        const first = this.b.get(row);
        const args = [];
        for (let i = 0; i < this.c.get(row); i++) args.push(this.get(this.args.get(first + i)));
        return { kind: "fn", name: SCALAR_FUNCTIONS[a], args };
      }
    }
  }
  /** The value of a constant row, or undefined for any other. */
  constantValue(row) {
    return this.kinds.get(row) === CONST ? this.consts.get(this.a.get(row)) : void 0;
  }
  spanOf(row) {
    return this.spans.span(this.spanAt.get(row), this.files[this.fileAt.get(row)]);
  }
  get rows() {
    return this.kinds.length;
  }
  seal() {
    for (const c of [this.kinds, this.a, this.b, this.c, this.spanAt, this.fileAt, this.consts, this.args]) c.seal();
    this.spans.seal();
    this.interned = /* @__PURE__ */ new Map();
  }
};

// engine/ir/opcodes.ts
var RECORDS = [
  { name: "DmaCopy", engine: "DMA", summary: "copy between any memories, with a cast", operands: ["src"] },
  { name: "TensorCopy", engine: "DVE", engines: ["DVE", "ACT", "POOL"], summary: "on-chip copy with a cast", elementwise: true, operands: ["src"] },
  { name: "Memset", engine: "POOL", engines: ["POOL", "DVE"], summary: "fill with a value", operands: ["value"] },
  { name: "Iota", engine: "POOL", summary: "dst[p, f] = base + p*pstep + f*fstep", operands: [] },
  { name: "MatMult", engine: "PE", summary: "dst[M, N] (+)= stationary[K, M]\u1D40 \xB7 moving[K, N]", accumulatesWith: "accumulate", operands: ["stationary", "moving"] },
  { name: "MatMultMX", engine: "PE", summary: "dst[M, N] (+)= \u03A3 over K partitions \xD7 4 packed values of stationary \xB7 moving, each 8\xD74 block scaled by its e8m0 scales", accumulatesWith: "accumulate", operands: ["stationary", "moving", "stationary_scale", "moving_scale"] },
  { name: "Transpose", engine: "PE", engines: ["PE", "DVE"], summary: "dst[F, P] = src[P, F]\u1D40", operands: ["src"] },
  { name: "Activation", engine: "ACT", summary: "dst = func(src * scale + bias) [, reduce_res = row sums]", elementwise: true, writesAttribute: "reduce_res", operands: ["src"] },
  { name: "TensorTensor", engine: "DVE", engines: ["DVE", "POOL"], summary: "dst = a op b, elementwise", elementwise: true, operands: ["a", "b"] },
  { name: "TensorScalar", engine: "DVE", engines: ["DVE", "ACT", "POOL"], summary: "dst = (a op scalar) op1 scalar1 [, reduce_res = row reductions]", elementwise: true, writesAttribute: "reduce_res", operands: ["a"] },
  { name: "ScalarTensorTensor", engine: "DVE", summary: "dst = (a op scalar) op1 b, elementwise", elementwise: true, operands: ["a", "b"] },
  { name: "TensorReduce", engine: "DVE", summary: "dst[P, 1] = reduction of src along the free dimension", operands: ["src"] },
  { name: "TensorTensorScan", engine: "DVE", summary: "dst[p, i] = (a[p, i] op dst[p, i-1]) op1 b[p, i], from initial", operands: ["a", "b"] },
  { name: "Select", engine: "DVE", summary: "dst = cond ? a : b, elementwise", elementwise: true, operands: ["cond", "a", "b"] },
  { name: "QuantizeMX", engine: "DVE", summary: "dst = src quantized to packed MX fp8, a block of 8\xD74 values per e8m0 scale in dst_scale", writesAttribute: "dst_scale", operands: ["src"] },
  { name: "Set", engine: "SP", summary: "set a register", statement: true },
  { name: "Load", engine: "SP", summary: "read one element into a register", operands: ["src"] },
  { name: "Barrier", engine: "SP", summary: "all cores wait for each other", ordered: true, byScheduler: true, operands: [] },
  { name: "Print", engine: "SP", summary: "program output", ordered: true },
  { name: "Assert", engine: "SP", summary: "fault when the condition is false", ordered: true },
  { name: "Assert.close", engine: "SP", summary: "fault when two tensors are not close", ordered: true }
];
var OPCODES = new Map(RECORDS.map((o) => [o.name, o]));
function writtenAttribute(opcode) {
  return OPCODES.get(opcode)?.writesAttribute;
}
var ENGINE_WORDS = { PE: "tensor", ACT: "scalar", DVE: "vector", POOL: "gpsimd" };
function engineOfWord(word2) {
  return Object.keys(ENGINE_WORDS).find((e) => ENGINE_WORDS[e] === word2);
}
function engineOf(opcode, attrs) {
  const chosen = attrs.get("engine");
  return (chosen?.kind === "word" ? engineOfWord(chosen.word) : void 0) ?? OPCODES.get(opcode).engine;
}
function isInstructionOpcode(name) {
  const info = OPCODES.get(name);
  return info !== void 0 && !info.statement;
}
var ACTIVATION_FUNCTIONS = [
  "identity",
  "relu",
  "gelu",
  "sigmoid",
  "tanh",
  "exp",
  "log",
  "sqrt",
  "rsqrt",
  "square",
  "silu",
  "softplus",
  "abs",
  "sign",
  "reciprocal",
  "sin",
  "cos"
];
var ALU_OPS = [
  "add",
  "sub",
  "mul",
  "div",
  "max",
  "min",
  "pow",
  "eq",
  "ne",
  "lt",
  "le",
  "gt",
  "ge",
  "and",
  "or",
  "xor",
  "abs_max",
  "abs_min",
  "shl",
  "shr",
  "invert",
  "abs",
  "square",
  "relu",
  "rsqrt",
  "reciprocal"
];
var UNARY_ALU_OPS = /* @__PURE__ */ new Set(["invert", "abs", "square", "relu", "rsqrt", "reciprocal"]);
var BIT_ALU_OPS = /* @__PURE__ */ new Set(["shl", "shr", "invert"]);
var REDUCE_OPS = ["add", "max", "min", "mul"];
var ENGINES = ["PE", "ACT", "DVE", "POOL", "DMA", "SP"];

// engine/ir/code.ts
var NODE_INSTR = 0;
var NODE_FOR = 1;
var NODE_IF = 2;
var NODE_CALL = 3;
var NODE_RETURN = 4;
var KIND_CODE = { instr: NODE_INSTR, for: NODE_FOR, if: NODE_IF, call: NODE_CALL, return: NODE_RETURN };
var OPERAND_TENSOR = 0;
var OPERAND_SCALAR = 1;
var OPERAND_REGISTER = 2;
var OPERAND_STRING = 3;
var OPERAND_EVAL = 4;
var ATTR_WORD = 0;
var ATTR_OPERAND = 1;
var OPCODE_NAMES = [...OPCODES.keys()];
var OPCODE_CODE = new Map(OPCODE_NAMES.map((o, i) => [o, i]));
var NO_ATTRIBUTES = /* @__PURE__ */ new Map();
var CACHE_SIZE3 = 8192;
var OBJECT = 255;
var FUSED = 254;
var MAX_ROW_MEMBERS = 255;
var Code = class _Code {
  constructor(text) {
    this.text = text;
    const fileIndex = (file) => this.fileIndex(file);
    this.exprs = new ExprTable(this.files, fileIndex);
    this.accesses = new AccessTable(this.exprs, this.decls, (d) => this.declOf(d));
  }
  text;
  /** Node kinds (NODE_*), by index. */
  kinds = uint8s();
  opcodes = uint8s();
  regionOf = int32s();
  fileOf = uint16s();
  /** line, col, endLine, endCol of each node. */
  spans = int32s();
  operandsFirst = int32s();
  /** Operands of the node; bit 7 set when the first is the destination. */
  operandsCount = uint8s();
  attrsFirst = int32s();
  attrsCount = uint8s();
  /** The earliest node each one is a moved copy of (appendMoved), itself when none: see copyOf. */
  copies = int32s();
  operandKind = uint8s();
  operandRef = int32s();
  /** A string's index for a text printed by a pass; -1 for the text the span covers in the source. */
  operandText = int32s();
  operandFile = uint16s();
  operandSpans = int32s();
  attrName = int32s();
  attrKind = uint8s();
  attrRef = int32s();
  attrFile = uint16s();
  attrSpans = int32s();
  strings = [];
  stringIndex = /* @__PURE__ */ new Map();
  evals = [];
  /** Nodes kept as objects: every node that is not a plain instruction. */
  objects = /* @__PURE__ */ new Map();
  /**
   * The members of fused groups, as rows of a code of their own (they are not nodes of the program's order): a
   * snapshot after `fuse` keeps its instructions compact, as the program as written does.
   */
  memberCode;
  groupNames = /* @__PURE__ */ new Map();
  /** Ids that are not the node's origin (copies a pass made); origin ids are derived. */
  ids = /* @__PURE__ */ new Map();
  inlined = /* @__PURE__ */ new Map();
  files = [];
  fileIndexOf = /* @__PURE__ */ new Map();
  regions = [];
  regionIndex = /* @__PURE__ */ new Map();
  decls = [];
  declIndex = /* @__PURE__ */ new Map();
  exprs;
  accesses;
  cache = new Array(CACHE_SIZE3);
  cached = new Int32Array(CACHE_SIZE3).fill(-1);
  seen = new Int32Array(CACHE_SIZE3).fill(-1);
  sealed = false;
  get length() {
    return this.kinds.length;
  }
  // ---- building ----
  /**
   * Appends a node; its index. A loop's or a branch's node is appended before its regions' nodes (reserve, then
   * `fill`), so that indices follow the program's order.
   */
  append(node) {
    const index = this.reserve();
    this.fill(index, node);
    return index;
  }
  /**
   * Whether `appendMoved` may copy the node: a plain instruction from the source, without an expression of
   * `Print` or `Assert` (kept as an object whose spans a copy could not move).
   */
  movable(index) {
    if (this.opcodes.get(index) >= FUSED || this.ids.has(index) || this.inlined.has(index)) return false;
    const end = this.operandRowsEnd(index);
    for (let r = this.operandsFirst.get(index); r < end; r++) if (this.operandKind.get(r) === OPERAND_EVAL) return false;
    return true;
  }
  /**
   * Appends a copy of node `from` (which `movable` allowed) at line `line` of its file, in its region: the node of
   * another line of the same text. Its index.
   */
  appendMoved(from, line) {
    if (this.sealed) throw new Error("the program's code is sealed");
    const s = from * 4;
    const delta = line - this.spans.get(s);
    const index = this.kinds.push(this.kinds.get(from));
    this.copies.push(this.copies.get(from));
    this.opcodes.push(this.opcodes.get(from));
    this.regionOf.push(this.regionOf.get(from));
    this.fileOf.push(this.fileOf.get(from));
    this.spans.push4(line, this.spans.get(s + 1), this.spans.get(s + 2) + delta, this.spans.get(s + 3));
    const first = this.operandsFirst.get(from);
    const end = this.operandRowsEnd(from);
    const shift = this.operandKind.length - first;
    this.operandsFirst.push(first + shift);
    this.operandsCount.push(this.operandsCount.get(from));
    for (let r = first; r < end; r++) {
      const kind = this.operandKind.get(r);
      const ref = this.operandRef.get(r);
      this.operandKind.push(kind);
      this.operandRef.push(kind === OPERAND_TENSOR ? this.accesses.moved(ref, delta) : kind === OPERAND_SCALAR ? this.exprs.moved(ref, delta) : ref);
      this.operandText.push(this.operandText.get(r));
      this.operandFile.push(this.operandFile.get(r));
      moveSpan(this.operandSpans, r, delta);
    }
    const attrs = this.attrsFirst.get(from);
    const count = this.attrsCount.get(from);
    this.attrsFirst.push(this.attrName.length);
    this.attrsCount.push(count);
    for (let a = attrs; a < attrs + count; a++) {
      const kind = this.attrKind.get(a);
      this.attrName.push(this.attrName.get(a));
      this.attrKind.push(kind);
      this.attrRef.push(kind === ATTR_OPERAND ? this.attrRef.get(a) + shift : this.attrRef.get(a));
      this.attrFile.push(this.attrFile.get(a));
      if (kind === ATTR_WORD) moveSpan(this.attrSpans, a, delta);
      else this.attrSpans.push4(0, 0, 0, 0);
    }
    return index;
  }
  /** One past the last operand row of an instruction row: its own operands' and its attributes'. */
  operandRowsEnd(index) {
    let end = this.operandsFirst.get(index) + (this.operandsCount.get(index) & 127);
    const attrs = this.attrsFirst.get(index);
    for (let a = attrs; a < attrs + this.attrsCount.get(index); a++) {
      if (this.attrKind.get(a) === ATTR_OPERAND) end = Math.max(end, this.attrRef.get(a) + 1);
    }
    return end;
  }
  /** A place for a node whose own nodes come first in the building but after it in the program. */
  reserve() {
    const index = this.kinds.push(NODE_RETURN);
    this.copies.push(index);
    this.opcodes.push(0);
    this.regionOf.push(-1);
    this.fileOf.push(0);
    this.spans.push4(0, 0, 0, 0);
    this.operandsFirst.push(0);
    this.operandsCount.push(0);
    this.attrsFirst.push(0);
    this.attrsCount.push(0);
    return index;
  }
  /** Stores a node at a reserved index (the node's `index` becomes it). */
  fill(index, node) {
    if (this.sealed) throw new Error("the program's code is sealed");
    node.index = index;
    this.kinds.set(index, KIND_CODE[node.kind]);
    this.regionOf.set(index, this.regionOfNode(node.region));
    this.fileOf.set(index, this.fileIndex(node.span.file));
    const s = index * 4;
    this.spans.set(s, node.span.line);
    this.spans.set(s + 1, node.span.col);
    this.spans.set(s + 2, node.span.endLine);
    this.spans.set(s + 3, node.span.endCol);
    if (node.id && node.id !== this.originId(index, node.region.fn)) this.ids.set(index, node.id);
    if (node.kind === "instr" && node.members && node.members.length <= MAX_ROW_MEMBERS && node.group !== void 0) {
      this.fillGroup(index, node);
      return;
    }
    if (node.kind !== "instr" || node.members || !OPCODE_CODE.has(node.opcode)) {
      if (!node.id) node.id = this.originId(index, node.region.fn);
      this.opcodes.set(index, OBJECT);
      this.objects.set(index, node);
      return;
    }
    if (node.inlined) this.inlined.set(index, node.inlined);
    this.opcodes.set(index, OPCODE_CODE.get(node.opcode));
    this.operandsFirst.set(index, this.operandKind.length);
    if (node.dst) this.operand(node.dst);
    for (const o of node.srcs) this.operand(o);
    this.operandsCount.set(index, node.srcs.length + (node.dst ? 1 : 0) | (node.dst ? 128 : 0));
    this.attrsFirst.set(index, this.attrName.length);
    for (const [name, v] of node.attrs) this.attr(name, v);
    this.attrsCount.set(index, node.attrs.size);
  }
  /** A fused group as a row; its members are copied into the member code (the pass's objects stay as they were). */
  fillGroup(index, group) {
    const members = this.memberCode ??= new _Code(this.text);
    if (group.inlined) this.inlined.set(index, group.inlined);
    this.opcodes.set(index, FUSED);
    this.groupNames.set(index, group.group);
    this.operandsFirst.set(index, this.operandKind.length);
    if (group.dst) this.operand(group.dst);
    this.operandsCount.set(index, group.dst ? 129 : 0);
    this.attrsFirst.set(index, members.length);
    for (const m of group.members) members.append({ ...m });
    this.attrsCount.set(index, group.members.length);
  }
  operand(o) {
    const row = this.operandKind.length;
    const span = o.kind === "tensor" ? o.ap.span : o.span;
    switch (o.kind) {
      case "tensor":
        this.operandKind.push(OPERAND_TENSOR);
        this.operandRef.push(this.accesses.add(o.ap));
        this.operandText.push(this.textIndex(o.ap.text, span));
        break;
      case "scalar":
        this.operandKind.push(OPERAND_SCALAR);
        this.operandRef.push(this.exprs.add(o.expr));
        this.operandText.push(this.textIndex(o.text, span));
        break;
      case "register":
        this.operandKind.push(OPERAND_REGISTER);
        this.operandRef.push(o.index);
        this.operandText.push(-1);
        break;
      case "string":
        this.operandKind.push(OPERAND_STRING);
        this.operandRef.push(this.string(o.value));
        this.operandText.push(-1);
        break;
      case "eval":
        this.operandKind.push(OPERAND_EVAL);
        this.operandRef.push(this.evals.push(o.expr) - 1);
        this.operandText.push(this.string(o.text));
        break;
    }
    this.operandFile.push(this.fileIndex(span.file));
    pushSpan(this.operandSpans, span);
    return row;
  }
  attr(name, v) {
    this.attrName.push(this.string(name));
    if (v.kind === "word") {
      this.attrKind.push(ATTR_WORD);
      this.attrRef.push(this.string(v.word));
      this.attrFile.push(this.fileIndex(v.span.file));
      pushSpan(this.attrSpans, v.span);
      return;
    }
    this.attrKind.push(ATTR_OPERAND);
    this.attrRef.push(this.operand(v.operand));
    this.attrFile.push(0);
    this.attrSpans.push4(0, 0, 0, 0);
  }
  /** -1 when the text is what the span covers in the source (it is not kept twice); else the text's string. */
  textIndex(text, span) {
    return this.text.covers(span, text) ? -1 : this.string(text);
  }
  string(s) {
    let i = this.stringIndex.get(s);
    if (i === void 0) {
      i = this.strings.push(s) - 1;
      this.stringIndex.set(s, i);
    }
    return i;
  }
  fileIndex(file) {
    let i = this.fileIndexOf.get(file);
    if (i === void 0) {
      i = this.files.push(file) - 1;
      this.fileIndexOf.set(file, i);
    }
    return i;
  }
  regionOfNode(region) {
    let i = this.regionIndex.get(region);
    if (i === void 0) {
      i = this.regions.push(region) - 1;
      this.regionIndex.set(region, i);
    }
    return i;
  }
  declOf(decl) {
    let i = this.declIndex.get(decl);
    if (i === void 0) {
      i = this.decls.push(decl) - 1;
      this.declIndex.set(decl, i);
    }
    return i;
  }
  /** Ends the building: the columns are cut to their lengths and the interning maps let go. */
  seal() {
    const columns = [
      this.kinds,
      this.copies,
      this.opcodes,
      this.regionOf,
      this.fileOf,
      this.spans,
      this.operandsFirst,
      this.operandsCount,
      this.attrsFirst,
      this.attrsCount,
      this.operandKind,
      this.operandRef,
      this.operandText,
      this.operandFile,
      this.operandSpans,
      this.attrName,
      this.attrKind,
      this.attrRef,
      this.attrFile,
      this.attrSpans
    ];
    for (const c of columns) c.seal();
    this.memberCode?.seal();
    this.exprs.seal();
    this.accesses.seal();
    this.stringIndex = /* @__PURE__ */ new Map();
    this.sealed = true;
  }
  // ---- reading ----
  /** Whether a number is the index of a node. */
  has(index) {
    return Number.isInteger(index) && index >= 0 && index < this.kinds.length;
  }
  /** The kind of a node (NODE_*), without making it. */
  kindAt(index) {
    return this.kinds.get(index);
  }
  /**
   * The earliest node this one is a moved copy of, itself when it is none: nodes with the same answer are the same
   * instruction (opcode, operands, attributes, the function's names) at different lines.
   */
  copyOf(index) {
    return this.copies.get(index);
  }
  /** Not a plain instruction: a loop, branch, call, return or fused group (a group's row is made with its members). */
  isObject(index) {
    return this.opcodes.get(index) >= FUSED;
  }
  /** The line a node starts on, without making it. */
  lineOf(index) {
    return this.spans.get(index * 4);
  }
  /** The file of a node, without making it. */
  fileAt(index) {
    return this.files[this.fileOf.get(index)];
  }
  /** The function a node belongs to. */
  functionOf(index) {
    return this.regions[this.regionOf.get(index)].fn;
  }
  /** The node at an index, as an object. */
  node(index) {
    if (this.opcodes.get(index) === OBJECT) return this.objects.get(index);
    const slot = index & CACHE_SIZE3 - 1;
    if (this.cached[slot] === index) return this.cache[slot];
    const made = this.makeInstruction(index);
    if (this.seen[slot] !== index) {
      this.seen[slot] = index;
      return made;
    }
    this.cache[slot] = made;
    this.cached[slot] = index;
    return made;
  }
  /**
   * What a plain instruction is made of, as numbers written into `out`: its opcode, then each operand's kind and table
   * row, then each attribute's name, kind and value (an operand attribute as its operand's kind and row). The tables
   * are interned, so two instructions with the same numbers differ only in their spans, texts and ids: a consumer that
   * needs none of those (the graph's effects) computes once per signature. The count of numbers written; -1 for a node
   * kept as an object (it has no row).
   */
  signature(index, out2) {
    const opcode = this.opcodes.get(index);
    if (opcode >= FUSED) return -1;
    let k = 0;
    out2[k++] = opcode;
    const count = this.operandsCount.get(index);
    out2[k++] = count;
    const first = this.operandsFirst.get(index);
    for (let i = first; i < first + (count & 127); i++) k = this.operandSignature(i, out2, k);
    const attrs = this.attrsCount.get(index);
    const firstAttr = this.attrsFirst.get(index);
    for (let i = firstAttr; i < firstAttr + attrs; i++) {
      out2[k++] = this.attrName.get(i);
      const kind = this.attrKind.get(i);
      const ref = this.attrRef.get(i);
      if (kind === ATTR_WORD) {
        out2[k++] = -1;
        out2[k++] = ref;
      } else {
        k = this.operandSignature(ref, out2, k);
      }
    }
    return k;
  }
  /** An operand's kind and row in a signature; a scalar's expression as its table says it is the same up to spans. */
  operandSignature(row, out2, k) {
    const kind = this.operandKind.get(row);
    const ref = this.operandRef.get(row);
    out2[k++] = kind;
    out2[k++] = kind === OPERAND_SCALAR ? this.exprs.signatureOf(ref) : ref;
    return k;
  }
  /** The nodes kept as objects (loops, branches, calls, returns): a fused group is a row, not among them. */
  objectNodes() {
    return this.objects.values();
  }
  /** The ids that are not their node's origin (copies a pass made), with the node's index. */
  copiedIds() {
    return this.ids.entries();
  }
  /** The node's id: `module::func@line:col`, with a suffix for a copy a pass made. */
  idOf(index) {
    return this.ids.get(index) ?? this.originId(index, this.functionOf(index));
  }
  originId(index, fn) {
    return [fn.fullName, "@", this.spans.get(index * 4), ":", this.spans.get(index * 4 + 1)].join("");
  }
  spanOfNode(index) {
    const s = index * 4;
    return { file: this.files[this.fileOf.get(index)], line: this.spans.get(s), col: this.spans.get(s + 1), endLine: this.spans.get(s + 2), endCol: this.spans.get(s + 3) };
  }
  makeGroup(index) {
    const region = this.regions[this.regionOf.get(index)];
    const first = this.attrsFirst.get(index);
    const code = this.memberCode;
    const members = Array.from({ length: this.attrsCount.get(index) }, (_, k) => code.node(first + k));
    const inlined = this.inlined.get(index);
    const hasDst = this.operandsCount.get(index) !== 0;
    return {
      kind: "instr",
      opcode: "Fused",
      engine: members[members.length - 1].engine,
      id: this.idOf(index),
      index,
      span: this.spanOfNode(index),
      fn: region.fn,
      region,
      ...hasDst ? { dst: this.operandAt(this.operandsFirst.get(index)) } : {},
      srcs: [],
      attrs: NO_ATTRIBUTES,
      members,
      group: this.groupNames.get(index),
      ...inlined ? { inlined } : {}
    };
  }
  makeInstruction(index) {
    if (this.opcodes.get(index) === FUSED) return this.makeGroup(index);
    const opcode = OPCODE_NAMES[this.opcodes.get(index)];
    const region = this.regions[this.regionOf.get(index)];
    const count = this.operandsCount.get(index);
    const hasDst = (count & 128) !== 0;
    const first = this.operandsFirst.get(index);
    const srcs = [];
    for (let i = hasDst ? 1 : 0; i < (count & 127); i++) srcs.push(this.operandAt(first + i));
    const attrs = this.attrsAt(index);
    const engine = engineOf(opcode, attrs);
    const id = this.idOf(index);
    const span = this.spanOfNode(index);
    const inlined = this.inlined.get(index);
    const node = hasDst ? { kind: "instr", opcode, engine, dst: this.operandAt(first), srcs, attrs, id, index, span, fn: region.fn, region } : { kind: "instr", opcode, engine, srcs, attrs, id, index, span, fn: region.fn, region };
    return inlined ? { ...node, inlined } : node;
  }
  attrsAt(index) {
    const n = this.attrsCount.get(index);
    if (n === 0) return NO_ATTRIBUTES;
    const out2 = /* @__PURE__ */ new Map();
    const first = this.attrsFirst.get(index);
    for (let i = first; i < first + n; i++) {
      const name = this.strings[this.attrName.get(i)];
      if (this.attrKind.get(i) === ATTR_WORD) {
        out2.set(name, { kind: "word", word: this.strings[this.attrRef.get(i)], span: this.spanAt(this.attrSpans, i, this.attrFile.get(i)) });
      } else {
        out2.set(name, { kind: "operand", operand: this.operandAt(this.attrRef.get(i)) });
      }
    }
    return out2;
  }
  operandAt(row) {
    const span = this.spanAt(this.operandSpans, row, this.operandFile.get(row));
    const ref = this.operandRef.get(row);
    const text = () => {
      const t = this.operandText.get(row);
      return t >= 0 ? this.strings[t] : this.text.of(span);
    };
    switch (this.operandKind.get(row)) {
      case OPERAND_TENSOR:
        return { kind: "tensor", ap: this.accesses.get(ref, text(), span) };
      case OPERAND_SCALAR:
        return { kind: "scalar", expr: this.exprs.get(ref), text: text(), span };
      case OPERAND_REGISTER:
        return { kind: "register", index: ref, span };
      case OPERAND_STRING:
        return { kind: "string", value: this.strings[ref], span };
      default:
        return { kind: "eval", expr: this.evals[ref], text: this.strings[this.operandText.get(row)], span };
    }
  }
  spanAt(spans, row, file) {
    const s = row * 4;
    return { file: this.files[file], line: spans.get(s), col: spans.get(s + 1), endLine: spans.get(s + 2), endCol: spans.get(s + 3) };
  }
};
function moveSpan(spans, row, delta) {
  const k = row * 4;
  spans.push4(spans.get(k) + delta, spans.get(k + 1), spans.get(k + 2) + delta, spans.get(k + 3));
}
function pushSpan(spans, span) {
  spans.push4(span.line, span.col, span.endLine, span.endCol);
}

// engine/ir/source-text.ts
var SourceText = class {
  constructor(sources) {
    this.sources = sources;
  }
  sources;
  starts = /* @__PURE__ */ new Map();
  /** The text of a span, as `spanText` gives it from the lines of its file: lines joined by a space, each trimmed. */
  of(span) {
    const text = this.sources.get(span.file);
    if (text === void 0) return "";
    if (span.line === span.endLine) return span.col >= 1 && span.endCol >= 1 ? this.inLine(span, text) : this.line(span.file, text, span.line).slice(span.col - 1, span.endCol - 1);
    const parts = [this.line(span.file, text, span.line).slice(span.col - 1)];
    for (let l = span.line + 1; l < span.endLine; l++) parts.push(this.line(span.file, text, l));
    parts.push(this.line(span.file, text, span.endLine).slice(0, span.endCol - 1));
    return parts.map((p) => p.trim()).join(" ");
  }
  /** True when `text` is what the span covers (then it need not be kept). */
  covers(span, text) {
    const source = this.sources.get(span.file);
    if (source === void 0) return false;
    if (span.line !== span.endLine || span.col < 1 || span.endCol < 1) return this.of(span) === text;
    const starts = this.lineStarts(span.file, source);
    if (span.line < 1 || span.line > starts.length) return text === "";
    const lineStart = starts[span.line - 1];
    const lineEnd = span.line < starts.length ? starts[span.line] - 1 : source.length;
    const from = Math.min(lineStart + span.col - 1, lineEnd);
    const to = Math.max(from, Math.min(lineStart + span.endCol - 1, lineEnd));
    return to - from === text.length && source.startsWith(text, from);
  }
  /** A span within one line, sliced from the source at once (not the line first). */
  inLine(span, text) {
    const starts = this.lineStarts(span.file, text);
    if (span.line < 1 || span.line > starts.length) return "";
    const lineStart = starts[span.line - 1];
    const lineEnd = span.line < starts.length ? starts[span.line] - 1 : text.length;
    return text.slice(Math.min(lineStart + span.col - 1, lineEnd), Math.min(lineStart + span.endCol - 1, lineEnd));
  }
  line(file, text, line) {
    const starts = this.lineStarts(file, text);
    if (line < 1 || line > starts.length) return "";
    const start = starts[line - 1];
    const end = line < starts.length ? starts[line] - 1 : text.length;
    return text.slice(start, end);
  }
  lineStarts(file, text) {
    let starts = this.starts.get(file);
    if (starts) return starts;
    let count = 1;
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) count++;
    starts = new Int32Array(count);
    let k = 1;
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts[k++] = i + 1;
    this.starts.set(file, starts);
    return starts;
  }
};

// engine/machine/limits.ts
var PARTITIONS = 128;
var SBUF_BYTES_PER_PARTITION = 192 * 1024;
var PSUM_BYTES_PER_PARTITION = 16 * 1024;
var PSUM_BANK_BYTES = 2 * 1024;
var PSUM_BANKS = PSUM_BYTES_PER_PARTITION / PSUM_BANK_BYTES;
var SBUF_ALIGNMENT = 64;
var REGISTERS = 16;
function registerIndex(name) {
  if (name.length < 2 || name.charCodeAt(0) !== 114) return void 0;
  let index = 0;
  for (let k = 1; k < name.length; k++) {
    const digit = name.charCodeAt(k) - 48;
    if (digit < 0 || digit > 9 || k === 2 && index === 0 || index >= REGISTERS) return void 0;
    index = index * 10 + digit;
  }
  return index < REGISTERS ? index : void 0;
}
var MAX_CORES = 8;
var MATMUL_MAX_K = 128;
var MATMUL_MAX_M = 128;
var MATMUL_MAX_N = 512;
var DEFAULT_MAX_CALL_DEPTH = 64;
var DEFAULT_DRAM_LIMIT_BYTES = 4 * 1024 * 1024 * 1024;

// ../../main/node_modules/@petamoriken/float16/src/_util/messages.mjs
var CANNOT_CONVERT_UNDEFINED_OR_NULL_TO_OBJECT = "Cannot convert undefined or null to object";

// ../../main/node_modules/@petamoriken/float16/src/_util/primordials.mjs
function uncurryThis(target) {
  return (thisArg, ...args) => {
    return ReflectApply(target, thisArg, args);
  };
}
function uncurryThisGetter(target, key) {
  return uncurryThis(
    ReflectGetOwnPropertyDescriptor(
      target,
      key
    ).get
  );
}
var {
  apply: ReflectApply,
  construct: ReflectConstruct,
  defineProperty: ReflectDefineProperty,
  get: ReflectGet,
  getOwnPropertyDescriptor: ReflectGetOwnPropertyDescriptor,
  getPrototypeOf: ReflectGetPrototypeOf,
  has: ReflectHas,
  ownKeys: ReflectOwnKeys,
  set: ReflectSet,
  setPrototypeOf: ReflectSetPrototypeOf
} = Reflect;
var {
  EPSILON,
  MAX_SAFE_INTEGER,
  isFinite: NumberIsFinite,
  isNaN: NumberIsNaN
} = Number;
var {
  iterator: SymbolIterator,
  species: SymbolSpecies,
  toStringTag: SymbolToStringTag,
  for: SymbolFor
} = Symbol;
var NativeObject = Object;
var {
  create: ObjectCreate,
  defineProperty: ObjectDefineProperty,
  freeze: ObjectFreeze,
  is: ObjectIs
} = NativeObject;
var ObjectPrototype = NativeObject.prototype;
var ObjectPrototype__lookupGetter__ = (
  /** @type {any} */
  ObjectPrototype.__lookupGetter__ ? uncurryThis(
    /** @type {any} */
    ObjectPrototype.__lookupGetter__
  ) : (object2, key) => {
    if (object2 == null) {
      throw NativeTypeError(
        CANNOT_CONVERT_UNDEFINED_OR_NULL_TO_OBJECT
      );
    }
    let target = NativeObject(object2);
    do {
      const descriptor = ReflectGetOwnPropertyDescriptor(target, key);
      if (descriptor !== void 0) {
        if (ObjectHasOwn(descriptor, "get")) {
          return descriptor.get;
        }
        return;
      }
    } while ((target = ReflectGetPrototypeOf(target)) !== null);
  }
);
var ObjectHasOwn = (
  /** @type {any} */
  NativeObject.hasOwn || uncurryThis(ObjectPrototype.hasOwnProperty)
);
var NativeArray = Array;
var ArrayIsArray = NativeArray.isArray;
var ArrayPrototype = NativeArray.prototype;
var ArrayPrototypeJoin = uncurryThis(ArrayPrototype.join);
var ArrayPrototypePush = uncurryThis(ArrayPrototype.push);
var ArrayPrototypeToLocaleString = uncurryThis(
  ArrayPrototype.toLocaleString
);
var NativeArrayPrototypeSymbolIterator = ArrayPrototype[SymbolIterator];
var ArrayPrototypeSymbolIterator = uncurryThis(NativeArrayPrototypeSymbolIterator);
var {
  abs: MathAbs,
  trunc: MathTrunc
} = Math;
var NativeArrayBuffer = ArrayBuffer;
var ArrayBufferIsView = NativeArrayBuffer.isView;
var ArrayBufferPrototype = NativeArrayBuffer.prototype;
var ArrayBufferPrototypeSlice = uncurryThis(ArrayBufferPrototype.slice);
var ArrayBufferPrototypeGetByteLength = uncurryThisGetter(ArrayBufferPrototype, "byteLength");
var NativeSharedArrayBuffer = typeof SharedArrayBuffer !== "undefined" ? SharedArrayBuffer : null;
var SharedArrayBufferPrototypeGetByteLength = NativeSharedArrayBuffer && uncurryThisGetter(NativeSharedArrayBuffer.prototype, "byteLength");
var TypedArray = ReflectGetPrototypeOf(Uint8Array);
var TypedArrayFrom = TypedArray.from;
var TypedArrayPrototype = TypedArray.prototype;
var NativeTypedArrayPrototypeSymbolIterator = TypedArrayPrototype[SymbolIterator];
var TypedArrayPrototypeKeys = uncurryThis(TypedArrayPrototype.keys);
var TypedArrayPrototypeValues = uncurryThis(
  TypedArrayPrototype.values
);
var TypedArrayPrototypeEntries = uncurryThis(
  TypedArrayPrototype.entries
);
var TypedArrayPrototypeSet = uncurryThis(TypedArrayPrototype.set);
var TypedArrayPrototypeReverse = uncurryThis(
  TypedArrayPrototype.reverse
);
var TypedArrayPrototypeFill = uncurryThis(TypedArrayPrototype.fill);
var TypedArrayPrototypeCopyWithin = uncurryThis(
  TypedArrayPrototype.copyWithin
);
var TypedArrayPrototypeSort = uncurryThis(TypedArrayPrototype.sort);
var TypedArrayPrototypeSlice = uncurryThis(TypedArrayPrototype.slice);
var TypedArrayPrototypeSubarray = uncurryThis(
  TypedArrayPrototype.subarray
);
var TypedArrayPrototypeGetBuffer = uncurryThisGetter(
  TypedArrayPrototype,
  "buffer"
);
var TypedArrayPrototypeGetByteOffset = uncurryThisGetter(
  TypedArrayPrototype,
  "byteOffset"
);
var TypedArrayPrototypeGetLength = uncurryThisGetter(
  TypedArrayPrototype,
  "length"
);
var TypedArrayPrototypeGetSymbolToStringTag = uncurryThisGetter(
  TypedArrayPrototype,
  SymbolToStringTag
);
var NativeUint8Array = Uint8Array;
var NativeUint16Array = Uint16Array;
var NativeUint32Array = Uint32Array;
var NativeFloat32Array = Float32Array;
var ArrayIteratorPrototype = ReflectGetPrototypeOf([][SymbolIterator]());
var ArrayIteratorPrototypeNext = uncurryThis(ArrayIteratorPrototype.next);
var GeneratorPrototypeNext = uncurryThis((function* () {
})().next);
var IteratorPrototype = ReflectGetPrototypeOf(ArrayIteratorPrototype);
var DataViewPrototype = DataView.prototype;
var DataViewPrototypeGetUint16 = uncurryThis(
  DataViewPrototype.getUint16
);
var DataViewPrototypeSetUint16 = uncurryThis(
  DataViewPrototype.setUint16
);
var NativeTypeError = TypeError;
var NativeWeakSet = WeakSet;
var WeakSetPrototype = NativeWeakSet.prototype;
var WeakSetPrototypeAdd = uncurryThis(WeakSetPrototype.add);
var WeakSetPrototypeHas = uncurryThis(WeakSetPrototype.has);
var NativeWeakMap = WeakMap;
var WeakMapPrototype = NativeWeakMap.prototype;
var WeakMapPrototypeGet = uncurryThis(WeakMapPrototype.get);
var WeakMapPrototypeHas = uncurryThis(WeakMapPrototype.has);
var WeakMapPrototypeSet = uncurryThis(WeakMapPrototype.set);

// ../../main/node_modules/@petamoriken/float16/src/_util/arrayIterator.mjs
var arrayIterators = new NativeWeakMap();
var SafeIteratorPrototype = ObjectCreate(null, {
  next: {
    value: function next() {
      const arrayIterator = WeakMapPrototypeGet(arrayIterators, this);
      return ArrayIteratorPrototypeNext(arrayIterator);
    }
  },
  [SymbolIterator]: {
    value: function values() {
      return this;
    }
  }
});
function safeIfNeeded(array2) {
  if (array2[SymbolIterator] === NativeArrayPrototypeSymbolIterator && ArrayIteratorPrototype.next === ArrayIteratorPrototypeNext) {
    return array2;
  }
  const safe = ObjectCreate(SafeIteratorPrototype);
  WeakMapPrototypeSet(arrayIterators, safe, ArrayPrototypeSymbolIterator(array2));
  return safe;
}
var generators = new NativeWeakMap();
var DummyArrayIteratorPrototype = ObjectCreate(IteratorPrototype, {
  next: {
    value: function next2() {
      const generator = WeakMapPrototypeGet(generators, this);
      return GeneratorPrototypeNext(generator);
    },
    writable: true,
    configurable: true
  }
});
for (const key of ReflectOwnKeys(ArrayIteratorPrototype)) {
  if (key === "next") {
    continue;
  }
  ObjectDefineProperty(DummyArrayIteratorPrototype, key, ReflectGetOwnPropertyDescriptor(ArrayIteratorPrototype, key));
}

// ../../main/node_modules/@petamoriken/float16/src/_util/converter.mjs
var INVERSE_OF_EPSILON = 1 / EPSILON;
function roundTiesToEven(num) {
  return num + INVERSE_OF_EPSILON - INVERSE_OF_EPSILON;
}
var FLOAT16_MIN_VALUE = 6103515625e-14;
var FLOAT16_MAX_VALUE = 65504;
var FLOAT16_EPSILON = 9765625e-10;
var FLOAT16_EPSILON_MULTIPLIED_BY_FLOAT16_MIN_VALUE = FLOAT16_EPSILON * FLOAT16_MIN_VALUE;
var FLOAT16_EPSILON_DEVIDED_BY_EPSILON = FLOAT16_EPSILON * INVERSE_OF_EPSILON;
function roundToFloat16(num) {
  const number = +num;
  if (!NumberIsFinite(number) || number === 0) {
    return number;
  }
  const sign = number > 0 ? 1 : -1;
  const absolute = MathAbs(number);
  if (absolute < FLOAT16_MIN_VALUE) {
    return sign * roundTiesToEven(absolute / FLOAT16_EPSILON_MULTIPLIED_BY_FLOAT16_MIN_VALUE) * FLOAT16_EPSILON_MULTIPLIED_BY_FLOAT16_MIN_VALUE;
  }
  const temp = (1 + FLOAT16_EPSILON_DEVIDED_BY_EPSILON) * absolute;
  const result = temp - (temp - absolute);
  if (result > FLOAT16_MAX_VALUE || NumberIsNaN(result)) {
    return sign * Infinity;
  }
  return sign * result;
}
var buffer = new NativeArrayBuffer(4);
var floatView = new NativeFloat32Array(buffer);
var uint32View = new NativeUint32Array(buffer);
var baseTable = new NativeUint16Array(512);
var shiftTable = new NativeUint8Array(512);
for (let i = 0; i < 256; ++i) {
  const e = i - 127;
  if (e < -24) {
    baseTable[i] = 0;
    baseTable[i | 256] = 32768;
    shiftTable[i] = 24;
    shiftTable[i | 256] = 24;
  } else if (e < -14) {
    baseTable[i] = 1024 >> -e - 14;
    baseTable[i | 256] = 1024 >> -e - 14 | 32768;
    shiftTable[i] = -e - 1;
    shiftTable[i | 256] = -e - 1;
  } else if (e <= 15) {
    baseTable[i] = e + 15 << 10;
    baseTable[i | 256] = e + 15 << 10 | 32768;
    shiftTable[i] = 13;
    shiftTable[i | 256] = 13;
  } else if (e < 128) {
    baseTable[i] = 31744;
    baseTable[i | 256] = 64512;
    shiftTable[i] = 24;
    shiftTable[i | 256] = 24;
  } else {
    baseTable[i] = 31744;
    baseTable[i | 256] = 64512;
    shiftTable[i] = 13;
    shiftTable[i | 256] = 13;
  }
}
var mantissaTable = new NativeUint32Array(2048);
for (let i = 1; i < 1024; ++i) {
  let m = i << 13;
  let e = 0;
  while ((m & 8388608) === 0) {
    m <<= 1;
    e -= 8388608;
  }
  m &= ~8388608;
  e += 947912704;
  mantissaTable[i] = m | e;
}
for (let i = 1024; i < 2048; ++i) {
  mantissaTable[i] = 939524096 + (i - 1024 << 13);
}
var exponentTable = new NativeUint32Array(64);
for (let i = 1; i < 31; ++i) {
  exponentTable[i] = i << 23;
}
exponentTable[31] = 1199570944;
exponentTable[32] = 2147483648;
for (let i = 33; i < 63; ++i) {
  exponentTable[i] = 2147483648 + (i - 32 << 23);
}
exponentTable[63] = 3347054592;
var offsetTable = new NativeUint16Array(64);
for (let i = 1; i < 64; ++i) {
  if (i !== 32) {
    offsetTable[i] = 1024;
  }
}
function convertToNumber(float16bits) {
  const i = float16bits >> 10;
  uint32View[0] = mantissaTable[offsetTable[i] + (float16bits & 1023)] + exponentTable[i];
  return floatView[0];
}

// ../../main/node_modules/@petamoriken/float16/src/DataView.mjs
function getFloat16(dataView, byteOffset, ...opts) {
  return convertToNumber(
    DataViewPrototypeGetUint16(dataView, byteOffset, ...safeIfNeeded(opts))
  );
}

// ../../main/node_modules/@petamoriken/float16/src/f16round.mjs
function f16round(x) {
  return roundToFloat16(x);
}

// engine/io/read-file.ts
var fs = __toESM(require("fs"));
var FileRefused = class extends Error {
  constructor(file, reason) {
    super(`${file}: ${reason}`);
    this.file = file;
    this.reason = reason;
    this.name = "FileRefused";
  }
  file;
  reason;
};
var OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);
function withRegularFile(file, limit, use) {
  let fd;
  try {
    fd = fs.openSync(file, OPEN_FLAGS);
  } catch (e) {
    throw new FileRefused(file, describeError(e));
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw new FileRefused(file, `${notRegular(file, stat)}, not a regular file; ${limit.what} is read only from a regular file`);
    if (stat.size > limit.bytes) throw new FileRefused(file, `it holds ${formatBytes(stat.size)}, more than ${limit.what} may hold: ${formatBytes(limit.bytes)}`);
    return use({ fd, size: stat.size });
  } finally {
    fs.closeSync(fd);
  }
}
function readRegularFile(file, limit) {
  return withRegularFile(file, limit, ({ fd, size }) => {
    const bytes = Buffer.allocUnsafe(size);
    const read2 = readAt(fd, bytes, 0, file);
    return read2 === size ? bytes : bytes.subarray(0, read2);
  });
}
function readTextFile(file, limit) {
  return readRegularFile(file, limit).toString("utf8");
}
var READ_CHUNK = 1 << 30;
function readAt(fd, target, position, file) {
  let done = 0;
  try {
    while (done < target.byteLength) {
      const n = fs.readSync(fd, target, done, Math.min(READ_CHUNK, target.byteLength - done), position + done);
      if (n === 0) break;
      done += n;
    }
  } catch (e) {
    throw new FileRefused(file, describeError(e));
  }
  return done;
}
function notRegular(file, stat) {
  const kind = stat.isFIFO() ? "a FIFO (named pipe)" : stat.isCharacterDevice() ? "a character device" : stat.isBlockDevice() ? "a block device" : stat.isSocket() ? "a socket" : stat.isDirectory() ? "a folder" : "a special file";
  let target;
  try {
    if (fs.lstatSync(file).isSymbolicLink()) target = fs.realpathSync(file);
  } catch {
  }
  return `${target ? `it is a symbolic link to ${target}, which is` : "it is"} ${kind}`;
}
function describeError(err) {
  const code = err?.code;
  switch (code) {
    case "ENOENT":
      return "no such file (ENOENT)";
    case "EISDIR":
      return "it is a folder (EISDIR)";
    case "EACCES":
    case "EPERM":
      return `permission denied (${code})`;
    default:
      return err instanceof Error ? err.message : String(err);
  }
}
function formatBytes(n) {
  const exact = `${n.toLocaleString("en-US")} byte${n === 1 ? "" : "s"}`;
  if (n < 1e4) return exact;
  const [value, unit] = n >= 1e9 ? [n / 1e9, "GB"] : n >= 1e6 ? [n / 1e6, "MB"] : [n / 1e3, "kB"];
  return `${exact} (${value.toFixed(value < 10 ? 1 : 0)} ${unit})`;
}

// engine/io/npy.ts
var NpyError = class extends Error {
  constructor(source, message) {
    super(`${source}: ${message}`);
    this.source = source;
    this.name = "NpyError";
  }
  source;
};
var DTYPES2 = {
  f32: { descr: "<f4", size: 4, arrayName: "Float32Array", create: (n) => new Float32Array(n) },
  f16: { descr: "<f2", size: 2, arrayName: "Uint16Array", create: (n) => new Uint16Array(n) },
  f64: { descr: "<f8", size: 8, arrayName: "Float64Array", create: (n) => new Float64Array(n) },
  i32: { descr: "<i4", size: 4, arrayName: "Int32Array", create: (n) => new Int32Array(n) },
  i16: { descr: "<i2", size: 2, arrayName: "Int16Array", create: (n) => new Int16Array(n) },
  i8: { descr: "|i1", size: 1, arrayName: "Int8Array", create: (n) => new Int8Array(n) },
  u32: { descr: "<u4", size: 4, arrayName: "Uint32Array", create: (n) => new Uint32Array(n) },
  u16: { descr: "<u2", size: 2, arrayName: "Uint16Array", create: (n) => new Uint16Array(n) },
  u8: { descr: "|u1", size: 1, arrayName: "Uint8Array", create: (n) => new Uint8Array(n) }
};
var DTYPE_NAMES = Object.keys(DTYPES2);
var DESCR_TO_DTYPE = /* @__PURE__ */ new Map([
  ["<f4", "f32"],
  ["<f2", "f16"],
  ["<f8", "f64"],
  ["<i4", "i32"],
  ["<i2", "i16"],
  ["|i1", "i8"],
  ["<i1", "i8"],
  [">i1", "i8"],
  ["<u4", "u32"],
  ["<u2", "u16"],
  ["|u1", "u8"],
  ["<u1", "u8"],
  [">u1", "u8"]
]);
var SUPPORTED_DESCRS = DTYPE_NAMES.map((d) => DTYPES2[d].descr).join(", ");
var MAGIC = [147, 78, 85, 77, 80, 89];
var MAGIC_LEN = MAGIC.length;
var MAX_HEADER_LENGTH = 65535;
var PREAMBLE = 12;
var MAX_NPY_DATA_BYTES = 4 * 1024 * 1024 * 1024;
function parseNpyHeader(bytes, fileLength, source) {
  const fail2 = (message) => {
    throw new NpyError(source, message);
  };
  const len = fileLength;
  const magicSeen = Math.min(len, MAGIC_LEN);
  for (let i = 0; i < magicSeen; i++) {
    if (bytes[i] !== MAGIC[i]) fail2("not a .npy file (the magic string \\x93NUMPY is missing)");
  }
  if (len === 0) fail2("the file is empty (0 bytes)");
  if (len < MAGIC_LEN + 2) {
    fail2(`the file is truncated: ${len} bytes, too short for the magic string and version`);
  }
  const major = bytes[6];
  const minor = bytes[7];
  let lengthSize;
  if (minor === 0 && major === 1) lengthSize = 2;
  else if (minor === 0 && (major === 2 || major === 3)) lengthSize = 4;
  else return fail2(`version ${major}.${minor} is not supported (supported: 1.0, 2.0, 3.0)`);
  const headerStart = MAGIC_LEN + 2 + lengthSize;
  if (len < headerStart) {
    fail2(
      `the file is truncated: ${len} bytes, too short for the ${lengthSize}-byte header length of a version ${major}.0 file`
    );
  }
  const headerLength = lengthSize === 2 ? bytes[8] | bytes[9] << 8 : (bytes[8] | bytes[9] << 8 | bytes[10] << 16 | bytes[11] << 24) >>> 0;
  const dataStart = headerStart + headerLength;
  if (dataStart > len) {
    fail2(
      `the header length ${headerLength} runs past the end of the file (the header would end at byte ${dataStart} but the file has ${len} bytes)`
    );
  }
  if (headerLength > MAX_HEADER_LENGTH) {
    fail2(`the header length ${headerLength} is more than the ${MAX_HEADER_LENGTH} bytes a header (a descr, fortran_order and a shape) may take`);
  }
  const headerBytes = bytes.subarray(headerStart, dataStart);
  let text;
  let offsetOf;
  if (major === 3) {
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(headerBytes);
    } catch {
      return fail2("the header is not valid UTF-8 (version 3.0 headers are UTF-8)");
    }
    offsetOf = (i) => headerStart + Buffer.byteLength(text.slice(0, i), "utf8");
  } else {
    text = Buffer.from(headerBytes.buffer, headerBytes.byteOffset, headerBytes.byteLength).toString("latin1");
    offsetOf = (i) => headerStart + i;
  }
  const header = interpretHeader(parseHeaderDict(text, offsetOf, fail2), text, fail2);
  const info = DTYPES2[header.dtype];
  let count = 1n;
  for (const d of header.shape) count *= BigInt(d);
  const expected = count * BigInt(info.size);
  const actual = len - dataStart;
  if (expected !== BigInt(actual)) {
    fail2(
      `the header says ${plural(count, "element")} of ${plural(BigInt(info.size), "byte")} (${plural(expected, "byte")}) but the file holds ${plural(BigInt(actual), "byte")} of data`
    );
  }
  return { dtype: header.dtype, shape: header.shape, count: Number(count), dataStart };
}
function readNpyFile(path3, options = {}) {
  const limit = { bytes: PREAMBLE + MAX_HEADER_LENGTH + MAX_NPY_DATA_BYTES, what: "a .npy file" };
  try {
    return withRegularFile(path3, limit, ({ fd, size }) => {
      const preamble = new Uint8Array(Math.min(size, PREAMBLE + MAX_HEADER_LENGTH));
      readAt(fd, preamble, 0, path3);
      const header = parseNpyHeader(preamble, size, path3);
      options.admit?.(header);
      const data = DTYPES2[header.dtype].create(header.count);
      const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      const inPreamble = preamble.subarray(header.dataStart);
      bytes.set(inPreamble.subarray(0, bytes.byteLength));
      const read2 = inPreamble.length + readAt(fd, bytes.subarray(inPreamble.length), header.dataStart + inPreamble.length, path3);
      if (read2 !== bytes.byteLength) throw new NpyError(path3, `the file was cut short while it was read (${read2} of ${bytes.byteLength} bytes of data)`);
      return { dtype: header.dtype, shape: header.shape, data };
    });
  } catch (e) {
    if (e instanceof FileRefused) throw new NpyError(path3, `cannot read the file: ${e.reason}`);
    throw e;
  }
}
function plural(n, word2) {
  return `${n} ${word2}${n === 1n ? "" : "s"}`;
}
var HEADER_KEYS = ["descr", "fortran_order", "shape"];
function interpretHeader(dict, text, fail2) {
  const raw = (v) => {
    const s = text.slice(v.start, v.end);
    return s.length > 60 ? `${s.slice(0, 57)}...` : s;
  };
  const values2 = /* @__PURE__ */ new Map();
  for (const { key, value } of dict.entries) {
    if (!HEADER_KEYS.includes(key)) {
      fail2(`the header has an unexpected key ${pyQuote(key)} (expected 'descr', 'fortran_order' and 'shape')`);
    }
    if (values2.has(key)) fail2(`the header has the key '${key}' twice`);
    values2.set(key, value);
  }
  for (const key of HEADER_KEYS) {
    if (!values2.has(key)) fail2(`the header has no '${key}' key`);
  }
  const descr = values2.get("descr");
  const fortran = values2.get("fortran_order");
  const shapeValue = values2.get("shape");
  if (descr.kind !== "str") fail2(`unsupported dtype ${raw(descr)} (supported: ${SUPPORTED_DESCRS})`);
  const descrText = descr.value;
  const dtype = DESCR_TO_DTYPE.get(descrText);
  if (dtype === void 0) {
    const little = `<${descrText.slice(1)}`;
    if (descrText.startsWith(">") && DESCR_TO_DTYPE.has(little)) {
      fail2(`big-endian data is not supported; save with dtype '${little}' instead of '${descrText}'`);
    }
    fail2(`unsupported dtype ${pyQuote(descrText)} (supported: ${SUPPORTED_DESCRS})`);
  }
  if (fortran.kind !== "bool") fail2(`'fortran_order' must be True or False, got ${raw(fortran)}`);
  if (fortran.value) {
    fail2(
      "Fortran-order (column-major) arrays are not supported; save a C-order array (np.ascontiguousarray(a)) with fortran_order=False"
    );
  }
  if (shapeValue.kind !== "tuple" && shapeValue.kind !== "list") {
    fail2(`'shape' must be a tuple of integers such as (2, 3), got ${raw(shapeValue)}`);
  }
  const shape = [];
  shapeValue.items.forEach((item, i) => {
    if (item.kind !== "num" || !item.integer || item.value < 0 || !Number.isSafeInteger(item.value)) {
      fail2(`shape dimension ${i} is ${raw(item)}; dimensions must be non-negative integers`);
    }
    const d = item.value;
    shape.push(d === 0 ? 0 : d);
  });
  return { dtype, shape };
}
function pyQuote(s) {
  const shown2 = s.length > 40 ? `${s.slice(0, 37)}...` : s;
  let out2 = "";
  for (const c of shown2) {
    const code = c.charCodeAt(0);
    if (c === "\\" || c === "'") out2 += `\\${c}`;
    else if (code < 32 || code === 127) out2 += `\\x${code.toString(16).padStart(2, "0")}`;
    else out2 += c;
  }
  return `'${out2}'`;
}
var MAX_DEPTH = 32;
var NUMBER_RE = /[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[lL]?/y;
var NAME_RE = /[A-Za-z_][A-Za-z0-9_]*/y;
var SIMPLE_ESCAPES = {
  "\\": "\\",
  "'": "'",
  '"': '"',
  n: "\n",
  t: "	",
  r: "\r",
  "0": "\0",
  a: "\x07",
  b: "\b",
  f: "\f",
  v: "\v"
};
function parseHeaderDict(text, offsetOf, fail2) {
  let pos = 0;
  const syntax = (what, at = pos) => fail2(`header is not a valid dictionary: ${what} at offset ${offsetOf(at)}`);
  const skipSpace = () => {
    while (pos < text.length && /[ \t\n\r\f\v]/.test(text[pos])) pos++;
  };
  const describeHere = () => {
    if (pos >= text.length) return "the end of the header";
    const c = text[pos];
    return /[\x20-\x7e]/.test(c) ? `'${c}'` : `character U+${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
  };
  const parseString = () => {
    const start = pos;
    const quote = text[pos++];
    let value = "";
    while (true) {
      if (pos >= text.length || text[pos] === "\n") return syntax("unterminated string", start);
      const c = text[pos++];
      if (c === quote) break;
      if (c !== "\\") {
        value += c;
        continue;
      }
      if (pos >= text.length) return syntax("unterminated string", start);
      const e = text[pos++];
      if (e in SIMPLE_ESCAPES) value += SIMPLE_ESCAPES[e];
      else if (e === "\n") continue;
      else if (e === "x" && /^[0-9a-fA-F]{2}$/.test(text.slice(pos, pos + 2))) {
        value += String.fromCharCode(parseInt(text.slice(pos, pos + 2), 16));
        pos += 2;
      } else value += `\\${e}`;
    }
    return { kind: "str", value, start, end: pos };
  };
  const parseNumber = () => {
    const start = pos;
    NUMBER_RE.lastIndex = pos;
    const m = NUMBER_RE.exec(text);
    if (m === null) return syntax(`unexpected ${describeHere()}`);
    pos += m[0].length;
    const body = m[0].replace(/[lL]$/, "");
    const integer2 = !/[.eE]/.test(body);
    if (/[lL]$/.test(m[0]) && !integer2) return syntax(`invalid number '${m[0]}'`, start);
    return { kind: "num", value: Number(body), integer: integer2, start, end: pos };
  };
  const parseName = () => {
    const start = pos;
    NAME_RE.lastIndex = pos;
    const m = NAME_RE.exec(text);
    pos += m[0].length;
    if (m[0] === "True" || m[0] === "False") return { kind: "bool", value: m[0] === "True", start, end: pos };
    if (m[0] === "None") return { kind: "none", start, end: pos };
    return syntax(`unexpected name '${m[0].length > 40 ? `${m[0].slice(0, 37)}...` : m[0]}'`, start);
  };
  const parseSequence = (depth) => {
    const start = pos;
    const open = text[pos++];
    const close = open === "(" ? ")" : "]";
    const items2 = [];
    let sawComma = false;
    skipSpace();
    while (text[pos] !== close) {
      items2.push(parseValue(depth + 1));
      skipSpace();
      if (text[pos] === ",") {
        sawComma = true;
        pos++;
        skipSpace();
      } else if (text[pos] !== close) {
        return syntax(`expected ',' or '${close}' but found ${describeHere()}`);
      }
    }
    pos++;
    if (open === "[") return { kind: "list", items: items2, start, end: pos };
    if (items2.length === 1 && !sawComma) return items2[0];
    return { kind: "tuple", items: items2, start, end: pos };
  };
  const parseDict = (depth) => {
    const start = pos;
    pos++;
    const entries = [];
    skipSpace();
    while (text[pos] !== "}") {
      if (text[pos] !== "'" && text[pos] !== '"') {
        return syntax(`expected a quoted key or '}' but found ${describeHere()}`);
      }
      const key = parseString().value;
      skipSpace();
      if (text[pos] !== ":") return syntax(`expected ':' after ${pyQuote(key)}`);
      pos++;
      skipSpace();
      const value = parseValue(depth + 1);
      entries.push({ key, value });
      skipSpace();
      if (text[pos] === ",") {
        pos++;
        skipSpace();
      } else if (text[pos] !== "}") {
        return syntax(`expected ',' or '}' after the value of ${pyQuote(key)} but found ${describeHere()}`);
      }
    }
    pos++;
    return { kind: "dict", entries, start, end: pos };
  };
  const parseValue = (depth) => {
    if (depth > MAX_DEPTH) return syntax("values are nested too deeply");
    skipSpace();
    if (pos >= text.length) return syntax("unexpected end of the header");
    const c = text[pos];
    if (c === "'" || c === '"') return parseString();
    if (c === "(" || c === "[") return parseSequence(depth);
    if (c === "{") return parseDict(depth);
    if (/[0-9+\-.]/.test(c)) return parseNumber();
    if (/[A-Za-z_]/.test(c)) return parseName();
    return syntax(`unexpected ${describeHere()}`);
  };
  skipSpace();
  if (text[pos] !== "{") return syntax(`expected '{' but found ${describeHere()}`);
  const dict = parseDict(0);
  skipSpace();
  if (pos < text.length) return syntax(`unexpected ${describeHere()} after the dictionary`);
  return dict;
}

// engine/machine/e8m0.ts
var scratchF32 = new Float32Array(1);
var scratchU32 = new Uint32Array(scratchF32.buffer);
var SMALLEST = 2 ** -127;
var NAN_CODE = 255;
var MAX_CODE = 254;
var FIRST_MIDPOINT_BITS = 6291456;
function encodeE8M0(v) {
  if (v !== v) return NAN_CODE;
  if (!(v > SMALLEST)) return 0;
  scratchF32[0] = v;
  const bits = scratchU32[0];
  if (bits < 8388608) return bits > FIRST_MIDPOINT_BITS ? 1 : 0;
  const code = bits + 4194303 + (bits >>> 23 & 1) >>> 23;
  return code > MAX_CODE ? MAX_CODE : code;
}
function buildTable() {
  const table = new Float64Array(256);
  for (let code = 0; code < 256; code++) table[code] = code === NAN_CODE ? NaN : 2 ** (code - 127);
  return table;
}
var E8M0_VALUES = buildTable();

// engine/machine/small-floats.ts
var scratchF322 = new Float32Array(1);
var scratchU322 = new Uint32Array(scratchF322.buffer);
var F32_BIAS = 127;
var F32_MANT_BITS = 23;
var TWO_POW_52 = 4503599627370496;
function magnitude(mantBits, bias, maxCode) {
  const absBits = scratchU322[0] & 2147483647;
  let code;
  if (absBits >>> F32_MANT_BITS >= F32_BIAS + 1 - bias) {
    const shift = F32_MANT_BITS - mantBits;
    const rounded = absBits + ((1 << shift - 1) - 1) + (absBits >>> shift & 1);
    code = (rounded >>> shift) - (F32_BIAS - bias << mantBits);
  } else {
    const units = Math.abs(scratchF322[0]) * 2 ** (bias - 1 + mantBits);
    code = units + TWO_POW_52 - TWO_POW_52;
  }
  return code > maxCode ? maxCode : code;
}
function signBit(at) {
  return scratchU322[0] >>> 31 - at & 1 << at;
}
function isInfinite(v) {
  return v === Infinity || v === -Infinity;
}
function encodeE4M3(v) {
  if (v !== v) return 124;
  scratchF322[0] = v;
  return signBit(7) | (isInfinite(v) ? 120 : magnitude(3, 7, 119));
}
function encodeE4M3FN(v) {
  if (v !== v) return 127;
  scratchF322[0] = v;
  return signBit(7) | magnitude(3, 7, 126);
}
function encodeE5M2(v) {
  if (v !== v) return 126;
  scratchF322[0] = v;
  return signBit(7) | (isInfinite(v) ? 124 : magnitude(2, 15, 123));
}
function encodeE2M1(v) {
  if (v !== v) return 0;
  scratchF322[0] = v;
  return signBit(3) | magnitude(1, 1, 7);
}
function buildTable2(expBits, mantBits, bias, specials) {
  const width = 1 + expBits + mantBits;
  const table = new Float64Array(1 << width);
  const expMax = (1 << expBits) - 1;
  const mantMask = (1 << mantBits) - 1;
  for (let bits = 0; bits < table.length; bits++) {
    const sign = bits >>> width - 1 ? -1 : 1;
    const exp2 = bits >>> mantBits & expMax;
    const mant = bits & mantMask;
    let value;
    if (exp2 === 0) value = mant * 2 ** (1 - bias - mantBits);
    else if (exp2 === expMax && specials === "ieee") value = mant === 0 ? Infinity : NaN;
    else if (exp2 === expMax && mant === mantMask && specials === "fn") value = NaN;
    else value = (1 + mant / (1 << mantBits)) * 2 ** (exp2 - bias);
    table[bits] = sign * value;
  }
  return table;
}
var E4M3_VALUES = buildTable2(4, 3, 7, "ieee");
var E4M3FN_VALUES = buildTable2(4, 3, 7, "fn");
var E5M2_VALUES = buildTable2(5, 2, 15, "ieee");
var E2M1_VALUES = buildTable2(2, 1, 1, "none");

// engine/machine/dtypes.ts
var ELEMENT_ARRAY = {
  f32: Float32Array,
  bf16: Uint16Array,
  f16: Uint16Array,
  fp8e4m3: Uint8Array,
  fp8e4m3fn: Uint8Array,
  fp8e5m2: Uint8Array,
  e8m0: Uint8Array,
  fp4e2m1: Uint8Array,
  fp8e4m3fn_x4: Uint32Array,
  fp8e5m2_x4: Uint32Array,
  fp4e2m1_x4: Uint16Array,
  i32: Int32Array,
  i16: Int16Array,
  i8: Int8Array,
  u32: Uint32Array,
  u16: Uint16Array,
  u8: Uint8Array
};
function createElementArray(d, length) {
  return new ELEMENT_ARRAY[d](length);
}
function bitsOf(a) {
  if (a instanceof Uint32Array || a instanceof Uint16Array || a instanceof Uint8Array) return a;
  if (a.BYTES_PER_ELEMENT === 4) return new Uint32Array(a.buffer, a.byteOffset, a.length);
  if (a.BYTES_PER_ELEMENT === 2) return new Uint16Array(a.buffer, a.byteOffset, a.length);
  return new Uint8Array(a.buffer, a.byteOffset, a.length);
}
function elementArrayOn(d, buffer2, byteOffset, length) {
  return new ELEMENT_ARRAY[d](buffer2, byteOffset, length);
}
var scratchF323 = new Float32Array(1);
var scratchU323 = new Uint32Array(scratchF323.buffer);
var F32_BIAS2 = 127;
var F32_MANT_BITS2 = 23;
var TWO_POW_522 = 4503599627370496;
function encodeF32(v) {
  return v === v ? Math.fround(v) : NaN;
}
function encodeBf16(v) {
  scratchF323[0] = v;
  const bits = scratchU323[0];
  if (v !== v) return 32704;
  return bits + 32767 + (bits >>> 16 & 1) >>> 16 & 65535;
}
function decodeBf16(stored) {
  scratchU323[0] = stored << 16;
  return scratchF323[0];
}
function encodeF16(v) {
  if (v !== v) return 32256;
  scratchF323[0] = roundF16(v);
  const bits = scratchU323[0];
  const sign = bits >>> 16 & 32768;
  const exp2 = bits >>> F32_MANT_BITS2 & 255;
  if (exp2 === 255) return sign | 31744;
  if (exp2 > F32_BIAS2 - 15) return sign | exp2 - (F32_BIAS2 - 15) << 10 | bits >>> 13 & 1023;
  return sign | Math.abs(scratchF323[0]) * 2 ** 24;
}
var F16_VALUES = buildF16Table();
function buildF16Table() {
  const table = new Float32Array(65536);
  const view = new DataView(new ArrayBuffer(2));
  for (let bits = 0; bits < 65536; bits++) {
    view.setUint16(0, bits, true);
    table[bits] = getFloat16(view, 0, true);
  }
  return table;
}
function decodeF16(stored) {
  return F16_VALUES[stored & 65535];
}
function roundF16(v) {
  return f16round(Math.fround(v));
}
function encodeInt(v, min, max) {
  if (!(v > min)) return v <= min ? min : 0;
  if (v >= max) return max;
  return (v >= 0 ? v + TWO_POW_522 - TWO_POW_522 : -(TWO_POW_522 - v - TWO_POW_522)) + 0;
}
var I32_MIN = -2147483648;
var I32_MAX = 2147483647;
var I16_MIN = -32768;
var I16_MAX = 32767;
var I8_MIN = -128;
var I8_MAX = 127;
var U32_MAX = 4294967295;
var U16_MAX = 65535;
var U8_MAX = 255;
function encode(d, v) {
  switch (d) {
    case "f32":
      return encodeF32(v);
    case "bf16":
      return encodeBf16(v);
    case "f16":
      return encodeF16(v);
    case "fp8e4m3":
      return encodeE4M3(v);
    case "fp8e4m3fn":
      return encodeE4M3FN(v);
    case "fp8e5m2":
      return encodeE5M2(v);
    case "e8m0":
      return encodeE8M0(v);
    case "fp4e2m1":
      return encodeE2M1(v);
    case "fp8e4m3fn_x4":
    case "fp8e5m2_x4":
      return encodeInt(v, 0, U32_MAX);
    case "fp4e2m1_x4":
      return encodeInt(v, 0, U16_MAX);
    case "i32":
      return encodeInt(v, I32_MIN, I32_MAX);
    case "i16":
      return encodeInt(v, I16_MIN, I16_MAX);
    case "i8":
      return encodeInt(v, I8_MIN, I8_MAX);
    case "u32":
      return encodeInt(v, 0, U32_MAX);
    case "u16":
      return encodeInt(v, 0, U16_MAX);
    case "u8":
      return encodeInt(v, 0, U8_MAX);
  }
}
function decode(d, stored) {
  switch (d) {
    case "bf16":
      return decodeBf16(stored);
    case "f16":
      return decodeF16(stored);
    case "fp8e4m3":
      return E4M3_VALUES[stored & 255];
    case "fp8e4m3fn":
      return E4M3FN_VALUES[stored & 255];
    case "fp8e5m2":
      return E5M2_VALUES[stored & 255];
    case "e8m0":
      return E8M0_VALUES[stored & 255];
    case "fp4e2m1":
      return E2M1_VALUES[stored & 15];
    default:
      return stored;
  }
}
function roundTo(d, v) {
  switch (d) {
    case "f32":
      return Math.fround(v);
    case "bf16":
      return decodeBf16(encodeBf16(v));
    case "f16":
      return roundF16(v);
    case "fp8e4m3":
      return E4M3_VALUES[encodeE4M3(v)];
    case "fp8e4m3fn":
      return E4M3FN_VALUES[encodeE4M3FN(v)];
    case "fp8e5m2":
      return E5M2_VALUES[encodeE5M2(v)];
    case "e8m0":
      return E8M0_VALUES[encodeE8M0(v)];
    case "fp4e2m1":
      return E2M1_VALUES[encodeE2M1(v)];
    default:
      return encode(d, v);
  }
}
var RANGE_ENCODERS = {
  // Stores into a Float32Array round to nearest even, exactly as Math.fround; NaN is made canonical (encodeF32).
  f32: (src, s, dst, t, n) => {
    for (let i = 0; i < n; i++) {
      const x = src[s + i];
      dst[t + i] = x === x ? x : NaN;
    }
  },
  bf16: (src, s, dst, t, n) => {
    for (let i = 0; i < n; i++) dst[t + i] = encodeBf16(src[s + i]);
  },
  f16: (src, s, dst, t, n) => {
    for (let i = 0; i < n; i++) dst[t + i] = encodeF16(src[s + i]);
  },
  fp8e4m3: (src, s, dst, t, n) => {
    for (let i = 0; i < n; i++) dst[t + i] = encodeE4M3(src[s + i]);
  },
  fp8e4m3fn: (src, s, dst, t, n) => {
    for (let i = 0; i < n; i++) dst[t + i] = encodeE4M3FN(src[s + i]);
  },
  fp8e5m2: (src, s, dst, t, n) => {
    for (let i = 0; i < n; i++) dst[t + i] = encodeE5M2(src[s + i]);
  },
  e8m0: (src, s, dst, t, n) => {
    for (let i = 0; i < n; i++) dst[t + i] = encodeE8M0(src[s + i]);
  },
  fp4e2m1: (src, s, dst, t, n) => {
    for (let i = 0; i < n; i++) dst[t + i] = encodeE2M1(src[s + i]);
  },
  fp8e4m3fn_x4: (src, s, dst, t, n) => {
    for (let i = 0; i < n; i++) dst[t + i] = encodeInt(src[s + i], 0, U32_MAX);
  },
  fp8e5m2_x4: (src, s, dst, t, n) => {
    for (let i = 0; i < n; i++) dst[t + i] = encodeInt(src[s + i], 0, U32_MAX);
  },
  fp4e2m1_x4: (src, s, dst, t, n) => {
    for (let i = 0; i < n; i++) dst[t + i] = encodeInt(src[s + i], 0, U16_MAX);
  },
  i32: (src, s, dst, t, n) => {
    for (let i = 0; i < n; i++) dst[t + i] = encodeInt(src[s + i], I32_MIN, I32_MAX);
  },
  i16: (src, s, dst, t, n) => {
    for (let i = 0; i < n; i++) dst[t + i] = encodeInt(src[s + i], I16_MIN, I16_MAX);
  },
  i8: (src, s, dst, t, n) => {
    for (let i = 0; i < n; i++) dst[t + i] = encodeInt(src[s + i], I8_MIN, I8_MAX);
  },
  u32: (src, s, dst, t, n) => {
    for (let i = 0; i < n; i++) dst[t + i] = encodeInt(src[s + i], 0, U32_MAX);
  },
  u16: (src, s, dst, t, n) => {
    for (let i = 0; i < n; i++) dst[t + i] = encodeInt(src[s + i], 0, U16_MAX);
  },
  u8: (src, s, dst, t, n) => {
    for (let i = 0; i < n; i++) dst[t + i] = encodeInt(src[s + i], 0, U8_MAX);
  }
};
var bf16Bits = new Uint32Array(1024);
var bf16Floats = new Float32Array(bf16Bits.buffer);
function decodeBf16Range(src, s, dst, t, n) {
  if (bf16Bits.length < n) {
    bf16Bits = new Uint32Array(n);
    bf16Floats = new Float32Array(bf16Bits.buffer);
  }
  const bits = bf16Bits;
  for (let i = 0; i < n; i++) bits[i] = src[s + i] << 16;
  dst.set(bf16Floats.subarray(0, n), t);
}
var copyDecoder = (src, s, dst, t, n) => {
  dst.set(src.subarray(s, s + n), t);
};
var RANGE_DECODERS = {
  f32: copyDecoder,
  bf16: decodeBf16Range,
  f16: (src, s, dst, t, n) => {
    for (let i = 0; i < n; i++) dst[t + i] = F16_VALUES[src[s + i] & 65535];
  },
  fp8e4m3: (src, s, dst, t, n) => {
    for (let i = 0; i < n; i++) dst[t + i] = E4M3_VALUES[src[s + i] & 255];
  },
  fp8e4m3fn: (src, s, dst, t, n) => {
    for (let i = 0; i < n; i++) dst[t + i] = E4M3FN_VALUES[src[s + i] & 255];
  },
  fp8e5m2: (src, s, dst, t, n) => {
    for (let i = 0; i < n; i++) dst[t + i] = E5M2_VALUES[src[s + i] & 255];
  },
  e8m0: (src, s, dst, t, n) => {
    for (let i = 0; i < n; i++) dst[t + i] = E8M0_VALUES[src[s + i] & 255];
  },
  fp4e2m1: (src, s, dst, t, n) => {
    for (let i = 0; i < n; i++) dst[t + i] = E2M1_VALUES[src[s + i] & 15];
  },
  fp8e4m3fn_x4: copyDecoder,
  fp8e5m2_x4: copyDecoder,
  fp4e2m1_x4: copyDecoder,
  i32: copyDecoder,
  i16: copyDecoder,
  i8: copyDecoder,
  u32: copyDecoder,
  u16: copyDecoder,
  u8: copyDecoder
};
function checkRange(what, length, start, count) {
  if (!(Number.isInteger(start) && Number.isInteger(count) && start >= 0 && count >= 0 && start + count <= length)) {
    throw new RangeError(`${what}: range [${start}, ${start + count}) is outside 0..${length}`);
  }
}
function checkElementArray(d, a) {
  if (!(a instanceof ELEMENT_ARRAY[d])) {
    throw new TypeError(`element array for ${d} must be a ${ELEMENT_ARRAY[d].name}, got ${a.constructor.name}`);
  }
}
var TABLED = /* @__PURE__ */ new Set(["bf16", "f16", "fp8e4m3", "fp8e4m3fn", "fp8e5m2", "e8m0", "fp4e2m1"]);
var decodeTables = /* @__PURE__ */ new Map();
function decodeTable(d) {
  const made = decodeTables.get(d);
  if (made || !TABLED.has(d)) return made;
  const table = new Float64Array(2 ** (createElementArray(d, 0).BYTES_PER_ELEMENT * 8));
  for (let i = 0; i < table.length; i++) table[i] = decode(d, i);
  decodeTables.set(d, table);
  return table;
}
function decodeRows(d, src, srcStart, rowStride, rows, cols, dst) {
  checkElementArray(d, src);
  if (rows === 0 || cols === 0) return;
  checkRange("decodeRows first row", src.length, srcStart, cols);
  checkRange("decodeRows last row", src.length, srcStart + (rows - 1) * rowStride, cols);
  checkRange("decodeRows destination", dst.length, 0, rows * cols);
  const decoder = RANGE_DECODERS[d];
  for (let r = 0; r < rows; r++) decoder(src, srcStart + r * rowStride, dst, r * cols, cols);
}
function encodeRange(d, src, srcStart, dst, dstStart, count) {
  checkElementArray(d, dst);
  checkRange("encodeRange source", src.length, srcStart, count);
  checkRange("encodeRange destination", dst.length, dstStart, count);
  RANGE_ENCODERS[d](src, srcStart, dst, dstStart, count);
}
function decodeRange(d, src, srcStart, dst, dstStart, count) {
  checkElementArray(d, src);
  checkRange("decodeRange source", src.length, srcStart, count);
  checkRange("decodeRange destination", dst.length, dstStart, count);
  RANGE_DECODERS[d](src, srcStart, dst, dstStart, count);
}

// engine/machine/core.ts
var FRAMES_PER_SLAB = 128;
var REGISTER_BYTES = REGISTERS * Float64Array.BYTES_PER_ELEMENT;
var slab = new ArrayBuffer(0);
var slabUsed = 0;
function newRegisters() {
  if (slabUsed === slab.byteLength) {
    slab = new ArrayBuffer(FRAMES_PER_SLAB * REGISTER_BYTES);
    slabUsed = 0;
  }
  const regs = new Float64Array(slab, slabUsed, REGISTERS);
  slabUsed += REGISTER_BYTES;
  return regs;
}
var Frame = class _Frame {
  constructor(fn, activation2, depth, tensors, sbufBase, psumBase, callNode) {
    this.fn = fn;
    this.activation = activation2;
    this.depth = depth;
    this.tensors = tensors;
    this.sbufBase = sbufBase;
    this.psumBase = psumBase;
    this.callNode = callNode;
  }
  fn;
  activation;
  depth;
  tensors;
  sbufBase;
  psumBase;
  callNode;
  /**
   * Told before every register write while set: searches of the past watch registers with it. Static because a
   * search runs synchronously and watches every frame of the machine it replays.
   */
  static watcher;
  regs = newRegisters();
  /** Bit i set when register i was written in this activation. */
  regWritten = 0;
  cursors = [];
  /** Set when the frame has begun executing (its first node is current or done). */
  started = false;
  /** The (file, line) of the last node the frame ran, as the debugger keys it: a frame *enters* a line when it changes. */
  lastLineKey = -1;
  get top() {
    return this.cursors[this.cursors.length - 1];
  }
  /** The node the frame runs next, or undefined at the end of its innermost region. */
  get current() {
    const c = this.top;
    return c && c.pc < c.region.nodes.length ? c.region.nodes.at(c.pc) : void 0;
  }
  /**
   * Whether an allocation is live: one of the function body always, one of a block (a loop body, an arm) while a
   * cursor up to `cursorIndex` is in that block.
   */
  isLive(alloc, cursorIndex = this.cursors.length - 1) {
    if (alloc.scope === void 0) return true;
    for (let k = Math.min(cursorIndex, this.cursors.length - 1); k >= 0; k--) if (this.cursors[k].region.allocs?.includes(alloc)) return true;
    return false;
  }
  /** The allocations live now (up to `cursorIndex`), in declaration order. */
  liveAllocs(cursorIndex) {
    return this.fn.allocs.filter((a) => this.isLive(a, cursorIndex));
  }
  /** The live allocation of a name: sibling blocks may each declare one of the same name. */
  liveAlloc(name, cursorIndex) {
    const allocs = this.fn.allocs;
    for (let i = allocs.length - 1; i >= 0; i--) if (allocs[i].name === name && this.isLive(allocs[i], cursorIndex)) return allocs[i];
    return void 0;
  }
  setRegister(index, value) {
    if (_Frame.watcher) _Frame.watcher(this, index, value);
    this.regs[index] = value;
    this.regWritten |= 1 << index;
  }
  isWritten(index) {
    return (this.regWritten & 1 << index) !== 0;
  }
  /** As a new activation starts: what a replay of the past does to the frame object it runs the activation in again. */
  reset(tensors) {
    this.regs.fill(0);
    this.regWritten = 0;
    this.cursors.length = 0;
    this.started = false;
    this.lastLineKey = -1;
    this.tensors.splice(0, this.tensors.length, ...tensors);
    return this;
  }
};
var Core = class {
  constructor(index) {
    this.index = index;
  }
  index;
  frames = [];
  state = "running";
  /** Instructions this core executed. */
  executed = 0;
  /** The Barrier this core waits at. */
  barrierNode;
  get frame() {
    return this.frames[this.frames.length - 1];
  }
};

// engine/machine/random.ts
function mulberry32(seed2) {
  let a = seed2 >>> 0;
  return () => {
    a = a + 1831565813 >>> 0;
    let t = a;
    t = Math.imul(t ^ t >>> 15, t | 1);
    t ^= t + Math.imul(t ^ t >>> 7, t | 61);
    return ((t ^ t >>> 14) >>> 0) / 4294967296;
  };
}
function randomValues(count, seed2, low, high) {
  const next3 = mulberry32(seed2);
  const out2 = new Float64Array(count);
  for (let i = 0; i < count; i++) out2[i] = low + (high - low) * next3();
  return out2;
}

// engine/machine/shadow.ts
var Shadow = class {
  values;
  /**
   * The stored value (decoded) when the shadow was written. A later write the shadow run did not see (Set Value, a
   * write through a bitcast alias, an integer instruction) leaves it differing from the element, which then reads as
   * its stored value: a shadow never outlives the value it shadows. NaN where never written. In f32: every shadowed
   * dtype's values are f32 values, so the stamp is exact in half the bytes (a shadow run is bound by the bytes its
   * loops move). With the value it gives the element's relative error (|stamp − value| / |value|, ulp.ts
   * relativeError), which is therefore not stored: 24 bytes a shadowed element.
   */
  stamps;
  /** The shadow run's id of the instruction where the element's error grew most (ShadowRun.nodes); -1 for none. */
  origins;
  /** That growth, in relative error. */
  jumps;
  /**
   * 0 while every shadowed element is its stored value as written, without an error or an origin (only DMAs of values
   * without a shadow have written it: inputs loaded to a tile), which a read then takes in bulk as stored values
   * (ShadowRun.read); 1 once any other instruction wrote a shadow. The journal keeps it with the arrays (Tracked).
   */
  extra = 0;
  pageMarks;
  extraMark;
  constructor(size) {
    this.values = new Float64Array(size);
    this.stamps = new Float32Array(size).fill(NaN);
    this.origins = new Int32Array(size).fill(-1);
    this.jumps = new Float64Array(size);
  }
  /** As when made: nothing shadowed. */
  clear() {
    this.stamps.fill(NaN);
    this.origins.fill(-1);
    this.extra = 0;
  }
  /** Whether every shadowed element is its stored value, without an error or an origin (see `extra`). */
  get ofStoredValues() {
    return this.extra === 0;
  }
  get arrays() {
    return [this.values, this.stamps, this.origins, this.jumps];
  }
};

// engine/machine/ulp.ts
var FORMATS = {
  f32: { mantissa: 23, minExponent: -126 },
  bf16: { mantissa: 7, minExponent: -126 },
  f16: { mantissa: 10, minExponent: -14 },
  fp8e4m3: { mantissa: 3, minExponent: -6 },
  fp8e4m3fn: { mantissa: 3, minExponent: -6 },
  fp8e5m2: { mantissa: 2, minExponent: -14 },
  fp4e2m1: { mantissa: 1, minExponent: 0 },
  // Powers of two only: the next value is twice this one.
  e8m0: { mantissa: 0, minExponent: -127 }
};
function hasUlp(dtype) {
  return FORMATS[dtype] !== void 0;
}
function relativeError(stored, exact) {
  if (stored === exact || stored !== stored && exact !== exact) return 0;
  if (!Number.isFinite(stored) || !Number.isFinite(exact)) return Infinity;
  return exact === 0 ? Infinity : Math.abs(stored - exact) / Math.abs(exact);
}

// engine/machine/shadow-loops.ts
var relative = relativeError;
var enabled = true;
function shadowPlaneLoops() {
  return enabled;
}
function readPlane(p, offset2, t, s, values2, read2, worst) {
  const data = t.data;
  if (data instanceof Float32Array) {
    if (read2) readNotingF32(p, offset2, data, t.written, s, values2, read2, worst);
    else readWorstF32(p, offset2, data, t.written, s, values2, worst);
    return;
  }
  const table = decodeTable(t.dtype);
  const bits = data;
  if (read2) readNoting(p, offset2, bits, table, t.written, s, values2, read2, worst);
  else readWorst(p, offset2, bits, table, t.written, s, values2, worst);
}
function storePlane(p, offset2, t, s, values2, whole, read2, current) {
  const data = t.data;
  if (data instanceof Float32Array) {
    if (read2) storeByPositionF32(p, offset2, data, values2, s, whole, read2, current);
    else storeWholeF32(p, offset2, data, values2, s, whole, current);
    return;
  }
  const table = decodeTable(t.dtype);
  const bits = data;
  if (read2) storeByPosition(p, offset2, bits, table, values2, s, whole, read2, current);
  else storeWhole(p, offset2, bits, table, values2, s, whole, current);
}
function readNoting(p, offset2, data, table, written, s, values2, read2, worst) {
  const { values: exact, stamps, origins, jumps: jumps3 } = s;
  const { errors: readErrors, origins: readOrigins, jumps: readJumps } = read2;
  const { rows, cols, rowStride, colStride } = p;
  let worstError = worst.error;
  let worstOrigin = worst.origin;
  let worstJump = worst.jump;
  let i = 0;
  for (let r = 0; r < rows; r++) {
    let index = offset2 + r * rowStride;
    for (let c = 0; c < cols; c++, i++, index += colStride) {
      const y = written[index] === 0 ? NaN : table[data[index]];
      if (y !== stamps[index]) {
        values2[i] = written[index] === 0 ? 0 : y;
        readErrors[i] = 0;
        readOrigins[i] = -1;
        readJumps[i] = 0;
        continue;
      }
      const x = exact[index];
      values2[i] = x;
      const error = y === x ? 0 : Number.isFinite(y) && Number.isFinite(x) && x !== 0 ? Math.abs(y - x) / Math.abs(x) : relative(y, x);
      readErrors[i] = error;
      readOrigins[i] = origins[index];
      readJumps[i] = jumps3[index];
      if (error > worstError) {
        worstError = error;
        worstOrigin = origins[index];
        worstJump = jumps3[index];
      }
    }
  }
  worst.error = worstError;
  worst.origin = worstOrigin;
  worst.jump = worstJump;
}
function readNotingF32(p, offset2, data, written, s, values2, read2, worst) {
  const { values: exact, stamps, origins, jumps: jumps3 } = s;
  const { errors: readErrors, origins: readOrigins, jumps: readJumps } = read2;
  const { rows, cols, rowStride, colStride } = p;
  let worstError = worst.error;
  let worstOrigin = worst.origin;
  let worstJump = worst.jump;
  let i = 0;
  for (let r = 0; r < rows; r++) {
    let index = offset2 + r * rowStride;
    for (let c = 0; c < cols; c++, i++, index += colStride) {
      const y = written[index] === 0 ? NaN : data[index];
      if (y !== stamps[index]) {
        values2[i] = written[index] === 0 ? 0 : y;
        readErrors[i] = 0;
        readOrigins[i] = -1;
        readJumps[i] = 0;
        continue;
      }
      const x = exact[index];
      values2[i] = x;
      const error = y === x ? 0 : Number.isFinite(y) && Number.isFinite(x) && x !== 0 ? Math.abs(y - x) / Math.abs(x) : relative(y, x);
      readErrors[i] = error;
      readOrigins[i] = origins[index];
      readJumps[i] = jumps3[index];
      if (error > worstError) {
        worstError = error;
        worstOrigin = origins[index];
        worstJump = jumps3[index];
      }
    }
  }
  worst.error = worstError;
  worst.origin = worstOrigin;
  worst.jump = worstJump;
}
function readWorst(p, offset2, data, table, written, s, values2, worst) {
  const { values: exact, stamps, origins, jumps: jumps3 } = s;
  const { rows, cols, rowStride, colStride } = p;
  let worstError = worst.error;
  let worstOrigin = worst.origin;
  let worstJump = worst.jump;
  let i = 0;
  for (let r = 0; r < rows; r++) {
    let index = offset2 + r * rowStride;
    for (let c = 0; c < cols; c++, i++, index += colStride) {
      const y = written[index] === 0 ? NaN : table[data[index]];
      if (y !== stamps[index]) {
        values2[i] = written[index] === 0 ? 0 : y;
        continue;
      }
      const x = exact[index];
      values2[i] = x;
      const error = y === x ? 0 : Number.isFinite(y) && Number.isFinite(x) && x !== 0 ? Math.abs(y - x) / Math.abs(x) : relative(y, x);
      if (error > worstError) {
        worstError = error;
        worstOrigin = origins[index];
        worstJump = jumps3[index];
      }
    }
  }
  worst.error = worstError;
  worst.origin = worstOrigin;
  worst.jump = worstJump;
}
function readWorstF32(p, offset2, data, written, s, values2, worst) {
  const { values: exact, stamps, origins, jumps: jumps3 } = s;
  const { rows, cols, rowStride, colStride } = p;
  let worstError = worst.error;
  let worstOrigin = worst.origin;
  let worstJump = worst.jump;
  let i = 0;
  for (let r = 0; r < rows; r++) {
    let index = offset2 + r * rowStride;
    for (let c = 0; c < cols; c++, i++, index += colStride) {
      const y = written[index] === 0 ? NaN : data[index];
      if (y !== stamps[index]) {
        values2[i] = written[index] === 0 ? 0 : y;
        continue;
      }
      const x = exact[index];
      values2[i] = x;
      const error = y === x ? 0 : Number.isFinite(y) && Number.isFinite(x) && x !== 0 ? Math.abs(y - x) / Math.abs(x) : relative(y, x);
      if (error > worstError) {
        worstError = error;
        worstOrigin = origins[index];
        worstJump = jumps3[index];
      }
    }
  }
  worst.error = worstError;
  worst.origin = worstOrigin;
  worst.jump = worstJump;
}
function storeWhole(p, offset2, data, table, values2, s, whole, current) {
  const { values: exact, stamps, origins, jumps: jumps3 } = s;
  const { rows, cols, rowStride, colStride } = p;
  const worstError = whole.error;
  const worstOrigin = whole.origin;
  const worstJump = whole.jump;
  let i = 0;
  for (let r = 0; r < rows; r++) {
    let index = offset2 + r * rowStride;
    for (let c = 0; c < cols; c++, i++, index += colStride) {
      const y = table[data[index]];
      const x = values2[i];
      exact[index] = x;
      stamps[index] = y;
      const error = y === x ? 0 : Number.isFinite(y) && Number.isFinite(x) && x !== 0 ? Math.abs(y - x) / Math.abs(x) : relative(y, x);
      const growth = error - worstError;
      if (growth > worstJump) {
        origins[index] = current;
        jumps3[index] = growth;
      } else {
        origins[index] = worstOrigin;
        jumps3[index] = worstJump;
      }
    }
  }
}
function storeWholeF32(p, offset2, data, values2, s, whole, current) {
  const { values: exact, stamps, origins, jumps: jumps3 } = s;
  const { rows, cols, rowStride, colStride } = p;
  const worstError = whole.error;
  const worstOrigin = whole.origin;
  const worstJump = whole.jump;
  let i = 0;
  for (let r = 0; r < rows; r++) {
    let index = offset2 + r * rowStride;
    for (let c = 0; c < cols; c++, i++, index += colStride) {
      const y = data[index];
      const x = values2[i];
      exact[index] = x;
      stamps[index] = y;
      const error = y === x ? 0 : Number.isFinite(y) && Number.isFinite(x) && x !== 0 ? Math.abs(y - x) / Math.abs(x) : relative(y, x);
      const growth = error - worstError;
      if (growth > worstJump) {
        origins[index] = current;
        jumps3[index] = growth;
      } else {
        origins[index] = worstOrigin;
        jumps3[index] = worstJump;
      }
    }
  }
}
function storeByPosition(p, offset2, data, table, values2, s, whole, read2, current) {
  const { values: exact, stamps, origins, jumps: jumps3 } = s;
  const { errors: readErrors, origins: readOrigins, jumps: readJumps } = read2;
  const { rows, cols, rowStride, colStride } = p;
  const wholeError = whole.error;
  const wholeOrigin = whole.origin;
  const wholeJump = whole.jump;
  let i = 0;
  for (let r = 0; r < rows; r++) {
    let index = offset2 + r * rowStride;
    for (let c = 0; c < cols; c++, i++, index += colStride) {
      const y = table[data[index]];
      const x = values2[i];
      exact[index] = x;
      stamps[index] = y;
      const error = y === x ? 0 : Number.isFinite(y) && Number.isFinite(x) && x !== 0 ? Math.abs(y - x) / Math.abs(x) : relative(y, x);
      const byPosition = readErrors[i] > wholeError;
      const worstError = byPosition ? readErrors[i] : wholeError;
      const worstJump = byPosition ? readJumps[i] : wholeJump;
      const growth = error - worstError;
      if (growth > worstJump) {
        origins[index] = current;
        jumps3[index] = growth;
      } else {
        origins[index] = byPosition ? readOrigins[i] : wholeOrigin;
        jumps3[index] = worstJump;
      }
    }
  }
}
function storeByPositionF32(p, offset2, data, values2, s, whole, read2, current) {
  const { values: exact, stamps, origins, jumps: jumps3 } = s;
  const { errors: readErrors, origins: readOrigins, jumps: readJumps } = read2;
  const { rows, cols, rowStride, colStride } = p;
  const wholeError = whole.error;
  const wholeOrigin = whole.origin;
  const wholeJump = whole.jump;
  let i = 0;
  for (let r = 0; r < rows; r++) {
    let index = offset2 + r * rowStride;
    for (let c = 0; c < cols; c++, i++, index += colStride) {
      const y = data[index];
      const x = values2[i];
      exact[index] = x;
      stamps[index] = y;
      const error = y === x ? 0 : Number.isFinite(y) && Number.isFinite(x) && x !== 0 ? Math.abs(y - x) / Math.abs(x) : relative(y, x);
      const byPosition = readErrors[i] > wholeError;
      const worstError = byPosition ? readErrors[i] : wholeError;
      const worstJump = byPosition ? readJumps[i] : wholeJump;
      const growth = error - worstError;
      if (growth > worstJump) {
        origins[index] = current;
        jumps3[index] = growth;
      } else {
        origins[index] = byPosition ? readOrigins[i] : wholeOrigin;
        jumps3[index] = worstJump;
      }
    }
  }
}

// engine/machine/view.ts
function reshapeStrides(shape, strides, dims) {
  const old = shape.map((n, d) => [n, strides[d]]).filter(([n]) => n !== 1);
  const out2 = new Array(dims.length).fill(0);
  let i = 0;
  let j = 0;
  while (j < dims.length && dims[j] === 1) out2[j++] = 0;
  while (i < old.length || j < dims.length) {
    if (i >= old.length || j >= dims.length) return void 0;
    const i0 = i;
    const j0 = j;
    let a = old[i++][0];
    let b = dims[j++];
    while (a !== b) {
      if (a < b) {
        if (i >= old.length) return void 0;
        a *= old[i++][0];
      } else {
        if (j >= dims.length) return void 0;
        b *= dims[j++];
      }
    }
    for (let k = i0; k < i - 1; k++) if (old[k][1] !== old[k + 1][1] * old[k + 1][0]) return void 0;
    let stride = old[i - 1][1];
    for (let k = j - 1; k >= j0; k--) {
      out2[k] = stride;
      stride *= dims[k];
    }
    while (j < dims.length && dims[j] === 1) out2[j++] = 0;
  }
  for (let k = dims.length - 1; k >= 0; k--) if (dims[k] === 1) out2[k] = k + 1 < dims.length ? out2[k + 1] * dims[k + 1] : 1;
  return out2;
}
function permuted(values2, axes) {
  return axes.map((a) => values2[a]);
}
function wholeView(tensor) {
  return { tensor, offset: 0, shape: tensor.shape, strides: tensor.strides };
}
function viewSize(v) {
  let n = 1;
  for (const d of v.shape) n *= d;
  return n;
}
function asPlane(v) {
  const s = v.shape;
  const t = v.strides;
  if (s.length === 0) return { rows: 1, cols: 1, rowStride: 0, colStride: 1 };
  if (s.length === 1) return { rows: 1, cols: s[0], rowStride: 0, colStride: t[0] };
  let rows = s[s.length - 2];
  const rowStride = t[t.length - 2];
  for (let i = s.length - 3; i >= 0; i--) {
    if (t[i] !== t[i + 1] * s[i + 1]) return void 0;
    rows *= s[i];
  }
  return { rows, cols: s[s.length - 1], rowStride, colStride: t[t.length - 1] };
}
function forEachIndex(v, visit) {
  const rank = v.shape.length;
  if (rank === 0) return visit(v.offset, 0);
  const counter = new Array(rank).fill(0);
  const total = viewSize(v);
  let index = v.offset;
  for (let i = 0; i < total; i++) {
    visit(index, i);
    for (let d = rank - 1; d >= 0; d--) {
      counter[d]++;
      index += v.strides[d];
      if (counter[d] < v.shape[d]) break;
      index -= v.strides[d] * v.shape[d];
      counter[d] = 0;
    }
  }
}
function firstUnwritten(v) {
  const t = v.tensor;
  if (t.fullyWritten) return -1;
  const w = t.written;
  let found = -1;
  let i = 0;
  const p = asPlane(v);
  if (p) {
    for (let r = 0; r < p.rows && found < 0; r++) {
      let index = v.offset + r * p.rowStride;
      for (let c = 0; c < p.cols; c++, index += p.colStride, i++) {
        if (w[index] === 0) {
          found = i;
          break;
        }
      }
    }
    return found;
  }
  forEachIndex(v, (index, k) => {
    if (found < 0 && w[index] === 0) found = k;
  });
  return found;
}
function readView(v, out2) {
  const t = v.tensor;
  const p = asPlane(v);
  if (p && p.colStride === 1) {
    if (p.rowStride === p.cols) decodeRange(t.dtype, t.data, v.offset, out2, 0, p.rows * p.cols);
    else decodeRows(t.dtype, t.data, v.offset, p.rowStride, p.rows, p.cols, out2);
    return;
  }
  const data = t.data;
  const dtype = t.dtype;
  forEachIndex(v, (index, i) => {
    out2[i] = decode(dtype, data[index]);
  });
}
function zeroUnwritten(v, values2) {
  const w = v.tensor.written;
  forEachIndex(v, (index, i) => {
    if (w[index] === 0) values2[i] = 0;
  });
}
function writeView(v, values2) {
  const t = v.tensor;
  const p = asPlane(v);
  if (p && p.colStride === 1) {
    const full = t.fullyWritten;
    for (let r = 0; r < p.rows; r++) {
      const start = v.offset + r * p.rowStride;
      if (t.journal) t.touch(start, start + p.cols);
      encodeRange(t.dtype, values2, r * p.cols, t.data, start, p.cols);
      if (!full) for (let c = 0; c < p.cols; c++) t.markWritten(start + c);
    }
    return;
  }
  const data = t.data;
  const dtype = t.dtype;
  const journal = t.journal;
  forEachIndex(v, (index, i) => {
    if (journal) t.touch(index, index + 1);
    data[index] = encode(dtype, values2[i]);
    t.markWritten(index);
  });
}
function readViewStored(v, out2, at = 0) {
  const data = v.tensor.bits;
  const p = asPlane(v);
  if (p) return copyPlane(bitsOf(out2), at, p.cols, 1, data, v.offset, p.rowStride, p.colStride, p.rows, p.cols);
  const bits = bitsOf(out2);
  forEachIndex(v, (index, i) => {
    bits[at + i] = data[index];
  });
}
function writeViewStored(v, stored, from = 0) {
  const t = v.tensor;
  const p = asPlane(v);
  if (p) {
    const journal2 = t.journal;
    if (journal2) {
      for (let r = 0, start = v.offset; r < p.rows; r++, start += p.rowStride) {
        if (p.colStride === 1) t.touch(start, start + p.cols);
        else for (let c = 0, index = start; c < p.cols; c++, index += p.colStride) t.touch(index, index + 1);
      }
    }
    copyPlane(t.bits, v.offset, p.rowStride, p.colStride, bitsOf(stored), from, p.cols, 1, p.rows, p.cols);
    if (!t.fullyWritten) markPlaneWritten(t, v.offset, p);
    return;
  }
  const data = t.bits;
  const bits = bitsOf(stored);
  const journal = t.journal;
  forEachIndex(v, (index, i) => {
    if (journal) t.touch(index, index + 1);
    data[index] = bits[from + i];
    t.markWritten(index);
  });
}
var SHORT_COPY = 32;
function copyPlane(dst, dstAt, dstRow, dstCol, src, srcAt, srcRow, srcCol, rows, cols) {
  if (dstCol === 1 && srcCol === 1 && cols >= SHORT_COPY) {
    if (dstRow === cols && srcRow === cols) return dst.set(src.subarray(srcAt, srcAt + rows * cols), dstAt);
    for (let r = 0; r < rows; r++) dst.set(src.subarray(srcAt + r * srcRow, srcAt + r * srcRow + cols), dstAt + r * dstRow);
    return;
  }
  if (cols === 1) {
    for (let r = 0, d = dstAt, s = srcAt; r < rows; r++, d += dstRow, s += srcRow) dst[d] = src[s];
    return;
  }
  for (let r = 0; r < rows; r++) {
    let d = dstAt + r * dstRow;
    let s = srcAt + r * srcRow;
    for (let c = 0; c < cols; c++, d += dstCol, s += srcCol) dst[d] = src[s];
  }
}
function markPlaneWritten(t, offset2, p) {
  for (let r = 0; r < p.rows; r++) {
    for (let c = 0, index = offset2 + r * p.rowStride; c < p.cols; c++, index += p.colStride) t.markWritten(index);
  }
}
function elementIndex(v, i) {
  let index = v.offset;
  for (let d = v.shape.length - 1; d >= 0; d--) {
    const k = i % v.shape[d];
    i = (i - k) / v.shape[d];
    index += k * v.strides[d];
  }
  return index;
}
function unravel(shape, i) {
  const out2 = new Array(shape.length);
  for (let d = shape.length - 1; d >= 0; d--) {
    out2[d] = i % shape[d];
    i = Math.floor(i / shape[d]);
  }
  return out2;
}

// engine/machine/shadow-run.ts
var OperandErrors = class {
  errors = new Float64Array(64);
  origins = new Int32Array(64);
  jumps = new Float64Array(64);
  length = 0;
  /** Room for n positions, their values left as they were: for a loop that writes every one. */
  size(n) {
    if (this.errors.length < n) {
      this.errors = new Float64Array(n);
      this.origins = new Int32Array(n);
      this.jumps = new Float64Array(n);
    }
    this.length = n;
  }
  /** n positions of nothing read: no error, no origin. */
  reset(n) {
    this.size(n);
    this.errors.fill(0, 0, n);
    this.origins.fill(-1, 0, n);
    this.jumps.fill(0, 0, n);
  }
};
var ShadowRun = class {
  /** The instructions shadowed so far, by id: what the shadows' origins name. */
  nodes = [];
  ids = /* @__PURE__ */ new Map();
  current = -1;
  pending = [];
  pendingCopy;
  positional = false;
  /** The operands read so far by the instruction being shadowed (buffers kept between instructions). */
  operands = [];
  operandCount = 0;
  /** The worst of everything it read: its relative error, its origin and that origin's growth. */
  worst = { error: 0, origin: -1, jump: 0 };
  /** The float64 results pending, one buffer per write of the instruction, kept between instructions. */
  pendingBuffers = [];
  /** The id of an instruction (a fused group's member has its own). */
  idOf(node) {
    let id = this.ids.get(node.id);
    if (id === void 0) {
      id = this.nodes.length;
      this.ids.set(node.id, id);
      this.nodes.push(node);
    }
    return id;
  }
  /** Before an instruction's float64 run; `positional`: an elementwise instruction (each result from its position). */
  begin(id, positional) {
    this.current = id;
    this.positional = positional;
    this.operandCount = 0;
    this.pending.length = 0;
    this.pendingCopy = void 0;
    this.worst.error = 0;
    this.worst.origin = -1;
    this.worst.jump = 0;
  }
  /** A float64 run that faulted: the instruction itself reports the fault, and nothing is shadowed. */
  discard() {
    this.pending.length = 0;
    this.pendingCopy = void 0;
  }
  /**
   * A DMA's float64 execution when its source has no shadow, every element written, and the destination its dtype
   * (so the DMA copies the bits): each element's float64 value is then its stored value, with no error and no
   * origin, which the commit writes a row at a time from the destination (bulk decodes and fills instead of a loop
   * per element; the same bits as storeWhole gives). Rows of contiguous elements only; false, with nothing kept,
   * for the rest, which read and pend as any instruction.
   */
  copyOfValues(s, d) {
    if (!shadowPlaneLoops() || s.tensor.shadow || s.tensor.dtype !== d.tensor.dtype) return false;
    const plane2 = asPlane(d);
    if (!plane2 || plane2.colStride !== 1 && plane2.cols > 1) return false;
    this.pendingCopy = { tensor: d.tensor, offset: d.offset, plane: plane2 };
    return true;
  }
  /**
   * An operand of a plane read on its shadows in one pass (machine/shadow-loops.ts): what readView and substitute give
   * together, with never-written elements as zero. False, with nothing read, for the views the general loops take.
   */
  read(v, values2) {
    const t = v.tensor;
    const s = t.shadow;
    const p = s && shadowPlaneLoops() ? asPlane(v) : void 0;
    if (!s || !p) return false;
    if (s.ofStoredValues && (p.colStride === 1 || p.cols <= 1)) {
      readStoredValues(v, p, s, values2);
      if (this.positional) this.operandErrors(values2.length).reset(values2.length);
      return true;
    }
    readPlane(p, v.offset, t, s, values2, this.positional ? this.operandErrors(values2.length) : void 0, this.worst);
    return true;
  }
  /**
   * An operand's values (stored values, as the kernel read them) replaced by their shadows where they have one; the
   * worst input noted.
   */
  substitute(v, values2) {
    const t = v.tensor;
    const s = t.shadow;
    if (!s) return;
    const n = values2.length;
    const indices = elementIndices(v, n, 0);
    const read2 = this.positional ? this.operandErrors(n) : scratchErrors(n);
    read2.reset(n);
    substituteElements(n, indices, values2, t.written, s, read2);
    const errors = read2.errors;
    const worst = this.worst;
    for (let i = 0; i < n; i++) {
      if (errors[i] > worst.error) {
        worst.error = errors[i];
        worst.origin = read2.origins[i];
        worst.jump = read2.jumps[i];
      }
    }
  }
  operandErrors(n) {
    const k = this.operandCount++;
    const read2 = this.operands[k] ??= new OperandErrors();
    read2.size(n);
    return read2;
  }
  /** The float64 results of a write, kept until the instruction itself has written. */
  pend(v, values2) {
    const view = { tensor: v.tensor, offset: v.offset, shape: [...v.shape], strides: [...v.strides] };
    const k = this.pending.length;
    let kept = this.pendingBuffers[k];
    if (!kept || kept.length < values2.length) kept = this.pendingBuffers[k] = new Float64Array(Math.max(values2.length, 1024));
    const copy = kept.length === values2.length ? kept : kept.subarray(0, values2.length);
    copy.set(values2);
    this.pending.push({ view, values: copy });
  }
  /** After the instruction wrote: its float64 results become the shadows of the elements written. */
  commit() {
    for (const { view, values: values2 } of this.pending) this.store(view, values2);
    this.pending.length = 0;
    if (this.pendingCopy) storeValues(this.pendingCopy);
    this.pendingCopy = void 0;
  }
  store(v, values2) {
    const t = v.tensor;
    const s = shadowFor(t);
    if (!s) return;
    const journal = t.journal;
    if (journal && s.extra === 0) journal.touch(s, v.offset, v.offset + 1);
    s.extra = 1;
    const n = values2.length;
    const byPosition = this.operands.slice(0, this.operandCount).filter((o) => o.length === n);
    const whole = this.positional && byPosition.length > 0 ? this.wholeOperandsWorst(n) : this.worst;
    const p = shadowPlaneLoops() ? asPlane(v) : void 0;
    if (p) {
      if (journal) for (let r = 0; r < p.rows; r++) for (let c = 0, index = v.offset + r * p.rowStride; c < p.cols; c++, index += p.colStride) journal.touch(s, index, index + 1);
      if (byPosition.length <= 1) return storePlane(p, v.offset, t, s, values2, whole, byPosition[0], this.current);
      return storePlane(p, v.offset, t, s, values2, BELOW_EVERY_ERROR, worstOf(whole, byPosition, n), this.current);
    }
    const stored = storedBuffer(n);
    readView(v, stored);
    const indices = elementIndices(v, n, 1);
    if (journal) for (let i = 0; i < n; i++) journal.touch(s, indices[i], indices[i] + 1);
    storeElements(n, indices, stored, values2, s, worstOf(whole, byPosition, n), this.current);
  }
  /** The worst element of the operands read whole (not of the result's size): columns of scalars, biases. */
  wholeOperandsWorst(n) {
    const worst = { error: 0, origin: -1, jump: 0 };
    for (const o of this.operands.slice(0, this.operandCount)) {
      if (o.length === n) continue;
      for (let i = 0; i < o.length; i++) {
        if (o.errors[i] > worst.error) {
          worst.error = o.errors[i];
          worst.origin = o.origins[i];
          worst.jump = o.jumps[i];
        }
      }
    }
    return worst;
  }
};
function shadowFor(t) {
  if (t.shadow) return t.shadow;
  if (!hasUlp(t.dtype)) return void 0;
  return t.shadow = new Shadow(t.size);
}
function readStoredValues(v, p, s, values2) {
  readView(v, values2);
  const { written } = v.tensor;
  const { values: exact, stamps } = s;
  const { rows, cols, rowStride } = p;
  let i = 0;
  for (let r = 0; r < rows; r++) {
    for (let c = 0, index = v.offset + r * rowStride; c < cols; c++, i++, index++) {
      if (written[index] === 0) values2[i] = 0;
      else if (values2[i] === 0 && stamps[index] === 0) values2[i] = exact[index];
    }
  }
}
function storeValues({ tensor, offset: offset2, plane: plane2 }) {
  const s = shadowFor(tensor);
  if (!s) return;
  const { values: exact, stamps, origins, jumps: jumps3 } = s;
  const { rows, cols, rowStride } = plane2;
  for (let r = 0; r < rows; r++) {
    const from = offset2 + r * rowStride;
    const to = from + cols;
    tensor.journal?.touch(s, from, to);
    decodeRange(tensor.dtype, tensor.data, from, exact, from, cols);
    stamps.set(exact.subarray(from, to), from);
    origins.fill(-1, from, to);
    jumps3.fill(0, from, to);
  }
}
var relative2 = relativeError;
var indexBuffers = [new Int32Array(1024), new Int32Array(1024)];
var storedValues = new Float64Array(1024);
function storedBuffer(n) {
  if (storedValues.length < n) storedValues = new Float64Array(n);
  return storedValues.length === n ? storedValues : storedValues.subarray(0, n);
}
function elementIndices(v, n, use) {
  let out2 = indexBuffers[use];
  if (out2.length < n) out2 = indexBuffers[use] = new Int32Array(n);
  const p = asPlane(v);
  if (!p) {
    forEachIndex(v, (index, i2) => out2[i2] = index);
    return out2;
  }
  const { rows, cols, rowStride, colStride } = p;
  let i = 0;
  for (let r = 0; r < rows; r++) {
    let index = v.offset + r * rowStride;
    for (let c = 0; c < cols; c++, index += colStride) out2[i++] = index;
  }
  return out2;
}
var worstKept = new OperandErrors();
function worstBuffers(n) {
  if (worstKept.errors.length < n) worstKept = new OperandErrors();
  worstKept.reset(n);
  return worstKept;
}
function worstOf(whole, byPosition, n) {
  const worst = worstBuffers(n);
  worst.errors.fill(whole.error, 0, n);
  worst.origins.fill(whole.origin, 0, n);
  worst.jumps.fill(whole.jump, 0, n);
  for (const o of byPosition) foldWorst(worst, o, n);
  return worst;
}
var BELOW_EVERY_ERROR = { error: -Infinity, origin: -1, jump: 0 };
function foldWorst(worst, o, n) {
  const { errors, origins, jumps: jumps3 } = worst;
  for (let i = 0; i < n; i++) {
    if (o.errors[i] > errors[i]) {
      errors[i] = o.errors[i];
      origins[i] = o.origins[i];
      jumps3[i] = o.jumps[i];
    }
  }
}
function storeElements(n, indices, stored, values2, s, worst, current) {
  const { values: exact, stamps, origins, jumps: jumps3 } = s;
  const { errors: worstErrors, origins: worstOrigins, jumps: worstJumps } = worst;
  for (let i = 0; i < n; i++) {
    const index = indices[i];
    const y = stored[i];
    const x = values2[i];
    exact[index] = x;
    stamps[index] = y;
    const error = y === x ? 0 : Number.isFinite(y) && Number.isFinite(x) && x !== 0 ? Math.abs(y - x) / Math.abs(x) : relative2(y, x);
    const growth = error - worstErrors[i];
    if (growth > worstJumps[i]) {
      origins[index] = current;
      jumps3[index] = growth;
    } else {
      origins[index] = worstOrigins[i];
      jumps3[index] = worstJumps[i];
    }
  }
}
var scratchKept = new OperandErrors();
function scratchErrors(n) {
  if (scratchKept.errors.length < n) scratchKept = new OperandErrors();
  scratchKept.reset(n);
  return scratchKept;
}
function substituteElements(n, indices, values2, written, s, read2) {
  const { values: exact, stamps, origins, jumps: jumps3 } = s;
  const { errors: readErrors, origins: readOrigins, jumps: readJumps } = read2;
  for (let i = 0; i < n; i++) {
    const index = indices[i];
    const y = values2[i];
    if (written[index] === 0 || stamps[index] !== y) continue;
    const x = exact[index];
    values2[i] = x;
    readErrors[i] = y === x ? 0 : Number.isFinite(y) && Number.isFinite(x) && x !== 0 ? Math.abs(y - x) / Math.abs(x) : relative2(y, x);
    readOrigins[i] = origins[index];
    readJumps[i] = jumps3[index];
  }
}

// engine/machine/tensor.ts
var Tensor = class {
  constructor(name, memory, dtype, shape, core, placement2, storage) {
    this.name = name;
    this.memory = memory;
    this.dtype = dtype;
    this.shape = shape;
    this.core = core;
    this.placement = placement2;
    this.size = shape.reduce((a, b) => a * b, 1);
    this.data = storage ? elementArrayOn(dtype, storage, 0, this.size) : createElementArray(dtype, this.size);
    this.bits = bitsOf(this.data);
    this.written = new Uint8Array(this.size);
    this.strides = rowMajorStrides(shape);
  }
  name;
  memory;
  dtype;
  shape;
  core;
  placement;
  data;
  /** The same elements as unsigned integers of their width: what copies of stored bits read and write. */
  bits;
  /** 1 where the element was written. A byte per element keeps scans of regions fast. */
  written;
  /** Elements written so far; when it equals size, reads skip the scan of `written`. */
  writtenCount = 0;
  size;
  strides;
  /** The journal of time travel, when the run is recorded: told before every write. */
  journal;
  pageMarks;
  extraMark;
  /**
   * The float64 shadow of its elements, in a shadow run, once a shadowed instruction wrote it (machine/shadow.ts).
   * Present from the start, so that every tensor has one shape of object whether or not it gets a shadow.
   */
  shadow = void 0;
  get arrays() {
    return [this.data, this.written];
  }
  /** What the journal saves with the elements: the count of written ones. */
  get extra() {
    return this.writtenCount;
  }
  set extra(n) {
    this.writtenCount = n;
  }
  get bytes() {
    return this.size * dtypeInfo(this.dtype).bytes;
  }
  get fullyWritten() {
    return this.writtenCount === this.size;
  }
  /** Before the run writes elements [from, to): the journal of time travel saves them. */
  touch(from, to) {
    this.journal?.touch(this, from, to);
  }
  markWritten(index) {
    if (this.written[index] === 0) {
      this.written[index] = 1;
      this.writtenCount++;
    }
  }
  markAllWritten() {
    this.journal?.touch(this, 0, this.size);
    this.written.fill(1);
    this.writtenCount = this.size;
  }
  /** Forgets every write: a new activation's allocation starts unwritten. */
  clearWritten() {
    if (this.writtenCount === 0) {
      this.journal?.watcher?.(this, 0, this.size, true);
      return;
    }
    this.journal?.touch(this, 0, this.size, true);
    this.written.fill(0);
    this.writtenCount = 0;
  }
  /** As the tensor was when made: every element zero and unwritten. */
  reset() {
    this.data.fill(0);
    this.written.fill(0);
    this.writtenCount = 0;
    this.shadow?.clear();
  }
};
function rowMajorStrides(shape) {
  const strides = new Array(shape.length);
  let s = 1;
  for (let i = shape.length - 1; i >= 0; i--) {
    strides[i] = s;
    s *= shape[i];
  }
  return strides;
}

// engine/machine/machine.ts
var LoadError = class extends Error {
  constructor(message) {
    super(message);
    this.name = "LoadError";
  }
};
var ShapeMismatch = class extends Error {
};
var Machine = class {
  constructor(program, options = {}) {
    this.program = program;
    this.ncores = options.cores ?? program.cores?.count ?? 1;
    if (!Number.isInteger(this.ncores) || this.ncores < 1 || this.ncores > MAX_CORES) {
      throw new LoadError(`cores must be an integer from 1 to ${MAX_CORES}, found ${options.cores}`);
    }
    this.maxCallDepth = options.maxCallDepth ?? DEFAULT_MAX_CALL_DEPTH;
    this.maxInstructions = options.maxInstructions ?? Infinity;
    this.settingNames = options.settingNames ?? {};
    this.instructionBudget = this.maxInstructions;
    if (options.shadow) this.shadow = new ShadowRun();
    this.faults = { "uninitialized-read": true, nan: false, race: false, ...options.faults };
    this.counters = Object.fromEntries(ENGINES.map((e) => [e, 0]));
    const output = options.output ?? (() => void 0);
    this.output = (text, core) => {
      if (!this.replaying) output(text, core);
    };
    this.cores = Array.from({ length: this.ncores }, (_, i) => new Core(i));
    this.drams = program.drams.map((d) => this.createDram(d, options.inputs?.[d.name], options.files));
    this.dramViews = this.drams.map(wholeView);
    const unknown = Object.keys(options.inputs ?? {}).filter((name) => !program.drams.some((d) => d.name === name));
    if (unknown.length) {
      throw new LoadError(`input '${unknown[0]}' is not a dram tensor of the program (its dram tensors: ${program.drams.map((d) => d.name).join(", ") || "none"})`);
    }
  }
  program;
  ncores;
  cores;
  drams;
  dramViews;
  maxCallDepth;
  maxInstructions;
  settingNames;
  /** Instructions the run may still execute before `instruction-limit`. */
  instructionBudget;
  faults;
  /** Instructions executed, by engine. */
  counters;
  output;
  /** A continuable fault to let pass during one instruction: set when a run resumes from a stop at that fault. */
  suppressed;
  /** Incremented at every completed Barrier; writes in the same epoch by two cores race. */
  barrierEpoch = 0;
  nextActivation = 0;
  /** Activations started so far, by function (every core's): how many times each function ran, for the editor's CodeLens. */
  activations = /* @__PURE__ */ new Map();
  writeLogs = /* @__PURE__ */ new Map();
  pools = /* @__PURE__ */ new Map();
  /**
   * Tensors made for allocations, in the order the run made them, and how many of them the run has made so far. A
   * replay of the past makes the same ones again as the same objects, so that whatever refers to a tensor (a search
   * of its writes, a reference of the Variables view) holds across time travel.
   */
  made = [];
  madeCount = 0;
  /** The member of a fused group running now (-1 outside groups): who made a write that a search watches. */
  member = -1;
  /** Set while the debugger replays the past: Print says nothing, continuable faults pass (as they did, or the run would have ended there). */
  replaying = false;
  /** The journal of time travel; every tensor of the run tells it before writing. */
  journal;
  /** In a shadow run, its state: the float64 shadows' instructions and pending results. */
  shadow;
  /** Whether a continuable fault stops the program now. */
  raises(code) {
    return this.faults[code] && this.suppressed !== code && !this.replaying;
  }
  /** Journals every write of the run from now on (time travel). */
  attachJournal(journal) {
    this.journal = journal;
    for (const t of this.drams) t.journal = journal;
    for (const core of this.cores) for (const f2 of core.frames) for (const v of f2.tensors) v.tensor.journal = journal;
  }
  createDram(d, input, files) {
    const t = new Tensor(d.name, "dram", d.dtype, d.shape);
    if (input !== void 0) {
      this.loadInput(t, d, input);
      return t;
    }
    const init = d.init;
    if (!init) return t;
    switch (init.kind) {
      case "zeros":
        t.markAllWritten();
        break;
      case "const":
        fill(t, () => init.value);
        break;
      case "iota":
        fill(t, (i) => i);
        break;
      case "random": {
        const values2 = randomValues(t.size, init.seed, init.low, init.high);
        fill(t, (i) => values2[i]);
        break;
      }
      case "file": {
        if (!files) throw new LoadError(`input '${d.name}': this run cannot read files (its initializer is file("${init.path}"))`);
        this.loadInput(t, d, files(init.path));
        break;
      }
    }
    return t;
  }
  loadInput(t, d, source) {
    try {
      source(t);
    } catch (e) {
      throw new LoadError(`input '${d.name}'${e instanceof ShapeMismatch ? ` (${d.dtype}[${d.shape.join(", ")}])` : ""}: ${e.message}`);
    }
  }
  /** A tensor for an allocation of a new activation: reused from an ended activation when possible, unwritten. */
  allocate(alloc, core, frameBase) {
    const key = `${core}:${alloc.span.file}:${alloc.span.line}:${alloc.slot}`;
    const free = this.pools.get(key);
    const reused = free?.pop();
    if (reused && reused.placement?.frameBase === frameBase) {
      reused.clearWritten();
      return reused;
    }
    const t = this.make(alloc, core, frameBase);
    this.journal?.watcher?.(t, 0, t.size, true);
    return t;
  }
  /** A new tensor for an allocation, or the one the run made at this point before (the past replayed), made new again. */
  make(alloc, core, frameBase) {
    if (!this.journal) return new Tensor(alloc.name, alloc.memory, alloc.dtype, alloc.shape, core, { ...alloc.placement, frameBase });
    const n = this.madeCount++;
    const before = this.made[n];
    const alike = before && before.name === alloc.name && before.dtype === alloc.dtype && before.core === core && before.shape.length === alloc.shape.length && before.shape.every((d, i) => d === alloc.shape[i]) && before.placement?.frameBase === frameBase && before.placement.offset === alloc.placement.offset;
    if (alike) {
      before.reset();
      return before;
    }
    this.made.length = n;
    const t = new Tensor(alloc.name, alloc.memory, alloc.dtype, alloc.shape, core, { ...alloc.placement, frameBase });
    t.journal = this.journal;
    this.made.push(t);
    return t;
  }
  release(alloc, core, tensor) {
    const key = `${core}:${alloc.span.file}:${alloc.span.line}:${alloc.slot}`;
    let free = this.pools.get(key);
    if (!free) this.pools.set(key, free = []);
    free.push(tensor);
  }
  /** Records a write of DRAM element `index` by a core; returns the other core when it wrote it since the last barrier. */
  recordDramWrite(t, index, core) {
    let log2 = this.writeLogs.get(t);
    if (!log2) {
      const coreOf = new Int8Array(t.size).fill(-1);
      const epoch = new Int32Array(t.size).fill(-1);
      log2 = { core: coreOf, epoch, arrays: [coreOf, epoch] };
      this.writeLogs.set(t, log2);
    }
    this.journal?.touch(log2, index, index + 1);
    const other = log2.epoch[index] === this.barrierEpoch ? log2.core[index] : -1;
    log2.core[index] = core;
    log2.epoch[index] = this.barrierEpoch;
    return other >= 0 && other !== core ? other : void 0;
  }
  get instructionsExecuted() {
    const cores = this.cores;
    let n = 0;
    for (let i = 0; i < cores.length; i++) n += cores[i].executed;
    return n;
  }
  outputs() {
    return this.program.drams.filter((d) => d.role === "output").map((info) => ({ info, tensor: this.drams[info.slot] }));
  }
};
function fill(t, value) {
  const values2 = new Float64Array(t.size);
  for (let i = 0; i < t.size; i++) values2[i] = value(i);
  encodeRange(t.dtype, values2, 0, t.data, 0, t.size);
  t.markAllWritten();
}

// engine/io/tensor-files.ts
function npyFitsTensor(npy, dtype, shape) {
  if (npy.shape.length !== shape.length || npy.shape.some((d, i) => d !== shape[i])) {
    return `the file holds an array of shape (${npy.shape.join(", ")}) but the tensor is [${shape.join(", ")}]`;
  }
  const packed = packedLayout(dtype);
  if (packed && npy.dtype !== void 0 && npy.dtype !== packed.container) {
    return `a ${dtype} tensor is read from a ${packed.container} array of its bits (four ${packed.element} in each element, the first in the lowest bits), but the file holds ${npy.dtype}`;
  }
  return void 0;
}

// engine/lang/check/placement.ts
function newPlans() {
  return {
    sbuf: { name: "sbuf", capacity: SBUF_BYTES_PER_PARTITION, used: 0, peak: 0, live: [] },
    psum: { name: "psum", capacity: PSUM_BYTES_PER_PARTITION, used: 0, peak: 0, live: [] }
  };
}
function markPlan(plan) {
  return { used: plan.used, live: plan.live.length };
}
function releaseTo(plan, mark) {
  plan.used = mark.used;
  plan.live.length = mark.live;
}
function place(plan, request, diagnostics) {
  const { name, dtype, shape, span, where } = request;
  const bytes = shape.slice(1).reduce((a, b) => a * b, 1) * dtypeInfo(dtype).bytes;
  const explicit = request.offset !== void 0;
  const offset2 = explicit ? request.offset : plan.name === "sbuf" ? alignUp(plan.used, SBUF_ALIGNMENT) : psumOffset(plan.used, bytes);
  const what = describe(plan, request, bytes);
  const straddle = plan.name === "psum" ? tileStraddles(request, bytes) : void 0;
  if (straddle) {
    diagnostics.error(span, `${what}: ${straddle}`);
    return void 0;
  }
  const p0 = request.partition ?? 0;
  const badStart = startPartitionProblem(shape[0], p0);
  if (badStart) {
    diagnostics.error(span, `${what} ${badStart}`);
    return void 0;
  }
  if (offset2 + bytes > plan.capacity) {
    const others = plan.live.length && !explicit ? ` (${usedBy(plan)}${lostToAlignment(plan, offset2, bytes)})` : "";
    diagnostics.error(span, `${what} does not fit in ${where}: it would end at byte ${offset2 + bytes} but ${plan.name.toUpperCase()} has ${plan.capacity} bytes per partition${others}`);
    return void 0;
  }
  if (explicit) {
    const problem = explicitProblem(plan, request, offset2, bytes);
    if (problem) {
      diagnostics.error(span, `${what} ${problem}`);
      return void 0;
    }
  }
  plan.live.push({ name, p0, p1: p0 + shape[0], offset: offset2, end: offset2 + bytes, line: span.line });
  plan.used = Math.max(plan.used, offset2 + bytes);
  plan.peak = Math.max(plan.peak, plan.used);
  return p0 ? { partitions: shape[0], partition: p0, offset: offset2, bytesPerPartition: bytes } : { partitions: shape[0], offset: offset2, bytesPerPartition: bytes };
}
function startPartitionProblem(partitions, start) {
  const allowed = partitions > 64 ? [0] : partitions > 32 ? [0, 64] : [0, 32, 64, 96];
  if (allowed.includes(start)) return void 0;
  const range2 = partitions > 64 ? "65 to 128" : partitions > 32 ? "33 to 64" : "1 to 32";
  const list = allowed.length === 1 ? "partition 0" : `partition ${allowed.slice(0, -1).join(", ")} or ${allowed[allowed.length - 1]}`;
  return `cannot start at partition ${start}: a tensor of ${range2} partitions starts at ${list} (the hardware's start-partition rule, NKI architecture guide); it takes ${partitions}`;
}
function describe(plan, request, bytes) {
  const { name, dtype, shape, array: array2 } = request;
  const place2 = request.offsetText ? `, ${request.offsetText}` : "";
  if (!array2) return `${plan.name} allocation '${name}' (${dtype}[${shape.join(", ")}], ${bytes} bytes per partition${place2})`;
  const tile = [shape[0], ...shape.slice(1 + array2.length)];
  const count = array2.reduce((a, b) => a * b, 1);
  return `${plan.name} array of tiles '${name}${array2.map((n) => `[${n}]`).join("")}' (${count} tiles of ${dtype}[${tile.join(", ")}], ${bytes / count} bytes per partition each, ${bytes} in all${place2})`;
}
function tileStraddles(request, bytes) {
  if (!request.array || bytes <= PSUM_BANK_BYTES) return void 0;
  const tile = bytes / request.array.reduce((a, b) => a * b, 1);
  if (PSUM_BANK_BYTES % tile === 0 || tile % PSUM_BANK_BYTES === 0) return void 0;
  return `its tiles follow each other in each partition and the array is larger than a ${PSUM_BANK_BYTES}-byte bank, so a tile of ${tile} bytes would straddle two banks; tiles of an array in PSUM must fill whole banks or divide one (${PSUM_BANK_BYTES}, 1024, 512, ... bytes per partition), else declare them as separate allocations`;
}
function explicitProblem(plan, request, offset2, bytes) {
  if (plan.name === "sbuf" && offset2 % SBUF_ALIGNMENT !== 0) return `starts at byte ${offset2}: SBUF allocations start on ${SBUF_ALIGNMENT}-byte boundaries`;
  const p0 = request.partition ?? 0;
  const p1 = p0 + request.shape[0];
  const other = plan.live.find((o) => o.offset < offset2 + bytes && offset2 < o.end && o.p0 < p1 && p0 < o.p1);
  if (!other) return void 0;
  if (p0 === 0 && other.p0 === 0) {
    return `overlaps '${other.name}' (line ${other.line}), which is live here: '${request.name}' would take bytes ${offset2}..${offset2 + bytes - 1} of each partition, '${other.name}' takes bytes ${other.offset}..${other.end - 1}`;
  }
  return `overlaps '${other.name}' (line ${other.line}), which is live here: '${request.name}' would take bytes ${offset2}..${offset2 + bytes - 1} of partitions ${p0}..${p1 - 1}, '${other.name}' takes bytes ${other.offset}..${other.end - 1} of partitions ${other.p0}..${other.p1 - 1}`;
}
function usedBy(plan) {
  const taken = plan.live.reduce((sum, o) => sum + (o.end - o.offset), 0);
  const gaps = plan.used - taken;
  const names = plan.live.map((o) => `'${o.name}'`).join(", ");
  return `${taken} bytes are used by ${names}${gaps > 0 ? `, ${gaps} are lost to alignment between them` : ""}`;
}
function lostToAlignment(plan, offset2, bytes) {
  const lost = offset2 - plan.used;
  if (lost <= 0) return "";
  const rule = plan.name === "sbuf" ? `SBUF allocations start on ${SBUF_ALIGNMENT}-byte boundaries` : bytes <= PSUM_BANK_BYTES ? `a PSUM allocation that fits in a ${PSUM_BANK_BYTES}-byte bank never straddles two` : `a PSUM allocation larger than a bank starts on a bank`;
  return `, and ${lost} more are skipped because ${rule}: this one would start at byte ${offset2}`;
}
function psumOffset(used, bytes) {
  const offset2 = alignUp(used, 4);
  const inBank = offset2 % PSUM_BANK_BYTES;
  if (bytes <= PSUM_BANK_BYTES ? inBank + bytes > PSUM_BANK_BYTES : inBank !== 0) return alignUp(offset2, PSUM_BANK_BYTES);
  return offset2;
}
function alignUp(n, alignment) {
  return Math.ceil(n / alignment) * alignment;
}
function frameBytes(plan) {
  return alignUp(plan.peak, plan.name === "sbuf" ? SBUF_ALIGNMENT : PSUM_BANK_BYTES);
}
function checkCallChains(main, callees, diagnostics) {
  const need = /* @__PURE__ */ new Map();
  const visiting = /* @__PURE__ */ new Set();
  const measure = (fn) => {
    const known = need.get(fn);
    if (known) return known;
    visiting.add(fn);
    let sbuf = 0;
    let psum = 0;
    for (const { callee } of callees.get(fn) ?? []) {
      if (visiting.has(callee)) continue;
      const n = measure(callee);
      sbuf = Math.max(sbuf, n.sbuf);
      psum = Math.max(psum, n.psum);
    }
    visiting.delete(fn);
    const total = { sbuf: fn.sbufFrameBytes + sbuf, psum: fn.psumFrameBytes + psum };
    need.set(fn, total);
    return total;
  };
  measure(main);
  const reported = /* @__PURE__ */ new Set();
  const walk = (fn, base2, chain) => {
    if (chain.includes(fn.fullName)) return;
    const total = need.get(fn);
    if (base2.sbuf + total.sbuf <= SBUF_BYTES_PER_PARTITION && base2.psum + total.psum <= PSUM_BYTES_PER_PARTITION) return;
    const here = [...chain, fn.fullName];
    const start = { sbuf: base2.sbuf + fn.sbufFrameBytes, psum: base2.psum + fn.psumFrameBytes };
    for (const { callee, span } of callees.get(fn) ?? []) {
      let overflows = false;
      for (const mem of ["sbuf", "psum"]) {
        const capacity = mem === "sbuf" ? SBUF_BYTES_PER_PARTITION : PSUM_BYTES_PER_PARTITION;
        const frame = mem === "sbuf" ? callee.sbufFrameBytes : callee.psumFrameBytes;
        if (start[mem] + frame <= capacity) continue;
        overflows = true;
        const key = `${span.file}:${span.line}:${span.col}:${mem}`;
        if (reported.has(key)) continue;
        reported.add(key);
        diagnostics.error(span, `call to '${callee.fullName}' overflows ${mem.toUpperCase()}: its frame needs ${frame} bytes per partition but the chain ${here.join(" -> ")} already uses ${start[mem]} of ${capacity}`);
      }
      if (!overflows) walk(callee, start, here);
    }
  };
  walk(main, { sbuf: 0, psum: 0 }, []);
}

// engine/lang/check/dtype-names.ts
function unknownDTypeMessage(name, what) {
  const nki = dtypeOfNkiName(name);
  const hint2 = nki ? `; NKI's ${name} is ${nki} in BIR` : "";
  return `unknown data type '${name}' for ${what} (known: ${DTYPES.join(" ")})${hint2}`;
}

// engine/lang/check/repeated-lines.ts
var MAX_LINES = 1 << 16;
var RepeatedLines = class {
  constructor(code) {
    this.code = code;
  }
  code;
  /** Line text → the index of the node built from it. */
  lines = /* @__PURE__ */ new Map();
  /** The index of a copy of the node of `text` at `line`, or undefined when the text is not known. */
  repeat(text, line) {
    const from = this.lines.get(text);
    return from === void 0 ? void 0 : this.code.appendMoved(from, line);
  }
  /** Keeps the node at `index` as the one of line `text` when it can be moved. */
  learn(text, index) {
    if (this.lines.size < MAX_LINES && !this.lines.has(text) && this.code.movable(index)) this.lines.set(text, index);
  }
  forget() {
    this.lines.clear();
  }
};

// engine/ir/node-list.ts
var CodeNodes = class {
  constructor(code, indices) {
    this.code = code;
    this.indices = indices;
  }
  code;
  indices;
  get length() {
    return this.indices.length;
  }
  at(position) {
    return this.code.node(this.indices[position]);
  }
  indexAt(position) {
    return this.indices[position];
  }
  toArray() {
    return Array.from(this.indices, (i) => this.code.node(i));
  }
  *[Symbol.iterator]() {
    for (let i = 0; i < this.indices.length; i++) yield this.code.node(this.indices[i]);
  }
};
var ArrayNodes = class {
  constructor(nodes = []) {
    this.nodes = nodes;
  }
  nodes;
  get length() {
    return this.nodes.length;
  }
  at(position) {
    return this.nodes[position];
  }
  indexAt(position) {
    return this.nodes[position].index;
  }
  toArray() {
    return this.nodes.slice();
  }
  [Symbol.iterator]() {
    return this.nodes[Symbol.iterator]();
  }
};
var NO_NODES = new ArrayNodes([]);

// engine/base/double-double.ts
function sumError(a, b, s) {
  const bVirtual = s - a;
  return a - (s - bVirtual) + (b - bVirtual);
}
function fastSumError(a, b, s) {
  return b - (s - a);
}
var SPLITTER = 134217729;
function productError(a, b, p) {
  const ta = SPLITTER * a;
  const aHi = ta - (ta - a);
  const aLo = a - aHi;
  const tb = SPLITTER * b;
  const bHi = tb - (tb - b);
  const bLo = b - bHi;
  return aHi * bHi - p + aHi * bLo + aLo * bHi + aLo * bLo;
}
function normalize(hi, lo) {
  const s = hi + lo;
  return { hi: s, lo: sumError(hi, lo, s) };
}
function add(a, b) {
  const s = a.hi + b.hi;
  return normalize(s, sumError(a.hi, b.hi, s) + (a.lo + b.lo));
}
function mul(a, b) {
  const p = a.hi * b.hi;
  return normalize(p, productError(a.hi, b.hi, p) + (a.hi * b.lo + a.lo * b.hi));
}
function reciprocal(n) {
  const hi = 1 / n;
  const p = n * hi;
  return { hi, lo: (1 - p - productError(n, hi, p)) / n };
}
function quotient(n, d) {
  const q = n.hi / d.hi;
  const p = q * d.hi;
  const remainder = n.hi - p - productError(q, d.hi, p) + n.lo - q * d.lo;
  return q + remainder / d.hi;
}

// engine/base/math.ts
var scratch = new Float64Array(1);
var words = new Uint32Array(scratch.buffer);
scratch[0] = 1;
var HIGH = words[1] === 1072693248 ? 1 : 0;
var LOW = 1 - HIGH;
function highWord(x) {
  scratch[0] = x;
  return words[HIGH];
}
function pow2(k) {
  words[HIGH] = k + 1023 << 20;
  words[LOW] = 0;
  return scratch[0];
}
function scale(v, k) {
  if (k > 1023) return v * pow2(1023) * pow2(k - 1023);
  if (k < -1022) return v * pow2(k + 600) * pow2(-600);
  return v * pow2(k);
}
var TWO_POW_54 = 18014398509481984;
var MIN_NORMAL = 22250738585072014e-324;
function binaryExponent(x) {
  if (x < MIN_NORMAL) return binaryExponent(x * TWO_POW_54) - 54;
  return (highWord(x) >>> 20) - 1023;
}
function horner(x, coefficients) {
  let s = coefficients[coefficients.length - 1];
  for (let i = coefficients.length - 2; i >= 0; i--) s = s * x + coefficients[i];
  return s;
}
var INV_FACTORIAL = (() => {
  const out2 = [1];
  let factorial = 1;
  for (let n = 1; n <= 22; n++) out2.push(1 / (factorial *= n));
  return out2;
})();
function taylor(first, step2, count, alternate) {
  return Array.from({ length: count }, (_, j) => (alternate && j % 2 ? -1 : 1) * INV_FACTORIAL[first + j * step2]);
}
var LN2_HI = 0.6931471803691238;
var LN2_MID = 19082149288430703e-26;
var LN2_LO = 4275175589747649e-35;
var INV_LN2 = 1.4426950408889634;
var HALF_LN2 = 0.34657359027997264;
var EXP_OVERFLOW = 709.79;
var EXP_UNDERFLOW = -745.2;
var EXP_TAIL = taylor(3, 1, 13, false);
function reduceLn2(zh, zl, k) {
  const a = zh - k * LN2_HI;
  const b = -k * LN2_MID;
  const s = a + b;
  return normalize(s, sumError(a, b, s) + (zl - k * LN2_LO));
}
function expm1Reduced(rh, rl) {
  const square = rh * rh;
  const half = 0.5 * square;
  const head = rh + half;
  const tail = rh * square * horner(rh, EXP_TAIL);
  const low = 0.5 * productError(rh, rh, square) + rl * (1 + rh) + tail;
  return normalize(head, fastSumError(rh, half, head) + low);
}
function expDd(zh, zl) {
  const k = Math.floor(zh * INV_LN2 + 0.5);
  const r = reduceLn2(zh, zl, k);
  const e = expm1Reduced(r.hi, r.lo);
  const h2 = 1 + e.hi;
  return scale(h2 + (fastSumError(1, e.hi, h2) + e.lo), k);
}
function exp(x) {
  if (!(x <= EXP_OVERFLOW)) return x === x ? Infinity : NaN;
  if (x < EXP_UNDERFLOW) return 0;
  return expDd(x, 0);
}
function expm1Dd(x) {
  if (Math.abs(x) <= HALF_LN2) return expm1Reduced(x, 0);
  const k = Math.floor(x * INV_LN2 + 0.5);
  const r = reduceLn2(x, 0, k);
  const e = expm1Reduced(r.hi, r.lo);
  const p = pow2(k);
  if (Math.abs(k) <= 53) return twoTermSum(p - 1, p * e.hi, p * e.lo);
  const h2 = 1 + e.hi;
  return twoTermSum(p * h2, -1, p * (fastSumError(1, e.hi, h2) + e.lo));
}
function twoTermSum(a, b, c) {
  const s = a + b;
  return normalize(s, sumError(a, b, s) + c);
}
var TWO_POW_M54 = 5551115123125783e-32;
var TWO_POW_M27 = 7450580596923828e-24;
var TANH_ONE = 20;
function tanh(x) {
  const a = Math.abs(x);
  if (!(a <= TANH_ONE)) return x !== x ? NaN : x > 0 ? 1 : -1;
  if (a < TWO_POW_M27) return x;
  const e = expm1Dd(2 * a);
  const t = quotient(e, add(e, { hi: 2, lo: 0 }));
  return x < 0 ? -t : t;
}
var SQRT2 = Math.SQRT2;
var SQRT_HALF_MINUS_1 = Math.SQRT1_2 - 1;
var SQRT2_MINUS_1 = Math.SQRT2 - 1;
var LOG_HEAD = [reciprocal(7), reciprocal(5), reciprocal(3)];
var LOG_TAIL = Array.from({ length: 10 }, (_, j) => 1 / (2 * j + 9));
function logOnePlus(k, th, tl) {
  const d = 2 + th;
  const dl = fastSumError(2, th, d) + tl;
  const fh = th / d;
  const p = fh * d;
  const f2 = normalize(fh, (th - p - productError(fh, d, p) + tl - fh * dl) / d);
  const wh = f2.hi * f2.hi;
  const w = normalize(wh, productError(f2.hi, f2.hi, wh) + 2 * f2.hi * f2.lo);
  let s = { hi: w.hi * horner(w.hi, LOG_TAIL), lo: 0 };
  for (const c of LOG_HEAD) s = mul(w, add(c, s));
  const twoF = { hi: 2 * f2.hi, lo: 2 * f2.lo };
  const result = add(twoF, mul(twoF, s));
  if (k === 0) return result;
  return add(add({ hi: k * LN2_HI, lo: k * LN2_MID }, result), { hi: k * LN2_LO, lo: 0 });
}
function logDd(x) {
  let k = binaryExponent(x);
  let m = scale(x, -k);
  if (m >= SQRT2) {
    m *= 0.5;
    k += 1;
  }
  return logOnePlus(k, m - 1, 0);
}
function log(x) {
  if (!(x > 0)) return x === 0 ? -Infinity : NaN;
  if (x === Infinity) return x;
  return logDd(x).hi;
}
function log1p(x) {
  if (!(x > -1)) return x === -1 ? -Infinity : NaN;
  if (x === Infinity) return x;
  if (Math.abs(x) < TWO_POW_M54) return x;
  if (x > SQRT_HALF_MINUS_1 && x < SQRT2_MINUS_1) return logOnePlus(0, x, 0).hi;
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
var PI_OVER_4 = 0.7853981633974483;
var TWO_OVER_PI = 0.6366197723675814;
var PIO2_1 = 1.5707963267341256;
var PIO2_2 = 6077100506303966e-26;
var PIO2_3 = 20222662487111665e-37;
var PIO2_4 = 84784276603689e-45;
var PIO2_HI = 1.5707963267948966;
var PIO2_LO = 6123233995736766e-32;
var MEDIUM_LIMIT = 1e6;
var TWO_OVER_PI_SCALE = 1280;
var TWO_OVER_PI_FIXED = BigInt(
  "0xa2f9836e4e441529fc2757d1f534ddc0db6295993c439041fe5163abdebbc561b7246e3a424dd2e006492eea09d1921cfe1deb1cb129a73ee88235f52ebb4484e99c7026b45f7e413991d639835339f49c845f8bbdf9283b1ff897ffde05980fef2f118b5a0a6d1f6d367ecf27cb09b74f463f669e5fea2d7527bac7ebe5f17b3d0739f78a5292ea6bfb5fb11f8d5d0856033046fc7b6babf0cfbc209af4361d"
);
var FRACTION_BITS = 128;
var FRACTION_ONE = BigInt(1) << BigInt(FRACTION_BITS);
var FRACTION_MASK = FRACTION_ONE - BigInt(1);
var FRACTION_HALF = FRACTION_ONE >> BigInt(1);
var TWO_POW_M26 = 14901161193847656e-24;
function reduceHalfPi(a) {
  return a < MEDIUM_LIMIT ? reduceMedium(a) : reduceLarge(a);
}
function reduceMedium(a) {
  const n = Math.floor(a * TWO_OVER_PI + 0.5);
  const v = a - n * PIO2_1;
  const p2 = n * PIO2_2;
  const s = v - p2;
  const p3 = n * PIO2_3;
  const t = s - p3;
  const r = normalize(t, sumError(v, -p2, s) + sumError(s, -p3, t) - n * PIO2_4);
  return { quadrant: n & 3, hi: r.hi, lo: r.lo };
}
function reduceLarge(a) {
  const e = binaryExponent(a) - 52;
  const mantissa = BigInt(scale(a, -e));
  const bits = mantissa * TWO_OVER_PI_FIXED >> BigInt(TWO_OVER_PI_SCALE - e - FRACTION_BITS);
  let quadrant = Number(bits >> BigInt(FRACTION_BITS) & BigInt(3));
  let fraction = bits & FRACTION_MASK;
  if (fraction >= FRACTION_HALF) {
    fraction -= FRACTION_ONE;
    quadrant += 1;
  }
  const fh = Number(fraction);
  const unit = pow2(-FRACTION_BITS);
  const h2 = fh * unit;
  const l = Number(fraction - BigInt(fh)) * unit;
  const p = h2 * PIO2_HI;
  const r = normalize(p, productError(h2, PIO2_HI, p) + (h2 * PIO2_LO + l * PIO2_HI));
  return { quadrant: quadrant & 3, hi: r.hi, lo: r.lo };
}
var SIN_TAIL = taylor(5, 2, 8, true);
var COS_TAIL = taylor(4, 2, 9, true);
function sinKernel(rh, rl) {
  const z = rh * rh;
  const cube = rh * z;
  const cubeLow = productError(rh, z, cube) + rh * productError(rh, rh, z);
  const sixth = cube / 6;
  const p = 6 * sixth;
  const sixthLow = (cube - p - productError(6, sixth, p) + cubeLow) / 6;
  const head = rh - sixth;
  const tail = cube * z * horner(z, SIN_TAIL);
  return head + (fastSumError(rh, -sixth, head) - sixthLow + rl * (1 - 0.5 * z) + tail);
}
function cosKernel(rh, rl) {
  const z = rh * rh;
  const half = 0.5 * z;
  const head = 1 - half;
  const tail = z * z * horner(z, COS_TAIL);
  return head + (fastSumError(1, -half, head) - 0.5 * productError(rh, rh, z) - rh * rl + tail);
}
function sin(x) {
  const a = Math.abs(x);
  if (!(a < Infinity)) return NaN;
  if (a < TWO_POW_M26) return x;
  if (a <= PI_OVER_4) return sinKernel(x, 0);
  const r = reduceHalfPi(a);
  const v = r.quadrant & 1 ? cosKernel(r.hi, r.lo) : sinKernel(r.hi, r.lo);
  return (r.quadrant & 2) !== 0 !== x < 0 ? -v : v;
}
function cos(x) {
  const a = Math.abs(x);
  if (!(a < Infinity)) return NaN;
  if (a < TWO_POW_M27) return 1;
  if (a <= PI_OVER_4) return cosKernel(a, 0);
  const r = reduceHalfPi(a);
  const v = r.quadrant & 1 ? sinKernel(r.hi, r.lo) : cosKernel(r.hi, r.lo);
  return (r.quadrant + 1 & 2) !== 0 ? -v : v;
}
var TWO_POW_53 = 9007199254740992;
function isOddInteger(y) {
  return Math.floor(y) === y && Math.floor(y / 2) * 2 !== y;
}
function pow(x, y) {
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
function powOfZeroOrInfinity(x, y) {
  const magnitude2 = x === 0 === y > 0 ? 0 : Infinity;
  const negative = x < 0 || 1 / x < 0;
  return negative && isOddInteger(y) ? -magnitude2 : magnitude2;
}
function powToInfinity(x, y) {
  const a = Math.abs(x);
  if (a === 1) return NaN;
  return a > 1 === y > 0 ? Infinity : 0;
}
function integerPower(a, y) {
  if (Math.floor(a) !== a || Math.floor(y) !== y || y < 1 || y > 53) return void 0;
  let result = 1;
  let base2 = a;
  for (let n = y; ; ) {
    if (Math.floor(n / 2) * 2 !== n) result *= base2;
    n = Math.floor(n / 2);
    if (result > TWO_POW_53) return void 0;
    if (n === 0) return result;
    base2 *= base2;
    if (base2 > TWO_POW_53) return void 0;
  }
}
function powPositive(a, y) {
  const l = logDd(a);
  const t = y * l.hi;
  if (t > EXP_OVERFLOW) return Infinity;
  if (t < EXP_UNDERFLOW) return 0;
  const z = normalize(t, productError(y, l.hi, t) + y * l.lo);
  return expDd(z.hi, z.lo);
}

// engine/ir/scalar.ts
function applyBinary(op, a, b) {
  switch (op) {
    case "+":
      return a + b;
    case "-":
      return a - b;
    case "*":
      return a * b;
    case "/":
      return a / b;
    case "%":
      return a - b * Math.floor(a / b);
    // base/math's pow, not `**`: the same bits on every host.
    case "**":
      return pow(a, b);
    case "==":
      return a === b ? 1 : 0;
    case "!=":
      return a !== b ? 1 : 0;
    case "<":
      return a < b ? 1 : 0;
    case "<=":
      return a <= b ? 1 : 0;
    case ">":
      return a > b ? 1 : 0;
    case ">=":
      return a >= b ? 1 : 0;
    case "&&":
      return a !== 0 && b !== 0 ? 1 : 0;
    case "||":
      return a !== 0 || b !== 0 ? 1 : 0;
  }
}
function applyUnary(op, a) {
  return op === "-" ? -a : a === 0 ? 1 : 0;
}
function applyFunction(name, args) {
  switch (name) {
    case "min":
      return Math.min(args[0], args[1]);
    case "max":
      return Math.max(args[0], args[1]);
    case "abs":
      return Math.abs(args[0]);
    case "floor":
      return Math.floor(args[0]);
    case "ceil":
      return Math.ceil(args[0]);
    case "sqrt":
      return Math.sqrt(args[0]);
  }
}
function evalScalarConst(e) {
  switch (e.kind) {
    case "const":
      return e.value;
    case "reg":
    case "core":
    case "ncores":
    case "index":
      return void 0;
    case "unary": {
      const a = evalScalarConst(e.operand);
      return a === void 0 ? void 0 : applyUnary(e.op, a);
    }
    case "binary": {
      const a = evalScalarConst(e.left);
      const b = evalScalarConst(e.right);
      return a === void 0 || b === void 0 ? void 0 : applyBinary(e.op, a, b);
    }
    case "fn": {
      const args = e.args.map(evalScalarConst);
      return args.some((a) => a === void 0) ? void 0 : applyFunction(e.name, args);
    }
  }
}
function fold(e) {
  const value = evalScalarConst(e);
  return value === void 0 ? e : { kind: "const", value };
}
function linearForm(e) {
  switch (e.kind) {
    case "const":
      return { constant: e.value, terms: /* @__PURE__ */ new Map() };
    case "reg":
      return { constant: 0, terms: /* @__PURE__ */ new Map([[`r${e.index}`, 1]]) };
    case "core":
    case "ncores":
      return { constant: 0, terms: /* @__PURE__ */ new Map([[e.kind, 1]]) };
    case "index":
      return { constant: 0, terms: /* @__PURE__ */ new Map([[`#${e.name}`, 1]]) };
    case "unary": {
      const a = linearForm(e.operand);
      return e.op === "-" && a ? scale2(a, -1) : void 0;
    }
    case "binary":
      return linearBinary(e.op, linearForm(e.left), linearForm(e.right));
    case "fn":
      return void 0;
  }
}
function linearBinary(op, a, b) {
  if (!a || !b) return void 0;
  if (op === "+") return add2(a, b, 1);
  if (op === "-") return add2(a, b, -1);
  if (op === "*" && a.terms.size === 0) return scale2(b, a.constant);
  if (op === "*" && b.terms.size === 0) return scale2(a, b.constant);
  return void 0;
}
function add2(a, b, sign) {
  const terms = new Map(a.terms);
  for (const [k, v] of b.terms) {
    const sum = (terms.get(k) ?? 0) + sign * v;
    if (sum === 0) terms.delete(k);
    else terms.set(k, sum);
  }
  return { constant: a.constant + sign * b.constant, terms };
}
function scale2(a, k) {
  if (k === 0) return { constant: 0, terms: /* @__PURE__ */ new Map() };
  return { constant: a.constant * k, terms: new Map([...a.terms].map(([n, v]) => [n, v * k])) };
}
function constantDifference(hi, lo) {
  if (hi.kind === "const" && lo.kind === "const") return hi.value - lo.value;
  const h2 = linearForm(hi);
  const l = linearForm(lo);
  if (!h2 || !l) return void 0;
  const d = add2(h2, l, -1);
  return d.terms.size === 0 ? d.constant : void 0;
}

// engine/machine/bitcast.ts
function bitcastProblem(dtype) {
  return dtype === "fp4e2m1" ? "fp4e2m1 is stored one value per byte (4 bits of 8), so its bytes are not a bit pattern of another type; bitcast fp4e2m1_x4 instead" : void 0;
}
function bitcastLength(size, from, to) {
  const a = dtypeInfo(from).bytes;
  const b = dtypeInfo(to).bytes;
  const bytes = size * a;
  return bytes % b === 0 ? bytes / b : void 0;
}
function bitcastView(v, to) {
  const from = v.tensor.dtype;
  if (from === to) return v;
  const a = dtypeInfo(from).bytes;
  const b = dtypeInfo(to).bytes;
  const rank = v.shape.length;
  const last = rank - 1;
  if (rank === 0) return "a view of no dimension cannot be bitcast";
  if (v.strides[last] !== 1 && v.shape[last] !== 1) return `its last dimension is not contiguous (stride ${v.strides[last]}): a bitcast reads the bytes of each row in order`;
  const length = bitcastLength(v.shape[last], from, to);
  if (length === void 0) return `its last dimension holds ${v.shape[last] * a} bytes, not a whole number of ${to} elements (${b} bytes each)`;
  const offsetBytes = v.offset * a;
  if (offsetBytes % b !== 0) return `it starts at byte ${offsetBytes} of '${v.tensor.name}', not on a ${to} element (${b} bytes)`;
  const strides = [];
  for (let d = 0; d < last; d++) {
    const bytes = v.strides[d] * a;
    if (bytes % b !== 0) return `dimension ${d} steps ${bytes} bytes, not a whole number of ${to} elements`;
    strides.push(bytes / b);
  }
  strides.push(1);
  const shape = [...v.shape.slice(0, last), length];
  return { tensor: aliasOf(v.tensor, to), offset: offsetBytes / b, shape, strides };
}
var aliases = /* @__PURE__ */ new WeakMap();
function aliasOf(t, to) {
  const base2 = t instanceof BitcastTensor ? t.base : t;
  if (base2.dtype === to) return base2;
  let byType = aliases.get(base2);
  if (!byType) aliases.set(base2, byType = /* @__PURE__ */ new Map());
  let alias = byType.get(to);
  if (!alias) byType.set(to, alias = new BitcastTensor(base2, to));
  alias.sync();
  return alias;
}
function baseRange(t, from, to) {
  if (!(t instanceof BitcastTensor)) return { lo: from, hi: to };
  const a = dtypeInfo(t.dtype).bytes;
  const b = dtypeInfo(t.base.dtype).bytes;
  return { lo: Math.floor(from * a / b), hi: Math.ceil(to * a / b) };
}
var BitcastTensor = class extends Tensor {
  constructor(base2, dtype) {
    const shape = [...base2.shape];
    shape[shape.length - 1] = bitcastLength(shape[shape.length - 1], base2.dtype, dtype);
    super(base2.name, base2.memory, dtype, shape, base2.core, base2.placement, base2.data.buffer);
    this.base = base2;
    this.mine = dtypeInfo(dtype).bytes;
    this.theirs = dtypeInfo(base2.dtype).bytes;
  }
  base;
  /** Bytes of an alias element and of a base element. */
  mine;
  theirs;
  /** Copies which elements the base says were written: an alias element is written when all its bytes are. */
  sync() {
    this.journal = this.base.journal;
    const base2 = this.base;
    if (base2.fullyWritten) {
      if (this.writtenCount !== this.size) {
        this.written.fill(1);
        this.writtenCount = this.size;
      }
      return;
    }
    let count = 0;
    const w = this.written;
    const bw = base2.written;
    const a = this.mine;
    const b = this.theirs;
    for (let i = 0; i < this.size; i++) {
      const lo = Math.floor(i * a / b);
      const hi = Math.ceil((i + 1) * a / b);
      let all = 1;
      for (let k = lo; k < hi; k++) all &= bw[k];
      w[i] = all;
      count += all;
    }
    this.writtenCount = count;
  }
  markWritten(index) {
    super.markWritten(index);
    const { lo, hi } = baseRange(this, index, index + 1);
    for (let k = lo; k < hi; k++) this.base.markWritten(k);
  }
  touch(from, to) {
    const { lo, hi } = baseRange(this, from, to);
    this.base.touch(lo, hi);
  }
  markAllWritten() {
    this.base.markAllWritten();
    this.sync();
  }
};

// engine/lang/check/access.ts
function isTensorExpr(e, resolver, module2, scope) {
  const p = peel(e);
  return p.peeled !== void 0 && resolver.tensor(p.peeled.name.name, scope, module2) !== void 0;
}
var STEPS = /* @__PURE__ */ new Set(["reshape", "permute", "broadcast"]);
var KNOWN_VIEWS = ".view(dtype), .reshape(d, ...), .permute(a, ...), .broadcast(dim, size), .T, .bcast(n)";
var VIEW_ORDER = "views apply in this order: '.view(dtype)' right after the name, then the indices '[...]', then any '.reshape(...)', '.permute(...)' and '.broadcast(dim, size)' in the order written, then one '.T', then one '.bcast(n)'";
function suffixOf(node) {
  if (node.kind === "index") return { node, rank: 1, text: "[...]" };
  const args = node.args;
  if (node.member === "view" && args?.length === 1 && args[0].kind === "name") return { node, rank: 0, text: `.view(${args[0].name})` };
  if (STEPS.has(node.member) && args) return { node, rank: 2, text: `.${node.member}(...)` };
  if (node.member === "T" && !args) return { node, rank: 3, text: ".T" };
  if (node.member === "bcast" && args?.length === 1) return { node, rank: 4, text: ".bcast(...)" };
  return void 0;
}
function peel(e) {
  const suffixes = [];
  let node = e;
  while (node.kind === "member" || node.kind === "index") {
    const s = suffixOf(node);
    if (!s) {
      if (node.kind === "member") return { problem: { span: node.span, message: `unknown view '.${node.member}${node.args ? "(...)" : ""}' (known: ${KNOWN_VIEWS})` } };
      return {};
    }
    suffixes.unshift(s);
    node = node.base;
  }
  if (node.kind !== "name") return {};
  for (let i = 1; i < suffixes.length; i++) {
    const [a, b] = [suffixes[i - 1], suffixes[i]];
    if (b.rank > a.rank || b.rank === 2 && a.rank === 2 || b.rank === 1 && a.rank === 1) continue;
    return { problem: { span: b.node.span, message: misorder(a, b) } };
  }
  let bitcast;
  let items2;
  let transpose2 = false;
  let bcast;
  const steps = [];
  const indexed = [];
  for (const s of suffixes) {
    const n = s.node;
    if (n.kind === "index") {
      items2 = n.items;
      indexed.push(n);
    } else if (s.rank === 0) bitcast = n;
    else if (s.rank === 2) steps.push(n);
    else if (s.rank === 3) transpose2 = true;
    else bcast = n.args[0];
  }
  return { peeled: { name: node, bitcast, items: items2, indexed, steps, transpose: transpose2, bcast } };
}
function misorder(a, b) {
  const instead = b.rank >= 3 ? "; '.T' and '.bcast(n)' come last, once each: write a reordering before them as '.permute(...)' and a repeat as '.broadcast(dim, size)', which apply in the order written" : b.rank === 0 ? "; write the bitcast first (t.view(dtype)[...]): its indices count elements of the new dtype" : b.rank === 1 ? "; index the tensor once, first, then apply the views" : "; '.T' and '.bcast(n)' come last: write a step after them as '.permute(...)' or '.broadcast(dim, size)' before them";
  return `'${b.text}' cannot follow '${a.text}': ${VIEW_ORDER}${instead}`;
}
function resolveAccess(e, resolver, module2, scope) {
  const d = resolver.diagnostics;
  const { peeled: p, problem } = peel(e);
  if (!p) {
    if (problem) d.error(problem.span, problem.message);
    else reportShape(e, resolver);
    return void 0;
  }
  const tensor = resolver.tensor(p.name.name, scope, module2);
  if (!tensor) {
    resolver.unknownName(p.name.name, p.name.span, module2, scope);
    return void 0;
  }
  const bitcast = p.bitcast ? resolveBitcast(p.bitcast, tensor, resolver) : void 0;
  if (bitcast === null) return void 0;
  const tensorShape = bitcast?.shape ?? tensor.shape;
  const arrays = arrayRank(tensor);
  if (arrays === 0 && p.indexed.length > 1) {
    d.error(p.indexed[1].span, `'[...]' cannot follow '[...]': ${VIEW_ORDER}; index the tensor once, first, then apply the views${p.indexed.length === 2 ? ` ('${tensor.name}' is one tile, not an array of tiles)` : ""}`);
    return void 0;
  }
  const picked = arrays ? pickTile(p, tensor, arrays, resolver, module2, scope) : void 0;
  if (arrays && !picked) return void 0;
  const baseShape = arrays ? [tensorShape[0], ...tensorShape.slice(1 + arrays)] : tensorShape;
  const label = picked ? picked.label : tensor.name;
  const rank = baseShape.length;
  const given = (arrays ? picked.items : p.items) ?? NO_INDICES;
  if (given.length > rank) {
    d.error(e.span, `'${label}' has ${rank} dimension${rank === 1 ? "" : "s"} but ${given.length} indices are given`);
    return void 0;
  }
  const whole = given.length === 0 && !p.transpose && !p.bcast && p.steps.length === 0 && !bitcast && !arrays;
  let items2 = given.length === 0 ? NO_ITEMS : new Array(given.length);
  let shape = whole ? tensor.shape : new Array(viewRank(rank, given));
  let dim = 0;
  for (let i = 0; i < given.length; i++) {
    const item = resolveItem(given[i], label, baseShape, i, resolver, module2, scope);
    if (!item) return void 0;
    items2[i] = item.item;
    if (item.size !== null) shape[dim++] = item.size;
  }
  if (!whole) for (let i = given.length; i < rank; i++) shape[dim++] = baseShape[i];
  if (picked) items2 = [items2[0] ?? wholeSlice(baseShape[0], resolver), ...picked.picks, ...items2.slice(1)];
  let steps;
  if (p.steps.length) {
    const resolved = resolveSteps(p, tensor, tensorShape, items2, shape, resolver, module2);
    if (!resolved) return void 0;
    steps = resolved.steps;
    shape = resolved.shape;
  }
  if (p.transpose) {
    if (shape.length < 2) {
      d.error(e.span, `'.T' swaps the last two dimensions, but this view of '${tensor.name}' has ${shape.length}`);
      return void 0;
    }
    [shape[shape.length - 2], shape[shape.length - 1]] = [shape[shape.length - 1], shape[shape.length - 2]];
  }
  let bcast;
  if (p.bcast) {
    const n = resolver.integer(p.bcast, module2, "the size of .bcast(n)", 1);
    if (n === void 0) return void 0;
    const last = shape[shape.length - 1];
    if (shape.length === 0 || last !== void 0 && last !== 1) {
      d.error(e.span, `'.bcast(${n})' repeats a [P, 1] view along its last dimension, but the view's last dimension is ${last ?? "missing"}`);
      return void 0;
    }
    shape[shape.length - 1] = n;
    bcast = resolver.constantExpr(n);
  }
  const memory = tensor.kind === "dram" ? "dram" : tensor.memory;
  const text = module2.textOf(e.span);
  const made = !bitcast && !steps ? { tensor, items: items2, transpose: p.transpose, bcast, shape, dtype: tensor.dtype, memory, text, span: e.span } : {
    tensor,
    ...bitcast && { bitcast: bitcast.dtype },
    items: items2,
    ...steps && { steps },
    transpose: p.transpose,
    bcast,
    shape,
    dtype: bitcast?.dtype ?? tensor.dtype,
    memory,
    text,
    span: e.span
  };
  const move = movesPartitions.get(p.name);
  if (move) movesPartitions.set(made, move);
  return made;
}
function resolveSteps(p, tensor, baseShape, items2, start, resolver, module2) {
  const d = resolver.diagnostics;
  let shape = start;
  let strides = tensor.kind === "param" ? void 0 : staticStrides(baseShape, items2);
  const steps = [];
  for (const m of p.steps) {
    const args = [];
    for (const a of m.args) {
      const n = resolver.integer(a, module2, `an argument of .${m.member}(...)`, m.member === "reshape" || m.member === "broadcast" && args.length === 1 ? 1 : 0);
      if (n === void 0) return void 0;
      args.push(n);
    }
    if (m.member === "reshape" && shape[0] !== void 0 && args[0] !== shape[0]) {
      movesPartitions.set(ap0(p), `'.reshape(${args.join(", ")})' changes the first dimension (${shape[0]} to ${args[0]})`);
    }
    if (m.member === "permute" && args[0] !== 0) movesPartitions.set(ap0(p), `'.permute(${args.join(", ")})' moves dimension ${args[0]} first`);
    if (m.member === "broadcast") {
      const made = broadcastStep(m, args, shape, tensor, d);
      if (!made) return void 0;
      shape = shape.map((n, i) => i === made.dim ? made.size : n);
      if (strides) strides = strides.map((x, i) => i === made.dim ? 0 : x);
      steps.push(made);
      continue;
    }
    if (m.member === "reshape") {
      const known = shape.every((n) => n !== void 0);
      const count = (s) => s.reduce((x, y) => x * (y ?? 1), 1);
      if (args.length === 0 || args.length > 5) return fail(d, m, `'.reshape(...)' takes 1 to 5 dimensions, found ${args.length}`);
      if (known && count(shape) !== count(args)) {
        return fail(d, m, `'.reshape(${args.join(", ")})' has ${count(args)} elements but the view [${shape.join(", ")}] has ${count(shape)}`);
      }
      if (strides && known) {
        strides = reshapeStrides(shape, strides, args);
        if (!strides) return fail(d, m, `'.reshape(${args.join(", ")})' cannot view [${shape.join(", ")}] of '${tensor.name}' without moving elements: its dimensions do not follow each other in memory (reshape a contiguous view)`);
      } else strides = void 0;
      shape = args;
      steps.push({ kind: "reshape", dims: args });
    } else {
      const sorted = [...args].sort((x, y) => x - y);
      if (args.length !== shape.length || sorted.some((a, i) => a !== i)) {
        return fail(d, m, `'.permute(${args.join(", ")})' must list each of the view's ${shape.length} dimensions once (0 to ${shape.length - 1})`);
      }
      shape = permuted(shape, args);
      if (strides) strides = permuted(strides, args);
      steps.push({ kind: "permute", axes: args });
    }
  }
  return { steps, shape };
}
function broadcastStep(m, args, shape, tensor, d) {
  if (args.length !== 2) return fail(d, m, `'.broadcast(dim, size)' takes a dimension and a size, found ${args.length} argument${args.length === 1 ? "" : "s"}`);
  const [dim, size] = args;
  if (dim >= shape.length) return fail(d, m, `'.broadcast(${dim}, ${size})': the view [${shape.map((n) => n ?? "?").join(", ")}] has no dimension ${dim}`);
  if (shape[dim] !== void 0 && shape[dim] !== 1) return fail(d, m, `'.broadcast(${dim}, ${size})' repeats a dimension of size 1, but dimension ${dim} of the view [${shape.map((n) => n ?? "?").join(", ")}] is ${shape[dim]}`);
  const memory = tensor.kind === "dram" ? "dram" : tensor.memory;
  if (dim === 0 && memory !== void 0 && memory !== "dram") {
    return fail(d, m, `'.broadcast(0, ${size})' repeats the partition dimension of '${tensor.name}', which is in ${memory.toUpperCase()}: engines read a partition per row (NKI: on-chip tensors cannot broadcast dimension 0); broadcast a DRAM row with DmaCopy (DmaCopy t <- row.broadcast(0, ${size})), or multiply by a row of ones with MatMult`);
  }
  return { kind: "broadcast", dim, size };
}
var movesPartitions = /* @__PURE__ */ new WeakMap();
function ap0(p) {
  return p.name;
}
function partitionMove(ap) {
  return movesPartitions.get(ap);
}
function fail(d, m, message) {
  d.error(m.span, message);
  return void 0;
}
function staticStrides(shape, items2) {
  const base2 = rowMajorStrides(shape);
  const out2 = [];
  for (let dim = 0; dim < base2.length; dim++) {
    const item = items2[dim];
    if (!item) out2.push(base2[dim]);
    else if (item.kind === "slice") {
      const step2 = evalScalarConst(item.step);
      if (step2 === void 0) return void 0;
      out2.push(base2[dim] * step2);
    }
  }
  return out2;
}
function resolveBitcast(m, tensor, resolver) {
  const d = resolver.diagnostics;
  const arg = m.args[0];
  if (!isDType(arg.name)) {
    d.error(arg.span, `'.view(${arg.name})' needs a dtype (${DTYPES.join(", ")}), found '${arg.name}'`);
    return null;
  }
  const to = arg.name;
  const problem = bitcastProblem(to) ?? bitcastProblem(tensor.dtype);
  if (problem) {
    d.error(m.span, `'.view(${to})' of '${tensor.name}' (${tensor.dtype}): ${problem}`);
    return null;
  }
  const shape = [...tensor.shape];
  const last = shape.length - 1;
  const length = bitcastLength(shape[last], tensor.dtype, to);
  if (length === void 0) {
    const bytes = shape[last] * dtypeInfo(tensor.dtype).bytes;
    d.error(m.span, `'.view(${to})' of '${tensor.name}' (${tensor.dtype}[${tensor.shape.join(", ")}]): its last dimension holds ${bytes} bytes, not a whole number of ${to} elements of ${dtypeInfo(to).bytes} bytes`);
    return null;
  }
  shape[last] = length;
  return { dtype: to, shape };
}
function wholeSlice(n, resolver) {
  return { kind: "slice", lo: resolver.constantExpr(0), hi: resolver.constantExpr(n), step: resolver.constantExpr(1) };
}
function pickTile(p, tensor, arrays, resolver, module2, scope) {
  const d = resolver.diagnostics;
  const dims = tensor.shape.slice(1, 1 + arrays);
  const tile = `${tensor.dtype}[${tileShape(tensor).join(", ")}]`;
  const form = `${tensor.name}${dims.map((_, i) => `[${"ijkl"[i]}]`).join("")}`;
  const crowded = p.indexed.slice(0, arrays).find((b) => b.items.length > 1);
  if (crowded) {
    d.error(crowded.span, `'${tensor.name}' is an array of ${dims.join(" \xD7 ")} tiles, indexed with one index per bracket: ${form}, then the tile's indices in one more bracket (${form}[0:64, 0:128])`);
    return void 0;
  }
  if (p.indexed.length < arrays) {
    const at = p.indexed.length ? p.indexed[p.indexed.length - 1].span : p.name.span;
    d.error(at, `'${tensor.name}' is an array of ${dims.join(" \xD7 ")} tiles (${tile} each): name one tile with ${arrays} ${arrays === 1 ? "index" : "indices"}, as ${form}${p.indexed.length ? ` (found ${p.indexed.length})` : ""}`);
    return void 0;
  }
  if (p.indexed.length > arrays + 1) {
    d.error(p.indexed[arrays + 1].span, `'${module2.textOf(spanTo(p.name, p.indexed[arrays]))}' already indexes a tile of '${tensor.name}': index the tile once, in one bracket (${form}[0:64, 0:128])`);
    return void 0;
  }
  const picks = [];
  for (let a = 0; a < arrays; a++) {
    const bracket = p.indexed[a];
    if (bracket.items.length !== 1 || bracket.items[0].kind !== "at") {
      d.error(bracket.span, `'${tensor.name}' is an array of ${dims.join(" \xD7 ")} tiles, indexed one tile at a time (${form}): a slice of tiles is not a tile`);
      return void 0;
    }
    const item = bracket.items[0];
    const index = resolver.scalar(item.index, module2, scope, `an index of the array of tiles '${tensor.name}'`);
    if (!index) return void 0;
    const v = evalScalarConst(index);
    if (v !== void 0 && !(Number.isInteger(v) && v >= 0 && v < dims[a])) {
      d.error(item.span, `index ${v} is out of range for dimension ${a} of the array of tiles '${tensor.name}' (${dims[a]} tiles: 0 to ${dims[a] - 1})`);
      return void 0;
    }
    picks.push({ kind: "at", index });
  }
  const label = module2.textOf(spanTo(p.name, p.indexed[arrays - 1]));
  return { picks, items: p.indexed[arrays]?.items, label };
}
function spanTo(name, end) {
  return { ...name.span, endLine: end.span.endLine, endCol: end.span.endCol };
}
var NO_ITEMS = Object.freeze([]);
var NO_INDICES = Object.freeze([]);
function viewRank(rank, given) {
  let n = rank;
  for (const item of given) if (item.kind === "at") n--;
  return n;
}
function reportShape(e, resolver) {
  resolver.diagnostics.error(e.span, "expected a tensor access pattern, like t, t[0:128, 0:64], t.T or t[0:128, 0:1].bcast(64)");
}
function resolveItem(item, name, shape, dim, resolver, module2, scope) {
  const size = shape[dim];
  const where = `dimension ${dim} of '${name}'`;
  if (item.kind === "at") {
    const index = resolver.scalar(item.index, module2, scope, `an index of ${where}`);
    if (!index) return void 0;
    const v = evalScalarConst(index);
    if (v !== void 0 && !(Number.isInteger(v) && v >= 0 && v < size)) {
      resolver.diagnostics.error(item.span, `index ${v} is out of bounds for ${where}${boundsDetail(v, size)}`);
      return void 0;
    }
    return { item: { kind: "at", index }, size: null };
  }
  const lo = item.lo ? resolver.scalar(item.lo, module2, scope, `the start of a slice of ${where}`) : resolver.constantExpr(0);
  const hi = item.hi ? resolver.scalar(item.hi, module2, scope, `the end of a slice of ${where}`) : resolver.constantExpr(size);
  const step2 = item.step ? resolver.integer(item.step, module2, `the step of a slice of ${where}`, 1) : 1;
  if (!lo || !hi || step2 === void 0) return void 0;
  const loV = evalScalarConst(lo);
  const hiV = evalScalarConst(hi);
  const extent = constantDifference(hi, lo);
  const fraction = loV !== void 0 && !Number.isInteger(loV) || hiV !== void 0 && !Number.isInteger(hiV);
  if (!fraction && item.lo && item.hi && extent !== void 0 && extent <= 0) return emptySlice(item, where, extent, resolver);
  if (loV !== void 0 && !(Number.isInteger(loV) && loV >= 0 && loV < size)) {
    resolver.diagnostics.error(item.lo?.span ?? item.span, `slice start ${loV} is out of bounds for ${where}${boundsDetail(loV, size)}`);
    return void 0;
  }
  if (hiV !== void 0 && !(Number.isInteger(hiV) && hiV <= size)) {
    resolver.diagnostics.error(item.hi?.span ?? item.span, `slice end ${hiV} is out of bounds for ${where}${boundsDetail(hiV, size)}`);
    return void 0;
  }
  if (extent !== void 0 && extent <= 0) return emptySlice(item, where, extent, resolver);
  const length = extent === void 0 ? void 0 : Math.ceil(extent / step2);
  if (extent !== void 0 && extent > size) {
    resolver.diagnostics.error(item.span, `slice of length ${extent} is longer than ${where} (size ${size}), whatever the registers hold`);
    return void 0;
  }
  return { item: { kind: "slice", lo, hi, step: resolver.constantExpr(step2) }, size: length };
}
function emptySlice(item, where, extent, resolver) {
  resolver.diagnostics.error(item.span, `empty slice of ${where}: the end must be greater than the start (length ${extent})`);
  return void 0;
}
function boundsDetail(v, size) {
  return Number.isInteger(v) ? ` (size ${size})` : ": a bound must be an integer";
}

// engine/base/eval-functions.ts
var EVAL_FUNCTIONS = /* @__PURE__ */ new Map([
  ["sum", { minArgs: 1, maxArgs: 1, summary: "sum of all elements" }],
  ["mean", { minArgs: 1, maxArgs: 1, summary: "mean of all elements" }],
  ["max", { minArgs: 1, maxArgs: 2, summary: "largest element; with two arguments, the elementwise maximum" }],
  ["min", { minArgs: 1, maxArgs: 2, summary: "smallest element; with two arguments, the elementwise minimum" }],
  ["any", { minArgs: 1, maxArgs: 1, summary: "1 when some element is not zero" }],
  ["all", { minArgs: 1, maxArgs: 1, summary: "1 when every element is not zero" }],
  ["allclose", { minArgs: 2, maxArgs: 4, named: ["atol", "rtol"], summary: "1 when |a - b| <= atol + rtol * |b| everywhere (atol 1e-8, rtol 1e-5)" }],
  ["abs", { minArgs: 1, maxArgs: 1, summary: "absolute value, elementwise" }],
  ["sqrt", { minArgs: 1, maxArgs: 1, summary: "square root, elementwise" }],
  ["exp", { minArgs: 1, maxArgs: 1, summary: "e to the power, elementwise" }],
  ["log", { minArgs: 1, maxArgs: 1, summary: "natural logarithm, elementwise" }],
  ["floor", { minArgs: 1, maxArgs: 1, summary: "round down, elementwise" }],
  ["ceil", { minArgs: 1, maxArgs: 1, summary: "round up, elementwise" }],
  ["isnan", { minArgs: 1, maxArgs: 1, summary: "1 where the element is NaN" }],
  ["isinf", { minArgs: 1, maxArgs: 1, summary: "1 where the element is infinite" }],
  ["count", { minArgs: 1, maxArgs: 1, summary: "number of elements (all of them, true or not: sum(cond) counts the true ones)" }]
]);

// engine/base/suggest.ts
function suggest(word2, known) {
  let best;
  let bestDistance = Math.max(2, Math.floor(word2.length / 3)) + 1;
  for (const k of known) {
    const d = editDistance(word2.toLowerCase(), k.toLowerCase());
    if (d < bestDistance && 2 * d <= word2.length) {
      best = k;
      bestDistance = d;
    }
  }
  return best;
}
function editDistance(a, b) {
  let before = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      row.push(d);
    }
    before = prev;
    prev = row;
  }
  return prev[b.length];
}

// engine/lang/check/eval-names.ts
function checkEvalExpr(e, resolver, module2, scope) {
  const d = resolver.diagnostics;
  switch (e.kind) {
    case "number":
      return true;
    case "string":
      d.error(e.span, "a string is not a value here; only the message of Assert and the operands of Print may be strings");
      return false;
    case "name":
      if (registerIndex(e.name) !== void 0 || e.name === "core" || e.name === "ncores") return true;
      if (module2.consts.has(e.name) || resolver.tensor(e.name, scope, module2)) return true;
      resolver.unknownName(e.name, e.span, module2, scope);
      return false;
    case "unary":
      return checkEvalExpr(e.operand, resolver, module2, scope);
    case "binary":
      return checkEvalExpr(e.left, resolver, module2, scope) && checkEvalExpr(e.right, resolver, module2, scope);
    case "index":
      return checkEvalExpr(e.base, resolver, module2, scope) && e.items.every((i) => i.kind === "at" ? checkEvalExpr(i.index, resolver, module2, scope) : [i.lo, i.hi, i.step].every((x) => !x || checkEvalExpr(x, resolver, module2, scope)));
    case "member":
      if (!["T", "bcast", "reshape", "permute", "broadcast", "view"].includes(e.member)) {
        d.error(e.span, `unknown view '.${e.member}' (known: ${KNOWN_VIEWS})`);
        return false;
      }
      if (e.member === "view") {
        const arg = e.args?.length === 1 ? e.args[0] : void 0;
        if (arg?.kind !== "name" || !isDType(arg.name)) {
          d.error(arg?.span ?? e.span, `'.view(dtype)' needs one dtype (${DTYPES.join(", ")})`);
          return false;
        }
        return checkEvalExpr(e.base, resolver, module2, scope);
      }
      return checkEvalExpr(e.base, resolver, module2, scope) && (e.args ?? []).every((a) => checkEvalExpr(a, resolver, module2, scope));
    case "call":
      return checkCall(e, resolver, module2, scope);
  }
}
function checkCall(e, resolver, module2, scope) {
  const info = EVAL_FUNCTIONS.get(e.callee);
  if (!info) {
    const hint2 = suggest(e.callee, EVAL_FUNCTIONS.keys());
    resolver.diagnostics.error(e.calleeSpan, `unknown function '${e.callee}'${hint2 ? `; did you mean '${hint2}'?` : ""}`);
    return false;
  }
  const count = e.args.length + e.named.length;
  if (e.args.length < info.minArgs || count > info.maxArgs) {
    const takes = info.minArgs === info.maxArgs ? `${info.minArgs} argument${info.minArgs === 1 ? "" : "s"}` : `${info.minArgs} to ${info.maxArgs} arguments`;
    resolver.diagnostics.error(e.span, `'${e.callee}' takes ${takes}, found ${count}`);
    return false;
  }
  for (const n of e.named) {
    if (!info.named?.includes(n.name)) {
      resolver.diagnostics.error(n.span, `'${e.callee}' has no argument '${n.name}'${info.named ? ` (its named arguments: ${info.named.join(", ")})` : ""}`);
      return false;
    }
  }
  return [...e.args, ...e.named.map((n) => n.value)].every((a) => checkEvalExpr(a, resolver, module2, scope));
}

// engine/lang/check/packed-operands.ts
var MOVES_BITS = /* @__PURE__ */ new Set(["DmaCopy", "TensorCopy", "Memset", "Load"]);
var MX_DATA_ROLES = /* @__PURE__ */ new Set(["stationary operand", "moving operand"]);
var MOVERS = [...MOVES_BITS].join(", ").replace(/, (\w+)$/, " and $1");
function packedOperandProblem(opcode, role, dtype) {
  const packed = packedLayout(dtype);
  if (!packed || MOVES_BITS.has(opcode) || opcode === "MatMultMX" && MX_DATA_ROLES.has(role) || opcode === "QuantizeMX" && role === "destination") return void 0;
  return `the ${role} of ${opcode} is ${dtype}, a packed type (${packed.count} ${packed.element} in each ${dtypeInfo(dtype).bytes * 8}-bit element): ${opcode} computes with values, and only ${MOVERS} move a packed element, as its bits (QuantizeMX makes packed MX data, MatMultMX multiplies its values)`;
}
function packedCopyProblem(opcode, dst, src) {
  if (dst === src) return void 0;
  const packed = packedLayout(dst) ?? packedLayout(src);
  if (!packed) return void 0;
  const [ours, other] = packedLayout(dst) ? [dst, src] : [src, dst];
  if (other === packed.container) return void 0;
  return `${opcode} cannot convert ${src} to ${dst}: a ${ours} element holds the bits of ${packed.count} ${packed.element} values, and no rounding into or out of it is defined; copy it to or from ${ours} or ${packed.container} (its bits)`;
}

// engine/machine/mx-blocks.ts
var MX_BLOCK_PARTITIONS = 8;
var MX_QUADRANT = 32;
var BLOCKS_PER_QUADRANT = MX_QUADRANT / MX_BLOCK_PARTITIONS;
function mxScalePartition(p) {
  const block = Math.floor(p / MX_BLOCK_PARTITIONS);
  return MX_QUADRANT * Math.floor(block / BLOCKS_PER_QUADRANT) + block % BLOCKS_PER_QUADRANT;
}
function mxScalePartitionsNeeded(k) {
  return k <= 0 ? 0 : mxScalePartition(k - 1) + 1;
}

// engine/lang/check/mx-operands.ts
var MX_QUANTIZED = /* @__PURE__ */ new Set(["fp8e5m2_x4", "fp8e4m3fn_x4"]);
var MX_DATA = /* @__PURE__ */ new Set(["fp8e5m2_x4", "fp8e4m3fn_x4", "fp4e2m1_x4"]);
var MX_SCALE = /* @__PURE__ */ new Set(["e8m0", "u8"]);
var MX_DST = /* @__PURE__ */ new Set(["f32", "bf16"]);
function plane(ap) {
  const [p, ...free] = ap.shape;
  return [p, free.length === 0 ? 1 : free.reduce((a, b) => a === void 0 || b === void 0 ? void 0 : a * b, 1)];
}
function shown(ap) {
  return `[${ap.shape.map((d) => d ?? "?").join(", ")}]`;
}
function mxDtypeProblem(dst, st, mv, ss, ms) {
  if (!MX_DST.has(dst.dtype)) return `MatMultMX writes f32 or bf16: the destination '${dst.text}' is ${dst.dtype} (NKI nc_matmul_mx, data types)`;
  for (const [role, ap] of [["stationary operand", st], ["moving operand", mv]]) {
    if (!MX_DATA.has(ap.dtype)) {
      return `MatMultMX multiplies packed MX data (fp8e5m2_x4, fp8e4m3fn_x4 or fp4e2m1_x4): the ${role} '${ap.text}' is ${ap.dtype}; view u32 data as its packed type with '.view(fp8e5m2_x4)' (NKI nc_matmul_mx, data types)`;
    }
  }
  for (const [role, ap] of [["stationary scale", ss], ["moving scale", ms]]) {
    if (!MX_SCALE.has(ap.dtype)) return `MatMultMX reads e8m0 block scales (e8m0, or u8 holding their bits): the ${role} '${ap.text}' is ${ap.dtype} (NKI nc_matmul_mx, data types)`;
  }
  return void 0;
}
function mxShapeProblem(dst, st, mv, ss, ms) {
  const [k, m] = plane(st);
  const [k2, n] = plane(mv);
  const [dm, dn] = plane(dst);
  const known = (...xs) => xs.every((x) => x !== void 0);
  if (known(k, k2) && k !== k2) return `MatMultMX: the contraction sizes differ: stationary '${st.text}' has K = ${k} partitions, moving '${mv.text}' has K = ${k2}`;
  if (known(k) && (k % MX_QUADRANT !== 0 || k > MATMUL_MAX_K)) {
    return `MatMultMX: K = ${k} partitions; the data's partitions must be a multiple of ${MX_QUADRANT}, at most ${MATMUL_MAX_K} (each holds 4 values of the contraction, blocks of 8 partitions share a scale: NKI nc_matmul_mx, tile size)`;
  }
  if (known(m) && (m % 2 !== 0 || m > MATMUL_MAX_M)) return `MatMultMX: the stationary operand '${st.text}' has M = ${m} columns; M must be even and at most ${MATMUL_MAX_M} (NKI nc_matmul_mx, tile size)`;
  const maxN = PSUM_BYTES_PER_PARTITION / (dst.dtype === "bf16" ? 2 : 4);
  if (known(n) && n > maxN) return `MatMultMX: the moving operand '${mv.text}' has N = ${n} columns; at most ${maxN} with a ${dst.dtype} destination, the whole of PSUM (NKI nc_matmul_mx, tile size)`;
  if (known(dm, m) && dm !== m) return `MatMultMX: the destination '${dst.text}' has ${dm} partitions but the stationary operand has M = ${m} columns`;
  if (known(dn, n) && dn !== n) return `MatMultMX: the destination '${dst.text}' has ${dn} columns but the moving operand has N = ${n} columns`;
  return scaleShapeProblem("MatMultMX", "stationary scale", ss, k, m, "the stationary operand") ?? scaleShapeProblem("MatMultMX", "moving scale", ms, k, n, "the moving operand");
}
function scaleShapeProblem(opcode, role, scale3, k, cols, data) {
  const [sp, sf] = plane(scale3);
  if (sf !== void 0 && cols !== void 0 && sf !== cols) {
    return `${opcode}: the ${role} '${scale3.text}' has ${sf} columns but ${data} has ${cols}: one scale per column of each block`;
  }
  if (sp === void 0 || k === void 0) return void 0;
  const needed = mxScalePartitionsNeeded(k);
  if (sp >= needed) return void 0;
  const blocks = k / 8;
  return `${opcode}: the ${role} '${scale3.text}' is ${shown(scale3)}, but the ${blocks} blocks of K = ${k} partitions need ${needed} partitions: the scale of block g (data partitions 8g..8g+7) sits at partition 32\xB7\u230Ag/4\u230B + g mod 4, in its data's quadrant (NKI nc_matmul_mx and quantize_mx, layout; copy 4 rows of scales to each quadrant)`;
}
function quantizeMxProblem(dst, src, scale3) {
  if (src.dtype !== "bf16" && src.dtype !== "f16") return `QuantizeMX quantizes f16 or bf16: the source '${src.text}' is ${src.dtype} (NKI quantize_mx, data types)`;
  if (!MX_QUANTIZED.has(dst.dtype)) return `QuantizeMX writes fp8e5m2_x4 or fp8e4m3fn_x4: the destination '${dst.text}' is ${dst.dtype} (NKI quantize_mx, data types)`;
  if (!MX_SCALE.has(scale3.dtype)) return `QuantizeMX writes e8m0 block scales (e8m0, or u8 for their bits): dst_scale '${scale3.text}' is ${scale3.dtype} (NKI quantize_mx, data types)`;
  const [p, f2] = plane(src);
  const [dp, df] = plane(dst);
  if (p !== void 0 && (p % MX_QUADRANT !== 0 || p > MATMUL_MAX_K)) return `QuantizeMX: the source '${src.text}' has ${p} partitions; a multiple of ${MX_QUADRANT}, at most ${MATMUL_MAX_K} (NKI quantize_mx, tile size)`;
  if (f2 !== void 0 && f2 % 4 !== 0) return `QuantizeMX: the source '${src.text}' has ${f2} elements per partition; a multiple of 4, the values of one packed element (NKI quantize_mx, tile size)`;
  if (p !== void 0 && dp !== void 0 && p !== dp) return `QuantizeMX: the destination '${dst.text}' has ${dp} partitions but the source has ${p}`;
  if (f2 !== void 0 && df !== void 0 && df * 4 !== f2) return `QuantizeMX: the destination '${dst.text}' has ${df} elements per partition; it holds 4 values in each, so ${f2} / 4 = ${f2 / 4} for the source '${src.text}'`;
  return scaleShapeProblem("QuantizeMX", "dst_scale", scale3, p, f2 === void 0 ? void 0 : f2 / 4, "the destination");
}

// engine/lang/check/double-row.ts
var PERF_MODES = ["none", "double_row"];
var DOUBLE_ROW_DTYPES = /* @__PURE__ */ new Set(["fp8e4m3", "fp8e5m2", "fp8e4m3fn"]);
function doubleRowDtypeProblem(role, ap) {
  if (DOUBLE_ROW_DTYPES.has(ap.dtype)) return void 0;
  return `MatMult with perf_mode = double_row multiplies fp8 values (fp8e4m3, fp8e5m2 or fp8e4m3fn): the ${role} '${ap.text}' is ${ap.dtype} (NKI nc_matmul, data types)`;
}
function mixedE4M3Problem(st, mv) {
  const pair = /* @__PURE__ */ new Set([st.dtype, mv.dtype]);
  if (!pair.has("fp8e4m3") || !pair.has("fp8e4m3fn")) return void 0;
  return `MatMult: the stationary operand '${st.text}' is ${st.dtype} and the moving operand '${mv.text}' is ${mv.dtype}; the hardware's fp8e4m3 and OCP's fp8e4m3fn cannot be mixed in one matmul (NKI nc_matmul, data types)`;
}
function doubleRowShape(role, ap) {
  const s = ap.shape;
  if (s.length !== 3 || s[1] !== void 0 && s[1] !== 2) {
    const letter = role === "stationary operand" ? "M" : "N";
    return `MatMult with perf_mode = double_row reads the ${role} '${ap.text}' as [K, 2, ${letter}], its first free dimension of size 2 holding the two halves of the 2\xB7K contraction; it is [${s.map((d) => d ?? "?").join(", ")}] (NKI nc_matmul, layout)`;
  }
  return [s[0], s[2]];
}

// engine/ir/mask.ts
var COMPARE_OPS = ["<", "<=", ">", ">=", "==", "!="];
function indexDim(name) {
  return name === "p" ? 0 : name === "f" ? 1 : Number(name.slice(1)) + 1;
}
function indexNames(rank) {
  const free = Array.from({ length: rank - 1 }, (_, d) => `f${d}`);
  return ["p", ...rank === 2 ? ["f"] : [], ...free];
}
function conjuncts(e) {
  return e.kind === "binary" && e.op === "&&" ? [...conjuncts(e.left), ...conjuncts(e.right)] : [e];
}
var ZERO = { kind: "const", value: 0 };
function affine(e, rank) {
  if (!hasIndex(e)) return { coef: new Array(rank).fill(0), rest: e };
  switch (e.kind) {
    case "index": {
      const coef = new Array(rank).fill(0);
      coef[indexDim(e.name)] = 1;
      return { coef, rest: ZERO };
    }
    case "unary": {
      const a = e.op === "-" ? affine(e.operand, rank) : void 0;
      return a && scaled(a, -1);
    }
    case "binary": {
      const a = affine(e.left, rank);
      const b = affine(e.right, rank);
      if (!a || !b) return void 0;
      if (e.op === "+" || e.op === "-") return combined(a, b, e.op);
      if (e.op !== "*") return void 0;
      const ka = hasIndex(e.left) ? void 0 : evalScalarConst(e.left);
      const kb = hasIndex(e.right) ? void 0 : evalScalarConst(e.right);
      return ka !== void 0 ? scaled(b, ka) : kb !== void 0 ? scaled(a, kb) : void 0;
    }
    default:
      return void 0;
  }
}
function hasIndex(e) {
  switch (e.kind) {
    case "index":
      return true;
    case "unary":
      return hasIndex(e.operand);
    case "binary":
      return hasIndex(e.left) || hasIndex(e.right);
    case "fn":
      return e.args.some(hasIndex);
    default:
      return false;
  }
}
function scaled(a, k) {
  return { coef: a.coef.map((c) => c * k), rest: fold({ kind: "binary", op: "*", left: { kind: "const", value: k }, right: a.rest, span: spanOf(a.rest) }) };
}
function combined(a, b, op) {
  const sign = op === "+" ? 1 : -1;
  return { coef: a.coef.map((c, d) => c + sign * b.coef[d]), rest: fold({ kind: "binary", op, left: a.rest, right: b.rest, span: spanOf(a.rest) }) };
}
function spanOf(e) {
  return e.kind === "binary" ? e.span : NOWHERE;
}
var NOWHERE = { file: "", line: 0, col: 0, endLine: 0, endCol: 0 };
function termOf(e, rank) {
  if (e.kind !== "binary" || !COMPARE_OPS.includes(e.op)) return void 0;
  const l = affine(e.left, rank);
  const r = affine(e.right, rank);
  if (!l || !r) return void 0;
  const rhs = fold({ kind: "binary", op: "-", left: r.rest, right: l.rest, span: e.span });
  return { coef: l.coef.map((c, d) => c - r.coef[d]), op: e.op, rhs };
}
function maskTerms(mask, rank) {
  return conjuncts(mask).map((e) => {
    const t = termOf(e, rank);
    if (!t) throw new Error("a mask that the checker did not accept");
    return t;
  });
}

// engine/lang/check/mask.ts
var MASKED_OPCODES = /* @__PURE__ */ new Set([
  "TensorTensor",
  "TensorScalar",
  "ScalarTensorTensor",
  "Select",
  "TensorCopy",
  "Memset",
  "Iota",
  "Activation",
  "DmaCopy",
  "TensorReduce",
  "MatMult",
  "TensorTensorScan"
]);
function noMask(opcode) {
  const names = [...MASKED_OPCODES];
  return `${opcode} takes no mask: a mask applies to ${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
function maskSpaceRole(opcode) {
  return opcode === "TensorReduce" ? "source" : "destination";
}
function boxOnly(opcode, attrs) {
  if (opcode === "TensorReduce") return "TensorReduce reduces each row over the elements the mask keeps";
  if (opcode === "TensorTensorScan") return "TensorTensorScan scans each row from the first element the mask keeps";
  if (opcode === "Activation" && attrs.has("reduce_res")) return "Activation with reduce_res sums each row over the elements the mask keeps";
  if (opcode === "TensorScalar" && attrs.has("reduce_res")) return "TensorScalar with reduce_res reduces each row over the elements the mask keeps";
  return void 0;
}
var FORM = "a mask is comparisons of the destination's indices joined by &&, as `mask = p < r1 && f >= 8`";
function checkMask(a, opcode, dst, resolver, module2, scope, box) {
  const role = maskSpaceRole(opcode);
  const error = (span, message) => {
    resolver.diagnostics.error(span, message);
    return void 0;
  };
  if (!MASKED_OPCODES.has(opcode)) {
    return error(a.nameSpan, noMask(opcode));
  }
  const rank = dst.shape.length;
  if (rank < 2) return error(a.nameSpan, `the ${role} '${dst.text}' has no partition dimension: a mask names the indices of [partitions, free...]; write the destination with its partition dimension`);
  const names = indexNames(rank);
  const valid = new Set(names);
  const parts = [];
  for (const part of conjunctsOf(a.value)) {
    if (part.kind !== "binary" || !COMPARE_OPS.includes(part.op)) return error(part.span, `'${module2.textOf(part.span)}' is not a comparison: ${FORM}`);
    const unknown = foreignIndex(part, valid);
    if (unknown) return error(unknown.span, `'${unknown.name}' is not an index of the ${role} '${dst.text}' [${dst.shape.map((d) => d ?? "?").join(", ")}]: its indices are ${names.join(", ")}`);
    const left = resolver.scalar(part.left, module2, scope, "a mask", valid);
    const right = resolver.scalar(part.right, module2, scope, "a mask", valid);
    if (!left || !right) return void 0;
    for (const [side2, e] of [[left, part.left], [right, part.right]]) {
      if (!affine(side2, rank)) return error(e.span, `'${module2.textOf(e.span)}' is not affine in the indices: a mask compares sums of indices times numbers (p + f, 2*f0 - p) with numbers and registers`);
    }
    const l = affine(left, rank);
    const r = affine(right, rank);
    if (l.coef.every((c, d) => c === r.coef[d])) return error(part.span, `'${module2.textOf(part.span)}' compares no index: each comparison of a mask names the ${role}'s indices (${names.join(", ")}); use 'if' for a condition on registers`);
    const indices = l.coef.filter((c, d) => c !== r.coef[d]).length;
    if (box && (indices > 1 || part.op === "!=")) return error(part.span, `'${module2.textOf(part.span)}' does not bound one index: ${box}, so each comparison of its mask bounds one index (<, <=, >, >=, ==), as p < r1 && f >= 8`);
    parts.push({ kind: "binary", op: part.op, left, right, span: part.span });
  }
  const expr = parts.reduce((x, y) => ({ kind: "binary", op: "&&", left: x, right: y, span: a.value.span }));
  return { kind: "operand", operand: { kind: "scalar", expr, text: module2.textOf(a.value.span), span: a.value.span } };
}
function conjunctsOf(e) {
  return e.kind === "binary" && e.op === "&&" ? [...conjunctsOf(e.left), ...conjunctsOf(e.right)] : [e];
}
function foreignIndex(e, valid) {
  switch (e.kind) {
    case "name":
      return INDEX_NAMES.includes(e.name) && !valid.has(e.name) ? e : void 0;
    case "unary":
      return foreignIndex(e.operand, valid);
    case "binary":
      return foreignIndex(e.left, valid) ?? foreignIndex(e.right, valid);
    case "call":
      return e.args.map((x) => foreignIndex(x, valid)).find((x) => x);
    default:
      return void 0;
  }
}
function maskedShapeProblem(dst, src, role = "destination") {
  const known = (ap) => ap.shape.every((d) => d !== void 0);
  if (!known(dst) || !known(src)) return void 0;
  const same = src.shape.length === dst.shape.length && src.shape.every((d, i) => d === dst.shape[i]);
  const column = src.shape.length >= 2 && src.shape.slice(1).every((d) => d === 1) && src.shape[0] === dst.shape[0];
  if (same || column) return void 0;
  const show = (ap) => `[${ap.shape.join(", ")}]`;
  return `under a mask, '${src.text}' ${show(src)} must have the shape of the ${role} '${dst.text}' ${show(dst)}, whose indices the mask names (reshape it: .reshape(${dst.shape.join(", ")}))`;
}

// engine/lang/check/engine-choice.ts
var VECTOR_TRANSPOSE_MAX = 32;
function engineAttribute(opcode) {
  const engines = OPCODES.get(opcode)?.engines ?? [];
  return { kind: "word", words: engines.map((e) => ENGINE_WORDS[e]) };
}
function singleEngineMessage(opcode) {
  const info = OPCODES.get(opcode);
  return `${opcode} runs on ${info?.engine ?? "one engine"} only: it takes no attribute 'engine' (the instructions that choose their engine: ${[...OPCODES.values()].filter((o) => o.engines).map((o) => o.name).join(", ")})`;
}
function notAnEngineOf(opcode, engine) {
  const info = OPCODES.get(opcode);
  const engines = info?.engines ?? (info ? [info.engine] : []);
  return `${opcode} cannot run on ${engine} (engine = ${ENGINE_WORDS[engine] ?? engine}); it runs on ${engines.map((e) => `${e} (${ENGINE_WORDS[e]})`).join(", ")}`;
}
function engineProblem(i, engine) {
  const info = OPCODES.get(i.opcode);
  if (!info || engine === info.engine) return void 0;
  const word2 = ENGINE_WORDS[engine] ?? engine;
  if (!info.engines?.includes(engine)) return notAnEngineOf(i.opcode, engine);
  if (engine === "POOL") {
    const inPsum = tensorsOf(i).find((o) => o.ap.memory === "psum");
    if (inPsum) return `GpSimd (engine = gpsimd) cannot access PSUM, and '${inPsum.ap.text}' is in PSUM (NKI ISA: tensor_copy, tensor_tensor): choose vector`;
  }
  if (i.opcode === "TensorScalar") return tensorScalarProblem(i, engine, word2);
  if (i.opcode === "Transpose" && engine === "DVE") {
    const src = i.srcs[0]?.kind === "tensor" ? i.srcs[0].ap : void 0;
    const [p, f2] = src ? [src.shape[0] ?? 0, src.shape.slice(1).reduce((a, d) => a * (d ?? 0), 1)] : [0, 0];
    if (p > VECTOR_TRANSPOSE_MAX || f2 > VECTOR_TRANSPOSE_MAX) return `the vector engine transposes tiles of at most [${VECTOR_TRANSPOSE_MAX}, ${VECTOR_TRANSPOSE_MAX}], and '${src?.text}' is [${p}, ${f2}] (NKI ISA: nc_transpose)`;
  }
  return void 0;
}
function tensorScalarProblem(i, engine, word2) {
  const ops = ["op", "op1"].map((n) => i.attrs.get(n)).flatMap((v) => v?.kind === "word" ? [v.word] : []);
  const data = i.srcs[0]?.kind === "tensor" ? i.srcs[0].ap : void 0;
  const integer2 = data !== void 0 && dtypeInfo(data.dtype).isInteger;
  const bit = ops.find((op) => BIT_ALU_OPS.has(op) || integer2 && ["and", "or", "xor"].includes(op));
  if (bit) return `the bit operator '${bit}' runs on the vector engine only (NKI ISA: tensor_scalar), not on ${engine} (engine = ${word2})`;
  if (i.attrs.has("reduce_res")) return `a TensorScalar with reduce_res runs on the vector engine only (NKI ISA: tensor_scalar_reduce), not on ${engine} (engine = ${word2})`;
  if (engine === "POOL" && (ops.length !== 1 || ops[0] !== "rsqrt")) return `GpSimd (engine = gpsimd) runs TensorScalar only as op = rsqrt alone (NKI ISA: tensor_scalar); this one is ${ops.join(", ")}`;
  return void 0;
}
function tensorsOf(i) {
  const attrOperands = [...i.attrs.values()].flatMap((v) => v.kind === "operand" ? [v.operand] : []);
  return [i.dst, ...i.srcs, ...attrOperands].flatMap((o) => o?.kind === "tensor" ? [o] : []);
}

// engine/lang/check/instructions.ts
var NO_ATTRIBUTES2 = /* @__PURE__ */ new Map();
var ON_CHIP = ["sbuf", "psum"];
var ANY_MEMORY = ["dram", "sbuf", "psum"];
var InstructionChecker = class {
  constructor(resolver, module2, scope) {
    this.resolver = resolver;
    this.module = module2;
    this.scope = scope;
  }
  resolver;
  module;
  scope;
  /** The operands of an instruction statement, or undefined when it has a mistake (reported). */
  check(s) {
    const opcode = s.opcode;
    if (!isInstructionOpcode(opcode)) {
      const hint2 = suggest(opcode, [...OPCODES.keys()]);
      this.error(s.opcodeSpan, `unknown opcode '${opcode}'${hint2 ? `; did you mean '${hint2}'?` : ""}`);
      return void 0;
    }
    const checked = RULES[opcode].call(this, s);
    const mask = s.attrs.find((a) => a.name === "mask");
    const masked2 = checked && mask && MASKED_OPCODES.has(opcode) ? this.withMask(s, opcode, mask, checked) : checked;
    return masked2 && this.engineFits(opcode, masked2) ? masked2 : void 0;
  }
  /** The engine an `engine = ...` attribute chose can run the instruction as written (lang/check/engine-choice.ts). */
  engineFits(opcode, checked) {
    const chosen = checked.attrs.get("engine");
    const engine = chosen?.kind === "word" ? engineOfWord(chosen.word) : void 0;
    const problem = engine && engineProblem({ opcode, ...checked }, engine);
    if (problem && chosen?.kind === "word") this.error(chosen.span, problem);
    return !problem;
  }
  /**
   * The instruction with its mask, whose indices are those of the destination (of the source, for a reduction); its
   * other tensor operands have that shape or are [P, 1] columns.
   */
  withMask(s, opcode, mask, checked) {
    const role = maskSpaceRole(opcode);
    const space = role === "source" ? checked.srcs[0] : checked.dst;
    if (space?.kind !== "tensor") return void 0;
    const value = checkMask(mask, opcode, space.ap, this.resolver, this.module, this.scope, boxOnly(opcode, checked.attrs));
    if (!value) return void 0;
    if (opcode === "MatMult") return this.maskedMatMult(mask, checked, value);
    const operands = [checked.dst, ...checked.srcs, ...[...checked.attrs.values()].flatMap((v) => v.kind === "operand" ? [v.operand] : [])];
    for (const o of operands) {
      const problem = o?.kind === "tensor" && o !== space ? maskedShapeProblem(space.ap, o.ap, role) : void 0;
      if (problem) {
        this.error(o?.kind === "tensor" ? o.ap.span : s.span, problem);
        return void 0;
      }
    }
    return { ...checked, attrs: new Map([...checked.attrs, ["mask", value]]) };
  }
  /**
   * A MatMult's mask names the indices of its destination [M, N]: the kept elements are computed from the stationary
   * operand's columns M and the moving operand's columns N (kernels/restriction.ts), so those are [K, M] and [K, N].
   */
  maskedMatMult(mask, checked, value) {
    const refuse = (span, message) => {
      this.error(span, message);
      return void 0;
    };
    const perf = checked.attrs.get("perf_mode");
    if (perf?.kind === "word" && perf.word === "double_row") return refuse(mask.nameSpan, "MatMult with perf_mode = double_row takes no mask: mask the instruction that reads its result");
    const dst = checked.dst?.kind === "tensor" ? checked.dst.ap : void 0;
    const [st, mv] = checked.srcs.map((o) => o.kind === "tensor" ? o.ap : void 0);
    if (dst && st && st.shape.length !== 2) return refuse(st.span, `under a mask, the stationary operand '${st.text}' is [K, M] (its columns are the destination's partitions); it is [${st.shape.join(", ")}]`);
    if (dst && mv && mv.shape.length !== dst.shape.length) return refuse(mv.span, `under a mask, the moving operand '${mv.text}' is [K, ...] with the destination's free dimensions [${dst.shape.slice(1).join(", ")}]; it is [${mv.shape.join(", ")}]`);
    return { ...checked, attrs: new Map([...checked.attrs, ["mask", value]]) };
  }
  // ---- helpers the rules use ----
  error(span, message) {
    this.resolver.diagnostics.error(span, message);
  }
  /** Exactly `count` positional operands and, when `dst` is true, a destination. */
  arity(s, dst, count, form) {
    if (dst && !s.dst) {
      this.error(s.span, `${s.opcode} needs a destination: ${form}`);
      return false;
    }
    if (!dst && s.dst) {
      this.error(s.dst.span, `${s.opcode} has no destination: ${form}`);
      return false;
    }
    if (s.operands.length !== count) {
      this.error(s.span, `${s.opcode} takes ${count} operand${count === 1 ? "" : "s"}, found ${s.operands.length}: ${form}`);
      return false;
    }
    return true;
  }
  tensor(e, opcode, role, memories) {
    const ap = resolveAccess(e, this.resolver, this.module, this.scope);
    if (!ap) return void 0;
    const packed = packedOperandProblem(opcode, role, ap.dtype);
    if (packed) {
      this.error(e.span, packed);
      return void 0;
    }
    if (ap.memory && !memories.includes(ap.memory)) {
      const why = memories.length === 1 ? `must be in ${memories[0].toUpperCase()}` : `must be in ${memories.map((m) => m.toUpperCase()).join(" or ")}`;
      const hint2 = ap.memory === "dram" ? " (engines read on-chip memory; copy it with DmaCopy first)" : "";
      this.error(e.span, `the ${role} of ${opcode} ${why}, but '${ap.tensor.name}' is in ${ap.memory.toUpperCase()}${hint2}`);
      return void 0;
    }
    if (ap.transpose && opcode !== "DmaCopy") {
      this.error(e.span, `'.T' is a strided view only DmaCopy can read; use Transpose on the tensor engine to transpose on chip`);
      return void 0;
    }
    if (ap.memory && ap.memory !== "dram" && opcode !== "DmaCopy" && ap.shape.length > MAX_ON_CHIP_RANK) {
      this.error(e.span, `on-chip views have at most ${MAX_ON_CHIP_RANK} dimensions [partitions, and up to 4 free dimensions], this one has ${ap.shape.length}`);
      return void 0;
    }
    if ((role === "destination" || role === writtenAttribute(opcode)) && repeats(ap)) {
      this.error(e.span, `the ${role} of ${opcode} '${ap.text}' repeats elements (a broadcast view reads one element at several positions): an instruction cannot write through it; write the tensor itself`);
      return void 0;
    }
    const move = opcode === "DmaCopy" ? void 0 : partitionMove(ap);
    if (move) {
      this.error(e.span, `${move}: engines read a partition per row of a view, so only DmaCopy can read '${ap.text}'; keep the first dimension and reshape or permute the free ones`);
      return void 0;
    }
    return ap;
  }
  tensorOperand(e, opcode, role, memories) {
    const ap = this.tensor(e, opcode, role, memories);
    return ap && { kind: "tensor", ap };
  }
  scalarOperand(e, what) {
    const expr = this.resolver.scalar(e, this.module, this.scope, what);
    return expr && { kind: "scalar", expr, text: this.module.textOf(e.span), span: e.span };
  }
  /** A number, a register or a [P, 1] tensor (one value per partition). */
  scalarOrColumn(e, opcode, what) {
    if (!isTensorExpr(e, this.resolver, this.module, this.scope)) return this.scalarOperand(e, what);
    const ap = this.tensor(e, opcode, what, ON_CHIP);
    if (!ap) return void 0;
    const [, f2] = shape2d(ap);
    if (f2 !== void 0 && f2 !== 1) {
      this.error(e.span, `${what} of ${opcode} must be a number, a register or a [P, 1] tensor; '${ap.text}' has ${f2} columns`);
      return void 0;
    }
    return { kind: "tensor", ap };
  }
  attributes(s, specs) {
    if (s.attrs.length === 0 && !Object.values(specs).some((spec) => spec.required)) return NO_ATTRIBUTES2;
    const out2 = /* @__PURE__ */ new Map();
    let ok = true;
    for (const a of s.attrs) {
      const spec = specs[a.name];
      if (!spec && (a.name === "mask" || a.name === "engine")) {
        this.error(a.nameSpan, a.name === "mask" ? noMask(s.opcode) : singleEngineMessage(s.opcode));
        ok = false;
        continue;
      }
      if (!spec) {
        const names = Object.keys(specs);
        const hint2 = suggest(a.name, names);
        this.error(a.nameSpan, `${s.opcode} has no attribute '${a.name}'${hint2 ? `; did you mean '${hint2}'?` : names.length ? ` (its attributes: ${names.join(", ")})` : ""}`);
        ok = false;
        continue;
      }
      if (out2.has(a.name)) {
        this.error(a.nameSpan, `attribute '${a.name}' is given twice`);
        ok = false;
        continue;
      }
      if (spec.kind === "mask") continue;
      const value = this.attribute(s.opcode, a, spec);
      if (value) out2.set(a.name, value);
      else ok = false;
    }
    for (const name in specs) {
      const spec = specs[name];
      if (spec.required && !out2.has(name) && ok) {
        this.error(s.span, `${s.opcode} needs the attribute '${name} = ...'${spec.words ? ` (one of ${spec.words.join(", ")})` : ""}`);
        ok = false;
      }
    }
    return ok ? out2 : void 0;
  }
  attribute(opcode, a, spec) {
    if (spec.kind === "word") {
      const word2 = a.value.kind === "name" ? a.value.name : void 0;
      const engine = a.name === "engine" && word2 ? engineOfWord(word2) : void 0;
      if (engine && !spec.words?.includes(word2)) {
        this.error(a.value.span, notAnEngineOf(opcode, engine));
        return void 0;
      }
      if (!word2 || !spec.words?.includes(word2)) {
        const written = this.module.textOf(a.value.span);
        const hint2 = suggest(written, spec.words ?? []);
        this.error(a.value.span, `'${written}' is not a valid ${a.name} for ${opcode}${hint2 ? `; did you mean '${hint2}'?` : ""} (one of ${spec.words?.join(", ")})`);
        return void 0;
      }
      return { kind: "word", word: word2, span: a.value.span };
    }
    if (spec.kind === "column") return this.columnAttribute(opcode, a);
    if (spec.kind === "tile") return this.tileAttribute(opcode, a);
    const operand = spec.kind === "scalar" ? this.scalarOperand(a.value, `the attribute '${a.name}'`) : this.scalarOrColumn(a.value, opcode, `the attribute '${a.name}'`);
    return operand && { kind: "operand", operand };
  }
  tileAttribute(opcode, a) {
    const what = `the attribute '${a.name}' of ${opcode}`;
    if (!isTensorExpr(a.value, this.resolver, this.module, this.scope)) {
      this.error(a.value.span, `${what} must be a tensor in SBUF, which ${opcode} writes`);
      return void 0;
    }
    const ap = this.tensor(a.value, opcode, what, ["sbuf"]);
    return ap && { kind: "operand", operand: { kind: "tensor", ap } };
  }
  columnAttribute(opcode, a) {
    const what = `the attribute '${a.name}' of ${opcode}`;
    if (!isTensorExpr(a.value, this.resolver, this.module, this.scope)) {
      this.error(a.value.span, `${what} must be a [P, 1] tensor in SBUF or PSUM: it receives a value per partition`);
      return void 0;
    }
    const ap = this.tensor(a.value, opcode, what, ON_CHIP);
    if (!ap) return void 0;
    const [, f2] = shape2d(ap);
    if (f2 !== void 0 && f2 !== 1) {
      this.error(a.value.span, `${what} must be a [P, 1] tensor: it receives a value per partition, but '${ap.text}' has ${f2} columns`);
      return void 0;
    }
    return { kind: "operand", operand: { kind: "tensor", ap } };
  }
  /** Two shapes that must be equal; compares the dimensions known before the run. */
  sameShape(a, b, opcode, span) {
    const [ap, af] = shape2d(a);
    const [bp, bf] = shape2d(b);
    if (ap !== void 0 && bp !== void 0 && ap !== bp || af !== void 0 && bf !== void 0 && af !== bf) {
      const free = a.shape.length > 2 || b.shape.length > 2 ? " (free dimensions count together: the same partitions and elements per partition)" : "";
      this.error(span, `${opcode}: '${a.text}' is ${showShape(a)} but '${b.text}' is ${showShape(b)}; the shapes must be equal${free}`);
      return false;
    }
    return true;
  }
  /** An expression of the evaluate language; a string only where one is allowed (Print, the message of Assert). */
  evalOperand(e, allowString = false) {
    if (e.kind === "string" && allowString) return { kind: "string", value: e.value, span: e.span };
    if (!checkEvalExpr(e, this.resolver, this.module, this.scope)) return void 0;
    return { kind: "eval", expr: e, text: this.module.textOf(e.span), span: e.span };
  }
  registerDst(e, opcode) {
    const index = e.kind === "name" ? registerIndex(e.name) : void 0;
    if (index === void 0) {
      this.error(e.span, `the destination of ${opcode} must be a register r0..r15`);
      return void 0;
    }
    return { kind: "register", index, span: e.span };
  }
  /** A copy into or out of a packed dtype moves bits: from or to its own dtype or the unsigned integer of its width. */
  copiesPackedBits(s, dst, src) {
    const problem = packedCopyProblem(s.opcode, dst.dtype, src.dtype);
    if (problem) this.error(s.span, problem);
    return problem === void 0;
  }
  /**
   * The ALU operators of an instruction fit it: `binary` names the attributes whose operator combines two values
   * (a unary one there is refused), and the bit operators need integer data.
   */
  aluOpsFit(s, attrs, binary2, data) {
    for (const [name, v] of attrs) {
      if (v.kind !== "word" || !ALU_OPS.includes(v.word)) continue;
      const op = v.word;
      if (binary2.includes(name) && UNARY_ALU_OPS.has(op)) {
        this.error(v.span, `'${op}' takes one operand, but ${name} of ${s.opcode} combines two; apply it with TensorScalar dst <- a, op = ${op}`);
        return false;
      }
      if (BIT_ALU_OPS.has(op) && !dtypeInfo(data.dtype).isInteger) {
        this.error(v.span, `'${op}' works on the bits of integers, but '${data.text}' is ${data.dtype}; bit operators need integer data`);
        return false;
      }
    }
    return true;
  }
  /**
   * TensorScalar's steps: each operator with its scalar, a unary one without; a step's scalar or reversal without
   * its operator is refused.
   */
  scalarsFitOps(s, attrs, steps) {
    for (const [opName, scalarName, reverseName] of steps) {
      const op = attrs.get(opName);
      const word2 = op?.kind === "word" ? op.word : void 0;
      const unary = word2 !== void 0 && UNARY_ALU_OPS.has(word2);
      if (word2 === void 0 && (attrs.has(scalarName) || attrs.has(reverseName))) {
        this.error(s.span, `${s.opcode}: '${scalarName}' and '${reverseName}' belong to '${opName}', which is not given`);
        return false;
      }
      if (word2 !== void 0 && unary && attrs.has(scalarName)) {
        this.error(s.span, `${s.opcode}: '${word2}' takes one operand, so '${opName} = ${word2}' has no '${scalarName}'`);
        return false;
      }
      if (word2 !== void 0 && !unary && !attrs.has(scalarName)) {
        this.error(s.span, `${s.opcode}: '${opName} = ${word2}' needs its operand '${scalarName} = ...' (a number, a register or a [P, 1] tensor)`);
        return false;
      }
    }
    return true;
  }
  /**
   * [K, M] of the stationary and [K, N] of the moving operand of a MatMult: the partitions and the free elements, or
   * (free dimensions together), or in double-row mode the partitions and the size after the pair ([K, 2, M]).
   */
  matMultShapes(s, st, mv, attrs) {
    const mode = attrs.get("perf_mode");
    if (mode?.kind !== "word" || mode.word !== "double_row") return [shape2d(st), shape2d(mv)];
    const problem = doubleRowDtypeProblem("stationary operand", st) ?? doubleRowDtypeProblem("moving operand", mv) ?? mixedE4M3Problem(st, mv);
    if (problem) {
      this.error(s.span, problem);
      return void 0;
    }
    const a = doubleRowShape("stationary operand", st);
    const b = doubleRowShape("moving operand", mv);
    for (const [shape, ap] of [[a, st], [b, mv]]) {
      if (typeof shape === "string") {
        this.error(ap.span, shape);
        return void 0;
      }
    }
    return [a, b];
  }
  /**
   * A MatMult's destination within one PSUM bank of each partition, where its columns are known before the run (an
   * allocation of this function, constant column bounds): the run would fault with `bank-crossing`.
   */
  withinOneBank(dst) {
    const t = dst.tensor;
    if (t.kind !== "alloc" || t.shape.length !== 2) return true;
    const cols = dst.shape[dst.shape.length - 1];
    const item = dst.items[1];
    const start = !item ? 0 : item.kind === "at" ? constantOf(item.index) : constantOf(item.lo);
    const step2 = item?.kind === "slice" ? constantOf(item.step) : 1;
    if (start === void 0 || step2 === void 0 || cols === void 0 || cols === 0) return true;
    const bytes = dtypeInfo(t.dtype).bytes;
    const first = t.placement.offset + start * bytes;
    const last = t.placement.offset + (start + (cols - 1) * step2) * bytes + bytes - 1;
    const [b0, b1] = [Math.floor(first / PSUM_BANK_BYTES), Math.floor(last / PSUM_BANK_BYTES)];
    if (b0 === b1) return true;
    this.error(dst.span, `MatMult writes '${dst.text}' across PSUM banks ${b0} and ${b1} (bytes ${first}..${last} of each partition of its function's PSUM; a bank holds ${PSUM_BANK_BYTES} bytes, ${PSUM_BANK_BYTES / bytes} ${t.dtype} values): a matmul writes within one bank, so split it at column ${(b0 + 1) * PSUM_BANK_BYTES / bytes - t.placement.offset / bytes} of '${t.name}'`);
    return false;
  }
  /**
   * TensorScalar's reduction (NKI tensor_scalar_reduce): `reduce_op` and `reduce_res` together, after one arithmetic
   * operator ("only one operator is supported in this API ... op0 can only be arithmetic").
   */
  scalarReduceFits(s, attrs) {
    const [op, res] = [attrs.has("reduce_op"), attrs.has("reduce_res")];
    if (!op && !res) return true;
    const refuse = (message) => {
      this.error(s.span, `TensorScalar: ${message} (NKI tensor_scalar_reduce)`);
      return false;
    };
    if (!res) return refuse("'reduce_op' reduces each row into 'reduce_res = t', a [P, 1] tensor, which is not given");
    if (!op) return refuse("'reduce_res' needs the reduction: 'reduce_op = add', 'mul', 'max' or 'min'");
    if (attrs.has("op1")) return refuse("a reduction follows one operator: op1 cannot be given with reduce_res");
    const first = attrs.get("op");
    if (first?.kind === "word" && BIT_ALU_OPS.has(first.word)) return refuse(`a reduction follows an arithmetic operator, not the bit operator '${first.word}'`);
    return true;
  }
  /** TensorTensor with a [P, 1] operand beside wider data: what the user meant is TensorScalar or a broadcast. */
  notAColumn(s, a, b, attrs) {
    const [ap, af] = shape2d(a);
    const [bp, bf] = shape2d(b);
    if (af === void 0 || bf === void 0 || af === bf || af !== 1 && bf !== 1 || ap !== void 0 && bp !== void 0 && ap !== bp) return true;
    const [col, data, cols] = bf === 1 ? [b, a, af] : [a, b, bf];
    const op = attrs.get("op");
    const word2 = op?.kind === "word" ? op.word : "add";
    const reverse = col === a ? ", reverse = true" : "";
    this.error(s.span, `${s.opcode}: '${col.text}' is ${showShape(col)}, one value per partition, but '${data.text}' is ${showShape(data)}; to apply it along the free dimension use TensorScalar dst <- ${data.text}, op = ${word2}, scalar = ${col.text}${reverse}, or broadcast it: ${col.text}.bcast(${cols})`);
    return false;
  }
  /** A [P, 1] attribute must have the partitions of the data it scales. */
  columnsMatch(src, attrs, names, s) {
    const [p] = shape2d(src);
    for (const name of names) {
      const v = attrs.get(name);
      if (v?.kind === "operand" && v.operand.kind === "tensor") {
        const [cp] = shape2d(v.operand.ap);
        if (p !== void 0 && cp !== void 0 && p !== cp) {
          this.error(s.span, `${s.opcode}: '${name}' '${v.operand.ap.text}' has ${cp} partitions but the data has ${p}`);
          return false;
        }
      }
    }
    return true;
  }
};
function shape2d(ap) {
  const s = ap.shape;
  if (s.length === 0) return [1, 1];
  if (s.length === 1) return [1, s[0]];
  let free = 1;
  for (let d = 1; d < s.length; d++) free = free === void 0 || s[d] === void 0 ? void 0 : free * s[d];
  return [s[0], free];
}
function keptByReduce(src) {
  const s = src.shape;
  const out2 = [1];
  let n = 1;
  for (let d = 1; d < s.length - 1; d++) {
    if (s[d] === void 0) return void 0;
    n *= s[d];
    out2.push(n);
  }
  return out2;
}
var MAX_ON_CHIP_RANK = 5;
function showShape(ap) {
  return `[${ap.shape.map((d) => d ?? "?").join(", ")}]`;
}
var NONE = {};
var MASK2 = { kind: "mask" };
var MASK_ONLY = { mask: MASK2 };
var IOTA = { base: { kind: "scalar" }, pstep: { kind: "scalar" }, fstep: { kind: "scalar" }, mask: MASK2 };
var MATMULT = { accumulate: { kind: "scalar" }, perf_mode: { kind: "word", words: PERF_MODES }, mask: MASK2 };
var MATMULT_MX = { accumulate: { kind: "scalar" } };
var QUANTIZE_MX = { dst_scale: { kind: "tile", required: true } };
var ACTIVATION = {
  func: { kind: "word", words: ACTIVATION_FUNCTIONS },
  scale: { kind: "scalar-or-column" },
  bias: { kind: "scalar-or-column" },
  reduce_op: { kind: "word", words: ["add"] },
  reduce_res: { kind: "column" },
  mask: MASK2
};
var TENSOR_COPY = { mask: MASK2, engine: engineAttribute("TensorCopy") };
var MEMSET = { mask: MASK2, engine: engineAttribute("Memset") };
var TRANSPOSE = { engine: engineAttribute("Transpose") };
var TENSOR_TENSOR = { op: { kind: "word", words: ALU_OPS, required: true }, mask: MASK2, engine: engineAttribute("TensorTensor") };
var TENSOR_SCALAR = {
  op: { kind: "word", words: ALU_OPS, required: true },
  scalar: { kind: "scalar-or-column" },
  reverse: { kind: "scalar" },
  op1: { kind: "word", words: ALU_OPS },
  scalar1: { kind: "scalar-or-column" },
  reverse1: { kind: "scalar" },
  reduce_op: { kind: "word", words: REDUCE_OPS },
  reduce_res: { kind: "column" },
  mask: MASK2,
  engine: engineAttribute("TensorScalar")
};
var SCALAR_TENSOR_TENSOR = {
  op: { kind: "word", words: ALU_OPS, required: true },
  scalar: { kind: "scalar-or-column", required: true },
  reverse: { kind: "scalar" },
  op1: { kind: "word", words: ALU_OPS, required: true },
  reverse1: { kind: "scalar" },
  mask: MASK2
};
var TENSOR_TENSOR_SCAN = {
  initial: { kind: "scalar-or-column", required: true },
  op: { kind: "word", words: ALU_OPS, required: true },
  op1: { kind: "word", words: ALU_OPS, required: true },
  reverse: { kind: "scalar" },
  reverse1: { kind: "scalar" },
  mask: MASK2
};
var TENSOR_REDUCE = { op: { kind: "word", words: REDUCE_OPS, required: true }, negate: { kind: "scalar" }, mask: MASK2 };
var SCAN_COLUMNS = ["initial"];
var STT_COLUMNS = ["scalar"];
var ASSERT_CLOSE = { atol: { kind: "scalar" }, rtol: { kind: "scalar" } };
var ACTIVATION_COLUMNS = ["scale", "bias", "reduce_res"];
var TENSOR_SCALAR_COLUMNS = ["scalar", "scalar1", "reduce_res"];
var RULES = {
  DmaCopy(s) {
    if (!this.arity(s, true, 1, "DmaCopy dst <- src")) return void 0;
    const dst = this.tensor(s.dst, s.opcode, "destination", ANY_MEMORY);
    const src = this.tensor(s.operands[0], s.opcode, "source", ANY_MEMORY);
    const attrs = this.attributes(s, MASK_ONLY);
    if (!dst || !src || !attrs || !this.copiesPackedBits(s, dst, src)) return void 0;
    const a = squeezed(dst);
    const b = squeezed(src);
    if (a.every((d) => d !== void 0) && b.every((d) => d !== void 0) && a.join(",") !== b.join(",")) {
      this.error(s.span, `DmaCopy: the destination '${dst.text}' is ${showShape(dst)} but the source '${src.text}' is ${showShape(src)}; they must have the same shape (dimensions of size 1 aside)`);
      return void 0;
    }
    return { dst: { kind: "tensor", ap: dst }, srcs: [{ kind: "tensor", ap: src }], attrs };
  },
  TensorCopy(s) {
    if (!this.arity(s, true, 1, "TensorCopy dst <- src")) return void 0;
    const dst = this.tensor(s.dst, s.opcode, "destination", ON_CHIP);
    const src = this.tensor(s.operands[0], s.opcode, "source", ON_CHIP);
    const attrs = this.attributes(s, TENSOR_COPY);
    if (!dst || !src || !attrs || !this.sameShape(dst, src, s.opcode, s.span) || !this.copiesPackedBits(s, dst, src)) return void 0;
    return { dst: { kind: "tensor", ap: dst }, srcs: [{ kind: "tensor", ap: src }], attrs };
  },
  Memset(s) {
    if (!this.arity(s, true, 1, "Memset dst <- value")) return void 0;
    const dst = this.tensorOperand(s.dst, s.opcode, "destination", ON_CHIP);
    const value = this.scalarOperand(s.operands[0], "the value of Memset");
    const attrs = this.attributes(s, MEMSET);
    return dst && value && attrs && { dst, srcs: [value], attrs };
  },
  Iota(s) {
    if (!this.arity(s, true, 0, "Iota dst <- base = 0, pstep = 0, fstep = 1")) return void 0;
    const dst = this.tensorOperand(s.dst, s.opcode, "destination", ON_CHIP);
    const attrs = this.attributes(s, IOTA);
    return dst && attrs && { dst, srcs: [], attrs };
  },
  MatMult(s) {
    if (!this.arity(s, true, 2, "MatMult dst <- stationary, moving, accumulate = false")) return void 0;
    const dst = this.tensor(s.dst, s.opcode, "destination", ["psum"]);
    const st = this.tensor(s.operands[0], s.opcode, "stationary operand", ["sbuf"]);
    const mv = this.tensor(s.operands[1], s.opcode, "moving operand", ["sbuf"]);
    const attrs = this.attributes(s, MATMULT);
    if (!dst || !st || !mv || !attrs) return void 0;
    if (dst.dtype !== "f32") {
      this.error(s.dst.span, `MatMult accumulates in f32: the destination '${dst.text}' must be f32, not ${dst.dtype}`);
      return void 0;
    }
    const shapes = this.matMultShapes(s, st, mv, attrs);
    if (!shapes) return void 0;
    const [[k1, m], [k2, n]] = shapes;
    const [dm, dn] = shape2d(dst);
    const checks = [
      [k1, k2, `the contraction sizes differ: stationary '${st.text}' has K = ${k1} partitions, moving '${mv.text}' has K = ${k2}`],
      [dm, m, `the destination '${dst.text}' has ${dm} partitions but the stationary operand has M = ${m} columns`],
      [dn, n, `the destination '${dst.text}' has ${dn} columns but the moving operand has N = ${n} columns`]
    ];
    for (const [a, b, msg] of checks) {
      if (a !== void 0 && b !== void 0 && a !== b) {
        this.error(s.span, `MatMult: ${msg}`);
        return void 0;
      }
    }
    const limits = [[k1, MATMUL_MAX_K, "K"], [m, MATMUL_MAX_M, "M"], [n, MATMUL_MAX_N, "N"]];
    for (const [v, max, name] of limits) {
      if (v !== void 0 && v > max) {
        this.error(s.span, `MatMult: ${name} = ${v} exceeds the tensor engine's limit of ${max}`);
        return void 0;
      }
    }
    if (!this.withinOneBank(dst)) return void 0;
    return { dst: { kind: "tensor", ap: dst }, srcs: [{ kind: "tensor", ap: st }, { kind: "tensor", ap: mv }], attrs };
  },
  MatMultMX(s) {
    if (!this.arity(s, true, 4, "MatMultMX dst <- stationary, moving, stationary_scale, moving_scale, accumulate = false")) return void 0;
    const dst = this.tensor(s.dst, s.opcode, "destination", ["psum"]);
    const st = this.tensor(s.operands[0], s.opcode, "stationary operand", ["sbuf"]);
    const mv = this.tensor(s.operands[1], s.opcode, "moving operand", ["sbuf"]);
    const ss = this.tensor(s.operands[2], s.opcode, "stationary scale", ["sbuf"]);
    const ms = this.tensor(s.operands[3], s.opcode, "moving scale", ["sbuf"]);
    const attrs = this.attributes(s, MATMULT_MX);
    if (!dst || !st || !mv || !ss || !ms || !attrs) return void 0;
    const problem = mxDtypeProblem(dst, st, mv, ss, ms) ?? mxShapeProblem(dst, st, mv, ss, ms);
    if (problem) {
      this.error(s.span, problem);
      return void 0;
    }
    return { dst: { kind: "tensor", ap: dst }, srcs: [st, mv, ss, ms].map((ap) => ({ kind: "tensor", ap })), attrs };
  },
  QuantizeMX(s) {
    if (!this.arity(s, true, 1, "QuantizeMX dst <- src, dst_scale = scales")) return void 0;
    const dst = this.tensor(s.dst, s.opcode, "destination", ["sbuf"]);
    const src = this.tensor(s.operands[0], s.opcode, "source", ["sbuf"]);
    const attrs = this.attributes(s, QUANTIZE_MX);
    const scale3 = attrs?.get("dst_scale");
    if (!dst || !src || scale3?.kind !== "operand" || scale3.operand.kind !== "tensor") return void 0;
    const problem = quantizeMxProblem(dst, src, scale3.operand.ap);
    if (problem) {
      this.error(s.span, problem);
      return void 0;
    }
    return { dst: { kind: "tensor", ap: dst }, srcs: [{ kind: "tensor", ap: src }], attrs };
  },
  Transpose(s) {
    if (!this.arity(s, true, 1, "Transpose dst <- src")) return void 0;
    const dst = this.tensor(s.dst, s.opcode, "destination", ["psum"]);
    const src = this.tensor(s.operands[0], s.opcode, "source", ["sbuf"]);
    const attrs = this.attributes(s, TRANSPOSE);
    if (!dst || !src || !attrs) return void 0;
    const [p, f2] = shape2d(src);
    const [dp, df] = shape2d(dst);
    if (dp !== void 0 && f2 !== void 0 && dp !== f2 || df !== void 0 && p !== void 0 && df !== p) {
      this.error(s.span, `Transpose: the source '${src.text}' is ${showShape(src)}, so the destination must be [${f2 ?? "?"}, ${p ?? "?"}], but '${dst.text}' is ${showShape(dst)}`);
      return void 0;
    }
    if (f2 !== void 0 && f2 > PARTITIONS) {
      this.error(s.span, `Transpose: the source has ${f2} columns; they become partitions, at most ${PARTITIONS}`);
      return void 0;
    }
    return { dst: { kind: "tensor", ap: dst }, srcs: [{ kind: "tensor", ap: src }], attrs };
  },
  Activation(s) {
    if (!this.arity(s, true, 1, "Activation dst <- src, func = relu, scale = 1, bias = 0, reduce_res = sums")) return void 0;
    const dst = this.tensor(s.dst, s.opcode, "destination", ON_CHIP);
    const src = this.tensor(s.operands[0], s.opcode, "source", ON_CHIP);
    const attrs = this.attributes(s, ACTIVATION);
    if (!dst || !src || !attrs || !this.sameShape(dst, src, s.opcode, s.span)) return void 0;
    if (!this.columnsMatch(src, attrs, ACTIVATION_COLUMNS, s)) return void 0;
    if (attrs.has("reduce_op") && !attrs.has("reduce_res")) {
      this.error(s.span, "Activation: 'reduce_op' reduces into 'reduce_res = t', a [P, 1] tensor for the row sums, which is not given");
      return void 0;
    }
    return { dst: { kind: "tensor", ap: dst }, srcs: [{ kind: "tensor", ap: src }], attrs };
  },
  TensorTensor(s) {
    if (!this.arity(s, true, 2, "TensorTensor dst <- a, b, op = add")) return void 0;
    const dst = this.tensor(s.dst, s.opcode, "destination", ON_CHIP);
    const a = this.tensor(s.operands[0], s.opcode, "first operand", ON_CHIP);
    const b = this.tensor(s.operands[1], s.opcode, "second operand", ON_CHIP);
    const attrs = this.attributes(s, TENSOR_TENSOR);
    if (!dst || !a || !b || !attrs || !this.aluOpsFit(s, attrs, ["op"], a) || !this.notAColumn(s, a, b, attrs)) return void 0;
    if (!this.sameShape(dst, a, s.opcode, s.span) || !this.sameShape(a, b, s.opcode, s.span)) return void 0;
    return { dst: { kind: "tensor", ap: dst }, srcs: [{ kind: "tensor", ap: a }, { kind: "tensor", ap: b }], attrs };
  },
  TensorScalar(s) {
    if (!this.arity(s, true, 1, "TensorScalar dst <- a, op = mul, scalar = 2")) return void 0;
    const dst = this.tensor(s.dst, s.opcode, "destination", ON_CHIP);
    const a = this.tensor(s.operands[0], s.opcode, "operand", ON_CHIP);
    const attrs = this.attributes(s, TENSOR_SCALAR);
    if (!dst || !a || !attrs || !this.sameShape(dst, a, s.opcode, s.span) || !this.aluOpsFit(s, attrs, [], a)) return void 0;
    if (!this.scalarsFitOps(s, attrs, [["op", "scalar", "reverse"], ["op1", "scalar1", "reverse1"]])) return void 0;
    if (!this.columnsMatch(a, attrs, TENSOR_SCALAR_COLUMNS, s) || !this.scalarReduceFits(s, attrs)) return void 0;
    return { dst: { kind: "tensor", ap: dst }, srcs: [{ kind: "tensor", ap: a }], attrs };
  },
  ScalarTensorTensor(s) {
    if (!this.arity(s, true, 2, "ScalarTensorTensor dst <- a, b, op = mul, scalar = 2, op1 = add")) return void 0;
    const dst = this.tensor(s.dst, s.opcode, "destination", ON_CHIP);
    const a = this.tensor(s.operands[0], s.opcode, "data", ON_CHIP);
    const b = this.tensor(s.operands[1], s.opcode, "second operand", ON_CHIP);
    const attrs = this.attributes(s, SCALAR_TENSOR_TENSOR);
    if (!dst || !a || !b || !attrs || !this.aluOpsFit(s, attrs, ["op", "op1"], a)) return void 0;
    if (!this.sameShape(dst, a, s.opcode, s.span) || !this.sameShape(a, b, s.opcode, s.span)) return void 0;
    if (!this.columnsMatch(a, attrs, STT_COLUMNS, s)) return void 0;
    return { dst: { kind: "tensor", ap: dst }, srcs: [{ kind: "tensor", ap: a }, { kind: "tensor", ap: b }], attrs };
  },
  TensorReduce(s) {
    if (!this.arity(s, true, 1, "TensorReduce dst <- src, op = add")) return void 0;
    const dst = this.tensor(s.dst, s.opcode, "destination", ON_CHIP);
    const src = this.tensor(s.operands[0], s.opcode, "source", ON_CHIP);
    const attrs = this.attributes(s, TENSOR_REDUCE);
    if (!dst || !src || !attrs) return void 0;
    const [dp, df] = shape2d(dst);
    const [p] = shape2d(src);
    const kept = keptByReduce(src);
    if (df !== void 0 && kept !== void 0 && !kept.includes(df) || dp !== void 0 && p !== void 0 && dp !== p) {
      const shapes = (kept ?? [1]).map((n) => `[${p ?? "?"}, ${n}]`).join(" or ");
      const along = (kept ?? [1]).length > 1 ? "the last free dimensions" : "the free dimension";
      this.error(s.span, `TensorReduce reduces along ${along}: for '${src.text}' ${showShape(src)} the destination must be ${shapes}, but '${dst.text}' is ${showShape(dst)}`);
      return void 0;
    }
    return { dst: { kind: "tensor", ap: dst }, srcs: [{ kind: "tensor", ap: src }], attrs };
  },
  TensorTensorScan(s) {
    if (!this.arity(s, true, 2, "TensorTensorScan dst <- a, b, initial = 0, op = mul, op1 = add")) return void 0;
    const dst = this.tensor(s.dst, s.opcode, "destination", ON_CHIP);
    const a = this.tensor(s.operands[0], s.opcode, "first operand", ON_CHIP);
    const b = this.tensor(s.operands[1], s.opcode, "second operand", ON_CHIP);
    const attrs = this.attributes(s, TENSOR_TENSOR_SCAN);
    if (!dst || !a || !b || !attrs || !this.aluOpsFit(s, attrs, ["op", "op1"], a)) return void 0;
    if (!this.sameShape(dst, a, s.opcode, s.span) || !this.sameShape(a, b, s.opcode, s.span)) return void 0;
    if (!this.columnsMatch(a, attrs, SCAN_COLUMNS, s)) return void 0;
    return { dst: { kind: "tensor", ap: dst }, srcs: [{ kind: "tensor", ap: a }, { kind: "tensor", ap: b }], attrs };
  },
  Select(s) {
    if (!this.arity(s, true, 3, "Select dst <- cond, a, b")) return void 0;
    const dst = this.tensor(s.dst, s.opcode, "destination", ON_CHIP);
    const cond = this.tensor(s.operands[0], s.opcode, "condition", ON_CHIP);
    const attrs = this.attributes(s, MASK_ONLY);
    if (!dst || !cond || !attrs || !this.sameShape(dst, cond, s.opcode, s.span)) return void 0;
    const picks = [];
    for (const e of s.operands.slice(1)) {
      const o = isTensorExpr(e, this.resolver, this.module, this.scope) ? this.tensorOperand(e, s.opcode, "choice", ON_CHIP) : this.scalarOperand(e, "a choice of Select");
      if (!o || o.kind === "tensor" && !this.sameShape(dst, o.ap, s.opcode, s.span)) return void 0;
      picks.push(o);
    }
    return { dst: { kind: "tensor", ap: dst }, srcs: [{ kind: "tensor", ap: cond }, ...picks], attrs };
  },
  Load(s) {
    if (!this.arity(s, true, 1, "Load r1 <- t[3, 7]")) return void 0;
    const dst = this.registerDst(s.dst, s.opcode);
    const src = this.tensor(s.operands[0], s.opcode, "source", ANY_MEMORY);
    const attrs = this.attributes(s, NONE);
    if (!dst || !src || !attrs) return void 0;
    if (src.shape.some((d) => d !== void 0 && d !== 1)) {
      this.error(s.operands[0].span, `Load reads one element, but '${src.text}' is ${showShape(src)}`);
      return void 0;
    }
    return { dst, srcs: [{ kind: "tensor", ap: src }], attrs };
  },
  Barrier(s) {
    if (!this.arity(s, false, 0, "Barrier")) return void 0;
    const attrs = this.attributes(s, NONE);
    return attrs && { srcs: [], attrs };
  },
  Print(s) {
    if (s.dst) {
      this.error(s.dst.span, 'Print has no destination: Print "text", operands...');
      return void 0;
    }
    const attrs = this.attributes(s, NONE);
    const srcs = s.operands.map((e) => this.evalOperand(e, true));
    if (!attrs || srcs.some((o) => !o)) return void 0;
    return { srcs, attrs };
  },
  Assert(s) {
    if (s.dst || s.operands.length < 1 || s.operands.length > 2 || s.operands.length === 2 && s.operands[1].kind !== "string") {
      this.error(s.span, 'Assert takes a condition and an optional message: Assert r0 < 4, "message"');
      return void 0;
    }
    const cond = this.evalOperand(s.operands[0]);
    const attrs = this.attributes(s, NONE);
    const message = s.operands[1] && this.evalOperand(s.operands[1], true);
    if (!cond || !attrs) return void 0;
    return { srcs: message ? [cond, message] : [cond], attrs };
  },
  "Assert.close"(s) {
    if (s.dst || s.operands.length < 2 || s.operands.length > 3 || s.operands.length === 3 && s.operands[2].kind !== "string") {
      this.error(s.span, 'Assert.close takes two tensors and an optional message: Assert.close a, b, atol = 1e-5, rtol = 1e-3, "message"');
      return void 0;
    }
    const attrs = this.attributes(s, ASSERT_CLOSE);
    const srcs = s.operands.map((e, i) => this.evalOperand(e, i === 2));
    if (!attrs || srcs.some((o) => !o)) return void 0;
    return { srcs, attrs };
  }
};
function constantOf(e) {
  return e.kind === "const" ? e.value : void 0;
}
function squeezed(ap) {
  return ap.shape.filter((d) => d !== 1);
}
function repeats(ap) {
  return ap.bcast !== void 0 || (ap.steps?.some((s) => s.kind === "broadcast" && s.size > 1) ?? false);
}

// engine/lang/check/independent-loops.ts
function checkIndependentLoop(loop, diagnostics) {
  const walk = { written: /* @__PURE__ */ new Set([loop.register]), readFirst: /* @__PURE__ */ new Map(), reads: /* @__PURE__ */ new Map(), writes: /* @__PURE__ */ new Map(), fresh: /* @__PURE__ */ new Set(), reported: /* @__PURE__ */ new Set() };
  const warn = (key, message) => {
    if (walk.reported.has(key)) return;
    walk.reported.add(key);
    diagnostics.warning(loop.span, `the loop over r${loop.register} is declared independent, but ${message} (a loop-carried dependency): remove 'independent', or ${key.startsWith("r") ? "set the register before reading it in the body" : "allocate the tensor inside the loop"}`);
  };
  visitRegion(loop.body, loop, walk, warn);
}
function visitRegion(region, loop, walk, warn) {
  for (const a of region.allocs ?? []) walk.fresh.add(a);
  for (let i = 0; i < region.nodes.length; i++) visitNode(region.nodes.at(i), loop, walk, warn);
}
function visitNode(node, loop, walk, warn) {
  const line = node.span.line;
  const readRegister = (r) => {
    if (!walk.written.has(r) && !walk.readFirst.has(r)) walk.readFirst.set(r, line);
  };
  const writeRegister = (r) => {
    const first = walk.readFirst.get(r);
    if (first !== void 0) warn(`r${r}`, `line ${first} reads r${r} before line ${line} writes it: each iteration reads what the one before left`);
    walk.written.add(r);
  };
  switch (node.kind) {
    case "for":
      for (const e of [node.from, node.to, node.step]) registersIn(e).forEach(readRegister);
      writeRegister(node.register);
      visitRegion(node.body, loop, walk, warn);
      return;
    case "if":
      registersIn(node.cond).forEach(readRegister);
      visitRegion(node.then, loop, walk, warn);
      if (node.else) visitRegion(node.else, loop, walk, warn);
      return;
    case "call":
      for (const a of node.args) (a.kind === "tensor" ? apRegisters(a.ap) : registersIn(a.expr)).forEach(readRegister);
      return;
    case "return":
      return;
    case "instr": {
      const operands = [...node.srcs, ...[...node.attrs.values()].flatMap((v) => v.kind === "operand" ? [v.operand] : [])];
      for (const o of operands) {
        operandRegisters(o).forEach(readRegister);
        if (o.kind === "tensor") noteRead(o.ap, line, walk);
      }
      const members = node.members ?? [];
      for (const m of members) for (const o of m.srcs) if (o.kind === "tensor") noteRead(o.ap, line, walk);
      const dsts = [node.dst, ...members.map((m) => m.dst)];
      for (const dst of dsts) {
        if (dst?.kind === "register") writeRegister(dst.index);
        if (dst?.kind === "tensor") {
          apRegisters(dst.ap).forEach(readRegister);
          checkWrite(dst.ap, line, loop, walk, warn);
        }
      }
    }
  }
}
function noteRead(ap, line, walk) {
  if (ap.tensor.kind === "alloc" && walk.fresh.has(ap.tensor)) return;
  if (walk.writes.get(ap.tensor)?.some((w) => covers(w, ap))) return;
  let list = walk.reads.get(ap.tensor);
  if (!list) walk.reads.set(ap.tensor, list = []);
  list.push({ ap, line });
}
function checkWrite(ap, line, loop, walk, warn) {
  if (ap.tensor.kind === "alloc" && walk.fresh.has(ap.tensor)) return;
  let writes = walk.writes.get(ap.tensor);
  if (!writes) walk.writes.set(ap.tensor, writes = []);
  writes.push(ap);
  if (apRegisters(ap).has(loop.register)) return;
  const read2 = walk.reads.get(ap.tensor)?.find((r) => mayOverlap(r.ap, ap));
  if (!read2) return;
  warn(`t:${ap.tensor.name}`, `line ${read2.line} reads '${read2.ap.text}' and line ${line} writes '${ap.text}', the same elements in every iteration: each iteration reads what the one before wrote`);
}
function covers(write, read2) {
  if (write.text === read2.text && !write.bitcast && !read2.bitcast) return true;
  const w = constantBox(write);
  const r = constantBox(read2);
  return !!w && !!r && r.every(([lo, hi], i) => w[i][0] <= lo && hi <= w[i][1]);
}
function mayOverlap(a, b) {
  const ba = constantBox(a);
  const bb = constantBox(b);
  if (!ba || !bb) return true;
  return ba.every(([lo, hi], i) => lo < bb[i][1] && bb[i][0] < hi);
}
function constantBox(ap) {
  if (ap.bitcast || ap.steps?.length || ap.transpose || ap.bcast) return void 0;
  const box = [];
  const shape = ap.tensor.shape;
  for (let d = 0; d < shape.length; d++) {
    const item = ap.items[d];
    if (!item) {
      box.push([0, shape[d]]);
      continue;
    }
    const lo = evalScalarConst(item.kind === "at" ? item.index : item.lo);
    const hi = item.kind === "at" ? lo === void 0 ? void 0 : lo + 1 : evalScalarConst(item.hi);
    if (lo === void 0 || hi === void 0) return void 0;
    box.push([lo, hi]);
  }
  return box;
}
function operandRegisters(o) {
  switch (o.kind) {
    case "tensor":
      return apRegisters(o.ap);
    case "scalar":
      return registersIn(o.expr);
    case "register":
      return /* @__PURE__ */ new Set([o.index]);
    default:
      return /* @__PURE__ */ new Set();
  }
}
function apRegisters(ap) {
  const out2 = /* @__PURE__ */ new Set();
  for (const item of ap.items) {
    if (item.kind === "at") registersIn(item.index, out2);
    else for (const e of [item.lo, item.hi, item.step]) registersIn(e, out2);
  }
  if (ap.bcast) registersIn(ap.bcast, out2);
  return out2;
}
function registersIn(e, out2 = /* @__PURE__ */ new Set()) {
  switch (e.kind) {
    case "reg":
      out2.add(e.index);
      break;
    case "unary":
      registersIn(e.operand, out2);
      break;
    case "binary":
      registersIn(e.left, out2);
      registersIn(e.right, out2);
      break;
    case "fn":
      for (const a of e.args) registersIn(a, out2);
      break;
    default:
      break;
  }
  return out2;
}

// engine/lang/check/functions.ts
var MAX_ARRAY_RANK = 4;
function declareFunction(decl, module2, resolver) {
  const params = [];
  const seen = /* @__PURE__ */ new Map();
  let slot = 0;
  for (const p of decl.params) {
    const earlier = seen.get(p.name);
    if (earlier) resolver.diagnostics.error(p.nameSpan, `parameter '${p.name}' is declared twice (first at line ${earlier.line})`);
    seen.set(p.name, p.nameSpan);
    if (p.kind === "register") {
      const index = registerIndex(p.name);
      if (index === void 0) resolver.diagnostics.error(p.nameSpan, `'${p.name}' is not a register: a core has r0..r15`);
      else params.push({ kind: "register", index, span: p.span });
      continue;
    }
    const type = resolveType(p.type, module2, resolver, `parameter '${p.name}'`, p.memory === "dram" ? 4 : MAX_ON_CHIP_RANK);
    if (type) params.push({ kind: "param", name: p.name, memory: p.memory, dtype: type.dtype, shape: type.shape, span: p.span, slot: slot++ });
  }
  const fn = {
    name: decl.name,
    module: module2.name,
    fullName: `${module2.name}::${decl.name}`,
    span: decl.nameSpan,
    params,
    allocs: [],
    tensorSlots: slot,
    body: void 0,
    sbufFrameBytes: 0,
    psumFrameBytes: 0
  };
  fn.body = { kind: "body", nodes: NO_NODES, fn, end: decl.body.close };
  return { fn, decl, module: module2 };
}
function resolveType(t, module2, resolver, what, maxRank = 4) {
  if (!isDType(t.dtype)) {
    resolver.diagnostics.error(t.dtypeSpan, unknownDTypeMessage(t.dtype, what));
    return void 0;
  }
  const shape = [];
  for (const d of t.dims) {
    const v = resolver.integer(d, module2, `a dimension of ${what}`, 1);
    if (v === void 0) return void 0;
    shape.push(v);
  }
  if (shape.length < 1 || shape.length > maxRank) {
    resolver.diagnostics.error(t.span, `${what} has ${shape.length} dimensions; tensors have 1 to ${maxRank}`);
    return void 0;
  }
  return { dtype: t.dtype, shape };
}
var PSUM_DTYPES = /* @__PURE__ */ new Set(["f32", "i32", "bf16"]);
function isMatmul(opcode) {
  return opcode === "MatMult" || opcode === "MatMultMX";
}
function openBlock(region) {
  return { region, nodes: int32s(), returned: void 0, allocs: [] };
}
function scopeName(region) {
  const line = region.owner.span.line;
  if (region.kind === "loop") return `the loop at line ${line}`;
  if (region.owner?.kind === "if" && region.owner.block) return `the block at line ${line}`;
  return `the ${region.kind === "then" ? "" : "else "}branch of the 'if' at line ${line}`;
}
var BodyBuilder = class {
  constructor(pending, code, resolver, lookupFunction) {
    this.pending = pending;
    this.code = code;
    this.resolver = resolver;
    this.lookupFunction = lookupFunction;
    const tensors = /* @__PURE__ */ new Map();
    for (const p of pending.fn.params) if (p.kind === "param") tensors.set(p.name, p);
    this.scope = { module: pending.module, fnName: pending.fn.fullName, tensors, refused: /* @__PURE__ */ new Set(), ended: /* @__PURE__ */ new Map() };
    this.instructions = new InstructionChecker(resolver, pending.module, this.scope);
    this.repeated = new RepeatedLines(code);
  }
  pending;
  code;
  resolver;
  lookupFunction;
  scope;
  instructions;
  plans = newPlans();
  allocs = [];
  /** The last instruction (in the text) that wrote each PSUM allocation: see notePsumWrite. */
  psumWriters = /* @__PURE__ */ new Map();
  /** Loop registers of the enclosing loops, with the line of their `for`. */
  loopRegisters = /* @__PURE__ */ new Map();
  calls = [];
  repeated;
  /** The node of the statement just added when RepeatedLines may learn it, else -1. */
  learnable = -1;
  /** The statement being added wrote a PSUM allocation (the builder follows those writes: see notePsumWrite). */
  wrotePsum = false;
  /**
   * Builds the body from its statements, which `statements` hands over one at a time; the lines it may pass over
   * unread (those `known` repeats), when `repeatLines`.
   */
  build(statements, repeatLines = true) {
    const fn = this.pending.fn;
    const body = openBlock(fn.body);
    const known = {
      repeat: (text, line) => {
        const index = body.returned ? void 0 : this.repeated.repeat(text, line);
        if (index === void 0) return false;
        body.nodes.push(index);
        return true;
      },
      learn: (text) => {
        if (this.learnable >= 0) this.repeated.learn(text, this.learnable);
      }
    };
    statements((s) => this.add(body, s), repeatLines ? known : void 0);
    fn.body.nodes = this.nodesOf(body);
    fn.allocs = this.allocs;
    fn.tensorSlots += this.allocs.length;
    fn.sbufFrameBytes = frameBytes(this.plans.sbuf);
    fn.psumFrameBytes = frameBytes(this.plans.psum);
  }
  /**
   * A nested block (a loop body, an arm): its allocations are freed at its end, for the next block to place its own in
   * the same bytes, and their names are not visible after it.
   */
  block(stmts, region) {
    const block = openBlock(region);
    const marks = { sbuf: markPlan(this.plans.sbuf), psum: markPlan(this.plans.psum) };
    for (const s of stmts) this.add(block, s);
    releaseTo(this.plans.sbuf, marks.sbuf);
    releaseTo(this.plans.psum, marks.psum);
    for (const a of block.allocs) {
      this.scope.tensors.delete(a.name);
      this.scope.ended?.set(a.name, `'${a.name}' is allocated in ${a.scope} and is not visible outside it (the block ends at line ${region.end.line})`);
    }
    if (block.allocs.length) region.allocs = block.allocs;
    return this.nodesOf(block);
  }
  nodesOf(block) {
    return new CodeNodes(this.code, block.nodes.seal());
  }
  /** Adds a statement's node to the program and to its block. */
  add(block, s) {
    if (block.returned && s.kind !== "alloc") {
      this.resolver.diagnostics.warning(s.span, `unreachable: this follows 'return' at line ${block.returned.line}`);
      block.returned = void 0;
    }
    const reported = this.resolver.diagnostics.count;
    this.wrotePsum = false;
    const index = this.stmt(s, block);
    if (index !== void 0) block.nodes.push(index);
    if (s.kind === "return") block.returned = s.span;
    const clean = this.resolver.diagnostics.count === reported && !this.wrotePsum;
    this.learnable = index !== void 0 && clean && (s.kind === "instr" || s.kind === "set") ? index : -1;
    if (s.kind === "alloc") this.repeated.forget();
  }
  /** The index of the statement's node in the program (a loop's or a branch's before the nodes of its regions). */
  stmt(s, block) {
    const region = block.region;
    switch (s.kind) {
      case "alloc":
        return void this.alloc(s, block);
      case "instr":
        return this.appended(this.instruction(s, region));
      case "set":
        return this.appended(this.set(s, region));
      case "for":
        return this.forLoop(s, region);
      case "if":
        return this.branch(s, region);
      case "block":
        return this.bareBlock(s, region);
      case "call":
        return this.appended(this.call(s, region));
      case "return":
        return this.appended({ kind: "return", id: "", index: -1, span: s.span, fn: this.pending.fn, region });
    }
  }
  appended(node) {
    return node && this.code.append(node);
  }
  alloc(s, block) {
    if (!this.allocated(s, block) && !this.scope.tensors.has(s.name)) this.scope.refused?.add(s.name);
  }
  /** Declares the allocation; false when it is refused (reported). */
  allocated(s, block) {
    const d = this.resolver.diagnostics;
    const region = block.region;
    const existing = this.scope.tensors.get(s.name) ?? this.pending.module.drams.get(s.name);
    if (existing) {
      d.error(s.nameSpan, `'${s.name}' is already declared at line ${existing.span.line}`);
      return false;
    }
    const type = resolveType(s.type, this.pending.module, this.resolver, `'${s.name}'`, Number.MAX_SAFE_INTEGER);
    if (!type) return false;
    if (type.shape.length < 2 || type.shape[0] > PARTITIONS) {
      d.error(s.type.span, `${s.memory} tensors are [partitions, free] with 1 to ${PARTITIONS} partitions; '${s.name}' is ${type.dtype}[${type.shape.join(", ")}]`);
      return false;
    }
    if (type.shape.length > MAX_ON_CHIP_RANK) {
      d.error(s.type.span, `${s.memory} tensors have a partition dimension and at most ${MAX_ON_CHIP_RANK - 1} free dimensions, as the hardware's access patterns; '${s.name}' is ${type.dtype}[${type.shape.join(", ")}]`);
      return false;
    }
    if (s.memory === "psum" && !PSUM_DTYPES.has(type.dtype)) {
      d.error(s.type.dtypeSpan, `PSUM holds f32, i32 or bf16 (the MX matmul's output) accumulators; '${s.name}' is ${type.dtype}`);
      return false;
    }
    const array2 = this.arrayDims(s);
    if (!array2) return false;
    const shape = array2.length ? [type.shape[0], ...array2, ...type.shape.slice(1)] : type.shape;
    const scope = region.kind === "body" ? void 0 : scopeName(region);
    const where = `'${this.pending.fn.fullName}'${scope ? ` (in ${scope})` : ""}`;
    const explicit = this.explicitPlace(s);
    if (!explicit) return false;
    const placement2 = place(this.plans[s.memory], { name: s.name, dtype: type.dtype, shape, span: s.span, where, ...array2.length ? { array: array2 } : {}, ...explicit }, d);
    if (!placement2) return false;
    const info = {
      kind: "alloc",
      name: s.name,
      memory: s.memory,
      dtype: type.dtype,
      shape,
      placement: placement2,
      span: s.span,
      slot: this.pending.fn.tensorSlots + this.allocs.length,
      ...scope ? { scope } : {},
      ...array2.length ? { array: array2 } : {}
    };
    this.allocs.push(info);
    if (scope) block.allocs.push(info);
    this.scope.tensors.set(s.name, info);
    this.scope.ended?.delete(s.name);
    return true;
  }
  /** The dimensions of an array of tiles (`acc[4][2]`), constants of at least 1; [] for one tile, undefined when refused. */
  arrayDims(s) {
    const dims = [];
    if (s.array && s.array.length > MAX_ARRAY_RANK) {
      this.resolver.diagnostics.error(s.array[MAX_ARRAY_RANK].span, `an array of tiles has at most ${MAX_ARRAY_RANK} dimensions; '${s.name}' has ${s.array.length}`);
      return void 0;
    }
    for (const [i, e] of (s.array ?? []).entries()) {
      const n = this.resolver.integer(e, this.pending.module, `dimension ${i} of the array of tiles '${s.name}'`, 1);
      if (n === void 0) return void 0;
      dims.push(n);
    }
    return dims;
  }
  /**
   * The place an allocation asks for: `offset = N` (SBUF: the byte of each partition it starts at) or `bank = N`
   * (PSUM: the bank it starts at), in its function's frame; {} when it asks for none, undefined when refused (reported).
   */
  explicitPlace(s) {
    const d = this.resolver.diagnostics;
    const own = s.memory === "psum" ? "bank" : "offset";
    const place2 = {};
    const texts = [];
    for (const a of s.attrs ?? []) {
      if (a.name !== own && a.name !== "partition") {
        d.error(a.nameSpan, `'${a.name}' is not an attribute of ${s.memory === "psum" ? "a PSUM" : "an SBUF"} allocation: ${s.memory === "psum" ? `a PSUM allocation takes 'bank = N' (0 to ${PSUM_BANKS - 1}), the bank it starts at` : `an SBUF allocation takes 'offset = N', the byte of each partition it starts at`}, and 'partition = N', the first partition it takes`);
        return void 0;
      }
      const key = a.name === "partition" ? "partition" : "offset";
      if (place2[key] !== void 0) {
        d.error(a.nameSpan, `'${a.name}' is given twice`);
        return void 0;
      }
      const v = a.name === "partition" ? this.resolver.integer(a.value, this.pending.module, `the first partition of '${s.name}'`, 0, PARTITIONS - 1) : own === "bank" ? this.resolver.integer(a.value, this.pending.module, `the bank of '${s.name}'`, 0, PSUM_BANKS - 1) : this.resolver.integer(a.value, this.pending.module, `the offset of '${s.name}'`, 0, SBUF_BYTES_PER_PARTITION - 1);
      if (v === void 0) return void 0;
      place2[key] = key === "offset" && own === "bank" ? v * PSUM_BANK_BYTES : v;
      texts.push(`${a.name} = ${v}`);
    }
    return { ...place2, ...texts.length ? { offsetText: texts.join(", ") } : {} };
  }
  /**
   * Nodes are made whole, in one object literal each, with their fields in one order (the id and the place last, as
   * numbering fills them in): a program holds a node per statement, and a node completed field by field costs a
   * second object for the fields added.
   */
  instruction(s, region) {
    const checked = this.instructions.check(s);
    if (!checked) return void 0;
    const { dst, srcs, attrs } = checked;
    const opcode = s.opcode;
    const engine = engineOf(opcode, attrs);
    const fn = this.pending.fn;
    if (!("dst" in checked)) return { kind: "instr", opcode, engine, srcs, attrs, id: "", index: -1, span: s.span, fn, region };
    if (dst?.kind === "register") this.checkLoopRegisterWrite(dst.index, dst.span);
    if (dst?.kind === "tensor") this.notePsumWrite(opcode, dst.ap, attrs, s.span);
    return { kind: "instr", opcode, engine, dst, srcs, attrs, id: "", index: -1, span: s.span, fn, region };
  }
  /**
   * The NKI ISA calls a matmul that accumulates onto PSUM initialized by another instruction (a memset, a copy)
   * undefined on NeuronCore-v2 and -v3 (`nc_matmul`, "Accumulation mode"): warned where it is plain in the text, a
   * constant `accumulate` onto the view (or the whole tensor) another instruction wrote before it in the function.
   */
  notePsumWrite(opcode, ap, attrs, span) {
    const t = ap.tensor;
    if (t.kind !== "alloc" || t.memory !== "psum") return;
    this.wrotePsum = true;
    const last = this.psumWriters.get(t);
    const acc = attrs.get("accumulate");
    const accumulates = acc?.kind === "operand" && acc.operand.kind === "scalar" && acc.operand.expr.kind === "const" && acc.operand.expr.value !== 0;
    if (isMatmul(opcode) && accumulates && last && !isMatmul(last.opcode) && (last.text === ap.text || last.whole)) {
      this.resolver.diagnostics.warning(span, `${opcode} accumulates onto '${ap.text}', which ${last.opcode} wrote at line ${last.line}: the NKI ISA leaves a matmul accumulating onto PSUM another instruction initialized undefined (nc_matmul, accumulation mode); start the sum with accumulate = false (accumulate = r0 > 0 in a loop over r0)`);
    }
    this.psumWriters.set(t, { opcode, text: ap.text, whole: ap.items.length === 0, line: span.line });
  }
  set(s, region) {
    const index = registerIndex(s.register);
    if (index === void 0) {
      this.resolver.diagnostics.error(s.registerSpan, `'${s.register}' is not a register: Set writes r0..r15`);
      return void 0;
    }
    this.checkLoopRegisterWrite(index, s.registerSpan);
    const value = this.instructions.scalarOperand(s.value, "the value of Set");
    if (!value) return void 0;
    return {
      kind: "instr",
      opcode: "Set",
      engine: "SP",
      dst: { kind: "register", index, span: s.registerSpan },
      srcs: [value],
      attrs: NO_ATTRIBUTES2,
      id: "",
      index: -1,
      span: s.span,
      fn: this.pending.fn,
      region
    };
  }
  checkLoopRegisterWrite(index, span) {
    const line = this.loopRegisters.get(index);
    if (line !== void 0) this.resolver.diagnostics.error(span, `r${index} is the register of the loop at line ${line}; writing it inside the loop would change the iteration`);
  }
  forLoop(s, region) {
    const index = this.code.reserve();
    const d = this.resolver.diagnostics;
    const register = registerIndex(s.register);
    const outer = register === void 0 ? void 0 : this.loopRegisters.get(register);
    if (register === void 0) d.error(s.registerSpan, `'${s.register}' is not a register: a loop counts in r0..r15`);
    else if (outer !== void 0) d.error(s.registerSpan, `r${register} is already the register of the enclosing loop at line ${outer}`);
    const owns = register !== void 0 && outer === void 0;
    const m = this.pending.module;
    const from = this.resolver.scalar(s.from, m, this.scope, "the start of the loop");
    const to = this.resolver.scalar(s.to, m, this.scope, "the end of the loop");
    const step2 = s.step ? this.resolver.scalar(s.step, m, this.scope, "the step of the loop") : this.resolver.constantExpr(1);
    if (step2?.kind === "const" && step2.value === 0) d.error(s.step.span, "the step of a loop cannot be 0");
    const node = {
      kind: "for",
      register: register ?? 0,
      from,
      to,
      step: step2,
      body: void 0,
      id: "",
      index: -1,
      span: s.span,
      fn: this.pending.fn,
      region,
      ...s.independent ? { independent: true } : {}
    };
    const body = { kind: "loop", nodes: NO_NODES, fn: this.pending.fn, owner: node, parent: region, end: s.body.close };
    node.body = body;
    if (owns) this.loopRegisters.set(register, s.span.line);
    body.nodes = this.block(s.body.stmts, body);
    if (owns) this.loopRegisters.delete(register);
    if (!owns || !from || !to || !step2) return void 0;
    if (node.independent) checkIndependentLoop(node, d);
    this.code.fill(index, node);
    return index;
  }
  branch(s, region) {
    const index = this.code.reserve();
    const cond = this.resolver.scalar(s.cond, this.pending.module, this.scope, "the condition of 'if'");
    const node = { kind: "if", cond, then: void 0, id: "", index: -1, span: s.span, fn: this.pending.fn, region };
    const arm = (kind, block) => {
      const r = { kind, nodes: NO_NODES, fn: this.pending.fn, owner: node, parent: region, end: block.close };
      r.nodes = this.block(block.stmts, r);
      return r;
    };
    node.then = arm("then", s.then);
    if (s.else) node.else = arm("else", s.else);
    if (!cond) return void 0;
    this.code.fill(index, node);
    return index;
  }
  /** A bare block is a branch always taken: it runs, steps and passes as one, and scopes its allocations. */
  bareBlock(s, region) {
    const index = this.code.reserve();
    const node = { kind: "if", cond: this.resolver.constantExpr(1), then: void 0, block: true, id: "", index: -1, span: s.span, fn: this.pending.fn, region };
    const then = { kind: "then", nodes: NO_NODES, fn: this.pending.fn, owner: node, parent: region, end: s.body.close };
    then.nodes = this.block(s.body.stmts, then);
    node.then = then;
    this.code.fill(index, node);
    return index;
  }
  call(s, region) {
    const callee = this.lookupFunction(s.callee, s.calleeSpan, this.pending.module);
    if (!callee) return void 0;
    const d = this.resolver.diagnostics;
    if (s.args.length !== callee.params.length) {
      d.error(s.span, `'${callee.fullName}' takes ${callee.params.length} argument${callee.params.length === 1 ? "" : "s"}, found ${s.args.length}`);
      return void 0;
    }
    const args = [];
    for (let i = 0; i < s.args.length; i++) {
      const arg = this.callArgument(s.args[i], callee.params[i], callee);
      if (!arg) return void 0;
      args.push(arg);
    }
    this.calls.push({ callee, span: s.span });
    return { kind: "call", callee, args, id: "", index: -1, span: s.span, fn: this.pending.fn, region };
  }
  callArgument(e, param, callee) {
    const d = this.resolver.diagnostics;
    const m = this.pending.module;
    if (param.kind === "register") {
      if (isTensorExpr(e, this.resolver, m, this.scope)) {
        d.error(e.span, `parameter r${param.index} of '${callee.fullName}' is a register: pass a number or a register, not a tensor`);
        return void 0;
      }
      const expr = this.resolver.scalar(e, m, this.scope, `argument r${param.index} of '${callee.fullName}'`);
      return expr && { kind: "scalar", expr, span: e.span };
    }
    const ap = resolveAccess(e, this.resolver, m, this.scope);
    if (!ap) return void 0;
    if ((ap.transpose || ap.bcast) && ap.memory !== "dram" && param.memory !== "dram") {
      d.error(e.span, `'${ap.text}' is a ${ap.transpose ? "transposed" : "broadcast"} view; only DmaCopy can read it, so it cannot be passed to parameter '${param.name}' of '${callee.fullName}' (copy it first)`);
      return void 0;
    }
    if (ap.dtype !== param.dtype) {
      d.error(e.span, `'${ap.text}' is ${ap.dtype} but parameter '${param.name}' of '${callee.fullName}' is ${param.dtype}`);
      return void 0;
    }
    const mismatch = ap.shape.length !== param.shape.length || ap.shape.some((dim, i) => dim !== void 0 && dim !== param.shape[i]);
    if (mismatch) {
      d.error(e.span, `'${ap.text}' is ${showShape(ap)} but parameter '${param.name}' of '${callee.fullName}' is [${param.shape.join(", ")}]`);
      return void 0;
    }
    if (param.memory && ap.memory && param.memory !== ap.memory) {
      d.error(e.span, `'${ap.text}' is in ${ap.memory.toUpperCase()} but parameter '${param.name}' of '${callee.fullName}' must be in ${param.memory.toUpperCase()}`);
      return void 0;
    }
    return { kind: "tensor", ap };
  }
};

// engine/lang/check/scope.ts
var Resolver = class {
  constructor(diagnostics) {
    this.diagnostics = diagnostics;
  }
  diagnostics;
  /**
   * One expression per constant value: a program writes the same few numbers a hundred thousand times, and scalar
   * expressions are values nothing changes (passes share them too).
   */
  constants = /* @__PURE__ */ new Map();
  /** The expression of a constant. */
  constantExpr(value) {
    if (value === 0 && 1 / value < 0) return { kind: "const", value };
    let e = this.constants.get(value);
    if (e === void 0) this.constants.set(value, e = { kind: "const", value });
    return e;
  }
  /** The tensor a name denotes in this scope, or undefined (no diagnostic). */
  tensor(name, scope, module2) {
    return scope?.tensors.get(name) ?? module2.drams.get(name);
  }
  /**
   * Resolves a scalar expression: numbers, registers, `core`, `ncores`, constants, operators and min/max/abs/floor/ceil/sqrt;
   * in a mask, also the destination's index names (`indices`), which shadow constants of the same name there.
   */
  scalar(e, module2, scope, what, indices) {
    switch (e.kind) {
      case "number":
        return this.constantExpr(e.value);
      case "name":
        return indices?.has(e.name) ? { kind: "index", name: e.name } : this.scalarName(e, module2, scope, what);
      case "unary": {
        const operand = this.scalar(e.operand, module2, scope, what, indices);
        if (!operand) return void 0;
        if (e.op === "+") return operand;
        return this.shared(fold({ kind: "unary", op: e.op, operand }));
      }
      case "binary": {
        const left = this.scalar(e.left, module2, scope, what, indices);
        const right = this.scalar(e.right, module2, scope, what, indices);
        if (!left || !right) return void 0;
        const folded = fold({ kind: "binary", op: e.op, left, right, span: e.span });
        if (folded.kind === "const" && !Number.isFinite(folded.value) && (e.op === "/" || e.op === "%") && right.kind === "const" && right.value === 0) {
          this.diagnostics.error(e.right.span, `division by zero in ${what}`);
          return void 0;
        }
        return this.shared(folded);
      }
      case "call":
        return this.scalarCall(e, module2, scope, what, indices);
      case "string":
        this.diagnostics.error(e.span, `a string cannot be used as ${what}; a number or a register is expected`);
        return void 0;
      case "index":
      case "member":
        this.diagnostics.error(e.span, `a tensor cannot be used as ${what}; a number or a register is expected (use 'Load' to read one element into a register)`);
        return void 0;
    }
  }
  scalarName(e, module2, scope, what) {
    const reg = registerIndex(e.name);
    if (reg !== void 0) {
      if (!scope) {
        this.diagnostics.error(e.span, `register '${e.name}' cannot be used in ${what}: registers exist only while a function runs`);
        return void 0;
      }
      return { kind: "reg", index: reg, span: e.span };
    }
    if (e.name === "core" || e.name === "ncores") {
      if (!scope) {
        this.diagnostics.error(e.span, `'${e.name}' cannot be used in ${what}: it is known only when the program runs`);
        return void 0;
      }
      return { kind: e.name };
    }
    const c = module2.consts.get(e.name);
    if (c !== void 0) return this.constantExpr(c);
    if ((e.name === "true" || e.name === "false") && !this.tensor(e.name, scope, module2)) return this.constantExpr(e.name === "true" ? 1 : 0);
    if (this.tensor(e.name, scope, module2)) {
      this.diagnostics.error(e.span, `'${e.name}' is a tensor; ${what} must be a number or a register (use 'Load' to read one element into a register)`);
      return void 0;
    }
    this.unknownName(e.name, e.span, module2, scope);
    return void 0;
  }
  scalarCall(e, module2, scope, what, indices) {
    if (!SCALAR_FUNCTIONS.includes(e.callee)) {
      this.diagnostics.error(e.calleeSpan, `unknown function '${e.callee}' in ${what} (known: ${SCALAR_FUNCTIONS.join(", ")})`);
      return void 0;
    }
    const name = e.callee;
    const arity = name === "min" || name === "max" ? 2 : 1;
    if (e.args.length !== arity || e.named.length > 0) {
      this.diagnostics.error(e.span, `'${name}' takes ${arity} argument${arity > 1 ? "s" : ""}, found ${e.args.length + e.named.length}`);
      return void 0;
    }
    const args = e.args.map((a) => this.scalar(a, module2, scope, what, indices));
    if (args.some((a) => !a)) return void 0;
    return this.shared(fold({ kind: "fn", name, args }));
  }
  /** A folded expression, its constant shared. */
  shared(e) {
    return e.kind === "const" ? this.constantExpr(e.value) : e;
  }
  /** A constant: a scalar expression that does not depend on registers. */
  constant(e, module2, what) {
    const s = this.scalar(e, module2, void 0, what);
    if (!s) return void 0;
    if (s.kind !== "const") {
      this.diagnostics.error(e.span, `${what} must be a constant`);
      return void 0;
    }
    return s.value;
  }
  /** A constant integer within [min, max]. */
  integer(e, module2, what, min, max = Number.MAX_SAFE_INTEGER) {
    const v = this.constant(e, module2, what);
    if (v === void 0) return void 0;
    if (!Number.isInteger(v) || v < min || v > max) {
      const range2 = max === Number.MAX_SAFE_INTEGER ? `an integer \u2265 ${min}` : `an integer from ${min} to ${max}`;
      this.diagnostics.error(e.span, `${what} must be ${range2}, found ${v}`);
      return void 0;
    }
    return v;
  }
  unknownName(name, span, module2, scope) {
    if (scope?.refused?.has(name)) return;
    const ended = scope?.ended?.get(name);
    if (ended) {
      this.diagnostics.error(span, ended);
      return;
    }
    const known = [...module2.consts.keys(), ...module2.drams.keys(), ...scope ? scope.tensors.keys() : []];
    const hint2 = suggest(name, known);
    this.diagnostics.error(span, `unknown name '${name}'${hint2 ? `; did you mean '${hint2}'?` : ""}`);
  }
};

// engine/lang/check/program-size.ts
var os = __toESM(require("os"));
var v8 = __toESM(require("v8"));
var import_buffer = require("buffer");
var HEAP_BYTES_PER_LINE = 64;
var ARRAY_BYTES_PER_LINE = 320;
var UNREAD_LINE_BYTES = 96;
var MAX_SOURCE_CHARS = import_buffer.constants.MAX_STRING_LENGTH;
function currentBudget() {
  const heap = v8.getHeapStatistics();
  const available = typeof process.availableMemory === "function" ? process.availableMemory() : os.freemem();
  return { heapBytes: heap.heap_size_limit - heap.used_heap_size, heapLimitBytes: heap.heap_size_limit, memoryBytes: available };
}
function checkNeeds(chars, lines, bytesPerChar) {
  const heap = chars * bytesPerChar + lines * HEAP_BYTES_PER_LINE;
  return { heap, total: heap + lines * ARRAY_BYTES_PER_LINE };
}
function sizeProblem(sourceBytes, lines, budget, bytesPerChar = 1) {
  const size = lines === void 0 ? formatBytes2(sourceBytes) : `${lines.toLocaleString("en-US")} lines (${formatBytes2(sourceBytes)})`;
  if (sourceBytes > MAX_SOURCE_CHARS) {
    return `the program is too big to read: ${formatBytes2(sourceBytes)} of source in one file, and a file holds at most ${formatBytes2(MAX_SOURCE_CHARS)} (split it over modules)`;
  }
  const counted = lines ?? Math.floor(sourceBytes / UNREAD_LINE_BYTES);
  const need = checkNeeds(sourceBytes, counted, bytesPerChar);
  if (need.heap > budget.heapBytes) {
    return `the program is too big for this process: ${size} need about ${formatBytes2(need.heap)} of heap to check, and ${formatBytes2(Math.max(0, budget.heapBytes))} of its ${formatBytes2(budget.heapLimitBytes)} heap limit is free (node's --max-old-space-size raises the limit)`;
  }
  if (need.total > budget.memoryBytes) {
    return `the program is too big for this machine: ${size} need about ${formatBytes2(need.total)} of memory to check, and ${formatBytes2(Math.max(0, budget.memoryBytes))} is available`;
  }
  return void 0;
}
function formatBytes2(n) {
  if (n >= 1 << 30) return `${(n / (1 << 30)).toFixed(2)} GiB`;
  if (n >= 1 << 20) return `${(n / (1 << 20)).toFixed(1)} MiB`;
  if (n >= 1 << 10) return `${(n / (1 << 10)).toFixed(1)} KiB`;
  return `${n} bytes`;
}

// engine/lang/check/checker.ts
function checkProgram(entryFile, options = {}) {
  const host = readingOnce(options.host ?? diskHost());
  if (options.bodies !== "outline") {
    try {
      return check2(entryFile, options, host, true);
    } catch (e) {
      if (!(e instanceof UnreadBodyMistake)) throw e;
    }
  }
  return check2(entryFile, options, host, false);
}
function check2(entryFile, options, host, skipBodies) {
  const diagnostics = new DiagnosticBag();
  const checker = new Checker(host, diagnostics, options.dramLimitBytes ?? DEFAULT_DRAM_LIMIT_BYTES, skipBodies, options.memory ?? currentBudget(), options.progress, options.repeatLines ?? true);
  const program = checker.run(path.resolve(entryFile));
  checker.readUnreadBodies();
  return { program: diagnostics.hasErrors ? void 0 : program, diagnostics: diagnostics.sorted() };
}
function readingOnce(host) {
  const texts = /* @__PURE__ */ new Map();
  const exists = /* @__PURE__ */ new Map();
  return {
    readText: (f2) => {
      if (!texts.has(f2)) texts.set(f2, host.readText(f2));
      return texts.get(f2);
    },
    exists: (f2) => {
      if (!exists.has(f2)) exists.set(f2, host.exists(f2));
      return exists.get(f2);
    }
  };
}
var SOURCE_LIMIT = { bytes: MAX_SOURCE_CHARS, what: "a BIR source file" };
function diskHost() {
  return {
    readText: (file) => {
      try {
        return readTextFile(file, SOURCE_LIMIT);
      } catch {
        return void 0;
      }
    },
    exists: (file) => fs2.existsSync(file),
    size: (file) => {
      try {
        const stat = fs2.statSync(file);
        return stat.isFile() ? stat.size : void 0;
      } catch {
        return void 0;
      }
    }
  };
}
var Checker = class {
  constructor(host, diagnostics, dramLimit, skipBodies, memory, progress, repeatLines) {
    this.host = host;
    this.diagnostics = diagnostics;
    this.dramLimit = dramLimit;
    this.skipBodies = skipBodies;
    this.memory = memory;
    this.progress = progress;
    this.repeatLines = repeatLines;
    this.resolver = new Resolver(diagnostics);
  }
  host;
  diagnostics;
  dramLimit;
  skipBodies;
  memory;
  progress;
  repeatLines;
  resolver;
  modules = /* @__PURE__ */ new Map();
  byFile = /* @__PURE__ */ new Map();
  files = /* @__PURE__ */ new Map();
  builtBodies = /* @__PURE__ */ new Set();
  sources = /* @__PURE__ */ new Map();
  moduleSpans = /* @__PURE__ */ new Map();
  drams = [];
  cores = /* @__PURE__ */ new Map();
  dramBytes = 0;
  /** Characters and lines of the sources loaded so far. */
  loaded = { bytes: 0, lines: 0 };
  /** The text of spans, from the sources: the line starts of a file are found once, for messages and the code. */
  text = new SourceText(this.sources);
  /** Parses the bodies passed over unread that no function was built from, for their mistakes. */
  readUnreadBodies() {
    for (const [file, outline] of this.files) {
      for (const [decl, close] of outline.unread) {
        if (this.builtBodies.has(decl)) continue;
        parseBody(this.sources.get(file), file, outline.bodies.get(decl), () => void 0, close);
      }
    }
  }
  run(entryFile) {
    const entry = this.load(entryFile, void 0);
    if (!entry) return void 0;
    const order = [...this.byFile.values()];
    for (const m of order) this.declareTopLevel(m);
    const pending = [];
    for (const m of order) pending.push(...this.declareFunctions(m));
    const callees = /* @__PURE__ */ new Map();
    const code = new Code(this.text);
    const lines = this.loaded.lines;
    const progress = this.progress && lines >= PROGRESS_LINES ? new CheckProgress(this.progress, lines) : void 0;
    for (const p of pending) {
      const builder = new BodyBuilder(p, code, this.resolver, (name, span, from) => this.lookupFunction(name, span, from));
      const outline = this.files.get(p.module.file);
      const told = progress ? progress.told(p.decl) : UNTOLD;
      const text = this.sources.get(p.module.file);
      const read2 = (visit, known) => parseBody(text, p.module.file, outline.bodies.get(p.decl), told.visit(visit), outline.unread.get(p.decl), known && told.known(known));
      builder.build(read2, this.repeatLines);
      progress?.bodyDone(p.decl);
      this.builtBodies.add(p.decl);
      callees.set(p.fn, builder.calls);
    }
    const main = entry.functions.get("main");
    if (!main) {
      this.diagnostics.error(this.moduleSpans.get(entry), `module '${entry.name}' has no function 'main': a program starts at 'func main()'`);
      return void 0;
    }
    if (main.params.length > 0) this.diagnostics.error(main.span, "'main' takes no parameters: it is where every core starts");
    checkCallChains(main, callees, this.diagnostics);
    const functions = new Map(pending.map((p) => [p.fn.fullName, p.fn]));
    const info = (m) => ({ name: m.name, file: m.file, span: this.moduleSpans.get(m) });
    const program = {
      entry: info(entry),
      modules: order.map(info),
      functions,
      main,
      drams: this.drams,
      code,
      sources: this.sources,
      constants: new Map(order.map((m) => [m.name, m.consts])),
      ...this.declaredCores(entry)
    };
    code.seal();
    return program;
  }
  // ---- files and modules ----
  load(file, importedAt) {
    const known = this.byFile.get(file);
    if (known) return known;
    const size = this.host.size?.(file);
    if (size !== void 0 && this.tooBig(file, size, void 0, importedAt)) return void 0;
    const text = this.host.readText(file);
    if (text === void 0) {
      this.diagnostics.error(importedAt ?? fileStart(file), `cannot read '${file}'`);
      return void 0;
    }
    const lines = lineCount(text);
    if (this.tooBig(file, text.length, lines, importedAt, size === void 0 || size === text.length ? 1 : 2)) return void 0;
    this.loaded = { bytes: this.loaded.bytes + text.length, lines: this.loaded.lines + lines };
    this.sources.set(file, text);
    const outline = parseOutline(text, file, this.diagnostics, this.skipBodies);
    const fileAst = outline.ast;
    this.files.set(file, outline);
    const name = fileAst.module?.name ?? path.basename(file, path.extname(file));
    if (!fileAst.module) {
      this.diagnostics.warning(fileStart(file), `the file has no 'module' declaration; its module is named '${name}' after the file`);
    }
    const scope = {
      name,
      file,
      textOf: (span) => this.text.of(span),
      consts: /* @__PURE__ */ new Map(),
      drams: /* @__PURE__ */ new Map(),
      functions: /* @__PURE__ */ new Map(),
      imports: /* @__PURE__ */ new Map()
    };
    const clash = this.modules.get(name);
    if (clash) {
      this.diagnostics.error(fileAst.module?.span ?? importedAt ?? fileStart(file), `module '${name}' is also declared in '${clash.file}'; module names must be unique`);
      return void 0;
    }
    this.modules.set(name, scope);
    this.byFile.set(file, scope);
    this.moduleSpans.set(scope, fileAst.module?.span ?? fileStart(file));
    for (const d of fileAst.decls) {
      if (d.kind !== "import") continue;
      const target = path.resolve(path.dirname(file), d.path);
      const imported = this.load(target, d.pathSpan);
      if (imported) scope.imports.set(imported.name, imported);
    }
    return scope;
  }
  /**
   * Reports a program that cannot be checked in what this process may use, with the sources loaded so far and this
   * file: unread (its size only, `lines` undefined), or read (its lines counted).
   */
  tooBig(file, chars, lines, importedAt, bytesPerChar = 1) {
    const problem = sizeProblem(this.loaded.bytes + chars, lines === void 0 ? void 0 : this.loaded.lines + lines, this.memory, bytesPerChar);
    if (!problem) return false;
    this.diagnostics.error(importedAt ?? fileStart(file), `${path.basename(file)}: ${problem}`);
    return true;
  }
  declareTopLevel(m) {
    for (const d of this.files.get(m.file).ast.decls) {
      if (d.kind === "const") this.declareConst(d, m);
      else if (d.kind === "dram") this.declareDram(d, m);
      else if (d.kind === "cores") this.declareCores(d, m);
    }
  }
  /** `cores N`, once per module; only the entry module's counts (see declaredCores). */
  declareCores(d, m) {
    const earlier = this.cores.get(m);
    if (earlier) {
      this.diagnostics.error(d.span, `module '${m.name}' already declares its cores at line ${earlier.span.line}`);
      return;
    }
    const count = this.resolver.integer(d.value, m, "the number of cores", 1, MAX_CORES);
    if (count !== void 0) this.cores.set(m, { count, span: d.span });
  }
  /** The entry module's declaration; an imported module's is said to have no effect. */
  declaredCores(entry) {
    for (const [m, declared] of this.cores) {
      if (m !== entry) this.diagnostics.warning(declared.span, `'cores ${declared.count}' has no effect in an imported module: the program's entry module (${path.basename(entry.file)}) says how many cores run main`);
    }
    const cores = this.cores.get(entry);
    return cores ? { cores } : {};
  }
  declareConst(d, m) {
    if (m.consts.has(d.name) || m.drams.has(d.name)) {
      this.diagnostics.error(d.nameSpan, `'${d.name}' is already declared in module '${m.name}'`);
      return;
    }
    const v = this.resolver.constant(d.value, m, `constant '${d.name}'`);
    if (v !== void 0) m.consts.set(d.name, v);
  }
  declareDram(d, m) {
    if (m.consts.has(d.name) || m.drams.has(d.name)) {
      this.diagnostics.error(d.nameSpan, `'${d.name}' is already declared in module '${m.name}'`);
      return;
    }
    const type = resolveType(d.type, m, this.resolver, `'${d.name}'`);
    if (!type) return;
    const bytes = type.shape.reduce((a, b) => a * b, 1) * dtypeInfo(type.dtype).bytes;
    if (this.dramBytes + bytes > this.dramLimit) {
      this.diagnostics.error(d.span, `'${d.name}' needs ${bytes} bytes of DRAM; with the tensors before it that exceeds the limit of ${this.dramLimit} bytes`);
      return;
    }
    this.dramBytes += bytes;
    const init = d.init ? this.dramInit(d, d.init, m, type) : void 0;
    if (d.init && !init) return;
    const info = {
      kind: "dram",
      name: d.name,
      module: m.name,
      dtype: type.dtype,
      shape: type.shape,
      role: d.role,
      init,
      span: d.span,
      slot: this.drams.length
    };
    this.drams.push(info);
    m.drams.set(d.name, info);
  }
  dramInit(d, e, m, type) {
    const forms = 'zeros, const(v), iota, random(seed=, low=, high=) or file("x.npy")';
    if (e.kind === "name" && (e.name === "zeros" || e.name === "iota")) return { kind: e.name };
    if (e.kind !== "call" || !["const", "random", "file"].includes(e.callee)) {
      this.diagnostics.error(e.span, `unknown initializer for '${d.name}' (known: ${forms})`);
      return void 0;
    }
    if (e.callee === "const") {
      if (e.args.length !== 1 || e.named.length) return this.initError(e, "const(v) takes one value");
      const value = this.resolver.constant(e.args[0], m, "the value of const(v)");
      return value === void 0 ? void 0 : { kind: "const", value };
    }
    if (e.callee === "random") return this.randomInit(e, m);
    if (e.args.length !== 1 || e.args[0].kind !== "string" || e.named.length) return this.initError(e, 'file("path.npy") takes one quoted path');
    return this.fileInit(d, e.args[0], m, type);
  }
  randomInit(e, m) {
    if (e.args.length) return this.initError(e, "random takes named arguments: random(seed=1, low=-1, high=1)");
    const values2 = { seed: 0, low: 0, high: 1 };
    for (const n of e.named) {
      if (!(n.name in values2)) {
        this.diagnostics.error(n.span, `random has no argument '${n.name}' (its arguments: seed, low, high)`);
        return void 0;
      }
      const v = n.name === "seed" ? this.resolver.integer(n.value, m, "the seed", 0, 2 ** 32 - 1) : this.resolver.constant(n.value, m, `'${n.name}'`);
      if (v === void 0) return void 0;
      values2[n.name] = v;
    }
    if (!(values2.low < values2.high)) return this.initError(e, `random needs low < high, found low = ${values2.low}, high = ${values2.high}`);
    return { kind: "random", seed: values2.seed, low: values2.low, high: values2.high };
  }
  fileInit(d, arg, m, type) {
    const file = path.resolve(path.dirname(m.file), arg.value);
    if (!this.host.exists(file)) {
      this.diagnostics.error(arg.span, `data file '${arg.value}' not found (looked for ${file})`);
      return void 0;
    }
    try {
      const problem = npyFitsTensor(readNpyFile(file), type.dtype, type.shape);
      if (problem) {
        this.diagnostics.error(arg.span, `'${arg.value}' cannot initialize '${d.name}' (${type.dtype}[${type.shape.join(", ")}]): ${problem}`);
        return void 0;
      }
    } catch (err) {
      this.diagnostics.error(arg.span, err instanceof NpyError ? err.message : `cannot read '${arg.value}': ${err.message}`);
      return void 0;
    }
    return { kind: "file", path: file, span: arg.span };
  }
  initError(e, message) {
    this.diagnostics.error(e.span, message);
    return void 0;
  }
  // ---- functions ----
  declareFunctions(m) {
    const out2 = [];
    for (const d of this.files.get(m.file).ast.decls) {
      if (d.kind !== "func") continue;
      const earlier = m.functions.get(d.name);
      if (earlier) {
        this.diagnostics.error(d.nameSpan, `function '${d.name}' is already defined at line ${earlier.span.line}`);
        continue;
      }
      const p = declareFunction(d, m, this.resolver);
      m.functions.set(d.name, p.fn);
      out2.push(p);
    }
    return out2;
  }
  /** `f` is a function of the calling module; `m::f` a function of module m, which the caller imports (or is). */
  lookupFunction(name, span, from) {
    const parts = name.split("::");
    if (parts.length > 2) {
      this.diagnostics.error(span, `'${name}' is not a function name: write 'f' or 'module::f'`);
      return void 0;
    }
    const [moduleName, fnName] = parts.length === 2 ? parts : [from.name, parts[0]];
    const module2 = moduleName === from.name ? from : from.imports.get(moduleName);
    if (!module2) {
      const hint2 = suggest(moduleName, from.imports.keys());
      this.diagnostics.error(span, `unknown module '${moduleName}'${hint2 ? `; did you mean '${hint2}'?` : ""} (import its file first: import "${moduleName}.bir")`);
      return void 0;
    }
    const fn = module2.functions.get(fnName);
    if (!fn) {
      const hint2 = suggest(fnName, module2.functions.keys());
      const elsewhere = [...from.imports.values()].filter((m) => m.functions.has(fnName)).map((m) => `${m.name}::${fnName}`);
      const more = elsewhere.length ? ` (imported: ${elsewhere.join(", ")})` : hint2 ? `; did you mean '${hint2}'?` : "";
      this.diagnostics.error(span, `unknown function '${name}' in module '${module2.name}'${more}`);
      return void 0;
    }
    return fn;
  }
};
function lineCount(text) {
  let n = 1;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) n++;
  return n;
}
var PROGRESS_LINES = 1e5;
var PROGRESS_STATEMENTS = 4096;
var UNTOLD = { visit: (visit) => visit, known: (known) => known };
var PROGRESS_EVERY_MS = 100;
var CheckProgress = class {
  constructor(tell, total) {
    this.tell = tell;
    this.total = total;
  }
  tell;
  total;
  done = 0;
  last = 0;
  /** The readers of a body's statements and repeated lines, which tell how far the body is every so many lines. */
  told(decl) {
    const start = decl.body.open.line;
    let count = 0;
    const tick = (line) => {
      if (++count % PROGRESS_STATEMENTS === 0) this.maybeTell(this.done + line - start);
    };
    return {
      visit: (visit) => (s) => {
        visit(s);
        tick(s.span.line);
      },
      known: (known) => ({
        repeat: (text, line) => {
          const repeated2 = known.repeat(text, line);
          if (repeated2) tick(line);
          return repeated2;
        },
        learn: (text, line) => known.learn(text, line)
      })
    };
  }
  bodyDone(decl) {
    this.done += decl.body.close.line - decl.body.open.line + 1;
    this.maybeTell(this.done);
  }
  maybeTell(lines) {
    const now = performance.now();
    if (now - this.last < PROGRESS_EVERY_MS) return;
    this.last = now;
    this.tell(Math.min(lines, this.total), this.total);
  }
};

// engine/run/interpreter.ts
var import_perf_hooks = require("perf_hooks");

// engine/machine/fault.ts
var CONTINUABLE_FAULTS = ["uninitialized-read", "nan", "race"];
function isContinuable(code) {
  return CONTINUABLE_FAULTS.includes(code);
}
var Fault = class extends Error {
  constructor(code, message, span) {
    super(message);
    this.code = code;
    this.span = span;
    this.name = "Fault";
  }
  code;
  span;
  /** The node that faulted and its core, filled in by the run loop. */
  nodeIndex = -1;
  core = -1;
  /** For a `nan` fault: the element the instruction was about to give a non-finite value, and that value. */
  made;
};
function internalFault(err, span) {
  const detail = err instanceof Error ? err.stack ?? err.message : String(err);
  return new Fault("internal-error", `internal error of the simulator (please report it): ${detail}`, span);
}

// engine/ir/bounds.ts
function sliceProblem(lo, hi, size) {
  if (!Number.isInteger(lo) || !Number.isInteger(hi)) return "fraction";
  if (hi <= lo) return "empty";
  if (lo < 0 || lo >= size) return "start";
  if (hi > size) return "end";
  return void 0;
}
function indexProblem(i, size) {
  if (!Number.isInteger(i)) return "fraction";
  return i < 0 || i >= size ? "range" : void 0;
}
function describeSlice(problem, lo, hi, where, size) {
  switch (problem) {
    case "fraction":
      return `slice ${lo}:${hi} of ${where} has a bound that is not an integer`;
    case "empty":
      return `empty slice ${lo}:${hi} of ${where}: the end must be greater than the start (length ${hi - lo})`;
    default:
      return `slice ${lo}:${hi} is out of bounds for ${where} (size ${size})`;
  }
}
function describeIndex(problem, i, where, size) {
  return problem === "fraction" ? `index ${i} of ${where} is not an integer` : `index ${i} is out of bounds for ${where} (size ${size})`;
}

// engine/eval/value.ts
var EvalError = class extends Error {
  constructor(kind, message, span) {
    super(message);
    this.kind = kind;
    this.span = span;
    this.name = "EvalError";
  }
  kind;
  span;
};
var BLOCK = 1 << 16;
var MAX_MATERIALIZED = 1 << 26;
function scalar(value, written = true) {
  return { kind: "scalar", value, written };
}
function shapeOf(v) {
  return v.kind === "view" ? v.view.shape : v.shape;
}
function sizeOfValue(v) {
  return v.kind === "view" ? viewSize(v.view) : v.shape.reduce((a, b) => a * b, 1);
}
function dtypeLabel(v) {
  if (v.kind === "view") return v.view.tensor.dtype;
  return v.dtype ?? "f64";
}
function readBlock(v, start, count, data, written) {
  switch (v.kind) {
    case "view":
      return readViewBlock(v.view, start, count, data, written);
    case "dense":
      data.set(v.data.subarray(start, start + count));
      if (v.written) written.set(v.written.subarray(start, start + count));
      else written.fill(1, 0, count);
      return;
    case "lazy":
      return v.read(start, count, data, written);
  }
}
function forEachBlock(v, visit) {
  const n = sizeOfValue(v);
  const size = Math.min(BLOCK, n);
  const data = new Float64Array(size);
  const written = new Uint8Array(size);
  for (let start = 0; start < n; start += size) {
    const count = Math.min(size, n - start);
    readBlock(v, start, count, data, written);
    if (visit(data, written, count, start) === true) return;
  }
}
function elementAt(v, i) {
  if (v.kind === "dense") return { value: v.data[i], written: !v.written || v.written[i] === 1 };
  const data = new Float64Array(1);
  const written = new Uint8Array(1);
  readBlock(v, i, 1, data, written);
  return { value: data[0], written: written[0] === 1 };
}
function materialize(v, span) {
  if (v.kind === "dense") return v;
  const n = sizeOfValue(v);
  if (n > MAX_MATERIALIZED) {
    throw new EvalError("size", `'${v.text}' has ${n} elements, more than the ${MAX_MATERIALIZED} the debugger holds at once: take a slice of it, or reduce it (sum, mean, min, max, count, any, all read any size)`, span);
  }
  const data = new Float64Array(n);
  let written = new Uint8Array(n);
  readBlock(v, 0, n, data, written);
  if (written.every((w) => w === 1)) written = void 0;
  return { kind: "dense", shape: [...shapeOf(v)], data, written, dtype: v.kind === "view" ? v.view.tensor.dtype : v.dtype, text: v.text };
}
function firstZero(v) {
  let found = -1;
  forEachBlock(v, (data, _written, count, start) => {
    const i = data.subarray(0, count).indexOf(0);
    if (i >= 0) found = start + i;
    return found >= 0;
  });
  return found;
}
function unwrittenCount(v) {
  if (v.kind === "view" && v.view.tensor.fullyWritten) return 0;
  if (v.kind === "dense") {
    if (!v.written) return 0;
    let n2 = 0;
    for (let i = 0; i < v.written.length; i++) if (v.written[i] === 0) n2++;
    return n2;
  }
  let n = 0;
  forEachBlock(v, (_d, w, count) => {
    for (let i = 0; i < count; i++) if (w[i] === 0) n++;
  });
  return n;
}
function readViewBlock(view, start, count, data, written) {
  const t = view.tensor;
  const rank = view.shape.length;
  if (rank === 0) {
    written[0] = t.written[view.offset];
    data[0] = written[0] ? decode(t.dtype, t.data[view.offset]) : 0;
    return;
  }
  const counter = unravel(view.shape, start);
  let index = view.offset;
  for (let d = 0; d < rank; d++) index += counter[d] * view.strides[d];
  const last = rank - 1;
  const inner = view.shape[last];
  const innerStride = view.strides[last];
  const all = t.fullyWritten;
  let i = 0;
  while (i < count) {
    const run = Math.min(inner - counter[last], count - i);
    if (innerStride === 1) {
      decodeRange(t.dtype, t.data, index, data, i, run);
      if (all) written.fill(1, i, i + run);
      else written.set(t.written.subarray(index, index + run), i);
    } else {
      for (let k = 0, at = index; k < run; k++, at += innerStride) {
        data[i + k] = decode(t.dtype, t.data[at]);
        written[i + k] = all ? 1 : t.written[at];
      }
    }
    if (!all) {
      for (let k = i; k < i + run; k++) if (written[k] === 0) data[k] = 0;
    }
    i += run;
    index += run * innerStride;
    counter[last] += run;
    for (let d = last; d > 0 && counter[d] >= view.shape[d]; d--) {
      index -= counter[d] * view.strides[d];
      counter[d] = 0;
      counter[d - 1]++;
      index += view.strides[d - 1];
    }
  }
}

// engine/eval/evaluate.ts
var Evaluator = class {
  constructor(scope, text, lenient = false) {
    this.scope = scope;
    this.text = text;
    this.lenient = lenient;
  }
  scope;
  text;
  lenient;
  evaluate(e) {
    switch (e.kind) {
      case "number":
        return scalar(e.value);
      case "string":
        throw new EvalError("type", "a string is not a value", e.span);
      case "name":
        return this.name(e);
      case "unary":
        return this.unary(e);
      case "binary":
        return this.binary(e);
      case "call":
        return this.call(e);
      case "index":
        return this.index(e);
      case "member":
        return this.member(e);
    }
  }
  name(e) {
    const reg = registerIndex(e.name);
    if (reg !== void 0) {
      const r = this.scope.register(reg);
      if (!r) throw new EvalError("unavailable", `there are no registers here: '${e.name}' exists only in a frame of a running function`, e.span);
      return r;
    }
    if (e.name === "core" || e.name === "ncores") {
      const v = e.name === "core" ? this.scope.core() : this.scope.ncores();
      if (v === void 0) throw new EvalError("unavailable", `'${e.name}' is known only while the program runs`, e.span);
      return scalar(v);
    }
    const c = this.scope.constant(e.name);
    if (c !== void 0) return scalar(c);
    const view = this.scope.tensor(e.name);
    if (view) return { kind: "view", view, text: e.name };
    throw new EvalError("name", `unknown name '${e.name}'${hint(e.name, this.scope.names())}`, e.span);
  }
  unary(e) {
    const v = this.evaluate(e.operand);
    if (e.op === "+") return v;
    const f2 = e.op === "-" ? (x) => -x : (x) => x === 0 ? 1 : 0;
    return map1(v, f2, this.text(e.span));
  }
  binary(e) {
    const a = this.evaluate(e.left);
    if ((e.op === "&&" || e.op === "||") && a.kind === "scalar" && a.written) {
      if (e.op === "&&" && a.value === 0) return scalar(0);
      if (e.op === "||" && a.value !== 0) return scalar(1);
    }
    const b = this.evaluate(e.right);
    return map2(a, b, BINARY2[e.op], this.text(e.span), e.span, IN_PLACE[e.op]);
  }
  call(e) {
    const info = EVAL_FUNCTIONS.get(e.callee);
    if (!info) throw new EvalError("name", `unknown function '${e.callee}'${hint(e.callee, [...EVAL_FUNCTIONS.keys()])}`, e.calleeSpan);
    const count = e.args.length + e.named.length;
    if (e.args.length < info.minArgs || count > info.maxArgs) {
      throw new EvalError("type", `'${e.callee}' takes ${info.minArgs === info.maxArgs ? info.minArgs : `${info.minArgs} to ${info.maxArgs}`} arguments, found ${count}`, e.span);
    }
    const args = e.args.map((a) => this.evaluate(a));
    const named = /* @__PURE__ */ new Map();
    for (const n of e.named) {
      if (!info.named?.includes(n.name)) throw new EvalError("name", `'${e.callee}' has no argument '${n.name}'`, n.span);
      named.set(n.name, this.evaluate(n.value));
    }
    return callBuiltin(e.callee, args, named, this.text(e.span), e.span, this.lenient);
  }
  index(e) {
    const base2 = this.evaluate(e.base);
    if (base2.kind === "scalar") throw new EvalError("type", `'${this.text(e.base.span)}' is a number and cannot be indexed`, e.span);
    const shape = shapeOf(base2);
    if (e.items.length > shape.length) {
      throw new EvalError("bounds", `'${this.text(e.base.span)}' has ${shape.length} dimensions but ${e.items.length} indices are given`, e.span);
    }
    const items2 = e.items.map((item, d) => this.indexItem(item, shape[d], d, this.text(e.base.span)));
    return sliceValue(base2, items2, this.text(e.span));
  }
  indexItem(item, size, dim, base2) {
    const int = (x, fallback, what) => {
      if (!x) return fallback;
      const v = this.evaluate(x);
      if (v.kind !== "scalar") throw new EvalError("type", `${what} must be a number, not a tensor`, x.span);
      if (!v.written && !this.lenient) throw new EvalError("uninitialized", `${what} reads a register that was never written`, x.span);
      if (!Number.isInteger(v.value)) throw new EvalError("type", `${what} must be an integer, found ${v.value}`, x.span);
      return v.value;
    };
    const where = `dimension ${dim} of '${base2}'`;
    if (item.kind === "at") {
      const i = int(item.index, 0, "an index");
      const problem2 = indexProblem(i, size);
      if (problem2) throw new EvalError("bounds", describeIndex(problem2, i, where, size), item.span);
      return { at: i };
    }
    const lo = int(item.lo, 0, "a slice start");
    const hi = int(item.hi, size, "a slice end");
    const step2 = int(item.step, 1, "a slice step");
    if (step2 < 1) throw new EvalError("bounds", `the step of a slice must be at least 1, found ${step2}`, item.span);
    const problem = sliceProblem(lo, hi, size);
    if (problem) throw new EvalError("bounds", describeSlice(problem, lo, hi, where, size), item.span);
    return { lo, hi, step: step2 };
  }
  member(e) {
    const base2 = this.evaluate(e.base);
    if (base2.kind === "scalar") throw new EvalError("type", `'.${e.member}' applies to tensors; '${this.text(e.base.span)}' is a number`, e.span);
    const text = this.text(e.span);
    if (e.member === "T" && !e.args) return transposeValue(base2, text, e.span);
    if (e.member === "bcast" && e.args?.length === 1) {
      const n = this.evaluate(e.args[0]);
      if (n.kind !== "scalar" || !Number.isInteger(n.value) || n.value < 1) throw new EvalError("type", ".bcast(n) needs a positive integer n", e.span);
      return bcastValue(base2, n.value, text, e.span);
    }
    if ((e.member === "reshape" || e.member === "permute") && e.args?.length) {
      const ints = e.args.map((a) => {
        const v = this.evaluate(a);
        if (v.kind !== "scalar" || !Number.isInteger(v.value) || v.value < 0) throw new EvalError("type", `.${e.member}(...) needs integers \u2265 0`, a.span);
        return v.value;
      });
      return e.member === "reshape" ? reshapeValue(base2, ints, text, e.span) : permuteValue(base2, ints, text, e.span);
    }
    if (e.member === "broadcast" && e.args?.length === 2) {
      const [dim, size] = e.args.map((a) => {
        const v = this.evaluate(a);
        if (v.kind !== "scalar" || !Number.isInteger(v.value) || v.value < 0) throw new EvalError("type", ".broadcast(dim, size) needs integers \u2265 0", a.span);
        return v.value;
      });
      return broadcastValue(base2, dim, size, text, e.span);
    }
    if (e.member === "view" && e.args?.length === 1 && e.args[0].kind === "name" && isDType(e.args[0].name)) return bitcastValue(base2, e.args[0].name, text, e.span);
    throw new EvalError("name", `unknown view '.${e.member}' (known: .view(dtype), .reshape(d, ...), .permute(a, ...), .broadcast(dim, size), .T, .bcast(n))`, e.span);
  }
};
function sliceValue(base2, items2, text) {
  if (base2.kind === "view") {
    const v = base2.view;
    let offset2 = v.offset;
    const shape = [];
    const strides = [];
    items2.forEach((it, d) => {
      if ("at" in it) {
        offset2 += it.at * v.strides[d];
      } else {
        offset2 += it.lo * v.strides[d];
        shape.push(Math.ceil((it.hi - it.lo) / it.step));
        strides.push(v.strides[d] * it.step);
      }
    });
    for (let d = items2.length; d < v.shape.length; d++) {
      shape.push(v.shape[d]);
      strides.push(v.strides[d]);
    }
    return { kind: "view", view: { tensor: v.tensor, offset: offset2, shape, strides }, text };
  }
  return sliceDense(materialize(base2), items2, text);
}
function sliceDense(base2, items2, text) {
  const strides = rowMajor(base2.shape);
  const ranges = base2.shape.map((size, d) => {
    const it = items2[d];
    if (!it) return { start: 0, count: size, step: 1, keep: true };
    if ("at" in it) return { start: it.at, count: 1, step: 1, keep: false };
    return { start: it.lo, count: Math.ceil((it.hi - it.lo) / it.step), step: it.step, keep: true };
  });
  const shape = ranges.filter((r) => r.keep).map((r) => r.count);
  const n = shape.reduce((a, b) => a * b, 1);
  const data = new Float64Array(n);
  const written = base2.written ? new Uint8Array(n) : void 0;
  const counter = ranges.map(() => 0);
  for (let i = 0; i < n; i++) {
    let src = 0;
    ranges.forEach((r, d) => src += (r.start + counter[d] * r.step) * strides[d]);
    data[i] = base2.data[src];
    if (written) written[i] = base2.written[src];
    for (let d = ranges.length - 1; d >= 0; d--) {
      if (++counter[d] < ranges[d].count) break;
      counter[d] = 0;
    }
  }
  return { kind: "dense", shape, data, written, dtype: base2.dtype, text };
}
function transposeValue(base2, text, span) {
  const shape = shapeOf(base2);
  if (shape.length < 2) throw new EvalError("type", `'.T' needs at least 2 dimensions, '${base2.text}' has ${shape.length}`, span);
  if (base2.kind === "view") {
    const v = base2.view;
    const s = [...v.shape];
    const t = [...v.strides];
    const n2 = s.length;
    [s[n2 - 2], s[n2 - 1]] = [s[n2 - 1], s[n2 - 2]];
    [t[n2 - 2], t[n2 - 1]] = [t[n2 - 1], t[n2 - 2]];
    return { kind: "view", view: { tensor: v.tensor, offset: v.offset, shape: s, strides: t }, text };
  }
  const d = materialize(base2, span);
  const n = shape.length;
  const rows = shape[n - 2];
  const cols = shape[n - 1];
  const batch = d.data.length / (rows * cols);
  const data = new Float64Array(d.data.length);
  const written = d.written ? new Uint8Array(d.data.length) : void 0;
  for (let b = 0; b < batch; b++) {
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const from = b * rows * cols + r * cols + c;
        const to = b * rows * cols + c * rows + r;
        data[to] = d.data[from];
        if (written) written[to] = d.written[from];
      }
    }
  }
  const out2 = [...shape];
  [out2[n - 2], out2[n - 1]] = [cols, rows];
  return { kind: "dense", shape: out2, data, written, dtype: d.dtype, text };
}
function reshapeValue(base2, dims, text, span) {
  const shape = shapeOf(base2);
  const count = (s) => s.reduce((a, b) => a * b, 1);
  if (dims.some((n) => n < 1) || count(dims) !== count(shape)) {
    throw new EvalError("type", `.reshape(${dims.join(", ")}) has ${count(dims)} elements but '${base2.text}' [${shape.join(", ")}] has ${count(shape)}`, span);
  }
  if (base2.kind === "view") {
    const strides = reshapeStrides(base2.view.shape, base2.view.strides, dims);
    if (strides) return { kind: "view", view: { ...base2.view, shape: dims, strides }, text };
  }
  const d = materialize(base2, span);
  return { ...d, shape: dims, text };
}
function permuteValue(base2, axes, text, span) {
  const shape = shapeOf(base2);
  if (axes.length !== shape.length || [...axes].sort((a, b) => a - b).some((a, i) => a !== i)) {
    throw new EvalError("type", `.permute(${axes.join(", ")}) must list each of the ${shape.length} dimensions of '${base2.text}' once`, span);
  }
  if (base2.kind === "view") {
    const v = base2.view;
    return { kind: "view", view: { tensor: v.tensor, offset: v.offset, shape: permuted(v.shape, axes), strides: permuted(v.strides, axes) }, text };
  }
  const d = materialize(base2, span);
  const out2 = permuted(shape, axes);
  const strides = permuted(rowMajor(shape), axes);
  const n = d.data.length;
  const data = new Float64Array(n);
  const written = d.written ? new Uint8Array(n) : void 0;
  for (let i = 0; i < n; i++) {
    const at = unravel(out2, i).reduce((sum, k, dim) => sum + k * strides[dim], 0);
    data[i] = d.data[at];
    if (written) written[i] = d.written[at];
  }
  return { kind: "dense", shape: out2, data, written, dtype: d.dtype, text };
}
function broadcastValue(base2, dim, size, text, span) {
  const shape = shapeOf(base2);
  if (dim >= shape.length || shape[dim] !== 1) throw new EvalError("type", `.broadcast(${dim}, ${size}) needs a dimension ${dim} of size 1, '${base2.text}' is [${shape.join(", ")}]`, span);
  if (size < 1) throw new EvalError("type", `.broadcast(${dim}, ${size}) needs a size of at least 1`, span);
  const out2 = shape.map((n, d) => d === dim ? size : n);
  if (base2.kind === "view") {
    const v = base2.view;
    return { kind: "view", view: { tensor: v.tensor, offset: v.offset, shape: out2, strides: v.strides.map((x, d) => d === dim ? 0 : x) }, text };
  }
  return broadcast(base2, out2, text, span);
}
function bitcastValue(base2, to, text, span) {
  if (base2.kind !== "view") throw new EvalError("type", `.view(${to}) reads the bytes of a tensor in memory; '${base2.text}' is a computed value`, span);
  const problem = bitcastProblem(to) ?? bitcastProblem(base2.view.tensor.dtype);
  const made = problem ?? bitcastView(base2.view, to);
  if (typeof made === "string") throw new EvalError("type", `'${base2.text}' cannot be viewed as ${to}: ${made}`, span);
  return { kind: "view", view: made, text };
}
function bcastValue(base2, n, text, span) {
  const shape = shapeOf(base2);
  if (shape[shape.length - 1] !== 1) throw new EvalError("type", `.bcast(${n}) needs a last dimension of 1, '${base2.text}' has ${shape[shape.length - 1]}`, span);
  if (base2.kind === "view") {
    const v = base2.view;
    return { kind: "view", view: { tensor: v.tensor, offset: v.offset, shape: [...v.shape.slice(0, -1), n], strides: [...v.strides.slice(0, -1), 0] }, text };
  }
  return broadcast(base2, [...shape.slice(0, -1), n], text, span);
}
var BINARY2 = {
  "+": (a, b) => a + b,
  "-": (a, b) => a - b,
  "*": (a, b) => a * b,
  "/": (a, b) => a / b,
  "%": (a, b) => a - b * Math.floor(a / b),
  "**": (a, b) => a ** b,
  "==": (a, b) => a === b ? 1 : 0,
  "!=": (a, b) => a !== b ? 1 : 0,
  "<": (a, b) => a < b ? 1 : 0,
  "<=": (a, b) => a <= b ? 1 : 0,
  ">": (a, b) => a > b ? 1 : 0,
  ">=": (a, b) => a >= b ? 1 : 0,
  "&&": (a, b) => a !== 0 && b !== 0 ? 1 : 0,
  "||": (a, b) => a !== 0 || b !== 0 ? 1 : 0
};
function map1(v, f2, text) {
  if (v.kind === "scalar") return scalar(f2(v.value), v.written);
  const read2 = (start, count, data, written) => {
    readBlock(v, start, count, data, written);
    for (let i = 0; i < count; i++) data[i] = f2(data[i]);
  };
  return { kind: "lazy", shape: shapeOf(v), text, read: read2 };
}
var IN_PLACE = {
  "+": (a, b, n) => {
    for (let i = 0; i < n; i++) a[i] += b[i];
  },
  "-": (a, b, n) => {
    for (let i = 0; i < n; i++) a[i] -= b[i];
  },
  "*": (a, b, n) => {
    for (let i = 0; i < n; i++) a[i] *= b[i];
  },
  "/": (a, b, n) => {
    for (let i = 0; i < n; i++) a[i] /= b[i];
  }
};
function map2(a, b, f2, text, span, inPlace) {
  if (a.kind === "scalar" && b.kind === "scalar") return scalar(f2(a.value, b.value), a.written && b.written);
  const shape = broadcastShape(a.kind === "scalar" ? [] : shapeOf(a), b.kind === "scalar" ? [] : shapeOf(b), span);
  const ra = readerOf(a, shape, text, span);
  const rb = readerOf(b, shape, text, span);
  const read2 = (start, count, data, written) => {
    const xb = new Float64Array(count);
    const wb = new Uint8Array(count);
    ra(start, count, data, written);
    rb(start, count, xb, wb);
    if (inPlace) inPlace(data, xb, count);
    else for (let i = 0; i < count; i++) data[i] = f2(data[i], xb[i]);
    for (let i = 0; i < count; i++) written[i] &= wb[i];
  };
  return { kind: "lazy", shape, text, read: read2 };
}
function readerOf(v, shape, text, span) {
  if (v.kind === "scalar") {
    const w = v.written ? 1 : 0;
    return (_start, count, data, written) => {
      data.fill(v.value, 0, count);
      written.fill(w, 0, count);
    };
  }
  const own = shapeOf(v);
  if (own.length === shape.length && own.every((x, i) => x === shape[i])) return (start, count, data, written) => readBlock(v, start, count, data, written);
  return broadcast(v, shape, text, span).read;
}
function broadcastShape(a, b, span) {
  const n = Math.max(a.length, b.length);
  const out2 = [];
  for (let i = 0; i < n; i++) {
    const x = a[a.length - n + i] ?? 1;
    const y = b[b.length - n + i] ?? 1;
    if (x !== y && x !== 1 && y !== 1) throw new EvalError("type", `shapes [${a.join(", ")}] and [${b.join(", ")}] do not broadcast`, span);
    out2.push(Math.max(x, y));
  }
  return out2;
}
function broadcast(v, shape, text, span) {
  const d = materialize(v, span);
  const src = rowMajor(d.shape);
  const pad2 = shape.length - d.shape.length;
  const steps = shape.map((_, k) => k < pad2 || d.shape[k - pad2] === 1 ? 0 : src[k - pad2]);
  const read2 = (start, count, data, written) => {
    const counter = unravel(shape, start);
    let from = counter.reduce((acc, c, k) => acc + c * steps[k], 0);
    for (let i = 0; i < count; i++) {
      data[i] = d.data[from];
      written[i] = d.written ? d.written[from] : 1;
      for (let k = shape.length - 1; k >= 0; k--) {
        counter[k]++;
        from += steps[k];
        if (counter[k] < shape[k]) break;
        from -= counter[k] * steps[k];
        counter[k] = 0;
      }
    }
  };
  return { kind: "lazy", shape, dtype: d.dtype, text, read: read2 };
}
function rowMajor(shape) {
  const out2 = new Array(shape.length);
  let s = 1;
  for (let i = shape.length - 1; i >= 0; i--) {
    out2[i] = s;
    s *= shape[i];
  }
  return out2;
}
var ELEMENTWISE = {
  abs: Math.abs,
  sqrt: Math.sqrt,
  exp: Math.exp,
  log: Math.log,
  floor: Math.floor,
  ceil: Math.ceil,
  isnan: (x) => Number.isNaN(x) ? 1 : 0,
  isinf: (x) => x === Infinity || x === -Infinity ? 1 : 0
};
function callBuiltin(name, args, named, text, span, lenient) {
  if (name in ELEMENTWISE) return map1(args[0], ELEMENTWISE[name], text);
  if ((name === "max" || name === "min") && args.length === 2) return map2(args[0], args[1], name === "max" ? Math.max : Math.min, text, span);
  if (name === "allclose") return allclose(args, named, span, lenient);
  const v = args[0];
  if (v.kind === "scalar") {
    if (!v.written && !lenient) throw new EvalError("uninitialized", `${name}() reads a register that was never written`, span);
    return scalar(reduceScalar(name, v.value));
  }
  if (name === "count") {
    requireWritten(unwrittenCount(v), name, v.text, span, lenient);
    return scalar(sizeOfValue(v));
  }
  const r = reduce(v, REDUCTIONS[name], name, span, lenient);
  return scalar(name === "mean" ? r.count ? r.value / r.count : NaN : r.value);
}
function reduceScalar(name, x) {
  switch (name) {
    case "count":
      return 1;
    case "any":
      return x !== 0 ? 1 : 0;
    case "all":
      return x !== 0 ? 1 : 0;
    default:
      return x;
  }
}
var REDUCTIONS = {
  // Left to right in double precision, as a plain loop adds.
  sum: { start: 0, fold: (acc, d, n) => {
    for (let i = 0; i < n; i++) acc += d[i];
    return acc;
  } },
  // Math.max and Math.min give NaN once a NaN is seen, and order -0 below 0.
  max: { start: -Infinity, fold: (acc, d, n) => {
    for (let i = 0; i < n; i++) acc = Math.max(acc, d[i]);
    return acc;
  } },
  min: { start: Infinity, fold: (acc, d, n) => {
    for (let i = 0; i < n; i++) acc = Math.min(acc, d[i]);
    return acc;
  } },
  // Counts of elements that are not zero (NaN is not zero).
  any: { start: 0, fold: (acc, d, n) => {
    for (let i = 0; i < n; i++) if (d[i] !== 0) return 1;
    return acc;
  } },
  all: { start: 1, fold: (acc, d, n) => {
    for (let i = 0; i < n; i++) if (d[i] === 0) return 0;
    return acc;
  } }
};
REDUCTIONS.mean = REDUCTIONS.sum;
function reduce(v, r, fn, span, lenient) {
  let value = r.start;
  let missing = 0;
  let count = 0;
  forEachBlock(v, (data, written, n) => {
    value = r.fold(value, data, n);
    count += n;
    if (!lenient) for (let i = 0; i < n; i++) missing += 1 - written[i];
  });
  requireWritten(missing, fn, v.text, span, lenient);
  return { value, count };
}
function requireWritten(missing, fn, text, span, lenient) {
  if (missing > 0 && !lenient) throw new EvalError("uninitialized", `${fn}(${text}) reads ${missing} never-written element${missing === 1 ? "" : "s"}`, span);
}
function allclose(args, named, span, lenient) {
  const number = (v, fallback, what) => {
    if (!v) return fallback;
    if (v.kind !== "scalar") throw new EvalError("type", `${what} of allclose must be a number`, span);
    return v.value;
  };
  const atol = number(named.get("atol") ?? args[2], 1e-8, "atol");
  const rtol = number(named.get("rtol") ?? args[3], 1e-5, "rtol");
  const close = map2(args[0], args[1], (a, b) => Math.abs(a - b) <= atol + rtol * Math.abs(b) || Number.isNaN(a) && Number.isNaN(b) || a === b ? 1 : 0, "allclose", span);
  if (close.kind === "scalar") {
    if (!close.written && !lenient) throw new EvalError("uninitialized", "allclose() reads a register that was never written", span);
    return close;
  }
  return scalar(reduce(close, REDUCTIONS.all, "allclose", span, lenient).value);
}
function hint(name, known) {
  const close = suggest(name, known);
  return close ? `; did you mean '${close}'?` : "";
}

// engine/machine/packed.ts
function unpackBits(d, stored) {
  const layout = packedLayout(d);
  if (!layout) throw new TypeError(`${d} is not a packed dtype`);
  const mask = 2 ** layout.bitsEach - 1;
  return Array.from({ length: layout.count }, (_, i) => Math.floor(stored / 2 ** (i * layout.bitsEach)) & mask);
}
function unpackValues(d, stored) {
  const element2 = packedLayout(d).element;
  return unpackBits(d, stored).map((bits) => decode(element2, bits));
}

// engine/eval/format.ts
function formatNumber(x) {
  if (Number.isNaN(x)) return "nan";
  if (x === Infinity) return "inf";
  if (x === -Infinity) return "-inf";
  if (Object.is(x, -0)) return "-0";
  if (Number.isInteger(x) && Math.abs(x) < 1e16) return String(x);
  if (Math.fround(x) === x) {
    for (let p = 1; p <= 9; p++) {
      const s = x.toPrecision(p);
      if (Math.fround(Number(s)) === x) return tidy(s);
    }
  }
  return String(x);
}
function formatElement(x, dtype) {
  if (dtype === void 0 || !isDType(dtype) || !packedLayout(dtype) || !Number.isInteger(x) || x < 0 || x > dtypeInfo(dtype).maxFinite) return formatNumber(x);
  const digits = dtypeInfo(dtype).bytes * 2;
  return `0x${x.toString(16).padStart(digits, "0")} (${unpackValues(dtype, x).map(formatNumber).join(", ")})`;
}
function tidy(s) {
  if (s.includes("e")) {
    const [m, e] = s.split("e");
    return `${m.includes(".") ? m.replace(/0+$/, "").replace(/\.$/, "") : m}e${e}`;
  }
  return s.includes(".") ? s.replace(/0+$/, "").replace(/\.$/, "") : s;
}
function formatTensor(v, limits = { edge: 3 }) {
  const shape = shapeOf(v);
  if (shape.length === 0) return element(v, 0);
  return nest(v, shape, 0, 0, limits);
}
function nest(v, shape, dim, offset2, limits) {
  const size = shape[dim];
  const stride = shape.slice(dim + 1).reduce((a, b) => a * b, 1);
  const indices = size > 2 * limits.edge ? [...range(0, limits.edge), -1, ...range(size - limits.edge, size)] : range(0, size);
  const parts = indices.map((i) => i < 0 ? "..." : dim === shape.length - 1 ? element(v, offset2 + i) : nest(v, shape, dim + 1, offset2 + i * stride, limits));
  return `[${parts.join(", ")}]`;
}
function element(v, i) {
  const e = elementAt(v, i);
  return e.written ? formatElement(e.value, dtypeLabel(v)) : "?";
}
function range(a, b) {
  return Array.from({ length: b - a }, (_, i) => a + i);
}
function formatValue(v) {
  if (v.kind === "scalar") return v.written ? formatNumber(v.value) : "<uninit>";
  return formatTensor(v);
}

// engine/eval/frame-scope.ts
function frameScope(m, core, frame) {
  const fn = frame.fn;
  return {
    register: (i) => scalar(frame.regs[i], frame.isWritten(i)),
    core: () => core.index,
    ncores: () => m.ncores,
    constant: (name) => m.program.constants.get(fn.module)?.get(name),
    tensor: (name) => frameTensor(m, frame, name),
    names: () => tensorNames(m.program, fn)
  };
}
function frameTensor(m, frame, name) {
  const fn = frame.fn;
  for (const p of fn.params) if (p.kind === "param" && p.name === name) return frame.tensors[p.slot];
  const a = frame.liveAlloc(name);
  if (a) return tilesFirst(frame.tensors[a.slot], a);
  const d = m.program.drams.find((x) => x.name === name && x.module === fn.module);
  return d && m.dramViews[d.slot];
}
function tensorNames(program, fn) {
  return [
    ...fn.params.flatMap((p) => p.kind === "param" ? [p.name] : []),
    ...fn.allocs.map((a) => a.name),
    ...program.drams.filter((d) => d.module === fn.module).map((d) => d.name),
    ...program.constants.get(fn.module)?.keys() ?? []
  ];
}
function tilesFirst(view, a) {
  const n = a.array?.length ?? 0;
  if (n === 0) return view;
  const axes = [...Array.from({ length: n }, (_, i) => i + 1), 0, ...Array.from({ length: view.shape.length - 1 - n }, (_, i) => i + 1 + n)];
  return { ...view, shape: permuted(view.shape, axes), strides: permuted(view.strides, axes) };
}

// engine/kernels/compile-scalar.ts
function compileScalar(e) {
  switch (e.kind) {
    case "const": {
      const v = e.value;
      return () => v;
    }
    case "reg":
      return compileRegister(e);
    case "core":
      return (_f, c) => c.index;
    case "ncores":
      return (_f, _c, m) => m.ncores;
    // A mask's indices take a value per element: kernels/masked.ts compiles the predicate, never this.
    case "index":
      throw new Error(`the index '${e.name}' of a mask has no value outside its mask`);
    case "unary": {
      const a = compileScalar(e.operand);
      const op = e.op;
      return (f2, c, m) => applyUnary(op, a(f2, c, m));
    }
    case "binary":
      return compileBinary(e);
    case "fn": {
      const args = e.args.map(compileScalar);
      const name = e.name;
      return (f2, c, m) => applyFunction(name, args.map((a) => a(f2, c, m)));
    }
  }
}
function compileRegister(e) {
  const index = e.index;
  const bit = 1 << index;
  const span = e.span;
  return (f2, _c, m) => {
    if ((f2.regWritten & bit) === 0 && m.raises("uninitialized-read")) {
      throw new Fault("uninitialized-read", `register r${index} is read before it is written in this activation of '${f2.fn.fullName}'`, span);
    }
    return f2.regs[index];
  };
}
function compileBinary(e) {
  const a = compileScalar(e.left);
  const b = compileScalar(e.right);
  const op = e.op;
  const span = e.span;
  switch (op) {
    case "+":
      return (f2, c, m) => a(f2, c, m) + b(f2, c, m);
    case "-":
      return (f2, c, m) => a(f2, c, m) - b(f2, c, m);
    case "*":
      return (f2, c, m) => a(f2, c, m) * b(f2, c, m);
    case "&&":
      return (f2, c, m) => a(f2, c, m) !== 0 && b(f2, c, m) !== 0 ? 1 : 0;
    case "||":
      return (f2, c, m) => a(f2, c, m) !== 0 || b(f2, c, m) !== 0 ? 1 : 0;
    case "/":
    case "%":
      return (f2, c, m) => {
        const x = a(f2, c, m);
        const y = b(f2, c, m);
        if (y === 0) throw new Fault("division-by-zero", `division by zero: ${x} ${op} 0`, span);
        return applyBinary(op, x, y);
      };
    default:
      return (f2, c, m) => applyBinary(op, a(f2, c, m), b(f2, c, m));
  }
}

// engine/kernels/compile-access.ts
function compileAccess(ap, masked2 = false) {
  const defer = masked2 && !ap.steps && !ap.transpose && !ap.bcast && !ap.bitcast;
  const base2 = baseView(ap);
  const constant2 = ap.items.every(isConstantItem) && ap.tensor.kind !== "param";
  if (constant2) {
    let layout;
    return (f2, c, m) => {
      const b = base2(f2, m);
      layout ??= applyItems(ap, b, ap.items.map((i) => constItem(i)), f2, c, m, defer);
      return viewAt(b, layout);
    };
  }
  const items2 = ap.items.map(compileItem);
  return (f2, c, m) => {
    const b = base2(f2, m);
    return viewAt(b, applyItems(ap, b, items2, f2, c, m, defer));
  };
}
function viewAt(b, layout) {
  const v = { tensor: b.tensor, offset: b.offset + layout.offset, shape: layout.shape, strides: layout.strides };
  return layout.outside ? { ...v, outside: layout.outside } : v;
}
function baseView(ap) {
  const slot = ap.tensor.slot;
  const of = ap.tensor.kind === "dram" ? (_f, m) => m.dramViews[slot] : (f2) => f2.tensors[slot];
  const to = ap.bitcast;
  if (!to) return of;
  return (f2, m) => {
    const v = bitcastView(of(f2, m), to);
    if (typeof v === "string") throw new Fault("shape-mismatch", `'${ap.text}': '${ap.tensor.name}' cannot be viewed as ${to}: ${v}`, ap.span);
    return v;
  };
}
function isConstantItem(i) {
  return i.kind === "at" ? evalScalarConst(i.index) !== void 0 : evalScalarConst(i.lo) !== void 0 && evalScalarConst(i.hi) !== void 0;
}
function constItem(i) {
  if (i.kind === "at") {
    const v = evalScalarConst(i.index);
    return { kind: "at", index: () => v, expr: i.index };
  }
  const lo = evalScalarConst(i.lo);
  const hi = evalScalarConst(i.hi);
  return { kind: "slice", lo: () => lo, hi: () => hi, step: evalScalarConst(i.step), exprs: [i.lo, i.hi] };
}
function compileItem(i) {
  if (i.kind === "at") return { kind: "at", index: compileScalar(i.index), expr: i.index };
  return { kind: "slice", lo: compileScalar(i.lo), hi: compileScalar(i.hi), step: evalScalarConst(i.step) ?? 1, exprs: [i.lo, i.hi] };
}
function dimensionName(ap, d) {
  const arrays = arrayRank(ap.tensor);
  if (arrays === 0) return `dimension ${d} of '${ap.tensor.name}'`;
  if (d >= 1 && d <= arrays) return `dimension ${d - 1} of the array of tiles '${ap.tensor.name}'`;
  return `dimension ${d === 0 ? 0 : d - arrays} of a tile of '${ap.tensor.name}'`;
}
function applyItems(ap, base2, items2, f2, c, m, defer = false) {
  let offset2 = 0;
  const shape = [];
  const strides = [];
  let outside;
  for (let d = 0; d < items2.length; d++) {
    const item = items2[d];
    const size = base2.shape[d];
    const stride = base2.strides[d];
    if (item.kind === "at") {
      const i = item.index(f2, c, m);
      const problem = indexProblem(i, size);
      if (problem) outOfBounds(ap, describeIndex(problem, i, dimensionName(ap, d), size), [item.expr], f2);
      offset2 += i * stride;
    } else {
      const lo = item.lo(f2, c, m);
      const hi = item.hi(f2, c, m);
      const problem = sliceProblem(lo, hi, size);
      const where = dimensionName(ap, d);
      if (problem && defer && (problem === "start" || problem === "end")) {
        (outside ??= []).push({ dim: shape.length, lo, step: item.step, size, where, message: `'${ap.text}': ${describeSlice(problem, lo, hi, where, size)}${registerValues(item.exprs, f2)}` });
      } else if (problem) outOfBounds(ap, describeSlice(problem, lo, hi, where, size), item.exprs, f2);
      offset2 += lo * stride;
      shape.push(Math.ceil((hi - lo) / item.step));
      strides.push(stride * item.step);
    }
  }
  for (let d = items2.length; d < base2.shape.length; d++) {
    shape.push(base2.shape[d]);
    strides.push(base2.strides[d]);
  }
  if (ap.steps) return applySteps(ap, { offset: offset2, shape, strides }, base2.tensor.memory);
  return { ...finish(ap, { offset: offset2, shape, strides }), ...outside && { outside } };
}
function applySteps(ap, layout, memory) {
  let { shape, strides } = layout;
  for (const step2 of ap.steps) {
    if (step2.kind === "permute") {
      shape = permuted(shape, step2.axes);
      strides = permuted(strides, step2.axes);
      continue;
    }
    if (step2.kind === "broadcast") {
      if (step2.dim === 0 && memory !== "dram") {
        throw new Fault("shape-mismatch", `'${ap.text}': .broadcast(0, ${step2.size}) repeats the partition dimension of an on-chip view (${memory.toUpperCase()}), which engines read a partition per row; only a DRAM view may`, ap.span);
      }
      if (shape[step2.dim] !== 1) {
        throw new Fault("shape-mismatch", `'${ap.text}': .broadcast(${step2.dim}, ${step2.size}) needs dimension ${step2.dim} of size 1, found [${shape.join(", ")}] here`, ap.span);
      }
      shape = shape.map((n, d) => d === step2.dim ? step2.size : n);
      strides = strides.map((s, d) => d === step2.dim ? 0 : s);
      continue;
    }
    const count = (s) => s.reduce((a, b) => a * b, 1);
    const dims = step2.dims;
    if (count(dims) !== count(shape)) {
      throw new Fault("shape-mismatch", `'${ap.text}': .reshape(${dims.join(", ")}) has ${count(dims)} elements but the view is [${shape.join(", ")}] here`, ap.span);
    }
    const made = reshapeStrides(shape, strides, dims);
    if (!made) {
      throw new Fault("shape-mismatch", `'${ap.text}': .reshape(${dims.join(", ")}) cannot view [${shape.join(", ")}] (strides [${strides.join(", ")}]) without moving elements`, ap.span);
    }
    shape = [...dims];
    strides = made;
  }
  return finish(ap, { offset: layout.offset, shape, strides });
}
function finish(ap, layout) {
  const { offset: offset2, shape, strides } = layout;
  if (ap.transpose) swapLastTwo(shape, strides);
  if (ap.bcast) {
    const n = evalScalarConst(ap.bcast);
    if (shape[shape.length - 1] !== 1) {
      throw new Fault("shape-mismatch", `'${ap.text}': .bcast(${n}) needs a last dimension of 1, found ${shape[shape.length - 1]}`, ap.span);
    }
    shape[shape.length - 1] = n;
    strides[strides.length - 1] = 0;
  }
  return { offset: offset2, shape, strides };
}
function swapLastTwo(shape, strides) {
  const n = shape.length;
  [shape[n - 2], shape[n - 1]] = [shape[n - 1], shape[n - 2]];
  [strides[n - 2], strides[n - 1]] = [strides[n - 1], strides[n - 2]];
}
function outOfBounds(ap, problem, exprs, f2) {
  throw new Fault("out-of-bounds", `'${ap.text}': ${problem}${registerValues(exprs, f2)}`, ap.span);
}
function registerValues(exprs, f2) {
  const regs = registersOf(exprs).map((r) => `r${r} = ${f2.regs[r]}`);
  return regs.length ? ` (${regs.join(", ")})` : "";
}
function registersOf(exprs) {
  const out2 = /* @__PURE__ */ new Set();
  const visit = (e) => {
    if (e.kind === "reg") out2.add(e.index);
    else if (e.kind === "unary") visit(e.operand);
    else if (e.kind === "binary") {
      visit(e.left);
      visit(e.right);
    } else if (e.kind === "fn") e.args.forEach(visit);
  };
  exprs.forEach(visit);
  return [...out2].sort((a, b) => a - b);
}

// engine/kernels/restriction.ts
var compiling;
function compileRestricted(r, compile) {
  const outer = compiling;
  compiling = r;
  try {
    return compile();
  } finally {
    compiling = outer;
  }
}
function compilingMasked() {
  return compiling !== void 0;
}
function restrictedView(view, ap, role) {
  const r = compiling;
  if (!r) return view;
  return (f2, c, m) => {
    const v = view(f2, c, m);
    if (!r.box) return v;
    const [lo, hi] = cut(v, r.shape, r.box, ap, role);
    return inside(sub(v, lo, hi), v, lo, hi, ap);
  };
}
function inside(part, whole, lo, hi, ap) {
  for (const o of whole.outside ?? []) {
    const first = o.lo + lo[o.dim] * o.step;
    const last = o.lo + (hi[o.dim] - 1) * o.step;
    if (first < 0 || last >= o.size) throw new Fault("out-of-bounds", `${o.message}, and the mask keeps its indices ${lo[o.dim]}..${hi[o.dim] - 1}, elements ${first}..${last}`, ap.span);
  }
  return part;
}
var STATIONARY = "stationary operand";
var MOVING = "moving operand";
function cut(v, shape, box, ap, role) {
  if (role === STATIONARY && v.shape.length === 2) return [[0, box.lo[0]], [v.shape[0], box.hi[0]]];
  if (role === MOVING && sameShape(v.shape.slice(1), shape.slice(1))) return [[0, ...box.lo.slice(1)], [v.shape[0], ...box.hi.slice(1)]];
  if (role === STATIONARY || role === MOVING) {
    throw new Fault("shape-mismatch", `the ${role} '${ap.text}' is [${v.shape.join(", ")}] here: under a mask, a MatMult of destination [${shape.join(", ")}] reads [K, ${shape[0]}] and [K, ${shape.slice(1).join(", ")}]`, ap.span);
  }
  if (sameShape(v.shape, shape)) return [box.lo, box.hi];
  const free = v.shape.slice(1).reduce((a, b) => a * b, 1);
  if (v.shape.length >= 2 && free === 1 && v.shape[0] === shape[0]) {
    return [[box.lo[0], ...v.shape.slice(1).map(() => 0)], [box.hi[0], ...v.shape.slice(1)]];
  }
  throw new Fault("shape-mismatch", `the ${role} '${ap.text}' is [${v.shape.join(", ")}] here: under a mask, an operand has the destination's shape [${shape.join(", ")}] (the mask names its indices) or is a [P, 1] column`, ap.span);
}
function sameShape(a, b) {
  return a.length === b.length && a.every((n, d) => n === b[d]);
}
function sub(v, lo, hi) {
  let offset2 = v.offset;
  for (let d = 0; d < lo.length; d++) offset2 += lo[d] * v.strides[d];
  return { tensor: v.tensor, offset: offset2, shape: lo.map((l, d) => hi[d] - l), strides: v.strides, origin: lo, whole: v.shape };
}
function wholeIndices(v, row, col) {
  const cut2 = v;
  if (!cut2.origin || !cut2.whole) return [row, col];
  const at = unravel(v.shape.slice(1), col);
  let free = 0;
  for (let d = 1; d < cut2.whole.length; d++) free = free * cut2.whole[d] + (at[d - 1] ?? 0) + cut2.origin[d];
  return [row + cut2.origin[0], free];
}
function indicesInOperand(v, i) {
  const at = unravel(v.shape, i);
  const origin = v.origin;
  return origin ? at.map((x, d) => x + origin[d]) : at;
}

// engine/kernels/precision.ts
var shadow = false;
function compileInFloat64(compile) {
  const before = shadow;
  shadow = true;
  try {
    return compile();
  } finally {
    shadow = before;
  }
}
function compilingFloat64() {
  return shadow;
}
function floatRounding() {
  return shadow ? exactly : Math.fround;
}
function exactly(x) {
  return x;
}

// engine/kernels/operands.ts
function tensorOperand(ap, role, memories) {
  const view = restrictedView(compileAccess(ap, compilingMasked()), ap, role);
  return { ap, view, role, memories: ap.memory ? void 0 : memories, float64: compilingFloat64() || void 0 };
}
function viewOf(op, f2, c, m) {
  const v = op.view(f2, c, m);
  if (op.memories && !op.memories.includes(v.tensor.memory)) {
    throw new Fault("memory-kind", `the ${op.role} '${op.ap.text}' is in ${v.tensor.memory.toUpperCase()} (through parameter '${op.ap.tensor.name}') but must be in ${op.memories.map((k) => k.toUpperCase()).join(" or ")}`, op.ap.span);
  }
  return v;
}
var KEEP_LIMIT = 1 << 18;
var Scratch = class {
  buffers = [];
  get(slot, n) {
    if (n > KEEP_LIMIT) return new Float64Array(n);
    let b = this.buffers[slot];
    if (!b || b.length < n) this.buffers[slot] = b = new Float64Array(Math.max(n, 1024));
    return b.length === n ? b : b.subarray(0, n);
  }
};
var scratch2 = new Scratch();
function readOperand(op, v, m, slot) {
  const n = viewSize(v);
  const values2 = scratch2.get(slot, n);
  if (op.float64 && m.shadow && v.tensor.shadow && readsShadowed(op, v, m, values2)) return values2;
  readView(v, values2);
  if (readsUnwritten(op, v, m)) zeroUnwritten(v, values2);
  if (op.float64) m.shadow?.substitute(v, values2);
  return values2;
}
function readsShadowed(op, v, m, values2) {
  readsUnwritten(op, v, m);
  return m.shadow.read(v, values2);
}
function readsUnwritten(op, v, m) {
  const bad = firstUnwritten(v);
  if (bad < 0) return false;
  if (m.raises("uninitialized-read")) {
    const at = indicesInOperand(v, bad).join(", ");
    throw new Fault("uninitialized-read", `the ${op.role} '${op.ap.text}' reads element [${at}] of the view, which was never written (${v.tensor.name} is ${describeWritten(v)})`, op.ap.span);
  }
  return true;
}
function describeWritten(v) {
  const t = v.tensor;
  return t.writtenCount === 0 ? "entirely unwritten" : `${t.writtenCount} of ${t.size} elements written`;
}
function writeOperand(op, v, values2, m, c, inputsFinite) {
  checkWrite2(op, v, m, c, m.faults.nan ? values2 : void 0, 0, inputsFinite);
  writeChecked(op, v, values2, m);
}
function writeChecked(op, v, values2, m) {
  if (op.float64) m.shadow?.pend(v, values2);
  else writeView(v, values2);
}
function checkWrite2(op, v, m, c, values2, from, inputsFinite) {
  if (op.float64) return;
  if (values2) checkNonFinite(op, v, values2, from, m, inputsFinite);
  if (m.ncores > 1 && v.tensor.memory === "dram") checkRace(op, v, m, c);
}
function checkNonFinite(op, v, values2, from, m, inputsFinite) {
  const dtype = v.tensor.dtype;
  const max = dtypeInfo(dtype).maxFinite;
  const overflowsToInf = dtype === "f32" || dtype === "bf16" || dtype === "f16";
  for (let i = from; i < values2.length; i++) {
    const x = values2[i];
    if (Number.isFinite(x) && !(overflowsToInf && Math.abs(x) > max && !Number.isFinite(roundTo(dtype, x)))) continue;
    if (!inputsFinite()) return;
    if (!m.raises("nan")) return;
    const what = Number.isNaN(x) ? "NaN" : Number.isFinite(x) ? `${x}, which overflows ${dtype} to infinity` : `${x}`;
    const fault = new Fault("nan", `the ${op.role} '${op.ap.text}' gets ${what} at [${indicesInOperand(v, i).join(", ")}] from finite inputs`, op.ap.span);
    fault.made = { tensor: v.tensor, index: elementIndex(v, i), value: x };
    throw fault;
  }
}
function checkRace(op, v, m, c) {
  if (!m.faults.race) return;
  let other;
  let where = -1;
  forEachIndex(v, (index, i) => {
    if (other !== void 0) return;
    const o = m.recordDramWrite(v.tensor, index, c.index);
    if (o !== void 0) {
      other = o;
      where = i;
    }
  });
  if (other !== void 0 && m.raises("race")) {
    throw new Fault("race", `core ${c.index} writes '${op.ap.text}' at [${indicesInOperand(v, where).join(", ")}], which core ${other} also wrote since the last Barrier`, op.ap.span);
  }
}
function allFinite(...arrays) {
  for (const a of arrays) for (let i = 0; i < a.length; i++) if (!Number.isFinite(a[i])) return false;
  return true;
}
function requireShape(op, v, rows, cols, what) {
  const [r, cl] = plane2d(v);
  if (r !== rows || cl !== cols) {
    throw new Fault("shape-mismatch", `the ${op.role} '${op.ap.text}' is [${v.shape.join(", ")}] here but ${what} needs [${rows}, ${cols}]`, op.ap.span);
  }
}
function plane2d(v) {
  const s = v.shape;
  if (s.length === 0) return [1, 1];
  if (s.length === 1) return [1, s[0]];
  let free = s[1];
  for (let d = 2; d < s.length; d++) free *= s[d];
  return [s[0], free];
}

// engine/kernels/common.ts
var ON_CHIP2 = ["sbuf", "psum"];
var ANY_MEMORY2 = ["dram", "sbuf", "psum"];
function tensorOf(op, role, memories) {
  if (op?.kind !== "tensor") throw new Error(`expected a tensor ${role}`);
  return tensorOperand(op.ap, role, memories);
}
function scalarOf(op) {
  if (op?.kind !== "scalar") throw new Error("expected a scalar operand");
  return compileScalar(op.expr);
}
function word(node, name, fallback) {
  const v = node.attrs.get(name);
  return v?.kind === "word" ? v.word : fallback;
}
function attrOperand(node, name) {
  const v = node.attrs.get(name);
  return v?.kind === "operand" ? v.operand : void 0;
}
function attrScalar(node, name, fallback) {
  const op = attrOperand(node, name);
  return op ? scalarOf(op) : () => fallback;
}
function compileColumn(op, role, fallback) {
  if (!op) {
    const v = new Float64Array(0);
    return (_f, _c, _m, rows) => ({ values: fillTo(v, rows, fallback), integral: Number.isInteger(fallback) });
  }
  if (op.kind === "scalar") {
    const s = compileScalar(op.expr);
    const round = floatRounding();
    let buffer2 = new Float64Array(0);
    return (f2, c, m, rows) => {
      const x = s(f2, c, m);
      buffer2 = fillTo(buffer2, rows, Number.isInteger(x) ? x : round(x));
      return { values: buffer2, integral: Number.isInteger(x) };
    };
  }
  const t = tensorOf(op, role, ON_CHIP2);
  const integral = dtypeInfo(t.ap.dtype).isInteger;
  return (f2, c, m, rows, slot) => {
    const v = viewOf(t, f2, c, m);
    const [p] = plane2d(v);
    if (p !== rows) throw new Fault("shape-mismatch", `the ${role} '${t.ap.text}' has ${p} partitions but the data has ${rows}`, t.ap.span);
    return { values: readOperand(t, v, m, slot), integral };
  };
}
function fillTo(buffer2, n, value) {
  const b = buffer2.length >= n ? buffer2 : new Float64Array(n);
  b.fill(value, 0, n);
  return b;
}
function isIntegerDType(op) {
  return dtypeInfo(op.ap.dtype).isInteger;
}

// engine/kernels/control.ts
function set2(node) {
  const index = registerOf(node.dst);
  const value = scalarOf(node.srcs[0]);
  return (f2, c, m) => f2.setRegister(index, value(f2, c, m));
}
function load(node) {
  const index = registerOf(node.dst);
  const src = tensorOf(node.srcs[0], "source", ANY_MEMORY2);
  return (f2, c, m) => {
    const v = viewOf(src, f2, c, m);
    if (v.shape.some((d) => d !== 1)) throw new Fault("shape-mismatch", `Load reads one element, but '${src.ap.text}' is [${v.shape.join(", ")}] here`, src.ap.span);
    f2.setRegister(index, readOperand(src, v, m, 0)[0]);
  };
}
function registerOf(op) {
  if (op?.kind !== "register") throw new Error("expected a register destination");
  return op.index;
}
function evaluateIn(op, f2, c, m) {
  if (op.kind !== "eval") throw new Error("expected an expression operand");
  const program = m.program;
  const evaluator = new Evaluator(frameScope(m, c, f2), (span) => sourceText(program, span), !m.raises("uninitialized-read"));
  try {
    return evaluator.evaluate(op.expr);
  } catch (e) {
    if (!(e instanceof EvalError)) throw e;
    const code = e.kind === "bounds" ? "out-of-bounds" : e.kind === "uninitialized" ? "uninitialized-read" : "shape-mismatch";
    throw new Fault(code, `'${op.text}': ${e.message}`, e.span ?? op.span);
  }
}
function sourceText(program, span) {
  const text = program.sources.get(span.file);
  return text === void 0 ? "" : spanText(text.split("\n"), span);
}
function print(node) {
  return (f2, c, m) => {
    const parts = node.srcs.map((op) => op.kind === "string" ? op.value : formatValue(evaluateIn(op, f2, c, m)));
    m.output(parts.join(" "), c.index);
  };
}
function assert2(node) {
  const [cond, message] = node.srcs;
  return (f2, c, m) => {
    const v = evaluateIn(cond, f2, c, m);
    if (truth(v)) return;
    const text = message?.kind === "string" ? `${message.value} ` : "";
    throw new Fault("assert", `${text}(assertion '${cond.kind === "eval" ? cond.text : ""}' is false${v.kind === "scalar" ? "" : `: ${describeFalse(v)}`})`, node.span);
  };
}
function truth(v) {
  if (v.kind === "scalar") return v.value !== 0;
  return firstZero(v) < 0;
}
function describeFalse(v) {
  const t = v;
  return `element ${firstZero(t)} of ${sizeOfValue(t)} is false`;
}
function flat(v) {
  if (v.kind !== "scalar") return { size: sizeOfValue(v), read: (start, count, data, written) => readBlock(v, start, count, data, written) };
  return { size: 1, read: (_s, count, data, written) => (data.fill(v.value, 0, count), written.fill(1, 0, count)) };
}
function repeated(x, size) {
  if (x.size !== 1 || size <= 1) return x;
  const one = new Float64Array(1);
  const w = new Uint8Array(1);
  x.read(0, 1, one, w);
  return { size, read: (_s, count, data, written) => (data.fill(one[0], 0, count), written.fill(w[0], 0, count)) };
}
function assertClose(node) {
  const [a, b, message] = node.srcs;
  const atol = attrScalar(node, "atol", 1e-8);
  const rtol = attrScalar(node, "rtol", 1e-5);
  return (f2, c, m) => {
    const fa = flat(evaluateIn(a, f2, c, m));
    const fb = flat(evaluateIn(b, f2, c, m));
    const xa = repeated(fa, fb.size);
    const xb = repeated(fb, fa.size);
    if (xa.size !== xb.size) {
      throw new Fault("shape-mismatch", `Assert.close: '${textOf(a)}' has ${fa.size} elements but '${textOf(b)}' has ${fb.size}`, node.span);
    }
    const at = atol(f2, c, m);
    const rt = rtol(f2, c, m);
    const worst = { index: -1, excess: 0, x: 0, y: 0 };
    let failures = 0;
    const n = xa.size;
    const block = Math.min(BLOCK, n);
    const da = new Float64Array(block);
    const db = new Float64Array(block);
    const w = new Uint8Array(block);
    for (let start = 0; start < n; start += block) {
      const count = Math.min(block, n - start);
      xa.read(start, count, da, w);
      xb.read(start, count, db, w);
      for (let k = 0; k < count; k++) {
        const x = da[k];
        const y = db[k];
        const excess = Math.abs(x - y) - (at + rt * Math.abs(y));
        const bad = Number.isNaN(x) !== Number.isNaN(y) || excess > 0 || Number.isNaN(excess) && x !== y;
        if (!bad) continue;
        failures++;
        if (worst.index < 0 || excess > worst.excess) Object.assign(worst, { index: start + k, excess, x, y });
      }
    }
    if (failures === 0) return;
    const prefix = message?.kind === "string" ? `${message.value}: ` : "";
    throw new Fault("assert", `${prefix}Assert.close fails at ${failures} of ${n} elements; worst at element ${worst.index}: ${formatNumber(worst.x)} vs ${formatNumber(worst.y)} (atol ${at}, rtol ${rt})`, node.span);
  };
}
function textOf(op) {
  return op.kind === "eval" ? op.text : "";
}

// engine/kernels/wasm-bytes.ts
var import_child_process = require("child_process");
var fs3 = __toESM(require("fs"));
var path2 = __toESM(require("path"));
function kernelBytes() {
  if (true) return Buffer.from("AGFzbQEAAAABQwhgBH9/f38AYAV/f39/fwBgBn9/f39/fwBgCH9/f39/f39/AX9gBX9/e39/AGAAAX9gCH9/f39/f39/AGADf399AX8DDg0EAAECAgUAAAYBAwcDBQMBAAEHhgEMCGhlYXBCYXNlAAUGZGVjb2RlAAcGZW5jb2RlAAYGbWF0bXVsAAMJbWF0bXVsRjY0AAQGYmluYXJ5AAkKc2NhbGFyUm93cwAICmFjdGl2YXRpb24ACgpyZWR1Y2VSb3dzAAIJdHJhbnNwb3NlAAELZmlyc3RCZXlvbmQACwZtZW1vcnkCAAqtjAQN7hsCAn8BewJAAkACQAJAAkACQAJAAkACQAJAAkACQAJAAkACQAJAIAAODwABAgMEBQYHCAkKCwwNDg8LIARBfHEhAANAIAAgBUoEQCAFQQJ0IgYgAWr9AAQAIAL95AEhByADIAZq/QwAAMB/AADAfwAAwH8AAMB/IAcgByAH/UL9Uv0LBAAgBUEEaiEFDAELCyAAIARIBEAgAEECdCIFIANqIgP9DAAAwH8AAMB/AADAfwAAwH8gASAFav0ABAAgAv3kASICIAIgAv1C/VIgA/0ABAAgBCAAa/0R/QwAAAAAAQAAAAIAAAADAAAA/Tv9Uv0LBAALDA4LIARBfHEhAANAIAAgBUoEQCAFQQJ0IgYgAWr9AAQAIAL95QEhByADIAZq/QwAAMB/AADAfwAAwH8AAMB/IAcgByAH/UL9Uv0LBAAgBUEEaiEFDAELCyAAIARIBEAgAEECdCIFIANqIgP9DAAAwH8AAMB/AADAfwAAwH8gASAFav0ABAAgAv3lASICIAIgAv1C/VIgA/0ABAAgBCAAa/0R/QwAAAAAAQAAAAIAAAADAAAA/Tv9Uv0LBAALDA0LIARBfHEhAANAIAAgBUoEQCAFQQJ0IgYgAWr9AAQAIAL95gEhByADIAZq/QwAAMB/AADAfwAAwH8AAMB/IAcgByAH/UL9Uv0LBAAgBUEEaiEFDAELCyAAIARIBEAgAEECdCIFIANqIgP9DAAAwH8AAMB/AADAfwAAwH8gASAFav0ABAAgAv3mASICIAIgAv1C/VIgA/0ABAAgBCAAa/0R/QwAAAAAAQAAAAIAAAADAAAA/Tv9Uv0LBAALDAwLIARBfHEhAANAIAAgBUoEQCAFQQJ0IgYgAWr9AAQAIAL95wEhByADIAZq/QwAAMB/AADAfwAAwH8AAMB/IAcgByAH/UL9Uv0LBAAgBUEEaiEFDAELCyAAIARIBEAgAEECdCIFIANqIgP9DAAAwH8AAMB/AADAfwAAwH8gASAFav0ABAAgAv3nASICIAIgAv1C/VIgA/0ABAAgBCAAa/0R/QwAAAAAAQAAAAIAAAADAAAA/Tv9Uv0LBAALDAsLIARBfHEhAANAIAAgBUoEQCAFQQJ0IgYgAWr9AAQAIgcgAiAHIAL9RP1SIAcgB/1CIAIgAv1C/VD9UCEHIAMgBmr9DAAAwH8AAMB/AADAfwAAwH8gByAHIAf9Qv1S/QsEACAFQQRqIQUMAQsLIAAgBEgEQCAAQQJ0IgUgA2oiA/0MAADAfwAAwH8AAMB/AADAfyABIAVq/QAEACIHIAIgByAC/UT9UiAHIAf9QiACIAL9Qv1Q/VAiAiACIAL9Qv1SIAP9AAQAIAQgAGv9Ef0MAAAAAAEAAAACAAAAAwAAAP07/VL9CwQACwwKCyAEQXxxIQADQCAAIAVKBEAgBUECdCIGIAFq/QAEACIHIAIgByAC/UP9UiAHIAf9QiACIAL9Qv1Q/VAhByADIAZq/QwAAMB/AADAfwAAwH8AAMB/IAcgByAH/UL9Uv0LBAAgBUEEaiEFDAELCyAAIARIBEAgAEECdCIFIANqIgP9DAAAwH8AAMB/AADAfwAAwH8gASAFav0ABAAiByACIAcgAv1D/VIgByAH/UIgAiAC/UL9UP1QIgIgAiAC/UL9UiAD/QAEACAEIABr/RH9DAAAAAABAAAAAgAAAAMAAAD9O/1S/QsEAAsMCQsgBEF8cSEAA0AgACAFSgRAIAVBAnQiBiABav0ABAAgAv1B/QwAAIA/AACAPwAAgD8AAIA//U4hByADIAZq/QwAAMB/AADAfwAAwH8AAMB/IAcgByAH/UL9Uv0LBAAgBUEEaiEFDAELCyAAIARIBEAgAEECdCIFIANqIgP9DAAAwH8AAMB/AADAfwAAwH8gASAFav0ABAAgAv1B/QwAAIA/AACAPwAAgD8AAIA//U4iAiACIAL9Qv1SIAP9AAQAIAQgAGv9Ef0MAAAAAAEAAAACAAAAAwAAAP07/VL9CwQACwwICyAEQXxxIQADQCAAIAVKBEAgBUECdCIGIAFq/QAEACAC/UL9DAAAgD8AAIA/AACAPwAAgD/9TiEHIAMgBmr9DAAAwH8AAMB/AADAfwAAwH8gByAHIAf9Qv1S/QsEACAFQQRqIQUMAQsLIAAgBEgEQCAAQQJ0IgUgA2oiA/0MAADAfwAAwH8AAMB/AADAfyABIAVq/QAEACAC/UL9DAAAgD8AAIA/AACAPwAAgD/9TiICIAIgAv1C/VIgA/0ABAAgBCAAa/0R/QwAAAAAAQAAAAIAAAADAAAA/Tv9Uv0LBAALDAcLIARBfHEhAANAIAAgBUoEQCAFQQJ0IgYgAWr9AAQAIAL9Q/0MAACAPwAAgD8AAIA/AACAP/1OIQcgAyAGav0MAADAfwAAwH8AAMB/AADAfyAHIAcgB/1C/VL9CwQAIAVBBGohBQwBCwsgACAESARAIABBAnQiBSADaiID/QwAAMB/AADAfwAAwH8AAMB/IAEgBWr9AAQAIAL9Q/0MAACAPwAAgD8AAIA/AACAP/1OIgIgAiAC/UL9UiAD/QAEACAEIABr/RH9DAAAAAABAAAAAgAAAAMAAAD9O/1S/QsEAAsMBgsgBEF8cSEAA0AgACAFSgRAIAVBAnQiBiABav0ABAAgAv1F/QwAAIA/AACAPwAAgD8AAIA//U4hByADIAZq/QwAAMB/AADAfwAAwH8AAMB/IAcgByAH/UL9Uv0LBAAgBUEEaiEFDAELCyAAIARIBEAgAEECdCIFIANqIgP9DAAAwH8AAMB/AADAfwAAwH8gASAFav0ABAAgAv1F/QwAAIA/AACAPwAAgD8AAIA//U4iAiACIAL9Qv1SIAP9AAQAIAQgAGv9Ef0MAAAAAAEAAAACAAAAAwAAAP07/VL9CwQACwwFCyAEQXxxIQADQCAAIAVKBEAgBUECdCIGIAFq/QAEACAC/UT9DAAAgD8AAIA/AACAPwAAgD/9TiEHIAMgBmr9DAAAwH8AAMB/AADAfwAAwH8gByAHIAf9Qv1S/QsEACAFQQRqIQUMAQsLIAAgBEgEQCAAQQJ0IgUgA2oiA/0MAADAfwAAwH8AAMB/AADAfyABIAVq/QAEACAC/UT9DAAAgD8AAIA/AACAPwAAgD/9TiICIAIgAv1C/VIgA/0ABAAgBCAAa/0R/QwAAAAAAQAAAAIAAAADAAAA/Tv9Uv0LBAALDAQLIARBfHEhAANAIAAgBUoEQCAFQQJ0IgYgAWr9AAQAIAL9Rv0MAACAPwAAgD8AAIA/AACAP/1OIQcgAyAGav0MAADAfwAAwH8AAMB/AADAfyAHIAcgB/1C/VL9CwQAIAVBBGohBQwBCwsgACAESARAIABBAnQiBSADaiID/QwAAMB/AADAfwAAwH8AAMB/IAEgBWr9AAQAIAL9Rv0MAACAPwAAgD8AAIA/AACAP/1OIgIgAiAC/UL9UiAD/QAEACAEIABr/RH9DAAAAAABAAAAAgAAAAMAAAD9O/1S/QsEAAsMAwsgBEF8cSEAA0AgACAFSgRAIAVBAnQiBiABav0ABAD9DAAAAAAAAAAAAAAAAAAAAAD9QiAC/QwAAAAAAAAAAAAAAAAAAAAA/UL9Tv0MAACAPwAAgD8AAIA/AACAP/1OIQcgAyAGav0MAADAfwAAwH8AAMB/AADAfyAHIAcgB/1C/VL9CwQAIAVBBGohBQwBCwsgACAESARAIABBAnQiBSADaiID/QwAAMB/AADAfwAAwH8AAMB/IAEgBWr9AAQA/QwAAAAAAAAAAAAAAAAAAAAA/UIgAv0MAAAAAAAAAAAAAAAAAAAAAP1C/U79DAAAgD8AAIA/AACAPwAAgD/9TiICIAIgAv1C/VIgA/0ABAAgBCAAa/0R/QwAAAAAAQAAAAIAAAADAAAA/Tv9Uv0LBAALDAILIARBfHEhAANAIAAgBUoEQCAFQQJ0IgYgAWr9AAQA/QwAAAAAAAAAAAAAAAAAAAAA/UIgAv0MAAAAAAAAAAAAAAAAAAAAAP1C/VD9DAAAgD8AAIA/AACAPwAAgD/9TiEHIAMgBmr9DAAAwH8AAMB/AADAfwAAwH8gByAHIAf9Qv1S/QsEACAFQQRqIQUMAQsLIAAgBEgEQCAAQQJ0IgUgA2oiA/0MAADAfwAAwH8AAMB/AADAfyABIAVq/QAEAP0MAAAAAAAAAAAAAAAAAAAAAP1CIAL9DAAAAAAAAAAAAAAAAAAAAAD9Qv1Q/QwAAIA/AACAPwAAgD8AAIA//U4iAiACIAL9Qv1SIAP9AAQAIAQgAGv9Ef0MAAAAAAEAAAACAAAAAwAAAP07/VL9CwQACwwBCyAEQXxxIQADQCAAIAVKBEAgBUECdCIGIAFq/QAEAP0MAAAAAAAAAAAAAAAAAAAAAP1CIAL9DAAAAAAAAAAAAAAAAAAAAAD9Qv1R/QwAAIA/AACAPwAAgD8AAIA//U4hByADIAZq/QwAAMB/AADAfwAAwH8AAMB/IAcgByAH/UL9Uv0LBAAgBUEEaiEFDAELCyAAIARIBEAgAEECdCIFIANqIgP9DAAAwH8AAMB/AADAfwAAwH8gASAFav0ABAD9DAAAAAAAAAAAAAAAAAAAAAD9QiAC/QwAAAAAAAAAAAAAAAAAAAAA/UL9Uf0MAACAPwAAgD8AAIA/AACAP/1OIgIgAiAC/UL9UiAD/QAEACAEIABr/RH9DAAAAAABAAAAAgAAAAMAAAD9O/1S/QsEAAsLC7oDAgh/BnsgAkF8cSEIIANBfHEhCQNAIAYgCEgEQEEAIQQDQCAEIAlIBEAgASACIARsIAZqQQJ0aiIHIAAgAyAGbCAEakECdGoiCv0ABAAiDiADQQJ0IgsgCmr9AAQAIg/9DQABAgMQERITBAUGBxQVFhciECAKIAtBAXRq/QAEACIRIAogC0EDbGr9AAQAIgz9DQABAgMQERITBAUGBxQVFhciDf0NAAECAwQFBgcQERITFBUWF/0LBAAgAkECdCIKIAdqIBAgDf0NCAkKCwwNDg8YGRobHB0eH/0LBAAgByAKQQF0aiAOIA/9DQgJCgsYGRobDA0ODxwdHh8iDSARIAz9DQgJCgsYGRobDA0ODxwdHh8iDP0NAAECAwQFBgcQERITFBUWF/0LBAAgByAKQQNsaiANIAz9DQgJCgsMDQ4PGBkaGxwdHh/9CwQAIARBBGohBAwBCwsgBkEEaiEGDAELCwNAIAIgBUoEQCAJQQAgBSAISBshBANAIAMgBEoEQCABIAIgBGwgBWpBAnRqIAAgAyAFbCAEakECdGooAgA2AgAgBEEBaiEEDAELCyAFQQFqIQUMAQsLC6YSAgl/CHsCQAJAAkACQAJAIAAOBAABAgMECyAEQQJ0IQcgA0EBayEIIARBfHEhBQNAIAMgBkoEQCABIAYgB2xqIQkgASAGQQFqIgAgCCAAIAhIGyAHbGohCiABIAZBAmoiACAIIAAgCEgbIAdsaiELIAEgBkEDaiIAIAggACAISBsgB2xqIQz9DAAAAAAAAAAAAAAAAAAAAAAhDkEAIQADQCAAIAVIBEAgDiAJIABBAnQiDWr9AAQAIg4gCiANav0ABAAiD/0NAAECAxAREhMEBQYHFBUWFyIQIAsgDWr9AAQAIhEgDCANav0ABAAiEv0NAAECAxAREhMEBQYHFBUWFyIT/Q0AAQIDBAUGBxAREhMUFRYX/eQBIBAgE/0NCAkKCwwNDg8YGRobHB0eH/3kASAOIA/9DQgJCgsYGRobDA0ODxwdHh8iDiARIBL9DQgJCgsYGRobDA0ODxwdHh8iD/0NAAECAwQFBgcQERITFBUWF/3kASAOIA/9DQgJCgsMDQ4PGBkaGxwdHh/95AEhDiAAQQRqIQAMAQsLIAUhAANAIAAgBEgEQCAOIAkgAEECdCINaioCAP0TIAogDWoqAgD9IAEgCyANaioCAP0gAiAMIA1qKgIA/SAD/eQBIQ4gAEEBaiEADAELCyACIAZBAnRq/QwAAMB/AADAfwAAwH8AAMB/IA4gDiAO/UL9Uv0LBAAgBkEEaiEGDAELCwwDCyAEQQJ0IQcgA0EBayEIIARBfHEhBQNAIAMgBkoEQCABIAYgB2xqIQkgASAGQQFqIgAgCCAAIAhIGyAHbGohCiABIAZBAmoiACAIIAAgCEgbIAdsaiELIAEgBkEDaiIAIAggACAISBsgB2xqIQz9DAAAgD8AAIA/AACAPwAAgD8hDkEAIQADQCAAIAVIBEAgDiAJIABBAnQiDWr9AAQAIg4gCiANav0ABAAiD/0NAAECAxAREhMEBQYHFBUWFyIQIAsgDWr9AAQAIhEgDCANav0ABAAiEv0NAAECAxAREhMEBQYHFBUWFyIT/Q0AAQIDBAUGBxAREhMUFRYX/eYBIBAgE/0NCAkKCwwNDg8YGRobHB0eH/3mASAOIA/9DQgJCgsYGRobDA0ODxwdHh8iDiARIBL9DQgJCgsYGRobDA0ODxwdHh8iD/0NAAECAwQFBgcQERITFBUWF/3mASAOIA/9DQgJCgsMDQ4PGBkaGxwdHh/95gEhDiAAQQRqIQAMAQsLIAUhAANAIAAgBEgEQCAOIAkgAEECdCINaioCAP0TIAogDWoqAgD9IAEgCyANaioCAP0gAiAMIA1qKgIA/SAD/eYBIQ4gAEEBaiEADAELCyACIAZBAnRq/QwAAMB/AADAfwAAwH8AAMB/IA4gDiAO/UL9Uv0LBAAgBkEEaiEGDAELCwwCCyAEQQJ0IQcgA0EBayEIIARBfHEhBQNAIAMgBkoEQCABIAYgB2xqIQkgASAGQQFqIgAgCCAAIAhIGyAHbGohCiABIAZBAmoiACAIIAAgCEgbIAdsaiELIAEgBkEDaiIAIAggACAISBsgB2xqIQz9DAAAgP8AAID/AACA/wAAgP8hDkEAIQADQCAAIAVIBEAgDiAJIABBAnQiDWr9AAQAIg8gCiANav0ABAAiEP0NAAECAxAREhMEBQYHFBUWFyIRIAsgDWr9AAQAIhIgDCANav0ABAAiE/0NAAECAxAREhMEBQYHFBUWFyIU/Q0AAQIDBAUGBxAREhMUFRYXIhUgDiAV/UT9UiAOIA79QiAVIBX9Qv1Q/VAiDiARIBT9DQgJCgsMDQ4PGBkaGxwdHh8iESAOIBH9RP1SIA4gDv1CIBEgEf1C/VD9UCIRIA8gEP0NCAkKCxgZGhsMDQ4PHB0eHyIPIBIgE/0NCAkKCxgZGhsMDQ4PHB0eHyIO/Q0AAQIDBAUGBxAREhMUFRYXIhAgESAQ/UT9UiARIBH9QiAQIBD9Qv1Q/VAiECAPIA79DQgJCgsMDQ4PGBkaGxwdHh8iDiAQIA79RP1SIBAgEP1CIA4gDv1C/VD9UCEOIABBBGohAAwBCwsgBSEAA0AgACAESARAIA4gCSAAQQJ0Ig1qKgIA/RMgCiANaioCAP0gASALIA1qKgIA/SACIAwgDWoqAgD9IAMiDyAOIA/9RP1SIA4gDv1CIA8gD/1C/VD9UCEOIABBAWohAAwBCwsgAiAGQQJ0av0MAADAfwAAwH8AAMB/AADAfyAOIA4gDv1C/VL9CwQAIAZBBGohBgwBCwsMAQsgBEECdCEHIANBAWshCCAEQXxxIQUDQCADIAZKBEAgASAGIAdsaiEJIAEgBkEBaiIAIAggACAISBsgB2xqIQogASAGQQJqIgAgCCAAIAhIGyAHbGohCyABIAZBA2oiACAIIAAgCEgbIAdsaiEM/QwAAIB/AACAfwAAgH8AAIB/IQ5BACEAA0AgACAFSARAIA4gCSAAQQJ0Ig1q/QAEACIPIAogDWr9AAQAIhD9DQABAgMQERITBAUGBxQVFhciESALIA1q/QAEACISIAwgDWr9AAQAIhP9DQABAgMQERITBAUGBxQVFhciFP0NAAECAwQFBgcQERITFBUWFyIVIA4gFf1D/VIgDiAO/UIgFSAV/UL9UP1QIg4gESAU/Q0ICQoLDA0ODxgZGhscHR4fIhEgDiAR/UP9UiAOIA79QiARIBH9Qv1Q/VAiESAPIBD9DQgJCgsYGRobDA0ODxwdHh8iDyASIBP9DQgJCgsYGRobDA0ODxwdHh8iDv0NAAECAwQFBgcQERITFBUWFyIQIBEgEP1D/VIgESAR/UIgECAQ/UL9UP1QIhAgDyAO/Q0ICQoLDA0ODxgZGhscHR4fIg4gECAO/UP9UiAQIBD9QiAOIA79Qv1Q/VAhDiAAQQRqIQAMAQsLIAUhAANAIAAgBEgEQCAOIAkgAEECdCINaioCAP0TIAogDWoqAgD9IAEgCyANaioCAP0gAiAMIA1qKgIA/SADIg8gDiAP/UP9UiAOIA79QiAPIA/9Qv1Q/VAhDiAAQQFqIQAMAQsLIAIgBkECdGr9DAAAwH8AAMB/AADAfwAAwH8gDiAOIA79Qv1S/QsEACAGQQRqIQYMAQsLCwubCgMMfwt7AX0gBEECdCEPIAVBAnQhDSAFQXhxIQcDQCAOQQRqIARMBEAgACAOQQJ0aiEIIAIgDSAObGohEEEAIQkDQCAHIAlKBEAgCCEGIAlBAnQiCiABaiELIAogEGohCkEAIQz9DAAAAAAAAAAAAAAAAAAAAAAhEv0MAAAAAAAAAAAAAAAAAAAAACET/QwAAAAAAAAAAAAAAAAAAAAAIRT9DAAAAAAAAAAAAAAAAAAAAAAhFf0MAAAAAAAAAAAAAAAAAAAAACEW/QwAAAAAAAAAAAAAAAAAAAAAIRf9DAAAAAAAAAAAAAAAAAAAAAAhGP0MAAAAAAAAAAAAAAAAAAAAACEZA0AgAyAMSgRAIBIgBv0JAgAiGyAL/QAEACIa/eYB/eQBIRIgEyAbIAv9AAQQIhv95gH95AEhEyAUIAb9CQIEIhwgGv3mAf3kASEUIBUgHCAb/eYB/eQBIRUgFiAG/QkCCCIcIBr95gH95AEhFiAXIBwgG/3mAf3kASEXIBggBv0JAgwiHCAa/eYB/eQBIRggGSAcIBv95gH95AEhGSAGIA9qIQYgCyANaiELIAxBAWohDAwBCwsgCv0MAADAfwAAwH8AAMB/AADAfyASIBIgEv1C/VL9CwQAIAr9DAAAwH8AAMB/AADAfwAAwH8gEyATIBP9Qv1S/QsEECAKIA1qIgb9DAAAwH8AAMB/AADAfwAAwH8gFCAUIBT9Qv1S/QsEACAG/QwAAMB/AADAfwAAwH8AAMB/IBUgFSAV/UL9Uv0LBBAgBiANaiIG/QwAAMB/AADAfwAAwH8AAMB/IBYgFiAW/UL9Uv0LBAAgBv0MAADAfwAAwH8AAMB/AADAfyAXIBcgF/1C/VL9CwQQIAYgDWoiBv0MAADAfwAAwH8AAMB/AADAfyAYIBggGP1C/VL9CwQAIAb9DAAAwH8AAMB/AADAfwAAwH8gGSAZIBn9Qv1S/QsEECAJQQhqIQkMAQsLQQAhCQNAIAlBBEgEQCAHIQYDQCAFIAZKBEAgCCAJQQJ0aiELIAZBAnQiDCABaiEKIBAgCSANbGogDGpDAAAAACEdQQAhDANAIAMgDEoEQCAdIAsqAgAgCioCAJSSIR0gCyAPaiELIAogDWohCiAMQQFqIQwMAQsLQwAAwH8gHSAdIB1cGzgCACAGQQFqIQYMAQsLIAlBAWohCQwBCwsgDkEEaiEODAELCwNAIAQgDkoEQCAAIA5BAnRqIQggAiANIA5saiEMQQAhCQNAIAcgCUoEQCAIIQYgCUECdCIKIAFqIQsgCiAMaiEQQQAhCv0MAAAAAAAAAAAAAAAAAAAAACES/QwAAAAAAAAAAAAAAAAAAAAAIRMDQCADIApKBEAgEiAG/QkCACIUIAv9AAQA/eYB/eQBIRIgEyAUIAv9AAQQ/eYB/eQBIRMgBiAPaiEGIAsgDWohCyAKQQFqIQoMAQsLIBD9DAAAwH8AAMB/AADAfwAAwH8gEiASIBL9Qv1S/QsEACAQ/QwAAMB/AADAfwAAwH8AAMB/IBMgEyAT/UL9Uv0LBBAgCUEIaiEJDAELCyAHIQYDQCAFIAZKBEAgCCEJIAZBAnQiCiABaiELIAogDGpDAAAAACEdQQAhCgNAIAMgCkoEQCAdIAkqAgAgCyoCAJSSIR0gCSAPaiEJIAsgDWohCyAKQQFqIQoMAQsLQwAAwH8gHSAdIB1cGzgCACAGQQFqIQYMAQsLIA5BAWohDgwBCwsL0gYDDH8LewF8IARBA3QhDyAFQQN0IQ0gBUF8cSEHA0AgDkEEaiAETARAIAAgDkEDdGohCCACIA0gDmxqIRBBACEJA0AgByAJSgRAIAghBiAJQQN0IgsgAWohCiALIBBqIQtBACEM/QwAAAAAAAAAAAAAAAAAAAAAIRL9DAAAAAAAAAAAAAAAAAAAAAAhE/0MAAAAAAAAAAAAAAAAAAAAACEU/QwAAAAAAAAAAAAAAAAAAAAAIRX9DAAAAAAAAAAAAAAAAAAAAAAhFv0MAAAAAAAAAAAAAAAAAAAAACEX/QwAAAAAAAAAAAAAAAAAAAAAIRj9DAAAAAAAAAAAAAAAAAAAAAAhGQNAIAMgDEoEQCASIAb9CgMAIhsgCv0ABAAiGv3yAf3wASESIBMgGyAK/QAEECIb/fIB/fABIRMgFCAG/QoDCCIcIBr98gH98AEhFCAVIBwgG/3yAf3wASEVIBYgBv0KAxAiHCAa/fIB/fABIRYgFyAcIBv98gH98AEhFyAYIAb9CgMYIhwgGv3yAf3wASEYIBkgHCAb/fIB/fABIRkgBiAPaiEGIAogDWohCiAMQQFqIQwMAQsLIAsgEv0LBAAgCyAT/QsEECALIA1qIgYgFP0LBAAgBiAV/QsEECAGIA1qIgYgFv0LBAAgBiAX/QsEECAGIA1qIgYgGP0LBAAgBiAZ/QsEECAJQQRqIQkMAQsLQQAhCQNAIAlBBEgEQCAHIQYDQCAFIAZKBEAgCCAJQQN0aiEKIAZBA3QiDCABaiELIBAgCSANbGogDGpEAAAAAAAAAAAhHUEAIQwDQCADIAxKBEAgHSAKKwMAIAsrAwCioCEdIAogD2ohCiALIA1qIQsgDEEBaiEMDAELCyAdOQMAIAZBAWohBgwBCwsgCUEBaiEJDAELCyAOQQRqIQ4MAQsLA0AgBCAOSgRAIAAgDkEDdGohByACIA0gDmxqIQtBACEIA0AgBSAISgRAIAchBiAIQQN0IgogAWohCSAKIAtqRAAAAAAAAAAAIR1BACEKA0AgAyAKSgRAIB0gBisDACAJKwMAoqAhHSAGIA9qIQYgCSANaiEJIApBAWohCgwBCwsgHTkDACAIQQFqIQgMAQsLIA5BAWohDgwBCwsLBQBBgAgLiiECAnsBfwJAAkACQAJAAkACQAJAIAAOBgABAgQFAwYLQQAhAANAIAAgA0gEQCAAQQJ0IgYgAWr9AAQAIQQgAiAGav0MAADAfwAAwH8AAMB/AADAfyAEIAQgBP1C/VL9CwQAIABBBGohAAwBCwsMBQtBACEAA0AgACADSARAIAIgAEEBdGr9DMB/AADAfwAAwH8AAMB/AAAgASAAQQJ0aiIG/QAEACIE/Qz/fwAA/38AAP9/AAD/fwAA/a4BIARBEP2tAf0MAQAAAAEAAAABAAAAAQAAAP1O/a4BQRD9rQEgBCAE/UL9Uv0MwH8AAMB/AADAfwAAwH8AACAG/QAEECIE/Qz/fwAA/38AAP9/AAD/fwAA/a4BIARBEP2tAf0MAQAAAAEAAAABAAAAAQAAAP1O/a4BQRD9rQEgBCAE/UL9Uv2GAf0LBAAgAEEIaiEADAELCwwEC0EAIQADQCAAIANIBEAgAiAAQQF0av0MAH4AAAB+AAAAfgAAAH4AAP0MAHwAAAB8AAAAfAAAAHwAACABIABBAnRqIgb9AAQAIgT9DP///3////9/////f////3/9TiIF/Qz/DwAA/w8AAP8PAAD/DwAA/a4BIAVBDf2tAf0MAQAAAAEAAAABAAAAAQAAAP1O/a4B/QwAAAA4AAAAOAAAADgAAAA4/bEBQQ39rQEgBf0MAAAAPwAAAD8AAAA/AAAAP/3kAf0MAAAAPwAAAD8AAAA/AAAAP/2xASAF/QwAAIA4AACAOAAAgDgAAIA4/T/9UiAF/QwA8H9HAPB/RwDwf0cA8H9H/T/9UiAEQRD9rQH9DACAAAAAgAAAAIAAAACAAAD9Tv1QIAQgBP1C/VL9DAB+AAAAfgAAAH4AAAB+AAD9DAB8AAAAfAAAAHwAAAB8AAAgBv0ABBAiBP0M////f////3////9/////f/1OIgX9DP8PAAD/DwAA/w8AAP8PAAD9rgEgBUEN/a0B/QwBAAAAAQAAAAEAAAABAAAA/U79rgH9DAAAADgAAAA4AAAAOAAAADj9sQFBDf2tASAF/QwAAAA/AAAAPwAAAD8AAAA//eQB/QwAAAA/AAAAPwAAAD8AAAA//bEBIAX9DAAAgDgAAIA4AACAOAAAgDj9P/1SIAX9DADwf0cA8H9HAPB/RwDwf0f9P/1SIARBEP2tAf0MAIAAAACAAAAAgAAAAIAAAP1O/VAgBCAE/UL9Uv2GAf0LBAAgAEEIaiEADAELCwwDCwNAIAMgBkoEQCACIAZq/Qx8AAAAfAAAAHwAAAB8AAAA/Qx4AAAAeAAAAHgAAAB4AAAAIAEgBkECdGoiAP0ABAAiBP0M////f////3////9/////f/1OIgX9DP//BwD//wcA//8HAP//BwD9rgEgBUEU/a0B/QwBAAAAAQAAAAEAAAABAAAA/U79rgFBFP2tAf0MwAMAAMADAADAAwAAwAMAAP2xASAF/QwAAABEAAAARAAAAEQAAABE/eYB/Wr9+QEgBf0MAACAPAAAgDwAAIA8AACAPP0//VL9DHcAAAB3AAAAdwAAAHcAAAD9twEgBf0MAACAfwAAgH8AAIB/AACAf/03/VIgBEEY/a0B/QyAAAAAgAAAAIAAAACAAAAA/U79UCAEIAT9Qv1S/Qx8AAAAfAAAAHwAAAB8AAAA/Qx4AAAAeAAAAHgAAAB4AAAAIAD9AAQQIgT9DP///3////9/////f////3/9TiIF/Qz//wcA//8HAP//BwD//wcA/a4BIAVBFP2tAf0MAQAAAAEAAAABAAAAAQAAAP1O/a4BQRT9rQH9DMADAADAAwAAwAMAAMADAAD9sQEgBf0MAAAARAAAAEQAAABEAAAARP3mAf1q/fkBIAX9DAAAgDwAAIA8AACAPAAAgDz9P/1S/Qx3AAAAdwAAAHcAAAB3AAAA/bcBIAX9DAAAgH8AAIB/AACAfwAAgH/9N/1SIARBGP2tAf0MgAAAAIAAAACAAAAAgAAAAP1O/VAgBCAE/UL9Uv2GAf0MfAAAAHwAAAB8AAAAfAAAAP0MeAAAAHgAAAB4AAAAeAAAACAA/QAEICIE/Qz///9/////f////3////9//U4iBf0M//8HAP//BwD//wcA//8HAP2uASAFQRT9rQH9DAEAAAABAAAAAQAAAAEAAAD9Tv2uAUEU/a0B/QzAAwAAwAMAAMADAADAAwAA/bEBIAX9DAAAAEQAAABEAAAARAAAAET95gH9av35ASAF/QwAAIA8AACAPAAAgDwAAIA8/T/9Uv0MdwAAAHcAAAB3AAAAdwAAAP23ASAF/QwAAIB/AACAfwAAgH8AAIB//Tf9UiAEQRj9rQH9DIAAAACAAAAAgAAAAIAAAAD9Tv1QIAQgBP1C/VL9DHwAAAB8AAAAfAAAAHwAAAD9DHgAAAB4AAAAeAAAAHgAAAAgAP0ABDAiBP0M////f////3////9/////f/1OIgX9DP//BwD//wcA//8HAP//BwD9rgEgBUEU/a0B/QwBAAAAAQAAAAEAAAABAAAA/U79rgFBFP2tAf0MwAMAAMADAADAAwAAwAMAAP2xASAF/QwAAABEAAAARAAAAEQAAABE/eYB/Wr9+QEgBf0MAACAPAAAgDwAAIA8AACAPP0//VL9DHcAAAB3AAAAdwAAAHcAAAD9twEgBf0MAACAfwAAgH8AAIB/AACAf/03/VIgBEEY/a0B/QyAAAAAgAAAAIAAAACAAAAA/U79UCAEIAT9Qv1S/YYB/Wb9CwQAIAZBEGohBgwBCwsMAgsDQCADIAZKBEAgAiAGav0MfwAAAH8AAAB/AAAAfwAAACABIAZBAnRqIgD9AAQAIgT9DP///3////9/////f////3/9TiIF/Qz//wcA//8HAP//BwD//wcA/a4BIAVBFP2tAf0MAQAAAAEAAAABAAAAAQAAAP1O/a4BQRT9rQH9DMADAADAAwAAwAMAAMADAAD9sQEgBf0MAAAARAAAAEQAAABEAAAARP3mAf1q/fkBIAX9DAAAgDwAAIA8AACAPAAAgDz9P/1S/Qx+AAAAfgAAAH4AAAB+AAAA/bcBIARBGP2tAf0MgAAAAIAAAACAAAAAgAAAAP1O/VAgBCAE/UL9Uv0MfwAAAH8AAAB/AAAAfwAAACAA/QAEECIE/Qz///9/////f////3////9//U4iBf0M//8HAP//BwD//wcA//8HAP2uASAFQRT9rQH9DAEAAAABAAAAAQAAAAEAAAD9Tv2uAUEU/a0B/QzAAwAAwAMAAMADAADAAwAA/bEBIAX9DAAAAEQAAABEAAAARAAAAET95gH9av35ASAF/QwAAIA8AACAPAAAgDwAAIA8/T/9Uv0MfgAAAH4AAAB+AAAAfgAAAP23ASAEQRj9rQH9DIAAAACAAAAAgAAAAIAAAAD9Tv1QIAQgBP1C/VL9hgH9DH8AAAB/AAAAfwAAAH8AAAAgAP0ABCAiBP0M////f////3////9/////f/1OIgX9DP//BwD//wcA//8HAP//BwD9rgEgBUEU/a0B/QwBAAAAAQAAAAEAAAABAAAA/U79rgFBFP2tAf0MwAMAAMADAADAAwAAwAMAAP2xASAF/QwAAABEAAAARAAAAEQAAABE/eYB/Wr9+QEgBf0MAACAPAAAgDwAAIA8AACAPP0//VL9DH4AAAB+AAAAfgAAAH4AAAD9twEgBEEY/a0B/QyAAAAAgAAAAIAAAACAAAAA/U79UCAEIAT9Qv1S/Qx/AAAAfwAAAH8AAAB/AAAAIAD9AAQwIgT9DP///3////9/////f////3/9TiIF/Qz//wcA//8HAP//BwD//wcA/a4BIAVBFP2tAf0MAQAAAAEAAAABAAAAAQAAAP1O/a4BQRT9rQH9DMADAADAAwAAwAMAAMADAAD9sQEgBf0MAAAARAAAAEQAAABEAAAARP3mAf1q/fkBIAX9DAAAgDwAAIA8AACAPAAAgDz9P/1S/Qx+AAAAfgAAAH4AAAB+AAAA/bcBIARBGP2tAf0MgAAAAIAAAACAAAAAgAAAAP1O/VAgBCAE/UL9Uv2GAf1m/QsEACAGQRBqIQYMAQsLDAELA0AgAyAGSgRAIAIgBmr9DH4AAAB+AAAAfgAAAH4AAAD9DHwAAAB8AAAAfAAAAHwAAAAgASAGQQJ0aiIA/QAEACIE/Qz///9/////f////3////9//U4iBf0M//8PAP//DwD//w8A//8PAP2uASAFQRX9rQH9DAEAAAABAAAAAQAAAAEAAAD9Tv2uAUEV/a0B/QzAAQAAwAEAAMABAADAAQAA/bEBIAX9DAAAgEcAAIBHAACARwAAgEf95gH9av35ASAF/QwAAIA4AACAOAAAgDgAAIA4/T/9Uv0MewAAAHsAAAB7AAAAewAAAP23ASAF/QwAAIB/AACAfwAAgH8AAIB//Tf9UiAEQRj9rQH9DIAAAACAAAAAgAAAAIAAAAD9Tv1QIAQgBP1C/VL9DH4AAAB+AAAAfgAAAH4AAAD9DHwAAAB8AAAAfAAAAHwAAAAgAP0ABBAiBP0M////f////3////9/////f/1OIgX9DP//DwD//w8A//8PAP//DwD9rgEgBUEV/a0B/QwBAAAAAQAAAAEAAAABAAAA/U79rgFBFf2tAf0MwAEAAMABAADAAQAAwAEAAP2xASAF/QwAAIBHAACARwAAgEcAAIBH/eYB/Wr9+QEgBf0MAACAOAAAgDgAAIA4AACAOP0//VL9DHsAAAB7AAAAewAAAHsAAAD9twEgBf0MAACAfwAAgH8AAIB/AACAf/03/VIgBEEY/a0B/QyAAAAAgAAAAIAAAACAAAAA/U79UCAEIAT9Qv1S/YYB/Qx+AAAAfgAAAH4AAAB+AAAA/Qx8AAAAfAAAAHwAAAB8AAAAIAD9AAQgIgT9DP///3////9/////f////3/9TiIF/Qz//w8A//8PAP//DwD//w8A/a4BIAVBFf2tAf0MAQAAAAEAAAABAAAAAQAAAP1O/a4BQRX9rQH9DMABAADAAQAAwAEAAMABAAD9sQEgBf0MAACARwAAgEcAAIBHAACAR/3mAf1q/fkBIAX9DAAAgDgAAIA4AACAOAAAgDj9P/1S/Qx7AAAAewAAAHsAAAB7AAAA/bcBIAX9DAAAgH8AAIB/AACAfwAAgH/9N/1SIARBGP2tAf0MgAAAAIAAAACAAAAAgAAAAP1O/VAgBCAE/UL9Uv0MfgAAAH4AAAB+AAAAfgAAAP0MfAAAAHwAAAB8AAAAfAAAACAA/QAEMCIE/Qz///9/////f////3////9//U4iBf0M//8PAP//DwD//w8A//8PAP2uASAFQRX9rQH9DAEAAAABAAAAAQAAAAEAAAD9Tv2uAUEV/a0B/QzAAQAAwAEAAMABAADAAQAA/bEBIAX9DAAAgEcAAIBHAACARwAAgEf95gH9av35ASAF/QwAAIA4AACAOAAAgDgAAIA4/T/9Uv0MewAAAHsAAAB7AAAAewAAAP23ASAF/QwAAIB/AACAfwAAgH8AAIB//Tf9UiAEQRj9rQH9DIAAAACAAAAAgAAAAIAAAAD9Tv1QIAQgBP1C/VL9hgH9Zv0LBAAgBkEQaiEGDAELCwsLtAYBA3sCQAJAAkACQAJAAkACQCAADgYAAQIEBQMGCyACIAEgA0ECdPwKAAAMBQtBACEAA0AgACADSARAIAIgAEECdGogASAAQQF0av0EAQBBEP2rAf0LBAAgAEEEaiEADAELCwwEC0EAIQADQCAAIANIBEAgAiAAQQJ0aiABIABBAXRq/QQBACIE/Qz/fwAA/38AAP9/AAD/fwAA/U4iBUEN/asBIgb9DAAAgH8AAIB/AACAfwAAgH/9UCAG/QwAAIB3AACAdwAAgHcAAIB3/eYBIAX9DAB8AAAAfAAAAHwAAAB8AAD9QP1SIAT9DACAAAAAgAAAAIAAAACAAAD9TkEQ/asB/VD9CwQAIABBBGohAAwBCwsMAwtBACEAA0AgACADSARAIAIgAEECdGogACABav1cAgD9iQH9qQEiBP0MfwAAAH8AAAB/AAAAfwAAAP1OIgVBFP2rASIG/QwAAIB/AACAfwAAgH8AAIB//VAgBv0MAACAewAAgHsAAIB7AACAe/3mASAF/Qx4AAAAeAAAAHgAAAB4AAAA/UD9UiAE/QyAAAAAgAAAAIAAAACAAAAA/U5BGP2rAf1Q/QsEACAAQQRqIQAMAQsLDAILQQAhAANAIAAgA0gEQCACIABBAnRq/QwAAMB/AADAfwAAwH8AAMB/IAAgAWr9XAIA/YkB/akBIgT9DH8AAAB/AAAAfwAAAH8AAAD9TiIFQRT9qwH9DAAAgHsAAIB7AACAewAAgHv95gEgBf0MfwAAAH8AAAB/AAAAfwAAAP03/VIgBP0MgAAAAIAAAACAAAAAgAAAAP1OQRj9qwH9UP0LBAAgAEEEaiEADAELCwwBC0EAIQADQCAAIANIBEAgAiAAQQJ0aiAAIAFq/VwCAP2JAf2pAUEI/asBIgT9DP9/AAD/fwAA/38AAP9/AAD9TiIFQQ39qwEiBv0MAACAfwAAgH8AAIB/AACAf/1QIAb9DAAAgHcAAIB3AACAdwAAgHf95gEgBf0MAHwAAAB8AAAAfAAAAHwAAP1A/VIgBP0MAIAAAACAAAAAgAAAAIAAAP1OQRD9qwH9UP0LBAAgAEEEaiEADAELCwsLXQEDfwNAIAYgCEoEQCAHIAhsQQJ0IgogBWohCSAAIAIgCmogCEECdCIKIANq/QkCACAJIAcQACABQQBOBEAgASAJIAQgCmr9CQIAIAkgBxAACyAIQQFqIQgMAQsLC/INAgJ7AX8CQAJAAkACQAJAAkACQAJAAkACQAJAAkACQAJAAkACQCAADg8AAQIDBAUGBwgJCgsMDQ4PC0EAIQADQCAAIARIBEAgAEECdCIHIAFq/QAEACACIAdq/QAEAP3kASEFIAMgB2r9DAAAwH8AAMB/AADAfwAAwH8gBSAFIAX9Qv1S/QsEACAAQQRqIQAMAQsLDA4LQQAhAANAIAAgBEgEQCAAQQJ0IgcgAWr9AAQAIAIgB2r9AAQA/eUBIQUgAyAHav0MAADAfwAAwH8AAMB/AADAfyAFIAUgBf1C/VL9CwQAIABBBGohAAwBCwsMDQtBACEAA0AgACAESARAIABBAnQiByABav0ABAAgAiAHav0ABAD95gEhBSADIAdq/QwAAMB/AADAfwAAwH8AAMB/IAUgBSAF/UL9Uv0LBAAgAEEEaiEADAELCwwMC0EAIQADQCAAIARIBEAgAEECdCIHIAFq/QAEACACIAdq/QAEAP3nASEFIAMgB2r9DAAAwH8AAMB/AADAfwAAwH8gBSAFIAX9Qv1S/QsEACAAQQRqIQAMAQsLDAsLQQAhAANAIAAgBEgEQCAAQQJ0IgcgAWr9AAQAIQUgAyAHav0MAADAfwAAwH8AAMB/AADAfyAFIAIgB2r9AAQAIgYgBSAG/UT9UiAFIAX9QiAGIAb9Qv1Q/VAiBSAFIAX9Qv1S/QsEACAAQQRqIQAMAQsLDAoLQQAhAANAIAAgBEgEQCAAQQJ0IgcgAWr9AAQAIQUgAyAHav0MAADAfwAAwH8AAMB/AADAfyAFIAIgB2r9AAQAIgYgBSAG/UP9UiAFIAX9QiAGIAb9Qv1Q/VAiBSAFIAX9Qv1S/QsEACAAQQRqIQAMAQsLDAkLQQAhAANAIAAgBEgEQCAAQQJ0IgcgAWr9AAQAIAIgB2r9AAQA/UH9DAAAgD8AAIA/AACAPwAAgD/9TiEFIAMgB2r9DAAAwH8AAMB/AADAfwAAwH8gBSAFIAX9Qv1S/QsEACAAQQRqIQAMAQsLDAgLQQAhAANAIAAgBEgEQCAAQQJ0IgcgAWr9AAQAIAIgB2r9AAQA/UL9DAAAgD8AAIA/AACAPwAAgD/9TiEFIAMgB2r9DAAAwH8AAMB/AADAfwAAwH8gBSAFIAX9Qv1S/QsEACAAQQRqIQAMAQsLDAcLQQAhAANAIAAgBEgEQCAAQQJ0IgcgAWr9AAQAIAIgB2r9AAQA/UP9DAAAgD8AAIA/AACAPwAAgD/9TiEFIAMgB2r9DAAAwH8AAMB/AADAfwAAwH8gBSAFIAX9Qv1S/QsEACAAQQRqIQAMAQsLDAYLQQAhAANAIAAgBEgEQCAAQQJ0IgcgAWr9AAQAIAIgB2r9AAQA/UX9DAAAgD8AAIA/AACAPwAAgD/9TiEFIAMgB2r9DAAAwH8AAMB/AADAfwAAwH8gBSAFIAX9Qv1S/QsEACAAQQRqIQAMAQsLDAULQQAhAANAIAAgBEgEQCAAQQJ0IgcgAWr9AAQAIAIgB2r9AAQA/UT9DAAAgD8AAIA/AACAPwAAgD/9TiEFIAMgB2r9DAAAwH8AAMB/AADAfwAAwH8gBSAFIAX9Qv1S/QsEACAAQQRqIQAMAQsLDAQLQQAhAANAIAAgBEgEQCAAQQJ0IgcgAWr9AAQAIAIgB2r9AAQA/Ub9DAAAgD8AAIA/AACAPwAAgD/9TiEFIAMgB2r9DAAAwH8AAMB/AADAfwAAwH8gBSAFIAX9Qv1S/QsEACAAQQRqIQAMAQsLDAMLQQAhAANAIAAgBEgEQCAAQQJ0IgcgAWr9AAQA/QwAAAAAAAAAAAAAAAAAAAAA/UIgAiAHav0ABAD9DAAAAAAAAAAAAAAAAAAAAAD9Qv1O/QwAAIA/AACAPwAAgD8AAIA//U4hBSADIAdq/QwAAMB/AADAfwAAwH8AAMB/IAUgBSAF/UL9Uv0LBAAgAEEEaiEADAELCwwCC0EAIQADQCAAIARIBEAgAEECdCIHIAFq/QAEAP0MAAAAAAAAAAAAAAAAAAAAAP1CIAIgB2r9AAQA/QwAAAAAAAAAAAAAAAAAAAAA/UL9UP0MAACAPwAAgD8AAIA/AACAP/1OIQUgAyAHav0MAADAfwAAwH8AAMB/AADAfyAFIAUgBf1C/VL9CwQAIABBBGohAAwBCwsMAQtBACEAA0AgACAESARAIABBAnQiByABav0ABAD9DAAAAAAAAAAAAAAAAAAAAAD9QiACIAdq/QAEAP0MAAAAAAAAAAAAAAAAAAAAAP1C/VH9DAAAgD8AAIA/AACAPwAAgD/9TiEFIAMgB2r9DAAAwH8AAMB/AADAfwAAwH8gBSAFIAX9Qv1S/QsEACAAQQRqIQAMAQsLCwu5FQIEewN/IABBCE4EQCAAIAEgAiADIAQgBSAGIAcQDA8LAkACQAJAAkACQAJAAkACQAJAIAAOCAABAgMEBQYHCAsgBiAGQXxxIgxr/RH9DAAAAAABAAAAAgAAAAMAAAD9OyEIQQAhAANAIAAgBUgEQCAAQQJ0IgcgAmr9CQIAIQkgAyAHav0JAgAhCiAAIAZsQQJ0IQ1BACEHA0AgByAMSARAIA0gB0ECdGoiDiABav0ABAAgCf3mASAK/eQBIQsgBCAOav0MAADAfwAAwH8AAMB/AADAfyALIAsgC/1C/VL9CwQAIAdBBGohBwwBCwsgBiAMSgRAIA0gDEECdGoiByAEaiIN/QwAAMB/AADAfwAAwH8AAMB/IAEgB2r9AAQAIAn95gEgCv3kASIJIAkgCf1C/VIgDf0ABAAgCP1S/QsEAAsgAEEBaiEADAELCwwHCyAGIAZBfHEiDGv9Ef0MAAAAAAEAAAACAAAAAwAAAP07IQhBACEAA0AgACAFSARAIABBAnQiByACav0JAgAhCSADIAdq/QkCACEKIAAgBmxBAnQhDUEAIQcDQCAHIAxIBEAgDSAHQQJ0aiIOIAFq/QAEACAJ/eYBIAr95AEiCyAL/QwAAAAAAAAAAAAAAAAAAAAA/UT9TiALIAv9Qv1QIQsgBCAOav0MAADAfwAAwH8AAMB/AADAfyALIAsgC/1C/VL9CwQAIAdBBGohBwwBCwsgBiAMSgRAIA0gDEECdGoiByAEaiIN/QwAAMB/AADAfwAAwH8AAMB/IAEgB2r9AAQAIAn95gEgCv3kASIJIAn9DAAAAAAAAAAAAAAAAAAAAAD9RP1OIAkgCf1C/VAiCSAJIAn9Qv1SIA39AAQAIAj9Uv0LBAALIABBAWohAAwBCwsMBgsgBiAGQXxxIgxr/RH9DAAAAAABAAAAAgAAAAMAAAD9OyEIQQAhAANAIAAgBUgEQCAAQQJ0IgcgAmr9CQIAIQkgAyAHav0JAgAhCiAAIAZsQQJ0IQ1BACEHA0AgByAMSARAIA0gB0ECdGoiDiABav0ABAAgCf3mASAK/eQBIgsgC/3mASELIAQgDmr9DAAAwH8AAMB/AADAfwAAwH8gCyALIAv9Qv1S/QsEACAHQQRqIQcMAQsLIAYgDEoEQCANIAxBAnRqIgcgBGoiDf0MAADAfwAAwH8AAMB/AADAfyABIAdq/QAEACAJ/eYBIAr95AEiCSAJ/eYBIgkgCSAJ/UL9UiAN/QAEACAI/VL9CwQACyAAQQFqIQAMAQsLDAULIAYgBkF8cSIMa/0R/QwAAAAAAQAAAAIAAAADAAAA/TshCEEAIQADQCAAIAVIBEAgAEECdCIHIAJq/QkCACEJIAMgB2r9CQIAIQogACAGbEECdCENQQAhBwNAIAcgDEgEQCANIAdBAnRqIg4gAWr9AAQAIAn95gEgCv3kAf3gASELIAQgDmr9DAAAwH8AAMB/AADAfwAAwH8gCyALIAv9Qv1S/QsEACAHQQRqIQcMAQsLIAYgDEoEQCANIAxBAnRqIgcgBGoiDf0MAADAfwAAwH8AAMB/AADAfyABIAdq/QAEACAJ/eYBIAr95AH94AEiCSAJIAn9Qv1SIA39AAQAIAj9Uv0LBAALIABBAWohAAwBCwsMBAsgBiAGQXxxIgxr/RH9DAAAAAABAAAAAgAAAAMAAAD9OyEIQQAhAANAIAAgBUgEQCAAQQJ0IgcgAmr9CQIAIQkgAyAHav0JAgAhCiAAIAZsQQJ0IQ1BACEHA0AgByAMSARA/QwAAIA/AACAPwAAgD8AAIA//QwAAIC/AACAvwAAgL8AAIC/IA0gB0ECdGoiDiABav0ABAAgCf3mASAK/eQBIgsgC/0MAAAAAAAAAAAAAAAAAAAAAP1D/VIgC/0MAAAAAAAAAAAAAAAAAAAAAP1E/VIhCyAEIA5q/QwAAMB/AADAfwAAwH8AAMB/IAsgCyAL/UL9Uv0LBAAgB0EEaiEHDAELCyAGIAxKBEAgDSAMQQJ0aiIHIARqIg39DAAAwH8AAMB/AADAfwAAwH/9DAAAgD8AAIA/AACAPwAAgD/9DAAAgL8AAIC/AACAvwAAgL8gASAHav0ABAAgCf3mASAK/eQBIgkgCf0MAAAAAAAAAAAAAAAAAAAAAP1D/VIgCf0MAAAAAAAAAAAAAAAAAAAAAP1E/VIiCSAJIAn9Qv1SIA39AAQAIAj9Uv0LBAALIABBAWohAAwBCwsMAwsgBiAGQXxxIgxr/RH9DAAAAAABAAAAAgAAAAMAAAD9OyEIQQAhAANAIAAgBUgEQCAAQQJ0IgcgAmr9CQIAIQkgAyAHav0JAgAhCiAAIAZsQQJ0IQ1BACEHA0AgByAMSARA/QwAAIA/AACAPwAAgD8AAIA/IA0gB0ECdGoiDiABav0ABAAgCf3mASAK/eQB/ecBIQsgBCAOav0MAADAfwAAwH8AAMB/AADAfyALIAsgC/1C/VL9CwQAIAdBBGohBwwBCwsgBiAMSgRAIA0gDEECdGoiByAEaiIN/QwAAMB/AADAfwAAwH8AAMB//QwAAIA/AACAPwAAgD8AAIA/IAEgB2r9AAQAIAn95gEgCv3kAf3nASIJIAkgCf1C/VIgDf0ABAAgCP1S/QsEAAsgAEEBaiEADAELCwwCCyAGIAZBfHEiDGv9Ef0MAAAAAAEAAAACAAAAAwAAAP07IQhBACEAA0AgACAFSARAIABBAnQiByACav0JAgAhCSADIAdq/QkCACEKIAAgBmxBAnQhDUEAIQcDQCAHIAxIBEAgDSAHQQJ0aiIOIAFq/QAEACAJ/eYBIAr95AH94wEhCyAEIA5q/QwAAMB/AADAfwAAwH8AAMB/IAsgCyAL/UL9Uv0LBAAgB0EEaiEHDAELCyAGIAxKBEAgDSAMQQJ0aiIHIARqIg39DAAAwH8AAMB/AADAfwAAwH8gASAHav0ABAAgCf3mASAK/eQB/eMBIgkgCSAJ/UL9UiAN/QAEACAI/VL9CwQACyAAQQFqIQAMAQsLDAELIAYgBkF8cSIMa/0R/QwAAAAAAQAAAAIAAAADAAAA/TshCEEAIQADQCAAIAVIBEAgAEECdCIHIAJq/QkCACEJIAMgB2r9CQIAIQogACAGbEECdCENQQAhBwNAIAcgDEgEQP0MAAAAAAAA8D8AAAAAAADwPyANIAdBAnRqIg4gAWr9AAQAIAn95gEgCv3kASIL/V/97wH98wH9Xv0MAAAAAAAA8D8AAAAAAADwPyALIAv9DQgJCgsMDQ4PCAkKCwwNDg/9X/3vAf3zAf1e/Q0AAQIDBAUGBxAREhMUFRYXIQsgBCAOav0MAADAfwAAwH8AAMB/AADAfyALIAsgC/1C/VL9CwQAIAdBBGohBwwBCwsgBiAMSgRAIA0gDEECdGoiByAEaiIN/QwAAMB/AADAfwAAwH8AAMB//QwAAAAAAADwPwAAAAAAAPA/IAEgB2r9AAQAIAn95gEgCv3kASIJ/V/97wH98wH9Xv0MAAAAAAAA8D8AAAAAAADwPyAJIAn9DQgJCgsMDQ4PCAkKCwwNDg/9X/3vAf3zAf1e/Q0AAQIDBAUGBxAREhMUFRYXIgkgCSAJ/UL9UiAN/QAEACAI/VL9CwQACyAAQQFqIQAMAQsLC0EAC3cCA38BeyAC/RMhBgNAIAEgA0oEQCAAIANBAnRq/QAEAP3gASAG/UX9Tf1TBEAgAyEEA0AgBCADQQRqIgUgASABIAVKG0gEQCAAIARBAnRqKgIAiyACX0UEQCAEDwsgBEEBaiEEDAELCwsgA0EEaiEDDAELC0F/C5f9AgIIfxN7AkACQAJAAkACQAJAAkACQAJAAkAgAEEIaw4IAAECAwQFBgcIC0EIIQAMCAtBCSEADAcLQQohAAwGC0ELIQAMBQtBDCEADAQLQQ0hAAwDC0EOIQAMAgtBDyEADAELIAYgBkF8cSIAa/0R/QwAAAAAAQAAAAIAAAADAAAA/TshEQNAIAUgCkoEQCAKQQJ0IgkgAmr9CQIAIRIgAyAJav0JAgAhEyAGIApsIgtBAnQhDEEAIQkDQCAJQQhqIABMBEAgDCAJQQJ0aiINIAFqIg79AAQAIBL95gEgE/3kASEUIA79AAQQIBL95gEgE/3kASIV/V8iEP0Mg8jJbTBf1D+DyMltMF/UP/3yAf0MAAAAAAAA4D8AAAAAAADgP/3xAf0MAAAAAAAAOEMAAAAAAAA4Q/3wASIW/QwAAAAAAAA4QwAAAAAAADhD/fEBIhcgF/3wAf0MAAAAAAAA8D8AAAAAAADwP/3wASEXIBAgF/0MAABAVPsh+T8AAEBU+yH5P/3yAf3xASAX/QwAAGAaYbTQPQAAYBphtNA9/fIB/fEBIBf9DAAAAC6KGaM7AAAALooZozv98gH98QEiFyAX/fIBIhggGP3yASIZIBn98gEhGiAVIBX9DQgJCgsMDQ4PCAkKCwwNDg/9XyIb/QyDyMltMF/UP4PIyW0wX9Q//fIB/QwAAAAAAADgPwAAAAAAAOA//fEB/QwAAAAAAAA4QwAAAAAAADhD/fABIhz9DAAAAAAAADhDAAAAAAAAOEP98QEiHSAd/fAB/QwAAAAAAADwPwAAAAAAAPA//fABIR0gGyAd/QwAAEBU+yH5PwAAQFT7Ifk//fIB/fEBIB39DAAAYBphtNA9AABgGmG00D398gH98QEgHf0MAAAALooZozsAAAAuihmjO/3yAf3xASIdIB398gEiHiAe/fIBIh8gH/3yASEgIBj9DFVVVVVVVcW/VVVVVVVVxb/98gH9DAAAAAAAAPA/AAAAAAAA8D/98AEgGP0MGqABGqABKr8aoAEaoAEqv/3yAf0MERERERERgT8RERERERGBP/3wASAZ/fIB/fABIBj9DORE9WdF5lq+5ET1Z0XmWr798gH9DDTHVqXjHcc+NMdWpeMdxz798AEgGP0MH7gz5/Pnar0fuDPn8+dqvf3yAf0MCW2oE0YS5j0JbagTRhLmPf3wASAZ/fIB/fAB/QxKrTBwx1LpPEqtMHDHUuk8IBr98gH98AEgGv3yAf3wASAX/fIBIBZBP/3LAf0MAAAAAAAAAIAAAAAAAAAAgP1R/VEgEP3sAf0MAAAAAAAAMEEAAAAAAAAwQf1L/U39UCIQ/QwA+P/////vPwD4/////+8//fIB/V4gHv0MVVVVVVVVxb9VVVVVVVXFv/3yAf0MAAAAAAAA8D8AAAAAAADwP/3wASAe/QwaoAEaoAEqvxqgARqgASq//fIB/QwRERERERGBPxEREREREYE//fABIB/98gH98AEgHv0M5ET1Z0XmWr7kRPVnReZavv3yAf0MNMdWpeMdxz40x1al4x3HPv3wASAe/QwfuDPn8+dqvR+4M+fz52q9/fIB/QwJbagTRhLmPQltqBNGEuY9/fABIB/98gH98AH9DEqtMHDHUuk8Sq0wcMdS6TwgIP3yAf3wASAg/fIB/fABIB398gEgHEE//csB/QwAAAAAAAAAgAAAAAAAAACA/VH9USAb/ewB/QwAAAAAAAAwQQAAAAAAADBB/Uv9Tf1QIhb9DAD4/////+8/APj/////7z/98gH9Xv0NAAECAwQFBgcQERITFBUWFyIXIBcgEP0MAAQAAAAA8D8ABAAAAADwP/3yAf1eIBb9DAAEAAAAAPA/AAQAAAAA8D/98gH9Xv0NAAECAwQFBgcQERITFBUWF/03/U39UCIWIBb9QiEXIBT9XyIY/QyDyMltMF/UP4PIyW0wX9Q//fIB/QwAAAAAAADgPwAAAAAAAOA//fEB/QwAAAAAAAA4QwAAAAAAADhD/fABIhn9DAAAAAAAADhDAAAAAAAAOEP98QEiECAQ/fAB/QwAAAAAAADwPwAAAAAAAPA//fABIRAgGCAQ/QwAAEBU+yH5PwAAQFT7Ifk//fIB/fEBIBD9DAAAYBphtNA9AABgGmG00D398gH98QEgEP0MAAAALooZozsAAAAuihmjO/3yAf3xASIaIBr98gEiGyAb/fIBIhwgHP3yASEdIBQgFP0NCAkKCwwNDg8ICQoLDA0OD/1fIh79DIPIyW0wX9Q/g8jJbTBf1D/98gH9DAAAAAAAAOA/AAAAAAAA4D/98QH9DAAAAAAAADhDAAAAAAAAOEP98AEiH/0MAAAAAAAAOEMAAAAAAAA4Q/3xASIQIBD98AH9DAAAAAAAAPA/AAAAAAAA8D/98AEhECAeIBD9DAAAQFT7Ifk/AABAVPsh+T/98gH98QEgEP0MAABgGmG00D0AAGAaYbTQPf3yAf3xASAQ/QwAAAAuihmjOwAAAC6KGaM7/fIB/fEBIiAgIP3yASIhICH98gEiECAQ/fIBISIgG/0MVVVVVVVVxb9VVVVVVVXFv/3yAf0MAAAAAAAA8D8AAAAAAADwP/3wASAb/QwaoAEaoAEqvxqgARqgASq//fIB/QwRERERERGBPxEREREREYE//fABIBz98gH98AEgG/0M5ET1Z0XmWr7kRPVnReZavv3yAf0MNMdWpeMdxz40x1al4x3HPv3wASAb/QwfuDPn8+dqvR+4M+fz52q9/fIB/QwJbagTRhLmPQltqBNGEuY9/fABIBz98gH98AH9DEqtMHDHUuk8Sq0wcMdS6TwgHf3yAf3wASAd/fIB/fABIBr98gEgGUE//csB/QwAAAAAAAAAgAAAAAAAAACA/VH9USAY/ewB/QwAAAAAAAAwQQAAAAAAADBB/Uv9Tf1QIhj9DAD4/////+8/APj/////7z/98gH9XiAh/QxVVVVVVVXFv1VVVVVVVcW//fIB/QwAAAAAAADwPwAAAAAAAPA//fABICH9DBqgARqgASq/GqABGqABKr/98gH9DBEREREREYE/ERERERERgT/98AEgEP3yAf3wASAh/QzkRPVnReZavuRE9WdF5lq+/fIB/Qw0x1al4x3HPjTHVqXjHcc+/fABICH9DB+4M+fz52q9H7gz5/Pnar398gH9DAltqBNGEuY9CW2oE0YS5j398AEgEP3yAf3wAf0MSq0wcMdS6TxKrTBwx1LpPCAi/fIB/fABICL98gH98AEgIP3yASAfQT/9ywH9DAAAAAAAAACAAAAAAAAAAID9Uf1RIB797AH9DAAAAAAAADBBAAAAAAAAMEH9S/1N/VAiEP0MAPj/////7z8A+P/////vP/3yAf1e/Q0AAQIDBAUGBxAREhMUFRYXIhkgGSAY/QwABAAAAADwPwAEAAAAAPA//fIB/V4gEP0MAAQAAAAA8D8ABAAAAADwP/3yAf1e/Q0AAQIDBAUGBxAREhMUFRYX/Tf9Tf1QIhAgEP1CIRggBCANaiINIBQgECAY/VL9CwQAIA0gFSAWIBf9Uv0LBBAgGCAX/VD9UwRAIAkgC2oiDUEEaiEOIBj9GwAEQCAHIAhBAnRqIA02AgAgCEEBaiEICyAY/RsBBEAgByAIQQJ0aiANQQFqNgIAIAhBAWohCAsgGP0bAgRAIAcgCEECdGogDUECajYCACAIQQFqIQgLIBj9GwMEQCAHIAhBAnRqIA1BA2o2AgAgCEEBaiEICyAX/RsABEAgByAIQQJ0aiAONgIAIAhBAWohCAsgF/0bAQRAIAcgCEECdGogDkEBajYCACAIQQFqIQgLIBf9GwIEQCAHIAhBAnRqIA5BAmo2AgAgCEEBaiEICyAX/RsDBEAgByAIQQJ0aiAOQQNqNgIAIAhBAWohCAsLIAlBCGohCQwBCwsDQCAAIAlKBEAgDCAJQQJ0aiINIAFq/QAEACAS/eYBIBP95AEiEP1fIhT9DIPIyW0wX9Q/g8jJbTBf1D/98gH9DAAAAAAAAOA/AAAAAAAA4D/98QH9DAAAAAAAADhDAAAAAAAAOEP98AEiFf0MAAAAAAAAOEMAAAAAAAA4Q/3xASIWIBb98AH9DAAAAAAAAPA/AAAAAAAA8D/98AEhFiAUIBb9DAAAQFT7Ifk/AABAVPsh+T/98gH98QEgFv0MAABgGmG00D0AAGAaYbTQPf3yAf3xASAW/QwAAAAuihmjOwAAAC6KGaM7/fIB/fEBIhYgFv3yASIXIBf98gEiGCAY/fIBIRkgECAQ/Q0ICQoLDA0ODwgJCgsMDQ4P/V8iGv0Mg8jJbTBf1D+DyMltMF/UP/3yAf0MAAAAAAAA4D8AAAAAAADgP/3xAf0MAAAAAAAAOEMAAAAAAAA4Q/3wASIb/QwAAAAAAAA4QwAAAAAAADhD/fEBIhwgHP3wAf0MAAAAAAAA8D8AAAAAAADwP/3wASEcIBogHP0MAABAVPsh+T8AAEBU+yH5P/3yAf3xASAc/QwAAGAaYbTQPQAAYBphtNA9/fIB/fEBIBz9DAAAAC6KGaM7AAAALooZozv98gH98QEiHCAc/fIBIh0gHf3yASIeIB798gEhHyAX/QxVVVVVVVXFv1VVVVVVVcW//fIB/QwAAAAAAADwPwAAAAAAAPA//fABIBf9DBqgARqgASq/GqABGqABKr/98gH9DBEREREREYE/ERERERERgT/98AEgGP3yAf3wASAX/QzkRPVnReZavuRE9WdF5lq+/fIB/Qw0x1al4x3HPjTHVqXjHcc+/fABIBf9DB+4M+fz52q9H7gz5/Pnar398gH9DAltqBNGEuY9CW2oE0YS5j398AEgGP3yAf3wAf0MSq0wcMdS6TxKrTBwx1LpPCAZ/fIB/fABIBn98gH98AEgFv3yASAVQT/9ywH9DAAAAAAAAACAAAAAAAAAAID9Uf1RIBT97AH9DAAAAAAAADBBAAAAAAAAMEH9S/1N/VAiFP0MAPj/////7z8A+P/////vP/3yAf1eIB39DFVVVVVVVcW/VVVVVVVVxb/98gH9DAAAAAAAAPA/AAAAAAAA8D/98AEgHf0MGqABGqABKr8aoAEaoAEqv/3yAf0MERERERERgT8RERERERGBP/3wASAe/fIB/fABIB39DORE9WdF5lq+5ET1Z0XmWr798gH9DDTHVqXjHcc+NMdWpeMdxz798AEgHf0MH7gz5/Pnar0fuDPn8+dqvf3yAf0MCW2oE0YS5j0JbagTRhLmPf3wASAe/fIB/fAB/QxKrTBwx1LpPEqtMHDHUuk8IB/98gH98AEgH/3yAf3wASAc/fIBIBtBP/3LAf0MAAAAAAAAAIAAAAAAAAAAgP1R/VEgGv3sAf0MAAAAAAAAMEEAAAAAAAAwQf1L/U39UCIV/QwA+P/////vPwD4/////+8//fIB/V79DQABAgMEBQYHEBESExQVFhciFiAWIBT9DAAEAAAAAPA/AAQAAAAA8D/98gH9XiAV/QwABAAAAADwPwAEAAAAAPA//fIB/V79DQABAgMEBQYHEBESExQVFhf9N/1N/VAiFCAU/UIhFSAEIA1qIBAgFCAV/VL9CwQAIBX9UwRAIAkgC2ohDSAV/RsABEAgByAIQQJ0aiANNgIAIAhBAWohCAsgFf0bAQRAIAcgCEECdGogDUEBajYCACAIQQFqIQgLIBX9GwIEQCAHIAhBAnRqIA1BAmo2AgAgCEEBaiEICyAV/RsDBEAgByAIQQJ0aiANQQNqNgIAIAhBAWohCAsLIAlBBGohCQwBCwsgACAGSARAIAwgAEECdGoiCSABav0ABAAgEv3mASAT/eQBIhD9XyIS/QyDyMltMF/UP4PIyW0wX9Q//fIB/QwAAAAAAADgPwAAAAAAAOA//fEB/QwAAAAAAAA4QwAAAAAAADhD/fABIhP9DAAAAAAAADhDAAAAAAAAOEP98QEiFCAU/fAB/QwAAAAAAADwPwAAAAAAAPA//fABIRQgEiAU/QwAAEBU+yH5PwAAQFT7Ifk//fIB/fEBIBT9DAAAYBphtNA9AABgGmG00D398gH98QEgFP0MAAAALooZozsAAAAuihmjO/3yAf3xASIUIBT98gEiFSAV/fIBIhYgFv3yASEXIBAgEP0NCAkKCwwNDg8ICQoLDA0OD/1fIhj9DIPIyW0wX9Q/g8jJbTBf1D/98gH9DAAAAAAAAOA/AAAAAAAA4D/98QH9DAAAAAAAADhDAAAAAAAAOEP98AEiGf0MAAAAAAAAOEMAAAAAAAA4Q/3xASIaIBr98AH9DAAAAAAAAPA/AAAAAAAA8D/98AEhGiAYIBr9DAAAQFT7Ifk/AABAVPsh+T/98gH98QEgGv0MAABgGmG00D0AAGAaYbTQPf3yAf3xASAa/QwAAAAuihmjOwAAAC6KGaM7/fIB/fEBIhogGv3yASIbIBv98gEiHCAc/fIBIR0gFf0MVVVVVVVVxb9VVVVVVVXFv/3yAf0MAAAAAAAA8D8AAAAAAADwP/3wASAV/QwaoAEaoAEqvxqgARqgASq//fIB/QwRERERERGBPxEREREREYE//fABIBb98gH98AEgFf0M5ET1Z0XmWr7kRPVnReZavv3yAf0MNMdWpeMdxz40x1al4x3HPv3wASAV/QwfuDPn8+dqvR+4M+fz52q9/fIB/QwJbagTRhLmPQltqBNGEuY9/fABIBb98gH98AH9DEqtMHDHUuk8Sq0wcMdS6TwgF/3yAf3wASAX/fIB/fABIBT98gEgE0E//csB/QwAAAAAAAAAgAAAAAAAAACA/VH9USAS/ewB/QwAAAAAAAAwQQAAAAAAADBB/Uv9Tf1QIhL9DAD4/////+8/APj/////7z/98gH9XiAb/QxVVVVVVVXFv1VVVVVVVcW//fIB/QwAAAAAAADwPwAAAAAAAPA//fABIBv9DBqgARqgASq/GqABGqABKr/98gH9DBEREREREYE/ERERERERgT/98AEgHP3yAf3wASAb/QzkRPVnReZavuRE9WdF5lq+/fIB/Qw0x1al4x3HPjTHVqXjHcc+/fABIBv9DB+4M+fz52q9H7gz5/Pnar398gH9DAltqBNGEuY9CW2oE0YS5j398AEgHP3yAf3wAf0MSq0wcMdS6TxKrTBwx1LpPCAd/fIB/fABIB398gH98AEgGv3yASAZQT/9ywH9DAAAAAAAAACAAAAAAAAAAID9Uf1RIBj97AH9DAAAAAAAADBBAAAAAAAAMEH9S/1N/VAiE/0MAPj/////7z8A+P/////vP/3yAf1e/Q0AAQIDBAUGBxAREhMUFRYXIhQgFCAS/QwABAAAAADwPwAEAAAAAPA//fIB/V4gE/0MAAQAAAAA8D8ABAAAAADwP/3yAf1e/Q0AAQIDBAUGBxAREhMUFRYX/Tf9Tf1QIhIgEv1CIBH9TiETIAQgCWoiCSAQIBIgE/1SIAn9AAQAIBH9Uv0LBAAgE/1TBEAgACALaiEJIBP9GwAEQCAHIAhBAnRqIAk2AgAgCEEBaiEICyAT/RsBBEAgByAIQQJ0aiAJQQFqNgIAIAhBAWohCAsgE/0bAgRAIAcgCEECdGogCUECajYCACAIQQFqIQgLIBP9GwMEfyAHIAhBAnRqIAlBA2o2AgAgCEEBagUgCAshCAsLIApBAWohCgwBCwsgCA8LIAYgBkF8cSILa/0R/QwAAAAAAQAAAAIAAAADAAAA/TshEANAIAUgCkoEQCAKQQJ0IgkgAmr9CQIAIREgAyAJav0JAgAhEiAGIApsIgxBAnQhDUEAIQkDQCAJQQhqIAtMBEAgDSAJQQJ0aiIOIAFqIg/9AAQAIBH95gEgEv3kASETIA/9AAQQIBH95gEgEv3kASEUIBP9XyEVAnsCQAJAAkACQAJAAkACQAJAAkAgAEEIaw4IAAECAwQFBgcICyAV/QwAAAAAAABawAAAAAAAAFrA/fcB/QwAAAAAAABaQAAAAAAAAFpA/fYBIhX9DP6CK2VHFfc//oIrZUcV9z/98gH9DP8DAAAAADhD/wMAAAAAOEP98AEiFv0M/wMAAAAAOEP/AwAAAAA4Q/3xASEXIBUgF/0MAADg/kIu5j8AAOD+Qi7mP/3yAf3xASAX/QwAAGA17znqPQAAYDXvOeo9/fIB/fEBIhUgFf3yASIXIBf98gEhGCAV/QwAAAAAAADwPwAAAAAAAPA//fIB/QwAAAAAAADwPwAAAAAAAPA//fABIBX9DFVVVVVVVcU/VVVVVVVVxT/98gH9DAAAAAAAAOA/AAAAAAAA4D/98AEgF/3yAf3wASAV/QwRERERERGBPxEREREREYE//fIB/QxVVVVVVVWlP1VVVVVVVaU//fABIBX9DBqgARqgASo/GqABGqABKj/98gH9DBdswRZswVY/F2zBFmzBVj/98AEgF/3yAf3wASAV/Qw0x1al4x3HPjTHVqXjHcc+/fIB/QwaoAEaoAH6PhqgARqgAfo+/fAB/Qxcn3i3T36SPlyfeLdPfpI+IBf98gH98AEgGP3yAf3wASAY/fIB/fABIBZBNP3LAf3yAQwICyAV/e0B/QwAAAAAAABJwAAAAAAAAEnA/fcB/QwAAAAAAABaQAAAAAAAAFpA/fYBIhX9DP6CK2VHFfc//oIrZUcV9z/98gH9DP8DAAAAADhD/wMAAAAAOEP98AEiFv0M/wMAAAAAOEP/AwAAAAA4Q/3xASEXIBUgF/0MAADg/kIu5j8AAOD+Qi7mP/3yAf3xASAX/QwAAGA17znqPQAAYDXvOeo9/fIB/fEBIhUgFf3yASIXIBf98gEhGP0MAAAAAAAA8D8AAAAAAADwP/0MAAAAAAAA8D8AAAAAAADwPyAV/QwAAAAAAADwPwAAAAAAAPA//fIB/QwAAAAAAADwPwAAAAAAAPA//fABIBX9DFVVVVVVVcU/VVVVVVVVxT/98gH9DAAAAAAAAOA/AAAAAAAA4D/98AEgF/3yAf3wASAV/QwRERERERGBPxEREREREYE//fIB/QxVVVVVVVWlP1VVVVVVVaU//fABIBX9DBqgARqgASo/GqABGqABKj/98gH9DBdswRZswVY/F2zBFmzBVj/98AEgF/3yAf3wASAV/Qw0x1al4x3HPjTHVqXjHcc+/fIB/QwaoAEaoAH6PhqgARqgAfo+/fAB/Qxcn3i3T36SPlyfeLdPfpI+IBf98gH98AEgGP3yAf3wASAY/fIB/fABIBZBNP3LAf3yAf3wAf3zAQwHCyAV/e0BIhb9DAAAAAAAAEnAAAAAAAAAScD99wH9DAAAAAAAgFtAAAAAAACAW0D99gEiF/0M/oIrZUcV9z/+gitlRxX3P/3yAf0M/wMAAAAAOEP/AwAAAAA4Q/3wASIY/Qz/AwAAAAA4Q/8DAAAAADhD/fEBIRkgFyAZ/QwAAOD+Qi7mPwAA4P5CLuY//fIB/fEBIBn9DAAAYDXvOeo9AABgNe856j398gH98QEiFyAX/fIBIhkgGf3yASEa/QwAAAAAAAAAgAAAAAAAAACAIBX9DAAAAAAAAPA/AAAAAAAA8D8gF/0MAAAAAAAA8D8AAAAAAADwP/3yAf0MAAAAAAAA8D8AAAAAAADwP/3wASAX/QxVVVVVVVXFP1VVVVVVVcU//fIB/QwAAAAAAADgPwAAAAAAAOA//fABIBn98gH98AEgF/0MERERERERgT8RERERERGBP/3yAf0MVVVVVVVVpT9VVVVVVVWlP/3wASAX/QwaoAEaoAEqPxqgARqgASo//fIB/QwXbMEWbMFWPxdswRZswVY//fABIBn98gH98AEgF/0MNMdWpeMdxz40x1al4x3HPv3yAf0MGqABGqAB+j4aoAEaoAH6Pv3wAf0MXJ94t09+kj5cn3i3T36SPiAZ/fIB/fABIBr98gH98AEgGv3yAf3wASAYQTT9ywH98gH98AH98wEgFv0MAAAAAACAW0AAAAAAAIBbQP1K/VIgFf3sAf0MAAAAAAAA8H8AAAAAAADwf/1J/U39UAwGC/0MAAAAAAAAAMAAAAAAAAAAwP0MUTbUM0WI6T9RNtQzRYjpPyAV/Qz3AUht4uSmP/cBSG3i5KY/IBX98gEgFf3yASAV/fIB/fAB/fIB/fIBIhb9DAAAAAAAAEnAAAAAAAAAScD99wH9DAAAAAAAgFtAAAAAAACAW0D99gEiF/0M/oIrZUcV9z/+gitlRxX3P/3yAf0M/wMAAAAAOEP/AwAAAAA4Q/3wASIY/Qz/AwAAAAA4Q/8DAAAAADhD/fEBIRkgFyAZ/QwAAOD+Qi7mPwAA4P5CLuY//fIB/fEBIBn9DAAAYDXvOeo9AABgNe856j398gH98QEiFyAX/fIBIhkgGf3yASEa/QwAAAAAAAAAgAAAAAAAAACAIBX9DAAAAAAAAPA/AAAAAAAA8D8gF/0MAAAAAAAA8D8AAAAAAADwP/3yAf0MAAAAAAAA8D8AAAAAAADwP/3wASAX/QxVVVVVVVXFP1VVVVVVVcU//fIB/QwAAAAAAADgPwAAAAAAAOA//fABIBn98gH98AEgF/0MERERERERgT8RERERERGBP/3yAf0MVVVVVVVVpT9VVVVVVVWlP/3wASAX/QwaoAEaoAEqPxqgARqgASo//fIB/QwXbMEWbMFWPxdswRZswVY//fABIBn98gH98AEgF/0MNMdWpeMdxz40x1al4x3HPv3yAf0MGqABGqAB+j4aoAEaoAH6Pv3wAf0MXJ94t09+kj5cn3i3T36SPiAZ/fIB/fABIBr98gH98AEgGv3yAf3wASAYQTT9ywH98gH98AH98wEgFv0MAAAAAACAW0AAAAAAAIBbQP1K/VIgFf3sAf0MAAAAAAAA8H8AAAAAAADwf/1J/U39UAwFCyAV/ewB/QwAAAAAAAAkQAAAAAAAACRA/fYBIhYgFv3wASIW/Qz+gitlRxX3P/6CK2VHFfc//fIB/Qz/AwAAAAA4Q/8DAAAAADhD/fABIhf9DP8DAAAAADhD/wMAAAAAOEP98QEhGCAWIBj9DAAA4P5CLuY/AADg/kIu5j/98gH98QEgGP0MAABgNe856j0AAGA17znqPf3yAf3xASIWIBb98gEiGCAY/fIBIRkgFv0MAAAAAAAA4D8AAAAAAADgP/3yAf0MAAAAAAAA8D8AAAAAAADwP/3wASAW/QxVVVVVVVWlP1VVVVVVVaU//fIB/QxVVVVVVVXFP1VVVVVVVcU//fABIBj98gH98AEgFv0MF2zBFmzBVj8XbMEWbMFWP/3yAf0MERERERERgT8RERERERGBP/3wASAW/QwaoAEaoAH6PhqgARqgAfo+/fIB/QwaoAEaoAEqPxqgARqgASo//fABIBj98gH98AEgFv0MXJ94t09+kj5cn3i3T36SPv3yAf0MNMdWpeMdxz40x1al4x3HPv3wAf0M5ET1Z0XmWj7kRPVnReZaPiAY/fIB/fABIBn98gH98AEgGf3yAf3wASAW/fIBIBdBNP3LASIW/fIBIBb9DAAAAAAAAPA/AAAAAAAA8D/98QH98AEiFiAW/QwAAAAAAAAAQAAAAAAAAABA/fAB/fMBIBX9DAAAAAAAAACAAAAAAAAAAID9Tv1QDAQLIBX97AH9DAAAAAAAAFpAAAAAAAAAWkD99gH97QEiFv0M/oIrZUcV9z/+gitlRxX3P/3yAf0M/wMAAAAAOEP/AwAAAAA4Q/3wASIX/Qz/AwAAAAA4Q/8DAAAAADhD/fEBIRggFiAY/QwAAOD+Qi7mPwAA4P5CLuY//fIB/fEBIBj9DAAAYDXvOeo9AABgNe856j398gH98QEiFiAW/fIBIhggGP3yASEZIBb9DAAAAAAAAPA/AAAAAAAA8D/98gH9DAAAAAAAAPA/AAAAAAAA8D/98AEgFv0MVVVVVVVVxT9VVVVVVVXFP/3yAf0MAAAAAAAA4D8AAAAAAADgP/3wASAY/fIB/fABIBb9DBEREREREYE/ERERERERgT/98gH9DFVVVVVVVaU/VVVVVVVVpT/98AEgFv0MGqABGqABKj8aoAEaoAEqP/3yAf0MF2zBFmzBVj8XbMEWbMFWP/3wASAY/fIB/fABIBb9DDTHVqXjHcc+NMdWpeMdxz798gH9DBqgARqgAfo+GqABGqAB+j798AH9DFyfeLdPfpI+XJ94t09+kj4gGP3yAf3wASAZ/fIB/fABIBn98gH98AEgF0E0/csB/fIBIhYgFv0MAAAAAAAAAEAAAAAAAAAAQP3wAf3zASIWIBb98gEiFyAX/fIBIhggGP3yASEZ/QwAAAAAAAAAAAAAAAAAAAAAIBX99wEgFiAW/fABIBf9DFVVVVVVVdU/VVVVVVVV1T/98gH9DAAAAAAAAPA/AAAAAAAA8D/98AEgF/0MkiRJkiRJwj+SJEmSJEnCP/3yAf0MmpmZmZmZyT+amZmZmZnJP/3wASAY/fIB/fABIBf9DEYXXXTRRbc/RhdddNFFtz/98gH9DBzHcRzHcbw/HMdxHMdxvD/98AEgF/0MERERERERsT8RERERERGxP/3yAf0MFDuxEzuxsz8UO7ETO7GzP/3wASAY/fIB/fABIBf9DCivobyG8qo/KK+hvIbyqj/98gH9DB4eHh4eHq4/Hh4eHh4erj/98AEgF/0MZCELWchCpj9kIQtZyEKmP/3yAf0MGIZhGIZhqD8YhmEYhmGoP/3wASAY/fIB/fAB/Qx7FK5H4XqkP3sUrkfheqQ/IBn98gH98AEgGf3yAf3wASAZ/fIB/fAB/fIB/fABDAMLIBUgFf0MzTt/Zp6g5j/NO39mnqDmP/3RAUE0/cwBIhZBNP3LAf3RASIX/QwAAAAAAADwPwAAAAAAAPA//fEBIBf9DAAAAAAAAPA/AAAAAAAA8D/98AH98wEiFyAX/fIBIhggGP3yASIZIBn98gEhGiAW/QwAAAAAAAA4QwAAAAAAADhD/c4B/QwAAAAAAAA4QwAAAAAAADhD/fEB/QzvOfr+Qi7mP+85+v5CLuY//fIBIBcgF/3wASAY/QxVVVVVVVXVP1VVVVVVVdU//fIB/QwAAAAAAADwPwAAAAAAAPA//fABIBj9DJIkSZIkScI/kiRJkiRJwj/98gH9DJqZmZmZmck/mpmZmZmZyT/98AEgGf3yAf3wASAY/QxGF1100UW3P0YXXXTRRbc//fIB/Qwcx3Ecx3G8PxzHcRzHcbw//fABIBj9DBEREREREbE/ERERERERsT/98gH9DBQ7sRM7sbM/FDuxEzuxsz/98AEgGf3yAf3wAf0MHh4eHh4erj8eHh4eHh6uPyAa/fIB/fABIBr98gH98AH98gH98AEgFf0MAAAAAAAAAAAAAAAAAAAAAP1KIBX9DAAAAAAAAPB/AAAAAAAA8H/9Sf1O/U39UAwCCyAVIBX9DIPIyW0wX9Q/g8jJbTBf1D/98gH9DAAAAAAAADhDAAAAAAAAOEP98AEiFv0MAAAAAAAAOEMAAAAAAAA4Q/3xASIXIBf98AEiF/0MAABAVPsh+T8AAEBU+yH5P/3yAf3xASAX/QwAAGAaYbTQPQAAYBphtNA9/fIB/fEBIBf9DAAAAC6KGaM7AAAALooZozv98gH98QEiFyAX/fIBIhggGP3yASIZIBn98gEhGiAY/QxVVVVVVVXFv1VVVVVVVcW//fIB/QwAAAAAAADwPwAAAAAAAPA//fABIBj9DBqgARqgASq/GqABGqABKr/98gH9DBEREREREYE/ERERERERgT/98AEgGf3yAf3wASAY/QzkRPVnReZavuRE9WdF5lq+/fIB/Qw0x1al4x3HPjTHVqXjHcc+/fABIBj9DB+4M+fz52q9H7gz5/Pnar398gH9DAltqBNGEuY9CW2oE0YS5j398AEgGf3yAf3wAf0MSq0wcMdS6TxKrTBwx1LpPCAa/fIB/fABIBr98gH98AEgF/3yASAWQT/9ywH9USAV/ewB/QwAAAAAAAAwQQAAAAAAADBB/Uv9Tf1QDAELIBUgFf0Mg8jJbTBf1D+DyMltMF/UP/3yAf0MAAAAAAAA4D8AAAAAAADgP/3xAf0MAAAAAAAAOEMAAAAAAAA4Q/3wASIW/QwAAAAAAAA4QwAAAAAAADhD/fEBIhcgF/3wAf0MAAAAAAAA8D8AAAAAAADwP/3wASIX/QwAAEBU+yH5PwAAQFT7Ifk//fIB/fEBIBf9DAAAYBphtNA9AABgGmG00D398gH98QEgF/0MAAAALooZozsAAAAuihmjO/3yAf3xASIXIBf98gEiGCAY/fIBIhkgGf3yASEaIBj9DFVVVVVVVcW/VVVVVVVVxb/98gH9DAAAAAAAAPA/AAAAAAAA8D/98AEgGP0MGqABGqABKr8aoAEaoAEqv/3yAf0MERERERERgT8RERERERGBP/3wASAZ/fIB/fABIBj9DORE9WdF5lq+5ET1Z0XmWr798gH9DDTHVqXjHcc+NMdWpeMdxz798AEgGP0MH7gz5/Pnar0fuDPn8+dqvf3yAf0MCW2oE0YS5j0JbagTRhLmPf3wASAZ/fIB/fAB/QxKrTBwx1LpPEqtMHDHUuk8IBr98gH98AEgGv3yAf3wASAX/fIBIBZBP/3LAf0MAAAAAAAAAIAAAAAAAAAAgP1R/VEgFf3sAf0MAAAAAAAAMEEAAAAAAAAwQf1L/U39UAshFSATIBP9DQgJCgsMDQ4PCAkKCwwNDg/9XyEWAnsCQAJAAkACQAJAAkACQAJAAkAgAEEIaw4IAAECAwQFBgcICyAW/QwAAAAAAABawAAAAAAAAFrA/fcB/QwAAAAAAABaQAAAAAAAAFpA/fYBIhb9DP6CK2VHFfc//oIrZUcV9z/98gH9DP8DAAAAADhD/wMAAAAAOEP98AEiF/0M/wMAAAAAOEP/AwAAAAA4Q/3xASEYIBYgGP0MAADg/kIu5j8AAOD+Qi7mP/3yAf3xASAY/QwAAGA17znqPQAAYDXvOeo9/fIB/fEBIhYgFv3yASIYIBj98gEhGSAW/QwAAAAAAADwPwAAAAAAAPA//fIB/QwAAAAAAADwPwAAAAAAAPA//fABIBb9DFVVVVVVVcU/VVVVVVVVxT/98gH9DAAAAAAAAOA/AAAAAAAA4D/98AEgGP3yAf3wASAW/QwRERERERGBPxEREREREYE//fIB/QxVVVVVVVWlP1VVVVVVVaU//fABIBb9DBqgARqgASo/GqABGqABKj/98gH9DBdswRZswVY/F2zBFmzBVj/98AEgGP3yAf3wASAW/Qw0x1al4x3HPjTHVqXjHcc+/fIB/QwaoAEaoAH6PhqgARqgAfo+/fAB/Qxcn3i3T36SPlyfeLdPfpI+IBj98gH98AEgGf3yAf3wASAZ/fIB/fABIBdBNP3LAf3yAQwICyAW/e0B/QwAAAAAAABJwAAAAAAAAEnA/fcB/QwAAAAAAABaQAAAAAAAAFpA/fYBIhb9DP6CK2VHFfc//oIrZUcV9z/98gH9DP8DAAAAADhD/wMAAAAAOEP98AEiF/0M/wMAAAAAOEP/AwAAAAA4Q/3xASEYIBYgGP0MAADg/kIu5j8AAOD+Qi7mP/3yAf3xASAY/QwAAGA17znqPQAAYDXvOeo9/fIB/fEBIhYgFv3yASIYIBj98gEhGf0MAAAAAAAA8D8AAAAAAADwP/0MAAAAAAAA8D8AAAAAAADwPyAW/QwAAAAAAADwPwAAAAAAAPA//fIB/QwAAAAAAADwPwAAAAAAAPA//fABIBb9DFVVVVVVVcU/VVVVVVVVxT/98gH9DAAAAAAAAOA/AAAAAAAA4D/98AEgGP3yAf3wASAW/QwRERERERGBPxEREREREYE//fIB/QxVVVVVVVWlP1VVVVVVVaU//fABIBb9DBqgARqgASo/GqABGqABKj/98gH9DBdswRZswVY/F2zBFmzBVj/98AEgGP3yAf3wASAW/Qw0x1al4x3HPjTHVqXjHcc+/fIB/QwaoAEaoAH6PhqgARqgAfo+/fAB/Qxcn3i3T36SPlyfeLdPfpI+IBj98gH98AEgGf3yAf3wASAZ/fIB/fABIBdBNP3LAf3yAf3wAf3zAQwHCyAW/e0BIhf9DAAAAAAAAEnAAAAAAAAAScD99wH9DAAAAAAAgFtAAAAAAACAW0D99gEiGP0M/oIrZUcV9z/+gitlRxX3P/3yAf0M/wMAAAAAOEP/AwAAAAA4Q/3wASIZ/Qz/AwAAAAA4Q/8DAAAAADhD/fEBIRogGCAa/QwAAOD+Qi7mPwAA4P5CLuY//fIB/fEBIBr9DAAAYDXvOeo9AABgNe856j398gH98QEiGCAY/fIBIhogGv3yASEb/QwAAAAAAAAAgAAAAAAAAACAIBb9DAAAAAAAAPA/AAAAAAAA8D8gGP0MAAAAAAAA8D8AAAAAAADwP/3yAf0MAAAAAAAA8D8AAAAAAADwP/3wASAY/QxVVVVVVVXFP1VVVVVVVcU//fIB/QwAAAAAAADgPwAAAAAAAOA//fABIBr98gH98AEgGP0MERERERERgT8RERERERGBP/3yAf0MVVVVVVVVpT9VVVVVVVWlP/3wASAY/QwaoAEaoAEqPxqgARqgASo//fIB/QwXbMEWbMFWPxdswRZswVY//fABIBr98gH98AEgGP0MNMdWpeMdxz40x1al4x3HPv3yAf0MGqABGqAB+j4aoAEaoAH6Pv3wAf0MXJ94t09+kj5cn3i3T36SPiAa/fIB/fABIBv98gH98AEgG/3yAf3wASAZQTT9ywH98gH98AH98wEgF/0MAAAAAACAW0AAAAAAAIBbQP1K/VIgFv3sAf0MAAAAAAAA8H8AAAAAAADwf/1J/U39UAwGC/0MAAAAAAAAAMAAAAAAAAAAwP0MUTbUM0WI6T9RNtQzRYjpPyAW/Qz3AUht4uSmP/cBSG3i5KY/IBb98gEgFv3yASAW/fIB/fAB/fIB/fIBIhf9DAAAAAAAAEnAAAAAAAAAScD99wH9DAAAAAAAgFtAAAAAAACAW0D99gEiGP0M/oIrZUcV9z/+gitlRxX3P/3yAf0M/wMAAAAAOEP/AwAAAAA4Q/3wASIZ/Qz/AwAAAAA4Q/8DAAAAADhD/fEBIRogGCAa/QwAAOD+Qi7mPwAA4P5CLuY//fIB/fEBIBr9DAAAYDXvOeo9AABgNe856j398gH98QEiGCAY/fIBIhogGv3yASEb/QwAAAAAAAAAgAAAAAAAAACAIBb9DAAAAAAAAPA/AAAAAAAA8D8gGP0MAAAAAAAA8D8AAAAAAADwP/3yAf0MAAAAAAAA8D8AAAAAAADwP/3wASAY/QxVVVVVVVXFP1VVVVVVVcU//fIB/QwAAAAAAADgPwAAAAAAAOA//fABIBr98gH98AEgGP0MERERERERgT8RERERERGBP/3yAf0MVVVVVVVVpT9VVVVVVVWlP/3wASAY/QwaoAEaoAEqPxqgARqgASo//fIB/QwXbMEWbMFWPxdswRZswVY//fABIBr98gH98AEgGP0MNMdWpeMdxz40x1al4x3HPv3yAf0MGqABGqAB+j4aoAEaoAH6Pv3wAf0MXJ94t09+kj5cn3i3T36SPiAa/fIB/fABIBv98gH98AEgG/3yAf3wASAZQTT9ywH98gH98AH98wEgF/0MAAAAAACAW0AAAAAAAIBbQP1K/VIgFv3sAf0MAAAAAAAA8H8AAAAAAADwf/1J/U39UAwFCyAW/ewB/QwAAAAAAAAkQAAAAAAAACRA/fYBIhcgF/3wASIX/Qz+gitlRxX3P/6CK2VHFfc//fIB/Qz/AwAAAAA4Q/8DAAAAADhD/fABIhj9DP8DAAAAADhD/wMAAAAAOEP98QEhGSAXIBn9DAAA4P5CLuY/AADg/kIu5j/98gH98QEgGf0MAABgNe856j0AAGA17znqPf3yAf3xASIXIBf98gEiGSAZ/fIBIRogF/0MAAAAAAAA4D8AAAAAAADgP/3yAf0MAAAAAAAA8D8AAAAAAADwP/3wASAX/QxVVVVVVVWlP1VVVVVVVaU//fIB/QxVVVVVVVXFP1VVVVVVVcU//fABIBn98gH98AEgF/0MF2zBFmzBVj8XbMEWbMFWP/3yAf0MERERERERgT8RERERERGBP/3wASAX/QwaoAEaoAH6PhqgARqgAfo+/fIB/QwaoAEaoAEqPxqgARqgASo//fABIBn98gH98AEgF/0MXJ94t09+kj5cn3i3T36SPv3yAf0MNMdWpeMdxz40x1al4x3HPv3wAf0M5ET1Z0XmWj7kRPVnReZaPiAZ/fIB/fABIBr98gH98AEgGv3yAf3wASAX/fIBIBhBNP3LASIX/fIBIBf9DAAAAAAAAPA/AAAAAAAA8D/98QH98AEiFyAX/QwAAAAAAAAAQAAAAAAAAABA/fAB/fMBIBb9DAAAAAAAAACAAAAAAAAAAID9Tv1QDAQLIBb97AH9DAAAAAAAAFpAAAAAAAAAWkD99gH97QEiF/0M/oIrZUcV9z/+gitlRxX3P/3yAf0M/wMAAAAAOEP/AwAAAAA4Q/3wASIY/Qz/AwAAAAA4Q/8DAAAAADhD/fEBIRkgFyAZ/QwAAOD+Qi7mPwAA4P5CLuY//fIB/fEBIBn9DAAAYDXvOeo9AABgNe856j398gH98QEiFyAX/fIBIhkgGf3yASEaIBf9DAAAAAAAAPA/AAAAAAAA8D/98gH9DAAAAAAAAPA/AAAAAAAA8D/98AEgF/0MVVVVVVVVxT9VVVVVVVXFP/3yAf0MAAAAAAAA4D8AAAAAAADgP/3wASAZ/fIB/fABIBf9DBEREREREYE/ERERERERgT/98gH9DFVVVVVVVaU/VVVVVVVVpT/98AEgF/0MGqABGqABKj8aoAEaoAEqP/3yAf0MF2zBFmzBVj8XbMEWbMFWP/3wASAZ/fIB/fABIBf9DDTHVqXjHcc+NMdWpeMdxz798gH9DBqgARqgAfo+GqABGqAB+j798AH9DFyfeLdPfpI+XJ94t09+kj4gGf3yAf3wASAa/fIB/fABIBr98gH98AEgGEE0/csB/fIBIhcgF/0MAAAAAAAAAEAAAAAAAAAAQP3wAf3zASIXIBf98gEiGCAY/fIBIhkgGf3yASEa/QwAAAAAAAAAAAAAAAAAAAAAIBb99wEgFyAX/fABIBj9DFVVVVVVVdU/VVVVVVVV1T/98gH9DAAAAAAAAPA/AAAAAAAA8D/98AEgGP0MkiRJkiRJwj+SJEmSJEnCP/3yAf0MmpmZmZmZyT+amZmZmZnJP/3wASAZ/fIB/fABIBj9DEYXXXTRRbc/RhdddNFFtz/98gH9DBzHcRzHcbw/HMdxHMdxvD/98AEgGP0MERERERERsT8RERERERGxP/3yAf0MFDuxEzuxsz8UO7ETO7GzP/3wASAZ/fIB/fABIBj9DCivobyG8qo/KK+hvIbyqj/98gH9DB4eHh4eHq4/Hh4eHh4erj/98AEgGP0MZCELWchCpj9kIQtZyEKmP/3yAf0MGIZhGIZhqD8YhmEYhmGoP/3wASAZ/fIB/fAB/Qx7FK5H4XqkP3sUrkfheqQ/IBr98gH98AEgGv3yAf3wASAa/fIB/fAB/fIB/fABDAMLIBYgFv0MzTt/Zp6g5j/NO39mnqDmP/3RAUE0/cwBIhdBNP3LAf3RASIY/QwAAAAAAADwPwAAAAAAAPA//fEBIBj9DAAAAAAAAPA/AAAAAAAA8D/98AH98wEiGCAY/fIBIhkgGf3yASIaIBr98gEhGyAX/QwAAAAAAAA4QwAAAAAAADhD/c4B/QwAAAAAAAA4QwAAAAAAADhD/fEB/QzvOfr+Qi7mP+85+v5CLuY//fIBIBggGP3wASAZ/QxVVVVVVVXVP1VVVVVVVdU//fIB/QwAAAAAAADwPwAAAAAAAPA//fABIBn9DJIkSZIkScI/kiRJkiRJwj/98gH9DJqZmZmZmck/mpmZmZmZyT/98AEgGv3yAf3wASAZ/QxGF1100UW3P0YXXXTRRbc//fIB/Qwcx3Ecx3G8PxzHcRzHcbw//fABIBn9DBEREREREbE/ERERERERsT/98gH9DBQ7sRM7sbM/FDuxEzuxsz/98AEgGv3yAf3wAf0MHh4eHh4erj8eHh4eHh6uPyAb/fIB/fABIBv98gH98AH98gH98AEgFv0MAAAAAAAAAAAAAAAAAAAAAP1KIBb9DAAAAAAAAPB/AAAAAAAA8H/9Sf1O/U39UAwCCyAWIBb9DIPIyW0wX9Q/g8jJbTBf1D/98gH9DAAAAAAAADhDAAAAAAAAOEP98AEiF/0MAAAAAAAAOEMAAAAAAAA4Q/3xASIYIBj98AEiGP0MAABAVPsh+T8AAEBU+yH5P/3yAf3xASAY/QwAAGAaYbTQPQAAYBphtNA9/fIB/fEBIBj9DAAAAC6KGaM7AAAALooZozv98gH98QEiGCAY/fIBIhkgGf3yASIaIBr98gEhGyAZ/QxVVVVVVVXFv1VVVVVVVcW//fIB/QwAAAAAAADwPwAAAAAAAPA//fABIBn9DBqgARqgASq/GqABGqABKr/98gH9DBEREREREYE/ERERERERgT/98AEgGv3yAf3wASAZ/QzkRPVnReZavuRE9WdF5lq+/fIB/Qw0x1al4x3HPjTHVqXjHcc+/fABIBn9DB+4M+fz52q9H7gz5/Pnar398gH9DAltqBNGEuY9CW2oE0YS5j398AEgGv3yAf3wAf0MSq0wcMdS6TxKrTBwx1LpPCAb/fIB/fABIBv98gH98AEgGP3yASAXQT/9ywH9USAW/ewB/QwAAAAAAAAwQQAAAAAAADBB/Uv9Tf1QDAELIBYgFv0Mg8jJbTBf1D+DyMltMF/UP/3yAf0MAAAAAAAA4D8AAAAAAADgP/3xAf0MAAAAAAAAOEMAAAAAAAA4Q/3wASIX/QwAAAAAAAA4QwAAAAAAADhD/fEBIhggGP3wAf0MAAAAAAAA8D8AAAAAAADwP/3wASIY/QwAAEBU+yH5PwAAQFT7Ifk//fIB/fEBIBj9DAAAYBphtNA9AABgGmG00D398gH98QEgGP0MAAAALooZozsAAAAuihmjO/3yAf3xASIYIBj98gEiGSAZ/fIBIhogGv3yASEbIBn9DFVVVVVVVcW/VVVVVVVVxb/98gH9DAAAAAAAAPA/AAAAAAAA8D/98AEgGf0MGqABGqABKr8aoAEaoAEqv/3yAf0MERERERERgT8RERERERGBP/3wASAa/fIB/fABIBn9DORE9WdF5lq+5ET1Z0XmWr798gH9DDTHVqXjHcc+NMdWpeMdxz798AEgGf0MH7gz5/Pnar0fuDPn8+dqvf3yAf0MCW2oE0YS5j0JbagTRhLmPf3wASAa/fIB/fAB/QxKrTBwx1LpPEqtMHDHUuk8IBv98gH98AEgG/3yAf3wASAY/fIBIBdBP/3LAf0MAAAAAAAAAIAAAAAAAAAAgP1R/VEgFv3sAf0MAAAAAAAAMEEAAAAAAAAwQf1L/U39UAshFiAVRAAAAAAAAPA/AnwCQAJAAkACQAJAIABBDGsOBQAEAQIDBAtEAAAAAAAAYD0MBAtEAAAAAAAAID0MAwtEAAAAAAAAUD0MAgtEAAAAAAAAUD0MAQtEAAAAAAAAkD0Lof0UIhf98gH9XiAWIBf98gH9Xv0NAAECAwQFBgcQERITFBUWFyIXIBcgFQJ8AkACQAJAAkACQCAAQQxrDgUABAECAwQLRAAAAAAAAGA9DAQLRAAAAAAAACA9DAMLRAAAAAAAAFA9DAILRAAAAAAAAFA9DAELRAAAAAAAAJA9C0QAAAAAAADwP6D9FCIV/fIB/V4gFiAV/fIB/V79DQABAgMEBQYHEBESExQVFhf9N/1N/VAhFSAU/V8hFgJ7AkACQAJAAkACQAJAAkACQAJAIABBCGsOCAABAgMEBQYHCAsgFv0MAAAAAAAAWsAAAAAAAABawP33Af0MAAAAAAAAWkAAAAAAAABaQP32ASIW/Qz+gitlRxX3P/6CK2VHFfc//fIB/Qz/AwAAAAA4Q/8DAAAAADhD/fABIhf9DP8DAAAAADhD/wMAAAAAOEP98QEhGCAWIBj9DAAA4P5CLuY/AADg/kIu5j/98gH98QEgGP0MAABgNe856j0AAGA17znqPf3yAf3xASIWIBb98gEiGCAY/fIBIRkgFv0MAAAAAAAA8D8AAAAAAADwP/3yAf0MAAAAAAAA8D8AAAAAAADwP/3wASAW/QxVVVVVVVXFP1VVVVVVVcU//fIB/QwAAAAAAADgPwAAAAAAAOA//fABIBj98gH98AEgFv0MERERERERgT8RERERERGBP/3yAf0MVVVVVVVVpT9VVVVVVVWlP/3wASAW/QwaoAEaoAEqPxqgARqgASo//fIB/QwXbMEWbMFWPxdswRZswVY//fABIBj98gH98AEgFv0MNMdWpeMdxz40x1al4x3HPv3yAf0MGqABGqAB+j4aoAEaoAH6Pv3wAf0MXJ94t09+kj5cn3i3T36SPiAY/fIB/fABIBn98gH98AEgGf3yAf3wASAXQTT9ywH98gEMCAsgFv3tAf0MAAAAAAAAScAAAAAAAABJwP33Af0MAAAAAAAAWkAAAAAAAABaQP32ASIW/Qz+gitlRxX3P/6CK2VHFfc//fIB/Qz/AwAAAAA4Q/8DAAAAADhD/fABIhf9DP8DAAAAADhD/wMAAAAAOEP98QEhGCAWIBj9DAAA4P5CLuY/AADg/kIu5j/98gH98QEgGP0MAABgNe856j0AAGA17znqPf3yAf3xASIWIBb98gEiGCAY/fIBIRn9DAAAAAAAAPA/AAAAAAAA8D/9DAAAAAAAAPA/AAAAAAAA8D8gFv0MAAAAAAAA8D8AAAAAAADwP/3yAf0MAAAAAAAA8D8AAAAAAADwP/3wASAW/QxVVVVVVVXFP1VVVVVVVcU//fIB/QwAAAAAAADgPwAAAAAAAOA//fABIBj98gH98AEgFv0MERERERERgT8RERERERGBP/3yAf0MVVVVVVVVpT9VVVVVVVWlP/3wASAW/QwaoAEaoAEqPxqgARqgASo//fIB/QwXbMEWbMFWPxdswRZswVY//fABIBj98gH98AEgFv0MNMdWpeMdxz40x1al4x3HPv3yAf0MGqABGqAB+j4aoAEaoAH6Pv3wAf0MXJ94t09+kj5cn3i3T36SPiAY/fIB/fABIBn98gH98AEgGf3yAf3wASAXQTT9ywH98gH98AH98wEMBwsgFv3tASIX/QwAAAAAAABJwAAAAAAAAEnA/fcB/QwAAAAAAIBbQAAAAAAAgFtA/fYBIhj9DP6CK2VHFfc//oIrZUcV9z/98gH9DP8DAAAAADhD/wMAAAAAOEP98AEiGf0M/wMAAAAAOEP/AwAAAAA4Q/3xASEaIBggGv0MAADg/kIu5j8AAOD+Qi7mP/3yAf3xASAa/QwAAGA17znqPQAAYDXvOeo9/fIB/fEBIhggGP3yASIaIBr98gEhG/0MAAAAAAAAAIAAAAAAAAAAgCAW/QwAAAAAAADwPwAAAAAAAPA/IBj9DAAAAAAAAPA/AAAAAAAA8D/98gH9DAAAAAAAAPA/AAAAAAAA8D/98AEgGP0MVVVVVVVVxT9VVVVVVVXFP/3yAf0MAAAAAAAA4D8AAAAAAADgP/3wASAa/fIB/fABIBj9DBEREREREYE/ERERERERgT/98gH9DFVVVVVVVaU/VVVVVVVVpT/98AEgGP0MGqABGqABKj8aoAEaoAEqP/3yAf0MF2zBFmzBVj8XbMEWbMFWP/3wASAa/fIB/fABIBj9DDTHVqXjHcc+NMdWpeMdxz798gH9DBqgARqgAfo+GqABGqAB+j798AH9DFyfeLdPfpI+XJ94t09+kj4gGv3yAf3wASAb/fIB/fABIBv98gH98AEgGUE0/csB/fIB/fAB/fMBIBf9DAAAAAAAgFtAAAAAAACAW0D9Sv1SIBb97AH9DAAAAAAAAPB/AAAAAAAA8H/9Sf1N/VAMBgv9DAAAAAAAAADAAAAAAAAAAMD9DFE21DNFiOk/UTbUM0WI6T8gFv0M9wFIbeLkpj/3AUht4uSmPyAW/fIBIBb98gEgFv3yAf3wAf3yAf3yASIX/QwAAAAAAABJwAAAAAAAAEnA/fcB/QwAAAAAAIBbQAAAAAAAgFtA/fYBIhj9DP6CK2VHFfc//oIrZUcV9z/98gH9DP8DAAAAADhD/wMAAAAAOEP98AEiGf0M/wMAAAAAOEP/AwAAAAA4Q/3xASEaIBggGv0MAADg/kIu5j8AAOD+Qi7mP/3yAf3xASAa/QwAAGA17znqPQAAYDXvOeo9/fIB/fEBIhggGP3yASIaIBr98gEhG/0MAAAAAAAAAIAAAAAAAAAAgCAW/QwAAAAAAADwPwAAAAAAAPA/IBj9DAAAAAAAAPA/AAAAAAAA8D/98gH9DAAAAAAAAPA/AAAAAAAA8D/98AEgGP0MVVVVVVVVxT9VVVVVVVXFP/3yAf0MAAAAAAAA4D8AAAAAAADgP/3wASAa/fIB/fABIBj9DBEREREREYE/ERERERERgT/98gH9DFVVVVVVVaU/VVVVVVVVpT/98AEgGP0MGqABGqABKj8aoAEaoAEqP/3yAf0MF2zBFmzBVj8XbMEWbMFWP/3wASAa/fIB/fABIBj9DDTHVqXjHcc+NMdWpeMdxz798gH9DBqgARqgAfo+GqABGqAB+j798AH9DFyfeLdPfpI+XJ94t09+kj4gGv3yAf3wASAb/fIB/fABIBv98gH98AEgGUE0/csB/fIB/fAB/fMBIBf9DAAAAAAAgFtAAAAAAACAW0D9Sv1SIBb97AH9DAAAAAAAAPB/AAAAAAAA8H/9Sf1N/VAMBQsgFv3sAf0MAAAAAAAAJEAAAAAAAAAkQP32ASIXIBf98AEiF/0M/oIrZUcV9z/+gitlRxX3P/3yAf0M/wMAAAAAOEP/AwAAAAA4Q/3wASIY/Qz/AwAAAAA4Q/8DAAAAADhD/fEBIRkgFyAZ/QwAAOD+Qi7mPwAA4P5CLuY//fIB/fEBIBn9DAAAYDXvOeo9AABgNe856j398gH98QEiFyAX/fIBIhkgGf3yASEaIBf9DAAAAAAAAOA/AAAAAAAA4D/98gH9DAAAAAAAAPA/AAAAAAAA8D/98AEgF/0MVVVVVVVVpT9VVVVVVVWlP/3yAf0MVVVVVVVVxT9VVVVVVVXFP/3wASAZ/fIB/fABIBf9DBdswRZswVY/F2zBFmzBVj/98gH9DBEREREREYE/ERERERERgT/98AEgF/0MGqABGqAB+j4aoAEaoAH6Pv3yAf0MGqABGqABKj8aoAEaoAEqP/3wASAZ/fIB/fABIBf9DFyfeLdPfpI+XJ94t09+kj798gH9DDTHVqXjHcc+NMdWpeMdxz798AH9DORE9WdF5lo+5ET1Z0XmWj4gGf3yAf3wASAa/fIB/fABIBr98gH98AEgF/3yASAYQTT9ywEiF/3yASAX/QwAAAAAAADwPwAAAAAAAPA//fEB/fABIhcgF/0MAAAAAAAAAEAAAAAAAAAAQP3wAf3zASAW/QwAAAAAAAAAgAAAAAAAAACA/U79UAwECyAW/ewB/QwAAAAAAABaQAAAAAAAAFpA/fYB/e0BIhf9DP6CK2VHFfc//oIrZUcV9z/98gH9DP8DAAAAADhD/wMAAAAAOEP98AEiGP0M/wMAAAAAOEP/AwAAAAA4Q/3xASEZIBcgGf0MAADg/kIu5j8AAOD+Qi7mP/3yAf3xASAZ/QwAAGA17znqPQAAYDXvOeo9/fIB/fEBIhcgF/3yASIZIBn98gEhGiAX/QwAAAAAAADwPwAAAAAAAPA//fIB/QwAAAAAAADwPwAAAAAAAPA//fABIBf9DFVVVVVVVcU/VVVVVVVVxT/98gH9DAAAAAAAAOA/AAAAAAAA4D/98AEgGf3yAf3wASAX/QwRERERERGBPxEREREREYE//fIB/QxVVVVVVVWlP1VVVVVVVaU//fABIBf9DBqgARqgASo/GqABGqABKj/98gH9DBdswRZswVY/F2zBFmzBVj/98AEgGf3yAf3wASAX/Qw0x1al4x3HPjTHVqXjHcc+/fIB/QwaoAEaoAH6PhqgARqgAfo+/fAB/Qxcn3i3T36SPlyfeLdPfpI+IBn98gH98AEgGv3yAf3wASAa/fIB/fABIBhBNP3LAf3yASIXIBf9DAAAAAAAAABAAAAAAAAAAED98AH98wEiFyAX/fIBIhggGP3yASIZIBn98gEhGv0MAAAAAAAAAAAAAAAAAAAAACAW/fcBIBcgF/3wASAY/QxVVVVVVVXVP1VVVVVVVdU//fIB/QwAAAAAAADwPwAAAAAAAPA//fABIBj9DJIkSZIkScI/kiRJkiRJwj/98gH9DJqZmZmZmck/mpmZmZmZyT/98AEgGf3yAf3wASAY/QxGF1100UW3P0YXXXTRRbc//fIB/Qwcx3Ecx3G8PxzHcRzHcbw//fABIBj9DBEREREREbE/ERERERERsT/98gH9DBQ7sRM7sbM/FDuxEzuxsz/98AEgGf3yAf3wASAY/Qwor6G8hvKqPyivobyG8qo//fIB/QweHh4eHh6uPx4eHh4eHq4//fABIBj9DGQhC1nIQqY/ZCELWchCpj/98gH9DBiGYRiGYag/GIZhGIZhqD/98AEgGf3yAf3wAf0MexSuR+F6pD97FK5H4XqkPyAa/fIB/fABIBr98gH98AEgGv3yAf3wAf3yAf3wAQwDCyAWIBb9DM07f2aeoOY/zTt/Zp6g5j/90QFBNP3MASIXQTT9ywH90QEiGP0MAAAAAAAA8D8AAAAAAADwP/3xASAY/QwAAAAAAADwPwAAAAAAAPA//fAB/fMBIhggGP3yASIZIBn98gEiGiAa/fIBIRsgF/0MAAAAAAAAOEMAAAAAAAA4Q/3OAf0MAAAAAAAAOEMAAAAAAAA4Q/3xAf0M7zn6/kIu5j/vOfr+Qi7mP/3yASAYIBj98AEgGf0MVVVVVVVV1T9VVVVVVVXVP/3yAf0MAAAAAAAA8D8AAAAAAADwP/3wASAZ/QySJEmSJEnCP5IkSZIkScI//fIB/QyamZmZmZnJP5qZmZmZmck//fABIBr98gH98AEgGf0MRhdddNFFtz9GF1100UW3P/3yAf0MHMdxHMdxvD8cx3Ecx3G8P/3wASAZ/QwRERERERGxPxEREREREbE//fIB/QwUO7ETO7GzPxQ7sRM7sbM//fABIBr98gH98AH9DB4eHh4eHq4/Hh4eHh4erj8gG/3yAf3wASAb/fIB/fAB/fIB/fABIBb9DAAAAAAAAAAAAAAAAAAAAAD9SiAW/QwAAAAAAADwfwAAAAAAAPB//Un9Tv1N/VAMAgsgFiAW/QyDyMltMF/UP4PIyW0wX9Q//fIB/QwAAAAAAAA4QwAAAAAAADhD/fABIhf9DAAAAAAAADhDAAAAAAAAOEP98QEiGCAY/fABIhj9DAAAQFT7Ifk/AABAVPsh+T/98gH98QEgGP0MAABgGmG00D0AAGAaYbTQPf3yAf3xASAY/QwAAAAuihmjOwAAAC6KGaM7/fIB/fEBIhggGP3yASIZIBn98gEiGiAa/fIBIRsgGf0MVVVVVVVVxb9VVVVVVVXFv/3yAf0MAAAAAAAA8D8AAAAAAADwP/3wASAZ/QwaoAEaoAEqvxqgARqgASq//fIB/QwRERERERGBPxEREREREYE//fABIBr98gH98AEgGf0M5ET1Z0XmWr7kRPVnReZavv3yAf0MNMdWpeMdxz40x1al4x3HPv3wASAZ/QwfuDPn8+dqvR+4M+fz52q9/fIB/QwJbagTRhLmPQltqBNGEuY9/fABIBr98gH98AH9DEqtMHDHUuk8Sq0wcMdS6TwgG/3yAf3wASAb/fIB/fABIBj98gEgF0E//csB/VEgFv3sAf0MAAAAAAAAMEEAAAAAAAAwQf1L/U39UAwBCyAWIBb9DIPIyW0wX9Q/g8jJbTBf1D/98gH9DAAAAAAAAOA/AAAAAAAA4D/98QH9DAAAAAAAADhDAAAAAAAAOEP98AEiF/0MAAAAAAAAOEMAAAAAAAA4Q/3xASIYIBj98AH9DAAAAAAAAPA/AAAAAAAA8D/98AEiGP0MAABAVPsh+T8AAEBU+yH5P/3yAf3xASAY/QwAAGAaYbTQPQAAYBphtNA9/fIB/fEBIBj9DAAAAC6KGaM7AAAALooZozv98gH98QEiGCAY/fIBIhkgGf3yASIaIBr98gEhGyAZ/QxVVVVVVVXFv1VVVVVVVcW//fIB/QwAAAAAAADwPwAAAAAAAPA//fABIBn9DBqgARqgASq/GqABGqABKr/98gH9DBEREREREYE/ERERERERgT/98AEgGv3yAf3wASAZ/QzkRPVnReZavuRE9WdF5lq+/fIB/Qw0x1al4x3HPjTHVqXjHcc+/fABIBn9DB+4M+fz52q9H7gz5/Pnar398gH9DAltqBNGEuY9CW2oE0YS5j398AEgGv3yAf3wAf0MSq0wcMdS6TxKrTBwx1LpPCAb/fIB/fABIBv98gH98AEgGP3yASAXQT/9ywH9DAAAAAAAAACAAAAAAAAAAID9Uf1RIBb97AH9DAAAAAAAADBBAAAAAAAAMEH9S/1N/VALIRYgFCAU/Q0ICQoLDA0ODwgJCgsMDQ4P/V8hFwJ7AkACQAJAAkACQAJAAkACQAJAIABBCGsOCAABAgMEBQYHCAsgF/0MAAAAAAAAWsAAAAAAAABawP33Af0MAAAAAAAAWkAAAAAAAABaQP32ASIX/Qz+gitlRxX3P/6CK2VHFfc//fIB/Qz/AwAAAAA4Q/8DAAAAADhD/fABIhj9DP8DAAAAADhD/wMAAAAAOEP98QEhGSAXIBn9DAAA4P5CLuY/AADg/kIu5j/98gH98QEgGf0MAABgNe856j0AAGA17znqPf3yAf3xASIXIBf98gEiGSAZ/fIBIRogF/0MAAAAAAAA8D8AAAAAAADwP/3yAf0MAAAAAAAA8D8AAAAAAADwP/3wASAX/QxVVVVVVVXFP1VVVVVVVcU//fIB/QwAAAAAAADgPwAAAAAAAOA//fABIBn98gH98AEgF/0MERERERERgT8RERERERGBP/3yAf0MVVVVVVVVpT9VVVVVVVWlP/3wASAX/QwaoAEaoAEqPxqgARqgASo//fIB/QwXbMEWbMFWPxdswRZswVY//fABIBn98gH98AEgF/0MNMdWpeMdxz40x1al4x3HPv3yAf0MGqABGqAB+j4aoAEaoAH6Pv3wAf0MXJ94t09+kj5cn3i3T36SPiAZ/fIB/fABIBr98gH98AEgGv3yAf3wASAYQTT9ywH98gEMCAsgF/3tAf0MAAAAAAAAScAAAAAAAABJwP33Af0MAAAAAAAAWkAAAAAAAABaQP32ASIX/Qz+gitlRxX3P/6CK2VHFfc//fIB/Qz/AwAAAAA4Q/8DAAAAADhD/fABIhj9DP8DAAAAADhD/wMAAAAAOEP98QEhGSAXIBn9DAAA4P5CLuY/AADg/kIu5j/98gH98QEgGf0MAABgNe856j0AAGA17znqPf3yAf3xASIXIBf98gEiGSAZ/fIBIRr9DAAAAAAAAPA/AAAAAAAA8D/9DAAAAAAAAPA/AAAAAAAA8D8gF/0MAAAAAAAA8D8AAAAAAADwP/3yAf0MAAAAAAAA8D8AAAAAAADwP/3wASAX/QxVVVVVVVXFP1VVVVVVVcU//fIB/QwAAAAAAADgPwAAAAAAAOA//fABIBn98gH98AEgF/0MERERERERgT8RERERERGBP/3yAf0MVVVVVVVVpT9VVVVVVVWlP/3wASAX/QwaoAEaoAEqPxqgARqgASo//fIB/QwXbMEWbMFWPxdswRZswVY//fABIBn98gH98AEgF/0MNMdWpeMdxz40x1al4x3HPv3yAf0MGqABGqAB+j4aoAEaoAH6Pv3wAf0MXJ94t09+kj5cn3i3T36SPiAZ/fIB/fABIBr98gH98AEgGv3yAf3wASAYQTT9ywH98gH98AH98wEMBwsgF/3tASIY/QwAAAAAAABJwAAAAAAAAEnA/fcB/QwAAAAAAIBbQAAAAAAAgFtA/fYBIhn9DP6CK2VHFfc//oIrZUcV9z/98gH9DP8DAAAAADhD/wMAAAAAOEP98AEiGv0M/wMAAAAAOEP/AwAAAAA4Q/3xASEbIBkgG/0MAADg/kIu5j8AAOD+Qi7mP/3yAf3xASAb/QwAAGA17znqPQAAYDXvOeo9/fIB/fEBIhkgGf3yASIbIBv98gEhHP0MAAAAAAAAAIAAAAAAAAAAgCAX/QwAAAAAAADwPwAAAAAAAPA/IBn9DAAAAAAAAPA/AAAAAAAA8D/98gH9DAAAAAAAAPA/AAAAAAAA8D/98AEgGf0MVVVVVVVVxT9VVVVVVVXFP/3yAf0MAAAAAAAA4D8AAAAAAADgP/3wASAb/fIB/fABIBn9DBEREREREYE/ERERERERgT/98gH9DFVVVVVVVaU/VVVVVVVVpT/98AEgGf0MGqABGqABKj8aoAEaoAEqP/3yAf0MF2zBFmzBVj8XbMEWbMFWP/3wASAb/fIB/fABIBn9DDTHVqXjHcc+NMdWpeMdxz798gH9DBqgARqgAfo+GqABGqAB+j798AH9DFyfeLdPfpI+XJ94t09+kj4gG/3yAf3wASAc/fIB/fABIBz98gH98AEgGkE0/csB/fIB/fAB/fMBIBj9DAAAAAAAgFtAAAAAAACAW0D9Sv1SIBf97AH9DAAAAAAAAPB/AAAAAAAA8H/9Sf1N/VAMBgv9DAAAAAAAAADAAAAAAAAAAMD9DFE21DNFiOk/UTbUM0WI6T8gF/0M9wFIbeLkpj/3AUht4uSmPyAX/fIBIBf98gEgF/3yAf3wAf3yAf3yASIY/QwAAAAAAABJwAAAAAAAAEnA/fcB/QwAAAAAAIBbQAAAAAAAgFtA/fYBIhn9DP6CK2VHFfc//oIrZUcV9z/98gH9DP8DAAAAADhD/wMAAAAAOEP98AEiGv0M/wMAAAAAOEP/AwAAAAA4Q/3xASEbIBkgG/0MAADg/kIu5j8AAOD+Qi7mP/3yAf3xASAb/QwAAGA17znqPQAAYDXvOeo9/fIB/fEBIhkgGf3yASIbIBv98gEhHP0MAAAAAAAAAIAAAAAAAAAAgCAX/QwAAAAAAADwPwAAAAAAAPA/IBn9DAAAAAAAAPA/AAAAAAAA8D/98gH9DAAAAAAAAPA/AAAAAAAA8D/98AEgGf0MVVVVVVVVxT9VVVVVVVXFP/3yAf0MAAAAAAAA4D8AAAAAAADgP/3wASAb/fIB/fABIBn9DBEREREREYE/ERERERERgT/98gH9DFVVVVVVVaU/VVVVVVVVpT/98AEgGf0MGqABGqABKj8aoAEaoAEqP/3yAf0MF2zBFmzBVj8XbMEWbMFWP/3wASAb/fIB/fABIBn9DDTHVqXjHcc+NMdWpeMdxz798gH9DBqgARqgAfo+GqABGqAB+j798AH9DFyfeLdPfpI+XJ94t09+kj4gG/3yAf3wASAc/fIB/fABIBz98gH98AEgGkE0/csB/fIB/fAB/fMBIBj9DAAAAAAAgFtAAAAAAACAW0D9Sv1SIBf97AH9DAAAAAAAAPB/AAAAAAAA8H/9Sf1N/VAMBQsgF/3sAf0MAAAAAAAAJEAAAAAAAAAkQP32ASIYIBj98AEiGP0M/oIrZUcV9z/+gitlRxX3P/3yAf0M/wMAAAAAOEP/AwAAAAA4Q/3wASIZ/Qz/AwAAAAA4Q/8DAAAAADhD/fEBIRogGCAa/QwAAOD+Qi7mPwAA4P5CLuY//fIB/fEBIBr9DAAAYDXvOeo9AABgNe856j398gH98QEiGCAY/fIBIhogGv3yASEbIBj9DAAAAAAAAOA/AAAAAAAA4D/98gH9DAAAAAAAAPA/AAAAAAAA8D/98AEgGP0MVVVVVVVVpT9VVVVVVVWlP/3yAf0MVVVVVVVVxT9VVVVVVVXFP/3wASAa/fIB/fABIBj9DBdswRZswVY/F2zBFmzBVj/98gH9DBEREREREYE/ERERERERgT/98AEgGP0MGqABGqAB+j4aoAEaoAH6Pv3yAf0MGqABGqABKj8aoAEaoAEqP/3wASAa/fIB/fABIBj9DFyfeLdPfpI+XJ94t09+kj798gH9DDTHVqXjHcc+NMdWpeMdxz798AH9DORE9WdF5lo+5ET1Z0XmWj4gGv3yAf3wASAb/fIB/fABIBv98gH98AEgGP3yASAZQTT9ywEiGP3yASAY/QwAAAAAAADwPwAAAAAAAPA//fEB/fABIhggGP0MAAAAAAAAAEAAAAAAAAAAQP3wAf3zASAX/QwAAAAAAAAAgAAAAAAAAACA/U79UAwECyAX/ewB/QwAAAAAAABaQAAAAAAAAFpA/fYB/e0BIhj9DP6CK2VHFfc//oIrZUcV9z/98gH9DP8DAAAAADhD/wMAAAAAOEP98AEiGf0M/wMAAAAAOEP/AwAAAAA4Q/3xASEaIBggGv0MAADg/kIu5j8AAOD+Qi7mP/3yAf3xASAa/QwAAGA17znqPQAAYDXvOeo9/fIB/fEBIhggGP3yASIaIBr98gEhGyAY/QwAAAAAAADwPwAAAAAAAPA//fIB/QwAAAAAAADwPwAAAAAAAPA//fABIBj9DFVVVVVVVcU/VVVVVVVVxT/98gH9DAAAAAAAAOA/AAAAAAAA4D/98AEgGv3yAf3wASAY/QwRERERERGBPxEREREREYE//fIB/QxVVVVVVVWlP1VVVVVVVaU//fABIBj9DBqgARqgASo/GqABGqABKj/98gH9DBdswRZswVY/F2zBFmzBVj/98AEgGv3yAf3wASAY/Qw0x1al4x3HPjTHVqXjHcc+/fIB/QwaoAEaoAH6PhqgARqgAfo+/fAB/Qxcn3i3T36SPlyfeLdPfpI+IBr98gH98AEgG/3yAf3wASAb/fIB/fABIBlBNP3LAf3yASIYIBj9DAAAAAAAAABAAAAAAAAAAED98AH98wEiGCAY/fIBIhkgGf3yASIaIBr98gEhG/0MAAAAAAAAAAAAAAAAAAAAACAX/fcBIBggGP3wASAZ/QxVVVVVVVXVP1VVVVVVVdU//fIB/QwAAAAAAADwPwAAAAAAAPA//fABIBn9DJIkSZIkScI/kiRJkiRJwj/98gH9DJqZmZmZmck/mpmZmZmZyT/98AEgGv3yAf3wASAZ/QxGF1100UW3P0YXXXTRRbc//fIB/Qwcx3Ecx3G8PxzHcRzHcbw//fABIBn9DBEREREREbE/ERERERERsT/98gH9DBQ7sRM7sbM/FDuxEzuxsz/98AEgGv3yAf3wASAZ/Qwor6G8hvKqPyivobyG8qo//fIB/QweHh4eHh6uPx4eHh4eHq4//fABIBn9DGQhC1nIQqY/ZCELWchCpj/98gH9DBiGYRiGYag/GIZhGIZhqD/98AEgGv3yAf3wAf0MexSuR+F6pD97FK5H4XqkPyAb/fIB/fABIBv98gH98AEgG/3yAf3wAf3yAf3wAQwDCyAXIBf9DM07f2aeoOY/zTt/Zp6g5j/90QFBNP3MASIYQTT9ywH90QEiGf0MAAAAAAAA8D8AAAAAAADwP/3xASAZ/QwAAAAAAADwPwAAAAAAAPA//fAB/fMBIhkgGf3yASIaIBr98gEiGyAb/fIBIRwgGP0MAAAAAAAAOEMAAAAAAAA4Q/3OAf0MAAAAAAAAOEMAAAAAAAA4Q/3xAf0M7zn6/kIu5j/vOfr+Qi7mP/3yASAZIBn98AEgGv0MVVVVVVVV1T9VVVVVVVXVP/3yAf0MAAAAAAAA8D8AAAAAAADwP/3wASAa/QySJEmSJEnCP5IkSZIkScI//fIB/QyamZmZmZnJP5qZmZmZmck//fABIBv98gH98AEgGv0MRhdddNFFtz9GF1100UW3P/3yAf0MHMdxHMdxvD8cx3Ecx3G8P/3wASAa/QwRERERERGxPxEREREREbE//fIB/QwUO7ETO7GzPxQ7sRM7sbM//fABIBv98gH98AH9DB4eHh4eHq4/Hh4eHh4erj8gHP3yAf3wASAc/fIB/fAB/fIB/fABIBf9DAAAAAAAAAAAAAAAAAAAAAD9SiAX/QwAAAAAAADwfwAAAAAAAPB//Un9Tv1N/VAMAgsgFyAX/QyDyMltMF/UP4PIyW0wX9Q//fIB/QwAAAAAAAA4QwAAAAAAADhD/fABIhj9DAAAAAAAADhDAAAAAAAAOEP98QEiGSAZ/fABIhn9DAAAQFT7Ifk/AABAVPsh+T/98gH98QEgGf0MAABgGmG00D0AAGAaYbTQPf3yAf3xASAZ/QwAAAAuihmjOwAAAC6KGaM7/fIB/fEBIhkgGf3yASIaIBr98gEiGyAb/fIBIRwgGv0MVVVVVVVVxb9VVVVVVVXFv/3yAf0MAAAAAAAA8D8AAAAAAADwP/3wASAa/QwaoAEaoAEqvxqgARqgASq//fIB/QwRERERERGBPxEREREREYE//fABIBv98gH98AEgGv0M5ET1Z0XmWr7kRPVnReZavv3yAf0MNMdWpeMdxz40x1al4x3HPv3wASAa/QwfuDPn8+dqvR+4M+fz52q9/fIB/QwJbagTRhLmPQltqBNGEuY9/fABIBv98gH98AH9DEqtMHDHUuk8Sq0wcMdS6TwgHP3yAf3wASAc/fIB/fABIBn98gEgGEE//csB/VEgF/3sAf0MAAAAAAAAMEEAAAAAAAAwQf1L/U39UAwBCyAXIBf9DIPIyW0wX9Q/g8jJbTBf1D/98gH9DAAAAAAAAOA/AAAAAAAA4D/98QH9DAAAAAAAADhDAAAAAAAAOEP98AEiGP0MAAAAAAAAOEMAAAAAAAA4Q/3xASIZIBn98AH9DAAAAAAAAPA/AAAAAAAA8D/98AEiGf0MAABAVPsh+T8AAEBU+yH5P/3yAf3xASAZ/QwAAGAaYbTQPQAAYBphtNA9/fIB/fEBIBn9DAAAAC6KGaM7AAAALooZozv98gH98QEiGSAZ/fIBIhogGv3yASIbIBv98gEhHCAa/QxVVVVVVVXFv1VVVVVVVcW//fIB/QwAAAAAAADwPwAAAAAAAPA//fABIBr9DBqgARqgASq/GqABGqABKr/98gH9DBEREREREYE/ERERERERgT/98AEgG/3yAf3wASAa/QzkRPVnReZavuRE9WdF5lq+/fIB/Qw0x1al4x3HPjTHVqXjHcc+/fABIBr9DB+4M+fz52q9H7gz5/Pnar398gH9DAltqBNGEuY9CW2oE0YS5j398AEgG/3yAf3wAf0MSq0wcMdS6TxKrTBwx1LpPCAc/fIB/fABIBz98gH98AEgGf3yASAYQT/9ywH9DAAAAAAAAACAAAAAAAAAAID9Uf1RIBf97AH9DAAAAAAAADBBAAAAAAAAMEH9S/1N/VALIRcgFkQAAAAAAADwPwJ8AkACQAJAAkACQCAAQQxrDgUABAECAwQLRAAAAAAAAGA9DAQLRAAAAAAAACA9DAMLRAAAAAAAAFA9DAILRAAAAAAAAFA9DAELRAAAAAAAAJA9C6H9FCIY/fIB/V4gFyAY/fIB/V79DQABAgMEBQYHEBESExQVFhciGCAYIBYCfAJAAkACQAJAAkAgAEEMaw4FAAQBAgMEC0QAAAAAAABgPQwEC0QAAAAAAAAgPQwDC0QAAAAAAABQPQwCC0QAAAAAAABQPQwBC0QAAAAAAACQPQtEAAAAAAAA8D+g/RQiFv3yAf1eIBcgFv3yAf1e/Q0AAQIDBAUGBxAREhMUFRYX/Tf9Tf1QIhYgFv1CIRcgBCAOaiIOIBMgFSAVIBX9QiIT/VL9CwQAIA4gFCAWIBf9Uv0LBBAgEyAX/VD9UwRAIAkgDGoiDkEEaiEPIBP9GwAEQCAHIAhBAnRqIA42AgAgCEEBaiEICyAT/RsBBEAgByAIQQJ0aiAOQQFqNgIAIAhBAWohCAsgE/0bAgRAIAcgCEECdGogDkECajYCACAIQQFqIQgLIBP9GwMEQCAHIAhBAnRqIA5BA2o2AgAgCEEBaiEICyAX/RsABEAgByAIQQJ0aiAPNgIAIAhBAWohCAsgF/0bAQRAIAcgCEECdGogD0EBajYCACAIQQFqIQgLIBf9GwIEQCAHIAhBAnRqIA9BAmo2AgAgCEEBaiEICyAX/RsDBEAgByAIQQJ0aiAPQQNqNgIAIAhBAWohCAsLIAlBCGohCQwBCwsDQCAJIAtIBEAgDSAJQQJ0aiIOIAFq/QAEACAR/eYBIBL95AEiE/1fIRQCewJAAkACQAJAAkACQAJAAkACQCAAQQhrDggAAQIDBAUGBwgLIBT9DAAAAAAAAFrAAAAAAAAAWsD99wH9DAAAAAAAAFpAAAAAAAAAWkD99gEiFP0M/oIrZUcV9z/+gitlRxX3P/3yAf0M/wMAAAAAOEP/AwAAAAA4Q/3wASIV/Qz/AwAAAAA4Q/8DAAAAADhD/fEBIRYgFCAW/QwAAOD+Qi7mPwAA4P5CLuY//fIB/fEBIBb9DAAAYDXvOeo9AABgNe856j398gH98QEiFCAU/fIBIhYgFv3yASEXIBT9DAAAAAAAAPA/AAAAAAAA8D/98gH9DAAAAAAAAPA/AAAAAAAA8D/98AEgFP0MVVVVVVVVxT9VVVVVVVXFP/3yAf0MAAAAAAAA4D8AAAAAAADgP/3wASAW/fIB/fABIBT9DBEREREREYE/ERERERERgT/98gH9DFVVVVVVVaU/VVVVVVVVpT/98AEgFP0MGqABGqABKj8aoAEaoAEqP/3yAf0MF2zBFmzBVj8XbMEWbMFWP/3wASAW/fIB/fABIBT9DDTHVqXjHcc+NMdWpeMdxz798gH9DBqgARqgAfo+GqABGqAB+j798AH9DFyfeLdPfpI+XJ94t09+kj4gFv3yAf3wASAX/fIB/fABIBf98gH98AEgFUE0/csB/fIBDAgLIBT97QH9DAAAAAAAAEnAAAAAAAAAScD99wH9DAAAAAAAAFpAAAAAAAAAWkD99gEiFP0M/oIrZUcV9z/+gitlRxX3P/3yAf0M/wMAAAAAOEP/AwAAAAA4Q/3wASIV/Qz/AwAAAAA4Q/8DAAAAADhD/fEBIRYgFCAW/QwAAOD+Qi7mPwAA4P5CLuY//fIB/fEBIBb9DAAAYDXvOeo9AABgNe856j398gH98QEiFCAU/fIBIhYgFv3yASEX/QwAAAAAAADwPwAAAAAAAPA//QwAAAAAAADwPwAAAAAAAPA/IBT9DAAAAAAAAPA/AAAAAAAA8D/98gH9DAAAAAAAAPA/AAAAAAAA8D/98AEgFP0MVVVVVVVVxT9VVVVVVVXFP/3yAf0MAAAAAAAA4D8AAAAAAADgP/3wASAW/fIB/fABIBT9DBEREREREYE/ERERERERgT/98gH9DFVVVVVVVaU/VVVVVVVVpT/98AEgFP0MGqABGqABKj8aoAEaoAEqP/3yAf0MF2zBFmzBVj8XbMEWbMFWP/3wASAW/fIB/fABIBT9DDTHVqXjHcc+NMdWpeMdxz798gH9DBqgARqgAfo+GqABGqAB+j798AH9DFyfeLdPfpI+XJ94t09+kj4gFv3yAf3wASAX/fIB/fABIBf98gH98AEgFUE0/csB/fIB/fAB/fMBDAcLIBT97QEiFf0MAAAAAAAAScAAAAAAAABJwP33Af0MAAAAAACAW0AAAAAAAIBbQP32ASIW/Qz+gitlRxX3P/6CK2VHFfc//fIB/Qz/AwAAAAA4Q/8DAAAAADhD/fABIhf9DP8DAAAAADhD/wMAAAAAOEP98QEhGCAWIBj9DAAA4P5CLuY/AADg/kIu5j/98gH98QEgGP0MAABgNe856j0AAGA17znqPf3yAf3xASIWIBb98gEiGCAY/fIBIRn9DAAAAAAAAACAAAAAAAAAAIAgFP0MAAAAAAAA8D8AAAAAAADwPyAW/QwAAAAAAADwPwAAAAAAAPA//fIB/QwAAAAAAADwPwAAAAAAAPA//fABIBb9DFVVVVVVVcU/VVVVVVVVxT/98gH9DAAAAAAAAOA/AAAAAAAA4D/98AEgGP3yAf3wASAW/QwRERERERGBPxEREREREYE//fIB/QxVVVVVVVWlP1VVVVVVVaU//fABIBb9DBqgARqgASo/GqABGqABKj/98gH9DBdswRZswVY/F2zBFmzBVj/98AEgGP3yAf3wASAW/Qw0x1al4x3HPjTHVqXjHcc+/fIB/QwaoAEaoAH6PhqgARqgAfo+/fAB/Qxcn3i3T36SPlyfeLdPfpI+IBj98gH98AEgGf3yAf3wASAZ/fIB/fABIBdBNP3LAf3yAf3wAf3zASAV/QwAAAAAAIBbQAAAAAAAgFtA/Ur9UiAU/ewB/QwAAAAAAADwfwAAAAAAAPB//Un9Tf1QDAYL/QwAAAAAAAAAwAAAAAAAAADA/QxRNtQzRYjpP1E21DNFiOk/IBT9DPcBSG3i5KY/9wFIbeLkpj8gFP3yASAU/fIBIBT98gH98AH98gH98gEiFf0MAAAAAAAAScAAAAAAAABJwP33Af0MAAAAAACAW0AAAAAAAIBbQP32ASIW/Qz+gitlRxX3P/6CK2VHFfc//fIB/Qz/AwAAAAA4Q/8DAAAAADhD/fABIhf9DP8DAAAAADhD/wMAAAAAOEP98QEhGCAWIBj9DAAA4P5CLuY/AADg/kIu5j/98gH98QEgGP0MAABgNe856j0AAGA17znqPf3yAf3xASIWIBb98gEiGCAY/fIBIRn9DAAAAAAAAACAAAAAAAAAAIAgFP0MAAAAAAAA8D8AAAAAAADwPyAW/QwAAAAAAADwPwAAAAAAAPA//fIB/QwAAAAAAADwPwAAAAAAAPA//fABIBb9DFVVVVVVVcU/VVVVVVVVxT/98gH9DAAAAAAAAOA/AAAAAAAA4D/98AEgGP3yAf3wASAW/QwRERERERGBPxEREREREYE//fIB/QxVVVVVVVWlP1VVVVVVVaU//fABIBb9DBqgARqgASo/GqABGqABKj/98gH9DBdswRZswVY/F2zBFmzBVj/98AEgGP3yAf3wASAW/Qw0x1al4x3HPjTHVqXjHcc+/fIB/QwaoAEaoAH6PhqgARqgAfo+/fAB/Qxcn3i3T36SPlyfeLdPfpI+IBj98gH98AEgGf3yAf3wASAZ/fIB/fABIBdBNP3LAf3yAf3wAf3zASAV/QwAAAAAAIBbQAAAAAAAgFtA/Ur9UiAU/ewB/QwAAAAAAADwfwAAAAAAAPB//Un9Tf1QDAULIBT97AH9DAAAAAAAACRAAAAAAAAAJED99gEiFSAV/fABIhX9DP6CK2VHFfc//oIrZUcV9z/98gH9DP8DAAAAADhD/wMAAAAAOEP98AEiFv0M/wMAAAAAOEP/AwAAAAA4Q/3xASEXIBUgF/0MAADg/kIu5j8AAOD+Qi7mP/3yAf3xASAX/QwAAGA17znqPQAAYDXvOeo9/fIB/fEBIhUgFf3yASIXIBf98gEhGCAV/QwAAAAAAADgPwAAAAAAAOA//fIB/QwAAAAAAADwPwAAAAAAAPA//fABIBX9DFVVVVVVVaU/VVVVVVVVpT/98gH9DFVVVVVVVcU/VVVVVVVVxT/98AEgF/3yAf3wASAV/QwXbMEWbMFWPxdswRZswVY//fIB/QwRERERERGBPxEREREREYE//fABIBX9DBqgARqgAfo+GqABGqAB+j798gH9DBqgARqgASo/GqABGqABKj/98AEgF/3yAf3wASAV/Qxcn3i3T36SPlyfeLdPfpI+/fIB/Qw0x1al4x3HPjTHVqXjHcc+/fAB/QzkRPVnReZaPuRE9WdF5lo+IBf98gH98AEgGP3yAf3wASAY/fIB/fABIBX98gEgFkE0/csBIhX98gEgFf0MAAAAAAAA8D8AAAAAAADwP/3xAf3wASIVIBX9DAAAAAAAAABAAAAAAAAAAED98AH98wEgFP0MAAAAAAAAAIAAAAAAAAAAgP1O/VAMBAsgFP3sAf0MAAAAAAAAWkAAAAAAAABaQP32Af3tASIV/Qz+gitlRxX3P/6CK2VHFfc//fIB/Qz/AwAAAAA4Q/8DAAAAADhD/fABIhb9DP8DAAAAADhD/wMAAAAAOEP98QEhFyAVIBf9DAAA4P5CLuY/AADg/kIu5j/98gH98QEgF/0MAABgNe856j0AAGA17znqPf3yAf3xASIVIBX98gEiFyAX/fIBIRggFf0MAAAAAAAA8D8AAAAAAADwP/3yAf0MAAAAAAAA8D8AAAAAAADwP/3wASAV/QxVVVVVVVXFP1VVVVVVVcU//fIB/QwAAAAAAADgPwAAAAAAAOA//fABIBf98gH98AEgFf0MERERERERgT8RERERERGBP/3yAf0MVVVVVVVVpT9VVVVVVVWlP/3wASAV/QwaoAEaoAEqPxqgARqgASo//fIB/QwXbMEWbMFWPxdswRZswVY//fABIBf98gH98AEgFf0MNMdWpeMdxz40x1al4x3HPv3yAf0MGqABGqAB+j4aoAEaoAH6Pv3wAf0MXJ94t09+kj5cn3i3T36SPiAX/fIB/fABIBj98gH98AEgGP3yAf3wASAWQTT9ywH98gEiFSAV/QwAAAAAAAAAQAAAAAAAAABA/fAB/fMBIhUgFf3yASIWIBb98gEiFyAX/fIBIRj9DAAAAAAAAAAAAAAAAAAAAAAgFP33ASAVIBX98AEgFv0MVVVVVVVV1T9VVVVVVVXVP/3yAf0MAAAAAAAA8D8AAAAAAADwP/3wASAW/QySJEmSJEnCP5IkSZIkScI//fIB/QyamZmZmZnJP5qZmZmZmck//fABIBf98gH98AEgFv0MRhdddNFFtz9GF1100UW3P/3yAf0MHMdxHMdxvD8cx3Ecx3G8P/3wASAW/QwRERERERGxPxEREREREbE//fIB/QwUO7ETO7GzPxQ7sRM7sbM//fABIBf98gH98AEgFv0MKK+hvIbyqj8or6G8hvKqP/3yAf0MHh4eHh4erj8eHh4eHh6uP/3wASAW/QxkIQtZyEKmP2QhC1nIQqY//fIB/QwYhmEYhmGoPxiGYRiGYag//fABIBf98gH98AH9DHsUrkfheqQ/exSuR+F6pD8gGP3yAf3wASAY/fIB/fABIBj98gH98AH98gH98AEMAwsgFCAU/QzNO39mnqDmP807f2aeoOY//dEBQTT9zAEiFUE0/csB/dEBIhb9DAAAAAAAAPA/AAAAAAAA8D/98QEgFv0MAAAAAAAA8D8AAAAAAADwP/3wAf3zASIWIBb98gEiFyAX/fIBIhggGP3yASEZIBX9DAAAAAAAADhDAAAAAAAAOEP9zgH9DAAAAAAAADhDAAAAAAAAOEP98QH9DO85+v5CLuY/7zn6/kIu5j/98gEgFiAW/fABIBf9DFVVVVVVVdU/VVVVVVVV1T/98gH9DAAAAAAAAPA/AAAAAAAA8D/98AEgF/0MkiRJkiRJwj+SJEmSJEnCP/3yAf0MmpmZmZmZyT+amZmZmZnJP/3wASAY/fIB/fABIBf9DEYXXXTRRbc/RhdddNFFtz/98gH9DBzHcRzHcbw/HMdxHMdxvD/98AEgF/0MERERERERsT8RERERERGxP/3yAf0MFDuxEzuxsz8UO7ETO7GzP/3wASAY/fIB/fAB/QweHh4eHh6uPx4eHh4eHq4/IBn98gH98AEgGf3yAf3wAf3yAf3wASAU/QwAAAAAAAAAAAAAAAAAAAAA/UogFP0MAAAAAAAA8H8AAAAAAADwf/1J/U79Tf1QDAILIBQgFP0Mg8jJbTBf1D+DyMltMF/UP/3yAf0MAAAAAAAAOEMAAAAAAAA4Q/3wASIV/QwAAAAAAAA4QwAAAAAAADhD/fEBIhYgFv3wASIW/QwAAEBU+yH5PwAAQFT7Ifk//fIB/fEBIBb9DAAAYBphtNA9AABgGmG00D398gH98QEgFv0MAAAALooZozsAAAAuihmjO/3yAf3xASIWIBb98gEiFyAX/fIBIhggGP3yASEZIBf9DFVVVVVVVcW/VVVVVVVVxb/98gH9DAAAAAAAAPA/AAAAAAAA8D/98AEgF/0MGqABGqABKr8aoAEaoAEqv/3yAf0MERERERERgT8RERERERGBP/3wASAY/fIB/fABIBf9DORE9WdF5lq+5ET1Z0XmWr798gH9DDTHVqXjHcc+NMdWpeMdxz798AEgF/0MH7gz5/Pnar0fuDPn8+dqvf3yAf0MCW2oE0YS5j0JbagTRhLmPf3wASAY/fIB/fAB/QxKrTBwx1LpPEqtMHDHUuk8IBn98gH98AEgGf3yAf3wASAW/fIBIBVBP/3LAf1RIBT97AH9DAAAAAAAADBBAAAAAAAAMEH9S/1N/VAMAQsgFCAU/QyDyMltMF/UP4PIyW0wX9Q//fIB/QwAAAAAAADgPwAAAAAAAOA//fEB/QwAAAAAAAA4QwAAAAAAADhD/fABIhX9DAAAAAAAADhDAAAAAAAAOEP98QEiFiAW/fAB/QwAAAAAAADwPwAAAAAAAPA//fABIhb9DAAAQFT7Ifk/AABAVPsh+T/98gH98QEgFv0MAABgGmG00D0AAGAaYbTQPf3yAf3xASAW/QwAAAAuihmjOwAAAC6KGaM7/fIB/fEBIhYgFv3yASIXIBf98gEiGCAY/fIBIRkgF/0MVVVVVVVVxb9VVVVVVVXFv/3yAf0MAAAAAAAA8D8AAAAAAADwP/3wASAX/QwaoAEaoAEqvxqgARqgASq//fIB/QwRERERERGBPxEREREREYE//fABIBj98gH98AEgF/0M5ET1Z0XmWr7kRPVnReZavv3yAf0MNMdWpeMdxz40x1al4x3HPv3wASAX/QwfuDPn8+dqvR+4M+fz52q9/fIB/QwJbagTRhLmPQltqBNGEuY9/fABIBj98gH98AH9DEqtMHDHUuk8Sq0wcMdS6TwgGf3yAf3wASAZ/fIB/fABIBb98gEgFUE//csB/QwAAAAAAAAAgAAAAAAAAACA/VH9USAU/ewB/QwAAAAAAAAwQQAAAAAAADBB/Uv9Tf1QCyEUIBMgE/0NCAkKCwwNDg8ICQoLDA0OD/1fIRUCewJAAkACQAJAAkACQAJAAkACQCAAQQhrDggAAQIDBAUGBwgLIBX9DAAAAAAAAFrAAAAAAAAAWsD99wH9DAAAAAAAAFpAAAAAAAAAWkD99gEiFf0M/oIrZUcV9z/+gitlRxX3P/3yAf0M/wMAAAAAOEP/AwAAAAA4Q/3wASIW/Qz/AwAAAAA4Q/8DAAAAADhD/fEBIRcgFSAX/QwAAOD+Qi7mPwAA4P5CLuY//fIB/fEBIBf9DAAAYDXvOeo9AABgNe856j398gH98QEiFSAV/fIBIhcgF/3yASEYIBX9DAAAAAAAAPA/AAAAAAAA8D/98gH9DAAAAAAAAPA/AAAAAAAA8D/98AEgFf0MVVVVVVVVxT9VVVVVVVXFP/3yAf0MAAAAAAAA4D8AAAAAAADgP/3wASAX/fIB/fABIBX9DBEREREREYE/ERERERERgT/98gH9DFVVVVVVVaU/VVVVVVVVpT/98AEgFf0MGqABGqABKj8aoAEaoAEqP/3yAf0MF2zBFmzBVj8XbMEWbMFWP/3wASAX/fIB/fABIBX9DDTHVqXjHcc+NMdWpeMdxz798gH9DBqgARqgAfo+GqABGqAB+j798AH9DFyfeLdPfpI+XJ94t09+kj4gF/3yAf3wASAY/fIB/fABIBj98gH98AEgFkE0/csB/fIBDAgLIBX97QH9DAAAAAAAAEnAAAAAAAAAScD99wH9DAAAAAAAAFpAAAAAAAAAWkD99gEiFf0M/oIrZUcV9z/+gitlRxX3P/3yAf0M/wMAAAAAOEP/AwAAAAA4Q/3wASIW/Qz/AwAAAAA4Q/8DAAAAADhD/fEBIRcgFSAX/QwAAOD+Qi7mPwAA4P5CLuY//fIB/fEBIBf9DAAAYDXvOeo9AABgNe856j398gH98QEiFSAV/fIBIhcgF/3yASEY/QwAAAAAAADwPwAAAAAAAPA//QwAAAAAAADwPwAAAAAAAPA/IBX9DAAAAAAAAPA/AAAAAAAA8D/98gH9DAAAAAAAAPA/AAAAAAAA8D/98AEgFf0MVVVVVVVVxT9VVVVVVVXFP/3yAf0MAAAAAAAA4D8AAAAAAADgP/3wASAX/fIB/fABIBX9DBEREREREYE/ERERERERgT/98gH9DFVVVVVVVaU/VVVVVVVVpT/98AEgFf0MGqABGqABKj8aoAEaoAEqP/3yAf0MF2zBFmzBVj8XbMEWbMFWP/3wASAX/fIB/fABIBX9DDTHVqXjHcc+NMdWpeMdxz798gH9DBqgARqgAfo+GqABGqAB+j798AH9DFyfeLdPfpI+XJ94t09+kj4gF/3yAf3wASAY/fIB/fABIBj98gH98AEgFkE0/csB/fIB/fAB/fMBDAcLIBX97QEiFv0MAAAAAAAAScAAAAAAAABJwP33Af0MAAAAAACAW0AAAAAAAIBbQP32ASIX/Qz+gitlRxX3P/6CK2VHFfc//fIB/Qz/AwAAAAA4Q/8DAAAAADhD/fABIhj9DP8DAAAAADhD/wMAAAAAOEP98QEhGSAXIBn9DAAA4P5CLuY/AADg/kIu5j/98gH98QEgGf0MAABgNe856j0AAGA17znqPf3yAf3xASIXIBf98gEiGSAZ/fIBIRr9DAAAAAAAAACAAAAAAAAAAIAgFf0MAAAAAAAA8D8AAAAAAADwPyAX/QwAAAAAAADwPwAAAAAAAPA//fIB/QwAAAAAAADwPwAAAAAAAPA//fABIBf9DFVVVVVVVcU/VVVVVVVVxT/98gH9DAAAAAAAAOA/AAAAAAAA4D/98AEgGf3yAf3wASAX/QwRERERERGBPxEREREREYE//fIB/QxVVVVVVVWlP1VVVVVVVaU//fABIBf9DBqgARqgASo/GqABGqABKj/98gH9DBdswRZswVY/F2zBFmzBVj/98AEgGf3yAf3wASAX/Qw0x1al4x3HPjTHVqXjHcc+/fIB/QwaoAEaoAH6PhqgARqgAfo+/fAB/Qxcn3i3T36SPlyfeLdPfpI+IBn98gH98AEgGv3yAf3wASAa/fIB/fABIBhBNP3LAf3yAf3wAf3zASAW/QwAAAAAAIBbQAAAAAAAgFtA/Ur9UiAV/ewB/QwAAAAAAADwfwAAAAAAAPB//Un9Tf1QDAYL/QwAAAAAAAAAwAAAAAAAAADA/QxRNtQzRYjpP1E21DNFiOk/IBX9DPcBSG3i5KY/9wFIbeLkpj8gFf3yASAV/fIBIBX98gH98AH98gH98gEiFv0MAAAAAAAAScAAAAAAAABJwP33Af0MAAAAAACAW0AAAAAAAIBbQP32ASIX/Qz+gitlRxX3P/6CK2VHFfc//fIB/Qz/AwAAAAA4Q/8DAAAAADhD/fABIhj9DP8DAAAAADhD/wMAAAAAOEP98QEhGSAXIBn9DAAA4P5CLuY/AADg/kIu5j/98gH98QEgGf0MAABgNe856j0AAGA17znqPf3yAf3xASIXIBf98gEiGSAZ/fIBIRr9DAAAAAAAAACAAAAAAAAAAIAgFf0MAAAAAAAA8D8AAAAAAADwPyAX/QwAAAAAAADwPwAAAAAAAPA//fIB/QwAAAAAAADwPwAAAAAAAPA//fABIBf9DFVVVVVVVcU/VVVVVVVVxT/98gH9DAAAAAAAAOA/AAAAAAAA4D/98AEgGf3yAf3wASAX/QwRERERERGBPxEREREREYE//fIB/QxVVVVVVVWlP1VVVVVVVaU//fABIBf9DBqgARqgASo/GqABGqABKj/98gH9DBdswRZswVY/F2zBFmzBVj/98AEgGf3yAf3wASAX/Qw0x1al4x3HPjTHVqXjHcc+/fIB/QwaoAEaoAH6PhqgARqgAfo+/fAB/Qxcn3i3T36SPlyfeLdPfpI+IBn98gH98AEgGv3yAf3wASAa/fIB/fABIBhBNP3LAf3yAf3wAf3zASAW/QwAAAAAAIBbQAAAAAAAgFtA/Ur9UiAV/ewB/QwAAAAAAADwfwAAAAAAAPB//Un9Tf1QDAULIBX97AH9DAAAAAAAACRAAAAAAAAAJED99gEiFiAW/fABIhb9DP6CK2VHFfc//oIrZUcV9z/98gH9DP8DAAAAADhD/wMAAAAAOEP98AEiF/0M/wMAAAAAOEP/AwAAAAA4Q/3xASEYIBYgGP0MAADg/kIu5j8AAOD+Qi7mP/3yAf3xASAY/QwAAGA17znqPQAAYDXvOeo9/fIB/fEBIhYgFv3yASIYIBj98gEhGSAW/QwAAAAAAADgPwAAAAAAAOA//fIB/QwAAAAAAADwPwAAAAAAAPA//fABIBb9DFVVVVVVVaU/VVVVVVVVpT/98gH9DFVVVVVVVcU/VVVVVVVVxT/98AEgGP3yAf3wASAW/QwXbMEWbMFWPxdswRZswVY//fIB/QwRERERERGBPxEREREREYE//fABIBb9DBqgARqgAfo+GqABGqAB+j798gH9DBqgARqgASo/GqABGqABKj/98AEgGP3yAf3wASAW/Qxcn3i3T36SPlyfeLdPfpI+/fIB/Qw0x1al4x3HPjTHVqXjHcc+/fAB/QzkRPVnReZaPuRE9WdF5lo+IBj98gH98AEgGf3yAf3wASAZ/fIB/fABIBb98gEgF0E0/csBIhb98gEgFv0MAAAAAAAA8D8AAAAAAADwP/3xAf3wASIWIBb9DAAAAAAAAABAAAAAAAAAAED98AH98wEgFf0MAAAAAAAAAIAAAAAAAAAAgP1O/VAMBAsgFf3sAf0MAAAAAAAAWkAAAAAAAABaQP32Af3tASIW/Qz+gitlRxX3P/6CK2VHFfc//fIB/Qz/AwAAAAA4Q/8DAAAAADhD/fABIhf9DP8DAAAAADhD/wMAAAAAOEP98QEhGCAWIBj9DAAA4P5CLuY/AADg/kIu5j/98gH98QEgGP0MAABgNe856j0AAGA17znqPf3yAf3xASIWIBb98gEiGCAY/fIBIRkgFv0MAAAAAAAA8D8AAAAAAADwP/3yAf0MAAAAAAAA8D8AAAAAAADwP/3wASAW/QxVVVVVVVXFP1VVVVVVVcU//fIB/QwAAAAAAADgPwAAAAAAAOA//fABIBj98gH98AEgFv0MERERERERgT8RERERERGBP/3yAf0MVVVVVVVVpT9VVVVVVVWlP/3wASAW/QwaoAEaoAEqPxqgARqgASo//fIB/QwXbMEWbMFWPxdswRZswVY//fABIBj98gH98AEgFv0MNMdWpeMdxz40x1al4x3HPv3yAf0MGqABGqAB+j4aoAEaoAH6Pv3wAf0MXJ94t09+kj5cn3i3T36SPiAY/fIB/fABIBn98gH98AEgGf3yAf3wASAXQTT9ywH98gEiFiAW/QwAAAAAAAAAQAAAAAAAAABA/fAB/fMBIhYgFv3yASIXIBf98gEiGCAY/fIBIRn9DAAAAAAAAAAAAAAAAAAAAAAgFf33ASAWIBb98AEgF/0MVVVVVVVV1T9VVVVVVVXVP/3yAf0MAAAAAAAA8D8AAAAAAADwP/3wASAX/QySJEmSJEnCP5IkSZIkScI//fIB/QyamZmZmZnJP5qZmZmZmck//fABIBj98gH98AEgF/0MRhdddNFFtz9GF1100UW3P/3yAf0MHMdxHMdxvD8cx3Ecx3G8P/3wASAX/QwRERERERGxPxEREREREbE//fIB/QwUO7ETO7GzPxQ7sRM7sbM//fABIBj98gH98AEgF/0MKK+hvIbyqj8or6G8hvKqP/3yAf0MHh4eHh4erj8eHh4eHh6uP/3wASAX/QxkIQtZyEKmP2QhC1nIQqY//fIB/QwYhmEYhmGoPxiGYRiGYag//fABIBj98gH98AH9DHsUrkfheqQ/exSuR+F6pD8gGf3yAf3wASAZ/fIB/fABIBn98gH98AH98gH98AEMAwsgFSAV/QzNO39mnqDmP807f2aeoOY//dEBQTT9zAEiFkE0/csB/dEBIhf9DAAAAAAAAPA/AAAAAAAA8D/98QEgF/0MAAAAAAAA8D8AAAAAAADwP/3wAf3zASIXIBf98gEiGCAY/fIBIhkgGf3yASEaIBb9DAAAAAAAADhDAAAAAAAAOEP9zgH9DAAAAAAAADhDAAAAAAAAOEP98QH9DO85+v5CLuY/7zn6/kIu5j/98gEgFyAX/fABIBj9DFVVVVVVVdU/VVVVVVVV1T/98gH9DAAAAAAAAPA/AAAAAAAA8D/98AEgGP0MkiRJkiRJwj+SJEmSJEnCP/3yAf0MmpmZmZmZyT+amZmZmZnJP/3wASAZ/fIB/fABIBj9DEYXXXTRRbc/RhdddNFFtz/98gH9DBzHcRzHcbw/HMdxHMdxvD/98AEgGP0MERERERERsT8RERERERGxP/3yAf0MFDuxEzuxsz8UO7ETO7GzP/3wASAZ/fIB/fAB/QweHh4eHh6uPx4eHh4eHq4/IBr98gH98AEgGv3yAf3wAf3yAf3wASAV/QwAAAAAAAAAAAAAAAAAAAAA/UogFf0MAAAAAAAA8H8AAAAAAADwf/1J/U79Tf1QDAILIBUgFf0Mg8jJbTBf1D+DyMltMF/UP/3yAf0MAAAAAAAAOEMAAAAAAAA4Q/3wASIW/QwAAAAAAAA4QwAAAAAAADhD/fEBIhcgF/3wASIX/QwAAEBU+yH5PwAAQFT7Ifk//fIB/fEBIBf9DAAAYBphtNA9AABgGmG00D398gH98QEgF/0MAAAALooZozsAAAAuihmjO/3yAf3xASIXIBf98gEiGCAY/fIBIhkgGf3yASEaIBj9DFVVVVVVVcW/VVVVVVVVxb/98gH9DAAAAAAAAPA/AAAAAAAA8D/98AEgGP0MGqABGqABKr8aoAEaoAEqv/3yAf0MERERERERgT8RERERERGBP/3wASAZ/fIB/fABIBj9DORE9WdF5lq+5ET1Z0XmWr798gH9DDTHVqXjHcc+NMdWpeMdxz798AEgGP0MH7gz5/Pnar0fuDPn8+dqvf3yAf0MCW2oE0YS5j0JbagTRhLmPf3wASAZ/fIB/fAB/QxKrTBwx1LpPEqtMHDHUuk8IBr98gH98AEgGv3yAf3wASAX/fIBIBZBP/3LAf1RIBX97AH9DAAAAAAAADBBAAAAAAAAMEH9S/1N/VAMAQsgFSAV/QyDyMltMF/UP4PIyW0wX9Q//fIB/QwAAAAAAADgPwAAAAAAAOA//fEB/QwAAAAAAAA4QwAAAAAAADhD/fABIhb9DAAAAAAAADhDAAAAAAAAOEP98QEiFyAX/fAB/QwAAAAAAADwPwAAAAAAAPA//fABIhf9DAAAQFT7Ifk/AABAVPsh+T/98gH98QEgF/0MAABgGmG00D0AAGAaYbTQPf3yAf3xASAX/QwAAAAuihmjOwAAAC6KGaM7/fIB/fEBIhcgF/3yASIYIBj98gEiGSAZ/fIBIRogGP0MVVVVVVVVxb9VVVVVVVXFv/3yAf0MAAAAAAAA8D8AAAAAAADwP/3wASAY/QwaoAEaoAEqvxqgARqgASq//fIB/QwRERERERGBPxEREREREYE//fABIBn98gH98AEgGP0M5ET1Z0XmWr7kRPVnReZavv3yAf0MNMdWpeMdxz40x1al4x3HPv3wASAY/QwfuDPn8+dqvR+4M+fz52q9/fIB/QwJbagTRhLmPQltqBNGEuY9/fABIBn98gH98AH9DEqtMHDHUuk8Sq0wcMdS6TwgGv3yAf3wASAa/fIB/fABIBf98gEgFkE//csB/QwAAAAAAAAAgAAAAAAAAACA/VH9USAV/ewB/QwAAAAAAAAwQQAAAAAAADBB/Uv9Tf1QCyEVIBREAAAAAAAA8D8CfAJAAkACQAJAAkAgAEEMaw4FAAQBAgMEC0QAAAAAAABgPQwEC0QAAAAAAAAgPQwDC0QAAAAAAABQPQwCC0QAAAAAAABQPQwBC0QAAAAAAACQPQuh/RQiFv3yAf1eIBUgFv3yAf1e/Q0AAQIDBAUGBxAREhMUFRYXIhYgFiAUAnwCQAJAAkACQAJAIABBDGsOBQAEAQIDBAtEAAAAAAAAYD0MBAtEAAAAAAAAID0MAwtEAAAAAAAAUD0MAgtEAAAAAAAAUD0MAQtEAAAAAAAAkD0LRAAAAAAAAPA/oP0UIhT98gH9XiAVIBT98gH9Xv0NAAECAwQFBgcQERITFBUWF/03/U39UCIUIBT9QiEVIAQgDmogEyAUIBX9Uv0LBAAgFf1TBEAgCSAMaiEOIBX9GwAEQCAHIAhBAnRqIA42AgAgCEEBaiEICyAV/RsBBEAgByAIQQJ0aiAOQQFqNgIAIAhBAWohCAsgFf0bAgRAIAcgCEECdGogDkECajYCACAIQQFqIQgLIBX9GwMEQCAHIAhBAnRqIA5BA2o2AgAgCEEBaiEICwsgCUEEaiEJDAELCyAGIAtKBEAgDSALQQJ0aiIJIAFq/QAEACAR/eYBIBL95AEiEf1fIRICewJAAkACQAJAAkACQAJAAkACQCAAQQhrDggAAQIDBAUGBwgLIBL9DAAAAAAAAFrAAAAAAAAAWsD99wH9DAAAAAAAAFpAAAAAAAAAWkD99gEiEv0M/oIrZUcV9z/+gitlRxX3P/3yAf0M/wMAAAAAOEP/AwAAAAA4Q/3wASIT/Qz/AwAAAAA4Q/8DAAAAADhD/fEBIRQgEiAU/QwAAOD+Qi7mPwAA4P5CLuY//fIB/fEBIBT9DAAAYDXvOeo9AABgNe856j398gH98QEiEiAS/fIBIhQgFP3yASEVIBL9DAAAAAAAAPA/AAAAAAAA8D/98gH9DAAAAAAAAPA/AAAAAAAA8D/98AEgEv0MVVVVVVVVxT9VVVVVVVXFP/3yAf0MAAAAAAAA4D8AAAAAAADgP/3wASAU/fIB/fABIBL9DBEREREREYE/ERERERERgT/98gH9DFVVVVVVVaU/VVVVVVVVpT/98AEgEv0MGqABGqABKj8aoAEaoAEqP/3yAf0MF2zBFmzBVj8XbMEWbMFWP/3wASAU/fIB/fABIBL9DDTHVqXjHcc+NMdWpeMdxz798gH9DBqgARqgAfo+GqABGqAB+j798AH9DFyfeLdPfpI+XJ94t09+kj4gFP3yAf3wASAV/fIB/fABIBX98gH98AEgE0E0/csB/fIBDAgLIBL97QH9DAAAAAAAAEnAAAAAAAAAScD99wH9DAAAAAAAAFpAAAAAAAAAWkD99gEiEv0M/oIrZUcV9z/+gitlRxX3P/3yAf0M/wMAAAAAOEP/AwAAAAA4Q/3wASIT/Qz/AwAAAAA4Q/8DAAAAADhD/fEBIRQgEiAU/QwAAOD+Qi7mPwAA4P5CLuY//fIB/fEBIBT9DAAAYDXvOeo9AABgNe856j398gH98QEiEiAS/fIBIhQgFP3yASEV/QwAAAAAAADwPwAAAAAAAPA//QwAAAAAAADwPwAAAAAAAPA/IBL9DAAAAAAAAPA/AAAAAAAA8D/98gH9DAAAAAAAAPA/AAAAAAAA8D/98AEgEv0MVVVVVVVVxT9VVVVVVVXFP/3yAf0MAAAAAAAA4D8AAAAAAADgP/3wASAU/fIB/fABIBL9DBEREREREYE/ERERERERgT/98gH9DFVVVVVVVaU/VVVVVVVVpT/98AEgEv0MGqABGqABKj8aoAEaoAEqP/3yAf0MF2zBFmzBVj8XbMEWbMFWP/3wASAU/fIB/fABIBL9DDTHVqXjHcc+NMdWpeMdxz798gH9DBqgARqgAfo+GqABGqAB+j798AH9DFyfeLdPfpI+XJ94t09+kj4gFP3yAf3wASAV/fIB/fABIBX98gH98AEgE0E0/csB/fIB/fAB/fMBDAcLIBL97QEiE/0MAAAAAAAAScAAAAAAAABJwP33Af0MAAAAAACAW0AAAAAAAIBbQP32ASIU/Qz+gitlRxX3P/6CK2VHFfc//fIB/Qz/AwAAAAA4Q/8DAAAAADhD/fABIhX9DP8DAAAAADhD/wMAAAAAOEP98QEhFiAUIBb9DAAA4P5CLuY/AADg/kIu5j/98gH98QEgFv0MAABgNe856j0AAGA17znqPf3yAf3xASIUIBT98gEiFiAW/fIBIRf9DAAAAAAAAACAAAAAAAAAAIAgEv0MAAAAAAAA8D8AAAAAAADwPyAU/QwAAAAAAADwPwAAAAAAAPA//fIB/QwAAAAAAADwPwAAAAAAAPA//fABIBT9DFVVVVVVVcU/VVVVVVVVxT/98gH9DAAAAAAAAOA/AAAAAAAA4D/98AEgFv3yAf3wASAU/QwRERERERGBPxEREREREYE//fIB/QxVVVVVVVWlP1VVVVVVVaU//fABIBT9DBqgARqgASo/GqABGqABKj/98gH9DBdswRZswVY/F2zBFmzBVj/98AEgFv3yAf3wASAU/Qw0x1al4x3HPjTHVqXjHcc+/fIB/QwaoAEaoAH6PhqgARqgAfo+/fAB/Qxcn3i3T36SPlyfeLdPfpI+IBb98gH98AEgF/3yAf3wASAX/fIB/fABIBVBNP3LAf3yAf3wAf3zASAT/QwAAAAAAIBbQAAAAAAAgFtA/Ur9UiAS/ewB/QwAAAAAAADwfwAAAAAAAPB//Un9Tf1QDAYL/QwAAAAAAAAAwAAAAAAAAADA/QxRNtQzRYjpP1E21DNFiOk/IBL9DPcBSG3i5KY/9wFIbeLkpj8gEv3yASAS/fIBIBL98gH98AH98gH98gEiE/0MAAAAAAAAScAAAAAAAABJwP33Af0MAAAAAACAW0AAAAAAAIBbQP32ASIU/Qz+gitlRxX3P/6CK2VHFfc//fIB/Qz/AwAAAAA4Q/8DAAAAADhD/fABIhX9DP8DAAAAADhD/wMAAAAAOEP98QEhFiAUIBb9DAAA4P5CLuY/AADg/kIu5j/98gH98QEgFv0MAABgNe856j0AAGA17znqPf3yAf3xASIUIBT98gEiFiAW/fIBIRf9DAAAAAAAAACAAAAAAAAAAIAgEv0MAAAAAAAA8D8AAAAAAADwPyAU/QwAAAAAAADwPwAAAAAAAPA//fIB/QwAAAAAAADwPwAAAAAAAPA//fABIBT9DFVVVVVVVcU/VVVVVVVVxT/98gH9DAAAAAAAAOA/AAAAAAAA4D/98AEgFv3yAf3wASAU/QwRERERERGBPxEREREREYE//fIB/QxVVVVVVVWlP1VVVVVVVaU//fABIBT9DBqgARqgASo/GqABGqABKj/98gH9DBdswRZswVY/F2zBFmzBVj/98AEgFv3yAf3wASAU/Qw0x1al4x3HPjTHVqXjHcc+/fIB/QwaoAEaoAH6PhqgARqgAfo+/fAB/Qxcn3i3T36SPlyfeLdPfpI+IBb98gH98AEgF/3yAf3wASAX/fIB/fABIBVBNP3LAf3yAf3wAf3zASAT/QwAAAAAAIBbQAAAAAAAgFtA/Ur9UiAS/ewB/QwAAAAAAADwfwAAAAAAAPB//Un9Tf1QDAULIBL97AH9DAAAAAAAACRAAAAAAAAAJED99gEiEyAT/fABIhP9DP6CK2VHFfc//oIrZUcV9z/98gH9DP8DAAAAADhD/wMAAAAAOEP98AEiFP0M/wMAAAAAOEP/AwAAAAA4Q/3xASEVIBMgFf0MAADg/kIu5j8AAOD+Qi7mP/3yAf3xASAV/QwAAGA17znqPQAAYDXvOeo9/fIB/fEBIhMgE/3yASIVIBX98gEhFiAT/QwAAAAAAADgPwAAAAAAAOA//fIB/QwAAAAAAADwPwAAAAAAAPA//fABIBP9DFVVVVVVVaU/VVVVVVVVpT/98gH9DFVVVVVVVcU/VVVVVVVVxT/98AEgFf3yAf3wASAT/QwXbMEWbMFWPxdswRZswVY//fIB/QwRERERERGBPxEREREREYE//fABIBP9DBqgARqgAfo+GqABGqAB+j798gH9DBqgARqgASo/GqABGqABKj/98AEgFf3yAf3wASAT/Qxcn3i3T36SPlyfeLdPfpI+/fIB/Qw0x1al4x3HPjTHVqXjHcc+/fAB/QzkRPVnReZaPuRE9WdF5lo+IBX98gH98AEgFv3yAf3wASAW/fIB/fABIBP98gEgFEE0/csBIhP98gEgE/0MAAAAAAAA8D8AAAAAAADwP/3xAf3wASITIBP9DAAAAAAAAABAAAAAAAAAAED98AH98wEgEv0MAAAAAAAAAIAAAAAAAAAAgP1O/VAMBAsgEv3sAf0MAAAAAAAAWkAAAAAAAABaQP32Af3tASIT/Qz+gitlRxX3P/6CK2VHFfc//fIB/Qz/AwAAAAA4Q/8DAAAAADhD/fABIhT9DP8DAAAAADhD/wMAAAAAOEP98QEhFSATIBX9DAAA4P5CLuY/AADg/kIu5j/98gH98QEgFf0MAABgNe856j0AAGA17znqPf3yAf3xASITIBP98gEiFSAV/fIBIRYgE/0MAAAAAAAA8D8AAAAAAADwP/3yAf0MAAAAAAAA8D8AAAAAAADwP/3wASAT/QxVVVVVVVXFP1VVVVVVVcU//fIB/QwAAAAAAADgPwAAAAAAAOA//fABIBX98gH98AEgE/0MERERERERgT8RERERERGBP/3yAf0MVVVVVVVVpT9VVVVVVVWlP/3wASAT/QwaoAEaoAEqPxqgARqgASo//fIB/QwXbMEWbMFWPxdswRZswVY//fABIBX98gH98AEgE/0MNMdWpeMdxz40x1al4x3HPv3yAf0MGqABGqAB+j4aoAEaoAH6Pv3wAf0MXJ94t09+kj5cn3i3T36SPiAV/fIB/fABIBb98gH98AEgFv3yAf3wASAUQTT9ywH98gEiEyAT/QwAAAAAAAAAQAAAAAAAAABA/fAB/fMBIhMgE/3yASIUIBT98gEiFSAV/fIBIRb9DAAAAAAAAAAAAAAAAAAAAAAgEv33ASATIBP98AEgFP0MVVVVVVVV1T9VVVVVVVXVP/3yAf0MAAAAAAAA8D8AAAAAAADwP/3wASAU/QySJEmSJEnCP5IkSZIkScI//fIB/QyamZmZmZnJP5qZmZmZmck//fABIBX98gH98AEgFP0MRhdddNFFtz9GF1100UW3P/3yAf0MHMdxHMdxvD8cx3Ecx3G8P/3wASAU/QwRERERERGxPxEREREREbE//fIB/QwUO7ETO7GzPxQ7sRM7sbM//fABIBX98gH98AEgFP0MKK+hvIbyqj8or6G8hvKqP/3yAf0MHh4eHh4erj8eHh4eHh6uP/3wASAU/QxkIQtZyEKmP2QhC1nIQqY//fIB/QwYhmEYhmGoPxiGYRiGYag//fABIBX98gH98AH9DHsUrkfheqQ/exSuR+F6pD8gFv3yAf3wASAW/fIB/fABIBb98gH98AH98gH98AEMAwsgEiAS/QzNO39mnqDmP807f2aeoOY//dEBQTT9zAEiE0E0/csB/dEBIhT9DAAAAAAAAPA/AAAAAAAA8D/98QEgFP0MAAAAAAAA8D8AAAAAAADwP/3wAf3zASIUIBT98gEiFSAV/fIBIhYgFv3yASEXIBP9DAAAAAAAADhDAAAAAAAAOEP9zgH9DAAAAAAAADhDAAAAAAAAOEP98QH9DO85+v5CLuY/7zn6/kIu5j/98gEgFCAU/fABIBX9DFVVVVVVVdU/VVVVVVVV1T/98gH9DAAAAAAAAPA/AAAAAAAA8D/98AEgFf0MkiRJkiRJwj+SJEmSJEnCP/3yAf0MmpmZmZmZyT+amZmZmZnJP/3wASAW/fIB/fABIBX9DEYXXXTRRbc/RhdddNFFtz/98gH9DBzHcRzHcbw/HMdxHMdxvD/98AEgFf0MERERERERsT8RERERERGxP/3yAf0MFDuxEzuxsz8UO7ETO7GzP/3wASAW/fIB/fAB/QweHh4eHh6uPx4eHh4eHq4/IBf98gH98AEgF/3yAf3wAf3yAf3wASAS/QwAAAAAAAAAAAAAAAAAAAAA/UogEv0MAAAAAAAA8H8AAAAAAADwf/1J/U79Tf1QDAILIBIgEv0Mg8jJbTBf1D+DyMltMF/UP/3yAf0MAAAAAAAAOEMAAAAAAAA4Q/3wASIT/QwAAAAAAAA4QwAAAAAAADhD/fEBIhQgFP3wASIU/QwAAEBU+yH5PwAAQFT7Ifk//fIB/fEBIBT9DAAAYBphtNA9AABgGmG00D398gH98QEgFP0MAAAALooZozsAAAAuihmjO/3yAf3xASIUIBT98gEiFSAV/fIBIhYgFv3yASEXIBX9DFVVVVVVVcW/VVVVVVVVxb/98gH9DAAAAAAAAPA/AAAAAAAA8D/98AEgFf0MGqABGqABKr8aoAEaoAEqv/3yAf0MERERERERgT8RERERERGBP/3wASAW/fIB/fABIBX9DORE9WdF5lq+5ET1Z0XmWr798gH9DDTHVqXjHcc+NMdWpeMdxz798AEgFf0MH7gz5/Pnar0fuDPn8+dqvf3yAf0MCW2oE0YS5j0JbagTRhLmPf3wASAW/fIB/fAB/QxKrTBwx1LpPEqtMHDHUuk8IBf98gH98AEgF/3yAf3wASAU/fIBIBNBP/3LAf1RIBL97AH9DAAAAAAAADBBAAAAAAAAMEH9S/1N/VAMAQsgEiAS/QyDyMltMF/UP4PIyW0wX9Q//fIB/QwAAAAAAADgPwAAAAAAAOA//fEB/QwAAAAAAAA4QwAAAAAAADhD/fABIhP9DAAAAAAAADhDAAAAAAAAOEP98QEiFCAU/fAB/QwAAAAAAADwPwAAAAAAAPA//fABIhT9DAAAQFT7Ifk/AABAVPsh+T/98gH98QEgFP0MAABgGmG00D0AAGAaYbTQPf3yAf3xASAU/QwAAAAuihmjOwAAAC6KGaM7/fIB/fEBIhQgFP3yASIVIBX98gEiFiAW/fIBIRcgFf0MVVVVVVVVxb9VVVVVVVXFv/3yAf0MAAAAAAAA8D8AAAAAAADwP/3wASAV/QwaoAEaoAEqvxqgARqgASq//fIB/QwRERERERGBPxEREREREYE//fABIBb98gH98AEgFf0M5ET1Z0XmWr7kRPVnReZavv3yAf0MNMdWpeMdxz40x1al4x3HPv3wASAV/QwfuDPn8+dqvR+4M+fz52q9/fIB/QwJbagTRhLmPQltqBNGEuY9/fABIBb98gH98AH9DEqtMHDHUuk8Sq0wcMdS6TwgF/3yAf3wASAX/fIB/fABIBT98gEgE0E//csB/QwAAAAAAAAAgAAAAAAAAACA/VH9USAS/ewB/QwAAAAAAAAwQQAAAAAAADBB/Uv9Tf1QCyESIBEgEf0NCAkKCwwNDg8ICQoLDA0OD/1fIRMCewJAAkACQAJAAkACQAJAAkACQCAAQQhrDggAAQIDBAUGBwgLIBP9DAAAAAAAAFrAAAAAAAAAWsD99wH9DAAAAAAAAFpAAAAAAAAAWkD99gEiE/0M/oIrZUcV9z/+gitlRxX3P/3yAf0M/wMAAAAAOEP/AwAAAAA4Q/3wASIU/Qz/AwAAAAA4Q/8DAAAAADhD/fEBIRUgEyAV/QwAAOD+Qi7mPwAA4P5CLuY//fIB/fEBIBX9DAAAYDXvOeo9AABgNe856j398gH98QEiEyAT/fIBIhUgFf3yASEWIBP9DAAAAAAAAPA/AAAAAAAA8D/98gH9DAAAAAAAAPA/AAAAAAAA8D/98AEgE/0MVVVVVVVVxT9VVVVVVVXFP/3yAf0MAAAAAAAA4D8AAAAAAADgP/3wASAV/fIB/fABIBP9DBEREREREYE/ERERERERgT/98gH9DFVVVVVVVaU/VVVVVVVVpT/98AEgE/0MGqABGqABKj8aoAEaoAEqP/3yAf0MF2zBFmzBVj8XbMEWbMFWP/3wASAV/fIB/fABIBP9DDTHVqXjHcc+NMdWpeMdxz798gH9DBqgARqgAfo+GqABGqAB+j798AH9DFyfeLdPfpI+XJ94t09+kj4gFf3yAf3wASAW/fIB/fABIBb98gH98AEgFEE0/csB/fIBDAgLIBP97QH9DAAAAAAAAEnAAAAAAAAAScD99wH9DAAAAAAAAFpAAAAAAAAAWkD99gEiE/0M/oIrZUcV9z/+gitlRxX3P/3yAf0M/wMAAAAAOEP/AwAAAAA4Q/3wASIU/Qz/AwAAAAA4Q/8DAAAAADhD/fEBIRUgEyAV/QwAAOD+Qi7mPwAA4P5CLuY//fIB/fEBIBX9DAAAYDXvOeo9AABgNe856j398gH98QEiEyAT/fIBIhUgFf3yASEW/QwAAAAAAADwPwAAAAAAAPA//QwAAAAAAADwPwAAAAAAAPA/IBP9DAAAAAAAAPA/AAAAAAAA8D/98gH9DAAAAAAAAPA/AAAAAAAA8D/98AEgE/0MVVVVVVVVxT9VVVVVVVXFP/3yAf0MAAAAAAAA4D8AAAAAAADgP/3wASAV/fIB/fABIBP9DBEREREREYE/ERERERERgT/98gH9DFVVVVVVVaU/VVVVVVVVpT/98AEgE/0MGqABGqABKj8aoAEaoAEqP/3yAf0MF2zBFmzBVj8XbMEWbMFWP/3wASAV/fIB/fABIBP9DDTHVqXjHcc+NMdWpeMdxz798gH9DBqgARqgAfo+GqABGqAB+j798AH9DFyfeLdPfpI+XJ94t09+kj4gFf3yAf3wASAW/fIB/fABIBb98gH98AEgFEE0/csB/fIB/fAB/fMBDAcLIBP97QEiFP0MAAAAAAAAScAAAAAAAABJwP33Af0MAAAAAACAW0AAAAAAAIBbQP32ASIV/Qz+gitlRxX3P/6CK2VHFfc//fIB/Qz/AwAAAAA4Q/8DAAAAADhD/fABIhb9DP8DAAAAADhD/wMAAAAAOEP98QEhFyAVIBf9DAAA4P5CLuY/AADg/kIu5j/98gH98QEgF/0MAABgNe856j0AAGA17znqPf3yAf3xASIVIBX98gEiFyAX/fIBIRj9DAAAAAAAAACAAAAAAAAAAIAgE/0MAAAAAAAA8D8AAAAAAADwPyAV/QwAAAAAAADwPwAAAAAAAPA//fIB/QwAAAAAAADwPwAAAAAAAPA//fABIBX9DFVVVVVVVcU/VVVVVVVVxT/98gH9DAAAAAAAAOA/AAAAAAAA4D/98AEgF/3yAf3wASAV/QwRERERERGBPxEREREREYE//fIB/QxVVVVVVVWlP1VVVVVVVaU//fABIBX9DBqgARqgASo/GqABGqABKj/98gH9DBdswRZswVY/F2zBFmzBVj/98AEgF/3yAf3wASAV/Qw0x1al4x3HPjTHVqXjHcc+/fIB/QwaoAEaoAH6PhqgARqgAfo+/fAB/Qxcn3i3T36SPlyfeLdPfpI+IBf98gH98AEgGP3yAf3wASAY/fIB/fABIBZBNP3LAf3yAf3wAf3zASAU/QwAAAAAAIBbQAAAAAAAgFtA/Ur9UiAT/ewB/QwAAAAAAADwfwAAAAAAAPB//Un9Tf1QDAYL/QwAAAAAAAAAwAAAAAAAAADA/QxRNtQzRYjpP1E21DNFiOk/IBP9DPcBSG3i5KY/9wFIbeLkpj8gE/3yASAT/fIBIBP98gH98AH98gH98gEiFP0MAAAAAAAAScAAAAAAAABJwP33Af0MAAAAAACAW0AAAAAAAIBbQP32ASIV/Qz+gitlRxX3P/6CK2VHFfc//fIB/Qz/AwAAAAA4Q/8DAAAAADhD/fABIhb9DP8DAAAAADhD/wMAAAAAOEP98QEhFyAVIBf9DAAA4P5CLuY/AADg/kIu5j/98gH98QEgF/0MAABgNe856j0AAGA17znqPf3yAf3xASIVIBX98gEiFyAX/fIBIRj9DAAAAAAAAACAAAAAAAAAAIAgE/0MAAAAAAAA8D8AAAAAAADwPyAV/QwAAAAAAADwPwAAAAAAAPA//fIB/QwAAAAAAADwPwAAAAAAAPA//fABIBX9DFVVVVVVVcU/VVVVVVVVxT/98gH9DAAAAAAAAOA/AAAAAAAA4D/98AEgF/3yAf3wASAV/QwRERERERGBPxEREREREYE//fIB/QxVVVVVVVWlP1VVVVVVVaU//fABIBX9DBqgARqgASo/GqABGqABKj/98gH9DBdswRZswVY/F2zBFmzBVj/98AEgF/3yAf3wASAV/Qw0x1al4x3HPjTHVqXjHcc+/fIB/QwaoAEaoAH6PhqgARqgAfo+/fAB/Qxcn3i3T36SPlyfeLdPfpI+IBf98gH98AEgGP3yAf3wASAY/fIB/fABIBZBNP3LAf3yAf3wAf3zASAU/QwAAAAAAIBbQAAAAAAAgFtA/Ur9UiAT/ewB/QwAAAAAAADwfwAAAAAAAPB//Un9Tf1QDAULIBP97AH9DAAAAAAAACRAAAAAAAAAJED99gEiFCAU/fABIhT9DP6CK2VHFfc//oIrZUcV9z/98gH9DP8DAAAAADhD/wMAAAAAOEP98AEiFf0M/wMAAAAAOEP/AwAAAAA4Q/3xASEWIBQgFv0MAADg/kIu5j8AAOD+Qi7mP/3yAf3xASAW/QwAAGA17znqPQAAYDXvOeo9/fIB/fEBIhQgFP3yASIWIBb98gEhFyAU/QwAAAAAAADgPwAAAAAAAOA//fIB/QwAAAAAAADwPwAAAAAAAPA//fABIBT9DFVVVVVVVaU/VVVVVVVVpT/98gH9DFVVVVVVVcU/VVVVVVVVxT/98AEgFv3yAf3wASAU/QwXbMEWbMFWPxdswRZswVY//fIB/QwRERERERGBPxEREREREYE//fABIBT9DBqgARqgAfo+GqABGqAB+j798gH9DBqgARqgASo/GqABGqABKj/98AEgFv3yAf3wASAU/Qxcn3i3T36SPlyfeLdPfpI+/fIB/Qw0x1al4x3HPjTHVqXjHcc+/fAB/QzkRPVnReZaPuRE9WdF5lo+IBb98gH98AEgF/3yAf3wASAX/fIB/fABIBT98gEgFUE0/csBIhT98gEgFP0MAAAAAAAA8D8AAAAAAADwP/3xAf3wASIUIBT9DAAAAAAAAABAAAAAAAAAAED98AH98wEgE/0MAAAAAAAAAIAAAAAAAAAAgP1O/VAMBAsgE/3sAf0MAAAAAAAAWkAAAAAAAABaQP32Af3tASIU/Qz+gitlRxX3P/6CK2VHFfc//fIB/Qz/AwAAAAA4Q/8DAAAAADhD/fABIhX9DP8DAAAAADhD/wMAAAAAOEP98QEhFiAUIBb9DAAA4P5CLuY/AADg/kIu5j/98gH98QEgFv0MAABgNe856j0AAGA17znqPf3yAf3xASIUIBT98gEiFiAW/fIBIRcgFP0MAAAAAAAA8D8AAAAAAADwP/3yAf0MAAAAAAAA8D8AAAAAAADwP/3wASAU/QxVVVVVVVXFP1VVVVVVVcU//fIB/QwAAAAAAADgPwAAAAAAAOA//fABIBb98gH98AEgFP0MERERERERgT8RERERERGBP/3yAf0MVVVVVVVVpT9VVVVVVVWlP/3wASAU/QwaoAEaoAEqPxqgARqgASo//fIB/QwXbMEWbMFWPxdswRZswVY//fABIBb98gH98AEgFP0MNMdWpeMdxz40x1al4x3HPv3yAf0MGqABGqAB+j4aoAEaoAH6Pv3wAf0MXJ94t09+kj5cn3i3T36SPiAW/fIB/fABIBf98gH98AEgF/3yAf3wASAVQTT9ywH98gEiFCAU/QwAAAAAAAAAQAAAAAAAAABA/fAB/fMBIhQgFP3yASIVIBX98gEiFiAW/fIBIRf9DAAAAAAAAAAAAAAAAAAAAAAgE/33ASAUIBT98AEgFf0MVVVVVVVV1T9VVVVVVVXVP/3yAf0MAAAAAAAA8D8AAAAAAADwP/3wASAV/QySJEmSJEnCP5IkSZIkScI//fIB/QyamZmZmZnJP5qZmZmZmck//fABIBb98gH98AEgFf0MRhdddNFFtz9GF1100UW3P/3yAf0MHMdxHMdxvD8cx3Ecx3G8P/3wASAV/QwRERERERGxPxEREREREbE//fIB/QwUO7ETO7GzPxQ7sRM7sbM//fABIBb98gH98AEgFf0MKK+hvIbyqj8or6G8hvKqP/3yAf0MHh4eHh4erj8eHh4eHh6uP/3wASAV/QxkIQtZyEKmP2QhC1nIQqY//fIB/QwYhmEYhmGoPxiGYRiGYag//fABIBb98gH98AH9DHsUrkfheqQ/exSuR+F6pD8gF/3yAf3wASAX/fIB/fABIBf98gH98AH98gH98AEMAwsgEyAT/QzNO39mnqDmP807f2aeoOY//dEBQTT9zAEiFEE0/csB/dEBIhX9DAAAAAAAAPA/AAAAAAAA8D/98QEgFf0MAAAAAAAA8D8AAAAAAADwP/3wAf3zASIVIBX98gEiFiAW/fIBIhcgF/3yASEYIBT9DAAAAAAAADhDAAAAAAAAOEP9zgH9DAAAAAAAADhDAAAAAAAAOEP98QH9DO85+v5CLuY/7zn6/kIu5j/98gEgFSAV/fABIBb9DFVVVVVVVdU/VVVVVVVV1T/98gH9DAAAAAAAAPA/AAAAAAAA8D/98AEgFv0MkiRJkiRJwj+SJEmSJEnCP/3yAf0MmpmZmZmZyT+amZmZmZnJP/3wASAX/fIB/fABIBb9DEYXXXTRRbc/RhdddNFFtz/98gH9DBzHcRzHcbw/HMdxHMdxvD/98AEgFv0MERERERERsT8RERERERGxP/3yAf0MFDuxEzuxsz8UO7ETO7GzP/3wASAX/fIB/fAB/QweHh4eHh6uPx4eHh4eHq4/IBj98gH98AEgGP3yAf3wAf3yAf3wASAT/QwAAAAAAAAAAAAAAAAAAAAA/UogE/0MAAAAAAAA8H8AAAAAAADwf/1J/U79Tf1QDAILIBMgE/0Mg8jJbTBf1D+DyMltMF/UP/3yAf0MAAAAAAAAOEMAAAAAAAA4Q/3wASIU/QwAAAAAAAA4QwAAAAAAADhD/fEBIhUgFf3wASIV/QwAAEBU+yH5PwAAQFT7Ifk//fIB/fEBIBX9DAAAYBphtNA9AABgGmG00D398gH98QEgFf0MAAAALooZozsAAAAuihmjO/3yAf3xASIVIBX98gEiFiAW/fIBIhcgF/3yASEYIBb9DFVVVVVVVcW/VVVVVVVVxb/98gH9DAAAAAAAAPA/AAAAAAAA8D/98AEgFv0MGqABGqABKr8aoAEaoAEqv/3yAf0MERERERERgT8RERERERGBP/3wASAX/fIB/fABIBb9DORE9WdF5lq+5ET1Z0XmWr798gH9DDTHVqXjHcc+NMdWpeMdxz798AEgFv0MH7gz5/Pnar0fuDPn8+dqvf3yAf0MCW2oE0YS5j0JbagTRhLmPf3wASAX/fIB/fAB/QxKrTBwx1LpPEqtMHDHUuk8IBj98gH98AEgGP3yAf3wASAV/fIBIBRBP/3LAf1RIBP97AH9DAAAAAAAADBBAAAAAAAAMEH9S/1N/VAMAQsgEyAT/QyDyMltMF/UP4PIyW0wX9Q//fIB/QwAAAAAAADgPwAAAAAAAOA//fEB/QwAAAAAAAA4QwAAAAAAADhD/fABIhT9DAAAAAAAADhDAAAAAAAAOEP98QEiFSAV/fAB/QwAAAAAAADwPwAAAAAAAPA//fABIhX9DAAAQFT7Ifk/AABAVPsh+T/98gH98QEgFf0MAABgGmG00D0AAGAaYbTQPf3yAf3xASAV/QwAAAAuihmjOwAAAC6KGaM7/fIB/fEBIhUgFf3yASIWIBb98gEiFyAX/fIBIRggFv0MVVVVVVVVxb9VVVVVVVXFv/3yAf0MAAAAAAAA8D8AAAAAAADwP/3wASAW/QwaoAEaoAEqvxqgARqgASq//fIB/QwRERERERGBPxEREREREYE//fABIBf98gH98AEgFv0M5ET1Z0XmWr7kRPVnReZavv3yAf0MNMdWpeMdxz40x1al4x3HPv3wASAW/QwfuDPn8+dqvR+4M+fz52q9/fIB/QwJbagTRhLmPQltqBNGEuY9/fABIBf98gH98AH9DEqtMHDHUuk8Sq0wcMdS6TwgGP3yAf3wASAY/fIB/fABIBX98gEgFEE//csB/QwAAAAAAAAAgAAAAAAAAACA/VH9USAT/ewB/QwAAAAAAAAwQQAAAAAAADBB/Uv9Tf1QCyETIBJEAAAAAAAA8D8CfAJAAkACQAJAAkAgAEEMaw4FAAQBAgMEC0QAAAAAAABgPQwEC0QAAAAAAAAgPQwDC0QAAAAAAABQPQwCC0QAAAAAAABQPQwBC0QAAAAAAACQPQuh/RQiFP3yAf1eIBMgFP3yAf1e/Q0AAQIDBAUGBxAREhMUFRYXIhQgFCASAnwCQAJAAkACQAJAIABBDGsOBQAEAQIDBAtEAAAAAAAAYD0MBAtEAAAAAAAAID0MAwtEAAAAAAAAUD0MAgtEAAAAAAAAUD0MAQtEAAAAAAAAkD0LRAAAAAAAAPA/oP0UIhL98gH9XiATIBL98gH9Xv0NAAECAwQFBgcQERITFBUWF/03/U39UCISIBL9QiAQ/U4hEyAEIAlqIgkgESASIBP9UiAJ/QAEACAQ/VL9CwQAIBP9UwRAIAsgDGohCSAT/RsABEAgByAIQQJ0aiAJNgIAIAhBAWohCAsgE/0bAQRAIAcgCEECdGogCUEBajYCACAIQQFqIQgLIBP9GwIEQCAHIAhBAnRqIAlBAmo2AgAgCEEBaiEICyAT/RsDBH8gByAIQQJ0aiAJQQNqNgIAIAhBAWoFIAgLIQgLCyAKQQFqIQoMAQsLIAgL", "base64");
  return builtFromSources();
}
var ROOT = path2.resolve(__dirname, "..", "..");
var SOURCES = path2.join(ROOT, "engine", "kernels", "wasm");
var OUTPUT = path2.join(ROOT, "dist", "kernels.wasm");
var BUILD = path2.join(ROOT, "scripts", "build-kernels.mjs");
function builtFromSources() {
  if (isStale()) {
    try {
      (0, import_child_process.execFileSync)(process.execPath, [BUILD], { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" });
    } catch (e) {
      const detail = e.stderr || e.message;
      throw new Error(`the WebAssembly kernels (dist/kernels.wasm) are missing or older than engine/kernels/wasm/, and building them failed; run 'npm install' and 'npm run build'.
${detail}`);
    }
  }
  return fs3.readFileSync(OUTPUT);
}
function isStale() {
  if (!fs3.existsSync(OUTPUT)) return true;
  const built = fs3.statSync(OUTPUT).mtimeMs;
  return fs3.readdirSync(SOURCES).some((f2) => fs3.statSync(path2.join(SOURCES, f2)).mtimeMs > built);
}

// engine/kernels/simd.ts
var instance;
var enabled2 = true;
var MAX_ELEMENTS = 1 << 23;
function simdKernels(elements) {
  if (!enabled2 || elements > MAX_ELEMENTS) return void 0;
  instance ??= instantiate();
  top = base;
  return instance;
}
function instantiate() {
  const module2 = new WebAssembly.Module(kernelBytes());
  const k = new WebAssembly.Instance(module2, {}).exports;
  base = align(k.heapBase());
  instance = k;
  top = base;
  grow();
  return k;
}
var ALIGN = 64;
var PAGE = 65536;
var base = 0;
var top = 0;
function align(n) {
  return Math.ceil(n / ALIGN) * ALIGN;
}
function allocate(n, bytes) {
  const at = top;
  top += align(Math.ceil(n / 16) * 16 * bytes);
  if (top > memoryBytes) grow();
  return at;
}
function f64At(at, n) {
  return new Float64Array(u322.buffer, at, n);
}
function f32At(at, n) {
  return new Float32Array(u322.buffer, at, n);
}
var memoryBytes = 0;
var u8 = new Uint8Array(0);
var u16 = new Uint16Array(0);
var u322 = new Uint32Array(0);
function grow() {
  const memory = instance.memory;
  const missing = top - memory.buffer.byteLength;
  if (missing > 0) memory.grow(Math.ceil(missing / PAGE));
  const buffer2 = memory.buffer;
  memoryBytes = buffer2.byteLength;
  u8 = new Uint8Array(buffer2);
  u16 = new Uint16Array(buffer2);
  u322 = new Uint32Array(buffer2);
}
function memoryBits(bytes) {
  return bytes === 4 ? u322 : bytes === 2 ? u16 : u8;
}
function allFiniteAt(at, n) {
  return instance.firstBeyond(at, n, F32_MAX2) < 0;
}
var F32_MAX2 = 34028234663852886e22;

// engine/kernels/staging.ts
var FORMATS2 = {
  f32: 0 /* F32 */,
  bf16: 1 /* BF16 */,
  f16: 2 /* F16 */,
  fp8e4m3: 5 /* FP8E4M3 */,
  fp8e4m3fn: 3 /* FP8E4M3FN */,
  fp8e5m2: 4 /* FP8E5M2 */
};
function stages(v) {
  return FORMATS2[v.tensor.dtype] !== void 0;
}
function stage(k, op, v, m) {
  const n = viewSize(v);
  const dtype = v.tensor.dtype;
  const format = FORMATS2[dtype];
  const at = allocate(n, 4);
  if (format === 0 /* F32 */) {
    readViewStored(v, memoryBits(4), at >> 2);
  } else {
    const bytes = dtypeInfo(dtype).bytes;
    const raw = allocate(n, bytes);
    readViewStored(v, memoryBits(bytes), raw / bytes);
    k.decode(format, raw, at, n);
  }
  if (readsUnwritten(op, v, m)) zeroUnwritten(v, f32At(at, n));
  return { at, length: n, canonical: false };
}
function allStagedFinite(...staged) {
  return staged.every((s) => allFiniteAt(s.at, s.length));
}
function results(n, canonical = true) {
  return { at: allocate(n, 4), length: n, canonical };
}
function stageValues(values2, n) {
  const at = allocate(n, 4);
  const out2 = f32At(at, n);
  for (let i = 0; i < n; i++) out2[i] = values2[i];
  return { at, length: n, canonical: false };
}
function areF32(values2, n) {
  for (let i = 0; i < n; i++) {
    const x = values2[i];
    if (Math.fround(x) !== x && x === x) return false;
  }
  return true;
}
function store(k, op, v, values2, m, c, inputsFinite) {
  const dtype = v.tensor.dtype;
  const n = values2.length;
  const from = m.faults.nan ? k.firstBeyond(values2.at, n, suspectAbove(dtype)) : -1;
  checkWrite2(op, v, m, c, from >= 0 ? f32At(values2.at, n) : void 0, from, inputsFinite);
  const format = FORMATS2[dtype];
  if (format === void 0) return writeView(v, f32At(values2.at, n));
  if (format !== 0 /* F32 */) {
    const bytes = dtypeInfo(dtype).bytes;
    const raw = allocate(n, bytes);
    k.encode(format, values2.at, raw, n);
    return writeViewStored(v, memoryBits(bytes), raw / bytes);
  }
  if (!values2.canonical) k.encode(format, values2.at, values2.at, n);
  writeViewStored(v, memoryBits(4), values2.at >> 2);
}
function copyStaged(dst, src, d, s, c, m) {
  const k = stages(s) ? simdKernels(2 * viewSize(s)) : void 0;
  if (!k) return false;
  const values2 = stage(k, src, s, m);
  store(k, dst, d, values2, m, c, () => allStagedFinite(values2));
  return true;
}
function suspectAbove(dtype) {
  return dtype === "bf16" || dtype === "f16" ? dtypeInfo(dtype).maxFinite : F32_MAX2;
}

// engine/kernels/dma.ts
function dmaCopy(node) {
  const dst = tensorOf(node.dst, "destination", ANY_MEMORY2);
  const src = tensorOf(node.srcs[0], "source", ANY_MEMORY2);
  const simd = !compilingFloat64();
  return (f2, c, m) => {
    const d = viewOf(dst, f2, c, m);
    const s = viewOf(src, f2, c, m);
    const a = d.shape.filter((x) => x !== 1).join(", ");
    const b = s.shape.filter((x) => x !== 1).join(", ");
    if (a !== b || viewSize(d) !== viewSize(s)) {
      throw new Fault("shape-mismatch", `DmaCopy: the destination '${dst.ap.text}' is [${d.shape.join(", ")}] here but the source '${src.ap.text}' is [${s.shape.join(", ")}]`, node.span);
    }
    if (simd && d.tensor.dtype === s.tensor.dtype && copyBits(src, dst, s, d, c, m)) return;
    if (simd && copyStaged(dst, src, d, s, c, m)) return;
    if (!simd && m.shadow && !readsUnwritten(src, s, m) && m.shadow.copyOfValues(s, d)) return;
    const values2 = readOperand(src, s, m, 0);
    writeOperand(dst, d, values2, m, c, () => allFinite(values2));
  };
}
var bitBuffers = /* @__PURE__ */ new Map();
function copyBits(src, dst, s, d, c, m) {
  if (readsUnwritten(src, s, m)) return false;
  const n = viewSize(s);
  const dtype = s.tensor.dtype;
  let buffer2 = bitBuffers.get(dtype);
  if (!buffer2 || buffer2.length < n) bitBuffers.set(dtype, buffer2 = createElementArray(dtype, Math.max(n, 1024)));
  readViewStored(s, buffer2);
  checkWrite2(dst, d, m, c, void 0, 0, () => true);
  writeViewStored(d, buffer2);
  return true;
}

// engine/kernels/mask-boxes.ts
function maskBoxes(shape, terms, values2) {
  const lo = shape.map(() => 0);
  const hi = [...shape];
  const cut2 = [];
  for (let i = 0; i < terms.length; i++) {
    const t = terms[i];
    const dims = t.coef.flatMap((c, d) => c !== 0 ? [d] : []);
    if (dims.length === 0) {
      if (!holds(0, t.op, values2[i])) return [];
    } else if (dims.length === 1 && t.op !== "!=") {
      const d = dims[0];
      const [a, b] = interval(t.coef[d], t.op, values2[i]);
      lo[d] = Math.max(lo[d], a);
      hi[d] = Math.min(hi[d], b);
    } else {
      cut2.push([t, values2[i]]);
    }
  }
  if (lo.some((l, d) => l >= hi[d])) return [];
  if (cut2.length === 0) return [{ lo, hi }];
  const out2 = [];
  const last = shape.length - 1;
  forEachPosition(lo.slice(0, last), hi.slice(0, last), (at) => {
    for (const [a, b] of lastIntervals(at, lo[last], hi[last], cut2, last)) out2.push({ lo: [...at, a], hi: [...at.map((x) => x + 1), b] });
  });
  return out2;
}
function lastIntervals(at, lo, hi, cut2, last) {
  const excluded = [];
  for (const [t, value] of cut2) {
    let rhs = value;
    for (let d = 0; d < last; d++) rhs -= t.coef[d] * at[d];
    const c = t.coef[last];
    if (c === 0) {
      if (!holds(0, t.op, rhs)) return [];
    } else if (t.op === "!=") {
      const x = rhs / c;
      if (Number.isInteger(x)) excluded.push(x);
    } else {
      const [a, b] = interval(c, t.op, rhs);
      lo = Math.max(lo, a);
      hi = Math.min(hi, b);
    }
  }
  if (lo >= hi) return [];
  const out2 = [];
  let start = lo;
  for (const x of [...new Set(excluded)].sort((a, b) => a - b)) {
    if (x < start || x >= hi) continue;
    if (x > start) out2.push([start, x]);
    start = x + 1;
  }
  if (start < hi) out2.push([start, hi]);
  return out2;
}
function forEachPosition(lo, hi, visit) {
  const at = [...lo];
  for (; ; ) {
    visit([...at]);
    let d = at.length - 1;
    while (d >= 0 && ++at[d] >= hi[d]) {
      at[d] = lo[d];
      d--;
    }
    if (d < 0) return;
  }
}
function holds(x, op, v) {
  return applyBinary(op, x, v) !== 0;
}
var FLIPPED = { "<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!=" };
function interval(c, op, v) {
  if (c < 0) return interval(-c, FLIPPED[op], -v);
  const t = v / c;
  if (Number.isNaN(t)) return [0, 0];
  switch (op) {
    case "<":
      return [-Infinity, Math.ceil(t)];
    case "<=":
      return [-Infinity, Math.floor(t) + 1];
    case ">":
      return [Math.floor(t) + 1, Infinity];
    case ">=":
      return [Math.ceil(t), Infinity];
    default:
      return Number.isInteger(t) ? [t, t + 1] : [0, 0];
  }
}

// engine/kernels/masked.ts
function masked(node, compile) {
  const mask = attrOperand(node, "mask");
  if (mask?.kind !== "scalar") throw new Error("expected a mask");
  const space = node.opcode === "TensorReduce" ? node.srcs[0] : node.dst;
  if (space?.kind !== "tensor") throw new Error("expected a tensor to mask");
  const dst = { ap: space.ap, view: compileAccess(space.ap, true) };
  const terms = maskTerms(mask.expr, dst.ap.shape.length);
  const values2 = terms.map((t) => compileScalar(t.rhs));
  const restriction = { shape: [] };
  const inner = compileRestricted(restriction, () => compile(node));
  if (!inner) throw new Error(`${node.opcode} has no kernel to mask`);
  const resumeAt = /* @__PURE__ */ new Map();
  return (f2, c, m) => {
    const shape = dst.view(f2, c, m).shape;
    const boxes = maskBoxes(shape, terms, values2.map((v) => v(f2, c, m)));
    restriction.shape = shape;
    for (let i = resumeAt.get(c.index) ?? 0; i < boxes.length; i++) {
      resumeAt.set(c.index, i);
      restriction.box = boxes[i];
      try {
        inner(f2, c, m);
      } finally {
        restriction.box = void 0;
      }
    }
    resumeAt.delete(c.index);
  };
}

// engine/kernels/shadowed.ts
var UNSHADOWED = /* @__PURE__ */ new Set(["Set", "Load", "Print", "Assert", "Assert.close"]);
var POSITIONAL = /* @__PURE__ */ new Set(["DmaCopy", "TensorCopy", "TensorTensor", "TensorScalar", "ScalarTensorTensor", "Activation", "Select", "Memset", "Iota"]);
function shadowed(node, compile) {
  const itself = compile(node);
  if (UNSHADOWED.has(node.opcode)) return itself;
  const inFloat64 = compileInFloat64(() => compile(node));
  let run;
  let id = -1;
  const positional = POSITIONAL.has(node.opcode);
  return (f2, c, m) => {
    const shadow2 = m.shadow;
    if (!shadow2) return itself(f2, c, m);
    if (shadow2 !== run) {
      run = shadow2;
      id = shadow2.idOf(node);
    }
    shadow2.begin(id, positional);
    try {
      inFloat64(f2, c, m);
    } catch (e) {
      shadow2.discard();
      if (!(e instanceof Fault)) throw e;
    }
    itself(f2, c, m);
    shadow2.commit();
  };
}

// engine/kernels/tensor-engine.ts
function matMult(node) {
  const dst = tensorOf(node.dst, "destination", ["psum"]);
  const st = tensorOf(node.srcs[0], STATIONARY, ["sbuf"]);
  const mv = tensorOf(node.srcs[1], MOVING, ["sbuf"]);
  const accumulate = attrScalar(node, "accumulate", 0);
  if (word(node, "perf_mode", "none") === "double_row") return doubleRowMatMult(node, dst, st, mv, accumulate);
  const float64 = compilingFloat64();
  const r = floatRounding();
  return (f2, c, m) => {
    const d = viewOf(dst, f2, c, m);
    const vs = viewOf(st, f2, c, m);
    const vm = viewOf(mv, f2, c, m);
    const [K, M2] = plane2d(vs);
    const [K2, N3] = plane2d(vm);
    if (K !== K2) throw new Fault("shape-mismatch", `MatMult: the stationary operand '${st.ap.text}' has K = ${K} partitions but the moving operand '${mv.ap.text}' has ${K2}`, node.span);
    requireShape(dst, d, M2, N3, "MatMult");
    checkOneBank(dst, d);
    const k = !float64 && stages(vs) && stages(vm) ? simdKernels(K * M2 + K * N3 + 2 * M2 * N3) : void 0;
    if (k) {
      const a2 = stage(k, st, vs, m);
      const b2 = stage(k, mv, vm, m);
      const out3 = results(M2 * N3);
      k.matmul(a2.at, b2.at, out3.at, K, M2, N3);
      const old2 = accumulate(f2, c, m) !== 0 ? stage(k, dst, d, m) : void 0;
      if (old2) k.binary(0 /* Add */, old2.at, out3.at, out3.at, out3.length);
      store(k, dst, d, out3, m, c, () => allStagedFinite(a2, b2) && (!old2 || allStagedFinite(old2)));
      return;
    }
    const a = readOperand(st, vs, m, 0);
    const b = readOperand(mv, vm, m, 1);
    const out2 = scratch2.get(7, M2 * N3);
    if (float64) multiplyF64(a, b, K, M2, N3, out2);
    else multiply(a, b, K, M2, N3, out2);
    const old = accumulate(f2, c, m) !== 0 ? readOperand(dst, d, m, 2) : void 0;
    if (old) for (let i = 0; i < out2.length; i++) out2[i] = r(old[i] + out2[i]);
    writeOperand(dst, d, out2, m, c, () => allFinite(a, b) && (!old || allFinite(old)));
  };
}
function doubleRowMatMult(node, dst, st, mv, accumulate) {
  const float64 = compilingFloat64();
  const r = floatRounding();
  return (f2, c, m) => {
    const d = viewOf(dst, f2, c, m);
    const vs = viewOf(st, f2, c, m);
    const vm = viewOf(mv, f2, c, m);
    for (const [op, v] of [[st, vs], [mv, vm]]) {
      if (v.shape.length !== 3 || v.shape[1] !== 2) throw new Fault("shape-mismatch", `MatMult with perf_mode = double_row: the ${op.role} '${op.ap.text}' is [${v.shape.join(", ")}] here, not [K, 2, ${op === st ? "M" : "N"}]`, op.ap.span);
    }
    const [K, , M2] = vs.shape;
    const [K2, , N3] = vm.shape;
    if (K !== K2) throw new Fault("shape-mismatch", `MatMult: the stationary operand '${st.ap.text}' has K = ${K} partitions but the moving operand '${mv.ap.text}' has ${K2}`, node.span);
    requireShape(dst, d, M2, N3, "MatMult");
    checkOneBank(dst, d);
    const a = readOperand(st, vs, m, 0);
    const b = readOperand(mv, vm, m, 1);
    const out2 = scratch2.get(7, M2 * N3);
    if (float64) multiplyF64(a, b, 2 * K, M2, N3, out2);
    else multiplyDoubleRow(a, b, K, M2, N3, out2);
    const old = accumulate(f2, c, m) !== 0 ? readOperand(dst, d, m, 2) : void 0;
    if (old) for (let i = 0; i < out2.length; i++) out2[i] = r(old[i] + out2[i]);
    writeOperand(dst, d, out2, m, c, () => allFinite(a, b) && (!old || allFinite(old)));
  };
}
function multiplyDoubleRow(a, b, K, M2, N3, out2) {
  if (rowBuffer.acc.length < N3) rowBuffer.acc = new Float32Array(N3);
  const acc = rowBuffer.acc;
  for (let i = 0; i < M2; i++) {
    acc.fill(0, 0, N3);
    for (let p = 0; p < K; p++) {
      const x0 = a[2 * p * M2 + i];
      const x1 = a[(2 * p + 1) * M2 + i];
      const row0 = 2 * p * N3;
      const row1 = row0 + N3;
      for (let j = 0; j < N3; j++) acc[j] += Math.fround(Math.fround(x0 * b[row0 + j]) + Math.fround(x1 * b[row1 + j]));
    }
    for (let j = 0; j < N3; j++) out2[i * N3 + j] = acc[j];
  }
}
var rowBuffer = { acc: new Float32Array(512) };
function multiply(a, b, K, M2, N3, out2) {
  if (rowBuffer.acc.length < N3) rowBuffer.acc = new Float32Array(N3);
  const acc = rowBuffer.acc;
  for (let i = 0; i < M2; i++) {
    acc.fill(0, 0, N3);
    for (let k = 0; k < K; k++) {
      const x = a[k * M2 + i];
      const row = k * N3;
      for (let j = 0; j < N3; j++) acc[j] += Math.fround(x * b[row + j]);
    }
    for (let j = 0; j < N3; j++) out2[i * N3 + j] = acc[j];
  }
}
function multiplyF64(a, b, K, M2, N3, out2) {
  const k = simdKernels(2 * (K * M2 + K * N3 + M2 * N3));
  if (!k) return multiplyInFloat64(a, b, K, M2, N3, out2);
  const pa = allocate(K * M2, 8);
  const pb = allocate(K * N3, 8);
  const po = allocate(M2 * N3, 8);
  f64At(pa, K * M2).set(a.subarray(0, K * M2));
  f64At(pb, K * N3).set(b.subarray(0, K * N3));
  k.matmulF64(pa, pb, po, K, M2, N3);
  out2.set(f64At(po, M2 * N3));
}
function multiplyInFloat64(a, b, K, M2, N3, out2) {
  out2.fill(0, 0, M2 * N3);
  for (let i = 0; i < M2; i++) {
    const o = i * N3;
    for (let k = 0; k < K; k++) {
      const x = a[k * M2 + i];
      const row = k * N3;
      for (let j = 0; j < N3; j++) out2[o + j] += x * b[row + j];
    }
  }
}
function checkOneBank(dst, d) {
  const t = d.tensor;
  if (!t.placement || d.shape.length === 0) return;
  const rowLength = t.shape[t.shape.length - 1];
  const firstCol = d.offset % rowLength;
  const cols = d.shape[d.shape.length - 1];
  const lastCol = firstCol + (cols - 1) * d.strides[d.strides.length - 1];
  const base2 = t.placement.frameBase + t.placement.offset;
  const first = base2 + firstCol * 4;
  const last = base2 + lastCol * 4 + 3;
  const b0 = Math.floor(first / PSUM_BANK_BYTES);
  const b1 = Math.floor(last / PSUM_BANK_BYTES);
  if (b0 !== b1) {
    throw new Fault("bank-crossing", `MatMult writes '${dst.ap.text}' across PSUM banks ${b0} and ${b1} (bytes ${first}..${last} of each partition; a bank holds ${PSUM_BANK_BYTES} bytes)`, dst.ap.span);
  }
}
function transpose(node) {
  const dst = tensorOf(node.dst, "destination", ["psum"]);
  const src = tensorOf(node.srcs[0], "source", ["sbuf"]);
  const simd = !compilingFloat64();
  return (f2, c, m) => {
    const d = viewOf(dst, f2, c, m);
    const s = viewOf(src, f2, c, m);
    const [P, F2] = plane2d(s);
    requireShape(dst, d, F2, P, "the transpose");
    const k = simd && stages(s) ? simdKernels(2 * P * F2) : void 0;
    if (k) {
      const x2 = stage(k, src, s, m);
      const out3 = results(P * F2, false);
      k.transpose(x2.at, out3.at, P, F2);
      store(k, dst, d, out3, m, c, () => allStagedFinite(x2));
      return;
    }
    const x = readOperand(src, s, m, 0);
    const out2 = scratch2.get(7, P * F2);
    for (let p = 0; p < P; p++) for (let q = 0; q < F2; q++) out2[q * P + p] = x[p * F2 + q];
    writeOperand(dst, d, out2, m, c, () => allFinite(x));
  };
}

// engine/kernels/mx-matmul.ts
var STATIONARY_SCALE = "stationary scale";
var MOVING_SCALE = "moving scale";
function matMultMX(node) {
  const dst = tensorOf(node.dst, "destination", ["psum"]);
  const st = tensorOf(node.srcs[0], STATIONARY, ["sbuf"]);
  const mv = tensorOf(node.srcs[1], MOVING, ["sbuf"]);
  const ss = tensorOf(node.srcs[2], STATIONARY_SCALE, ["sbuf"]);
  const ms = tensorOf(node.srcs[3], MOVING_SCALE, ["sbuf"]);
  const accumulate = attrScalar(node, "accumulate", 0);
  const float64 = compilingFloat64();
  const r = floatRounding();
  return (f2, c, m) => {
    const d = viewOf(dst, f2, c, m);
    const [vs, vm, vss, vms] = [st, mv, ss, ms].map((o) => viewOf(o, f2, c, m));
    const [K, M2] = plane2d(vs);
    const [K2, N3] = plane2d(vm);
    if (K !== K2) throw new Fault("shape-mismatch", `MatMultMX: the stationary operand '${st.ap.text}' has K = ${K} partitions but the moving operand '${mv.ap.text}' has ${K2}`, node.span);
    if (K % 32 !== 0) throw new Fault("shape-mismatch", `MatMultMX: K = ${K} partitions here; the data's partitions must be a multiple of 32`, node.span);
    requireShape(dst, d, M2, N3, "MatMultMX");
    requireScale(ss, vss, K, M2);
    requireScale(ms, vms, K, N3);
    const a = unpack(readOperand(st, vs, m, 0), vs.tensor.dtype, 0);
    const b = unpack(readOperand(mv, vm, m, 1), vm.tensor.dtype, 1);
    const sa = scales(readOperand(ss, vss, m, 2), vss.tensor.dtype);
    const sb = scales(readOperand(ms, vms, m, 3), vms.tensor.dtype);
    const out2 = scratch2.get(7, M2 * N3);
    (float64 ? multiplyMXInFloat64 : multiplyMX)(a, b, sa, sb, K, M2, N3, out2);
    const old = accumulate(f2, c, m) !== 0 ? readOperand(dst, d, m, 6) : void 0;
    if (old) for (let i = 0; i < out2.length; i++) out2[i] = r(old[i] + out2[i]);
    writeOperand(dst, d, out2, m, c, () => finite(a) && finite(b) && finite(sa) && finite(sb) && (!old || finite(old)));
  };
}
function requireScale(op, v, K, cols) {
  const [p, f2] = plane2d(v);
  const needed = mxScalePartitionsNeeded(K);
  if (f2 !== cols || p < needed) {
    throw new Fault("shape-mismatch", `the ${op.role} '${op.ap.text}' is [${v.shape.join(", ")}] here but MatMultMX needs ${cols} columns and at least ${needed} partitions for K = ${K}`, op.ap.span);
  }
}
var TABLES = /* @__PURE__ */ new Map();
function tableOf(element2, bits) {
  let t = TABLES.get(element2);
  if (!t) {
    t = Float64Array.from({ length: 2 ** bits }, (_, i) => decode(element2, i));
    TABLES.set(element2, t);
  }
  return t;
}
var unpacked = [];
function unpack(bits, packed, slot) {
  const layout = packedLayout(packed);
  const table = tableOf(layout.element, layout.bitsEach);
  const n = bits.length * layout.count;
  let out2 = unpacked[slot];
  if (!out2 || out2.length < n) unpacked[slot] = out2 = new Float64Array(n);
  const mask = 2 ** layout.bitsEach - 1;
  for (let i = 0; i < bits.length; i++) {
    const word2 = bits[i];
    for (let q = 0; q < layout.count; q++) out2[i * layout.count + q] = table[Math.floor(word2 / 2 ** (q * layout.bitsEach)) & mask];
  }
  return out2.length === n ? out2 : out2.subarray(0, n);
}
function scales(values2, dtype) {
  if (dtype !== "u8") return values2;
  const table = tableOf("e8m0", 8);
  for (let i = 0; i < values2.length; i++) values2[i] = table[values2[i]];
  return values2;
}
function finite(a) {
  for (let i = 0; i < a.length; i++) if (!Number.isFinite(a[i])) return false;
  return true;
}
var rowBuffer2 = { acc: new Float32Array(512) };
function multiplyMX(a, b, sa, sb, K, M2, N3, out2) {
  if (rowBuffer2.acc.length < N3) rowBuffer2.acc = new Float32Array(N3);
  const acc = rowBuffer2.acc;
  for (let i = 0; i < M2; i++) {
    acc.fill(0, 0, N3);
    for (let p = 0; p < K; p++) {
      const ai = (p * M2 + i) * 4;
      const [a0, a1, a2, a3] = [a[ai], a[ai + 1], a[ai + 2], a[ai + 3]];
      const s = mxScalePartition(p);
      const si = sa[s * M2 + i];
      const rowB = p * N3 * 4;
      const rowS = s * N3;
      for (let j = 0; j < N3; j++) {
        const bj = rowB + 4 * j;
        const dot = a0 * b[bj] + a1 * b[bj + 1] + a2 * b[bj + 2] + a3 * b[bj + 3];
        acc[j] += Math.fround(dot * (si * sb[rowS + j]));
      }
    }
    for (let j = 0; j < N3; j++) out2[i * N3 + j] = acc[j];
  }
}
function multiplyMXInFloat64(a, b, sa, sb, K, M2, N3, out2) {
  out2.fill(0, 0, M2 * N3);
  for (let i = 0; i < M2; i++) {
    const o = i * N3;
    for (let p = 0; p < K; p++) {
      const ai = (p * M2 + i) * 4;
      const s = mxScalePartition(p);
      const si = sa[s * M2 + i];
      for (let j = 0; j < N3; j++) {
        const bj = (p * N3 + j) * 4;
        out2[o + j] += (a[ai] * b[bj] + a[ai + 1] * b[bj + 1] + a[ai + 2] * b[bj + 2] + a[ai + 3] * b[bj + 3]) * si * sb[s * N3 + j];
      }
    }
  }
}

// engine/kernels/quantize-mx.ts
var E_MAX = { fp8e4m3fn: 8, fp8e5m2: 15 };
var E8M0_BIAS = 127;
var E8M0_NAN = 255;
var BLOCKS_PER_QUADRANT2 = MX_QUADRANT / MX_BLOCK_PARTITIONS;
function quantizeMX(node) {
  const dst = tensorOf(node.dst, "destination", ["sbuf"]);
  const src = tensorOf(node.srcs[0], "source", ["sbuf"]);
  const scale3 = tensorOf(attrOperand(node, "dst_scale"), "dst_scale", ["sbuf"]);
  return (f2, c, m) => {
    const d = viewOf(dst, f2, c, m);
    const s = viewOf(src, f2, c, m);
    const vs = viewOf(scale3, f2, c, m);
    const [P, F2] = plane2d(s);
    if (P % MX_QUADRANT !== 0 || F2 % 4 !== 0) throw new Fault("shape-mismatch", `QuantizeMX: the source '${src.ap.text}' is [${s.shape.join(", ")}] here; its partitions must be a multiple of 32 and its elements per partition of 4`, node.span);
    requireShape(dst, d, P, F2 / 4, "QuantizeMX");
    const [sp, sf] = plane2d(vs);
    if (sf !== F2 / 4 || sp < mxScalePartitionsNeeded(P)) {
      throw new Fault("shape-mismatch", `the dst_scale '${scale3.ap.text}' is [${vs.shape.join(", ")}] here but QuantizeMX needs ${F2 / 4} columns and at least ${mxScalePartitionsNeeded(P)} partitions for ${P} partitions of data`, scale3.ap.span);
    }
    const x = readOperand(src, s, m, 0);
    const element2 = packedLayout(d.tensor.dtype).element;
    const words2 = scratch2.get(7, P * (F2 / 4));
    const bits = scratch2.get(6, P / MX_BLOCK_PARTITIONS * (F2 / 4));
    quantizeBlocks(x, P, F2, element2, words2, bits);
    if (vs.tensor.dtype === "e8m0") for (let i = 0; i < bits.length; i++) bits[i] = bits[i] === E8M0_NAN ? NaN : 2 ** (bits[i] - E8M0_BIAS);
    const rows = quadrantRows(vs, P);
    for (const r of rows) checkWrite2(scale3, r.view, m, c, void 0, 0, () => true);
    checkWrite2(dst, d, m, c, void 0, 0, () => true);
    writeChecked(dst, d, words2, m);
    for (const r of rows) writeChecked(scale3, r.view, bits.subarray(r.from, r.from + viewElements(r.view)), m);
  };
}
function quantizeBlocks(x, P, F2, element2, words2, bits) {
  const emax = E_MAX[element2];
  const cols = F2 / 4;
  for (let g = 0; g < P / MX_BLOCK_PARTITIONS; g++) {
    for (let c = 0; c < cols; c++) {
      let amax = 0;
      let nonFinite = false;
      for (let p = 8 * g; p < 8 * g + 8; p++) {
        for (let q = 0; q < 4; q++) {
          const v = x[p * F2 + 4 * c + q];
          if (!Number.isFinite(v)) nonFinite = true;
          else amax = Math.max(amax, Math.abs(v));
        }
      }
      const e = nonFinite ? void 0 : amax === 0 ? -E8M0_BIAS : Math.min(Math.max(floorLog2(amax) - (emax - 1), -E8M0_BIAS), E8M0_BIAS);
      bits[g * cols + c] = e === void 0 ? E8M0_NAN : e + E8M0_BIAS;
      const X = e === void 0 ? NaN : 2 ** e;
      for (let p = 8 * g; p < 8 * g + 8; p++) {
        let word2 = 0;
        for (let q = 0; q < 4; q++) word2 += encode(element2, x[p * F2 + 4 * c + q] / X) * 2 ** (8 * q);
        words2[p * cols + c] = word2;
      }
    }
  }
}
function floorLog2(a) {
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e--;
  else if (2 ** (e + 1) <= a) e++;
  return e;
}
function quadrantRows(v, P) {
  const blocks = P / MX_BLOCK_PARTITIONS;
  const [, cols] = plane2d(v);
  const out2 = [];
  for (let q = 0; q * BLOCKS_PER_QUADRANT2 < blocks; q++) {
    const n = Math.min(BLOCKS_PER_QUADRANT2, blocks - q * BLOCKS_PER_QUADRANT2);
    const view = { tensor: v.tensor, offset: v.offset + MX_QUADRANT * q * v.strides[0], shape: [n, ...v.shape.slice(1)], strides: v.strides };
    out2.push({ view, from: q * BLOCKS_PER_QUADRANT2 * cols });
  }
  return out2;
}
function viewElements(v) {
  return v.shape.reduce((a, b) => a * b, 1);
}

// engine/kernels/alu.ts
var f = Math.fround;
function floatOp(op, r = f) {
  switch (op) {
    case "add":
      return (a, b) => r(a + b);
    case "sub":
      return (a, b) => r(a - b);
    case "mul":
      return (a, b) => r(a * b);
    case "div":
      return (a, b) => r(a / b);
    case "max":
      return (a, b) => a !== a || b !== b ? NaN : a > b ? a : b;
    case "min":
      return (a, b) => a !== a || b !== b ? NaN : a < b ? a : b;
    case "pow":
      return (a, b) => r(pow(a, b));
    case "eq":
      return (a, b) => a === b ? 1 : 0;
    case "ne":
      return (a, b) => a !== b ? 1 : 0;
    case "lt":
      return (a, b) => a < b ? 1 : 0;
    case "le":
      return (a, b) => a <= b ? 1 : 0;
    case "gt":
      return (a, b) => a > b ? 1 : 0;
    case "ge":
      return (a, b) => a >= b ? 1 : 0;
    case "and":
      return (a, b) => a !== 0 && b !== 0 ? 1 : 0;
    case "or":
      return (a, b) => a !== 0 || b !== 0 ? 1 : 0;
    case "xor":
      return (a, b) => a !== 0 !== (b !== 0) ? 1 : 0;
    case "abs_max":
      return (a, b) => a !== a || b !== b ? NaN : Math.max(Math.abs(a), Math.abs(b));
    case "abs_min":
      return (a, b) => a !== a || b !== b ? NaN : Math.min(Math.abs(a), Math.abs(b));
    case "abs":
      return (a) => Math.abs(a);
    case "square":
      return (a) => r(a * a);
    case "relu":
      return (a) => a > 0 ? a : a !== a ? NaN : 0;
    case "rsqrt":
      return (a) => r(1 / Math.sqrt(a));
    case "reciprocal":
      return (a) => r(1 / a);
    // The checker refuses float data for the bit operators; in the float domain (a non-integral register as the
    // scalar) they act on the 32-bit patterns of the operands truncated toward zero.
    case "shl":
    case "shr":
    case "invert":
      return bitOp(op, "i32");
  }
}
function bitOp(op, dtype) {
  const info = dtypeInfo(dtype);
  const bits = Math.min(info.bytes * 8, 32);
  const mask = bits === 32 ? 4294967295 : 2 ** bits - 1;
  const pattern = (x) => ((Math.trunc(x) | 0) & mask) >>> 0;
  const value = (u) => info.isSigned && u >= 2 ** (bits - 1) ? u - 2 ** bits : u;
  const count = (n) => Math.min(Math.max(Math.trunc(n), 0), bits);
  switch (op) {
    case "shl":
      return (a, b) => {
        const n = count(b);
        return n >= bits ? 0 : value((pattern(a) << n & mask) >>> 0);
      };
    case "shr":
      return (a, b) => {
        const n = count(b);
        return n >= bits ? 0 : value(pattern(a) >>> n);
      };
    case "invert":
      return (a) => value((~pattern(a) & mask) >>> 0);
  }
}
function integerOp(op, where, dtype = "i32", r = f) {
  switch (op) {
    case "add":
      return (a, b) => a + b;
    case "sub":
      return (a, b) => a - b;
    // Integers have no negative zero: `+ 0` turns the -0 of 0 * -5 or trunc(-1 / 2) into 0.
    case "mul":
      return (a, b) => a * b + 0;
    case "div":
      return (a, b) => {
        if (b === 0) throw new Fault("division-by-zero", `integer division by zero in ${where()}: ${a} / 0`);
        return Math.trunc(a / b) + 0;
      };
    case "pow":
      return (a, b) => pow(a, b);
    case "and":
      return bitwise((x, y) => x & y);
    case "or":
      return bitwise((x, y) => x | y);
    case "xor":
      return bitwise((x, y) => x ^ y);
    case "shl":
    case "shr":
    case "invert":
      return bitOp(op, dtype);
    case "square":
      return (a) => a * a;
    default:
      return floatOp(op, r);
  }
}
function bitwise(op) {
  return (a, b) => a < 0 || b < 0 ? op(a | 0, b | 0) : op(a >>> 0, b >>> 0) >>> 0;
}
var SQRT_2_OVER_PI = Math.sqrt(2 / Math.PI);
function activation(fn, r = f) {
  switch (fn) {
    case "identity":
      return (x) => x;
    case "relu":
      return (x) => x > 0 ? x : x !== x ? NaN : 0;
    case "gelu":
      return (x) => gelu(x, r);
    case "sigmoid":
      return (x) => r(1 / (1 + exp(-x)));
    case "tanh":
      return (x) => r(tanh(x));
    case "exp":
      return (x) => r(exp(x));
    case "log":
      return (x) => r(log(x));
    case "sqrt":
      return (x) => r(Math.sqrt(x));
    case "rsqrt":
      return (x) => r(1 / Math.sqrt(x));
    case "square":
      return (x) => r(x * x);
    case "silu":
      return (x) => r(x / (1 + exp(-x)));
    case "softplus":
      return (x) => r(Math.max(x, 0) + log1p(exp(-Math.abs(x))));
    case "abs":
      return (x) => Math.abs(x);
    case "sign":
      return (x) => x > 0 ? 1 : x < 0 ? -1 : x;
    case "reciprocal":
      return (x) => r(1 / x);
    case "sin":
      return (x) => r(sin(x));
    case "cos":
      return (x) => r(cos(x));
  }
}
function gelu(x, r) {
  const u = SQRT_2_OVER_PI * (x + 0.044715 * x * x * x);
  return r(x / (1 + exp(-2 * u)));
}
function reduction(op, integer2, rounding = f) {
  const r = integer2 ? (x) => x + 0 : rounding;
  switch (op) {
    case "add":
      return { init: 0, step: (a, b) => r(a + b) };
    case "mul":
      return { init: 1, step: (a, b) => r(a * b) };
    case "max":
      return { init: -Infinity, step: (a, b) => a !== a || b !== b ? NaN : a > b ? a : b };
    case "min":
      return { init: Infinity, step: (a, b) => a !== a || b !== b ? NaN : a < b ? a : b };
  }
}

// engine/kernels/exact-lanes.ts
var CANONICAL_NAN = 2143289344;
function computeLeftLanes(k, fn, out2, length, left, count) {
  const buffer2 = k.memory.buffer;
  const values2 = new Float32Array(buffer2, out2, length);
  const bits = new Uint32Array(buffer2, out2, length);
  const indices = new Int32Array(buffer2, left, count);
  for (let i = 0; i < count; i++) {
    const at = indices[i];
    const result = fn(values2[at]);
    if (result === result) values2[at] = result;
    else bits[at] = CANONICAL_NAN;
  }
}

// engine/kernels/vector.ts
var OUT = 7;
var SIMD_OPS = {
  add: 0 /* Add */,
  sub: 1 /* Sub */,
  mul: 2 /* Mul */,
  div: 3 /* Div */,
  max: 4 /* Max */,
  min: 5 /* Min */,
  eq: 6 /* Eq */,
  ne: 7 /* Ne */,
  lt: 8 /* Lt */,
  le: 9 /* Le */,
  gt: 10 /* Gt */,
  ge: 11 /* Ge */,
  and: 12 /* And */,
  or: 13 /* Or */,
  xor: 14 /* Xor */
};
var SIMD_FUNCS = {
  identity: 0 /* Identity */,
  relu: 1 /* Relu */,
  square: 2 /* Square */,
  abs: 3 /* Abs */,
  sign: 4 /* Sign */,
  reciprocal: 5 /* Reciprocal */,
  sqrt: 6 /* Sqrt */,
  rsqrt: 7 /* Rsqrt */,
  exp: 8 /* Exp */,
  sigmoid: 9 /* Sigmoid */,
  silu: 10 /* Silu */,
  gelu: 11 /* Gelu */,
  tanh: 12 /* Tanh */,
  softplus: 13 /* Softplus */,
  log: 14 /* Log */,
  sin: 15 /* Sin */,
  cos: 16 /* Cos */
};
var SIMD_FOLDS = { add: 0 /* Add */, mul: 1 /* Mul */, max: 2 /* Max */, min: 3 /* Min */ };
function tensorCopy(node) {
  const dst = tensorOf(node.dst, "destination", ON_CHIP2);
  const src = tensorOf(node.srcs[0], "source", ON_CHIP2);
  const simd = !compilingFloat64();
  return (f2, c, m) => {
    const d = viewOf(dst, f2, c, m);
    const s = viewOf(src, f2, c, m);
    const [rows, cols] = plane2d(s);
    requireShape(dst, d, rows, cols, "the copy");
    if (simd && copyStaged(dst, src, d, s, c, m)) return;
    const values2 = readOperand(src, s, m, 0);
    writeOperand(dst, d, values2, m, c, () => allFinite(values2));
  };
}
function memset(node) {
  const dst = tensorOf(node.dst, "destination", ON_CHIP2);
  const value = scalarOf(node.srcs[0]);
  return (f2, c, m) => {
    const d = viewOf(dst, f2, c, m);
    const x = value(f2, c, m);
    const out2 = scratch2.get(OUT, viewSize(d));
    out2.fill(x);
    writeOperand(dst, d, out2, m, c, () => Number.isFinite(x));
  };
}
function iota(node) {
  const dst = tensorOf(node.dst, "destination", ON_CHIP2);
  const base2 = attrScalar(node, "base", 0);
  const pstep = attrScalar(node, "pstep", 0);
  const fstep = attrScalar(node, "fstep", 1);
  const masked2 = compilingMasked();
  return (f2, c, m) => {
    const d = viewOf(dst, f2, c, m);
    const [rows, cols] = plane2d(d);
    const b = base2(f2, c, m);
    const ps = pstep(f2, c, m);
    const fs4 = fstep(f2, c, m);
    const out2 = scratch2.get(OUT, rows * cols);
    if (masked2) {
      for (let p = 0; p < rows; p++) {
        for (let q = 0; q < cols; q++) {
          const [wp, wf] = wholeIndices(d, p, q);
          out2[p * cols + q] = b + wp * ps + wf * fs4;
        }
      }
    } else {
      for (let p = 0; p < rows; p++) for (let q = 0; q < cols; q++) out2[p * cols + q] = b + p * ps + q * fs4;
    }
    writeOperand(dst, d, out2, m, c, () => Number.isFinite(b) && Number.isFinite(ps) && Number.isFinite(fs4));
  };
}
function tensorTensor(node) {
  const dst = tensorOf(node.dst, "destination", ON_CHIP2);
  const a = tensorOf(node.srcs[0], "first operand", ON_CHIP2);
  const b = tensorOf(node.srcs[1], "second operand", ON_CHIP2);
  const op = word(node, "op", "add");
  const integer2 = isIntegerDType(a) && isIntegerDType(b);
  const r = floatRounding();
  const fn = integer2 ? integerOp(op, () => `'${node.opcode} op = ${op}'`, a.ap.dtype, r) : floatOp(op, r);
  const simdOp = compilingFloat64() ? void 0 : SIMD_OPS[op];
  return (f2, c, m) => {
    const d = viewOf(dst, f2, c, m);
    const va = viewOf(a, f2, c, m);
    const vb = viewOf(b, f2, c, m);
    const [rows, cols] = plane2d(va);
    requireShape(b, vb, rows, cols, `'${a.ap.text}'`);
    requireShape(dst, d, rows, cols, "the result");
    const k = simdOp !== void 0 && stages(va) && stages(vb) ? simdKernels(3 * rows * cols) : void 0;
    if (k) {
      const sa = stage(k, a, va, m);
      const sb = stage(k, b, vb, m);
      const out3 = results(sa.length);
      k.binary(simdOp, sa.at, sb.at, out3.at, out3.length);
      return store(k, dst, d, out3, m, c, () => allStagedFinite(sa, sb));
    }
    const xa = readOperand(a, va, m, 0);
    const xb = readOperand(b, vb, m, 1);
    const out2 = scratch2.get(OUT, xa.length);
    for (let i = 0; i < xa.length; i++) out2[i] = fn(xa[i], xb[i]);
    writeOperand(dst, d, out2, m, c, () => allFinite(xa, xb));
  };
}
function tensorScalar(node) {
  const dst = tensorOf(node.dst, "destination", ON_CHIP2);
  const a = tensorOf(node.srcs[0], "operand", ON_CHIP2);
  const ops = [word(node, "op", "add"), word(node, "op1", "")].filter((o) => o);
  const scalars = [compileColumn(attrOperand(node, "scalar"), "scalar", 0), compileColumn(attrOperand(node, "scalar1"), "scalar1", 0)];
  const reversed = [attrScalar(node, "reverse", 0), attrScalar(node, "reverse1", 0)];
  const where = () => `'${node.opcode}'`;
  const simdOps = !compilingFloat64() && ops.every((o) => SIMD_OPS[o] !== void 0) ? ops.map((o) => SIMD_OPS[o]) : void 0;
  const r = floatRounding();
  const reduceOp = attrOperand(node, "reduce_res");
  const reduceRes = reduceOp && tensorOf(reduceOp, "reduce_res", ON_CHIP2);
  const reduceWith = word(node, "reduce_op", "add");
  return (f2, c, m) => {
    const d = viewOf(dst, f2, c, m);
    const va = viewOf(a, f2, c, m);
    const [rows, cols] = plane2d(va);
    requireShape(dst, d, rows, cols, "the result");
    const rs = reduceRes && viewOf(reduceRes, f2, c, m);
    if (reduceRes && rs) requireShape(reduceRes, rs, rows, 1, "the row reductions");
    const reverse = ops.map((_, k2) => reversed[k2](f2, c, m) !== 0);
    const k = simdOps && !reduceRes && !reverse.includes(true) && stages(va) ? simdKernels(2 * rows * cols + 2 * rows) : void 0;
    if (k && simdOps) {
      const x = stage(k, a, va, m);
      const given2 = ops.map((_, i) => scalars[i](f2, c, m, rows, 1 + i).values);
      if (given2.every((col) => areF32(col, rows))) {
        const out3 = results(x.length);
        const [s0, s1] = given2.map((col) => stageValues(col, rows).at);
        k.scalarRows(simdOps[0], simdOps[1] ?? -1, x.at, s0, s1 ?? s0, out3.at, rows, cols);
        return store(k, dst, d, out3, m, c, () => allStagedFinite(x) && allFinite(...given2.map((col) => col.subarray(0, rows))));
      }
    }
    const xa = readOperand(a, va, m, 0);
    const out2 = scratch2.get(OUT, xa.length);
    out2.set(xa);
    const given = ops.map((_, k2) => scalars[k2](f2, c, m, rows, 1 + k2));
    const integer2 = isIntegerDType(a) && given.every((col) => col.integral);
    const columns = given.map((col) => col.values);
    for (let k2 = 0; k2 < ops.length; k2++) {
      const fn = integer2 ? integerOp(ops[k2], where, a.ap.dtype, r) : floatOp(ops[k2], r);
      applyColumn(out2, columns[k2], rows, cols, reverse[k2] ? (x, s) => fn(s, x) : fn);
    }
    const inputsFinite = () => allFinite(xa, ...columns.map((col) => col.subarray(0, rows)));
    if (!reduceRes || !rs) return writeOperand(dst, d, out2, m, c, inputsFinite);
    const reduced = rowReductions(out2, rows, cols, reduction(reduceWith, integer2, r));
    checkWrite2(dst, d, m, c, m.faults.nan ? out2 : void 0, 0, inputsFinite);
    checkWrite2(reduceRes, rs, m, c, m.faults.nan ? reduced : void 0, 0, () => allFinite(out2.subarray(0, rows * cols)));
    writeChecked(dst, d, out2, m);
    writeChecked(reduceRes, rs, reduced, m);
  };
}
function rowReductions(values2, rows, cols, { init, step: step2 }) {
  const out2 = scratch2.get(6, rows);
  for (let p = 0; p < rows; p++) {
    let acc = init;
    for (let q = p * cols, end = q + cols; q < end; q++) acc = step2(acc, values2[q]);
    out2[p] = acc;
  }
  return out2;
}
function applyColumn(out2, column, rows, cols, fn) {
  for (let p = 0; p < rows; p++) {
    const s = column[p];
    for (let q = p * cols, end = q + cols; q < end; q++) out2[q] = fn(out2[q], s);
  }
}
function twoOperandPlane(dst, a, b, f2, c, m) {
  const d = viewOf(dst, f2, c, m);
  const va = viewOf(a, f2, c, m);
  const vb = viewOf(b, f2, c, m);
  const [rows, cols] = plane2d(va);
  requireShape(b, vb, rows, cols, `'${a.ap.text}'`);
  requireShape(dst, d, rows, cols, "the result");
  return { d, rows, cols, xa: readOperand(a, va, m, 0), xb: readOperand(b, vb, m, 1) };
}
function scalarTensorTensor(node) {
  const dst = tensorOf(node.dst, "destination", ON_CHIP2);
  const a = tensorOf(node.srcs[0], "data", ON_CHIP2);
  const b = tensorOf(node.srcs[1], "second operand", ON_CHIP2);
  const op0 = word(node, "op", "add");
  const op1 = word(node, "op1", "add");
  const scalar2 = compileColumn(attrOperand(node, "scalar"), "scalar", 0);
  const reversed = [attrScalar(node, "reverse", 0), attrScalar(node, "reverse1", 0)];
  const where = () => `'${node.opcode}'`;
  const r = floatRounding();
  return (f2, c, m) => {
    const { d, rows, cols, xa, xb } = twoOperandPlane(dst, a, b, f2, c, m);
    const col = scalar2(f2, c, m, rows, 2);
    const integer2 = isIntegerDType(a) && isIntegerDType(b) && col.integral;
    const [fn0, fn1] = [op0, op1].map((op, k) => {
      const fn = integer2 ? integerOp(op, where, a.ap.dtype, r) : floatOp(op, r);
      return reversed[k](f2, c, m) !== 0 ? (x, y) => fn(y, x) : fn;
    });
    const out2 = scratch2.get(OUT, xa.length);
    out2.set(xa);
    applyColumn(out2, col.values, rows, cols, fn0);
    for (let i = 0; i < out2.length; i++) out2[i] = fn1(out2[i], xb[i]);
    writeOperand(dst, d, out2, m, c, () => allFinite(xa, xb, col.values.subarray(0, rows)));
  };
}
function tensorTensorScan(node) {
  const dst = tensorOf(node.dst, "destination", ON_CHIP2);
  const a = tensorOf(node.srcs[0], "first operand", ON_CHIP2);
  const b = tensorOf(node.srcs[1], "second operand", ON_CHIP2);
  const op0 = word(node, "op", "mul");
  const op1 = word(node, "op1", "add");
  const initial = compileColumn(attrOperand(node, "initial"), "initial", 0);
  const reversed = [attrScalar(node, "reverse", 0), attrScalar(node, "reverse1", 0)];
  const where = () => `'${node.opcode}'`;
  const r = floatRounding();
  return (f2, c, m) => {
    const { d, rows, cols, xa, xb } = twoOperandPlane(dst, a, b, f2, c, m);
    const init = initial(f2, c, m, rows, 2);
    const integer2 = isIntegerDType(a) && isIntegerDType(b) && init.integral;
    const [fn0, fn1] = [op0, op1].map((op) => integer2 ? integerOp(op, where, a.ap.dtype, r) : floatOp(op, r));
    const [rev0, rev1] = reversed.map((r2) => r2(f2, c, m) !== 0);
    const out2 = scratch2.get(OUT, xa.length);
    for (let p = 0; p < rows; p++) {
      let prev = init.values[p];
      for (let q = p * cols, end = q + cols; q < end; q++) {
        const t = rev0 ? fn0(prev, xa[q]) : fn0(xa[q], prev);
        prev = rev1 ? fn1(xb[q], t) : fn1(t, xb[q]);
        out2[q] = prev;
      }
    }
    writeOperand(dst, d, out2, m, c, () => allFinite(xa, xb, init.values.subarray(0, rows)));
  };
}
function tensorReduce(node) {
  const dst = tensorOf(node.dst, "destination", ON_CHIP2);
  const src = tensorOf(node.srcs[0], "source", ON_CHIP2);
  const op = word(node, "op", "add");
  const integer2 = isIntegerDType(src);
  const { init, step: step2 } = reduction(op, integer2, floatRounding());
  const negated = attrScalar(node, "negate", 0);
  const simd = !compilingFloat64();
  return (f2, c, m) => {
    const d = viewOf(dst, f2, c, m);
    const s = viewOf(src, f2, c, m);
    const [partitions, free] = plane2d(s);
    const [, kept] = plane2d(d);
    if (kept < 1 || free % kept !== 0) requireShape(dst, d, partitions, 1, "the reduction");
    requireShape(dst, d, partitions, kept, "the reduction");
    const rows = partitions * kept;
    const cols = free / kept;
    const negate = negated(f2, c, m) !== 0;
    const k = simd && !negate && stages(s) ? simdKernels(rows * cols + rows) : void 0;
    if (k) {
      const x2 = stage(k, src, s, m);
      const out3 = results(rows);
      k.reduceRows(SIMD_FOLDS[op], x2.at, out3.at, rows, cols);
      return store(k, dst, d, out3, m, c, () => allStagedFinite(x2));
    }
    const x = readOperand(src, s, m, 0);
    const out2 = scratch2.get(OUT, rows);
    for (let p = 0; p < rows; p++) {
      let acc = init;
      for (let q = p * cols, end = q + cols; q < end; q++) acc = step2(acc, x[q]);
      out2[p] = negate ? integer2 ? -acc + 0 : -acc : acc;
    }
    writeOperand(dst, d, out2, m, c, () => allFinite(x));
  };
}
function select(node) {
  const dst = tensorOf(node.dst, "destination", ON_CHIP2);
  const cond = tensorOf(node.srcs[0], "condition", ON_CHIP2);
  const picks = node.srcs.slice(1).map((op, k) => compileColumnOrTensor(op, k === 0 ? "first choice" : "second choice"));
  return (f2, c, m) => {
    const d = viewOf(dst, f2, c, m);
    const vc = viewOf(cond, f2, c, m);
    const [rows, cols] = plane2d(vc);
    requireShape(dst, d, rows, cols, "the result");
    const xc = readOperand(cond, vc, m, 0);
    const [xa, xb] = picks.map((p, k) => p(f2, c, m, rows, cols, 1 + k));
    const out2 = scratch2.get(OUT, xc.length);
    for (let i = 0; i < xc.length; i++) out2[i] = xc[i] !== 0 ? xa[i] : xb[i];
    writeOperand(dst, d, out2, m, c, () => allFinite(xa, xb));
  };
}
function compileColumnOrTensor(op, role) {
  if (op.kind === "tensor") {
    const t = tensorOf(op, role, ON_CHIP2);
    return (f2, c, m, rows, cols, slot) => {
      const v = viewOf(t, f2, c, m);
      requireShape(t, v, rows, cols, "the condition");
      return readOperand(t, v, m, slot);
    };
  }
  const s = scalarOf(op);
  return (f2, c, m, rows, cols, slot) => {
    const out2 = scratch2.get(slot, rows * cols);
    out2.fill(s(f2, c, m));
    return out2;
  };
}
function activate(node) {
  const dst = tensorOf(node.dst, "destination", ON_CHIP2);
  const src = tensorOf(node.srcs[0], "source", ON_CHIP2);
  const func2 = word(node, "func", "identity");
  const r = floatRounding();
  const fn = activation(func2, r);
  const float64 = compilingFloat64();
  const simd = !float64;
  const scale3 = compileColumn(attrOperand(node, "scale"), "scale", 1);
  const bias = compileColumn(attrOperand(node, "bias"), "bias", 0);
  const simdFunc = SIMD_FUNCS[func2];
  const reduceOp = attrOperand(node, "reduce_res");
  const reduceRes = reduceOp && tensorOf(reduceOp, "reduce_res", ON_CHIP2);
  return (f2, c, m) => {
    const d = viewOf(dst, f2, c, m);
    const s = viewOf(src, f2, c, m);
    const [rows, cols] = plane2d(s);
    requireShape(dst, d, rows, cols, "the result");
    const rs = reduceRes && viewOf(reduceRes, f2, c, m);
    if (reduceRes && rs) requireShape(reduceRes, rs, rows, 1, "the row sums");
    const k = simd && !reduceRes && stages(s) ? simdKernels(3 * rows * cols + 2 * rows) : void 0;
    if (k) {
      const x2 = stage(k, src, s, m);
      const sc2 = scale3(f2, c, m, rows, 1).values;
      const bi2 = bias(f2, c, m, rows, 2).values;
      if (areF32(sc2, rows) && areF32(bi2, rows)) {
        const out3 = results(x2.length);
        const left = allocate(x2.length, 4);
        const count = k.activation(simdFunc, x2.at, stageValues(sc2, rows).at, stageValues(bi2, rows).at, out3.at, rows, cols, left);
        if (count > 0) computeLeftLanes(k, fn, out3.at, out3.length, left, count);
        return store(k, dst, d, out3, m, c, () => allStagedFinite(x2) && allFinite(sc2.subarray(0, rows), bi2.subarray(0, rows)));
      }
    }
    const x = readOperand(src, s, m, 0);
    const sc = scale3(f2, c, m, rows, 1).values;
    const bi = bias(f2, c, m, rows, 2).values;
    const out2 = scratch2.get(OUT, x.length);
    for (let p = 0; p < rows; p++) {
      const k2 = sc[p];
      const b = bi[p];
      if (float64) for (let q = p * cols, end = q + cols; q < end; q++) out2[q] = fn(x[q] * k2 + b);
      else for (let q = p * cols, end = q + cols; q < end; q++) out2[q] = fn(r(r(x[q] * k2) + b));
    }
    const inputsFinite = () => allFinite(x, sc.subarray(0, rows), bi.subarray(0, rows));
    if (!reduceRes || !rs) return writeOperand(dst, d, out2, m, c, inputsFinite);
    const sums = rowSums(out2, rows, cols, r);
    checkWrite2(dst, d, m, c, m.faults.nan ? out2 : void 0, 0, inputsFinite);
    checkWrite2(reduceRes, rs, m, c, m.faults.nan ? sums : void 0, 0, () => allFinite(out2.subarray(0, rows * cols)));
    writeChecked(dst, d, out2, m);
    writeChecked(reduceRes, rs, sums, m);
  };
}
function rowSums(values2, rows, cols, r) {
  const sums = scratch2.get(6, rows);
  for (let p = 0; p < rows; p++) {
    let acc = 0;
    for (let q = p * cols, end = q + cols; q < end; q++) acc = r(acc + values2[q]);
    sums[p] = acc;
  }
  return sums;
}

// engine/kernels/index.ts
var COMPILERS = {
  DmaCopy: dmaCopy,
  TensorCopy: tensorCopy,
  Memset: memset,
  Iota: iota,
  MatMult: matMult,
  MatMultMX: matMultMX,
  QuantizeMX: quantizeMX,
  Transpose: transpose,
  Activation: activate,
  TensorTensor: tensorTensor,
  TensorScalar: tensorScalar,
  ScalarTensorTensor: scalarTensorTensor,
  TensorReduce: tensorReduce,
  TensorTensorScan: tensorTensorScan,
  Select: select,
  Set: set2,
  Load: load,
  Print: print,
  Assert: assert2,
  "Assert.close": assertClose
};
var BY_OPCODE = new Map(Object.entries(COMPILERS));
function compileInstruction(node, shadow2 = false) {
  if (node.opcode === "Fused") return fused(node, shadow2);
  const kernel = (n) => compileKernel(n, shadow2);
  if (node.attrs.has("mask")) return masked(node, kernel);
  return kernel(node);
}
function compileKernel(node, shadow2) {
  const compile = BY_OPCODE.get(node.opcode);
  if (!compile) return void 0;
  return shadow2 ? shadowed(node, compile) : compile(node);
}
function fused(node, shadow2) {
  const members = (node.members ?? []).map((m) => compileInstruction(m, shadow2));
  const resumeAt = /* @__PURE__ */ new Map();
  return (f2, c, m) => {
    for (let i = resumeAt.get(c.index) ?? 0; i < members.length; i++) {
      resumeAt.set(c.index, i);
      m.member = i;
      members[i](f2, c, m);
    }
    m.member = -1;
    resumeAt.delete(c.index);
  };
}

// engine/run/executor-cache.ts
var SIZE = 1 << 13;
var ExecutorCache = class {
  indices = new Int32Array(SIZE).fill(-1);
  /** Nodes that ran once (by slot): the next run of one keeps its executor. */
  seen = new Int32Array(SIZE).fill(-1);
  executors = new Array(SIZE);
  pinned;
  /** The executor compiled last, cached or not: the one a fault may have just interrupted. */
  last;
  /** The executor of a node, compiled by `compile` when it is not cached. */
  get(index, compile) {
    const slot = index & SIZE - 1;
    if (this.indices[slot] === index) return this.executors[slot];
    if (this.pinned?.index === index) return this.pinned.executor;
    const executor = compile();
    this.last = { index, executor };
    if (this.seen[slot] !== index) {
      this.seen[slot] = index;
      return executor;
    }
    this.indices[slot] = index;
    this.executors[slot] = executor;
    return executor;
  }
  /** Keeps a node's executor until `unpin`, whatever else is compiled meanwhile. */
  pin(index) {
    const slot = index & SIZE - 1;
    if (this.indices[slot] === index) this.pinned = { index, executor: this.executors[slot] };
    else if (this.last?.index === index) this.pinned = this.last;
  }
  unpin() {
    this.pinned = void 0;
  }
};

// engine/run/interpreter.ts
var CONTROL_TERMINATE = 1;
var FAST_CHECK_INTERVAL = 1024;
var Interpreter = class {
  constructor(machine, control = new Int32Array(2), stats) {
    this.machine = machine;
    this.control = control;
    this.stats = stats;
    const shadow2 = machine.shadow !== void 0;
    this.compile = stats ? (node) => stats.timed(node, compileInstruction(node, shadow2), this) : (node) => compileInstruction(node, shadow2);
    for (const core of machine.cores) if (core.frames.length === 0 && core.state === "running") this.enter(core, machine.program.main, [], void 0, 0, 0);
  }
  machine;
  control;
  stats;
  executors = new ExecutorCache();
  /** Compiled control nodes, by index (they are few: loops, branches and calls). */
  calls = /* @__PURE__ */ new Map();
  loops = /* @__PURE__ */ new Map();
  conditions = /* @__PURE__ */ new Map();
  /** The core to run next, round-robin. */
  turn = 0;
  /** The core stopped before its node: that node runs first on resume, without asking the hooks again. */
  resumeCore = -1;
  /** Set when the run stopped at a fault. */
  pendingFault;
  finished;
  /** Nodes executed so far, all cores together: the run's clock, by which time travel names positions. */
  ticks = 0;
  /** The core and node being executed: who made a write that a search watches. */
  running;
  /**
   * Frames to run activations in again, by activation: set while a replay brings the run back to where it stopped,
   * so that the frames the stop refers to are the ones the run goes on with.
   */
  reuseFrames;
  /**
   * From an instruction to its executor: timed when the run keeps statistics, chosen once here so that a run without
   * them executes exactly what it did before (no check per instruction).
   */
  compile;
  get done() {
    return this.finished;
  }
  /** The node a core runs next, after settling finished regions; undefined when the core has finished. */
  currentNode(core) {
    return core.frame?.current;
  }
  runFast(deadline = Infinity, untilTick = Infinity, check3) {
    if (this.finished) return this.finished;
    const cores = this.machine.cores;
    let sinceCheck = 0;
    while (true) {
      if (++sinceCheck >= FAST_CHECK_INTERVAL) {
        sinceCheck = 0;
        if (this.control[CONTROL_TERMINATE]) return this.finish({ kind: "terminated", exitCode: 143 });
        if (deadline !== Infinity && import_perf_hooks.performance.now() >= deadline) return void 0;
        check3?.();
      }
      const core = this.nextCore(cores);
      if (!core) return this.finishAll();
      const node = this.settle(core, void 0);
      if (!node) continue;
      if (this.ticks >= untilTick) {
        this.resumeCore = core.index;
        this.turn = core.index;
        return void 0;
      }
      const fault = this.execute(core, node, void 0);
      if (fault) return this.finish({ kind: "failed", exitCode: 1, fault });
    }
  }
  /** Runs with hooks until a hook stops it, a fault stops it, or the program ends. */
  runDebug(hooks) {
    if (this.finished) return this.finished;
    if (this.control[CONTROL_TERMINATE]) return this.finish({ kind: "terminated", exitCode: 143 });
    const resumed = this.resumeFault(hooks);
    if (resumed) return resumed;
    const cores = this.machine.cores;
    while (true) {
      if (this.control[CONTROL_TERMINATE]) return this.finish({ kind: "terminated", exitCode: 143 });
      const resuming = this.resumeCore >= 0;
      if (resuming) this.turn = (this.resumeCore + 1) % cores.length;
      const core = resuming ? cores[this.resumeCore] : this.nextCore(cores);
      if (!core) return this.finishAll(hooks);
      const node = this.settle(core, hooks);
      if (!node) {
        this.resumeCore = -1;
        continue;
      }
      const frame = core.frame;
      if (this.resumeCore === core.index) {
        this.resumeCore = -1;
      } else if (hooks.beforeNode(core, frame, node)) {
        this.resumeCore = core.index;
        this.turn = core.index;
        return { kind: "stopped", core, node };
      }
      const fault = this.execute(core, node, hooks);
      if (fault) {
        if (hooks.onFault(core, frame, node, fault)) {
          this.pendingFault = { core, node, fault };
          this.executors.pin(node.index);
          this.turn = core.index;
          return { kind: "fault-stopped", core, node, fault };
        }
        return this.finish({ kind: "failed", exitCode: 1, fault });
      }
      if (hooks.afterNode?.(core, frame, node)) return { kind: "stopped-after", core, node };
    }
  }
  /** After a stop at a fault: a continuable one lets its node complete; any other ends the run. */
  resumeFault(hooks) {
    const pending = this.pendingFault;
    if (!pending) return void 0;
    this.pendingFault = void 0;
    const { core, node, fault } = pending;
    if (!isContinuable(fault.code)) return this.finish({ kind: "failed", exitCode: 1, fault });
    this.machine.suppressed = fault.code;
    const frame = core.frame;
    const again = this.execute(core, node, hooks);
    this.machine.suppressed = void 0;
    this.executors.unpin();
    if (again) {
      if (hooks.onFault(core, core.frame, node, again)) {
        this.pendingFault = { core, node, fault: again };
        this.executors.pin(node.index);
        return { kind: "fault-stopped", core, node, fault: again };
      }
      return this.finish({ kind: "failed", exitCode: 1, fault: again });
    }
    this.turn = (core.index + 1) % this.machine.ncores;
    if (hooks.afterNode?.(core, frame, node)) return { kind: "stopped-after", core, node };
    return void 0;
  }
  /** The scheduler's state, for a checkpoint taken before a core runs its next node (no fault pending). */
  snapshot(core) {
    return { ticks: this.ticks, core: core.index };
  }
  /** Back to a checkpoint: the next run asks the hooks about the same core's next node, as the recorded run did. */
  restore(s) {
    this.ticks = s.ticks;
    this.turn = s.core;
    this.resumeCore = -1;
    this.pendingFault = void 0;
    this.executors.unpin();
    this.finished = void 0;
  }
  /** Stopped before a node that faulted when the run first met it: resuming then goes on as from that fault. */
  pendFault(core, node, fault) {
    this.pendingFault = { core, node, fault };
    this.executors.pin(node.index);
    this.resumeCore = -1;
    this.turn = core.index;
  }
  finish(outcome) {
    this.finished = outcome;
    return outcome;
  }
  /** No core can run: the program ended, or cores wait at a barrier that a finished core never reaches. */
  finishAll(hooks) {
    const waiting = this.machine.cores.find((c) => c.state === "barrier");
    if (!waiting) return this.finish({ kind: "exited", exitCode: 0 });
    const fault = this.deadlock(waiting);
    const node = waiting.barrierNode;
    if (hooks && hooks.onFault(waiting, waiting.frame, node, fault)) {
      this.pendingFault = { core: waiting, node, fault };
      this.executors.pin(node.index);
      return { kind: "fault-stopped", core: waiting, node, fault };
    }
    return this.finish({ kind: "failed", exitCode: 1, fault });
  }
  /** The next core that can run, round-robin; undefined when none can. */
  nextCore(cores) {
    const n = cores.length;
    for (let k = 0; k < n; k++) {
      const core = cores[(this.turn + k) % n];
      if (core.state === "running") {
        this.turn = (core.index + 1) % n;
        return core;
      }
    }
    return void 0;
  }
  // ---- moving through regions and activations ----
  /** Closes finished regions (next iteration, end of an arm, end of a body) until a node is next or the core is done. */
  settle(core, hooks) {
    while (true) {
      const frame = core.frame;
      if (!frame) return void 0;
      const cursor = frame.top;
      if (cursor && cursor.pc < cursor.region.nodes.length) return cursor.region.nodes.at(cursor.pc);
      if (!cursor || cursor.region.kind === "body") {
        frame.cursors.pop();
        this.leave(core, hooks);
        continue;
      }
      hooks?.onRegionExit(core, frame, cursor);
      frame.cursors.pop();
      const loop = cursor.loop;
      if (loop && loop.iteration + 1 < loop.count) {
        this.running = { core, node: loop.node };
        loop.iteration++;
        loop.value += loop.step;
        frame.setRegister(loop.node.register, loop.value);
        this.pushRegion(core, frame, cursor.region, loop, hooks);
      }
    }
  }
  pushRegion(core, frame, region, loop, hooks) {
    const cursor = { region, pc: 0, loop, activation: this.machine.nextActivation++ };
    const allocs = region.allocs;
    if (allocs) for (let i = 0; i < allocs.length; i++) frame.tensors[allocs[i].slot].tensor.clearWritten();
    frame.cursors.push(cursor);
    hooks?.onRegionEnter(core, frame, cursor);
  }
  /** Ends the top activation of a core: releases its allocations and pops it. */
  leave(core, hooks) {
    const frame = core.frame;
    hooks?.onReturn(core, frame);
    for (const a of frame.fn.allocs) this.machine.release(a, core.index, frame.tensors[a.slot].tensor);
    core.frames.pop();
    if (core.frames.length === 0) {
      core.state = "done";
      hooks?.onCoreExit?.(core);
      this.releaseBarrier();
    }
  }
  enter(core, fn, args, call, sbufBase, psumBase) {
    const tensors = [];
    const registers = [];
    fn.params.forEach((p, i) => {
      if (p.kind === "param") tensors[p.slot] = args[i];
      else registers.push([p.index, args[i]]);
    });
    for (const a of fn.allocs) tensors[a.slot] = wholeView(this.machine.allocate(a, core.index, a.memory === "sbuf" ? sbufBase : psumBase));
    const depth = core.frames.length;
    const activation2 = this.machine.nextActivation++;
    this.machine.activations.set(fn, (this.machine.activations.get(fn) ?? 0) + 1);
    const again = this.reuseFrames?.get(activation2);
    const frame = again && again.fn === fn && again.callNode === call && again.depth === depth ? again.reset(tensors) : new Frame(fn, activation2, depth, tensors, sbufBase, psumBase, call);
    for (const [r, v] of registers) frame.setRegister(r, v);
    frame.cursors.push({ region: fn.body, pc: 0, activation: frame.activation });
    core.frames.push(frame);
    return frame;
  }
  // ---- executing one node ----
  /** Runs a node; returns the fault it raised, if any (the node then has not completed). */
  execute(core, node, hooks) {
    const frame = core.frame;
    this.running = { core, node };
    try {
      switch (node.kind) {
        case "instr":
          this.instruction(core, frame, node);
          break;
        case "for":
          this.loop(core, frame, node, hooks);
          break;
        case "if":
          this.branch(core, frame, node, hooks);
          break;
        case "call":
          this.call(core, frame, node, hooks);
          break;
        case "return":
          this.returnFrom(core, frame, hooks);
          break;
      }
      this.ticks++;
      return void 0;
    } catch (e) {
      const fault = e instanceof Fault ? e : internalFault(e, node.span);
      fault.nodeIndex = node.index;
      fault.core = core.index;
      return fault;
    }
  }
  instruction(core, frame, node) {
    const m = this.machine;
    const count = node.members?.length ?? 1;
    if (m.instructionBudget < count) {
      throw new Fault("instruction-limit", `the run reached its limit of ${m.maxInstructions} instructions${settingOf(m.settingNames.maxInstructions)} before this one`, node.span);
    }
    m.instructionBudget -= count;
    if (node.opcode === "Barrier") {
      frame.top.pc++;
      this.stats?.countUntimed(node, this);
      this.arriveAtBarrier(core, node);
    } else {
      this.executors.get(node.index, () => this.compile(node))(frame, core, m);
      frame.top.pc++;
    }
    m.counters[node.engine] += count;
    core.executed += count;
  }
  loop(core, frame, node, hooks) {
    let c = this.loops.get(node.index);
    if (!c) this.loops.set(node.index, c = { from: compileScalar(node.from), to: compileScalar(node.to), step: compileScalar(node.step) });
    const m = this.machine;
    const from = c.from(frame, core, m);
    const to = c.to(frame, core, m);
    const step2 = c.step(frame, core, m);
    if (step2 === 0 || !Number.isFinite(step2) || !Number.isFinite(from) || !Number.isFinite(to)) {
      throw new Fault("invalid-loop", `the loop over r${node.register} cannot run: ${from}..${to} step ${step2}`, node.span);
    }
    const count = Math.max(0, Math.ceil((to - from) / step2));
    frame.top.pc++;
    if (count === 0) return;
    frame.setRegister(node.register, from);
    this.pushRegion(core, frame, node.body, { node, value: from, end: to, step: step2, iteration: 0, count }, hooks);
  }
  branch(core, frame, node, hooks) {
    let cond = this.conditions.get(node.index);
    if (!cond) this.conditions.set(node.index, cond = compileScalar(node.cond));
    const taken = cond(frame, core, this.machine) !== 0;
    frame.top.pc++;
    const arm = taken ? node.then : node.else;
    if (arm && arm.nodes.length > 0) this.pushRegion(core, frame, arm, void 0, hooks);
  }
  call(core, frame, node, hooks) {
    const m = this.machine;
    if (core.frames.length >= m.maxCallDepth) {
      throw new Fault("recursion-depth", `call to '${node.callee.fullName}' would be nested ${core.frames.length + 1} deep; the limit is ${m.maxCallDepth}${settingOf(m.settingNames.maxCallDepth)}`, node.span);
    }
    let c = this.calls.get(node.index);
    if (!c) this.calls.set(node.index, c = compileCall(node));
    const args = c.args.map((a) => a(frame, core, m));
    const callee = node.callee;
    const sbufBase = frame.sbufBase + frame.fn.sbufFrameBytes;
    const psumBase = frame.psumBase + frame.fn.psumFrameBytes;
    if (sbufBase + callee.sbufFrameBytes > SBUF_BYTES_PER_PARTITION || psumBase + callee.psumFrameBytes > PSUM_BYTES_PER_PARTITION) {
      const [mem, base2, need, cap] = sbufBase + callee.sbufFrameBytes > SBUF_BYTES_PER_PARTITION ? ["SBUF", sbufBase, callee.sbufFrameBytes, SBUF_BYTES_PER_PARTITION] : ["PSUM", psumBase, callee.psumFrameBytes, PSUM_BYTES_PER_PARTITION];
      throw new Fault("memory-overflow", `call to '${callee.fullName}' needs ${need} bytes per partition of ${mem} but the ${core.frames.length} active frames use ${base2} of ${cap}`, node.span);
    }
    frame.top.pc++;
    const calleeFrame = this.enter(core, callee, args, node, sbufBase, psumBase);
    hooks?.onCall(core, calleeFrame);
  }
  returnFrom(core, frame, hooks) {
    while (frame.cursors.length > 1) {
      const cursor = frame.cursors.pop();
      hooks?.onRegionExit(core, frame, cursor);
    }
    frame.cursors.pop();
    this.leave(core, hooks);
  }
  // ---- barriers ----
  arriveAtBarrier(core, node) {
    core.state = "barrier";
    core.barrierNode = node;
    this.releaseBarrier();
  }
  /** When every core that has not finished waits at a barrier, they all go on. */
  releaseBarrier() {
    const cores = this.machine.cores;
    const live = cores.filter((c) => c.state !== "done");
    if (live.length === 0 || live.some((c) => c.state !== "barrier")) return;
    if (live.length < cores.length) return;
    for (const c of live) {
      c.state = "running";
      c.barrierNode = void 0;
    }
    this.machine.barrierEpoch++;
  }
  deadlock(waiting) {
    const done = this.machine.cores.filter((c) => c.state === "done").map((c) => c.index);
    const node = waiting.barrierNode;
    const fault = new Fault("barrier-deadlock", `core ${waiting.index} waits at Barrier (line ${node.span.line}) but core${done.length > 1 ? "s" : ""} ${done.join(", ")} finished without reaching it`, node.span);
    fault.nodeIndex = node.index;
    fault.core = waiting.index;
    return fault;
  }
};
function compileCall(node) {
  return {
    args: node.args.map((arg, i) => {
      if (arg.kind === "scalar") {
        const s = compileScalar(arg.expr);
        return (f2, c, m) => s(f2, c, m);
      }
      const view = compileAccess(arg.ap);
      const param = node.callee.params[i];
      return (f2, c, m) => {
        const v = view(f2, c, m);
        if (param.kind === "param" && (v.shape.length !== param.shape.length || v.shape.some((d, k) => d !== param.shape[k]))) {
          throw new Fault("shape-mismatch", `'${arg.ap.text}' is [${v.shape.join(", ")}] here but parameter '${param.name}' of '${node.callee.fullName}' is [${param.shape.join(", ")}]`, arg.ap.span);
        }
        if (param.kind === "param" && param.memory && v.tensor.memory !== param.memory) {
          throw new Fault("memory-kind", `'${arg.ap.text}' is in ${v.tensor.memory.toUpperCase()} but parameter '${param.name}' must be in ${param.memory.toUpperCase()}`, arg.ap.span);
        }
        return v;
      };
    })
  };
}
function settingOf(name) {
  return name ? ` (${name})` : "";
}

// .diff-entry.ts
var RUNS = Number(process.env.FC_RUNS ?? 60);
var FLOATS = ["f32", "bf16", "f16", "fp8e4m3", "fp8e5m2"];
var SIDE = 40;
function randomValue(next3) {
  const r = next3();
  if (r < 0.04) return NaN;
  if (r < 0.07) return next3() < 0.5 ? Infinity : -Infinity;
  if (r < 0.12) return next3() < 0.5 ? 0 : -0;
  if (r < 0.16) return (next3() - 0.5) * 1e-40;
  if (r < 0.2) return (next3() - 0.5) * 1e38;
  return (next3() - 0.5) * 8;
}
function randomSource(seed2) {
  return (t) => {
    const next3 = mulberry32(seed2);
    if (t.dtype === "f32") {
      const bits = new Uint32Array(t.data.buffer, t.data.byteOffset, t.size);
      for (let i = 0; i < t.size; i++) bits[i] = next3() < 0.03 ? 2139095041 + Math.floor(next3() * (2 ** 23 - 1)) + (next3() < 0.5 ? 2147483648 : 0) : encode("f32", randomValue(next3));
    } else {
      for (let i = 0; i < t.size; i++) t.data[i] = encode(t.dtype, randomValue(next3));
    }
    t.markAllWritten();
  };
}
var side = fast_check_default.integer({ min: 1, max: 12 });
var step = fast_check_default.oneof({ weight: 3, arbitrary: fast_check_default.constant(1) }, { weight: 1, arbitrary: fast_check_default.integer({ min: 2, max: 3 }) });
var offset = fast_check_default.oneof({ weight: 2, arbitrary: fast_check_default.constant(0) }, { weight: 1, arbitrary: fast_check_default.integer({ min: 1, max: 5 }) });
var placement = fast_check_default.record({ r0: offset, rs: step, c0: offset, cs: step });
function slice(name, v) {
  return `${name}[${v.r0} : ${v.r0 + (v.rows - 1) * v.rs + 1} : ${v.rs}, ${v.c0} : ${v.c0 + (v.cols - 1) * v.cs + 1} : ${v.cs}]`;
}
var ALU = ["add", "sub", "mul", "div", "max", "min"];
var FUNCS = ["identity", "relu", "square", "exp", "tanh", "reciprocal", "sqrt", "log"];
var instructions = fast_check_default.record({
  rows: side,
  cols: side,
  k: side,
  a: placement,
  b: placement,
  d: placement,
  op: fast_check_default.constantFrom(...ALU),
  op1: fast_check_default.constantFrom(...ALU),
  func: fast_check_default.constantFrom(...FUNCS),
  scalar: fast_check_default.constantFrom("0.3", "-2", "column"),
  form: fast_check_default.nat({ max: 11 }),
  accumulate: fast_check_default.boolean()
}).map((r) => {
  const a = { rows: r.rows, cols: r.cols, ...r.a };
  const b = { rows: r.rows, cols: r.cols, ...r.b };
  const d = { rows: r.rows, cols: r.cols, ...r.d };
  const column = `tc[0:${r.rows}, 0:1]`;
  const scalar2 = r.scalar === "column" ? column : r.scalar;
  const [A2, B2, D] = [slice("ta", a), slice("tb", b), slice("dst", d)];
  switch (r.form) {
    case 0:
      return { psum: false, text: `TensorTensor ${D} <- ${A2}, ${B2}, op = ${r.op}` };
    case 1:
      return { psum: false, text: `TensorScalar ${D} <- ${A2}, op = ${r.op}, scalar = ${scalar2}, op1 = ${r.op1}, scalar1 = ${column}` };
    case 2:
      return { psum: false, text: `Activation ${D} <- ${A2}, func = ${r.func}, scale = ${scalar2}, bias = ${column}` };
    case 3:
      return { psum: false, text: `Activation ${D} <- ${A2}, func = ${r.func}, scale = ${scalar2}, reduce_res = ${slice("dst", { ...d, cols: 1, c0: 39, cs: 1 })}` };
    case 4:
      return { psum: false, text: `TensorCopy ${D} <- ${A2}` };
    case 5:
      return { psum: false, text: `TensorReduce ${slice("dst", { ...d, cols: 1 })} <- ${A2}, op = ${r.op === "sub" || r.op === "div" ? "add" : r.op}` };
    case 6: {
      const st = slice("ta", { ...a, rows: r.k, cols: r.rows });
      const mv = slice("tb", { ...b, rows: r.k, cols: r.cols });
      return { psum: true, text: `MatMult ${slice("dst", { ...d, cs: 1 })} <- ${st}, ${mv}, accumulate = ${r.accumulate ? 1 : 0}` };
    }
    case 7:
      return { psum: true, text: `Transpose ${slice("dst", { ...d, rows: r.cols, cols: r.rows })} <- ${A2}` };
    case 8:
      return { psum: false, text: `DmaCopy ${slice("dst", { ...d, rows: r.cols, cols: r.rows })} <- ${A2}.T` };
    case 9:
      return { psum: false, text: `ScalarTensorTensor ${D} <- ${A2}, ${B2}, op = ${r.op}, scalar = ${scalar2}, op1 = ${r.op1}` };
    case 10:
      return { psum: false, text: `Select ${D} <- ${B2}, ${A2}, 0.5` };
    default:
      return { psum: false, text: `DmaCopy ${D} <- ${A2}` };
  }
});
var cases = fast_check_default.record({
  da: fast_check_default.constantFrom(...FLOATS),
  db: fast_check_default.constantFrom(...FLOATS),
  dd: fast_check_default.constantFrom(...FLOATS),
  instruction: instructions,
  partial: fast_check_default.boolean(),
  unread: fast_check_default.boolean(),
  seed: fast_check_default.integer({ min: 1, max: 2 ** 31 })
}).map((r) => {
  const dd = r.instruction.psum ? "f32" : r.dd;
  const text = [
    "module sh",
    `dram i_a : ${r.da}[${SIDE}, ${SIDE}] input`,
    `dram i_b : ${r.db}[${SIDE}, ${SIDE}] input`,
    `dram i_c : f32[${SIDE}, 1] input`,
    `dram i_3 : ${r.da}[4, 8, 8] input`,
    `dram o_a : ${r.da}[${SIDE}, ${SIDE}] output`,
    `dram o_b : ${r.db}[${SIDE}, ${SIDE}] output`,
    `dram o_d : ${dd}[${SIDE}, ${SIDE}] output`,
    `dram o_e : ${dd}[${SIDE}, ${SIDE}] output`,
    `dram o_3 : ${r.da}[4, 8, 8] output`,
    `dram o_4 : f32[4, 8, 8] output`,
    `dram o_l : ${r.da}[20, ${SIDE}] output`,
    `dram o_m : f32[20, ${SIDE}] output`,
    "func main() {",
    `  sbuf ta : ${r.da}[${SIDE}, ${SIDE}]`,
    `  sbuf tb : ${r.db}[${SIDE}, ${SIDE}]`,
    `  sbuf tc : f32[${SIDE}, 1]`,
    `  ${r.instruction.psum ? "psum" : "sbuf"} dst : ${dd}[${SIDE}, ${SIDE}]`,
    `  sbuf te : ${dd}[${SIDE}, ${SIDE}]`,
    `  sbuf tl : ${r.da}[20, ${SIDE}]`,
    `  sbuf tm : f32[20, ${SIDE}]`,
    "  DmaCopy ta <- i_a",
    "  DmaCopy tb <- i_b",
    "  DmaCopy tc <- i_c",
    // Shadows in error: every later read substitutes them where their stamps still match.
    "  TensorScalar ta <- ta, op = mul, scalar = 0.3",
    "  TensorScalar tb <- tb, op = add, scalar = 0.1, op1 = mul, scalar1 = tc",
    // Other origins, with overflows (infinite errors, equal in many places): which of equals is the worst.
    `  TensorScalar ta[0:${SIDE}:2, :] <- ta[0:${SIDE}:2, :], op = mul, scalar = 1e30`,
    `  TensorScalar ta[1:${SIDE}:4, :] <- ta[1:${SIDE}:4, :], op = mul, scalar = 1e31`,
    `  Activation tb[1:${SIDE}:3, :] <- tb[1:${SIDE}:3, :], func = exp`,
    r.partial ? `  Memset dst[0:${SIDE / 2}, :] <- 1.5` : "  Memset dst <- 1.5",
    `  ${r.instruction.text}`,
    // The result read again, by position and whole.
    r.unread ? "" : "  TensorTensor te <- dst, dst, op = mul",
    "  DmaCopy o_a <- ta",
    "  DmaCopy o_b <- tb",
    "  DmaCopy o_d <- dst",
    r.unread ? "" : "  DmaCopy o_e <- te",
    // Views that are not planes (the general loops both ways), read again from their shadows.
    "  DmaCopy o_3[0:2, 0:3, 0:4] <- i_3[1:3, 2:5, 1:5]",
    "  TensorScalar ta[0:2, 0:12] <- ta[0:2, 0:12], op = mul, scalar = 3",
    "  DmaCopy o_4[1:3, 0:3, 2:6] <- o_3[0:2, 0:3, 0:4]",
    // An input loaded to a tile (its shadows its stored values, read in bulk), read by position and whole.
    `  DmaCopy tl[0:20, 1:${SIDE}] <- i_a[0:${SIDE}:2, 1:${SIDE}]`,
    `  TensorTensor tm[0:20, 1:${SIDE}] <- tl[0:20, 1:${SIDE}], tl[0:20, 1:${SIDE}], op = mul`,
    `  TensorReduce tm[0:20, 0:1] <- tl[0:20, 1:${SIDE}], op = max`,
    `  DmaCopy o_l[0:20, 1:${SIDE}] <- tl[0:20, 1:${SIDE}]`,
    "  DmaCopy o_m[0:20, :] <- tm[0:20, :]",
    "}",
    ""
  ].filter((line) => line !== "").join("\n");
  return { text, seed: r.seed, faults: { nan: false, "uninitialized-read": r.partial && r.unread } };
});
var N2 = Number(process.argv[2] ?? 200);
var seed = Number(process.argv[3] ?? 1);
var out = [];
for (const c of fast_check_default.sample(cases, { numRuns: N2, seed })) {
  const r = checkProgram("/virtual/shadow.bir", { host: { readText: () => c.text, exists: () => true } });
  if (!r.program) throw new Error("no check");
  const inputs = Object.fromEntries(r.program.drams.filter((d) => d.name.startsWith("i_")).map((d, i) => [d.name, randomSource(c.seed + i)]));
  const machine = new Machine(r.program, { inputs, faults: c.faults, shadow: true });
  const outcome = new Interpreter(machine).runFast();
  const parts = [outcome.kind];
  for (const t of [...machine.drams]) {
    const s = t.shadow;
    if (!s) {
      parts.push(t.name + ":none");
      continue;
    }
    for (const k of ["values", "stamps", "origins", "jumps"]) {
      const a = k === "stamps" ? s[k].map((x) => Number.isNaN(x) ? NaN : x) : s[k];
      parts.push(t.name + "." + k + ":" + (0, import_crypto.createHash)("sha1").update(Buffer.from(a.buffer, a.byteOffset, a.byteLength)).digest("hex"));
    }
  }
  out.push(parts.join(" "));
}
console.log(out.join("\n"));
