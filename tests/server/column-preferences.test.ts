import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COLUMN_ORDER, OFFERED_COLUMNS } from '#domains/products/columns.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

describe('column preferences', () => {
  let server: TestServer;
  let ana: string;
  let ben: string;
  let other: string;

  beforeAll(async () => {
    server = await createTestServer();
    await server.createUser({
      email: 'ana@cellar.test',
      password: 'Cellar2026',
      businessName: 'Cellar',
    });
    await server.createUser({
      email: 'ben@cellar.test',
      password: 'Cellar2026',
      businessName: 'Cellar',
    });
    await server.createUser({
      email: 'cy@other.test',
      password: 'Other2026',
      businessName: 'Other',
    });
    ana = (await server.login('ana@cellar.test', 'Cellar2026')).accessToken;
    ben = (await server.login('ben@cellar.test', 'Cellar2026')).accessToken;
    other = (await server.login('cy@other.test', 'Other2026')).accessToken;
  });
  afterAll(() => server.close());

  const get = (token: string, path = '') =>
    server.call('GET', `/api/v1/preferences/columns/products${path}`, { token });
  const put = (token: string, body: unknown, headers: Record<string, string> = {}) =>
    server.call('PUT', '/api/v1/preferences/columns/products', { token, body, headers });

  it('answers the defaults before anything is saved', async () => {
    const response = await get(ana);
    expect(response.status).toBe(200);
    const body = response.body as {
      preferences: unknown[];
      visible_columns: string[];
      defaults: { column_key: string; is_visible: boolean; display_order: number }[];
      stats: Record<string, unknown>;
    };
    expect(body.preferences).toEqual([]);
    expect(body.visible_columns).toEqual([...DEFAULT_COLUMN_ORDER]);
    expect(body.defaults.slice(0, 10)).toEqual(
      DEFAULT_COLUMN_ORDER.map((column_key, display_order) => ({
        column_key,
        is_visible: true,
        display_order,
      })),
    );
    expect(body.defaults).toHaveLength(OFFERED_COLUMNS.length);
    expect(body.defaults.slice(10).every((preference) => !preference.is_visible)).toBe(true);
    expect(body.stats).toMatchObject({
      total_columns: OFFERED_COLUMNS.length,
      visible_columns: 10,
      has_saved_preferences: false,
    });
  });

  it('serves /visible, /defaults and /stats', async () => {
    expect((await get(ana, '/visible')).body).toEqual({
      visible_columns: [...DEFAULT_COLUMN_ORDER],
    });
    expect(((await get(ana, '/defaults')).body as { defaults: unknown[] }).defaults).toHaveLength(
      OFFERED_COLUMNS.length,
    );
    expect((await get(ana, '/stats')).body).toMatchObject({ stats: { visible_columns: 10 } });
  });

  it('saves with the rules: product forced visible, unknown visibility hidden, duplicate orders renumbered', async () => {
    const response = await put(ana, {
      preferences: [
        { column_key: 'product', is_visible: false, display_order: 0 },
        { column_key: 'sku', is_visible: true, display_order: 1 },
        { column_key: 'producer', is_visible: 'yes', display_order: 1 },
        { column_key: 'luc', display_order: 2 },
        { column_key: 'status', is_visible: true, display_order: 2 },
      ],
    });
    expect(response.status).toBe(200);
    const body = response.body as {
      preferences: unknown[];
      visible_columns: string[];
      stats: Record<string, unknown>;
    };
    expect(body.preferences).toEqual([
      { column_key: 'product', is_visible: true, display_order: 0 },
      { column_key: 'sku', is_visible: true, display_order: 1 },
      { column_key: 'producer', is_visible: false, display_order: 2 },
      { column_key: 'luc', is_visible: false, display_order: 3 },
      { column_key: 'status', is_visible: true, display_order: 4 },
    ]);
    expect(body.visible_columns).toEqual(['product', 'sku', 'status']);
    expect(body.stats).toMatchObject({ has_saved_preferences: true, visible_columns: 3 });
    expect((await get(ana)).body).toEqual(body);
  });

  it('keeps display orders as given when they do not clash', async () => {
    const response = await put(ana, {
      preferences: [
        { column_key: 'name', is_visible: true, display_order: 10 },
        { column_key: 'country', is_visible: true, display_order: 5 },
      ],
    });
    expect((response.body as { preferences: unknown }).preferences).toEqual([
      { column_key: 'country', is_visible: true, display_order: 5 },
      { column_key: 'product', is_visible: true, display_order: 10 },
    ]);
  });

  it("leaves another user's preferences alone", async () => {
    expect(((await get(ben)).body as { preferences: unknown[] }).preferences).toEqual([]);
  });

  it('refuses an unknown table with 404 and an unknown column with 400', async () => {
    expect(
      (await server.call('GET', '/api/v1/preferences/columns/customers', { token: ana })).status,
    ).toBe(404);
    expect(
      (
        await server.call('PUT', '/api/v1/preferences/columns/orders', {
          token: ana,
          body: { preferences: [] },
        })
      ).status,
    ).toBe(404);
    const unknown = await put(ana, {
      preferences: [{ column_key: 'secret_sauce', is_visible: true, display_order: 0 }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ message: 'Unknown column: secret_sauce' });
    const malformed = await put(ana, { preferences: [{ is_visible: true }] });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ message: 'Every preference needs a column_key' });
    expect((await put(ana, { nope: 1 })).status).toBe(400);
  });

  it("accepts the business's own custom fields as columns, not another business's", async () => {
    const created = await server.call('POST', '/api/v1/custom-fields/definitions', {
      token: ana,
      body: {
        entity_type: 'product',
        field_key: 'bin_location',
        field_name: 'Bin Location',
        field_type: 'text',
      },
    });
    expect(created.status).toBe(201);
    const saved = await put(ana, {
      preferences: [{ column_key: 'bin_location', is_visible: true, display_order: 0 }],
    });
    expect(saved.status).toBe(200);
    const defaults = (
      (await get(ana)).body as { defaults: { column_key: string; is_visible: boolean }[] }
    ).defaults;
    expect(defaults.at(-1)).toEqual({
      column_key: 'bin_location',
      is_visible: false,
      display_order: defaults.length - 1,
    });
    const elsewhere = await put(other, {
      preferences: [{ column_key: 'bin_location', is_visible: true, display_order: 0 }],
    });
    expect(elsewhere.status).toBe(400);
  });

  it('needs a signed-in caller', async () => {
    expect((await server.call('GET', '/api/v1/preferences/columns/products')).status).toBe(401);
  });
});

