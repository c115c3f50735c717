import type { InventoryItem } from '#domains/products/product.ts';
import { storedItems } from '../catalogue-change.ts';
import type { CatalogueChunk } from '../db.ts';
import { CATALOGUE_STORES, DATABASE_NAME } from '../db-name.ts';

/**
 * The catalogue stored on this device, as the import worker reads it: straight from IndexedDB,
 * its records and edits merged as the screens merge them (catalogue-change.ts). The worker only
 * reads, so it goes without Dexie, which would be a second copy of 30 KB gzip in the build.
 */
const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

function openStored(): Promise<IDBDatabase | null> {
  return new Promise((resolve, reject) => {
    // No version: the database as the app left it.
    const opening = indexedDB.open(DATABASE_NAME);
    // It did not exist: nothing is stored yet, and it is not made here.
    opening.onupgradeneeded = () => opening.transaction?.abort();
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () =>
      opening.error?.name === 'AbortError' ? resolve(null) : reject(opening.error);
  });
}

export async function readStoredCatalogue(): Promise<InventoryItem[]> {
  const database = await openStored();
  if (!database) return [];
  try {
    const { chunks, edits } = CATALOGUE_STORES;
    if (!database.objectStoreNames.contains(chunks)) return [];
    const reading = database.transaction([chunks, edits], 'readonly');
    // getAll answers in key order: the records' `n`.
    const [records, edited] = await Promise.all([
      done(reading.objectStore(chunks).getAll() as IDBRequest<CatalogueChunk[]>),
      done(reading.objectStore(edits).getAll() as IDBRequest<InventoryItem[]>),
    ]);
    return storedItems(records, edited);
  } finally {
    database.close();
  }
}
