import { expect, test } from '@playwright/test';
import { screenshot, signIn } from './helpers.ts';

test.describe('app shell', () => {
  test('sidebar: collapse and expand, submenus, menu entries, Sign Out', async ({ page }) => {
    await signIn(page);
    const nav = page.getByRole('navigation', { name: 'Main' });

    await nav.getByRole('button', { name: 'Reports' }).click();
    await nav.getByRole('link', { name: 'Inventory Report' }).click();
    await expect(page).toHaveURL(/\/reports\/inventory$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Inventory Report' })).toBeVisible();

    await nav.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(nav.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    await expect(nav.getByText('Quick Actions')).toBeHidden();
    await expect(nav.getByRole('link', { name: 'Inventory Report' })).toBeHidden();
    // Narrow, once its width transition has run.
    await expect.poll(async () => (await nav.boundingBox())?.width).toBeLessThan(100);

    // Collapsed, a parent with a submenu goes to its own route.
    await nav.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);

    await nav.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(nav.getByText('Quick Actions')).toBeVisible();
    // The demo shop's real count (tests/e2e/alerts.spec.ts follows one as it changes), typed
    // by its most severe: the demo has wines out of stock.
    const alertBadge = nav.getByRole('link', { name: 'Alerts' }).locator('.sidebar__badge');
    await expect(alertBadge).toHaveText(/^\d+ new$/);
    await expect(alertBadge).toHaveClass(/sidebar__badge--critical/);

    await nav.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  for (const [name, width, height] of [
    ['desktop', 1280, 800],
    ['tablet', 1024, 768],
    ['phone', 390, 844],
  ] as const) {
    test(`screens at ${name} size (${width}×${height})`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
      await screenshot(page, `login-${name}`);
      await signIn(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      const nav = page.getByRole('navigation', { name: 'Main' });
      if (name === 'phone') {
        await expect(nav).toBeHidden();
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
        await screenshot(page, `shell-drawer-${name}`);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
      } else if (name === 'tablet') {
        await expect(nav.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
      } else {
        await expect(nav.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible();
      }
      await screenshot(page, `shell-${name}`);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
    });
  }
});
