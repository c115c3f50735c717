import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, expect, type Page, test } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, COLLEAGUE } from './e2e-env.ts';
import { gridCell, gridCellPoint, indicator, screenshot, signIn } from './helpers.ts';
import { openRowMenu, PRODUCT, WIDTHS } from './inventory-grid.ts';
import { OfflineServer, type ServerView, SHORT_TOKEN_TTL_SECONDS } from './offline-server.ts';

/**
 * The offline journeys of ARCHITECTURE.md section 4, against a server of their own that they
 * stop and start, whose access tokens live a few seconds. "Offline" is the browser context's
 * network switched off, which also cuts the service worker's own requests.
 */
test.describe.configure({ mode: 'serial' });

const server = new OfflineServer();
let view: ServerView;
test.use({ baseURL: server.baseURL });

test.beforeAll(async () => {
  server.prepare();
  await server.start();
  view = await server.api();
});

test.afterAll(async () => {
  await view?.dispose();
  await server.stop();
});

let logMark = 0;
test.beforeEach(async () => {
  await view.reset();
  logMark = server.log.length;
});

// A failed journey carries what the server saw.
test.afterEach(async () => {
  const testInfo = test.info();
  if (testInfo.status !== testInfo.expectedStatus) {
    const file = testInfo.outputPath('server.log');
    writeFileSync(file, server.log.slice(logMark).join('\n'));
    await testInfo.attach('server-log', { path: file });
  }
});

const checkbox = (page: Page, label: string) =>
  page.getByRole('checkbox', { name: label, exact: true });
const orderLabels = (page: Page) =>
  page.getByRole('list', { name: 'Column order' }).locator('.order-list__label').allTextContents();
const fieldItem = (page: Page, name: string) =>
  page.locator('.fields-list__item', { has: page.getByText(name, { exact: true }) });
const resultsLine = (page: Page) => page.getByText(/^Showing 1 to [\d,]+ of [\d,]+ results$/);

/** Signed in, with the worker installed and every screen visited once online. */
async function visitOnline(page: Page) {
  await signIn(page);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.goto('/inventory');
  // By now this server's short-lived access token has often expired (the worker's install took
  // 9.5 s in a whole run): the first visit renews it, then reads the catalogue, then the
  // preferences (spec), on a busy machine past the usual wait.
  await expect(resultsLine(page)).toBeVisible({ timeout: 20_000 });
  await openSettings(page);
}

async function openSettings(page: Page) {
  await page.goto('/inventory?tab=settings');
  // Settings is a chunk of its own, asked for once the page has painted: online while the new
  // service worker precaches the app, offline after a cold start of the app from the worker's
  // copy in a new tab (one step took 3-6 s in a whole run): on a busy machine it can take longer
  // than the usual wait.
  await expect(checkbox(page, 'SKU')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Loading custom fields...')).toBeHidden();
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect(indicator(page)).toContainText('Offline');
}

async function createField(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add Custom Field' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Custom Field' });
  await dialog.getByLabel('Field Name *').fill(name);
  await dialog.getByLabel('Field Type *').selectOption('text');
  await dialog.getByRole('button', { name: 'Create Field' }).click();
  await expect(dialog).toBeHidden();
  await expect(fieldItem(page, name)).toBeVisible();
}

async function definitionNames() {
  return (await view.definitions()).map((definition) => definition.field_name).sort();
}

