import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeRules } from '#server/app.ts';
import { approvalKeys, approvalPins } from '#server/db/schema.ts';
import { can } from '#shared/auth/permissions.ts';
import type { Product } from './helpers/products.ts';
import { cardSale } from './helpers/sales.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * No approver's secret reaches a device that is not theirs: every answer staff can read (each
 * GET their role may call, with real records behind it) holds no PIN hash or salt, nor the
 * private half of the approval key. Any copy a tablet could check a 4-digit PIN against falls
 * to 10,000 guesses in minutes.
 */
let server: TestServer;
let staff: string;
const params: Record<string, string> = {};

beforeAll(async () => {
  server = await createTestServer();
  const { harbour } = await server.twoBusinesses();
  for (const [email, role] of [
    ['mo@harbour.test', 'manager'],
    ['sam@harbour.test', 'staff'],
  ] as const) {
    await server.createUser({
      email,
      password: 'Harbour2026',
      businessName: 'Harbour Wines',
      role,
    });
  }
  const manager = (await server.login('mo@harbour.test', 'Harbour2026')).accessToken;
  staff = (await server.login('sam@harbour.test', 'Harbour2026')).accessToken;
  const write = (token: string, method: string, path: string, body: unknown) =>
    server.call(method, path, { token, body, headers: { 'Idempotency-Key': randomUUID() } });
  // Both approvers set their PIN; a product, a sale of it, a count: records behind every read.
  await write(manager, 'PUT', '/api/v1/sales/approval-pin', { pin: '2468' });
  await write(harbour.token, 'PUT', '/api/v1/sales/approval-pin', { pin: '1357' });
  const product = (
    await write(harbour.token, 'POST', '/api/v1/catalogue/products', {
      fields: { name: 'Secret Shiraz', list_price: '20', luc: '10', gst: '1' },
    })
  ).body as Product;
  const customer = randomUUID();
  await write(staff, 'POST', '/api/v1/customers', { id: customer, name: 'Secret Regular' });
  const sale = cardSale(
    [{ product_id: product.id, quantity: 1, unit_cents: 2_000, taxable: true }],
    'T3-000001',
    { customer_id: customer },
  );
  expect((await write(staff, 'POST', '/api/v1/sales', sale)).status).toBe(201);
  const stocktake = randomUUID();
  await write(manager, 'POST', '/api/v1/stocktakes', {
    id: stocktake,
    name: 'Shelf',
    scope: 'full',
    scan_mode: 'type',
    started_at: new Date().toISOString(),
  });
  Object.assign(params, {
    'GET /api/v1/catalogue/products/:id/history': `/api/v1/catalogue/products/${product.id}/history`,
    'GET /api/v1/stock/products/:id/movements': `/api/v1/stock/products/${product.id}/movements`,
    'GET /api/v1/sales/products/:id/summary': `/api/v1/sales/products/${product.id}/summary?tz=UTC`,
    'GET /api/v1/sales/receipts/:receipt': `/api/v1/sales/receipts/${sale.receipt}`,
    'GET /api/v1/sales/customers/:id/summary': `/api/v1/sales/customers/${customer}/summary`,
    'GET /api/v1/stocktakes/:id': `/api/v1/stocktakes/${stocktake}`,
    'GET /api/v1/sales': `/api/v1/sales?date=${new Date().toISOString().slice(0, 10)}&tz=UTC`,
    'GET /api/v1/dashboard': '/api/v1/dashboard?tz=UTC',
    'GET /api/v1/changes':
      '/api/v1/changes?catalogue=0&stocktakes=0&suppliers=0&purchase-orders=0&deliveries=0',
    'GET /api/v1/purchasing/products/:id/reorder': `/api/v1/purchasing/products/${product.id}/reorder`,
    'GET /api/v1/custom-fields/definitions/:entityType':
      '/api/v1/custom-fields/definitions/product',
  });
  for (const ending of ['', '/visible', '/defaults', '/stats']) {
    params[`GET /api/v1/preferences/columns/:table${ending}`] =
      `/api/v1/preferences/columns/products${ending}`;
  }
});
afterAll(() => server.close());

describe('approvers’ secrets', () => {
  it('are in no answer staff can read', async () => {
    const pins = await server.db.select().from(approvalPins);
    expect(pins).toHaveLength(2);
    const [key] = await server.db.select().from(approvalKeys);
    const privateParts = ['d', 'p', 'q', 'dp', 'dq', 'qi'].map(
      (part) => (key?.privateJwk as Record<string, string> | undefined)?.[part] ?? '',
    );
    expect(privateParts.every((part) => part.length > 20)).toBe(true);
    const secrets = [...pins.flatMap((pin) => [pin.salt, pin.hash]), ...privateParts];

    const reads = [...routeRules(server.app)].filter(
      ([route, rule]) =>
        route.startsWith('GET ') &&
        (rule === 'public' || rule === 'signed-in' || can('staff', rule)),
    );
    expect(reads.length).toBeGreaterThan(15);
    for (const [route] of reads) {
      // An upload answers the file's own bytes, as a person uploaded them.
      if (route === 'GET /api/v1/upload/:id') continue;
      const path = params[route] ?? route.slice('GET '.length);
      // A read whose path needs a record this test does not make fails here, to be added above.
      expect(path, route).not.toMatch(/:/);
      const answer = await server.call('GET', path, { token: staff });
      expect(answer.status, route).toBeLessThan(300);
      const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      for (const secret of secrets) expect(text.includes(secret), route).toBe(false);
      expect(text, route).not.toMatch(/"(salt|hash|iterations|private_?jwk)"/i);
    }
  });
});
