import { expect, type Page, test } from '@playwright/test';
import { TEAM_OWNER } from './e2e-env.ts';
import { latestInvitationLink, screenshot, serverApi, signIn } from './helpers.ts';
import { openRowMenu } from './inventory-grid.ts';

/**
 * Team & Permissions in a business of its own: the owner invites a member of staff, who sets a
 * password from the mailed link and signs in on a second browser; staff can count stock but are
 * offered no price editing, and the server refuses a price change forced through the API; the
 * owner disables them and their next action shows the sign-in screen.
 */
const STAFF = { name: 'Stella Staff', email: 'stella@teamtest.test', password: 'Stella2026' };
const WINE = { name: 'Team Test Riesling 2023', barcode: '9312222000012' };
const COUNT = 'Riesling shelf';
const DISABLED = 'This account has been disabled. Ask an owner of your business.';

async function ownerApi(page: Page) {
  const api = await serverApi(page, TEAM_OWNER);
  return {
    ...api,
    post: (path: string, data: unknown) =>
      page.request.post(`/api/v1${path}`, { headers: api.headers, data }),
  };
}

test('an owner invites staff, who count but cannot change prices, until disabled', async ({
  page,
  browser,
}) => {
  await signIn(page, TEAM_OWNER);
  const owner = await ownerApi(page);
  expect(
    (
      await owner.post('/catalogue/products', {
        fields: {
          name: WINE.name,
          producer: 'Team Estate',
          luc: 20,
          list_price: 40,
          barcode: WINE.barcode,
        },
      })
    ).status(),
  ).toBe(201);
  const started = await owner.post('/stocktakes', {
    id: crypto.randomUUID(),
    name: COUNT,
    scope: 'full',
    scan_mode: 'scan',
    started_at: new Date().toISOString(),
  });
  expect(started.status(), await started.text()).toBe(201);

  // The owner invites Stella as staff.
  const sentAt = Date.now();
  await page.goto('/settings/team');
  await expect(page.getByRole('heading', { level: 1, name: 'Team & Permissions' })).toBeVisible();
  const invite = page.getByRole('form', { name: 'Invite someone' });
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByText('Name is required')).toBeVisible();
  await invite.getByLabel('Name').fill(STAFF.name);
  await invite.getByLabel('Email').fill(STAFF.email);
  await invite.getByLabel('Role').selectOption('staff');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  const invitations = page.getByRole('region', { name: 'Invitations' });
  await expect(invitations).toContainText(`${STAFF.email} · Staff · Invited, link valid until`);
  await screenshot(page, 'team-invited-desktop');

  // Stella opens the mailed link on her own tablet and chooses a password.
  const link = await latestInvitationLink(STAFF.email, sentAt);
  const tablet = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const staff = await tablet.newPage();
  await staff.goto(link);
  await expect(staff.getByText(`Join ${TEAM_OWNER.business}`).first()).toBeVisible();
  await staff.getByLabel('New Password').fill(STAFF.password);
  await staff.getByLabel('Confirm Password').fill(STAFF.password);
  await staff.getByRole('button', { name: `Join ${TEAM_OWNER.business}` }).click();
  await expect(staff).toHaveURL(/\/dashboard$/);
  await expect(staff.getByRole('button', { name: /Stella Staff/ })).toBeVisible();

  // Staff: no Add Inventory, no Edit in the row menu, but Adjust stock.
  await staff.goto('/inventory');
  await expect(staff.getByText('Showing 1 to 1 of 1 results')).toBeVisible();
  await expect(staff.getByRole('tab', { name: 'Add Inventory' })).toHaveCount(0);
  await openRowMenu(staff, 0);
  await expect(staff.getByRole('menuitem', { name: 'Adjust stock' })).toBeVisible();
  await expect(staff.getByRole('menuitem', { name: 'Edit' })).toHaveCount(0);
  await expect(staff.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
  await staff.keyboard.press('Escape');

  // Staff count: the owner's count is there to count in, but not to start or close.
  await staff.getByRole('tab', { name: 'Batch Operations' }).click();
  await expect(staff.getByText(COUNT)).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Start a count' })).toHaveCount(0);
  await staff.getByRole('button', { name: 'Count' }).click();
  await expect(staff.getByRole('button', { name: 'Review and close' })).toHaveCount(0);
  await staff.getByLabel('Scan or search').fill(WINE.barcode);
  await staff.getByLabel('Scan or search').press('Enter');
  await expect(staff.getByText(`${WINE.name}: 1 counted`)).toBeVisible();
  await screenshot(staff, 'team-staff-counting-tablet');

  // A price change forced through the API with Stella's own session is refused.
  const token = await staff.evaluate(() => localStorage.getItem('accessToken'));
  const { id } = await owner.product(WINE.name);
  const forced = await staff.request.patch(`/api/v1/catalogue/products/${id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { base_version: 1, changes: { list_price: 1 } },
  });
  expect(forced.status()).toBe(403);
  expect(await forced.json()).toEqual({
    message: 'Your role does not allow this. Ask an owner or a manager.',
  });
  // Her count reached the server.
  await expect
    .poll(async () => {
      const list = await page.request.get('/api/v1/stocktakes', { headers: owner.headers });
      const { stocktakes } = (await list.json()) as {
        stocktakes: { name: string; counted: number }[];
      };
      return stocktakes.find((count) => count.name === COUNT)?.counted;
    })
    .toBe(1);

  // The owner disables Stella: her next action that reaches the server shows the sign-in screen.
  await page.reload();
  const people = page.getByRole('region', { name: /People/ });
  const row = people.getByRole('row', { name: new RegExp(STAFF.name) });
  await expect(row).toContainText('Active');

  // On a phone each person is a card: the role list and Disable lie within the screen.
  const wide = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  const card = people.locator('tr', { hasText: STAFF.name });
  for (const control of [
    card.getByRole('combobox', { name: `Role of ${STAFF.name}` }),
    card.getByRole('button', { name: 'Disable' }),
  ]) {
    // Where it lies across, without scrolling: a wide table would put it past the screen's edge.
    const box = await control.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  }
  await screenshot(page, 'team-phone');
  if (wide) await page.setViewportSize(wide);

  await row.getByRole('button', { name: 'Disable' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Disable ${STAFF.name}?` });
  await confirm.getByRole('button', { name: 'Disable' }).click();
  await expect(row).toContainText('Disabled');
  await expect(row).not.toContainText('Not yet synced');

  // Her tablet hears of the change at once and asks the server again, untouched: the sign-in
  // screen.
  await expect(staff).toHaveURL(/\/login$/, { timeout: 20_000 });
  // The sign-in screen says why, and signing in again says the same.
  await expect(staff.getByText(DISABLED)).toBeVisible();
  await staff.getByLabel('Email address').fill(STAFF.email);
  await staff.getByLabel('Password').fill(STAFF.password);
  const [login] = await Promise.all([
    staff.waitForResponse('**/api/v1/auth/login'),
    staff.getByRole('button', { name: 'Login' }).click(),
  ]);
  expect(login.status()).toBe(401);
  await expect(staff.getByText(DISABLED)).toBeVisible();
  await expect(staff).toHaveURL(/\/login$/);
  await tablet.close();
});

