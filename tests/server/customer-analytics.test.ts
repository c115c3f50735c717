import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerAnalytics } from '#domains/reports/customer-analytics.ts';
import type { Sale } from '#domains/sales/sale.ts';
import { totalsOf } from '#domains/sales/sale.ts';
import { addDays } from '#shared/moments.ts';
import type { Product } from './helpers/products.ts';
import { shopsWithStaff } from './helpers/sales.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Customer Analytics against figures worked out by hand, over the last 7 days (UTC days):
 * - Margaret (Wine club): a $40.00 sale 60 days ago, and two of $40.00 in the week: returning,
 *   repeat, a club buyer;
 * - Tom: his first sale in the week ($80.00), of which $40.00 was refunded: new;
 * - Priya: a sale 200 days ago only: lapsed, no buyer this week;
 * - and a walk-in sale of $40.00 with no customer.
 */
describe('Customer Analytics', () => {
  let server: TestServer;
  let owner: string;
  let staff: string;
  let product: Product;
  let receipts = 0;
  const today = new Date().toISOString().slice(0, 10);
  const from = addDays(today, -6);
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

  const send = (path: string, body: unknown, token = owner) =>
    server.call('POST', `/api/v1${path}`, {
      token,
      headers: { 'Idempotency-Key': randomUUID() },
      body,
    });
  const customer = async (name: string, tags: string[] = []) =>
    (
      (await send('/customers', { id: randomUUID(), name, tags })).body as {
        customer: { id: string };
      }
    ).customer.id;
  const sell = async (made_at: string, quantity: number, customer_id?: string) => {
    receipts += 1;
    const lines: Sale['lines'] = [{ product_id: product.id, quantity, unit_cents: 4_000 }];
    const totals = totalsOf({ lines: lines.map((line) => ({ ...line, taxable: true })) });
    const sale = {
      id: randomUUID(),
      receipt: `T6-${String(receipts).padStart(6, '0')}`,
      made_at,
      lines,
      tenders: [{ kind: 'card', cents: totals.totalCents }],
      total_cents: totals.totalCents,
      gst_cents: totals.gstCents,
      ...(customer_id ? { customer_id } : {}),
    };
    const response = await send('/sales', sale);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return sale;
  };

  beforeAll(async () => {
    server = await createTestServer();
    ({ token: owner, staffToken: staff } = await shopsWithStaff(server));
    await server.foundedLongAgo();
    product = (
      await send('/catalogue/products', {
        fields: { name: 'Analytics Shiraz', luc: '15', list_price: '40', tax_category: 'gst10' },
      })
    ).body as Product;
    const margaret = await customer('Margaret Chen', ['wine CLUB']);
    const tom = await customer('Tom Okafor');
    const priya = await customer('Priya Natarajan');
    await customer('Sam Never', ['Wine club']);
    await sell(daysAgo(60), 1, margaret);
    await sell(daysAgo(3), 1, margaret);
    await sell(daysAgo(1), 1, margaret);
    const toms = await sell(daysAgo(2), 2, tom);
    await sell(daysAgo(200), 1, priya);
    await sell(daysAgo(1), 1);
    const refund = await send('/sales/returns', {
      id: randomUUID(),
      sale_id: toms.id,
      receipt: `T6-${String(99).padStart(6, '0')}`,
      made_at: daysAgo(1),
      lines: [{ line_no: 1, quantity: 1, resaleable: true }],
      tender: { kind: 'card', cents: 4_000 },
      total_cents: 4_000,
      gst_cents: 364,
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
  });
  afterAll(() => server.close());

  it('counts who bought, new and returning, repeat buyers, the top, segments and the club', async () => {
    const response = await server.call(
      'GET',
      `/api/v1/reports/customers?from=${from}&to=${today}&tz=UTC`,
      { token: owner },
    );
    expect(response.status).toBe(200);
    const report = response.body as CustomerAnalytics;
    expect(report).toMatchObject({
      sales: 4,
      net_sales_cents: 16_000 + 4_000 - 4_000,
      customer_sales: 3,
      customer_spend_cents: 12_000,
      customers: 2,
      new_customers: 1,
      returning_customers: 1,
      repeat_customers: 1,
      club: { members: 2, buyers: 1, spend_cents: 8_000 },
    });
    expect(report.top.map((each) => [each.name, each.sales, each.spend_cents])).toEqual([
      ['Margaret Chen', 2, 8_000],
      ['Tom Okafor', 1, 4_000],
    ]);
    const segment = (name: string) => report.segments.find((each) => each.segment === name);
    expect(segment('New')).toMatchObject({ customers: 1, year_spend_cents: 4_000 });
    expect(segment('Lapsed')).toMatchObject({ customers: 1, year_spend_cents: 4_000 });
    expect(segment('Occasional')).toMatchObject({ customers: 1, year_spend_cents: 12_000 });
    expect(report.segments.reduce((total, each) => total + each.customers, 0)).toBe(3);
  });

  it('sets the figures of the period compared with beside them', async () => {
    const compareFrom = addDays(today, -70);
    const compareTo = addDays(today, -40);
    const response = await server.call(
      'GET',
      `/api/v1/reports/customers?from=${from}&to=${today}&tz=UTC&compare_from=${compareFrom}&compare_to=${compareTo}`,
      { token: owner },
    );
    const report = response.body as CustomerAnalytics;
    expect(report.customers).toBe(2);
    // Margaret's first sale, 60 days ago: she was new then.
    expect(report.compare).toEqual({
      range: { from: compareFrom, to: compareTo },
      sales: 1,
      net_sales_cents: 4_000,
      customer_sales: 1,
      customer_spend_cents: 4_000,
      customers: 1,
      new_customers: 1,
      returning_customers: 0,
      repeat_customers: 0,
    });
    expect(
      (
        await server.call(
          'GET',
          `/api/v1/reports/customers?from=${from}&to=${today}&compare_from=${compareFrom}`,
          { token: owner },
        )
      ).status,
    ).toBe(400);
  });

  it('is for managers and owners', async () => {
    const response = await server.call(
      'GET',
      `/api/v1/reports/customers?from=${from}&to=${today}&tz=UTC`,
      { token: staff },
    );
    expect(response.status).toBe(403);
  });
});
