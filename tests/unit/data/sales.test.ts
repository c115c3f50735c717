import { waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readCatalogue, writeCatalogue } from '#data/catalogue-store.ts';
import { db } from '#data/db.ts';
import { ordersShown } from '#data/repositories/customer-orders.ts';
import { withPendingWrites } from '#data/repositories/products.ts';
import { recordSale, SALE_TEXT, unsentSales } from '#data/repositories/sales.ts';
import { ensureTill, storedTill, TILL_TEXT } from '#data/repositories/tills.ts';
import { saveSession } from '#data/session.ts';
import { requestReplay, resumeReplay } from '#data/sync/replayer.ts';
import { describeEntry } from '#data/sync/write-handler.ts';
import { type CustomerOrder, reservedUnits } from '#domains/customer-orders/customer-order.ts';
import type { Sale } from '#domains/sales/sale.ts';
import { mockServer } from '../../mocks/server.ts';
import { inventoryItem } from '../helpers/inventory-item.ts';
import { clearLocalData } from '../helpers/local-data.ts';

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  mockServer.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => mockServer.close());

const BUSINESS = '0d6f1c7e-3a4b-4c5d-8e9f-a0b1c2d3e4f5';
const wine = inventoryItem(1, {
  product: 'Grange',
  listPrice: 44.99,
  luc: 26,
  gst: 2.6,
  stock_quantity: 2,
  version: 3,
});
let online = true;
let tillAsks = 0;
/** Sales the server stored, once per id. */
const recorded = new Map<string, Sale>();

beforeEach(async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  await requestReplay();
  await clearLocalData();
  resumeReplay();
  online = true;
  tillAsks = 0;
  recorded.clear();
  await saveSession({
    accessToken: 'a1',
    refreshToken: 'r1',
    user: { email: 'demo@vintry.test', businessId: BUSINESS },
  });
  await writeCatalogue([wine], { key: 'catalogue', etag: null, fetchedAt: Date.now(), count: 1 });
  mockServer.use(
    http.post('*/api/v1/sales/tills', () => {
      tillAsks += 1;
      return HttpResponse.json({ code: 'T3' }, { status: tillAsks === 1 ? 201 : 200 });
    }),
    http.post('*/api/v1/sales', async ({ request }) => {
      if (!online) return HttpResponse.error();
      const sale = (await request.json()) as Sale;
      const repeated = recorded.has(sale.id);
      recorded.set(sale.id, sale);
      const sold = [...recorded.values()].reduce(
        (units, each) => units + each.lines.reduce((sum, line) => sum + line.quantity, 0),
        0,
      );
      return HttpResponse.json(
        {
          sale: { id: sale.id, receipt: sale.receipt },
          products: [
            {
              id: 1,
              version: 3 + recorded.size,
              columns: [
                { key: 'name', value: 'Grange' },
                { key: 'stock_quantity', value: 2 - sold },
              ],
            },
          ],
        },
        { status: repeated ? 200 : 201 },
      );
    }),
  );
});

const shown = async () =>
  withPendingWrites((await readCatalogue()).items, await db.outbox.orderBy('seq').toArray());

describe('sales on the tablet', () => {
  it('asks for its till code once, and keeps it for the business it was given in', async () => {
    expect((await ensureTill(BUSINESS)).code).toBe('T3');
    expect((await ensureTill(BUSINESS)).code).toBe('T3');
    expect(tillAsks).toBe(1);
    expect(await storedTill('another-business')).toBeUndefined();
  });

  it('cannot number a sale before it has a till code', async () => {
    await expect(
      recordSale({ lines: [{ item: wine, quantity: 1 }], tenders: [] }, BUSINESS),
    ).rejects.toThrow(TILL_TEXT.needsTill);
    expect(await db.outbox.count()).toBe(0);
  });

  it('completes a customer order offline: its customer and order named, its lines at the prices it agreed, the order shown handed over', async () => {
    await ensureTill(BUSINESS);
    online = false;
    const customerId = crypto.randomUUID();
    const orderId = crypto.randomUUID();
    const order: CustomerOrder = {
      id: orderId,
      number: 'ORD-1004',
      customer_id: customerId,
      customer: 'Margaret Chen',
      kind: 'pickup',
      due_on: '2026-12-24',
      window_from: null,
      window_to: null,
      address: null,
      notes: null,
      status: 'ready',
      lines: [{ product_id: wine.id, name: 'Grange', quantity: 2, price_cents: 4_000 }],
      total_cents: 8_000,
      version: 2,
      field_versions: {},
      created_at: '2026-11-29T09:00:00.000Z',
      updated_at: '2026-11-29T09:00:00.000Z',
    };
    await db.customerOrders.put(order);
    const sale = await recordSale(
      {
        lines: [{ item: wine, quantity: 2, agreedCents: 4_000 }],
        tenders: [{ kind: 'card', cents: 8_000 }],
        customerId,
        orderId,
      },
      BUSINESS,
    );
    // Sold against the order's price, not the shelf's $44.99: no discount to approve.
    expect(sale).toMatchObject({
      customer_id: customerId,
      customer_order_id: orderId,
      total_cents: 8_000,
      lines: [{ unit_cents: 4_000, shelf_cents: 4_000 }],
    });
    const [waiting] = await db.outbox.toArray();
    const handed = ordersShown([order], [], waiting ? [waiting] : []);
    expect(handed[0]).toMatchObject({ status: 'collected', sale_receipt: sale.receipt });
    expect(reservedUnits(handed).get(wine.id)).toBeUndefined();
    expect(reservedUnits([order]).get(wine.id)).toBe(2);
  });

  it('sells offline: numbered receipts, stock shown moved, sent once when back online', async () => {
    await ensureTill(BUSINESS);
    online = false;
    const first = await recordSale(
      {
        lines: [{ item: wine, quantity: 2 }],
        tenders: [{ kind: 'cash', given_cents: 10_000 }],
      },
      BUSINESS,
    );
    const second = await recordSale(
      { lines: [{ item: wine, quantity: 1 }], tenders: [{ kind: 'card', cents: 4_499 }] },
      BUSINESS,
    );
    expect([first.receipt, second.receipt]).toEqual(['T3-000001', 'T3-000002']);
    expect(first).toMatchObject({ total_cents: 8_998, gst_cents: 818 });
    expect(first.lines[0]).toMatchObject({ unit_cents: 4_499, luc_cents: 2_600, taxable: true });
    expect(await unsentSales()).toBe(2);
    // Two sold and one more: the last bottle sold twice over shows below zero, as it is.
    expect((await shown())[0]?.stock_quantity).toBe(-1);
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map(describeEntry)).toEqual([
      'Sale T3-000001 ($89.98)',
      'Sale T3-000002 ($44.99)',
    ]);

    online = true;
    await requestReplay();
    await waitFor(async () => expect(await unsentSales()).toBe(0));
    expect(recorded.size).toBe(2);
    expect((await readCatalogue()).items[0]?.stock_quantity).toBe(-1);
  });

  it('will not sell a product that has not reached the server', async () => {
    await ensureTill(BUSINESS);
    const local = { ...wine, id: -7, product: 'New Arrival' };
    await expect(
      recordSale({ lines: [{ item: local, quantity: 1 }], tenders: [] }, BUSINESS),
    ).rejects.toThrow(SALE_TEXT.notSynced('New Arrival'));
  });
});
