import * as v from 'valibot';
import {
  defaultInventorySettings,
  type InventorySettings,
  InventorySettingsAnswerSchema,
  InventorySettingsSchema,
} from '#domains/preferences/inventory-settings.ts';
import { PREFERENCE_MESSAGES } from '#domains/preferences/messages.ts';
import { inventorySettingsRead } from '#domains/preferences/reads.ts';
import { saveInventorySettingsWrite } from '#domains/preferences/writes.ts';
import { writeRequest } from '#shared/write-declaration.ts';
import { readJson } from '../api-client.ts';
import { db, type StoredInventorySettings } from '../db.ts';
import { laterWritesOfResource, queueWrite } from '../sync/outbox.ts';
import { requestReplay } from '../sync/replayer.ts';
import { defineWriteHandler } from '../sync/write-handler.ts';
import { answerIsStale, hasUnsentWrites, isOfflineError, LOAD_CACHE } from './load-policy.ts';

/** The user's inventory settings: kept in Dexie, saved through the outbox. */
export const INVENTORY_SETTINGS_RESOURCE = 'inventory-settings';

export async function storeInventorySettings(answer: unknown): Promise<StoredInventorySettings> {
  const { savedAt, ...settings } = v.parse(InventorySettingsAnswerSchema, answer);
  const stored: StoredInventorySettings = {
    key: 'inventory',
    settings,
    savedAt,
    fetchedAt: Date.now(),
  };
  await db.inventorySettings.put(stored);
  return stored;
}

export async function refreshInventorySettings(): Promise<StoredInventorySettings> {
  const local = await db.inventorySettings.get('inventory');
  if (local && (await hasUnsentWrites(INVENTORY_SETTINGS_RESOURCE))) return local;
  const askedAt = Date.now();
  try {
    const answer = await readJson(inventorySettingsRead, {});
    return await db.transaction('rw', db.inventorySettings, db.outbox, async () => {
      const current = await db.inventorySettings.get('inventory');
      if (
        current &&
        (await answerIsStale(INVENTORY_SETTINGS_RESOURCE, askedAt, current.fetchedAt))
      ) {
        return current;
      }
      return storeInventorySettings(answer);
    });
  } catch (error) {
    if (isOfflineError(error)) {
      return (
        local ?? {
          key: 'inventory',
          settings: defaultInventorySettings(),
          savedAt: null,
          fetchedAt: 0,
        }
      );
    }
    throw error;
  }
}

export const inventorySettingsQuery = () => ({
  queryKey: ['preferences', 'inventory-settings'] as const,
  queryFn: refreshInventorySettings,
  ...LOAD_CACHE,
});

export async function saveInventorySettings(settings: InventorySettings) {
  const valid = v.parse(InventorySettingsSchema, settings);
  const entry = await db.transaction('rw', db.inventorySettings, db.outbox, async () => {
    const previous = await db.inventorySettings.get('inventory');
    await db.inventorySettings.put({
      key: 'inventory',
      settings: valid,
      savedAt: new Date().toISOString(),
      fetchedAt: previous?.fetchedAt ?? 0,
    });
    return queueWrite<InventorySettings, StoredInventorySettings | null>({
      resource: INVENTORY_SETTINGS_RESOURCE,
      ...writeRequest(saveInventorySettingsWrite, {}),
      body: valid,
      revert: previous ?? null,
    });
  });
  requestReplay();
  return entry;
}

/** A save carries every setting: the last one wins; a refusal restores the ones before it. */
export const inventorySettingsHandler = defineWriteHandler<
  InventorySettings,
  StoredInventorySettings | null
>({
  declaration: saveInventorySettingsWrite,
  // Each in one transaction with its check, so a save queued meanwhile is never overwritten.
  async acknowledge(entry, answer) {
    await db.transaction('rw', db.inventorySettings, db.outbox, async () => {
      if (!(await laterWritesOfResource(entry))) await storeInventorySettings(answer);
    });
  },
  async revert(entry) {
    await db.transaction('rw', db.inventorySettings, db.outbox, async () => {
      if (await laterWritesOfResource(entry)) return;
      if (entry.revert) await db.inventorySettings.put(entry.revert);
      else await db.inventorySettings.delete('inventory');
    });
  },
  describe: () => 'Inventory settings',
  failureNotice: () => ({ kind: 'alert', text: PREFERENCE_MESSAGES.settingsSaveFailed }),
});
