import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginFailures } from '../db/schema.ts';

/**
 * Sign-in rate limit per email: after 10 failures within 15 minutes, further attempts are refused
 * with 429 until the oldest of those failures leaves the window. Kept in the database so that
 * several server instances share it.
 */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

const key = (email: string) => email.trim().toLowerCase();

/** Seconds to wait before the next attempt is allowed, or 0 when it is allowed now. */
export async function loginRetryAfterSeconds(db: Db, email: string, now: Date): Promise<number> {
  const windowStart = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
  const [row] = await db
    .select({ failures: count(), oldest: min(loginFailures.failedAt) })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, key(email)), gt(loginFailures.failedAt, windowStart)));
  if (!row || row.failures < LOGIN_FAILURE_LIMIT || !row.oldest) return 0;
  const oldest = new Date(row.oldest);
  const wait = oldest.getTime() + LOGIN_FAILURE_WINDOW_MS - now.getTime();
  return Math.max(1, Math.ceil(wait / 1000));
}

export async function recordLoginFailure(db: Db, email: string, now: Date) {
  const windowStart = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.email, key(email)), lt(loginFailures.failedAt, windowStart)));
  await db.insert(loginFailures).values({ email: key(email), failedAt: now });
}

export async function clearLoginFailures(db: Db, email: string) {
  await db.delete(loginFailures).where(eq(loginFailures.email, key(email)));
}
