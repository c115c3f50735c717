import { waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readCatalogue, writeCatalogue } from '#data/catalogue-store.ts';
import { db } from '#data/db.ts';
import { createProduct, withPendingWrites } from '#data/repositories/products.ts';
import { adjustStock } from '#data/repositories/stock.ts';
import { saveSession } from '#data/session.ts';
import { requestReplay, resumeReplay } from '#data/sync/replayer.ts';
import { describeEntry } from '#data/sync/write-handler.ts';
import { mockServer } from '../../mocks/server.ts';
import { inventoryItem } from '../helpers/inventory-item.ts';
import { clearLocalData } from '../helpers/local-data.ts';

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  mockServer.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => mockServer.close());

const wine = inventoryItem(1, { product: 'Grange', stock_quantity: 11, version: 3 });
/** What the server holds: stock moved by each movement it stored, once per id. */
let serverStock = 11;
let version = 3;
const stored = new Set<string>();
const sent: { path: string; body: { id: string; delta: number; reason: string } }[] = [];
let online = true;

const productAnswer = (id: number) => ({
  id,
  version,
  columns: [
    { key: 'name', value: 'Grange' },
    { key: 'stock_quantity', value: serverStock },
    { key: 'status', value: serverStock > 10 ? 'In Stock' : 'Low Stock' },
  ],
});

beforeEach(async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  await requestReplay();
  await clearLocalData();
  resumeReplay();
  serverStock = 11;
  version = 3;
  stored.clear();
  sent.length = 0;
  online = true;
  await saveSession({ accessToken: 'a1', refreshToken: 'r1', user: { email: 'demo@vintry.test' } });
  await writeCatalogue([wine], { key: 'catalogue', etag: null, fetchedAt: Date.now(), count: 1 });
  mockServer.use(
    http.post('*/api/v1/stock/products/:id/movements', async ({ request, params }) => {
      if (!online) return HttpResponse.error();
      const body = (await request.json()) as { id: string; delta: number; reason: string };
      sent.push({ path: new URL(request.url).pathname, body });
      const repeated = stored.has(body.id);
      if (!repeated) {
        stored.add(body.id);
        serverStock += body.delta;
        version += 1;
      }
      return HttpResponse.json(
        { movement: { ...body, note: null, by: null }, product: productAnswer(Number(params.id)) },
        { status: repeated ? 200 : 201 },
      );
    }),
    http.post('*/api/v1/catalogue/products', () =>
      HttpResponse.json(
        { id: 42, version: 1, columns: [{ key: 'name', value: 'New wine' }] },
        { status: 201 },
      ),
    ),
  );
});

const shown = async () =>
  withPendingWrites((await readCatalogue()).items, await db.outbox.orderBy('seq').toArray());

describe('stock adjustments through the outbox', () => {
  it('show at once, never merge, and each counts once the server has them', async () => {
    online = false;
    await adjustStock(wine, { delta: 2, reason: 'Other' });
    await adjustStock(wine, { delta: -5, reason: 'Damaged', note: 'dropped' });
    expect(await db.outbox.count()).toBe(2);
    expect((await shown())[0]).toMatchObject({ stock_quantity: 8, status: 'Low Stock' });
    expect((await readCatalogue()).items[0]?.stock_quantity).toBe(11);
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map(describeEntry)).toEqual([
      'Stock +2 for "Grange" (Other)',
      'Stock \u22125 for "Grange" (Damaged)',
    ]);

    online = true;
    requestReplay();
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(sent.map((request) => [request.path, request.body.delta])).toEqual([
      ['/api/v1/stock/products/1/movements', 2],
      ['/api/v1/stock/products/1/movements', -5],
    ]);
    expect(new Set(sent.map((request) => request.body.id)).size).toBe(2);
    expect((await readCatalogue()).items[0]).toMatchObject({ stock_quantity: 8, version: 5 });
  });

  it("of a product added offline waits for its create and goes to the server's id", async () => {
    online = false;
    const screenId = await createProduct({ name: 'New wine', list_price: '20.00' });
    const added = (await shown()).find((row) => row.id === screenId);
    if (!added) throw new Error('the new product is not shown');
    await adjustStock(added, { delta: 6, reason: 'Other' });
    expect((await shown()).find((row) => row.id === screenId)?.stock_quantity).toBe(6);
    online = true;
    requestReplay();
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(sent.map((request) => request.path)).toEqual(['/api/v1/stock/products/42/movements']);
  });
});
