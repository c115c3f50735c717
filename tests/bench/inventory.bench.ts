import type { Page } from 'playwright-core';
import { CATALOGUE_LOAD_MEASURE } from '../../src/domains/products/constants.ts';
import { DEMO_CATALOGUE_SIZE } from '../../src/server/seed/catalogue.ts';
import { countText } from '../../src/shared/words.ts';
import { afterNextPaint, launchChromium, signIn } from './lib/browser.ts';
import { profilePage } from './lib/profile.ts';
import { runWhenStarted } from './lib/run.ts';
import { build, startServer } from './lib/server.ts';
import { mb, ms, spread } from './lib/stats.ts';

/**
 * Inventory with 50,000 products, in Debian's Chromium against the built app:
 * - the first load into Dexie (navigation to the grid showing the full count), and the load
 *   itself, request to stored (the app's User Timing measure); beside it, the same objects
 *   written by raw IndexedDB in one transaction;
 * - search, keystroke to grid updated (a keystroke that narrows the list, and its Backspace);
 *   beside it, a plain filter over the same array;
 * - sort by a header click, click to grid updated; beside it, Array.prototype.sort on the same
 *   values;
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

/** The figures of one run, in ms. */
export interface InventoryFigures {
  firstLoad: number;
  /** Request to stored in Dexie, as the app measures it, and its steps in ms. */
  dexieLoad: number;
  dexieSteps: Record<string, number>;
  /** Baseline: the same objects written by raw IndexedDB in one transaction. */
  rawIndexedDbWrite: number;
  storedLoad: number;
  searchTimes: number[];
  unobserved: number;
  /** Baseline: a plain filter over the same array, for the same queries. */
  plainFilterTimes: number[];
  sortTimes: number[];
  /** Baseline: Array.prototype.sort on the same values. */
  plainSortTimes: number[];
  frames: number[];
  /** The page's JavaScript heap after a garbage collection, the catalogue shown, in bytes. */
  heap: number;
  /** Baseline: the heap the stored rows take on their own, as plain objects in a bare page. */
  rowsHeap: number;
  /** From a click on Inventory (the catalogue already in memory) to its first rows painted. */
  firstRowsFromMemory: number[];
}

/** The page's JavaScript heap after a full garbage collection, in bytes. */
async function heapAfterGc(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    return usedSize;
  } finally {
    await cdp.detach();
  }
}

/**
 * Baseline of the heap: in a bare page of the same origin (no app code), the stored rows read
 * back from IndexedDB and held as an array of plain objects: what the rows themselves take.
 */
async function rowsOwnHeap(page: Page, baseUrl: string): Promise<number> {
  const bare = await page.context().newPage();
  try {
    await bare.goto(`${baseUrl}/manifest.webmanifest`);
    const empty = await heapAfterGc(bare);
    await bare.evaluate(`(async () => {
      const request = (r) => new Promise((resolve, reject) => { r.onsuccess = () => resolve(r.result); r.onerror = () => reject(r.error); });
      const db = await request(indexedDB.open('vintry'));
      const chunks = await request(db.transaction('catalogueChunks').objectStore('catalogueChunks').getAll());
      db.close();
      window.__rows = chunks.flatMap((chunk) => chunk.items);
    })()`);
    return (await heapAfterGc(bare)) - empty;
  } finally {
    await bare.close();
  }
}

/** Dashboard → Inventory by the sidebar, the catalogue already in memory: click to rows painted. */
async function firstRowsFromMemory(page: Page, products: number): Promise<number[]> {
  const times: number[] = [];
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (let round = 0; round < 5; round += 1) {
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.evaluate(`(() => {
      window.__rowsPainted = undefined;
      document.addEventListener('pointerdown', () => {
        const start = performance.now();
        requestAnimationFrame(function check() {
          const canvas = document.querySelector('.inventory-grid canvas');
          const summary = document.querySelector('.pagination__summary');
          if (canvas && summary && summary.textContent.includes('of ${countText(products)}')) {
            requestAnimationFrame(() => { window.__rowsPainted = performance.now() - start; });
          } else requestAnimationFrame(check);
        });
      }, { capture: true, once: true });
    })()`);
    await nav.getByRole('link', { name: 'Inventory' }).click();
    times.push(
      await page
        .waitForFunction(() => (window as unknown as { __rowsPainted?: number }).__rowsPainted)
        .then((handle) => handle.jsonValue() as Promise<number>),
    );
  }
  return times;
}

const QUERIES = [
  'penfolds',
  'shiraz 2015',
  'burgundy',
  'speyside',
  'marlborough',
  'tuscany',
  'rum',
];

/**
 * In the page, with the app's code left out: the stored catalogue read back by raw IndexedDB,
 * written again to a database of its own in one transaction (timed), then filtered for every
 * prefix of the queries and sorted by the benchmark's columns (timed). A string, so the
 * bundler's helpers stay out of the page.
 */
