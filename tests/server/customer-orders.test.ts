import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CUSTOMER_ORDER_MESSAGES,
  type CustomerOrder,
} from '#domains/customer-orders/customer-order.ts';
import type { Customer } from '#domains/customers/customer.ts';
import type { Product } from './helpers/products.ts';
import { shopsWithStaff } from './helpers/sales.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Customer orders on the server: numbered once however often sent, priced from the catalogue
 * (never from the device), details merged by field and lines by product, open → ready →
 * cancelled with a closed order refusing changes, staff allowed, tenancy, and the pull.
 */
describe('customer orders', () => {
  let server: TestServer;
  let owner: string;
  let other: string;
  let staff: string;
  let margaret: Customer;
  let shiraz: Product;
  let riesling: Product;

  const send = (method: string, path: string, body: unknown, token = owner) =>
    server.call(method, `/api/v1${path}`, {
      token,
      headers: { 'Idempotency-Key': randomUUID() },
      body,
    });
  const orderOf = (response: { body: unknown }) =>
    (response.body as { order: CustomerOrder }).order;
  const pickup = (fields: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    customer_id: margaret.id,
    kind: 'pickup',
    due_on: '2026-12-24',
    lines: [{ product_id: shiraz.id, quantity: 6 }],
    ...fields,
  });

  beforeAll(async () => {
    server = await createTestServer();
    ({ token: owner, otherToken: other, staffToken: staff } = await shopsWithStaff(server));
    margaret = (
      (await send('POST', '/customers', { id: randomUUID(), name: 'Margaret Chen' })).body as {
        customer: Customer;
      }
    ).customer;
    const product = async (name: string, price: string) =>
      (
        await send('POST', '/catalogue/products', {
          fields: { name, luc: '10', list_price: price },
        })
      ).body as Product;
    shiraz = await product('Order Shiraz', '34.95');
    riesling = await product('Order Riesling', '22.50');
  });
  afterAll(() => server.close());

  it('numbers an order once however often it is sent, priced from the catalogue', async () => {
    const body = pickup({
      window_from: '10:00',
      window_to: '12:00',
      lines: [
        { product_id: shiraz.id, quantity: 6, price_cents: 1 },
        { product_id: riesling.id, quantity: 2 },
      ],
    });
    const first = await send('POST', '/orders', body);
    expect(first.status).toBe(201);
    const order = orderOf(first);
    expect(order).toMatchObject({
      number: expect.stringMatching(/^ORD-1\d{3}$/),
      customer: 'Margaret Chen',
      status: 'open',
      window_from: '10:00',
      lines: [
        { product_id: shiraz.id, name: 'Order Shiraz', quantity: 6, price_cents: 3495 },
        { product_id: riesling.id, name: 'Order Riesling', quantity: 2, price_cents: 2250 },
      ],
      total_cents: 6 * 3495 + 2 * 2250,
      version: 1,
    });
    const again = await send('POST', '/orders', body);
    expect(again.status).toBe(200);
    expect(orderOf(again).number).toBe(order.number);
    const next = orderOf(await send('POST', '/orders', pickup()));
    expect(Number(next.number.slice(4))).toBe(Number(order.number.slice(4)) + 1);
  });

  it('refuses what cannot be an order, with its message, and stores nothing', async () => {
    const before = (
      (await server.call('GET', '/api/v1/orders', { token: owner })).body as {
        orders: CustomerOrder[];
      }
    ).orders.length;
    for (const [fields, status, message] of [
      [{ kind: 'delivery' }, 400, CUSTOMER_ORDER_MESSAGES.address],
      [{ due_on: '2026-02-30' }, 400, CUSTOMER_ORDER_MESSAGES.day],
      [{ window_from: '14:00', window_to: '09:00' }, 400, CUSTOMER_ORDER_MESSAGES.window],
      [{ window_from: '25:00' }, 400, CUSTOMER_ORDER_MESSAGES.time],
      [{ lines: [] }, 400, CUSTOMER_ORDER_MESSAGES.lines],
      [
        {
          lines: [
            { product_id: shiraz.id, quantity: 1 },
            { product_id: shiraz.id, quantity: 2 },
          ],
        },
        400,
        CUSTOMER_ORDER_MESSAGES.twice,
      ],
      [{ lines: [{ product_id: shiraz.id, quantity: 0 }] }, 400, CUSTOMER_ORDER_MESSAGES.quantity],
      [{ customer_id: randomUUID() }, 422, CUSTOMER_ORDER_MESSAGES.customerGone],
      [{ lines: [{ product_id: 999_999, quantity: 1 }] }, 422, CUSTOMER_ORDER_MESSAGES.productGone],
    ] as const) {
      const response = await send('POST', '/orders', pickup(fields));
      expect(response.status, JSON.stringify(fields)).toBe(status);
      expect((response.body as { message: string }).message, JSON.stringify(fields)).toBe(message);
    }
    const after = (
      (await server.call('GET', '/api/v1/orders', { token: owner })).body as {
        orders: CustomerOrder[];
      }
    ).orders.length;
    expect(after).toBe(before);
  });

  it('merges two tablets’ edits: details by field, lines by product', async () => {
    const order = orderOf(await send('POST', '/orders', pickup()));
    const path = `/orders/${order.id}`;
    // Tablet A adds a line; tablet B, from the same version, changes the time and the Shiraz.
    const a = await send('PATCH', path, {
      base_version: 1,
      lines: [{ product_id: riesling.id, quantity: 3 }],
    });
    expect(a.status).toBe(200);
    const b = await send('PATCH', path, {
      base_version: 1,
      changes: { window_from: '15:00', notes: 'Gift wrap' },
      lines: [{ product_id: shiraz.id, quantity: 12 }],
    });
    expect(b.status).toBe(200);
    expect(orderOf(b)).toMatchObject({
      window_from: '15:00',
      notes: 'Gift wrap',
      lines: [
        { product_id: shiraz.id, quantity: 12 },
        { product_id: riesling.id, quantity: 3 },
      ],
      total_cents: 12 * 3495 + 3 * 2250,
      version: 3,
    });
    // The same detail to another value conflicts; taking every line off is refused.
    const clash = await send('PATCH', path, { base_version: 1, changes: { notes: 'No wrap' } });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({
      message: CUSTOMER_ORDER_MESSAGES.conflict,
      conflicts: ['notes'],
      current: { notes: 'Gift wrap' },
    });
    const emptied = await send('PATCH', path, {
      base_version: 3,
      lines: [
        { product_id: shiraz.id, quantity: 0 },
        { product_id: riesling.id, quantity: 0 },
      ],
    });
    expect(emptied.status).toBe(400);
    expect(emptied.body).toEqual({ message: CUSTOMER_ORDER_MESSAGES.lines });
    const delivery = await send('PATCH', path, { base_version: 3, changes: { kind: 'delivery' } });
    expect(delivery.status).toBe(400);
    expect(delivery.body).toEqual({ message: CUSTOMER_ORDER_MESSAGES.address });
  });

  it('goes open → ready → cancelled; a cancelled order takes no change', async () => {
    const order = orderOf(await send('POST', '/orders', pickup()));
    const status = (value: string, token = owner) =>
      send('POST', `/orders/${order.id}/status`, { status: value }, token);
    expect(orderOf(await status('ready', staff)).status).toBe('ready');
    expect(orderOf(await status('open')).status).toBe('open');
    const collected = await status('collected');
    expect(collected.status).toBe(400);
    expect(collected.body).toMatchObject({ message: CUSTOMER_ORDER_MESSAGES.status });
    expect(orderOf(await status('cancelled')).status).toBe('cancelled');
    // Sent again: the same answer.
    expect((await status('cancelled')).status).toBe(200);
    const reopened = await status('open');
    expect(reopened.status).toBe(409);
    expect(reopened.body).toEqual({ message: CUSTOMER_ORDER_MESSAGES.closed });
    const edited = await send('PATCH', `/orders/${order.id}`, {
      base_version: 4,
      changes: { notes: 'too late' },
    });
    expect(edited.status).toBe(409);
  });

  it('keeps each business’s orders to itself, and lets staff take them', async () => {
    const order = orderOf(await send('POST', '/orders', pickup(), staff));
    expect(order.status).toBe('open');
    const list = async (token: string) =>
      ((await server.call('GET', '/api/v1/orders', { token })).body as { orders: CustomerOrder[] })
        .orders;
    expect((await list(other)).map((entry) => entry.id)).not.toContain(order.id);
    for (const [method, path, body] of [
      ['PATCH', `/orders/${order.id}`, { base_version: 1, changes: { notes: 'mine' } }],
      ['POST', `/orders/${order.id}/status`, { status: 'cancelled' }],
    ] as const) {
      const response = await send(method, path, body, other);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: CUSTOMER_ORDER_MESSAGES.notFound });
    }
    // Another business's customer is not found for an order of this one.
    const foreign = await send('POST', '/orders', pickup(), other);
    expect(foreign.status).toBe(422);
    expect((await list(owner)).find((entry) => entry.id === order.id)?.notes).toBeNull();
  });

  it('gives every order change once through the pull, since the device’s cursor', async () => {
    const pull = async (cursor: number, token = owner) =>
      (
        (await server.call('GET', `/api/v1/changes?customer-orders=${cursor}`, { token })).body as {
          'customer-orders': { cursor: number; orders: CustomerOrder[] };
        }
      )['customer-orders'];
    const whole = await pull(0);
    expect(whole.orders.length).toBeGreaterThan(0);
    const order = orderOf(await send('POST', '/orders', pickup()));
    const since = await pull(whole.cursor);
    expect(since.orders.map((entry) => entry.id)).toEqual([order.id]);
    await send('POST', `/orders/${order.id}/status`, { status: 'ready' });
    const readied = await pull(since.cursor);
    expect(readied.orders).toEqual([expect.objectContaining({ id: order.id, status: 'ready' })]);
    expect((await pull(readied.cursor)).orders).toEqual([]);
    expect((await pull(0, other)).orders.map((entry) => entry.id)).not.toContain(order.id);
  });
});
