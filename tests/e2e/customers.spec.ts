import { type Browser, expect, type Page, test } from '@playwright/test';
import { appOnDevice, indicator, screenshot, signIn } from './helpers.ts';

/**
 * Customers on two tablets of one shop: one made offline on tablet A is on A's list at once,
 * reaches the server when A is back, and shows on tablet B without a reload; B's change of it
 * shows on A. The same email on a new customer is pointed out before it is saved.
 */
async function tablet(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page);
  await appOnDevice(page);
  await page.goto('/customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  return { context, page };
}

const search = (page: Page, text: string) =>
  page.getByRole('searchbox', { name: 'Search customers' }).fill(text);

test('a customer made offline on one tablet reaches the other, and a change comes back', async ({
  browser,
}) => {
  const a = await tablet(browser);
  const b = await tablet(browser);
  const name = `Offline Regular ${Date.now()}`;
  const email = `regular-${Date.now()}@example.test`;
  try {
    await a.context.setOffline(true);
    await a.page.getByRole('button', { name: 'Add Customer' }).click();
    const form = a.page.getByRole('dialog', { name: 'Add Customer' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Phone').fill('+61 412 000 111');
    await form.getByLabel('Tags').fill('Wine club');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await search(a.page, name);
    await a.page.getByRole('button', { name }).click();
    await expect(a.page.getByRole('heading', { level: 2, name })).toBeVisible();
    await expect(a.page.getByText('Saved on this device; on its way to the server')).toBeVisible();
    await screenshot(a.page, 'customer-made-offline');

    await a.context.setOffline(false);
    await expect(indicator(a.page)).toHaveText('Online', { timeout: 20_000 });
    await expect(a.page.getByText('Saved on this device; on its way to the server')).toBeHidden();

    // Tablet B, left on the list, hears of it and shows it.
    await search(b.page, name);
    await expect(b.page.getByRole('button', { name })).toBeVisible({ timeout: 10_000 });
    await b.page.getByRole('button', { name }).click();
    await b.page.getByRole('button', { name: 'Edit Customer' }).click();
    const edit = b.page.getByRole('dialog', { name: 'Edit Customer' });
    await edit.getByLabel('Notes').fill('Collects on Saturdays');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(a.page.getByText('Collects on Saturdays')).toBeVisible({ timeout: 10_000 });

    // A new customer with the same email, on B: pointed out, and saved only when asked again.
    await b.page.getByRole('button', { name: 'All customers' }).click();
    await b.page.getByRole('button', { name: 'Add Customer' }).click();
    const again = b.page.getByRole('dialog', { name: 'Add Customer' });
    await again.getByLabel('Name').fill(`${name} (twin)`);
    await again.getByLabel('Email').fill(email.toUpperCase());
    await expect(again.getByText(`${name} has this email address.`)).toBeVisible();
    await again.getByRole('button', { name: 'Save' }).click();
    await expect(again.getByRole('button', { name: 'Save anyway' })).toBeVisible();
    await again.getByRole('button', { name: 'Cancel' }).click();
    await expect(again).toBeHidden();
  } finally {
    await a.context.close();
    await b.context.close();
  }
});
