import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { SALE_REASON } from '#domains/sales/constants.ts';
import { settle } from '#domains/sales/money.ts';
import { nextTillCode } from '#domains/sales/receipt-number.ts';
import {
  cashStepOf,
  checkSale,
  costOf,
  SALE_MESSAGES,
  type Sale,
  tendersOf,
  totalsOf,
} from '#domains/sales/sale.ts';
import type { Role } from '#shared/auth/schemas.ts';
import { pgArray, textArray } from '../db/array-params.ts';
import { type Db, inTransaction, type Tx } from '../db/client.ts';
import { LOCK_SCOPES, lockForTransaction } from '../db/locks.ts';
import { products, saleLines, sales, stockMovements, tills } from '../db/schema.ts';
import { tableRows } from '../db/table-rows.ts';
import type { ProductRow } from '../products/catalogue-repository.ts';
import { stockMoveSteps, type WriteContext } from '../products/catalogue-writes.ts';
import { approvalCheck, approvalProblem } from './payment-settings.ts';

/**
 * Recording a sale: in one transaction the sale and its lines are stored, each product sold
 * moves by a movement with the reason 'Sale' (several lines of one product, one movement), and
 * the products' versions and change log move with them (the feed other devices follow). Stock
 * may go below 0: two tablets that sold the last bottle offline both keep their sale.
 */
export type SaleRow = typeof sales.$inferSelect;
/** What a sale's answer tells of it: as stored, or as just worked out to be stored. */
export type SaleFigures = Pick<
  SaleRow,
  | 'id'
  | 'receipt'
  | 'madeAt'
  | 'totalCents'
  | 'gstCents'
  | 'discountCents'
  | 'roundingCents'
  | 'changeCents'
>;

export type SaleOutcome =
  | { status: 'recorded'; sale: SaleFigures; products: ProductRow[] }
  | { status: 'repeated'; sale: SaleFigures }
  /** The totals do not add up, a product is not the shop's: the reason, in words. */
  | { status: 'refused'; message: string }
  /** The id or the receipt number belongs to another sale. */
  | { status: 'taken' }
  /** Its discount goes past the staff limit and no manager approved it. */
  | { status: 'unapproved'; limit: number };

/** The same sale sent again: same receipt, same total, same lines' count. */
const sameSale = (stored: SaleRow, businessId: string, sale: Sale) =>
  stored.businessId === businessId &&
  stored.receipt === sale.receipt &&
  stored.totalCents === sale.total_cents;

/** A checked sale's row: its totals, rounding and change as the server works them out. */
export function saleRowOf(
  sale: Sale,
  businessId: string,
  userId: string | null,
  recordedAt: Date,
): typeof sales.$inferInsert {
  const totals = totalsOf(sale);
  const settlement = settle(totals.totalCents, tendersOf(sale), cashStepOf(sale));
  return {
    id: sale.id,
    businessId,
    receipt: sale.receipt,
    userId,
    madeAt: new Date(sale.made_at),
    recordedAt,
    totalCents: totals.totalCents,
    gstCents: totals.gstCents,
    discountCents: totals.discountCents,
    roundingCents: settlement.roundingCents,
    changeCents: settlement.changeCents,
    costCents: costOf(sale),
    discount: sale.discount ?? null,
    tenders: sale.tenders,
    shiftId: sale.shift_id ?? null,
  };
}

/** Its lines' rows: the name each product had, the price and LUC charged, the net after discounts. */
export function lineRowsOf(
  sale: Sale,
  nameOf: (productId: number) => string,
): (typeof saleLines.$inferInsert)[] {
  const totals = totalsOf(sale);
  return sale.lines.map((line, index) => ({
    saleId: sale.id,
    lineNo: index + 1,
    productId: line.product_id,
    name: nameOf(line.product_id),
    quantity: line.quantity,
    unitCents: line.unit_cents,
    lucCents: line.luc_cents,
    taxable: line.taxable,
    discount: line.discount ?? null,
    netCents: totals.lines[index]?.netCents ?? 0,
  }));
}

