import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILTER_MESSAGES } from '#domains/reports/filters.ts';
import { type GstSummary, gstNetOf } from '#domains/reports/gst-summary.ts';
import { PERIOD_MESSAGES } from '#domains/reports/period.ts';
import {
  grossProfitOf,
  marginOf,
  netSalesOf,
  type ProductStandings,
  type SalesReport,
  sumFigures,
} from '#domains/reports/sales-report.ts';
import { CASH_STEP_CENTS } from '#domains/sales/constants.ts';
import { settle } from '#domains/sales/money.ts';
import type { Sale } from '#domains/sales/sale.ts';
import { totalsOf } from '#domains/sales/sale.ts';
import { EMPTY_LEDGER, type ShiftLedger, withReturn, withSale } from '#domains/sales/shifts.ts';
import { businesses, sales } from '#server/db/schema.ts';
import type { Product } from './helpers/products.ts';
import { shopsWithStaff } from './helpers/sales.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * The Sales Report against figures worked out by hand on a small fixed set of sales in a shop
 * in Sydney: a line discount, a return, cash rounding, and sales either side of the shop's
 * midnight (which is not UTC's). Every grouping's rows add up to the same totals; the days'
 * net sales are the dashboard's revenue, and the period's the till's shift report of the same
 * sales; staff may not read it; one shop never sees another's.
 *
 * The set, all GST-inclusive prices, LUC in brackets:
 * - A, 11 Nov 00:30 Sydney (10 Nov UTC), card: 2 × Shiraz $45.00 ($20) and 1 × Gin $89.95 ($40)
 *   with $5.00 off the line: $174.95, GST $15.90 (818 + 772 c), cost $80.00;
 * - B, 11 Nov 23:59, cash: 1 × Shiraz: $45.00, GST $4.09, cost $20.00;
 * - C, 12 Nov 00:01, cash: 1 × Tonic $12.99 ($5): GST $1.18, paid $13.00 (1 c rounding);
 * - D, 12 Nov 09:00, card: 1 × Gin: $89.95, GST $8.18, cost $40.00;
 * - on 12 Nov one Shiraz of A comes back to the shelf: refund $45.00, GST $4.09, cost $20.00.
 */
describe('the Sales Report', () => {
  let server: TestServer;
  let owner: string;
  let other: string;
  let staff: string;
  let shiraz: number;
  let receipts = 0;
  const receipt = () => {
    receipts += 1;
    return `T9-${String(receipts).padStart(6, '0')}`;
  };
  const send = (path: string, body: unknown, token = owner) =>
    server.call('POST', `/api/v1${path}`, {
      token,
      headers: { 'Idempotency-Key': randomUUID() },
      body,
    });
  const report = async (query: string, token = owner) => {
    const response = await server.call('GET', `/api/v1/reports/sales?${query}`, { token });
    return response;
  };
  const reportOf = async (query: string) => {
    const response = await report(query);
    expect(response.status).toBe(200);
    return response.body as SalesReport;
  };
  const product = async (name: string, fields: Record<string, string>) =>
    (
      await send('/catalogue/products', {
        fields: { name, tax_category: 'gst10', ...fields },
      })
    ).body as Product;
  const sell = async (
    made_at: string,
    lines: Sale['lines'],
    tender: 'card' | { cash: number },
  ): Promise<Sale> => {
    const totals = totalsOf({ lines: lines.map((line) => ({ ...line, taxable: true })) });
    const sale: Sale = {
      id: randomUUID(),
      receipt: receipt(),
      made_at,
      lines,
      tenders:
        tender === 'card'
          ? [{ kind: 'card', cents: totals.totalCents }]
          : [{ kind: 'cash', given_cents: tender.cash }],
      total_cents: totals.totalCents,
      gst_cents: totals.gstCents,
    };
    const response = await send('/sales', sale);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    // The till's shift report, as the tablet keeps it (its ledger of the shift's sales).
    const kept =
      tender === 'card'
        ? 0
        : settle(totals.totalCents, [{ kind: 'cash', givenCents: tender.cash }], CASH_STEP_CENTS)
            .cashRoundedCents;
    shift = withSale(shift, sale, totals.discountCents, kept);
    return sale;
  };
  let shift: ShiftLedger = EMPTY_LEDGER;

  beforeAll(async () => {
    server = await createTestServer();
    ({ token: owner, otherToken: other, staffToken: staff } = await shopsWithStaff(server));
    await server.foundedLongAgo();
    await server.db
      .update(businesses)
      .set({ timeZone: 'Australia/Sydney' })
      .where(eq(businesses.name, 'Harbour Wines'));
    shiraz = (
      await product('Report Shiraz', {
        category: 'Red Wine',
        producer: 'Torbreck',
        supplier: 'Barossa Cellars',
        country: 'Australia',
        region: 'Barossa Valley',
        luc: '20',
        list_price: '45',
      })
    ).id;
    const gin = await product('Report Gin', {
      category: 'Spirits',
      producer: 'Archie Rose',
      luc: '40',
      list_price: '89.95',
    });
    const tonic = await product('Report Tonic', {
      category: 'Mixers',
      luc: '5',
      list_price: '12.99',
    });
    const a = await sell(
      '2026-11-10T13:30:00.000Z',
      [
        { product_id: shiraz, quantity: 2, unit_cents: 4_500 },
        {
          product_id: gin.id,
          quantity: 1,
          unit_cents: 8_995,
          discount: { kind: 'amount', cents: 500 },
        },
      ],
      'card',
    );
    await sell(
      '2026-11-11T12:59:00.000Z',
      [{ product_id: shiraz, quantity: 1, unit_cents: 4_500 }],
      {
        cash: 5_000,
      },
    );
    await sell(
      '2026-11-11T13:01:00.000Z',
      [{ product_id: tonic.id, quantity: 1, unit_cents: 1_299 }],
      {
        cash: 1_300,
      },
    );
    await sell(
      '2026-11-11T22:00:00.000Z',
      [{ product_id: gin.id, quantity: 1, unit_cents: 8_995 }],
      'card',
    );
    const refund = {
      id: randomUUID(),
      sale_id: a.id,
      receipt: receipt(),
      made_at: '2026-11-12T01:00:00.000Z',
      lines: [{ line_no: 1, quantity: 1, resaleable: true }],
      tender: { kind: 'card' as const, cents: 4_500 },
      total_cents: 4_500,
      gst_cents: 409,
    };
    const returned = await send('/sales/returns', refund);
    expect(returned.status, JSON.stringify(returned.body)).toBe(201);
    shift = withReturn(shift, refund);
  });
  afterAll(() => server.close());

  it('adds up the period as worked out by hand', async () => {
    const { totals, rounding_cents } = await reportOf('from=2026-11-11&to=2026-11-12');
    expect(totals).toEqual({
      sales: 4,
      units: 6,
      sales_cents: 32_289,
      gst_cents: 2_935,
      cost_cents: 14_500,
      returns: 1,
      returned_units: 1,
      refund_cents: 4_500,
      refund_gst_cents: 409,
      restocked_cost_cents: 2_000,
    });
    expect(netSalesOf(totals)).toBe(27_789);
    expect(grossProfitOf(totals)).toBe(12_763);
    expect(marginOf(totals)?.toFixed(2)).toBe('50.52');
    expect(rounding_cents).toBe(1);
  });

  it('puts each sale on the shop’s day, not UTC’s', async () => {
    const { rows } = await reportOf('from=2026-11-10&to=2026-11-12&by=day');
    expect(
      rows.map((row) => [row.key, row.sales, row.units, row.sales_cents, row.refund_cents]),
    ).toEqual([
      ['2026-11-11', 2, 4, 21_995, 0],
      ['2026-11-12', 2, 2, 10_294, 4_500],
    ]);
    expect((await reportOf('from=2026-11-10&to=2026-11-10')).totals.sales).toBe(0);
  });

  it('shares GST over the lines so that every grouping adds up to the same totals', async () => {
    const { rows, totals } = await reportOf('from=2026-11-11&to=2026-11-12&by=category');
    expect(
      rows.map((row) => [
        row.label,
        row.units,
        row.sales_cents,
        row.gst_cents,
        row.cost_cents,
        row.refund_cents,
      ]),
    ).toEqual([
      ['Spirits', 2, 17_490, 1_590, 8_000, 0],
      ['Red Wine', 3, 13_500, 1_227, 6_000, 4_500],
      ['Mixers', 1, 1_299, 118, 500, 0],
    ]);
    for (const by of ['day', 'week', 'month', 'category', 'product', 'producer', 'staff']) {
      const grouped = await reportOf(`from=2026-11-11&to=2026-11-12&by=${by}`);
      const { sales: _sales, returns: _returns, ...added } = sumFigures(grouped.rows);
      const { sales: _s, returns: _r, ...whole } = totals;
      expect(added, by).toEqual(whole);
    }
    const producers = await reportOf('from=2026-11-11&to=2026-11-12&by=producer');
    expect(producers.rows.map((row) => row.label).sort()).toEqual([
      'Archie Rose',
      'No producer',
      'Torbreck',
    ]);
  });

  it('counts what each tender took: the sales plus the cash rounding', async () => {
    const { rows, totals, rounding_cents } = await reportOf(
      'from=2026-11-11&to=2026-11-12&by=tender',
    );
    expect(rows.map((row) => [row.label, row.sales, row.sales_cents, row.refund_cents])).toEqual([
      ['Card', 2, 26_490, 4_500],
      ['Cash', 2, 5_800, 0],
    ]);
    expect(rows.reduce((sum, row) => sum + row.sales_cents, 0)).toBe(
      totals.sales_cents + rounding_cents,
    );
  });

  it('narrows to the filters, each worked out by hand', async () => {
    const period = 'from=2026-11-11&to=2026-11-12';
    const totalsWith = async (filter: string) => (await reportOf(`${period}&${filter}`)).totals;
    // The Shiraz lines of A and B, and the one that came back: GST shared as before.
    const shirazLines = {
      sales: 2,
      units: 3,
      sales_cents: 13_500,
      gst_cents: 1_227,
      cost_cents: 6_000,
      returns: 1,
      returned_units: 1,
      refund_cents: 4_500,
      refund_gst_cents: 409,
      restocked_cost_cents: 2_000,
    };
    for (const filter of [
      'category=Red%20Wine',
      'producer=Torbreck',
      'supplier=Barossa%20Cellars',
      'origin=Australia',
      'origin=Barossa%20Valley',
    ]) {
      expect(await totalsWith(filter), filter).toEqual(shirazLines);
    }
    expect(await totalsWith('category=Spirits')).toMatchObject({
      sales: 2,
      units: 2,
      sales_cents: 17_490,
      gst_cents: 1_590,
      refund_cents: 0,
    });
    expect((await reportOf(`${period}&category=Red%20Wine&by=day`)).filters).toEqual([
      { label: 'Category', value: 'Red Wine' },
    ]);
    // Cash: B and C whole, their rounding, and no refund (A's went back to the card).
    const cash = await reportOf(`${period}&tender=cash`);
    expect(cash.totals).toMatchObject({ sales: 2, units: 2, sales_cents: 5_799, refund_cents: 0 });
    expect(cash.rounding_cents).toBe(1);
    expect((await totalsWith('tender=card')).refund_cents).toBe(4_500);
    // Every sale is the owner's; the staff member made none.
    const [first] = await server.db.select({ userId: sales.userId }).from(sales).limit(1);
    const userId = first?.userId;
    const mine = await reportOf(`${period}&staff=${userId}`);
    expect(mine.totals.sales_cents).toBe(32_289);
    expect(mine.filters).toEqual([{ label: 'Staff member', value: expect.any(String) }]);
    expect((await totalsWith(`staff=${randomUUID()}`)).sales).toBe(0);
    // Both filters at once: Spirits paid by cash, none.
    expect((await totalsWith('category=Spirits&tender=cash')).sales).toBe(0);
    expect(await report(`${period}&by=tender&category=Spirits`)).toMatchObject({
      status: 400,
      body: { message: FILTER_MESSAGES.tenderGrouping },
    });
    expect((await report(`${period}&tender=cheque`)).body).toEqual({
      message: FILTER_MESSAGES.tender,
    });
    expect((await report(`${period}&staff=nobody`)).body).toEqual({
      message: FILTER_MESSAGES.staff,
    });
  });

  it('offers the catalogue’s values for the product filters', async () => {
    const choices = await server.call('GET', '/api/v1/reports/filters', { token: owner });
    expect(choices.body).toEqual({
      category: ['Mixers', 'Red Wine', 'Spirits'],
      producer: ['Archie Rose', 'Torbreck'],
      supplier: ['Barossa Cellars'],
      origin: ['Australia', 'Barossa Valley'],
    });
    expect((await server.call('GET', '/api/v1/reports/filters', { token: staff })).status).toBe(
      403,
    );
    expect(
      (await server.call('GET', '/api/v1/reports/filters', { token: other })).body,
    ).toMatchObject({ category: [] });
  });

  it('agrees with the shift report of the same sales, to the cent', async () => {
    const { totals } = await reportOf('from=2026-11-11&to=2026-11-12');
    const tenders = await reportOf('from=2026-11-11&to=2026-11-12&by=tender');
    expect(shift.sales).toBe(totals.sales);
    expect(shift.returns).toBe(totals.returns);
    expect(shift.salesCents - shift.refundsCents).toBe(netSalesOf(totals));
    expect(shift.gstCents).toBe(totals.gst_cents - totals.refund_gst_cents);
    const row = (label: string) => tenders.rows.find((each) => each.label === label);
    expect(shift.cashTakenCents).toBe(row('Cash')?.sales_cents);
    expect(shift.tenders).toEqual([
      {
        label: 'Card',
        takenCents: row('Card')?.sales_cents,
        refundedCents: row('Card')?.refund_cents,
      },
    ]);
  });

  it('compares with the period it is asked to', async () => {
    const { compare } = await reportOf(
      'from=2026-11-12&to=2026-11-12&compare_from=2026-11-11&compare_to=2026-11-11',
    );
    expect(compare?.range).toEqual({ from: '2026-11-11', to: '2026-11-11' });
    expect(compare?.totals.sales_cents).toBe(21_995);
  });

  it('gives the days the dashboard’s revenue', async () => {
    // The dashboard of 12 Nov in Sydney: its last two days' points.
    server.advance(Date.parse('2026-11-12T12:00:00.000Z') - Date.now());
    const dashboard = await server.call('GET', '/api/v1/dashboard', { token: owner });
    server.advance(Date.now() - Date.parse('2026-11-12T12:00:00.000Z'));
    const points = (dashboard.body as { sales: { date: string; revenueCents: number }[] }).sales;
    const { rows } = await reportOf('from=2026-11-11&to=2026-11-12&by=day');
    expect(rows.map((row) => [row.key, netSalesOf(row)])).toEqual(
      points
        .filter((point) => point.date >= '2026-11-11')
        .map((point) => [point.date, point.revenueCents]),
    );
  });

  it('sums GST collected on sales and GST paid on the deliveries posted, by invoice date', async () => {
    const supplier = randomUUID();
    expect((await send('/suppliers', { id: supplier, name: 'Report Supplies' })).status).toBe(201);
    const delivery = randomUUID();
    await send('/purchasing/deliveries', {
      id: delivery,
      supplier_id: supplier,
      started_at: new Date().toISOString(),
    });
    const put = (path: string, body: unknown) =>
      server.call('PUT', `/api/v1${path}`, {
        token: owner,
        headers: { 'Idempotency-Key': randomUUID() },
        body,
      });
    await put(`/purchasing/deliveries/${delivery}/counts`, {
      device_id: 'tablet-a',
      lines: [
        { product_id: shiraz, received: 12, damaged: 0, counted_at: new Date().toISOString() },
      ],
    });
    // 12 Shiraz for $120.00 and $10.00 of freight, ex GST: $13.00 of GST, $143.00 owed.
    expect(
      (
        await put(`/purchasing/deliveries/${delivery}/invoice`, {
          invoice_number: 'INV-77',
          invoice_date: '2026-11-12',
          total_cents: 14_300,
          freight_cents: 1_000,
          costs: [{ product_id: shiraz, line_cents: 12_000 }],
        })
      ).status,
    ).toBe(200);
    const posted = await send(`/purchasing/deliveries/${delivery}/post`, {
      accept_mismatch: false,
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const summary = await server.call('GET', '/api/v1/reports/gst?from=2026-11-11&to=2026-11-12', {
      token: owner,
    });
    expect(summary.body).toMatchObject({
      sales_cents: 27_789,
      collected_cents: 2_526,
      purchases_cents: 13_000,
      paid_cents: 1_300,
      deliveries: 1,
      deliveries_without_gst: 0,
    });
    expect(gstNetOf(summary.body as GstSummary)).toBe(1_226);
    // Outside the invoice's day, nothing bought.
    const before = await server.call('GET', '/api/v1/reports/gst?from=2026-11-11&to=2026-11-11', {
      token: owner,
    });
    expect(before.body).toMatchObject({ paid_cents: 0, deliveries: 0, collected_cents: 1_999 });
    expect(
      (
        await server.call('GET', '/api/v1/reports/gst?from=2026-11-11&to=2026-11-12', {
          token: staff,
        })
      ).status,
    ).toBe(403);
  });

  it('lists the top and bottom products by net sales, narrowed by the filters', async () => {
    const standings = async (query: string, token = owner) =>
      server.call('GET', `/api/v1/reports/sales/products?${query}`, { token });
    const period = 'from=2026-11-11&to=2026-11-12';
    const all = (await standings(period)).body as ProductStandings;
    // Gin 84.95 + 89.95; Shiraz three bottles less the one back; Tonic one: three products, all
    // in the top, none left for the bottom.
    expect(all.products).toBe(3);
    expect(all.top.map((row) => [row.label, netSalesOf(row), row.units])).toEqual([
      ['Report Gin', 17_490, 2],
      ['Report Shiraz', 9_000, 3],
      ['Report Tonic', 1_299, 1],
    ]);
    expect(all.bottom).toEqual([]);
    const red = (await standings(`${period}&category=Red%20Wine`)).body as ProductStandings;
    expect(red.top.map((row) => row.label)).toEqual(['Report Shiraz']);
    expect(red.filters).toEqual([{ label: 'Category', value: 'Red Wine' }]);
    expect((await standings('from=2026-11-12&to=2026-11-11')).body).toEqual({
      message: PERIOD_MESSAGES.order,
    });
    expect((await standings(period, staff)).status).toBe(403);
    expect(((await standings(period, other)).body as ProductStandings).products).toBe(0);
  });

  it('refuses a period that is not one, and staff; never shows another shop’s sales', async () => {
    expect(await report('from=2026-11-12&to=2026-11-11')).toMatchObject({
      status: 400,
      body: { message: PERIOD_MESSAGES.order },
    });
    expect((await report('from=2026-02-30&to=2026-03-01')).status).toBe(400);
    expect((await report('from=2025-01-01&to=2026-11-12')).body).toEqual({
      message: PERIOD_MESSAGES.long,
    });
    expect((await report('from=2026-11-11&to=2026-11-12&by=colour')).status).toBe(400);
    expect(await report('from=2026-11-11&to=2026-11-12&compare_from=2026-11-10')).toMatchObject({
      status: 400,
      body: { message: PERIOD_MESSAGES.compare },
    });
    expect((await report('from=2026-11-11&to=2026-11-12', staff)).status).toBe(403);
    const theirs = await report('from=2026-11-11&to=2026-11-12', other);
    expect((theirs.body as SalesReport).totals.sales).toBe(0);
  });
});
