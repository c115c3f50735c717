import { createHash } from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { IDEMPOTENCY_KEY_PATTERN } from '#shared/api.ts';
import type { Db, DbKind, Tx } from '../db/client.ts';
import { LOCK_SCOPES, tryLockAllForTransaction, tryLockForTransaction } from '../db/locks.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { isTransientConflict, retryingConflicts } from '../db/transient-conflict.ts';
import type { AppEnv } from './app-env.ts';
import { errorAnswer, HttpError } from './errors.ts';
import type { KeptAnswer, SharedWrites } from './shared-writes.ts';

/**
 * Idempotent writes (ARCHITECTURE.md section 4). A write with an `Idempotency-Key` header runs in
 * one transaction with the record of its answer, `(user, key) → fingerprint, status, body`: the
 * write and its record are stored together or not at all, so a crash between them can neither
 * lose the answer to a write that was made nor let a retry make it twice.
 * - The same key and request again get the stored answer without running; the same key with
 *   another request is refused with 422.
 * - While one attempt runs, it holds a transaction-scoped advisory lock on its key; a repeat that
 *   cannot take it answers 409 with Retry-After. A process that dies mid-write loses its
 *   connection, and PostgreSQL releases the lock with it at once (the pool asks the server to
 *   notice a vanished client within seconds: db/client.ts). The embedded database runs one
 *   transaction at a time, so there no attempt can run beside another and the lock (a statement
 *   on every write) is not taken.
 * - A refusal (4xx) is stored as the answer, with the write's effects rolled back; a server error
 *   (5xx) is not stored, so the client's retry runs again.
 * - Writes of a batch whose refusals write nothing share one transaction (`together`): their
 *   answers are read and kept in one statement each way, the same rules hold, and a server error
 *   undoes them all, to run alone.
 * - A write without a key runs in a transaction of its own all the same, refusals undone, and
 *   every transaction ended by a deadlock or a serialization failure runs again.
 * Keys are kept 24 hours.
 */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** Expired keys are cleared at most this often, not on every write. */
const SWEEP_EVERY_MS = 60 * 1000;

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'Idempotency-Key must be 1 to 200 visible characters',
  reusedKey: 'This Idempotency-Key was already used for a different request',
  inProgress: 'A request with this Idempotency-Key is still being processed',
} as const;

/** Retry-After tells the client this 409 passes: ask again in a second for the stored answer. */
const stillRunning = () =>
  new HttpError(409, IDEMPOTENCY_MESSAGES.inProgress, { headers: { 'Retry-After': '1' } });

/** What tells a request from another under one key: its method, path and body. */
export const fingerprintOf = (method: string, path: string, body: string) =>
  createHash('sha256').update(`${method} ${path}\n${body}`).digest('hex');

/** Thrown inside the transaction to undo what a refused or failed write did. */
class UndoWrite extends Error {}
/** Thrown inside a batch's transaction to undo its writes, which then run alone. */
class RunAlone extends Error {}

