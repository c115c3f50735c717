import type { Caller } from '../auth/access-tokens.ts';
import type { Db } from '../db/client.ts';
import type { SharedWrites } from './shared-writes.ts';

/**
 * Hono context variables: the authenticated caller, set by the guard (auth/guard.ts), and the
 * database a route writes with (http/idempotency.ts: the write's own transaction when it carries
 * an Idempotency-Key). Bindings: `insideBatch` marks a write run by POST /batch, which may not
 * be a batch itself; `shared`, the transaction it runs in beside the batch's other writes.
 */
export interface AppEnv {
  Variables: { caller: Caller; db: Db };
  Bindings: { insideBatch?: boolean; shared?: SharedWrites };
}
