import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { COUNT_CORRECTION } from '#domains/stock/movement.ts';
import { stocktakesFeed } from '#domains/stocktakes/feeds.ts';
import {
  closingMovements,
  reviewCount,
  type StocktakeLine,
  type StocktakeStart,
  type StocktakeSummary,
  type UncountedChoice,
} from '#domains/stocktakes/stocktake.ts';
import { pgArray } from '../db/array-params.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  products,
  stockMovements,
  stocktakeExpected,
  stocktakeLines,
  stocktakes,
  users,
} from '../db/schema.ts';
import type { WriteContext } from '../products/catalogue-writes.ts';
import { moveStock } from '../stock/ledger.ts';
import { noteFeedChange } from '../sync/feed-changes.ts';

/**
 * Stocktakes on the server (the rules are in #domains/stocktakes/stocktake.ts): the snapshot taken when
 * a count starts, each counter's lines, and the close that turns variances into movements in one
 * transaction, with one catalogue version for all of them.
 */
export type StocktakeRow = typeof stocktakes.$inferSelect;

/** A count as devices see it. */
export function toSummary(
  row: StocktakeRow,
  startedBy: string | null,
  tally: { products: number; counted: number },
): StocktakeSummary {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    category: row.category,
    search: row.search,
    scan_mode: row.scanMode,
    status: row.status,
    started_at: row.startedAt.toISOString(),
    started_by: startedBy,
    closed_at: row.closedAt?.toISOString() ?? null,
    products: tally.products,
    counted: tally.counted,
  };
}

