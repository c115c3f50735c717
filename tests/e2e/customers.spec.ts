import { type Browser, expect, type Page, test } from '@playwright/test';
import { ORDERS_TEXT } from '../../src/features/orders/orders-text.ts';
import { appOnDevice, indicator, screenshot, signIn } from './helpers.ts';

/**
 * Customers and their orders on two tablets of one shop: a customer made offline on tablet A is
 * on A's list at once, reaches the server when A is back, and shows on tablet B without a
 * reload; B's change of it shows on A. The same email on a new customer is pointed out before it
 * is saved. An order for tomorrow taken offline on B reaches the server when B is back and shows
 * on A's dashboard, and A's marking it ready shows on B.
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

test('an order for tomorrow taken offline on one tablet shows on the other’s dashboard', async ({
  browser,
}) => {
  const a = await tablet(browser);
  const b = await tablet(browser);
  const name = `Order Regular ${Date.now()}`;
  try {
    // The customer is made on A, offline, and reaches B once A is back.
    await a.context.setOffline(true);
    await a.page.getByRole('button', { name: 'Add Customer' }).click();
    const form = a.page.getByRole('dialog', { name: 'Add Customer' });
    await form.getByLabel('Name').fill(name);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await a.context.setOffline(false);
    await expect(indicator(a.page)).toHaveText('Online', { timeout: 20_000 });
    await search(b.page, name);
    await expect(b.page.getByRole('button', { name })).toBeVisible({ timeout: 10_000 });

    // B takes an order for tomorrow offline.
    await b.page.goto('/orders');
    await expect(b.page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await b.page.getByRole('button', { name: 'Take Order' }).click();
    const take = b.page.getByRole('dialog', { name: 'Take Order' });
    // The screen fetched the catalogue on its first visit: from now on it is on the tablet.
    await expect(take.getByText(ORDERS_TEXT.noCatalogue)).toBeHidden({ timeout: 20_000 });
    await b.context.setOffline(true);
    await take.getByLabel('Find the customer').fill(name);
    await take.getByRole('button', { name: new RegExp(name) }).click();
    await take.getByLabel('From').fill('10:30');
    await take.getByLabel('Add a product').fill('Penfolds');
    await take.getByRole('list', { name: 'Products found' }).getByRole('button').first().click();
    await take.getByLabel(/^Quantity of /).fill('3');
    await take.getByRole('button', { name: 'Save' }).click();
    await expect(take).toBeHidden();
    const title = b.page.locator('#order-title');
    await expect(title).toHaveText(`Not yet numbered · ${name}`);
    await expect(b.page.getByText('Saved on this device; on its way to the server')).toBeVisible();
    await screenshot(b.page, 'order-taken-offline');
    await b.context.setOffline(false);
    await expect(title).toHaveText(new RegExp(`^ORD-\\d+ · ${name}$`), { timeout: 20_000 });

    // A's dashboard lists it among tomorrow's; it opens the order.
    await a.page.goto('/dashboard');
    const tomorrow = a.page.getByRole('region', { name: "Tomorrow's Orders" });
    const entry = tomorrow.getByRole('link', { name: new RegExp(name) });
    await expect(entry).toContainText('3 items', { timeout: 15_000 });
    await expect(entry).toContainText('10:30 AM');
    await entry.click();
    await expect(a.page.locator('#order-title')).toHaveText(new RegExp(name));
    await a.page.getByRole('button', { name: 'Mark Ready' }).click();
    await expect(b.page.locator('.orders-facts').getByText('Ready')).toBeVisible({
      timeout: 10_000,
    });

    // Cancelled, it leaves tomorrow's list.
    await a.page.getByRole('button', { name: 'Cancel Order' }).click();
    await a.page
      .getByRole('dialog', { name: 'Cancel Order' })
      .getByRole('button', { name: 'Cancel Order' })
      .click();
    await a.page.goto('/dashboard');
    await expect(tomorrow.getByRole('link', { name: new RegExp(name) })).toHaveCount(0, {
      timeout: 15_000,
    });
  } finally {
    await a.context.close();
    await b.context.close();
  }
});
