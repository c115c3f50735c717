import { randomUUID } from 'node:crypto';
import { asc, count, eq, sql } from 'drizzle-orm';
import { SALE_REASON } from '#domains/sales/constants.ts';
import { createUser } from '../auth/users.ts';
import type { Db } from '../db/client.ts';
import { businesses, products, saleLines, sales, stockMovements, tills } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import {
  dateSeededCatalogue,
  insertProducts,
  settleSeededSales,
} from '../products/catalogue-repository.ts';
import { lineRowsOf, saleRowOf, unitsByProduct } from '../sales/sales.ts';
import { dateOpeningBalances, recordMovements } from '../stock/ledger.ts';
import { DEMO_CATALOGUE_SIZE, generateProducts } from './catalogue.ts';
import {
  DEMO_TILL,
  DEMO_TILL_DEVICE,
  DEMO_TIME_ZONE,
  type PlannedSale,
  planDemoSales,
  unitsSold,
  withProductIds,
} from './demo-sales.ts';

/** Sales stored per statement while seeding. */
const SEED_CHUNK = 500;

/**
 * The demo account of ARCHITECTURE.md section 1 and the demo catalogue, seeded on the first start
 * of an empty database.
 */
export const DEMO = {
  businessName: 'Demo Cellar',
  email: 'demo@vintry.test',
  password: 'Vintry2026',
  name: 'Demo Owner',
} as const;

/**
 * A sales history (the demo's, or a busy year for load work), stored as the server stores a tablet's sale (its row, lines and
 * 'Sale' movements) in bulk: one transaction, a few statements per thousand sales. The opening
 * balances are dated before the first sale; each sold product's last sale date is its real one.
 */
export async function storeSalesHistory(
  db: Db,
  owner: { id: string; businessId: string },
  plan: readonly PlannedSale[],
  till: string,
) {
  const { businessId } = owner;
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: products.id,
        name: products.name,
        category: products.category,
        producer: products.producer,
      })
      .from(products)
      .where(eq(products.businessId, businessId))
      .orderBy(asc(products.id));
    const idOf = (index: number) => rows[index]?.id ?? 0;
    const soldAs = new Map(
      rows.map((row) => [
        row.id,
        { name: row.name, category: row.category ?? '', producer: row.producer },
      ]),
    );
    const now = new Date();
    await tx
      .insert(tills)
      .values({ businessId, code: till, deviceId: `${DEMO_TILL_DEVICE}-${till}` })
      .onConflictDoNothing();
    for (let start = 0; start < plan.length; start += SEED_CHUNK) {
      const chunk = plan
        .slice(start, start + SEED_CHUNK)
        .map((planned) => withProductIds(planned, idOf));
      await tx
        .insert(sales)
        .values(chunk.map((sale) => saleRowOf(sale, businessId, owner.id, now)));
      await tx
        .insert(saleLines)
        .values(
          chunk.flatMap((sale) =>
            lineRowsOf(sale, (id) => soldAs.get(id) ?? { name: '', category: '', producer: '' }),
          ),
        );
      await recordMovements(
        tx,
        { businessId, userId: owner.id, now },
        chunk.flatMap((sale) =>
          [...unitsByProduct(sale)].map(([productId, units]) => ({
            id: randomUUID(),
            productId,
            delta: -units,
            reason: SALE_REASON,
            note: sale.receipt,
            madeAt: new Date(sale.made_at),
          })),
        ),
      );
    }
    const first = plan[0]?.sale.made_at;
    if (first) {
      // The catalogue was there, with its opening stock, the day before the first sale: the
      // Inventory Report's stock on a past day goes by both.
      const opened = new Date(Date.parse(first) - 86_400_000);
      await dateOpeningBalances(tx, businessId, opened);
      await dateSeededCatalogue(tx, businessId, opened);
    }
    await settleSeededSales(tx, businessId, SALE_REASON, DEMO_TIME_ZONE);
    // Fresh statistics after a bulk load: the embedded database has no autovacuum to gather them.
    await tx.execute(sql`analyze ${sales}, ${saleLines}, ${stockMovements}`);
  });
}

export async function seedDemoIfEmpty(db: Db, log: Logger): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(businesses);
  if ((row?.total ?? 0) > 0) return false;
  const owner = await createUser(db, {
    email: DEMO.email,
    password: DEMO.password,
    name: DEMO.name,
    role: 'owner',
    businessName: DEMO.businessName,
  });
  const catalogue = generateProducts(DEMO_CATALOGUE_SIZE);
  const plan = planDemoSales(catalogue, new Date());
  // Each product opens with what it has now plus what the history sells, so that after the
  // history its stock is the catalogue's (and, as always, the sum of its movements).
  const sold = unitsSold(plan, catalogue.length);
  await insertProducts(
    db,
    owner.businessId,
    catalogue.map((product, index) => ({
      ...product,
      stockQuantity: product.stockQuantity + (sold[index] ?? 0),
    })),
  );
  await storeSalesHistory(db, owner, plan, DEMO_TILL);
  log.info(`Demo data seeded. Sign in with ${DEMO.email} / ${DEMO.password}`);
  return true;
}
