/** Tensors to and from .npy: which array types fit which dtypes, and the conversions. */
import { DType } from '../base/dtype';
import { decode, decodeRange, encode, encodeRange } from '../machine/dtypes';
import { ShapeMismatch, TensorSource } from '../machine/machine';
import { Tensor } from '../machine/tensor';
import { NpyArray, NpyDType, readNpyFile } from './npy';
import { getFloat16 } from '@petamoriken/float16';

/** Why this array cannot initialize a tensor of that dtype and shape, or undefined when it can. */
export function npyFitsTensor(npy: { readonly shape: readonly number[] }, dtype: DType, shape: readonly number[]): string | undefined {
  if (npy.shape.length !== shape.length || npy.shape.some((d, i) => d !== shape[i])) {
    return `the file holds an array of shape (${npy.shape.join(', ')}) but the tensor is [${shape.join(', ')}]`;
  }
  return undefined;
}

/**
 * A DRAM tensor's data from a .npy file (read when the machine loads) or an array already in memory. A file's header
 * is checked against the tensor before its data is read: a file of another shape is refused unread, whatever its size.
 */
export function npySource(input: string | NpyArray): TensorSource {
  return (tensor) => {
    const fits = (npy: { readonly shape: readonly number[] }): void => {
      const problem = npyFitsTensor(npy, tensor.dtype, tensor.shape);
      if (problem) throw new ShapeMismatch(problem);
    };
    const npy = typeof input === 'string' ? readNpyFile(input, { admit: fits }) : input;
    fits(npy);
    loadNpyInto(tensor, npy);
  };
}

/** bf16 and fp8 have no NumPy dtype: a u16 (bf16) or u8 (fp8) array holds their bit patterns. */
function isBitPatterns(npy: NpyArray, dtype: DType): boolean {
  return (dtype === 'bf16' && npy.dtype === 'u16') || ((dtype === 'fp8e4m3' || dtype === 'fp8e5m2') && npy.dtype === 'u8')
    || (dtype === 'f16' && npy.dtype === 'f16');
}

/** Fills a tensor from an array of the same shape, rounding each value to the tensor's dtype. */
export function loadNpyInto(tensor: Tensor, npy: NpyArray): void {
  if (isBitPatterns(npy, tensor.dtype)) {
    // Bit patterns are taken as they are, but a NaN's become the format's one NaN (its sign and payload dropped).
    for (let i = 0; i < tensor.size; i++) tensor.data[i] = encode(tensor.dtype, decode(tensor.dtype, npy.data[i]));
  } else {
    encodeRange(tensor.dtype, npyValues(npy), 0, tensor.data, 0, tensor.size);
  }
  tensor.markAllWritten();
}

function npyValues(npy: NpyArray): ArrayLike<number> {
  if (npy.dtype !== 'f16') return npy.data;
  const out = new Float64Array(npy.data.length);
  const view = new DataView(new ArrayBuffer(2));
  for (let i = 0; i < out.length; i++) {
    view.setUint16(0, npy.data[i], true);
    out[i] = getFloat16(view, 0, true);
  }
  return out;
}

/** The .npy dtype a tensor is written as: its own, except bf16 and fp8, written as f32 (NumPy has no such types). */
export function npyDTypeFor(dtype: DType): NpyDType {
  switch (dtype) {
    case 'bf16':
    case 'fp8e4m3':
    case 'fp8e5m2': return 'f32';
    default: return dtype;
  }
}

/** The whole tensor as an array; elements never written are written as 0. */
export function tensorToNpy(tensor: Tensor): NpyArray {
  const dtype = npyDTypeFor(tensor.dtype);
  if (dtype === tensor.dtype) return { dtype, shape: [...tensor.shape], data: tensor.data.slice() };
  const data = new Float32Array(tensor.size);
  decodeRange(tensor.dtype, tensor.data, 0, data, 0, tensor.size);
  return { dtype, shape: [...tensor.shape], data };
}
