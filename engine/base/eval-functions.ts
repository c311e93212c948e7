/** The functions of the evaluate language (watch, REPL, hover, breakpoint conditions, Assert, Print). */

export interface BuiltinInfo {
  readonly minArgs: number;
  readonly maxArgs: number;
  readonly named?: readonly string[];
  readonly summary: string;
}

export const EVAL_FUNCTIONS: ReadonlyMap<string, BuiltinInfo> = new Map([
  ['sum', { minArgs: 1, maxArgs: 1, summary: 'sum of all elements' }],
  ['mean', { minArgs: 1, maxArgs: 1, summary: 'mean of all elements' }],
  ['max', { minArgs: 1, maxArgs: 2, summary: 'largest element; with two arguments, the elementwise maximum' }],
  ['min', { minArgs: 1, maxArgs: 2, summary: 'smallest element; with two arguments, the elementwise minimum' }],
  ['any', { minArgs: 1, maxArgs: 1, summary: '1 when some element is not zero' }],
  ['all', { minArgs: 1, maxArgs: 1, summary: '1 when every element is not zero' }],
  ['allclose', { minArgs: 2, maxArgs: 4, named: ['atol', 'rtol'], summary: '1 when |a - b| <= atol + rtol * |b| everywhere (atol 1e-8, rtol 1e-5)' }],
  ['abs', { minArgs: 1, maxArgs: 1, summary: 'absolute value, elementwise' }],
  ['sqrt', { minArgs: 1, maxArgs: 1, summary: 'square root, elementwise' }],
  ['exp', { minArgs: 1, maxArgs: 1, summary: 'e to the power, elementwise' }],
  ['log', { minArgs: 1, maxArgs: 1, summary: 'natural logarithm, elementwise' }],
  ['floor', { minArgs: 1, maxArgs: 1, summary: 'round down, elementwise' }],
  ['ceil', { minArgs: 1, maxArgs: 1, summary: 'round up, elementwise' }],
  ['isnan', { minArgs: 1, maxArgs: 1, summary: '1 where the element is NaN' }],
  ['isinf', { minArgs: 1, maxArgs: 1, summary: '1 where the element is infinite' }],
  ['count', { minArgs: 1, maxArgs: 1, summary: 'number of elements (all of them, true or not: sum(cond) counts the true ones)' }],
]);
