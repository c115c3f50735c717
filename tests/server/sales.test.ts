import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECEIPT_MESSAGES } from '#domains/sales/receipt-number.ts';
import { RECEIPT_EMAIL_MESSAGES, SALE_MESSAGES } from '#domains/sales/sale.ts';
import { receiptMoment } from '#domains/sales/tax-invoice.ts';
import { productChanges, stockMovements } from '#server/db/schema.ts';
import { TIME_ZONE_MESSAGE } from '#server/http/params.ts';
import type { Product } from './helpers/products.ts';
import { shopsWithStaff, stockOf } from './helpers/sales.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

describe('sales', () => {
  let server: TestServer;
  let token: string;
  let otherToken: string;
  let staffToken: string;

  beforeAll(async () => {
    server = await createTestServer();
    ({ token, otherToken, staffToken } = await shopsWithStaff(server));
    // Harbour Wines has sold for years: a sale of more than a year ago is one of its own.
    await server.db.execute(
      sql`update businesses set created_at = now() - interval '3 years' where name = 'Harbour Wines'`,
    );
  });
  afterAll(() => server.close());

  const create = async (name: string, as = token) =>
    (
      await server.call('POST', '/api/v1/catalogue/products', {
        token: as,
        body: { fields: { name, list_price: '44.99', luc: '26', gst: '2.60' } },
      })
    ).body as Product;
  const stock = (id: number) => stockOf(server, id);
  let receipts = 0;
  const sale = (productId: number, overrides: Record<string, unknown> = {}) => {
    receipts += 1;
    return {
      id: randomUUID(),
      receipt: `T1-${String(receipts).padStart(6, '0')}`,
      made_at: new Date().toISOString(),
      lines: [
        { product_id: productId, quantity: 2, unit_cents: 4_499, luc_cents: 2_600, taxable: true },
        { product_id: productId, quantity: 1, unit_cents: 4_499, luc_cents: 2_600, taxable: true },
      ],
      tenders: [{ kind: 'cash', given_cents: 15_000 }],
      total_cents: 13_497,
      gst_cents: 1_227,
      ...overrides,
    };
  };
  const post = (body: unknown, as = token) =>
    server.call('POST', '/api/v1/sales', {
      token: as,
      body,
      headers: { 'Idempotency-Key': randomUUID() },
    });

  it('records a sale once: its stock moves by one Sale movement per product, logged', async () => {
    const wine = await create('Sold Shiraz');
    const body = sale(wine.id);
    const first = await post(body);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      sale: { id: body.id, receipt: body.receipt, total_cents: 13_497, gst_cents: 1_227 },
    });
    // 134.97 in cash is paid as 134.95; 150.00 given leaves 15.05 change.
    expect(first.body).toMatchObject({ sale: { rounding_cents: -2, change_cents: 1_505 } });
    // The products sold, as they now are, for the tablet to store.
    const [soldNow] = (first.body as { products: Product[] }).products;
    expect(soldNow?.id).toBe(wine.id);
    expect(soldNow?.columns.find((column) => column.key === 'stock_quantity')?.value).toBe(-3);
    expect(await stock(wine.id)).toBe(-3);
    const movements = await server.db
      .select({
        delta: stockMovements.delta,
        reason: stockMovements.reason,
        note: stockMovements.note,
      })
      .from(stockMovements)
      .where(eq(stockMovements.productId, wine.id));
    expect(movements).toEqual([{ delta: -3, reason: 'Sale', note: body.receipt }]);
    const [logged] = await server.db
      .select({ count: sql<number>`count(*)::int` })
      .from(productChanges)
      .where(eq(productChanges.productId, wine.id));
    expect(logged?.count).toBe(2); // its creation and the sale's stock

    // Sent again under another key (its answer lost): answered as it was, nothing moves twice.
    // The products a recorded sale's own statement answered are those the catalogue reads.
    const again = await post(body);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await stock(wine.id)).toBe(-3);
    // Another sale with that id, or that receipt number, is refused.
    expect((await post({ ...sale(wine.id), id: body.id })).body).toEqual({
      message: SALE_MESSAGES.taken,
    });
    const sameNumber = await post({ ...sale(wine.id), receipt: body.receipt });
    expect(sameNumber).toMatchObject({
      status: 409,
      body: { message: RECEIPT_MESSAGES.taken(body.receipt) },
    });
    expect(await stock(wine.id)).toBe(-3);
  });

  it('refuses with 422 a sale that does not add up, naming why, and moves nothing', async () => {
    const wine = await create('Checked Shiraz');
    const short = await post(sale(wine.id, { total_cents: 13_000 }));
    expect(short.status).toBe(422);
    expect(short.body).toEqual({ message: SALE_MESSAGES.totals(13_000, 13_497) });
    const card = await post(sale(wine.id, { tenders: [{ kind: 'card', cents: 20_000 }] }));
    expect(card.body).toEqual({ message: SALE_MESSAGES.cardChange });
    // A product of another shop is not this shop's to sell.
    const theirs = await create('Their Shiraz', otherToken);
    const foreign = await post(sale(theirs.id));
    expect(foreign.status).toBe(422);
    expect(foreign.body).toEqual({ message: SALE_MESSAGES.unknownProduct(theirs.id) });
    expect(await stock(wine.id)).toBe(0);
    expect(await stock(theirs.id)).toBe(0);
    const invalid = await post({ ...sale(wine.id), receipt: 'R-1' });
    expect(invalid.status).toBe(400);
  });

  it('lets every role sell, and two sales of the last bottle both count', async () => {
    const wine = await create('Last Bottle');
    const one = (as: string) =>
      post(
        sale(wine.id, {
          lines: [
            {
              product_id: wine.id,
              quantity: 1,
              unit_cents: 4_499,
              luc_cents: 2_600,
              taxable: true,
            },
          ],
          tenders: [{ kind: 'card', cents: 4_499 }],
          total_cents: 4_499,
          gst_cents: 409,
        }),
        as,
      );
    expect((await one(staffToken)).status).toBe(201);
    expect((await one(token)).status).toBe(201);
    expect(await stock(wine.id)).toBe(-2);
  });

  it("sums a product's sales this month and by month, by the asker's calendar", async () => {
    const wine = await create('Summed Shiraz');
    const now = server.now();
    const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString();
    const one = (made_at: string, quantity: number) =>
      post(
        sale(wine.id, {
          made_at,
          lines: [
            { product_id: wine.id, quantity, unit_cents: 1_100, luc_cents: 600, taxable: true },
          ],
          tenders: [{ kind: 'card', cents: 1_100 * quantity }],
          total_cents: 1_100 * quantity,
          gst_cents: 100 * quantity,
        }),
      );
    expect((await one(at(0), 2)).status).toBe(201);
    expect((await one(at(400), 5)).status).toBe(201); // more than a year ago: not counted
    const summary = await server.call(
      'GET',
      `/api/v1/sales/products/${wine.id}/summary?tz=Australia/Sydney`,
      { token },
    );
    expect(summary.status).toBe(200);
    const body = summary.body as {
      month: { units: number; revenue_cents: number };
      year: { units: number; revenue_cents: number };
      months: { month: string; units: number }[];
    };
    expect(body.month).toEqual({ units: 2, revenue_cents: 2_200 });
    expect(body.year).toEqual({ units: 2, revenue_cents: 2_200 });
    expect(body.months).toHaveLength(12);
    expect(body.months.at(-1)?.units).toBe(2);
    const sydneyMonth = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Australia/Sydney',
      year: 'numeric',
      month: '2-digit',
    })
      .format(now)
      .slice(0, 7);
    expect(body.months.at(-1)?.month).toBe(sydneyMonth);
    // Another shop's product is not found; a made-up zone is refused.
    const theirs = await create('Their Summed Shiraz', otherToken);
    expect(
      (await server.call('GET', `/api/v1/sales/products/${theirs.id}/summary`, { token })).status,
    ).toBe(404);
    expect(
      (
        await server.call('GET', `/api/v1/sales/products/${wine.id}/summary?tz=Mars/Base`, {
          token,
        })
      ).body,
    ).toEqual({ message: TIME_ZONE_MESSAGE });
  });

  it('gives each tablet its own till code, the same one every time it asks', async () => {
    const ask = (device_id: string, as = token) =>
      server.call('POST', '/api/v1/sales/tills', {
        token: as,
        body: { device_id },
        headers: { 'Idempotency-Key': randomUUID() },
      });
    const first = await ask('tablet-a');
    expect(first.status).toBe(201);
    const code = (first.body as { code: string }).code;
    expect(code).toMatch(/^T\d+$/);
    const again = await ask('tablet-a', staffToken);
    expect(again).toMatchObject({ status: 200, body: { code } });
    // Two tablets asking at once get two codes.
    const [b, c] = await Promise.all([ask('tablet-b'), ask('tablet-c')]);
    const codes = new Set([
      code,
      (b.body as { code: string }).code,
      (c.body as { code: string }).code,
    ]);
    expect(codes.size).toBe(3);
    // Another shop numbers its own tablets.
    expect((await ask('tablet-a', otherToken)).body).toEqual({ code: 'T1' });
    expect((await ask('   ')).status).toBe(400);
  });

  it('emails a sale’s receipt to the customer, for this shop’s sales only', async () => {
    const wine = await create('Emailed Shiraz');
    const body = sale(wine.id);
    expect((await post(body)).status).toBe(201);
    const send = (email: string, as = token, id = body.id) =>
      server.call('POST', `/api/v1/sales/${id}/email`, {
        token: as,
        body: { email },
        headers: { 'Idempotency-Key': randomUUID() },
      });
    const sent = await send('  customer@example.com ', staffToken);
    expect(sent).toMatchObject({ status: 200, body: { sent: true } });
    const mail = server.mail.at(-1);
    expect(mail?.to).toBe('customer@example.com');
    expect(mail?.subject).toBe(`Your receipt ${body.receipt} from Harbour Wines`);
    expect(mail?.text).toContain('Emailed Shiraz — 2 × $44.99: $89.98');
    expect(mail?.text).toContain('Total: $134.97');
    expect(mail?.text).toContain('Total includes GST of $12.27');
    expect(mail?.text).toContain('Cash rounding: -$0.02');
    expect(mail?.text).toContain('Change: $15.05');
    // No ABN yet: a receipt, not a tax invoice; no zone yet: the time says UTC.
    expect(mail?.text.split('\n')[0]).toBe('Receipt');
    expect(mail?.text).toMatch(new RegExp(`Receipt ${body.receipt}, .+ UTC`));
    expect((await send('not an address')).body).toMatchObject({
      message: RECEIPT_EMAIL_MESSAGES.email,
    });
    expect((await send('customer@example.com', otherToken)).status).toBe(404);
    expect((await send('customer@example.com', token, randomUUID())).status).toBe(404);

    // With the shop's ABN, address and zone: a tax invoice, timed in the shop's zone.
    const profile = await server.call('PUT', '/api/v1/business/profile', {
      token,
      body: {
        name: 'Harbour Wines',
        tax_number: '51824753556',
        address: '1 Wharf St, Hobart TAS 7000',
        phone: '03 6200 0000',
        time_zone: 'Australia/Hobart',
      },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(profile.status).toBe(200);
    await send('customer@example.com');
    const invoice = server.mail.at(-1)?.text ?? '';
    expect(invoice.split('\n').slice(0, 5)).toEqual([
      'Tax invoice',
      'Harbour Wines',
      'ABN 51 824 753 556',
      '1 Wharf St, Hobart TAS 7000',
      '03 6200 0000',
    ]);
    expect(invoice).toContain(
      `Receipt ${body.receipt}, ${receiptMoment(body.made_at, 'Australia/Hobart')}\n`,
    );
    // The till hears who its receipts are from with its settings.
    const settings = await server.call('GET', '/api/v1/sales/settings', { token: staffToken });
    expect((settings.body as { shop: unknown }).shop).toEqual({
      name: 'Harbour Wines',
      tax_number: '51824753556',
      address: '1 Wharf St, Hobart TAS 7000',
      phone: '03 6200 0000',
      time_zone: 'Australia/Hobart',
    });
  });
  it("moves a product's Last Sale Date on to its latest sale's day in the shop's zone, never back", async () => {
    const profile = await server.call('PUT', '/api/v1/business/profile', {
      token,
      body: { name: 'Harbour Wines', time_zone: 'Australia/Hobart' },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(profile.status).toBe(200);
    const wine = await create('Last Sold Riesling');
    const lastSale = (answer: { body: unknown }) =>
      (answer.body as { products: Product[] }).products[0]?.columns.find(
        (column) => column.key === 'lastSaleDate',
      )?.value;
    // 14:30 UTC on 1 March is 01:30 on 2 March in Hobart.
    const late = await post(sale(wine.id, { made_at: '2026-03-01T14:30:00.000Z' }));
    expect(late.status).toBe(201);
    expect(lastSale(late)).toBe('2026-03-02');
    // An earlier sale arriving later (kept offline) leaves the date where it is.
    const early = await post(sale(wine.id, { made_at: '2026-02-10T02:00:00.000Z' }));
    expect(early.status).toBe(201);
    expect(lastSale(early)).toBe('2026-03-02');
  });
});
