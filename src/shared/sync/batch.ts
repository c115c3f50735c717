import * as v from 'valibot';
import { IDEMPOTENCY_KEY_PATTERN } from '../api.ts';

/**
 * POST /batch: several queued writes in one request, for a replay after an outage. Each write is
 * the request the outbox would have sent on its own (method, path under /api/v1, its
 * Idempotency-Key and body); the server runs them one after another, each as that request with
 * the caller's session, and answers each one's status and body in the same order. A write the
 * server already answered answers the same again, so a batch that is sent twice does no harm.
 */
export const BATCH_PATH = '/batch';

/** Writes in one batch: enough to cut a thousand round trips to ten, small enough to answer fast. */
export const BATCH_LIMIT = 100;

export const BATCH_MESSAGES = {
  invalid: 'A batch holds 1 to 100 writes, each with a method, an API path and an Idempotency-Key',
  notBatchable: 'This path cannot be sent in a batch',
} as const;

/**
 * A write's path under /api/v1, as it is run: segments of letters, digits and `_ . ~ -`, none
 * empty and none `.` or `..`, so that the path judged here is the path the write reaches (a URL
 * resolves `/x/../auth` to `/auth`).
 */
const WRITE_PATH = /^(\/(?!\.{1,2}(?:\/|$))[A-Za-z0-9_.~-]+)+$/;

export const BatchWriteSchema = v.object({
  method: v.picklist(['POST', 'PUT', 'PATCH', 'DELETE']),
  path: v.pipe(v.string(), v.maxLength(500), v.regex(WRITE_PATH)),
  idempotency_key: v.pipe(v.string(), v.regex(IDEMPOTENCY_KEY_PATTERN)),
  body: v.optional(v.unknown()),
});

export const BatchRequestSchema = v.object({
  writes: v.pipe(v.array(BatchWriteSchema), v.minLength(1), v.maxLength(BATCH_LIMIT)),
});

export const BatchAnswerSchema = v.object({
  answers: v.array(
    v.object({
      status: v.pipe(v.number(), v.integer(), v.minValue(100), v.maxValue(599)),
      /** The write's JSON answer; null for 204. */
      body: v.unknown(),
      /** The write's Retry-After, in seconds, when it had one. */
      retry_after: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(86_400))),
    }),
  ),
});

export type BatchWrite = v.InferOutput<typeof BatchWriteSchema>;
export type BatchRequest = v.InferOutput<typeof BatchRequestSchema>;
export type BatchAnswer = v.InferOutput<typeof BatchAnswerSchema>;

/**
 * Paths that are queued writes: not sign-in, uploads, or the batch itself (no batch inside a
 * batch), and only paths as a write names them (no `.` or `..` segments).
 */
export function batchable(path: string): boolean {
  return WRITE_PATH.test(path) && !/^\/(auth|batch|upload)(\/|$)/.test(path);
}
