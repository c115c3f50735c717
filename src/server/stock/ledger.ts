import { and, eq, type SQL, sql } from 'drizzle-orm';
import { OPENING_BALANCE } from '#domains/stock/movement.ts';
import { pgArray, textArray } from '../db/array-params.ts';
import type { Db } from '../db/client.ts';
import { businesses, productChanges, products, stockMovements } from '../db/schema.ts';
import type { WriteContext } from '../products/catalogue-writes.ts';
import { lockProductIds } from '../products/product-locks.ts';

/**
 * The stock ledger: the one place stock moves and a movement is written. Sales, returns, counts,
 * adjustments and imports call it; each movement moves its product's stock and version and gets
 * a 'stock' entry in the change log, in the caller's transaction.
 */

/** Why stock moved, as a movement stores it. */
export interface MovementNote {
  reason: string;
  note: string | null;
}

/**
 * The statement part that stores movements: `source` is a query of (movement_id, product_id,
 * delta, reason, note, made_at), each stored for the business by the context's user.
 */
export function insertMovements(context: WriteContext, source: SQL): SQL {
  return sql`
    insert into ${stockMovements}
      (id, business_id, product_id, delta, reason, note, user_id, made_at, recorded_at)
    select movement_id, ${context.businessId}, product_id, delta, reason, note,
      ${context.userId}, made_at, ${context.now}
    from (${source}) as stored_moves`;
}

/** A movement to store as a row: made on a device (its id and moment are the device's). */
export interface MovementRecord {
  id: string;
  productId: number;
  delta: number;
  reason: string;
  note: string | null;
  madeAt: Date;
}

/**
 * Movements stored as rows (an adjustment, a return, the opening balances of new products) for
 * the business, by the context's user (none for the demo seed). A movement whose id is stored
 * already is left as it was (sent again); answers the rows stored now. Their stock moves
 * through moveStock, or was set with the product (an opening balance).
 */
export async function recordMovements(
  tx: Db,
  context: Pick<WriteContext, 'businessId' | 'now'> & { userId: string | null },
  records: readonly MovementRecord[],
) {
  if (records.length === 0) return [];
  return tx
    .insert(stockMovements)
    .values(
      records.map((record) => ({
        id: record.id,
        businessId: context.businessId,
        productId: record.productId,
        delta: record.delta,
        reason: record.reason,
        note: record.note,
        userId: context.userId,
        madeAt: record.madeAt,
        recordedAt: context.now,
      })),
    )
    .onConflictDoNothing()
    .returning();
}

/**
 * Products' stock moved by movements: each product's stock and version move, and each gets a
 * 'stock' entry in the change log, all under one new catalogue version. `record`: the movements
 * are stored by the same statement with that reason and note, or a move's own note (deliveries
 * posted together, each naming its invoice); else they are stored already. One statement
 * however many (a full count of 50,000).
 */
export async function moveStock(
  tx: Db,
  context: WriteContext,
  moves: readonly { productId: number; delta: number; movementId: string; note?: string | null }[],
  record?: MovementNote,
): Promise<void> {
  if (moves.length === 0) return;
  await lockProductIds(tx, context.businessId, [...new Set(moves.map((move) => move.productId))]);
  // The notes as a column only when a move has its own: a count's close moves 50,000 products
  // under one note, and 50,000 copies of it would be parsed for nothing.
  const ownNotes = moves.some((move) => move.note !== undefined);
  const notes = ownNotes
    ? sql`, unnest(${textArray(moves.map((move) => (move.note === undefined ? (record?.note ?? null) : move.note)))}::text[]) as note`
    : sql``;
  await tx.execute(sql`
    with ${stockMoveSteps(
      context,
      sql`select unnest(${pgArray(moves.map((move) => move.productId))}::int[]) as product_id,
        unnest(${pgArray(moves.map((move) => move.delta))}::int[]) as delta,
        unnest(${pgArray(moves.map((move) => move.movementId))}::uuid[]) as movement_id${notes}`,
    )}${
      record
        ? sql`, stored as (${insertMovements(
            context,
            sql`select movement_id, product_id, delta, ${record.reason}::text as reason,
              ${ownNotes ? sql`note` : sql`${record.note}::text`} as note,
              ${context.now}::timestamptz as made_at from moves`,
          )})`
        : sql``
    }
    select count(*) from moved`);
}

/**
 * The steps of a statement that moves stock, for `with`: `moves` is a query of (product_id,
 * delta, movement_id, and any more columns its movements need), a product named any number of
 * times. Each product moves by the sum of its deltas and its version by their count, and each
 * movement gets its 'stock' entry in the change log as if they had been made one after another
 * (in the order of their ids), all under one new catalogue version, taken only when there is a
 * move. A write that stores its movements in the same statement reads them from `moves`; each
 * product's id, version and stock as they now are, from `moved`.
 */
export function stockMoveSteps(context: WriteContext, moves: SQL): SQL {
  return sql`
    moves as (${moves}),
    totals as (
      select product_id, sum(delta)::int as delta, count(*)::int as moves
      from moves group by product_id
    ),
    version as (
      update ${businesses} set catalogue_version = catalogue_version + 1
      where id = ${context.businessId} and exists (select 1 from moves)
      returning catalogue_version
    ),
    moved as (
      update ${products} as p
      set stock_quantity = p.stock_quantity + totals.delta, version = p.version + totals.moves,
        updated_at = ${context.now}
      from totals
      where p.id = totals.product_id and p.business_id = ${context.businessId}
      -- Only what the steps read: a count's close moves 50,000 rows of about 1 KB each, and
      -- keeping whole rows here spilled them to disk.
      returning p.id, p.version, p.stock_quantity, totals.delta as moved_by, totals.moves
    ),
    steps as (
      select m.product_id, m.movement_id, m.delta,
        moved.version - moved.moves + row_number() over after as version,
        moved.stock_quantity - moved.moved_by + sum(m.delta) over after as stock_quantity
      from moves as m join moved on moved.id = m.product_id
      window after as (partition by m.product_id order by m.movement_id)
    ),
    logged as (
      insert into ${productChanges}
        (business_id, user_id, product_id, product_version, catalogue_version, kind, fields, at,
         movement_id, import_id)
      select ${context.businessId}, ${context.userId}, product_id, version,
        (select catalogue_version from version), 'stock',
        jsonb_build_object('stock_quantity', jsonb_build_array(stock_quantity - delta, stock_quantity)),
        ${context.now}, movement_id, ${context.importId ?? null}::uuid
      from steps
    )`;
}

/**
 * The opening balances of a business's products dated at `at`: a sales history loaded after the
 * products (the demo's) began before they were made.
 */
export async function dateOpeningBalances(tx: Db, businessId: string, at: Date) {
  await tx
    .update(stockMovements)
    .set({ madeAt: at })
    .where(
      and(eq(stockMovements.businessId, businessId), eq(stockMovements.reason, OPENING_BALANCE)),
    );
}
