import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useSyncExternalStore } from 'react';
import { probeNow, serverReachable, subscribeConnection } from '../connection.ts';
import { db } from '../db.ts';
import type { OutboxEntry } from './outbox-entry.ts';

/**
 * Whether the app is online: the browser says it has a network and the server answers (see
 * connection.ts). Follows the online and offline events and the server's answers.
 */
function subscribeOnline(listener: () => void) {
  // The browser has a network again, or the page is looked at again: ask the server now.
  const probe = () => {
    listener();
    if (document.visibilityState === 'visible') void probeNow();
  };
  window.addEventListener('online', probe);
  window.addEventListener('offline', listener);
  document.addEventListener('visibilitychange', probe);
  const unsubscribe = subscribeConnection(listener);
  return () => {
    window.removeEventListener('online', probe);
    window.removeEventListener('offline', listener);
    document.removeEventListener('visibilitychange', probe);
    unsubscribe();
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine && serverReachable(),
    () => true,
  );
}

export interface SyncStatus {
  online: boolean;
  /** False for the moment before the outbox has been read: nothing can be said of it yet. */
  known: boolean;
  /** Changes not yet acknowledged, still to be sent. */
  waiting: OutboxEntry[];
  /** Changes the server refused, waiting for the user. */
  attention: OutboxEntry[];
}

/** The outbox as the connectivity indicator and the Pending changes panel show it. */
export function useSyncStatus(): SyncStatus {
  const online = useOnline();
  const read = useLiveQuery(() => db.outbox.orderBy('seq').toArray(), []);
  const entries = read ?? [];
  return {
    online,
    known: read !== undefined,
    waiting: entries.filter((entry) => entry.state !== 'needs-attention'),
    attention: entries.filter((entry) => entry.state === 'needs-attention'),
  };
}

/** What a record with a change still waiting to be sent is marked with. */
export const NOT_YET_SYNCED = 'Not yet synced';
/** What a record with a change the server refused is marked with (see Pending changes). */
export const NEEDS_ATTENTION = 'Needs attention';

/** The records of a resource (custom fields, by id) with a change still waiting to be sent. */
export function useUnsentRecordIds(resource: string): ReadonlySet<number | string> {
  const ids = useLiveQuery(
    async () =>
      (await db.outbox.where('resource').equals(resource).toArray())
        .filter((entry) => entry.state !== 'needs-attention')
        .flatMap((entry) => (entry.recordId === undefined ? [] : [entry.recordId])),
    [resource],
  );
  return useMemo(() => new Set(ids ?? []), [ids]);
}
