import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { gstShares } from '#domains/sales/money.ts';
import {
  checkReturn,
  DAMAGED_REASON,
  RETURN_MESSAGES,
  RETURN_REASON,
  returnTotals,
  type SaleReturn,
  type SoldLine,
  type SoldSale,
} from '#domains/sales/returns.ts';
import { addAccountEntries } from '../customers/accounts.ts';
import type { Db, Tx } from '../db/client.ts';
import { receiptNumbers, saleLines, saleReturnLines, saleReturns, sales } from '../db/schema.ts';
import type { WriteContext } from '../products/catalogue-writes.ts';
import { lockProductIds } from '../products/product-locks.ts';
import { addReturnsToReportDays } from '../reports/report-days.ts';
import { moveStock, recordMovements } from '../stock/ledger.ts';

/**
 * Returns: in one transaction, under a lock on the sale (two returns of one sale from two
 * tablets take turns, so together they never return more than was sold), the return and its
 * lines are stored and the stock comes back: one 'Return' movement per product, and for units
 * not fit to sell again a 'Damaged' movement that writes them off.
 */
export type ReturnRow = typeof saleReturns.$inferSelect;

export type ReturnOutcome =
  | { status: 'recorded' | 'repeated'; row: ReturnRow; productIds: number[] }
  | { status: 'refused'; message: string }
  | { status: 'unknown-sale' }
  | { status: 'taken' }
  /** Its receipt number is another sale's or return's. */
  | { status: 'receipt-taken'; receipt: string };

/** A sale's lines with the units of each already returned. */
async function soldLines(tx: Db | Tx, saleId: string): Promise<SoldLine[]> {
  const rows = await tx
    .select({
      line_no: saleLines.lineNo,
      product_id: saleLines.productId,
      name: saleLines.name,
      quantity: saleLines.quantity,
      net_cents: saleLines.netCents,
      luc_cents: saleLines.lucCents,
      taxable: saleLines.taxable,
      returned: sql<number>`coalesce((
        select sum(r.quantity) from ${saleReturnLines} r
        where r.return_id in (select id from ${saleReturns} where sale_id = ${saleId})
          and r.line_no = sale_lines.line_no), 0)::int`,
    })
    .from(saleLines)
    .where(eq(saleLines.saleId, saleId))
    .orderBy(asc(saleLines.lineNo));
  return rows.map((row) => ({ ...row, returned: Number(row.returned) }));
}

