import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { parse } from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashboardSnapshotSchema } from '#domains/dashboard/snapshot.ts';
import {
  RETURN_MESSAGES,
  refundOf,
  type SaleReturn,
  type SoldSale,
  SoldSaleSchema,
} from '#domains/sales/returns.ts';
import { type Sale, totalsOf } from '#domains/sales/sale.ts';
import { products, stockMovements } from '#server/db/schema.ts';
import { PERMISSION_MESSAGES } from '#shared/auth/permissions.ts';
import type { Product } from './helpers/products.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

/** Returns: never more than sold less returned, refunds that add up to the sale, stock back. */
describe('returns', () => {
  let server: TestServer;
  let owner: string;
  let staff: string;
  let otherOwner: string;
  let wine: Product;
  let gin: Product;
  let sale: Sale;
  let numbers = 0;
  const receipt = () => {
    numbers += 1;
    return `T4-${String(numbers).padStart(6, '0')}`;
  };
  const send = (token: string, path: string, body: unknown) =>
    server.call('POST', path, { token, body, headers: { 'Idempotency-Key': randomUUID() } });
  const stockOf = async (id: number) =>
    (
      await server.db
        .select({ stock: products.stockQuantity })
        .from(products)
        .where(eq(products.id, id))
    )[0]?.stock;
  const soldSale = async (token = owner) => {
    const response = await server.call('GET', `/api/v1/sales/receipts/${sale.receipt}`, { token });
    return response.status === 200 ? parse(SoldSaleSchema, response.body) : response;
  };

  /** A return of some units of the sale's lines, its refund worked out as the tablet does. */
  const returnOf = (
    sold: SoldSale,
    lines: SaleReturn['lines'],
    tender: 'cash' | 'card' = 'card',
  ): SaleReturn => {
    let total = 0;
    let taxable = 0;
    for (const wanted of lines) {
      const line = sold.lines.find((each) => each.line_no === wanted.line_no);
      if (!line) continue;
      const refund = refundOf(line, line.returned, wanted.quantity);
      total += refund;
      if (line.taxable) taxable += refund;
    }
    return {
      id: randomUUID(),
      sale_id: sold.id,
      receipt: receipt(),
      made_at: new Date().toISOString(),
      lines,
      tender: { kind: tender, cents: tender === 'cash' ? Math.round(total / 5) * 5 : total },
      total_cents: total,
      gst_cents: Math.round(taxable / 11),
    };
  };

  beforeAll(async () => {
    server = await createTestServer();
    const { harbour, hilltop } = await server.twoBusinesses();
    owner = harbour.token;
    otherOwner = hilltop.token;
    await server.createUser({
      email: 'sam@harbour.test',
      password: 'Harbour2026',
      businessName: 'Harbour Wines',
      role: 'staff',
    });
    staff = (await server.login('sam@harbour.test', 'Harbour2026')).accessToken;
    const create = async (name: string, price: string) =>
      (
        await send(owner, '/api/v1/catalogue/products', {
          fields: { name, list_price: price, luc: '10', gst: '1' },
        })
      ).body as Product;
    wine = await create('Returned Riesling', '33.33');
    gin = await create('Returned Gin', '70');
    // 3 bottles at $33.33 with 10 % off, and a gin: the wine's line nets $89.99.
    const lines: Sale['lines'] = [
      {
        product_id: wine.id,
        quantity: 3,
        unit_cents: 3_333,
        luc_cents: 1_000,
        taxable: true,
        discount: { kind: 'percent', value: 10 },
      },
      { product_id: gin.id, quantity: 1, unit_cents: 7_000, luc_cents: 1_000, taxable: true },
    ];
    const totals = totalsOf({ lines });
    sale = {
      id: randomUUID(),
      receipt: receipt(),
      made_at: new Date().toISOString(),
      lines,
      tenders: [{ kind: 'card', cents: totals.totalCents }],
      total_cents: totals.totalCents,
      gst_cents: totals.gstCents,
    };
    expect((await send(owner, '/api/v1/sales', sale)).status).toBe(201);
  });
  afterAll(() => server.close());

  it('finds a sale by its receipt number, in this shop only', async () => {
    const sold = (await soldSale()) as SoldSale;
    expect(
      sold.lines.map((line) => [line.name, line.quantity, line.net_cents, line.returned]),
    ).toEqual([
      ['Returned Riesling', 3, 8_999, 0],
      ['Returned Gin', 1, 7_000, 0],
    ]);
    expect(((await soldSale(otherOwner)) as { status: number }).status).toBe(404);
    const notANumber = await server.call('GET', '/api/v1/sales/receipts/nope', { token: owner });
    expect(notANumber.status).toBe(404);
    const day = await server.call('GET', `/api/v1/sales?date=${sale.made_at.slice(0, 10)}&tz=UTC`, {
      token: staff,
    });
    expect(day.body).toMatchObject({
      sales: [{ receipt: sale.receipt, total_cents: sale.total_cents }],
    });
  });

  it('is refused to staff, as refunds are the managers’ and owners’', async () => {
    const sold = (await soldSale()) as SoldSale;
    const response = await send(
      staff,
      '/api/v1/sales/returns',
      returnOf(sold, [{ line_no: 1, quantity: 1, resaleable: true }]),
    );
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: PERMISSION_MESSAGES.forbidden });
  });

  it('puts a resaleable bottle back on the shelf, once however often it is sent', async () => {
    const sold = (await soldSale()) as SoldSale;
    const ret = returnOf(sold, [{ line_no: 1, quantity: 1, resaleable: true }]);
    // 1 of 3 units of $89.99: $30.00.
    expect(ret.total_cents).toBe(3_000);
    const first = await send(owner, '/api/v1/sales/returns', ret);
    expect(first.status).toBe(201);
    expect(await stockOf(wine.id)).toBe(-3 + 1);
    // Sent again under another key (its answer lost): answered as it was, nothing moves twice.
    const again = await send(owner, '/api/v1/sales/returns', ret);
    expect(again.status).toBe(201);
    expect((again.body as { return: unknown }).return).toEqual(
      (first.body as { return: unknown }).return,
    );
    expect(await stockOf(wine.id)).toBe(-2);
    expect(
      (await send(owner, '/api/v1/sales/returns', { ...returnOf(sold, ret.lines), id: ret.id }))
        .status,
    ).toBe(409);
    const moved = await server.db
      .select({
        delta: stockMovements.delta,
        reason: stockMovements.reason,
        note: stockMovements.note,
      })
      .from(stockMovements)
      .where(eq(stockMovements.productId, wine.id));
    expect(moved).toContainEqual({ delta: 1, reason: 'Return', note: ret.receipt });
  });

  it('never returns more than is left, and refunds exactly the sale’s line in the end', async () => {
    const sold = (await soldSale()) as SoldSale;
    expect(sold.lines[0]?.returned).toBe(1);
    const tooMany = await send(owner, '/api/v1/sales/returns', {
      ...returnOf(sold, [{ line_no: 1, quantity: 2, resaleable: true }]),
      lines: [{ line_no: 1, quantity: 3, resaleable: true }],
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body).toEqual({ message: RETURN_MESSAGES.tooMany(1, 2) });
    // The last two, not fit to sell: back and written off, the stock unchanged.
    const damaged = returnOf(sold, [{ line_no: 1, quantity: 2, resaleable: false }], 'cash');
    expect(damaged.total_cents).toBe(8_999 - 3_000);
    expect((await send(owner, '/api/v1/sales/returns', damaged)).status).toBe(201);
    expect(await stockOf(wine.id)).toBe(-2);
    const moved = await server.db
      .select({ delta: stockMovements.delta, reason: stockMovements.reason })
      .from(stockMovements)
      .where(eq(stockMovements.note, damaged.receipt));
    expect(moved).toEqual(
      expect.arrayContaining([
        { delta: 2, reason: 'Return' },
        { delta: -2, reason: 'Damaged' },
      ]),
    );
    const after = (await soldSale()) as SoldSale;
    expect(after.lines[0]?.returned).toBe(3);
    const none = await send(owner, '/api/v1/sales/returns', {
      ...returnOf(after, [{ line_no: 1, quantity: 1, resaleable: true }]),
      total_cents: 0,
      gst_cents: 0,
      tender: { kind: 'card', cents: 0 },
    });
    expect(none.body).toEqual({ message: RETURN_MESSAGES.tooMany(1, 0) });
  });

  it('refuses a refund that does not add up, an unknown line and another shop’s sale', async () => {
    const sold = (await soldSale()) as SoldSale;
    const ret = returnOf(sold, [{ line_no: 2, quantity: 1, resaleable: true }]);
    const wrong = await send(owner, '/api/v1/sales/returns', {
      ...ret,
      total_cents: 7_500,
      tender: { kind: 'card', cents: 7_500 },
    });
    expect(wrong.body).toEqual({ message: RETURN_MESSAGES.totals(7_500, 7_000) });
    const paid = await send(owner, '/api/v1/sales/returns', {
      ...ret,
      tender: { kind: 'card', cents: 6_000 },
    });
    expect(paid.body).toEqual({ message: RETURN_MESSAGES.tender(6_000, 7_000) });
    const line = await send(owner, '/api/v1/sales/returns', {
      ...ret,
      lines: [{ line_no: 7, quantity: 1, resaleable: true }],
    });
    expect(line.body).toEqual({ message: RETURN_MESSAGES.unknownLine(7) });
    const theirs = await send(otherOwner, '/api/v1/sales/returns', ret);
    expect(theirs.status).toBe(422);
    expect(theirs.body).toEqual({ message: RETURN_MESSAGES.unknownSale });
  });

  it('lets only one of two returns of the last unit through, sent at once', async () => {
    const sold = (await soldSale()) as SoldSale;
    const [a, b] = await Promise.all([
      send(
        owner,
        '/api/v1/sales/returns',
        returnOf(sold, [{ line_no: 2, quantity: 1, resaleable: true }]),
      ),
      send(
        owner,
        '/api/v1/sales/returns',
        returnOf(sold, [{ line_no: 2, quantity: 1, resaleable: true }]),
      ),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 422]);
    expect(await stockOf(gin.id)).toBe(0);
  });

  it('takes refunds off the dashboard’s takings', async () => {
    const response = await server.call('GET', '/api/v1/dashboard?tz=UTC', { token: owner });
    const { today } = parse(DashboardSnapshotSchema, response.body);
    // Sold $159.99; refunded $30.00 + $59.99 + $70.00.
    expect(today.revenue.cents).toBe(sale.total_cents - 3_000 - 5_999 - 7_000);
  });
});
