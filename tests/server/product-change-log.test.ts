import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeRules } from '#server/app.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';
import { methodOf, SAMPLES, sendWrite, setUpWriteSamples } from './helpers/write-samples.ts';

/**
 * Every product write bumps the catalogue version and logs the change in the same transaction:
 * History shows it, and other devices catch up from the changes feed instead of downloading the
 * catalogue again. Each write route of the API is sent its sample; whenever any product of the
 * business changed, the change log must have grown and the catalogue version moved by as many
 * versions as the log gained — and the version never moves without a log entry.
 */
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await createTestServer();
  token = await setUpWriteSamples(server);
});
afterAll(() => server.close());

// Both drivers answer {rows}; the shared type does not say so.
const firstRow = <T>(result: unknown) => (result as { rows: T[] }).rows[0] as T;

async function catalogueState() {
  return firstRow<{ products: string | null; changes: number; versions: number; version: number }>(
    await server.db.execute(sql`
      select
        (select md5(string_agg(p::text, ',' order by p.id)) from products p
          where p.business_id = b.id) as products,
        (select count(*)::int from product_changes c where c.business_id = b.id) as changes,
        (select count(distinct c.catalogue_version)::int from product_changes c
          where c.business_id = b.id) as versions,
        b.catalogue_version as version
      from businesses b where b.name = 'Hostile Cellar'`),
  );
}

describe('the change log of every product write', () => {
  it('is written by every write route that changes a product, and only with the version', async () => {
    const writes = [...routeRules(server.app).keys()].filter((route) => !route.startsWith('GET '));
    expect(writes.filter((route) => !SAMPLES.some((sample) => sample.route === route))).toEqual([]);
    const changingProducts: string[] = [];
    // Those that end what others name last: the count's close (which counts the product
    // before it goes), then the deletes of a field, an invitation and the products.
    const ending = SAMPLES.filter((sample) => sample.acceptedAfter === false);
    const inOrder = [
      ...SAMPLES.filter((sample) => sample.acceptedAfter !== false),
      ...ending.filter((sample) => sample.route.includes('/stocktakes/')),
      ...ending.filter((sample) => !sample.route.includes('/stocktakes/')),
    ];
    for (const sample of inOrder) {
      const before = await catalogueState();
      const answer = await sendWrite(
        server,
        token,
        methodOf(sample.route),
        sample.path(),
        sample.body?.(),
      );
      const after = await catalogueState();
      if (after.products !== before.products) {
        changingProducts.push(sample.route);
        expect(after.changes, `${sample.route} (${answer.status})`).toBeGreaterThan(before.changes);
      }
      // Each new catalogue version is one the log has: nothing moved it unrecorded.
      expect(after.version - before.version, sample.route).toBe(after.versions - before.versions);
    }
    // The routes that changed products here: each of their samples was accepted.
    expect(changingProducts).toEqual(
      expect.arrayContaining([
        'PUT /api/v1/products/:id',
        'POST /api/v1/products',
        'PATCH /api/v1/catalogue/products/:id',
        'POST /api/v1/catalogue/products',
        'POST /api/v1/stock/products/:id/movements',
        'POST /api/v1/stocktakes/:id/close',
        'POST /api/v1/sales',
      ]),
    );
  });
});
