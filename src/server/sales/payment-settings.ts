import { eq, sql } from 'drizzle-orm';
import {
  type PaymentSettings,
  type PaymentSettingsChanges,
  withDefaults,
} from '#domains/sales/payment-settings.ts';
import type { Db, Tx } from '../db/client.ts';
import { paymentSettings } from '../db/schema.ts';

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
