/**
 * Stands in for lodash's groupBy, which the data grid calls with an array and a function (lines
 * by colour): the same answer — arrays by the function's value, as keys — without the general
 * iteratee machinery lodash carries for paths and matchers (vite.config.ts).
 */
export default function groupBy<T>(
  items: readonly T[] | null | undefined,
  keyOf: (item: T) => PropertyKey,
): Record<string, T[]> {
  const groups: Record<string, T[]> = {};
  for (const item of items ?? []) {
    const key = String(keyOf(item));
    if (!Object.hasOwn(groups, key)) groups[key] = [];
    groups[key]?.push(item);
  }
  return groups;
}
