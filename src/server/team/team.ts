import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import {
  INVITATION_LIFETIME_MS,
  type Invitation,
  type InvitationPreview,
  type InviteRequest,
  type Person,
  type PersonPatch,
  TEAM_MESSAGES,
  type Team,
} from '#domains/team/team.ts';
import { assignableRoles } from '#shared/auth/permissions.ts';
import type { AuthUser, Role } from '#shared/auth/schemas.ts';
import type { Caller } from '../auth/access-tokens.ts';
import { hashPassword } from '../auth/passwords.ts';
import { revokeAllRefreshTokens } from '../auth/refresh-sessions.ts';
import { hashToken, newOpaqueToken } from '../auth/secrets.ts';
import type { Db } from '../db/client.ts';
import { LOCK_SCOPES, lockForTransaction } from '../db/locks.ts';
import { businesses, invitations, users } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';

/**
 * Team & Permissions on the server: the business's people and pending invitations, invitations
 * (single-use links, only their hash kept, 7 days), role changes and disables. Every change
 * takes the business's team lock, so that two owners demoting each other at once cannot leave
 * the business without one.
 */

const emailMatches = (column: typeof users.email | typeof invitations.email, email: string) =>
  sql`lower(${column}) = lower(${email})`;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const personColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  disabledAt: users.disabledAt,
  lastSignInAt: users.lastSignInAt,
};

const toPerson = (row: {
  id: string;
  name: string;
  email: string;
  role: Role;
  disabledAt: Date | null;
  lastSignInAt: Date | null;
}): Person => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  status: row.disabledAt ? 'disabled' : 'active',
  last_sign_in_at: iso(row.lastSignInAt),
});

export async function listTeam(db: Db, businessId: string, now: Date): Promise<Team> {
  const people = await db
    .select(personColumns)
    .from(users)
    .where(eq(users.businessId, businessId))
    .orderBy(asc(users.name), asc(users.email));
  const pending = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.businessId, businessId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    )
    .orderBy(asc(invitations.sentAt));
  return {
    people: people.map(toPerson),
    invitations: pending.map(toInvitation(now)),
  };
}

const toInvitation =
  (now: Date) =>
  (row: typeof invitations.$inferSelect): Invitation => ({
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    status: row.expiresAt > now ? 'invited' : 'expired',
    sent_at: row.sentAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  });

const forbidden = (message: string) => new HttpError(403, message);

function mayGive(caller: Caller, role: Role) {
  if (!assignableRoles(caller.role).includes(role)) throw forbidden(TEAM_MESSAGES.ownersOnly);
}

/** A new invitation, replacing any still pending for the same email; answers it and its token. */
export async function invite(db: Db, caller: Caller, input: InviteRequest, now: Date) {
  mayGive(caller, input.role);
  return db.transaction(async (tx) => {
    await lockForTransaction(tx, LOCK_SCOPES.team, caller.businessId);
    const [member] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.businessId, caller.businessId), emailMatches(users.email, input.email)))
      .limit(1);
    if (member) throw new HttpError(409, TEAM_MESSAGES.alreadyOnTeam);
    await tx
      .update(invitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(invitations.businessId, caller.businessId),
          emailMatches(invitations.email, input.email),
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
        ),
      );
    const token = newOpaqueToken();
    const [row] = await tx
      .insert(invitations)
      .values({
        businessId: caller.businessId,
        email: input.email,
        name: input.name,
        role: input.role,
        tokenHash: hashToken(token),
        invitedBy: caller.userId,
        sentAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('Could not create the invitation');
    return { invitation: toInvitation(now)(row), token };
  });
}

async function pendingInvitation(tx: Db, caller: Caller, id: string) {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.id, id),
        eq(invitations.businessId, caller.businessId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    )
    .limit(1);
  if (!row) throw new HttpError(404, TEAM_MESSAGES.invitationGone);
  mayGive(caller, row.role);
  return row;
}

/** A fresh link (the old one stops working) and 7 more days. */
export async function resendInvitation(db: Db, caller: Caller, id: string, now: Date) {
  return db.transaction(async (tx) => {
    await lockForTransaction(tx, LOCK_SCOPES.team, caller.businessId);
    await pendingInvitation(tx, caller, id);
    const token = newOpaqueToken();
    const [row] = await tx
      .update(invitations)
      .set({
        tokenHash: hashToken(token),
        sentAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
      })
      .where(eq(invitations.id, id))
      .returning();
    if (!row) throw new HttpError(404, TEAM_MESSAGES.invitationGone);
    return { invitation: toInvitation(now)(row), token };
  });
}

