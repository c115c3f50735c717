import * as v from 'valibot';
import {
  type ColumnLayout,
  type ColumnPreference,
  type ColumnPreferencesAnswer,
  ColumnPreferencesAnswerSchema,
  layoutToPreferences,
} from '#domains/preferences/column-preferences.ts';
import {
  columnOrderFailureMessage,
  httpErrorMessage,
  PREFERENCE_MESSAGES,
} from '#domains/preferences/messages.ts';
import { columnPreferencesRead } from '#domains/preferences/reads.ts';
import { saveColumnsWrite } from '#domains/preferences/writes.ts';
import { isKnownColumn } from '#domains/products/columns.ts';
import { writeRequest } from '#shared/write-declaration.ts';
import { readJson } from '../api-client.ts';
import { db, type StoredColumnPreferences } from '../db.ts';
import { laterWritesInSendOrder, laterWritesOfResource, queueWrite } from '../sync/outbox.ts';
import type { OutboxEntry } from '../sync/outbox-entry.ts';
import { requestReplay } from '../sync/replayer.ts';
import {
  defineWriteHandler,
  type FailureNotice,
  type Refusal,
  type WriteHandler,
} from '../sync/write-handler.ts';
import { answerIsStale, hasUnsentWrites, isOfflineError, LOAD_CACHE } from './load-policy.ts';

/**
 * Column preferences per table: the server's answer kept in Dexie, changed locally at once and
 * sent through the outbox. Loads are fresh for 30 s, dropped after 60 s, and shared by
 * concurrent callers (TanStack Query, by key).
 */
const RESOURCE_PREFIX = 'column-preferences:';
export const columnPreferencesResource = (table: string) => `${RESOURCE_PREFIX}${table}`;
const tableOf = (entry: OutboxEntry) => entry.resource.slice(RESOURCE_PREFIX.length);

/**
 * Column preferences name custom fields, so the two share one send order: a column save never
 * overtakes the create of a field it shows, nor follows the delete of one it no longer shows.
 */
export const COLUMNS_AND_FIELDS_ORDER = 'columns-and-custom-fields';

/** Stores a table's saved preferences (a change, or its undoing), keeping its defaults. */
async function storeSaved(table: string, saved: ColumnPreference[]) {
  const current = await db.columnPreferences.get(table);
  await db.columnPreferences.put({
    table,
    saved,
    defaults: current?.defaults ?? [],
    fetchedAt: current?.fetchedAt ?? 0,
  });
  return current;
}

export function storeAnswer(table: string, answer: ColumnPreferencesAnswer) {
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
    const answer = await readJson(columnPreferencesRead, { table });
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

/** What a column save is, for its description and the spec's message when it fails. */
export type ColumnSaveOp =
  | 'columns.visibility'
  | 'columns.order'
  | 'columns.reset-order'
  | 'columns.reset'
  | 'columns.recovery';

interface ColumnSaveBody {
  preferences: ColumnPreference[];
}
/** The saved preferences from before the change. */
type ColumnSaveRevert = ColumnPreference[];

/**
 * Saves a layout: applied to Dexie and queued in one transaction, then sent. Columns of custom
 * fields no longer here (deleted meanwhile, maybe offline) are left out: the server would refuse
 * a column it does not know.
 */
export async function saveColumnLayout(
  table: string,
  layout: ColumnLayout,
  op: ColumnSaveOp,
): Promise<OutboxEntry | null> {
  const tables = [db.columnPreferences, db.customFields, db.outbox];
  const entry = await db.transaction('rw', tables, async () => {
    const customKeys = new Set((await db.customFields.toArray()).map((field) => field.field_key));
    const preferences = layoutToPreferences({
      ...layout,
      order: layout.order.filter((key) => isKnownColumn(key, customKeys)),
    });
    const current = await storeSaved(table, preferences);
    return queueWrite<ColumnSaveBody, ColumnSaveRevert>({
      resource: columnPreferencesResource(table),
      // One write (saveColumnsWrite) under the name of what it does, for its words.
      ...writeRequest(saveColumnsWrite, { table }),
      op,
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
        entry.resource.startsWith(RESOURCE_PREFIX) &&
        entry.state === 'pending' &&
        entry.attempts === 0,
    )
    .modify((entry) => {
      const body = entry.body as ColumnSaveBody;
      entry.body = { ...body, preferences: renameKey(body.preferences, from, to) };
    });
}

const bodyText = (body: unknown) => (typeof body === 'string' ? body : JSON.stringify(body ?? ''));

/** The column saves share how an answer and a refusal are applied; they differ in words. */
function columnSaveHandler(
  op: ColumnSaveOp,
  describe: string,
  failureNotice: (refusal: Refusal, details: string) => FailureNotice,
): WriteHandler {
  return defineWriteHandler<ColumnSaveBody, ColumnSaveRevert>({
    op,
    declaration: saveColumnsWrite,
    sendOrder: COLUMNS_AND_FIELDS_ORDER,
    async acknowledge(entry, answer) {
      const stored = v.parse(ColumnPreferencesAnswerSchema, answer);
      // In one transaction with the check: a save queued in between (a second click while
      // this one was on its way) must not be overwritten by this older answer.
      await db.transaction('rw', db.columnPreferences, db.outbox, async () => {
        if (await laterWritesInSendOrder(entry)) return;
        await storeAnswer(tableOf(entry), stored);
      });
    },
    async revert(entry) {
      // A later save of the columns carries the user's newer choice: it stays.
      await db.transaction('rw', db.columnPreferences, db.outbox, async () => {
        if (await laterWritesOfResource(entry)) return;
        await storeSaved(tableOf(entry), entry.revert);
      });
    },
    describe: () => describe,
    failureNotice: (_entry, refusal) =>
      failureNotice(refusal, httpErrorMessage(refusal.status, bodyText(refusal.body))),
  });
}

const visibilityNotice = (refusal: Refusal, details: string): FailureNotice =>
  refusal.status === 401
    ? { kind: 'alert', text: PREFERENCE_MESSAGES.authFailed }
    : { kind: 'warning', text: `Saving column visibility failed: ${details}` };

/** Spec section 8: what a failed save of each kind tells the user. */
export const columnPreferenceHandlers: WriteHandler[] = [
  columnSaveHandler('columns.visibility', 'Column visibility', visibilityNotice),
  columnSaveHandler('columns.recovery', 'Column preferences repaired', visibilityNotice),
  columnSaveHandler('columns.order', 'Column order', (refusal, details) => ({
    kind: 'alert',
    text: columnOrderFailureMessage('drag', refusal.status, details),
  })),
  columnSaveHandler('columns.reset-order', 'Default column order', (refusal, details) => ({
    kind: 'alert',
    text: columnOrderFailureMessage('reset', refusal.status, details),
  })),
  columnSaveHandler('columns.reset', 'Columns reset to defaults', () => ({
    kind: 'alert',
    text: PREFERENCE_MESSAGES.resetFailed,
  })),
];
