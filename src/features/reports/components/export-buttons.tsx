import { Download } from 'lucide-react';
import { type SheetValue, sheetCsv, sheetValues } from '#domains/reports/report-sheet.ts';
import { downloadBlob, downloadText } from '#ui/download.ts';
import type { SheetCell } from '#ui/xlsx-workbook.ts';
import { REPORTS_TEXT } from '../reports-text.ts';

/** What a report exports: its file's name (without the extension) and its rows both ways. */
export interface ReportExport {
  fileName: string;
  sheetName: string;
  csv: () => string;
  /** The workbook's rows, values as numbers where they are figures. */
  values: () => SheetCell[][];
}

/** The export of a report kept as sheet rows (report-sheet.ts): the CSV and the workbook alike. */
export const sheetExport = (
  fileName: string,
  sheetName: string,
  rows: () => SheetValue[][],
): ReportExport => ({
  fileName,
  sheetName,
  csv: () => sheetCsv(rows()),
  values: () => sheetValues(rows()),
});

/** The workbook, its writer loaded only when one is asked for. */
async function downloadWorkbook({ fileName, sheetName, values }: ReportExport) {
  const { workbookBytes, XLSX_TYPE } = await import('#ui/xlsx-workbook.ts');
  const bytes = await workbookBytes(values(), sheetName);
  downloadBlob(`${fileName}.xlsx`, new Blob([bytes], { type: XLSX_TYPE }));
}

/** 'Export CSV' and 'Export XLSX' of a report shown; disabled until there is one. */
export function ExportButtons({ report }: { report: ReportExport | null }) {
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        disabled={!report}
        onClick={() => report && downloadText(`${report.fileName}.csv`, report.csv())}
      >
        <Download size={16} aria-hidden="true" />
        {REPORTS_TEXT.exportCsv}
      </button>
      <button
        type="button"
        className="button button--secondary"
        disabled={!report}
        onClick={() => report && void downloadWorkbook(report)}
      >
        <Download size={16} aria-hidden="true" />
        {REPORTS_TEXT.exportXlsx}
      </button>
    </>
  );
}
