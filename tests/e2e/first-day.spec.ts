import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { IMPORT_TEXT } from '../../src/features/inventory/components/import/import-text.ts';
import { FIRST_DAY_USER } from './e2e-env.ts';
import { importCount, openImport, screenshot, signIn } from './helpers.ts';

/**
 * A shop's first real day: its Business Profile (ABN, address), its own price list imported —
 * Windows-1252, semicolons, a title row above the headings, '$9.50', '750ml', a Qty column and
 * no GST column — then two of its wines sold on a shift: each receipt a tax invoice naming the
 * wine with its vintage and GST of 1/11 of its total, and the shift's GST their sum.
 */
const PRICE_LIST = readFileSync(new URL('../fixtures/shop-price-list.csv', import.meta.url));

async function sell(page: Page, search: string, name: string) {
  const field = page.getByLabel('Scan or search a product');
  await field.fill(search);
  await page.getByRole('button', { name: new RegExp(`^${name} \\$`) }).click();
  await page.getByLabel("Card (the shop's terminal)").check();
  await page.getByRole('button', { name: 'Complete sale' }).click();
  return page.getByRole('region', { name: 'Receipt' });
}

test('the owner’s own price list imported with stock, then sold: tax invoices with vintages, and the shift’s GST their sum', async ({
  page,
}) => {
  await signIn(page, FIRST_DAY_USER);

  // The till asks once for the ABN, and says why.
  await page.goto('/pos');
  await expect(page.getByText(/a receipt is a tax invoice only with it/)).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('link', { name: 'Open Business Profile' }).click();
  await page.getByLabel('ABN').fill('51 824 753 556');
  await page.getByLabel('Address').fill('1 Wharf St, Hobart TAS 7000');
  await expect(page.getByLabel('Time zone')).not.toHaveValue('');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Business profile saved')).toBeVisible();

  await openImport(page);
  await page
    .getByLabel(IMPORT_TEXT.fileLabel)
    .setInputFiles({ name: 'price-list.csv', mimeType: 'text/csv', buffer: PRICE_LIST });
  await expect(page.getByText(IMPORT_TEXT.read('price-list.csv', 5, 8))).toBeVisible();
  await expect(page.getByText(IMPORT_TEXT.encoding('windows-1252'))).toBeVisible();
  await expect(page.getByText(IMPORT_TEXT.numbers['decimal-comma'])).toBeVisible();
  // The title row above the headings is passed over; the headings' row can be chosen.
  await expect(page.getByLabel(IMPORT_TEXT.headingRow)).toHaveValue('3');
  const importAs = (heading: string) => page.getByLabel(`${IMPORT_TEXT.importAs}: ${heading}`);
  await expect(importAs('Item')).toHaveValue('name');
  await expect(importAs('Cost ex GST')).toHaveValue('luc');
  await expect(importAs('Size')).toHaveValue('bottle_ml');
  await expect(importAs('Qty')).toHaveValue('stock_quantity');
  // Stock stays opt-in, and the screen says so in words.
  await expect(page.getByText(IMPORT_TEXT.stockIgnored('Qty'))).toBeVisible();
  await page.getByLabel(IMPORT_TEXT.setStock).check();
  await expect(page.getByText(IMPORT_TEXT.stockIgnored('Qty'))).toHaveCount(0);

  await page.getByRole('button', { name: IMPORT_TEXT.check }).click();
  const count = (label: string) => importCount(page, label);
  await expect(count(IMPORT_TEXT.counts.create)).toHaveText('5');
  await expect(count(IMPORT_TEXT.counts.error)).toHaveText('0');
  // The GST each product gets, from its cost ex GST: no GST column needed.
  const preview = page.getByRole('table', { name: IMPORT_TEXT.preview });
  const firstRow = preview.getByRole('row').nth(1);
  await expect(firstRow).toContainText('GST: $0.95');
  await expect(firstRow).toContainText('Tax category: GST 10%');
  await expect(firstRow).toContainText('Bottle size (ml): 750 ml');
  await expect(preview.getByRole('row').nth(3)).toContainText('List price: $19.90');
  await expect(preview.getByRole('row').nth(5)).toContainText('List price: $1,049.00');
  await page.getByRole('heading', { name: IMPORT_TEXT.result }).scrollIntoViewIfNeeded();
  await screenshot(page, 'first-day-import-check');
  await page.getByRole('button', { name: IMPORT_TEXT.apply(5) }).click();
  await expect(page.getByRole('heading', { name: IMPORT_TEXT.finished })).toBeVisible();

  // A shift, and two wines sold on it.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'POS' }).click();
  await expect(page.getByText(/^Till T\d+ · No shift open$/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/a receipt is a tax invoice only with it/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Shift' }).click();
  await page.getByLabel('Cash float').fill('100');
  await page.getByRole('button', { name: 'Open shift' }).click();
  await page.getByRole('button', { name: 'Sale', exact: true }).click();

  // Two Hill Shiraz, told apart by their vintage.
  await page.getByLabel('Scan or search a product').fill('Hill Shiraz');
  await expect(page.locator('.pos__match-name')).toHaveText([
    'Hill Shiraz 2019',
    'Hill Shiraz 2021',
  ]);
  const receipt = await sell(page, 'Hill Shiraz', 'Hill Shiraz 2021');
  await expect(receipt).toContainText('Tax invoice');
  await expect(receipt).toContainText('Harbour Cellars');
  await expect(receipt).toContainText('ABN 51 824 753 556');
  await expect(receipt).toContainText('1 Wharf St, Hobart TAS 7000');
  await expect(receipt.locator('.receipt__name')).toHaveText(['Hill Shiraz 2021']);
  // $26.50 with GST in it: 1/11 is $2.41.
  await expect(receipt).toContainText('Total includes GST of $2.41');
  await screenshot(page, 'first-day-tax-invoice');
  await page.getByRole('button', { name: 'New sale' }).click();
  const second = await sell(page, 'Rosé', 'Rosé de Provence 2023');
  // $19.90: $1.81 of GST.
  await expect(second).toContainText('Total includes GST of $1.81');

  await page.getByRole('button', { name: 'Shift' }).click();
  const shift = page.getByRole('region', { name: 'Shift' });
  await expect(shift).toContainText('Sales (2)$46.40');
  await expect(shift).toContainText('GST included$4.22');
});
