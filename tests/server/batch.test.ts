import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES } from '#domains/products/product-write.ts';
import { BATCH_LIMIT, BATCH_MESSAGES, type BatchAnswer } from '#shared/sync/batch.ts';
import { type Product, value } from './helpers/products.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

describe('POST /batch', () => {
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

  const batch = (writes: unknown, as: string | null = token) =>
    server.call('POST', '/api/v1/batch', { ...(as ? { token: as } : {}), body: { writes } });
  const answers = (response: { body: unknown }) => (response.body as BatchAnswer).answers;
  const create = async (name: string, as = token) =>
    (
      await server.call('POST', '/api/v1/catalogue/products', {
        token: as,
        body: { fields: { name, list_price: '20' } },
      })
    ).body as Product;
  const product = async (id: number, as = token) => {
    const { products } = (await server.call('GET', '/api/v1/inventory/enhanced', { token: as }))
      .body as { products: Product[] };
    return products.find((item) => item.id === id);
  };

  it('runs each write as its own request, in order, and answers each status and body', async () => {
    const shiraz = await create('Batch Shiraz');
    const riesling = await create('Batch Riesling');
    const response = await batch([
      {
        method: 'PATCH',
        path: `/catalogue/products/${shiraz.id}`,
        idempotency_key: 'b-1',
        body: { base_version: 1, changes: { list_price: '31' } },
      },
      {
        method: 'POST',
        path: '/catalogue/products',
        idempotency_key: 'b-2',
        body: { fields: { name: 'Batch Rosé', list_price: '18' } },
      },
      { method: 'DELETE', path: `/catalogue/products/${riesling.id}`, idempotency_key: 'b-3' },
    ]);
    expect(response.status).toBe(200);
    const [edited, created, deleted] = answers(response);
    expect(edited?.status).toBe(200);
    expect(value(edited?.body as Product, 'list_price')).toBe('31.00');
    expect(created?.status).toBe(201);
    expect(value(created?.body as Product, 'name')).toBe('Batch Rosé');
    expect(deleted).toEqual({ status: 204, body: null });
    expect(value((await product(shiraz.id)) as Product, 'list_price')).toBe('31.00');
    expect(await product(riesling.id)).toBeUndefined();
  });

  it('a refused write answers its refusal in its place; the others are done', async () => {
    const merlot = await create('Batch Merlot');
    const response = await batch([
      {
        method: 'PATCH',
        path: `/catalogue/products/${merlot.id}`,
        idempotency_key: 'r-1',
        body: { base_version: 1, changes: { list_price: -4 } },
      },
      {
        method: 'PATCH',
        path: '/catalogue/products/999999',
        idempotency_key: 'r-2',
        body: { base_version: 1, changes: { list_price: '5' } },
      },
      {
        method: 'PATCH',
        path: `/catalogue/products/${merlot.id}`,
        idempotency_key: 'r-3',
        body: { base_version: 1, changes: { producer: 'Batch Estate' } },
      },
    ]);
    expect(response.status).toBe(200);
    const [invalid, missing, saved] = answers(response);
    expect(invalid).toMatchObject({ status: 400, body: { message: PRODUCT_MESSAGES.invalid } });
    expect(missing).toMatchObject({ status: 404, body: { message: PRODUCT_MESSAGES.deleted } });
    expect(saved?.status).toBe(200);
    expect(value((await product(merlot.id)) as Product, 'producer')).toBe('Batch Estate');
  });

  it('sent twice, each write takes effect once and answers the same', async () => {
    const writes = [
      {
        method: 'POST',
        path: '/catalogue/products',
        idempotency_key: 'twice-1',
        body: { fields: { name: 'Batch Twice', list_price: '12' } },
      },
    ];
    const first = answers(await batch(writes));
    const second = answers(await batch(writes));
    expect(second).toEqual(first);
    const { products } = (await server.call('GET', '/api/v1/inventory/enhanced', { token }))
      .body as { products: Product[] };
    expect(products.filter((item) => value(item, 'name') === 'Batch Twice')).toHaveLength(1);
  });

  it("runs with the caller's business: another business's product is not found", async () => {
    const theirs = await create('Hilltop Gin', otherToken);
    const [answer] = answers(
      await batch([
        {
          method: 'DELETE',
          path: `/catalogue/products/${theirs.id}`,
          idempotency_key: 'scope-1',
        },
      ]),
    );
    expect(answer?.status).toBe(404);
    expect(await product(theirs.id, otherToken)).toBeDefined();
  });

  it('answers 401 without a session, and runs nothing', async () => {
    const response = await batch(
      [
        {
          method: 'POST',
          path: '/catalogue/products',
          idempotency_key: 'anon-1',
          body: { fields: { name: 'Batch Anonymous' } },
        },
      ],
      null,
    );
    expect(response.status).toBe(401);
    const { products } = (await server.call('GET', '/api/v1/inventory/enhanced', { token }))
      .body as { products: Product[] };
    expect(products.some((item) => value(item, 'name') === 'Batch Anonymous')).toBe(false);
  });

  const write = { method: 'DELETE', path: '/catalogue/products/1', idempotency_key: 'k' };
  it.each([
    ['no writes', []],
    [`more than ${BATCH_LIMIT} writes`, Array.from({ length: BATCH_LIMIT + 1 }, () => write)],
    ['a method that is not a write', [{ ...write, method: 'GET' }]],
    ['a path outside the API', [{ ...write, path: 'http://elsewhere.test/x' }]],
    ['a path with a query', [{ ...write, path: '/changes?catalogue=0' }]],
    ['no Idempotency-Key', [{ method: 'DELETE', path: '/catalogue/products/1' }]],
    ['an Idempotency-Key with a line break', [{ ...write, idempotency_key: 'a\nb' }]],
    ['writes that are not a list', 'DELETE /catalogue/products/1'],
  ])('answers 400 {message} for %s', async (_case, writes) => {
    const response = await batch(writes);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: BATCH_MESSAGES.invalid });
  });

  it.each(['/auth/logout', '/batch', '/upload'])(
    'answers 400 for %s, which is not a queued write',
    async (path) => {
      const response = await batch([{ ...write, method: 'POST', path }]);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: BATCH_MESSAGES.notBatchable });
    },
  );

  it.each([
    '/./batch',
    '/x/../auth/logout',
    '/catalogue/../batch',
    '//batch',
    '/catalogue/products/.',
  ])(
    'answers 400 for %s: a path is judged as it will run, never after dot segments resolve',
    async (path) => {
      const response = await batch([{ ...write, method: 'POST', path }]);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: BATCH_MESSAGES.invalid });
    },
  );

  it('never runs a batch as a write of a batch, whatever reaches it', async () => {
    const inner = await server.app.fetch(
      new Request('http://vintry.test/api/v1/batch', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ writes: [{ ...write, method: 'DELETE' }] }),
      }),
      { insideBatch: true },
    );
    expect(inner.status).toBe(400);
    expect(await inner.json()).toEqual({ message: BATCH_MESSAGES.notBatchable });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await server.call('POST', '/api/v1/batch', { token, body: '{"writes": [' });
    expect(response.status).toBe(400);
  });
});
