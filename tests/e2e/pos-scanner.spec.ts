import { expect, test } from '@playwright/test';
import { indicator, screenshot, serverApi, signIn } from './helpers.ts';

/**
 * A till made for a barcode scanner, which types the code and Enter wherever the focus is: the
 * scan field has it when the till opens and after a tap; a misread code is selected so the next
 * scan replaces it; the basket stays on the tablet through a reload, offline, until Clear.
 */
const GIN = 'Four Pillars Rare Dry Gin';
const GIN_SHOWN = `${GIN} (700 ml)`;
const RIESLING = 'Grosset Polish Hill Riesling 2023';

test('a misread then a good scan adds the good product, and the basket survives a reload offline', async ({
  page,
  context,
}) => {
  await signIn(page);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const api = await serverApi(page);
  const barcode = String((await api.product(GIN)).barcode);
  const riesling = String((await api.product(RIESLING)).barcode);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'POS' }).click();
  await expect(page.getByText(/^Till T\d+ · /)).toBeVisible();
  const search = page.getByLabel('Scan or search a product');
  // The first scan goes in without a tap.
  await expect(search).toBeFocused();

  // A misread: nothing matches; it stays selected, so the good scan replaces it.
  await page.keyboard.type('9300000000999');
  await page.keyboard.press('Enter');
  await expect(page.getByText('No product matches "9300000000999".')).toBeVisible();
  expect(
    await search.evaluate((input: HTMLInputElement) => [
      input.selectionStart,
      input.selectionEnd,
      input.value.length,
    ]),
  ).toEqual([0, 13, 13]);
  await page.keyboard.type(barcode);
  await page.keyboard.press('Enter');
  const quantity = page.getByRole('status', { name: `Quantity of ${GIN_SHOWN}` });
  await expect(quantity).toHaveText('1');
  await expect(search).toHaveValue('');

  // After a tap on +, the next scan still reaches the scan field: not the button, whose Enter
  // would make it one more gin.
  await page.getByRole('button', { name: `One more ${GIN_SHOWN}` }).click();
  await expect(quantity).toHaveText('2');
  await page.keyboard.type(riesling);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status', { name: `Quantity of ${RIESLING}` })).toHaveText('1');
  await page.keyboard.type(barcode);
  await page.keyboard.press('Enter');
  await expect(quantity).toHaveText('3');
  await screenshot(page, 'pos-scanned-basket-desktop');

  // Offline, a reload finds the basket as it was.
  await context.setOffline(true);
  await expect(indicator(page)).toContainText('Offline', { timeout: 20_000 });
  await page.reload();
  await expect(quantity).toHaveText('3', { timeout: 20_000 });
  await expect(page.getByRole('status', { name: `Quantity of ${RIESLING}` })).toHaveText('1');
  await expect(search).toBeFocused();

  // Clear empties it, for good.
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(page.getByText('Scan a bottle or search to start a sale.')).toBeVisible();
  await page.reload();
  await expect(search).toBeFocused({ timeout: 20_000 });
  await page.keyboard.type(barcode);
  await page.keyboard.press('Enter');
  await expect(quantity).toHaveText('1');
  await context.setOffline(false);
});
