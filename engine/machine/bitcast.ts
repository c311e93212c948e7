/**
 * Bitcast views (`t.view(dtype)`, NKI's `NkiTensor.view`): the bytes of a tensor read as another dtype. The view is
 * of an alias tensor that shares the base tensor's bytes, so that every engine reads and writes it as any tensor of
 * that dtype. The base keeps the truth about which elements were written: the alias copies it when a view of it is
 * made (once per run of an instruction), and every write through the alias marks (and journals) the base's elements
 * that hold the bytes written.
 */
import { DType, dtypeInfo } from '../base/dtype';
import { Tensor } from './tensor';
import { View } from './view';

/** The size of one element of each dtype for a bitcast, or why the dtype cannot take part in one. */
export function bitcastProblem(dtype: DType): string | undefined {
  // A fp4e2m1 value is stored one per byte in the low 4 bits: its byte is not the bits of any NKI type.
  return dtype === 'fp4e2m1' ? 'fp4e2m1 is stored one value per byte (4 bits of 8), so its bytes are not a bit pattern of another type; bitcast fp4e2m1_x4 instead' : undefined;
}

/**
 * The last dimension of a view of `size` elements of `from` seen as `to`: scaled by the ratio of the sizes; undefined
 * when the larger elements would not be whole (NKI: "for contraction, last-dim size must be divisible by the ratio").
 */
export function bitcastLength(size: number, from: DType, to: DType): number | undefined {
  const a = dtypeInfo(from).bytes;
  const b = dtypeInfo(to).bytes;
  const bytes = size * a;
  return bytes % b === 0 ? bytes / b : undefined;
}

/** The same view's bytes as `to`, or the reason it cannot be (a strided last dimension, a misaligned start). */
export function bitcastView(v: View, to: DType): View | string {
  const from = v.tensor.dtype;
  if (from === to) return v;
  const a = dtypeInfo(from).bytes;
  const b = dtypeInfo(to).bytes;
  const rank = v.shape.length;
  const last = rank - 1;
  if (rank === 0) return 'a view of no dimension cannot be bitcast';
  if (v.strides[last] !== 1 && v.shape[last] !== 1) return `its last dimension is not contiguous (stride ${v.strides[last]}): a bitcast reads the bytes of each row in order`;
  const length = bitcastLength(v.shape[last], from, to);
  if (length === undefined) return `its last dimension holds ${v.shape[last] * a} bytes, not a whole number of ${to} elements (${b} bytes each)`;
  const offsetBytes = v.offset * a;
  if (offsetBytes % b !== 0) return `it starts at byte ${offsetBytes} of '${v.tensor.name}', not on a ${to} element (${b} bytes)`;
  const strides: number[] = [];
  for (let d = 0; d < last; d++) {
    const bytes = v.strides[d] * a;
    if (bytes % b !== 0) return `dimension ${d} steps ${bytes} bytes, not a whole number of ${to} elements`;
    strides.push(bytes / b);
  }
  strides.push(1);
  const shape = [...v.shape.slice(0, last), length];
  return { tensor: aliasOf(v.tensor, to), offset: offsetBytes / b, shape, strides };
}

const aliases = new WeakMap<Tensor, Map<DType, BitcastTensor>>();

/** The alias of a tensor as another dtype, made once per pair, its written flags brought up to date. */
export function aliasOf(t: Tensor, to: DType): Tensor {
  const base = t instanceof BitcastTensor ? t.base : t;
  if (base.dtype === to) return base;
  let byType = aliases.get(base);
  if (!byType) aliases.set(base, (byType = new Map()));
  let alias = byType.get(to);
  if (!alias) byType.set(to, (alias = new BitcastTensor(base, to)));
  alias.sync();
  return alias;
}

/** The tensor whose bytes a tensor is: itself, or the base of an alias. */
export function baseTensor(t: Tensor): Tensor {
  return t instanceof BitcastTensor ? t.base : t;
}

/** The base elements [lo, hi) that hold the bytes of an alias's elements [from, to). */
export function baseRange(t: Tensor, from: number, to: number): { readonly lo: number; readonly hi: number } {
  if (!(t instanceof BitcastTensor)) return { lo: from, hi: to };
  const a = dtypeInfo(t.dtype).bytes;
  const b = dtypeInfo(t.base.dtype).bytes;
  return { lo: Math.floor((from * a) / b), hi: Math.ceil((to * a) / b) };
}

class BitcastTensor extends Tensor {
  /** Bytes of an alias element and of a base element. */
  private readonly mine: number;
  private readonly theirs: number;

  constructor(readonly base: Tensor, dtype: DType) {
    const shape = [...base.shape];
    shape[shape.length - 1] = bitcastLength(shape[shape.length - 1], base.dtype, dtype)!;
    super(base.name, base.memory, dtype, shape, base.core, base.placement, base.data.buffer);
    this.mine = dtypeInfo(dtype).bytes;
    this.theirs = dtypeInfo(base.dtype).bytes;
  }

  /** Copies which elements the base says were written: an alias element is written when all its bytes are. */
  sync(): void {
    this.journal = this.base.journal;
    const base = this.base;
    if (base.fullyWritten) {
      if (this.writtenCount !== this.size) {
        this.written.fill(1);
        this.writtenCount = this.size;
      }
      return;
    }
    let count = 0;
    const w = this.written;
    const bw = base.written;
    const a = this.mine;
    const b = this.theirs;
    for (let i = 0; i < this.size; i++) {
      const lo = Math.floor((i * a) / b);
      const hi = Math.ceil(((i + 1) * a) / b);
      let all = 1;
      for (let k = lo; k < hi; k++) all &= bw[k];
      w[i] = all;
      count += all;
    }
    this.writtenCount = count;
  }

  override markWritten(index: number): void {
    super.markWritten(index);
    const { lo, hi } = baseRange(this, index, index + 1);
    for (let k = lo; k < hi; k++) this.base.markWritten(k);
  }

  override touch(from: number, to: number): void {
    const { lo, hi } = baseRange(this, from, to);
    this.base.touch(lo, hi);
  }

  /** Row by row: each row's elements are a range of the base's. */
  override touchRows(start: number, rows: number, stride: number, cols: number): void {
    for (let r = 0, from = start; r < rows; r++, from += stride) this.touch(from, from + cols);
  }

  override markAllWritten(): void {
    this.base.markAllWritten();
    this.sync();
  }
}
