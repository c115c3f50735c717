import { and, desc, eq } from 'drizzle-orm';
import type { StockMovementRequest } from '#domains/stock/movement.ts';
import type { Db } from '../db/client.ts';
import { products, stockMovements, users } from '../db/schema.ts';
import type { ProductRow } from '../products/catalogue-repository.ts';
import type { WriteContext } from '../products/catalogue-writes.ts';
import { moveStock, recordMovements } from './ledger.ts';

/**
 * Stock movements: each is stored once (its id is made on the device), and in the same
 * transaction the product's stock moves by it, its version goes up and the change is logged for
 * History and the feed. The product's row is locked meanwhile, so movements of one product take
 * turns and every one of them counts.
 */
export type MovementRow = typeof stockMovements.$inferSelect;

export type MovementOutcome =
  | { status: 'recorded' | 'repeated'; row: ProductRow; movement: MovementRow }
  | { status: 'missing' }
  /** The id belongs to another movement (of another product, business or quantity). */
  | { status: 'taken' };

const sameMovement = (
  stored: MovementRow,
  businessId: string,
  productId: number,
  asked: StockMovementRequest,
) =>
  stored.businessId === businessId &&
  stored.productId === productId &&
  stored.delta === asked.delta &&
  stored.reason === asked.reason;

export async function recordMovement(
  db: Db,
  context: WriteContext,
  productId: number,
  asked: StockMovementRequest,
): Promise<MovementOutcome> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(products)
      .where(and(eq(products.businessId, context.businessId), eq(products.id, productId)))
      .for('no key update');
    const [inserted] = current
      ? await recordMovements(tx, context, [
          {
            id: asked.id,
            productId,
            delta: asked.delta,
            reason: asked.reason,
            note: asked.note ?? null,
            madeAt: new Date(asked.made_at),
          },
        ])
      : [];
    if (!inserted) {
      // Sent before (its answer lost), or an id that is someone else's.
      const [stored] = await tx
        .select()
        .from(stockMovements)
        .where(eq(stockMovements.id, asked.id));
      if (stored && !sameMovement(stored, context.businessId, productId, asked)) {
        return { status: 'taken' };
      }
      if (!current) return { status: 'missing' };
      if (!stored) throw new Error('the movement was neither stored nor found');
      return { status: 'repeated', row: current, movement: stored };
    }
    await moveStock(tx, context, [{ productId, delta: asked.delta, movementId: inserted.id }]);
    const [row] = await tx.select().from(products).where(eq(products.id, productId));
    if (!row || !current) throw new Error('the product was not updated');
    return { status: 'recorded', row, movement: inserted };
  });
}

/** A product's movements, newest first (by when they were made), with who made them. */
export function recentMovements(db: Db, businessId: string, productId: number, limit: number) {
  return db
    .select({
      id: stockMovements.id,
      delta: stockMovements.delta,
      reason: stockMovements.reason,
      note: stockMovements.note,
      madeAt: stockMovements.madeAt,
      by: users.name,
    })
    .from(stockMovements)
    .leftJoin(users, eq(users.id, stockMovements.userId))
    .where(and(eq(stockMovements.businessId, businessId), eq(stockMovements.productId, productId)))
    .orderBy(desc(stockMovements.madeAt), desc(stockMovements.recordedAt))
    .limit(limit);
}
