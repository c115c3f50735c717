import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { SETTINGS_USER } from './e2e-env.ts';
import { screenshot, signIn } from './helpers.ts';

// One user's settings are shared by these journeys, so they run one after another.
test.describe.configure({ mode: 'serial' });

const account = { email: SETTINGS_USER.email, password: SETTINGS_USER.password };

/**
 * 'Saved' shows for one second (spec). An assertion's retries slow down to one a second and can
 * step over it; waitFor watches the page itself.
 */
const savedShown = (page: Page) => page.getByText('Saved').waitFor({ state: 'visible' });

async function openSettings(page: Page) {
  await signIn(page, account);
  await page.goto('/inventory?tab=settings');
  // A first visit loads the inventory, then the preferences (spec), then the Settings chunk,
  // while the new service worker precaches the app: on a busy machine it takes longer than the
  // usual wait (a run saw 12 s).
  await expect(page.getByRole('heading', { name: 'Inventory Settings' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('checkbox', { name: 'SKU', exact: true })).toBeVisible();
}

/** The grid's column titles, read once it has drawn them (its accessible table). */
async function headersOf(page: Page) {
  const headers = page.locator('.inventory-grid th');
  await expect(headers.filter({ hasText: 'Product Name' })).toHaveCount(1);
  return headers.allTextContents();
}

async function gridHeaders(page: Page) {
  await page.getByRole('tab', { name: 'Inventory', exact: true }).click();
  await expect(page.getByText(/^Showing 1 to \d+ of \d+ results$/)).toBeVisible();
  return headersOf(page);
}

const orderLabels = (page: Page) =>
  page.getByRole('list', { name: 'Column order' }).locator('.order-list__label').allTextContents();

async function apiToken(page: Page) {
  return page.evaluate(() => localStorage.getItem('accessToken'));
}

test('hiding a column: the grid loses it, it stays after a reload, and another browser sees it', async ({
  page,
  browser,
}) => {
  await openSettings(page);
  const country = page.getByRole('checkbox', { name: 'Country', exact: true });
  await expect(country).toBeChecked();
  await country.uncheck();
  await savedShown(page);
  const headers = await gridHeaders(page);
  expect(headers).toContain('Region');
  expect(headers).not.toContain('Country');

  await page.reload();
  await expect(page.getByText(/^Showing 1 to \d+ of \d+ results$/)).toBeVisible();
  expect(await headersOf(page)).not.toContain('Country');

  let other: BrowserContext | undefined;
  try {
    other = await browser.newContext();
    const second = await other.newPage();
    await signIn(second, account);
    await second.goto('/inventory');
    await expect(second.getByText(/^Showing 1 to \d+ of \d+ results$/)).toBeVisible();
    await expect(second.locator('.inventory-grid th', { hasText: 'Producer/Brand' })).toHaveCount(
      1,
    );
    expect(await second.locator('.inventory-grid th').allTextContents()).not.toContain('Country');
  } finally {
    await other?.close();
  }

  await page.goto('/inventory?tab=settings');
  await page.getByRole('checkbox', { name: 'Country', exact: true }).check();
  await savedShown(page);
});

test('a column shown in Settings is scrolled into view, not left off-screen to the right', async ({
  page,
}) => {
  await openSettings(page);
  const lastSale = page.getByRole('checkbox', { name: 'Last Sale Date', exact: true });
  await expect(lastSale).not.toBeChecked();
  await lastSale.check();
  await savedShown(page);
  await gridHeaders(page);
  const scroller = page.locator('.inventory-grid .dvn-scroller');
  await expect.poll(() => scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  await screenshot(page, 'inventory-column-shown-desktop');

  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('checkbox', { name: 'Last Sale Date', exact: true }).uncheck();
  await savedShown(page);
  // Hiding one brings nothing into view: the grid opens at its start.
  await gridHeaders(page);
  expect(await scroller.evaluate((element) => element.scrollLeft)).toBe(0);
});

test('a second browser paints the saved layout first, never the default columns', async ({
  page,
  browser,
}) => {
  await openSettings(page);
  const producer = page.getByRole('checkbox', { name: 'Producer/Brand', exact: true });
  await producer.uncheck();
  await savedShown(page);

  let other: BrowserContext | undefined;
  try {
    other = await browser.newContext();
    // Every column title the grid ever shows, and whether the loading text came first.
    await other.addInitScript(() => {
      const seen = { headers: [] as string[], loading: false };
      Object.assign(window, { __seen: seen });
      new MutationObserver(() => {
        for (const th of document.querySelectorAll('.inventory-grid th')) {
          const text = th.textContent ?? '';
          if (!seen.headers.includes(text)) seen.headers.push(text);
        }
        if (document.body?.textContent?.includes('Loading inventory data and preferences...')) {
          seen.loading = true;
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    // A slow network: the first preferences answer takes a while.
    await other.route('**/api/v1/preferences/columns/products', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const second = await other.newPage();
    await signIn(second, account);
    await second.goto('/inventory');
    await expect(second.getByText(/^Showing 1 to \d+ of \d+ results$/)).toBeVisible();
    await expect(second.locator('.inventory-grid th', { hasText: 'Country' })).toHaveCount(1);
    const seen = await second.evaluate(
      () => (window as Window & { __seen?: { headers: string[]; loading: boolean } }).__seen,
    );
    expect(seen?.loading).toBe(true);
    expect(seen?.headers).toContain('Country');
    expect(seen?.headers).not.toContain('Producer/Brand');
    await screenshot(second, 'second-device-saved-layout-desktop');
  } finally {
    await other?.close();
  }

  await page.goto('/inventory?tab=settings');
  await producer.check();
  await savedShown(page);
});

test('dragging a column to a new place with the mouse', async ({ page }) => {
  await openSettings(page);
  expect((await orderLabels(page)).slice(0, 3)).toEqual([
    'Product Name',
    'Producer/Brand',
    'Country',
  ]);
  const from = page
    .locator('.order-list__item', { hasText: 'Region' })
    .locator('.order-list__handle');
  const to = page.locator('.order-list__item', { hasText: 'Producer/Brand' });
  const start = await from.boundingBox();
  const target = await to.boundingBox();
  if (!start || !target) throw new Error('order list not on screen');
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 10; step += 1) {
    await page.mouse.move(
      start.x + start.width / 2,
      start.y + ((target.y + 4 - start.y) * step) / 10,
    );
  }
  await page.mouse.up();
  await expect.poll(() => orderLabels(page)).toEqual(expect.arrayContaining(['Region']));
  expect((await orderLabels(page)).slice(0, 3)).toEqual([
    'Product Name',
    'Region',
    'Producer/Brand',
  ]);
  await savedShown(page);
  const headers = await gridHeaders(page);
  expect(headers.indexOf('Region')).toBeLessThan(headers.indexOf('Producer/Brand'));

  await page.goto('/inventory?tab=settings');
  await page.getByRole('button', { name: 'Reset to default order' }).click();
  await savedShown(page);
  expect((await orderLabels(page)).slice(0, 3)).toEqual([
    'Product Name',
    'Producer/Brand',
    'Country',
  ]);
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, viewport: { width: 1024, height: 768 } });

  test('dragging a column to a new place by touch', async ({ page }) => {
    await openSettings(page);
    const from = page
      .locator('.order-list__item', { hasText: 'Appellation' })
      .locator('.order-list__handle');
    const to = page.locator('.order-list__item', { hasText: 'Country' });
    await from.scrollIntoViewIfNeeded();
    const start = await from.boundingBox();
    const target = await to.boundingBox();
    if (!start || !target) throw new Error('order list not on screen');
    const cdp = await page.context().newCDPSession(page);
    const x = start.x + start.width / 2;
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
      });
    await touch('touchStart', start.y + start.height / 2);
    for (let step = 1; step <= 12; step += 1) {
      await touch(
        'touchMove',
        start.y + start.height / 2 + ((target.y + 4 - start.y - start.height / 2) * step) / 12,
      );
      await page.waitForTimeout(16);
    }
    await touch('touchEnd', target.y + 4);
    await expect.poll(async () => (await orderLabels(page)).indexOf('Appellation')).toBe(2);
    await screenshot(page, 'settings-order-touch-tablet');
    await page.getByRole('button', { name: 'Reset to default order' }).click();
    await expect.poll(async () => (await orderLabels(page)).indexOf('Appellation')).toBe(4);
    await savedShown(page);
  });
});

test('a custom field from the Wine Type template becomes a column', async ({ page }) => {
  await openSettings(page);
  await page.getByRole('button', { name: 'Add Custom Field' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Custom Field' });
  await dialog.getByRole('button', { name: /^Wine Type/ }).click();
  await expect(dialog.getByLabel('Field Key')).toHaveValue('wine_type');
  await dialog.getByRole('button', { name: 'Create Field' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Key: wine_type')).toBeVisible();

  const checkbox = page.getByRole('checkbox', { name: 'Wine Type (Custom)' });
  await expect(checkbox).not.toBeChecked();
  await checkbox.check();
  await savedShown(page);
  await gridHeaders(page);
  // The new column comes last: scroll the grid to its right edge to see it.
  const grid = await page.locator('.inventory-grid').boundingBox();
  if (!grid) throw new Error('no grid on screen');
  await page.mouse.move(grid.x + grid.width / 2, grid.y + grid.height / 2);
  await page.mouse.wheel(3000, 0);
  await expect(page.locator('.inventory-grid th', { hasText: 'Wine Type (Custom)' })).toHaveCount(
    1,
  );
  await screenshot(page, 'inventory-custom-column-desktop');
});

test('an invalid field shows every message, then a field is edited and deleted', async ({
  page,
}) => {
  await openSettings(page);
  await page.getByRole('button', { name: 'Add Custom Field' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Custom Field' });
  await dialog.getByLabel('Field Name *').fill('Critic Score');
  await dialog.getByLabel('Field Type *').selectOption('number');
  await dialog.getByLabel('Minimum Value').fill('100');
  await dialog.getByLabel('Maximum Value').fill('50');
  await dialog.getByRole('button', { name: 'Create Field' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('Invalid custom field data:');
  await expect(alert.getByRole('listitem')).toHaveText([
    'Minimum value cannot be greater than maximum value',
  ]);
  await dialog.getByLabel('Maximum Value').fill('100');
  await dialog.getByLabel('Minimum Value').fill('50');
  await dialog.getByRole('button', { name: 'Create Field' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Key: critic_score')).toBeVisible();

  await page.getByRole('button', { name: 'Edit Critic Score' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Custom Field' });
  await edit.getByLabel('Field Name *').fill('Critic Rating');
  await edit.getByRole('button', { name: 'Update Field' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Critic Rating', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Delete Critic Rating' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(
    'Are you sure you want to delete this custom field? This action cannot be undone.',
  );
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Critic Rating', { exact: true })).toBeHidden();
  // The server agrees.
  const token = await apiToken(page);
  await expect
    .poll(async () => {
      const response = await page.request.get('/api/v1/custom-fields/definitions/product', {
        headers: { Authorization: `Bearer ${token}` },
      });
      return ((await response.json()) as { definitions: { field_key: string }[] }).definitions.map(
        (d) => d.field_key,
      );
    })
    .toEqual(['wine_type']);
});

test('Reset to Defaults puts the 10 default columns back', async ({ page }) => {
  await openSettings(page);
  await page.getByRole('checkbox', { name: 'SKU', exact: true }).check();
  await page.getByRole('checkbox', { name: 'GST', exact: true }).uncheck();
  await page.getByRole('button', { name: 'Reset to Defaults' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(
    'Are you sure you want to reset all settings to defaults? This action cannot be undone.',
  );
  await confirm.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByRole('checkbox', { name: 'SKU', exact: true })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'GST', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Wine Type (Custom)' })).not.toBeChecked();
  await expect
    .poll(() => orderLabels(page))
    .toEqual([
      'Product Name',
      'Producer/Brand',
      'Country',
      'Region',
      'Appellation',
      'LUC (Landed Unit Cost)',
      'GST',
      'List Price',
      'Margin',
      'Status',
    ]);
  // The grid shows them in that order (as many as fit on the screen).
  const headers = await gridHeaders(page);
  expect(headers.slice(1, 8)).toEqual([
    '▲ Product Name',
    'Producer/Brand',
    'Country',
    'Region',
    'Appellation',
    'LUC (Landed Unit Cost)',
    'GST',
  ]);
});

test('a description column shows 30 characters and the whole text on hover', async ({ page }) => {
  await openSettings(page);
  await page.getByRole('checkbox', { name: 'Description', exact: true }).check();
  // Bring it next to the product name, with the keyboard-friendly buttons.
  const up = page.getByRole('button', { name: 'Move Description up' });
  // The list follows the stored layout a moment after each click: wait for it before the next.
  const place = async () => (await orderLabels(page)).indexOf('Description');
  // 'Saved' shows for a second after each move is saved: watched from before the last click,
  // as a poll's slower retries can step over it.
  for (let at = await place(); at > 1; at -= 1) {
    const lastSaved = at === 2 ? savedShown(page) : null;
    await up.click();
    await expect.poll(place).toBe(at - 1);
    await lastSaved;
  }
  const headers = await gridHeaders(page);
  expect(headers.slice(1, 3)).toEqual(['▲ Product Name', 'Description']);

  const shown = (await page.getByTestId('glide-cell-2-0').textContent()) ?? '';
  expect(shown).toMatch(/^.{30}\.\.\.$/);
  const grid = await page.locator('.inventory-grid').boundingBox();
  if (!grid) throw new Error('no grid on screen');
  await page.mouse.move(grid.x + 35 + 180 + 100, grid.y + 40 + 18);
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toBeVisible();
  const full = (await tooltip.textContent()) ?? '';
  expect(full.startsWith(shown.slice(0, 30))).toBe(true);
  expect(full.length).toBeGreaterThan(30);
  await screenshot(page, 'inventory-description-tooltip-desktop');

  await page.goto('/inventory?tab=settings');
  await page.getByRole('checkbox', { name: 'Description', exact: true }).uncheck();
  await savedShown(page);
});

for (const [size, width, height] of [
  ['desktop', 1280, 800],
  ['tablet', 1024, 768],
  ['phone', 390, 844],
] as const) {
  test(`settings panel and field dialog at ${size} size`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await openSettings(page);
    await screenshot(page, `settings-${size}`);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await page.getByRole('button', { name: 'Add Custom Field' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Wine Regions/ })
      .click();
    await screenshot(page, `field-dialog-${size}`);
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Display Preferences' }).click();
    await screenshot(page, `display-preferences-${size}`);
  });
}
