import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  type Customer,
  type CustomerChanges,
  type CustomerCreate,
  type CustomerField,
  ERASED_NAME,
} from '#domains/customers/customer.ts';
import { customersFeed } from '#domains/customers/feeds.ts';
import { mergeFields } from '#shared/sync/field-merge.ts';
import type { Db, Tx } from '../db/client.ts';
import { inTransaction } from '../db/client.ts';
import { customers } from '../db/schema.ts';
import type { WriteContext } from '../products/catalogue-writes.ts';
import { noteFeedChange } from '../sync/feed-changes.ts';

/** Customers on the server (the rules are in #domains/customers/customer.ts). */
export type CustomerRow = typeof customers.$inferSelect;

/** The row's property of each field. */
const ROW_OF: Readonly<Record<CustomerField, keyof CustomerRow>> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  address: 'address',
  notes: 'notes',
  tags: 'tags',
  marketing_consent: 'marketingConsent',
  birthday: 'birthday',
};

export function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    notes: row.notes,
    tags: row.tags,
    marketing_consent: row.marketingConsent,
    birthday: row.birthday,
    version: row.version,
    field_versions: row.fieldVersions,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    erased_at: row.erasedAt?.toISOString() ?? null,
  };
}

function rowValues(changes: Partial<CustomerChanges>): Partial<CustomerRow> {
  return Object.fromEntries(
    Object.entries(changes).map(([field, value]) => [ROW_OF[field as CustomerField], value]),
  );
}

/** Other devices learn of a customer made or changed through the pull (customers-feed.ts). */
const noteCustomersChanged = (tx: Tx, businessId: string, ids: readonly string[]) =>
  noteFeedChange(tx, businessId, customersFeed.name, ids);

/** Those of `ids` that are customers of the business (one of another is never found). */
export async function customersAmong(
  tx: Db | Tx,
  businessId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.businessId, businessId), inArray(customers.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}

export const isCustomerOf = async (tx: Tx, businessId: string, id: string) =>
  (await customersAmong(tx, businessId, [id])).has(id);

export function listCustomers(db: Db | Tx, businessId: string, ids?: readonly string[]) {
  return db
    .select()
    .from(customers)
    .where(
      and(eq(customers.businessId, businessId), ids ? inArray(customers.id, [...ids]) : undefined),
    )
    .orderBy(asc(sql`lower(${customers.name})`), asc(customers.id));
}

async function findCustomer(db: Db | Tx, businessId: string, id: string) {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.businessId, businessId), eq(customers.id, id)));
  return row;
}

export type CreateCustomerOutcome =
  | { status: 'created' | 'repeated'; row: CustomerRow }
  | { status: 'taken' };

/** A new customer; the same create again (its answer lost) answers the customer it made. */
export async function createCustomer(
  db: Db,
  context: WriteContext,
  create: CustomerCreate,
): Promise<CreateCustomerOutcome> {
  return inTransaction(db, async (tx) => {
    const { id, ...fields } = create;
    const [row] = await tx
      .insert(customers)
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
      const stored = await findCustomer(tx, context.businessId, id);
      return stored ? { status: 'repeated', row: stored } : { status: 'taken' };
    }
    await noteCustomersChanged(tx, context.businessId, [row.id]);
    return { status: 'created', row };
  });
}

export type PatchCustomerOutcome =
  | { status: 'saved'; row: CustomerRow }
  | { status: 'missing' }
  | { status: 'erased' }
  | { status: 'conflict'; row: CustomerRow; conflicts: string[] };

/** An edit based on `baseVersion`, merged field by field (mergeFields). */
export async function patchCustomer(
  db: Db,
  context: WriteContext,
  id: string,
  baseVersion: number,
  changes: CustomerChanges,
): Promise<PatchCustomerOutcome> {
  return inTransaction(db, async (tx) => {
    const [current] = await tx
      .select()
      .from(customers)
      .where(and(eq(customers.businessId, context.businessId), eq(customers.id, id)))
      .for('update');
    if (!current) return { status: 'missing' };
    if (current.erasedAt) return { status: 'erased' };
    const merge = mergeFields(toCustomer(current), baseVersion, changes);
    if (merge.status === 'conflict') {
      return { status: 'conflict', row: current, conflicts: merge.conflicts };
    }
    if (merge.status === 'unchanged') return { status: 'saved', row: current };
    const [row] = await tx
      .update(customers)
      .set({
        ...rowValues(merge.changed),
        version: merge.version,
        fieldVersions: merge.fieldVersions,
        updatedAt: context.now,
      })
      .where(eq(customers.id, id))
      .returning();
    if (!row) throw new Error('the customer was not updated');
    await noteCustomersChanged(tx, context.businessId, [row.id]);
    return { status: 'saved', row };
  });
}

/** Every field a customer has, as an erased customer holds it: the name only, as ERASED_NAME. */
const ERASED: Readonly<Record<CustomerField, unknown>> = {
  name: ERASED_NAME,
  email: null,
  phone: null,
  address: null,
  notes: null,
  tags: [],
  marketing_consent: null,
  birthday: null,
};

/**
 * A customer's details erased at their request, in one transaction: every field of theirs
 * (ERASED), the address and notes of their orders, and the answers kept for writes sent again
 * (idempotency keys) that hold any of it; every device is told through the pull and stores the
 * erased copy over its own. Their sales and orders stay, linked to the erased customer. Erasing
 * again answers the customer as it is.
 */
export async function eraseCustomer(
  db: Db,
  context: WriteContext,
  id: string,
  forget: (tx: Tx, text: string) => Promise<unknown>,
): Promise<CustomerRow | null> {
  return inTransaction(db, async (tx) => {
    const [current] = await tx
      .select()
      .from(customers)
      .where(and(eq(customers.businessId, context.businessId), eq(customers.id, id)))
      .for('update');
    if (!current) return null;
    if (current.erasedAt) return current;
    const version = current.version + 1;
    const [row] = await tx
      .update(customers)
      .set({
        ...rowValues(ERASED as Partial<CustomerChanges>),
        version,
        fieldVersions: Object.fromEntries(Object.keys(ERASED).map((field) => [field, version])),
        updatedAt: context.now,
        erasedAt: context.now,
      })
      .where(eq(customers.id, id))
      .returning();
    if (!row) throw new Error('the customer was not erased');
    await forget(tx, id);
    await noteCustomersChanged(tx, context.businessId, [id]);
    return row;
  });
}
