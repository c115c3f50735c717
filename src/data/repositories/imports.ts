import type { RowPlan } from '#domains/imports/dry-run.ts';
import {
  type ImportJob,
  ImportJobSchema,
  type ImportRow,
  type ImportRowResult,
  ImportRowsAnswerSchema,
  type ImportStart,
  MAX_IMPORT_BATCH,
} from '#domains/imports/job.ts';
import { importJobRead } from '#domains/imports/reads.ts';
import { importRowsWrite, startImportWrite } from '#domains/imports/writes.ts';
import { writePath } from '#shared/write-declaration.ts';
import { apiJson, readJson } from '../api-client.ts';
import { pullFeeds } from '../sync/feeds.ts';

/**
 * Applying an import: the job is started on the server under the id made on this device, then
 * the dry run's rows are sent a batch at a time. Online only. Sent again (after a cut, or by a
 * second Apply), it first asks the server which rows it applied and sends only the others, so
 * nothing is applied twice and the count of applied rows is the server's.
 */

/** A batch's body stays well under the server's 1 MB limit, however long the rows' texts. */
const BATCH_BYTES = 800_000;
/** Rows asked of the reader at a time. */
const READ_ROWS = 2_000;

/** Outcomes that did not change the catalogue as the dry run said. */
const PROBLEMS: ReadonlySet<ImportRowResult['outcome']> = new Set([
  'conflict',
  'missing',
  'refused',
]);

export interface ApplyOptions {
  job: ImportStart;
  /** The dry run's rows to apply, from `from` on (the reader holds them). */
  rowsOf: (from: number, count: number) => Promise<RowPlan[]>;
  onProgress: (applied: number) => void;
}

export interface AppliedImport {
  job: ImportJob;
  /** Rows the server could not apply as planned, with its reason. */
  problems: ImportRowResult[];
}

const toImportRow = (plan: RowPlan): ImportRow => ({
  row: plan.row,
  action: plan.action === 'create' ? 'create' : 'update',
  ...(plan.productId === undefined ? {} : { product_id: plan.productId }),
  ...(plan.version === undefined ? {} : { version: plan.version }),
  changes: plan.changes,
  ...(plan.stock === undefined ? {} : { stock: plan.stock }),
});

/** Rows in batches of at most MAX_IMPORT_BATCH rows and about BATCH_BYTES. */
function* batchesOf(rows: readonly ImportRow[]) {
  let batch: ImportRow[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = JSON.stringify(row).length;
    if (batch.length > 0 && (batch.length >= MAX_IMPORT_BATCH || bytes + size > BATCH_BYTES)) {
      yield batch;
      batch = [];
      bytes = 0;
    }
    batch.push(row);
    bytes += size;
  }
  if (batch.length > 0) yield batch;
}

const post = (body: unknown) => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: { 'Idempotency-Key': crypto.randomUUID() },
});

export async function applyImport({
  job,
  rowsOf,
  onProgress,
}: ApplyOptions): Promise<AppliedImport> {
  let current = await apiJson(startImportWrite.route, ImportJobSchema, post(job));
  // What an earlier Apply of this job got through: those rows are not sent again. A job with
  // nothing applied yet (its tally says so) has none to ask for.
  const started = Object.values(current.tally).some((rows) => rows > 0);
  const { rows: done } = started ? await readJson(importJobRead, { id: job.id }) : { rows: [] };
  const applied = new Set(done.map((result) => result.row));
  const problems = done.filter((result) => PROBLEMS.has(result.outcome));
  onProgress(applied.size);
  try {
    for (let from = 0; from < job.row_count; from += READ_ROWS) {
      const plans = await rowsOf(from, READ_ROWS);
      const rows = plans.filter((plan) => !applied.has(plan.row)).map(toImportRow);
      for (const batch of batchesOf(rows)) {
        const answer = await apiJson(
          writePath(importRowsWrite, { id: job.id }),
          ImportRowsAnswerSchema,
          post({ rows: batch }),
        );
        for (const result of answer.results) applied.add(result.row);
        problems.push(...answer.results.filter((result) => PROBLEMS.has(result.outcome)));
        current = answer.job;
        onProgress(applied.size);
      }
    }
  } finally {
    // Whatever was applied, this device's screens show at once (others hear of it live).
    if (applied.size > 0) void pullFeeds().catch(() => undefined);
  }
  return { job: current, problems: problems.sort((a, b) => a.row - b.row) };
}
