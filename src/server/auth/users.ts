import { and, eq, exists, gt, isNull, sql } from 'drizzle-orm';
import type { AuthUser, Role } from '#shared/auth/schemas.ts';
import type { Db } from '../db/client.ts';
import { LOCK_SCOPES, lockForTransaction } from '../db/locks.ts';
import { businesses, refreshTokens, users } from '../db/schema.ts';
import { hashPassword } from './passwords.ts';

/** Queries on users. Emails match case-insensitively, as the unique index on lower(email) does. */

const emailMatches = (email: string) => sql`lower(${users.email}) = lower(${email})`;

const authUserColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  businessId: users.businessId,
  businessName: businesses.name,
};

export async function findUserForLogin(db: Db, email: string) {
  const [row] = await db
    .select({ ...authUserColumns, passwordHash: users.passwordHash, disabledAt: users.disabledAt })
    .from(users)
    .innerJoin(businesses, eq(businesses.id, users.businessId))
    .where(emailMatches(email))
    .limit(1);
  return row;
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(emailMatches(email)).limit(1);
  return row?.id;
}

/** The caller's own user, within the caller's business only. */
export async function findAuthUser(
  db: Db,
  userId: string,
  businessId: string,
): Promise<AuthUser | undefined> {
  const [row] = await db
    .select(authUserColumns)
    .from(users)
    .innerJoin(businesses, eq(businesses.id, users.businessId))
    .where(and(eq(users.id, userId), eq(users.businessId, businessId)))
    .limit(1);
  return row;
}

/**
 * Who a verified token's user is now: their business and role as stored, or undefined when they
 * are gone or disabled, or when the sign-in the token belongs to has ended (signed out, or every
 * sign-in ended by a password reset). Read on every call, so a role change, a disable or a
 * sign-out takes effect at once.
 */
export async function findActiveCaller(db: Db, userId: string, sessionId: string, now: Date) {
  const [row] = await db
    .select({ userId: users.id, businessId: users.businessId, role: users.role })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        isNull(users.disabledAt),
        exists(
          db
            .select({ one: sql`1` })
            .from(refreshTokens)
            .where(
              and(
                eq(refreshTokens.familyId, sessionId),
                eq(refreshTokens.userId, userId),
                isNull(refreshTokens.revokedAt),
                gt(refreshTokens.expiresAt, now),
              ),
            ),
        ),
      ),
    )
    .limit(1);
  return row;
}

/**
 * An active user by id: only for issuing tokens to a user the server has already authenticated
 * (a refresh); a disabled one gets none.
 */
export async function findActiveAuthUserById(
  db: Db,
  userId: string,
): Promise<AuthUser | undefined> {
  const [row] = await db
    .select(authUserColumns)
    .from(users)
    .innerJoin(businesses, eq(businesses.id, users.businessId))
    .where(and(eq(users.id, userId), isNull(users.disabledAt)))
    .limit(1);
  return row;
}

export async function isDisabled(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return Boolean(row?.disabledAt);
}

export async function noteSignIn(db: Db, userId: string, now: Date) {
  await db.update(users).set({ lastSignInAt: now }).where(eq(users.id, userId));
}

export async function listUsers(db: Db) {
  return db
    .select(authUserColumns)
    .from(users)
    .innerJoin(businesses, eq(businesses.id, users.businessId))
    .orderBy(businesses.name, users.email);
}

export async function findBusinessId(db: Db, name: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.name, name))
    .limit(1);
  return row?.id;
}

export const FIRST_OWNER_MESSAGE =
  'A new business starts with its owner: use --role owner, or leave --role out';

/**
 * Finds the business by name or creates it, then creates the user in it. A new business's first
 * person is its owner (a business always has one); without a role, others join as staff.
 */
export async function createUser(
  db: Db,
  input: { email: string; password: string; name: string; role?: Role; businessName: string },
): Promise<AuthUser> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    // Two people added to a new business at once must land in one business, not two.
    await lockForTransaction(tx, LOCK_SCOPES.businessName, input.businessName);
    const [existing] = await tx
      .select({ id: businesses.id, name: businesses.name })
      .from(businesses)
      .where(eq(businesses.name, input.businessName))
      .limit(1);
    const business =
      existing ??
      (
        await tx
          .insert(businesses)
          .values({ name: input.businessName })
          .returning({ id: businesses.id, name: businesses.name })
      )[0];
    if (!business) throw new Error('Could not create the business');
    if (!existing && input.role !== undefined && input.role !== 'owner') {
      throw new Error(FIRST_OWNER_MESSAGE);
    }
    const [user] = await tx
      .insert(users)
      .values({
        businessId: business.id,
        email: input.email,
        name: input.name,
        role: input.role ?? (existing ? 'staff' : 'owner'),
        passwordHash,
      })
      .returning({ id: users.id, email: users.email, name: users.name, role: users.role });
    if (!user) throw new Error('Could not create the user');
    return { ...user, businessId: business.id, businessName: business.name };
  });
}

export async function setPassword(db: Db, userId: string, password: string, now: Date) {
  const passwordHash = await hashPassword(password);
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}
