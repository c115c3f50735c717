import { expect, type Page, test } from '@playwright/test';
import { TILL_STAFF } from './e2e-env.ts';
import { screenshot, serverApi, signIn } from './helpers.ts';

/**
 * Payment & Tax and the POS's money: the settings a manager sets (a tender, the receipt's
 * footer, their approval PIN), a staff sale whose discount needs that PIN, a split between card
 * and cash, and a sale parked and resumed.
 */
const RIESLING = 'Grosset Polish Hill Riesling 2023';
const GIN = 'Four Pillars Rare Dry Gin';

test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

async function openPos(page: Page) {
  await page.goto('/pos');
  await expect(page.getByText(/^Till T\d+ · /)).toBeVisible({ timeout: 20_000 });
}

async function addToSale(page: Page, name: string) {
  const search = page.getByLabel('Scan or search a product');
  await search.fill(name);
  await search.press('Enter');
  await expect(page.getByRole('status', { name: `Quantity of ${name}` })).toBeVisible();
}

test('a manager sets Payment & Tax and a PIN; staff sell past the limit with it, split and park', async ({
  browser,
}) => {
  const manager = await (
    await browser.newContext({ viewport: { width: 1280, height: 800 } })
  ).newPage();
  await signIn(manager);
  await manager
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Settings' })
    .click();
  await manager
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Payment & Tax' })
    .click();
  await expect(manager.getByRole('heading', { level: 1, name: 'Payment & Tax' })).toBeVisible();
  const form = manager.getByRole('form', { name: 'Payment & Tax' });
  await form.getByLabel('Another tender (voucher, gift card...)').fill('Gift card');
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await form.getByLabel('Footer (below the totals)').fill('Cheers from the Demo Cellar');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(manager.getByText('Payment & Tax settings saved')).toBeVisible();
  const pin = manager.getByRole('form', { name: 'Your approval PIN' });
  await pin.getByLabel('New PIN (4 to 8 digits)').fill('24ab');
  await pin.getByRole('button', { name: 'Set PIN' }).click();
  await expect(pin.getByRole('alert')).toHaveText('An approval PIN is 4 to 8 digits');
  await pin.getByLabel('New PIN (4 to 8 digits)').fill('2468');
  await pin.getByRole('button', { name: 'Set PIN' }).click();
  await expect(manager.getByText('Your approval PIN is set')).toBeVisible();
  await screenshot(manager, 'payment-settings-tablet');
  // What was saved is what the server keeps.
  const api = await serverApi(manager);
  const saved = await manager.request.get('/api/v1/sales/settings', { headers: api.headers });
  expect(await saved.json()).toMatchObject({
    settings: {
      otherTenders: ['Voucher', 'Gift card'],
      receiptFooter: 'Cheers from the Demo Cellar',
    },
    // Names to choose from, never a PIN's hash: nothing a tablet could guess a PIN against.
    approvers: expect.arrayContaining([
      { user_id: expect.any(String), name: 'Demo Owner', locked: false },
    ]),
  });

  // Staff: 20 % off is past the 10 % limit, so the sale waits for a manager's PIN.
  const staff = await (
    await browser.newContext({ viewport: { width: 1024, height: 768 } })
  ).newPage();
  await signIn(staff, TILL_STAFF);
  await openPos(staff);
  const before = (await api.product(RIESLING)).stock;
  await addToSale(staff, RIESLING);
  await staff.getByRole('button', { name: `Price and discount of ${RIESLING}` }).click();
  await staff.getByLabel('Discount', { exact: true }).fill('20');
  await staff.getByRole('button', { name: 'Apply' }).click();
  await expect(
    staff.getByText('Over the 10 % staff limit: a manager approves it at Complete.'),
  ).toBeVisible();
  await staff.getByLabel("Card (the shop's terminal)").check();
  await staff.getByRole('button', { name: 'Complete sale' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Manager approval' });
  await expect(dialog).toContainText("A discount over 10 % needs a manager's approval");
  await dialog.getByLabel('Who approves').selectOption({ label: 'Demo Owner' });
  await dialog.getByLabel("Manager's PIN").fill('1111');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  // Online, the server checks the PIN at once.
  await expect(dialog.getByRole('alert')).toHaveText(
    'That is not Demo Owner’s approval PIN: 4 tries left before it locks',
  );
  await dialog.getByLabel("Manager's PIN").fill('2468');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  const receipt = staff.getByRole('region', { name: 'Receipt' });
  await expect(receipt).toContainText('Discount approved by Demo Owner');
  await expect(receipt).toContainText('20 % off');
  await expect(receipt).toContainText('Cheers from the Demo Cellar');
  await expect(receipt.getByRole('img', { name: /^Barcode of receipt T\d+-\d{6}$/ })).toBeVisible();
  // The customer wants it by email too: the server mails it.
  await receipt.getByLabel('Customer’s email (optional)').fill('not-an-address');
  await receipt.getByRole('button', { name: 'Email' }).click();
  await expect(receipt.getByRole('alert')).toHaveText(
    'Enter the customer’s email address, such as name@example.com',
  );
  await receipt.getByLabel('Customer’s email (optional)').fill('customer@example.com');
  await receipt.getByRole('button', { name: 'Email' }).click();
  await expect(receipt.getByRole('status')).toHaveText('Receipt emailed to customer@example.com', {
    timeout: 20_000,
  });
  await screenshot(staff, 'pos-approved-receipt-tablet');
  // The server took it (its discount checked against the approver) and moved the stock.
  await expect
    .poll(async () => (await api.product(RIESLING)).stock, { timeout: 20_000 })
    .toBe(before - 1);

  // A split: $20 on the card, the rest in cash with change.
  await staff.getByRole('button', { name: 'New sale' }).click();
  await addToSale(staff, GIN);
  await staff.getByLabel("Card (the shop's terminal)").check();
  await staff.getByLabel(/^Amount/).fill('20');
  await staff.getByLabel('Approval code (optional)').fill('A1B2');
  await staff.getByRole('button', { name: 'Add payment' }).click();
  await expect(staff.locator('.pos__totals')).toContainText('Card (approval A1B2)');
  await expect(staff.getByLabel('Cash given')).toBeVisible();
  await staff.getByLabel('Cash given').fill('100');
  await staff.getByRole('button', { name: 'Complete sale' }).click();
  await expect(receipt).toContainText('Card (approval A1B2)$20.00');
  await expect(receipt).toContainText('Cash given$100.00');
  await expect(receipt).toContainText(/Change\$\d+\.\d[05]/);

  // Parked and resumed: the basket comes back as it was, after what is in it now.
  await staff.getByRole('button', { name: 'New sale' }).click();
  await addToSale(staff, GIN);
  await staff.getByRole('button', { name: `One more ${GIN}` }).click();
  await staff.getByRole('button', { name: 'Park sale' }).click();
  await expect(staff.getByText('Scan a bottle or search to start a sale.')).toBeVisible();
  await staff.reload();
  await openPos(staff);
  await staff.getByRole('button', { name: `Resume: ${GIN}` }).click();
  await expect(staff.getByRole('status', { name: `Quantity of ${GIN}` })).toHaveText('2');
  await expect(staff.getByRole('button', { name: /^Resume:/ })).toHaveCount(0);
  await screenshot(staff, 'pos-resumed-tablet');
});
