import { db } from '../db.ts';
import { dropWritesOf } from './outbox.ts';
import { requestReplay } from './replayer.ts';
import { handlerOf } from './write-handler.ts';

/** What the Pending changes panel does with a change: one call each. */

/** Retry: a refused or waiting change is sent again now. */
export async function retryChange(id: string) {
  await db.outbox
    .where('id')
    .equals(id)
    .modify({ state: 'pending', nextAttemptAt: 0, failure: null });
  void requestReplay();
}

/**
 * Discard: the user gives up on a change. One still waiting is undone here first (one the
 * server refused was undone already). Writes that depended on a discarded create go with it.
 */
export async function discardChange(id: string) {
  const entry = await db.outbox.where('id').equals(id).first();
  if (!entry) return;
  const handler = handlerOf(entry);
  if (entry.state !== 'needs-attention') await handler?.revert(entry);
  await db.transaction('rw', db.outbox, async () => {
    await db.outbox.where('id').equals(id).delete();
    if (handler?.role === 'create' && entry.recordId !== undefined) {
      await dropWritesOf(entry.recordId, entry.id);
    }
  });
}
