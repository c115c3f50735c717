import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { ALERTS_USER } from './e2e-env.ts';
import { appOnDevice, indicator, screenshot, serverApi, signIn } from './helpers.ts';

/**
 * Alerts as a manager sees them: stock brought low on another device shows on this tablet's
 * Alerts and its badge within seconds; Reorder opens the suggestions; Dismiss hides it (and Undo
 * brings it back); a snooze made offline holds through a reload, and reaches the server once
 * the tablet is online again. A business of its own, so its badge counts only what this
 * journey makes.
 */
const WINE = 'Alert Test Grenache';

/** The menu's Alerts entry (the shop's name has the word too). */
const menuEntry = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).locator('a.sidebar__item[href="/alerts"]');
const badge = (page: Page) => menuEntry(page).locator('.sidebar__badge');

test('stock brought low elsewhere raises an alert and its badge; dismissed, snoozed offline, undone', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ALERTS_USER);
  await appOnDevice(page);
  await menuEntry(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  await expect(page.getByText(/Updated \d/)).toBeVisible();
  await expect(page.getByText(/^Nothing needs attention\./)).toBeVisible();
  await expect(badge(page)).toHaveCount(0);

  // Another device adds the wine and counts one bottle in: low, at one of the threshold's ten.
  const api = await serverApi(page, ALERTS_USER);
  const post = async (path: string, data: unknown) => {
    const response = await page.request.post(`/api/v1${path}`, {
      headers: { ...api.headers, 'idempotency-key': randomUUID() },
      data,
    });
    expect(response.ok()).toBe(true);
    return response.json();
  };
  const { id } = (await post('/catalogue/products', {
    fields: { name: WINE, luc: '12', list_price: '24.99' },
  })) as { id: number };
  await post(`/stock/products/${id}/movements`, {
    id: randomUUID(),
    delta: 1,
    reason: 'Received',
    made_at: new Date().toISOString(),
  });
  const low = page.locator('.alerts__item', { hasText: WINE });
  await expect(low).toContainText('1 unit available, at or under your threshold of 10', {
    timeout: 10_000,
  });
  // Out of stock for a moment, then low: one warning.
  await expect(badge(page)).toHaveText('1 new');
  await expect(badge(page)).toHaveClass(/sidebar__badge--warning/);
  await screenshot(page, 'alerts');

  // Reorder opens the reorder suggestions.
  await low.getByRole('button', { name: `Reorder: ${WINE}` }).click();
  await expect(page).toHaveURL(/\/purchasing\?tab=suggestions$/);
  await page.goBack();

  // Dismissed: gone at once, and back with Undo.
  await low.getByRole('button', { name: `Dismiss: ${WINE}` }).click();
  await expect(low).toHaveCount(0);
  await expect(page.getByRole('status').getByText(`Dismissed ${WINE}.`)).toBeVisible();
  await expect(badge(page)).toHaveCount(0);
  await expect(page.getByText(/^Nothing needs attention\./)).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(low).toHaveCount(1);
  await expect(badge(page)).toHaveText('1 new');

  // Snoozed offline: hidden at once, and still after a reload offline.
  await context.setOffline(true);
  await low
    .getByRole('combobox', { name: `Snooze: ${WINE}` })
    .selectOption({ label: 'Snooze 1 day' });
  await expect(low).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  await expect(page.getByText(/the server could not be reached since/)).toBeVisible();
  await expect(page.getByText(/^Nothing needs attention\./)).toBeVisible();
  await expect(badge(page)).toHaveCount(0);

  // Online again: the snooze reaches the server, which leaves the wine out by itself. Every
  // write is sent first: the Undo may still be waiting behind the outage too, and until it is
  // sent the server leaves the wine out by the earlier dismissal.
  await context.setOffline(false);
  await expect(indicator(page)).toHaveText('Online', { timeout: 20_000 });
  await expect
    .poll(
      async () => {
        const response = await page.request.get('/api/v1/alerts', { headers: api.headers });
        const { alerts } = (await response.json()) as { alerts: { title: string }[] };
        return alerts.some((alert) => alert.title === WINE);
      },
      { timeout: 15_000 },
    )
    .toBe(false);
});

/**
 * A kind of alert turned off in Notifications & Alerts leaves Alerts and its badge for this
 * person; turned on again, it is back.
 */
test('a kind of alert turned off in Notifications & Alerts leaves the list and the badge', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ALERTS_USER);
  await appOnDevice(page);
  const api = await serverApi(page, ALERTS_USER);
  const response = await page.request.post('/api/v1/catalogue/products', {
    headers: { ...api.headers, 'idempotency-key': randomUUID() },
    data: { fields: { name: 'Alert Off Merlot', luc: '11', list_price: '26' } },
  });
  expect(response.ok()).toBe(true);
  await menuEntry(page).click();
  const merlot = page.locator('.alerts__item', { hasText: 'Alert Off Merlot' });
  await expect(merlot).toContainText('0 units available', { timeout: 10_000 });
  await expect(badge(page)).toHaveClass(/sidebar__badge--critical/);

  const notifications = async () => {
    await page.goto('/inventory?tab=settings');
    await expect(page.getByRole('heading', { name: 'Inventory Settings' })).toBeVisible({
      timeout: 20_000,
    });
    await page.getByRole('tab', { name: 'Notifications & Alerts' }).click();
    return page.getByRole('group', { name: 'Alerts to show' });
  };
  const shown = await notifications();
  await expect(shown.getByRole('checkbox')).toHaveCount(7);
  await shown.getByRole('checkbox', { name: 'Out of stock' }).uncheck();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await page.getByText('Saved').waitFor({ state: 'visible' });
  await screenshot(page, 'alert-kinds');

  await menuEntry(page).click();
  await expect(page.getByText(/^Nothing needs attention\./)).toBeVisible({ timeout: 10_000 });
  await expect(merlot).toHaveCount(0);
  await expect(badge(page)).toHaveCount(0);

  // On again: back.
  await (await notifications()).getByRole('checkbox', { name: 'Out of stock' }).check();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await page.getByText('Saved').waitFor({ state: 'visible' });
  await menuEntry(page).click();
  await expect(merlot).toHaveCount(1, { timeout: 10_000 });
  await expect(badge(page)).toHaveClass(/sidebar__badge--critical/);
});
