import { type Browser, expect, type Page, test } from '@playwright/test';
import { gridCell, gridCellPoint, indicator, screenshot, signIn } from './helpers.ts';
import {
  editRow,
  LIST_PRICE,
  money,
  openInventory,
  PRODUCT,
  searchFor,
  WIDTHS,
} from './inventory-grid.ts';

/**
 * Two tablets and a manager's phone of one shop, each left on its screen: what one device changes
 * shows on the others within 5 s, without a reload or a tap. Tablet B, offline for a while, catches
 * up when it connects again. This file's product is one no other browser test touches.
 */
const RUM = 'Appleton Estate Signature';
const LIVE_MS = 5_000;

async function device(browser: Browser, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  return { context, page };
}

/** The Available figure of the product's open popup (Stock & Orders). */
async function openStock(page: Page) {
  const point = await gridCellPoint(page, WIDTHS, PRODUCT, 0);
  await page.mouse.click(point.x, point.y);
  const dialog = page.getByRole('dialog', { name: RUM });
  await dialog.getByRole('tab', { name: 'Stock & Orders' }).click();
  return dialog.locator('.facts__row', { hasText: 'Available' }).locator('dd');
}

const revenueOf = (page: Page) =>
  page
    .getByRole('region', { name: "Today's Snapshot" })
    .locator('.dash-metric', { hasText: 'Revenue' })
    .locator('.dash-metric__value');

test('a price, a sale and the day’s revenue reach the other tablet and the phone within 5 s', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const a = await device(browser);
  const b = await device(browser);
  const phone = await device(browser, { width: 390, height: 844 });
  try {
    await openInventory(a.page);
    await searchFor(a.page, RUM);
    await openInventory(b.page);
    await searchFor(b.page, RUM);
    await signIn(phone.page);
    const revenue = revenueOf(phone.page);
    await expect(revenue).toHaveText(/^\$/);

    // A price edited on tablet A: tablet B's grid shows it.
    const price = Number(
      (await gridCell(a.page, LIST_PRICE, 0).textContent())?.replace(/[$,]/g, ''),
    );
    await editRow(a.page, 0, 'List Price', String(price + 1));
    await expect(gridCell(b.page, LIST_PRICE, 0)).toHaveText(money(price + 1), {
      timeout: LIVE_MS,
    });

    // A sale on tablet B: the stock in tablet A's open popup falls, the phone's revenue moves.
    const available = await openStock(a.page);
    const stock = Number(await available.textContent());
    const before = await revenue.textContent();
    await b.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'POS' })
      .click();
    const search = b.page.getByLabel('Scan or search a product');
    await search.fill(RUM);
    await search.press('Enter');
    await b.page.getByLabel("Card (the shop's terminal)").check();
    await b.page.getByRole('button', { name: 'Complete sale' }).click();
    await expect(b.page.getByRole('region', { name: 'Receipt' })).toContainText(/Receipt T\d+-/);
    await expect(available).toHaveText(String(stock - 1), { timeout: LIVE_MS });
    await expect(revenue).not.toHaveText(before ?? '', { timeout: LIVE_MS });
    await screenshot(phone.page, 'live-dashboard-phone');
    await a.page.keyboard.press('Escape');

    // Tablet B offline while A changes the price again: B catches up once it is back.
    await b.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Inventory' })
      .click();
    await searchFor(b.page, RUM);
    await b.context.setOffline(true);
    await expect(indicator(b.page)).toContainText('Offline', { timeout: 20_000 });
    await editRow(a.page, 0, 'List Price', String(price + 2));
    await expect(gridCell(b.page, LIST_PRICE, 0)).toHaveText(money(price + 1));
    await b.context.setOffline(false);
    await expect(gridCell(b.page, LIST_PRICE, 0)).toHaveText(money(price + 2), {
      timeout: LIVE_MS,
    });
  } finally {
    await Promise.all([a.context.close(), b.context.close(), phone.context.close()]);
  }
});
