import { isDeepStrictEqual } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { type CloseShift, expectedCash } from '#domains/sales/shifts.ts';
import type { Db } from '../db/client.ts';
import { shifts } from '../db/schema.ts';
import type { WriteContext } from '../products/catalogue-writes.ts';

/**
 * Shifts on the server: opened once by the id the tablet made, closed once. The expected cash
 * is the float and the tablet's ledger, worked out again here; the close keeps what was counted.
 */
export type ShiftRow = typeof shifts.$inferSelect;

export async function openShift(
  db: Db,
  context: WriteContext,
  shift: { id: string; till: string; opened_at: string; float_cents: number },
): Promise<{ status: 'opened' | 'repeated'; row: ShiftRow } | { status: 'taken' }> {
  const [row] = await db
    .insert(shifts)
    .values({
      id: shift.id,
      businessId: context.businessId,
      till: shift.till,
      openedBy: context.userId,
      openedAt: new Date(shift.opened_at),
      floatCents: shift.float_cents,
    })
    .onConflictDoNothing()
    .returning();
  if (row) return { status: 'opened', row };
  const [stored] = await db.select().from(shifts).where(eq(shifts.id, shift.id));
  return stored?.businessId === context.businessId && stored.till === shift.till
    ? { status: 'repeated', row: stored }
    : { status: 'taken' };
}

type CloseOutcome =
  | { status: 'closed' | 'repeated'; row: ShiftRow }
  | { status: 'unknown' }
  | { status: 'closed-before' };

export async function closeShift(
  db: Db,
  context: WriteContext,
  id: string,
  close: CloseShift,
): Promise<CloseOutcome> {
  return db.transaction(async (tx) => {
    const [shift] = await tx
      .select()
      .from(shifts)
      .where(and(eq(shifts.id, id), eq(shifts.businessId, context.businessId)))
      .for('update');
    if (!shift) return { status: 'unknown' };
    if (shift.closedAt) {
      // The same close sent again (its answer lost) is answered as it was; any other is refused.
      const same =
        shift.closedAt.toISOString() === new Date(close.closed_at).toISOString() &&
        shift.countedCents === close.counted_cents &&
        isDeepStrictEqual(shift.ledger, close.ledger);
      return same ? { status: 'repeated', row: shift } : { status: 'closed-before' };
    }
    const [row] = await tx
      .update(shifts)
      .set({
        closedBy: context.userId,
        closedAt: new Date(close.closed_at),
        countedCents: close.counted_cents,
        expectedCents: expectedCash(shift.floatCents, close.ledger),
        ledger: close.ledger,
      })
      .where(eq(shifts.id, id))
      .returning();
    return row ? { status: 'closed', row } : { status: 'unknown' };
  });
}

export const toShift = (row: ShiftRow) => ({
  id: row.id,
  till: row.till,
  opened_at: row.openedAt.toISOString(),
  float_cents: row.floatCents,
  closed_at: row.closedAt?.toISOString() ?? null,
  counted_cents: row.countedCents,
  expected_cents: row.expectedCents,
  variance_cents:
    row.countedCents !== null && row.expectedCents !== null
      ? row.countedCents - row.expectedCents
      : null,
  ledger: row.ledger,
});
