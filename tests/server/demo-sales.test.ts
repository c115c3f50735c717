import { eq, sql } from 'drizzle-orm';
import { parse } from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashboardSnapshotSchema } from '#domains/dashboard/snapshot.ts';
import { checkSale, type Sale, totalsOf } from '#domains/sales/sale.ts';
import { products, saleLines, sales, stockMovements, suppliers } from '#server/db/schema.ts';
import { silentLogger } from '#server/logger.ts';
import { DEMO_CATALOGUE_SIZE, generateProducts } from '#server/seed/catalogue.ts';
import { DEMO, seedDemoIfEmpty } from '#server/seed/demo.ts';
import { DEMO_SALES_DAYS, DEMO_TIME_ZONE, planDemoSales } from '#server/seed/demo-sales.ts';
import { createTestServer, type TestServer } from './helpers/test-server.ts';

/** The demo shop's 90 days of sales: made by the sale's own rules, so the dashboard is real. */
describe('the demo sales history', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
    await seedDemoIfEmpty(server.db, silentLogger);
  });
  afterAll(() => server.close());

  it('covers 90 days up to now, every sale as the server would accept it from a tablet', async () => {
    const rows = await server.db.select().from(sales);
    expect(rows.length).toBeGreaterThan(DEMO_SALES_DAYS * 15);
    const first = Math.min(...rows.map((row) => row.madeAt.getTime()));
    const last = Math.max(...rows.map((row) => row.madeAt.getTime()));
    expect(last).toBeLessThanOrEqual(Date.now());
    expect((Date.now() - first) / 86_400_000).toBeGreaterThan(DEMO_SALES_DAYS - 2);
    const lines = await server.db.select().from(saleLines);
    const linesOf = new Map<string, (typeof lines)[number][]>();
    for (const line of lines) linesOf.set(line.saleId, [...(linesOf.get(line.saleId) ?? []), line]);
    for (const group of linesOf.values()) group.sort((a, b) => a.lineNo - b.lineNo);
    for (const row of rows) {
      const sale: Sale = {
        id: row.id,
        receipt: row.receipt,
        made_at: row.madeAt.toISOString(),
        lines: (linesOf.get(row.id) ?? []).map((line) => ({
          product_id: line.productId ?? 0,
          quantity: line.quantity,
          unit_cents: line.unitCents,
          luc_cents: line.lucCents,
          taxable: line.taxable,
        })),
        ...(row.discount ? { discount: row.discount as Sale['discount'] } : {}),
        tenders: row.tenders as Sale['tenders'],
        total_cents: row.totalCents,
        gst_cents: row.gstCents,
      };
      expect(checkSale(sale), row.receipt).toBeNull();
      expect(row.gstCents).toBe(totalsOf(sale).gstCents);
      expect(row.costCents).toBe(
        sale.lines.reduce((t, l) => t + (l.luc_cents ?? 0) * l.quantity, 0),
      );
      // The lines add up to the sale, to the cent.
      expect(totalsOf(sale).lines.map((l) => l.netCents)).toEqual(
        (linesOf.get(row.id) ?? []).map((line) => line.netCents),
      );
    }
    expect(rows.some((row) => (row.tenders as { kind: string }[]).length > 1)).toBe(true);
    expect(rows.some((row) => row.discountCents > 0)).toBe(true);
  });

  it('leaves each product with the catalogue’s stock, which is the sum of its movements', async () => {
    const catalogue = generateProducts(DEMO_CATALOGUE_SIZE);
    const rows = await server.db
      .select({
        name: products.name,
        stock: products.stockQuantity,
        moved: sql<string>`coalesce(sum(${stockMovements.delta}), 0)`,
      })
      .from(products)
      .leftJoin(stockMovements, eq(stockMovements.productId, products.id))
      .groupBy(products.id)
      .orderBy(products.id);
    expect(rows.map((row) => [row.name, row.stock])).toEqual(
      catalogue.map((product) => [product.name, product.stockQuantity]),
    );
    for (const row of rows) expect(Number(row.moved), row.name).toBe(row.stock);
  });

  it('makes each supplier the catalogue names a supplier, every product linked to its own', async () => {
    const rows = await server.db
      .select({ supplier: products.supplier, linked: suppliers.name })
      .from(products)
      .leftJoin(suppliers, eq(suppliers.id, products.supplierId));
    expect(rows.length).toBe(DEMO_CATALOGUE_SIZE);
    for (const row of rows) expect(row.linked).toBe(row.supplier);
    const names = await server.db.select({ name: suppliers.name }).from(suppliers);
    expect(names.map((row) => row.name).sort()).toEqual(
      [...new Set(rows.map((row) => row.supplier))].sort(),
    );
  });

  it('peaks on Fridays and Saturdays', () => {
    const plan = planDemoSales(generateProducts(DEMO_CATALOGUE_SIZE), new Date());
    const byWeekday = new Array<number>(7).fill(0);
    const weekday = new Intl.DateTimeFormat('en-US', {
      timeZone: DEMO_TIME_ZONE,
      weekday: 'short',
    });
    const names = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
    for (const { sale } of plan) {
      const day = names.indexOf(weekday.format(new Date(sale.made_at)));
      byWeekday[day] = (byWeekday[day] ?? 0) + sale.total_cents;
    }
    const [sun, mon, tue, wed, thu, fri, sat] = byWeekday as [number, ...number[]];
    for (const quiet of [sun, mon, tue, wed, thu]) {
      expect(fri).toBeGreaterThan(quiet ?? 0);
      expect(sat).toBeGreaterThan(quiet ?? 0);
    }
  });

  it('fills the demo owner’s dashboard from the first start', async () => {
    const { accessToken } = await server.login(DEMO.email, DEMO.password);
    const response = await server.call('GET', `/api/v1/dashboard?tz=${DEMO_TIME_ZONE}`, {
      token: accessToken,
    });
    const snapshot = parse(DashboardSnapshotSchema, response.body);
    expect(snapshot.hasSales).toBe(true);
    expect(snapshot.sales.filter((day) => day.revenueCents > 0).length).toBeGreaterThanOrEqual(6);
    expect(snapshot.topItems).toHaveLength(4);
    // A product sold has its real last sale date; one never sold has none.
    const [sold] = await server.db
      .select({ date: products.lastSaleDate })
      .from(products)
      .where(eq(products.id, snapshot.topItems[0]?.id ?? 0));
    expect(sold?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
