import { Hono } from 'hono';
import * as v from 'valibot';
import { API_PREFIX } from '#shared/api.ts';
import {
  BATCH_MESSAGES,
  type BatchAnswer,
  BatchRequestSchema,
  type BatchWrite,
  batchable,
} from '#shared/sync/batch.ts';
import type { AppEnv } from '../http/app-env.ts';
import { HttpError } from '../http/errors.ts';
import { readJsonBody } from '../http/read-json.ts';
import type { SharedWrites } from '../http/shared-writes.ts';
import type { WritesTogether } from '../http/write-routes.ts';

/**
 * POST /batch {writes: [{method, path, idempotency_key, body?}]} → 200 {answers: [{status, body,
 * retry_after?}]} (#shared/sync/batch.ts). Each write runs through the whole app as the request
 * it stands for, with the caller's Authorization, one after another in the given order: the same
 * checks, idempotency, scoping and change log as when it is sent alone. A write's refusal is its
 * answer, not the batch's; the batch itself answers 401 without a valid session and 400 when it
 * is not a batch.
 *
 * Writes in a row whose refusals write nothing (a replay's sales) run in one transaction, which
 * also reads and keeps their answers: one commit and two statements fewer for each. Their answers
 * are the same as alone; if one of them fails, the transaction is undone and each runs alone.
 */
export type Dispatch = (request: Request, shared?: SharedWrites) => Promise<Response>;

const parseBody = (text: string): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

async function run(
  dispatch: Dispatch,
  origin: string,
  authorization: string,
  write: BatchWrite,
  shared?: SharedWrites,
): Promise<BatchAnswer['answers'][number]> {
  const headers: Record<string, string> = {
    authorization,
    'idempotency-key': write.idempotency_key,
  };
  const init: RequestInit = { method: write.method, headers };
  if (write.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(write.body);
  }
  const response = await dispatch(new Request(`${origin}${API_PREFIX}${write.path}`, init), shared);
  const retryAfter = Number.parseInt(response.headers.get('Retry-After') ?? '', 10);
  return {
    status: response.status,
    body: parseBody(await response.text()),
    ...(Number.isFinite(retryAfter) ? { retry_after: retryAfter } : {}),
  };
}

export function batchRoutes(dispatch: Dispatch, together: WritesTogether) {
  const app = new Hono<AppEnv>();

  app.post('/', async (c) => {
    // A write of a batch is never a batch: its path is judged below, and this is the backstop.
    if (c.env?.insideBatch) throw new HttpError(400, BATCH_MESSAGES.notBatchable);
    const parsed = v.safeParse(BatchRequestSchema, await readJsonBody(c));
    if (!parsed.success) throw new HttpError(400, BATCH_MESSAGES.invalid);
    const { writes } = parsed.output;
    if (!writes.every((write) => batchable(write.path))) {
      throw new HttpError(400, BATCH_MESSAGES.notBatchable);
    }
    const authorization = c.req.header('authorization') ?? '';
    const origin = new URL(c.req.url).origin;
    const caller = c.get('caller');
    const alone = (write: BatchWrite, shared?: SharedWrites) =>
      run(dispatch, origin, authorization, write, shared);
    const shares = (write: BatchWrite) => together.shares(write.method, write.path);
    /** A group's writes in its transaction: in order, those in a row one route takes at once. */
    const runShared = async (group: readonly BatchWrite[], shared: SharedWrites) => {
      const given: BatchAnswer['answers'] = [];
      for (let start = 0; start < group.length && !shared.failed; ) {
        const row = group.slice(start, start + together.manyInARow(group, start));
        const answered = row.length > 1 ? await together.many(shared, caller, row) : [];
        for (const [index, write] of row.entries()) {
          if (shared.failed) break;
          given.push(answered[index] ?? (await alone(write, shared)));
        }
        start += row.length;
      }
      return given;
    };
    const answers: BatchAnswer['answers'] = [];
    for (let start = 0; start < writes.length; ) {
      let end = start + 1;
      if (shares(writes[start] as BatchWrite)) {
        while (end < writes.length && shares(writes[end] as BatchWrite)) end += 1;
      }
      const group = writes.slice(start, end);
      const shared =
        group.length > 1
          ? await together.run(
              caller.userId,
              group.map((write) => write.idempotency_key),
              (shared) => runShared(group, shared),
            )
          : null;
      for (const [index, write] of group.entries()) {
        answers.push(shared?.[index] ?? (await alone(write)));
      }
      start = end;
    }
    return c.json({ answers } satisfies BatchAnswer);
  });
  return app;
}
