import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import Papa from 'papaparse';
import { BARCODE_MESSAGE } from '../../src/domains/products/barcode.ts';
import { IMPORT_TEXT } from '../../src/features/inventory/components/import/import-text.ts';
import { workbookBytes } from '../../src/ui/xlsx-workbook.ts';
import { IMPORT_USER } from './e2e-env.ts';
import { importCount as count, gridCell, openImport, screenshot, signIn } from './helpers.ts';
import { openRowMenu, PRODUCT, resultCount } from './inventory-grid.ts';

/**
 * Bringing a catalogue in from another system's file: 1,500 rows written with semicolons in
 * Windows-1252, a note with a line break inside quotes, and 3 bad rows. Read and checked in the
 * browser, applied on the server, then exported and imported again without a change.
 */
const ROWS = 1_500;
const HEADINGS = [
  'Item Name',
  'Brand',
  'Country',
  'Type',
  'SKU',
  'EAN',
  'RRP',
  'Cost',
  'Stock on hand',
  'Notes',
];

/** An EAN-13 with its check digit. */
function ean(n: number): string {
  const body = `93${String(n).padStart(10, '0')}`;
  const sum = [...body].reduce(
    (total, digit, index) => total + Number(digit) * (index % 2 ? 3 : 1),
    0,
  );
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** The file's text, and the rows (as the spreadsheet numbers them) that are wrong. */
function otherSystemFile() {
  const lines = [HEADINGS.join(';')];
  for (let n = 0; n < ROWS; n += 1) {
    const name =
      n % 3 === 0 ? `Grüner Veltliner ${n}` : n % 3 === 1 ? `Rosé de Provence ${n}` : `Shiraz ${n}`;
    const cells = [
      name,
      'Domaine Müller',
      n % 2 ? 'Österreich' : 'France',
      n % 3 === 1 ? 'Rosé' : 'White',
      `OLD-${String(n).padStart(5, '0')}`,
      ean(n),
      `${20 + (n % 40)},50`.replace(',', '.'),
      '9.90',
      String(n % 24),
      n === 7 ? '"Crisp; citrus\r\nand “stone fruit” – €12 a glass"' : '',
    ];
    lines.push(cells.join(';'));
  }
  // Rows 52, 503 and 1,204: a wrong check digit, a price in words, a missing name.
  const bad = { ean: 52, price: 503, name: 1_204 };
  const at = (row: number) => row - 1;
  lines[at(bad.ean)] = (lines[at(bad.ean)] ?? '').replace(
    /;(93\d{10})(\d);/,
    (_match, body: string, digit: string) => `;${body}${(Number(digit) + 1) % 10};`,
  );
  lines[at(bad.price)] = (lines[at(bad.price)] ?? '').replace(/;(\d+\.50);/, ';abc;');
  lines[at(bad.name)] = (lines[at(bad.name)] ?? '').replace(/^[^;]+;/, ';');
  return { text: `${lines.join('\r\n')}\r\n`, bad };
}

/** Windows-1252, as an older till system writes it (not Latin-1: € and curly quotes differ). */
function windows1252(text: string): Buffer {
  const special: Record<string, number> = { '€': 0x80, '“': 0x93, '”': 0x94, '–': 0x96 };
  return Buffer.from(
    [...text].map(
      (char) => special[char] ?? (char.charCodeAt(0) < 256 ? char.charCodeAt(0) : 0x3f),
    ),
  );
}

const chooseFile = (page: Page, name: string, buffer: Buffer) =>
  page.getByLabel(IMPORT_TEXT.fileLabel).setInputFiles({ name, mimeType: 'text/csv', buffer });

test('imports another system’s 1,500 rows: checked first, errors by row and column, applied, and back out and in again unchanged', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const { text, bad } = otherSystemFile();
  await signIn(page, IMPORT_USER);
  await openImport(page);

  await chooseFile(page, 'wines.csv', windows1252(text));
  await expect(page.getByText(IMPORT_TEXT.read('wines.csv', ROWS, HEADINGS.length))).toBeVisible();
  await expect(page.getByText(IMPORT_TEXT.encoding('windows-1252'))).toBeVisible();
  await expect(page.getByText(IMPORT_TEXT.delimiter('semicolons'))).toBeVisible();
  // Suggested from the headings: exact names, then other systems' names for them.
  const importAs = (heading: string) => page.getByLabel(`${IMPORT_TEXT.importAs}: ${heading}`);
  await expect(importAs('Item Name')).toHaveValue('name');
  await expect(importAs('Brand')).toHaveValue('producer');
  await expect(importAs('EAN')).toHaveValue('barcode');
  await expect(importAs('RRP')).toHaveValue('list_price');
  await expect(importAs('Cost')).toHaveValue('luc');
  await expect(importAs('Stock on hand')).toHaveValue('stock_quantity');
  await expect(importAs('Notes')).toHaveValue('description');
  await page.getByLabel(IMPORT_TEXT.setStock).check();
  await page.getByLabel(IMPORT_TEXT.mappingName).fill('Old till system');
  await page.getByRole('button', { name: IMPORT_TEXT.saveMapping }).click();
  await expect(page.getByText(IMPORT_TEXT.mappingSaved('Old till system'))).toBeVisible();

  await page.getByRole('button', { name: IMPORT_TEXT.check }).click();
  await expect(count(page, IMPORT_TEXT.counts.create)).toHaveText('1,497');
  await expect(count(page, IMPORT_TEXT.counts.update)).toHaveText('0');
  await expect(count(page, IMPORT_TEXT.counts.unchanged)).toHaveText('0');
  await expect(count(page, IMPORT_TEXT.counts.error)).toHaveText('3');
  const errors = page.locator('.import__error-list li');
  await expect(errors).toHaveCount(3);
  await expect(errors.nth(0)).toHaveText(
    `${IMPORT_TEXT.rowError(bad.ean, 'EAN')}: ${BARCODE_MESSAGE}`,
  );
  await expect(errors.nth(1)).toHaveText(
    `${IMPORT_TEXT.rowError(bad.price, 'RRP')}: List price must be a number`,
  );
  await expect(errors.nth(2)).toHaveText(
    `${IMPORT_TEXT.rowError(bad.name, 'Item Name')}: Product name is required`,
  );
  // The first rows as they will be saved: accents and the quoted line break intact.
  const preview = page.getByRole('table', { name: IMPORT_TEXT.preview });
  await expect(preview.getByText('Grüner Veltliner 0', { exact: true })).toBeVisible();
  await expect(preview.getByText('Rosé de Provence 1', { exact: true })).toBeVisible();
  await expect(preview.getByText(/“stone fruit” – €12 a glass/)).toBeVisible();

  const [errorFile] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: IMPORT_TEXT.downloadErrors }).click(),
  ]);
  expect(errorFile.suggestedFilename()).toBe('wines-errors.csv');
  const [errorHeadings = [], ...errorRows] = Papa.parse<string[]>(
    readFileSync((await errorFile.path()) ?? '', 'utf8').slice(1),
    { skipEmptyLines: true },
  ).data;
  expect(errorHeadings).toEqual([...HEADINGS, 'errors']);
  expect(errorRows.map((row) => row.at(-1))).toEqual([
    `EAN: ${BARCODE_MESSAGE}`,
    'RRP: List price must be a number',
    'Item Name: Product name is required',
  ]);
  for (const [width, height, name] of [
    [1280, 800, 'import-check'],
    [1024, 768, 'import-check-tablet'],
    [390, 844, 'import-check-phone'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.getByRole('heading', { name: IMPORT_TEXT.result }).scrollIntoViewIfNeeded();
    await screenshot(page, name);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // Apply needs the server, and says so; errors must be skipped first.
  const apply = page.getByRole('button', { name: IMPORT_TEXT.apply(1_497) });
  await expect(apply).toBeDisabled();
  await page.getByLabel(IMPORT_TEXT.skipErrors(3)).check();
  await context.setOffline(true);
  await expect(page.getByText(IMPORT_TEXT.needsConnection)).toBeVisible();
  await expect(apply).toBeDisabled();
  await context.setOffline(false);
  await expect(apply).toBeEnabled();
  await apply.click();
  await expect(page.getByRole('heading', { name: IMPORT_TEXT.finished })).toBeVisible();
  await expect(
    page.getByText(`${IMPORT_TEXT.tally(1_497, 0, 0)} ${IMPORT_TEXT.skipped(3)}`),
  ).toBeVisible();
  await screenshot(page, 'import-finished');

  // The grid has the products, and History says where they came from.
  await page.getByRole('button', { name: IMPORT_TEXT.viewInventory }).click();
  await page.getByPlaceholder('Search products, producers, regions...').fill('Grüner Veltliner 9');
  await expect(gridCell(page, PRODUCT, 0)).toContainText('Grüner Veltliner 9');
  expect(await resultCount(page)).toBeGreaterThan(1);
  await openRowMenu(page, 0);
  await page.getByRole('menuitem', { name: 'View History' }).click();
  const history = page.getByRole('dialog', { name: /^History: Grüner Veltliner 9/ });
  await expect(history.getByText('Imported from wines.csv').first()).toBeVisible();
  await expect(
    history.getByText('Inventory Count Correction: Imported from wines.csv'),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();

  // Out and in again: every field exported, then imported — nothing changes.
  await page.getByPlaceholder('Search products, producers, regions...').fill('');
  await expect(page.getByText(/^Showing 1 to \d+ of 1,497 results$/)).toBeVisible();
  await page.getByRole('button', { name: 'Export' }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export products' });
  await exportDialog.getByLabel('Every field (to import again)').check();
  await exportDialog.getByLabel('CSV').check();
  const [exported] = await Promise.all([
    page.waitForEvent('download'),
    exportDialog.getByRole('button', { name: 'Export' }).click(),
  ]);
  const exportedBytes = readFileSync((await exported.path()) ?? '');
  // UTF-8 with its byte order mark this time.
  expect([...exportedBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  await page.getByRole('tab', { name: 'Add Inventory' }).click();
  await page.getByRole('button', { name: IMPORT_TEXT.open }).click();
  await chooseFile(page, 'export.csv', exportedBytes);
  await expect(page.getByText(IMPORT_TEXT.encoding('utf-8 with BOM'))).toBeVisible();
  await page.getByRole('button', { name: IMPORT_TEXT.check }).click();
  await expect(count(page, IMPORT_TEXT.counts.unchanged)).toHaveText('1,497');
  await expect(count(page, IMPORT_TEXT.counts.create)).toHaveText('0');
  await expect(count(page, IMPORT_TEXT.counts.update)).toHaveText('0');
  await expect(count(page, IMPORT_TEXT.counts.error)).toHaveText('0');
  await expect(page.getByText(IMPORT_TEXT.nothingToApply)).toBeVisible();

  // A workbook of more than 512 KB, which the reader unzips and parses in workers of its own:
  // read to its columns and first row.
  const sheet: (string | number)[][] = [['Product name', 'SKU', 'List price', 'Notes']];
  for (let n = 0; n < 12_000; n += 1) {
    sheet.push([`Cellar wine ${n}`, `XL-${n}`, 10 + (n % 90), randomBytes(24).toString('hex')]);
  }
  const workbook = Buffer.from(await workbookBytes(sheet));
  expect(workbook.length).toBeGreaterThan(512 * 1024);
  await page.getByLabel(IMPORT_TEXT.fileLabel).setInputFiles({
    name: 'cellar.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: workbook,
  });
  await expect(page.getByText(IMPORT_TEXT.read('cellar.xlsx', 12_000, 4))).toBeVisible({
    timeout: 30_000,
  });
  await expect(importAs('SKU')).toHaveValue('sku');
  await expect(page.locator('.import__sample').first()).toHaveText('Cellar wine 0');

  // The first file again: its saved mapping is proposed, and its rows are now unchanged.
  await chooseFile(page, 'wines.csv', windows1252(text));
  await expect(page.getByText(IMPORT_TEXT.savedMapping('Old till system'))).toBeVisible();
  await page.getByLabel(IMPORT_TEXT.setStock).check();
  await page.getByRole('button', { name: IMPORT_TEXT.check }).click();
  await expect(count(page, IMPORT_TEXT.counts.unchanged)).toHaveText('1,497');
  await expect(count(page, IMPORT_TEXT.counts.error)).toHaveText('3');
});
