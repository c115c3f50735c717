import { expect, type Page, test } from '@playwright/test';
import { QUERY_CACHE_KEY } from '../../src/data/query-persistence.ts';
import { screenshot, signIn } from './helpers.ts';

const card = (page: Page, title: string | RegExp) => page.getByRole('region', { name: title });

async function openDashboard(page: Page) {
  await signIn(page);
  await expect(card(page, "Today's Snapshot")).toBeVisible();
  // The chart loads when its card comes near the screen (below the fold on a phone).
  await card(page, 'Sales Performance').scrollIntoViewIfNeeded();
  await expect(page.locator('.sales-chart canvas')).toBeVisible();
}

/** The left edges of the cards, rounded: one value per column of the grid. */
async function columnsOf(page: Page) {
  const lefts = await page
    .locator('.dash-grid > section')
    .evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().left)));
  return new Set(lefts).size;
}

const SIZES = [
  { name: 'phone', width: 390, height: 844, columns: 1, touch: true },
  { name: 'tablet', width: 1024, height: 768, columns: 2, touch: true },
  { name: 'desktop', width: 1280, height: 800, columns: 3, touch: false },
] as const;

for (const size of SIZES) {
  test.describe(`dashboard at ${size.name} size (${size.width}×${size.height})`, () => {
    test.use({
      viewport: { width: size.width, height: size.height },
      hasTouch: size.touch,
      isMobile: size.name === 'phone',
    });

    test('every card, the grid of its size, and nothing wider than the screen', async ({
      page,
    }) => {
      await openDashboard(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      for (const title of [
        "Today's Snapshot",
        "Tomorrow's Orders",
        'Sales Performance',
        'Most Sold Items',
      ]) {
        await expect(card(page, title)).toBeVisible();
      }
      await expect(card(page, /^Low Stock Alerts \(\d+ items\)$/)).toBeVisible();
      await expect(page.locator('.dash-list__image').first()).toBeVisible();
      expect(await columnsOf(page)).toBe(size.columns);

      const overflow = await page.evaluate(() => {
        const widest = [...document.querySelectorAll('body, body *')].reduce(
          (max, element) => Math.max(max, element.getBoundingClientRect().right),
          0,
        );
        return {
          page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          widest: Math.round(widest - window.innerWidth),
        };
      });
      expect(overflow.page).toBe(0);
      expect(overflow.widest).toBeLessThanOrEqual(0);

      // Reorder waits for a hover where there is one; on touch screens it always shows.
      const reorder = page.locator('.low-stock__reorder').first();
      await expect(reorder).toHaveCSS('opacity', size.touch ? '1' : '0');
      if (size.touch) {
        const small = await page
          .locator('main')
          .locator('button:visible, a:visible')
          .evaluateAll((targets) =>
            targets
              .filter((target) => target.getBoundingClientRect().height < 44)
              .map((target) => target.textContent?.trim()),
          );
        expect(small).toEqual([]);
      } else {
        await page.locator('.low-stock__item').first().hover();
        await expect(reorder).toHaveCSS('opacity', '1');
      }
      await page.mouse.move(0, 0);
      await screenshot(page, `dashboard-${size.name}`);
    });
  });
}

test.describe('on a small phone (375×667)', () => {
  // No worker: its precache fetches every chunk, the chart's too, whatever the page needs.
  test.use({
    viewport: { width: 375, height: 667 },
    hasTouch: true,
    isMobile: true,
    serviceWorkers: 'block',
  });

  test('ECharts loads only when the chart below the fold comes near the screen', async ({
    page,
  }) => {
    const chartChunks: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/sales-chart-[^/]+\.js$/.test(request.url())) chartChunks.push(request.url());
    });
    await signIn(page);
    await expect(card(page, "Today's Snapshot")).toBeVisible();
    await expect(card(page, 'Most Sold Items')).toBeAttached();
    // Inside the chart's role="img" box, whose text is not exposed: found by its class.
    await expect(page.locator('.sales-chart__loading')).toHaveText('Loading chart...');
    expect(chartChunks).toEqual([]);
    await card(page, 'Sales Performance').scrollIntoViewIfNeeded();
    await expect(page.locator('.sales-chart canvas')).toBeVisible();
    expect(chartChunks).toHaveLength(1);

    // A finger on the chart shows the day under it, as the pointer does on a desktop.
    const box = await page.locator('.sales-chart canvas').first().boundingBox();
    if (!box) throw new Error('the chart has no canvas on screen');
    await page.touchscreen.tap(box.x + box.width * 0.3, box.y + box.height / 2);
    const tooltip = page.locator('.sales-tooltip');
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toContainText(/^Revenue on \w+\$[\d,]+$/);
    const tip = await tooltip.boundingBox();
    expect(tip && tip.x >= 0 && tip.x + tip.width <= 375).toBe(true);
    await screenshot(page, 'dashboard-tooltip-phone');
  });
});

