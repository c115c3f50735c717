import { randomUUID } from 'node:crypto';
import { and, asc, eq, getTableColumns, gt, inArray, min, sql } from 'drizzle-orm';
import {
  PRODUCT_FIELD_TABLE,
  type ProductFieldSpec,
  productField,
} from '#domains/products/fields.ts';
import {
  conflictingFields,
  type ProductChanges,
  sameValue,
} from '#domains/products/product-write.ts';
import { type TaxCategory, taxOfEdit, taxOfNew } from '#domains/products/tax.ts';
import { pgArray } from '../db/array-params.ts';
import { type Db, inTransaction, type Tx } from '../db/client.ts';
import { businesses, productChanges, products } from '../db/schema.ts';
import { resultRows, tableRows } from '../db/table-rows.ts';
import { rekeyDeletedProduct } from '../reports/report-days.ts';
import { bumpCatalogueVersion, catalogueOrder, type ProductRow } from './catalogue-repository.ts';
import { lockProducts } from './product-locks.ts';
import { linkSuppliers } from './supplier-links.ts';

/**
 * Every write of a product's fields, and only here: create, field-level edit, duplicate and
 * delete, each in one transaction with its change log entry (History, the changes feed) and the
 * catalogue version it makes; its stock moves only through the stock ledger
 * (src/server/stock/ledger.ts). Routes and other domains (stock, stocktakes) write
 * products through these functions, never by their own statements. The product's row is locked
 * for an edit, so edits of one product take turns and none is lost.
 */
/** The row property of a product field, from the field table. */
const rowOf = (spec: ProductFieldSpec) => spec.row as keyof ProductRow;

/** A product's values by their write keys: its fields and its custom values. */
export function productValues(row: ProductRow): Record<string, unknown> {
  const values: Record<string, unknown> = { ...row.customValues };
  for (const spec of PRODUCT_FIELD_TABLE) values[spec.key] = row[rowOf(spec)];
  return values;
}

/** The columns to set and the custom values after `changes`. */
function rowChanges(changes: ProductChanges, customValues: Record<string, unknown>) {
  const set: Record<string, unknown> = {};
  const custom = { ...customValues };
  let customChanged = false;
  for (const [key, value] of Object.entries(changes)) {
    const spec = productField(key);
    if (spec) set[rowOf(spec)] = value;
    else {
      customChanged = true;
      if (value === null) delete custom[key];
      else custom[key] = value;
    }
  }
  return (customChanged ? { ...set, customValues: custom } : set) as Partial<
    typeof products.$inferInsert
  >;
}

/** What a change log entry records: made, edited, deleted, or its stock moved. */
type ChangeKind = (typeof productChanges.$inferInsert)['kind'];

/** A new product's change log: every value it was made with. */
function createdFields(row: ProductRow): Record<string, [unknown, unknown]> {
  return Object.fromEntries(
    Object.entries(productValues(row))
      .filter(([, value]) => value !== null && value !== '')
      .map(([key, value]) => [key, [null, value]]),
  );
}

/**
 * An edit of `current` by the merge rule, given the change log entries made after the version it
 * was based on: the fields in conflict, or the changes that take effect with their log entry
 * (none when every value is already there).
 */
function editOf(
  current: ProductRow,
  asked: ProductChanges,
  since: readonly { fields: Record<string, unknown> }[],
):
  | { conflicts: string[] }
  | { effective: ProductChanges; fields: Record<string, [unknown, unknown]> | null } {
  const changedSince = new Set(since.flatMap((change) => Object.keys(change.fields)));
  const before = productValues(current);
  const changes = taxOfEdit(asked, before);
  const conflicts = conflictingFields(changes, changedSince, before);
  if (conflicts.length > 0) return { conflicts };
  const effective = Object.fromEntries(
    Object.entries(changes).filter(([key, value]) => !sameValue(before[key], value)),
  );
  if (Object.keys(effective).length === 0) return { effective, fields: null };
  return {
    effective,
    fields: Object.fromEntries(
      Object.entries(effective).map(([key, value]) => [key, [before[key] ?? null, value]]),
    ),
  };
}

export interface WriteContext {
  businessId: string;
  userId: string;
  now: Date;
  /** The import making the change, which History names. */
  importId?: string;
}

