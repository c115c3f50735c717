import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIN_MESSAGES } from '#domains/sales/approval.ts';
import { RECEIPT_MESSAGES } from '#domains/sales/receipt-number.ts';
import { SALE_MESSAGES, type Sale, totalsOf } from '#domains/sales/sale.ts';
import { productChanges, products, stockMovements } from '#server/db/schema.ts';
import type { BatchAnswer } from '#shared/sync/batch.ts';
import type { Product } from './helpers/products.ts';
import { cardSale, shopsWithStaff, stockOf } from './helpers/sales.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * A replay's sales sent in one batch are stored many at once (one statement, one transaction):
 * each must be answered exactly as if it had been sent alone, and the stock, the movements and
 * the change log must be those of the sales made one after another.
 */
describe('sales in a batch', () => {
  let server: TestServer;
  let token: string;
  let otherToken: string;
  let staffToken: string;

  beforeAll(async () => {
    server = await createTestServer();
    ({ token, otherToken, staffToken } = await shopsWithStaff(server));
  });
  afterAll(() => server.close());

  const create = async (name: string, as = token) =>
    (
      await server.call('POST', '/api/v1/catalogue/products', {
        token: as,
        body: { fields: { name, list_price: '40', luc: '20', gst: '4' } },
      })
    ).body as Product;
  const stock = (id: number) => stockOf(server, id);
  let receipts = 0;
  /** Bottles at $40 by card, in two lines of one product when `quantity` > 1. */
  const sale = (productId: number, quantity: number, extra: Partial<Sale> = {}): Sale => {
    receipts += 1;
    const lines: Sale['lines'] = [
      { product_id: productId, quantity: 1, unit_cents: 4_000, luc_cents: 2_000, taxable: true },
      ...(quantity > 1
        ? [
            {
              product_id: productId,
              quantity: quantity - 1,
              unit_cents: 4_000,
              luc_cents: 2_000,
              taxable: true,
            },
          ]
        : []),
    ];
    return cardSale(lines, `T9-${String(receipts).padStart(6, '0')}`, extra);
  };
  const write = (body: Sale, key = randomUUID()) => ({
    method: 'POST',
    path: '/sales',
    idempotency_key: key,
    body,
  });
  const batch = async (writes: unknown[], as = token) => {
    const response = await server.call('POST', '/api/v1/batch', { token: as, body: { writes } });
    expect(response.status).toBe(200);
    return (response.body as BatchAnswer).answers;
  };
  const alone = (body: Sale, as = token) =>
    server.call('POST', '/api/v1/sales', {
      token: as,
      body,
      headers: { 'Idempotency-Key': randomUUID() },
    });

  it('answers each as if sent alone; stock, movements and change log as made one by one', async () => {
    const wine = await create('Batch Shiraz');
    const gin = await create('Batch Gin');
    // The same kind of sale sent alone, for its answer's shape.
    const single = await alone(sale(gin.id, 1));
    expect(single.status).toBe(201);

    const sales = [sale(wine.id, 3), sale(gin.id, 1), sale(wine.id, 2), sale(wine.id, 1)];
    const answers = await batch(sales.map((body) => write(body)));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    for (const [index, answer] of answers.entries()) {
      const body = sales[index] as Sale;
      expect(answer.body).toMatchObject({
        sale: { id: body.id, receipt: body.receipt, total_cents: body.total_cents },
      });
      expect(Object.keys(answer.body as object)).toEqual(Object.keys(single.body as object));
      expect(Object.keys((answer.body as { sale: object }).sale)).toEqual(
        Object.keys((single.body as { sale: object }).sale),
      );
    }
    // Each answer holds the products it sold, as they now are: after the whole batch.
    const wineNow = (answers[0]?.body as { products: Product[] } | undefined)?.products ?? [];
    expect(wineNow.map((product) => product.id)).toEqual([wine.id]);
    expect(wineNow[0]?.columns.find((column) => column.key === 'stock_quantity')?.value).toBe(-6);

    expect(await stock(wine.id)).toBe(-6);
    expect(await stock(gin.id)).toBe(-2);
    const moved = await server.db
      .select({ delta: stockMovements.delta, reason: stockMovements.reason })
      .from(stockMovements)
      .where(eq(stockMovements.productId, wine.id));
    expect(moved.map((row) => row.delta).sort()).toEqual([-1, -2, -3]);
    expect(new Set(moved.map((row) => row.reason))).toEqual(new Set(['Sale']));
    // One 'stock' entry for each sale, versions one after another, each from where the last left.
    const logged = await server.db
      .select({
        version: productChanges.productVersion,
        catalogueVersion: productChanges.catalogueVersion,
        fields: productChanges.fields,
      })
      .from(productChanges)
      .where(and(eq(productChanges.productId, wine.id), eq(productChanges.kind, 'stock')))
      .orderBy(asc(productChanges.productVersion));
    const steps = logged.map(
      (row) => (row.fields as { stock_quantity: [number, number] }).stock_quantity,
    );
    expect(steps[0]?.[0]).toBe(0);
    expect(steps.at(-1)?.[1]).toBe(-6);
    for (let index = 1; index < steps.length; index += 1) {
      expect(steps[index]?.[0]).toBe(steps[index - 1]?.[1]);
    }
    expect(steps.map(([from, to]) => to - from).sort()).toEqual([-1, -2, -3]);
    // Stored together: one statement, one new catalogue version for them all.
    expect(new Set(logged.map((row) => row.catalogueVersion)).size).toBe(1);
    const versions = logged.map((row) => row.version);
    expect(versions).toEqual(versions.map((_, index) => (versions[0] ?? 0) + index));
    const [{ version } = { version: 0 }] = await server.db
      .select({ version: products.version })
      .from(products)
      .where(eq(products.id, wine.id));
    expect(version).toBe(versions.at(-1));
  });

  it('answers every refusal in its place as alone, stores the rest, and again the same', async () => {
    const wine = await create('Refusal Merlot');
    const theirs = await create('Hilltop Riesling', otherToken);
    const good = sale(wine.id, 2);
    const goodKey = randomUUID();
    const recordedBefore = sale(wine.id, 1);
    expect((await alone(recordedBefore)).status).toBe(201);
    const wrongTotal = { ...sale(wine.id, 1), total_cents: 1 };
    const writes = [
      write(good, goodKey),
      write(sale(999_999_999, 1)),
      write(wrongTotal),
      // The same write twice: the second gets the first's answer.
      write(good, goodKey),
      // Another sale with a receipt number already used.
      write({ ...sale(wine.id, 1), receipt: good.receipt }),
      write(sale(theirs.id, 1)),
      // A sale already recorded, sent again under a new key (its first answer lost).
      write(recordedBefore),
      write(sale(wine.id, 1)),
    ];
    const answers = await batch(writes);
    expect(answers.map((answer) => answer.status)).toEqual([
      201, 422, 422, 201, 409, 422, 201, 201,
    ]);
    expect(answers[1]?.body).toEqual({ message: SALE_MESSAGES.unknownProduct(999_999_999) });
    expect(answers[3]).toEqual(answers[0]);
    expect(answers[4]?.body).toEqual({ message: RECEIPT_MESSAGES.taken(good.receipt) });
    expect(answers[5]?.body).toEqual({ message: SALE_MESSAGES.unknownProduct(theirs.id) });
    // Each refusal is what the same sale sent alone answers.
    const { id, receipt } = sale(wine.id, 1);
    const wrongAlone = await alone({ ...wrongTotal, id, receipt });
    expect(answers[2]).toEqual({ status: wrongAlone.status, body: wrongAlone.body });
    expect(await stock(wine.id)).toBe(-4);
    expect(await stock(theirs.id)).toBe(0);

    // The whole batch again: the same answers, nothing moves twice.
    expect(await batch(writes)).toEqual(answers);
    expect(await stock(wine.id)).toBe(-4);
  });

  it("holds a staff member's discount past the limit for approval, as alone", async () => {
    const wine = await create('Discount Pinot');
    const generous = sale(wine.id, 1);
    const line = { ...(generous.lines[0] as Sale['lines'][number]) };
    line.discount = { kind: 'percent', value: 50 };
    const totals = totalsOf({ lines: [line] });
    const discounted: Sale = {
      ...generous,
      lines: [line],
      tenders: [{ kind: 'card', cents: totals.totalCents }],
      total_cents: totals.totalCents,
      gst_cents: totals.gstCents,
    };
    const answers = await batch([write(sale(wine.id, 1)), write(discounted)], staffToken);
    expect(answers.map((answer) => answer.status)).toEqual([201, 403]);
    expect(answers[1]?.body).toEqual({ message: PIN_MESSAGES.needed(10) });
    expect(await stock(wine.id)).toBe(-1);
  });

  it('runs each sale alone when storing them together fails: the others stand', async () => {
    const wine = await create('Steady Grenache');
    const broken = await create('Broken Bottle');
    // A sale line the database refuses, as a fault would.
    await server.db.execute(
      sql.raw(`create function refuse_broken() returns trigger language plpgsql as $$
        begin
          if new.product_id = ${broken.id} then raise exception 'refused'; end if;
          return new;
        end $$`),
    );
    await server.db.execute(
      sql.raw(
        'create trigger refuse_broken before insert on sale_lines for each row execute function refuse_broken()',
      ),
    );
    try {
      const writes = [write(sale(wine.id, 1)), write(sale(broken.id, 1)), write(sale(wine.id, 2))];
      const answers = await batch(writes);
      expect(answers.map((answer) => answer.status)).toEqual([201, 500, 201]);
      expect(await stock(wine.id)).toBe(-3);
      expect(await stock(broken.id)).toBe(0);
      await server.db.execute(sql.raw('drop trigger refuse_broken on sale_lines'));
      // Sent again once the fault has passed: the failed one is recorded, the others once.
      const again = await batch(writes);
      expect(again.map((answer) => answer.status)).toEqual([201, 201, 201]);
      expect(again[0]).toEqual(answers[0]);
      expect(await stock(wine.id)).toBe(-3);
      expect(await stock(broken.id)).toBe(-1);
    } finally {
      await server.db.execute(sql.raw('drop trigger if exists refuse_broken on sale_lines'));
      await server.db.execute(sql.raw('drop function if exists refuse_broken()'));
    }
  });
});
