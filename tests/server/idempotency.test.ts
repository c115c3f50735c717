import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_TTL_MS } from '#server/http/idempotency.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

describe('Idempotency-Key on writes', () => {
  let server: TestServer;
  let ana: string;
  let ben: string;

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
    ana = (await server.login('ana@cellar.test', 'Cellar2026')).accessToken;
    ben = (await server.login('ben@cellar.test', 'Cellar2026')).accessToken;
  });
  afterAll(() => server.close());

  const field = (key: string) => ({
    entity_type: 'product',
    field_key: key,
    field_name: key,
    field_type: 'text',
  });
  const post = (token: string, body: unknown, key: string) =>
    server.call('POST', '/api/v1/custom-fields/definitions', {
      token,
      body,
      headers: { 'Idempotency-Key': key },
    });
  const count = async () =>
    (
      (await server.call('GET', '/api/v1/custom-fields/definitions/product', { token: ana }))
        .body as { definitions: unknown[] }
    ).definitions.length;

  it('answers a repeat with the stored answer and applies it once', async () => {
    const first = await post(ana, field('region_code'), 'key-1');
    const again = await post(ana, field('region_code'), 'key-1');
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await count()).toBe(1);
  });

  it('replays an error answer too', async () => {
    const first = await post(ana, field('Bad Key'), 'key-bad');
    const again = await post(ana, field('Bad Key'), 'key-bad');
    expect(first.status).toBe(400);
    expect(again.status).toBe(400);
    expect(again.body).toEqual(first.body);
  });

  it('refuses the same key with another body with 422', async () => {
    const response = await post(ana, field('other_code'), 'key-1');
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: 'This Idempotency-Key was already used for a different request',
    });
    expect(await count()).toBe(1);
  });

  it('answers 409 while the first request with the key is still running', async () => {
    const { idempotencyKeys } = await import('#server/db/schema.ts');
    const { createHash } = await import('node:crypto');
    const body = JSON.stringify(field('slow_one'));
    const user = (await server.login('ana@cellar.test', 'Cellar2026')).user.id;
    await server.db.insert(idempotencyKeys).values({
      userId: user,
      key: 'key-running',
      fingerprint: createHash('sha256')
        .update(`POST /api/v1/custom-fields/definitions\n${body}`)
        .digest('hex'),
      createdAt: server.now(),
    });
    const response = await server.call('POST', '/api/v1/custom-fields/definitions', {
      token: ana,
      body,
      headers: { 'Idempotency-Key': 'key-running' },
    });
    expect(response.status).toBe(409);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(response.body).toEqual({
      message: 'A request with this Idempotency-Key is still being processed',
    });
  });

  it('keeps keys per user', async () => {
    const response = await post(ben, field('ben_code'), 'key-1');
    expect(response.status).toBe(201);
  });

  it('forgets keys after 24 hours', async () => {
    const put = (key: string) =>
      server.call('PUT', '/api/v1/preferences/columns/products', {
        token: ana,
        body: { preferences: [{ column_key: 'product', is_visible: true, display_order: 0 }] },
        headers: { 'Idempotency-Key': key },
      });
    expect((await put('key-day')).status).toBe(200);
    server.advance(IDEMPOTENCY_TTL_MS + 1000);
    ana = (await server.login('ana@cellar.test', 'Cellar2026')).accessToken;
    const later = await put('key-day');
    expect(later.status).toBe(200);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
  });

  it('refuses a malformed key', async () => {
    expect((await post(ana, field('x_code'), 'has spaces in it')).status).toBe(400);
  });
});
