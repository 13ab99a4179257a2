/** Small order statistics for repeated measurements. */

export function median(values: readonly number[]): number {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export function minimum(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : Math.min(...values);
}

export function maximum(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : Math.max(...values);
}

/** The run whose `key` is the median one (the lower middle for an even count), so its figures belong together. */
export function medianRun<T>(runs: readonly T[], key: (run: T) => number): T | undefined {
  const sorted = [...runs].sort((a, b) => key(a) - key(b));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}
