import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProducts } from '#server/products/catalogue-repository.ts';
import { generateProducts } from '#server/seed/catalogue.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

const wineType = {
  entity_type: 'product',
  field_key: 'wine_type',
  field_name: 'Wine Type',
  field_type: 'select',
  is_required: true,
  description: '  The style  ',
  validation: { options: ['Red', ' ', 'White'] },
};

describe('custom field definitions', () => {
  let server: TestServer;
  let ana: string;
  let cy: string;
  let businessId: string;

  beforeAll(async () => {
    server = await createTestServer();
    const user = await server.createUser({
      email: 'ana@cellar.test',
      password: 'Cellar2026',
      businessName: 'Cellar',
    });
    businessId = user.businessId;
    await server.createUser({
      email: 'cy@other.test',
      password: 'Other2026',
      businessName: 'Other',
    });
    ana = (await server.login('ana@cellar.test', 'Cellar2026')).accessToken;
    cy = (await server.login('cy@other.test', 'Other2026')).accessToken;
  });
  afterAll(() => server.close());

  const create = (token: string, body: unknown) =>
    server.call('POST', '/api/v1/custom-fields/definitions', { token, body });
  const list = (token: string, query = '') =>
    server.call('GET', `/api/v1/custom-fields/definitions/product${query}`, { token });

  it('creates a definition with 201, normalised', async () => {
    const response = await create(ana, wineType);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      id: expect.any(Number),
      entity_type: 'product',
      field_key: 'wine_type',
      field_name: 'Wine Type',
      field_type: 'select',
      is_required: true,
      description: 'The style',
      validation: { required: true, options: ['Red', 'White'] },
    });
  });

  it('lists definitions, in full or compact form', async () => {
    const full = await list(ana);
    expect((full.body as { definitions: unknown[] }).definitions).toHaveLength(1);
    const compact = await list(ana, '?format=compact');
    expect(compact.body).toEqual({
      definitions: [
        {
          id: expect.any(Number),
          field_key: 'wine_type',
          field_name: 'Wine Type',
          field_type: 'select',
          is_required: true,
        },
      ],
    });
    expect((await list(ana, '?format=xml')).status).toBe(400);
    expect(
      (await server.call('GET', '/api/v1/custom-fields/definitions/orders', { token: ana })).status,
    ).toBe(400);
    expect(
      (await server.call('GET', '/api/v1/custom-fields/definitions/customer', { token: ana })).body,
    ).toEqual({ definitions: [] });
  });

  it('refuses an invalid definition with every message', async () => {
    const response = await create(ana, {
      entity_type: 'product',
      field_key: 'Vintage Year',
      field_name: '',
      field_type: 'number',
      validation: { min_value: 2030, max_value: 1800 },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message:
        'Invalid custom field data: Field key must contain only lowercase letters, numbers, and underscores; Field name is required; Minimum value cannot be greater than maximum value',
      errors: [
        'Field key must contain only lowercase letters, numbers, and underscores',
        'Field name is required',
        'Minimum value cannot be greater than maximum value',
      ],
    });
    expect((await create(ana, '{oops')).status).toBe(400);
  });

  it('refuses a field_key already used for the entity type with 409, and a built-in key with 400', async () => {
    const duplicate = await create(ana, { ...wineType, field_name: 'Style' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({
      message: 'A custom field with the key "wine_type" already exists',
    });
    const builtIn = await create(ana, { ...wineType, field_key: 'sku' });
    expect(builtIn.status).toBe(400);
    expect(builtIn.body).toMatchObject({
      errors: ['Field key "sku" is already used by a built-in column'],
    });
    // Another business may use the same key.
    expect((await create(cy, wineType)).status).toBe(201);
  });

  it("never shows or touches another business's definitions", async () => {
    const mine = (await list(ana)).body as { definitions: { id: number }[] };
    const id = mine.definitions[0]?.id;
    expect((await list(cy)).body).toMatchObject({ definitions: [{ field_key: 'wine_type' }] });
    expect(
      ((await list(cy)).body as { definitions: { id: number }[] }).definitions[0]?.id,
    ).not.toBe(id);
    expect(
      (
        await server.call('PUT', `/api/v1/custom-fields/definitions/${id}`, {
          token: cy,
          body: wineType,
        })
      ).status,
    ).toBe(404);
    expect(
      (await server.call('DELETE', `/api/v1/custom-fields/definitions/${id}`, { token: cy }))
        .status,
    ).toBe(404);
    expect(
      (await server.call('DELETE', '/api/v1/custom-fields/definitions/abc', { token: ana })).status,
    ).toBe(404);
  });

  it('updates a definition, carrying values and preferences to a new key', async () => {
    const created = await create(ana, {
      entity_type: 'product',
      field_key: 'bin',
      field_name: 'Bin',
      field_type: 'text',
    });
    const id = (created.body as { id: number }).id;
    await insertProducts(server.db, businessId, [
      { ...(generateProducts(1)[0] as ReturnType<typeof generateProducts>[number]) },
    ]);
    const { products } = await import('#server/db/schema.ts');
    const { eq, sql } = await import('drizzle-orm');
    await server.db
      .update(products)
      .set({ customValues: sql`jsonb_build_object('bin', 'A-12')` })
      .where(eq(products.businessId, businessId));
    await server.call('PUT', '/api/v1/preferences/columns/products', {
      token: ana,
      body: { preferences: [{ column_key: 'bin', is_visible: true, display_order: 0 }] },
    });

    const updated = await server.call('PUT', `/api/v1/custom-fields/definitions/${id}`, {
      token: ana,
      body: {
        entity_type: 'product',
        field_key: 'bin_location',
        field_name: 'Bin Location',
        field_type: 'text',
        validation: { max_length: 12 },
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id,
      field_key: 'bin_location',
      field_name: 'Bin Location',
      validation: { max_length: 12 },
    });
    const inventory = await server.call('GET', '/api/v1/inventory/enhanced', { token: ana });
    const columns = (
      inventory.body as { products: { columns: { key: string; value: unknown }[] }[] }
    ).products[0]?.columns;
    expect(columns?.find((column) => column.key === 'bin_location')?.value).toBe('A-12');
    const preferences = await server.call('GET', '/api/v1/preferences/columns/products', {
      token: ana,
    });
    expect((preferences.body as { preferences: unknown }).preferences).toEqual([
      { column_key: 'bin_location', is_visible: true, display_order: 0 },
    ]);

    expect(
      (
        await server.call('PUT', `/api/v1/custom-fields/definitions/${id}`, {
          token: ana,
          body: wineType,
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await server.call('PUT', `/api/v1/custom-fields/definitions/${id}`, {
          token: ana,
          body: { field_name: '' },
        })
      ).status,
    ).toBe(400);
  });

  it('deletes a definition with 204, with its values and its column preferences', async () => {
    const { definitions } = (await list(ana)).body as {
      definitions: { id: number; field_key: string }[];
    };
    const bin = definitions.find((definition) => definition.field_key === 'bin_location');
    const response = await server.call('DELETE', `/api/v1/custom-fields/definitions/${bin?.id}`, {
      token: ana,
    });
    expect(response.status).toBe(204);
    const inventory = await server.call('GET', '/api/v1/inventory/enhanced', { token: ana });
    const keys = (
      inventory.body as { products: { columns: { key: string }[] }[] }
    ).products[0]?.columns.map((column) => column.key);
    expect(keys).not.toContain('bin_location');
    const preferences = await server.call('GET', '/api/v1/preferences/columns/products', {
      token: ana,
    });
    expect((preferences.body as { preferences: unknown[] }).preferences).toEqual([]);
    expect(
      (await server.call('DELETE', `/api/v1/custom-fields/definitions/${bin?.id}`, { token: ana }))
        .status,
    ).toBe(404);
  });

  it('checks product values against the definitions as they are now, after each change to them', async () => {
    const bottle = await create(ana, {
      entity_type: 'product',
      field_key: 'bottle',
      field_name: 'Bottle',
      field_type: 'select',
      validation: { options: ['375ml', '750ml'] },
    });
    const id = (bottle.body as { id: number }).id;
    const product = await server.call('POST', '/api/v1/catalogue/products', {
      token: ana,
      body: { fields: { name: 'Magnum test', wine_type: 'Red', bottle: '750ml' } },
    });
    expect(product.status).toBe(201);
    const made = product.body as { id: number; version: number };
    const setBottle = (value: string, base_version: number) =>
      server.call('PATCH', `/api/v1/catalogue/products/${made.id}`, {
        token: ana,
        body: { base_version, changes: { bottle: value } },
      });
    expect((await setBottle('1.5L', made.version)).status).toBe(400);

    const widened = await server.call('PUT', `/api/v1/custom-fields/definitions/${id}`, {
      token: ana,
      body: {
        entity_type: 'product',
        field_key: 'bottle',
        field_name: 'Bottle',
        field_type: 'select',
        validation: { options: ['375ml', '750ml', '1.5L'] },
      },
    });
    expect(widened.status).toBe(200);
    const saved = await setBottle('1.5L', made.version);
    expect(saved.status).toBe(200);

    const narrowed = await server.call('PUT', `/api/v1/custom-fields/definitions/${id}`, {
      token: ana,
      body: {
        entity_type: 'product',
        field_key: 'bottle',
        field_name: 'Bottle',
        field_type: 'select',
        validation: { options: ['750ml'] },
      },
    });
    expect(narrowed.status).toBe(200);
    const version = (saved.body as { version: number }).version;
    expect((await setBottle('375ml', version)).status).toBe(400);
  });
});
