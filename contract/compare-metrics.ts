/**
 * The metrics a tensor is compared with a reference by, each once with the names the tensor view shows: the request's
 * schema, the view's menu, its legend and its hover all take them from here.
 */
export const COMPARE_METRICS = {
  abs: { option: '|a − b|', legend: '|a − b|', short: '|a − b|' },
  rel: { option: 'relative', legend: 'relative error', short: 'rel' },
  ulp: { option: 'ulps', legend: 'ulps', short: 'ulps' },
} as const;

export type CompareMetric = keyof typeof COMPARE_METRICS;

export const COMPARE_METRIC_NAMES = Object.keys(COMPARE_METRICS) as [CompareMetric, ...CompareMetric[]];

export function isCompareMetric(x: unknown): x is CompareMetric {
  return typeof x === 'string' && Object.hasOwn(COMPARE_METRICS, x);
}
