import Dexie from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyCatalogueChange, type CatalogueChange } from '#data/catalogue-change.ts';
import {
  EDITS_FOLDED_PAST,
  onStoredCatalogueUpdate,
  readCatalogue,
  updateStoredCatalogue,
  writeCatalogue,
} from '#data/catalogue-store.ts';
import { CATALOGUE_CHUNK_SIZE, db, VintryDatabase } from '#data/db.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import { inventoryItem } from '../helpers/inventory-item.ts';
import { clearLocalData } from '../helpers/local-data.ts';

const item = (id: number, product = `Wine ${id}`, version = 1) =>
  inventoryItem(id, { product, version });

// Two and a half stored records.
const S = CATALOGUE_CHUNK_SIZE;
const catalogue = Array.from({ length: 2.5 * S }, (_, index) => item(index + 1));

beforeEach(async () => {
  await clearLocalData();
  await writeCatalogue(catalogue, { key: 'catalogue', etag: '"v1"', fetchedAt: 1, count: 2.5 * S });
});

describe('a change of the stored catalogue', () => {
  it('is stored as the same change of the whole list would leave it, writing only the records it touches', async () => {
    const before = await db.catalogueChunks.orderBy('n').toArray();
    const change: CatalogueChange = {
      put: [
        { item: item(1.5 * S, 'Changed', 2) },
        { item: item(9001, 'A copy in the middle record'), after: 1.2 * S },
        { item: item(9002, 'New at the end') },
      ],
      deleted: [1.7 * S],
    };
    const heard: number[] = [];
    const stop = onStoredCatalogueUpdate((_change, meta) => heard.push(meta.count));
    await updateStoredCatalogue(change, { version: 44 });
    stop();

    const stored = await readCatalogue();
    expect(stored.items).toEqual(applyCatalogueChange(catalogue, change));
    expect(stored.meta).toMatchObject({ count: 2.5 * S + 1, version: 44, etag: null, revision: 1 });
    expect(heard).toEqual([2.5 * S + 1]);
    const after = await db.catalogueChunks.orderBy('n').toArray();
    // The first record was not touched; the middle one took the copy and lost one, the last
    // took the new product.
    expect(after[0]).toEqual(before[0]);
    expect(after.map((chunk) => chunk.items.length)).toEqual([S, S, S / 2 + 1]);
    expect((await db.catalogueChunks.where('ids').equals(9001).first())?.n).toBe(1);
  });

  it('keeps a product held at a later version', async () => {
    await updateStoredCatalogue({ put: [{ item: item(10, 'Newer', 5) }], deleted: [] });
    await updateStoredCatalogue({ put: [{ item: item(10, 'Older', 4) }], deleted: [] });
    expect((await readCatalogue()).items[9]?.product).toBe('Newer');
  });

  it('stores an edit of a held product as one record of its own, leaving the records alone', async () => {
    const before = await db.catalogueChunks.orderBy('n').toArray();
    const edits = [3, S + 4, 2 * S + 5].map((id) => item(id, `Edited ${id}`, 2));
    await updateStoredCatalogue({ put: edits.map((edit) => ({ item: edit })), deleted: [] });

    expect(await db.catalogueChunks.orderBy('n').toArray()).toEqual(before);
    expect(await db.catalogueEdits.count()).toBe(3);
    const change: CatalogueChange = { put: edits.map((edit) => ({ item: edit })), deleted: [] };
    expect((await readCatalogue()).items).toEqual(applyCatalogueChange(catalogue, change));
  });

  it('drops the edit of a product deleted since', async () => {
    await updateStoredCatalogue({ put: [{ item: item(8, 'Edited', 2) }], deleted: [] });
    await updateStoredCatalogue({ put: [], deleted: [8] });
    const { items, meta } = await readCatalogue();
    expect(items.some((row) => row.id === 8)).toBe(false);
    expect(meta?.count).toBe(2.5 * S - 1);
    expect(await db.catalogueEdits.count()).toBe(0);
  });

  it('shows a newer copy from a full download over an older answer stored after it', async () => {
    await writeCatalogue(
      catalogue.map((row) => (row.id === 12 ? item(12, 'From the download', 7) : row)),
      { key: 'catalogue', etag: null, fetchedAt: 2, count: 2.5 * S },
    );
    await updateStoredCatalogue({ put: [{ item: item(12, 'A late answer', 6) }], deleted: [] });
    expect((await readCatalogue()).items[11]?.product).toBe('From the download');
  });

  it(`folds the edits into the records once there are more than ${EDITS_FOLDED_PAST}`, async () => {
    const large = Array.from({ length: EDITS_FOLDED_PAST + S }, (_, index) => item(index + 1));
    await writeCatalogue(large, {
      key: 'catalogue',
      etag: null,
      fetchedAt: 1,
      count: large.length,
    });
    const edits = large.slice(0, EDITS_FOLDED_PAST + 1).map((row) => item(row.id, 'Folded', 2));
    await updateStoredCatalogue({
      put: edits.slice(0, -1).map((edit) => ({ item: edit })),
      deleted: [],
    });
    expect(await db.catalogueEdits.count()).toBe(EDITS_FOLDED_PAST);
    await updateStoredCatalogue({ put: [{ item: edits.at(-1) as InventoryItem }], deleted: [] });

    expect(await db.catalogueEdits.count()).toBe(0);
    const change: CatalogueChange = { put: edits.map((edit) => ({ item: edit })), deleted: [] };
    const expected = applyCatalogueChange(large, change);
    expect((await db.catalogueChunks.orderBy('n').toArray()).flatMap((c) => c.items)).toEqual(
      expected,
    );
    expect((await readCatalogue()).items).toEqual(expected);
  });

  it('stores nothing before the first download', async () => {
    await clearLocalData();
    await updateStoredCatalogue({ put: [{ item: item(1) }], deleted: [] });
    expect(await readCatalogue()).toEqual({ items: [], meta: undefined });
  });

  it('puts a new product into an empty catalogue', async () => {
    await writeCatalogue([], { key: 'catalogue', etag: null, fetchedAt: 1, count: 0 });
    await updateStoredCatalogue({ put: [{ item: item(7) }], deleted: [] });
    expect((await readCatalogue()).items.map((row) => row.id)).toEqual([7]);
  });
});

it('records stored before they named their ids are given them when the database opens', async () => {
  const name = `vintry-upgrade-chunks-${Date.now()}`;
  const before = new Dexie(name);
  before.version(2).stores({ catalogueChunks: 'n', meta: 'key' });
  await before.open();
  await before.table('catalogueChunks').put({ n: 0, items: [item(3), item(4)] });
  before.close();

  const after = new VintryDatabase(name);
  expect(await after.catalogueChunks.where('ids').equals(4).count()).toBe(1);
  after.close();
  await Dexie.delete(name);
});
