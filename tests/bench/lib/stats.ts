/** Small statistics for benchmark figures. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export const median = (values: readonly number[]) => percentile(values, 50);

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** 'median 12.3 ms, p95 45.6 ms'. */
export const spread = (times: readonly number[]) =>
  `median ${ms(median(times))}, p95 ${ms(percentile(times, 95))}`;

/** 'median 812.0 ms (801, 812, 1017)': every run, for a handful of them. */
export const runs = (times: readonly number[]) =>
  `median ${ms(median(times))} (${times.map((time) => time.toFixed(0)).join(', ')})`;

/** Bytes as megabytes: '64.5 MB'. */
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
