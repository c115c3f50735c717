import { and, asc, eq, max } from 'drizzle-orm';
import {
  type ColumnPreference,
  type ColumnPreferencesAnswer,
  defaultPreferences,
} from '#shared/preferences/column-preferences.ts';
import type { Db } from '../db/client.ts';
import { columnPreferences } from '../db/schema.ts';

/** One user's column preferences for one table. */
export async function savedPreferences(db: Db, userId: string, table: string) {
  const rows = await db
    .select()
    .from(columnPreferences)
    .where(and(eq(columnPreferences.userId, userId), eq(columnPreferences.tableName, table)))
    .orderBy(asc(columnPreferences.displayOrder));
  return rows.map((row) => ({
    column_key: row.columnKey,
    is_visible: row.isVisible,
    display_order: row.displayOrder,
  }));
}

async function lastUpdate(db: Db, userId: string, table: string) {
  const [row] = await db
    .select({ at: max(columnPreferences.updatedAt) })
    .from(columnPreferences)
    .where(and(eq(columnPreferences.userId, userId), eq(columnPreferences.tableName, table)));
  return row?.at ? new Date(row.at).toISOString() : null;
}

/** The answer of GET (and PUT): the saved preferences, what is visible, the defaults, stats. */
export async function preferencesAnswer(
  db: Db,
  userId: string,
  table: string,
  customKeys: readonly string[],
): Promise<ColumnPreferencesAnswer> {
  const preferences = await savedPreferences(db, userId, table);
  const defaults = defaultPreferences(customKeys);
  const effective = preferences.length > 0 ? preferences : defaults;
  const visible = effective.filter((preference) => preference.is_visible);
  const customSet = new Set(customKeys);
  return {
    preferences,
    visible_columns: visible.map((preference) => preference.column_key),
    defaults,
    stats: {
      total_columns: effective.length,
      visible_columns: visible.length,
      hidden_columns: effective.length - visible.length,
      custom_columns: effective.filter((preference) => customSet.has(preference.column_key)).length,
      has_saved_preferences: preferences.length > 0,
      updated_at: await lastUpdate(db, userId, table),
    },
  };
}

/** Replaces the user's preferences for the table with these (already normalised) ones. */
export async function replacePreferences(
  db: Db,
  userId: string,
  table: string,
  preferences: readonly ColumnPreference[],
  now: Date,
) {
  await db.transaction(async (tx) => {
    await tx
      .delete(columnPreferences)
      .where(and(eq(columnPreferences.userId, userId), eq(columnPreferences.tableName, table)));
    if (preferences.length === 0) return;
    await tx.insert(columnPreferences).values(
      preferences.map((preference) => ({
        userId,
        tableName: table,
        columnKey: preference.column_key,
        isVisible: preference.is_visible,
        displayOrder: preference.display_order,
        updatedAt: now,
      })),
    );
  });
}
