import * as v from 'valibot';
import { isOfferedColumn } from '#shared/inventory/columns.ts';
import {
  type ColumnLayout,
  type ColumnPreference,
  layoutToPreferences,
} from '#shared/preferences/column-preferences.ts';
import { apiJson } from '../api-client.ts';
import { db, type StoredColumnPreferences } from '../db.ts';
import { queueWrite } from '../sync/outbox.ts';
import {
  columnPreferencesResource,
  isColumnPreferencesResource,
  type OutboxEntry,
  type OutboxOp,
} from '../sync/outbox-entry.ts';
import { requestReplay } from '../sync/replayer.ts';
import { answerIsStale, hasUnsentWrites, isOfflineError, LOAD_CACHE } from './load-policy.ts';

/**
 * Column preferences per table: the server's answer kept in Dexie, changed locally at once and
 * sent through the outbox. Loads are fresh for 30 s, dropped after 60 s, and shared by
 * concurrent callers (TanStack Query, by key).
 */
const PreferenceSchema = v.object({
  column_key: v.string(),
  is_visible: v.boolean(),
  display_order: v.number(),
});
export const ColumnPreferencesAnswerSchema = v.looseObject({
  preferences: v.array(PreferenceSchema),
  visible_columns: v.array(v.string()),
  defaults: v.array(PreferenceSchema),
  stats: v.unknown(),
});

export { columnPreferencesResource } from '../sync/outbox-entry.ts';

export function storeAnswer(
  table: string,
  answer: v.InferOutput<typeof ColumnPreferencesAnswerSchema>,
) {
  const stored: StoredColumnPreferences = {
    table,
    saved: answer.preferences,
    defaults: answer.defaults,
    fetchedAt: Date.now(),
  };
  return db.columnPreferences.put(stored).then(() => stored);
}

/**
 * Loads the preferences from the server into Dexie. While a change of them waits in the
 * outbox, the local copy is newer than the server's and is kept; offline, the local copy is
 * used when there is one.
 */
export async function refreshColumnPreferences(table: string): Promise<StoredColumnPreferences> {
  const local = await db.columnPreferences.get(table);
  const resource = columnPreferencesResource(table);
  if (local && (await hasUnsentWrites(resource))) return local;
  const askedAt = Date.now();
  try {
    const answer = await apiJson(`/preferences/columns/${table}`, ColumnPreferencesAnswerSchema);
    return await db.transaction('rw', db.columnPreferences, db.outbox, async () => {
      const current = await db.columnPreferences.get(table);
      if (current && (await answerIsStale(resource, askedAt, current.fetchedAt))) return current;
      return storeAnswer(table, answer);
    });
  } catch (error) {
    if (local && isOfflineError(error)) return local;
    throw error;
  }
}

export const columnPreferencesQuery = (table: string) => ({
  queryKey: ['preferences', 'columns', table] as const,
  queryFn: () => refreshColumnPreferences(table),
  ...LOAD_CACHE,
});

/**
 * Saves a layout: applied to Dexie and queued in one transaction, then sent. Columns of custom
 * fields no longer here (deleted meanwhile, maybe offline) are left out: the server would refuse
 * a column it does not know.
 */
export async function saveColumnLayout(
  table: string,
  layout: ColumnLayout,
  op: Extract<OutboxOp, `columns.${string}`>,
): Promise<OutboxEntry | null> {
  const tables = [db.columnPreferences, db.customFields, db.outbox];
  const entry = await db.transaction('rw', tables, async () => {
    const customKeys = new Set((await db.customFields.toArray()).map((field) => field.field_key));
    const preferences = layoutToPreferences({
      ...layout,
      order: layout.order.filter((key) => isOfferedColumn(key) || customKeys.has(key)),
    });
    const current = await db.columnPreferences.get(table);
    await db.columnPreferences.put({
      table,
      saved: preferences,
      defaults: current?.defaults ?? [],
      fetchedAt: current?.fetchedAt ?? 0,
    });
    return queueWrite({
      resource: columnPreferencesResource(table),
      op,
      method: 'PUT',
      path: `/preferences/columns/${table}`,
      body: { preferences },
      revert: current?.saved ?? [],
    });
  });
  requestReplay();
  return entry;
}

function renameKey(preferences: ColumnPreference[], from: string, to: string | null) {
  return to === null
    ? preferences.filter((preference) => preference.column_key !== from)
    : preferences.map((preference) =>
        preference.column_key === from ? { ...preference, column_key: to } : preference,
      );
}

/**
 * What the server does to column preferences when a custom field's key changes (they follow it)
 * or the field is deleted (`to` null: they go), done here too: to the stored preferences and to
 * column saves not yet tried, which would otherwise name a column the server no longer has.
 * Runs inside the custom field's transaction.
 */
export async function moveCustomColumn(from: string, to: string | null) {
  await db.columnPreferences.toCollection().modify((stored) => {
    stored.saved = renameKey(stored.saved, from, to);
  });
  await db.outbox
    .filter(
      (entry) =>
        isColumnPreferencesResource(entry.resource) &&
        entry.state === 'pending' &&
        entry.attempts === 0,
    )
    .modify((entry) => {
      const body = entry.body as { preferences: ColumnPreference[] };
      entry.body = { ...body, preferences: renameKey(body.preferences, from, to) };
    });
}
