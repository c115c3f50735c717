import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { formatReceiptNumber } from '../../src/domains/sales/receipt-number.ts';
import { totalsOf } from '../../src/domains/sales/sale.ts';
import { BATCH_LIMIT } from '../../src/shared/sync/batch.ts';
import { apiToken } from './catalogue.bench.ts';
import { CUSTOMER_PAGE_SALES, SEARCH_CUSTOMERS } from './customers.bench.ts';
import { afterNextPaint, launchChromium, signIn } from './lib/browser.ts';
import { runWhenStarted } from './lib/run.ts';
import { build, startServer } from './lib/server.ts';
import { median, ms, spread } from './lib/stats.ts';

/**
 * Customers on a device, in Debian's Chromium against the built app and the real server with
 * 20,000 customers (`npm run admin -- seed-customers`) and a regular with 500 sales:
 * - loading them into Dexie: from opening Customers on a device that holds none to all of them
 *   stored; beside it, the same objects written by raw IndexedDB in one transaction;
 * - a customer's page to painted: from the tap on the regular in the list to their purchase
 *   history's rows painted, the first time on the device (nothing cached) and again after; beside
 *   it, the request for their purchases alone.
 *
 * `npm run bench:customers-device` (add `-- --no-build` to reuse dist/). Prints figures;
 * `npm run bench` holds them to their budgets.
 */
export const LOAD_BUDGET_MS = 3_000;
export const PAINT_BUDGET_MS = 200;
const DEVICES = 3;
const AGAIN = 5;
const root = path.resolve(import.meta.dirname, '../..');

/** Customers in the page's IndexedDB (in its records of many), read without the app's code. */
const storedCustomers = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('vintry');
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const names = open.result.objectStoreNames;
          if (!names.contains('customerBuckets')) {
            open.result.close();
            resolve(0);
            return;
          }
          // Counting the records first keeps the polling light until some are written.
          const store = open.result.transaction('customerBuckets').objectStore('customerBuckets');
          const counted = store.count();
          counted.onsuccess = () => {
            if (counted.result === 0) {
              open.result.close();
              resolve(0);
              return;
            }
            const request = store.getAll();
            request.onsuccess = () => {
              open.result.close();
              const buckets = request.result as { customers: unknown[] }[];
              resolve(buckets.reduce((total, bucket) => total + bucket.customers.length, 0));
            };
            request.onerror = () => resolve(0);
          };
          counted.onerror = () => resolve(0);
        };
      }),
  );

/** A regular with CUSTOMER_PAGE_SALES card sales of one product, sent in batches as a replay. */
async function regularWithSales(baseUrl: string, token: string) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const { customers } = (await (
    await fetch(`${baseUrl}/api/v1/customers`, { headers })
  ).json()) as {
    customers: { id: string; name: string }[];
  };
  const regular = customers[0];
  if (!regular) throw new Error('no customers were seeded');
  const { products } = (await (
    await fetch(`${baseUrl}/api/v1/inventory/enhanced`, { headers })
  ).json()) as { products: { id: number; columns: { key: string; value: unknown }[] }[] };
  const product = products.find((each) =>
    each.columns.some((column) => column.key === 'list_price' && Number(column.value) > 0),
  );
  if (!product) throw new Error('no product to sell');
  const price = Math.round(
    Number(product.columns.find((column) => column.key === 'list_price')?.value) * 100,
  );
  const sales = Array.from({ length: CUSTOMER_PAGE_SALES }, (_, n) => {
    const lines = [{ product_id: product.id, quantity: 1, unit_cents: price }];
    const totals = totalsOf({ lines });
    return {
      id: crypto.randomUUID(),
      receipt: formatReceiptNumber('T8888', n + 1),
      made_at: new Date(Date.now() - n * 3_600_000).toISOString(),
      lines,
      tenders: [{ kind: 'card', cents: totals.totalCents }],
      customer_id: regular.id,
      total_cents: totals.totalCents,
      gst_cents: totals.gstCents,
    };
  });
  for (let at = 0; at < sales.length; at += BATCH_LIMIT) {
    const response = await fetch(`${baseUrl}/api/v1/batch`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({
        writes: sales.slice(at, at + BATCH_LIMIT).map((sale) => ({
          method: 'POST',
          path: '/sales',
          idempotency_key: crypto.randomUUID(),
          body: sale,
        })),
      }),
    });
    if (!response.ok) throw new Error(`batch answered ${response.status}`);
  }
  return regular;
}

/**
 * From a tap on the customer in the list to their purchase history's rows painted: the tap's
 * moment kept in the page, the rows looked for each frame, then the frame after them painted.
 */
