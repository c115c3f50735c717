import * as v from 'valibot';
import type { ColumnPreference } from '#shared/preferences/column-preferences.ts';
import { db, type StoredCustomField, type StoredInventorySettings } from '../db.ts';
import { ColumnPreferencesAnswerSchema, storeAnswer } from '../repositories/column-preferences.ts';
import { DefinitionSchema, toStored } from '../repositories/custom-fields.ts';
import { storeInventorySettings } from '../repositories/inventory-settings.ts';
import type { OutboxEntry } from './outbox-entry.ts';

/**
 * What an answer from the server does to the local copy: an acknowledgement stores the
 * server's version (unless a newer local change of the same resource waits to be sent); a
 * refusal restores the state from before the change.
 */
async function newerWritesWaiting(entry: OutboxEntry) {
  const later = await db.outbox.where('resource').equals(entry.resource).toArray();
  return later.some((other) => other.id !== entry.id && (other.seq ?? 0) > (entry.seq ?? 0));
}

const tableOf = (entry: OutboxEntry) => entry.path.split('/').at(-1) ?? 'products';

export async function applyAcknowledgement(entry: OutboxEntry, body: unknown) {
  switch (entry.op) {
    case 'custom-field.create': {
      const definition = toStored(v.parse(DefinitionSchema, body));
      const temporaryId = entry.recordId;
      await db.transaction('rw', db.customFields, db.outbox, async () => {
        const local =
          temporaryId === undefined ? undefined : await db.customFields.get(temporaryId);
        const laterWrites = await db.outbox
          .filter((other) => other.id !== entry.id && other.recordId === temporaryId)
          .count();
        if (temporaryId !== undefined) await db.customFields.delete(temporaryId);
        // Changed or deleted here meanwhile: the local version (under the server's id) or its
        // absence stands until those writes are acknowledged too. Otherwise the server's.
        if (laterWrites === 0) await db.customFields.put(definition);
        else if (local) await db.customFields.put({ ...local, id: definition.id });
        if (temporaryId === undefined) return;
        // Later writes of this field used its temporary id: they now use the server's.
        await db.outbox
          .filter((other) => other.recordId === temporaryId)
          .modify((other) => {
            other.recordId = definition.id;
            other.path = other.path.replace(String(temporaryId), String(definition.id));
          });
      });
      return;
    }
    case 'custom-field.update': {
      if (await newerWritesWaiting(entry)) return;
      await db.customFields.put(toStored(v.parse(DefinitionSchema, body)));
      return;
    }
    case 'custom-field.delete':
      // Gone here already, unless a retry after a refusal had put it back.
      if (entry.recordId !== undefined) await db.customFields.delete(entry.recordId);
      return;
    case 'inventory-settings.save':
      if (!(await newerWritesWaiting(entry))) await storeInventorySettings(body);
      return;
    default:
      if (!(await newerWritesWaiting(entry))) {
        await storeAnswer(tableOf(entry), v.parse(ColumnPreferencesAnswerSchema, body));
      }
  }
}

export async function applyRefusal(entry: OutboxEntry) {
  switch (entry.op) {
    case 'custom-field.create':
      await db.transaction('rw', db.customFields, db.outbox, async () => {
        if (entry.recordId !== undefined) await db.customFields.delete(entry.recordId);
        // Writes of a field the server never created cannot be sent either.
        await db.outbox
          .filter((other) => other.id !== entry.id && other.recordId === entry.recordId)
          .delete();
      });
      return;
    case 'custom-field.update':
    case 'custom-field.delete':
      if (entry.revert) await db.customFields.put(entry.revert as StoredCustomField);
      return;
    case 'inventory-settings.save':
      if (await newerWritesWaiting(entry)) return;
      if (entry.revert) await db.inventorySettings.put(entry.revert as StoredInventorySettings);
      else await db.inventorySettings.delete('inventory');
      return;
    default: {
      if (await newerWritesWaiting(entry)) return;
      const table = tableOf(entry);
      const current = await db.columnPreferences.get(table);
      await db.columnPreferences.put({
        table,
        saved: entry.revert as ColumnPreference[],
        defaults: current?.defaults ?? [],
        fetchedAt: current?.fetchedAt ?? 0,
      });
    }
  }
}
