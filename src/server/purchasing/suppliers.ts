import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type {
  Supplier,
  SupplierChanges,
  SupplierCreate,
  SupplierField,
} from '#domains/purchasing/supplier.ts';
import { mergeFields } from '#shared/sync/field-merge.ts';
import type { Db, Tx } from '../db/client.ts';
import { inTransaction } from '../db/client.ts';
import { products, suppliers } from '../db/schema.ts';
import { patchProducts, type WriteContext } from '../products/catalogue-writes.ts';
import { noteSupplierChanged } from './supplier-changes.ts';

/**
 * Suppliers on the server (the rules are in #domains/purchasing/supplier.ts). A product's
 * `supplier` text is the name of the supplier it links to (`supplier_id`): renaming a supplier
 * renames it on its products, through the catalogue's change log, so every device's grid says it.
 */
export type SupplierRow = typeof suppliers.$inferSelect;

/** The row's property of each field. */
const ROW_OF: Readonly<Record<SupplierField, keyof SupplierRow>> = {
  name: 'name',
  contact: 'contact',
  email: 'email',
  phone: 'phone',
  account_number: 'accountNumber',
  lead_days: 'leadDays',
  minimum_order_cents: 'minimumOrderCents',
  notes: 'notes',
};

export function toSupplier(row: SupplierRow): Supplier {
  return {
    id: row.id,
    name: row.name,
    contact: row.contact,
    email: row.email,
    phone: row.phone,
    account_number: row.accountNumber,
    lead_days: row.leadDays,
    minimum_order_cents: row.minimumOrderCents,
    notes: row.notes,
    version: row.version,
    field_versions: row.fieldVersions,
    updated_at: row.updatedAt.toISOString(),
  };
}

function rowValues(changes: SupplierChanges): Partial<SupplierRow> {
  return Object.fromEntries(
    Object.entries(changes).map(([field, value]) => [ROW_OF[field as SupplierField], value]),
  );
}

export function listSuppliers(db: Db | Tx, businessId: string, ids?: readonly string[]) {
  return db
    .select()
    .from(suppliers)
    .where(
      and(eq(suppliers.businessId, businessId), ids ? inArray(suppliers.id, [...ids]) : undefined),
    )
    .orderBy(asc(sql`lower(${suppliers.name})`), asc(suppliers.id));
}

export async function findSupplier(db: Db | Tx, businessId: string, id: string) {
  const [row] = await db
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.businessId, businessId), eq(suppliers.id, id)));
  return row;
}

export type CreateSupplierOutcome =
  | { status: 'created' | 'repeated'; row: SupplierRow }
  | { status: 'taken' };

/** A new supplier; the same create again (its answer lost) answers the supplier it made. */
export async function createSupplier(
  db: Db,
  context: WriteContext,
  create: SupplierCreate,
): Promise<CreateSupplierOutcome> {
  return inTransaction(db, async (tx) => {
    const { id, ...fields } = create;
    const [row] = await tx
      .insert(suppliers)
      .values({
        id,
        businessId: context.businessId,
        ...rowValues(fields),
        name: fields.name,
        createdAt: context.now,
        updatedAt: context.now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      const stored = await findSupplier(tx, context.businessId, id);
      return stored ? { status: 'repeated', row: stored } : { status: 'taken' };
    }
    await noteSupplierChanged(tx, context.businessId, [row.id]);
    return { status: 'created', row };
  });
}

export type PatchSupplierOutcome =
  | { status: 'saved'; row: SupplierRow }
  | { status: 'missing' }
  | { status: 'conflict'; row: SupplierRow; conflicts: string[] };

/**
 * An edit based on `baseVersion`, merged field by field (mergeFields). A new name is the
 * name of the supplier's products too.
 */
export async function patchSupplier(
  db: Db,
  context: WriteContext,
  id: string,
  baseVersion: number,
  changes: SupplierChanges,
): Promise<PatchSupplierOutcome> {
  return inTransaction(db, async (tx) => {
    const [current] = await tx
      .select()
      .from(suppliers)
      .where(and(eq(suppliers.businessId, context.businessId), eq(suppliers.id, id)))
      .for('update');
    if (!current) return { status: 'missing' };
    const merge = mergeFields(toSupplier(current), baseVersion, changes);
    if (merge.status === 'conflict') {
      return { status: 'conflict', row: current, conflicts: merge.conflicts };
    }
    if (merge.status === 'unchanged') return { status: 'saved', row: current };
    const [row] = await tx
      .update(suppliers)
      .set({
        ...rowValues(merge.changed),
        version: merge.version,
        fieldVersions: merge.fieldVersions,
        updatedAt: context.now,
      })
      .where(eq(suppliers.id, id))
      .returning();
    if (!row) throw new Error('the supplier was not updated');
    if (row.name !== current.name) await renameOnProducts(tx, context, row);
    await noteSupplierChanged(tx, context.businessId, [row.id]);
    return { status: 'saved', row };
  });
}

/** The supplier's products say its new name (each logged as an edit of its supplier). */
async function renameOnProducts(tx: Tx, context: WriteContext, supplier: SupplierRow) {
  const linked = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.businessId, context.businessId), eq(products.supplierId, supplier.id)))
    .orderBy(asc(products.id));
  await patchProducts(
    tx,
    context,
    linked.map(({ id }) => ({ id, baseVersion: 'current', changes: { supplier: supplier.name } })),
  );
}
