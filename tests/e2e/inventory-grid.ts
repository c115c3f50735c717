import { expect, type Page } from '@playwright/test';
import { DEFAULT_COLUMN_ORDER, DEFAULT_COLUMN_WIDTHS } from '../../src/domains/products/columns.ts';
import { gridCell, gridCellPoint, signIn } from './helpers.ts';

/** The inventory grid as the browser tests reach it: the default columns drawn on a canvas. */

// Column widths of the default grid: row number, the 10 default columns, options.
export const WIDTHS = [
  DEFAULT_COLUMN_WIDTHS.rowNumber ?? 35,
  ...DEFAULT_COLUMN_ORDER.map((key) => DEFAULT_COLUMN_WIDTHS[key] ?? 120),
  DEFAULT_COLUMN_WIDTHS.options ?? 32,
];
/** Grid column indexes of the default layout. */
export const PRODUCT = 1;
export const PRODUCER = 2;
export const LUC = 6;
export const LIST_PRICE = 8;

export async function openInventory(page: Page) {
  await signIn(page);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Inventory' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory Management' })).toBeVisible();
  // A new browser downloads and stores the whole catalogue first: beside the other worker's
  // journeys on two cores that has taken over the default 10 s.
  await expect(page.getByText(/^Showing 1 to 10 of \d+ results$/)).toBeVisible({
    timeout: 20_000,
  });
}

/**
 * Products whose copies other browser tests leave out of the dashboard's first five Low Stock
 * Alerts: a duplicate starts with no stock, and these sort last.
 */
export const LATE_IN_THE_ALPHABET = 'Yarra Yering';

/** Searches, and waits until the grid shows the matches (the filter follows the typing). */
export async function searchFor(page: Page, text: string) {
  await page.getByPlaceholder('Search products, producers, regions...').fill(text);
  await expect(gridCell(page, PRODUCT, 0)).toContainText(text);
}

/** How many products the table's search leaves ('Showing 1 to 10 of 23 results'). */
export async function resultCount(page: Page): Promise<number> {
  const results = await page.getByText(/^Showing 1 to \d+ of \d+ results$/).textContent();
  return Number(/of (\d+) results/.exec(results ?? '')?.[1]);
}

/**
 * The row's menu, from its product name: that column stays in place on a tablet or a desktop
 * when the grid has scrolled sideways (to a column just shown, say).
 */
export async function openRowMenu(page: Page, row: number) {
  const point = await gridCellPoint(page, WIDTHS, PRODUCT, row);
  await page.mouse.click(point.x, point.y, { button: 'right' });
  await expect(page.getByRole('menu')).toBeVisible();
}

/** Edits one field of a row in the row editor and saves with Enter. */
export async function editRow(page: Page, row: number, label: string, value: string) {
  await openRowMenu(page, row);
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const editor = page.getByRole('form', { name: /^Edit / });
  await editor.getByLabel(label, { exact: true }).fill(value);
  await editor.getByLabel(label, { exact: true }).press('Enter');
  await expect(editor).toBeHidden();
}

/** The money a grid cell shows, as the grid formats it. */
export const money = (value: number) =>
  `$${value.toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
