import { and, asc, eq, sql } from 'drizzle-orm';
import { pgArray } from '../db/array-params.ts';
import type { Db } from '../db/client.ts';
import { products } from '../db/schema.ts';

type ProductRow = typeof products.$inferSelect;

/**
 * The business's products among `ids`, as they are, each row locked for this transaction — in
 * the order of their ids. Every write that changes several products locks them so, before it
 * touches the business's catalogue version: two writes of the same products (two tablets' sales
 * with their lines in opposite orders, an import beside a count's close) then wait for each
 * other instead of each holding a row the other needs (a deadlock, which PostgreSQL ends by
 * failing one of them). A write of one product locks it before the version too. The lock is the
 * one an update of the row takes itself (FOR NO KEY UPDATE): rows that only refer to a product
 * (a count's line, a movement) take a lighter one, which does not wait for it, so a write that
 * made such a row first never waits on this lock while holding one.
 */
export async function lockProducts(
  tx: Db,
  businessId: string,
  ids: readonly number[],
): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(products)
    .where(ofBusiness(businessId, ids))
    .orderBy(asc(products.id))
    .for('no key update');
}

/** lockProducts, answering only the ids (a count's close locks 50,000 products). */
export async function lockProductIds(tx: Db, businessId: string, ids: readonly number[]) {
  if (ids.length === 0) return;
  await tx
    .select({ id: products.id })
    .from(products)
    .where(ofBusiness(businessId, ids))
    .orderBy(asc(products.id))
    .for('no key update');
}

const ofBusiness = (businessId: string, ids: readonly number[]) =>
  and(eq(products.businessId, businessId), sql`${products.id} = any(${pgArray([...ids])}::int[])`);