/** The category a product made without one takes: the shop's (Business Profile). */
async function shopTaxCategory(tx: Db, businessId: string): Promise<TaxCategory> {
  const [business] = await tx
    .select({ category: businesses.defaultTaxCategory })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return business?.category ?? 'gst10';
}

/** A product made: 'created', or 'found' when a create with its client_ref made it before. */
export type CreateOutcome = { status: 'created' | 'found'; row: ProductRow };

export async function createCatalogueProduct(
  db: Db,
  context: WriteContext,
  changes: ProductChanges,
  placing: { position?: number | null; clientRef?: string | undefined } = {},
): Promise<CreateOutcome> {
  return db.transaction(async (tx) => {
    const taxed = taxOfNew(changes, await shopTaxCategory(tx, context.businessId));
    const [row] = await tx
      .insert(products)
      .values({
        businessId: context.businessId,
        name: '',
        ...rowChanges(taxed, {}),
        position: placing.position ?? null,
        clientRef: placing.clientRef ?? null,
        createdAt: context.now,
        updatedAt: context.now,
      })
      .onConflictDoNothing({ target: [products.businessId, products.clientRef] })
      .returning();
    if (!row) {
      // Made before by the same create: sent again after its answer was lost.
      const [made] = await tx
        .select()
        .from(products)
        .where(
          and(
            eq(products.businessId, context.businessId),
            eq(products.clientRef, placing.clientRef ?? ''),
          ),
        );
      if (!made) throw new Error('the product was neither created nor found');
      return { status: 'found', row: made };
    }
    await logChanges(tx, context, [
      {
        kind: 'create',
        productId: row.id,
        productVersion: row.version,
        fields: createdFields(row),
      },
    ]);
    if (row.supplier) await linkSuppliers(tx, context.businessId, [row.id]);
    return { status: 'created', row };
  });
}

export type PatchOutcome =
  /** `changed`: false when every value was already there (nothing written). */
  | { status: 'saved'; row: ProductRow; changed: boolean }
  | { status: 'missing' }
  | { status: 'conflict'; row: ProductRow; conflicts: string[] };

/**
 * Applies an edit based on `baseVersion`: fields nobody changed since merge; a field another
 * write changed since to a different value is a conflict, and nothing is written. 'current':
 * based on the product as it is now (a caller that holds no version, the API's PUT). The edit
 * of many products (patchProducts) of one.
 */
export async function patchProduct(
  db: Db,
  context: WriteContext,
  id: number,
  baseVersion: number | 'current',
  changes: ProductChanges,
): Promise<PatchOutcome> {
  return inTransaction(db, async (tx) => {
    const [outcome] = await patchProducts(tx, context, [{ id, baseVersion, changes }]);
    if (!outcome) throw new Error('the edit has no outcome');
    return outcome;
  });
}

/** The server's column of each product field, and the custom values'. */
const EDITABLE_COLUMNS = (() => {
  const columns = getTableColumns(products);
  return [
    ...PRODUCT_FIELD_TABLE.map((spec) => ({ row: rowOf(spec), name: columns[rowOf(spec)].name })),
    { row: 'customValues' as const, name: columns.customValues.name },
  ];
})();

/** A new product's values where a create gives none: the columns' defaults. */
const DEFAULT_ROW: Readonly<Record<string, unknown>> = Object.fromEntries(
  Object.entries(getTableColumns(products)).map(([key, column]) => [key, column.default ?? null]),
);

/** A change log entry of a product a statement wrote. */
interface LoggedChange {
  kind: ChangeKind;
  productId: number;
  productVersion: number;
  fields: unknown;
}

/**
 * The change log entries of products a statement writes (made, edited, deleted), under one new
 * catalogue version however many: the common table expressions that bump the version and write
 * the entries, to lead that statement (an edit's update) or to run alone (logChanges).
 */
function changeLogSteps(context: WriteContext, entries: readonly LoggedChange[]) {
  const json = entries.map((entry) => ({
    kind: entry.kind,
    product_id: entry.productId,
    product_version: entry.productVersion,
    fields: entry.fields,
  }));
  return sql`
    bumped as (
      update ${businesses} set catalogue_version = catalogue_version + 1
      where id = ${context.businessId} returning catalogue_version
    ),
    logged as (
      insert into ${productChanges}
        (business_id, user_id, product_id, product_version, catalogue_version, kind, fields, at,
         import_id)
      select ${context.businessId}, ${context.userId}, e.product_id, e.product_version,
        bumped.catalogue_version, e.kind, e.fields, ${context.now},
        ${context.importId ?? null}::uuid
      from bumped, jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as e(kind text,
        product_id int, product_version int, fields jsonb)
    )`;
}

