import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALERT_MESSAGES,
  ALERTS_LISTED_PER_KIND,
  type AlertsAnswer,
  alertBadge,
} from '#domains/alerts/alert.ts';
import type { Customer } from '#domains/customers/customer.ts';
import { businesses, purchaseOrders, suppliers } from '#server/db/schema.ts';
import { addDays, dayInZone } from '#shared/moments.ts';
import type { Product } from './helpers/products.ts';
import { shopsWithStaff } from './helpers/sales.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Alerts on the server: each kind raised from the shop's own records (stock on available
 * stock against the person's threshold, today's orders not ready, purchase orders overdue, a
 * shift's cash variance, a count's variances), who sees what, dismissing and snoozing for
 * oneself, a dismissal forgotten once its alert is gone, and one shop never seeing another's.
 */
describe('alerts', () => {
  let server: TestServer;
  let owner: string;
  let other: string;
  let staff: string;
  let businessId: string;
  let today: string;
  let margaret: Customer;

  const send = (method: string, path: string, body: unknown, token = owner) =>
    server.call(method, `/api/v1${path}`, {
      token,
      headers: { 'Idempotency-Key': randomUUID() },
      body,
    });
  const alerts = async (token = owner) => {
    const response = await server.call('GET', '/api/v1/alerts', { token });
    expect(response.status).toBe(200);
    return response.body as AlertsAnswer;
  };
  const keys = async (token = owner) => (await alerts(token)).alerts.map((alert) => alert.key);
  const product = async (name: string, stock: number) => {
    const made = (
      await send('POST', '/catalogue/products', { fields: { name, luc: '10', list_price: '20' } })
    ).body as Product;
    if (stock !== 0) await move(made.id, stock);
    return made.id;
  };
  const move = (id: number, delta: number) =>
    send('POST', `/stock/products/${id}/movements`, {
      id: randomUUID(),
      delta,
      reason: 'Other',
      made_at: new Date().toISOString(),
    });

  beforeAll(async () => {
    server = await createTestServer();
    ({ token: owner, otherToken: other, staffToken: staff } = await shopsWithStaff(server));
    const [row] = await server.db
      .select({ id: businesses.id, zone: businesses.timeZone })
      .from(businesses)
      .where(eq(businesses.name, 'Harbour Wines'));
    if (!row) throw new Error('no shop');
    businessId = row.id;
    today = dayInZone(new Date(), row.zone ?? 'UTC') ?? '';
    margaret = (
      (await send('POST', '/customers', { id: randomUUID(), name: 'Margaret Chen' })).body as {
        customer: Customer;
      }
    ).customer;
  });
  afterAll(() => server.close());

  it('raises stock alerts on available stock against the threshold, most severe kind each', async () => {
    const plenty = await product('Alert Plenty', 40);
    const low = await product('Alert Low', 8);
    const gone = await product('Alert Gone', 0);
    const negative = await product('Alert Negative', -3);
    // 14 on hand, 6 set aside by an open order: 8 available, under the default threshold of 10.
    const setAside = await product('Alert Set Aside', 14);
    await send('POST', '/orders', {
      id: randomUUID(),
      customer_id: margaret.id,
      kind: 'pickup',
      due_on: addDays(today, 3),
      lines: [{ product_id: setAside, quantity: 6 }],
    });
    const answer = await alerts();
    const byKey = new Map(answer.alerts.map((alert) => [alert.key, alert]));
    expect(byKey.get(`low-stock:${low}`)).toMatchObject({
      kind: 'low-stock',
      title: 'Alert Low',
      detail: '8 units available, at or under your threshold of 10',
      href: '/purchasing?tab=suggestions',
    });
    expect(byKey.get(`out-of-stock:${gone}`)).toMatchObject({ detail: '0 units available' });
    expect(byKey.get(`negative-stock:${negative}`)).toMatchObject({
      detail: '-3 units on hand: more was sold or moved than was counted in',
      href: `/inventory?product=${negative}&open=adjust`,
    });
    expect(byKey.get(`low-stock:${setAside}`)?.detail).toBe(
      '8 units available (6 units set aside for orders), at or under your threshold of 10',
    );
    expect([...byKey.keys()].some((key) => key.endsWith(`:${plenty}`))).toBe(false);
    expect(alertBadge(answer.alerts, answer.more)).toEqual({
      count: answer.alerts.length,
      severity: 'critical',
    });
  });

  it('follows the person’s own low-stock threshold', async () => {
    const eight = await product('Alert Threshold', 8);
    const settings = (
      await server.call('GET', '/api/v1/preferences/inventory-settings', { token: owner })
    ).body as { stockManagement: Record<string, unknown> };
    await send('PUT', '/preferences/inventory-settings', {
      ...settings,
      stockManagement: { ...settings.stockManagement, lowStockThreshold: 5 },
    });
    expect(await keys()).not.toContain(`low-stock:${eight}`);
    // Staff keep the default of 10.
    expect(await keys(staff)).toContain(`low-stock:${eight}`);
    await send('PUT', '/preferences/inventory-settings', {
      ...settings,
      stockManagement: { ...settings.stockManagement, lowStockThreshold: 10 },
    });
  });

  it('raises today’s orders not ready, and drops one once it is ready', async () => {
    const wine = await product('Alert Order Wine', 50);
    const due = randomUUID();
    await send('POST', '/orders', {
      id: due,
      customer_id: margaret.id,
      kind: 'delivery',
      due_on: today,
      window_from: '10:00',
      window_to: '12:00',
      address: '12 Harbour St',
      lines: [{ product_id: wine, quantity: 2 }],
    });
    const answer = await alerts(staff);
    expect(answer.alerts.find((alert) => alert.key === `order-due:${due}`)).toMatchObject({
      title: expect.stringMatching(/^ORD-\d+ · Margaret Chen$/),
      detail: 'Delivery today from 10:00, not marked ready',
      href: `/orders?order=${due}`,
    });
    expect((await send('POST', `/orders/${due}/status`, { status: 'ready' })).status).toBe(200);
    expect(await keys(staff)).not.toContain(`order-due:${due}`);
  });

  it('raises overdue purchase orders, cash variances and count variances for managers only', async () => {
    const [supplier] = await server.db
      .insert(suppliers)
      .values({ id: randomUUID(), businessId, name: 'Alert Supplies' })
      .returning();
    const po = randomUUID();
    await server.db.insert(purchaseOrders).values({
      id: po,
      businessId,
      number: 'PO-009001',
      supplierId: supplier?.id ?? '',
      status: 'sent',
      expectedOn: addDays(today, -2),
    });
    // A shift closed $5.00 short.
    const shift = randomUUID();
    await send('POST', '/sales/shifts', {
      id: shift,
      till: 'T7',
      opened_at: new Date().toISOString(),
      float_cents: 20_000,
    });
    const closed = await send('POST', `/sales/shifts/${shift}/close`, {
      closed_at: new Date().toISOString(),
      counted_cents: 19_500,
      ledger: {
        sales: 0,
        salesCents: 0,
        returns: 0,
        refundsCents: 0,
        gstCents: 0,
        discountsCents: 0,
        cashTakenCents: 0,
        cashRefundedCents: 0,
        tenders: [],
      },
    });
    expect(closed.status).toBe(200);
    // A count that found 7 fewer of one product (past the default 5) and 1 fewer of another.
    const counted = await product('Alert Counted', 20);
    const close = await product('Alert Close Count', 20);
    const count = randomUUID();
    await send('POST', '/stocktakes', {
      id: count,
      name: 'Alert count',
      scope: 'full',
      scan_mode: 'type',
      started_at: new Date().toISOString(),
    });
    await send('PUT', `/stocktakes/${count}/lines`, {
      device_id: 'tab-1',
      lines: [
        { product_id: counted, quantity: 13, counted_at: new Date().toISOString() },
        { product_id: close, quantity: 19, counted_at: new Date().toISOString() },
      ],
    });
    expect((await send('POST', `/stocktakes/${count}/close`, { uncounted: 'leave' })).status).toBe(
      200,
    );

    const answer = await alerts();
    const byKey = new Map(answer.alerts.map((alert) => [alert.key, alert]));
    expect(byKey.get(`purchase-overdue:${po}`)).toMatchObject({
      title: 'PO-009001 · Alert Supplies',
      href: `/purchasing?tab=orders&order=${po}`,
    });
    expect(byKey.get(`cash-variance:${shift}`)).toMatchObject({
      title: 'Till T7',
      detail: 'Shift closed short by $5.00: $195.00 counted, $200.00 expected',
    });
    expect(byKey.get(`count-variance:${count}`)).toMatchObject({
      title: 'Alert count',
      detail: '1 product was off by more than 5 units',
    });
    const staffKeys = await keys(staff);
    for (const key of [
      `purchase-overdue:${po}`,
      `cash-variance:${shift}`,
      `count-variance:${count}`,
    ]) {
      expect(staffKeys).not.toContain(key);
    }
  });

  it('leaves out the kinds a person turned off, for them alone, keeping their dismissals of those', async () => {
    const wine = await product('Alert Switched Off', 3);
    const dismissed = await product('Alert Dismissed Then Off', 1);
    expect(
      (await send('PUT', `/alerts/dismissals/low-stock:${dismissed}`, { until: null })).status,
    ).toBe(204);
    const settings = (
      await server.call('GET', '/api/v1/preferences/inventory-settings', { token: owner })
    ).body as { notifications: Record<string, unknown> };
    const switchOff = (alertKindsOff: string[]) =>
      send('PUT', '/preferences/inventory-settings', {
        ...settings,
        notifications: { ...settings.notifications, alertKindsOff },
      });
    expect((await switchOff(['low-stock', 'cash-variance'])).status).toBe(200);
    const mine = await keys();
    expect(mine.some((key) => key.startsWith('low-stock:'))).toBe(false);
    expect(mine.some((key) => key.startsWith('cash-variance:'))).toBe(false);
    expect(mine.some((key) => key.startsWith('count-variance:'))).toBe(true);
    expect(await keys(staff)).toContain(`low-stock:${wine}`);
    // On again: the alert shows, and the one dismissed before stays dismissed.
    expect((await switchOff([])).status).toBe(200);
    const again = await keys();
    expect(again).toContain(`low-stock:${wine}`);
    expect(again).not.toContain(`low-stock:${dismissed}`);
    // Changes that could not be sent are never turned off.
    expect((await switchOff(['needs-attention'])).status).toBe(400);
  });

  it('hides what a person dismissed or snoozed from them alone, and forgets a dismissal once its alert is gone', async () => {
    const wine = await product('Alert Dismissed', 2);
    const key = `low-stock:${wine}`;
    const path = `/alerts/dismissals/${encodeURIComponent(key)}`;
    expect((await send('PUT', path, { until: null })).status).toBe(204);
    expect(await keys()).not.toContain(key);
    expect(await keys(staff)).toContain(key);
    // Restocked, the alert goes and the dismissal with it; low again, it shows again.
    await move(wine, 30);
    expect(await keys()).not.toContain(key);
    await move(wine, -30);
    expect(await keys()).toContain(key);

    // Snoozed for an hour: hidden until then; shown again (Undo) at once.
    const until = new Date(Date.now() + 3_600_000).toISOString();
    expect((await send('PUT', path, { until })).status).toBe(204);
    expect(await keys()).not.toContain(key);
    expect((await send('DELETE', path, undefined)).status).toBe(204);
    expect(await keys()).toContain(key);
  });

  it('refuses a snooze in the past or beyond a month, and what is not an alert', async () => {
    const path = `/alerts/dismissals/${encodeURIComponent('low-stock:1')}`;
    const past = await send('PUT', path, { until: new Date(Date.now() - 60_000).toISOString() });
    expect(past).toMatchObject({ status: 422, body: { message: ALERT_MESSAGES.until } });
    const far = new Date(Date.now() + 40 * 24 * 3_600_000).toISOString();
    expect((await send('PUT', path, { until: far })).status).toBe(422);
    expect((await send('PUT', path, { until: 'tomorrow' })).status).toBe(400);
    const bad = await send('PUT', `/alerts/dismissals/${encodeURIComponent('<script>')}`, {
      until: null,
    });
    expect(bad).toMatchObject({ status: 404, body: { message: ALERT_MESSAGES.key } });
  });

  it('never shows one shop another’s alerts', async () => {
    const mine = await keys();
    expect(mine.length).toBeGreaterThan(0);
    const theirs = await keys(other);
    expect(theirs.filter((key) => mine.includes(key))).toEqual([]);
  });

  it('lists at most a hundred of a kind and counts the rest', async () => {
    await Promise.all(
      Array.from({ length: ALERTS_LISTED_PER_KIND + 5 }, (_, n) => product(`Alert Empty ${n}`, 0)),
    );
    const answer = await alerts();
    const listed = answer.alerts.filter((alert) => alert.kind === 'out-of-stock').length;
    expect(listed).toBe(ALERTS_LISTED_PER_KIND);
    expect(answer.more['out-of-stock']).toBeGreaterThanOrEqual(6);
    expect(alertBadge(answer.alerts, answer.more)?.count).toBe(
      answer.alerts.length + (answer.more['out-of-stock'] ?? 0),
    );
  });
});
