import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizePreferences } from '#domains/preferences/column-preferences.ts';
import { LOGIN_FAILURE_LIMIT } from '#server/auth/login-throttle.ts';
import { createUser } from '#server/auth/users.ts';
import { businesses } from '#server/db/schema.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Writes that arrive together: two tabs, a tab and the service worker, two devices, or two
 * instances on one PostgreSQL (CI runs this file there too). None may answer 5xx, and what is
 * stored is one whole write, never a mix.
 */
const TIMES = 20;

const layout = (n: number) => [
  { column_key: 'product', is_visible: true, display_order: 0 },
  { column_key: 'producer', is_visible: n % 2 === 0, display_order: 1 },
  { column_key: 'country', is_visible: n % 3 === 0, display_order: 2 },
  { column_key: 'region', is_visible: true, display_order: 3 + (n % 5) },
  { column_key: 'luc', is_visible: n % 4 !== 0, display_order: 9 },
];

describe('writes that arrive at the same moment', () => {
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

  const put = (preferences: unknown, key: string) =>
    server.call('PUT', '/api/v1/preferences/columns/products', {
      token,
      body: { preferences },
      headers: { 'Idempotency-Key': key },
    });
  const stored = async () =>
    (
      (await server.call('GET', '/api/v1/preferences/columns/products', { token })).body as {
        preferences: unknown[];
      }
    ).preferences;

  it(`${TIMES} saves of one layout with one Idempotency-Key: no 5xx, the layout is stored`, async () => {
    const answers = await Promise.all(
      Array.from({ length: TIMES }, () => put(layout(1), 'same-key')),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    expect(statuses).toContain(200);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(answer.body).toEqual({ message: expect.any(String) });
    }
    expect(await stored()).toEqual(normalizePreferences(layout(1)));
  });

  it(`${TIMES} saves of different layouts with different keys: all saved, one of them stored whole`, async () => {
    const answers = await Promise.all(
      Array.from({ length: TIMES }, (_, n) => put(layout(n), `key-${n}`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(TIMES).fill(200));
    const sent = Array.from({ length: TIMES }, (_, n) => normalizePreferences(layout(n)));
    expect(sent).toContainEqual(await stored());
  });

  it(`${TIMES} creates of one custom field key: one 201, the rest 409 with {message}`, async () => {
    const answers = await Promise.all(
      Array.from({ length: TIMES }, (_, n) =>
        server.call('POST', '/api/v1/custom-fields/definitions', {
          token,
          headers: { 'Idempotency-Key': `field-${n}` },
          body: {
            entity_type: 'product',
            field_key: 'bin_location',
            field_name: `Bin Location ${n}`,
            field_type: 'text',
            is_required: false,
            validation: {},
          },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, ...Array(TIMES - 1).fill(409)]);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(answer.body).toEqual({
        message: 'A custom field with the key "bin_location" already exists',
      });
    }
  });

  it(`${TIMES} wrong passwords sent at once: the limit of 10 is checked, the rest answer 429`, async () => {
    await server.createUser({
      email: 'target@cellar.test',
      password: 'Target2026',
      businessName: 'Cellar',
    });
    const attempt = (password: string) =>
      server.call('POST', '/api/v1/auth/login', {
        body: { email: 'target@cellar.test', password },
      });
    const answers = await Promise.all(
      Array.from({ length: TIMES }, (_, n) => attempt(`Wrong${n}2026`)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([
      ...Array(LOGIN_FAILURE_LIMIT).fill(401),
      ...Array(TIMES - LOGIN_FAILURE_LIMIT).fill(429),
    ]);
    expect((await attempt('Target2026')).status).toBe(429);
  });

  it('people added to one new business at the same moment share that one business', async () => {
    const created = await Promise.all(
      Array.from({ length: 5 }, (_, n) =>
        createUser(server.db, {
          email: `member${n}@harbour.test`,
          password: 'Harbour2026',
          name: `Member ${n}`,
          businessName: 'Harbour Wines',
        }),
      ),
    );
    expect(new Set(created.map((user) => user.businessId)).size).toBe(1);
    // Whoever made the business is its owner; the others joined it as staff.
    expect(created.filter((user) => user.role === 'owner')).toHaveLength(1);
    const rows = await server.db
      .select({ id: businesses.id })
      .from(businesses)
      .where(eq(businesses.name, 'Harbour Wines'));
    expect(rows).toHaveLength(1);
  });
});