/** Change log entries of products an earlier statement wrote. */
async function logChanges(tx: Tx, context: WriteContext, entries: readonly LoggedChange[]) {
  if (entries.length === 0) return;
  await tx.execute(sql`with ${changeLogSteps(context, entries)} select 1`);
}

/**
 * Many products made at once (a batch of an import): one insert and one change log statement,
 * each product logged as createCatalogueProduct logs it. In the order of `list`. Their stock
 * starts at 0; a count moves it through the stock ledger.
 */
export async function createProducts(
  tx: Tx,
  context: WriteContext,
  list: readonly ProductChanges[],
): Promise<ProductRow[]> {
  if (list.length === 0) return [];
  // Each gets a reference of its own, by which it is found in what the insert answers.
  const refs = list.map(() => randomUUID());
  const shopCategory = await shopTaxCategory(tx, context.businessId);
  // One parameter however many products: every editable column, its default where not given.
  const json = list.map((changes, index) => {
    const taxed = taxOfNew(changes, shopCategory);
    const values = { ...DEFAULT_ROW, ...rowChanges(taxed, {}) } as Record<string, unknown>;
    const row: Record<string, unknown> = { client_ref: refs[index] };
    for (const column of EDITABLE_COLUMNS) row[column.name] = values[column.row] ?? null;
    return row;
  });
  const names = sql.join(
    EDITABLE_COLUMNS.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  const inserted = tableRows(
    products,
    resultRows(
      await tx.execute(sql`
        insert into ${products} (business_id, client_ref, created_at, updated_at, ${names})
        select ${context.businessId}, client_ref, ${context.now}, ${context.now}, ${names}
        from jsonb_populate_recordset(null::${products}, ${JSON.stringify(json)}::jsonb)
        returning *`),
    ),
  );
  const byRef = new Map(inserted.map((row) => [row.clientRef, row]));
  const rows = refs.map((ref) => {
    const row = byRef.get(ref);
    if (!row) throw new Error('a product was not created');
    return row;
  });
  await logChanges(
    tx,
    context,
    rows.map((row) => ({
      kind: 'create',
      productId: row.id,
      productVersion: row.version,
      fields: createdFields(row),
    })),
  );
  await linkSuppliers(
    tx,
    context.businessId,
    rows.filter((row) => row.supplier).map((row) => row.id),
  );
  return rows;
}

export interface ProductEdit {
  id: number;
  /** The version the edit was based on; 'current': the product as it is now. */
  baseVersion: number | 'current';
  changes: ProductChanges;
}

/**
 * Many products edited at once by the merge rule of patchProduct (a batch of an import), each
 * a product at most once: their rows locked, the change log since their versions read, and every
 * edit that takes effect written by one statement and logged by one more. A product in conflict
 * is not edited. Outcomes in the order of `edits`.
 */
export async function patchProducts(
  tx: Tx,
  context: WriteContext,
  edits: readonly ProductEdit[],
): Promise<PatchOutcome[]> {
  if (edits.length === 0) return [];
  const ids = edits.map((edit) => edit.id);
  if (new Set(ids).size !== ids.length) throw new Error('a product is edited twice at once');
  const locked = await lockProducts(tx, context.businessId, ids);
  const current = new Map(locked.map((row) => [row.id, row]));
  const baseOf = (edit: ProductEdit) =>
    edit.baseVersion === 'current' ? (current.get(edit.id)?.version ?? 0) : edit.baseVersion;
  const behind = edits.filter((edit) => baseOf(edit) < (current.get(edit.id)?.version ?? 0));
  const since = new Map<number, { fields: Record<string, unknown> }[]>();
  if (behind.length > 0) {
    const logged = resultRows<{ product_id: number; fields: Record<string, unknown> }>(
      await tx.execute(sql`
        select c.product_id, c.fields from ${productChanges} as c
        join unnest(${pgArray(behind.map((edit) => edit.id))}::int[],
          ${pgArray(behind.map(baseOf))}::int[]) as b(id, base)
          on c.product_id = b.id and c.product_version > b.base
        where c.business_id = ${context.businessId}`),
    );
    for (const entry of logged) {
      since.set(entry.product_id, [...(since.get(entry.product_id) ?? []), entry]);
    }
  }

  const written: { row: ProductRow; entry: LoggedChange; newSupplier: boolean }[] = [];
  const outcomes = edits.map((edit): PatchOutcome => {
    const row = current.get(edit.id);
    if (!row) return { status: 'missing' };
    const outcome = editOf(row, edit.changes, since.get(edit.id) ?? []);
    if ('conflicts' in outcome) return { status: 'conflict', row, conflicts: outcome.conflicts };
    if (!outcome.fields) return { status: 'saved', row, changed: false };
    const next = {
      ...row,
      ...(rowChanges(outcome.effective, row.customValues) as Partial<ProductRow>),
      version: row.version + 1,
      updatedAt: context.now,
    };
    written.push({
      row: next,
      entry: {
        kind: 'update',
        productId: row.id,
        productVersion: next.version,
        fields: outcome.fields,
      },
      newSupplier: 'supplier' in outcome.effective,
    });
    return { status: 'saved', row: next, changed: true };
  });
  if (written.length === 0) return outcomes;

  // Every editable column from the row as merged: the rows are locked, so what was read stands.
  const json = written.map(({ row }) => {
    const values: Record<string, unknown> = { id: row.id, version: row.version };
    for (const column of EDITABLE_COLUMNS) values[column.name] = row[column.row];
    return values;
  });
  // Logged by the same statement: a product's edit is two statements (its lock and this).
  await tx.execute(sql`
    with ${changeLogSteps(
      context,
      written.map(({ entry }) => entry),
    )}
    update ${products} as p
    set ${sql.join(
      EDITABLE_COLUMNS.map(
        (column) => sql`${sql.identifier(column.name)} = n.${sql.identifier(column.name)}`,
      ),
      sql`, `,
    )}, version = n.version, updated_at = ${context.now}
    from jsonb_populate_recordset(null::${products}, ${JSON.stringify(json)}::jsonb) as n
    where p.id = n.id and p.business_id = ${context.businessId}
      and p.id = any(${pgArray(written.map(({ row }) => row.id))}::int[])`);
  await linkSuppliers(
    tx,
    context.businessId,
    written.filter((edit) => edit.newSupplier).map(({ row }) => row.id),
  );
  return outcomes;
}

/** '{name} (Copy)' with every value of the original, placed right after it. */
export async function duplicateProduct(
  db: Db,
  context: WriteContext,
  id: number,
  edits: ProductChanges = {},
  clientRef?: string,
): Promise<CreateOutcome | undefined> {
  const [original] = await db
    .select()
    .from(products)
    .where(and(eq(products.businessId, context.businessId), eq(products.id, id)));
  if (!original) return undefined;
  const place = original.position ?? original.id;
  const [next] = await db
    .select({ place: min(catalogueOrder) })
    .from(products)
    .where(and(eq(products.businessId, context.businessId), gt(catalogueOrder, place)));
  const nextPlace = next?.place === null || next?.place === undefined ? null : Number(next.place);
  const position = nextPlace === null ? place + 1 : (place + nextPlace) / 2;
  const values = productValues(original);
  const copy: ProductChanges = {};
  for (const [key, value] of Object.entries(values)) {
    if (value !== null && value !== undefined) copy[key] = value as ProductChanges[string];
  }
  copy.name = `${original.name} (Copy)`;
  return createCatalogueProduct(db, context, { ...copy, ...edits }, { position, clientRef });
}

export async function deleteCatalogueProduct(
  db: Db,
  context: WriteContext,
  id: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Before its lines lose it: the reports then know them by the name they were sold under.
    await rekeyDeletedProduct(tx, context.businessId, id);
    const [removed] = await tx
      .delete(products)
      .where(and(eq(products.businessId, context.businessId), eq(products.id, id)))
      .returning();
    if (!removed) return false;
    await logChanges(tx, context, [
      {
        kind: 'delete',
        productId: id,
        productVersion: removed.version + 1,
        fields: { name: [removed.name, null] },
      },
    ]);
    return true;
  });
}