export async function revokeInvitation(db: Db, caller: Caller, id: string, now: Date) {
  await db.transaction(async (tx) => {
    await lockForTransaction(tx, LOCK_SCOPES.team, caller.businessId);
    await pendingInvitation(tx, caller, id);
    await tx.update(invitations).set({ revokedAt: now }).where(eq(invitations.id, id));
  });
}

/**
 * A person's role, or whether they may sign in. Owners are changed by owners only; nobody
 * changes themselves; the last active owner stays one. Disabling revokes their sessions at once.
 */
export async function changePerson(
  db: Db,
  caller: Caller,
  id: string,
  patch: PersonPatch,
  now: Date,
): Promise<Person> {
  if (id === caller.userId) throw new HttpError(409, TEAM_MESSAGES.notYourself);
  return db.transaction(async (tx) => {
    await lockForTransaction(tx, LOCK_SCOPES.team, caller.businessId);
    const [person] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.businessId, caller.businessId)))
      .limit(1);
    if (!person) throw new HttpError(404, TEAM_MESSAGES.notOnTeam);
    mayGive(caller, person.role);
    if (patch.role) mayGive(caller, patch.role);

    const role = patch.role ?? person.role;
    const disabledAt =
      patch.disabled === undefined
        ? person.disabledAt
        : patch.disabled
          ? (person.disabledAt ?? now)
          : null;
    const stopsBeingOwner =
      person.role === 'owner' && !person.disabledAt && (role !== 'owner' || disabledAt);
    if (stopsBeingOwner) {
      const [other] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.businessId, caller.businessId),
            eq(users.role, 'owner'),
            isNull(users.disabledAt),
            ne(users.id, id),
          ),
        )
        .limit(1);
      if (!other) throw new HttpError(409, TEAM_MESSAGES.lastOwner);
    }
    const [row] = await tx
      .update(users)
      .set({ role, disabledAt, updatedAt: now })
      .where(eq(users.id, id))
      .returning(personColumns);
    if (!row) throw new HttpError(404, TEAM_MESSAGES.notOnTeam);
    if (disabledAt && !person.disabledAt) await revokeAllRefreshTokens(tx, id, now);
    return toPerson(row);
  });
}

const openInvitation = (token: string, now: Date) =>
  and(
    eq(invitations.tokenHash, hashToken(token)),
    isNull(invitations.acceptedAt),
    isNull(invitations.revokedAt),
    gt(invitations.expiresAt, now),
  );

/** Who an invitation link is for, or null for any link that does not work (never saying why). */
export async function previewInvitation(
  db: Db,
  token: string,
  now: Date,
): Promise<InvitationPreview | null> {
  const [row] = await db
    .select({
      name: invitations.name,
      email: invitations.email,
      role: invitations.role,
      business_name: businesses.name,
    })
    .from(invitations)
    .innerJoin(businesses, eq(businesses.id, invitations.businessId))
    .where(openInvitation(token, now))
    .limit(1);
  return row ?? null;
}

/**
 * Accepts an invitation once: makes the person's account with the password they chose and
 * answers them, signed-in-ready. Null for a link that does not work.
 */
export async function acceptInvitation(
  db: Db,
  token: string,
  password: string,
  now: Date,
): Promise<AuthUser | null> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    // Spent first: of two uses at once, one finds it spent.
    const [spent] = await tx
      .update(invitations)
      .set({ acceptedAt: now })
      .where(openInvitation(token, now))
      .returning();
    if (!spent) return null;
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(emailMatches(users.email, spent.email))
      .limit(1);
    if (taken) throw new HttpError(409, TEAM_MESSAGES.emailTaken);
    const [user] = await tx
      .insert(users)
      .values({
        businessId: spent.businessId,
        email: spent.email,
        name: spent.name,
        role: spent.role,
        passwordHash,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: users.id, email: users.email, name: users.name, role: users.role });
    const [business] = await tx
      .select({ name: businesses.name })
      .from(businesses)
      .where(eq(businesses.id, spent.businessId));
    if (!user || !business) throw new Error('Could not create the account');
    return { ...user, businessId: spent.businessId, businessName: business.name };
  });
}
