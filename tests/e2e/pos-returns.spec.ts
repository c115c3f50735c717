import { expect, type Page, test } from '@playwright/test';
import { TILL_STAFF } from './e2e-env.ts';
import { indicator, screenshot, serverApi, signIn } from './helpers.ts';

/**
 * Returns at the POS: a sale found by its receipt number, part of it returned on the card, the
 * rest returned offline as not fit to sell, each reaching the server once; staff may look but
 * not refund.
 */
const WINE = 'Henschke Julius Eden Valley Riesling 2022';

test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

async function openPos(page: Page) {
  await page.goto('/pos');
  await expect(page.getByText(/^Till T\d+ · /)).toBeVisible({ timeout: 20_000 });
}

test('returns part of a sale online and the rest offline, the stock back once', async ({
  page,
  context,
  browser,
}) => {
  await signIn(page);
  const api = await serverApi(page);
  await openPos(page);
  const before = (await api.product(WINE)).stock;
  const search = page.getByLabel('Scan or search a product');
  await search.fill(WINE);
  await search.press('Enter');
  await page.getByRole('button', { name: `One more ${WINE}` }).click();
  await page.getByLabel("Card (the shop's terminal)").check();
  await page.getByRole('button', { name: 'Complete sale' }).click();
  const receiptText = await page.locator('.receipt__number').textContent();
  const receipt = receiptText?.replace('Receipt ', '') ?? '';
  expect(receipt).toMatch(/^T\d+-\d{6}$/);
  await expect
    .poll(async () => (await api.product(WINE)).stock, { timeout: 20_000 })
    .toBe(before - 2);

  // One bottle back on the card: found by the number a scanner reads from the barcode.
  await page.getByRole('button', { name: 'Returns' }).click();
  await page.getByLabel('Receipt number (type or scan its barcode)').fill(receipt.toLowerCase());
  await page.getByLabel('Receipt number (type or scan its barcode)').press('Enter');
  const form = page.getByRole('form', { name: `Return from ${receipt}` });
  await expect(form).toContainText(`Sold 2 for`);
  await form.getByRole('button', { name: `One more ${WINE} back` }).click();
  await form.getByLabel('Card', { exact: true }).check();
  await form.getByRole('button', { name: /^Refund \$\d+\.\d{2}$/ }).click();
  const returned = page.getByRole('region', { name: 'Return receipt' });
  // A refund slip: the shop, the sale refunded, its item and amount, the return's number.
  await expect(returned).toContainText(/^Refund/);
  await expect(returned).toContainText(`Refund of sale ${receipt}`);
  await expect(returned.locator('.receipt__line')).toHaveText([
    new RegExp(`^${WINE}1 back-\\$\\d+\\.\\d{2}$`),
  ]);
  await expect(returned).toContainText(/Return T\d+-\d{6}/);
  await expect(returned).toContainText('on card');
  await screenshot(page, 'pos-return-tablet');
  await expect
    .poll(async () => (await api.product(WINE)).stock, { timeout: 20_000 })
    .toBe(before - 1);

  // Offline, the tablet still has the sale: the last bottle comes back, not fit to sell.
  await context.setOffline(true);
  await expect(indicator(page)).toContainText('Offline', { timeout: 20_000 });
  await page.getByLabel('Receipt number (type or scan its barcode)').fill(receipt);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(form).toContainText('1 returned');
  await expect(form.getByRole('button', { name: `One more ${WINE} back` })).toBeEnabled();
  await form.getByRole('button', { name: `One more ${WINE} back` }).click();
  await expect(form.getByRole('button', { name: `One more ${WINE} back` })).toBeDisabled();
  await form.getByLabel('Not fit to sell').check();
  await form.getByLabel('Cash', { exact: true }).check();
  await form.getByRole('button', { name: /^Refund \$\d+\.\d[05]$/ }).click();
  await expect(returned).toContainText('on cash');
  await context.setOffline(false);
  // It reaches the server once: the sale has both bottles back, the stock the damaged one off.
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/v1/sales/receipts/${receipt}`, {
          headers: api.headers,
        });
        return ((await response.json()) as { lines: { returned: number }[] }).lines[0]?.returned;
      },
      { timeout: 30_000 },
    )
    .toBe(2);
  expect((await api.product(WINE)).stock).toBe(before - 1);

  // Staff find the sale but do not refund.
  const staff = await (
    await browser.newContext({ viewport: { width: 1024, height: 768 } })
  ).newPage();
  await signIn(staff, TILL_STAFF);
  await openPos(staff);
  await staff.getByRole('button', { name: 'Returns' }).click();
  // Today's sales are one tap away.
  await staff.getByRole('button', { name: 'Show that day’s sales' }).click();
  await staff.getByRole('button', { name: new RegExp(`^${receipt}`) }).click();
  await expect(
    staff.getByText('Refunds are made by managers and owners: ask one to make this return.'),
  ).toBeVisible();
  await expect(staff.getByRole('button', { name: /^Refund/ })).toBeDisabled();
});
