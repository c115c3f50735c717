import * as v from 'valibot';
import { int32 } from '#shared/validation.ts';
import { ChangesSchema } from '../products/product-write.ts';
import { MAX_MOVEMENT } from '../stock/movement.ts';

/**
 * An import job: the rows of a dry run that change the catalogue, applied by the server in
 * batches. Its id is made on the device, so starting it again is the same job; each row is
 * applied once, and the server records what it did (created, updated, ...) so that an import
 * cut off by the connection resumes where it stopped and says exactly which rows were applied.
 */

/** Rows in one POST /imports/{id}/rows; the device also keeps a batch under the body limit. */
export const MAX_IMPORT_BATCH = 1_000;
/** A file's name, as History shows it: 'Imported from wines.csv'. */
export const MAX_FILE_NAME = 200;

/** What the server did with a row. */
export const IMPORT_OUTCOMES = [
  'created',
  'updated',
  'unchanged',
  /** A field the row changes was changed since the file was read, to another value. */
  'conflict',
  /** The product it updates was deleted since. */
  'missing',
  /** Its values are not valid, or its key is now another product's. */
  'refused',
] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];
export type ImportTally = Record<ImportOutcome, number>;

export const IMPORT_JOB_MESSAGES = {
  invalid: 'This import is not valid',
  missing: 'This import was not found',
  taken: 'This id was already used for another import job',
  conflict: (fields: string) =>
    `${fields} changed since the file was read: read the file again to import this row`,
  deleted: 'The product this row updates was deleted since the file was read',
  keyTaken: (label: string, value: string) =>
    `A product with ${label} ${value} was added since the file was read`,
  repeated: 'This product is updated by another row of the same batch',
} as const;

/** History's words for a change an import made. */
export const importedFrom = (fileName: string) => `Imported from ${fileName}`;

const Count = (message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(0, message), v.maxValue(1e7, message));

/** POST /imports: the job, before its rows. */
export const ImportStartSchema = v.object({
  id: v.pipe(v.string(), v.uuid('id must be a UUID')),
  file_name: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'file_name is required'),
    v.maxLength(MAX_FILE_NAME, `file_name is at most ${MAX_FILE_NAME} characters`),
  ),
  match_by: v.picklist(['sku', 'barcode'], 'match_by must be sku or barcode'),
  set_stock: v.boolean('set_stock must be true or false'),
  row_count: Count('row_count must be a whole number'),
});
export type ImportStart = v.InferOutput<typeof ImportStartSchema>;

/** One row to apply, as the dry run planned it. */
export const ImportRowSchema = v.pipe(
  v.object({
    row: v.pipe(
      v.number(),
      v.integer(),
      v.minValue(2, 'row is a file row from 2 on'),
      v.maxValue(1e7),
    ),
    action: v.picklist(['create', 'update'], 'action must be create or update'),
    product_id: v.optional(int32('product_id must be a product id', 1)),
    /** The product's version the dry run read: the merge rule's base. */
    version: v.optional(int32('version must be a version number', 1)),
    changes: ChangesSchema,
    /** The file's stock count, when stock is set from the file. */
    stock: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(-MAX_MOVEMENT), v.maxValue(MAX_MOVEMENT)),
    ),
  }),
  v.check(
    (row) => row.action === 'create' || (row.product_id !== undefined && row.version !== undefined),
    'An update names its product_id and version',
  ),
);
export type ImportRow = v.InferOutput<typeof ImportRowSchema>;

export const ImportRowsSchema = v.object({
  rows: v.pipe(
    v.array(ImportRowSchema),
    v.minLength(1, 'rows is empty'),
    v.maxLength(MAX_IMPORT_BATCH, `At most ${MAX_IMPORT_BATCH} rows at once`),
    v.check(
      (rows) => new Set(rows.map((row) => row.row)).size === rows.length,
      'A row is in the batch more than once',
    ),
  ),
});
export type ImportRows = v.InferOutput<typeof ImportRowsSchema>;

const OutcomeSchema = v.picklist(IMPORT_OUTCOMES);

export const ImportRowResultSchema = v.object({
  row: v.number(),
  outcome: OutcomeSchema,
  product_id: v.nullable(v.number()),
  message: v.nullable(v.string()),
});
export type ImportRowResult = v.InferOutput<typeof ImportRowResultSchema>;

export const ImportJobSchema = v.object({
  id: v.string(),
  file_name: v.string(),
  match_by: v.picklist(['sku', 'barcode']),
  set_stock: v.boolean(),
  row_count: v.number(),
  created_at: v.string(),
  /** How many rows have been applied, by what they did. */
  tally: v.object({
    created: v.number(),
    updated: v.number(),
    unchanged: v.number(),
    conflict: v.number(),
    missing: v.number(),
    refused: v.number(),
  }),
});
export type ImportJob = v.InferOutput<typeof ImportJobSchema>;

/** POST /imports/{id}/rows: each row's result, and the job after them. */
export const ImportRowsAnswerSchema = v.object({
  results: v.array(ImportRowResultSchema),
  job: ImportJobSchema,
});

/** GET /imports/{id}: the job and every row applied so far. */
export const ImportJobAnswerSchema = v.object({
  job: ImportJobSchema,
  rows: v.array(ImportRowResultSchema),
});

export const emptyTally = (): ImportTally => ({
  created: 0,
  updated: 0,
  unchanged: 0,
  conflict: 0,
  missing: 0,
  refused: 0,
});
