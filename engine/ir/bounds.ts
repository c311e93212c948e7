/**
 * The one rule of indices and slices, shared by the checker (bounds it can compute), the run (bounds that depend on
 * registers) and the evaluate language, so that each problem gets the same name wherever it is found: a bound must
 * be an integer; a slice's end must be greater than its start; then the index, or both ends, must be inside the
 * dimension.
 */

export type SliceProblem = 'fraction' | 'empty' | 'start' | 'end';

export function sliceProblem(lo: number, hi: number, size: number): SliceProblem | undefined {
  if (!Number.isInteger(lo) || !Number.isInteger(hi)) return 'fraction';
  if (hi <= lo) return 'empty';
  if (lo < 0 || lo >= size) return 'start';
  if (hi > size) return 'end';
  return undefined;
}

export function indexProblem(i: number, size: number): 'fraction' | 'range' | undefined {
  if (!Number.isInteger(i)) return 'fraction';
  return i < 0 || i >= size ? 'range' : undefined;
}

/** The message of a slice's problem found when the bounds are known (at run time, or in an evaluation). */
export function describeSlice(problem: SliceProblem, lo: number, hi: number, where: string, size: number): string {
  switch (problem) {
    case 'fraction': return `slice ${lo}:${hi} of ${where} has a bound that is not an integer`;
    case 'empty': return `empty slice ${lo}:${hi} of ${where}: the end must be greater than the start (length ${hi - lo})`;
    default: return `slice ${lo}:${hi} is out of bounds for ${where} (size ${size})`;
  }
}

export function describeIndex(problem: 'fraction' | 'range', i: number, where: string, size: number): string {
  return problem === 'fraction' ? `index ${i} of ${where} is not an integer` : `index ${i} is out of bounds for ${where} (size ${size})`;
}
