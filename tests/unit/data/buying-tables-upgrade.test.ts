import Dexie from 'dexie';
import { expect, it } from 'vitest';
import { VintryDatabase } from '#data/db.ts';

/**
 * A tablet whose database the app before buying made (version 7) opens with the buying tables
 * added, and keeps what it held: its outbox first of all.
 */
it('adds the buying tables to a database of the app before them, keeping what it held', async () => {
  const name = `vintry-buying-${crypto.randomUUID()}`;
  const before = new Dexie(name);
  before.version(7).stores({
    catalogueChunks: 'n, *ids',
    meta: 'key',
    columnPreferences: 'table',
    customFields: 'id, entity_type',
    inventorySettings: 'key',
    outbox: '++seq, &id, resource, state, recordId',
    session: 'key',
    parkedChanges: 'userId',
    stocktakes: 'id, started_at',
    countLines: '[stocktakeId+productId], stocktakeId',
    catalogueEdits: 'id',
    sales: 'id, &receipt, made_at',
  });
  await before.table('meta').put({ key: 'till', businessId: 'b1', code: 'T2', sequence: 4 });
  await before.table('outbox').add({ id: 'e1', resource: 'products', state: 'pending' });
  before.close();

  const after = new VintryDatabase(name);
  await after.open();
  expect(await after.meta.get('till')).toMatchObject({ code: 'T2', sequence: 4 });
  expect(await after.outbox.count()).toBe(1);
  await after.receivedCounts.put({
    deliveryId: 'd1',
    productId: 7,
    received: 12,
    damaged: 0,
    countedAt: '2026-11-29T08:00:00.000Z',
  });
  expect(await after.receivedCounts.where('deliveryId').equals('d1').count()).toBe(1);
  expect(await after.suppliers.count()).toBe(0);
  after.close();
  await Dexie.delete(name);
});
