import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES } from '#domains/products/product-write.ts';
import { productChanges } from '#server/db/schema.ts';
import type { BatchAnswer } from '#shared/sync/batch.ts';
import { type Product, value } from './helpers/products.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * A replay's edits of many products sent in one batch are made many at once (patchProducts, in
 * the batch's transaction): each must be answered exactly as if it had been sent alone, refusals
 * included, and each must take effect once however often the batch is sent.
 */
describe('product edits in a batch', () => {
  let server: TestServer;
  let token: string;
  let otherToken: string;

  beforeAll(async () => {
    server = await createTestServer();
    const { harbour, hilltop } = await server.twoBusinesses();
    token = harbour.token;
    otherToken = hilltop.token;
  });
  afterAll(() => server.close());

  const create = async (name: string, as = token) =>
    (
      await server.call('POST', '/api/v1/catalogue/products', {
        token: as,
        body: { fields: { name, list_price: '20', cost_price: '9' } },
      })
    ).body as Product;
  const edit = (id: number, baseVersion: number, changes: Record<string, unknown>) => ({
    method: 'PATCH',
    path: `/catalogue/products/${id}`,
    idempotency_key: randomUUID(),
    body: { base_version: baseVersion, changes },
  });
  const batch = async (writes: unknown[]) => {
    const response = await server.call('POST', '/api/v1/batch', { token, body: { writes } });
    expect(response.status).toBe(200);
    return (response.body as BatchAnswer).answers;
  };
  const alone = (write: ReturnType<typeof edit>) =>
    server.call('PATCH', `/api/v1${write.path}`, {
      token,
      body: write.body,
      headers: { 'Idempotency-Key': randomUUID() },
    });
  /** An answer without what differs between two products: their id, name and when changed. */
  const shapeOf = (body: unknown) => {
    const product = body as Product;
    return product.columns
      .filter((column) => !['id', 'name', 'updatedDate'].includes(column.key))
      .map((column) => [column.key, column.value]);
  };

  it('answers each edit as alone, and makes those it can in one change-log version', async () => {
    const [twin, shiraz, gin, rum, changedSince] = await Promise.all(
      ['Twin', 'Shiraz', 'Gin', 'Rum', 'Changed Since'].map((name) => create(`Edit ${name}`)),
    );
    if (!twin || !shiraz || !gin || !rum || !changedSince) throw new Error('not created');
    // The answer an edit gets alone, for its shape.
    const single = await alone(edit(twin.id, 1, { list_price: '31.5', cost_price: '12' }));
    expect(single.status).toBe(200);
    // Changed by another device since version 1: an edit of that field from 1 conflicts.
    expect((await alone(edit(changedSince.id, 1, { list_price: '44' }))).status).toBe(200);
    const stale = edit(changedSince.id, 1, { list_price: '45' });
    const invalid = edit(rum.id, 1, { list_price: 'not a price' });
    const missing = edit(999_999, 1, { list_price: '10' });

    const answers = await batch([
      edit(shiraz.id, 1, { list_price: '31.5', cost_price: '12' }),
      edit(gin.id, 1, { name: 'Edit Gin, Navy Strength' }),
      stale,
      invalid,
      missing,
      // A second edit of one product in the same batch: made after the first, merged with it.
      edit(shiraz.id, 1, { retail_price: '33' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 409, 400, 404, 200]);
    expect(shapeOf(answers[0]?.body)).toEqual(shapeOf(single.body));
    expect(value(answers[1]?.body as Product, 'name')).toBe('Edit Gin, Navy Strength');
    // Each refusal is the one the write gets alone.
    for (const [index, write] of [
      [2, stale],
      [3, invalid],
      [4, missing],
    ] as const) {
      const own = await alone(write);
      expect(answers[index]).toEqual({ status: own.status, body: own.body });
    }
    expect(answers[4]?.body).toMatchObject({ message: PRODUCT_MESSAGES.deleted });
    const last = answers[5]?.body as Product;
    expect(last.version).toBe(3);
    expect([value(last, 'list_price'), value(last, 'retail_price')]).toEqual(['31.50', '33.00']);

    // The first edits of Shiraz and Gin were made together: one catalogue version.
    const logged = await server.db
      .select({
        productId: productChanges.productId,
        version: productChanges.productVersion,
        catalogueVersion: productChanges.catalogueVersion,
      })
      .from(productChanges)
      .where(inArray(productChanges.productId, [shiraz.id, gin.id]));
    const together = logged.filter((row) => row.version === 2);
    expect(together).toHaveLength(2);
    expect(new Set(together.map((row) => row.catalogueVersion)).size).toBe(1);
  });

  it('sent again, each edit takes effect once and answers the same', async () => {
    const merlot = await create('Again Merlot');
    const pinot = await create('Again Pinot');
    const writes = [
      edit(merlot.id, 1, { list_price: '26' }),
      edit(pinot.id, 1, { list_price: '27' }),
    ];
    const first = await batch(writes);
    const again = await batch(writes);
    expect(again).toEqual(first);
    const logged = await server.db
      .select({ version: productChanges.productVersion })
      .from(productChanges)
      .where(eq(productChanges.productId, merlot.id));
    expect(logged.map((row) => row.version).sort()).toEqual([1, 2]);
  });

  it("edits only the caller's business's products", async () => {
    const ours = await create('Ours Riesling');
    const theirs = await create('Theirs Riesling', otherToken);
    const answers = await batch([
      edit(ours.id, 1, { list_price: '30' }),
      edit(theirs.id, 1, { list_price: '1' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 404]);
    const { products } = (
      await server.call('GET', '/api/v1/inventory/enhanced', { token: otherToken })
    ).body as { products: Product[] };
    const kept = products.find((product) => product.id === theirs.id);
    expect(kept && value(kept, 'list_price')).toBe('20.00');
  });
});
