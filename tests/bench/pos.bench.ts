import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { OUTBOX_SCHEMA_VERSION } from '../../src/data/sync/outbox-entry.ts';
import { formatReceiptNumber } from '../../src/domains/sales/receipt-number.ts';
import { type Sale, totalsOf } from '../../src/domains/sales/sale.ts';
import { DEMO_CATALOGUE_SIZE } from '../../src/server/seed/catalogue.ts';
import { apiToken, CATALOGUE_PRODUCTS, catalogueStored, putInOutbox } from './catalogue.bench.ts';
import { launchChromium, outboxCount, signIn } from './lib/browser.ts';
import { runWhenStarted } from './lib/run.ts';
import { build, startServer } from './lib/server.ts';
import { ms, spread } from './lib/stats.ts';
import { type LoadFigures, load } from './server.bench.ts';

/**
 * The POS, in Debian's Chromium against the built app and the real server:
 * - scan to line shown, 50,000 products stored: a scanner's code arrives in the search field
 *   with its Enter, to the frame painted with the new line;
 * - pay pressed to receipt shown, offline: Complete sale (cash) to the receipt painted;
 * - 1,000 sales made offline, replayed when the connection is back: the time until the outbox
 *   is empty and the requests sent (batches count once);
 * - GET /dashboard under load (autocannon, 10 connections) with a busy shop's year of sales
 *   (`npm run admin -- seed-sales`): p99.
 *
 * `npm run bench:pos` (add `-- --no-build` to reuse dist/). Prints figures; `npm run bench`
 * holds them to their budgets.
 */
export const OFFLINE_SALES = 1_000;
export const DASHBOARD_SALES = Number(process.env.BENCH_SALES ?? 100_000);
const SCANS = 40;
const PAYMENTS = 20;
const root = path.resolve(import.meta.dirname, '../..');

interface Sellable {
  id: number;
  name: string;
  barcode: string;
  listPrice: number;
  luc: number;
  gst: number;
}

