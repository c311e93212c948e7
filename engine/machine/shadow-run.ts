/**
 * The state of a shadow run (issue 27): each instruction that writes a tensor runs first in float64 on the shadows of
 * what it reads (kernels/shadowed.ts), its results kept pending; then it runs as itself; then the pending results
 * become the shadows of the elements it wrote, each with where its error grew most.
 *
 * "Where the error grew most" follows the worst input: an element's error growth is its relative error minus that
 * of its input with the largest relative error; the element keeps the larger of that growth and the worst input's
 * own, with its instruction. So a cancellation or a narrow store is named where it happened, and the instructions
 * that only carry the error on are not. An element's inputs are the elements at its position for the elementwise
 * instructions (`positional`), and every element the instruction read for the others (a matmul, a reduction, a
 * transpose, a scan).
 */
import { InstrNode } from '../ir/program';
import { Shadow } from './shadow';
import { Tensor } from './tensor';
import { ReadErrors, readPlane, shadowPlaneLoops, storePlane, Worst } from './shadow-loops';
import { hasUlp, relativeError } from './ulp';
import { asPlane, forEachIndex, Plane, readView, View } from './view';
import { decodeRowsInPlace } from './dtypes';
import { copyShadowPlane, CopySide } from './shadow-copy';

interface Pending {
  readonly view: View;
  readonly values: Float64Array;
}

/** A DMA of stored values without a shadow to the same dtype, whose shadows are its values (copyOfValues). */
interface PendingCopy {
  readonly tensor: Tensor;
  readonly offset: number;
  readonly plane: Plane;
}

/** What one operand read, by position: each element's relative error, origin and that origin's growth. */
class OperandErrors implements ReadErrors {
  errors = new Float64Array(64);
  origins = new Int32Array(64);
  jumps = new Float64Array(64);
  length = 0;

  /** Room for n positions, their values left as they were: for a loop that writes every one. */
  size(n: number): void {
    if (this.errors.length < n) {
      this.errors = new Float64Array(n);
      this.origins = new Int32Array(n);
      this.jumps = new Float64Array(n);
    }
    this.length = n;
  }

  /** n positions of nothing read: no error, no origin. */
  reset(n: number): void {
    this.size(n);
    this.errors.fill(0, 0, n);
    this.origins.fill(-1, 0, n);
    this.jumps.fill(0, 0, n);
  }
}

export class ShadowRun {
  /** The instructions shadowed so far, by id: what the shadows' origins name. */
  readonly nodes: InstrNode[] = [];
  private readonly ids = new Map<string, number>();
  private current = -1;
  private pending: Pending[] = [];
  private pendingCopy: PendingCopy | undefined;
  /** A DMA of one dtype from a shadowed source (copyOfShadow): its shadows copied at the commit. */
  private pendingShadowCopy: { readonly src: CopySide; readonly dst: CopySide } | undefined;
  private positional = false;
  /** The operands read so far by the instruction being shadowed (buffers kept between instructions). */
  private readonly operands: OperandErrors[] = [];
  private operandCount = 0;
  /** The worst of everything it read: its relative error, its origin and that origin's growth. */
  private readonly worst: Worst = { error: 0, origin: -1, jump: 0 };
  /** The float64 results pending, one buffer per write of the instruction, kept between instructions. */
  private readonly pendingBuffers: Float64Array[] = [];

  /** The id of an instruction (a fused group's member has its own). */
  idOf(node: InstrNode): number {
    let id = this.ids.get(node.id);
    if (id === undefined) {
      id = this.nodes.length;
      this.ids.set(node.id, id);
      this.nodes.push(node);
    }
    return id;
  }

  /** Before an instruction's float64 run; `positional`: an elementwise instruction (each result from its position). */
  begin(id: number, positional: boolean): void {
    this.current = id;
    this.positional = positional;
    this.operandCount = 0;
    this.pending.length = 0;
    this.pendingCopy = undefined;
    this.pendingShadowCopy = undefined;
    this.worst.error = 0;
    this.worst.origin = -1;
    this.worst.jump = 0;
  }

  /** A float64 run that faulted: the instruction itself reports the fault, and nothing is shadowed. */
  discard(): void {
    this.pending.length = 0;
    this.pendingCopy = undefined;
    this.pendingShadowCopy = undefined;
  }

  /**
   * A DMA's float64 execution when its source has no shadow, every element written, and the destination its dtype
   * (so the DMA copies the bits): each element's float64 value is then its stored value, with no error and no
   * origin, which the commit writes a row at a time from the destination (bulk decodes and fills instead of a loop
   * per element; the same bits as storeWhole gives). Rows of contiguous elements only; false, with nothing kept,
   * for the rest, which read and pend as any instruction.
   */
  copyOfValues(s: View, d: View): boolean {
    if (!shadowPlaneLoops() || s.tensor.shadow || s.tensor.dtype !== d.tensor.dtype) return false;
    const plane = asPlane(d);
    if (!plane || (plane.colStride !== 1 && plane.cols > 1)) return false;
    this.pendingCopy = { tensor: d.tensor, offset: d.offset, plane };
    return true;
  }