/** Units of each product a sale sells (several lines of one product add up: one movement). */
export function unitsByProduct(sale: Pick<Sale, 'lines'>): Map<number, number> {
  const sold = new Map<number, number>();
  for (const line of sale.lines) {
    sold.set(line.product_id, (sold.get(line.product_id) ?? 0) + line.quantity);
  }
  return sold;
}

export async function recordSale(
  db: Db,
  context: WriteContext & { role: Role },
  sale: Sale,
): Promise<SaleOutcome> {
  return inTransaction(db, async (tx) => {
    // A refusal is answered only after making sure the sale is not one already recorded (sent
    // again, its answer lost), which is answered as it was.
    const repeatedOr = async <T>(refusal: T): Promise<SaleOutcome | T> => {
      const [stored] = await tx.select().from(sales).where(eq(sales.id, sale.id));
      if (!stored) return refusal;
      return sameSale(stored, context.businessId, sale)
        ? { status: 'repeated', sale: stored }
        : { status: 'taken' };
    };
    // Whether its products are the shop's is asked by the statement that stores it, below.
    const problem = checkSale(sale, () => true);
    if (problem) return repeatedOr({ status: 'refused', message: problem } as const);
    const unapproved = await approvalProblem(tx, context.businessId, context.role, sale);
    if (unapproved) return repeatedOr({ status: 'unapproved', limit: unapproved.limit } as const);

    const { stored, known, products } = await storeSales(tx, context, [sale]);
    const figures = stored.get(sale.id);
    if (figures) return { status: 'recorded', sale: figures, products };
    const unknown = [...unitsByProduct(sale).keys()].find((id) => !known.has(id));
    if (unknown !== undefined) {
      return repeatedOr({
        status: 'refused',
        message: SALE_MESSAGES.unknownProduct(unknown),
      } as const);
    }
    // Its id or its receipt number is taken: the same sale sent again, or another.
    return repeatedOr({ status: 'taken' } as const);
  });
}

/**
 * Many sales at once (a replay's batch), in the caller's transaction. Those that pass every
 * check that needs no statement are stored together by one; each answer is that sale's outcome,
 * or null for a sale to record alone (recordSale answers it as it would anyway: a refusal, a
 * sale sent again, an id or a receipt number taken, or named twice here).
 */
export async function recordSales(
  db: Db,
  context: WriteContext & { role: Role },
  batch: readonly Sale[],
): Promise<(SaleOutcome | null)[]> {
  return inTransaction(db, async (tx) => {
    const named = new Set<string>();
    const ready = new Set<Sale>();
    const unapproved = approvalCheck(tx, context.businessId, context.role);
    for (const sale of batch) {
      const first = !named.has(sale.id) && !named.has(sale.receipt);
      named.add(sale.id);
      named.add(sale.receipt);
      if (!first || checkSale(sale, () => true)) continue;
      if (await unapproved(sale)) continue;
      ready.add(sale);
    }
    if (ready.size === 0) return batch.map(() => null);
    const { stored, products } = await storeSales(tx, context, [...ready]);
    const productsById = new Map(products.map((product) => [product.id, product]));
    return batch.map((sale): SaleOutcome | null => {
      const figures = ready.has(sale) ? stored.get(sale.id) : undefined;
      if (!figures) return null;
      const sold = [...unitsByProduct(sale).keys()].flatMap((id) => productsById.get(id) ?? []);
      return { status: 'recorded', sale: figures, products: sold };
    });
  });
}

/**
 * The one statement that stores sales: each with its lines (named as their products are now),
 * its 'Sale' movements and the stock they move, stored only when every product it sells is the
 * shop's and its id and receipt number are free. Answers the figures of those stored, which of
 * the products named are the shop's, and the products sold as they now are.
 */
