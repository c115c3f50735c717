import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CORRECTION } from '#domains/stock/movement.ts';
import { STOCKTAKE_MESSAGES, type StocktakeDetail } from '#domains/stocktakes/stocktake.ts';
import { products, stockMovements } from '#server/db/schema.ts';
import { catalogueChanges, type Product, value } from './helpers/products.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Counts on the server: the snapshot when a count starts, several counters, recounts, products
 * added to a count, partial and full closes, and movements made during a count.
 */
describe('stocktakes', () => {
  let server: TestServer;
  let ana: string;
  let ben: string;
  let other: string;

  beforeAll(async () => {
    server = await createTestServer();
    for (const [email, businessName] of [
      ['ana@cellar.test', 'Count Cellar'],
      ['ben@cellar.test', 'Count Cellar'],
      ['zoe@other.test', 'Other Cellar'],
    ] as const) {
      await server.createUser({ email, password: 'Cellar2026', businessName, name: email });
    }
    ana = (await server.login('ana@cellar.test', 'Cellar2026')).accessToken;
    ben = (await server.login('ben@cellar.test', 'Cellar2026')).accessToken;
    other = (await server.login('zoe@other.test', 'Cellar2026')).accessToken;
    // Counts dated on days this test names, long after the shops began.
    await server.foundedLongAgo();
  });
  afterAll(() => server.close());

  const write = (token: string) => ({ token, headers: { 'Idempotency-Key': randomUUID() } });
  /** A product with `stock` in stock (an opening adjustment), in a category. */
  const product = async (name: string, stock: number, category = 'Red Wine', as = ana) => {
    const created = (
      await server.call('POST', '/api/v1/catalogue/products', {
        ...write(as),
        body: { fields: { name, category, luc: '10' } },
      })
    ).body as Product;
    if (stock !== 0) await move(created.id, stock, as);
    return created.id;
  };
  const move = (id: number, delta: number, as = ana) =>
    server.call('POST', `/api/v1/stock/products/${id}/movements`, {
      ...write(as),
      body: { id: randomUUID(), delta, reason: 'Other', made_at: new Date().toISOString() },
    });
  const start = (body: Record<string, unknown>, as = ana) =>
    server.call('POST', '/api/v1/stocktakes', {
      ...write(as),
      body: {
        id: randomUUID(),
        name: 'November count',
        scope: 'full',
        scan_mode: 'scan',
        started_at: new Date().toISOString(),
        ...body,
      },
    });
  const lines = (id: string, body: unknown, as = ana) =>
    server.call('PUT', `/api/v1/stocktakes/${id}/lines`, { ...write(as), body });
  const count = (id: string, productId: number, quantity: number, as = ana, device = 'tab-1') =>
    lines(
      id,
      {
        device_id: device,
        lines: [{ product_id: productId, quantity, counted_at: new Date().toISOString() }],
      },
      as,
    );
  const detail = async (id: string, as = ana) =>
    (await server.call('GET', `/api/v1/stocktakes/${id}`, { token: as })).body as StocktakeDetail;
  const close = (id: string, uncounted: 'zero' | 'leave', as = ana) =>
    server.call('POST', `/api/v1/stocktakes/${id}/close`, { ...write(as), body: { uncounted } });
  const stockOf = async (ids: number[]) => {
    const rows = await server.db
      .select({ id: products.id, stock: products.stockQuantity })
      .from(products)
      .where(inArray(products.id, ids));
    return Object.fromEntries(rows.map((row) => [row.id, row.stock]));
  };

  it('takes the snapshot of every product when a full count starts', async () => {
    const a = await product('Snapshot Shiraz', 12);
    const b = await product('Snapshot Gin', 3, 'Spirits');
    const response = await start({});
    expect(response.status).toBe(201);
    const { stocktake } = response.body as { stocktake: { id: string; products: number } };
    const { expected } = await detail(stocktake.id);
    expect(expected).toEqual(
      expect.arrayContaining([
        [a, 12],
        [b, 3],
      ]),
    );
    expect(stocktake.products).toBe(expected.length);
    // Movements after the start do not change the snapshot.
    await move(a, -2);
    expect((await detail(stocktake.id)).expected).toContainEqual([a, 12]);
  });

  it('a partial count by category or search holds only those products', async () => {
    const gin = await product('Partial Dry Gin', 4, 'Spirits');
    const wine = await product('Partial Merlot', 4);
    const byCategory = (
      (await start({ scope: 'partial', category: 'Spirits' })).body as {
        stocktake: { id: string };
      }
    ).stocktake.id;
    const ids = (await detail(byCategory)).expected.map(([id]) => id);
    expect(ids).toContain(gin);
    expect(ids).not.toContain(wine);
    const bySearch = (
      (await start({ scope: 'partial', search: 'partial merl' })).body as {
        stocktake: { id: string };
      }
    ).stocktake.id;
    expect((await detail(bySearch)).expected.map(([id]) => id)).toEqual([wine]);
  });

  it('the same start again answers the same count; another count with its id is refused', async () => {
    const body = {
      id: randomUUID(),
      name: 'Twice',
      scope: 'full',
      scan_mode: 'type',
      started_at: new Date().toISOString(),
    };
    const first = await start(body);
    expect(first.status).toBe(201);
    // Sent again under another key: answered as it was.
    expect(await start(body)).toMatchObject({ status: 201, body: first.body });
    const taken = await start({ ...body, name: 'Something else' });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ message: STOCKTAKE_MESSAGES.idTaken });
    const list = (await server.call('GET', '/api/v1/stocktakes', { token: ana })).body as {
      stocktakes: { id: string }[];
    };
    expect(list.stocktakes.filter((each) => each.id === body.id)).toHaveLength(1);
  });

  it('two counters add up; a recount replaces the counter’s own line; closing corrects against the snapshot, keeping movements made meanwhile', async () => {
    const shelf = await product('Counted Riesling', 10);
    const single = await product('Counted Rosé', 5);
    const id = (
      (await start({ scope: 'partial', search: 'Counted ' })).body as {
        stocktake: { id: string };
      }
    ).stocktake.id;
    // Ana counts 4 on the top shelf, then recounts 6; Ben counts 3 on the bottom one.
    expect(await count(id, shelf, 4)).toMatchObject({ status: 200, body: { saved: 1, gone: [] } });
    await count(id, shelf, 6);
    await count(id, shelf, 3, ben, 'tab-2');
    await count(id, single, 5);
    // Two bottles sold while the count runs.
    await move(shelf, -2);
    const counted = (await detail(id)).lines.filter((line) => line.product_id === shelf);
    expect(counted.map((line) => line.quantity).sort()).toEqual([3, 6]);

    const versionBefore = (
      (await catalogueChanges(server, ana, 0)).body as {
        version: number;
      }
    ).version;
    const closed = await close(id, 'leave');
    expect(closed.status).toBe(200);
    expect((closed.body as { movements: number }).movements).toBe(1);
    // Counted 9 against 10 expected: −1, on top of the −2 sold during the count.
    expect(await stockOf([shelf, single])).toEqual({ [shelf]: 7, [single]: 5 });
    const corrections = await server.db
      .select({ delta: stockMovements.delta, reason: stockMovements.reason })
      .from(stockMovements)
      .where(eq(stockMovements.productId, shelf));
    expect(corrections).toContainEqual({ delta: -1, reason: COUNT_CORRECTION });
    // History says so, with the count's name; other devices' feeds bring the new stock.
    const history = (
      await server.call('GET', `/api/v1/catalogue/products/${shelf}/history`, { token: ana })
    ).body as { changes: Record<string, unknown>[] };
    expect(history.changes[0]).toMatchObject({
      kind: 'stock',
      reason: COUNT_CORRECTION,
      note: 'November count',
      fields: { stock_quantity: [8, 7] },
    });
    const feed = (await catalogueChanges(server, ana, versionBefore)).body as {
      products: Product[];
    };
    const fed = feed.products.find((each) => each.id === shelf);
    expect(fed && value(fed, 'stock_quantity')).toBe(7);
    // Stock is still the sum of its movements.
    const [sum] = await server.db
      .select({ sum: sql<number>`sum(${stockMovements.delta})::int` })
      .from(stockMovements)
      .where(eq(stockMovements.productId, shelf));
    expect(sum?.sum).toBe(7);
  });

  it('a full count counts the uncounted as 0 when asked, or leaves them; a partial one never touches them', async () => {
    const counted = await product('Full Counted', 8, 'Full Only');
    const missed = await product('Full Missed', 6, 'Full Only');
    const zeroed = ((await start({ scope: 'full' })).body as { stocktake: { id: string } })
      .stocktake.id;
    await count(zeroed, counted, 8);
    await close(zeroed, 'zero');
    expect(await stockOf([counted, missed])).toEqual({ [counted]: 8, [missed]: 0 });

    await move(missed, 6);
    const left = ((await start({ scope: 'full' })).body as { stocktake: { id: string } }).stocktake
      .id;
    await count(left, counted, 7);
    await close(left, 'leave');
    expect(await stockOf([counted, missed])).toEqual({ [counted]: 7, [missed]: 6 });

    const partial = ((await start({ scope: 'partial' })).body as { stocktake: { id: string } })
      .stocktake.id;
    await count(partial, counted, 7);
    await close(partial, 'zero');
    expect(await stockOf([counted, missed])).toEqual({ [counted]: 7, [missed]: 6 });
  });

  it('a product added after the count started joins it with the stock it had then (none)', async () => {
    const id = (
      (await start({ scope: 'partial', search: 'Late Arrival' })).body as {
        stocktake: { id: string };
      }
    ).stocktake.id;
    const late = await product('Late Arrival Malbec', 5);
    await count(id, late, 4);
    // It had no stock when the count started; the 5 came during the count and stay counted.
    expect((await detail(id)).expected).toEqual([[late, 0]]);
    await close(id, 'leave');
    expect(await stockOf([late])).toEqual({ [late]: 9 });
  });

  it('refuses lines and a second close once closed, and is invisible to other businesses', async () => {
    const wine = await product('Closed Pinot', 2);
    const id = ((await start({ scope: 'partial' })).body as { stocktake: { id: string } }).stocktake
      .id;
    expect((await server.call('GET', `/api/v1/stocktakes/${id}`, { token: other })).status).toBe(
      404,
    );
    expect((await count(id, wine, 1, other)).status).toBe(404);
    const theirs = await product('Their Vodka', 1, 'Spirits', other);
    // Another business's product is not counted, and says so.
    expect(await count(id, theirs, 1)).toMatchObject({
      status: 200,
      body: { saved: 0, gone: [theirs] },
    });
    await close(id, 'leave');
    const late = await count(id, wine, 1);
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ message: STOCKTAKE_MESSAGES.closed });
    expect((await close(id, 'leave')).status).toBe(409);
  });

  it('one request of many lines: the latest line of a product counts, an older one never replaces a newer', async () => {
    const wine = await product('Bulk Grenache', 3);
    const gone = await product('Bulk Deleted', 3);
    await server.call('DELETE', `/api/v1/catalogue/products/${gone}`, write(ana));
    const id = (
      (await start({ scope: 'partial', search: 'Bulk ' })).body as {
        stocktake: { id: string };
      }
    ).stocktake.id;
    const at = (minute: number) => `2026-11-23T10:${String(minute).padStart(2, '0')}:00.000Z`;
    const answer = await lines(id, {
      device_id: 'tab-9',
      lines: [
        { product_id: wine, quantity: 2, counted_at: at(1) },
        { product_id: wine, quantity: 5, counted_at: at(3) },
        { product_id: gone, quantity: 1, counted_at: at(2) },
      ],
    });
    expect(answer.body).toEqual({ saved: 1, gone: [gone] });
    // A line counted earlier, arriving late (from a tablet that was offline), changes nothing.
    await lines(id, {
      device_id: 'tab-9',
      lines: [{ product_id: wine, quantity: 9, counted_at: at(2) }],
    });
    expect((await detail(id)).lines).toMatchObject([{ product_id: wine, quantity: 5 }]);
  });

  it.each([
    ['a negative count', { quantity: -1 }],
    ['a fraction', { quantity: 1.5 }],
    ['no time', { counted_at: 'now' }],
  ])('answers 400 for %s', async (_case, change) => {
    const wine = await product(`Invalid ${_case}`, 1);
    const id = ((await start({ scope: 'partial' })).body as { stocktake: { id: string } }).stocktake
      .id;
    const response = await lines(id, {
      device_id: 'tab-1',
      lines: [{ product_id: wine, quantity: 2, counted_at: new Date().toISOString(), ...change }],
    });
    expect(response.status).toBe(400);
  });

  it('answers 400 for a device id with spaces, and for no lines', async () => {
    const id = ((await start({ scope: 'partial' })).body as { stocktake: { id: string } }).stocktake
      .id;
    const line = { product_id: 1, quantity: 1, counted_at: new Date().toISOString() };
    expect((await lines(id, { device_id: 'my tablet', lines: [line] })).status).toBe(400);
    expect((await lines(id, { device_id: 'tab-1', lines: [] })).status).toBe(400);
  });

  it('answers 400 for a close that does not say what to do with the uncounted', async () => {
    const id = ((await start({ scope: 'full' })).body as { stocktake: { id: string } }).stocktake
      .id;
    const response = await server.call('POST', `/api/v1/stocktakes/${id}/close`, {
      ...write(ana),
      body: {},
    });
    expect(response.status).toBe(400);
    await server.call('POST', `/api/v1/stocktakes/${id}/cancel`, write(ana));
    expect((await detail(id)).stocktake.status).toBe('cancelled');
  });

  it('never answers saved for a line that a close racing it did not count (PostgreSQL: two connections)', async () => {
    // Each round: a product with no stock, a count, then its lines and its close sent at the
    // same moment (on PostgreSQL each request takes its own pooled connection). Either the close
    // counted the line (stock 5) or the line was refused because the count was closed (stock 0).
    const rounds = server.dbKind === 'postgres' ? 30 : 5;
    let saved = 0;
    let refused = 0;
    for (let round = 0; round < rounds; round += 1) {
      const wine = await product(`Race ${round}`, 0, 'Race');
      const id = (
        (await start({ scope: 'partial', category: 'Race', name: `Race ${round}` })).body as {
          stocktake: { id: string };
        }
      ).stocktake.id;
      const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const [line] = await Promise.all([
        wait(round % 3).then(() => count(id, wine, 5)),
        wait((round + 1) % 3).then(() => close(id, 'leave')),
      ]);
      const stock = (await stockOf([wine]))[wine];
      if (line.status === 200) {
        expect(line.body).toEqual({ saved: 1, gone: [] });
        expect(stock, `round ${round}`).toBe(5);
        saved += 1;
      } else {
        expect(line.status, `round ${round}`).toBe(409);
        expect(line.body).toEqual({ message: STOCKTAKE_MESSAGES.closed });
        expect(stock, `round ${round}`).toBe(0);
        refused += 1;
      }
    }
    expect(saved + refused).toBe(rounds);
  });
});
