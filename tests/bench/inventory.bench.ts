import type { Page } from 'playwright-core';
import { DEMO_CATALOGUE_SIZE } from '../../src/server/seed/catalogue.ts';
import { afterNextPaint, launchChromium, signIn } from './lib/browser.ts';
import { profilePage } from './lib/profile.ts';
import { build, startServer } from './lib/server.ts';
import { median, ms, percentile } from './lib/stats.ts';

/**
 * Inventory with 50,000 products, in Debian's Chromium against the built app:
 * - the first load into Dexie (navigation to the grid showing the full count);
 * - search, keystroke to grid updated (a keystroke that narrows the list, and its Backspace);
 * - sort by a header click, click to grid updated;
 * - scrolling a 100-row page: frame intervals.
 *
 * `npm run bench:inventory` (add `-- --no-build` to reuse dist/). Prints figures; no budgets.
 */
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const PORT = 8282;

/** Records, in the page, the time from a trusted input event to the paint after `selector` changes. */
async function instrument(page: Page, selector: string) {
  await page.evaluate((target) => {
    const w = window as unknown as { __benchStart: number; __benchTimes: number[] };
    w.__benchTimes = [];
    for (const type of ['keydown', 'pointerdown']) {
      document.addEventListener(type, () => (w.__benchStart = performance.now()), true);
    }
    const observed = document.querySelector(target);
    if (!observed) throw new Error(`nothing matches ${target}`);
    new MutationObserver(() => {
      const start = w.__benchStart;
      requestAnimationFrame(() =>
        setTimeout(() => w.__benchTimes.push(performance.now() - start), 0),
      );
    }).observe(observed, { subtree: true, childList: true, characterData: true });
  }, selector);
}

async function takeTimes(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const w = window as unknown as { __benchTimes: number[] };
    const times = w.__benchTimes;
    w.__benchTimes = [];
    return times;
  });
}

/**
 * In the page: from the next pointerdown, checks every frame whether the first rows drawn on the
 * grid's canvas changed, and sets window.__canvasChanged to the milliseconds it took. A string,
 * so the bundler's helpers for named functions stay out of the page.
 */
const WATCH_CANVAS = `(() => {
  window.__canvasChanged = undefined;
  const canvas = document.querySelector('.inventory-grid canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  const region = () => {
    // The rows under the header: a hover on the header must not count.
    const top = Math.ceil(41 * devicePixelRatio);
    const data = context.getImageData(0, top, canvas.width, Math.min(canvas.height - top, 160)).data;
    let hash = 0;
    for (let i = 0; i < data.length; i += 16) hash = (hash * 31 + data[i]) | 0;
    return hash;
  };
  const before = region();
  document.addEventListener('pointerdown', () => {
    const start = performance.now();
    requestAnimationFrame(function check() {
      if (region() !== before) window.__canvasChanged = performance.now() - start;
      else requestAnimationFrame(check);
    });
  }, { capture: true, once: true });
})()`;

