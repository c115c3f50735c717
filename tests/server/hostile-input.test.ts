import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_RULES } from '#server/http/route-rules.ts';
import type { Product } from './helpers/products.ts';
import { createTestServer, type JsonResponse, type TestServer } from './helpers/test-server.ts';

/**
 * Hostile input against every write route: each valid sample body below with one of its values
 * replaced by something no column may hold (text with NUL or an unpaired surrogate, 100,000
 * characters, numbers beyond 32 bits or beyond any price, the wrong type, nesting 3,000 deep),
 * whole bodies that are not what the route reads, and path segments that cannot be ids. Every
 * answer must be a refusal (4xx) with a JSON `{message}`, never a 5xx; and no text marked
 * HOSTILE may reach any table. The same samples, sent unchanged afterwards, must still be
 * accepted: the refusals were the hostile values', not the samples'. CI runs this file on
 * PGlite and on PostgreSQL.
 */
const MARK = 'HOSTILE';
const HOSTILE_TEXT = [
  `${MARK} nul\u0000here`,
  `${MARK} high\uD800alone`,
  `${MARK} low\uDC00alone`,
  `${MARK}${'x'.repeat(100_000)}`,
];
const HOSTILE_NUMBERS = [2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1e308, -1e308];

function deeplyNested(depth: number): unknown {
  let value: unknown = MARK;
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

/** Values that must be refused where the sample holds a value of `sample`'s type. */
function hostileFor(sample: unknown, money: boolean): unknown[] {
  const wrongShapes = [{ [MARK]: MARK }, [MARK], deeplyNested(3_000)];
  if (typeof sample === 'string') return [...HOSTILE_TEXT, ...wrongShapes, true];
  if (typeof sample === 'number') {
    const numbers = money ? HOSTILE_NUMBERS.filter((n) => n !== 2 ** 31) : HOSTILE_NUMBERS;
    return [...numbers, ...HOSTILE_TEXT, ...wrongShapes];
  }
  if (typeof sample === 'boolean') return [...HOSTILE_TEXT, 12_345, ...wrongShapes];
  return [...HOSTILE_TEXT, ...HOSTILE_NUMBERS, true, deeplyNested(3_000)];
}

type Path = (string | number)[];

/** Every place in a sample body a value can be replaced, objects and arrays included. */
function placesIn(value: unknown, at: Path = []): Path[] {
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => [[...at, index], ...placesIn(item, [...at, index])]);
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => [
      [...at, key],
      ...placesIn(item, [...at, key]),
    ]);
  }
  return [];
}

function replaced(body: unknown, path: Path, value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (Array.isArray(body)) {
    return body.map((item, index) => (index === head ? replaced(item, rest, value) : item));
  }
  const record = body as Record<string, unknown>;
  return { ...record, [head]: replaced(record[head], rest, value) };
}

function valueAt(body: unknown, path: Path): unknown {
  return path.reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], body);
}

interface Sample {
  route: string;
  /** The path with its parameters filled in. */
  path: () => string;
  body?: () => unknown;
  /** Places where the route accepts any value by design (spec: an unknown visibility is hidden). */
  anyValueAt?: string[];
  /** Prices, whose column holds up to 9,999,999,999.99: 2^31 is a (silly) price, not an overflow. */
  moneyAt?: string[];
  /** Whether the sample itself is accepted again after the run (false for one-time tokens). */
  acceptedAfter?: boolean;
}

let server: TestServer;
let token: string;
const fixture = {
  product: 0,
  productVersion: 0,
  field: 0,
  invitation: '',
  person: '',
  stocktake: '',
};
const uuid = () => crypto.randomUUID();
const now = () => new Date().toISOString();

