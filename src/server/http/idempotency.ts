import { createHash } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { IDEMPOTENCY_KEY_PATTERN } from '#shared/api.ts';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import type { AppEnv } from './app-env.ts';
import { HttpError } from './errors.ts';

/**
 * Idempotent writes (ARCHITECTURE.md section 4). A write with an `Idempotency-Key` header is
 * recorded per user with a fingerprint of the request. The same key and the same request again
 * get the stored answer, without running twice; the same key with another request is refused
 * with 422; a repeat while the first is still running gets 409. Keys are kept 24 hours. A
 * server error is not kept, so the client's retry runs again.
 */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A first attempt running longer than this has died with its process: a retry may take over. */
const ABANDONED_AFTER_MS = 2 * 60 * 1000;

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'Idempotency-Key must be 1 to 200 visible characters',
  reusedKey: 'This Idempotency-Key was already used for a different request',
  inProgress: 'A request with this Idempotency-Key is still being processed',
} as const;

/** Retry-After tells the client this 409 passes: ask again in a second for the stored answer. */
const stillRunning = () =>
  new HttpError(409, IDEMPOTENCY_MESSAGES.inProgress, { headers: { 'Retry-After': '1' } });

export function idempotent(db: Db, now: () => Date) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (key === undefined) return next();
    if (!IDEMPOTENCY_KEY_PATTERN.test(key))
      throw new HttpError(400, IDEMPOTENCY_MESSAGES.invalidKey);
    const { userId } = c.get('caller');
    const body = await c.req.text();
    const fingerprint = createHash('sha256')
      .update(`${c.req.method} ${c.req.path}\n${body}`)
      .digest('hex');
    const startedAt = now();

    await db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, new Date(startedAt.getTime() - IDEMPOTENCY_TTL_MS)));

    const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ userId, key, fingerprint, createdAt: startedAt })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });

    if (claimed.length === 0) {
      const [existing] = await db.select().from(idempotencyKeys).where(mine).limit(1);
      if (!existing) throw stillRunning();
      if (existing.fingerprint !== fingerprint) {
        throw new HttpError(422, IDEMPOTENCY_MESSAGES.reusedKey);
      }
      if (existing.responseStatus !== null) {
        c.header('Idempotent-Replayed', 'true');
        if (existing.responseStatus === 204) return c.body(null, 204);
        c.header('Content-Type', 'application/json; charset=UTF-8');
        return c.body(existing.responseBody ?? '', existing.responseStatus as 200);
      }
      const abandoned = startedAt.getTime() - existing.createdAt.getTime() > ABANDONED_AFTER_MS;
      if (!abandoned) throw stillRunning();
      // Two retries taking over at once: the one whose update still sees the old start wins.
      const taken = await db
        .update(idempotencyKeys)
        .set({ createdAt: startedAt })
        .where(
          and(
            mine,
            eq(idempotencyKeys.createdAt, existing.createdAt),
            isNull(idempotencyKeys.responseStatus),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (taken.length === 0) throw stillRunning();
    }

    try {
      await next();
    } catch (error) {
      await db.delete(idempotencyKeys).where(mine);
      throw error;
    }
    const status = c.res.status;
    if (status >= 500) {
      await db.delete(idempotencyKeys).where(mine);
      return;
    }
    const responseBody = status === 204 ? '' : await c.res.clone().text();
    await db.update(idempotencyKeys).set({ responseStatus: status, responseBody }).where(mine);
  });
}
