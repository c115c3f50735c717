import { type InventoryItem, shareRepeatedValues } from '#domains/products/product.ts';
import { applyToRuns, type CatalogueChange, newerOf, storedItems } from './catalogue-change.ts';
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
  return db.transaction('r', db.catalogueChunks, db.catalogueEdits, db.meta, async () => {
    const [chunks, edits, meta] = await Promise.all([
      db.catalogueChunks.orderBy('n').toArray(),
      db.catalogueEdits.toArray(),
      storedMeta(),
    ]);
    const items = storedItems(chunks, edits);
    shareRepeatedValues(items);
    return { items, meta };
  });
}

/** Acknowledged edits are folded into the records once there are this many. */
export const EDITS_FOLDED_PAST = 1000;

async function foldEdits() {
  const edits = await db.catalogueEdits.toArray();
  const edited = new Map(edits.map((item) => [item.id, item]));
  const holding = await recordsHolding([...edited.keys()]);
  const chunks = (await db.catalogueChunks.bulkGet([...new Set(holding.values())])).filter(
    (chunk): chunk is CatalogueChunk => chunk !== undefined,
  );
  await db.catalogueChunks.bulkPut(
    chunks.map((chunk) =>
      chunkOf(
        chunk.n,
        chunk.items.map((item) => newerOf(item, edited.get(item.id))),
      ),
    ),
  );
  await db.catalogueEdits.clear();
}

/**
 * The record holding each of `ids` that one holds, by id: one read of the index for each id,
 * side by side. (Dexie's anyOf walks the index with a cursor, a step per key: 1.2 to 1.9 s
 * for the 200 products of a replay's batch of sales over 50,000, against tens of ms this way.)
 */
async function recordsHolding(ids: readonly number[]): Promise<Map<number, number>> {
  const unique = [...new Set(ids)];
  const records = await Promise.all(
    unique.map((id) => db.catalogueChunks.where('ids').equals(id).primaryKeys()),
  );
  const holding = new Map<number, number>();
  unique.forEach((id, index) => {
    const record = records[index]?.[0];
    if (record !== undefined) holding.set(id, record);
  });
  return holding;
}

function chunksOf(items: readonly InventoryItem[]): CatalogueChunk[] {
  const chunks: CatalogueChunk[] = [];
  for (let n = 0; n * CATALOGUE_CHUNK_SIZE < items.length; n += 1) {
    chunks.push(chunkOf(n, items.slice(n * CATALOGUE_CHUNK_SIZE, (n + 1) * CATALOGUE_CHUNK_SIZE)));
  }
  return chunks;
}

const chunkOf = (n: number, items: InventoryItem[]): CatalogueChunk => ({
  n,
  items,
  ids: items.map((item) => item.id),
});

export async function writeCatalogue(items: InventoryItem[], meta: CatalogueMeta) {
  await db.transaction('rw', db.catalogueChunks, db.catalogueEdits, db.meta, async () => {
    await db.catalogueChunks.clear();
    await db.catalogueEdits.clear();
    await db.catalogueChunks.bulkPut(chunksOf(items));
    await db.meta.put(meta);
  });
}

/**
 * Applies a change to the stored catalogue: an acknowledged write, so that it shows once its
 * outbox entry has gone, or the changes since its version (with `meta` naming the new version).
 * A product held is stored as one small record of its own, laid over the record of 200 that
 * holds it (a replay after an outage brings a thousand acknowledgements, scattered over the
 * catalogue: rewriting the records that hold them took most of the replay's time); they are
 * folded into the records past EDITS_FOLDED_PAST. For new and deleted products only the records
 * holding the ids it names are read and written (with the first and the last, where new
 * products go). Records may grow or shrink; their order is the catalogue's. Screens follow through the meta record's revision, and a screen holding
 * the catalogue in memory applies the same change to it. The stored ETag is dropped: the copy
 * matches no answer the server made, and the version says what it holds. Nothing is stored
 * before the first download.
 */
