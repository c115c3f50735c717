import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { businesses, products } from '../db/schema.ts';
import type { SeedProduct } from '../seed/catalogue.ts';

/**
 * Catalogue queries, always scoped by business. Every write bumps the business's catalogue
 * version in the same transaction, so the inventory ETag changes exactly when the catalogue does.
 */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export async function bumpCatalogueVersion(tx: Db | Tx, businessId: string) {
  await tx
    .update(businesses)
    .set({ catalogueVersion: sql`${businesses.catalogueVersion} + 1` })
    .where(eq(businesses.id, businessId));
}

export async function catalogueVersion(db: Db, businessId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ version: businesses.catalogueVersion })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .limit(1);
  return row?.version;
}

export function listCatalogue(db: Db, businessId: string) {
  return db
    .select()
    .from(products)
    .where(eq(products.businessId, businessId))
    .orderBy(asc(products.id));
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

const INSERT_CHUNK = 1000;

/** Adds generated products to a business, in one transaction. */
export async function insertProducts(db: Db, businessId: string, rows: SeedProduct[]) {
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await tx
        .insert(products)
        .values(rows.slice(i, i + INSERT_CHUNK).map((row) => ({ ...row, businessId })));
    }
    await bumpCatalogueVersion(tx, businessId);
  });
}

export async function countProducts(db: Db, businessId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(products)
    .where(eq(products.businessId, businessId));
  return row?.total ?? 0;
}
