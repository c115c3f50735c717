import type { Browser, Page } from 'playwright-core';
import { OUTBOX_SCHEMA_VERSION } from '../../src/data/sync/outbox-entry.ts';
import { CATALOGUE_LOAD_MEASURE } from '../../src/domains/products/constants.ts';
import { DEMO_CATALOGUE_SIZE } from '../../src/server/seed/catalogue.ts';
import { countText } from '../../src/shared/words.ts';
import { type InventoryFigures, measureInventory } from './inventory.bench.ts';
import { launchChromium, outboxCount, signIn } from './lib/browser.ts';
import { profilePage } from './lib/profile.ts';
import { runWhenStarted } from './lib/run.ts';
import { build, startServer } from './lib/server.ts';
import { median, ms, percentile, spread } from './lib/stats.ts';

/**
 * Catalogue changes on 50,000 products, in Debian's Chromium against the built app and the real
 * server:
 * - one product changed on another device: what this device, left on the screen, pulls when the
 *   server nudges it and how long that takes, from its request to the grid drawing the new
 *   price; beside it, the same with the full download a device does when it does not know its
 *   catalogue version;
 * - 1,000 product edits made offline (of 1,000 products, so none coalesce), replayed when the
 *   connection is back: time until the outbox is empty, and the requests sent (batches count
 *   once);
 * - search and sort with 200 edits waiting in the outbox, laid over the stored catalogue: the
 *   inventory benchmark's figures.
 *
 * The queued edits are written into the page's outbox as the app's editProduct stores them
 * (typing a thousand edits into the row editor would time the typing). `npm run
 * bench:catalogue` (add `-- --no-build` to reuse dist/, `--profile` for where the feed's and
 * the replay's time goes). Prints figures; no budgets.
 */
export const CATALOGUE_PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
export const OFFLINE_EDITS = 1_000;
const WAITING_EDITS = 200;
const PORT = 8293;
/** The List Price cell of the first row, in the default columns. */
const FIRST_PRICE_CELL = '[data-testid="glide-cell-8-0"]';

interface Product {
  id: number;
  version: number;
  name: string;
  listPrice: string;
}

