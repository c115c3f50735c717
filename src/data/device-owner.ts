import { clearApiCache } from './api-cache.ts';
import { db, KEPT_WITH_THEIR_USER, readOwner } from './db.ts';
import { forgetPersistedQueries } from './query-persistence.ts';
import { stopReplay, withOutboxLock } from './sync/replayer.ts';
import { forgetUserInMemory } from './user-memory.ts';

/**
 * A shared tablet changes hands. The device holds one user's data at a time (the 'owner' meta
 * record); when someone else signs in, or the user signs out, everything of the previous user
 * goes: the Dexie stores (the session mirror among them), the persisted query cache, the
 * service worker's API cache and what the page holds in memory. Only their unsent changes and
 * their work in hand (the basket being rung up, parked sales) stay, set aside under their id:
 * they are never sent or shown under another user's session, and they come back when that user
 * signs in here again.
 */
export interface Handover {
  /** Changes of the incoming user, set aside when they last left this device, now queued again. */
  restored: number;
}

/** How long a handover waits for a replay in progress to finish before it goes ahead. */
const REPLAY_WAIT_MS = 3000;

/**
 * The one place the device changes hands: `nextUserId` signs in (the same user signing in
 * again keeps everything), or null when the user signs out.
 */
export async function handOverDevice(nextUserId: string | null): Promise<Handover> {
  const owner = await readOwner();
  if (owner !== undefined && owner === nextUserId) return { restored: 0 };
  stopReplay();
  // A replay sends with the session of the user it started for; it must not store their
  // answers in the next user's stores.
  const restored = await withOutboxLock(() => switchStores(owner, nextUserId), REPLAY_WAIT_MS);
  await clearApiCache().catch(() => {});
  forgetPersistedQueries();
  forgetUserInMemory();
  return { restored };
}

async function switchStores(owner: string | undefined, next: string | null): Promise<number> {
  return db.transaction('rw', db.tables, async () => {
    const unsent = await db.outbox.orderBy('seq').toArray();
    const kept = (await db.meta.bulkGet([...KEPT_WITH_THEIR_USER])).filter(
      (record) => record !== undefined,
    );
    if (owner !== undefined && (unsent.length > 0 || kept.length > 0)) {
      const earlier = (await db.parkedChanges.get(owner))?.entries ?? [];
      await db.parkedChanges.put({
        userId: owner,
        entries: [...earlier, ...unsent],
        parkedAt: Date.now(),
        kept,
      });
    }
    for (const table of db.tables) {
      if (table.name !== db.parkedChanges.name) await table.clear();
    }
    if (next === null) return 0;
    await db.meta.put({ key: 'owner', userId: next });
    const parked = await db.parkedChanges.get(next);
    if (!parked) return 0;
    await db.parkedChanges.delete(next);
    if (parked.kept) await db.meta.bulkPut(parked.kept);
    // Queued again in the order they were made, behind nothing: the outbox is empty here.
    await db.outbox.bulkAdd(
      parked.entries.map(({ seq: _seq, ...entry }) => ({
        ...entry,
        state: entry.state === 'needs-attention' ? entry.state : 'pending',
        nextAttemptAt: 0,
      })),
    );
    return parked.entries.length;
  });
}
