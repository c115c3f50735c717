import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReorderLine, ReorderSuggestions } from '#domains/purchasing/reorder.ts';
import type { Supplier } from '#domains/purchasing/supplier.ts';
import type { Product } from './helpers/products.ts';
import { cardSale, shopsWithStaff } from './helpers/sales.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Reorder figures from real sales: 8 weeks of units sold less units returned, the supplier's lead
 * time, the product's case; the product's own figures where it sets them; suggestions of what
 * is at or under its point, by supplier, valued at cost.
 */
describe('reorder figures and suggestions', () => {
  let server: TestServer;
  let owner: string;
  let staff: string;
  let other: string;
  let shiraz: Product;
  let gin: Product;
  let cider: Product;
  let supplier: Supplier;

  const send = (method: string, path: string, body: unknown, token = owner) =>
    server.call(method, `/api/v1${path}`, {
      token,
      headers: { 'Idempotency-Key': randomUUID() },
      body,
    });
  const create = async (fields: Record<string, unknown>) =>
    (await send('POST', '/catalogue/products', { fields })).body as Product;
  const stock = (product: Product, delta: number) =>
    send('POST', `/stock/products/${product.id}/movements`, {
      id: randomUUID(),
      delta,
      reason: 'Other',
      made_at: new Date().toISOString(),
    });
  let till = '';
  let receipts = 0;
  const nextReceipt = () => `${till}-${String(++receipts).padStart(6, '0')}`;
  const sell = (product: Product, quantity: number, daysAgo = 1) =>
    send(
      'POST',
      '/sales',
      cardSale(
        [{ product_id: product.id, quantity, unit_cents: 2_000, luc_cents: 900, taxable: true }],
        nextReceipt(),
        { made_at: new Date(Date.now() - daysAgo * 86_400_000).toISOString() },
      ),
    );
  const autoReorder = (enabled: boolean) =>
    send('PUT', '/preferences/inventory-settings', {
      stockManagement: {
        autoReorderEnabled: enabled,
        autoReorderDays: 30,
        safetyStockMultiplier: 2,
      },
    });
  const figures = async (product: Product, token = owner) => {
    const response = await server.call('GET', `/api/v1/purchasing/products/${product.id}/reorder`, {
      token,
    });
    return { status: response.status, body: response.body as ReorderLine };
  };

  beforeAll(async () => {
    server = await createTestServer();
    ({ token: owner, staffToken: staff, otherToken: other } = await shopsWithStaff(server));
    await server.foundedLongAgo();
    till = (
      (await send('POST', '/sales/tills', { device_id: 'reorder-tablet' })).body as { code: string }
    ).code;
    supplier = (
      (
        await send('POST', '/suppliers', {
          id: randomUUID(),
          name: 'Cellar Direct',
          lead_days: 14,
          minimum_order_cents: 30_000,
        })
      ).body as { supplier: Supplier }
    ).supplier;
    shiraz = await create({
      name: 'Reorder Shiraz',
      vintage: '2021',
      luc: '9',
      list_price: '20',
      supplier: 'Cellar Direct',
      case_size: '12',
    });
    gin = await create({
      name: 'Reorder Gin',
      luc: '30.5',
      list_price: '60',
      reorder_point: '4',
      reorder_quantity: '6',
    });
    cider = await create({
      name: 'Reorder Cider',
      luc: '2',
      list_price: '5',
      supplier: 'cellar direct',
    });
    await stock(shiraz, 100);
    await stock(gin, 3);
    await stock(cider, 50);
    // 52 Shiraz in the last 8 weeks (6.5 a week), 10 more long before.
    for (const [quantity, daysAgo] of [
      [20, 3],
      [20, 20],
      [12, 50],
      [10, 70],
    ] as const) {
      const sold = await sell(shiraz, quantity, daysAgo);
      expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    }
  });
  afterAll(() => server.close());

  it('works out a product’s point and quantity from its sales when the shop reorders by itself', async () => {
    await autoReorder(true);
    // Two more sold and returned: net of returns, still 52.
    const sale = cardSale(
      [{ product_id: shiraz.id, quantity: 2, unit_cents: 2_000, luc_cents: 900, taxable: true }],
      nextReceipt(),
    );
    expect((await send('POST', '/sales', sale)).status).toBe(201);
    const returned = await send('POST', '/sales/returns', {
      id: randomUUID(),
      sale_id: sale.id,
      receipt: nextReceipt(),
      made_at: new Date().toISOString(),
      lines: [{ line_no: 1, quantity: 2, resaleable: true, refund_cents: 4_000 }],
      tender: { kind: 'card', cents: 4_000 },
      total_cents: 4_000,
      gst_cents: 364,
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(201);
    const { status, body } = await figures(shiraz);
    expect(status).toBe(200);
    // 6.5 a week: point 6.5 / 7 × 14 days × 2 = 26; a month's 27.9 in cases of 12: 36.
    expect(body).toMatchObject({
      name: 'Reorder Shiraz 2021',
      point: 26,
      quantity: 36,
      automatic: true,
      weekly_rate: 6.5,
      lead_days: 14,
      case_size: 12,
      unit_cost_cents: 900,
      supplier_id: supplier.id,
      supplier: 'Cellar Direct',
      explanation: "Sells 6.5 a week; 14 days' lead; 3 cases of 12",
    });
  });

  it('keeps a product’s own figures, and has none without them when reordering is by hand', async () => {
    await autoReorder(false);
    expect((await figures(gin)).body).toMatchObject({ point: 4, quantity: 6, automatic: false });
    expect((await figures(shiraz)).body).toMatchObject({ point: null, quantity: null });
    await autoReorder(true);
  });

  it('suggests what is at or under its point, by supplier, valued at cost', async () => {
    // 100 − 62 sold − 2 sold + 2 returned = 38 Shiraz: above its point 26. Sell it down to 24.
    expect((await sell(shiraz, 14)).status).toBe(201);
    const response = await server.call('GET', '/api/v1/purchasing/suggestions', { token: owner });
    expect(response.status).toBe(200);
    const { suppliers } = response.body as ReorderSuggestions;
    expect(suppliers.map((group) => group.name)).toEqual(['Cellar Direct', null]);
    const [direct, none] = suppliers;
    expect(direct?.minimum_order_cents).toBe(30_000);
    // The Shiraz sold 66 in 8 weeks now: 8.25 a week, point 33; a month's 35.4 → 3 cases, 36.
    expect(direct?.lines.map((line) => [line.name, line.stock, line.point, line.quantity])).toEqual(
      [['Reorder Shiraz 2021', 24, 33, 36]],
    );
    expect(direct?.value_cents).toBe(36 * 900);
    // The cider sells nothing: no point, no suggestion. The gin's own point is 4, it has 3.
    expect(none?.lines.map((line) => [line.name, line.quantity, line.unit_cost_cents])).toEqual([
      ['Reorder Gin', 6, 3_050],
    ]);
    expect(none?.value_cents).toBe(18_300);
  });

  it('answers suggestions to those who buy, figures to everyone, each in their business', async () => {
    expect(
      (await server.call('GET', '/api/v1/purchasing/suggestions', { token: staff })).status,
    ).toBe(403);
    expect((await figures(gin, staff)).status).toBe(200);
    expect((await figures(gin, other)).status).toBe(404);
    expect(
      (
        await server.call('GET', '/api/v1/purchasing/products/99999999999/reorder', {
          token: owner,
        })
      ).status,
    ).toBe(404);
    const elsewhere = (await server.call('GET', '/api/v1/purchasing/suggestions', { token: other }))
      .body as ReorderSuggestions;
    expect(elsewhere.suppliers).toEqual([]);
  });
});
