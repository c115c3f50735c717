import { createHash } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_SCOPES } from '#server/db/locks.ts';
import { idempotencyKeys } from '#server/db/schema.ts';
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

  it('answers 409 while another attempt holds the key, then runs it once it is free', async () => {
    // PostgreSQL only: a second connection plays an attempt in flight on another instance.
    if (!server.databaseUrl) return;
    const user = (await server.login('ana@cellar.test', 'Cellar2026')).user.id;
    const other = new pg.Client({ connectionString: server.databaseUrl });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock(hashtext($1), hashtext($2))', [
        LOCK_SCOPES.idempotencyKey,
        `${user} key-running`,
      ]);
      const held = await post(ana, field('slow_one'), 'key-running');
      expect(held.status).toBe(409);
      expect(held.headers.get('retry-after')).toBe('1');
      expect(held.body).toEqual({
        message: 'A request with this Idempotency-Key is still being processed',
      });
      await other.query('commit');
      expect((await post(ana, field('slow_one'), 'key-running')).status).toBe(201);
    } finally {
      await other.end();
    }
  });

  it('runs two attempts sent at once with one key once: the other gets its answer or 409', async () => {
    const before = await count();
    const answers = await Promise.all([
      post(ana, field('twice_sent'), 'key-twice'),
      post(ana, field('twice_sent'), 'key-twice'),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(201);
    expect([201, 409]).toContain(statuses[1]);
    expect(await count()).toBe(before + 1);
  });

  it('takes over a key an earlier version left without an answer', async () => {
    const body = JSON.stringify(field('left_over'));
    const user = (await server.login('ana@cellar.test', 'Cellar2026')).user.id;
    await server.db.insert(idempotencyKeys).values({
      userId: user,
      key: 'key-left-over',
      fingerprint: createHash('sha256')
        .update(`POST /api/v1/custom-fields/definitions\n${body}`)
        .digest('hex'),
      createdAt: server.now(),
    });
    const response = await server.call('POST', '/api/v1/custom-fields/definitions', {
      token: ana,
      body,
      headers: { 'Idempotency-Key': 'key-left-over' },
    });
    expect(response.status).toBe(201);
    expect(
      (await post(ana, field('left_over'), 'key-left-over')).headers.get('idempotent-replayed'),
    ).toBe('true');
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
