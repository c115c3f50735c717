import type { Tx } from '../db/client.ts';
import type { idempotencyKeys } from '../db/schema.ts';

/** A write's answer as the idempotency store keeps it (http/idempotency.ts). */
export type KeptAnswer = typeof idempotencyKeys.$inferSelect;

/**
 * What the writes a batch runs in one transaction share (routes/batch.ts): the transaction, the
 * answers kept for their keys (read in one statement; each answer given joins them, so a key
 * sent twice runs once) and whether one of them failed.
 */
export interface SharedWrites {
  tx: Tx;
  kept: ReadonlyMap<string, KeptAnswer>;
  keep(answer: KeptAnswer): void;
  /** A write answered a server error: the transaction is undone and the writes run alone. */
  failed: boolean;
}
