import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Approver, newPinSalt, PIN_ITERATIONS, pinHash } from '#domains/sales/approval.ts';
import { needsApproval } from '#domains/sales/money.ts';
import {
  type PaymentSettings,
  type PaymentSettingsChanges,
  withDefaults,
} from '#domains/sales/payment-settings.ts';
import { discountGiven, type Sale } from '#domains/sales/sale.ts';
import { can } from '#shared/auth/permissions.ts';
import type { Role } from '#shared/auth/schemas.ts';
import type { Db, Tx } from '../db/client.ts';
import { approvalPins, paymentSettings, users } from '../db/schema.ts';

/** A business's payment settings: what it changed, the defaults for the rest. */
export async function readPaymentSettings(
  db: Db | Tx,
  businessId: string,
): Promise<PaymentSettings> {
  const rows = await db
    .select({ key: paymentSettings.key, value: paymentSettings.value })
    .from(paymentSettings)
    .where(eq(paymentSettings.businessId, businessId));
  return withDefaults(Object.fromEntries(rows.map((row) => [row.key, row.value])));
}

/** Each setting changed is its own row: a change of one never touches another. */
export async function changePaymentSettings(
  db: Db | Tx,
  businessId: string,
  userId: string,
  changes: PaymentSettingsChanges,
  now: Date,
) {
  const rows = Object.entries(changes)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ({ businessId, key, value, updatedBy: userId, updatedAt: now }));
  await db
    .insert(paymentSettings)
    .values(rows)
    .onConflictDoUpdate({
      target: [paymentSettings.businessId, paymentSettings.key],
      set: {
        value: sql`excluded.value`,
        updatedBy: sql`excluded.updated_by`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/** The managers and owners of a business with an approval PIN, as tablets check them. */
export async function approversOf(db: Db | Tx, businessId: string): Promise<Approver[]> {
  const rows = await db
    .select({
      user_id: users.id,
      name: users.name,
      salt: approvalPins.salt,
      hash: approvalPins.hash,
      iterations: approvalPins.iterations,
    })
    .from(approvalPins)
    .innerJoin(users, eq(users.id, approvalPins.userId))
    .where(
      and(
        eq(users.businessId, businessId),
        inArray(users.role, ['owner', 'manager']),
        isNull(users.disabledAt),
      ),
    )
    .orderBy(users.name);
  return rows;
}

export async function setApprovalPin(db: Db, userId: string, pin: string, now: Date) {
  const salt = newPinSalt();
  const hash = await pinHash(pin, salt, PIN_ITERATIONS);
  await db
    .insert(approvalPins)
    .values({ userId, salt, hash, iterations: PIN_ITERATIONS, updatedAt: now })
    .onConflictDoUpdate({
      target: approvalPins.userId,
      set: { salt, hash, iterations: PIN_ITERATIONS, updatedAt: now },
    });
}

/**
 * Why a sale may not be recorded as it stands, or null: its discount (lines, sale, prices
 * below the shelf) goes past the shop's staff limit, the seller may not give it alone, and no
 * manager or owner of the shop approved it. For many sales of one seller, `approvalCheck` reads
 * the shop's limit and approvers once for them all.
 */
export async function approvalProblem(
  tx: Db | Tx,
  businessId: string,
  sellerRole: Role,
  sale: Sale,
): Promise<{ limit: number } | null> {
  return approvalCheck(tx, businessId, sellerRole)(sale);
}

export function approvalCheck(
  tx: Db | Tx,
  businessId: string,
  sellerRole: Role,
): (sale: Sale) => Promise<{ limit: number } | null> {
  let limit: Promise<number> | undefined;
  let approvers: Promise<Set<string>> | undefined;
  return async (sale) => {
    if (can(sellerRole, 'sales.refund')) return null;
    limit ??= readPaymentSettings(tx, businessId).then((settings) => settings.discountLimitPercent);
    const discountLimitPercent = await limit;
    if (!needsApproval(discountGiven(sale), discountLimitPercent)) return null;
    if (sale.approved_by) {
      approvers ??= approversOf(tx, businessId).then(
        (found) => new Set(found.map((approver) => approver.user_id)),
      );
      if ((await approvers).has(sale.approved_by)) return null;
    }
    return { limit: discountLimitPercent };
  };
}
