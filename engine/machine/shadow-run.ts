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
import { decode } from './dtypes';
import { Shadow } from './shadow';
import { Tensor } from './tensor';
import { hasUlp, relativeError } from './ulp';
import { forEachIndex, View } from './view';

interface Pending {
  readonly view: View;
  readonly values: Float64Array;
}

/** What one operand read, by position: each element's relative error, origin and that origin's growth. */
class OperandErrors {
  errors = new Float64Array(64);
  origins = new Int32Array(64);
  jumps = new Float64Array(64);
  length = 0;

  reset(n: number): void {
    if (this.errors.length < n) {
      this.errors = new Float64Array(n);
      this.origins = new Int32Array(n);
      this.jumps = new Float64Array(n);
    }
    this.errors.fill(0, 0, n);
    this.origins.fill(-1, 0, n);
    this.jumps.fill(0, 0, n);
    this.length = n;
  }
}

export class ShadowRun {
  /** The instructions shadowed so far, by id: what the shadows' origins name. */
  readonly nodes: InstrNode[] = [];
  private readonly ids = new Map<string, number>();
  private current = -1;
  private pending: Pending[] = [];
  private positional = false;
  /** The operands read so far by the instruction being shadowed (buffers kept between instructions). */
  private readonly operands: OperandErrors[] = [];
  private operandCount = 0;
  /** The worst of everything it read: its relative error, its origin and that origin's growth. */
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

  /** Before an instruction's float64 run; `positional`: an elementwise instruction (each result from its position). */
  begin(id: number, positional: boolean): void {
    this.current = id;
    this.positional = positional;
    this.operandCount = 0;
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
    const read = this.positional ? this.operandErrors(values.length) : undefined;
    const { values: exact, stamps, origins, jumps } = s;
    const written = t.written;
    forEachIndex(v, (index, i) => {
      if (!written[index] || stamps[index] !== values[i]) return;
      const x = exact[index];
      const error = relativeError(values[i], x);
      if (read) {
        read.errors[i] = error;
        read.origins[i] = origins[index];
        read.jumps[i] = jumps[index];
      }
      if (error > this.worstError) {
        this.worstError = error;
        this.worstOrigin = origins[index];
        this.worstJump = jumps[index];
      }
      values[i] = x;
    });
  }

  private operandErrors(n: number): OperandErrors {
    const k = this.operandCount++;
    const read = (this.operands[k] ??= new OperandErrors());
    read.reset(n);
    return read;
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
    const n = values.length;
    // Elementwise: the operands of the result's size by position; the others (a column of scalars) as a whole.
    const byPosition = this.operands.slice(0, this.operandCount).filter((o) => o.length === n);
    const whole = this.positional && byPosition.length > 0 ? this.wholeOperandsWorst(n) : { error: this.worstError, origin: this.worstOrigin, jump: this.worstJump };
    const current = this.current;
    forEachIndex(v, (index, i) => {
      journal?.touch(s, index, index + 1);
      const stored = decode(dtype, data[index]);
      const x = values[i];
      exact[index] = x;
      stamps[index] = stored;
      let { error: worst, origin, jump } = whole;
      for (const o of byPosition) {
        if (o.errors[i] > worst) {
          worst = o.errors[i];
          origin = o.origins[i];
          jump = o.jumps[i];
        }
      }
      const growth = relativeError(stored, x) - worst;
      const here = growth > jump;
      origins[index] = here ? current : origin;
      jumps[index] = here ? growth : jump;
    });
  }

  /** The worst element of the operands read whole (not of the result's size): columns of scalars, biases. */
  private wholeOperandsWorst(n: number): { error: number; origin: number; jump: number } {
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
