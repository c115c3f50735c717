import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENING_BALANCE, RECENT_MOVEMENTS, STOCK_MESSAGES } from '#domains/stock/movement.ts';
import { products, stockMovements } from '#server/db/schema.ts';
import { insertProducts } from '#server/products/catalogue-repository.ts';
import { generateProducts } from '#server/seed/catalogue.ts';
import { catalogueChanges, type Product, value } from './helpers/products.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

describe('stock movements', () => {
  let server: TestServer;
  let token: string;
  let otherToken: string;

  beforeAll(async () => {
    server = await createTestServer();
    const { harbour, hilltop } = await server.twoBusinesses();
    token = harbour.token;
    otherToken = hilltop.token;
    // Movements dated on days this test names, long after the shop began.
    await server.foundedLongAgo();
  });
  afterAll(() => server.close());

  const create = async (name: string, as = token) =>
    (
      await server.call('POST', '/api/v1/catalogue/products', {
        token: as,
        body: { fields: { name, list_price: '20' } },
      })
    ).body as Product;
  const movement = (delta: number, extra: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    delta,
    reason: 'Damaged',
    made_at: '2026-11-23T09:00:00.000Z',
    ...extra,
  });
  const move = (id: number, body: unknown, as = token) =>
    server.call('POST', `/api/v1/stock/products/${id}/movements`, {
      token: as,
      body,
      headers: { 'Idempotency-Key': randomUUID() },
    });
  const stockOf = async (id: number) => {
    const [row] = await server.db
      .select({ stock: products.stockQuantity })
      .from(products)
      .where(eq(products.id, id));
    return row?.stock;
  };
  const sumOf = async (id: number) => {
    const [row] = await server.db
      .select({ sum: sql<number>`coalesce(sum(${stockMovements.delta}), 0)::int` })
      .from(stockMovements)
      .where(eq(stockMovements.productId, id));
    return row?.sum;
  };

  it('moves the stock, raises the version, and answers the movement and the product', async () => {
    const wine = await create('Stock Shiraz');
    const response = await move(wine.id, movement(12, { reason: 'Other', note: ' delivery ' }));
    expect(response.status).toBe(201);
    const body = response.body as { movement: Record<string, unknown>; product: Product };
    expect(body.movement).toMatchObject({ delta: 12, reason: 'Other', note: 'delivery' });
    expect(value(body.product, 'stock_quantity')).toBe(12);
    expect(value(body.product, 'status')).toBe('In Stock');
    expect(body.product.version).toBe(wine.version + 1);
    const removed = await move(wine.id, movement(-4));
    expect(value((removed.body as { product: Product }).product, 'stock_quantity')).toBe(8);
    expect(value((removed.body as { product: Product }).product, 'status')).toBe('Low Stock');
    expect(await stockOf(wine.id)).toBe(8);
    expect(await sumOf(wine.id)).toBe(8);
  });

  it('stores a movement sent twice once, and answers it again', async () => {
    const wine = await create('Stock Riesling');
    const once = movement(5);
    const first = await move(wine.id, once);
    const second = await move(wine.id, once);
    expect(first.status).toBe(201);
    // Under another key, as the outbox's retry after a lost answer: answered as it was.
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(await stockOf(wine.id)).toBe(5);
  });

  it('refuses an id that is another movement: 409', async () => {
    const wine = await create('Stock Merlot');
    const used = movement(3);
    await move(wine.id, used);
    const response = await move(wine.id, { ...used, delta: 30 });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: STOCK_MESSAGES.idTaken });
    expect(await stockOf(wine.id)).toBe(3);
  });

  it("answers 404 for another business's product, an unknown one and a deleted one", async () => {
    const theirs = await create('Hilltop Gin', otherToken);
    const mine = await create('Stock Rosé');
    await server.call('DELETE', `/api/v1/catalogue/products/${mine.id}`, { token });
    for (const id of [theirs.id, 999_999, mine.id]) {
      const response = await move(id, movement(1));
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: STOCK_MESSAGES.productGone });
    }
    expect(await stockOf(theirs.id)).toBe(0);
    const list = await server.call('GET', `/api/v1/stock/products/${theirs.id}/movements`, {
      token,
    });
    expect(list.status).toBe(404);
  });

  it.each([
    ['a zero quantity', { delta: 0 }],
    ['a fraction', { delta: 1.5 }],
    ['too many units', { delta: 1_000_001 }],
    ['no reason', { reason: '  ' }],
    ['a note too long', { note: 'x'.repeat(501) }],
    ['an id that is not a UUID', { id: 'abc' }],
    ['a time that is not ISO 8601', { made_at: 'yesterday' }],
  ])('answers 400 {message} for %s, and moves nothing', async (_case, change) => {
    const wine = await create(`Stock ${_case}`);
    const response = await move(wine.id, { ...movement(2), ...change });
    expect(response.status).toBe(400);
    expect(typeof (response.body as { message: string }).message).toBe('string');
    expect(await stockOf(wine.id)).toBe(0);
  });

  it('shows the movement in History and in the changes feed of other devices', async () => {
    const { version: before } = (await catalogueChanges(server, token, 0)).body as {
      version: number;
    };
    const wine = await create('Stock Cabernet');
    await move(wine.id, movement(-2, { reason: 'Sample', note: 'tasting' }));
    const feed = (await catalogueChanges(server, token, before)).body as { products: Product[] };
    expect(value(feed.products.find((p) => p.id === wine.id) as Product, 'stock_quantity')).toBe(
      -2,
    );
    const history = (
      await server.call('GET', `/api/v1/catalogue/products/${wine.id}/history`, { token })
    ).body as { changes: Record<string, unknown>[] };
    expect(history.changes[0]).toMatchObject({
      kind: 'stock',
      reason: 'Sample',
      note: 'tasting',
      fields: { stock_quantity: [0, -2] },
    });
    expect(history.changes[1]).not.toHaveProperty('reason');
  });

  it('lists the newest movements first, with who made them', async () => {
    const wine = await create('Stock Chardonnay');
    for (let day = 1; day <= RECENT_MOVEMENTS + 2; day += 1) {
      const madeAt = `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`;
      await move(wine.id, movement(day, { made_at: madeAt }));
    }
    const response = await server.call('GET', `/api/v1/stock/products/${wine.id}/movements`, {
      token,
    });
    const { movements } = response.body as { movements: { delta: number; by: string }[] };
    expect(movements.map((each) => each.delta)).toEqual(
      Array.from({ length: RECENT_MOVEMENTS }, (_, index) => RECENT_MOVEMENTS + 2 - index),
    );
    expect(movements[0]?.by).toBe('a@harbour.test');
  });

  it('50 adjustments of one product at once: every one counts', async () => {
    const wine = await create('Stock Pinot');
    const deltas = Array.from({ length: 50 }, (_, index) => (index % 3 === 0 ? -2 : 5));
    const answers = await Promise.all(deltas.map((delta) => move(wine.id, movement(delta))));
    expect(answers.map((answer) => answer.status).filter((status) => status !== 201)).toEqual([]);
    const expected = deltas.reduce((total, delta) => total + delta, 0);
    expect(await stockOf(wine.id)).toBe(expected);
    expect(await sumOf(wine.id)).toBe(expected);
  });

  it('products added with stock get it as an opening balance', async () => {
    const wine = await create('Stock Opening');
    const [business] = await server.db
      .select({ businessId: products.businessId })
      .from(products)
      .where(eq(products.id, wine.id));
    const seeded = generateProducts(3, 10_000).map((product, index) => ({
      ...product,
      stockQuantity: [0, 7, 40][index] ?? 0,
    }));
    await insertProducts(server.db, business?.businessId as string, seeded);
    const rows = await server.db
      .select({ id: products.id, stock: products.stockQuantity })
      .from(products)
      .where(sql`${products.name} in ${seeded.map((product) => product.name)}`);
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(await sumOf(row.id)).toBe(row.stock);
    const reasons = await server.db
      .select({ reason: stockMovements.reason })
      .from(stockMovements)
      .where(sql`${stockMovements.productId} in ${rows.map((row) => row.id)}`);
    expect(reasons.map((row) => row.reason)).toEqual([OPENING_BALANCE, OPENING_BALANCE]);
  });
});
