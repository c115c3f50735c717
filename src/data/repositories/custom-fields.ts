import * as v from 'valibot';
import type { CustomFieldDefinitionBody } from '#shared/custom-fields/definition.ts';
import { ENTITY_TYPES, type EntityType, FIELD_TYPES } from '#shared/custom-fields/field-types.ts';
import { apiJson } from '../api-client.ts';
import { db, type StoredCustomField } from '../db.ts';
import { queueWrite } from '../sync/outbox.ts';
import { customFieldsResource, type OutboxEntry } from '../sync/outbox-entry.ts';
import { requestReplay } from '../sync/replayer.ts';
import { moveCustomColumn } from './column-preferences.ts';
import { hasUnsentWrites, isOfflineError, LOAD_CACHE } from './load-policy.ts';

/**
 * Custom field definitions of the business, per entity type: kept in Dexie, changed locally at
 * once and sent through the outbox. A field created offline has a temporary id until the
 * server answers with its own.
 */
export const DefinitionSchema = v.looseObject({
  id: v.number(),
  entity_type: v.picklist(ENTITY_TYPES),
  field_key: v.string(),
  field_name: v.string(),
  field_type: v.picklist(FIELD_TYPES),
  is_required: v.boolean(),
  description: v.optional(v.string()),
  validation: v.record(v.string(), v.unknown()),
  created_at: v.string(),
  updated_at: v.string(),
});
const ListSchema = v.object({ definitions: v.array(DefinitionSchema) });

export { customFieldsResource } from '../sync/outbox-entry.ts';

export function toStored(definition: v.InferOutput<typeof DefinitionSchema>): StoredCustomField {
  return definition as unknown as StoredCustomField;
}

/** The definitions stored for an entity type, oldest first. */
export async function localDefinitions(entityType: string) {
  const rows = await db.customFields.where('entity_type').equals(entityType).toArray();
  return rows.sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** Loads the definitions from the server into Dexie (the local copy while writes wait or offline). */
export async function refreshCustomFields(entityType: EntityType): Promise<StoredCustomField[]> {
  const resource = customFieldsResource(entityType);
  if (await hasUnsentWrites(resource)) return localDefinitions(entityType);
  try {
    const { definitions } = await apiJson(`/custom-fields/definitions/${entityType}`, ListSchema);
    await db.transaction('rw', db.customFields, db.outbox, async () => {
      // A change queued while the list was on its way is newer than it.
      if (await hasUnsentWrites(resource)) return;
      await db.customFields.where('entity_type').equals(entityType).delete();
      await db.customFields.bulkPut(definitions.map(toStored));
    });
    return localDefinitions(entityType);
  } catch (error) {
    if (isOfflineError(error)) return localDefinitions(entityType);
    throw error;
  }
}

export const customFieldsQuery = (entityType: EntityType) => ({
  queryKey: ['custom-fields', entityType] as const,
  queryFn: () => refreshCustomFields(entityType),
  ...LOAD_CACHE,
});

async function queued(write: () => Promise<OutboxEntry | null>) {
  const tables = [db.customFields, db.columnPreferences, db.outbox];
  const entry = await db.transaction('rw', tables, write);
  requestReplay();
  return entry;
}

export function createCustomField(body: CustomFieldDefinitionBody) {
  const id = `tmp-${crypto.randomUUID()}`;
  const now = new Date().toISOString();
  return queued(async () => {
    await db.customFields.put({ ...body, id, created_at: now, updated_at: now });
    return queueWrite({
      resource: customFieldsResource(body.entity_type),
      op: 'custom-field.create',
      method: 'POST',
      path: '/custom-fields/definitions',
      body,
      revert: null,
      recordId: id,
    });
  });
}

export function updateCustomField(id: number | string, body: CustomFieldDefinitionBody) {
  return queued(async () => {
    const previous = await db.customFields.get(id);
    if (!previous) throw new Error('That custom field no longer exists');
    await db.customFields.put({ ...previous, ...body, id, updated_at: new Date().toISOString() });
    if (body.field_key !== previous.field_key) {
      await moveCustomColumn(previous.field_key, body.field_key);
    }
    return queueWrite({
      resource: customFieldsResource(previous.entity_type),
      op: 'custom-field.update',
      method: 'PUT',
      path: `/custom-fields/definitions/${id}`,
      body,
      revert: previous,
      recordId: id,
    });
  });
}

export function deleteCustomField(id: number | string) {
  return queued(async () => {
    const previous = await db.customFields.get(id);
    if (!previous) return null;
    await db.customFields.delete(id);
    await moveCustomColumn(previous.field_key, null);
    return queueWrite({
      resource: customFieldsResource(previous.entity_type),
      op: 'custom-field.delete',
      method: 'DELETE',
      path: `/custom-fields/definitions/${id}`,
      body: null,
      revert: previous,
      recordId: id,
    });
  });
}
