import { type Browser, expect, type Page, test } from '@playwright/test';
import { indicator, screenshot, serverApi } from './helpers.ts';
import { openInventory } from './inventory-grid.ts';

/**
 * A count on two tablets: started online (the server takes its snapshot), counted offline on
 * both (two shelves of one wine), a sale recorded elsewhere during the count, then reviewed and
 * closed. The stock after is what both counted plus what moved during the count. This file's
 * products are ones no other browser test touches.
 */
const WINE = 'Château Lynch-Bages Echo de Lynch-Bages 2018';
const COUNT = 'Lynch-Bages shelves';

async function tablet(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openInventory(page);
  await page.getByRole('tab', { name: 'Batch Operations' }).click();
  await expect(page.getByRole('heading', { name: 'Stocktakes' })).toBeVisible();
  return { context, page };
}

async function countWine(page: Page, quantity: string) {
  await page.getByLabel('Scan or search').fill('Echo de Lynch');
  await page.getByLabel('Scan or search').press('Enter');
  await page
    .getByRole('list', { name: 'Matching products' })
    .getByRole('button', { name: new RegExp(WINE) })
    .click();
  await page.getByLabel('Counted', { exact: true }).fill(quantity);
  await page.getByRole('button', { name: 'Save count' }).click();
  await expect(page.getByText(`${WINE}: ${quantity} counted`)).toBeVisible();
}

