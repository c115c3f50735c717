import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  emptyTally,
  IMPORT_JOB_MESSAGES,
  type ImportJob,
  type ImportRow,
  type ImportRowResult,
  type ImportStart,
  importedFrom,
} from '#domains/imports/job.ts';
import { productField } from '#domains/products/fields.ts';
import {
  type CustomFieldRules,
  checkNewProduct,
  checkProductChanges,
  type ProductChanges,
} from '#domains/products/product-write.ts';
import { COUNT_CORRECTION } from '#domains/stock/movement.ts';
import { pgArray, textArray } from '../db/array-params.ts';
import { type Db, inTransaction, type Tx } from '../db/client.ts';
import { importJobs, importRows, products } from '../db/schema.ts';
import type { ProductRow } from '../products/catalogue-repository.ts';
import { createProducts, patchProducts, type WriteContext } from '../products/catalogue-writes.ts';
import { lockProductIds } from '../products/product-locks.ts';
import { moveStock } from '../stock/ledger.ts';

/**
 * Import jobs: a job is started once by its id, then its rows are applied in batches. A batch
 * is one transaction: its rows go through the product writes many at once (createProducts,
 * patchProducts — the edit's merge rule and change log, naming the import), the stock a file
 * gives becomes a count-correction movement for the difference at that moment, moved through
 * the stock ledger in the same transaction, and each row's outcome is recorded with them. A row already recorded is answered as
 * recorded and never applied again, so a batch sent twice, or resumed after a cut, doubles
 * nothing.
 */
type JobRow = typeof importJobs.$inferSelect;

export type StartOutcome =
  | { status: 'started' | 'found'; job: ImportJob }
  /** The id is another import's (of another business, or with other settings). */
  | { status: 'taken' };

const sameJob = (row: JobRow, businessId: string, start: ImportStart) =>
  row.businessId === businessId &&
  row.fileName === start.file_name &&
  row.matchBy === start.match_by &&
  row.setStock === start.set_stock &&
  row.rowCount === start.row_count;

export async function startImport(
  db: Db,
  context: WriteContext,
  start: ImportStart,
): Promise<StartOutcome> {
  const [made] = await db
    .insert(importJobs)
    .values({
      id: start.id,
      businessId: context.businessId,
      userId: context.userId,
      fileName: start.file_name,
      matchBy: start.match_by,
      setStock: start.set_stock,
      rowCount: start.row_count,
      createdAt: context.now,
    })
    .onConflictDoNothing()
    .returning();
  if (made) return { status: 'started', job: jobAnswer(made) };
  const [stored] = await db.select().from(importJobs).where(eq(importJobs.id, start.id));
  if (!stored || !sameJob(stored, context.businessId, start)) return { status: 'taken' };
  return { status: 'found', job: jobAnswer(stored) };
}

function jobAnswer(row: JobRow): ImportJob {
  return {
    id: row.id,
    file_name: row.fileName,
    match_by: row.matchBy,
    set_stock: row.setStock,
    row_count: row.rowCount,
    created_at: row.createdAt.toISOString(),
    tally: { ...emptyTally(), ...row.tally },
  };
}

const resultOf = (row: typeof importRows.$inferSelect): ImportRowResult => ({
  row: row.row,
  outcome: row.outcome,
  product_id: row.productId,
  message: row.message,
});

/** A job of the business, and every row applied so far in the file's order. */
export async function importJob(db: Db, businessId: string, id: string) {
  const [job] = await db
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.id, id), eq(importJobs.businessId, businessId)));
  if (!job) return undefined;
  const rows = await db
    .select()
    .from(importRows)
    .where(eq(importRows.jobId, id))
    .orderBy(asc(importRows.row));
  return { job: jobAnswer(job), rows: rows.map(resultOf) };
}

/** The first message of a failed check: the row's values as the product form says. */
const firstMessage = (errors: Record<string, string>) =>
  Object.values(errors)[0] ?? IMPORT_JOB_MESSAGES.invalid;

export type ApplyOutcome =
  | { status: 'applied'; results: ImportRowResult[]; job: ImportJob }
  | { status: 'missing' };

/**
 * Applies a batch of a job's rows. `definitions` are the business's product custom fields, by
 * which each row is checked as the product form checks it (the dry run did so on the device;
 * the catalogue may have changed since).
 */
export async function applyImportRows(
  db: Db,
  context: WriteContext,
  jobId: string,
  rows: readonly ImportRow[],
  definitions: readonly CustomFieldRules[],
): Promise<ApplyOutcome> {
  return inTransaction(db, async (tx) => {
    // Batches of one job take turns: the same batch sent twice at once is applied once.
    const [job] = await tx
      .select()
      .from(importJobs)
      .where(and(eq(importJobs.id, jobId), eq(importJobs.businessId, context.businessId)))
      .for('update');
    if (!job) return { status: 'missing' };
    const recorded = await tx
      .select()
      .from(importRows)
      .where(
        and(
          eq(importRows.jobId, jobId),
          sql`${importRows.row} = any(${pgArray(rows.map((row) => row.row))}::int[])`,
        ),
      );
    const done = new Map(recorded.map((row) => [row.row, resultOf(row)]));
    const fresh = rows.filter((row) => !done.has(row.row));
    const applied = await applyRows(tx, { ...context, importId: job.id }, job, fresh, definitions);
    let tally = job.tally;
    if (applied.length > 0) {
      tally = { ...emptyTally(), ...job.tally };
      for (const result of applied) tally[result.outcome] = (tally[result.outcome] ?? 0) + 1;
      await tx.execute(sql`
        with recorded as (
          insert into ${importRows} (job_id, row, outcome, product_id, message)
          select ${jobId}, unnest(${pgArray(applied.map((result) => result.row))}::int[]),
            unnest(${textArray(applied.map((result) => result.outcome))}::text[]),
            unnest(${textArray(applied.map((result) => result.product_id?.toString() ?? null))}::int[]),
            unnest(${textArray(applied.map((result) => result.message))}::text[])
        )
        update ${importJobs} set tally = ${JSON.stringify(tally)}::jsonb where id = ${jobId}`);
    }
    const byRow = new Map([...done, ...applied.map((result) => [result.row, result] as const)]);
    return {
      status: 'applied',
      results: rows.map((row) => byRow.get(row.row) as ImportRowResult),
      job: jobAnswer({ ...job, tally }),
    };
  });
}

