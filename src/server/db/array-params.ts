/**
 * Thousands of values as one parameter: a PostgreSQL array literal, cast in the statement. Only
 * for numbers and UUIDs or validated ISO timestamps, which need no escaping.
 */
export const pgArray = (values: readonly (string | number)[]) =>
  `{${values.map((value) => (typeof value === 'number' ? value : `"${value}"`)).join(',')}}`;

/** Any texts (names, JSON) as one array parameter: each quoted and escaped; null as NULL. */
export const textArray = (values: readonly (string | null)[]) =>
  `{${values.map((value) => (value === null ? 'NULL' : `"${value.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
