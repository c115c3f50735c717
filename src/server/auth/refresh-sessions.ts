import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { refreshTokens } from '../db/schema.ts';
import { hashToken, newOpaqueToken } from './secrets.ts';

/**
 * Refresh tokens: opaque, stored hashed, rotated on every use. Every token of one sign-in shares a
 * family and the family's absolute expiry (30 days from sign-in). A token that was just rotated
 * stays usable for a short grace window, so two tabs or a page and the service worker refreshing
 * at the same moment both succeed; presenting it after that window is treated as theft and
 * revokes the whole family.
 */
export const REFRESH_TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
export const ROTATION_GRACE_MS = 30 * 1000;

async function issue(db: Db, userId: string, familyId: string, expiresAt: Date, now: Date) {
  const token = newOpaqueToken();
  await db
    .insert(refreshTokens)
    .values({ userId, familyId, tokenHash: hashToken(token), expiresAt, createdAt: now });
  return token;
}

/** A new sign-in: its family id (the access tokens' `sid`) and its first refresh token. */
export async function startRefreshFamily(
  db: Db,
  userId: string,
  now: Date,
): Promise<{ familyId: string; refreshToken: string }> {
  const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_LIFETIME_MS);
  const familyId = crypto.randomUUID();
  return { familyId, refreshToken: await issue(db, userId, familyId, expiresAt, now) };
}

async function revokeFamily(db: Db, familyId: string, now: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllRefreshTokens(db: Db, userId: string, now: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

async function findByToken(db: Db, token: string) {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)))
    .limit(1);
  return row;
}

/** Revokes the family the token belongs to (sign out). Unknown tokens are ignored. */
export async function revokeFamilyOfToken(db: Db, token: string, now: Date) {
  const row = await findByToken(db, token);
  if (row) await revokeFamily(db, row.familyId, now);
}

/**
 * Exchanges a refresh token for a new one of the same family. Returns null when the token is
 * unknown, expired, revoked, or reused after the grace window (which also revokes its family).
 */
/** Whose refresh token this is (revoked or not), to say why a refresh is refused. */
export async function ownerOfRefreshToken(db: Db, token: string): Promise<string | undefined> {
  return (await findByToken(db, token))?.userId;
}

export async function rotateRefreshToken(
  db: Db,
  token: string,
  now: Date,
): Promise<{ userId: string; familyId: string; refreshToken: string } | null> {
  const row = await findByToken(db, token);
  if (!row || row.revokedAt || row.expiresAt.getTime() <= now.getTime()) return null;

  let rotatedAt = row.rotatedAt;
  if (!rotatedAt) {
    // Only one request can mark the token rotated; a concurrent one falls into the grace branch.
    const marked = await db
      .update(refreshTokens)
      .set({ rotatedAt: now })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotatedAt)))
      .returning({ id: refreshTokens.id });
    rotatedAt = marked.length === 1 ? null : ((await findByToken(db, token))?.rotatedAt ?? now);
  }
  if (rotatedAt && now.getTime() - rotatedAt.getTime() > ROTATION_GRACE_MS) {
    await revokeFamily(db, row.familyId, now);
    return null;
  }
  const refreshToken = await issue(db, row.userId, row.familyId, row.expiresAt, now);
  return { userId: row.userId, familyId: row.familyId, refreshToken };
}
