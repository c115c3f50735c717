import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { MAX_IMPORT_BATCH } from '../../src/domains/imports/job.ts';
import { csvLine } from '../../src/domains/products/export.ts';
import { IMPORT_TEXT } from '../../src/features/inventory/components/import/import-text.ts';
import { DEMO_CATALOGUE_SIZE } from '../../src/server/seed/catalogue.ts';
import { workbookBytes } from '../../src/ui/xlsx-workbook.ts';
import { apiToken, CATALOGUE_PRODUCTS, catalogueStored } from './catalogue.bench.ts';
import { launchChromium, signIn } from './lib/browser.ts';
import { runWhenStarted } from './lib/run.ts';
import { build, startServer } from './lib/server.ts';
import { ms } from './lib/stats.ts';

/**
 * Imports and exports of 50,000 rows:
 * - in Chromium, against a stored catalogue of 50,000 products: a 10 MB CSV (half the rows
 *   change a product's price, half are new products) read, mapped and checked, the time from the
 *   file chosen to the columns shown plus from 'Check the file' to the counts shown, and the
 *   longest task on the page's thread meanwhile; the same rows as an .xlsx workbook, chosen to
 *   its columns and first row shown (the preview); Export of the 50,000 rows to CSV, click to
 *   download;
 * - on the real server (embedded database): such an import applied as the screen sends it, the
 *   job then its rows in batches of MAX_IMPORT_BATCH, one after another, half updating products
 *   (a new price, and stock set from the file), half making new ones with a stock count. The time
 *   from the job's start to the last batch's answer, as the tablet sees it.
 *
 * `npm run bench:import` (add `-- --no-build` to reuse dist/).
 */
export const IMPORT_ROWS = 50_000;
export const APPLY_BUDGET_MS = 30_000;
export const CHECK_BUDGET_MS = 3_000;
export const LONG_TASK_BUDGET_MS = 100;
export const XLSX_PREVIEW_BUDGET_MS = 8_000;
export const EXPORT_BUDGET_MS = 2_000;
const PORT = 8298;
const BROWSER_PORT = 8299;

interface CatalogueProduct {
  id: number;
  version: number;
}

