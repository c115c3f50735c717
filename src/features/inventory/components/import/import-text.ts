import type { ImportOutcome } from '#domains/imports/job.ts';
import { countText, plural } from '#shared/words.ts';

/** The import screen's words, in one place for the screen and its tests. */
const rows = (n: number) => plural(n, 'row');

export const IMPORT_TEXT = {
  open: 'Import from file',
  offer: 'Many products to add? Bring them in from a CSV or Excel file.',
  title: 'Import from file',
  intro:
    'Bring products in from a CSV or Excel (.xlsx) file. The file is checked first: nothing is saved until you apply it.',
  back: 'Back to Add Product',
  fileLabel: 'Product file (CSV or Excel .xlsx)',
  reading: (name: string) => `Reading ${name}...`,
  read: (name: string, rowCount: number, columns: number) =>
    `${name}: ${rows(rowCount)}, ${plural(columns, 'column')}`,
  encoding: (encoding: string) => `Text: ${encoding}`,
  delimiter: (name: string) => `Separated by ${name}`,
  sheet: 'Sheet',
  noRows: 'This file has headings but no rows to import.',
  readFailed: (message: string) => `The file could not be read: ${message}`,
  columns: 'Columns',
  columnsIntro: 'Choose where each column of the file goes. Columns left on Ignore are not read.',
  fileColumn: 'File column',
  firstRow: 'First row',
  importAs: 'Import as',
  ignore: 'Ignore',
  savedMapping: (name: string) => `Using the saved mapping '${name}'.`,
  matchBy: 'Match rows to products by',
  setStock: 'Set stock from the file',
  setStockHint:
    "Each product's stock is corrected to the file's count by an Inventory Count Correction movement. Unticked, the file's stock is not read.",
  setStockNeedsColumn: 'Choose a column to import as Stock to set stock from the file.',
  stockIgnored: (heading: string) =>
    `${heading} is mapped to Stock; stock will not be changed — tick Set stock from the file`,
  headingRow: 'Headings are in row',
  headingChoice: (row: number, cells: readonly string[]) =>
    `Row ${countText(row)}: ${cells.join(', ') || '(empty)'}`,
  numbers: {
    'decimal-point': 'Numbers written 1,299.50',
    'decimal-comma':
      'Numbers written 1.299,50 (a decimal comma, as the file separates with semicolons)',
  },
  keyNotMapped: (label: string) =>
    `No column is imported as ${label}: every row will make a new product.`,
  mappingName: 'Save this mapping as',
  saveMapping: 'Save mapping',
  mappingSaved: (name: string) => `Mapping '${name}' saved`,
  mappingNameNeeded: 'Enter a name for the mapping',
  check: 'Check the file',
  checking: 'Checking...',
  checkFailed: (message: string) => `The file could not be checked: ${message}`,
  result: 'Check',
  counts: {
    create: 'To create',
    update: 'To update',
    unchanged: 'Unchanged',
    error: 'With errors',
  },
  preview: 'The first rows, as they will be saved',
  action: { create: 'Create', update: 'Update', unchanged: 'Unchanged', error: 'Error' },
  noChanges: 'No changes',
  errors: (n: number) => `${rows(n)} with errors`,
  moreErrors: (shown: number, total: number) =>
    `The first ${countText(shown)} of ${countText(total)} are listed; the download has them all.`,
  rowError: (row: number, column: string) => `Row ${countText(row)}, ${column}`,
  downloadErrors: 'Download rows with errors',
  readAgain: 'Read the file again',
  skipErrors: (n: number) => `Skip the ${rows(n)} with errors`,
  apply: (n: number) => `Apply ${plural(n, 'change')}`,
  nothingToApply: 'Nothing to apply: the catalogue already matches the file.',
  needsConnection:
    'Applying an import needs a connection to the server. Reading, mapping and checking the file work offline.',
  applying: (applied: number, total: number) =>
    `Applying... ${countText(applied)} of ${rows(total)}`,
  interrupted: (applied: number, total: number) =>
    `The import stopped after ${countText(applied)} of ${rows(total)} were applied. Nothing is applied twice: apply again to continue.`,
  applyAgain: 'Apply again',
  finished: 'Import finished',
  tally: (created: number, updated: number, unchanged: number) =>
    `${countText(created)} created, ${countText(updated)} updated, ${countText(unchanged)} unchanged.`,
  skipped: (n: number) => `${rows(n)} with errors skipped.`,
  problems: (n: number) => `${rows(n)} could not be applied:`,
  outcome: {
    conflict: 'Changed since the file was read',
    missing: 'Product deleted',
    refused: 'Refused',
  } satisfies Partial<Record<ImportOutcome, string>>,
  viewInventory: 'View inventory',
  another: 'Import another file',
  staffOnly: 'Importing products is for the owner and managers.',
} as const;

/** How a delimiter is named on screen. */
export const DELIMITER_NAMES: Readonly<Record<string, string>> = {
  ',': 'commas',
  ';': 'semicolons',
  '\t': 'tabs',
};
