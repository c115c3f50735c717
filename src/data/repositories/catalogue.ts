import { liveQuery, type Subscription } from 'dexie';
import { useEffect, useSyncExternalStore } from 'react';
import * as v from 'valibot';
import {
  CATALOGUE_LOAD_MEASURE,
  INVENTORY_RELOAD_RESET_MS,
  INVENTORY_RELOAD_THROTTLE_MS,
} from '#domains/products/constants.ts';
import { mapEnhancedProduct, shareRepeatedValues } from '#domains/products/product.ts';
import { catalogueChangesRead, inventoryRead } from '#domains/products/reads.ts';
import { CATALOGUE_VERSION_HEADER } from '#shared/api.ts';
import { readPath } from '#shared/read-declaration.ts';
import { apiFetch } from '../api-client.ts';
import { applyCatalogueChange } from '../catalogue-change.ts';
import {
  onStoredCatalogueUpdate,
  readCatalogue,
  type StoredCatalogue,
  storedMeta,
  updateStoredCatalogue,
  writeCatalogue,
} from '../catalogue-store.ts';
import { type CatalogueMeta, db } from '../db.ts';
import type { Feed } from '../sync/feeds.ts';
import { onForgetUser } from '../user-memory.ts';

/**
 * The catalogue: read from Dexie once, then held in memory for the screens; refreshed in the
 * background with the changes since the version it holds (GET /catalogue/changes), or on the
 * first load from GET /inventory/enhanced. Reloads are throttled to one per 30 s; the throttle resets after 60 s.
 * A refresh made in another tab (or a sign-out) reaches this one through the meta record.
 */

export type RefreshOutcome = 'updated' | 'unchanged' | 'throttled';

let current: StoredCatalogue | undefined;
const listeners = new Set<() => void>();
let metaSubscription: Subscription | undefined;
let reading: Promise<StoredCatalogue> | null = null;

/**
 * Reads the stored catalogue, once however many ask at the same moment (the first screen and the
 * store's follower both do): two reads would hold two copies of 50,000 products.
 */
function readStored(): Promise<StoredCatalogue> {
  reading ??= readCatalogue().finally(() => {
    reading = null;
  });
  return reading;
}

function publish(next: StoredCatalogue) {
  current = next;
  for (const listener of listeners) listener();
}

/**
 * Follows the stored meta record: a different ETag means another tab stored a new catalogue;
 * the record disappearing means the local data was cleared (a sign-out, here or elsewhere).
 */
function followStore() {
  let seen: CatalogueMeta | undefined;
  metaSubscription = liveQuery(storedMeta).subscribe((meta) => {
    const previous = seen;
    seen = meta;
    if (!meta) {
      if (previous) publish({ items: [], meta: undefined });
      return;
    }
    if (
      current?.meta &&
      current.meta.etag === meta.etag &&
      current.meta.count === meta.count &&
      current.meta.revision === meta.revision
    ) {
      if (current.meta.fetchedAt !== meta.fetchedAt) publish({ ...current, meta });
      return;
    }
    void readStored().then((read) => {
      if (read === current) return;
      // A read that raced a newer refresh of this tab must not replace it.
      const newer = !current?.meta || !read.meta || read.meta.fetchedAt >= current.meta.fetchedAt;
      if (newer) publish(read);
    });
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!metaSubscription) followStore();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      metaSubscription?.unsubscribe();
      metaSubscription = undefined;
    }
  };
}

/** The stored catalogue; undefined until it has been read from Dexie. */
export function useStoredCatalogue(): StoredCatalogue | undefined {
  const value = useSyncExternalStore(subscribe, () => current);
  useEffect(() => {
    if (current !== undefined) return;
    void readStored().then((read) => {
      if (current === undefined) publish(read);
    });
  }, []);
  return value;
}

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

/**
 * Forgets the throttle and what is held in memory: the signed-in user changed (and tests start
 * afresh). A screen showing it waits for the store again.
 */
export function resetCatalogueState() {
  lastReloadAt = null;
  forcedNext = null;
  clearTimeout(throttleReset);
  current = undefined;
  for (const listener of listeners) listener();
}
onForgetUser(resetCatalogueState);
// An acknowledged write of this page's outbox: shown before its entry leaves the outbox.
onStoredCatalogueUpdate((change, meta) => {
  if (current) publish({ items: applyCatalogueChange(current.items, change), meta });
});

/**
 * The changes since the stored version, applied to the stored copy; null when the server asks
 * for a full download instead (too far behind, or a change it kept no record of).
 */