export async function apiToken(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@vintry.test', password: 'Vintry2026' }),
  });
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** The catalogue as another device reads it, sorted as the grid shows it (by name). */
async function productsByName(baseUrl: string, token: string): Promise<Product[]> {
  const response = await fetch(`${baseUrl}/api/v1/inventory/enhanced`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { products } = (await response.json()) as {
    products: { id: number; version: number; columns: { key: string; value: unknown }[] }[];
  };
  return products
    .map((product) => {
      const value = (key: string) => product.columns.find((column) => column.key === key)?.value;
      return {
        id: product.id,
        version: product.version,
        name: String(value('name')),
        listPrice: String(value('list_price')),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Another device changes a product's list price. */
async function changePrice(baseUrl: string, token: string, product: Product, price: string) {
  const response = await fetch(`${baseUrl}/api/v1/catalogue/products/${product.id}`, {
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': crypto.randomUUID(),
    },
    body: JSON.stringify({ base_version: product.version, changes: { list_price: price } }),
  });
  if (!response.ok) throw new Error(`PATCH answered ${response.status}`);
  product.version = ((await response.json()) as { version: number }).version;
}

export async function catalogueStored(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/inventory`);
  await page.getByText(`of ${countText(CATALOGUE_PRODUCTS)} results`).waitFor({ timeout: 120_000 });
  await page.waitForFunction(
    (name) => performance.getEntriesByName(name).length > 0,
    CATALOGUE_LOAD_MEASURE,
    { timeout: 120_000 },
  );
}

/**
 * Records in the page when the grid draws each price onto its canvas: what the user sees. (The
 * grid's accessible copy of the cells follows 200 ms later, by the grid's own debounce.)
 */
function recordDrawnPrices(page: Page) {
  return page.addInitScript(() => {
    const drawn: Record<string, number> = {};
    Object.assign(window, { vintryDrawnPrices: drawn });
    const fillText = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
      if (text.startsWith('$') && drawn[text] === undefined) drawn[text] = Date.now();
      return fillText.call(this, text, ...rest);
    };
  });
}

/**
 * Times a change made elsewhere reaching a device left on the inventory screen, as its user sees
 * it: the server's nudge makes the device pull. From the request matching `path` (the pull's
 * changes, or the whole catalogue when the device holds no version) to the grid drawing the first
 * row's new price `shown`, with the bytes of that answer (headers and body, as sent).
 */
async function timedChange(
  page: Page,
  path: string,
  shown: string,
  change: () => Promise<void>,
  profiling = false,
) {
  let startedAt = 0;
  let bytes = Promise.resolve(0);
  const onRequest = (request: import('playwright-core').Request) => {
    if (!request.url().includes(path) || startedAt !== 0) return;
    startedAt = Date.now();
    bytes = request
      .response()
      .then(async (response) => {
        await response?.finished();
        const sizes = await request.sizes();
        return sizes.responseBodySize + sizes.responseHeadersSize;
      })
      .catch(() => 0);
  };
  page.on('request', onRequest);
  await page.evaluate(() => {
    const drawn = (window as unknown as { vintryDrawnPrices: Record<string, number> })
      .vintryDrawnPrices;
    for (const key of Object.keys(drawn)) delete drawn[key];
  });
  const stopProfile = profiling ? await profilePage(page) : null;
  await change();
  const drawnAt = await page.waitForFunction(
    (price) =>
      (window as unknown as { vintryDrawnPrices: Record<string, number> }).vintryDrawnPrices[price],
    shown,
    { timeout: 120_000 },
  );
  const time = Number(await drawnAt.jsonValue()) - startedAt;
  await stopProfile?.(`a change shown, pulled through ${path}`, 30);
  // The grid's accessible copy says the same.
  await page.waitForFunction(
    ([selector, text]) => document.querySelector(selector as string)?.textContent === text,
    [FIRST_PRICE_CELL, shown],
  );
  page.off('request', onRequest);
  if (startedAt === 0) throw new Error(`no request of ${path}`);
  return { time, bytes: await bytes };
}

const money = (text: string) =>
  `$${Number(text).toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export async function changeOnAnotherDevice(browser: Browser, baseUrl: string, profiling = false) {
  const token = await apiToken(baseUrl);
  const products = await productsByName(baseUrl, token);
  const first = products[0] as Product;
  const page = await (
    await browser.newContext({ viewport: { width: 1280, height: 800 } })
  ).newPage();
  await recordDrawnPrices(page);
  try {
    await signIn(page, baseUrl);
    await catalogueStored(page, baseUrl);

    // Prices no product has, so that drawing one can only be the change showing.
    const taken = new Set(products.map((product) => Number(product.listPrice).toFixed(2)));
    const unusedAfter = (price: number) => {
      let next = price + 1.01;
      while (taken.has(next.toFixed(2))) next += 1.01;
      return next.toFixed(2);
    };
    let price = unusedAfter(Number(first.listPrice));
    const feed = await timedChange(
      page,
      '/api/v1/changes',
      money(price),
      () => changePrice(baseUrl, token, first, price),
      profiling,
    );

    // Baseline: the device forgets its version, so its refresh downloads everything.
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('vintry');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const store = open.result.transaction('meta', 'readwrite').objectStore('meta');
            const read = store.get('catalogue');
            read.onsuccess = () => {
              const { version: _version, ...meta } = read.result;
              store.put({ ...meta, etag: null }).onsuccess = () => {
                open.result.close();
                resolve();
              };
            };
          };
        }),
    );
    price = unusedAfter(Number(price));
    const next = price;
    const full = await timedChange(page, '/api/v1/inventory/enhanced', money(next), () =>
      changePrice(baseUrl, token, first, next),
    );
    return { feed, full };
  } finally {
    await page.context().close();
  }
}

/** Changes timed on the live path, and how long the fallback without it takes for one. */
export const LIVE_CHANGES = 50;

/**
 * A price changed on another device (the API), timed to the grid of a device left on the
 * inventory screen drawing it: nothing on that device is touched. LIVE_CHANGES times through the
 * server's stream; then once with the stream refused, so the device finds the change by its
 * 60-second fallback pull.
 */
export async function liveChanges(browser: Browser, baseUrl: string) {
  const token = await apiToken(baseUrl);
  const products = await productsByName(baseUrl, token);
  const first = products[0] as Product;
  const taken = new Set(products.map((product) => Number(product.listPrice).toFixed(2)));
  let price = Number(first.listPrice);
  const nextPrice = () => {
    do price += 1.01;
    while (taken.has(price.toFixed(2)));
    return price.toFixed(2);
  };
  const page = await (
    await browser.newContext({ viewport: { width: 1280, height: 800 } })
  ).newPage();
  await recordDrawnPrices(page);
  const shownAfterChange = async (timeout: number) => {
    const next = nextPrice();
    const startedAt = Date.now();
    await changePrice(baseUrl, token, first, next);
    const drawnAt = await page.waitForFunction(
      (shown) =>
        (window as unknown as { vintryDrawnPrices: Record<string, number> }).vintryDrawnPrices[
          shown
        ],
      money(next),
      { timeout },
    );
    return Number(await drawnAt.jsonValue()) - startedAt;
  };
  try {
    await signIn(page, baseUrl);
    await catalogueStored(page, baseUrl);
    const live: number[] = [];
    for (let i = 0; i < LIVE_CHANGES; i += 1) live.push(await shownAfterChange(10_000));
    // Without the stream: the next connection is refused, the open one ended.
    await page.route('**/api/v1/live', (route) => route.abort());
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.waitForTimeout(1_000);
    const fallback = await shownAfterChange(90_000);
    return { live, fallback };
  } finally {
    await page.context().close();
  }
}

/** Entries as editProduct queues them: a list price change of each product, based on its version. */
function outboxEdits(products: readonly Product[], nextAttemptAt: number) {
  return products.map((product, index) => ({
    id: crypto.randomUUID(),
    resource: 'products',
    op: 'product.update',
    method: 'PATCH',
    path: `/catalogue/products/${product.id}`,
    body: {
      base_version: product.version,
      changes: { list_price: (Number(product.listPrice) + 0.5 + index / 100).toFixed(2) },
    },
    idempotencyKey: crypto.randomUUID(),
    createdAt: Date.now(),
    attempts: 0,
    state: 'pending',
    failure: null,
    nextAttemptAt,
    schemaVersion: OUTBOX_SCHEMA_VERSION,
    revert: { name: product.name },
    recordId: product.id,
  }));
}

export function putInOutbox(page: Page, entries: unknown[]) {
  return page.evaluate(
    (rows) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('vintry');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const transaction = open.result.transaction('outbox', 'readwrite');
          for (const row of rows) transaction.objectStore('outbox').add(row);
          transaction.oncomplete = () => {
            open.result.close();
            resolve();
          };
          transaction.onerror = () => reject(transaction.error);
        };
      }),
    entries,
  );
}

