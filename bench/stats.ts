// The statistics the benches print (search.bench.ts, compare.ts, web.ts, admin-data.bench.ts).

/** The value at quantile `q` (0–1) of values sorted in ascending order; NaN when there are none. */
export const percentile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

/** The middle value (the mean of the two middle ones for an even count). */
export const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
