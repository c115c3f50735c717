import { waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readCatalogue, writeCatalogue } from '#data/catalogue-store.ts';
import { db } from '#data/db.ts';
import { screenIdOf } from '#data/repositories/product-ids.ts';
import {
  createProduct,
  deleteProduct,
  duplicateProduct,
  editProduct,
  withPendingWrites,
} from '#data/repositories/products.ts';
import { saveSession } from '#data/session.ts';
import type { OutboxEntry } from '#data/sync/outbox-entry.ts';
import { requestReplay, resumeReplay } from '#data/sync/replayer.ts';
import { type Settlement, settlementOf } from '#data/sync/write-handler.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import { mockServer } from '../../mocks/server.ts';
import { clearLocalData } from '../helpers/local-data.ts';

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  mockServer.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => mockServer.close());

const item = (id: number, product: string, listPrice: number, version = 1): InventoryItem => ({
  id,
  version,
  product,
  producer: 'Penfolds',
  country: 'Australia',
  region: 'Barossa',
  appellation: 'Barossa Valley',
  luc: 100,
  gst: 10,
  listPrice,
  status: 'In Stock',
  margin: 0,
  custom: {},
});

const answer = (id: number, name: string, listPrice: string, version: number) => ({
  id,
  version,
  columns: [
    { key: 'name', value: name },
    { key: 'producer', value: 'Penfolds' },
    { key: 'luc', value: '100.00' },
    { key: 'gst', value: '10.00' },
    { key: 'list_price', value: listPrice },
  ],
});

const sent: { method: string; path: string; body: unknown }[] = [];
let online = true;

beforeEach(async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  await requestReplay();
  await clearLocalData();
  resumeReplay();
  sent.length = 0;
  online = true;
  await saveSession({ accessToken: 'a1', refreshToken: 'r1', user: { email: 'demo@vintry.test' } });
  await writeCatalogue([item(1, 'Grange', 900), item(2, 'Bin 389', 90)], {
    key: 'catalogue',
    etag: '"v1"',
    fetchedAt: Date.now(),
    count: 2,
  });
  mockServer.use(
    http.all('*/api/v1/catalogue/*', async ({ request }) => {
      if (!online) return HttpResponse.error();
      const path = new URL(request.url).pathname.replace('/api/v1', '');
      const body = request.method === 'DELETE' ? null : await request.json();
      sent.push({ method: request.method, path, body });
      if (request.method === 'PATCH' && path === '/catalogue/products/1') {
        return HttpResponse.json(answer(1, 'Grange', '950.00', 2));
      }
      if (request.method === 'POST' && path === '/catalogue/products/1/duplicate') {
        return HttpResponse.json(answer(77, 'Grange (Copy)', '990.00', 1), { status: 201 });
      }
      if (request.method === 'POST' && path === '/catalogue/products') {
        const { fields } = body as { fields: { name: string; list_price: string } };
        return HttpResponse.json(answer(88, fields.name, fields.list_price, 1), { status: 201 });
      }
      if (request.method === 'DELETE') return new HttpResponse(null, { status: 204 });
      return HttpResponse.json({ message: 'Not found' }, { status: 404 });
    }),
  );
});

const shown = async () => {
  const entries = await db.outbox.orderBy('seq').toArray();
  return withPendingWrites((await readCatalogue()).items, entries);
};
const drained = () => waitFor(async () => expect(await db.outbox.count()).toBe(0));