test('the chart draws the week and its tooltip says the revenue of the day', async ({ page }) => {
  await openDashboard(page);
  const chart = page.locator('.sales-chart canvas').first();
  const box = await chart.boundingBox();
  if (!box) throw new Error('the chart has no canvas on screen');
  expect(box.width).toBeGreaterThan(300);
  expect(box.height).toBeGreaterThan(150);
  // The canvas is painted: its pixels are of more than a few colours.
  const colours = await chart.evaluate((canvas: HTMLCanvasElement) => {
    const context = canvas.getContext('2d');
    if (!context) return 0;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    const seen = new Set<string>();
    for (let i = 0; i < data.length; i += 4 * 97) {
      seen.add(`${data[i]},${data[i + 1]},${data[i + 2]},${data[i + 3]}`);
    }
    return seen.size;
  });
  expect(colours).toBeGreaterThan(3);
  await expect(card(page, 'Sales Performance').getByText('Last 7 Days')).toBeVisible();

  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2);
  const tooltip = page.locator('.sales-tooltip');
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText(/^Revenue on \w+\$[\d,]+$/);
  await screenshot(page, 'dashboard-tooltip-desktop');
  // At either end of the week, and over its highest point, the tooltip stays inside the chart.
  // The plot starts and ends where the axis labels leave room (wider for '$10k' than '$8k'): the
  // pointer goes in from each edge until the tooltip shows, which is the first or last day.
  for (const steps of [
    [0.02, 0.04, 0.06, 0.08, 0.1, 0.12, 0.14, 0.16],
    [0.98, 0.96, 0.94, 0.92, 0.9, 0.88, 0.86, 0.84],
  ]) {
    let tip: Awaited<ReturnType<typeof tooltip.boundingBox>> = null;
    for (const across of steps) {
      await page.mouse.move(box.x + box.width * across, box.y + box.height / 2);
      // The tooltip follows the pointer in the next frames (a React state of the chart).
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      if ((await tooltip.count()) === 0) continue;
      tip = await tooltip.boundingBox();
      break;
    }
    if (!tip) throw new Error('no tooltip at this end of the week');
    expect(tip.x).toBeGreaterThanOrEqual(box.x);
    expect(tip.x + tip.width).toBeLessThanOrEqual(box.x + box.width);
    expect(tip.y).toBeGreaterThanOrEqual(box.y);
    expect(tip.y + tip.height).toBeLessThanOrEqual(box.y + box.height);
  }
});

test('Manage Inventory opens the inventory', async ({ page }) => {
  await openDashboard(page);
  await page.getByRole('link', { name: 'Manage Inventory' }).click();
  await expect(page).toHaveURL(/\/inventory$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory Management' })).toBeVisible();
});

test('after one visit the dashboard opens offline, with an Updated note', async ({
  page,
  context,
}) => {
  await openDashboard(page);
  // One visit is over once the snapshot is stored (the query cache is written within a second).
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key) ?? '', QUERY_CACHE_KEY))
    .toContain('"dashboard"');
  const lowStock = await page.locator('.low-stock__item .dash-list__name').allTextContents();
  expect(lowStock.length).toBeGreaterThan(0);
  await expect(page.getByText(/^Updated /)).toHaveCount(0);
  // And the worker that opens the app offline is installed (it takes longer on a busy machine).
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: /^Updated \d{1,2}:\d{2}/ }),
  ).toBeVisible();
  expect(await page.locator('.low-stock__item .dash-list__name').allTextContents()).toEqual(
    lowStock,
  );
  await expect(page.locator('.sales-chart canvas')).toBeVisible();
  await screenshot(page, 'dashboard-offline-desktop');
  await context.setOffline(false);
});