const SAMPLES: Sample[] = [
  {
    route: 'POST /api/v1/auth/login',
    path: () => '/api/v1/auth/login',
    body: () => ({ email: 'owner@hostile.test', password: 'Hostile2026' }),
  },
  {
    route: 'POST /api/v1/auth/refresh',
    path: () => '/api/v1/auth/refresh',
    body: () => ({ refreshToken: 'not-a-token-of-anyone' }),
    acceptedAfter: false,
  },
  {
    route: 'POST /api/v1/auth/forgot-password',
    path: () => '/api/v1/auth/forgot-password',
    body: () => ({ email: 'owner@hostile.test' }),
  },
  {
    route: 'POST /api/v1/auth/reset-password',
    path: () => '/api/v1/auth/reset-password',
    body: () => ({ token: 'not-a-token-of-anyone', password: 'Renewed2027x' }),
    acceptedAfter: false,
  },
  {
    route: 'POST /api/v1/auth/logout',
    path: () => '/api/v1/auth/logout',
    body: () => ({ refreshToken: 'not-a-token-of-anyone' }),
  },
  {
    route: 'POST /api/v1/auth/invitation',
    path: () => '/api/v1/auth/invitation',
    body: () => ({ token: 'not-a-token-of-anyone' }),
    acceptedAfter: false,
  },
  {
    route: 'POST /api/v1/auth/accept-invite',
    path: () => '/api/v1/auth/accept-invite',
    body: () => ({ token: 'not-a-token-of-anyone', password: 'Welcome2026x' }),
    acceptedAfter: false,
  },
  {
    route: 'PUT /api/v1/business/profile',
    path: () => '/api/v1/business/profile',
    body: () => ({
      name: 'Hostile Cellar',
      tax_number: '51 824 753 556',
      address: '1 Cellar Lane',
      phone: '+61 2 9999 0000',
      default_tax_category: 'gst10',
    }),
  },
  {
    route: 'POST /api/v1/team/invitations',
    path: () => '/api/v1/team/invitations',
    body: () => ({ name: 'Ivy', email: 'ivy@hostile.test', role: 'staff' }),
  },
  {
    route: 'POST /api/v1/team/invitations/:id/resend',
    path: () => `/api/v1/team/invitations/${fixture.invitation}/resend`,
    body: () => ({}),
  },
  {
    route: 'DELETE /api/v1/team/invitations/:id',
    path: () => `/api/v1/team/invitations/${fixture.invitation}`,
    acceptedAfter: false,
  },
  {
    route: 'PATCH /api/v1/team/people/:id',
    path: () => `/api/v1/team/people/${fixture.person}`,
    body: () => ({ role: 'manager', disabled: false }),
  },
  {
    route: 'PUT /api/v1/preferences/columns/:table',
    path: () => '/api/v1/preferences/columns/products',
    body: () => ({
      preferences: [
        { column_key: 'product', is_visible: true, display_order: 0 },
        { column_key: 'region_code', is_visible: false, display_order: 1 },
      ],
    }),
    anyValueAt: ['preferences.0.is_visible', 'preferences.1.is_visible'],
  },
  {
    route: 'PUT /api/v1/preferences/inventory-settings',
    path: () => '/api/v1/preferences/inventory-settings',
    body: () => ({
      display: { itemsPerPage: 50, defaultSort: 'productNameAZ', showProductImages: false },
      stockManagement: { lowStockThreshold: 10, stockAdjustmentReasons: ['Damaged', 'Other'] },
      productDefaults: { defaultMarkup: 50, defaultSupplier: 'Vinimport', skuPrefix: 'VIN' },
      notifications: { lowStockRecipients: ['owner@hostile.test'] },
      importExport: { columnMappingTemplates: [{ name: 'Old till', mapping: { RRP: 'list' } }] },
    }),
  },
  {
    route: 'POST /api/v1/custom-fields/definitions',
    path: () => '/api/v1/custom-fields/definitions',
    body: () => ({
      entity_type: 'product',
      field_key: 'bin_code',
      field_name: 'Bin code',
      field_type: 'text',
      is_required: false,
      description: 'Where the bottle sits',
      validation: { min_length: 2, max_length: 8, pattern: '^[A-Z0-9-]+$' },
    }),
  },
  {
    route: 'PUT /api/v1/custom-fields/definitions/:id',
    path: () => `/api/v1/custom-fields/definitions/${fixture.field}`,
    body: () => ({
      entity_type: 'product',
      field_key: 'bottle_size',
      field_name: 'Bottle size',
      field_type: 'select',
      is_required: false,
      validation: { options: ['375ml', '750ml', '1.5L'] },
    }),
  },
  {
    route: 'DELETE /api/v1/custom-fields/definitions/:id',
    path: () => `/api/v1/custom-fields/definitions/${fixture.field}`,
    acceptedAfter: false,
  },
  {
    route: 'POST /api/v1/products',
    path: () => '/api/v1/products',
    body: () => ({ name: 'Harbour Shiraz', price: 29.99, description: 'House red' }),
  },
  {
    route: 'PUT /api/v1/products/:id',
    path: () => `/api/v1/products/${fixture.product}`,
    body: () => ({ name: 'Harbour Shiraz', price: 31.5 }),
  },
  {
    route: 'DELETE /api/v1/products/:id',
    path: () => `/api/v1/products/${fixture.product}`,
    acceptedAfter: false,
  },
  {
    route: 'POST /api/v1/catalogue/products',
    path: () => '/api/v1/catalogue/products',
    body: () => ({
      fields: {
        name: 'Grange 2019',
        producer: 'Penfolds',
        luc: 500,
        list_price: '990',
        barcode: '4006381333931',
        bottle_size: '750ml',
      },
    }),
    moneyAt: ['fields.luc'],
  },
  {
    route: 'PATCH /api/v1/catalogue/products/:id',
    path: () => `/api/v1/catalogue/products/${fixture.product}`,
    body: () => ({
      base_version: fixture.productVersion,
      changes: { producer: 'Penfolds', list_price: 995, bottle_size: '1.5L' },
    }),
    moneyAt: ['changes.list_price'],
  },
  {
    route: 'POST /api/v1/catalogue/products/:id/duplicate',
    path: () => `/api/v1/catalogue/products/${fixture.product}/duplicate`,
    body: () => ({ changes: { name: 'Grange 2019 (Copy)' } }),
  },
  {
    route: 'DELETE /api/v1/catalogue/products/:id',
    path: () => `/api/v1/catalogue/products/${fixture.product}`,
    acceptedAfter: false,
  },
  {
    route: 'POST /api/v1/upload',
    path: () => '/api/v1/upload',
    acceptedAfter: false,
  },
  {
    route: 'POST /api/v1/stock/products/:id/movements',
    path: () => `/api/v1/stock/products/${fixture.product}/movements`,
    body: () => ({ id: uuid(), delta: 6, reason: 'Damaged', note: 'Dropped', made_at: now() }),
  },
  {
    route: 'POST /api/v1/stocktakes',
    path: () => '/api/v1/stocktakes',
    body: () => ({
      id: uuid(),
      name: 'Shelf A',
      scope: 'partial',
      category: 'Red Wine',
      search: 'Shiraz',
      scan_mode: 'scan',
      started_at: now(),
    }),
  },
  {
    route: 'PUT /api/v1/stocktakes/:id/lines',
    path: () => `/api/v1/stocktakes/${fixture.stocktake}/lines`,
    body: () => ({
      device_id: 'tablet-1',
      lines: [{ product_id: fixture.product, quantity: 4, counted_at: now() }],
    }),
  },
  {
    route: 'POST /api/v1/stocktakes/:id/close',
    path: () => `/api/v1/stocktakes/${fixture.stocktake}/close`,
    body: () => ({ uncounted: 'leave' }),
    acceptedAfter: false,
  },
  {
    route: 'POST /api/v1/stocktakes/:id/cancel',
    path: () => `/api/v1/stocktakes/${fixture.stocktake}/cancel`,
    body: () => ({}),
    acceptedAfter: false,
  },
  {
    route: 'POST /api/v1/batch',
    path: () => '/api/v1/batch',
    body: () => ({
      writes: [
        {
          method: 'PATCH',
          path: `/catalogue/products/${fixture.product}`,
          idempotency_key: uuid(),
          body: { base_version: fixture.productVersion, changes: { region: 'Barossa' } },
        },
      ],
    }),
    // A write's body is the write's own: it is judged by its route, inside the batch's answer.
    anyValueAt: [
      'writes.0.body.base_version',
      'writes.0.body.changes',
      'writes.0.body.changes.region',
    ],
  },
];