test('after one online visit every screen opens offline, also after the browser restarts', async () => {
  await view.createField('Bin Location', 'bin_location');
  const profile = mkdtempSync(path.join(os.tmpdir(), 'vintry-profile-'));
  const launch = (offline: boolean) =>
    chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      baseURL: server.baseURL,
      viewport: { width: 1280, height: 800 },
      offline,
    });
  let context = await launch(false);
  try {
    let page = context.pages()[0] ?? (await context.newPage());
    await visitOnline(page);
    await expect(fieldItem(page, 'Bin Location')).toBeVisible();

    await goOffline(context, page);
    for (const reopen of [() => page.reload(), () => page.goto('/inventory')]) {
      await reopen();
      await expect(indicator(page)).toContainText('Offline');
    }
    await expect(resultsLine(page)).toBeVisible();
    await expect(
      page.getByText(/You are offline; it refreshes when the connection is back\./),
    ).toBeVisible();
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    // A deep link, typed into a new tab: a cold start of the app from the worker's copy.
    const deep = await context.newPage();
    await openSettings(deep);
    await expect(checkbox(deep, 'Country')).toBeChecked();
    await expect(fieldItem(deep, 'Bin Location')).toBeVisible();
    await deep.getByRole('button', { name: /Demo Owner/ }).click();
    await expect(deep.getByRole('dialog', { name: 'Your profile' })).toContainText(
      'demo@vintry.test',
    );
    await context.close();

    // The browser starts again with no network at all.
    context = await launch(true);
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/inventory');
    await expect(resultsLine(page)).toBeVisible();
    await expect(indicator(page)).toContainText('Offline');
    await screenshot(page, 'offline-inventory-after-restart-desktop');
    await openSettings(page);
    await expect(fieldItem(page, 'Bin Location')).toBeVisible();
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('changes made offline stay through a reload and reach the server once when back online', async ({
  page,
  context,
}) => {
  await view.createField('Old Field', 'old_field');
  await visitOnline(page);
  await goOffline(context, page);

  await checkbox(page, 'Country').uncheck();
  await expect(page.getByText('Saved on this device; it will sync when online')).toBeVisible();
  await page.getByRole('button', { name: 'Move Region up' }).click();
  await createField(page, 'Vintage Notes');
  await page.getByRole('button', { name: 'Edit Vintage Notes' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Custom Field' });
  await edit.getByLabel('Field Name *').fill('Tasting Notes');
  await edit.getByRole('button', { name: 'Update Field' }).click();
  await expect(edit).toBeHidden();
  await page.getByRole('button', { name: 'Delete Old Field' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(fieldItem(page, 'Old Field')).toHaveCount(0);

  await expect(fieldItem(page, 'Tasting Notes')).toContainText('Not yet synced');
  await expect(indicator(page)).toHaveAccessibleName(/^Offline, \d+ waiting\./);
  await indicator(page).click();
  const pending = page.getByRole('dialog', { name: 'Pending changes' });
  await expect(pending.getByRole('heading', { name: /^Waiting \(\d+\)$/ })).toBeVisible();
  await screenshot(page, 'offline-pending-changes-desktop');
  await pending.press('Escape');
  await expect(pending).toBeHidden();

  await page.reload();
  await expect(checkbox(page, 'Country')).not.toBeChecked();
  const order = await orderLabels(page);
  expect(order.indexOf('Region')).toBeLessThan(order.indexOf('Producer/Brand'));
  await expect(fieldItem(page, 'Tasting Notes')).toContainText('Not yet synced');
  await expect(fieldItem(page, 'Old Field')).toHaveCount(0);
  expect(await definitionNames()).toEqual(['Old Field']);

  const mark = server.log.length;
  await context.setOffline(false);
  await expect(indicator(page)).toHaveText('Online', { timeout: 20_000 });
  const columns = await view.visibleColumns();
  expect(columns).not.toContain('country');
  expect(columns.indexOf('region')).toBeLessThan(columns.indexOf('producer'));
  expect(await view.definitions()).toEqual([
    expect.objectContaining({ field_name: 'Tasting Notes', field_key: 'vintage_notes' }),
  ]);
  await expect(fieldItem(page, 'Tasting Notes')).not.toContainText('Not yet synced');
  // The create and its edit went as one write; nothing took effect twice.
  expect(server.effects(/POST \/api\/v1\/custom-fields\/definitions /, mark)).toHaveLength(1);
  expect(server.effects(/DELETE \/api\/v1\/custom-fields\/definitions\//, mark)).toHaveLength(1);
});

test('a product added through Add Inventory offline stays through a reload and reaches the server once', async ({
  page,
  context,
}) => {
  // Unique per run: the catalogue of this server is not reset between journeys.
  const name = `Offline Arrival ${Date.now()}`;
  await visitOnline(page);
  await page.goto('/inventory?tab=add');
  await expect(page.getByRole('form', { name: 'Add Product' })).toBeVisible();
  await goOffline(context, page);

  const form = page.getByRole('form', { name: 'Add Product' });
  await form.getByLabel('Product Name').fill(name);
  await form.getByLabel('Producer/Brand').fill('Cellar Door');
  await form.getByLabel('LUC (Landed Unit Cost)').fill('20');
  await expect(form.getByLabel('GST', { exact: true })).toHaveValue('2.00');
  await form.getByLabel('List Price').fill('44');
  await expect(form.getByRole('definition').nth(1)).toHaveText('50.00%');
  await form.getByRole('button', { name: 'Save Product' }).click();
  await expect(page.getByText(`${name} added successfully!`)).toBeVisible();

  // Back on the table, the new product is there at once, marked as not yet synced.
  await expect(page.getByRole('tab', { name: 'Inventory', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByPlaceholder('Search products, producers, regions...').fill(name);
  await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible();
  await expect(gridCell(page, 1, 0)).toHaveText(`${name} · Not yet synced`);
  // On screen the words would take the name's room: an amber dot ends the cell instead.
  const cell = await gridCellPoint(page, WIDTHS, PRODUCT, 0);
  const dotAt = { x: cell.x + (WIDTHS[PRODUCT] ?? 0) / 2 - 8 - 4, y: cell.y };
  await expect
    .poll(() =>
      page.evaluate(({ x, y }) => {
        const canvas = document.querySelector('.inventory-grid canvas') as HTMLCanvasElement;
        const box = canvas.getBoundingClientRect();
        const ratio = canvas.width / box.width;
        const [r, g, b] = canvas
          .getContext('2d')
          ?.getImageData(Math.round((x - box.x) * ratio), Math.round((y - box.y) * ratio), 1, 1)
          .data ?? [0, 0, 0];
        return [r, g, b];
      }, dotAt),
    )
    .toEqual([0xc7, 0x7c, 0x00]);
  await screenshot(page, 'inventory-not-yet-synced-mark');
  await page.reload();
  await page.getByPlaceholder('Search products, producers, regions...').fill(name);
  await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible();
  expect(await view.productsNamed(name)).toEqual([]);

  const mark = server.log.length;
  await context.setOffline(false);
  await expect(indicator(page)).toHaveText('Online', { timeout: 20_000 });
  const [stored, ...more] = await view.productsNamed(name);
  expect(more).toEqual([]);
  expect(stored).toMatchObject({
    producer: 'Cellar Door',
    luc: '20.00',
    gst: '2.00',
    list_price: '44.00',
  });
  expect(server.effects(/POST \/api\/v1\/catalogue\/products /, mark)).toHaveLength(1);
  await expect(gridCell(page, 1, 0)).toHaveText(name);
});

test('an invalid custom value is refused in the row with its message, and nothing typed is lost', async ({
  page,
}) => {
  await view.createField('Vintage', 'vintage_year', {
    field_type: 'number',
    validation: { min_value: 1900, max_value: 2030 },
  });
  await signIn(page);
  await openSettings(page);
  await checkbox(page, 'Vintage (Custom)').check();
  await page.getByText('Saved', { exact: true }).waitFor();
  await page.getByRole('tab', { name: 'Inventory', exact: true }).click();
  await expect(resultsLine(page)).toBeVisible();
  const name = (await gridCell(page, 1, 0).textContent()) ?? '';
  await openRowMenu(page, 0);
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const editor = page.getByRole('form', { name: `Edit ${name}` });
  const vintage = editor.getByLabel('Vintage (Custom)');
  await vintage.fill('1850');
  await editor.getByLabel('Region').fill('Edited Region');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByRole('alert')).toHaveText('Vintage must be at least 1900');
  await expect(vintage).toHaveAttribute('aria-invalid', 'true');
  await expect(vintage).toHaveValue('1850');
  await expect(editor.getByLabel('Region')).toHaveValue('Edited Region');
  await screenshot(page, 'row-editor-invalid-custom-value-desktop');

  const mark = server.log.length;
  await vintage.fill('2019');
  await vintage.press('Enter');
  await expect(editor).toBeHidden();
  await expect(indicator(page)).toHaveText('Online', { timeout: 20_000 });
  const [saved] = await view.productsNamed(name);
  expect(saved).toMatchObject({ vintage_year: 2019, region: 'Edited Region' });
  // The refused value never left the device.
  expect(server.effects(/PATCH \/api\/v1\/catalogue\/products\//, mark)).toHaveLength(1);
});

test('an access token that expired offline is renewed by the replay', async ({ page, context }) => {
  await visitOnline(page);
  await goOffline(context, page);
  await checkbox(page, 'Country').uncheck();
  await page.waitForTimeout((SHORT_TOKEN_TTL_SECONDS + 1) * 1000);

  const mark = server.log.length;
  await context.setOffline(false);
  await expect(indicator(page)).toHaveText('Online', { timeout: 20_000 });
  expect(await view.visibleColumns()).not.toContain('country');
  expect(server.log.slice(mark)).toContainEqual(
    expect.stringMatching(/^POST \/api\/v1\/auth\/refresh 200 /),
  );
  await expect(page).toHaveURL(/\/inventory\?tab=settings$/);
});

test('a session revoked while offline pauses the queue until the user signs in again', async ({
  page,
  context,
}) => {
  await visitOnline(page);
  await goOffline(context, page);
  await checkbox(page, 'Country').uncheck();
  await createField(page, 'Paused Notes');
  const refreshToken = await page.evaluate(() => localStorage.getItem('refreshToken'));
  expect(refreshToken).toBeTruthy();
  await view.revoke(refreshToken as string);
  await page.waitForTimeout((SHORT_TOKEN_TTL_SECONDS + 1) * 1000);

  await context.setOffline(false);
  await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
  await expect(page.getByText('Session expired. Please login again.')).toBeVisible();
  expect(await view.visibleColumns()).toContain('country');
  expect(await definitionNames()).toEqual([]);

  await signIn(page);
  await expect(indicator(page)).toHaveText('Online', { timeout: 20_000 });
  expect(await view.visibleColumns()).not.toContain('country');
  expect(await definitionNames()).toEqual(['Paused Notes']);
});

test('a shared tablet: the next person sees and sends nothing of the last, whose change waits for them', async ({
  page,
  context,
}) => {
  await visitOnline(page);
  await goOffline(context, page);
  await checkbox(page, 'Country').uncheck();
  await createField(page, 'Tablet Notes');
  // The owner's session ends while the tablet is offline (signed out from another device).
  const refreshToken = await page.evaluate(() => localStorage.getItem('refreshToken'));
  await view.revoke(refreshToken as string);
  await page.waitForTimeout((SHORT_TOKEN_TTL_SECONDS + 1) * 1000);
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });

  // A colleague signs in on the same tablet.
  const mark = server.log.length;
  await signIn(page, COLLEAGUE);
  await expect(page.getByRole('button', { name: /Sam Second/ })).toBeVisible();
  await openSettings(page);
  await expect(checkbox(page, 'Country')).toBeChecked();
  await expect(page.locator('.fields-list__item')).toHaveCount(0);
  await expect(page.getByText('No custom fields created yet.')).toBeVisible();
  await expect(indicator(page)).toHaveText('Online');
  await indicator(page).click();
  const pending = page.getByRole('dialog', { name: 'Pending changes' });
  await expect(pending).toContainText('Every change has reached the server.');
  await screenshot(page, 'shared-tablet-colleague-desktop');
  await pending.press('Escape');
  await page.goto('/inventory');
  await expect(resultsLine(page)).toBeVisible();
  await expect(page.locator('.inventory-grid th', { hasText: 'Country' })).toHaveCount(1);
  // Nothing the owner queued went out under the colleague's session (sign-ins aside).
  expect(server.effects(/ \/api\/v1\/(?!auth\/)/, mark)).toEqual([]);
  expect(await definitionNames()).toEqual([]);
  expect(await view.visibleColumns()).toContain('country');

  // The colleague signs out; the owner signs in again and their change is delivered.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Sign Out' })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page);
  await expect(
    page.getByText(
      'Welcome back. 2 changes you made earlier on this device were kept and are being sent now.',
    ),
  ).toBeVisible();
  await expect.poll(() => definitionNames(), { timeout: 20_000 }).toEqual(['Tablet Notes']);
  await expect.poll(() => view.visibleColumns()).not.toContain('country');
  await expect(indicator(page)).toHaveText('Online');
  await openSettings(page);
  await expect(fieldItem(page, 'Tablet Notes')).not.toContainText('Not yet synced');
  await expect(checkbox(page, 'Country')).not.toBeChecked();
});

test('a sync event with no page open delivers the queue', async ({ page, context }) => {
  await visitOnline(page);
  await goOffline(context, page);
  await checkbox(page, 'Country').uncheck();
  await createField(page, 'Worker Notes');
  // The access token is stale by the time the worker sends: it renews it itself.
  await page.waitForTimeout((SHORT_TOKEN_TTL_SECONDS + 1) * 1000);

  const blank = await context.newPage();
  await page.close();
  await context.setOffline(false);
  const cdp = await context.newCDPSession(blank);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find(
        (registration) => registration.scopeURL === `${server.baseURL}/`,
      );
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: server.baseURL,
    registrationId: await registrationId,
    tag: 'vintry-outbox',
    lastChance: false,
  });
  await expect.poll(() => definitionNames(), { timeout: 20_000 }).toEqual(['Worker Notes']);
  expect(await view.visibleColumns()).not.toContain('country');

  // A page opened afterwards takes the tokens the worker renewed and is still signed in.
  const again = await context.newPage();
  await openSettings(again);
  await expect(indicator(again)).toHaveText('Online');
  await expect(checkbox(again, 'Country')).not.toBeChecked();
  await expect(fieldItem(again, 'Worker Notes')).not.toContainText('Not yet synced');
});

test('two tabs queue changes offline and come back together: nothing arrives twice', async ({
  page,
  context,
}) => {
  await visitOnline(page);
  const second = await context.newPage();
  await openSettings(second);
  await goOffline(context, page);
  await expect(indicator(second)).toContainText('Offline');

  await createField(page, 'Alpha Notes');
  await createField(second, 'Beta Notes');
  await checkbox(second, 'Country').uncheck();
  // Each tab counts the changes of both.
  await expect(indicator(page)).toHaveAccessibleName(/^Offline, 3 waiting\./);

  const mark = server.log.length;
  await context.setOffline(false);
  for (const tab of [page, second]) {
    await expect(indicator(tab)).toHaveText('Online', { timeout: 20_000 });
  }
  expect(await definitionNames()).toEqual(['Alpha Notes', 'Beta Notes']);
  expect(await view.visibleColumns()).not.toContain('country');
  expect(server.effects(/POST \/api\/v1\/custom-fields\/definitions /, mark)).toHaveLength(2);
  expect(server.effects(/PUT \/api\/v1\/preferences\/columns\/products /, mark)).toHaveLength(1);
  expect(server.log.slice(mark).filter((line) => / 409 /.test(line))).toEqual([]);
  for (const tab of [page, second]) {
    await expect(fieldItem(tab, 'Alpha Notes')).toHaveCount(1);
    await expect(fieldItem(tab, 'Beta Notes')).toHaveCount(1);
  }
});

test('the server stops in the middle of a replay and starts again: everything converges', async ({
  page,
  context,
}) => {
  await visitOnline(page);
  await goOffline(context, page);
  const names = ['First Notes', 'Second Notes', 'Third Notes', 'Fourth Notes'];
  for (const name of names) await createField(page, name);

  // The second create reaches the server and is stored, then the server stops before its
  // answer gets back; the others find it gone.
  let creates = 0;
  let stopped: Promise<void> | undefined;
  await context.route('**/api/v1/custom-fields/definitions', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    creates += 1;
    if (creates !== 2) return route.continue();
    await route.fetch();
    stopped = server.stop();
    await stopped;
    return route.abort('connectionreset');
  });
  const mark = server.log.length;
  await context.setOffline(false);
  await expect.poll(() => stopped !== undefined, { timeout: 20_000 }).toBe(true);
  await stopped;
  // The browser has a network but the server does not answer: offline, with what waits.
  await expect(indicator(page)).toHaveText(/^Offline\d$/);

  await context.unrouteAll({ behavior: 'wait' });
  await server.start();
  await expect(indicator(page)).toHaveText('Online', { timeout: 60_000 });
  expect(await definitionNames()).toEqual([...names].sort());
  const created = server.effects(/POST \/api\/v1\/custom-fields\/definitions /, mark);
  expect(created).toHaveLength(names.length);
  // The one whose answer was lost was sent again and answered from the store.
  expect(server.log.slice(mark)).toContainEqual(
    expect.stringMatching(/^POST \/api\/v1\/custom-fields\/definitions 201 .*\(replayed\)$/),
  );
  for (const name of names) await expect(fieldItem(page, name)).toHaveCount(1);
});

test('a change the server refuses needs attention, is undone here, and Discard clears it', async ({
  page,
  context,
}) => {
  await visitOnline(page);
  await goOffline(context, page);
  await createField(page, 'Cellar Location');
  // Meanwhile, on another device, the key is taken.
  await view.createField('Cellar Spot', 'cellar_location');

  await context.setOffline(false);
  await expect(indicator(page)).toHaveText('1 need attention', { timeout: 20_000 });
  await expect(fieldItem(page, 'Cellar Location')).toHaveCount(0);
  await indicator(page).click();
  const pending = page.getByRole('dialog', { name: 'Pending changes' });
  await expect(pending.getByRole('heading', { name: 'Need attention (1)' })).toBeVisible();
  await expect(pending).toContainText(
    'A custom field with the key "cellar_location" already exists',
  );
  await screenshot(page, 'offline-needs-attention-desktop');
  await pending.getByRole('button', { name: /^Discard: / }).click();
  await expect(pending).toContainText('Every change has reached the server.');
  await pending.press('Escape');
  await expect(indicator(page)).toHaveText('Online');
  expect(await definitionNames()).toEqual(['Cellar Spot']);
});

test('the app is installable, and a new version is offered with Reload', async () => {
  // Installability is only reported outside incognito: a profile of its own.
  const profile = mkdtempSync(path.join(os.tmpdir(), 'vintry-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL: server.baseURL,
    viewport: { width: 1280, height: 800 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await signIn(page);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    await cdp.detach();

    publishNewBuild();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
    // The browser looks for a new version as a page opens, the app hourly and on reconnect.
    // Chromium 156 made no check within 30 s of this reload, and a registration.update() asked
    // from the app's page was at times never answered, while the same call from another tab of
    // the browser was at once. So the check the hourly one would make is asked from a tab that
    // is not the app's (the manifest, a file the worker keeps): what the app does with a new
    // version found (offer Reload, then run it) is what this test is about.
    const checker = await context.newPage();
    try {
      await checker.goto('/manifest.webmanifest');
      await expect
        .poll(
          async () => {
            if ((await prompt.count()) > 0) return true;
            await checker.evaluate(() => {
              void navigator.serviceWorker
                .getRegistration()
                .then((registration) => registration?.update())
                .catch(() => undefined);
            });
            return false;
          },
          { timeout: 30_000, intervals: [2_000] },
        )
        .toBe(true);
    } finally {
      await checker.close();
    }
    await expect(prompt).toBeVisible();
    await expect(page.locator('meta[name="vintry-build"]')).toHaveCount(0);
    await screenshot(page, 'update-prompt-desktop');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await expect(page.locator('meta[name="vintry-build"]')).toHaveAttribute('content', 'rebuilt');
    await expect(prompt).toBeHidden();
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

/**
 * A new version of the app, as a rebuild would produce: index.html changed, and the worker's
 * precache list carrying its new revision (so the worker itself changes too).
 */
function publishNewBuild() {
  const indexPath = path.join(server.staticDir, 'index.html');
  const workerPath = path.join(server.staticDir, 'sw.js');
  const before = readFileSync(indexPath, 'utf8');
  const after = before.replace('<head>', '<head><meta name="vintry-build" content="rebuilt">');
  expect(after).not.toBe(before);
  const md5 = (text: string) => createHash('md5').update(text).digest('hex');
  const worker = readFileSync(workerPath, 'utf8');
  const revised = worker.replace(
    `{"revision":"${md5(before)}","url":"index.html"}`,
    `{"revision":"${md5(after)}","url":"index.html"}`,
  );
  expect(revised).not.toBe(worker);
  writeFileSync(indexPath, after);
  writeFileSync(workerPath, revised);
}
