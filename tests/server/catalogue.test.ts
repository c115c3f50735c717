import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES } from '#domains/products/product-write.ts';
import { insertProducts } from '#server/products/catalogue-repository.ts';
import { generateProducts } from '#server/seed/catalogue.ts';
import { catalogueChanges, type Product, value } from './helpers/products.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

describe('catalogue writes', () => {
  let server: TestServer;
  let token: string;
  let otherToken: string;
  let businessId: string;

  beforeAll(async () => {
    server = await createTestServer();
    const { harbour, hilltop } = await server.twoBusinesses();
    token = harbour.token;
    businessId = harbour.businessId;
    otherToken = hilltop.token;
    await server.call('POST', '/api/v1/custom-fields/definitions', {
      token,
      body: {
        entity_type: 'product',
        field_key: 'vintage_year',
        field_name: 'Vintage',
        field_type: 'number',
        is_required: false,
        validation: { min_value: 1900, max_value: 2030 },
      },
    });
  });
  afterAll(() => server.close());

  const create = async (fields: Record<string, unknown>, as = token) => {
    const response = await server.call('POST', '/api/v1/catalogue/products', {
      token: as,
      body: { fields },
    });
    return { status: response.status, body: response.body as Product };
  };
  const patch = (id: number, base_version: number, changes: Record<string, unknown>, as = token) =>
    server.call('PATCH', `/api/v1/catalogue/products/${id}`, {
      token: as,
      body: { base_version, changes },
    });
  const catalogue = async (as = token) =>
    (
      (await server.call('GET', '/api/v1/inventory/enhanced', { token: as })).body as {
        products: Product[];
      }
    ).products;
  const version = async () => {
    const response = await catalogueChanges(server, token, 0);
    return (response.body as { version: number }).version;
  };

  it('creates a product with its fields and custom values, at version 1', async () => {
    const { status, body } = await create({
      name: 'Grange 2019',
      producer: 'Penfolds',
      luc: 500,
      list_price: '990',
      barcode: '4006381333931',
      vintage_year: '2019',
    });
    expect(status).toBe(201);
    expect(body.version).toBe(1);
    expect(value(body, 'name')).toBe('Grange 2019');
    expect(value(body, 'list_price')).toBe('990.00');
    expect(value(body, 'vintage_year')).toBe(2019);
    expect((await catalogue()).map((product) => product.id)).toContain(body.id);
  });

  it('takes every barcode a product may carry, and several products may share one', async () => {
    for (const barcode of ['96385074', '036000291452', '9311111000027', '9311111000027']) {
      const { status, body } = await create({
        name: `Coded ${barcode}`,
        luc: 10,
        list_price: 20,
        barcode,
      });
      expect(status, barcode).toBe(201);
      expect(value(body, 'barcode')).toBe(barcode);
    }
    const { status } = await create({
      name: 'Misread',
      luc: 10,
      list_price: 20,
      barcode: '96385075',
    });
    expect(status).toBe(400);
  });

  it('refuses invalid values with every message, by field', async () => {
    const response = await create({ name: '', list_price: -2, barcode: '123', vintage_year: 1800 });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: PRODUCT_MESSAGES.invalid,
      errors: expect.any(Array),
      fields: {
        name: 'Product name is required',
        list_price: 'List price cannot be negative',
        barcode: 'Barcode must be a valid EAN-13, UPC-A or EAN-8 code',
        vintage_year: 'Vintage must be at least 1900',
      },
    });
  });

  it("saves and logs the wine's fields by their rules, and refuses a wrong one by name", async () => {
    const { body: made } = await create({ name: 'Bollinger Special Cuvée NV', vintage: 'nv' });
    expect(value(made, 'vintage')).toBe('NV');
    const saved = await patch(made.id, made.version, {
      drink_type: 'sparkling',
      alcohol: '12',
      bottle_ml: '1500',
    });
    expect(saved.status).toBe(200);
    const product = saved.body as Product;
    expect([
      value(product, 'drink_type'),
      value(product, 'alcohol'),
      value(product, 'bottle_ml'),
    ]).toEqual(['Sparkling', '12', '1500']);
    const history = await server.call('GET', `/api/v1/catalogue/products/${made.id}/history`, {
      token,
    });
    expect(JSON.stringify(history.body)).toContain('"drink_type":[null,"Sparkling"]');
    const refused = await patch(made.id, product.version, { vintage: 'old', rating: 120 });
    expect(refused.status).toBe(400);
    expect((refused.body as { fields: unknown }).fields).toEqual({
      vintage: 'Vintage must be a year (1800–2100) or NV',
      rating: 'Rating must be between 0 and 100',
    });
  });

  it('merges edits of different fields made from the same version', async () => {
    const { body } = await create({ name: 'Hill of Grace', luc: 600, list_price: 1100 });
    const first = await patch(body.id, 1, { list_price: 1150 });
    expect(first.status).toBe(200);
    expect((first.body as Product).version).toBe(2);
    const second = await patch(body.id, 1, { luc: 620 });
    expect(second.status).toBe(200);
    const merged = second.body as Product;
    expect(merged.version).toBe(3);
    expect(value(merged, 'list_price')).toBe('1150.00');
    expect(value(merged, 'luc')).toBe('620.00');
  });

  it('answers 409 with the current product when the same field changed since', async () => {
    const { body } = await create({ name: 'Eileen Hardy', list_price: 120 });
    expect((await patch(body.id, 1, { list_price: 130 })).status).toBe(200);
    const late = await patch(body.id, 1, { list_price: 125 });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({
      message: PRODUCT_MESSAGES.conflict,
      conflicts: ['list_price'],
      current: { id: body.id, version: 2 },
    });
    // The same value as the one stored is no conflict.
    expect((await patch(body.id, 1, { list_price: 130 })).status).toBe(200);
    // Based on the current version, it is saved.
    expect((await patch(body.id, 2, { list_price: 125 })).status).toBe(200);
  });

  it('answers 404 for a product of another business, and for one deleted', async () => {
    const { body } = await create({ name: 'Private Bin' });
    expect((await patch(body.id, 1, { name: 'Mine' }, otherToken)).status).toBe(404);
    expect(
      (await server.call('DELETE', `/api/v1/catalogue/products/${body.id}`, { token: otherToken }))
        .status,
    ).toBe(404);
    expect(
      (await server.call('DELETE', `/api/v1/catalogue/products/${body.id}`, { token })).status,
    ).toBe(204);
    const gone = await patch(body.id, 1, { name: 'Back' });
    expect(gone).toMatchObject({ status: 404, body: { message: PRODUCT_MESSAGES.deleted } });
    expect((await catalogue()).map((product) => product.id)).not.toContain(body.id);
  });

  it("duplicates a product as '{name} (Copy)' right after the original, with every value", async () => {
    const { body: original } = await create({ name: 'Duplicate Me', luc: 10, vintage_year: 2020 });
    const { body: after } = await create({ name: 'Comes After' });
    const response = await server.call(
      'POST',
      `/api/v1/catalogue/products/${original.id}/duplicate`,
      { token, body: { changes: { producer: 'Edited before sending' } } },
    );
    expect(response.status).toBe(201);
    const copy = response.body as Product;
    expect(copy.id).not.toBe(original.id);
    expect(value(copy, 'name')).toBe('Duplicate Me (Copy)');
    expect(value(copy, 'luc')).toBe('10.00');
    expect(value(copy, 'vintage_year')).toBe(2020);
    expect(value(copy, 'producer')).toBe('Edited before sending');
    const ids = (await catalogue()).map((product) => product.id);
    expect(ids.indexOf(copy.id)).toBe(ids.indexOf(original.id) + 1);
    expect(ids.indexOf(after.id)).toBe(ids.indexOf(copy.id) + 1);
  });

  it('keeps the history of a product: who, when, which fields, old and new', async () => {
    const { body } = await create({ name: 'History Wine', list_price: 20 });
    await patch(body.id, 1, { list_price: 25 });
    const response = await server.call('GET', `/api/v1/catalogue/products/${body.id}/history`, {
      token,
    });
    expect(response.status).toBe(200);
    const { changes } = response.body as {
      changes: { kind: string; by: string; fields: Record<string, unknown> }[];
    };
    expect(changes.map((change) => change.kind)).toEqual(['update', 'create']);
    expect(changes[0]).toMatchObject({
      by: 'a@harbour.test',
      fields: { list_price: ['20.00', '25.00'] },
    });
    expect(
      (
        await server.call('GET', `/api/v1/catalogue/products/${body.id}/history`, {
          token: otherToken,
        })
      ).status,
    ).toBe(404);
  });

  it('feeds the changes since a version: changed products whole, deleted ids, where new ones go', async () => {
    const [first, second] = await catalogue();
    if (!first || !second) throw new Error('the catalogue has products');
    const since = await version();
    const { body: kept } = await create({ name: 'Feed Kept' });
    const { body: dropped } = await create({ name: 'Feed Dropped' });
    await patch(kept.id, 1, { producer: 'Feeder' });
    await server.call('DELETE', `/api/v1/catalogue/products/${dropped.id}`, { token });
    const copy = await server.call('POST', `/api/v1/catalogue/products/${first.id}/duplicate`, {
      token,
      body: {},
    });
    await patch(second.id, second.version, { supplier: 'Feed Supplier' });
    const response = await catalogueChanges(server, token, since);
    expect(response.status).toBe(200);
    const feed = response.body as {
      version: number;
      full: boolean;
      products: (Product & { after?: number | null })[];
      deleted: number[];
    };
    expect(feed).toMatchObject({ version: since + 6, full: false, deleted: [dropped.id] });
    const all = await catalogue();
    const last = all[all.length - 1];
    // In catalogue order; a new product names the one it follows, an edited one does not.
    expect(
      feed.products.map((product) => [product.id, value(product, 'producer'), product.after]),
    ).toEqual([
      [(copy.body as Product).id, value(first, 'producer'), first.id],
      [second.id, value(second, 'producer'), undefined],
      [kept.id, 'Feeder', all[all.findIndex((product) => product.id === kept.id) - 1]?.id],
    ]);
    expect(last?.id).toBe(kept.id);
    const none = await catalogueChanges(server, token, since + 6);
    expect(none.body).toEqual({ version: since + 6, full: false, products: [], deleted: [] });
    expect((await catalogueChanges(server, token, 'x')).status).toBe(400);
  });

  it('finds the product a create with the same client_ref made, however late it is sent again', async () => {
    const clientRef = '6f1d3a52-94c4-4f0b-9a57-2f0c3b8f1e21';
    const first = await server.call('POST', '/api/v1/catalogue/products', {
      token,
      headers: { 'Idempotency-Key': 'create-once' },
      body: { fields: { name: 'Made Once', luc: 1, list_price: 2 }, client_ref: clientRef },
    });
    expect(first.status).toBe(201);
    expect((first.body as Product & { ref: string }).ref).toBe(clientRef);
    // Days later, under a new key (the old one forgotten): the same product, not another.
    const again = await server.call('POST', '/api/v1/catalogue/products', {
      token,
      headers: { 'Idempotency-Key': 'create-once-again' },
      body: { fields: { name: 'Made Once', luc: 1, list_price: 2 }, client_ref: clientRef },
    });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const named = (await catalogue()).filter((product) => value(product, 'name') === 'Made Once');
    expect(named).toHaveLength(1);
    // Another business's client_ref is its own.
    const other = await server.call('POST', '/api/v1/catalogue/products', {
      token: otherToken,
      body: { fields: { name: 'Made Once', luc: 1, list_price: 2 }, client_ref: clientRef },
    });
    expect(other.status).toBe(201);
  });

  it('asks for a full download across a change it has no record of', async () => {
    const since = await version();
    // Generated products (the admin CLI's seed-products) change the catalogue without this log;
    // then a product is added as usual.
    await insertProducts(server.db, businessId, generateProducts(1));
    await create({ name: 'After the seed', luc: 1, list_price: 2 });
    const feed = await catalogueChanges(server, token, since);
    expect(feed.body).toEqual({ version: since + 2, full: true });
  });

  it("logs the API Examples page's calls like every product write: History, the feed, conflicts", async () => {
    const created = await server.call('POST', '/api/v1/products', {
      token,
      body: { name: 'Example Shiraz', price: 29.99, description: 'House red' },
    });
    const { id } = created.body as { id: number };
    const since = await version();
    const put = await server.call('PUT', `/api/v1/products/${id}`, {
      token,
      body: { name: 'Example Shiraz', price: 34.5 },
    });
    expect(put.status).toBe(200);
    // Another device catches up from the feed, not a full download.
    const feed = (await catalogueChanges(server, token, since)).body as {
      full: boolean;
      products: Product[];
    };
    expect(feed.full).toBe(false);
    expect(feed.products.map((product) => [product.id, value(product, 'list_price')])).toEqual([
      [id, '34.50'],
    ]);
    const history = (
      await server.call('GET', `/api/v1/catalogue/products/${id}/history`, { token })
    ).body as { changes: { kind: string; fields: Record<string, unknown> }[] };
    expect(history.changes.map((change) => change.kind)).toEqual(['update', 'create']);
    expect(history.changes[0]?.fields).toEqual({ list_price: ['29.99', '34.50'] });
    // An edit of the price based on the version from before the PUT is a conflict.
    const stale = await patch(id, 1, { list_price: '31' });
    expect(stale.status).toBe(409);
    expect((stale.body as { conflicts: string[] }).conflicts).toEqual(['list_price']);
    const gone = await server.call('DELETE', `/api/v1/products/${id}`, { token });
    expect(gone.status).toBe(204);
    const after = (await catalogueChanges(server, token, since)).body as {
      full: boolean;
      deleted: number[];
    };
    expect(after).toMatchObject({ full: false, deleted: [id] });
  });

  it('20 edits of one product at once from one version: none lost, none 5xx', async () => {
    const fields = Array.from({ length: 20 }, (_, n) => `Field ${n}`);
    const { body } = await create({ name: 'Busy Wine' });
    const answers = await Promise.all(
      fields.map((text, n) =>
        patch(body.id, 1, n % 2 === 0 ? { description: text } : { supplier: text }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    // One edit of each field is saved; the others of the same field conflict with it.
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    expect(statuses.filter((status) => status === 409)).toHaveLength(18);
    const saved = answers.filter((answer) => answer.status === 200).map((a) => a.body as Product);
    const final = (await catalogue()).find((product) => product.id === body.id) as Product;
    expect(final.version).toBe(3);
    expect(saved.map((product) => product.version).sort()).toEqual([2, 3]);
    const last = saved.find((product) => product.version === 3) as Product;
    expect(value(final, 'description')).toBe(value(last, 'description'));
    expect(value(final, 'supplier')).toBe(value(last, 'supplier'));
  });
});
