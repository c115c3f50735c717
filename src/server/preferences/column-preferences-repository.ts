import { and, asc, eq, max } from 'drizzle-orm';
import {
  type ColumnPreference,
  type ColumnPreferencesAnswer,
  columnPreferencesAnswer,
} from '#domains/preferences/column-preferences.ts';
import type { Db } from '../db/client.ts';
import { LOCK_SCOPES, lockForTransaction } from '../db/locks.ts';
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
  return columnPreferencesAnswer(preferences, customKeys, await lastUpdate(db, userId, table));
}

/**
 * Replaces the user's preferences for the table with these (already normalised) ones. Saves of
 * one user's table take turns (two tabs, a tab and the service worker, two devices, two
 * instances): without the lock, two deletes see the same rows and both inserts collide.
 */
export async function replacePreferences(
  db: Db,
  userId: string,
  table: string,
  preferences: readonly ColumnPreference[],
  now: Date,
) {
  await db.transaction(async (tx) => {
    await lockForTransaction(tx, LOCK_SCOPES.columnPreferences, `${userId}:${table}`);
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