  /**
   * A DMA's float64 execution when its source has a shadow, every element written, and the destination its dtype in
   * other bytes (so the DMA copies the bits and leaves the source as it was): the commit copies the source's shadows
   * to the destination in one pass (machine/shadow-copy.ts; the same bits as a read and a store by position give).
   * Planes of the same rows and columns only; false, with nothing kept, for the rest.
   */
  copyOfShadow(s: View, d: View): boolean {
    if (!shadowPlaneLoops() || !s.tensor.shadow || s.tensor.dtype !== d.tensor.dtype || s.tensor.data.buffer === d.tensor.data.buffer) return false;
    const from = asPlane(s);
    const to = asPlane(d);
    if (!from || !to || from.rows !== to.rows || from.cols !== to.cols) return false;
    this.pendingShadowCopy = { src: { tensor: s.tensor, offset: s.offset, plane: from }, dst: { tensor: d.tensor, offset: d.offset, plane: to } };
    return true;
  }

  /**
   * An operand of a plane read on its shadows in one pass (machine/shadow-loops.ts): what readView and substitute give
   * together, with never-written elements as zero. False, with nothing read, for the views the general loops take.
   */
  read(v: View, values: Float64Array): boolean {
    const t = v.tensor;
    const s = t.shadow;
    const p = s && shadowPlaneLoops() ? asPlane(v) : undefined;
    if (!s || !p) return false;
    if (s.ofStoredValues && (p.colStride === 1 || p.cols <= 1)) {
      readStoredValues(v, p, s, values);
      // Nothing read in error: no worse worst, and no error, origin nor jump at any position.
      if (this.positional) this.operandErrors(values.length).reset(values.length);
      return true;
    }
    readPlane(p, v.offset, t, s, values, this.positional ? this.operandErrors(values.length) : undefined, this.worst);
    return true;
  }

  /**
   * An operand's values (stored values, as the kernel read them) replaced by their shadows where they have one; the
   * worst input noted.
   */
  substitute(v: View, values: Float64Array): void {
    const t = v.tensor;
    const s = t.shadow;
    if (!s) return;
    const n = values.length;
    const indices = elementIndices(v, n, 0);
    const read = this.positional ? this.operandErrors(n) : scratchErrors(n);
    read.reset(n);
    substituteElements(n, indices, values, t.written, s, read);
    // The worst of this operand, for the results not made by position.
    const errors = read.errors;
    const worst = this.worst;
    for (let i = 0; i < n; i++) {
      if (errors[i] > worst.error) {
        worst.error = errors[i];
        worst.origin = read.origins[i];
        worst.jump = read.jumps[i];
      }
    }
  }

  private operandErrors(n: number): OperandErrors {
    const k = this.operandCount++;
    const read = (this.operands[k] ??= new OperandErrors());
    read.size(n);
    return read;
  }

  /** The float64 results of a write, kept until the instruction itself has written. */
  pend(v: View, values: Float64Array): void {
    // One shape of object for every view (a masked view has more fields): the commit's loop sees one map.
    const view: View = { tensor: v.tensor, offset: v.offset, shape: [...v.shape], strides: [...v.strides] };
    const k = this.pending.length;
    let kept = this.pendingBuffers[k];
    if (!kept || kept.length < values.length) kept = this.pendingBuffers[k] = new Float64Array(Math.max(values.length, 1024));
    const copy = kept.length === values.length ? kept : kept.subarray(0, values.length);
    copy.set(values);
    this.pending.push({ view, values: copy });
  }

  /** After the instruction wrote: its float64 results become the shadows of the elements written. */
  commit(): void {
    for (const { view, values } of this.pending) this.store(view, values);
    this.pending.length = 0;
    if (this.pendingCopy) storeValues(this.pendingCopy);
    this.pendingCopy = undefined;
    if (this.pendingShadowCopy) this.copyShadows(this.pendingShadowCopy.src, this.pendingShadowCopy.dst);
    this.pendingShadowCopy = undefined;
  }

  /** The destination's shadows from the source's (copyOfShadow), journaled as store journals them. */
  private copyShadows(src: CopySide, dst: CopySide): void {
    const t = dst.tensor;
    const s = shadowFor(t);
    if (!s) return;
    const journal = t.journal;
    if (journal && s.extra === 0) journal.touch(s, dst.offset, dst.offset + 1);
    s.extra = 1;
    const { rows, cols, rowStride, colStride } = dst.plane;
    if (journal) {
      if (colStride === 1) journal.touchRows(s, dst.offset, rows, rowStride, cols);
      else for (let r = 0; r < rows; r++) for (let c = 0, index = dst.offset + r * rowStride; c < cols; c++, index += colStride) journal.touch(s, index, index + 1);
    }
    copyShadowPlane(src, dst, src.tensor.shadow!, s, this.current);
  }

