import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, type Order } from '#domains/purchasing/purchase-order.ts';
import type { Supplier } from '#domains/purchasing/supplier.ts';
import type { Product } from './helpers/products.ts';
import { shopsWithStaff } from './helpers/sales.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Purchase orders on the server: drafts numbered in turn and made once however often sent,
 * changed while drafts, sent by email with the order as CSV or marked as sent, cancelled; the
 * pull; roles and tenancy; bad input refused with nothing stored.
 */
describe('purchase orders', () => {
  let server: TestServer;
  let owner: string;
  let staff: string;
  let other: string;
  let supplier: Supplier;
  let noEmail: Supplier;
  let shiraz: Product;
  let gin: Product;

  const send = (method: string, path: string, body: unknown, token = owner) =>
    server.call(method, `/api/v1/purchasing${path}`, {
      token,
      headers: { 'Idempotency-Key': randomUUID() },
      body,
    });
  const makeSupplier = async (fields: Record<string, unknown>) =>
    (
      (
        await server.call('POST', '/api/v1/suppliers', {
          token: owner,
          headers: { 'Idempotency-Key': randomUUID() },
          body: { id: randomUUID(), ...fields },
        })
      ).body as { supplier: Supplier }
    ).supplier;
  const makeProduct = async (name: string, token = owner) =>
    (
      await server.call('POST', '/api/v1/catalogue/products', {
        token,
        headers: { 'Idempotency-Key': randomUUID() },
        body: { fields: { name, luc: '10', list_price: '20' } },
      })
    ).body as Product;
  const draft = (extra: Record<string, unknown> = {}, token = owner) =>
    send(
      'POST',
      '/orders',
      {
        id: randomUUID(),
        supplier_id: supplier.id,
        lines: [
          { product_id: shiraz.id, units: 24, unit_cost_cents: 1_450 },
          { product_id: gin.id, units: 6, unit_cost_cents: 3_333 },
        ],
        ...extra,
      },
      token,
    );
  const orderOf = (response: { body: unknown }) => (response.body as { order: Order }).order;
  const list = async (query = '', token = owner) =>
    (
      (await server.call('GET', `/api/v1/purchasing/orders${query}`, { token })).body as {
        orders: Order[];
      }
    ).orders;

  beforeAll(async () => {
    server = await createTestServer();
    ({ token: owner, staffToken: staff, otherToken: other } = await shopsWithStaff(server));
    supplier = await makeSupplier({ name: 'Cellar Direct', email: 'orders@cellardirect.test' });
    noEmail = await makeSupplier({ name: 'Phone Only Wines' });
    shiraz = await makeProduct('Order Shiraz');
    gin = await makeProduct('Order Gin');
  });
  afterAll(() => server.close());

  it('numbers drafts in turn, makes each once however often it is sent, and totals it in cents', async () => {
    const id = randomUUID();
    const first = await draft({ id });
    expect(first.status).toBe(201);
    const again = await draft({ id });
    expect(again.status).toBe(200);
    const second = await draft();
    expect(orderOf(first)).toMatchObject({
      number: 'PO-000001',
      status: 'draft',
      supplier: 'Cellar Direct',
      total_cents: 24 * 1_450 + 6 * 3_333,
      lines: [
        {
          product_id: shiraz.id,
          name: 'Order Shiraz',
          units: 24,
          unit_cost_cents: 1_450,
          received: 0,
        },
        { product_id: gin.id, name: 'Order Gin', units: 6, unit_cost_cents: 3_333, received: 0 },
      ],
    });
    expect(orderOf(again).number).toBe('PO-000001');
    expect(orderOf(second).number).toBe('PO-000002');
    expect((await list()).filter((order) => order.id === id)).toHaveLength(1);
  });

  it('changes a draft’s lines, and nothing once it is sent', async () => {
    const order = orderOf(await draft());
    const changed = await send('PATCH', `/orders/${order.id}`, {
      lines: [{ product_id: gin.id, units: 12, unit_cost_cents: 3_300 }],
      notes: 'Two cases of gin only',
    });
    expect(changed.status).toBe(200);
    expect(orderOf(changed)).toMatchObject({
      lines: [{ product_id: gin.id, units: 12 }],
      notes: 'Two cases of gin only',
      total_cents: 39_600,
    });
    expect((await send('POST', `/orders/${order.id}/send`, { via: 'marked' })).status).toBe(200);
    const late = await send('PATCH', `/orders/${order.id}`, { notes: 'too late' });
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ message: ORDER_MESSAGES.notDraft });
  });

  it('emails the order to its supplier with the order as CSV, once, and marks it sent', async () => {
    const order = orderOf(await draft({ notes: 'Deliver Tuesday' }));
    const before = server.mail.length;
    const sent = await send('POST', `/orders/${order.id}/send`, { via: 'email-csv' });
    expect(sent.status).toBe(200);
    expect(orderOf(sent)).toMatchObject({ status: 'sent', sent_via: 'email-csv' });
    expect(orderOf(sent).sent_at).not.toBeNull();
    const mail = server.mail.slice(before);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.to).toBe('orders@cellardirect.test');
    expect(mail[0]?.subject).toBe(`Purchase order ${order.number} from Harbour Wines`);
    const csv = mail[0]?.attachments?.[0];
    expect(csv?.filename).toBe(`${order.number}.csv`);
    expect(csv?.content.split('\r\n')).toEqual([
      'Order,Product,Units,Unit cost (ex GST),Line total (ex GST)',
      `${order.number},Order Shiraz,24,$14.50,$348.00`,
      `${order.number},Order Gin,6,$33.33,$199.98`,
      `${order.number},Total,,,$547.98`,
    ]);
    // Sent again (the answer was lost): no second email.
    expect((await send('POST', `/orders/${order.id}/send`, { via: 'email-csv' })).status).toBe(200);
    expect(server.mail.length).toBe(before + 1);
  });

  it('keeps a draft when its supplier has no email to send it to', async () => {
    const order = orderOf(await draft({ supplier_id: noEmail.id }));
    const refused = await send('POST', `/orders/${order.id}/send`, { via: 'email-csv' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: ORDER_MESSAGES.noEmail });
    expect((await list()).find((each) => each.id === order.id)?.status).toBe('draft');
  });

  it('cancels an order, and sends nothing cancelled', async () => {
    const order = orderOf(await draft());
    const cancelled = await send('POST', `/orders/${order.id}/cancel`, {});
    expect(orderOf(cancelled).status).toBe('cancelled');
    expect((await send('POST', `/orders/${order.id}/cancel`, {})).status).toBe(200);
    const refused = await send('POST', `/orders/${order.id}/send`, { via: 'marked' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: ORDER_MESSAGES.notOpen });
  });

  it('refuses bad input with its message and stores nothing', async () => {
    const count = (await list()).length;
    const foreignProduct = await makeProduct('Hilltop Gin', other);
    for (const [body, status, message] of [
      [{ lines: [] }, 400, ORDER_MESSAGES.lines],
      [
        { lines: [{ product_id: shiraz.id, units: 0, unit_cost_cents: 100 }] },
        400,
        ORDER_MESSAGES.units,
      ],
      [
        { lines: [{ product_id: shiraz.id, units: 1.5, unit_cost_cents: 100 }] },
        400,
        ORDER_MESSAGES.units,
      ],
      [
        { lines: [{ product_id: shiraz.id, units: 2, unit_cost_cents: -1 }] },
        400,
        ORDER_MESSAGES.cost,
      ],
      [
        {
          lines: [
            { product_id: shiraz.id, units: 2, unit_cost_cents: 100 },
            { product_id: shiraz.id, units: 1, unit_cost_cents: 100 },
          ],
        },
        400,
        ORDER_MESSAGES.twice,
      ],
      [
        { lines: [{ product_id: foreignProduct.id, units: 1, unit_cost_cents: 100 }] },
        400,
        ORDER_MESSAGES.productGone,
      ],
      [{ supplier_id: randomUUID() }, 400, ORDER_MESSAGES.supplierGone],
      [{ expected_on: '2026-02-30' }, 400, undefined],
    ] as const) {
      const response = await draft(body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      if (message) expect((response.body as { message: string }).message).toBe(message);
    }
    expect((await list()).length).toBe(count);
  });

  it('gives orders to their business, lists them by product, and lets staff see but not buy', async () => {
    expect(await list('', other)).toEqual([]);
    const order = orderOf(await draft());
    expect((await send('POST', `/orders/${order.id}/cancel`, {}, other)).status).toBe(404);
    expect((await draft({}, staff)).status).toBe(403);
    expect((await list('', staff)).length).toBeGreaterThan(0);
    const withGin = await list(`?product=${gin.id}`);
    expect(withGin.every((each) => each.lines.some((line) => line.product_id === gin.id))).toBe(
      true,
    );
    expect(withGin.map((each) => each.id)).toContain(order.id);
    expect(
      (await server.call('GET', '/api/v1/purchasing/orders?product=abc', { token: owner })).status,
    ).toBe(400);
  });

  it('gives every order change once through the pull', async () => {
    const pull = async (cursor: number) =>
      (
        (await server.call('GET', `/api/v1/changes?purchase-orders=${cursor}`, { token: owner }))
          .body as { 'purchase-orders': { cursor: number; orders: Order[] } }
      )['purchase-orders'];
    const whole = await pull(0);
    const order = orderOf(await draft());
    await send('POST', `/orders/${order.id}/send`, { via: 'marked' });
    const since = await pull(whole.cursor);
    expect(since.orders.map((each) => [each.id, each.status])).toEqual([[order.id, 'sent']]);
    expect((await pull(since.cursor)).orders).toEqual([]);
  });
});
