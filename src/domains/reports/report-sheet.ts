import { csvCell } from '#domains/products/export.ts';

/**
 * A report as rows of a spreadsheet, for its CSV and its workbook alike: money is kept in cents
 * until written (two decimals in a CSV, a number of dollars in a workbook), so both hold the
 * figures the page shows, to the cent.
 */
export type SheetValue = string | number | null | { cents: number };

export const money = (cents: number): SheetValue => ({ cents });

const isMoney = (cell: SheetValue): cell is { cents: number } =>
  typeof cell === 'object' && cell !== null;

/**
 * The rows as CSV: money with two decimals. Figures are written as they are (a refund's −0.05
 * is a number, not a formula to guard against); text is made formula-safe and quoted as CSV
 * needs (csvCell).
 */
export function sheetCsv(rows: readonly (readonly SheetValue[])[]): string {
  const cellOf = (cell: SheetValue) =>
    isMoney(cell)
      ? (cell.cents / 100).toFixed(2)
      : typeof cell === 'number'
        ? String(cell)
        : csvCell(cell);
  return `${rows.map((row) => row.map(cellOf).join(',')).join('\r\n')}\r\n`;
}

/** The rows as a workbook's values: money as dollars. */
export const sheetValues = (rows: readonly (readonly SheetValue[])[]) =>
  rows.map((row) => row.map((cell) => (isMoney(cell) ? Math.round(cell.cents) / 100 : cell)));
