import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  type Customer,
  type CustomerChanges,
  type CustomerCreate,
  type CustomerField,
  ERASED_NAME,
  mergedDetails,
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
  member_number: 'memberNumber',
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
    member_number: row.memberNumber,
    account_limit_cents: row.accountLimitCents,
    version: row.version,
    field_versions: row.fieldVersions,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    erased_at: row.erasedAt?.toISOString() ?? null,
    merged_into: row.mergedInto,
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

/**
 * Who each of `ids` is, among the business's customers: itself, or the customer it was merged
 * into (a device that had not heard of the merge still names the old one). One of another
 * business is not found.
 */
export async function customersAmong(
  tx: Db | Tx,
  businessId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: customers.id, mergedInto: customers.mergedInto })
    .from(customers)
    .where(and(eq(customers.businessId, businessId), inArray(customers.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.mergedInto ?? row.id]));
}

/** The tags of the business's customers among `ids` (those the sales name, resolved). */
export async function tagsOf(
  tx: Db | Tx,
  businessId: string,
  ids: readonly string[],
): Promise<Map<string, string[]>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: customers.id, tags: customers.tags })
    .from(customers)
    .where(and(eq(customers.businessId, businessId), inArray(customers.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.tags]));
}

/** The customer of the business `id` names (itself, or the one it was merged into). */
export const customerOf = async (tx: Tx, businessId: string, id: string) =>
  (await customersAmong(tx, businessId, [id])).get(id);

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

/** Whether another customer of the business has this member number (each card is one person's). */
async function memberNumberTaken(
  tx: Tx,
  businessId: string,
  memberNumber: string | null | undefined,
  exceptId: string,
): Promise<boolean> {
  if (!memberNumber) return false;
  const [other] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.businessId, businessId),
        eq(customers.memberNumber, memberNumber),
        ne(customers.id, exceptId),
      ),
    );
  return other !== undefined;
}

export type CreateCustomerOutcome =
  | { status: 'created' | 'repeated'; row: CustomerRow }
  | { status: 'taken' }
  | { status: 'member-taken' };

/** A new customer; the same create again (its answer lost) answers the customer it made. */
export async function createCustomer(
  db: Db,
  context: WriteContext,
  create: CustomerCreate,
): Promise<CreateCustomerOutcome> {
  return inTransaction(db, async (tx) => {
    const { id, ...fields } = create;
    if (await memberNumberTaken(tx, context.businessId, fields.member_number, id)) {
      return { status: 'member-taken' };
    }
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
  | { status: 'merged' }
  | { status: 'member-taken' }
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
    if (current.mergedInto) return { status: 'merged' };
    const merge = mergeFields(toCustomer(current), baseVersion, changes);
    if (merge.status === 'conflict') {
      return { status: 'conflict', row: current, conflicts: merge.conflicts };
    }
    if (merge.status === 'unchanged') return { status: 'saved', row: current };
    if (await memberNumberTaken(tx, context.businessId, merge.changed.member_number, id)) {
      return { status: 'member-taken' };
    }
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
  member_number: null,
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

export type MergeCustomersOutcome =
  | { status: 'merged'; row: CustomerRow }
  | { status: 'missing' }
  | { status: 'same' }
  | { status: 'gone' };

/**
 * `fromId` merged into `keepId`, in one transaction, both locked (in id order): the kept one
 * takes the details it lacks (mergedDetails) and `move` moves the other's sales and orders to
 * it; the other keeps nothing but the link to the one kept. Merging again answers the kept one.
 */
export async function mergeCustomers(
  db: Db,
  context: WriteContext,
  keepId: string,
  fromId: string,
  move: (tx: Tx, from: string, to: string) => Promise<unknown>,
): Promise<MergeCustomersOutcome> {
  if (keepId === fromId) return { status: 'same' };
  return inTransaction(db, async (tx) => {
    const rows = await tx
      .select()
      .from(customers)
      .where(
        and(eq(customers.businessId, context.businessId), inArray(customers.id, [keepId, fromId])),
      )
      .orderBy(asc(customers.id))
      .for('update');
    const kept = rows.find((row) => row.id === keepId);
    const other = rows.find((row) => row.id === fromId);
    if (!kept || !other) return { status: 'missing' };
    if (other.mergedInto === keepId) return { status: 'merged', row: kept };
    if (kept.erasedAt || kept.mergedInto || other.erasedAt || other.mergedInto) {
      return { status: 'gone' };
    }
    // The other first: a member number it held is free for the one kept to take.
    await tx
      .update(customers)
      .set({
        ...rowValues(ERASED as Partial<CustomerChanges>),
        name: other.name,
        mergedInto: keepId,
        version: other.version + 1,
        updatedAt: context.now,
      })
      .where(eq(customers.id, fromId));
    const changed = mergedDetails(toCustomer(kept), toCustomer(other));
    const version = kept.version + 1;
    const [row] = await tx
      .update(customers)
      .set({
        ...rowValues(changed as Partial<CustomerChanges>),
        // An account either had stays open, as the one kept's.
        accountLimitCents: kept.accountLimitCents ?? other.accountLimitCents,
        version,
        fieldVersions: {
          ...kept.fieldVersions,
          ...Object.fromEntries(Object.keys(changed).map((field) => [field, version])),
        },
        updatedAt: context.now,
      })
      .where(eq(customers.id, keepId))
      .returning();
    if (!row) throw new Error('the customer was not merged');
    await move(tx, fromId, keepId);
    await noteCustomersChanged(tx, context.businessId, [keepId, fromId]);
    return { status: 'merged', row };
  });
}
