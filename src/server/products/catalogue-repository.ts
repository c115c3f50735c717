import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { OPENING_BALANCE } from '#domains/stock/movement.ts';
import { pgArray, textArray } from '../db/array-params.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  businesses,
  importJobs,
  productChanges,
  products,
  saleLines,
  sales,
  stockMovements,
  users,
} from '../db/schema.ts';
import { resultRows, tableRows } from '../db/table-rows.ts';
import type { SeedProduct } from '../seed/catalogue.ts';
import { recordMovements } from '../stock/ledger.ts';
import { linkSuppliers } from './supplier-links.ts';

/**
 * Catalogue queries, always scoped by business. Every write bumps the business's catalogue
 * version in the same transaction, so the inventory ETag changes exactly when the catalogue does.
 */

/** Marks the catalogue changed; answers its new version. */
export async function bumpCatalogueVersion(tx: Db | Tx, businessId: string): Promise<number> {
  const [row] = await tx
    .update(businesses)
    .set({ catalogueVersion: sql`${businesses.catalogueVersion} + 1` })
    .where(eq(businesses.id, businessId))
    .returning({ version: businesses.catalogueVersion });
  if (!row) throw new Error('no such business');
  return row.version;
}

/** The catalogue's order: by position, which is the id unless the product was placed. */
export const catalogueOrder = sql`coalesce(${products.position}, ${products.id})`;

export async function catalogueVersion(db: Db, businessId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ version: businesses.catalogueVersion })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .limit(1);
  return row?.version;
}

/** Every business with its catalogue version. */
export function catalogueVersions(db: Db) {
  return db
    .select({ businessId: businesses.id, version: businesses.catalogueVersion })
    .from(businesses);
}

export function listCatalogue(db: Db, businessId: string) {
  return db
    .select()
    .from(products)
    .where(eq(products.businessId, businessId))
    .orderBy(catalogueOrder, asc(products.id));
}
export type ProductRow = Awaited<ReturnType<typeof listCatalogue>>[number];

export async function findProduct(db: Db, businessId: string, id: number) {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.businessId, businessId), eq(products.id, id)))
    .limit(1);
  return row;
}

/** The business's products among `ids`. */
export function findProducts(db: Db, businessId: string, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(products)
    .where(and(eq(products.businessId, businessId), inArray(products.id, [...ids])));
}

const INSERT_CHUNK = 1000;

/** Adds generated products to a business, in one transaction. */
export async function insertProducts(db: Db, businessId: string, rows: SeedProduct[]) {
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      const inserted = await tx
        .insert(products)
        .values(rows.slice(i, i + INSERT_CHUNK).map((row) => ({ ...row, businessId })))
        .returning({
          id: products.id,
          stock: products.stockQuantity,
          at: products.createdAt,
          supplier: products.supplier,
        });
      // Each supplier named is a supplier of the business, as for any product made.
      await linkSuppliers(
        tx,
        businessId,
        inserted.filter((row) => row.supplier).map((row) => row.id),
      );
      // Their stock, as every stock, is the sum of its movements.
      await recordMovements(
        tx,
        { businessId, userId: null, now: new Date() },
        inserted
          .filter((row) => row.stock !== 0)
          .map((row) => ({
            id: randomUUID(),
            productId: row.id,
            delta: row.stock,
            reason: OPENING_BALANCE,
            note: null,
            madeAt: row.at,
          })),
      );
    }
    await bumpCatalogueVersion(tx, businessId);
  });
}

/**
 * Seeding only, before any device holds the catalogue (so no version moves): the products' stock
 * follows the `reason` movements stored in bulk, and each sold product's last sale date is the
 * day of its latest sale in `timeZone`; a product never sold has none.
 */
