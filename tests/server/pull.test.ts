import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueChanges } from '#domains/products/product-write.ts';
import type { StocktakeSummary } from '#domains/stocktakes/stocktake.ts';
import type { Product } from './helpers/products.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

interface Pulled {
  catalogue?: CatalogueChanges;
  stocktakes?: { cursor: number; stocktakes: StocktakeSummary[] };
}

/**
 * The one pull (GET /changes): every feed a device keeps, each since its own cursor, in one
 * answer; each change given once across a cursor, and only the caller's business's.
 */
describe('the one pull', () => {
  let server: TestServer;
  let ana: string;
  let ben: string;
  let zoe: string;

  beforeAll(async () => {
    server = await createTestServer();
    for (const [email, businessName] of [
      ['ana@pull.test', 'Pull Cellar'],
      ['ben@pull.test', 'Pull Cellar'],
      ['zoe@pull.test', 'Other Cellar'],
    ] as const) {
      await server.createUser({ email, password: 'Cellar2026', businessName, name: email });
    }
    ana = (await server.login('ana@pull.test', 'Cellar2026')).accessToken;
    ben = (await server.login('ben@pull.test', 'Cellar2026')).accessToken;
    zoe = (await server.login('zoe@pull.test', 'Cellar2026')).accessToken;
  });
  afterAll(() => server.close());

  const write = (token: string) => ({ token, headers: { 'Idempotency-Key': randomUUID() } });
  const pull = async (query: string, token = ana) => {
    const response = await server.call('GET', `/api/v1/changes?${query}`, { token });
    expect(response.status).toBe(200);
    return response.body as Pulled;
  };
  const start = async (name: string, token = ana) => {
    const id = randomUUID();
    const response = await server.call('POST', '/api/v1/stocktakes', {
      ...write(token),
      body: { id, name, scope: 'full', scan_mode: 'type', started_at: new Date().toISOString() },
    });
    expect(response.status).toBe(201);
    return id;
  };
  const product = async (name: string) =>
    (
      (
        await server.call('POST', '/api/v1/catalogue/products', {
          ...write(ana),
          body: { fields: { name, luc: '10' } },
        })
      ).body as Product
    ).id;
  const countIn = (id: string, productId: number, device: string, token = ana) =>
    server.call('PUT', `/api/v1/stocktakes/${id}/lines`, {
      ...write(token),
      body: {
        device_id: device,
        lines: [{ product_id: productId, quantity: 3, counted_at: new Date().toISOString() }],
      },
    });

  it('answers every feed asked, each under its name, in one request', async () => {
    // A new shop has no catalogue yet: nothing to download.
    expect((await pull('catalogue=0')).catalogue).toEqual({
      version: 0,
      full: false,
      products: [],
      deleted: [],
    });
    await product('First Riesling');
    const first = await pull('catalogue=0&stocktakes=0');
    expect(first.catalogue).toEqual({ version: 1, full: true });
    expect(first.stocktakes).toEqual({ cursor: 0, stocktakes: [] });

    const wine = await product('Pulled Shiraz');
    const count = await start('Pull count');
    const version = first.catalogue?.version ?? 0;
    const second = await pull(`catalogue=${version}&stocktakes=0`);
    expect(second.catalogue?.full).toBe(false);
    expect(second.catalogue?.full === false && second.catalogue.products.map((p) => p.id)).toEqual([
      wine,
    ]);
    expect(second.stocktakes?.stocktakes.map((each) => [each.id, each.name])).toEqual([
      [count, 'Pull count'],
    ]);
    // Only the feeds asked.
    expect(Object.keys(await pull('stocktakes=0'))).toEqual(['stocktakes']);
  });

  it('gives each change of the counts once across a cursor, whoever made it', async () => {
    const before = (await pull('stocktakes=0')).stocktakes?.cursor ?? 0;
    const shiraz = await product('Counted Shiraz');
    const count = await start('Once count');
    const afterStart = await pull(`stocktakes=${before}`);
    expect(afterStart.stocktakes?.stocktakes.map((each) => each.id)).toEqual([count]);
    const cursor = afterStart.stocktakes?.cursor ?? 0;
    expect(cursor).toBeGreaterThan(before);
    // Nothing since: nothing again.
    expect(await pull(`stocktakes=${cursor}`)).toEqual({ stocktakes: { cursor, stocktakes: [] } });

    // Ben counts on his tablet: Ana's device learns the new tally.
    expect((await countIn(count, shiraz, 'ben-tab', ben)).status).toBe(200);
    const counted = await pull(`stocktakes=${cursor}`);
    expect(counted.stocktakes?.stocktakes).toEqual([
      expect.objectContaining({ id: count, counted: 1 }),
    ]);
    const closed = await server.call('POST', `/api/v1/stocktakes/${count}/close`, {
      ...write(ben),
      body: { uncounted: 'leave' },
    });
    expect(closed.status).toBe(200);
    const afterClose = await pull(`stocktakes=${counted.stocktakes?.cursor}`);
    expect(afterClose.stocktakes?.stocktakes).toEqual([
      expect.objectContaining({ id: count, status: 'closed' }),
    ]);
  });

  it('misses nothing written while devices pull, with 20 counters at once', async () => {
    const shiraz = await product('Busy Shiraz');
    const counts = await Promise.all(Array.from({ length: 4 }, (_, i) => start(`Busy ${i}`)));
    let cursor = (await pull('stocktakes=0')).stocktakes?.cursor ?? 0;
    const seenAfter = new Map<string, number>();
    const writes = Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        countIn(counts[i % counts.length] as string, shiraz, `tab-${i}`),
      ),
    );
    // A device pulling again and again while the lines arrive.
    let done = false;
    void writes.then(() => {
      done = true;
    });
    while (!done) {
      const answer = await pull(`stocktakes=${cursor}`);
      cursor = answer.stocktakes?.cursor ?? cursor;
      for (const each of answer.stocktakes?.stocktakes ?? []) seenAfter.set(each.id, each.counted);
    }
    for (const response of await writes) expect(response.status).toBe(200);
    const last = await pull(`stocktakes=${cursor}`);
    for (const each of last.stocktakes?.stocktakes ?? []) seenAfter.set(each.id, each.counted);
    // Each count was seen as it is now: every one of its counters' lines is of one product.
    expect([...seenAfter.keys()].sort()).toEqual([...counts].sort());
    expect([...seenAfter.values()]).toEqual([1, 1, 1, 1]);
  });

  it("never gives another business's counts", async () => {
    const theirs = await start('Their count', zoe);
    const ours = await pull('stocktakes=0');
    expect(ours.stocktakes?.stocktakes.map((each) => each.id)).not.toContain(theirs);
    expect((await pull('stocktakes=0', zoe)).stocktakes?.stocktakes.map((each) => each.id)).toEqual(
      [theirs],
    );
  });

  it('refuses an unknown feed, a cursor that is not a version, or no feed, with 400 {message}', async () => {
    for (const query of [
      'orders=0',
      'stocktakes=x',
      'stocktakes=-1',
      'stocktakes=1&stocktakes=2',
      '',
    ]) {
      const response = await server.call('GET', `/api/v1/changes?${query}`, { token: ana });
      expect(response.status, query).toBe(400);
      expect(typeof (response.body as { message?: unknown }).message).toBe('string');
    }
    expect((await server.call('GET', '/api/v1/changes?stocktakes=0')).status).toBe(401);
  });
});