describe('inventory settings', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await createTestServer();
    await server.createUser({
      email: 'ana@cellar.test',
      password: 'Cellar2026',
      businessName: 'Cellar',
    });
    token = (await server.login('ana@cellar.test', 'Cellar2026')).accessToken;
  });
  afterAll(() => server.close());

  it('answers every group with its defaults before anything is saved', async () => {
    const response = await server.call('GET', '/api/v1/preferences/inventory-settings', { token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      savedAt: null,
      display: {
        itemsPerPage: 50,
        defaultSort: 'productNameAZ',
        viewDensity: 'comfortable',
        showProductImages: false,
      },
      stockManagement: { lowStockThreshold: 10, autoReorderDays: 30, safetyStockMultiplier: 2 },
      productDefaults: {
        defaultMarkup: 50,
        roundingAmount: 0.05,
        defaultTaxCategory: 'gst10',
        skuPrefix: 'PROD',
        skuDigits: 6,
        skuStartingNumber: 1,
      },
      notifications: {
        deadStockPeriod: 90,
        lowStockFrequency: 'daily',
        deadStockFrequency: 'monthly',
      },
      importExport: {
        importBehavior: 'updateAndCreate',
        exportFormat: 'csv',
        barcodeFormat: 'ean13',
        columnMappingTemplates: [],
      },
    });
  });

  it('saves valid settings and refuses invalid ones', async () => {
    const saved = await server.call('PUT', '/api/v1/preferences/inventory-settings', {
      token,
      body: {
        display: {
          itemsPerPage: 200,
          defaultSort: 'marginHighLow',
          viewDensity: 'compact',
          showProductImages: true,
        },
      },
    });
    expect(saved.status).toBe(200);
    const read = await server.call('GET', '/api/v1/preferences/inventory-settings', { token });
    expect((read.body as { savedAt: string }).savedAt).toEqual(expect.any(String));
    expect(read.body).toMatchObject({
      display: {
        itemsPerPage: 200,
        defaultSort: 'marginHighLow',
        viewDensity: 'compact',
        showProductImages: true,
      },
      stockManagement: { lowStockThreshold: 10 },
    });
    for (const body of [
      { display: { itemsPerPage: 30 } },
      { display: { defaultSort: 'random' } },
      { stockManagement: { lowStockThreshold: -1 } },
      { display: 'wide' },
    ]) {
      const refused = await server.call('PUT', '/api/v1/preferences/inventory-settings', {
        token,
        body,
      });
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
  });
});