/**
 * A custom field's values carried over to its new key, or dropped (`to` null, the field
 * deleted): each product holding one gets a new version and an 'update' entry in the change
 * log, all under one catalogue version, so other devices see the values move in the feed.
 */
export async function moveCustomValues(
  tx: Db,
  context: WriteContext,
  from: string,
  to: string | null,
): Promise<void> {
  // Locked in id order before the catalogue version, as every write of several products does.
  const holders = await tx
    .select({ id: products.id })
    .from(products)
    .where(
      and(eq(products.businessId, context.businessId), sql`${products.customValues} ? ${from}`),
    )
    .orderBy(asc(products.id))
    .for('no key update');
  if (holders.length === 0) return;
  const catalogueVersion = await bumpCatalogueVersion(tx, context.businessId);
  const carried =
    to === null
      ? sql`p.custom_values - ${from}::text`
      : sql`(p.custom_values - ${from}::text) || jsonb_build_object(${to}::text, before.value)`;
  const logged =
    to === null
      ? sql`jsonb_build_object(${from}::text, jsonb_build_array(value, null))`
      : sql`jsonb_build_object(${from}::text, jsonb_build_array(value, null),
          ${to}::text, jsonb_build_array(null, value))`;
  await tx.execute(sql`
    with before as (
      select id, custom_values -> ${from}::text as value from ${products}
      where business_id = ${context.businessId} and custom_values ? ${from}::text
      for no key update
    ),
    moved as (
      update ${products} as p
      set custom_values = ${carried}, version = p.version + 1, updated_at = ${context.now}
      from before
      where p.id = before.id
      returning p.id, p.version, before.value
    )
    insert into ${productChanges}
      (business_id, user_id, product_id, product_version, catalogue_version, kind, fields, at)
    select ${context.businessId}, ${context.userId}, id, version, ${catalogueVersion}, 'update',
      ${logged}, ${context.now}
    from moved`);
}

