import { type Browser, expect, type Page, test } from '@playwright/test';
import { gridCell, gridCellPoint, indicator, screenshot, serverApi, signIn } from './helpers.ts';
import { openInventory, PRODUCT, searchFor, WIDTHS } from './inventory-grid.ts';

/**
 * Edit Product: the product popup opens the whole product form, which saves the fields changed
 * (SKU, GST, barcode, category, supplier, description…) as a field-level edit, offline too, and
 * merges with another device's change of another field. The row editor offers the fields the
 * table shows. This file's products are ones no other browser test touches.
 */
const WINE = 'Louis Jadot Pommard 2018';
const OTHER = 'Domaine Joseph Drouhin Chorey-lès-Beaune 2020';

async function tablet(browser: Browser, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  if (viewport.width >= 768) await openInventory(page);
  else {
    // On a phone the sidebar is a drawer: straight to the screen.
    await signIn(page);
    await page.goto('/inventory');
    await expect(page.getByText(/^Showing 1 to 10 of [\d,]+ results$/)).toBeVisible();
  }
  return { context, page };
}

/** A product's values on the server, by their keys. */
async function valuesOf(page: Page, name: string) {
  const { headers } = await serverApi(page);
  const response = await page.request.get('/api/v1/inventory/enhanced', { headers });
  const { products } = (await response.json()) as {
    products: { id: number; version: number; columns: { key: string; value: unknown }[] }[];
  };
  const found = products.find((product) =>
    product.columns.some((column) => column.key === 'name' && column.value === name),
  );
  if (!found) throw new Error(`${name} is not in the catalogue`);
  return {
    id: found.id,
    version: found.version,
    ...Object.fromEntries(found.columns.map((column) => [column.key, column.value])),
  } as Record<string, unknown> & { id: number; version: number };
}

test('Edit Product saves every field offline and merges with another device’s price', async ({
  browser,
}) => {
  const a = await tablet(browser, { width: 1024, height: 768 });
  try {
    const before = await valuesOf(a.page, WINE);
    await searchFor(a.page, 'Pommard');
    const point = await gridCellPoint(a.page, WIDTHS, PRODUCT, 0);
    await a.page.mouse.click(point.x, point.y);
    await a.page
      .getByRole('dialog', { name: WINE })
      .getByRole('button', { name: 'Edit Product' })
      .click();
    const form = a.page.getByRole('form', { name: `Edit Product: ${WINE}` });
    await expect(form.getByLabel('Product Name')).toHaveValue(WINE);
    await screenshot(a.page, 'edit-product-tablet');

    await a.context.setOffline(true);
    await form.getByLabel('SKU', { exact: true }).fill('E2E-POMMARD');
    await form.getByLabel('GST', { exact: true }).fill('8.25');
    await form.getByLabel('Category', { exact: true }).fill('Burgundy Red');
    await form.getByLabel('Supplier', { exact: true }).fill('Cellar Direct');
    await form.getByLabel('Description').fill('Firm, dark-fruited village Pommard.');
    // A wrong check digit is named under its field, and nothing is saved.
    await form.getByLabel('Barcode', { exact: true }).fill('4006381333932');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(
      form.getByText('Barcode must be a valid EAN-13, UPC-A or EAN-8 code'),
    ).toBeVisible();
    await expect(form.getByLabel('SKU', { exact: true })).toHaveValue('E2E-POMMARD');
    await form.getByLabel('Barcode', { exact: true }).fill('4006381333931');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(a.page.getByText(`Changes to ${WINE} saved.`, { exact: false })).toBeVisible();
    await expect(form).toBeHidden();
    // Back to the table as it was left: the search still finds the wine, marked until sent.
    await expect(gridCell(a.page, PRODUCT, 0)).toContainText(WINE);
    await expect(gridCell(a.page, PRODUCT, 0)).toContainText('Not yet synced');

    // Meanwhile another device changes the price, on the version it holds.
    const { headers } = await serverApi(a.page);
    const price = await a.page.request.patch(`/api/v1/catalogue/products/${before.id}`, {
      headers,
      data: { base_version: before.version, changes: { list_price: '149' } },
    });
    expect(price.status()).toBe(200);

    await a.context.setOffline(false);
    await expect(indicator(a.page)).toHaveText('Online', { timeout: 20_000 });
    await expect
      .poll(async () => {
        const now = await valuesOf(a.page, WINE);
        return [now.sku, now.gst, now.category, now.supplier, now.barcode, now.list_price];
      })
      .toEqual(['E2E-POMMARD', '8.25', 'Burgundy Red', 'Cellar Direct', '4006381333931', '149.00']);
  } finally {
    await a.context.close();
  }
});

test('the row editor offers GST, shown by default, and saves it offline', async ({ browser }) => {
  const a = await tablet(browser);
  try {
    await searchFor(a.page, 'Chorey');
    const point = await gridCellPoint(a.page, WIDTHS, 3, 0);
    await a.page.mouse.click(point.x, point.y, { button: 'right' });
    await a.page.getByRole('menuitem', { name: 'Edit' }).click();
    const editor = a.page.getByRole('form', { name: `Edit ${OTHER}` });
    await a.context.setOffline(true);
    await editor.getByLabel('GST', { exact: true }).fill('4.10');
    await editor.getByLabel('GST', { exact: true }).press('Enter');
    await expect(editor).toBeHidden();
    await a.context.setOffline(false);
    await expect(indicator(a.page)).toHaveText('Online', { timeout: 20_000 });
    await expect.poll(async () => (await valuesOf(a.page, OTHER)).gst).toBe('4.10');
  } finally {
    await a.context.close();
  }
});

test('Edit Product on a phone: the form fits the screen', async ({ browser }) => {
  const a = await tablet(browser, { width: 390, height: 844 });
  try {
    await searchFor(a.page, 'Pommard');
    await gridCell(a.page, PRODUCT, 0).waitFor({ state: 'attached' });
    const point = await gridCellPoint(a.page, WIDTHS, PRODUCT, 0);
    await a.page.mouse.click(point.x, point.y);
    await a.page
      .getByRole('dialog', { name: WINE })
      .getByRole('button', { name: 'Edit Product' })
      .click();
    const form = a.page.getByRole('form', { name: `Edit Product: ${WINE}` });
    await expect(form).toBeVisible();
    const width = await a.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(a.page, 'edit-product-phone');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();
  } finally {
    await a.context.close();
  }
});
