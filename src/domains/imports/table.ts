import { csvLine, unescapedCell } from '../products/export.ts';

/**
 * A file read as a table: its headings (the first row) and the rows after them, every cell as
 * text (data/imports reads CSV and spreadsheets into it).
 */
export interface FileTable {
  headings: string[];
  rows: string[][];
  /** Each row's number as a spreadsheet shows it (the headings' row is 1; empty rows count). */
  numbers: number[];
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
 * A table from its rows of cells: the first row names the columns, empty rows are left out, and
 * a cell a CSV export made formula-safe reads as it was.
 */
export function tableOf(cells: readonly (readonly string[])[]): FileTable {
  const filled: number[] = [];
  cells.forEach((row, index) => {
    if (row.some((cell) => cell.trim() !== '')) filled.push(index);
  });
  const [first, ...rest] = filled;
  const headings = distinctHeadings(
    (first === undefined ? [] : (cells[first] ?? [])).map(unescapedCell),
  );
  return {
    headings,
    rows: rest.map((index) =>
      headings.map((_, column) => unescapedCell(cells[index]?.[column] ?? '')),
    ),
    numbers: rest.map((index) => index + 1),
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
  table: FileTable,
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