/** Products of the catalogue with a barcode, as a tablet would scan them. */
async function sellable(baseUrl: string, count: number): Promise<Sellable[]> {
  const token = await apiToken(baseUrl);
  const response = await fetch(`${baseUrl}/api/v1/inventory/enhanced`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { products } = (await response.json()) as {
    products: { id: number; columns: { key: string; value: unknown }[] }[];
  };
  const found: Sellable[] = [];
  for (const product of products) {
    const value = (key: string) => product.columns.find((column) => column.key === key)?.value;
    const barcode = String(value('barcode') ?? '');
    if (!barcode || Number(value('list_price')) <= 0) continue;
    found.push({
      id: product.id,
      name: String(value('name')),
      barcode,
      listPrice: Number(value('list_price')),
      luc: Number(value('luc')),
      gst: Number(value('gst')),
    });
  }
  // Spread over the catalogue, so lookups do not all hit its first records.
  const step = Math.max(1, Math.floor(found.length / count));
  return found.filter((_, index) => index % step === 0).slice(0, count);
}

async function openPos(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/pos`);
  await page.getByText(/^Till T\d+ · /).waitFor({ timeout: 60_000 });
  await page.locator('input[type="search"]:not([disabled])').waitFor({ timeout: 60_000 });
}

/**
 * A scanner's code and its Enter, as the scanner types them, then the time until the frame with
 * the basket's new line is painted. Measured in the page.
 */
function scan(page: Page, code: string): Promise<number> {
  return page.evaluate(
    (barcode) =>
      new Promise<number>((resolve, reject) => {
        const input = document.querySelector<HTMLInputElement>('input[type="search"]');
        const sale = document.querySelector('.pos__sale');
        if (!input || !sale) {
          reject(new Error('the POS is not on screen'));
          return;
        }
        const linesBefore = document.querySelectorAll('.pos__line').length;
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
        const started = performance.now();
        const observer = new MutationObserver(() => {
          if (document.querySelectorAll('.pos__line').length <= linesBefore) return;
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started), 0));
        });
        observer.observe(sale, { childList: true, subtree: true });
        input.focus();
        setValue?.call(input, barcode);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      }),
    code,
  );
}

export async function scanToLine(browser: Browser, baseUrl: string) {
  const products = await sellable(baseUrl, SCANS);
  const page = await (
    await browser.newContext({ viewport: { width: 1024, height: 768 } })
  ).newPage();
  try {
    await signIn(page, baseUrl);
    await catalogueStored(page, baseUrl);
    await openPos(page, baseUrl);
    // One scan first: the lookup's code is warm, as on a tablet that has been selling.
    await scan(page, products[0]?.barcode ?? '');
    const times: number[] = [];
    for (const product of products.slice(1)) times.push(await scan(page, product.barcode));
    return { times };
  } finally {
    await page.context().close();
  }
}

/** Complete sale pressed (cash given) to the receipt painted. Measured in the page. */
function pay(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const complete = [...document.querySelectorAll('button')].find(
          (button) => button.textContent?.trim() === 'Complete sale',
        );
        if (!complete) {
          reject(new Error('no Complete sale button'));
          return;
        }
        const started = performance.now();
        const observer = new MutationObserver(() => {
          if (!document.querySelector('.receipt__number')) return;
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started), 0));
        });
        observer.observe(document.body, { childList: true, subtree: true });
        complete.click();
      }),
  );
}

export async function payToReceipt(browser: Browser, baseUrl: string) {
  const products = await sellable(baseUrl, PAYMENTS);
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  try {
    await signIn(page, baseUrl);
    await catalogueStored(page, baseUrl);
    await openPos(page, baseUrl);
    await context.setOffline(true);
    const times: number[] = [];
    for (const product of products) {
      await scan(page, product.barcode);
      await page.getByLabel('Cash given').fill('5000');
      times.push(await pay(page));
      await page.getByRole('button', { name: 'New sale' }).click();
    }
    await context.setOffline(false);
    return { times };
  } finally {
    await context.close();
  }
}

/** A card sale of one to three products, as the tablet queues it (its totals worked out). */
function saleEntry(products: readonly Sellable[], index: number) {
  const lines: Sale['lines'] = [0, 1, 2].slice(0, 1 + (index % 3)).map((offset) => {
    const product = products[(index * 3 + offset) % products.length] as Sellable;
    return {
      product_id: product.id,
      quantity: 1 + (index % 2),
      unit_cents: Math.round(product.listPrice * 100),
      luc_cents: Math.round(product.luc * 100),
      taxable: product.gst > 0,
    };
  });
  const totals = totalsOf({ lines });
  const id = crypto.randomUUID();
  const sale: Sale = {
    id,
    receipt: formatReceiptNumber('T7777', index + 1),
    made_at: new Date().toISOString(),
    lines,
    tenders: [{ kind: 'card', cents: totals.totalCents }],
    total_cents: totals.totalCents,
    gst_cents: totals.gstCents,
  };
  return {
    id: crypto.randomUUID(),
    resource: 'sales',
    op: 'sale.record',
    method: 'POST',
    path: '/sales',
    body: sale,
    idempotencyKey: crypto.randomUUID(),
    createdAt: Date.now(),
    attempts: 0,
    state: 'pending',
    failure: null,
    nextAttemptAt: 0,
    schemaVersion: OUTBOX_SCHEMA_VERSION,
    revert: { names: [] },
  };
}

export async function replayOfflineSales(browser: Browser, baseUrl: string) {
  const products = await sellable(baseUrl, 300);
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  try {
    await signIn(page, baseUrl);
    await catalogueStored(page, baseUrl);
    await context.setOffline(true);
    await putInOutbox(
      page,
      Array.from({ length: OFFLINE_SALES }, (_, index) => saleEntry(products, index)),
    );
    let requests = 0;
    context.on('request', (request) => {
      const url = request.url();
      if (url.endsWith('/api/v1/sales') || url.endsWith('/api/v1/batch')) requests += 1;
    });
    const started = Date.now();
    await context.setOffline(false);
    for (let left = await outboxCount(page); left > 0; left = await outboxCount(page)) {
      if (Date.now() - started > 300_000) throw new Error('the outbox did not empty in 5 min');
      await page.waitForTimeout(50);
    }
    return { time: Date.now() - started, requests };
  } finally {
    await context.close();
  }
}

/** Sales for load work, added with the admin CLI before the server starts. */
export function seedSales(dataDir: string, count: number, env: Record<string, string> = {}) {
  const result = spawnSync(
    'npm',
    ['run', '--silent', 'admin', '--', 'seed-sales', '--count', String(count)],
    { cwd: root, env: { ...process.env, DATA_DIR: dataDir, ...env }, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('seed-sales failed');
}

/** GET /dashboard under load on a server whose shop has a busy year of sales. */
export async function dashboardUnderLoad(baseUrl: string): Promise<LoadFigures> {
  const token = await apiToken(baseUrl);
  return load(
    `${baseUrl}/api/v1/dashboard?tz=Australia%2FSydney`,
    { authorization: `Bearer ${token}` },
    200,
  );
}

async function main() {
  if (!process.argv.includes('--no-build')) build();
  const browser = await launchChromium();
  console.log(`Seeding ${CATALOGUE_PRODUCTS.toLocaleString('en')} products…`);
  const server = await startServer({
    port: 8295,
    extraProducts: CATALOGUE_PRODUCTS - DEMO_CATALOGUE_SIZE,
  });
  try {
    const scans = await scanToLine(browser, server.baseUrl);
    console.log(`Scan to line shown: ${spread(scans.times)}`);
    const payments = await payToReceipt(browser, server.baseUrl);
    console.log(`Pay pressed to receipt shown, offline: ${spread(payments.times)}`);
    const replayed = await replayOfflineSales(browser, server.baseUrl);
    console.log(
      `${OFFLINE_SALES} sales made offline, replayed: ${ms(replayed.time)}; ${replayed.requests} requests`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(`Seeding ${DASHBOARD_SALES.toLocaleString('en')} sales…`);
  const busy = await startServer({
    port: 8296,
    extraProducts: 0,
    beforeStart: (dataDir) => seedSales(dataDir, DASHBOARD_SALES),
  });
  try {
    const figures = await dashboardUnderLoad(busy.baseUrl);
    console.log(`GET /dashboard, ${DASHBOARD_SALES} sales: p99 ${ms(figures.p99)}`);
  } finally {
    await busy.stop();
  }
}

runWhenStarted(import.meta.url, main);
