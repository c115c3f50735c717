import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { Query } from '@tanstack/react-query';

/**
 * Small query results (those marked `meta.persist`) are kept in localStorage, so screens built
 * on them render offline after a restart. The catalogue, preferences and custom fields live in
 * Dexie instead. Cleared with the rest of the session on sign-out.
 */
export const QUERY_CACHE_KEY = 'vintry-queries';
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export function createQueryPersister() {
  return createSyncStoragePersister({ storage: window.localStorage, key: QUERY_CACHE_KEY });
}

export function shouldPersistQuery(query: Query): boolean {
  return query.meta?.persist === true && query.state.status === 'success';
}

export function forgetPersistedQueries() {
  try {
    window.localStorage.removeItem(QUERY_CACHE_KEY);
  } catch {
    // Nothing stored.
  }
}
