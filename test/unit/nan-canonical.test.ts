/**
 * Every float format stores one NaN: its quiet NaN with the sign clear (f32 0x7FC00000, bf16 0x7FC0, f16 0x7E00,
 * fp8e4m3 0x7C, fp8e4m3fn 0x7F, fp8e5m2 0x7E, e8m0 0xFF), whatever NaN the host made (x86 gives inf − inf a negative one) or a file held (a
 * payload, a sign). Before, f32 stores kept them.
 */
import * as assert from 'assert';
import { encode, encodeRange } from '../../engine/machine/dtypes';
import { NpyArray } from '../../engine/io/npy';
import { runProgram } from '../../engine/run/simulate';
import { programOf } from '../helpers/virtual-host';

const F32_NAN = 0x7fc00000;

/** A double NaN whose f32 image has these bits (a payload, or the sign set). */
function nanWithBits(bits: number): number {
  const v = new DataView(new ArrayBuffer(4));
  v.setUint32(0, bits);
  return v.getFloat32(0);
}

const bitsOf = (a: Float32Array): number[] => [...new Uint32Array(a.buffer, a.byteOffset, a.length)];

describe('canonical NaN at every store', () => {
  const odd = [0xffc00000, 0x7fa00001, 0x7fe00000, 0xffffffff].map(nanWithBits);

  it('encode and encodeRange of f32 store 0x7FC00000 for any NaN', () => {
    const one = new Float32Array(1);
    for (const x of [...odd, NaN, 0 * Infinity, Infinity - Infinity]) {
      one[0] = encode('f32', x);
      assert.strictEqual(bitsOf(one)[0], F32_NAN);
    }
    const many = new Float32Array(odd.length + 1);
    encodeRange('f32', [...odd, 1.5], 0, many, 0, many.length);
    assert.deepStrictEqual(bitsOf(many), [...odd.map(() => F32_NAN), 0x3fc00000]);
  });

  it('kernels store the canonical NaN: inf − inf, log(−1), and a NaN input with a payload', () => {
    const program = programOf(`module canon
dram x : f32[1, 4] input
dram d : f32[1, 4] output
dram l : f32[1, 4] output
dram c : f32[1, 4] output
func main() {
  sbuf s : f32[1, 4]
  sbuf t : f32[1, 4]
  DmaCopy s <- x
  TensorTensor t <- s, s, op = sub
  DmaCopy d <- t
  Activation t <- s, func = log
  DmaCopy l <- t
  DmaCopy c <- x
}
`);
    const x: NpyArray = { dtype: 'f32', shape: [1, 4], data: new Float32Array([Infinity, -1, nanWithBits(0x7fa00001), nanWithBits(0xffc00000)]) };
    const { outcome, machine } = runProgram(program, { inputs: { x } });
    assert.strictEqual(outcome.kind, 'exited');
    const out = (name: string): number[] => bitsOf(machine.drams[program.drams.find((t) => t.name === name)!.slot].data as Float32Array);
    assert.deepStrictEqual(out('d').filter((b) => (b & 0x7f800000) === 0x7f800000 && (b & 0x7fffff) !== 0), [F32_NAN, F32_NAN, F32_NAN]);
    assert.deepStrictEqual(out('l').slice(1), [F32_NAN, F32_NAN, F32_NAN]);
    assert.deepStrictEqual(out('c').slice(2), [F32_NAN, F32_NAN], 'the input NaNs themselves, copied');
  });

  it('bf16 and fp8 bit patterns from a file keep their values but not a NaN\'s payload or sign; widening gives 0x7FC00000', () => {
    const program = programOf(`module canon
dram b : bf16[1, 3] input
dram e : fp8e4m3fn[1, 2] input
dram h : fp8e4m3[1, 3] input
dram s : e8m0[1, 2] input
dram w : f32[1, 3] output
func main() {
  DmaCopy w <- b
}
`);
    const b: NpyArray = { dtype: 'u16', shape: [1, 3], data: new Uint16Array([0x7fa1, 0xffc0, 0x3fc0]) };
    const e: NpyArray = { dtype: 'u8', shape: [1, 2], data: new Uint8Array([0xff, 0x38]) };
    const h: NpyArray = { dtype: 'u8', shape: [1, 3], data: new Uint8Array([0xff, 0xf9, 0xf8]) };
    const s: NpyArray = { dtype: 'u8', shape: [1, 2], data: new Uint8Array([0xff, 0x7f]) };
    const { outcome, machine } = runProgram(program, { inputs: { b, e, h, s } });
    assert.strictEqual(outcome.kind, 'exited');
    const slot = (name: string): number => program.drams.find((t) => t.name === name)!.slot;
    assert.deepStrictEqual([...machine.drams[slot('b')].data], [0x7fc0, 0x7fc0, 0x3fc0]);
    assert.deepStrictEqual([...machine.drams[slot('e')].data], [0x7f, 0x38]);
    assert.deepStrictEqual([...machine.drams[slot('h')].data], [0x7c, 0x7c, 0xf8], 'the hardware e4m3: NaNs canonical, -inf kept');
    assert.deepStrictEqual([...machine.drams[slot('s')].data], [0xff, 0x7f]);
    assert.deepStrictEqual(bitsOf(machine.drams[slot('w')].data as Float32Array), [F32_NAN, F32_NAN, 0x3fc00000]);
  });
});