const inScope = (start: Pick<StocktakeStart, 'category' | 'search'>): SQL[] => {
  const conditions: SQL[] = [];
  if (start.category) conditions.push(eq(products.category, start.category));
  if (start.search) {
    const pattern = `%${start.search.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
    const matches = or(
      ilike(products.name, pattern),
      ilike(products.producer, pattern),
      ilike(products.region, pattern),
    );
    if (matches) conditions.push(matches);
  }
  return conditions;
};

/** Other devices' lists of counts learn of it through the pull (stocktakes-feed.ts). */
const noteCountChanged = (tx: Tx, context: WriteContext, stocktakeId: string) =>
  noteFeedChange(tx, context.businessId, stocktakesFeed.name, [stocktakeId]);

export type StartOutcome =
  | { status: 'created' | 'repeated'; row: StocktakeRow }
  | { status: 'taken' };

/** Starts a count and takes its snapshot; the same start again answers the same count. */
export async function startStocktake(
  db: Db,
  context: WriteContext,
  start: StocktakeStart,
): Promise<StartOutcome> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(stocktakes)
      .values({
        id: start.id,
        businessId: context.businessId,
        name: start.name,
        scope: start.scope,
        category: start.category || null,
        search: start.search || null,
        scanMode: start.scan_mode,
        startedBy: context.userId,
        startedAt: new Date(start.started_at),
        snapshotAt: context.now,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) {
      const [stored] = await tx.select().from(stocktakes).where(eq(stocktakes.id, start.id));
      const same =
        stored?.businessId === context.businessId &&
        stored.name === start.name &&
        stored.scope === start.scope;
      return same ? { status: 'repeated', row: stored } : { status: 'taken' };
    }
    await tx.insert(stocktakeExpected).select(
      tx
        .select({
          stocktakeId: sql<string>`${start.id}::uuid`.as('stocktake_id'),
          productId: products.id,
          expected: products.stockQuantity,
        })
        .from(products)
        .where(and(eq(products.businessId, context.businessId), ...inScope(start))),
    );
    await noteCountChanged(tx, context, start.id);
    return { status: 'created', row: inserted };
  });
}

/**
 * A count, its row locked until the transaction ends: 'share' for lines (counters on several
 * devices send theirs side by side), 'update' for a close or a cancel, which waits for lines
 * being written and makes lines arriving after it wait, then see the count closed. So a line
 * is either counted by the close or refused; never answered 'saved' into a closed count.
 */
async function lockedStocktake(tx: Tx, businessId: string, id: string, mode: 'share' | 'update') {
  const [row] = await tx
    .select()
    .from(stocktakes)
    .where(and(eq(stocktakes.businessId, businessId), eq(stocktakes.id, id)))
    .for(mode);
  return row;
}

export type LinesOutcome =
  | { status: 'saved'; saved: number; gone: number[] }
  | { status: 'missing' }
  | { status: 'closed' };

/**
 * Lines counted on one device, each replacing this counter's earlier line of the product there
 * unless that one was counted later. A product outside the snapshot (added since, or outside a
 * filtered count's scope) joins it with the stock it had when the count started. Products gone
 * (deleted, or another business's) are answered, not counted. One statement for the lot.
 */
export async function recordLines(
  db: Db,
  context: WriteContext,
  stocktakeId: string,
  deviceId: string,
  lines: readonly StocktakeLine[],
): Promise<LinesOutcome> {
  return db.transaction(async (tx) => {
    const stocktake = await lockedStocktake(tx, context.businessId, stocktakeId, 'share');
    if (!stocktake) return { status: 'missing' };
    if (stocktake.status !== 'open') return { status: 'closed' };
    // The latest line of each product: one request may hold a recount.
    const latest = new Map<number, StocktakeLine>();
    for (const line of lines) {
      const held = latest.get(line.product_id);
      if (!held || Date.parse(held.counted_at) <= Date.parse(line.counted_at)) {
        latest.set(line.product_id, line);
      }
    }
    const asked = [...latest.values()];
    const known = await tx
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.businessId, context.businessId),
          inArray(
            products.id,
            asked.map((line) => line.product_id),
          ),
        ),
      );
    const held = new Set(known.map((row) => row.id));
    const saved = asked.filter((line) => held.has(line.product_id));
    if (saved.length > 0) {
      await tx.execute(sql`
        with input as (
          select unnest(${pgArray(saved.map((line) => line.product_id))}::int[]) as product_id,
            unnest(${pgArray(saved.map((line) => line.quantity))}::int[]) as quantity,
            unnest(${pgArray(saved.map((line) => line.counted_at))}::timestamptz[]) as counted_at
        ),
        joined as (
          insert into ${stocktakeExpected} (stocktake_id, product_id, expected)
          select ${stocktakeId}::uuid, p.id, p.stock_quantity - coalesce((
            select sum(m.delta) from ${stockMovements} m
            where m.business_id = ${context.businessId} and m.product_id = p.id
              and m.recorded_at > ${stocktake.snapshotAt}
          ), 0)
          from input join ${products} p on p.id = input.product_id
          on conflict do nothing
        )
        insert into ${stocktakeLines}
          (stocktake_id, product_id, user_id, device_id, quantity, counted_at)
        select ${stocktakeId}::uuid, product_id, ${context.userId}, ${deviceId}, quantity, counted_at
        from input
        on conflict (stocktake_id, product_id, user_id, device_id) do update
        set quantity = excluded.quantity, counted_at = excluded.counted_at
        where ${stocktakeLines}.counted_at <= excluded.counted_at`);
      await noteCountChanged(tx, context, stocktakeId);
    }
    return {
      status: 'saved',
      saved: saved.length,
      gone: asked.filter((line) => !held.has(line.product_id)).map((line) => line.product_id),
    };
  });
}

async function expectedAndLines(db: Db | Tx, stocktakeId: string) {
  const [expected, lines] = await Promise.all([
    db
      .select({ productId: stocktakeExpected.productId, expected: stocktakeExpected.expected })
      .from(stocktakeExpected)
      .where(eq(stocktakeExpected.stocktakeId, stocktakeId))
      .orderBy(asc(stocktakeExpected.productId)),
    db
      .select({
        product_id: stocktakeLines.productId,
        quantity: stocktakeLines.quantity,
        by: users.name,
        device_id: stocktakeLines.deviceId,
        countedAt: stocktakeLines.countedAt,
      })
      .from(stocktakeLines)
      .leftJoin(users, eq(users.id, stocktakeLines.userId))
      .where(eq(stocktakeLines.stocktakeId, stocktakeId)),
  ]);
  return {
    expected: expected.map((row) => [row.productId, row.expected] as [number, number]),
    lines,
  };
}

export type CloseOutcome =
  | { status: 'closed'; row: StocktakeRow; movements: number }
  | { status: 'missing' }
  | { status: 'not-open' };

/**
 * Closes a count: each variance becomes a movement with the reason Inventory Count Correction,
 * the products' stock and versions move with them, and the change log gets one entry per product
 * under one new catalogue version. All in one transaction.
 */
export async function closeStocktake(
  db: Db,
  context: WriteContext,
  stocktakeId: string,
  uncounted: UncountedChoice,
): Promise<CloseOutcome> {
  return db.transaction(async (tx) => {
    const stocktake = await lockedStocktake(tx, context.businessId, stocktakeId, 'update');
    if (!stocktake) return { status: 'missing' };
    if (stocktake.status !== 'open') return { status: 'not-open' };
    const { expected, lines } = await expectedAndLines(tx, stocktakeId);
    const moves = closingMovements(reviewCount(expected, lines), stocktake.scope, uncounted);
    await moveStock(
      tx,
      context,
      moves.map((move) => ({ ...move, movementId: randomUUID() })),
      { reason: COUNT_CORRECTION, note: stocktake.name },
    );
    const [row] = await tx
      .update(stocktakes)
      .set({ status: 'closed', closedAt: context.now })
      .where(eq(stocktakes.id, stocktakeId))
      .returning();
    if (!row) throw new Error('the count was not closed');
    await noteCountChanged(tx, context, stocktakeId);
    return { status: 'closed', row, movements: moves.length };
  });
}

export async function cancelStocktake(db: Db, context: WriteContext, stocktakeId: string) {
  return db.transaction(async (tx) => {
    const stocktake = await lockedStocktake(tx, context.businessId, stocktakeId, 'update');
    if (!stocktake) return { status: 'missing' as const };
    if (stocktake.status !== 'open') return { status: 'not-open' as const };
    const [row] = await tx
      .update(stocktakes)
      .set({ status: 'cancelled', closedAt: context.now })
      .where(eq(stocktakes.id, stocktakeId))
      .returning();
    await noteCountChanged(tx, context, stocktakeId);
    return { status: 'cancelled' as const, row: row as StocktakeRow };
  });
}

/**
 * Counts of the business (or the one named), newest first, each with how many products its
 * snapshot holds and how many have a line: counted by the database, without reading them.
 */
function summaries(db: Db, businessId: string, stocktakeIds?: readonly string[]) {
  return db
    .select({
      stocktake: stocktakes,
      startedBy: users.name,
      products: sql<number>`(select count(*)::int from ${stocktakeExpected}
        where ${stocktakeExpected.stocktakeId} = ${stocktakes.id})`,
      counted: sql<number>`(select count(distinct ${stocktakeLines.productId})::int
        from ${stocktakeLines} where ${stocktakeLines.stocktakeId} = ${stocktakes.id})`,
    })
    .from(stocktakes)
    .leftJoin(users, eq(users.id, stocktakes.startedBy))
    .where(
      and(
        eq(stocktakes.businessId, businessId),
        stocktakeIds === undefined ? undefined : inArray(stocktakes.id, [...stocktakeIds]),
      ),
    )
    .orderBy(desc(stocktakes.startedAt));
}

/** The business's counts, or those named (ids of other businesses' counts find nothing). */
export const listStocktakes = (db: Db, businessId: string, stocktakeIds?: readonly string[]) =>
  summaries(db, businessId, stocktakeIds);

/** One count with its tally; undefined when it is not the business's. */
export async function stocktakeSummary(db: Db, businessId: string, stocktakeId: string) {
  const [row] = await summaries(db, businessId, [stocktakeId]);
  return row;
}

/** One count with its snapshot and lines; undefined when it is not the business's. */
export async function stocktakeDetail(db: Db, businessId: string, stocktakeId: string) {
  const row = await stocktakeSummary(db, businessId, stocktakeId);
  return row && { ...row, ...(await expectedAndLines(db, stocktakeId)) };
}