async function openedToPainted(page: Page, name: string) {
  await page.evaluate((wanted) => {
    const button = [...document.querySelectorAll('button')].find(
      (each) => each.textContent?.trim() === wanted,
    );
    if (!button) throw new Error(`${wanted} is not listed`);
    Object.assign(window, { benchTapped: performance.now() });
    button.click();
  }, name);
  await page.waitForFunction(() => document.querySelector('table.customer-sales tbody tr'), null, {
    polling: 'raf',
  });
  await afterNextPaint(page);
  return page.evaluate(
    () => performance.now() - (window as unknown as { benchTapped: number }).benchTapped,
  );
}

/** The regular's purchases asked of the server alone, from the page. */
function purchasesRequest(page: Page, customerId: string, token: string) {
  return page.evaluate(
    async ([id, bearer]) => {
      const started = performance.now();
      const response = await fetch(`/api/v1/sales/customers/${id}/summary`, {
        headers: { authorization: `Bearer ${bearer}` },
      });
      await response.json();
      return performance.now() - started;
    },
    [customerId, token] as const,
  );
}

/** The same customers written by raw IndexedDB in one transaction, in the page. */
function rawWrite(page: Page, token: string) {
  return page.evaluate(async (bearer) => {
    const response = await fetch('/api/v1/customers', {
      headers: { authorization: `Bearer ${bearer}` },
    });
    const { customers } = (await response.json()) as { customers: { id: string }[] };
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open(`bench-raw-${Date.now()}`, 1);
      open.onupgradeneeded = () => open.result.createObjectStore('customers', { keyPath: 'id' });
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const tx = open.result.transaction('customers', 'readwrite');
        const store = tx.objectStore('customers');
        for (const customer of customers) store.put(customer);
        tx.oncomplete = () => {
          open.result.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error);
      };
    });
    return performance.now() - started;
  }, token);
}

export interface CustomerDeviceFigures {
  load: number[];
  raw: number[];
  first: number[];
  again: number[];
  request: number[];
}

export async function customerDeviceFigures(): Promise<CustomerDeviceFigures> {
  const server = await startServer({
    port: 4397,
    extraProducts: 0,
    beforeStart: (dataDir) => {
      const seeded = spawnSync(
        'npm',
        ['run', '--silent', 'admin', '--', 'seed-customers', '--count', String(SEARCH_CUSTOMERS)],
        { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, stdio: 'inherit' },
      );
      if (seeded.status !== 0) throw new Error('seed-customers failed');
    },
  });
  const browser = await launchChromium();
  const figures: CustomerDeviceFigures = { load: [], raw: [], first: [], again: [], request: [] };
  try {
    const token = await apiToken(server.baseUrl);
    const regular = await regularWithSales(server.baseUrl, token);
    for (let device = 0; device < DEVICES; device += 1) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await signIn(page, server.baseUrl);
      const started = Date.now();
      await page.goto(`${server.baseUrl}/customers`);
      while ((await storedCustomers(page)) < SEARCH_CUSTOMERS) {
        if (Date.now() - started > 120_000) throw new Error('the customers were not stored');
        await page.waitForTimeout(20);
      }
      figures.load.push(Date.now() - started);
      figures.raw.push(await rawWrite(page, token));
      const search = page.getByRole('searchbox', { name: 'Search customers' });
      for (let run = 0; run <= AGAIN; run += 1) {
        await search.fill(regular.name);
        await page.getByRole('button', { name: regular.name, exact: true }).waitFor();
        const time = await openedToPainted(page, regular.name);
        (run === 0 ? figures.first : figures.again).push(time);
        await page.getByRole('button', { name: 'All customers' }).click();
      }
      figures.request.push(await purchasesRequest(page, regular.id, token));
      await context.close();
    }
    return figures;
  } finally {
    await browser.close();
    await server.stop();
  }
}

async function main() {
  if (!process.argv.includes('--no-build')) build();
  const figures = await customerDeviceFigures();
  console.log(
    `${SEARCH_CUSTOMERS.toLocaleString('en')} customers loaded into Dexie: ${spread(figures.load)} (budget ≤ ${ms(LOAD_BUDGET_MS)}); raw IndexedDB write of the same ${spread(figures.raw)}`,
  );
  console.log(
    `A customer's page with ${CUSTOMER_PAGE_SALES} sales, tap to painted: first ${spread(figures.first)} (budget median ≤ ${ms(PAINT_BUDGET_MS)}), again ${spread(figures.again)}; the request alone ${ms(median(figures.request))}`,
  );
}

runWhenStarted(import.meta.url, main);
