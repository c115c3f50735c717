import { sql } from 'drizzle-orm';
import { textArray } from './array-params.ts';
import type { Db } from './client.ts';

/**
 * Database-level locks, so that several server instances on one PostgreSQL take turns where a
 * write reads before it writes. Advisory locks are named by two texts (what and whose), hashed to
 * the two integers PostgreSQL keys them by; a hash collision only makes two writers wait for each
 * other, never lets two in at once.
 */
export const LOCK_SCOPES = {
  /** Migrations and the demo seed of a first start. */
  firstStart: 'vintry:first-start',
  /** One user's column preferences of one table. */
  columnPreferences: 'vintry:column-preferences',
  /** Counting and recording one email's sign-in attempts. */
  loginAttempts: 'vintry:login-attempts',
  /** Counting and recording one client address's sign-in attempts. */
  loginClient: 'vintry:login-client',
  /** Finding or creating a business by name. */
  businessName: 'vintry:business-name',
  /** A business's people: roles, disables and invitations (the last-owner rule). */
  team: 'vintry:team',
  /** Giving a business's tablets their till codes, one at a time. */
  tills: 'vintry:tills',
  /** One user's write with one Idempotency-Key, held while it runs (never waited for). */
  idempotencyKey: 'vintry:idempotency-key',
} as const;

type LockScope = (typeof LOCK_SCOPES)[keyof typeof LOCK_SCOPES];

/** Held until the transaction `tx` ends, whether it commits or rolls back. */
export async function lockForTransaction(tx: Db, scope: LockScope, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${scope}), hashtext(${key}))`);
}

/**
 * Like lockForTransaction, but never waits: false when another transaction holds the lock now.
 */
export async function tryLockForTransaction(
  tx: Db,
  scope: LockScope,
  key: string,
): Promise<boolean> {
  const result = await tx.execute(
    sql`select pg_try_advisory_xact_lock(hashtext(${scope}), hashtext(${key})) as taken`,
  );
  // Both drivers (node-postgres and PGlite) answer `{rows}`; the shared type does not say so.
  const [row] = (result as unknown as { rows: { taken: boolean }[] }).rows;
  return row?.taken === true;
}

/** Like tryLockForTransaction for several keys at once: true when it took them all. */
export async function tryLockAllForTransaction(
  tx: Db,
  scope: LockScope,
  keys: readonly string[],
): Promise<boolean> {
  const result = await tx.execute(
    sql`select coalesce(bool_and(pg_try_advisory_xact_lock(hashtext(${scope}), hashtext(key))), true) as taken
      from unnest(${textArray(keys)}::text[]) as key`,
  );
  const [row] = (result as unknown as { rows: { taken: boolean }[] }).rows;
  return row?.taken === true;
}

/** Held by the session (one connection) until `releaseSessionLock` on the same connection. */
export const takeSessionLock = (scope: LockScope, key: string) =>
  sql`select pg_advisory_lock(hashtext(${scope}), hashtext(${key}))`;

export const releaseSessionLock = (scope: LockScope, key: string) =>
  sql`select pg_advisory_unlock(hashtext(${scope}), hashtext(${key}))`;