async function main() {
  if (!process.argv.includes('--no-build')) build();
  console.log(`Seeding ${PRODUCTS.toLocaleString('en')} products…`);
  const server = await startServer({ port: PORT, extraProducts: PRODUCTS - DEMO_CATALOGUE_SIZE });
  const browser = await launchChromium();
  try {
    const page = await (
      await browser.newContext({ viewport: { width: 1280, height: 800 } })
    ).newPage();
    await signIn(page, server.baseUrl);

    const loadStarted = Date.now();
    await page.goto(`${server.baseUrl}/inventory`);
    await page.getByText(`of ${PRODUCTS} results`).waitFor({ timeout: 120_000 });
    await afterNextPaint(page);
    const firstLoad = Date.now() - loadStarted;

    const profiling = process.argv.includes('--profile');
    let stopProfile = profiling ? await profilePage(page) : null;
    const reloadStarted = Date.now();
    await page.reload();
    await page.getByText(`of ${PRODUCTS} results`).waitFor({ timeout: 120_000 });
    await afterNextPaint(page);
    const storedLoad = Date.now() - reloadStarted;
    await stopProfile?.('reload with the catalogue stored');
    stopProfile = profiling ? await profilePage(page) : null;

    // Search: typing queries letter by letter, then clearing them. A keystroke is timed when it
    // changes the count ('…of N results'); one that leaves the count as it was is not observed.
    await instrument(page, '.pagination__summary');
    const search = page.getByPlaceholder('Search products, producers, regions...');
    await search.click();
    const searchTimes: number[] = [];
    let unobserved = 0;
    const timedKey = async (key: string) => {
      await search.press(key);
      const changed = await page
        .waitForFunction(
          () => (window as unknown as { __benchTimes: number[] }).__benchTimes.length > 0,
          null,
          {
            timeout: 700,
          },
        )
        .then(() => true)
        .catch(() => false);
      if (changed) searchTimes.push(...(await takeTimes(page)));
      else unobserved += 1;
    };
    for (const query of [
      'penfolds',
      'shiraz 2015',
      'burgundy',
      'speyside',
      'marlborough',
      'tuscany',
      'rum',
    ]) {
      for (const letter of query) await timedKey(letter === ' ' ? 'Space' : letter);
      await search.press('ControlOrMeta+a');
      await timedKey('Backspace');
    }

    await stopProfile?.('search keystrokes');
    stopProfile = profiling ? await profilePage(page) : null;

    // Sort: header clicks, timed from the press to the first frame in which the grid's canvas
    // shows different rows.
    const box = await page.locator('.inventory-grid').boundingBox();
    if (!box) throw new Error('no grid');
    const headers = [
      { name: 'Product Name', x: 35 + 90 },
      { name: 'LUC', x: 35 + 180 + 180 + 100 + 120 + 140 + 40 },
      { name: 'Producer', x: 35 + 180 + 90 },
      { name: 'Country', x: 35 + 180 + 180 + 50 },
    ];
    const sortTimes: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      for (const header of headers) {
        await page.evaluate(WATCH_CANVAS);
        await page.mouse.click(box.x + header.x, box.y + 20);
        sortTimes.push(
          await page
            .waitForFunction(
              () => (window as unknown as { __canvasChanged?: number }).__canvasChanged,
            )
            .then((handle) => handle.jsonValue() as Promise<number>),
        );
      }
    }

    await stopProfile?.('sorts');

    // Scrolling a 100-row page: intervals between frames while the wheel turns.
    await page.getByLabel('Show:').selectOption('100');
    const grid = await page.locator('.inventory-grid').boundingBox();
    if (!grid) throw new Error('no grid');
    await page.mouse.move(grid.x + grid.width / 2, grid.y + grid.height / 2);
    // A string, so the bundler's helpers for named functions stay out of the page.
    await page.evaluate(`(() => {
      window.__frames = [];
      window.__framing = true;
      let last = performance.now();
      requestAnimationFrame(function tick(now) {
        window.__frames.push(now - last);
        last = now;
        if (window.__framing) requestAnimationFrame(tick);
      });
    })()`);
    for (let i = 0; i < 40; i += 1) {
      await page.mouse.wheel(0, i < 20 ? 120 : -120);
      await page.waitForTimeout(16);
    }
    const frames = await page.evaluate(() => {
      const w = window as unknown as { __frames: number[]; __framing: boolean };
      w.__framing = false;
      return w.__frames.slice(1);
    });

    console.log(`\nInventory with ${PRODUCTS.toLocaleString('en')} products (Chromium, 1280×800)`);
    console.log(`  first load into Dexie, to the grid painted  ${ms(firstLoad)}`);
    console.log(`  reload with the catalogue stored            ${ms(storedLoad)}`);
    console.log(
      `  search, keystroke to grid updated           median ${ms(median(searchTimes))}, p95 ${ms(percentile(searchTimes, 95))} (${searchTimes.length} keystrokes timed, ${unobserved} left the count unchanged)`,
    );
    console.log(
      `  sort, header click to grid updated          median ${ms(median(sortTimes))}, p95 ${ms(percentile(sortTimes, 95))} (${sortTimes.length} sorts)`,
    );
    console.log(
      `  scrolling 100 rows, frame interval          median ${ms(median(frames))}, p95 ${ms(percentile(frames, 95))} (${frames.length} frames)`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
