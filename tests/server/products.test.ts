import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES } from '#domains/products/example-payloads.ts';
import { listCatalogue } from '#server/products/catalogue-repository.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

interface Created {
  id: number;
  name: string;
  price: number;
  description: string;
}

describe('products of the API Examples page', () => {
  let server: TestServer;
  let token: string;
  let otherToken: string;
  let businessId: string;

  beforeAll(async () => {
    server = await createTestServer();
    const { harbour, hilltop } = await server.twoBusinesses();
    ({ businessId, token } = harbour);
    otherToken = hilltop.token;
  });
  afterAll(() => server.close());

  it('creates a catalogue product whose list price is the price, shown in the inventory', async () => {
    const before = await server.call('GET', '/api/v1/inventory/enhanced', { token });
    const etag = before.headers.get('etag');
    const created = await server.call('POST', '/api/v1/products', {
      token,
      body: { name: '  Harbour Shiraz ', price: 29.99, description: 'House red' },
    });
    expect(created.status).toBe(201);
    const product = created.body as Created;
    expect(product).toMatchObject({
      name: 'Harbour Shiraz',
      price: 29.99,
      description: 'House red',
    });

    const rows = await listCatalogue(server.db, businessId);
    expect(rows.find((row) => row.id === product.id)?.listPrice).toBe('29.99');
    const after = await server.call('GET', '/api/v1/inventory/enhanced', {
      token,
      headers: { 'if-none-match': etag ?? '' },
    });
    expect(after.status).toBe(200);
    const names = (
      after.body as { products: { columns: { key: string; value: unknown }[] }[] }
    ).products.flatMap((p) => p.columns.filter((c) => c.key === 'name').map((c) => c.value));
    expect(names).toContain('Harbour Shiraz');
  });

  it('updates the name and price, and deletes with 204', async () => {
    const { id } = (
      await server.call('POST', '/api/v1/products', { token, body: { name: 'Draft', price: 10 } })
    ).body as Created;
    const updated = await server.call('PUT', `/api/v1/products/${id}`, {
      token,
      body: { name: 'Final', price: 12.5 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, name: 'Final', price: 12.5, description: '' });

    const deleted = await server.call('DELETE', `/api/v1/products/${id}`, { token });
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBe('');
    const again = await server.call('DELETE', `/api/v1/products/${id}`, { token });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: 'Not found' });
  });

  it.each([
    [{ price: 10 }, PRODUCT_MESSAGES.nameRequired],
    [{ name: '   ', price: 10 }, PRODUCT_MESSAGES.nameRequired],
    [{ name: 'x'.repeat(201), price: 10 }, PRODUCT_MESSAGES.nameTooLong],
    [{ name: 'Wine' }, PRODUCT_MESSAGES.priceInvalid],
    [{ name: 'Wine', price: '10' }, PRODUCT_MESSAGES.priceInvalid],
    [{ name: 'Wine', price: -1 }, PRODUCT_MESSAGES.priceInvalid],
    [{ name: 'Wine', price: 10.005 }, PRODUCT_MESSAGES.priceInvalid],
    [
      { name: 'Wine', price: 10, description: 'd'.repeat(2001) },
      PRODUCT_MESSAGES.descriptionTooLong,
    ],
  ])('refuses an invalid product %j with 400 and the reason', async (body, message) => {
    const response = await server.call('POST', '/api/v1/products', { token, body });
    expect(response.status).toBe(400);
    expect((response.body as { message: string }).message).toBe(message);
  });

  it('refuses malformed JSON and an invalid update', async () => {
    const malformed = await server.call('POST', '/api/v1/products', { token, body: '{"name":' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: 'Malformed JSON body' });
    const { id } = (
      await server.call('POST', '/api/v1/products', { token, body: { name: 'Kept', price: 1 } })
    ).body as Created;
    const invalid = await server.call('PUT', `/api/v1/products/${id}`, {
      token,
      body: { name: 'Kept' },
    });
    expect(invalid.status).toBe(400);
    const rows = await listCatalogue(server.db, businessId);
    expect(rows.find((row) => row.id === id)?.name).toBe('Kept');
  });

  it("answers 404 for another business's product, and for ids that are not ids", async () => {
    const { id } = (
      await server.call('POST', '/api/v1/products', { token, body: { name: 'Ours', price: 5 } })
    ).body as Created;
    const put = await server.call('PUT', `/api/v1/products/${id}`, {
      token: otherToken,
      body: { name: 'Taken', price: 1 },
    });
    expect(put.status).toBe(404);
    const del = await server.call('DELETE', `/api/v1/products/${id}`, { token: otherToken });
    expect(del.status).toBe(404);
    expect((await listCatalogue(server.db, businessId)).find((row) => row.id === id)?.name).toBe(
      'Ours',
    );
    const bad = await server.call('DELETE', '/api/v1/products/abc', { token });
    expect(bad.status).toBe(404);
    const anonymous = await server.call('POST', '/api/v1/products', {
      body: { name: 'Nobody', price: 1 },
    });
    expect(anonymous.status).toBe(401);
  });
});