export async function updateStoredCatalogue(
  change: CatalogueChange,
  meta: Partial<Pick<CatalogueMeta, 'version' | 'fetchedAt'>> = {},
): Promise<void> {
  const written = await db.transaction(
    'rw',
    [db.catalogueChunks, db.catalogueEdits, db.meta],
    async () => {
      const stored = await storedMeta();
      if (!stored) return undefined;
      // Products held replaced where they stand: one small record each (catalogueEdits).
      const heldIds = await recordsHolding(change.put.map(({ item }) => item.id));
      const replaced = change.put.filter(({ item }) => heldIds.has(item.id));
      const rest: CatalogueChange = {
        put: change.put.filter(({ item }) => !heldIds.has(item.id)),
        deleted: change.deleted,
      };
      await replaceHeld(replaced.map(({ item }) => item));
      const count = await placeAndDelete(rest, stored.count);
      const next: CatalogueMeta = {
        ...stored,
        ...meta,
        etag: null,
        count,
        revision: (stored.revision ?? 0) + 1,
      };
      await db.meta.put(next);
      if ((await db.catalogueEdits.count()) > EDITS_FOLDED_PAST) await foldEdits();
      return next;
    },
  );
  if (written) for (const listener of updateListeners) listener(change, written);
}

/**
 * Products held, as answered: each stored over the copy a record holds (the newer of the two is
 * shown), unless an edit stored before is newer.
 */
async function replaceHeld(items: InventoryItem[]) {
  if (items.length === 0) return;
  const earlier = await db.catalogueEdits.bulkGet(items.map((item) => item.id));
  await db.catalogueEdits.bulkPut(
    items.map((item, index) => {
      const before = earlier[index];
      return before ? newerOf(before, item) : item;
    }),
  );
}

/**
 * New products placed and deleted ones removed, in the records that hold the ids named (with the
 * first and the last, where new products go). Answers the catalogue's new count.
 */
async function placeAndDelete(change: CatalogueChange, count: number): Promise<number> {
  if (change.put.length === 0 && change.deleted.length === 0) return count;
  await db.catalogueEdits.bulkDelete([...change.deleted]);
  const named = [
    ...change.put.map(({ item }) => item.id),
    ...change.put.flatMap(({ after }) => (typeof after === 'number' ? [after] : [])),
    ...change.deleted,
  ];
  // Keys first: a record holding several of the ids would otherwise be read once for each.
  const keys = (await recordsHolding(named)).values();
  const holding = (await db.catalogueChunks.bulkGet([...new Set(keys)])).filter(
    (chunk): chunk is CatalogueChunk => chunk !== undefined,
  );
  const held = new Set(holding.flatMap((chunk) => chunk.ids));
  const [first, last] = await Promise.all([
    change.put.some(({ after }) => after === null) ? db.catalogueChunks.orderBy('n').first() : null,
    change.put.some(({ after }) => after === undefined || (after !== null && !held.has(after)))
      ? db.catalogueChunks.orderBy('n').last()
      : null,
  ]);
  const chunks = new Map<number, CatalogueChunk>();
  for (const chunk of [first, ...holding, last]) if (chunk) chunks.set(chunk.n, chunk);
  if (chunks.size === 0) chunks.set(0, chunkOf(0, []));
  const read = [...chunks.values()].sort((a, b) => a.n - b.n);
  const after = applyToRuns(
    read.map((chunk) => chunk.items),
    change,
  );
  const changed = read
    .map((chunk, index) => chunkOf(chunk.n, after[index] ?? []))
    .filter((chunk, index) => !sameItems(chunk.items, read[index]?.items ?? []));
  await db.catalogueChunks.bulkPut(changed);
  return (
    count +
    after.reduce((total, run) => total + run.length, 0) -
    read.reduce((total, chunk) => total + chunk.items.length, 0)
  );
}

const sameItems = (a: readonly InventoryItem[], b: readonly InventoryItem[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

type UpdateListener = (change: CatalogueChange, meta: CatalogueMeta) => void;
const updateListeners = new Set<UpdateListener>();

/**
 * Called with each change right after it is stored (for an acknowledged write, before its
 * outbox entry goes): a screen holding the catalogue in memory applies it at once, so the row
 * never shows the old value between the two.
 */
export function onStoredCatalogueUpdate(listener: UpdateListener) {
  updateListeners.add(listener);
  return () => updateListeners.delete(listener);
}
