/**
 * Whether a database error is a unique constraint refusing a row (SQLSTATE 23505), on
 * node-postgres or PGlite, whether Drizzle wrapped it or not. Where two writers can insert the
 * same key at once, the constraint decides and the route answers 409 instead of 500.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint: name } = current as Error & { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || name === constraint;
  }
  return false;
}
