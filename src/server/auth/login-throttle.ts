import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { LOCK_SCOPES, lockForTransaction } from '../db/locks.ts';
import { loginFailures } from '../db/schema.ts';

/**
 * Sign-in rate limit per email: after 10 failures within 15 minutes, further attempts are refused
 * with 429 until the oldest of those failures leaves the window. Kept in the database so that
 * several server instances share it.
 *
 * An attempt is written down as a failure before its password is checked, after counting those
 * in the window, both under a lock per email: attempts sent all at once take turns for that
 * moment, so of any number in parallel exactly the limit get their password checked. A right
 * password then clears them all.
 */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

const key = (email: string) => email.trim().toLowerCase();

export type LoginAttempt = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export async function beginLoginAttempt(db: Db, email: string, now: Date): Promise<LoginAttempt> {
  const windowStart = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
  const ofEmail = eq(loginFailures.email, key(email));
  return db.transaction(async (tx) => {
    await lockForTransaction(tx, LOCK_SCOPES.loginAttempts, key(email));
    await tx.delete(loginFailures).where(and(ofEmail, lt(loginFailures.failedAt, windowStart)));
    const [row] = await tx
      .select({ failures: count(), oldest: min(loginFailures.failedAt) })
      .from(loginFailures)
      .where(and(ofEmail, gt(loginFailures.failedAt, windowStart)));
    if (row && row.failures >= LOGIN_FAILURE_LIMIT && row.oldest) {
      const wait = new Date(row.oldest).getTime() + LOGIN_FAILURE_WINDOW_MS - now.getTime();
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) };
    }
    await tx.insert(loginFailures).values({ email: key(email), failedAt: now });
    return { allowed: true };
  });
}

export async function clearLoginFailures(db: Db, email: string) {
  await db.delete(loginFailures).where(eq(loginFailures.email, key(email)));
}