const refused = (row: ImportRow, message: string): ImportRowResult => ({
  row: row.row,
  outcome: 'refused',
  product_id: row.product_id ?? null,
  message,
});

async function applyRows(
  tx: Tx,
  context: WriteContext,
  job: JobRow,
  rows: readonly ImportRow[],
  definitions: readonly CustomFieldRules[],
): Promise<ImportRowResult[]> {
  const results = new Map<number, ImportRowResult>();
  const creates: { row: ImportRow; changes: ProductChanges }[] = [];
  const updates: { row: ImportRow; changes: ProductChanges }[] = [];
  const updated = new Set<number>();
  for (const row of rows) {
    const check =
      row.action === 'create'
        ? checkNewProduct(row.changes, definitions)
        : checkProductChanges(row.changes, definitions);
    if (!check.ok) results.set(row.row, refused(row, firstMessage(check.errors)));
    else if (row.action === 'create') creates.push({ row, changes: check.changes });
    else if (updated.has(row.product_id ?? 0)) {
      results.set(row.row, refused(row, IMPORT_JOB_MESSAGES.repeated));
    } else {
      updated.add(row.product_id ?? 0);
      updates.push({ row, changes: check.changes });
    }
  }

  // A new product's key may have become another's since the file was read (or earlier in it).
  const keyOf = (changes: ProductChanges) => {
    const value = changes[job.matchBy];
    return typeof value === 'string' ? value.trim() : '';
  };
  const keys = creates.map(({ changes }) => keyOf(changes)).filter(Boolean);
  const taken = new Set<string>();
  if (keys.length > 0) {
    const column = job.matchBy === 'sku' ? products.sku : products.barcode;
    const found = await tx
      .selectDistinct({ key: column })
      .from(products)
      .where(
        and(
          eq(products.businessId, context.businessId),
          sql`${column} = any(${textArray(keys)}::text[])`,
        ),
      );
    for (const { key } of found) if (key) taken.add(key);
  }
  const keyLabel = productField(job.matchBy)?.label ?? job.matchBy;
  const toCreate = creates.filter(({ row, changes }) => {
    const key = keyOf(changes);
    if (!key) return true;
    if (taken.has(key)) {
      results.set(row.row, refused(row, IMPORT_JOB_MESSAGES.keyTaken(keyLabel, key)));
      return false;
    }
    taken.add(key);
    return true;
  });

  // Stock is never set: the count the file gives becomes a movement for the difference now,
  // through the stock ledger, once the products are made and edited.
  const counted = (row: ImportRow) => (job.setStock ? row.stock : undefined);
  const moves: { productId: number; delta: number; movementId: string }[] = [];
  const countOf = (row: ImportRow, product: ProductRow) => {
    const count = counted(row);
    if (count === undefined || count === product.stockQuantity) return false;
    moves.push({
      productId: product.id,
      delta: count - product.stockQuantity,
      movementId: randomUUID(),
    });
    return true;
  };
  // The products it edits are locked before anything moves the catalogue version (the creates
  // below do), in the one order every write locks products in.
  await lockProductIds(
    tx,
    context.businessId,
    updates.map(({ row }) => row.product_id ?? 0),
  );
  const made = await createProducts(
    tx,
    context,
    toCreate.map(({ changes }) => changes),
  );
  toCreate.forEach(({ row }, index) => {
    const product = made[index] as ProductRow;
    countOf(row, product);
    results.set(row.row, {
      row: row.row,
      outcome: 'created',
      product_id: product.id,
      message: null,
    });
  });

  const outcomes = await patchProducts(
    tx,
    context,
    updates.map(({ row, changes }) => ({
      id: row.product_id ?? 0,
      baseVersion: row.version ?? 0,
      changes,
    })),
  );
  updates.forEach(({ row }, index) => {
    const outcome = outcomes[index];
    if (!outcome || outcome.status === 'missing') {
      results.set(row.row, { ...refused(row, IMPORT_JOB_MESSAGES.deleted), outcome: 'missing' });
    } else if (outcome.status === 'conflict') {
      const labels = outcome.conflicts.map((key) => productField(key)?.label ?? key).join(', ');
      results.set(row.row, {
        ...refused(row, IMPORT_JOB_MESSAGES.conflict(labels)),
        outcome: 'conflict',
      });
    } else {
      const recounted = countOf(row, outcome.row);
      results.set(row.row, {
        row: row.row,
        outcome: outcome.changed || recounted ? 'updated' : 'unchanged',
        product_id: outcome.row.id,
        message: null,
      });
    }
  });
  await moveStock(tx, context, moves, {
    reason: COUNT_CORRECTION,
    note: importedFrom(job.fileName),
  });
  return rows.map((row) => results.get(row.row) as ImportRowResult);
}
