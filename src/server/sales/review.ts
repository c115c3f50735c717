import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ApprovalProblem } from '#domains/sales/approval.ts';
import type { UnconfirmedSale } from '#domains/sales/review.ts';
import type { Db } from '../db/client.ts';
import { saleLines, sales, users } from '../db/schema.ts';

/**
 * Sales whose discount past the staff limit no PIN confirmed: kept (the goods have left), and
 * listed for the shop's managers until one of them marks each reviewed.
 */
const UNCONFIRMED_SHOWN = 50;

const approver = alias(users, 'approver');

/** The shop's unreviewed sales whose approval was not confirmed, newest first. */
export async function unconfirmedApprovals(db: Db, businessId: string): Promise<UnconfirmedSale[]> {
  const rows = await db
    .select({
      id: sales.id,
      receipt: sales.receipt,
      madeAt: sales.madeAt,
      totalCents: sales.totalCents,
      shelfCents: sql<number>`(select coalesce(sum(coalesce(l.shelf_cents, l.unit_cents) * l.quantity), 0)::int
        from ${saleLines} l where l.sale_id = ${sales.id})`,
      problem: sales.approvalProblem,
      soldBy: users.name,
      approver: approver.name,
    })
    .from(sales)
    .leftJoin(users, eq(users.id, sales.userId))
    .leftJoin(approver, eq(approver.id, sales.approvedBy))
    .where(
      and(
        eq(sales.businessId, businessId),
        sql`${sales.approval} = 'not-confirmed'`,
        isNull(sales.reviewedAt),
      ),
    )
    .orderBy(desc(sales.madeAt))
    .limit(UNCONFIRMED_SHOWN);
  return rows.map((row) => ({
    id: row.id,
    receipt: row.receipt,
    made_at: row.madeAt.toISOString(),
    total_cents: row.totalCents,
    shelf_cents: Number(row.shelfCents),
    problem: (row.problem ?? 'unreadable') as ApprovalProblem,
    sold_by: row.soldBy,
    approver: row.approver,
  }));
}

/** Marks one reviewed; false when the shop has no such sale waiting for review. */
export async function reviewApproval(
  db: Db,
  businessId: string,
  userId: string,
  saleId: string,
  now: Date,
): Promise<boolean> {
  const reviewed = await db
    .update(sales)
    .set({ reviewedBy: userId, reviewedAt: now })
    .where(
      and(
        eq(sales.id, saleId),
        eq(sales.businessId, businessId),
        sql`${sales.approval} = 'not-confirmed'`,
      ),
    )
    .returning({ id: sales.id });
  return reviewed.length > 0;
}
