import { and, eq, sql } from 'drizzle-orm';
import type { AuthUser, Role } from '#shared/auth/schemas.ts';
import type { Db } from '../db/client.ts';
import { LOCK_SCOPES, lockForTransaction } from '../db/locks.ts';
import { businesses, users } from '../db/schema.ts';
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
    .select({ ...authUserColumns, passwordHash: users.passwordHash })
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

/** Any user by id: only for issuing tokens to a user the server has already authenticated. */
export async function findAuthUserById(db: Db, userId: string): Promise<AuthUser | undefined> {
  const [row] = await db
    .select(authUserColumns)
    .from(users)
    .innerJoin(businesses, eq(businesses.id, users.businessId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
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

/** Finds the business by name or creates it, then creates the user in it. */
export async function createUser(
  db: Db,
  input: { email: string; password: string; name: string; role: Role; businessName: string },
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
    const [user] = await tx
      .insert(users)
      .values({
        businessId: business.id,
        email: input.email,
        name: input.name,
        role: input.role,
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
