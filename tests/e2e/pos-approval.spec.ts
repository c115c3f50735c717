import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { TILL_MANAGER, TILL_STAFF } from './e2e-env.ts';
import { indicator, screenshot, serverApi, signIn } from './helpers.ts';

/**
 * A manager's approval is proven by their PIN, checked by the server: online a wrong PIN is
 * refused at once; offline the PIN is sealed for the sale and checked when the tablet is back
 * online — the right one confirms the sale, a wrong one leaves it stored and marked 'not
 * confirmed' on the manager's dashboard, with who sold it, until the manager has looked at it.
 */
/** A wine no other journey sells, so its stock counts this journey's sales alone. */
const WINE = 'La Rioja Alta Viña Ardanza Reserva 2016';
const PIN = '8642';

async function goOffline(page: Page, context: BrowserContext) {
  await context.setOffline(true);
  await expect(indicator(page)).toContainText('Offline', { timeout: 20_000 });
}

/** The wine at 20 % off (past the staff's 10 %) on the card: Complete asks for approval. */
async function discountedWine(staff: Page) {
  const search = staff.getByLabel('Scan or search a product');
  await search.fill(WINE);
  await search.press('Enter');
  await staff.getByRole('button', { name: `Price and discount of ${WINE}` }).click();
  await staff.getByLabel('Discount', { exact: true }).fill('20');
  await staff.getByRole('button', { name: 'Apply' }).click();
  await staff.getByLabel("Card (the shop's terminal)").check();
  await staff.getByRole('button', { name: 'Complete sale' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Manager approval' });
  await dialog.getByLabel('Who approves').selectOption({ label: TILL_MANAGER.name });
  return dialog;
}

test('an approval is the manager’s PIN checked by the server: at once online, on arrival offline', async ({
  browser,
}) => {
  // The manager sets their PIN in Payment & Tax.
  const managerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const manager = await managerContext.newPage();
  await signIn(manager, TILL_MANAGER);
  await manager.goto('/settings/payment');
  const pinForm = manager.getByRole('form', { name: 'Your approval PIN' });
  await pinForm.getByLabel('New PIN (4 to 8 digits)').fill(PIN);
  await pinForm.getByRole('button', { name: 'Set PIN' }).click();
  await expect(manager.getByText('Your approval PIN is set')).toBeVisible();

  // Staff on a tablet: the POS holds the catalogue, the settings and the approval key.
  const staffContext = await browser.newContext({
    viewport: { width: 1024, height: 768 },
    hasTouch: true,
  });
  const staff = await staffContext.newPage();
  await signIn(staff, TILL_STAFF);
  await staff.goto('/pos');
  await expect(staff.getByText(/^Till T\d+ · /)).toBeVisible({ timeout: 20_000 });
  const api = await serverApi(staff);
  const before = (await api.product(WINE)).stock;
  const receipt = staff.getByRole('region', { name: 'Receipt' });
  const receiptNumber = async () =>
    /Receipt (T\d+-\d{6})/.exec((await receipt.textContent()) ?? '')?.[1] ?? '';
  const soldSale = async (number: string) =>
    (await (
      await staff.request.get(`/api/v1/sales/receipts/${number}`, { headers: api.headers })
    ).json()) as { approval: string | null };

  // Online: a wrong PIN is refused at once, and the sale waits; the right one completes it.
  let dialog = await discountedWine(staff);
  await dialog.getByLabel("Manager's PIN").fill('1111');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    `That is not ${TILL_MANAGER.name}’s approval PIN: 4 tries left before it locks`,
  );
  await expect(dialog.getByLabel("Manager's PIN")).toHaveValue('');
  await screenshot(staff, 'pos-approval-refused-tablet');
  await dialog.getByLabel("Manager's PIN").fill(PIN);
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(receipt).toContainText(`Discount approved by ${TILL_MANAGER.name}`);
  await expect(
    receipt.getByText('The approval is checked when the tablet is back online'),
  ).toHaveCount(0);
  const online = await receiptNumber();
  await expect
    .poll(async () => (await soldSale(online)).approval, { timeout: 20_000 })
    .toBe('confirmed');

  // Offline: the PIN is sealed for the sale, and checked once the tablet is back online.
  await goOffline(staff, staffContext);
  await staff.getByRole('button', { name: 'New sale' }).click();
  dialog = await discountedWine(staff);
  await dialog.getByLabel("Manager's PIN").fill(PIN);
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(receipt).toContainText(`Discount approved by ${TILL_MANAGER.name}`);
  await expect(receipt.getByRole('status')).toHaveText(
    'The approval is checked when the tablet is back online',
  );
  const right = await receiptNumber();
  await screenshot(staff, 'pos-approval-offline-tablet');
  // A wrong PIN offline: the tablet cannot tell, the goods leave with the customer.
  await staff.getByRole('button', { name: 'New sale' }).click();
  dialog = await discountedWine(staff);
  await dialog.getByLabel("Manager's PIN").fill('1234');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(receipt.getByRole('status')).toHaveText(
    'The approval is checked when the tablet is back online',
  );
  const wrong = await receiptNumber();
  await expect(staff.getByText('2 sales not yet sent')).toBeVisible();

  await staffContext.setOffline(false);
  await expect(staff.getByText(/sales? not yet sent/)).toHaveCount(0, { timeout: 30_000 });
  // Both are stored, once: the right PIN confirmed, the wrong one kept and not confirmed.
  expect((await soldSale(right)).approval).toBe('confirmed');
  expect((await soldSale(wrong)).approval).toBe('not-confirmed');
  await expect
    .poll(async () => (await api.product(WINE)).stock, { timeout: 20_000 })
    .toBe(before - 3);

  // The manager's dashboard lists the sale whose approval did not hold, with who sold it.
  await manager.goto('/dashboard');
  const review = manager.getByRole('region', { name: 'Sales with approval not confirmed' });
  const row = review.getByRole('listitem').filter({ hasText: `Receipt ${wrong}` });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText(
    `Sold by ${TILL_STAFF.name}, approval named ${TILL_MANAGER.name}`,
  );
  await expect(row).toContainText('The PIN typed was not the approver’s');
  await expect(review.getByText(`Receipt ${right}`)).toHaveCount(0);
  await screenshot(manager, 'dashboard-approvals-desktop');
  await manager.setViewportSize({ width: 390, height: 844 });
  await screenshot(manager, 'dashboard-approvals-phone');
  await row.getByRole('button', { name: 'Mark reviewed' }).click();
  await expect(review.getByText(`Receipt ${wrong}`)).toHaveCount(0);
  await managerContext.close();
  await staffContext.close();
});