export async function settleSeededSales(
  tx: Tx,
  businessId: string,
  reason: string,
  timeZone: string,
) {
  await tx.execute(sql`
    update ${products} p set stock_quantity = p.stock_quantity + moved.delta
    from (
      select product_id, sum(delta)::int as delta from ${stockMovements}
      where business_id = ${businessId} and reason = ${reason}
      group by product_id
    ) moved
    where p.id = moved.product_id`);
  // One pass over the lines, grouped (a lookup per product took most of an hour on PostgreSQL
  // for a million sales); a product never sold has none.
  await tx.execute(sql`
    update ${products} p set last_sale_date = last.day
    from (
      select every.id, sold.day from ${products} every left join (
        select l.product_id, max((s.made_at at time zone ${timeZone})::date) as day
        from ${saleLines} l join ${sales} s on s.id = l.sale_id
        where s.business_id = ${businessId}
        group by l.product_id
      ) sold on sold.product_id = every.id
      where every.business_id = ${businessId}
    ) last
    where p.id = last.id`);
}

/**
 * Seeding only: the seeded catalogue was there from `at` (with its opening stock, dated the
 * same), so the Inventory Report's stock on a past day finds it.
 */
export async function dateSeededCatalogue(tx: Tx, businessId: string, at: Date) {
  await tx.update(products).set({ createdAt: at }).where(eq(products.businessId, businessId));
}

/**
 * Products sold at these moments: each one's Last Sale Date moves on to the day of its latest
 * sale by the shop's calendar, never back (a sale made offline may arrive after a later one).
 * Answers the products as they now are.
 */
export async function noteLastSales(
  tx: Tx,
  businessId: string,
  sold: readonly { productId: number; madeAt: Date }[],
): Promise<ProductRow[]> {
  if (sold.length === 0) return [];
  // The shop's zone (Business Profile), UTC until one is saved: read by the same statement.
  const zone = sql`coalesce((select time_zone from ${businesses} where id = ${businessId}), 'UTC')`;
  const result = await tx.execute(sql`
    update ${products} p set last_sale_date = greatest(p.last_sale_date, latest.day)
    from (
      select product_id, max((made_at at time zone ${zone})::date) as day
      from unnest(
        ${pgArray(sold.map((sale) => sale.productId))}::int[],
        ${textArray(sold.map((sale) => sale.madeAt.toISOString()))}::timestamptz[]
      ) as s(product_id, made_at)
      group by product_id
    ) latest
    where p.id = latest.product_id and p.business_id = ${businessId}
    returning p.*`);
  return tableRows(products, resultRows(result));
}

export async function countProducts(db: Db, businessId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(products)
    .where(eq(products.businessId, businessId));
  return row?.total ?? 0;
}

/**
 * Products with at most `atMost` available, the candidates for Low Stock Alerts: on hand less
 * the units `reserved` (a subquery of product_id and units) sets aside, their `stock` that.
 */
export async function productsLowOnStock(
  db: Db,
  businessId: string,
  atMost: number,
  reserved: SQL,
) {
  const result = await db.execute(sql`
    select p.id, p.name, p.stock_quantity - coalesce(r.units, 0) as stock
    from ${products} p left join (${reserved}) r on r.product_id = p.id
    where p.business_id = ${businessId}
      and p.stock_quantity - coalesce(r.units, 0) <= ${atMost}`);
  return resultRows<{ id: number; name: string; stock: number }>(result).map((row) => ({
    id: Number(row.id),
    name: row.name,
    stock: Number(row.stock),
  }));
}

/** A product's changes, newest first, with who made them and, for stock, the movement's reason. */
export async function productHistory(db: Db, businessId: string, id: number) {
  return db
    .select({
      at: productChanges.at,
      kind: productChanges.kind,
      fields: productChanges.fields,
      version: productChanges.productVersion,
      by: users.name,
      reason: stockMovements.reason,
      note: stockMovements.note,
      importedFrom: importJobs.fileName,
    })
    .from(productChanges)
    .leftJoin(users, eq(users.id, productChanges.userId))
    .leftJoin(stockMovements, eq(stockMovements.id, productChanges.movementId))
    .leftJoin(importJobs, eq(importJobs.id, productChanges.importId))
    .where(and(eq(productChanges.businessId, businessId), eq(productChanges.productId, id)))
    .orderBy(sql`${productChanges.id} desc`);
}