async function fetchChanges(since: number): Promise<RefreshOutcome | null> {
  const response = await apiFetch(readPath(catalogueChangesRead, {}, { since }), {
    cache: 'no-store',
  });
  const feed = v.parse(catalogueChangesRead.answer, await response.json());
  if (feed.full) return null;
  const fetchedAt = Date.now();
  if (feed.products.length === 0 && feed.deleted.length === 0 && feed.version === since) {
    await touchStoredMeta(fetchedAt);
    return 'unchanged';
  }
  const changed = feed.products.map(({ after, ...product }) => ({
    item: mapEnhancedProduct(product),
    after,
  }));
  await updateStoredCatalogue(
    { put: changed, deleted: feed.deleted },
    {
      version: feed.version,
      fetchedAt,
    },
  );
  return 'updated';
}

/** The copy is current as of now. */
async function touchStoredMeta(fetchedAt: number) {
  const meta = await storedMeta();
  if (!meta) return;
  const next = { ...meta, fetchedAt };
  await db.meta.put(next);
  if (current) publish({ ...current, meta: next });
}

/**
 * A copy that knows its version asks only for what changed since; otherwise (the first load, or
 * when the server says so) the whole catalogue is downloaded, with the stored ETag so that an
 * unchanged one costs a 304.
 */
async function fetchCatalogue(): Promise<RefreshOutcome> {
  const startedAt = performance.now();
  const meta = await storedMeta();
  if (meta?.version !== undefined) {
    const outcome = await fetchChanges(meta.version);
    if (outcome) return outcome;
  }
  const headers: Record<string, string> = meta?.etag ? { 'If-None-Match': meta.etag } : {};
  const response = await apiFetch(inventoryRead.route, { headers, cache: 'no-store' });
  const fetchedAt = Date.now();
  const version = versionOf(response);
  if (response.status === 304 && meta) {
    const next = { ...meta, fetchedAt, ...(version === undefined ? {} : { version }) };
    await db.meta.put(next);
    if (current) publish({ ...current, meta: next });
    return 'unchanged';
  }
  const answeredAt = performance.now();
  const json: unknown = await response.json();
  const readAt = performance.now();
  const body = v.parse(inventoryRead.answer, json);
  const items = body.products.map(mapEnhancedProduct);
  shareRepeatedValues(items);
  const mappedAt = performance.now();
  const next: CatalogueMeta = {
    key: 'catalogue',
    etag: response.headers.get('ETag'),
    fetchedAt,
    count: items.length,
    ...(version === undefined ? {} : { version }),
  };
  publish({ items, meta: next });
  const shownAt = performance.now();
  await writeCatalogue(items, next);
  performance.measure(CATALOGUE_LOAD_MEASURE, {
    start: startedAt,
    // Where the time went, in ms: for the benchmark to say.
    detail: {
      count: items.length,
      answer: answeredAt - startedAt,
      read: readAt - answeredAt,
      validateAndMap: mappedAt - readAt,
      show: shownAt - mappedAt,
      store: performance.now() - shownAt,
    },
  });
  return 'updated';
}

function versionOf(response: Response): number | undefined {
  const text = response.headers.get(CATALOGUE_VERSION_HEADER);
  return text !== null && /^\d+$/.test(text) ? Number(text) : undefined;
}

let forcedNext: Promise<RefreshOutcome> | null = null;

/**
 * Refreshes the stored catalogue from the server. `force` ('Try again', or a product just
 * changed) skips the throttle. Concurrent calls share one request, except that a forced call
 * must see what happened before it: while a request runs that may have left earlier, the forced
 * call makes one more after it (shared by every forced call meanwhile).
 */
export function refreshCatalogue({ force = false } = {}): Promise<RefreshOutcome> {
  if (inFlight && force) {
    forcedNext ??= inFlight
      .catch(() => undefined)
      .then(() => {
        forcedNext = null;
        return refreshCatalogue({ force: true });
      });
    return forcedNext;
  }
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

/**
 * The catalogue's feed: what changed since this device's version. Only on a device that keeps the
 * catalogue: a phone that never opened inventory or the till does not download 50,000 products
 * because a price changed.
 */
export const catalogueFeed: Feed = {
  name: 'catalogue',
  async pull(changed) {
    // Just connected, a refresh a screen made moments ago stands (the reload throttle).
    if (await storedMeta()) await refreshCatalogue({ force: changed });
  },
};