  private store(v: View, values: Float64Array): void {
    const t = v.tensor;
    const s = shadowFor(t);
    if (!s) return;
    const journal = t.journal;
    // Saved first (the journal keeps `extra` with the pages it saves): this write may shadow an error or an origin.
    if (journal && s.extra === 0) journal.touch(s, v.offset, v.offset + 1);
    s.extra = 1;
    const n = values.length;
    // Elementwise: the operands of the result's size by position; the others (a column of scalars) as a whole.
    const byPosition = this.operands.slice(0, this.operandCount).filter((o) => o.length === n);
    const whole = this.positional && byPosition.length > 0 ? this.wholeOperandsWorst(n) : this.worst;
    const p = shadowPlaneLoops() ? asPlane(v) : undefined;
    if (p) {
      if (journal) for (let r = 0; r < p.rows; r++) for (let c = 0, index = v.offset + r * p.rowStride; c < p.cols; c++, index += p.colStride) journal.touch(s, index, index + 1);
      if (byPosition.length <= 1) return storePlane(p, v.offset, t, s, values, whole, byPosition[0], this.current);
      // Two operands or more by position: their worst at each position first, which every element then takes.
      return storePlane(p, v.offset, t, s, values, BELOW_EVERY_ERROR, worstOf(whole, byPosition, n), this.current);
    }
    const stored = storedBuffer(n);
    readView(v, stored);
    const indices = elementIndices(v, n, 1);
    if (journal) for (let i = 0; i < n; i++) journal.touch(s, indices[i], indices[i] + 1);
    storeElements(n, indices, stored, values, s, worstOf(whole, byPosition, n), this.current);
  }

