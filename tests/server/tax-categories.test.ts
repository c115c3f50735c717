import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sale, totalsOf } from '#domains/sales/sale.ts';
import { businesses, products, sales } from '#server/db/schema.ts';
import { type Product, value } from './helpers/products.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Every product has a tax category: the GST on its cost follows from the category and its LUC
 * wherever it is made or changed without a GST (the API, an import), and the till takes GST by
 * the category, not by the GST on cost being 0. Products stored before categories keep theirs
 * unguessed when their GST is 0.
 */
describe('tax categories', () => {
  let server: TestServer;
  let owner: string;

  beforeAll(async () => {
    server = await createTestServer();
    owner = (await server.twoBusinesses()).harbour.token;
  });
  afterAll(() => server.close());

  const send = (method: string, path: string, body: unknown) =>
    server.call(method, path, {
      token: owner,
      body,
      headers: { 'Idempotency-Key': randomUUID() },
    });
  const create = async (fields: Record<string, string>) => {
    const response = await send('POST', '/api/v1/catalogue/products', { fields });
    expect(response.status).toBe(201);
    return response.body as Product;
  };
  const edit = async (product: Product, changes: Record<string, string>) => {
    const response = await send('PATCH', `/api/v1/catalogue/products/${product.id}`, {
      base_version: product.version,
      changes,
    });
    expect(response.status).toBe(200);
    return response.body as Product;
  };

  it('gives a product made without GST the shop category and 10 % of its LUC', async () => {
    const made = await create({ name: 'Imported Shiraz', luc: '160.50', list_price: '256.99' });
    expect(value(made, 'tax_category')).toBe('gst10');
    expect(value(made, 'gst')).toBe('16.05');
    const free = await create({ name: 'Spring Water', luc: '1.20', tax_category: 'gstFree' });
    expect(value(free, 'gst')).toBe('0.00');
    // A GST given is the product's own.
    expect(value(await create({ name: 'Own GST', luc: '10', gst: '0.50' }), 'gst')).toBe('0.50');
  });

  it('moves the GST with a new LUC or category sent without one', async () => {
    const made = await create({ name: 'Edited Riesling', luc: '10' });
    const cheaper = await edit(made, { luc: '8' });
    expect(value(cheaper, 'gst')).toBe('0.80');
    const free = await edit(cheaper, { tax_category: 'gstFree' });
    expect(value(free, 'gst')).toBe('0.00');
  });

  it('takes GST at the till by the category: a gst10 product with GST 0 on its cost is taxed', async () => {
    const made = await create({ name: 'Zero Cost Sample', luc: '0', list_price: '11' });
    expect(value(made, 'gst')).toBe('0.00');
    const lines = [{ product_id: made.id, quantity: 1, unit_cents: 1_100 }];
    const totals = totalsOf({ lines });
    const sale: Sale = {
      id: randomUUID(),
      receipt: 'T3-000001',
      made_at: new Date().toISOString(),
      lines,
      tenders: [{ kind: 'card', cents: totals.totalCents }],
      total_cents: totals.totalCents,
      // The tablet's claim, from a catalogue that held no category: no GST.
      gst_cents: 0,
    };
    const sold = await send('POST', '/api/v1/sales', sale);
    expect(sold.body).toMatchObject({ sale: { gst_cents: 100 } });
    const [row] = await server.db.select().from(sales).where(eq(sales.id, sale.id));
    expect(row?.gstCents).toBe(100);
  });

  const catalogueVersion = async (productId: number) => {
    const [row] = await server.db
      .select({ version: businesses.catalogueVersion })
      .from(businesses)
      .innerJoin(products, eq(products.businessId, businesses.id))
      .where(eq(products.id, productId));
    return row?.version ?? 0;
  };

  it('migrates products with GST to the shop category and leaves those with none to confirm', async () => {
    const taxed = await create({ name: 'Old Taxed', luc: '20', gst: '2' });
    const untaxed = await create({ name: 'Old Untaxed', luc: '20', gst: '0' });
    const ids = [taxed.id, untaxed.id];
    // As they were stored before categories existed.
    await server.db
      .update(products)
      .set({ taxCategory: null })
      .where(sql`${products.id} = any(${`{${ids.join(',')}}`}::int[])`);
    const before = await catalogueVersion(taxed.id);
    const migration = readFileSync(
      new URL('../../src/server/db/migrations/0021_tax_categories.sql', import.meta.url),
      'utf8',
    );
    // Every statement after the column's own.
    for (const statement of migration.split('--> statement-breakpoint').slice(1)) {
      await server.db.execute(sql.raw(statement));
    }
    const rows = await server.db
      .select({ id: products.id, category: products.taxCategory })
      .from(products)
      .where(sql`${products.id} = any(${`{${ids.join(',')}}`}::int[])`);
    expect(new Map(rows.map((row) => [row.id, row.category]))).toEqual(
      new Map([
        [taxed.id, 'gst10'],
        [untaxed.id, null],
      ]),
    );
    // Devices download the catalogue whole once, with the categories.
    expect(await catalogueVersion(taxed.id)).toBe(before + 1);
  });
});
