/**
 * How the tensor view writes a selection as an access pattern: the region (a view of memory) expressed in the
 * coordinates of a tensor the frame names, `acc` for `acc[0:64, 128:256]`, a parameter for a view passed to a call.
 * Each axis of the region runs along one dimension of that tensor with a start and a step; the other dimensions are
 * held at one index. A value that is no such slice (a broadcast, a computed value) has no pattern.
 */
import { View } from '../machine/view';
import type { PatternDim, RegionPattern } from '../../contract/tensor';

/** The region as a view: its first element and the strides of its rows and columns (rows absent for rank ≤ 1). */
export interface RegionView {
  readonly offset: number;
  readonly rows?: { readonly size: number; readonly stride: number };
  readonly cols?: { readonly size: number; readonly stride: number };
}

/** The region of a view value: leading dimensions fixed at `slice`, the last two as rows and columns. */
export function regionView(view: View, slice: readonly number[]): RegionView {
  const rank = view.shape.length;
  let offset = view.offset;
  slice.forEach((i, d) => (offset += i * view.strides[d]));
  const axis = (d: number) => ({ size: view.shape[d], stride: view.strides[d] });
  if (rank === 0) return { offset };
  if (rank === 1) return { offset, cols: axis(0) };
  return { offset, rows: axis(rank - 2), cols: axis(rank - 1) };
}

/**
 * The region in the coordinates of `root` (a view of the same tensor named `base`), or undefined when it is not a
 * slice of it. Every way of laying the axes along the root's dimensions is tried; the first whose reconstruction
 * gives back the region's elements exactly is the answer.
 */
export function regionPattern(base: string, root: View, region: RegionView): RegionPattern | undefined {
  const rank = root.shape.length;
  const axes = (['row', 'col'] as const).flatMap((name) => {
    const a = name === 'row' ? region.rows : region.cols;
    return a ? [{ name, ...a }] : [];
  });
  for (const dims of assignments(rank, axes.length)) {
    const steps: number[] = [];
    let fits = true;
    axes.forEach((a, k) => {
      const stride = root.strides[dims[k]];
      const step = a.size === 1 ? 1 : stride === 0 ? NaN : a.stride / stride;
      if (!Number.isInteger(step) || step < 1) fits = false;
      steps.push(step);
    });
    if (!fits) continue;
    const index = decompose(region.offset - root.offset, root);
    if (!index) continue;
    const out: PatternDim[] = index.map((i) => ({ index: i }));
    axes.forEach((a, k) => {
      out[dims[k]] = { axis: a.name, start: index[dims[k]], step: steps[k] };
    });
    if (out.every((d, i) => ('axis' in d ? d.start + (sizeOf(axes, d.axis) - 1) * d.step < root.shape[i] : d.index < root.shape[i]))) {
      return { base, dims: out };
    }
  }
  return undefined;
}

function sizeOf(axes: readonly { name: 'row' | 'col'; size: number }[], name: 'row' | 'col'): number {
  return axes.find((a) => a.name === name)!.size;
}

/** Distinct dimensions of the root for each axis, in every order. */
function assignments(rank: number, count: number): number[][] {
  if (count === 0) return [[]];
  const out: number[][] = [];
  for (const rest of assignments(rank, count - 1)) {
    for (let d = 0; d < rank; d++) if (!rest.includes(d)) out.push([...rest, d]);
  }
  // The natural order first: the rows along the next-to-last dimension, the columns along the last.
  const distance = (dims: number[]) => dims.reduce((n, d, k) => n + Math.abs(d - (rank - count + k)), 0);
  return out.sort((a, b) => distance(a) - distance(b));
}

/** An element offset from the root's first element as an index per dimension (largest strides first), or undefined. */
function decompose(delta: number, root: View): number[] | undefined {
  if (delta < 0) return undefined;
  const index = new Array<number>(root.shape.length).fill(0);
  const order = root.shape.map((_, d) => d).filter((d) => root.strides[d] > 0).sort((a, b) => root.strides[b] - root.strides[a]);
  let rest = delta;
  for (const d of order) {
    const i = Math.min(root.shape[d] - 1, Math.floor(rest / root.strides[d]));
    index[d] = i;
    rest -= i * root.strides[d];
  }
  return rest === 0 ? index : undefined;
}
