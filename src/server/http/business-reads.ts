import type { Deps } from '../deps.ts';
import type { ChangeHub } from '../live/change-hub.ts';
import type { ReadCache } from './read-cache.ts';

const MAX_KEPT = 1_000;

/**
 * Answers worked out from a business's records, kept until the business next changes: on the
 * embedded database in the read cache (any write forgets it); on PostgreSQL, where another
 * instance may write, by a key holding the business's change version (one indexed read), so
 * any write anywhere makes the next ask work the answer out again. Keys name what else the
 * answer depends on (the caller, the day, the minute).
 */
export function businessReads(deps: Deps, reads: ReadCache, hub: ChangeHub) {
  const kept = new Map<string, unknown>();
  async function byVersion<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (kept.has(key)) return kept.get(key) as T;
    const value = await load();
    kept.set(key, value);
    if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value as string);
    return value;
  }
  return async <T>(businessId: string, key: string, load: () => Promise<T>): Promise<T> =>
    deps.dbKind === 'pglite'
      ? reads.read(key, load)
      : byVersion(`${key}:${await hub.versionOf(businessId)}`, load);
}
