import { and, count, eq, gt, lt, max, min, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { LOCK_SCOPES, lockForTransaction } from '../db/locks.ts';
import { loginFailures } from '../db/schema.ts';

/**
 * Sign-in rate limits, kept in the database so that several server instances share them. Three
 * rules, each over the last 15 minutes of failed sign-ins:
 * - One email from one client address: after 10 failures, that client waits until the oldest
 *   of them leaves the window (the guesser is stopped; the person on their own device is not).
 * - One client address, whatever the emails: after 50 failures, it waits the same way (one
 *   client cannot guess across many accounts).
 * - One email, from anywhere: from the 10th failure on, each attempt waits 1 s after the latest
 *   failure, doubling with each further failure up to 60 s. Guessing from many addresses slows
 *   to one try a minute, while the account's owner is never locked out for longer than that.
 *
 * An attempt is written down as a failure before its password is checked, after counting those
 * in the window, under locks per email and per client: attempts sent all at once take turns
 * for that moment, so of any number in parallel exactly the limit get their password checked.
 * A right password clears the failures of that email from that client.
 */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Failures of one email from one client before that client waits out the window. */
export const LOGIN_FAILURE_LIMIT = 10;
/** Failures from one client, any emails, before it waits out the window. */
export const CLIENT_FAILURE_LIMIT = 50;
/** Failures of one email from anywhere before each attempt is delayed. */
export const EMAIL_FAILURES_BEFORE_DELAY = 10;
export const MAX_EMAIL_DELAY_SECONDS = 60;

const key = (email: string) => email.trim().toLowerCase();

export type LoginAttempt = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const secondsUntil = (at: number, now: Date) => Math.max(1, Math.ceil((at - now.getTime()) / 1000));

/** How long after the latest failure of an email the next attempt waits, by failures so far. */
export function emailDelaySeconds(failures: number): number {
  if (failures < EMAIL_FAILURES_BEFORE_DELAY) return 0;
  return Math.min(MAX_EMAIL_DELAY_SECONDS, 2 ** (failures - EMAIL_FAILURES_BEFORE_DELAY));
}

export async function beginLoginAttempt(
  db: Db,
  attempt: { email: string; client: string },
  now: Date,
): Promise<LoginAttempt> {
  const email = key(attempt.email);
  const { client } = attempt;
  const windowStart = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
  const recent = gt(loginFailures.failedAt, windowStart);
  const tally = (tx: Db, where: ReturnType<typeof and>) =>
    tx
      .select({
        failures: count(),
        oldest: min(loginFailures.failedAt),
        latest: max(loginFailures.failedAt),
      })
      .from(loginFailures)
      .where(and(where, recent));
  return db.transaction(async (tx) => {
    // Always in this order (email, then client), so two attempts never wait for each other.
    await lockForTransaction(tx, LOCK_SCOPES.loginAttempts, email);
    await lockForTransaction(tx, LOCK_SCOPES.loginClient, client);
    await tx
      .delete(loginFailures)
      .where(
        and(
          or(eq(loginFailures.email, email), eq(loginFailures.client, client)),
          lt(loginFailures.failedAt, windowStart),
        ),
      );
    const [pair] = await tally(
      tx,
      and(eq(loginFailures.email, email), eq(loginFailures.client, client)),
    );
    if (pair?.oldest && pair.failures >= LOGIN_FAILURE_LIMIT) {
      const until = new Date(pair.oldest).getTime() + LOGIN_FAILURE_WINDOW_MS;
      return { allowed: false, retryAfterSeconds: secondsUntil(until, now) };
    }
    const [fromClient] = await tally(tx, eq(loginFailures.client, client));
    if (fromClient?.oldest && fromClient.failures >= CLIENT_FAILURE_LIMIT) {
      const until = new Date(fromClient.oldest).getTime() + LOGIN_FAILURE_WINDOW_MS;
      return { allowed: false, retryAfterSeconds: secondsUntil(until, now) };
    }
    const [ofEmail] = await tally(tx, eq(loginFailures.email, email));
    const delay = emailDelaySeconds(ofEmail?.failures ?? 0);
    if (ofEmail?.latest && delay > 0) {
      const until = new Date(ofEmail.latest).getTime() + delay * 1000;
      if (until > now.getTime())
        return { allowed: false, retryAfterSeconds: secondsUntil(until, now) };
    }
    await tx.insert(loginFailures).values({ email, client, failedAt: now });
    return { allowed: true };
  });
}

/** A right password: this client's failures for the email are forgotten. */
export async function clearLoginFailures(db: Db, attempt: { email: string; client: string }) {
  await db
    .delete(loginFailures)
    .where(
      and(eq(loginFailures.email, key(attempt.email)), eq(loginFailures.client, attempt.client)),
    );
}
