import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '#data/db.ts';
import {
  CUSTOMER_ORDERS_RESOURCE,
  changeOrder,
  ordersShown,
  setOrderStatus,
  takeOrder,
} from '#data/repositories/customer-orders.ts';
import { addCustomer } from '#data/repositories/customers.ts';
import { requestReplay, resumeReplay } from '#data/sync/replayer.ts';
import { ordersAwaitedBy, sendOrderOf } from '#data/sync/write-handler.ts';
import type { CustomerOrder } from '#domains/customer-orders/customer-order.ts';
import { mockServer } from '../../mocks/server.ts';
import { clearLocalData } from '../helpers/local-data.ts';

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());

// Offline: everything waits in the outbox, as the tablet leaves it.
beforeEach(async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  await requestReplay();
  await clearLocalData();
  resumeReplay();
});

const shiraz = { id: 5, name: 'Barossa Shiraz 2021', price_cents: 3_495 };
const riesling = { id: 6, name: 'Clare Riesling 2024', price_cents: 2_250 };
const shown = async () =>
  ordersShown(
    await db.customerOrders.toArray(),
    await db.outbox.where('resource').equals(CUSTOMER_ORDERS_RESOURCE).sortBy('seq'),
  );

describe('customer orders taken and changed offline', () => {
  it('shows a new order at once, priced as this device knows, and sends one create of it', async () => {
    const customer = await addCustomer({ name: 'The Larder Bistro' });
    const id = await takeOrder(
      {
        customer_id: customer.id,
        kind: 'pickup',
        due_on: '2026-12-24',
        lines: [
          { product_id: shiraz.id, quantity: 6 },
          { product_id: riesling.id, quantity: 2 },
        ],
      },
      { customer: customer.name, products: [shiraz, riesling] },
    );
    const [order] = await shown();
    expect(order).toMatchObject({
      id,
      number: '',
      customer: 'The Larder Bistro',
      status: 'open',
      total_cents: 6 * 3_495 + 2 * 2_250,
      lines: [
        { product_id: 5, name: 'Barossa Shiraz 2021', quantity: 6, price_cents: 3_495 },
        { product_id: 6, name: 'Clare Riesling 2024', quantity: 2, price_cents: 2_250 },
      ],
    });
    // Changed before it was sent: one create of the changed order, after its customer's.
    await changeOrder(order as CustomerOrder, {
      changes: { window_from: '10:00' },
      lines: [
        { product_id: riesling.id, quantity: 0 },
        { product_id: shiraz.id, quantity: 12 },
      ],
    });
    const entries = await db.outbox.where('resource').equals(CUSTOMER_ORDERS_RESOURCE).toArray();
    expect(entries.map((entry) => entry.body)).toEqual([
      {
        id,
        customer_id: customer.id,
        kind: 'pickup',
        due_on: '2026-12-24',
        window_from: '10:00',
        lines: [{ product_id: shiraz.id, quantity: 12 }],
      },
    ]);
    const [entry] = entries;
    expect(entry && ordersAwaitedBy(entry)).toEqual([`customer:${customer.id}`]);
    expect(entry && sendOrderOf(entry)).toBe(`customer-order:${id}`);
    expect((await shown())[0]).toMatchObject({
      window_from: '10:00',
      total_cents: 12 * 3_495,
    });
  });

  it('lays changes of an order the server has over its copy, keeping a line taken off', async () => {
    const stored: CustomerOrder = {
      id: crypto.randomUUID(),
      number: 'ORD-1007',
      customer_id: crypto.randomUUID(),
      customer: 'Margaret Chen',
      kind: 'pickup',
      due_on: '2026-12-24',
      window_from: null,
      window_to: null,
      address: null,
      notes: null,
      status: 'open',
      lines: [
        { product_id: shiraz.id, name: shiraz.name, quantity: 6, price_cents: 3_400 },
        { product_id: riesling.id, name: riesling.name, quantity: 1, price_cents: 2_250 },
      ],
      total_cents: 6 * 3_400 + 2_250,
      version: 3,
      field_versions: {},
      created_at: '2026-11-29T09:00:00.000Z',
      updated_at: '2026-11-29T09:00:00.000Z',
    };
    await db.customerOrders.put(stored);
    await changeOrder(stored, { lines: [{ product_id: riesling.id, quantity: 0 }] });
    await changeOrder(stored, { changes: { notes: 'Gift wrap' } });
    await setOrderStatus(stored, 'ready');
    const bodies = (await db.outbox.orderBy('seq').toArray()).map((entry) => entry.body);
    expect(bodies).toEqual([
      {
        base_version: 3,
        changes: { notes: 'Gift wrap' },
        lines: [{ product_id: riesling.id, quantity: 0 }],
      },
      { status: 'ready' },
    ]);
    // The server's price of the line kept stays; the order shows ready.
    expect((await shown())[0]).toMatchObject({
      status: 'ready',
      notes: 'Gift wrap',
      lines: [{ product_id: shiraz.id, quantity: 6, price_cents: 3_400 }],
      total_cents: 6 * 3_400,
    });
    expect(await db.customerOrders.get(stored.id)).toEqual(stored);
  });
});
