import type { InventoryItem } from '#shared/inventory/product.ts';
import { CATALOGUE_CHUNK_SIZE, type CatalogueChunk, type CatalogueMeta, db } from './db.ts';

/**
 * The catalogue as stored in Dexie: its items in chunks, in order, and its meta record (ETag,
 * when fetched, count). Apart from the screens' in-memory copy (repositories/catalogue.ts), so
 * that the service worker can store an acknowledged write without loading React.
 */
export interface StoredCatalogue {
  items: InventoryItem[];
  meta: CatalogueMeta | undefined;
}

export async function storedMeta(): Promise<CatalogueMeta | undefined> {
  const meta = await db.meta.get('catalogue');
  return meta?.key === 'catalogue' ? meta : undefined;
}

export async function readCatalogue(): Promise<StoredCatalogue> {
  return db.transaction('r', db.catalogueChunks, db.meta, async () => {
    const [chunks, meta] = await Promise.all([
      db.catalogueChunks.orderBy('n').toArray(),
      storedMeta(),
    ]);
    return { items: chunks.flatMap((chunk) => chunk.items), meta };
  });
}

function chunksOf(items: readonly InventoryItem[]): CatalogueChunk[] {
  const chunks: CatalogueChunk[] = [];
  for (let n = 0; n * CATALOGUE_CHUNK_SIZE < items.length; n += 1) {
    chunks.push({
      n,
      items: items.slice(n * CATALOGUE_CHUNK_SIZE, (n + 1) * CATALOGUE_CHUNK_SIZE),
    });
  }
  return chunks;
}

export async function writeCatalogue(items: InventoryItem[], meta: CatalogueMeta) {
  await db.transaction('rw', db.catalogueChunks, db.meta, async () => {
    await db.catalogueChunks.clear();
    await db.catalogueChunks.bulkPut(chunksOf(items));
    await db.meta.put(meta);
  });
}

const sameItems = (a: readonly InventoryItem[], b: readonly InventoryItem[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/**
 * Applies a change to the stored catalogue: an acknowledged write, so that it shows once its
 * outbox entry has gone, or the changes since its version (with `meta` naming the new version).
 * Screens follow through the meta record's revision. The stored ETag is dropped: the copy matches
 * no answer the server made, and the version says what it holds. Nothing is stored before the
 * first download. Runs once per acknowledged write (a replay after an outage may bring a
 * thousand), so only the chunks the change touched are written again.
 */
export async function updateStoredCatalogue(
  change: (items: InventoryItem[]) => InventoryItem[],
  meta: Partial<Pick<CatalogueMeta, 'version' | 'fetchedAt'>> = {},
): Promise<void> {
  const written = await db.transaction('rw', db.catalogueChunks, db.meta, async () => {
    const [before, stored] = await Promise.all([
      db.catalogueChunks.orderBy('n').toArray(),
      storedMeta(),
    ]);
    if (!stored) return undefined;
    const items = change(before.flatMap((chunk) => chunk.items));
    const after = chunksOf(items);
    const changed = after.filter((chunk) => !sameItems(chunk.items, before[chunk.n]?.items ?? []));
    const next: CatalogueMeta = {
      ...stored,
      ...meta,
      etag: null,
      count: items.length,
      revision: (stored.revision ?? 0) + 1,
    };
    await db.catalogueChunks.bulkPut(changed);
    await db.catalogueChunks.where('n').aboveOrEqual(after.length).delete();
    await db.meta.put(next);
    return { items, meta: next };
  });
  if (written) for (const listener of updateListeners) listener(written);
}

const updateListeners = new Set<(stored: StoredCatalogue) => void>();

/**
 * Called with the stored catalogue right after an acknowledged write is stored, before its
 * outbox entry goes: a screen holding the catalogue in memory takes it at once, so the row
 * never shows the old value between the two.
 */
export function onStoredCatalogueUpdate(listener: (stored: StoredCatalogue) => void) {
  updateListeners.add(listener);
  return () => updateListeners.delete(listener);
}
