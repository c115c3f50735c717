import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { SALE_REASON } from '#domains/sales/constants.ts';
import { settle } from '#domains/sales/money.ts';
import { nextTillCode } from '#domains/sales/receipt-number.ts';
import {
  cashStepOf,
  checkSale,
  costOf,
  type Sale,
  tendersOf,
  totalsOf,
} from '#domains/sales/sale.ts';
import type { Role } from '#shared/auth/schemas.ts';
import type { Db } from '../db/client.ts';
import { LOCK_SCOPES, lockForTransaction } from '../db/locks.ts';
import { products, saleLines, sales, stockMovements, tills } from '../db/schema.ts';
import { moveStock, pgArray, textArray, type WriteContext } from '../products/catalogue-writes.ts';
import { approvalProblem } from './payment-settings.ts';

/**
 * Recording a sale: in one transaction the sale and its lines are stored, each product sold
 * moves by a movement with the reason 'Sale' (several lines of one product, one movement), and
 * the products' versions and change log move with them (the feed other devices follow). Stock
 * may go below 0: two tablets that sold the last bottle offline both keep their sale.
 */
export type SaleRow = typeof sales.$inferSelect;

export type SaleOutcome =
  | { status: 'recorded' | 'repeated'; sale: SaleRow }
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
  return db.transaction(async (tx) => {
    const ids = [...new Set(sale.lines.map((line) => line.product_id))];
    const found = await tx
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(and(eq(products.businessId, context.businessId), inArray(products.id, ids)));
    const names = new Map(found.map((row) => [row.id, row.name]));
    // A refusal is answered only after making sure the sale is not one already recorded (sent
    // again, its answer lost), which is answered as it was.
    const repeatedOr = async <T>(refusal: T): Promise<SaleOutcome | T> => {
      const [stored] = await tx.select().from(sales).where(eq(sales.id, sale.id));
      if (!stored) return refusal;
      return sameSale(stored, context.businessId, sale)
        ? { status: 'repeated', sale: stored }
        : { status: 'taken' };
    };
    const problem = checkSale(sale, (id) => names.has(id));
    if (problem) return repeatedOr({ status: 'refused', message: problem } as const);
    const unapproved = await approvalProblem(tx, context.businessId, context.role, sale);
    if (unapproved) return repeatedOr({ status: 'unapproved', limit: unapproved.limit } as const);
    const [row] = await tx
      .insert(sales)
      .values(saleRowOf(sale, context.businessId, context.userId, context.now))
      .onConflictDoNothing()
      .returning();
    // Its id or its receipt number is taken: the same sale sent again, or another.
    if (!row) return repeatedOr({ status: 'taken' } as const);

    const moves = [...unitsByProduct(sale)].map(([productId, quantity]) => ({
      productId,
      delta: -quantity,
      movementId: randomUUID(),
    }));
    const lines = lineRowsOf(sale, (id) => names.get(id) ?? '');
    // The lines and the 'Sale' movements in one statement.
    await tx.execute(sql`
      with lines as (
        insert into ${saleLines}
          (sale_id, line_no, product_id, name, quantity, unit_cents, luc_cents, taxable, discount,
           net_cents)
        select ${sale.id}::uuid, unnest(${pgArray(lines.map((line) => line.lineNo))}::int[]),
          unnest(${pgArray(lines.map((line) => line.productId ?? 0))}::int[]),
          unnest(${textArray(lines.map((line) => line.name))}::text[]),
          unnest(${pgArray(lines.map((line) => line.quantity))}::int[]),
          unnest(${pgArray(lines.map((line) => line.unitCents))}::int[]),
          unnest(${pgArray(lines.map((line) => line.lucCents))}::int[]),
          unnest(${pgArray(lines.map((line) => (line.taxable ? 1 : 0)))}::int[])::int::boolean,
          unnest(${textArray(lines.map((line) => (line.discount ? JSON.stringify(line.discount) : null)))}::jsonb[]),
          unnest(${pgArray(lines.map((line) => line.netCents))}::int[])
      )
      insert into ${stockMovements}
        (id, business_id, product_id, delta, reason, note, user_id, made_at, recorded_at)
      select unnest(${pgArray(moves.map((move) => move.movementId))}::uuid[]), ${context.businessId},
        unnest(${pgArray(moves.map((move) => move.productId))}::int[]),
        unnest(${pgArray(moves.map((move) => move.delta))}::int[]),
        ${SALE_REASON}, ${sale.receipt}, ${context.userId}, ${new Date(sale.made_at)}, ${context.now}`);
    await moveStock(tx, context, moves);
    return { status: 'recorded', sale: row };
  });
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
