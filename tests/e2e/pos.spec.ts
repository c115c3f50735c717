import { expect, test } from '@playwright/test';
import { indicator, screenshot, serverApi, signIn } from './helpers.ts';

/**
 * The sale screen: a cash sale with change, then a card sale made offline that waits, counted,
 * and reaches the server once when the connection is back; stock moves by what was sold.
 */
const GIN = 'Four Pillars Rare Dry Gin';

test('sells for cash with change, and by card offline, each sale reaching the server once', async ({
  page,
  context,
}) => {
  await signIn(page);
  const api = await serverApi(page);
  const before = (await api.product(GIN)).stock;
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'POS' }).click();
  await expect(page.getByText(/^Till T\d+$/)).toBeVisible();

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

  // Offline: the sale waits on the tablet, counted, and goes once the connection is back.
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
  await context.setOffline(false);
  await expect(page.getByText('1 sale not yet sent')).toHaveCount(0, { timeout: 30_000 });
  await expect
    .poll(async () => (await api.product(GIN)).stock, { timeout: 20_000 })
    .toBe(before - 3);
});