/** Past this many changes a full download is cheaper than the feed. */
export const CHANGES_FEED_LIMIT = 2000;

export type ChangesSince =
  | { full: true; version: number }
  | {
      full: false;
      version: number;
      /** In catalogue order; a product created in the span says which product it follows. */
      rows: { row: ProductRow; after?: number | null }[];
      deleted: number[];
    };

/** The product just before `row` in the catalogue's order, or null when it is the first. */
async function productBefore(db: Db, businessId: string, row: ProductRow) {
  const place = row.position ?? row.id;
  const [before] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.businessId, businessId),
        sql`(${catalogueOrder} < ${place} or (${catalogueOrder} = ${place} and ${products.id} < ${row.id}))`,
      ),
    )
    .orderBy(sql`${catalogueOrder} desc`, sql`${products.id} desc`)
    .limit(1);
  return before?.id ?? null;
}

/**
 * What changed after catalogue version `since`: the products changed (as they are now) and the
 * ids deleted. Every write logged here bumps the version once; a version in the span without a
 * log entry (a change made another way) or too many changes means a full download.
 */
export async function changesSince(
  db: Db,
  businessId: string,
  since: number,
  current: number,
): Promise<ChangesSince> {
  if (since > current) return { full: true, version: current };
  if (since === current) return { full: false, version: current, rows: [], deleted: [] };
  const log = await db
    .select({
      productId: productChanges.productId,
      kind: productChanges.kind,
      catalogueVersion: productChanges.catalogueVersion,
    })
    .from(productChanges)
    .where(
      and(eq(productChanges.businessId, businessId), gt(productChanges.catalogueVersion, since)),
    )
    .orderBy(asc(productChanges.id))
    .limit(CHANGES_FEED_LIMIT + 1);
  const versions = new Set(log.map((entry) => entry.catalogueVersion));
  if (log.length > CHANGES_FEED_LIMIT || versions.size !== current - since) {
    return { full: true, version: current };
  }
  const last = new Map<number, string>();
  const created = new Set<number>();
  for (const entry of log) {
    last.set(entry.productId, entry.kind);
    if (entry.kind === 'create') created.add(entry.productId);
  }
  const deleted = [...last].filter(([, kind]) => kind === 'delete').map(([id]) => id);
  const changed = [...last].filter(([, kind]) => kind !== 'delete').map(([id]) => id);
  const found =
    changed.length === 0
      ? []
      : await db
          .select()
          .from(products)
          .where(and(eq(products.businessId, businessId), inArray(products.id, changed)))
          .orderBy(catalogueOrder, asc(products.id));
  // A device placing a new product needs its neighbour; one it already holds stays in place.
  const rows = [];
  for (const row of found) {
    rows.push(
      created.has(row.id) ? { row, after: await productBefore(db, businessId, row) } : { row },
    );
  }
  return { full: false, version: current, rows, deleted };
}
