import * as v from 'valibot';
import {
  CustomFieldDefinitionAnswerSchema,
  type CustomFieldDefinitionBody,
} from '#domains/custom-fields/definition.ts';
import type { EntityType } from '#domains/custom-fields/field-types.ts';
import { CUSTOM_FIELD_MESSAGES } from '#domains/custom-fields/messages.ts';
import { customFieldsRead } from '#domains/custom-fields/reads.ts';
import {
  createCustomFieldWrite,
  deleteCustomFieldWrite,
  updateCustomFieldWrite,
} from '#domains/custom-fields/writes.ts';
import { ErrorBodySchema } from '#shared/validation.ts';
import { writeRequest } from '#shared/write-declaration.ts';
import { readJson } from '../api-client.ts';
import { db, type StoredCustomField } from '../db.ts';
import {
  adoptServerId,
  currentRecordId,
  laterWritesOfResource,
  otherWritesOf,
  queueWrite,
  unsentRecordIds,
} from '../sync/outbox.ts';
import type { OutboxEntry } from '../sync/outbox-entry.ts';
import { discardChange } from '../sync/pending-changes.ts';
import { queueAndSend } from '../sync/replayer.ts';
import { waitForOutcome } from '../sync/sync-events.ts';
import { temporaryId } from '../sync/temporary-ids.ts';
import {
  defineWriteHandler,
  type FailureNotice,
  type Refusal,
  type WriteHandler,
} from '../sync/write-handler.ts';
import { COLUMNS_AND_FIELDS_ORDER, moveCustomColumn } from './column-preferences.ts';
import { hasUnsentWrites, isOfflineError, LOAD_CACHE } from './load-policy.ts';

/**
 * Custom field definitions of the business, per entity type: kept in Dexie, changed locally at
 * once and sent through the outbox. A field created offline has a temporary id until the
 * server answers with its own.
 */
export const customFieldsResource = (entityType: string) => `custom-fields:${entityType}`;

