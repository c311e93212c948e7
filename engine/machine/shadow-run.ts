/**
 * The state of a shadow run (issue 27): each instruction that writes a tensor runs first in float64 on the shadows of
 * what it reads (kernels/shadowed.ts), its results kept pending; then it runs as itself; then the pending results
 * become the shadows of the elements it wrote, each with where its error grew most.
 *
 * "Where the error grew most" follows the worst input: an element's error growth is its relative error minus that
 * of the instruction's input with the largest relative error; the element keeps the larger of that growth and the
 * worst input's own, with its instruction. So a cancellation or a narrow store is named where it happened, and the
 * instructions that only carry the error on are not.
 */
import { InstrNode } from '../ir/program';
import { decode } from './dtypes';
import { Shadow } from './shadow';
import { Tensor } from './tensor';
import { hasUlp, relativeError } from './ulp';
import { forEachIndex, View } from './view';

interface Pending {
  readonly view: View;
  readonly values: Float64Array;
}

export class ShadowRun {
  /** The instructions shadowed so far, by id: what the shadows' origins name. */
  readonly nodes: InstrNode[] = [];
  private readonly ids = new Map<string, number>();
  private current = -1;
  private pending: Pending[] = [];
  /** The worst input of the instruction being shadowed: its relative error, its origin and that origin's growth. */
  private worstError = 0;
  private worstOrigin = -1;
  private worstJump = 0;

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

  /** Before an instruction's float64 run. */
  begin(id: number): void {
    this.current = id;
    this.pending.length = 0;
    this.worstError = 0;
    this.worstOrigin = -1;
    this.worstJump = 0;
  }

  /** A float64 run that faulted: the instruction itself reports the fault, and nothing is shadowed. */
  discard(): void {
    this.pending.length = 0;
  }

  /**
   * An operand's values (stored values, as the kernel read them) replaced by their shadows where they have one; the
   * worst input noted.
   */
  substitute(v: View, values: Float64Array): void {
    const t = v.tensor;
    const s = t.shadow;
    if (!s) return;
    const { values: exact, stamps, origins, jumps } = s;
    const written = t.written;
    forEachIndex(v, (index, i) => {
      if (!written[index] || stamps[index] !== values[i]) return;
      const x = exact[index];
      const error = relativeError(values[i], x);
      if (error > this.worstError) {
        this.worstError = error;
        this.worstOrigin = origins[index];
        this.worstJump = jumps[index];
      }
      values[i] = x;
    });
  }

  /** The float64 results of a write, kept until the instruction itself has written. */
  pend(v: View, values: ArrayLike<number>): void {
    const view: View = { ...v, shape: [...v.shape], strides: [...v.strides] };
    this.pending.push({ view, values: Float64Array.from(values) });
  }

  /** After the instruction wrote: its float64 results become the shadows of the elements written. */
  commit(): void {
    for (const { view, values } of this.pending) this.store(view, values);
    this.pending.length = 0;
  }

  private store(v: View, values: Float64Array): void {
    const t = v.tensor;
    const s = shadowFor(t);
    if (!s) return;
    const { values: exact, stamps, origins, jumps } = s;
    const { data, dtype, journal } = t;
    const { current, worstError, worstOrigin, worstJump } = this;
    forEachIndex(v, (index, i) => {
      journal?.touch(s, index, index + 1);
      const stored = decode(dtype, data[index]);
      const x = values[i];
      exact[index] = x;
      stamps[index] = stored;
      const growth = relativeError(stored, x) - worstError;
      const here = growth > worstJump;
      origins[index] = here ? current : worstOrigin;
      jumps[index] = here ? growth : worstJump;
    });
  }
}

/** The tensor's shadow, made when first asked for; undefined for a dtype without one. */
export function shadowFor(t: Tensor): Shadow | undefined {
  if (t.shadow) return t.shadow;
  if (!hasUlp(t.dtype)) return undefined;
  return (t.shadow = new Shadow(t.size));
}
