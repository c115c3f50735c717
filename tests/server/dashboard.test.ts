import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { parse } from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DashboardSnapshot, DashboardSnapshotSchema } from '#domains/dashboard/snapshot.ts';
import { refundOf, SoldSaleSchema } from '#domains/sales/returns.ts';
import { type Sale, totalsOf } from '#domains/sales/sale.ts';
import { products } from '#server/db/schema.ts';
import { TIME_ZONE_MESSAGE } from '#server/http/params.ts';
import { insertProducts } from '#server/products/catalogue-repository.ts';
import { generateProducts, type SeedProduct } from '#server/seed/catalogue.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

const product = (
  name: string,
  stockQuantity: number,
  prices: Partial<Pick<SeedProduct, 'listPrice' | 'luc' | 'gst'>> = {},
): SeedProduct => ({
  ...(generateProducts(1)[0] as SeedProduct),
  name,
  stockQuantity,
  ...prices,
});

describe('GET /api/v1/dashboard', () => {
  let server: TestServer;
  let harbourToken: string;
  let hilltopToken: string;

  beforeAll(async () => {
    server = await createTestServer();
    const { harbour, hilltop } = await server.twoBusinesses();
    await insertProducts(server.db, harbour.businessId, [
      // The prices the sales below are rung up at: the server costs each sale by its product.
      product('Well Stocked Shiraz', 120, { listPrice: '44.99', luc: '26.00', gst: '2.60' }),
      product('Just Above', 26, { listPrice: '60.00', luc: '30.00', gst: '3.00' }),
      product('Medium Merlot', 25),
      product('Low Riesling', 15),
      product('Critical Chablis', 5),
      product('Sold Out Sauternes', 0),
      product('Another Low', 12),
      product('Alpha Low', 12),
    ]);
    await insertProducts(server.db, hilltop.businessId, [product('Hilltop Only Gin', 1)]);
    harbourToken = harbour.token;
    hilltopToken = hilltop.token;
  });
  afterAll(() => server.close());

  it('answers the whole snapshot: no sales yet, and low stock from the caller’s catalogue', async () => {
    const response = await server.call('GET', '/api/v1/dashboard', { token: harbourToken });
    expect(response.status).toBe(200);
    const snapshot: DashboardSnapshot = parse(DashboardSnapshotSchema, response.body);
    // No sale yet: zeros, nothing to compare with, and no sample figure presented as real.
    expect(snapshot.hasSales).toBe(false);
    expect(snapshot.today).toEqual({
      revenue: { cents: 0, changePercent: null },
      profit: { cents: 0, changePercent: null },
    });
    expect(snapshot.sales).toHaveLength(7);
    expect(snapshot.sales.every((day) => day.revenueCents === 0)).toBe(true);
    expect(snapshot.topItems).toEqual([]);
    expect(snapshot.tomorrowOrders).toEqual([]);
    expect(Date.parse(snapshot.asOf)).toBeLessThanOrEqual(server.now().getTime());
    // At or below 25, lowest first, ties by name; the count covers all of them, the list 5.
    expect(snapshot.lowStock.count).toBe(6);
    expect(snapshot.lowStock.items.map((item) => [item.name, item.stock])).toEqual([
      ['Sold Out Sauternes', 0],
      ['Critical Chablis', 5],
      ['Alpha Low', 12],
      ['Another Low', 12],
      ['Low Riesling', 15],
    ]);
  });

  it('is scoped to the business and needs a session', async () => {
    const hilltop = await server.call('GET', '/api/v1/dashboard', { token: hilltopToken });
    expect((hilltop.body as DashboardSnapshot).lowStock).toEqual({
      count: 1,
      items: [expect.objectContaining({ name: 'Hilltop Only Gin', stock: 1 })],
    });
    const anonymous = await server.call('GET', '/api/v1/dashboard');
    expect(anonymous.status).toBe(401);
  });

  it('counts low stock on what is available: orders open or ready set units aside until cancelled', async () => {
    const send = (path: string, body: unknown) =>
      server.call('POST', `/api/v1${path}`, {
        token: harbourToken,
        headers: { 'Idempotency-Key': randomUUID() },
        body,
      });
    const [justAbove] = await server.db
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.name, ['Just Above']));
    const customer = randomUUID();
    await send('/customers', { id: customer, name: 'Reserving Customer' });
    const orderId = randomUUID();
    const order = await send('/orders', {
      id: orderId,
      customer_id: customer,
      kind: 'pickup',
      due_on: '2026-12-24',
      lines: [{ product_id: justAbove?.id, quantity: 5 }],
    });
    expect(order.status).toBe(201);
    const lowStock = async () =>
      parse(
        DashboardSnapshotSchema,
        (await server.call('GET', '/api/v1/dashboard', { token: harbourToken })).body,
      ).lowStock;
    // 26 on hand, 5 set aside: 21 available, at or below 25.
    const reserved = await lowStock();
    expect(reserved.count).toBe(7);
    const ready = await send(`/orders/${orderId}/status`, { status: 'ready' });
    expect(ready.status).toBe(200);
    expect((await lowStock()).count).toBe(7);
    // Cancelled, its units are on the shelf to sell again.
    await send(`/orders/${orderId}/status`, { status: 'cancelled' });
    expect((await lowStock()).count).toBe(6);
  });

  describe('from the shop’s sales', () => {
    // Thursday 26 November 2026, 14:00 in Sydney (UTC+11).
    const NOW = Date.parse('2026-11-26T03:00:00.000Z');
    const SYDNEY = 'Australia/Sydney';
    let wine: number;
    let gin: number;
    let receipt = 0;

    const sell = async (
      token: string,
      madeAt: string,
      lines: { product_id: number; quantity: number; unit_cents: number; luc_cents: number }[],
    ) => {
      receipt += 1;
      const saleLines: Sale['lines'] = lines.map((line) => ({ ...line, taxable: true }));
      const totals = totalsOf({ lines: saleLines });
      const response = await server.call('POST', '/api/v1/sales', {
        token,
        headers: { 'Idempotency-Key': randomUUID() },
        body: {
          id: randomUUID(),
          receipt: `T1-${String(receipt).padStart(6, '0')}`,
          made_at: madeAt,
          lines: saleLines,
          tenders: [{ kind: 'card', cents: totals.totalCents }],
          total_cents: totals.totalCents,
          gst_cents: totals.gstCents,
        },
      });
      expect(response.status).toBe(201);
    };

    beforeAll(async () => {
      server.advance(NOW - server.now().getTime());
      // The shop began before the days this test sells on.
      await server.foundedLongAgo();
      const ids = await server.db
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(inArray(products.name, ['Well Stocked Shiraz', 'Just Above']));
      wine = ids.find((row) => row.name === 'Well Stocked Shiraz')?.id ?? 0;
      gin = ids.find((row) => row.name === 'Just Above')?.id ?? 0;
      const shiraz = (quantity: number) => ({
        product_id: wine,
        quantity,
        unit_cents: 4_499,
        luc_cents: 2_600,
      });
      // Today at 10:00: 2 × $44.99.
      await sell(harbourToken, '2026-11-25T23:00:00.000Z', [shiraz(2)]);
      // Yesterday at 09:00, before this time of day: 1 × $44.99.
      await sell(harbourToken, '2026-11-24T22:00:00.000Z', [shiraz(1)]);
      // Yesterday at 20:00, after it: a $60 bottle (counted in the week, not in the comparison).
      await sell(harbourToken, '2026-11-25T09:00:00.000Z', [
        { product_id: gin, quantity: 1, unit_cents: 6_000, luc_cents: 3_000 },
      ]);
      // Eight days ago: outside the week.
      await sell(harbourToken, '2026-11-18T02:00:00.000Z', [shiraz(9)]);
    });

    const snapshotOf = async (token: string, tz = SYDNEY) => {
      const response = await server.call('GET', `/api/v1/dashboard?tz=${encodeURIComponent(tz)}`, {
        token,
      });
      expect(response.status).toBe(200);
      return parse(DashboardSnapshotSchema, response.body);
    };

    it('today against yesterday to the same time, in cents', async () => {
      const { today, hasSales } = await snapshotOf(harbourToken);
      expect(hasSales).toBe(true);
      // 8,998 c taken; profit 8,998 − 818 GST − 5,200 cost = 2,980 c; yesterday by 14:00:
      // 4,499 c taken, 4,499 − 409 − 2,600 = 1,490 c profit. Both doubled.
      expect(today).toEqual({
        revenue: { cents: 8_998, changePercent: 100 },
        profit: { cents: 2_980, changePercent: 100 },
      });
    });

    it('the last 7 days by the shop’s weekday, and the week’s most sold by units', async () => {
      const { sales, topItems } = await snapshotOf(harbourToken);
      expect(sales).toEqual([
        { name: 'Fri', date: '2026-11-20', revenueCents: 0 },
        { name: 'Sat', date: '2026-11-21', revenueCents: 0 },
        { name: 'Sun', date: '2026-11-22', revenueCents: 0 },
        { name: 'Mon', date: '2026-11-23', revenueCents: 0 },
        { name: 'Tue', date: '2026-11-24', revenueCents: 0 },
        { name: 'Wed', date: '2026-11-25', revenueCents: 4_499 + 6_000 },
        { name: 'Thu', date: '2026-11-26', revenueCents: 8_998 },
      ]);
      expect(topItems.map((item) => [item.id, item.name, item.sold])).toEqual([
        // Named with their vintage, as at the till.
        [wine, 'Well Stocked Shiraz 2015', 3],
        [gin, 'Just Above 2015', 1],
      ]);
      expect(topItems[0]?.img).toMatch(/^\/images\/dashboard\/\w+\.svg$/);
    });

    it('days end at the asker’s midnight', async () => {
      // In UTC it is Thursday 03:00: the sale at 23:00 UTC on Wednesday is yesterday's.
      const { today, sales } = await snapshotOf(harbourToken, 'UTC');
      expect(today.revenue.cents).toBe(0);
      expect(sales.at(-2)).toEqual({
        name: 'Wed',
        date: '2026-11-25',
        revenueCents: 6_000 + 8_998,
      });
    });

    it('counts only the caller’s business, and refuses an unknown time zone', async () => {
      const other = await snapshotOf(hilltopToken);
      expect(other.hasSales).toBe(false);
      expect(other.today.revenue.cents).toBe(0);
      const bad = await server.call('GET', '/api/v1/dashboard?tz=Mars%2FOlympus', {
        token: harbourToken,
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ message: TIME_ZONE_MESSAGE });
    });

    // Last: it takes a bottle back, which the figures above do not count.
    it('takes a bottle that came back off its day’s point, Today, Most Sold and the product’s sales alike', async () => {
      const sold = parse(
        SoldSaleSchema,
        (await server.call('GET', '/api/v1/sales/receipts/T1-000001', { token: harbourToken }))
          .body,
      );
      const line = sold.lines[0];
      if (!line) throw new Error('the sale has no line');
      const refund = refundOf(line, 0, 1);
      const back = await server.call('POST', '/api/v1/sales/returns', {
        token: harbourToken,
        headers: { 'Idempotency-Key': randomUUID() },
        body: {
          id: randomUUID(),
          sale_id: sold.id,
          receipt: 'T1-000099',
          made_at: server.now().toISOString(),
          lines: [{ line_no: 1, quantity: 1, resaleable: true }],
          tender: { kind: 'card', cents: refund },
          total_cents: refund,
          gst_cents: Math.round(refund / 11),
        },
      });
      expect(back.status).toBe(201);
      // A minute on, past the answer kept for a room of phones (15 s on PostgreSQL).
      server.advance(60_000);
      const { today, sales, topItems } = await snapshotOf(harbourToken);
      expect(today.revenue.cents).toBe(8_998 - 4_499);
      expect(sales.at(-1)?.revenueCents).toBe(today.revenue.cents);
      expect(topItems.map((item) => [item.id, item.sold])).toEqual([
        [wine, 2],
        [gin, 1],
      ]);
      const summary = await server.call(
        'GET',
        `/api/v1/sales/products/${wine}/summary?tz=${encodeURIComponent(SYDNEY)}`,
        { token: harbourToken },
      );
      // November: 2 + 1 + 9 sold, 1 back.
      expect(summary.body).toMatchObject({
        month: { units: 11, revenue_cents: 12 * 4_499 - 4_499 },
      });
    });

    it('lists the orders due on the shop’s next day still to hand over, by window', async () => {
      const send = (path: string, body: unknown) =>
        server.call('POST', `/api/v1${path}`, {
          token: harbourToken,
          headers: { 'Idempotency-Key': randomUUID() },
          body,
        });
      const customer = randomUUID();
      await send('/customers', { id: customer, name: 'The Larder Bistro' });
      const order = async (fields: Record<string, unknown>) => {
        const id = randomUUID();
        const response = await send('/orders', {
          id,
          customer_id: customer,
          kind: 'pickup',
          lines: [{ product_id: wine, quantity: 6 }],
          ...fields,
        });
        expect(response.status).toBe(201);
        return id;
      };
      // Friday 27 November is tomorrow in Sydney; Thursday the 26th in Honolulu (UTC−10).
      const afternoon = await order({ due_on: '2026-11-27', window_from: '16:00' });
      const morning = await order({
        due_on: '2026-11-27',
        kind: 'delivery',
        window_from: '09:30',
        window_to: '11:00',
        address: '1 Wharf Rd',
        lines: [
          { product_id: wine, quantity: 6 },
          { product_id: gin, quantity: 6 },
        ],
      });
      const cancelled = await order({ due_on: '2026-11-27' });
      await send(`/orders/${cancelled}/status`, { status: 'cancelled' });
      const today = await order({ due_on: '2026-11-26' });
      server.advance(60_000);
      expect((await snapshotOf(harbourToken)).tomorrowOrders).toEqual([
        {
          id: morning,
          name: 'The Larder Bistro',
          items: 12,
          time: '9:30 AM',
          kind: 'Delivery',
        },
        { id: afternoon, name: 'The Larder Bistro', items: 6, time: '4:00 PM', kind: 'Pickup' },
      ]);
      expect(
        (await snapshotOf(harbourToken, 'Pacific/Honolulu')).tomorrowOrders.map(
          (entry) => entry.id,
        ),
      ).toEqual([today]);
      expect((await snapshotOf(hilltopToken)).tomorrowOrders).toEqual([]);
    });

    it('counts days in the shop’s own zone once the owner saves it, whatever zone a device asks in', async () => {
      const asked = async (tz: string) => (await snapshotOf(harbourToken, tz)).sales;
      expect(await asked(SYDNEY)).not.toEqual(await asked('UTC'));
      const saved = await server.call('PUT', '/api/v1/business/profile', {
        token: harbourToken,
        body: { name: 'Harbour Wines', time_zone: 'UTC' },
        headers: { 'Idempotency-Key': randomUUID() },
      });
      expect(saved.body).toMatchObject({ time_zone: 'UTC' });
      // A minute on, past the answer kept for a room of phones.
      server.advance(60_000);
      expect(await asked(SYDNEY)).toEqual(await asked('UTC'));
    });
  });
});
