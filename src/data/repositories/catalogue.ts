import { useLiveQuery } from 'dexie-react-hooks';
import * as v from 'valibot';
import {
  INVENTORY_RELOAD_RESET_MS,
  INVENTORY_RELOAD_THROTTLE_MS,
} from '#shared/inventory/constants.ts';
import {
  EnhancedInventorySchema,
  type InventoryItem,
  mapEnhancedProduct,
} from '#shared/inventory/product.ts';
import { apiFetch } from '../api-client.ts';
import { type CatalogueMeta, db } from '../db.ts';

/**
 * The catalogue: read from Dexie at once, refreshed from GET /inventory/enhanced in the
 * background. The stored ETag makes an unchanged catalogue cost a 304. Reloads are throttled to
 * one per 30 s; the throttle resets after 60 s.
 */
export interface StoredCatalogue {
  items: InventoryItem[];
  meta: CatalogueMeta | undefined;
}

export type RefreshOutcome = 'updated' | 'unchanged' | 'throttled';

let lastReloadAt: number | null = null;
let throttleReset: ReturnType<typeof setTimeout> | undefined;
let inFlight: Promise<RefreshOutcome> | null = null;

function noteReload(now: number) {
  lastReloadAt = now;
  clearTimeout(throttleReset);
  throttleReset = setTimeout(() => {
    lastReloadAt = null;
  }, INVENTORY_RELOAD_RESET_MS);
}

/** For tests: forget the throttle. */
export function resetCatalogueThrottle() {
  lastReloadAt = null;
  clearTimeout(throttleReset);
}

async function storedMeta(): Promise<CatalogueMeta | undefined> {
  const meta = await db.meta.get('catalogue');
  return meta?.key === 'catalogue' ? meta : undefined;
}

async function fetchCatalogue(): Promise<RefreshOutcome> {
  const meta = await storedMeta();
  const headers: Record<string, string> = meta?.etag ? { 'If-None-Match': meta.etag } : {};
  const response = await apiFetch('/inventory/enhanced', { headers, cache: 'no-store' });
  const fetchedAt = Date.now();
  if (response.status === 304 && meta) {
    await db.meta.put({ ...meta, fetchedAt });
    return 'unchanged';
  }
  const body = v.parse(EnhancedInventorySchema, await response.json());
  const items = body.products.map(mapEnhancedProduct);
  await db.transaction('rw', db.products, db.meta, async () => {
    await db.products.clear();
    await db.products.bulkPut(items);
    await db.meta.put({ key: 'catalogue', etag: response.headers.get('ETag'), fetchedAt });
  });
  return 'updated';
}

/**
 * Refreshes the stored catalogue from the server. `force` (the 'Try again' link) skips the
 * throttle. Concurrent calls share one request.
 */
export function refreshCatalogue({ force = false } = {}): Promise<RefreshOutcome> {
  if (inFlight) return inFlight;
  const now = Date.now();
  if (!force && lastReloadAt !== null && now - lastReloadAt < INVENTORY_RELOAD_THROTTLE_MS) {
    return Promise.resolve('throttled');
  }
  noteReload(now);
  inFlight = fetchCatalogue().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

export async function readCatalogue(): Promise<StoredCatalogue> {
  const [items, meta] = await Promise.all([db.products.toArray(), storedMeta()]);
  return { items, meta };
}

/** The stored catalogue, re-read whenever it changes; undefined until the first read. */
export function useStoredCatalogue(): StoredCatalogue | undefined {
  return useLiveQuery(readCatalogue, []);
}
