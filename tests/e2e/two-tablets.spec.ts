import { type Browser, expect, type Page, test } from '@playwright/test';
import { gridCell, indicator } from './helpers.ts';
import { editRow, LIST_PRICE, money, openInventory, PRODUCER, PRODUCT } from './inventory-grid.ts';

/**
 * Two tablets of one shop change the same product while the network is down. Different fields
 * are both kept; the same field lands in Pending changes of the later one, settled either way.
 * Row 2 is this file's product: other files change rows 0 and 1 at the same time.
 */
const ROW = 2;

async function tablet(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openInventory(page);
  return { context, page };
}

const delivered = (page: Page) => expect(indicator(page)).toHaveText('Online', { timeout: 20_000 });
const priceOf = async (page: Page) =>
  Number((await gridCell(page, LIST_PRICE, ROW).textContent())?.replace(/[$,]/g, ''));

test('two tablets offline: different fields both kept, the same field settled in Pending changes', async ({
  browser,
}) => {
  const a = await tablet(browser);
  const b = await tablet(browser);
  try {
    const name = (await gridCell(a.page, PRODUCT, ROW).textContent()) ?? '';
    await expect(gridCell(b.page, PRODUCT, ROW)).toHaveText(name);
    const start = await priceOf(a.page);
    const offline = (value: boolean) =>
      Promise.all([a.context.setOffline(value), b.context.setOffline(value)]);

    // Different fields.
    await offline(true);
    await editRow(a.page, ROW, 'List Price', String(start + 1));
    await editRow(b.page, ROW, 'Producer/Brand', 'Tablet B Producer');
    await offline(false);
    await delivered(a.page);
    await delivered(b.page);
    for (const page of [a.page, b.page]) {
      await page.reload();
      await expect(gridCell(page, LIST_PRICE, ROW)).toHaveText(money(start + 1));
      await expect(gridCell(page, PRODUCER, ROW)).toHaveText('Tablet B Producer');
    }

    // The same field, twice: B keeps its own value, then B keeps the current one.
    for (const [choice, mine, theirs, kept] of [
      ['Keep mine', start + 3, start + 2, start + 3],
      ['Keep current', start + 5, start + 4, start + 4],
    ] as const) {
      await offline(true);
      await editRow(b.page, ROW, 'List Price', String(mine));
      await editRow(a.page, ROW, 'List Price', String(theirs));
      await a.context.setOffline(false);
      await delivered(a.page);
      await b.context.setOffline(false);
      await expect(indicator(b.page)).toHaveText('1 need attention', { timeout: 20_000 });
      await indicator(b.page).click();
      const panel = b.page.getByRole('dialog', { name: 'Pending changes' });
      await expect(panel.getByRole('row', { name: /List price/ })).toHaveText(
        `List price${money(mine)}${money(theirs)}`,
      );
      await panel.getByRole('button', { name: `${choice}: Changes to "${name}"` }).click();
      await expect(panel.getByText('Every change has reached the server.')).toBeVisible({
        timeout: 20_000,
      });
      await b.page.keyboard.press('Escape');
      for (const page of [a.page, b.page]) {
        await page.reload();
        await expect(gridCell(page, LIST_PRICE, ROW)).toHaveText(money(kept));
      }
    }
  } finally {
    await a.context.close();
    await b.context.close();
  }
});
