import { db } from '../db.ts';
import { coalesce } from './coalesce.ts';
import { OUTBOX_SCHEMA_VERSION, type OutboxEntry, type OutboxOp } from './outbox-entry.ts';
import { applyRefusal } from './outcomes.ts';

/**
 * The outbox in Dexie. `queueWrite` must run inside the repository's transaction, so the local
 * change and its entry are stored together or not at all.
 */
export interface NewWrite {
  resource: string;
  op: OutboxOp;
  method: OutboxEntry['method'];
  path: string;
  body: unknown;
  revert: unknown;
  recordId?: number | string;
}

export function newEntry(write: NewWrite): OutboxEntry {
  return {
    id: crypto.randomUUID(),
    resource: write.resource,
    op: write.op,
    method: write.method,
    path: write.path,
    body: write.body,
    idempotencyKey: crypto.randomUUID(),
    createdAt: Date.now(),
    attempts: 0,
    state: 'pending',
    lastError: null,
    lastStatus: null,
    nextAttemptAt: 0,
    schemaVersion: OUTBOX_SCHEMA_VERSION,
    revert: write.revert,
    ...(write.recordId !== undefined ? { recordId: write.recordId } : {}),
  };
}

/** Queues a write (coalesced with what waits for the same resource). Answers the stored entry. */
export async function queueWrite(write: NewWrite): Promise<OutboxEntry | null> {
  const waiting = await db.outbox.where('resource').equals(write.resource).sortBy('seq');
  const { remove, add } = coalesce(waiting, newEntry(write));
  if (remove.length > 0) await db.outbox.where('id').anyOf(remove).delete();
  if (!add) return null;
  if (add.seq !== undefined) {
    await db.outbox.put(add);
    return add;
  }
  const seq = await db.outbox.add(add);
  return { ...add, seq };
}

export function pendingEntries(resource: string) {
  return db.outbox.where('resource').equals(resource).sortBy('seq');
}

/** Entries not yet acknowledged, in the order they were made. */
export function allEntries() {
  return db.outbox.orderBy('seq').toArray();
}

/**
 * Discard: the user gives up on a change. One still waiting is undone here first (one the
 * server refused was undone already). Writes that depended on a discarded create go with it.
 */
export async function discardEntry(id: string) {
  const entry = await db.outbox.where('id').equals(id).first();
  if (!entry) return;
  if (entry.state !== 'needs-attention') await applyRefusal(entry);
  await db.transaction('rw', db.outbox, async () => {
    await db.outbox.where('id').equals(id).delete();
    if (entry.op === 'custom-field.create' && entry.recordId !== undefined) {
      await db.outbox.filter((other) => other.recordId === entry.recordId).delete();
    }
  });
}

/** Retry: a refused or waiting change is sent again now. */
export async function retryEntry(id: string) {
  await db.outbox
    .where('id')
    .equals(id)
    .modify({ state: 'pending', nextAttemptAt: 0, lastError: null, lastStatus: null });
}
