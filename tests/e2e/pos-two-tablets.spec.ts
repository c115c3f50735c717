import { type Browser, expect, type Page, test } from '@playwright/test';
import { indicator, screenshot, serverApi, signIn } from './helpers.ts';

/**
 * Two tablets sell the last bottles of a wine while the network is down: one sells 2, the other
 * 1, of a wine with 2 in stock. Both sales reach the server once, the stock goes to −1 and shows
 * as out of stock; the manager's phone, open on the dashboard, follows the day's takings.
 */
const WINE = 'Last Two Standing Shiraz 2021';
const PRICE = 58.5;

async function tablet(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  await signIn(page);
  await page.goto('/pos');
  await expect(page.getByText(/^Till T\d+ · /)).toBeVisible({ timeout: 20_000 });
  return { context, page };
}

async function sell(page: Page, quantity: number) {
  const search = page.getByLabel('Scan or search a product');
  await search.fill(WINE);
  await expect(page.getByRole('button', { name: new RegExp(`^${WINE}`) })).toContainText(
    '2 in stock',
  );
  await search.press('Enter');
  for (let more = 1; more < quantity; more += 1) {
    await page.getByRole('button', { name: `One more ${WINE}` }).click();
  }
  await page.getByLabel('Cash given').fill('200');
  await page.getByRole('button', { name: 'Complete sale' }).click();
  await expect(page.getByRole('region', { name: 'Receipt' })).toBeVisible();
  await expect(page.getByText('1 sale not yet sent')).toBeVisible();
}

const revenueOf = async (page: Page) =>
  Number(
    (
      (await page
        .getByRole('region', { name: "Today's Snapshot" })
        .locator('.dash-metric__value')
        .first()
        .textContent()) ?? ''
    ).replace(/[$,]/g, ''),
  );

test('two tablets offline sell 2 and 1 of the last 2 bottles: both kept, stock −1, the phone follows', async ({
  browser,
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page);
  const api = await serverApi(page);
  const created = await page.request.post('/api/v1/catalogue/products', {
    headers: api.headers,
    data: { fields: { name: WINE, list_price: String(PRICE), luc: '30', gst: '3' } },
  });
  const { id } = (await created.json()) as { id: number };
  await page.request.post(`/api/v1/stock/products/${id}/movements`, {
    headers: { ...api.headers, 'Idempotency-Key': crypto.randomUUID() },
    data: { id: crypto.randomUUID(), delta: 2, reason: 'Other', made_at: new Date().toISOString() },
  });

  // The manager's phone, open on the dashboard; its clock runs fast for the 30 s refresh.
  const phoneContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const phone = await phoneContext.newPage();
  await phone.clock.install();
  await signIn(phone);
  await expect(phone.getByRole('region', { name: "Today's Snapshot" })).toBeVisible();
  const before = await revenueOf(phone);

  const a = await tablet(browser);
  const b = await tablet(browser);
  try {
    await Promise.all([a.context.setOffline(true), b.context.setOffline(true)]);
    await expect(indicator(a.page)).toContainText('Offline', { timeout: 20_000 });
    await expect(indicator(b.page)).toContainText('Offline', { timeout: 20_000 });
    await sell(a.page, 2);
    await sell(b.page, 1);
    await Promise.all([a.context.setOffline(false), b.context.setOffline(false)]);
    for (const { page: tabletPage } of [a, b]) {
      await expect(tabletPage.getByText(/not yet sent/)).toHaveCount(0, { timeout: 30_000 });
    }
    // Each sale once: the server's stock is 2 − 3.
    await expect.poll(async () => (await api.product(WINE)).stock, { timeout: 20_000 }).toBe(-1);
    const movements = await page.request.get(`/api/v1/stock/products/${id}/movements`, {
      headers: api.headers,
    });
    const sold = (
      (await movements.json()) as { movements: { reason: string; delta: number }[] }
    ).movements
      .filter((movement) => movement.reason === 'Sale')
      .map((movement) => movement.delta)
      .sort((x, y) => x - y);
    expect(sold).toEqual([-2, -1]);

    // Tablet A, back online, follows the other till's sale within 30 s: out of stock, at −1.
    await a.page.getByRole('button', { name: 'New sale' }).click();
    await a.page.getByLabel('Scan or search a product').fill(WINE);
    await expect(a.page.getByRole('button', { name: new RegExp(`^${WINE}`) })).toContainText(
      'Out of stock (-1)',
      { timeout: 45_000 },
    );
    await screenshot(a.page, 'pos-oversold-tablet');

    // The phone asks again within 30 s and shows the three bottles in today's takings.
    await phone.clock.fastForward(31_000);
    await expect
      .poll(() => revenueOf(phone), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(before + 3 * PRICE - 0.001);
    await screenshot(phone, 'dashboard-after-sales-phone');
  } finally {
    await a.context.close();
    await b.context.close();
    await phoneContext.close();
  }
});