/** The definitions stored for an entity type, oldest first. */
export async function localDefinitions(entityType: string) {
  const rows = await db.customFields.where('entity_type').equals(entityType).toArray();
  return rows.sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/**
 * Loads the definitions from the server into Dexie. While a change of them waits, the local
 * copy is newer and is kept (offline too), once the list has been loaded here at all. On a
 * device that has never loaded it (a user's changes set aside earlier and queued again after a
 * sign-in), the server's list is taken for every field without a change waiting.
 */
export async function refreshCustomFields(entityType: EntityType): Promise<StoredCustomField[]> {
  const resource = customFieldsResource(entityType);
  const loaded = `loaded:${resource}` as const;
  const loadedBefore = async () => (await db.meta.get(loaded)) !== undefined;
  if ((await hasUnsentWrites(resource)) && (await loadedBefore())) {
    return localDefinitions(entityType);
  }
  try {
    const { definitions } = await readJson(customFieldsRead, { entityType });
    await db.transaction('rw', db.customFields, db.outbox, db.meta, async () => {
      // A change queued while the list was on its way is newer than it.
      if ((await hasUnsentWrites(resource)) && (await loadedBefore())) return;
      const changing = await unsentRecordIds(resource);
      const local = await db.customFields.where('entity_type').equals(entityType).toArray();
      await db.customFields.bulkDelete(
        local.filter((field) => !changing.has(field.id)).map((field) => field.id),
      );
      await db.customFields.bulkPut(definitions.filter((field) => !changing.has(field.id)));
      await db.meta.put({ key: loaded, at: Date.now() });
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

/** An update or a delete keeps the definition from before it, which a refusal puts back. */
type Previous = StoredCustomField;

const queued = (write: () => Promise<OutboxEntry | null>) =>
  queueAndSend([db.customFields, db.columnPreferences, db.outbox], write);

export function createCustomField(body: CustomFieldDefinitionBody) {
  const id = temporaryId();
  const now = new Date().toISOString();
  return queued(async () => {
    await db.customFields.put({ ...body, id, created_at: now, updated_at: now });
    return queueWrite<CustomFieldDefinitionBody, null>({
      resource: customFieldsResource(body.entity_type),
      ...writeRequest(createCustomFieldWrite, {}),
      body,
      revert: null,
      recordId: id,
    });
  });
}

export function updateCustomField(read: number | string, body: CustomFieldDefinitionBody) {
  return queued(async () => {
    // A field created here may have been answered since the screen read its id.
    const id = await currentRecordId(read);
    const previous = await db.customFields.get(id);
    if (!previous) throw new Error('That custom field no longer exists');
    await db.customFields.put({ ...previous, ...body, id, updated_at: new Date().toISOString() });
    if (body.field_key !== previous.field_key) {
      await moveCustomColumn(previous.field_key, body.field_key);
    }
    return queueWrite<CustomFieldDefinitionBody, Previous>({
      resource: customFieldsResource(previous.entity_type),
      ...writeRequest(updateCustomFieldWrite, { id }),
      body,
      revert: previous,
      recordId: id,
    });
  });
}

export function deleteCustomField(read: number | string) {
  return queued(async () => {
    const id = await currentRecordId(read);
    const previous = await db.customFields.get(id);
    if (!previous) return null;
    await db.customFields.delete(id);
    await moveCustomColumn(previous.field_key, null);
    return queueWrite<null, Previous>({
      resource: customFieldsResource(previous.entity_type),
      ...writeRequest(deleteCustomFieldWrite, { id }),
      body: null,
      revert: previous,
      recordId: id,
    });
  });
}

/** How long a save waits for the server before it leaves the change queued on the device. */
export const SAVE_ANSWER_WAIT_MS = 8000;

/**
 * What saving a field came to: on the server; kept on the device to be sent later (offline, or
 * no answer in time); or refused, with what to show in the form (the change is undone and no
 * longer queued, so the user can correct it and save again).
 */
export type CustomFieldSaveResult =
  | { status: 'saved' }
  | { status: 'queued' }
  | { status: 'refused'; title: string; errors: string[] };

const RefusalBodySchema = v.looseObject({
  ...ErrorBodySchema.entries,
  errors: v.optional(v.array(v.string())),
});

/** The form's words for a refusal: the server's validation list, its conflict, or the spec's. */
function refusalForForm(status: number, body: unknown): CustomFieldSaveResult {
  const parsed = v.safeParse(RefusalBodySchema, body);
  const answer = parsed.success ? parsed.output : { message: undefined, errors: undefined };
  if (status === 400 && answer.errors && answer.errors.length > 0) {
    return {
      status: 'refused',
      title: CUSTOM_FIELD_MESSAGES.invalidListTitle,
      errors: answer.errors,
    };
  }
  const title =
    status === 409 && answer.message ? answer.message : CUSTOM_FIELD_MESSAGES.saveFailed;
  return { status: 'refused', title, errors: [] };
}

/**
 * Creates a field, or updates `id`, and waits up to 8 s for the server's answer: online, a
 * refusal (a key already used) is answered here rather than left in Pending changes.
 */
export async function saveCustomField(
  id: number | string | null,
  body: CustomFieldDefinitionBody,
): Promise<CustomFieldSaveResult> {
  const entry = id === null ? await createCustomField(body) : await updateCustomField(id, body);
  if (!entry) return { status: 'saved' };
  const outcome = await waitForOutcome(entry, SAVE_ANSWER_WAIT_MS);
  if (outcome.kind === 'queued') return { status: 'queued' };
  if (outcome.kind === 'acknowledged') return { status: 'saved' };
  await discardChange(outcome.entry.id);
  return refusalForForm(outcome.status, outcome.body);
}

const fieldName = (definition: { field_name?: unknown } | null) =>
  typeof definition?.field_name === 'string' ? ` "${definition.field_name}"` : '';

/** Spec section 8: a refused save shows the server's validation message, else the spec's. */
const saveFailureNotice = (_entry: OutboxEntry, refusal: Refusal): FailureNotice => {
  const parsed = v.safeParse(ErrorBodySchema, refusal.body);
  return {
    kind: 'alert',
    text:
      refusal.status === 400 && parsed.success
        ? parsed.output.message
        : CUSTOM_FIELD_MESSAGES.saveFailed,
  };
};

/**
 * The three writes of a field. They share the columns' send order; acknowledging a create gives
 * the field its server id here and in the writes queued after it.
 */
export const customFieldHandlers: WriteHandler[] = [
  defineWriteHandler<CustomFieldDefinitionBody, null>({
    declaration: createCustomFieldWrite,
    sendOrder: COLUMNS_AND_FIELDS_ORDER,
    async acknowledge(entry, answer) {
      const definition = v.parse(CustomFieldDefinitionAnswerSchema, answer);
      const temporary = entry.recordId;
      await db.transaction('rw', db.customFields, db.outbox, db.meta, async () => {
        if (temporary === undefined) {
          await db.customFields.put(definition);
          return;
        }
        const local = await db.customFields.get(temporary);
        const editedSince = (await otherWritesOf(temporary, entry)) > 0;
        await db.customFields.delete(temporary);
        // Changed or deleted here meanwhile: the local version (under the server's id) or its
        // absence stands until those writes are acknowledged too. Otherwise the server's.
        if (!editedSince) await db.customFields.put(definition);
        else if (local) await db.customFields.put({ ...local, id: definition.id });
        await adoptServerId(temporary, definition.id);
      });
    },
    async revert(entry) {
      if (entry.recordId !== undefined) await db.customFields.delete(entry.recordId);
    },
    describe: (entry) => `New custom field${fieldName(entry.body)}`,
    failureNotice: saveFailureNotice,
  }),
  defineWriteHandler<CustomFieldDefinitionBody, Previous>({
    declaration: updateCustomFieldWrite,
    sendOrder: COLUMNS_AND_FIELDS_ORDER,
    async acknowledge(entry, answer) {
      if (await laterWritesOfResource(entry)) return;
      await db.customFields.put(v.parse(CustomFieldDefinitionAnswerSchema, answer));
    },
    async revert(entry) {
      await db.customFields.put(entry.revert);
    },
    describe: (entry) => `Changes to custom field${fieldName(entry.body)}`,
    failureNotice: saveFailureNotice,
  }),
  defineWriteHandler<null, Previous>({
    declaration: deleteCustomFieldWrite,
    sendOrder: COLUMNS_AND_FIELDS_ORDER,
    async acknowledge(entry) {
      // Gone here already, unless a retry after a refusal had put it back.
      if (entry.recordId !== undefined) await db.customFields.delete(entry.recordId);
    },
    async revert(entry) {
      await db.customFields.put(entry.revert);
    },
    describe: (entry) => `Deleting custom field${fieldName(entry.revert)}`,
    failureNotice: () => ({ kind: 'alert', text: CUSTOM_FIELD_MESSAGES.deleteFailed }),
  }),
];
