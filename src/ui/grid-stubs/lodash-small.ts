/**
 * Stand-ins for four lodash functions the data grid calls on plain numbers and arrays — clamp,
 * range, uniq, flatten — with lodash's answers for those calls, without the shared machinery
 * (type checks, iteratees, SameValueZero caches) each of lodash's modules brings along
 * (vite.config.ts; tests/unit/ui/grid-stubs.test.ts holds them to lodash's own answers).
 */
export function clamp(value: number, lower: number, upper: number): number {
  return Math.min(Math.max(value, lower), upper);
}

/** range(end), range(start, end) or range(start, end, step); counts down when start > end. */
export function range(start: number, end?: number, step?: number): number[] {
  const [from, to] = end === undefined ? [0, start] : [start, end];
  const by = step ?? (from < to ? 1 : -1);
  const length = Math.max(Math.ceil((to - from) / (by || 1)), 0);
  return Array.from({ length: by === 0 ? Math.abs(to - from) : length }, (_, index) =>
    by === 0 ? from : from + index * by,
  );
}

export function uniq<T>(items: readonly T[] | null | undefined): T[] {
  return [...new Set(items ?? [])];
}

export function flatten<T>(items: readonly (T | readonly T[])[] | null | undefined): T[] {
  return (items ?? []).flat() as T[];
}
