import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { passwordResetTokens } from '../db/schema.ts';
import { hashToken, newOpaqueToken } from './secrets.ts';

/** Password-reset tokens: 256 random bits, stored hashed, valid for one hour, usable once. */
export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

export async function createResetToken(db: Db, userId: string, now: Date): Promise<string> {
  const token = newOpaqueToken();
  await db.insert(passwordResetTokens).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + RESET_TOKEN_LIFETIME_MS),
    createdAt: now,
  });
  return token;
}

/**
 * Marks the token used and returns its user, or null when it is unknown, used or expired. The
 * conditional update makes two simultaneous uses of one token succeed at most once. Every other
 * outstanding token of the user is spent too: one reset ends them all.
 */
export async function consumeResetToken(db: Db, token: string, now: Date): Promise<string | null> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  if (!row) return null;
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt)));
  return row.userId;
}