export async function replayOfflineEdits(browser: Browser, baseUrl: string, profiling = false) {
  const token = await apiToken(baseUrl);
  const products = (await productsByName(baseUrl, token)).slice(100, 100 + OFFLINE_EDITS);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  try {
    await signIn(page, baseUrl);
    await catalogueStored(page, baseUrl);
    await context.setOffline(true);
    await putInOutbox(page, outboxEdits(products, 0));
    let requests = 0;
    context.on('request', (request) => {
      const url = request.url();
      if (url.includes('/catalogue/products/') || url.endsWith('/api/v1/batch')) requests += 1;
    });
    const stopProfile = profiling ? await profilePage(page) : null;
    const started = Date.now();
    await context.setOffline(false);
    let reported = started;
    for (let left = await outboxCount(page); left > 0; left = await outboxCount(page)) {
      if (Date.now() - started > 300_000) throw new Error('the outbox did not empty in 5 min');
      if (Date.now() - reported > 10_000) {
        reported = Date.now();
        console.log(`    … ${left} of ${products.length} left after ${ms(reported - started)}`);
      }
      await page.waitForTimeout(50);
    }
    const time = Date.now() - started;
    await stopProfile?.('the replay', 30);
    return { time, requests, entries: products.length };
  } finally {
    await context.close();
  }
}

/** The inventory benchmark's search and sort, with edits waiting in the outbox (not sent yet). */
export async function searchAndSortWithEdits(
  browser: Browser,
  baseUrl: string,
): Promise<InventoryFigures> {
  const token = await apiToken(baseUrl);
  const products = (await productsByName(baseUrl, token)).slice(0, WAITING_EDITS);
  const page = await (
    await browser.newContext({ viewport: { width: 1280, height: 800 } })
  ).newPage();
  try {
    await signIn(page, baseUrl);
    // Not before an hour from now: they stay waiting, and shown, while the figures are taken.
    await putInOutbox(page, outboxEdits(products, Date.now() + 3_600_000));
    return await measureInventory(page, baseUrl, CATALOGUE_PRODUCTS);
  } finally {
    await page.context().close();
  }
}

async function main() {
  if (!process.argv.includes('--no-build')) build();
  console.log(`Seeding ${CATALOGUE_PRODUCTS.toLocaleString('en')} products…`);
  const server = await startServer({
    port: PORT,
    extraProducts: CATALOGUE_PRODUCTS - DEMO_CATALOGUE_SIZE,
  });
  const browser = await launchChromium();
  try {
    const line = (label: string, value: string) => console.log(`  ${label.padEnd(52)}${value}`);
    console.log(`\nCatalogue changes, ${CATALOGUE_PRODUCTS.toLocaleString('en')} products`);
    const profiling = process.argv.includes('--profile');
    const change = await changeOnAnotherDevice(browser, server.baseUrl, profiling);
    line('one change, pulled as a change', `${ms(change.feed.time)}, ${change.feed.bytes} B`);
    line(
      'baseline: full download',
      `${ms(change.full.time)}, ${(change.full.bytes / 1024).toFixed(0)} KB`,
    );
    const { live, fallback } = await liveChanges(browser, server.baseUrl);
    line(
      `${LIVE_CHANGES} changes elsewhere, shown live`,
      `median ${ms(median(live))}, p95 ${ms(percentile(live, 95))}`,
    );
    line('one change without the stream (fallback pull)', ms(fallback));
    const replayed = await replayOfflineEdits(browser, server.baseUrl, profiling);
    line(
      `${OFFLINE_EDITS} offline edits replayed`,
      `${ms(replayed.time)}; ${replayed.requests} requests for ${replayed.entries} entries`,
    );
    const waiting = await searchAndSortWithEdits(browser, server.baseUrl);
    line(`search with ${WAITING_EDITS} edits waiting`, spread(waiting.searchTimes));
    line(`sort with ${WAITING_EDITS} edits waiting`, spread(waiting.sortTimes));
  } finally {
    await browser.close();
    await server.stop();
  }
}

runWhenStarted(import.meta.url, main);
