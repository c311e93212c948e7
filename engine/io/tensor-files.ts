/** Tensors to and from .npy: which array types fit which dtypes, and the conversions. */
import { DType, packedLayout } from '../base/dtype';
import { decode, decodeRange, encode, encodeRange } from '../machine/dtypes';
import { ShapeMismatch, TensorSource } from '../machine/machine';
import { Tensor } from '../machine/tensor';
import { NpyArray, NpyDType, npyValues, readNpyFile } from './npy';

/** Why this array cannot initialize a tensor of that dtype and shape, or undefined when it can. */
export function npyFitsTensor(npy: { readonly shape: readonly number[]; readonly dtype?: NpyDType }, dtype: DType, shape: readonly number[]): string | undefined {
  if (npy.shape.length !== shape.length || npy.shape.some((d, i) => d !== shape[i])) {
    return `the file holds an array of shape (${npy.shape.join(', ')}) but the tensor is [${shape.join(', ')}]`;
  }
  const packed = packedLayout(dtype);
  // A packed element holds bits, and no rounding of a number into it is defined: only its bits are read.
  if (packed && npy.dtype !== undefined && npy.dtype !== packed.container) {
    return `a ${dtype} tensor is read from a ${packed.container} array of its bits (four ${packed.element} in each element, the first in the lowest bits), but the file holds ${npy.dtype}`;
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

/**
 * The array type that holds a dtype's bit patterns, for the dtypes NumPy has no type of: u16 for bf16, u8 for the
 * fp8 types, e8m0 and fp4e2m1 (one value per byte), the unsigned integer of their width for the packed types; f16
 * arrays are f16's own.
 */
function bitPatternArray(dtype: DType): NpyDType | undefined {
  switch (dtype) {
    case 'fp8e4m3fn_x4': case 'fp8e5m2_x4': return 'u32';
    case 'fp4e2m1_x4': return 'u16';
    case 'bf16': return 'u16';
    case 'f16': return 'f16';
    case 'fp8e4m3': case 'fp8e4m3fn': case 'fp8e5m2': case 'e8m0': case 'fp4e2m1': return 'u8';
    default: return undefined;
  }
}

/** Fills a tensor from an array of the same shape, rounding each value to the tensor's dtype. */
export function loadNpyInto(tensor: Tensor, npy: NpyArray): void {
  const problem = npyFitsTensor(npy, tensor.dtype, tensor.shape);
  if (problem) throw new ShapeMismatch(problem);
  if (npy.dtype === bitPatternArray(tensor.dtype)) {
    if (tensor.dtype === 'fp4e2m1') checkNibbles(npy);
    // Bit patterns are taken as they are, but a NaN's become the format's one NaN (its sign and payload dropped).
    for (let i = 0; i < tensor.size; i++) tensor.data[i] = encode(tensor.dtype, decode(tensor.dtype, npy.data[i]));
  } else {
    encodeRange(tensor.dtype, npyValues(npy), 0, tensor.data, 0, tensor.size);
  }
  tensor.markAllWritten();
}


/** fp4e2m1 bit patterns are one per byte: a byte above 15 is not one (rather than a silent loss of its high bits). */
function checkNibbles(npy: NpyArray): void {
  const i = npy.data.findIndex((b) => b > 0xf);
  if (i >= 0) throw new ShapeMismatch(`element ${i} of the u8 array is 0x${npy.data[i].toString(16)}, not an fp4e2m1 bit pattern (0 to 0xf, one value per byte)`);
}

/**
 * The .npy dtype a tensor is written as: its own for the dtypes NumPy has; the bits of the packed types as the
 * unsigned integer of their width; the other floats (bf16, the fp8 types, e8m0, fp4e2m1), whose every value is an
 * f32, as f32 values.
 */
export function npyDTypeFor(dtype: DType): NpyDType {
  switch (dtype) {
    case 'fp8e4m3fn_x4': case 'fp8e5m2_x4': return 'u32';
    case 'fp4e2m1_x4': return 'u16';
    case 'bf16':
    case 'fp8e4m3':
    case 'fp8e4m3fn':
    case 'fp8e5m2':
    case 'e8m0':
    case 'fp4e2m1': return 'f32';
    default: return dtype;
  }
}

/** The whole tensor as an array; elements never written are written as 0. */
export function tensorToNpy(tensor: Tensor): NpyArray {
  const dtype = npyDTypeFor(tensor.dtype);
  if (dtype === tensor.dtype || packedLayout(tensor.dtype)) return { dtype, shape: [...tensor.shape], data: tensor.data.slice() };
  const data = new Float32Array(tensor.size);
  decodeRange(tensor.dtype, tensor.data, 0, data, 0, tensor.size);
  return { dtype, shape: [...tensor.shape], data };
}