const BASELINES = `(async (queries) => {
  const request = (r) => new Promise((resolve, reject) => { r.onsuccess = () => resolve(r.result); r.onerror = () => reject(r.error); });
  const app = await request(indexedDB.open('vintry'));
  const chunks = await request(app.transaction('catalogueChunks').objectStore('catalogueChunks').getAll());
  app.close();
  const items = chunks.sort((a, b) => a.n - b.n).flatMap((chunk) => chunk.items);
  await request(indexedDB.deleteDatabase('bench-baseline'));
  const open = indexedDB.open('bench-baseline', 1);
  open.onupgradeneeded = () => open.result.createObjectStore('products', { keyPath: 'id' });
  const baseline = await request(open);
  const started = performance.now();
  await new Promise((resolve, reject) => {
    const tx = baseline.transaction('products', 'readwrite');
    const store = tx.objectStore('products');
    for (const item of items) store.put(item);
    tx.oncomplete = resolve;
    tx.onerror = () => reject(tx.error);
  });
  const write = performance.now() - started;
  baseline.close();
  await request(indexedDB.deleteDatabase('bench-baseline'));
  const filterTimes = [];
  for (const query of queries) {
    for (let length = 1; length <= query.length; length += 1) {
      const q = query.slice(0, length).toLowerCase();
      const t = performance.now();
      items.filter((item) => item.product.toLowerCase().includes(q) || item.producer.toLowerCase().includes(q) || item.region.toLowerCase().includes(q));
      filterTimes.push(performance.now() - t);
    }
  }
  const sortTimes = [];
  for (let round = 0; round < 3; round += 1) {
    for (const key of ['product', 'luc', 'producer', 'country']) {
      const values = items.map((item) => item[key]);
      const t = performance.now();
      if (typeof values[0] === 'number') values.sort((a, b) => a - b);
      else values.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      sortTimes.push(performance.now() - t);
    }
  }
  return { write, filterTimes, sortTimes, count: items.length };
})`;

/** Runs on a signed-in page whose origin has no catalogue stored yet. */
export async function measureInventory(
  page: Page,
  baseUrl: string,
  products: number,
  { profiling = false } = {},
): Promise<InventoryFigures> {
  const loadStarted = Date.now();
  await page.goto(`${baseUrl}/inventory`);
  await page.getByText(`of ${countText(products)} results`).waitFor({ timeout: 120_000 });
  await afterNextPaint(page);
  const firstLoad = Date.now() - loadStarted;
  // The grid paints from memory; the load ends when Dexie has stored it.
  const { duration: dexieLoad, detail: dexieSteps } = await page
    .waitForFunction(
      (name) => {
        const entry = performance.getEntriesByName(name).at(-1) as PerformanceMeasure | undefined;
        return entry && { duration: entry.duration, detail: entry.detail };
      },
      CATALOGUE_LOAD_MEASURE,
      { timeout: 120_000 },
    )
    .then(
      (handle) =>
        handle.jsonValue() as Promise<{ duration: number; detail: Record<string, number> }>,
    );

  let stopProfile = profiling ? await profilePage(page) : null;
  const reloadStarted = Date.now();
  await page.reload();
  await page.getByText(`of ${countText(products)} results`).waitFor({ timeout: 120_000 });
  await afterNextPaint(page);
  const storedLoad = Date.now() - reloadStarted;
  await stopProfile?.('reload with the catalogue stored');
  const heap = await heapAfterGc(page);
  const rowsHeap = await rowsOwnHeap(page, baseUrl);
  const fromMemory = await firstRowsFromMemory(page, products);
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
  for (const query of QUERIES) {
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

  const baselines = (await page.evaluate(`${BASELINES}(${JSON.stringify(QUERIES)})`)) as {
    write: number;
    filterTimes: number[];
    sortTimes: number[];
    count: number;
  };
  if (baselines.count !== products) {
    throw new Error(`the baseline read ${baselines.count} products, not ${products}`);
  }
  return {
    firstLoad,
    dexieLoad,
    dexieSteps,
    rawIndexedDbWrite: baselines.write,
    storedLoad,
    searchTimes,
    unobserved,
    plainFilterTimes: baselines.filterTimes,
    sortTimes,
    plainSortTimes: baselines.sortTimes,
    frames,
    heap,
    rowsHeap,
    firstRowsFromMemory: fromMemory,
  };
}

/** The load's steps as the app measured them: 'answer 1200 ms, read 300 ms, …'. */
export const stepsText = (steps: Record<string, number>) =>
  Object.entries(steps)
    .filter(([name]) => name !== 'count')
    .map(([name, value]) => `${name} ${value.toFixed(0)} ms`)
    .join(', ');

/** The spread and how many were timed. */
const counted = (times: number[]) => `${spread(times)} (${times.length})`;

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
    const figures = await measureInventory(page, server.baseUrl, PRODUCTS, {
      profiling: process.argv.includes('--profile'),
    });
    const line = (label: string, value: string) => console.log(`  ${label.padEnd(46)}${value}`);
    console.log(`\nInventory with ${PRODUCTS.toLocaleString('en')} products (Chromium, 1280×800)`);
    line('first load, to the grid painted', ms(figures.firstLoad));
    line('load into Dexie, request to stored', ms(figures.dexieLoad));
    line('  its steps', stepsText(figures.dexieSteps));
    line('baseline: raw IndexedDB, one transaction', ms(figures.rawIndexedDbWrite));
    line('reload with the catalogue stored', ms(figures.storedLoad));
    line(
      'search, keystroke to grid updated',
      `${counted(figures.searchTimes)}; ${figures.unobserved} left the count unchanged`,
    );
    line('baseline: plain filter over the array', counted(figures.plainFilterTimes));
    line('sort, header click to grid updated', counted(figures.sortTimes));
    line('baseline: Array.prototype.sort', counted(figures.plainSortTimes));
    line('scrolling 100 rows, frame interval', counted(figures.frames));
    line('JS heap after GC, catalogue shown', mb(figures.heap));
    line("baseline: the rows' own heap", mb(figures.rowsHeap));
    line('first rows painted from memory', counted(figures.firstRowsFromMemory));
  } finally {
    await browser.close();
    await server.stop();
  }
}

runWhenStarted(import.meta.url, main);
