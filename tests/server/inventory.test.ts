import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '#server/cli/commands.ts';
import { products } from '#server/db/schema.ts';
import { silentLogger } from '#server/logger.ts';
import { bumpCatalogueVersion, insertProducts } from '#server/products/catalogue-repository.ts';
import { DEMO_CATALOGUE_SIZE, generateProducts, type SeedProduct } from '#server/seed/catalogue.ts';
import { seedDemoIfEmpty } from '#server/seed/demo.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

interface Enhanced {
  products: { id: number; columns: { key: string; value: unknown }[] }[];
}

const line = (overrides: Partial<SeedProduct>): SeedProduct => ({
  ...(generateProducts(1)[0] as SeedProduct),
  ...overrides,
});

describe('GET /api/v1/inventory/enhanced', () => {
  let server: TestServer;
  let harbourToken: string;
  let hilltopToken: string;
  let harbourBusiness: string;

  beforeAll(async () => {
    server = await createTestServer();
    const harbour = await server.createUser({
      email: 'a@harbour.test',
      password: 'Harbour2026',
      businessName: 'Harbour Wines',
    });
    await server.createUser({
      email: 'b@hilltop.test',
      password: 'Hilltop2026',
      businessName: 'Hilltop Spirits',
    });
    harbourBusiness = harbour.businessId;
    await insertProducts(server.db, harbourBusiness, [
      line({
        name: 'Empty Shelf Shiraz',
        stockQuantity: 0,
        luc: '20.00',
        gst: '2.00',
        listPrice: '44.00',
      }),
      line({ name: 'Nearly Gone Riesling', stockQuantity: 10 }),
      line({ name: 'Plenty Pinot', stockQuantity: 11 }),
      line({ name: 'Free Sample', listPrice: '0.00' }),
    ]);
    // Custom values have no write call of their own yet: they are set before the server answers.
    await server.db
      .update(products)
      .set({ customValues: { vintage_year: 2019, wine_type: 'Red' } })
      .where(eq(products.name, 'Empty Shelf Shiraz'));
    await server.db
      .update(products)
      .set({ caseSize: '6', supplierCode: 'HW-1', reorderPoint: '4' })
      .where(eq(products.name, 'Nearly Gone Riesling'));
    await bumpCatalogueVersion(server.db, harbourBusiness);
    harbourToken = (await server.login('a@harbour.test', 'Harbour2026')).accessToken;
    hilltopToken = (await server.login('b@hilltop.test', 'Hilltop2026')).accessToken;
  });
  afterAll(() => server.close());

  const get = (token: string, headers: Record<string, string> = {}) =>
    server.call('GET', '/api/v1/inventory/enhanced', { token, headers });
  const asRecord = (product: Enhanced['products'][number]) =>
    Object.fromEntries(product.columns.map(({ key, value }) => [key, value]));

  it('answers every product with the server keys', async () => {
    const response = await get(harbourToken);
    expect(response.status).toBe(200);
    const body = response.body as Enhanced;
    expect(body.products).toHaveLength(4);
    // A product without custom values: the built-in keys only, in order.
    const plain = body.products.find((product) => asRecord(product).name === 'Plenty Pinot');
    const keys = plain?.columns.map((column) => column.key);
    expect(keys).toEqual([
      'name',
      'sku',
      'producer',
      'country',
      'region',
      'appellation',
      'luc',
      'gst',
      'list_price',
      'cost_price',
      'retail_price',
      'stock_quantity',
      'margin_percent',
      'status',
      'category',
      'supplier',
      'description',
      'barcode',
      'lastSaleDate',
      'createdDate',
      'updatedDate',
      // Its tax category, which a product stored before categories has none of.
      'tax_category',
      // The wine's fields it has (a Margaux names no grape): an empty one is not sent.
      'vintage',
      'drink_type',
      'alcohol',
      'bottle_ml',
      'serving_temp',
      'food_pairing',
      'storage_location',
    ]);
    expect(asRecord(body.products[0] as Enhanced['products'][number])).toMatchObject({
      name: 'Empty Shelf Shiraz',
      luc: '20.00',
      gst: '2.00',
      list_price: '44.00',
      margin_percent: 50,
      stock_quantity: 0,
    });
  });

  it('derives the status from the stock with the low-stock threshold of 10', async () => {
    const body = (await get(harbourToken)).body as Enhanced;
    const statuses = Object.fromEntries(
      body.products.map((product) => {
        const record = asRecord(product);
        return [record.name, record.status];
      }),
    );
    expect(statuses).toMatchObject({
      'Empty Shelf Shiraz': 'Out of Stock',
      'Nearly Gone Riesling': 'Low Stock',
      'Plenty Pinot': 'In Stock',
    });
  });

  it('answers a margin of 0 when there is no list price to divide by', async () => {
    const body = (await get(harbourToken)).body as Enhanced;
    const sample = body.products.map(asRecord).find((record) => record.name === 'Free Sample');
    expect(sample?.margin_percent).toBe(0);
  });

  it('sends how a product is bought where it says, so a device finds its case', async () => {
    const records = ((await get(harbourToken)).body as Enhanced).products.map(asRecord);
    const riesling = records.find((record) => record.name === 'Nearly Gone Riesling');
    expect(riesling).toMatchObject({ case_size: '6', supplier_code: 'HW-1', reorder_point: '4' });
    expect(riesling).not.toHaveProperty('case_barcode');
    expect(records.find((record) => record.name === 'Plenty Pinot')).not.toHaveProperty(
      'case_size',
    );
  });

  it('includes custom values by their field_key', async () => {
    const body = (await get(harbourToken)).body as Enhanced;
    const records = body.products.map(asRecord);
    expect(records.find((record) => record.name === 'Empty Shelf Shiraz')).toMatchObject({
      vintage_year: 2019,
      wine_type: 'Red',
    });
    expect(records.find((record) => record.name === 'Plenty Pinot')).not.toHaveProperty(
      'vintage_year',
    );
  });

  it('sends a strong ETag and the catalogue version, answers 304 to it, and changes both when the catalogue changes', async () => {
    const first = await get(harbourToken);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[^"]+"$/);
    const version = Number(first.headers.get('x-catalogue-version'));
    expect(version).toBeGreaterThan(0);
    const unchanged = await get(harbourToken, { 'If-None-Match': etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.get('etag')).toBe(etag);
    expect(unchanged.headers.get('x-catalogue-version')).toBe(String(version));

    const created = await server.call('POST', '/api/v1/products', {
      token: harbourToken,
      body: { name: 'New Arrival Chardonnay', price: 30 },
    });
    expect(created.status).toBe(201);
    const changed = await get(harbourToken, { 'If-None-Match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(changed.headers.get('x-catalogue-version')).toBe(String(version + 1));
    const body = changed.body as Enhanced;
    expect(body.products.map(asRecord).map((record) => record.name)).toContain(
      'New Arrival Chardonnay',
    );
  });

  it('sends gzip with its own strong ETag, and either ETag revalidates', async () => {
    const plain = await get(harbourToken);
    const response = await server.app.request('/api/v1/inventory/enhanced', {
      headers: { authorization: `Bearer ${harbourToken}`, 'accept-encoding': 'gzip, deflate' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const gzipEtag = response.headers.get('etag') ?? '';
    expect(gzipEtag).toMatch(/^"[^"]+-gzip"$/);
    expect(gzipEtag).not.toBe(plain.headers.get('etag'));
    const body = gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8');
    expect(JSON.parse(body)).toEqual(plain.body);
    for (const tag of [gzipEtag, `W/${gzipEtag}`, plain.headers.get('etag') ?? '']) {
      expect((await get(harbourToken, { 'If-None-Match': tag })).status, tag).toBe(304);
    }
  });

  it('sends brotli once it is made, with its own ETag, gzip until then', async () => {
    const plain = await get(harbourToken);
    const request = () =>
      server.app.request('/api/v1/inventory/enhanced', {
        headers: { authorization: `Bearer ${harbourToken}`, 'accept-encoding': 'gzip, br' },
      });
    const first = await request();
    expect(['gzip', 'br']).toContain(first.headers.get('content-encoding'));
    let response = first;
    for (let tries = 0; response.headers.get('content-encoding') !== 'br' && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      response = await request();
    }
    expect(response.headers.get('content-encoding')).toBe('br');
    const brEtag = response.headers.get('etag') ?? '';
    expect(brEtag).toMatch(/^"[^"]+-br"$/);
    const body = brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString('utf8');
    expect(JSON.parse(body)).toEqual(plain.body);
    const revalidated = await get(harbourToken, { 'If-None-Match': brEtag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(brEtag);
  });

  it("never shows a business another business's products", async () => {
    const response = await get(hilltopToken);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ products: [] });
    const harbourEtag = (await get(harbourToken)).headers.get('etag') ?? '';
    expect((await get(hilltopToken, { 'If-None-Match': harbourEtag })).status).toBe(200);
  });

  it('needs a signed-in caller', async () => {
    const response = await server.call('GET', '/api/v1/inventory/enhanced');
    expect(response.status).toBe(401);
  });
});

describe('the demo catalogue and seed-products', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
    await seedDemoIfEmpty(server.db, silentLogger);
  });
  afterAll(() => server.close());

  it('seeds at least 150 plausible wines and spirits', async () => {
    const rows = await server.db.select().from(products);
    expect(rows.length).toBe(DEMO_CATALOGUE_SIZE);
    expect(rows.length).toBeGreaterThanOrEqual(150);
    const margins = rows.map(
      (row) =>
        ((Number(row.listPrice) - Number(row.luc) - Number(row.gst)) / Number(row.listPrice)) * 100,
    );
    for (const row of rows) {
      expect(Math.abs(Number(row.gst) - Number(row.luc) * 0.1), row.name).toBeLessThanOrEqual(
        0.005,
      );
    }
    expect(Math.min(...margins)).toBeLessThan(12);
    expect(Math.max(...margins)).toBeGreaterThan(45);
    expect(rows.some((row) => row.stockQuantity === 0)).toBe(true);
    expect(rows.some((row) => row.stockQuantity > 0 && row.stockQuantity <= 10)).toBe(true);
    expect(rows.some((row) => row.stockQuantity > 100)).toBe(true);
    // An appellation always sits in the same country and region.
    const places = new Map<string, string>();
    for (const row of rows) {
      const place = `${row.country} / ${row.region}`;
      expect(places.get(row.appellation) ?? place, row.appellation).toBe(place);
      places.set(row.appellation, place);
    }
    expect(new Set(rows.map((row) => row.name)).size).toBe(rows.length);
  });

  it('is the same at every seed', () => {
    expect(generateProducts(20)).toEqual(generateProducts(20));
  });

  it('seed-products adds N new products and continues the sequence', async () => {
    const run = COMMANDS['seed-products']?.run;
    if (!run) throw new Error('no seed-products');
    expect(await run(server.db, ['--count', '250'])).toBe(
      `Added 250 products to Demo Cellar (${DEMO_CATALOGUE_SIZE + 250} in all)`,
    );
    const rows = await server.db.select({ sku: products.sku }).from(products);
    expect(new Set(rows.map((row) => row.sku)).size).toBe(DEMO_CATALOGUE_SIZE + 250);
    await expect(run(server.db, ['--count', '0'])).rejects.toThrow('--count must be at least 1');
    await expect(run(server.db, ['--count', 'lots'])).rejects.toThrow(
      '--count must be a whole number',
    );
    await expect(run(server.db, [])).rejects.toThrow('--count is required');
    await expect(run(server.db, ['--count', '5', '--business', 'Nowhere'])).rejects.toThrow(
      'No business is named Nowhere',
    );
  });
});
