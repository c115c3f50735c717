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

/**
 * POST /batch {writes: [{method, path, idempotency_key, body?}]} → 200 {answers: [{status, body,
 * retry_after?}]} (#shared/sync/batch.ts). Each write runs through the whole app as the request
 * it stands for, with the caller's Authorization, one after another in the given order: the same
 * checks, idempotency, scoping and change log as when it is sent alone. A write's refusal is its
 * answer, not the batch's; the batch itself answers 401 without a valid session and 400 when it
 * is not a batch.
 */
export type Dispatch = (request: Request) => Promise<Response>;

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
  const response = await dispatch(new Request(`${origin}${API_PREFIX}${write.path}`, init));
  const retryAfter = Number.parseInt(response.headers.get('Retry-After') ?? '', 10);
  return {
    status: response.status,
    body: parseBody(await response.text()),
    ...(Number.isFinite(retryAfter) ? { retry_after: retryAfter } : {}),
  };
}

export function batchRoutes(dispatch: Dispatch) {
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
    const answers: BatchAnswer['answers'] = [];
    for (const write of writes) answers.push(await run(dispatch, origin, authorization, write));
    return c.json({ answers } satisfies BatchAnswer);
  });
  return app;
}
