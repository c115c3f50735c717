import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import {
  type InventorySettings,
  InventorySettingsSchema,
} from '#domains/preferences/inventory-settings.ts';
import type { Db } from '../db/client.ts';
import { inventorySettings } from '../db/schema.ts';

/**
 * One user's inventory settings, the defaults until they save their own, and when they saved
 * them (null: never). The screens apply the saved display preferences only once there are some.
 */
export async function readInventorySettings(
  db: Db,
  userId: string,
): Promise<InventorySettings & { savedAt: string | null }> {
  const [row] = await db
    .select({ settings: inventorySettings.settings, updatedAt: inventorySettings.updatedAt })
    .from(inventorySettings)
    .where(eq(inventorySettings.userId, userId))
    .limit(1);
  // Stored settings were valid when saved; parsing again fills values added to the schema since.
  const parsed = v.safeParse(InventorySettingsSchema, row?.settings ?? {});
  const settings = parsed.success ? parsed.output : v.parse(InventorySettingsSchema, {});
  return { ...settings, savedAt: row ? row.updatedAt.toISOString() : null };
}

export async function saveInventorySettings(
  db: Db,
  userId: string,
  settings: InventorySettings,
  now: Date,
) {
  await db
    .insert(inventorySettings)
    .values({ userId, settings, updatedAt: now })
    .onConflictDoUpdate({ target: inventorySettings.userId, set: { settings, updatedAt: now } });
}
