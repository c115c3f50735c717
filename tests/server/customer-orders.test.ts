import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CUSTOMER_ORDER_MESSAGES,
  type CustomerOrder,
} from '#domains/customer-orders/customer-order.ts';
import type { Customer } from '#domains/customers/customer.ts';
import { type CustomerSales, NO_CATEGORY } from '#domains/sales/customer-sales.ts';
import { SALE_MESSAGES } from '#domains/sales/sale.ts';
import { sales } from '#server/db/schema.ts';
import type { Product } from './helpers/products.ts';
import { cardSale, shopsWithStaff, stockOf } from './helpers/sales.ts';
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

  describe('completed at the till', () => {
    let receipts = 0;
    const receipt = () => {
      receipts += 1;
      return `T7-${String(receipts).padStart(6, '0')}`;
    };
    const sell = (sale: unknown, token = owner) => send('POST', '/sales', sale, token);
    const ordersOf = async (token = owner) =>
      ((await server.call('GET', '/api/v1/orders', { token })).body as { orders: CustomerOrder[] })
        .orders;
    const shirazLine = (quantity: number, unit_cents: number) => ({
      product_id: shiraz.id,
      quantity,
      unit_cents,
      luc_cents: 1_000,
      taxable: true,
    });

    it('makes one sale of it at the prices it agreed, hands it over and releases what it set aside', async () => {
      const order = orderOf(
        await send('POST', '/orders', pickup({ lines: [{ product_id: shiraz.id, quantity: 2 }] })),
      );
      expect(order.lines[0]?.price_cents).toBe(3_495);
      // The shelf price goes up after the order was taken: the order keeps its price, and a
      // staff member selling at it gives no discount past the limit.
      const [listed] = (
        (await server.call('GET', '/api/v1/inventory/enhanced', { token: owner })).body as {
          products: Product[];
        }
      ).products.filter((product) => product.id === shiraz.id);
      const raised = await server.call('PATCH', `/api/v1/catalogue/products/${shiraz.id}`, {
        token: owner,
        body: { base_version: listed?.version, changes: { list_price: '40.00' } },
      });
      expect(raised.status).toBe(200);
      const stockBefore = (await stockOf(server, shiraz.id)) ?? 0;
      const sale = cardSale([shirazLine(2, 3_495)], receipt(), { customer_order_id: order.id });
      const sold = await sell(sale, staff);
      expect(sold.status).toBe(201);
      expect(await stockOf(server, shiraz.id)).toBe(stockBefore - 2);
      const [row] = await server.db
        .select({
          customer: sales.customerId,
          order: sales.customerOrderId,
          approval: sales.approval,
          claims: sales.claims,
        })
        .from(sales)
        .where(eq(sales.id, sale.id));
      // Sold to the order's customer, though the till named none; at the order's price, no
      // discount for a manager to look at.
      expect(row).toEqual({ customer: margaret.id, order: order.id, approval: null, claims: null });
      const handed = (await ordersOf()).find((entry) => entry.id === order.id);
      expect(handed).toMatchObject({ status: 'collected', sale_receipt: sale.receipt });
      // Sent again (its answer lost): the same sale, nothing moves twice.
      expect((await sell(sale, staff)).status).toBe(201);
      expect(await stockOf(server, shiraz.id)).toBe(stockBefore - 2);
      // Another till completing it too: refused, naming why; the order and stock stay.
      const second = await sell(
        cardSale([shirazLine(2, 3_495)], receipt(), { customer_order_id: order.id }),
      );
      expect(second.status).toBe(422);
      expect(second.body).toEqual({
        message: SALE_MESSAGES.orderClosed(order.number, 'collected'),
      });
      expect(await stockOf(server, shiraz.id)).toBe(stockBefore - 2);
      // No longer reserving: a status change is refused as for any closed order.
      expect((await send('POST', `/orders/${order.id}/status`, { status: 'open' })).status).toBe(
        409,
      );
    });

    it('completes a delivery as delivered; two sales of one order in one batch make one', async () => {
      const order = orderOf(
        await send(
          'POST',
          '/orders',
          pickup({
            kind: 'delivery',
            address: '1 Wharf Rd',
            lines: [{ product_id: riesling.id, quantity: 1 }],
          }),
        ),
      );
      const line = {
        product_id: riesling.id,
        quantity: 1,
        unit_cents: 2_250,
        luc_cents: 1_000,
        taxable: true,
      };
      const first = cardSale([line], receipt(), { customer_order_id: order.id });
      const second = cardSale([line], receipt(), { customer_order_id: order.id });
      const batch = await server.call('POST', '/api/v1/batch', {
        token: owner,
        body: {
          writes: [first, second].map((body) => ({
            method: 'POST',
            path: '/sales',
            idempotency_key: randomUUID(),
            body,
          })),
        },
      });
      expect(batch.status).toBe(200);
      const answers = (batch.body as { answers: { status: number; body: unknown }[] }).answers;
      expect(answers.map((answer) => answer.status)).toEqual([201, 422]);
      const handed = (await ordersOf()).find((entry) => entry.id === order.id);
      expect(handed).toMatchObject({ status: 'delivered', sale_receipt: first.receipt });
    });

    it('refuses a cancelled order, another shop’s order or customer, and stores nothing', async () => {
      const cancelled = orderOf(await send('POST', '/orders', pickup()));
      await send('POST', `/orders/${cancelled.id}/status`, { status: 'cancelled' });
      const closed = await sell(
        cardSale([shirazLine(6, 3_495)], receipt(), { customer_order_id: cancelled.id }),
      );
      expect(closed.body).toEqual({
        message: SALE_MESSAGES.orderClosed(cancelled.number, 'cancelled'),
      });
      const theirs = (
        (await send('POST', '/customers', { id: randomUUID(), name: 'Not Ours' }, other)).body as {
          customer: Customer;
        }
      ).customer;
      const foreignCustomer = await sell(
        cardSale([shirazLine(1, 4_000)], receipt(), { customer_id: theirs.id }),
      );
      expect(foreignCustomer).toMatchObject({
        status: 422,
        body: { message: SALE_MESSAGES.unknownCustomer },
      });
      const mine = orderOf(await send('POST', '/orders', pickup()));
      const foreignOrder = await send(
        'POST',
        '/sales',
        cardSale([shirazLine(6, 3_495)], 'T9-000001', { customer_order_id: mine.id }),
        other,
      );
      expect(foreignOrder.body).toEqual({ message: SALE_MESSAGES.unknownOrder });
      expect((await ordersOf()).find((entry) => entry.id === mine.id)?.status).toBe('open');
      // A customer of this shop named by the till: the sale is theirs.
      const named = cardSale([shirazLine(1, 4_000)], receipt(), { customer_id: margaret.id });
      expect((await sell(named)).status).toBe(201);
      const [row] = await server.db
        .select({ customer: sales.customerId })
        .from(sales)
        .where(eq(sales.id, named.id));
      expect(row?.customer).toBe(margaret.id);
    });

    it('sums a customer’s purchases: spend less refunds, average sale, last visit, categories', async () => {
      const summary = async (id = margaret.id, token = owner) =>
        server.call('GET', `/api/v1/sales/customers/${id}/summary`, { token });
      const before = (await summary()).body as CustomerSales;
      // So far: her pickup collected (2 × $34.95), her delivery (1 × $22.50) and a bottle sold
      // at $40.00 to her by name.
      expect(before).toMatchObject({
        count: 3,
        spent_cents: 6_990 + 2_250 + 4_000,
        average_cents: Math.round((6_990 + 2_250 + 4_000) / 3),
        categories: [{ category: NO_CATEGORY, units: 4 }],
      });
      expect(before.sales.map((sale) => [sale.total_cents, sale.items])).toEqual([
        [4_000, 1],
        [2_250, 1],
        [6_990, 2],
      ]);
      expect(before.last_visit).toBe(before.sales[0]?.made_at);
      // A bottle of the order comes back: $34.95 less spent, the sale says what was refunded.
      const collected = before.sales[2];
      const refund = await send('POST', '/sales/returns', {
        id: randomUUID(),
        sale_id: collected?.id,
        receipt: receipt(),
        made_at: new Date().toISOString(),
        lines: [{ line_no: 1, quantity: 1, resaleable: true }],
        tender: { kind: 'card', cents: 3_495 },
        total_cents: 3_495,
        gst_cents: 318,
      });
      expect(refund.status).toBe(201);
      const after = (await summary()).body as CustomerSales;
      expect(after.spent_cents).toBe(6_990 + 2_250 + 4_000 - 3_495);
      expect(after.sales[2]?.refunded_cents).toBe(3_495);
      // Another shop's customer is not found; one with no sale has none.
      expect((await summary(margaret.id, other)).status).toBe(404);
      const newcomer = (
        (await send('POST', '/customers', { id: randomUUID(), name: 'Newcomer' })).body as {
          customer: Customer;
        }
      ).customer;
      expect((await summary(newcomer.id)).body).toEqual({
        count: 0,
        spent_cents: 0,
        average_cents: null,
        last_visit: null,
        categories: [],
        sales: [],
      });
    });
  });
});
