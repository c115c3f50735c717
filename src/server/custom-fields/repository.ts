import { and, asc, eq, inArray } from 'drizzle-orm';
import type {
  CustomFieldDefinition,
  CustomFieldDefinitionBody,
} from '#domains/custom-fields/definition.ts';
import type { Db } from '../db/client.ts';
import { columnPreferences, customFieldDefinitions, users } from '../db/schema.ts';
import { moveCustomValues, type WriteContext } from '../products/catalogue-writes.ts';

/**
 * Custom field definitions, always scoped by business. Renaming or deleting a product field
 * carries its values in the catalogue and its column preferences along in the same transaction.
 */
type Row = typeof customFieldDefinitions.$inferSelect;

export function toDefinition(row: Row): CustomFieldDefinition {
  return {
    id: row.id,
    entity_type: row.entityType as CustomFieldDefinition['entity_type'],
    field_key: row.fieldKey,
    field_name: row.fieldName,
    field_type: row.fieldType as CustomFieldDefinition['field_type'],
    is_required: row.isRequired,
    ...(row.description ? { description: row.description } : {}),
    validation: row.validation,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listDefinitions(db: Db, businessId: string, entityType: string) {
  const rows = await db
    .select()
    .from(customFieldDefinitions)
    .where(
      and(
        eq(customFieldDefinitions.businessId, businessId),
        eq(customFieldDefinitions.entityType, entityType),
      ),
    )
    .orderBy(asc(customFieldDefinitions.id));
  return rows.map(toDefinition);
}

export async function productFieldKeys(db: Db, businessId: string): Promise<string[]> {
  return (await listDefinitions(db, businessId, 'product')).map(
    (definition) => definition.field_key,
  );
}

export async function findDefinition(db: Db, businessId: string, id: number) {
  const [row] = await db
    .select()
    .from(customFieldDefinitions)
    .where(
      and(eq(customFieldDefinitions.businessId, businessId), eq(customFieldDefinitions.id, id)),
    )
    .limit(1);
  return row;
}

export async function keyTaken(
  db: Db,
  businessId: string,
  entityType: string,
  fieldKey: string,
  exceptId?: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: customFieldDefinitions.id })
    .from(customFieldDefinitions)
    .where(
      and(
        eq(customFieldDefinitions.businessId, businessId),
        eq(customFieldDefinitions.entityType, entityType),
        eq(customFieldDefinitions.fieldKey, fieldKey),
      ),
    );
  return rows.some((row) => row.id !== exceptId);
}

const columns = (body: CustomFieldDefinitionBody) => ({
  entityType: body.entity_type,
  fieldKey: body.field_key,
  fieldName: body.field_name,
  fieldType: body.field_type,
  isRequired: body.is_required,
  description: body.description ?? null,
  validation: body.validation as Record<string, unknown>,
});

export async function createDefinition(
  db: Db,
  businessId: string,
  body: CustomFieldDefinitionBody,
  now: Date,
): Promise<CustomFieldDefinition> {
  const [row] = await db
    .insert(customFieldDefinitions)
    .values({ ...columns(body), businessId, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('The custom field was not created');
  return toDefinition(row);
}

async function businessUserIds(tx: Db, businessId: string) {
  return (
    await tx.select({ id: users.id }).from(users).where(eq(users.businessId, businessId))
  ).map((row) => row.id);
}

export async function updateDefinition(
  db: Db,
  context: WriteContext,
  existing: Row,
  body: CustomFieldDefinitionBody,
): Promise<CustomFieldDefinition> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(customFieldDefinitions)
      .set({ ...columns(body), updatedAt: context.now })
      .where(eq(customFieldDefinitions.id, existing.id))
      .returning();
    if (!row) throw new Error('The custom field was not updated');
    if (existing.fieldKey !== body.field_key && existing.entityType === 'product') {
      await moveFieldKey(tx, context, existing.fieldKey, body.field_key);
    }
    return toDefinition(row);
  });
}

export async function deleteDefinition(db: Db, context: WriteContext, existing: Row) {
  await db.transaction(async (tx) => {
    await tx.delete(customFieldDefinitions).where(eq(customFieldDefinitions.id, existing.id));
    if (existing.entityType === 'product') await moveFieldKey(tx, context, existing.fieldKey, null);
  });
}

/**
 * Carries a product field's values in the catalogue (a product write: catalogue-writes.ts) and
 * its column preferences over to a new key, or drops them (`to` null).
 */
async function moveFieldKey(tx: Db, context: WriteContext, from: string, to: string | null) {
  await moveCustomValues(tx, context, from, to);
  const ids = await businessUserIds(tx, context.businessId);
  if (ids.length > 0) {
    const preferencesOfKey = and(
      inArray(columnPreferences.userId, ids),
      eq(columnPreferences.columnKey, from),
    );
    if (to === null) await tx.delete(columnPreferences).where(preferencesOfKey);
    else await tx.update(columnPreferences).set({ columnKey: to }).where(preferencesOfKey);
  }
}
