import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SALES_GROUPINGS } from '#domains/reports/sales-report.ts';
import type { Sale } from '#domains/sales/sale.ts';
import { totalsOf } from '#domains/sales/sale.ts';
import { businesses, reportDays, users } from '#server/db/schema.ts';
import { resultRows } from '#server/db/table-rows.ts';
import { customerAnalyticsReport } from '#server/reports/customer-analytics.ts';
import { gstSummary } from '#server/reports/gst-summary.ts';
import { inventoryReport } from '#server/reports/inventory-report.ts';
import { buildReportDaysStep, monthsPlan } from '#server/reports/report-days.ts';
import { salesReport } from '#server/reports/sales-report.ts';
import type { Product } from './helpers/products.ts';
import { shopsWithStaff } from './helpers/sales.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * The Sales Report's kept days (server/reports/report-days.ts) against the plain query over
 * the lines: every grouping's rows, totals and rounding agree to the cent (and the GST summary's
 * and Customer Analytics' totals), once the days are
 * built from the sales stored, after more sales and refunds are added to them as they are
 * stored, and after the shop's time zone changes (they are built again by the new one).
 */
describe('the report days', () => {
  let server: TestServer;
  let owner: string;
  let businessId: string;
  let receipts = 0;
  const products: number[] = [];
  const send = (path: string, body: unknown) =>
    server.call('POST', `/api/v1${path}`, {
      token: owner,
      headers: { 'Idempotency-Key': randomUUID() },
      body,
    });
  const sell = async (made_at: string, lines: Sale['lines'], cash = false): Promise<Sale> => {
    receipts += 1;
    const totals = totalsOf({ lines: lines.map((line) => ({ ...line, taxable: true })) });
    const sale: Sale = {
      id: randomUUID(),
      receipt: `T4-${String(receipts).padStart(6, '0')}`,
      made_at,
      lines,
      tenders: cash
        ? [{ kind: 'cash', given_cents: Math.ceil(totals.totalCents / 500) * 500 }]
        : [
            { kind: 'card', cents: totals.totalCents - 1_000 },
            { kind: 'other', label: 'Voucher', cents: 1_000 },
          ],
      total_cents: totals.totalCents,
      gst_cents: totals.gstCents,
    };
    const response = await send('/sales', sale);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return sale;
  };
  const giveBack = async (sale: Sale, made_at: string) => {
    receipts += 1;
    const line = sale.lines[0];
    if (!line) throw new Error('no line');
    const refund = line.unit_cents;
    const response = await send('/sales/returns', {
      id: randomUUID(),
      sale_id: sale.id,
      receipt: `T4-${String(receipts).padStart(6, '0')}`,
      made_at,
      lines: [{ line_no: 1, quantity: 1, resaleable: receipts % 2 === 0 }],
      tender: { kind: 'card', cents: refund },
      total_cents: refund,
      gst_cents: Math.round(refund / 11),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
  };
  /** A few days of sales either side of Sydney's midnight, with cash rounding and a refund. */
  const sellDays = async (first: number) => {
    for (let day = first; day < first + 3; day += 1) {
      const date = `2026-10-${String(day).padStart(2, '0')}`;
      const sold = await sell(`${date}T13:30:00.000Z`, [
        { product_id: products[day % 3] as number, quantity: 2, unit_cents: 2_499 },
        { product_id: products[(day + 1) % 3] as number, quantity: 1, unit_cents: 8_995 },
      ]);
      await sell(
        `${date}T12:59:00.000Z`,
        [{ product_id: products[2] as number, quantity: 1, unit_cents: 1_299 }],
        true,
      );
      await giveBack(sold, `${date}T23:00:00.000Z`);
    }
  };
  const range = { from: '2026-10-01', to: '2026-10-31' };
  const both = async (zone: string) => {
    const now = new Date();
    for (const by of SALES_GROUPINGS) {
      const asked = { range, by, filters: {}, compare: { from: '2026-09-01', to: '2026-09-30' } };
      const kept = await salesReport(server.db, businessId, asked, zone, now);
      const plain = await salesReport(server.db, businessId, asked, zone, now, { plain: true });
      expect(kept, by).toEqual(plain);
    }
    // Narrowed to one category, producer or staff member, by time and by its own dimension.
    const [owner] = await server.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.businessId, businessId));
    for (const filters of [
      { category: 'Red Wine' },
      { category: 'Uncategorised' },
      { producer: 'Torbreck' },
      { staff: owner?.id ?? '' },
    ]) {
      for (const by of ['day', 'week', 'month', 'category', 'producer', 'staff'] as const) {
        const asked = { range, by, filters, compare: { from: '2026-09-01', to: '2026-09-30' } };
        const kept = await salesReport(server.db, businessId, asked, zone, now);
        const plain = await salesReport(server.db, businessId, asked, zone, now, { plain: true });
        expect(kept, `${by} ${JSON.stringify(filters)}`).toEqual(plain);
      }
    }
    // By product and the Inventory Report: days within one month, most of two months (their
    // kept rows less the days outside), parts of months either side of a whole one, whole months.
    for (const span of [
      { from: '2026-10-02', to: '2026-10-11' },
      { from: '2026-10-02', to: '2026-11-28' },
      { from: '2026-09-20', to: '2026-11-05' },
      { from: '2026-10-01', to: '2026-11-30' },
    ]) {
      const asked = { range: span, by: 'product' as const, filters: {}, compare: null };
      expect(await salesReport(server.db, businessId, asked, zone, now), span.from).toEqual(
        await salesReport(server.db, businessId, asked, zone, now, { plain: true }),
      );
      const stock = {
        range: span,
        today: '2026-11-30',
        deadDays: 30,
        filters: {},
        on: null,
        compare: { from: '2026-08-01', to: '2026-10-31' },
      };
      expect(await inventoryReport(server.db, businessId, stock, zone, now), span.from).toEqual(
        await inventoryReport(server.db, businessId, stock, zone, now, { plain: true }),
      );
    }
    expect(await gstSummary(server.db, businessId, range, zone, now)).toEqual(
      await gstSummary(server.db, businessId, range, zone, now, { plain: true }),
    );
    const customers = { range, today: '2026-10-31', compare: null };
    expect(await customerAnalyticsReport(server.db, businessId, customers, zone, now)).toEqual(
      await customerAnalyticsReport(server.db, businessId, customers, zone, now, { plain: true }),
    );
  };
  /** The zone the days are kept by, and how far their build has come. */
  const keptDays = async () =>
    (
      await server.db
        .select({ zone: businesses.reportDaysZone, through: businesses.reportDaysThrough })
        .from(businesses)
        .where(eq(businesses.id, businessId))
    )[0];
  const kept = async () => (await keptDays())?.zone;

  beforeAll(async () => {
    server = await createTestServer();
    ({ token: owner } = await shopsWithStaff(server));
    await server.foundedLongAgo();
    await server.db
      .update(businesses)
      .set({ timeZone: 'Australia/Sydney' })
      .where(eq(businesses.name, 'Harbour Wines'));
    const [person] = await server.db
      .select({ businessId: users.businessId })
      .from(users)
      .innerJoin(businesses, eq(businesses.id, users.businessId))
      .where(eq(businesses.name, 'Harbour Wines'));
    businessId = person?.businessId ?? '';
    for (const [name, category, producer] of [
      ['Days Shiraz', 'Red Wine', 'Torbreck'],
      ['Days Gin', 'Spirits', 'Archie Rose'],
      ['Days Tonic', '', ''],
    ] as const) {
      const made = await send('/catalogue/products', {
        fields: { name, category, producer, luc: '9', list_price: '20', tax_category: 'gst10' },
      });
      products.push((made.body as Product).id);
    }
    await sellDays(1);
  });
  afterAll(() => server.close());

  it('are built from the sales stored and agree with the lines for every grouping', async () => {
    expect(await kept()).toBeNull();
    await both('Australia/Sydney');
    expect(await kept()).toBe('Australia/Sydney');
    const [rows] = resultRows<{ n: number }>(
      await server.db.execute(
        sql`select count(*)::int as n from ${reportDays}
          where business_id = ${businessId} and dimension <> 'product'`,
      ),
    );
    // A handful of rows a day besides the products', whatever the lines.
    expect(rows?.n).toBeGreaterThan(0);
    expect(rows?.n).toBeLessThan(60);
  });

  it('count the sales and refunds stored after they were built', async () => {
    const before = await salesReport(
      server.db,
      businessId,
      { range, by: 'day', filters: {}, compare: null },
      'Australia/Sydney',
      new Date(),
    );
    await sellDays(10);
    const after = await salesReport(
      server.db,
      businessId,
      { range, by: 'day', filters: {}, compare: null },
      'Australia/Sydney',
      new Date(),
    );
    expect(after.totals.sales).toBe(before.totals.sales + 6);
    expect(after.totals.returns).toBe(before.totals.returns + 3);
    await both('Australia/Sydney');
  });

  it('know a deleted product’s sales by the name they were sold under', async () => {
    const made = await send('/catalogue/products', {
      fields: {
        name: 'Days Rosé',
        category: 'Rosé',
        luc: '8',
        list_price: '18',
        tax_category: 'gst10',
      },
    });
    const rose = (made.body as Product).id;
    const sold = await sell('2026-10-20T02:00:00.000Z', [
      { product_id: rose, quantity: 3, unit_cents: 1_800 },
    ]);
    await sell('2026-11-02T02:00:00.000Z', [{ product_id: rose, quantity: 1, unit_cents: 1_800 }]);
    await giveBack(sold, '2026-11-03T02:00:00.000Z');
    await both('Australia/Sydney');
    const gone = await server.call('DELETE', `/api/v1/catalogue/products/${rose}`, {
      token: owner,
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(gone.status).toBeLessThan(300);
    await both('Australia/Sydney');
    const byProduct = await salesReport(
      server.db,
      businessId,
      {
        range: { from: '2026-10-01', to: '2026-11-30' },
        by: 'product',
        filters: {},
        compare: null,
      },
      'Australia/Sydney',
      new Date(),
    );
    expect(byProduct.rows.find((row) => row.key === 'gone:Days Rosé')).toMatchObject({
      label: 'Days Rosé',
      sales: 2,
      units: 4,
      returns: 1,
    });
  });

  it('are built again by the shop’s new time zone, and left aside for any other', async () => {
    await server.db
      .update(businesses)
      .set({ timeZone: 'Australia/Perth' })
      .where(eq(businesses.id, businessId));
    await both('Australia/Perth');
    expect(await kept()).toBe('Australia/Perth');
    // Asked in another zone than the shop's, the report goes by the lines.
    await both('Pacific/Auckland');
    expect(await kept()).toBe('Australia/Perth');
  });

  it('are built a step at a time, and count once what is sold while they are built', async () => {
    const zone = 'Australia/Perth';
    // As after an upgrade that keeps more in them: built again from the sales.
    await server.db
      .update(businesses)
      .set({ reportDaysZone: null })
      .where(eq(businesses.id, businessId));
    const through = async () => (await keptDays())?.through;
    expect(await buildReportDaysStep(server.db, businessId, zone, 7)).toBe('more');
    // Steps of a week: the first week with sales (from 1 October) is built; sales of a day
    // built count at once, the others in their own week's step.
    expect(await through()).toBe('2026-10-07');
    const early = await sell('2026-10-03T04:00:00.000Z', [
      { product_id: products[0] as number, quantity: 1, unit_cents: 2_499 },
    ]);
    await giveBack(early, '2026-10-04T04:00:00.000Z');
    const late = await sell('2026-10-25T04:00:00.000Z', [
      { product_id: products[1] as number, quantity: 2, unit_cents: 8_995 },
    ]);
    await giveBack(late, '2026-10-26T04:00:00.000Z');
    let steps = 1;
    while ((await buildReportDaysStep(server.db, businessId, zone, 7)) === 'more') steps += 1;
    expect(steps).toBeGreaterThan(2);
    expect(await kept()).toBe(zone);
    expect(await through()).toBeNull();
    await both(zone);
  });
});

describe('the products’ months a period reads', () => {
  it('reads the fewer days’ lines of each month it covers in part', () => {
    // The last 365 days: December's kept row less its first day, and one day of the next.
    expect(monthsPlan({ from: '2025-12-02', to: '2026-12-01' })).toEqual({
      months: { from: '2025-12-01', to: '2026-11-01' },
      add: [{ from: '2026-12-01', to: '2026-12-01' }],
      subtract: [{ from: '2025-12-01', to: '2025-12-01' }],
    });
    // This month so far: its kept row less the days to come.
    expect(monthsPlan({ from: '2026-11-01', to: '2026-11-20' })).toEqual({
      months: { from: '2026-11-01', to: '2026-11-01' },
      add: [],
      subtract: [{ from: '2026-11-21', to: '2026-11-30' }],
    });
    // A few days, and a whole month.
    expect(monthsPlan({ from: '2026-02-10', to: '2026-02-14' })).toEqual({
      months: null,
      add: [{ from: '2026-02-10', to: '2026-02-14' }],
      subtract: [],
    });
    expect(monthsPlan({ from: '2026-02-01', to: '2026-02-28' })).toEqual({
      months: { from: '2026-02-01', to: '2026-02-01' },
      add: [],
      subtract: [],
    });
  });
});
