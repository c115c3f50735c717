import { expect, test } from '@playwright/test';
import { appOnDevice, gridCellPoint, indicator, screenshot, serverApi, signIn } from './helpers.ts';
import { PRODUCT, searchFor, WIDTHS } from './inventory-grid.ts';

/**
 * The sale screen: a cash sale with change, then a card sale made offline that waits, counted,
 * and reaches the server once when the connection is back; stock moves by what was sold.
 */
const GIN = 'Four Pillars Rare Dry Gin';
/** As the till names it: a 700 ml bottle says its size. */
const GIN_SHOWN = `${GIN} (700 ml)`;

test('sells for cash with change, and by card offline, each sale reaching the server once', async ({
  page,
  context,
}) => {
  await signIn(page);
  const api = await serverApi(page);
  const before = (await api.product(GIN)).stock;
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'POS' }).click();
  await expect(page.getByText(/^Till T\d+ · /)).toBeVisible();

  const search = page.getByLabel('Scan or search a product');
  await search.fill(GIN);
  await search.press('Enter');
  await page.getByRole('button', { name: `One more ${GIN}` }).click();
  await expect(page.getByRole('status', { name: `Quantity of ${GIN}` })).toHaveText('2');
  // Too little cash: it says what is still to pay and completes nothing.
  await page.getByLabel('Cash given').fill('10');
  await expect(page.locator('.pos__totals')).toContainText('Still to pay');
  await page.getByRole('button', { name: 'Complete sale' }).click();
  await expect(page.getByRole('alert')).toContainText('still to pay');
  // Enter on the empty search field goes on to the cash; Enter there completes the sale.
  await search.press('Enter');
  await expect(page.getByLabel('Cash given')).toBeFocused();
  await page.getByLabel('Cash given').fill('200');
  const totals = page.locator('.pos__totals');
  await expect(totals).toContainText('Change');
  await page.getByLabel('Cash given').press('Enter');
  const receipt = page.getByRole('region', { name: 'Receipt' });
  await expect(receipt).toContainText(/Receipt T\d+-\d{6}/);
  await expect(receipt).toContainText(/Change\s*\$\d+\.\d[05]/);
  await expect(search).toBeFocused();
  await screenshot(page, 'pos-cash-sale-desktop');
  await expect
    .poll(async () => (await api.product(GIN)).stock, { timeout: 20_000 })
    .toBe(before - 2);

  // Offline: the sale waits on the tablet, counted, and goes once the connection is back. The
  // page signed in on this visit, and is served by the app saved on the device: Inventory,
  // never opened yet, opens offline too.
  await appOnDevice(page);
  await context.setOffline(true);
  await expect(indicator(page)).toContainText('Offline', { timeout: 20_000 });
  await page.getByRole('button', { name: 'New sale' }).click();
  await search.fill(GIN);
  await search.press('Enter');
  await page.getByLabel("Card (the shop's terminal)").check();
  await page.getByRole('button', { name: 'Complete sale' }).click();
  await expect(receipt).toContainText(/Receipt T\d+-\d{6}/);
  await expect(page.getByText('1 sale not yet sent')).toBeVisible();
  await screenshot(page, 'pos-offline-sale-desktop');
  // The product's Stock & Orders tab counts the sale still waiting here, and says its movements
  // need the connection instead of waiting for them.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Inventory' })
    .click();
  await searchFor(page, GIN);
  const point = await gridCellPoint(page, WIDTHS, PRODUCT, 0);
  await page.mouse.click(point.x, point.y);
  const detail = page.getByRole('dialog', { name: GIN });
  await detail.getByRole('tab', { name: 'Stock & Orders' }).click();
  await expect(detail.locator('.facts__row', { hasText: 'Available' }).locator('dd')).toHaveText(
    String(before - 3),
  );
  await expect(detail).toContainText('Movements need the connection');
  await page.keyboard.press('Escape');
  await context.setOffline(false);
  await expect(page.getByText('1 sale not yet sent')).toHaveCount(0, { timeout: 30_000 });
  await expect
    .poll(async () => (await api.product(GIN)).stock, { timeout: 20_000 })
    .toBe(before - 3);
});

test('a shift opened with a float, a cash sale and a card sale, closed with a variance', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/pos');
  await expect(page.getByText(/^Till T\d+ · No shift open$/)).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Shift' }).click();
  await page.getByLabel('Cash float').fill('200');
  await page.getByRole('button', { name: 'Open shift' }).click();
  await expect(page.getByText(/^Till T\d+ · Shift open since /)).toBeVisible();

  // $90.99 in cash ($91.00 rounded, $100 given) and the same on a card. The gin is starred
  // first: from then on it is one tap away in the favourites grid.
  await page.getByRole('button', { name: 'Sale', exact: true }).click();
  const search = page.getByLabel('Scan or search a product');
  await search.fill(GIN);
  await page.getByRole('button', { name: `Add ${GIN_SHOWN} to favourites` }).click();
  await expect(
    page.getByRole('button', { name: `Remove ${GIN_SHOWN} from favourites` }),
  ).toBeVisible();
  await search.fill('');
  const favourites = page.locator('.pos__favourites');
  await favourites.getByRole('button', { name: new RegExp(`^${GIN}`) }).click();
  await expect(page.getByRole('status', { name: `Quantity of ${GIN}` })).toHaveText('1');
  await page.getByLabel('Cash given').fill('100');
  await page.getByRole('button', { name: 'Complete sale' }).click();
  await page.getByRole('button', { name: 'New sale' }).click();
  await search.fill(GIN);
  await search.press('Enter');
  await page.getByLabel("Card (the shop's terminal)").check();
  await page.getByRole('button', { name: 'Complete sale' }).click();
  await expect(page.getByRole('region', { name: 'Receipt' })).toBeVisible();

  await page.getByRole('button', { name: 'Shift' }).click();
  const shift = page.getByRole('region', { name: 'Shift' });
  await expect(shift).toContainText('Sales (2)$181.98');
  await expect(shift).toContainText('Cash expected$291.00');
  // $290.50 in the drawer: 50 c short.
  await page.getByLabel('Cash counted in the drawer').fill('290.50');
  await page.getByRole('button', { name: 'Close shift' }).click();
  const report = page.getByRole('region', { name: 'End-of-day report' });
  await expect(report).toContainText('Cash counted$290.50');
  await expect(report).toContainText('Variance-$0.50 short');
  await expect(report).toContainText('Card$90.99');
  await screenshot(page, 'pos-end-of-day-desktop');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(/^Till T\d+ · No shift open$/)).toBeVisible();
});
