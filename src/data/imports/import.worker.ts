// Reads an imported file and runs its dry run off the page's thread: a 50,000-row file is read,
// mapped and checked here while the page stays responsive. It keeps the rows and the last plan,
// and hands the page only what it shows, and the rows to apply a batch at a time.
import readXlsxFile from 'read-excel-file/web-worker';
import { type NumberFormat, numberFormatOf } from '#domains/imports/cells.ts';
import { decodeText } from '#domains/imports/decode.ts';
import { type ImportPlan, planImport, type RowPlan } from '#domains/imports/dry-run.ts';
import { cellText, errorRowsCsv, type FileTable, tableOf } from '#domains/imports/table.ts';
import { detectDelimiter, parseCsv } from './csv.ts';
import {
  type ImportReply,
  type ImportRequest,
  LISTED_ERRORS,
  PREVIEW_ROWS,
  type ReadFile,
} from './import-protocol.ts';
import { readStoredCatalogue } from './stored-catalogue.ts';

// The app is typed against the DOM's lib; this is the little of a worker's global it uses.
interface ImportScope {
  onmessage: ((event: MessageEvent<ImportRequest>) => void) | null;
  postMessage(reply: ImportReply): void;
}
const scope = self as unknown as ImportScope;

let table: FileTable = tableOf([]);
/** How the file read last writes its numbers. */
let numberFormat: NumberFormat = 'decimal-point';
let plan: ImportPlan | null = null;
/** The plan's rows that change the catalogue, handed out a batch at a time. */
let applicable: RowPlan[] = [];

/** An .xlsx file is a zip: it starts with 'PK'. */
const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b;

async function bytesOf(file: File, progress: (share: number) => void): Promise<Uint8Array> {
  const bytes = new Uint8Array(file.size);
  let read = 0;
  const reader = file.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes.set(value, read);
    read += value.length;
    progress(read / Math.max(1, file.size));
  }
  return bytes.subarray(0, read);
}

async function readFile(request: Extract<ImportRequest, { type: 'read' }>): Promise<ReadFile> {
  const progress = (share: number) =>
    scope.postMessage({ id: request.id, type: 'progress', share });
  // Reading is the first half of the bar, making the table the second.
  const bytes = await bytesOf(request.file, (share) => progress(share / 2));
  plan = null;
  applicable = [];
  if (isZip(bytes)) {
    // Numbers as the sheet writes them: a barcode's 13 digits, a price's cents.
    const sheets = await readXlsxFile(bytes.slice().buffer, { parseNumber: (text) => text });
    const chosen = sheets.find((sheet) => sheet.sheet === request.sheet) ?? sheets[0];
    table = tableOf(
      (chosen?.data ?? []).map((row) => row.map(cellText)),
      request.headingRow,
    );
    // A sheet's numbers are numbers; only those typed as text can be written otherwise.
    numberFormat = 'decimal-point';
    progress(1);
    return {
      kind: 'xlsx',
      ...shown(table),
      sheets: sheets.map((sheet) => sheet.sheet),
      ...(chosen ? { sheet: chosen.sheet } : {}),
    };
  }
  const { text, encoding } = decodeText(bytes);
  const delimiter = detectDelimiter(text);
  table = parseCsv(text, (share) => progress(0.5 + share / 2), delimiter, request.headingRow);
  numberFormat = numberFormatOf(delimiter);
  return { kind: 'csv', ...shown(table), encoding, delimiter };
}

/** What the screens show of a table read: its headings, first rows, size and number format. */
function shown(read: FileTable) {
  return {
    headings: read.headings,
    preview: read.rows.slice(0, PREVIEW_ROWS),
    previewNumbers: read.numbers.slice(0, PREVIEW_ROWS),
    rowCount: read.rows.length,
    headingRow: read.headingRow,
    headingChoices: read.headingChoices,
    numberFormat,
  };
}

async function answer(request: ImportRequest): Promise<ImportReply> {
  switch (request.type) {
    case 'read':
      return { id: request.id, type: 'read', file: await readFile(request) };
    case 'plan': {
      const items = await readStoredCatalogue();
      plan = planImport({
        ...request,
        headings: table.headings,
        rows: table.rows,
        numbers: table.numbers,
        catalogue: items,
        numberFormat,
      });
      applicable = plan.rows.filter((row) => row.action === 'create' || row.action === 'update');
      const refused = plan.rows.filter((row) => row.action === 'error');
      return {
        id: request.id,
        type: 'plan',
        summary: {
          counts: plan.counts,
          preview: plan.rows.slice(0, PREVIEW_ROWS),
          errors: refused.slice(0, LISTED_ERRORS).map(({ row, errors }) => ({ row, errors })),
          applicable: applicable.length,
        },
      };
    }
    case 'rows':
      return {
        id: request.id,
        type: 'rows',
        rows: applicable.slice(request.from, request.from + request.count),
      };
    case 'error-file': {
      const refused = (plan?.rows ?? []).filter((row) => row.action === 'error');
      return { id: request.id, type: 'error-file', csv: errorRowsCsv(table, refused) };
    }
  }
}

scope.onmessage = (event: MessageEvent<ImportRequest>) => {
  answer(event.data).then(
    (reply) => scope.postMessage(reply),
    (error: unknown) =>
      scope.postMessage({
        id: event.data.id,
        type: 'failed',
        message: error instanceof Error ? error.message : String(error),
      }),
  );
};