describe('catalogue writes through the outbox', () => {
  it('an edit shows at once, is sent with its base version, and is stored as answered', async () => {
    online = false;
    await editProduct(item(1, 'Grange', 900), { list_price: '950.00' });
    const before = await shown();
    expect(before.find((row) => row.id === 1)?.listPrice).toBe(950);
    expect((await readCatalogue()).items[0]?.listPrice).toBe(900);

    online = true;
    requestReplay();
    await drained();
    expect(sent).toEqual([
      {
        method: 'PATCH',
        path: '/catalogue/products/1',
        body: { base_version: 1, changes: { list_price: '950.00' } },
      },
    ]);
    const stored = (await readCatalogue()).items[0];
    expect(stored).toMatchObject({ id: 1, version: 2, listPrice: 950 });
    expect((await readCatalogue()).meta?.etag).toBeNull();
  });

  it('a product added offline shows at once at the end, takes later edits into its one request, and gets its server id', async () => {
    online = false;
    const id = await createProduct({ name: 'Hill of Grace', luc: '300.00', list_price: '800.00' });
    expect(id).toBeLessThan(0);
    const added = (await shown()).at(-1) as InventoryItem;
    expect(added).toMatchObject({
      id,
      product: 'Hill of Grace',
      luc: 300,
      listPrice: 800,
      stock_quantity: 0,
      status: 'Out of Stock',
    });
    await editProduct(added, { list_price: '850.00', producer: 'Henschke' });
    expect(await db.outbox.count()).toBe(1);
    expect((await shown()).at(-1)).toMatchObject({ id, listPrice: 850, producer: 'Henschke' });

    online = true;
    requestReplay();
    await drained();
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/catalogue/products',
        body: {
          fields: {
            name: 'Hill of Grace',
            luc: '300.00',
            list_price: '850.00',
            producer: 'Henschke',
          },
        },
      },
    ]);
    expect((await readCatalogue()).items.map((row) => [row.id, row.product])).toEqual([
      [1, 'Grange'],
      [2, 'Bin 389'],
      [88, 'Hill of Grace'],
    ]);
  });

  it("an edit or a copy made from a screen still showing a new product's temporary id names the server's id", async () => {
    online = false;
    await createProduct({ name: 'Hill of Grace', list_price: '800.00' });
    const stale = (await shown()).at(-1) as InventoryItem;
    online = true;
    requestReplay();
    await drained();
    online = false;
    await editProduct(stale, { producer: 'Henschke' });
    await duplicateProduct(stale);
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((entry) => [entry.op, entry.path])).toEqual([
      ['product.update', '/catalogue/products/88'],
      ['product.duplicate', '/catalogue/products/88/duplicate'],
    ]);
    expect(entries[0]?.recordId).toBe(88);
  });

  it('lays many waiting writes over the catalogue in the order they were made', async () => {
    online = false;
    const grange = item(1, 'Grange', 900);
    await editProduct(grange, { list_price: '950.00' });
    await duplicateProduct({ ...grange, listPrice: 950 });
    await editProduct(grange, { list_price: '990.00' });
    await duplicateProduct(item(2, 'Bin 389', 90));
    await duplicateProduct(item(2, 'Bin 389', 90));
    const [firstCopy] = (await shown()).filter((row) => row.product === 'Bin 389 (Copy)');
    await duplicateProduct(firstCopy as InventoryItem);
    await deleteProduct(item(2, 'Bin 389', 90));
    await createProduct({ name: 'Hill of Grace', list_price: '800.00' });
    expect((await shown()).map((row) => [row.product, row.listPrice])).toEqual([
      ['Grange', 990],
      // A copy takes the edits made before it, not those after.
      ['Grange (Copy)', 950],
      // The latest copy goes first; a copy of a copy follows it; deleting the original keeps them.
      ['Bin 389 (Copy)', 90],
      ['Bin 389 (Copy) (Copy)', 90],
      ['Bin 389 (Copy)', 90],
      ['Hill of Grace', 800],
    ]);
  });

  it('a product whose answer was lost shows once when a refresh brings it, with later edits on it', async () => {
    online = false;
    const id = await createProduct({ name: 'Hill of Grace', list_price: '800.00' });
    const [create] = await db.outbox.toArray();
    // Its request reached the server, but the page reloaded before the answer was stored.
    await db.outbox.update(create?.seq as number, { attempts: 1 });
    const made = (await shown()).find((row) => row.id === id) as InventoryItem;
    await editProduct(made, { producer: 'Henschke' });
    expect((await shown()).map((row) => row.product)).toEqual([
      'Grange',
      'Bin 389',
      'Hill of Grace',
    ]);

    // A refresh brings the product the server made, named by the create's client_ref.
    const ref = (create?.body as { client_ref?: string } | undefined)?.client_ref;
    expect(ref).toMatch(/^[0-9a-f-]{36}$/);
    const stored = { ...item(88, 'Hill of Grace', 800), producer: '', ref };
    await writeCatalogue([item(1, 'Grange', 900), item(2, 'Bin 389', 90), stored], {
      key: 'catalogue',
      etag: '"v2"',
      fetchedAt: Date.now(),
      count: 3,
    });
    const rows = await shown();
    expect(rows.map((row) => [row.id, row.product, row.producer])).toEqual([
      [1, 'Grange', 'Penfolds'],
      [2, 'Bin 389', 'Penfolds'],
      [88, 'Hill of Grace', 'Henschke'],
    ]);
  });

  it('a duplicate edited before it is sent: one request with the edit, placed after its original', async () => {
    online = false;
    await duplicateProduct(item(1, 'Grange', 900));
    const [entry] = await db.outbox.toArray();
    const copyId = screenIdOf(entry?.recordId as string);
    expect(copyId).toBeLessThan(0);
    const copy = (await shown()).find((row) => row.id === copyId) as InventoryItem;
    expect((await shown()).map((row) => row.product)).toEqual([
      'Grange',
      'Grange (Copy)',
      'Bin 389',
    ]);
    await editProduct(copy, { list_price: '990.00' });
    expect(await db.outbox.count()).toBe(1);

    online = true;
    requestReplay();
    await drained();
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/catalogue/products/1/duplicate',
        body: { changes: { list_price: '990.00' }, client_ref: expect.any(String) },
      },
    ]);
    expect((await readCatalogue()).items.map((row) => [row.id, row.product])).toEqual([
      [1, 'Grange'],
      [77, 'Grange (Copy)'],
      [2, 'Bin 389'],
    ]);
  });

  it('a delete hides the row at once and removes it from the stored catalogue when answered', async () => {
    online = false;
    await deleteProduct(item(2, 'Bin 389', 90));
    expect((await shown()).map((row) => row.id)).toEqual([1]);
    online = true;
    requestReplay();
    await drained();
    expect((await readCatalogue()).items.map((row) => row.id)).toEqual([1]);
  });

  it('a delete of a product another device deleted first is done, not in need of attention', async () => {
    mockServer.use(
      http.delete('*/api/v1/catalogue/products/2', () =>
        HttpResponse.json({ message: 'This product was deleted' }, { status: 404 }),
      ),
    );
    await deleteProduct(item(2, 'Bin 389', 90));
    await drained();
    expect((await readCatalogue()).items.map((row) => row.id)).toEqual([1]);
  });

  it('a refused edit needs attention and the row shows the server value again', async () => {
    await editProduct(item(2, 'Bin 389', 90), { list_price: '95.00' });
    await waitFor(async () =>
      expect((await db.outbox.toArray())[0]?.state).toBe('needs-attention'),
    );
    expect((await shown()).find((row) => row.id === 2)?.listPrice).toBe(90);
  });

  it('an edit of a product deleted meanwhile offers to re-create it, as it was and with the edit', async () => {
    await editProduct(item(2, 'Bin 389', 90), { list_price: '95.00' });
    await waitFor(async () =>
      expect((await db.outbox.toArray())[0]?.state).toBe('needs-attention'),
    );
    const [entry] = await db.outbox.toArray();
    const settlement = settlementOf(entry as OutboxEntry) as Settlement;
    expect(settlement.differences).toEqual([]);
    expect(settlement.choices.map((choice) => choice.label)).toEqual(['Re-create']);
    sent.length = 0;
    await settlement.choices[0]?.run();
    await drained();
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/catalogue/products',
        body: {
          fields: {
            name: 'Bin 389',
            producer: 'Penfolds',
            country: 'Australia',
            region: 'Barossa',
            appellation: 'Barossa Valley',
            luc: '100.00',
            gst: '10.00',
            list_price: '95.00',
          },
          client_ref: expect.any(String),
        },
      },
    ]);
    expect((await readCatalogue()).items.map((row) => [row.id, row.product])).toEqual([
      [1, 'Grange'],
      [2, 'Bin 389'],
      [88, 'Bin 389'],
    ]);
  });

  describe('an edit of a field another device changed meanwhile', () => {
    const keys: (string | null)[] = [];
    const conflict = {
      message: 'This product was changed on another device',
      conflicts: ['list_price'],
      current: answer(1, 'Grange', '980.00', 3),
    };

    async function refusedEdit() {
      keys.length = 0;
      mockServer.use(
        http.patch('*/api/v1/catalogue/products/1', async ({ request }) => {
          const body = (await request.json()) as { base_version: number };
          keys.push(request.headers.get('Idempotency-Key'));
          sent.push({ method: 'PATCH', path: '/catalogue/products/1', body });
          return body.base_version === 3
            ? HttpResponse.json(answer(1, 'Grange', '950.00', 4))
            : HttpResponse.json(conflict, { status: 409 });
        }),
      );
      await editProduct(item(1, 'Grange', 900), { list_price: '950.00', producer: 'Penfolds SA' });
      await waitFor(async () =>
        expect((await db.outbox.toArray())[0]?.state).toBe('needs-attention'),
      );
      const [entry] = await db.outbox.toArray();
      const settlement = settlementOf(entry as OutboxEntry);
      expect(settlement?.differences).toEqual([
        { label: 'List price', yours: '$950.00', current: '$980.00' },
      ]);
      return settlement as Settlement;
    }

    it("'Keep mine' sends it again, based on the server's version, as a new request", async () => {
      const settlement = await refusedEdit();
      const before = (await db.outbox.toArray())[0]?.idempotencyKey;
      await settlement.choices.find((choice) => choice.label === 'Keep mine')?.run();
      await drained();
      expect(keys).toHaveLength(2);
      expect(keys[0]).toBe(before);
      expect(keys[1]).not.toBe(before);
      expect(
        sent.map((request) => (request.body as { base_version: number }).base_version),
      ).toEqual([1, 3]);
      expect((await readCatalogue()).items[0]).toMatchObject({ version: 4, listPrice: 950 });
    });

    it("'Keep current' takes the server's value and sends the rest of the edit", async () => {
      const settlement = await refusedEdit();
      await settlement.choices.find((choice) => choice.label === 'Keep current')?.run();
      await drained();
      expect(sent.at(-1)?.body).toEqual({ base_version: 3, changes: { producer: 'Penfolds SA' } });
    });
  });
});

