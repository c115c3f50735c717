import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { products } from '../db/schema.ts';

/**
 * The products among `ids` the business has: an order refuses lines of any other, a delivery
 * leaves them out (deleted on another device while this one counted offline, as a count's are).
 */
export async function heldProducts(tx: Tx, businessId: string, ids: readonly number[]) {
  if (ids.length === 0) return new Set<number>();
  const found = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.businessId, businessId), inArray(products.id, [...ids])));
  return new Set(found.map((row) => row.id));
}
