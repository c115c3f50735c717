import type { Db, DbKind } from '../db/client.ts';
import { createReadCache } from '../http/read-cache.ts';
import { listDefinitions } from './repository.ts';

/**
 * A business's custom field definitions as every product write checks its values against them,
 * kept in memory on the embedded database (whose folder belongs to this process) until a write
 * to the definitions: a replay of 1,000 product edits would otherwise read the same definitions
 * 1,000 times. On PostgreSQL another instance may change them, so every write reads them.
 */
export function definitionsCache(dbKind: DbKind) {
  const cache = createReadCache({ enabled: dbKind === 'pglite' });
  return {
    read: (db: Db, businessId: string, entityType: string) =>
      cache.read(`${businessId} ${entityType}`, () => listDefinitions(db, businessId, entityType)),
    /** Middleware for the routes that write definitions (and move custom values with them). */
    forgetAfterWrites: cache.invalidateAfterWrites,
  };
}

export type DefinitionsCache = ReturnType<typeof definitionsCache>;
