/**
 * A time in ns as a person reads it (850 ns, 12.3 µs, 4.56 ms): `bir-sim profile` and the timeline view write times
 * alike. Plain code with no imports, which every layer runs.
 */
export function formatNs(ns: number): string {
  if (ns < 0) return `-${formatNs(-ns)}`;
  if (ns < 1000) return `${ns.toFixed(ns < 10 ? 2 : 0)} ns`;
  if (ns < 1e6) return `${(ns / 1000).toFixed(ns < 1e4 ? 2 : 1)} µs`;
  if (ns < 1e9) return `${(ns / 1e6).toFixed(ns < 1e7 ? 2 : 1)} ms`;
  return `${(ns / 1e9).toFixed(2)} s`;
}