describe('a replay of many products after an outage', () => {
  const many = Array.from({ length: 150 }, (_, index) => item(100 + index, `Wine ${index}`, 20));
  const batches: { method: string; path: string; body: unknown }[][] = [];

  beforeEach(async () => {
    batches.length = 0;
    await writeCatalogue(many, {
      key: 'catalogue',
      etag: null,
      fetchedAt: Date.now(),
      count: many.length,
    });
    online = false;
    for (const wine of many) await editProduct(wine, { list_price: '25.00' });
    online = true;
  });

  const answerBatches = (refuse: number) =>
    mockServer.use(
      http.post('*/api/v1/batch', async ({ request }) => {
        const { writes } = (await request.json()) as {
          writes: { method: string; path: string; body: unknown }[];
        };
        batches.push(writes);
        return HttpResponse.json({
          answers: writes.map((write) => {
            const id = Number(write.path.split('/').at(-1));
            if (id === refuse) return { status: 404, body: { message: 'Product not found' } };
            const wine = many.find((each) => each.id === id);
            return { status: 200, body: answer(id, wine?.product ?? '', '25.00', 2) };
          }),
        });
      }),
    );

  it('sends them in batches of at most 100, stores every answer and sets aside the refused one', async () => {
    answerBatches(130);
    requestReplay();
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    expect(batches.map((writes) => writes.length)).toEqual([100, 50]);
    expect(batches[0]?.[0]).toEqual({
      method: 'PATCH',
      path: '/catalogue/products/100',
      idempotency_key: expect.any(String),
      body: { base_version: 1, changes: { list_price: '25.00' } },
    });
    expect(sent).toEqual([]);
    const stored = (await readCatalogue()).items;
    expect(stored.filter((wine) => wine.listPrice === 25)).toHaveLength(149);
    expect(stored.find((wine) => wine.id === 130)).toMatchObject({ listPrice: 20, version: 1 });
    const left = await db.outbox.toArray();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({
      recordId: 130,
      state: 'needs-attention',
      failure: { status: 404, message: 'Product not found' },
    });
  });

  it('a batch the server could not take keeps every write, to be tried again', async () => {
    mockServer.use(
      http.post('*/api/v1/batch', () =>
        HttpResponse.json({ message: 'Service unavailable' }, { status: 503 }),
      ),
    );
    await requestReplay();
    const left = await db.outbox.toArray();
    expect(left).toHaveLength(many.length);
    expect(left.every((entry) => entry.state === 'pending' && entry.attempts === 1)).toBe(true);
    expect((await readCatalogue()).items.every((wine) => wine.listPrice === 20)).toBe(true);
  });
});
