/**
 * A value compared with a reference made in NumPy, as the tensor view compares them (numpy.isclose with atol and
 * rtol; NaN never close): the verdict, how many elements differ, the largest errors, and the first element that is not
 * close, named as an element of its tensor so that bir_why can be asked about it. The tensor view's requests read a
 * 2-D region, so a value of rank 3 or more is compared slice by slice, up to MAX_SLICES of them.
 */
import type { DebugEngine } from '../protocol/requests';
import type { BirArguments } from '../../contract/requests';
import type { CompareInfo, RegionPattern, TensorData } from '../../contract/tensor';
import { short } from './answer-size';
import { Places } from './places';
import { unravel } from './tensor-facts';
import type { ToolInput } from './tool-schemas';

const MAX_SLICES = 256;

/** What the value is compared with, as the tensor view's requests take it. */
type Reference = NonNullable<BirArguments<'bir/tensor'>['compare']>;
const ONE_CELL = { row: 0, col: 0, rows: 1, cols: 1 };

export async function compareWithReference(engine: DebugEngine, places: Places, input: ToolInput<'bir_compare'>, frameId: number | undefined): Promise<Record<string, unknown>> {
  const compare: Reference = { file: places.resolve(input.reference), atol: input.atol, rtol: input.rtol };
  const ask = (slice?: number[]): Promise<TensorData> => engine.request('bir/tensor', { expression: input.expression, frameId, window: ONE_CELL, maxCells: 1, compare, slice });
  const first = await ask();
  const lead = first.shape.slice(0, -2);
  const slices = lead.reduce((a, b) => a * b, 1);
  const answers = [first];
  for (let k = 1; k < Math.min(slices, MAX_SLICES); k++) answers.push(await ask(unravel(lead, k)));
  const infos = answers.map((a) => a.compare!);
  const diverging = answers.find((a) => a.compare!.first >= 0);
  return {
    expression: input.expression,
    reference: places.show(places.resolve(input.reference)),
    shape: first.shape,
    dtype: first.dtype,
    verdict: infos.every((c) => c.allclose) ? 'allclose' : 'differs',
    atol: infos[0].atol,
    rtol: infos[0].rtol,
    differing: sum(infos, (c) => c.differing),
    unequal: sum(infos, (c) => c.unequal),
    maxAbs: short(largest(infos, (c) => c.maxAbs)),
    maxRel: short(largest(infos, (c) => c.maxRel)),
    maxUlp: short(largest(infos, (c) => c.maxUlp)),
    ...(diverging ? { firstDivergence: await divergence(engine, input, frameId, compare, diverging) } : {}),
    ...(slices > MAX_SLICES ? { comparedOf: `the first ${MAX_SLICES} of ${slices} slices` } : {}),
  };
}

/** The first element not close in a region: its indices in the value, and the element of the tensor it is. */
async function divergence(engine: DebugEngine, input: ToolInput<'bir_compare'>, frameId: number | undefined, compare: Reference, region: TensorData): Promise<Record<string, unknown>> {
  const d = await engine.request('bir/tensorDivergence', { expression: input.expression, frameId, slice: [...region.slice], compare, from: 0 });
  const rank = region.shape.length;
  const index = rank === 0 ? [] : rank === 1 ? [d.col] : [...region.slice, d.row, d.col];
  const element = region.pattern ? elementOf(region.pattern, d.row, d.col) : undefined;
  return { index, ...(element ? { element } : {}), value: short(d.value ?? null), reference: short(d.reference ?? null) };
}

/** `acc[3, 7]`: the element of the named tensor at a cell of the region its pattern describes. */
function elementOf(pattern: RegionPattern, row: number, col: number): string {
  const indices = pattern.dims.map((d) => ('index' in d ? d.index : d.start + d.step * (d.axis === 'row' ? row : col)));
  return `${pattern.base}[${indices.join(', ')}]`;
}

function sum(infos: readonly CompareInfo[], of: (c: CompareInfo) => number): number {
  return infos.reduce((a, c) => a + Math.max(0, of(c)), 0);
}

function largest(infos: readonly CompareInfo[], of: (c: CompareInfo) => number | null): number | null {
  let out: number | null = null;
  for (const c of infos) {
    const v = of(c);
    if (v !== null && (out === null || v > out)) out = v;
  }
  return out;
}
