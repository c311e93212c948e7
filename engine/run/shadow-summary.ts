/**
 * What a shadow run (issue 27) tells at its end, per output tensor: its largest error against float64 in ulps of its
 * dtype, at which element, and the instruction where that element's error grew most (where it entered).
 */
import { DType } from '../base/dtype';
import { formatSpan } from '../base/span';
import { InstrNode } from '../ir/program';
import { Machine } from '../machine/machine';
import { shadowElement } from '../machine/shadow-element';
import { errorInUlp, hasUlp } from '../machine/ulp';
import { unravel } from '../machine/view';

export interface TensorError {
  readonly tensor: string;
  readonly dtype: DType;
  /** Largest |stored - float64| in ulps of the dtype; 0 when every element is exact. */
  readonly maxUlp: number;
  /** The element with it (row-major indices), and its values. */
  readonly at?: { readonly indices: readonly number[]; readonly stored: number; readonly exact: number };
  /** Where its error entered: the instruction whose result grew its relative error most. */
  readonly entered?: InstrNode;
}

/** The outputs of a shadow run's machine; tensors of dtypes without a shadow (integers, packed) are left out. */
export function outputErrors(machine: Machine): TensorError[] {
  const run = machine.shadow;
  if (!run) return [];
  const out: TensorError[] = [];
  for (const { tensor: t } of machine.outputs()) {
    if (!hasUlp(t.dtype)) continue;
    let maxUlp = 0;
    let worst = -1;
    for (let i = 0; i < t.size; i++) {
      const e = shadowElement(t, i);
      const ulps = Math.abs(errorInUlp(t.dtype, e.stored, e.exact));
      if (ulps > maxUlp) {
        maxUlp = ulps;
        worst = i;
      }
    }
    if (worst < 0) {
      out.push({ tensor: t.name, dtype: t.dtype, maxUlp });
      continue;
    }
    const e = shadowElement(t, worst);
    const at = { indices: unravel(t.shape, worst), stored: e.stored, exact: e.exact };
    out.push({ tensor: t.name, dtype: t.dtype, maxUlp, at, entered: e.origin >= 0 ? run.nodes[e.origin] : undefined });
  }
  return out;
}

/** One line per output: `y f32: max error 12.5 ulp at [3, 1] (stored 0.1, float64 0.1000001), entered at f.bir:9:3 TensorTensor`. */
export function formatOutputErrors(errors: readonly TensorError[], shownPath: (file: string) => string = (f) => f): string[] {
  if (errors.length === 0) return ['shadow run: no float output to compare with float64'];
  return errors.map((e) => {
    if (!e.at) return `shadow run: ${e.tensor} ${e.dtype}: exact (0 ulp against float64)`;
    const where = e.entered ? `, entered at ${formatSpan({ ...e.entered.span, file: shownPath(e.entered.span.file) })} ${e.entered.opcode}` : '';
    return `shadow run: ${e.tensor} ${e.dtype}: max error ${formatUlp(e.maxUlp)} ulp at [${e.at.indices.join(', ')}] (stored ${e.at.stored}, float64 ${e.at.exact})${where}`;
  });
}

export function formatUlp(ulps: number): string {
  if (!Number.isFinite(ulps)) return String(ulps);
  const a = Math.abs(ulps);
  return a >= 1e6 || (a < 0.01 && a > 0) ? ulps.toExponential(2) : String(Number(ulps.toFixed(2)));
}
