import { listCsv } from '#domains/products/export.ts';
import { downloadBlob, downloadText } from '#ui/download.ts';
import type { SheetCell } from '#ui/xlsx-workbook.ts';

/** The formats a list is exported in (Import/Export Settings → exportFormat). */
export type ExportFormat = 'csv' | 'xlsx';

/** A value as a spreadsheet cell: a number where the column holds numbers, else text. */
function sheetCell(value: unknown, numeric: boolean): SheetCell {
  if (value === null || value === undefined || value === '') return null;
  if (Array.isArray(value)) return value.join(', ');
  const number = Number(value);
  if (numeric && typeof value !== 'boolean' && Number.isFinite(number)) return number;
  return typeof value === 'boolean' ? value : String(value);
}

/**
 * Saves a list as a file: CSV (UTF-8 with its byte order mark, formula-safe) or an Excel
 * workbook, whose writer loads only when one is asked for.
 */
export async function downloadList(
  baseName: string,
  format: ExportFormat,
  list: { headings: string[]; rows: unknown[][]; numeric: boolean[] },
): Promise<void> {
  if (format === 'csv') {
    downloadText(`${baseName}.csv`, listCsv(list.headings, list.rows));
    return;
  }
  // The workbook's writer loads only when a workbook is asked for.
  const { workbookBytes, XLSX_TYPE } = await import('#ui/xlsx-workbook.ts');
  const bytes = await workbookBytes([
    list.headings,
    ...list.rows.map((row) =>
      row.map((value, index) => sheetCell(value, list.numeric[index] ?? false)),
    ),
  ]);
  downloadBlob(`${baseName}.xlsx`, new Blob([bytes], { type: XLSX_TYPE }));
}