export function idempotentWrites(deps: { db: Db; dbKind: DbKind; now: () => Date }) {
  const transactionsTakeTurns = deps.dbKind === 'pglite';
  let sweptAt = 0;
  const sweep = async (db: Db, now: Date) => {
    if (now.getTime() - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = now.getTime();
    await db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)));
  };

  /**
   * Runs a write route's `work` (its handler: the Response, or an HttpError thrown for a
   * refusal) in one transaction, `c.var.db`: with the record of its answer when it carries an
   * Idempotency-Key, in one of its own otherwise, so a refusal leaves nothing written either way.
   * A transaction PostgreSQL ended over a deadlock or a serialization failure runs again
   * (db/transient-conflict.ts): the tablet never sees that 500. `refusalsWriteNothing`: the
   * route answers a refusal before it writes anything (or with a statement that wrote nothing),
   * so a batch may run it beside other such writes in its transaction.
   */
  const run = async (
    c: Context<AppEnv>,
    options: { refusalsWriteNothing: boolean },
    work: () => Promise<Response>,
  ): Promise<Response> => {
    /** The handler's answer, a refusal it threw included; other errors go on up. */
    const answer = async () => {
      try {
        return await work();
      } catch (error) {
        if (error instanceof HttpError) return errorAnswer(c, error);
        throw error;
      }
    };
    /**
     * The answer in a transaction of its own, undone when it is a refusal or a failure: `begin`
     * may answer first (a kept answer), `keep` stores a success with it, `afterRefusal` runs
     * once a refusal is undone.
     */
    const inOwnTransaction = async (
      begin: (tx: Tx) => Promise<Response | null>,
      keep: (tx: Tx, response: Response) => Promise<unknown>,
      afterRefusal: (refusal: Response) => Promise<void>,
    ): Promise<Response> =>
      retryingConflicts(async () => {
        const undone: { refusal?: Response } = {};
        try {
          const given = await deps.db.transaction(async (tx) => {
            const replay = await begin(tx);
            if (replay) return replay;
            c.set('db', tx);
            const response = await answer();
            if (response.status >= 400) {
              undone.refusal = response;
              throw new UndoWrite();
            }
            await keep(tx, response);
            return response;
          });
          return given;
        } catch (error) {
          if (!(error instanceof UndoWrite) || !undone.refusal) throw error;
          c.set('db', deps.db);
          await afterRefusal(undone.refusal);
          return undone.refusal;
        } finally {
          c.set('db', deps.db);
        }
      });

    const key = c.req.header('idempotency-key');
    if (key === undefined) {
      return inOwnTransaction(
        async () => null,
        async () => {},
        async () => {},
      );
    }
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
      throw new HttpError(400, IDEMPOTENCY_MESSAGES.invalidKey);
    }
    const { userId } = c.get('caller');
    const fingerprint = fingerprintOf(c.req.method, c.req.path, await c.req.text());
    const shared = options.refusalsWriteNothing ? c.env?.shared : undefined;
    const startedAt = deps.now();
    // In a batch's transaction: the embedded database would wait for it to end before another.
    await sweep(shared?.tx ?? deps.db, startedAt);
    const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
    const fresh = new Date(startedAt.getTime() - IDEMPOTENCY_TTL_MS);

    /** The answer kept for this key, under its lock; throws while another attempt runs. */
    const keptAnswer = async (tx: Tx) => {
      const taken =
        transactionsTakeTurns ||
        (await tryLockForTransaction(tx, LOCK_SCOPES.idempotencyKey, `${userId} ${key}`));
      if (!taken) throw stillRunning();
      const [stored] = await tx.select().from(idempotencyKeys).where(mine).limit(1);
      // A record without an answer was left by an earlier version of the server, whose write
      // did not keep it in its transaction; under this lock nobody is running it.
      if (stored && stored.responseStatus !== null && stored.createdAt > fresh) return stored;
      if (stored) await tx.delete(idempotencyKeys).where(mine);
      return null;
    };
    const replayOf = (stored: KeptAnswer) => {
      if (stored.fingerprint !== fingerprint) {
        throw new HttpError(422, IDEMPOTENCY_MESSAGES.reusedKey);
      }
      c.header('Idempotent-Replayed', 'true');
      if (stored.responseStatus === 204) return c.body(null, 204);
      c.header('Content-Type', 'application/json; charset=UTF-8');
      return c.body(stored.responseBody ?? '', stored.responseStatus as 200);
    };
    const keptOf = async (response: Response): Promise<KeptAnswer> => ({
      userId,
      key,
      fingerprint,
      createdAt: startedAt,
      responseStatus: response.status,
      responseBody: response.status === 204 ? '' : await response.clone().text(),
    });

    if (shared) {
      const kept = shared.kept.get(key);
      if (kept) return replayOf(kept);
      c.set('db', shared.tx);
      let response: Response;
      try {
        response = await answer();
      } catch (error) {
        // The transaction may be unusable: the batch runs its writes alone.
        shared.failed = true;
        throw error;
      } finally {
        c.set('db', deps.db);
      }
      if (response.status >= 500) shared.failed = true;
      else shared.keep(await keptOf(response));
      return response;
    }

    // The write and the record of its answer in one transaction. A refusal: what the write did
    // is undone with the transaction, and its answer is kept by a second one (a savepoint would
    // cost every write two more statements). A server error is not kept: the retry runs again.
    return inOwnTransaction(
      async (tx) => {
        const stored = await keptAnswer(tx);
        return stored ? replayOf(stored) : null;
      },
      async (tx, response) => tx.insert(idempotencyKeys).values(await keptOf(response)),
      async (refusal) => {
        if (refusal.status >= 500) return;
        const kept = await keptOf(refusal);
        await deps.db
          .transaction(async (tx) => {
            if (!(await keptAnswer(tx))) await tx.insert(idempotencyKeys).values(kept);
          })
          .catch((storing: unknown) => {
            // Another attempt of this key is running or answered meanwhile: it keeps its answer.
            if (!(storing instanceof HttpError)) throw storing;
          });
      },
    );
  };

  /**
   * Runs `work` in one transaction that holds the caller's `keys` and their kept answers, for a
   * batch's writes whose refusals write nothing: a write's own transaction and the statements
   * that read and keep its answer are shared by all (one read, one insert before the commit).
   * Null, with nothing done, when another attempt holds one of the keys or a write failed: the
   * batch then runs them alone, each as it would be sent.
   */
  const together = async <T>(
    userId: string,
    keys: readonly string[],
    work: (shared: SharedWrites) => Promise<T>,
  ): Promise<T | null> => {
    try {
      return await deps.db.transaction(async (tx) => {
        const taken =
          transactionsTakeTurns ||
          (await tryLockAllForTransaction(
            tx,
            LOCK_SCOPES.idempotencyKey,
            keys.map((key) => `${userId} ${key}`),
          ));
        if (!taken) throw new RunAlone();
        const fresh = new Date(deps.now().getTime() - IDEMPOTENCY_TTL_MS);
        const stored = await tx
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, userId), inArray(idempotencyKeys.key, [...keys])));
        const kept = new Map(
          stored
            .filter((row) => row.responseStatus !== null && row.createdAt > fresh)
            .map((row) => [row.key, row]),
        );
        const answers: KeptAnswer[] = [];
        const shared: SharedWrites = {
          tx,
          kept,
          keep: (answer) => {
            answers.push(answer);
            kept.set(answer.key, answer);
          },
          failed: false,
        };
        const result = await work(shared);
        if (shared.failed) throw new RunAlone();
        if (answers.length > 0) {
          // A key kept past its 24 hours, or without an answer, is answered anew.
          await tx
            .insert(idempotencyKeys)
            .values(answers)
            .onConflictDoUpdate({
              target: [idempotencyKeys.userId, idempotencyKeys.key],
              set: {
                fingerprint: sql`excluded.fingerprint`,
                responseStatus: sql`excluded.response_status`,
                responseBody: sql`excluded.response_body`,
                createdAt: sql`excluded.created_at`,
              },
            });
        }
        return result;
      });
    } catch (error) {
      // A deadlock or serialization failure undid them all: alone, each is retried as it runs.
      if (error instanceof RunAlone || isTransientConflict(error)) return null;
      throw error;
    }
  };

  return { run, together };
}
