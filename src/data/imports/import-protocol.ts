import type { NumberFormat } from '#domains/imports/cells.ts';
import type { TextEncoding } from '#domains/imports/decode.ts';
import type { ImportBehavior, ImportCounts, MatchKey, RowPlan } from '#domains/imports/dry-run.ts';
import type { ColumnMapping } from '#domains/imports/mapping.ts';
import type { CustomFieldRules } from '#domains/products/product-write.ts';
import type { TaxCategory } from '#domains/products/tax.ts';

/**
 * What the page and the import worker say to each other. The worker keeps the file's rows (50,000
 * rows stay off the page's thread) and answers with what the screens show: the headings, the
 * first rows, counts and the errors.
 */
export const PREVIEW_ROWS = 10;
/** Errors listed on screen; all of them are in the error rows' file. */
export const LISTED_ERRORS = 200;

export type ImportRequest =
  | { id: number; type: 'read'; file: File; sheet?: string; headingRow?: number }
  | {
      id: number;
      type: 'plan';
      mapping: ColumnMapping;
      matchBy: MatchKey;
      behavior: ImportBehavior;
      setStock: boolean;
      definitions: CustomFieldRules[];
      shopCategory: TaxCategory;
    }
  /** The rows of the last plan that can be applied, from `from` on, at most `count`. */
  | { id: number; type: 'rows'; from: number; count: number }
  | { id: number; type: 'error-file' };

/** What reading the file found. */
export interface ReadFile {
  kind: 'csv' | 'xlsx';
  headings: string[];
  /** The first rows, as read, and their numbers as a spreadsheet shows them. */
  preview: string[][];
  previewNumbers: number[];
  rowCount: number;
  /** The row the headings were found in (or chosen), and the first rows they may be in. */
  headingRow: number;
  headingChoices: { row: number; cells: string[] }[];
  /** How its numbers are written: a decimal comma goes with a semicolon separator. */
  numberFormat: NumberFormat;
  /** CSV: how its text was written and split. */
  encoding?: TextEncoding;
  delimiter?: string;
  /** XLSX: its sheets, and the one read. */
  sheets?: string[];
  sheet?: string;
}

/** The dry run as the screen shows it. */
export interface PlanSummary {
  counts: ImportCounts;
  /** The first rows, as they will be saved. */
  preview: RowPlan[];
  /** The first errors, each with its row. */
  errors: Pick<RowPlan, 'row' | 'errors'>[];
  /** Rows that would change the catalogue: to create or update. */
  applicable: number;
}

export type ImportReply =
  | { id: number; type: 'progress'; share: number }
  | { id: number; type: 'read'; file: ReadFile }
  | { id: number; type: 'plan'; summary: PlanSummary }
  | { id: number; type: 'rows'; rows: RowPlan[] }
  | { id: number; type: 'error-file'; csv: string }
  | { id: number; type: 'failed'; message: string };