test('a count on two tablets offline, with a sale during it, closes to the right stock', async ({
  browser,
}) => {
  const a = await tablet(browser);
  const b = await tablet(browser);
  try {
    const server = await serverApi(a.page);
    const before = await server.product(WINE);

    await a.page.getByRole('button', { name: 'Start a count' }).click();
    await a.page.getByLabel('Name').fill(COUNT);
    await a.page.getByLabel('Partial count: only what is counted changes').check();
    await a.page.getByLabel('Only products matching (optional)').fill('Lynch-Bages');
    await a.page.getByLabel('Type the quantity').check();
    await a.page.getByRole('button', { name: 'Start counting' }).click();
    await expect(a.page.getByRole('heading', { name: `Counting: ${COUNT}` })).toBeVisible();
    await expect(indicator(a.page)).toHaveText('Online', { timeout: 20_000 });

    // B, left on its list of counts, shows the count once the server has it: no reload.
    const listed = b.page.getByRole('listitem').filter({ hasText: COUNT });
    await expect(listed).toBeVisible({ timeout: 5_000 });
    await listed.getByRole('button', { name: 'Count' }).click();
    await expect(b.page.getByText(/counts of a product add up/)).toBeVisible();

    await Promise.all([a.context.setOffline(true), b.context.setOffline(true)]);
    await countWine(a.page, '4');
    await countWine(b.page, '3');
    await screenshot(a.page, 'stocktake-counting-desktop');
    // Meanwhile a sale of one bottle is recorded on another device (the test's own requests
    // are not the tablets' and stay online).
    const sale = await a.page.request.post(`/api/v1/stock/products/${before.id}/movements`, {
      headers: server.headers,
      data: {
        id: crypto.randomUUID(),
        delta: -1,
        reason: 'Other',
        made_at: new Date().toISOString(),
      },
    });
    expect(sale.status()).toBe(201);
    await Promise.all([a.context.setOffline(false), b.context.setOffline(false)]);
    for (const { page } of [a, b]) {
      await expect(indicator(page)).toHaveText('Online', { timeout: 20_000 });
    }

    await a.page.getByRole('button', { name: 'Review and close' }).click();
    const row = a.page.getByRole('row', { name: new RegExp(WINE) });
    await expect(row.getByRole('cell').nth(2)).toHaveText('7');
    await screenshot(a.page, 'stocktake-review-desktop');
    await a.page.getByRole('button', { name: 'Close the count' }).click();
    // It asks first, saying how many corrections it makes and what they are worth.
    const confirm = a.page.getByRole('alertdialog');
    await expect(confirm).toContainText(
      /Closing makes \d+ corrections? to stock, worth .+ at LUC, and ends the count for everyone/,
    );
    await confirm.getByRole('button', { name: 'Close the count' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(indicator(a.page)).toHaveText('Online', { timeout: 20_000 });
    // Counted 7 on the two shelves; the sale during the count stays counted.
    await expect.poll(async () => (await server.product(WINE)).stock, { timeout: 20_000 }).toBe(6);

    // The closed count opens again, read-only, with its variances.
    const closed = a.page.getByRole('listitem').filter({ hasText: COUNT });
    await expect(closed).toContainText('Closed', { timeout: 20_000 });
    await closed.getByRole('button', { name: `Variances of ${COUNT}` }).click();
    await expect(a.page.getByRole('heading', { name: `Variances: ${COUNT}` })).toBeVisible();
    const counted = a.page.getByRole('row', { name: new RegExp(WINE) });
    await expect(counted.getByRole('cell').nth(2)).toHaveText('7');
    await expect(a.page.getByText(/^Closed .+ counted; the variances as counted/)).toBeVisible();
    await expect(a.page.getByRole('button', { name: 'Close the count' })).toHaveCount(0);
    await expect(a.page.getByRole('radio')).toHaveCount(0);
    await screenshot(a.page, 'stocktake-closed-variances-desktop');
    await a.page.getByRole('button', { name: 'Back to stocktakes' }).click();
    await expect(a.page.getByRole('heading', { name: 'Stocktakes' })).toBeVisible();
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

test('lines counted offline for a count closed meanwhile wait in Pending changes, saying so', async ({
  browser,
}) => {
  const blanc = 'Château Lynch-Bages Blanc de Lynch-Bages 2020';
  const name = 'Blanc shelf';
  const a = await tablet(browser);
  try {
    const server = await serverApi(a.page);
    const before = await server.product(blanc);
    await a.page.getByRole('button', { name: 'Start a count' }).click();
    await a.page.getByLabel('Name').fill(name);
    await a.page.getByLabel('Partial count: only what is counted changes').check();
    await a.page.getByLabel('Only products matching (optional)').fill('Blanc de Lynch');
    await a.page.getByLabel('Type the quantity').check();
    await a.page.getByRole('button', { name: 'Start counting' }).click();
    // The count's start has reached the server.
    let id: string | undefined;
    await expect
      .poll(
        async () => {
          const counts = await a.page.request.get('/api/v1/stocktakes', {
            headers: server.headers,
          });
          const { stocktakes } = (await counts.json()) as {
            stocktakes: { id: string; name: string }[];
          };
          id = stocktakes.find((count) => count.name === name)?.id;
          return id;
        },
        { timeout: 20_000 },
      )
      .toBeTruthy();

    await a.context.setOffline(true);
    await a.page.getByLabel('Scan or search').fill('Blanc de Lynch');
    await a.page.getByLabel('Scan or search').press('Enter');
    await a.page
      .getByRole('list', { name: 'Matching products' })
      .getByRole('button', { name: new RegExp(blanc) })
      .click();
    await a.page.getByLabel('Counted', { exact: true }).fill('9');
    await a.page.getByRole('button', { name: 'Save count' }).click();
    // A manager closes the count on another device before this tablet is back.
    const closed = await a.page.request.post(`/api/v1/stocktakes/${id}/close`, {
      headers: server.headers,
      data: { uncounted: 'leave' },
    });
    expect(closed.status()).toBe(200);
    await a.context.setOffline(false);

    await expect(indicator(a.page)).toHaveText('1 need attention', { timeout: 20_000 });
    await indicator(a.page).click();
    const pending = a.page.getByRole('dialog', { name: 'Pending changes' });
    await expect(pending.getByText(`1 counted in "${name}"`)).toBeVisible();
    await expect(pending.getByText('This count is closed')).toBeVisible();
    await screenshot(a.page, 'stocktake-closed-meanwhile-desktop');
    // Never counted, so never moved: the close saw no line.
    expect((await server.product(blanc)).stock).toBe(before.stock);
  } finally {
    await a.context.close();
  }
});