async function storeSales(tx: Tx, context: WriteContext, batch: readonly Sale[]) {
  const rows = batch.map((sale) =>
    saleRowOf(sale, context.businessId, context.userId, context.now),
  );
  const lines = batch.flatMap((sale) => lineRowsOf(sale, () => ''));
  const moves = batch.flatMap((sale) =>
    [...unitsByProduct(sale)].map(([productId, quantity]) => ({
      saleId: sale.id,
      productId,
      delta: -quantity,
      movementId: randomUUID(),
    })),
  );
  const json = (value: unknown) => (value == null ? null : JSON.stringify(value));
  const result = await tx.execute(sql`
    with known as (
      select id, name from ${products}
      where business_id = ${context.businessId}
        and id = any(${pgArray([...new Set(moves.map((move) => move.productId))])}::int[])
    ),
    offered as (
      select * from unnest(
        ${pgArray(rows.map((row) => row.id as string))}::uuid[],
        ${textArray(rows.map((row) => row.receipt))}::text[],
        ${textArray(rows.map((row) => row.madeAt.toISOString()))}::timestamptz[],
        ${pgArray(rows.map((row) => row.totalCents))}::int[],
        ${pgArray(rows.map((row) => row.gstCents))}::int[],
        ${pgArray(rows.map((row) => row.discountCents ?? 0))}::int[],
        ${pgArray(rows.map((row) => row.roundingCents ?? 0))}::int[],
        ${pgArray(rows.map((row) => row.changeCents ?? 0))}::int[],
        ${pgArray(rows.map((row) => row.costCents ?? 0))}::int[],
        ${textArray(rows.map((row) => json(row.discount)))}::jsonb[],
        ${textArray(rows.map((row) => json(row.tenders)))}::jsonb[],
        ${textArray(rows.map((row) => row.shiftId ?? null))}::uuid[]
      ) as s(id, receipt, made_at, total_cents, gst_cents, discount_cents, rounding_cents,
        change_cents, cost_cents, discount, tenders, shift_id)
    ),
    offered_lines as (
      select * from unnest(
        ${pgArray(lines.map((line) => line.saleId))}::uuid[],
        ${pgArray(lines.map((line) => line.lineNo))}::int[],
        ${pgArray(lines.map((line) => line.productId ?? 0))}::int[],
        ${pgArray(lines.map((line) => line.quantity))}::int[],
        ${pgArray(lines.map((line) => line.unitCents))}::int[],
        ${pgArray(lines.map((line) => line.lucCents))}::int[],
        ${pgArray(lines.map((line) => (line.taxable ? 1 : 0)))}::int[],
        ${textArray(lines.map((line) => json(line.discount)))}::jsonb[],
        ${pgArray(lines.map((line) => line.netCents))}::int[]
      ) as l(sale_id, line_no, product_id, quantity, unit_cents, luc_cents, taxable, discount,
        net_cents)
    ),
    sale as (
      insert into ${sales}
        (id, business_id, receipt, user_id, made_at, recorded_at, total_cents, gst_cents,
         discount_cents, rounding_cents, change_cents, cost_cents, discount, tenders, shift_id)
      select s.id, ${context.businessId}, s.receipt, ${context.userId}, s.made_at,
        ${context.now}, s.total_cents, s.gst_cents, s.discount_cents, s.rounding_cents,
        s.change_cents, s.cost_cents, s.discount, s.tenders, s.shift_id
      from offered as s
      where not exists (
        select 1 from offered_lines as l
        where l.sale_id = s.id and l.product_id not in (select id from known)
      )
      on conflict do nothing
      returning id, receipt, made_at
    ),
    lines as (
      insert into ${saleLines}
        (sale_id, line_no, product_id, name, quantity, unit_cents, luc_cents, taxable, discount,
         net_cents)
      select l.sale_id, l.line_no, l.product_id, known.name, l.quantity, l.unit_cents,
        l.luc_cents, l.taxable::boolean, l.discount, l.net_cents
      from offered_lines as l
        join sale on sale.id = l.sale_id
        join known on known.id = l.product_id
    ),
    ${stockMoveSteps(
      context,
      sql`select m.product_id, m.delta, m.movement_id, sale.receipt, sale.made_at
        from unnest(
          ${pgArray(moves.map((move) => move.saleId))}::uuid[],
          ${pgArray(moves.map((move) => move.productId))}::int[],
          ${pgArray(moves.map((move) => move.delta))}::int[],
          ${pgArray(moves.map((move) => move.movementId))}::uuid[]
        ) as m(sale_id, product_id, delta, movement_id)
        join sale on sale.id = m.sale_id`,
    )},
    movements as (
      insert into ${stockMovements}
        (id, business_id, product_id, delta, reason, note, user_id, made_at, recorded_at)
      select movement_id, ${context.businessId}, product_id, delta, ${SALE_REASON}, receipt,
        ${context.userId}, made_at, ${context.now}
      from moves
    )
    select outcome.*, moved.*
    from (
      select coalesce((select array_agg(id::text) from sale), '{}') as stored,
        coalesce((select array_agg(id) from known), '{}') as known
    ) as outcome left join moved on true`);
  // One row for each product sold as it now is (one with nulls when nothing was stored).
  const answered = (
    result as unknown as {
      rows: ({ stored: string[]; known: number[] } & Record<string, unknown>)[];
    }
  ).rows;
  const storedIds = new Set(answered[0]?.stored ?? []);
  return {
    stored: new Map(
      rows
        .filter((row) => storedIds.has(row.id as string))
        .map((row) => [row.id as string, row as SaleFigures]),
    ),
    known: new Set((answered[0]?.known ?? []).map(Number)),
    products: tableRows(
      products,
      answered.filter((row) => row.id != null),
    ),
  };
}