async function catalogueOf(baseUrl: string, token: string): Promise<CatalogueProduct[]> {
  const response = await fetch(`${baseUrl}/api/v1/inventory/enhanced`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { products } = (await response.json()) as { products: CatalogueProduct[] };
  return products;
}

/** The rows a dry run of such a file plans: updates of `existing`, then creates. */
function plannedRows(existing: readonly CatalogueProduct[], total: number) {
  const updates = existing.slice(0, total / 2).map((product, index) => ({
    row: index + 2,
    action: 'update' as const,
    product_id: product.id,
    version: product.version,
    changes: { list_price: `${(20 + (index % 50)).toFixed(2)}`, region: 'Imported region' },
    stock: 12 + (index % 7),
  }));
  const creates = Array.from({ length: total - updates.length }, (_, index) => ({
    row: updates.length + index + 2,
    action: 'create' as const,
    changes: {
      name: `Imported wine ${index}`,
      sku: `IMP-${String(index).padStart(6, '0')}`,
      producer: 'Bench Estate',
      country: 'Australia',
      list_price: '24.00',
      luc: '12.00',
      gst: '2.18',
    },
    stock: 6,
  }));
  return [...updates, ...creates];
}

async function post(baseUrl: string, token: string, path: string, body: unknown) {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as unknown;
}

/** Applies IMPORT_ROWS rows on a server whose catalogue holds at least half as many. */
export async function applyImport(baseUrl: string) {
  const token = await apiToken(baseUrl);
  const rows = plannedRows(await catalogueOf(baseUrl, token), IMPORT_ROWS);
  const id = randomUUID();
  const started = performance.now();
  await post(baseUrl, token, '/imports', {
    id,
    file_name: 'bench.csv',
    match_by: 'sku',
    set_stock: true,
    row_count: rows.length,
  });
  let tally: Record<string, number> = {};
  for (let from = 0; from < rows.length; from += MAX_IMPORT_BATCH) {
    const answer = (await post(baseUrl, token, `/imports/${id}/rows`, {
      rows: rows.slice(from, from + MAX_IMPORT_BATCH),
    })) as { job: { tally: Record<string, number> } };
    tally = answer.job.tally;
  }
  return { elapsed: performance.now() - started, rows: rows.length, tally };
}

interface ExportedProduct {
  columns: { key: string; value: unknown }[];
}

/** The file another system would give for this catalogue: its rows, every price moved on. */
async function catalogueFile(baseUrl: string) {
  const token = await apiToken(baseUrl);
  const response = await fetch(`${baseUrl}/api/v1/inventory/enhanced`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { products } = (await response.json()) as { products: ExportedProduct[] };
  const headings = ['Product name', 'SKU', 'Barcode', 'Producer/Brand', 'Country', 'Region'];
  const rows: (string | number)[][] = [];
  const note = 'Dark cherry and plum, fine-grained tannins and a long, savoury finish; decant.';
  for (let n = 0; n < IMPORT_ROWS; n += 1) {
    const product = products[n];
    const value = (key: string) =>
      String(product?.columns.find((column) => column.key === key)?.value ?? '');
    // Half the rows are products of the catalogue at a new price; half are new products.
    const existing = n < IMPORT_ROWS / 2 && product;
    rows.push([
      existing ? value('name') : `Imported wine ${n}`,
      existing ? value('sku') : `NEW-${String(n).padStart(6, '0')}`,
      existing ? value('barcode') : '',
      existing ? value('producer') : 'Bench Estate',
      'Australia',
      'Barossa Valley',
      (20 + (n % 50)).toFixed(2),
      '12.00',
      String(n % 30),
      note,
    ]);
  }
  const all = [[...headings, 'List price', 'LUC', 'Stock', 'Description'], ...rows];
  const csv = `${all.map((row) => csvLine(row)).join('\r\n')}\r\n`;
  const xlsx = await workbookBytes(all);
  return { csv: Buffer.from(csv, 'utf8'), xlsx: Buffer.from(xlsx) };
}

/** Marks in the page: when the file is chosen, its columns shown, Check clicked, counts shown. */
function watchImport(page: Page) {
  return page.evaluate(() => {
    const marks: Record<string, number> = {};
    // [start, duration]: a task that began before the file was chosen is the test's own
    // (Playwright hands the page the file's bytes), not the app's.
    const longTasks: [number, number][] = [];
    Object.assign(window, { importMarks: marks, importLongTasks: longTasks });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask' });
    document.addEventListener('change', () => (marks.chosen ??= performance.now()), true);
    document.addEventListener(
      'click',
      (event) => {
        if ((event.target as Element).closest('button')?.textContent === 'Check the file') {
          marks.check = performance.now();
        }
      },
      true,
    );
    new MutationObserver(() => {
      if (marks.read === undefined && document.querySelector('.import__mapping')) {
        marks.read = performance.now();
      }
      if (marks.checked === undefined && document.querySelector('.import__counts')) {
        marks.checked = performance.now();
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
}

const marksOf = (page: Page) =>
  page.evaluate(() => {
    const scope = window as unknown as {
      importMarks: Record<string, number>;
      importLongTasks: [number, number][];
    };
    const chosen = scope.importMarks.chosen ?? 0;
    const ours = scope.importLongTasks.filter(([start]) => start >= chosen);
    return {
      marks: { ...scope.importMarks },
      longest: Math.max(0, ...ours.map(([, duration]) => duration)),
    };
  });

async function openImport(page: Page) {
  await page.getByRole('tab', { name: 'Add Inventory' }).click();
  await page.getByRole('button', { name: IMPORT_TEXT.open }).click();
  await watchImport(page);
}

/** In Chromium, on a server whose catalogue holds CATALOGUE_PRODUCTS products. */
export async function importBrowserFigures(browser: Browser, baseUrl: string) {
  const files = await catalogueFile(baseUrl);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await signIn(page, baseUrl);
    await catalogueStored(page, baseUrl);
    await openImport(page);
    const input = page.getByLabel(IMPORT_TEXT.fileLabel);
    await input.setInputFiles({ name: 'bench.csv', mimeType: 'text/csv', buffer: files.csv });
    await page.locator('.import__mapping').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: IMPORT_TEXT.check }).click();
    await page.locator('.import__counts').waitFor({ timeout: 60_000 });
    const counts = await page.locator('.import__count dd').allTextContents();
    const csv = await marksOf(page);

    await page.getByRole('button', { name: IMPORT_TEXT.back }).click();
    await openImport(page);
    await page.getByLabel(IMPORT_TEXT.fileLabel).setInputFiles({
      name: 'bench.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: files.xlsx,
    });
    await page.locator('.import__mapping').waitFor({ timeout: 120_000 });
    const xlsx = await marksOf(page);

    // Export: the whole catalogue, every field, as CSV.
    await page.getByRole('tab', { name: 'Inventory', exact: true }).click();
    await page.getByRole('button', { name: 'Export' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export products' });
    await dialog.getByLabel('Every field (to import again)').check();
    await dialog.getByLabel('CSV').check();
    const clicked = Date.now();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      dialog.getByRole('button', { name: 'Export' }).click(),
    ]);
    const exported = Date.now() - clicked;
    await download.delete();
    const read = (csv.marks.read ?? 0) - (csv.marks.chosen ?? 0);
    const check = (csv.marks.checked ?? 0) - (csv.marks.check ?? 0);
    return {
      bytes: files.csv.length,
      counts,
      read,
      check,
      total: read + check,
      longest: csv.longest,
      xlsxBytes: files.xlsx.length,
      xlsxPreview: (xlsx.marks.read ?? 0) - (xlsx.marks.chosen ?? 0),
      xlsxLongest: xlsx.longest,
      exported,
    };
  } finally {
    await context.close();
  }
}

export async function importServerFigures() {
  const server = await startServer({
    port: PORT,
    extraProducts: IMPORT_ROWS / 2 - DEMO_CATALOGUE_SIZE,
  });
  try {
    return await applyImport(server.baseUrl);
  } finally {
    await server.stop();
  }
}

runWhenStarted(import.meta.url, async () => {
  if (!process.argv.includes('--no-build')) build();
  const server = await startServer({
    port: BROWSER_PORT,
    extraProducts: CATALOGUE_PRODUCTS - DEMO_CATALOGUE_SIZE,
  });
  const browser = await launchChromium();
  try {
    const figures = await importBrowserFigures(browser, server.baseUrl);
    console.log(
      `CSV of ${(figures.bytes / 1024 / 1024).toFixed(1)} MB, ${IMPORT_ROWS.toLocaleString('en')} rows: read and mapped ${ms(figures.read)}, checked ${ms(figures.check)}, together ${ms(figures.total)} (budget ${ms(CHECK_BUDGET_MS)}); longest task on the page ${ms(figures.longest)} (budget ${ms(LONG_TASK_BUDGET_MS)}); counts ${figures.counts.join(' / ')}`,
    );
    console.log(
      `XLSX of ${(figures.xlsxBytes / 1024 / 1024).toFixed(1)} MB: preview ${ms(figures.xlsxPreview)} (budget ${ms(XLSX_PREVIEW_BUDGET_MS)}); longest task ${ms(figures.xlsxLongest)}`,
    );
    console.log(
      `Export of ${CATALOGUE_PRODUCTS.toLocaleString('en')} rows to CSV: ${ms(figures.exported)} (budget ${ms(EXPORT_BUDGET_MS)})`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
  const applied = await importServerFigures();
  console.log(
    `${applied.rows.toLocaleString('en')} rows applied in ${ms(applied.elapsed)} (budget ${ms(APPLY_BUDGET_MS)}): ${JSON.stringify(applied.tally)}`,
  );
});