const HOSTILE_SEGMENTS = [
  '2147483648',
  '99999999999999999999',
  '-1',
  '0',
  '%00',
  '%ED%A0%80',
  'x'.repeat(5_000),
  '..',
];

/**
 * A refusal as every route must give one: 4xx with a JSON {message}. A batch answers 200 with
 * each write's own answer: a write in it is refused as it would be alone.
 */
function expectRefusal(response: JsonResponse, what: string) {
  const batch = response.body as { answers?: { status: number; body: unknown }[] };
  const answer =
    response.status === 200 && batch.answers?.[0]
      ? {
          ...response,
          ...batch.answers[0],
          headers: new Headers({ 'content-type': 'application/json' }),
        }
      : response;
  expect.soft(answer.status, what).toBeGreaterThanOrEqual(400);
  expect.soft(answer.status, what).toBeLessThan(500);
  expect.soft(answer.headers.get('content-type') ?? '', what).toContain('application/json');
  expect.soft(typeof (answer.body as { message?: unknown }).message, what).toBe('string');
}

const send = (method: string, path: string, body: unknown) =>
  server.call(method, path, {
    token,
    headers: { 'Idempotency-Key': uuid() },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const methodOf = (route: string) => route.split(' ')[0] as string;

beforeAll(async () => {
  server = await createTestServer();
  await server.createUser({
    email: 'owner@hostile.test',
    password: 'Hostile2026',
    businessName: 'Hostile Cellar',
  });
  await server.createUser({
    email: 'sam@hostile.test',
    password: 'Hostile2026',
    businessName: 'Hostile Cellar',
    role: 'staff',
  });
  token = (await server.login('owner@hostile.test', 'Hostile2026')).accessToken;
  const field = await server.call('POST', '/api/v1/custom-fields/definitions', {
    token,
    body: {
      entity_type: 'product',
      field_key: 'bottle_size',
      field_name: 'Bottle size',
      field_type: 'select',
      validation: { options: ['375ml', '750ml', '1.5L'] },
    },
  });
  fixture.field = (field.body as { id: number }).id;
  await server.call('POST', '/api/v1/custom-fields/definitions', {
    token,
    body: {
      entity_type: 'product',
      field_key: 'region_code',
      field_name: 'Region code',
      field_type: 'text',
    },
  });
  const product = await server.call('POST', '/api/v1/catalogue/products', {
    token,
    body: { fields: { name: 'Hill of Grace 2018', luc: 600, list_price: 1100 } },
  });
  fixture.product = (product.body as Product).id;
  fixture.productVersion = (product.body as Product).version;
  const invitation = await server.call('POST', '/api/v1/team/invitations', {
    token,
    body: { name: 'Ann', email: 'ann@hostile.test', role: 'staff' },
  });
  fixture.invitation = (invitation.body as { id: string }).id;
  const team = await server.call('GET', '/api/v1/team', { token });
  fixture.person =
    (team.body as { people: { id: string; email: string }[] }).people.find(
      (person) => person.email === 'sam@hostile.test',
    )?.id ?? '';
  fixture.stocktake = uuid();
  await server.call('POST', '/api/v1/stocktakes', {
    token,
    body: {
      id: fixture.stocktake,
      name: 'All',
      scope: 'full',
      scan_mode: 'type',
      started_at: now(),
    },
  });
});
afterAll(() => server.close());

describe('hostile input on every write route', () => {
  it('has a sample for every write route of the API', () => {
    const writes = Object.keys(ROUTE_RULES).filter((route) => !route.startsWith('GET '));
    expect(writes.filter((route) => !SAMPLES.some((sample) => sample.route === route))).toEqual([]);
  });

  it('refuses a hostile value in each place of each body with 4xx {message}', async () => {
    for (const sample of SAMPLES) {
      if (!sample.body) continue;
      const body = sample.body();
      for (const place of placesIn(body)) {
        if (sample.anyValueAt?.includes(place.join('.'))) continue;
        const money = sample.moneyAt?.includes(place.join('.')) ?? false;
        for (const hostile of hostileFor(valueAt(body, place), money)) {
          const answer = await send(
            methodOf(sample.route),
            sample.path(),
            replaced(body, place, hostile),
          );
          expectRefusal(
            answer,
            `${sample.route} with ${place.join('.')} = ${JSON.stringify(hostile).slice(0, 40)}`,
          );
        }
      }
    }
  });

  it('refuses bodies that are not what a route reads, generated', async () => {
    // Routes that read a body (resend and cancel read none).
    const routes = SAMPLES.filter((sample) => Object.keys(sample.body?.() ?? {}).length > 0);
    const notTheBody = fc.oneof(
      fc.constantFrom(...HOSTILE_TEXT, ...HOSTILE_NUMBERS, null, true, [], deeplyNested(3_000)),
      fc
        .string({ unit: 'binary', minLength: 1, maxLength: 40 })
        .map((text) => `${MARK}${text}\u0000`),
      fc.array(fc.constantFrom(...HOSTILE_TEXT), { minLength: 1, maxLength: 3 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), notTheBody, async (sample, body) => {
        const answer = await send(methodOf(sample.route), sample.path(), body);
        expectRefusal(answer, `${sample.route} with ${JSON.stringify(body).slice(0, 60)}`);
      }),
      { numRuns: 150 },
    );
  });

  it('refuses path segments that cannot be ids with 4xx {message}', async () => {
    for (const sample of SAMPLES.filter((item) => item.route.includes(':id'))) {
      for (const segment of HOSTILE_SEGMENTS) {
        const path = sample.route.split(' ')[1]?.replace(':id', segment) ?? '';
        const answer = await send(methodOf(sample.route), path, sample.body?.());
        expectRefusal(answer, `${sample.route} at ${segment.slice(0, 20)}`);
      }
    }
  });

  it('stored nothing hostile, and still accepts each sample as it is', async () => {
    // Both drivers answer {rows}; the shared type does not say so.
    const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
    const tables = rows<{ table_name: string }>(
      await server.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public'
          and table_type = 'BASE TABLE'`,
      ),
    );
    for (const { table_name: table } of tables) {
      // Refusals are kept as the answers of their Idempotency-Keys, and may quote what they refuse.
      const notARefusal = table === 'idempotency_keys' ? sql`and t.response_status < 400` : sql``;
      const [found] = rows<{ count: number }>(
        await server.db.execute(
          sql`select count(*)::int as count from ${sql.identifier(table)} as t
            where t::text like ${`%${MARK}%`} ${notARefusal}`,
        ),
      );
      expect(found?.count, table).toBe(0);
    }
    for (const sample of SAMPLES) {
      if (sample.acceptedAfter === false) continue;
      const answer = await send(methodOf(sample.route), sample.path(), sample.body?.());
      expect(answer.status, `${sample.route}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    }
  });
});
