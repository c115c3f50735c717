import { type Browser, expect, type Page, test } from '@playwright/test';
import { gridCellPoint, indicator, screenshot, serverApi } from './helpers.ts';
import { openInventory, openRowMenu, PRODUCT, searchFor, WIDTHS } from './inventory-grid.ts';

/**
 * Stock adjusted on two tablets while the network is down: both movements count, whatever order
 * they reach the server in, and both screens end with the sum. This file's product is one no
 * other browser test touches.
 */
const WINE = 'Château Palmer Alter Ego de Palmer 2017';

async function tablet(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openInventory(page);
  await searchFor(page, WINE);
  return { context, page };
}

/** The stock the product detail's Stock & Orders tab shows. */
async function shownStock(page: Page): Promise<number> {
  const point = await gridCellPoint(page, WIDTHS, PRODUCT, 0);
  await page.mouse.click(point.x, point.y);
  const dialog = page.getByRole('dialog', { name: WINE });
  await dialog.getByRole('tab', { name: 'Stock & Orders' }).click();
  const available = dialog.locator('.facts__row', { hasText: 'Available' }).locator('dd');
  const stock = Number(await available.textContent());
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  return stock;
}

async function adjust(page: Page, direction: 'Add' | 'Remove', quantity: string, reason: string) {
  await openRowMenu(page, 0);
  await page.getByRole('menuitem', { name: 'Adjust stock' }).click();
  const dialog = page.getByRole('dialog', { name: `Adjust stock: ${WINE}` });
  await dialog.getByRole('radio', { name: direction }).check();
  await dialog.getByLabel('Quantity').fill(quantity);
  await dialog.getByLabel('Reason').selectOption(reason);
  await dialog.getByRole('button', { name: 'Save adjustment' }).click();
  await expect(dialog).toBeHidden();
}

test('stock adjusted offline on two tablets: both count, on the server and on both screens', async ({
  browser,
}) => {
  const a = await tablet(browser);
  const b = await tablet(browser);
  try {
    const start = await shownStock(a.page);
    expect(await shownStock(b.page)).toBe(start);
    const offline = (value: boolean) =>
      Promise.all([a.context.setOffline(value), b.context.setOffline(value)]);

    await offline(true);
    await adjust(a.page, 'Add', '2', 'Other');
    await adjust(b.page, 'Remove', '1', 'Damaged');
    // Each tablet shows its own movement at once, before the server has it.
    expect(await shownStock(a.page)).toBe(start + 2);
    expect(await shownStock(b.page)).toBe(start - 1);
    await expect(indicator(a.page)).toHaveText(/^Offline1$/);

    await offline(false);
    for (const page of [a.page, b.page]) {
      await expect(indicator(page)).toHaveText('Online', { timeout: 20_000 });
    }
    expect((await (await serverApi(a.page)).product(WINE)).stock).toBe(start + 1);
    for (const page of [a.page, b.page]) {
      await page.reload();
      await searchFor(page, WINE);
      expect(await shownStock(page)).toBe(start + 1);
    }
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

test('the adjustment dialog names what is missing and keeps what was typed', async ({ page }) => {
  await openInventory(page);
  await searchFor(page, WINE);
  await openRowMenu(page, 0);
  await page.getByRole('menuitem', { name: 'Adjust stock' }).click();
  const dialog = page.getByRole('dialog', { name: `Adjust stock: ${WINE}` });
  await dialog.getByLabel('Quantity').fill('0');
  await dialog.getByLabel('Note (optional)').fill('Shelf 3, top row');
  await dialog.getByRole('button', { name: 'Save adjustment' }).click();
  await expect(dialog.getByText('Enter a whole number of at least 1')).toBeVisible();
  await expect(dialog.getByText('Choose a reason', { exact: true }).last()).toBeVisible();
  await expect(dialog.getByLabel('Note (optional)')).toHaveValue('Shelf 3, top row');
  await dialog.getByLabel('Quantity').fill('3');
  await expect(dialog.getByText(/^New stock: \d+ \(\+3\)$/)).toBeVisible();
  await screenshot(page, 'stock-adjust-desktop');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test("the dashboard's Low Stock Alerts follow an adjustment at once, offline", async ({
  page,
  context,
}) => {
  const wine = 'Château Palmer 2014';
  await openInventory(page);
  await searchFor(page, wine);
  const point = await gridCellPoint(page, WIDTHS, PRODUCT, 0);
  await page.mouse.click(point.x, point.y);
  const detail = page.getByRole('dialog', { name: wine });
  await detail.getByRole('tab', { name: 'Stock & Orders' }).click();
  const stock = Number(
    await detail.locator('.facts__row', { hasText: 'Available' }).locator('dd').textContent(),
  );
  // From the detail: its Adjust stock button opens the same dialog.
  await context.setOffline(true);
  await detail.getByRole('button', { name: 'Adjust stock' }).click();
  const dialog = page.getByRole('dialog', { name: `Adjust stock: ${wine}` });
  await dialog.getByRole('radio', { name: 'Remove' }).check();
  await dialog.getByLabel('Quantity').fill(String(stock + 1));
  await dialog.getByLabel('Reason').selectOption('Theft');
  await dialog.getByRole('button', { name: 'Save adjustment' }).click();
  await expect(page.getByText(`Stock of ${wine} adjusted (\u2212${stock + 1})`)).toBeVisible();

  // No other test moves stock below 0: it is the lowest of all.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  const first = page.locator('.low-stock__item').first();
  await expect(first).toContainText(wine);
  await expect(first).toContainText('-1 left');
  await context.setOffline(false);
  await expect(indicator(page)).toHaveText('Online', { timeout: 20_000 });
});