export async function recordReturn(
  db: Db,
  context: WriteContext,
  ret: SaleReturn,
): Promise<ReturnOutcome> {
  return db.transaction(async (tx) => {
    // The sale's row is the lock every return of it takes.
    const [sale] = await tx
      .select({ id: sales.id, customerId: sales.customerId })
      .from(sales)
      .where(and(eq(sales.id, ret.sale_id), eq(sales.businessId, context.businessId)))
      .for('update');
    // Looked for under the sale's lock: the same return sent at the same moment under another
    // key (stored while this one waited) is answered as it was, not refused for units it took.
    const [stored] = await tx.select().from(saleReturns).where(eq(saleReturns.id, ret.id));
    if (stored) {
      if (
        stored.businessId !== context.businessId ||
        stored.saleId !== ret.sale_id ||
        stored.receipt !== ret.receipt
      ) {
        return { status: 'taken' };
      }
      return { status: 'repeated', row: stored, productIds: await returnedProducts(tx, stored) };
    }
    if (!sale) return { status: 'unknown-sale' };
    if (ret.tender.kind === 'account' && !sale.customerId) {
      return { status: 'refused', message: RETURN_MESSAGES.noCustomer };
    }
    const sold = await soldLines(tx, sale.id);
    const problem = checkReturn(ret, sold);
    if (problem) return { status: 'refused', message: problem };
    const totals = returnTotals(sold, ret.lines);
    if ('problem' in totals) return { status: 'refused', message: totals.problem };

    const [claimed] = await tx
      .insert(receiptNumbers)
      .values({ businessId: context.businessId, receipt: ret.receipt, returnId: ret.id })
      .onConflictDoNothing()
      .returning();
    if (!claimed) return { status: 'receipt-taken', receipt: ret.receipt };
    // Its GST is 1/11 of the taxable lines as the server recorded the sale; a tablet that
    // printed another figure has it kept beside.
    const claims =
      totals.gstCents === ret.gst_cents
        ? null
        : [{ field: 'gst_cents', claimed: ret.gst_cents, recorded: totals.gstCents }];
    const [row] = await tx
      .insert(saleReturns)
      .values({
        id: ret.id,
        businessId: context.businessId,
        saleId: sale.id,
        receipt: ret.receipt,
        userId: context.userId,
        madeAt: new Date(ret.made_at),
        recordedAt: context.now,
        totalCents: totals.totalCents,
        gstCents: totals.gstCents,
        restockedCostCents: totals.restockedCostCents,
        tender: ret.tender,
        shiftId: ret.shift_id ?? null,
        claims,
      })
      .returning();
    if (!row) throw new Error('the return was not stored');
    const resaleable = new Map(ret.lines.map((line) => [line.line_no, line]));
    const gst = gstShares(
      totals.lines.map((line) => ({
        cents: line.refundCents,
        taxable: line.line.taxable,
        order: line.line_no,
      })),
      totals.gstCents,
    );
    await tx.insert(saleReturnLines).values(
      totals.lines.map((line, index) => ({
        returnId: ret.id,
        lineNo: line.line_no,
        quantity: resaleable.get(line.line_no)?.quantity ?? 0,
        resaleable: resaleable.get(line.line_no)?.resaleable ?? true,
        refundCents: line.refundCents,
        gstCents: gst[index] ?? 0,
      })),
    );

    // Per product: all units come back ('Return'); those not fit to sell go out again ('Damaged').
    const back = new Map<number, number>();
    const damaged = new Map<number, number>();
    for (const line of ret.lines) {
      const productId = sold.find((soldLine) => soldLine.line_no === line.line_no)?.product_id;
      if (productId === null || productId === undefined) continue;
      back.set(productId, (back.get(productId) ?? 0) + line.quantity);
      if (!line.resaleable) damaged.set(productId, (damaged.get(productId) ?? 0) + line.quantity);
    }
    const movements = [
      ...[...back].map(([productId, units]) => ({
        productId,
        delta: units,
        reason: RETURN_REASON,
        id: randomUUID(),
      })),
      ...[...damaged].map(([productId, units]) => ({
        productId,
        delta: -units,
        reason: DAMAGED_REASON,
        id: randomUUID(),
      })),
    ];
    // Locked in id order before anything moves the catalogue version, as every write of several
    // products locks them (products/product-locks.ts lockProducts).
    await lockProductIds(tx, context.businessId, [...back.keys()]);
    await recordMovements(
      tx,
      context,
      movements.map((movement) => ({
        id: movement.id,
        productId: movement.productId,
        delta: movement.delta,
        reason: movement.reason,
        note: ret.receipt,
        madeAt: new Date(ret.made_at),
      })),
    );
    // The stock moves by what stays back; the 'Return' movement names the change.
    const returnIds = new Map(
      movements.filter((m) => m.reason === RETURN_REASON).map((m) => [m.productId, m.id]),
    );
    const moves = [...back].flatMap(([productId, units]) => {
      const delta = units - (damaged.get(productId) ?? 0);
      const movementId = returnIds.get(productId);
      return delta !== 0 && movementId ? [{ productId, delta, movementId }] : [];
    });
    await moveStock(tx, context, moves);
    if (ret.tender.kind === 'account' && sale.customerId) {
      await addAccountEntries(tx, context, [
        {
          id: ret.id,
          customerId: sale.customerId,
          kind: 'refund',
          amountCents: -ret.tender.cents,
          madeAt: new Date(ret.made_at),
          receipt: ret.receipt,
          shiftId: ret.shift_id ?? null,
        },
      ]);
    }
    await addReturnsToReportDays(tx, context.businessId, [ret.id]);
    return { status: 'recorded', row, productIds: [...back.keys()] };
  });
}

/** The products a stored return brought back. */
async function returnedProducts(tx: Db | Tx, stored: ReturnRow): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ productId: saleLines.productId })
    .from(saleReturnLines)
    .innerJoin(
      saleLines,
      and(eq(saleLines.saleId, stored.saleId), eq(saleLines.lineNo, saleReturnLines.lineNo)),
    )
    .where(eq(saleReturnLines.returnId, stored.id));
  return rows.flatMap((row) => (row.productId === null ? [] : [row.productId]));
}

/** A sale of this shop by its receipt number, with what came back of each line; null if none. */
export async function saleByReceipt(
  db: Db,
  businessId: string,
  receipt: string,
): Promise<SoldSale | null> {
  const [sale] = await db
    .select()
    .from(sales)
    .where(and(eq(sales.businessId, businessId), eq(sales.receipt, receipt)));
  if (!sale) return null;
  return {
    id: sale.id,
    receipt: sale.receipt,
    made_at: sale.madeAt.toISOString(),
    total_cents: sale.totalCents,
    gst_cents: sale.gstCents,
    tenders: sale.tenders as SoldSale['tenders'],
    approval: sale.approval,
    lines: await soldLines(db, sale.id),
  };
}

/** The sales of one day of the shop's calendar (`date` in `timeZone`), newest first. */
export async function salesOfDay(db: Db, businessId: string, date: string, timeZone: string) {
  const rows = await db
    .select({
      id: sales.id,
      receipt: sales.receipt,
      madeAt: sales.madeAt,
      total: sales.totalCents,
    })
    .from(sales)
    .where(
      and(
        eq(sales.businessId, businessId),
        sql`${sales.madeAt} >= (${date}::date::timestamp at time zone ${timeZone})`,
        sql`${sales.madeAt} < ((${date}::date + 1)::timestamp at time zone ${timeZone})`,
      ),
    )
    .orderBy(sql`${sales.madeAt} desc`)
    .limit(500);
  return rows.map((row) => ({
    id: row.id,
    receipt: row.receipt,
    made_at: row.madeAt.toISOString(),
    total_cents: row.total,
  }));
}
