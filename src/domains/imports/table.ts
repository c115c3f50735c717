import { csvLine, unescapedCell } from '../products/export.ts';

/**
 * A file read as a table: its headings and the rows after them, every cell as text (data/imports
 * reads CSV and spreadsheets into it).
 */
export interface FileTable {
  headings: string[];
  rows: string[][];
  /** Each row's number as a spreadsheet shows it (empty rows and titles above count). */
  numbers: number[];
  /** The number of the row the headings are in. */
  headingRow: number;
  /** The first rows with anything in them, which the headings may be in: number and cells. */
  headingChoices: { row: number; cells: string[] }[];
}

/** How far down a title and notes above the headings are looked through. */
export const HEADING_ROWS_SEARCHED = 10;

const filledCount = (row: readonly string[]) => row.filter((cell) => cell.trim() !== '').length;
const looksNumeric = (cell: string) => /^[-$€£\d.,\s%]+$/.test(cell.trim());

/**
 * The index of the headings' row among `filled` (indexes of rows with anything in them): the
 * first of the top rows that fills most of the table's width with words. A title ('Harbour
 * Wines — price list, May') fills one cell; a row of data is mostly numbers.
 */
export function headingIndexOf(
  cells: readonly (readonly string[])[],
  filled: readonly number[],
): number | undefined {
  const top = filled.slice(0, HEADING_ROWS_SEARCHED);
  const widest = Math.max(0, ...top.map((index) => filledCount(cells[index] ?? [])));
  return (
    top.find((index) => {
      const row = cells[index] ?? [];
      const words = row.filter((cell) => cell.trim() !== '' && !looksNumeric(cell)).length;
      return (
        filledCount(row) >= Math.max(2, Math.ceil(widest * 0.6)) && words * 2 > filledCount(row)
      );
    }) ?? top[0]
  );
}

/**
 * Headings as a person can tell them apart: an empty one is named by its place ('Column 4'),
 * and one that repeats gets its count ('Price (2)').
 */
export function distinctHeadings(cells: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return cells.map((cell, index) => {
    const heading = cell.trim() || `Column ${index + 1}`;
    const times = (seen.get(heading) ?? 0) + 1;
    seen.set(heading, times);
    return times === 1 ? heading : `${heading} (${times})`;
  });
}

/**
 * A table from its rows of cells: the headings' row names the columns (the one found, or the
 * row `headingRow` a person chose), the rows above it and empty rows are left out, and a cell a
 * CSV export made formula-safe reads as it was.
 */
export function tableOf(cells: readonly (readonly string[])[], headingRow?: number): FileTable {
  const filled: number[] = [];
  cells.forEach((row, index) => {
    if (row.some((cell) => cell.trim() !== '')) filled.push(index);
  });
  const chosen = headingRow === undefined ? undefined : headingRow - 1;
  const first =
    chosen !== undefined && filled.includes(chosen) ? chosen : headingIndexOf(cells, filled);
  const rest = filled.filter((index) => first !== undefined && index > first);
  const headings = distinctHeadings(
    (first === undefined ? [] : (cells[first] ?? [])).map(unescapedCell),
  );
  return {
    headings,
    rows: rest.map((index) =>
      headings.map((_, column) => unescapedCell(cells[index]?.[column] ?? '')),
    ),
    numbers: rest.map((index) => index + 1),
    headingRow: (first ?? 0) + 1,
    headingChoices: filled.slice(0, HEADING_ROWS_SEARCHED).map((index) => ({
      row: index + 1,
      cells: (cells[index] ?? []).filter((cell) => cell.trim() !== '').slice(0, 4),
    })),
  };
}

/** A spreadsheet cell as text: numbers as written, dates as days, true/false as TRUE/FALSE. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return String(value);
}

/**
 * The rows the dry run refused, as a CSV to fix in the spreadsheet: the file's own columns and
 * an 'errors' column saying, for each, the column and what is wrong.
 */
export function errorRowsCsv(
  table: Pick<FileTable, 'headings' | 'rows' | 'numbers'>,
  errors: readonly { row: number; errors: readonly { column: string; message: string }[] }[],
): string {
  const lines = [csvLine([...table.headings, 'errors'])];
  const indexOf = new Map(table.numbers.map((number, index) => [number, index]));
  for (const { row, errors: found } of errors) {
    const cells = table.rows[indexOf.get(row) ?? -1] ?? [];
    const said = found.map((error) => `${error.column}: ${error.message}`).join('; ');
    lines.push(csvLine([...cells, said]));
  }
  return `${lines.join('\r\n')}\r\n`;
}
