import { liveQuery, type Subscription } from 'dexie';
import { useEffect, useSyncExternalStore } from 'react';
import * as v from 'valibot';
import {
  CATALOGUE_LOAD_MEASURE,
  INVENTORY_RELOAD_RESET_MS,
  INVENTORY_RELOAD_THROTTLE_MS,
} from '#domains/products/constants.ts';
import { catalogueFeed } from '#domains/products/feeds.ts';
import { mapEnhancedProduct, shareRepeatedValues } from '#domains/products/product.ts';
import type { CatalogueChanges } from '#domains/products/product-write.ts';
import { inventoryRead } from '#domains/products/reads.ts';
import { CATALOGUE_VERSION_HEADER } from '#shared/api.ts';
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
import { deviceFeed, pullFeeds } from '../sync/feeds.ts';
import { onForgetUser } from '../user-memory.ts';

/**
 * The catalogue: read from Dexie once, then held in memory for the screens; refreshed in the
 * background through the one pull with the changes since the version it holds, or on the first
 * load (or when the pull says so) from GET /inventory/enhanced. Reloads are throttled to one per 30 s; the throttle resets after 60 s.
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

/**
 * Reads the stored catalogue into memory unless it is there. A screen's route calls it as the
 * navigation starts, so that IndexedDB is read while the screen's code still loads.
 */
export function readStoredCatalogue() {
  if (current !== undefined) return;
  void readStored().then((read) => {
    if (current === undefined) publish(read);
  });
}

/** The stored catalogue; undefined until it has been read from Dexie. */
export function useStoredCatalogue(): StoredCatalogue | undefined {
  const value = useSyncExternalStore(subscribe, () => current);
  useEffect(readStoredCatalogue, []);
  return value;
}

let lastReloadAt: number | null = null;
let throttleReset: ReturnType<typeof setTimeout> | undefined;

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
  wanted = false;
  clearTimeout(throttleReset);
  current = undefined;
  for (const listener of listeners) listener();
}
onForgetUser(resetCatalogueState);
// An acknowledged write of this page's outbox: shown before its entry leaves the outbox.
onStoredCatalogueUpdate((change, meta) => {
  if (current) publish({ items: applyCatalogueChange(current.items, change), meta });
});

type ChangedProducts = Extract<CatalogueChanges, { full: false }>;

/** Applies the changes since the stored version to the stored copy. */
async function applyChanges(feed: ChangedProducts, meta: CatalogueMeta): Promise<RefreshOutcome> {
  const fetchedAt = Date.now();
  if (feed.products.length === 0 && feed.deleted.length === 0 && feed.version === meta.version) {
    await touchStoredMeta(meta, fetchedAt);
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
async function touchStoredMeta(meta: CatalogueMeta, fetchedAt: number) {
  const next = { ...meta, fetchedAt };
  await db.meta.put(next);
  if (current) publish({ ...current, meta: next });
}

/**
 * Downloads the whole catalogue (the first load, or when the feed says so), with the stored ETag
 * so that an unchanged one costs a 304.
 */
async function downloadCatalogue(): Promise<RefreshOutcome> {
  const startedAt = performance.now();
  const meta = await storedMeta();
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

/** A screen that shows the catalogue has asked for it: it is kept on this device from now on. */
let wanted = false;
let inFlight: Promise<RefreshOutcome> | null = null;
/** What the last pull did to the catalogue, for the screen that asked for it. */
let lastOutcome: RefreshOutcome = 'unchanged';

/**
 * Brings the stored catalogue up to date through the one pull (sync/feeds.ts), for a screen that
 * shows it: the first time, the whole catalogue. `force` ('Try again', or a product just changed)
 * skips the reload throttle (30 s, reset after 60 s).
 */
export function refreshCatalogue({ force = false } = {}): Promise<RefreshOutcome> {
  // Two screens opening together share one refresh; 'Try again' waits for one of its own.
  if (inFlight && !force) return inFlight;
  const now = Date.now();
  if (!force && lastReloadAt !== null && now - lastReloadAt < INVENTORY_RELOAD_THROTTLE_MS) {
    return Promise.resolve('throttled');
  }
  noteReload(now);
  wanted = true;
  const refresh = pullFeeds()
    .then(() => lastOutcome)
    .finally(() => {
      if (inFlight === refresh) inFlight = null;
    });
  inFlight = refresh;
  return refresh;
}

/**
 * The catalogue's part of the pull, on a device that keeps the catalogue: a phone that never
 * opened inventory or the till does not download 50,000 products because a price changed.
 */
export const catalogueDeviceFeed = deviceFeed({
  declaration: catalogueFeed,
  async cursor() {
    const meta = await storedMeta();
    if (meta) return meta.version ?? 0;
    return wanted ? 0 : null;
  },
  async accept(answer) {
    // A device holding none yet downloads it, whatever the feed says (an empty shop's is empty).
    const meta = await storedMeta();
    lastOutcome =
      answer.full || !meta ? await downloadCatalogue() : await applyChanges(answer, meta);
  },
});
