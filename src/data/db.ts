import Dexie, { type Table } from 'dexie';
import type { InventoryItem } from '#shared/inventory/product.ts';

/**
 * The local copy of the server's data, in IndexedDB database 'vintry' (shared by the page and
 * the service worker):
 * - catalogueChunks: the catalogue as the screens use it (mapped inventory items), in order, a
 *   thousand items per record. Tens of thousands of products read and write in a few dozen
 *   records instead of one each, which is what keeps a cold start quick.
 * - meta: bookkeeping by key — for 'catalogue', when it was fetched and its ETag; for 'owner',
 *   whose data this is, so that another user on a shared tablet never sees it.
 */
export interface CatalogueChunk {
  n: number;
  items: InventoryItem[];
}

export interface CatalogueMeta {
  key: 'catalogue';
  etag: string | null;
  fetchedAt: number;
  count: number;
}

export interface OwnerMeta {
  key: 'owner';
  userId: string;
}

export type MetaRecord = CatalogueMeta | OwnerMeta;

export const CATALOGUE_CHUNK_SIZE = 1000;

export class VintryDatabase extends Dexie {
  catalogueChunks!: Table<CatalogueChunk, number>;
  meta!: Table<MetaRecord, string>;

  constructor(name = 'vintry') {
    super(name);
    this.version(1).stores({ catalogueChunks: 'n', meta: 'key' });
  }
}

export const db = new VintryDatabase();

/** Removes everything stored locally (sign-out, or another user signing in). */
export async function clearLocalData() {
  await db.transaction('rw', db.catalogueChunks, db.meta, async () => {
    await db.catalogueChunks.clear();
    await db.meta.clear();
  });
}

/**
 * Makes the local data the given user's: when it belonged to someone else, it is cleared first.
 */
export async function claimLocalData(userId: string) {
  const owner = await db.meta.get('owner');
  if (owner && owner.key === 'owner' && owner.userId === userId) return;
  await clearLocalData();
  await db.meta.put({ key: 'owner', userId });
}
