import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useSyncExternalStore } from 'react';
import { db } from '../db.ts';
import type { OutboxEntry } from './outbox-entry.ts';

/** Whether the browser says it is online; follows the online and offline events. */
function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

export interface SyncStatus {
  online: boolean;
  /** Changes not yet acknowledged, still to be sent. */
  waiting: OutboxEntry[];
  /** Changes the server refused, waiting for the user. */
  attention: OutboxEntry[];
}

/** The outbox as the connectivity indicator and the Pending changes panel show it. */
export function useSyncStatus(): SyncStatus {
  const online = useOnline();
  const entries = useLiveQuery(() => db.outbox.orderBy('seq').toArray(), []) ?? [];
  return {
    online,
    waiting: entries.filter((entry) => entry.state !== 'needs-attention'),
    attention: entries.filter((entry) => entry.state === 'needs-attention'),
  };
}

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