/**
 * A product's sales (net of discounts) this month and in each of the last 12 months, by the
 * calendar of `timeZone` (the asker's: a shop's month ends at its own midnight).
 */
export async function productSales(
  db: Db,
  businessId: string,
  productId: number,
  timeZone: string,
  now: Date,
) {
  const result = await db.execute(sql`
    with months as (
      select to_char(month, 'YYYY-MM') as month
      from generate_series(
        date_trunc('month', ${now}::timestamptz at time zone ${timeZone}) - interval '11 months',
        date_trunc('month', ${now}::timestamptz at time zone ${timeZone}),
        interval '1 month') as month
    ),
    sold as (
      select to_char(date_trunc('month', s.made_at at time zone ${timeZone}), 'YYYY-MM') as month,
        sum(l.quantity)::int as units, sum(l.net_cents)::int as revenue_cents
      from ${saleLines} l join ${sales} s on s.id = l.sale_id
      where s.business_id = ${businessId} and l.product_id = ${productId}
        and s.made_at >= (date_trunc('month', ${now}::timestamptz at time zone ${timeZone})
          - interval '11 months') at time zone ${timeZone}
      group by 1
    )
    select months.month, coalesce(sold.units, 0)::int as units,
      coalesce(sold.revenue_cents, 0)::int as revenue_cents
    from months left join sold on sold.month = months.month
    order by months.month`);
  const months = (
    result as unknown as { rows: { month: string; units: number; revenue_cents: number }[] }
  ).rows.map((row) => ({
    month: row.month,
    units: Number(row.units),
    revenue_cents: Number(row.revenue_cents),
  }));
  const last = months.at(-1) ?? { units: 0, revenue_cents: 0 };
  return {
    month: { units: last.units, revenue_cents: last.revenue_cents },
    year: months.reduce(
      (total, month) => ({
        units: total.units + month.units,
        revenue_cents: total.revenue_cents + month.revenue_cents,
      }),
      { units: 0, revenue_cents: 0 },
    ),
    months,
  };
}

/**
 * The till code of a tablet: the one it was given before, else the next free one. The business's
 * codes are given one at a time (a lock), so two tablets asking at once get two codes.
 */
export async function tillCode(
  db: Db,
  businessId: string,
  deviceId: string,
): Promise<{ code: string; status: 'given' | 'known' }> {
  return db.transaction(async (tx) => {
    await lockForTransaction(tx, LOCK_SCOPES.tills, businessId);
    const given = await tx
      .select({ code: tills.code, deviceId: tills.deviceId })
      .from(tills)
      .where(eq(tills.businessId, businessId));
    const mine = given.find((till) => till.deviceId === deviceId);
    if (mine) return { code: mine.code, status: 'known' };
    const code = nextTillCode(given.map((till) => till.code));
    await tx.insert(tills).values({ businessId, code, deviceId });
    return { code, status: 'given' };
  });
}