test('the business profile names the business everywhere and sets the GST suggestion', async ({
  page,
}) => {
  await signIn(page, TEAM_OWNER);
  await page.goto('/settings/profile');
  const form = page.getByRole('form', { name: 'Business Profile' });
  await expect(form.getByLabel('Business name')).toHaveValue(TEAM_OWNER.business);
  await expect(form.getByLabel('Currency')).toHaveValue('$');
  await form.getByLabel('ABN / tax number').fill('51 824 753 55');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(form.getByText('ABN must be 11 digits (spaces allowed)')).toBeVisible();
  await expect(form.getByLabel('ABN / tax number')).toHaveValue('51 824 753 55');
  await form.getByLabel('ABN / tax number').fill('51 824 753 556');
  await form.getByLabel('Business name').fill(`${TEAM_OWNER.business} & Co`);
  await form.getByLabel('Default tax category (GST suggestions)').selectOption('gstFree');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Business profile saved')).toBeVisible();
  await expect(page.getByRole('link', { name: `Vintry ${TEAM_OWNER.business} & Co` })).toBeVisible({
    timeout: 15_000,
  });
  await expect(
    page.getByRole('button', { name: new RegExp(`${TEAM_OWNER.business} & Co`) }),
  ).toBeVisible();

  // No Product Defaults saved by this owner: Add Inventory suggests GST from the business's.
  await page.goto('/inventory?tab=add');
  const add = page.getByRole('form', { name: 'Add Product' });
  await add.getByLabel('LUC (Landed Unit Cost)').fill('20');
  await expect(add.getByLabel('GST', { exact: true })).toHaveValue('0.00');

  // Put the name back for the other journey of this business.
  await page.goto('/settings/profile');
  await form.getByLabel('Business name').fill(TEAM_OWNER.business);
  await form.getByLabel('Default tax category (GST suggestions)').selectOption('gst10');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(
    page.getByRole('link', { name: `Vintry ${TEAM_OWNER.business}`, exact: true }),
  ).toBeVisible({
    timeout: 15_000,
  });
});