  /** The worst element of the operands read whole (not of the result's size): columns of scalars, biases. */
  private wholeOperandsWorst(n: number): Worst {
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
}

/** The tensor's shadow, made when first asked for; undefined for a dtype without one. */
export function shadowFor(t: Tensor): Shadow | undefined {
  if (t.shadow) return t.shadow;
  if (!hasUlp(t.dtype)) return undefined;
  return (t.shadow = new Shadow(t.size));
}

/**
 * A plane of rows of a shadow of stored values (Shadow.ofStoredValues) read as readNoting would: the stored values,
 * decoded in bulk; zero where never written; and where the stamp matches, the shadow's value, which is the stored
 * value but for the sign of a zero (a -0 stored since over a +0 shadowed matches its stamp).
 */
function readStoredValues(v: View, p: Plane, s: Shadow, values: Float64Array): void {
  readView(v, values);
  const { written } = v.tensor;
  const { values: exact, stamps } = s;
  const { rows, cols, rowStride } = p;
  let i = 0;
  if (v.tensor.fullyWritten) {
    // Nothing to zero: only the zeros whose stamp matches (the sign their shadow has).
    for (let r = 0; r < rows; r++) {
      for (let c = 0, index = v.offset + r * rowStride; c < cols; c++, i++, index++) if (values[i] === 0 && stamps[index] === 0) values[i] = exact[index];
    }
    return;
  }
  for (let r = 0; r < rows; r++) {
    for (let c = 0, index = v.offset + r * rowStride; c < cols; c++, i++, index++) {
      if (written[index] === 0) values[i] = 0;
      else if (values[i] === 0 && stamps[index] === 0) values[i] = exact[index];
    }
  }
}

/** The shadows of elements whose float64 values are their stored values: no error, no origin. */
function storeValues({ tensor, offset, plane }: PendingCopy): void {
  const s = shadowFor(tensor);
  if (!s) return;
  const { values: exact, stamps, origins, jumps } = s;
  // Rows that follow each other are one run: the same elements, fewer calls.
  const contiguous = plane.rowStride === plane.cols;
  const rows = contiguous ? 1 : plane.rows;
  const cols = contiguous ? plane.rows * plane.cols : plane.cols;
  const rowStride = plane.rowStride;
  for (let r = 0; r < rows; r++) tensor.journal?.touch(s, offset + r * rowStride, offset + r * rowStride + cols);
  decodeRowsInPlace(tensor.dtype, tensor.data, offset, rowStride, rows, cols, exact);
  for (let r = 0; r < rows; r++) {
    const from = offset + r * rowStride;
    const to = from + cols;
    // The stamps from the float64 values, as storeWhole stores them (a NaN's f32 bits as its conversion gives them).
    stamps.set(exact.subarray(from, to), from);
    origins.fill(-1, from, to);
    jumps.fill(0, from, to);
  }
}

/** The relative error, local: called per element (an import is a property read per call where modules are CommonJS). */
const relative = relativeError;

/** Index buffers by use (0: reads, 1: writes), kept between instructions. */
const indexBuffers = [new Int32Array(1024), new Int32Array(1024)];
let storedValues = new Float64Array(1024);

function storedBuffer(n: number): Float64Array {
  if (storedValues.length < n) storedValues = new Float64Array(n);
  return storedValues.length === n ? storedValues : storedValues.subarray(0, n);
}

/** The element indices of a view in row-major order, in a kept buffer: rows of a plane without a closure per element. */
function elementIndices(v: View, n: number, use: 0 | 1): Int32Array {
  let out = indexBuffers[use];
  if (out.length < n) out = indexBuffers[use] = new Int32Array(n);
  const p = asPlane(v);
  if (!p) {
    forEachIndex(v, (index, i) => (out[i] = index));
    return out;
  }
  const { rows, cols, rowStride, colStride } = p;
  let i = 0;
  for (let r = 0; r < rows; r++) {
    let index = v.offset + r * rowStride;
    for (let c = 0; c < cols; c++, index += colStride) out[i++] = index;
  }
  return out;
}

let worstKept = new OperandErrors();

function worstBuffers(n: number): OperandErrors {
  if (worstKept.errors.length < n) worstKept = new OperandErrors();
  worstKept.reset(n);
  return worstKept;
}

/** The worst input of each element: the whole instruction's, then each operand's at its position. */
function worstOf(whole: Worst, byPosition: readonly OperandErrors[], n: number): OperandErrors {
  const worst = worstBuffers(n);
  worst.errors.fill(whole.error, 0, n);
  worst.origins.fill(whole.origin, 0, n);
  worst.jumps.fill(whole.jump, 0, n);
  for (const o of byPosition) foldWorst(worst, o, n);
  return worst;
}

/** Below every relative error (never NaN, at least 0): the worst of an element is then the one at its position. */
const BELOW_EVERY_ERROR: Worst = { error: -Infinity, origin: -1, jump: 0 };

/** Each element's worst input so far, with an operand's element at its position. */
function foldWorst(worst: OperandErrors, o: OperandErrors, n: number): void {
  const { errors, origins, jumps } = worst;
  for (let i = 0; i < n; i++) {
    if (o.errors[i] > errors[i]) {
      errors[i] = o.errors[i];
      origins[i] = o.origins[i];
      jumps[i] = o.jumps[i];
    }
  }
}

/** The shadows of the elements written, each with its error and where it grew most (arrays only: one loop V8 keeps). */
function storeElements(n: number, indices: Int32Array, stored: Float64Array, values: Float64Array, s: Shadow, worst: OperandErrors, current: number): void {
  const { values: exact, stamps, origins, jumps } = s;
  const { errors: worstErrors, origins: worstOrigins, jumps: worstJumps } = worst;
  for (let i = 0; i < n; i++) {
    const index = indices[i];
    const y = stored[i];
    const x = values[i];
    exact[index] = x;
    stamps[index] = y;
    // relativeError, inline: the common case (finite, different) without a call.
    const error = y === x ? 0 : Number.isFinite(y) && Number.isFinite(x) && x !== 0 ? Math.abs(y - x) / Math.abs(x) : relative(y, x);
    const growth = error - worstErrors[i];
    if (growth > worstJumps[i]) {
      origins[index] = current;
      jumps[index] = growth;
    } else {
      origins[index] = worstOrigins[i];
      jumps[index] = worstJumps[i];
    }
  }
}

let scratchKept = new OperandErrors();

/** What an operand read when no result is made by position: kept only until its worst is found. */
function scratchErrors(n: number): OperandErrors {
  if (scratchKept.errors.length < n) scratchKept = new OperandErrors();
  scratchKept.reset(n);
  return scratchKept;
}

/** Stored values replaced by their shadows where the shadow is of the value stored; what each had noted in `read`. */
function substituteElements(n: number, indices: Int32Array, values: Float64Array, written: Uint8Array, s: Shadow, read: OperandErrors): void {
  const { values: exact, stamps, origins, jumps } = s;
  const { errors: readErrors, origins: readOrigins, jumps: readJumps } = read;
  for (let i = 0; i < n; i++) {
    const index = indices[i];
    const y = values[i];
    if (written[index] === 0 || stamps[index] !== y) continue;
    // The error its write computed, from the same stamp and value.
    const x = exact[index];
    values[i] = x;
    readErrors[i] = y === x ? 0 : Number.isFinite(y) && Number.isFinite(x) && x !== 0 ? Math.abs(y - x) / Math.abs(x) : relative(y, x);
    readOrigins[i] = origins[index];
    readJumps[i] = jumps[index];
  }
}
