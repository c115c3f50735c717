import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { OUTBOX_SCHEMA_VERSION } from '../../src/data/sync/outbox-entry.ts';
import { DEMO_CATALOGUE_SIZE } from '../../src/server/seed/catalogue.ts';
import { apiToken, catalogueStored, putInOutbox } from './catalogue.bench.ts';
import { launchChromium, outboxCount, signIn } from './lib/browser.ts';
import { runWhenStarted } from './lib/run.ts';
import { build, startServer } from './lib/server.ts';
import { ms } from './lib/stats.ts';

/**
 * Closing a full count of 50,000 products on the real server (embedded database): a count is
 * started (the server takes its snapshot), 1,000 products are counted in one request as a tablet
 * sends its lines, and the count is closed with the uncounted counted as 0, so every product
 * with stock gets a correction movement. Prints the server time of the close as the client sees
 * it (request to answer, on this machine) and the answer's size; beside it the start's snapshot.
 *
 * Before it, 5,000 count lines made offline and replayed (replayCountLines).
 *
 * `npm run bench:stocktake` (add `-- --no-build` to reuse dist/). Prints figures; no budgets.
 */
export const STOCKTAKE_PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const COUNTED = 1_000;
export const COUNT_LINES = 5_000;
const PORT = 8297;

async function call(baseUrl: string, token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return text;
}

export async function closeFullCount(baseUrl: string) {
  const token = await apiToken(baseUrl);
  const id = randomUUID();
  let started = performance.now();
  await call(baseUrl, token, 'POST', '/stocktakes', {
    id,
    name: 'Benchmark count',
    scope: 'full',
    scan_mode: 'type',
    started_at: new Date().toISOString(),
  });
  const snapshot = performance.now() - started;
  const detail = JSON.parse(await call(baseUrl, token, 'GET', `/stocktakes/${id}`)) as {
    expected: [number, number][];
  };
  // As a tablet sends a thousand lines counted offline: in one request.
  const counted = detail.expected.slice(0, COUNTED);
  await call(baseUrl, token, 'PUT', `/stocktakes/${id}/lines`, {
    device_id: 'bench',
    // One more than expected; a product sold below nothing earlier in the run (the POS
    // benchmarks share this server) is counted as 1, a count being 0 or more.
    lines: counted.map(([product, expected]) => ({
      product_id: product,
      quantity: Math.max(expected, 0) + 1,
      counted_at: new Date().toISOString(),
    })),
  });
  started = performance.now();
  const answer = await call(baseUrl, token, 'POST', `/stocktakes/${id}/close`, {
    uncounted: 'zero',
  });
  const close = performance.now() - started;
  const { movements } = JSON.parse(answer) as { movements: number };
  return {
    products: detail.expected.length,
    snapshot,
    close,
    movements,
    bytes: Buffer.byteLength(answer),
  };
}

/**
 * 5,000 products counted on a tablet offline, replayed when the connection is back: the count's
 * start and its lines, written into the page's outbox as the app leaves them after counting
 * offline (the lines of one count merge into one entry as they are queued). From the connection
 * coming back to the outbox empty, and the requests the page sent.
 */
export async function replayCountLines(browser: Browser, baseUrl: string) {
  const token = await apiToken(baseUrl);
  const { products } = JSON.parse(await call(baseUrl, token, 'GET', '/inventory/enhanced')) as {
    products: { id: number }[];
  };
  const counted = products.slice(0, COUNT_LINES);
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  try {
    await signIn(page, baseUrl);
    await catalogueStored(page, baseUrl);
    await context.setOffline(true);
    const id = randomUUID();
    const entry = (fields: Record<string, unknown>) => ({
      id: randomUUID(),
      idempotencyKey: randomUUID(),
      createdAt: Date.now(),
      attempts: 0,
      state: 'pending',
      failure: null,
      nextAttemptAt: 0,
      schemaVersion: OUTBOX_SCHEMA_VERSION,
      revert: { name: 'Benchmark count' },
      recordId: id,
      ...fields,
    });
    const at = new Date().toISOString();
    await putInOutbox(page, [
      entry({
        resource: 'stocktakes',
        op: 'stocktake.start',
        method: 'POST',
        path: '/stocktakes',
        body: { id, name: 'Benchmark count', scope: 'partial', scan_mode: 'scan', started_at: at },
      }),
      entry({
        resource: 'stocktake-lines',
        op: 'stocktake.lines',
        method: 'PUT',
        path: `/stocktakes/${id}/lines`,
        body: {
          device_id: 'bench-tablet',
          lines: counted.map((product, index) => ({
            product_id: product.id,
            quantity: index % 24,
            counted_at: at,
          })),
        },
      }),
    ]);
    let requests = 0;
    context.on('request', (request) => {
      if (request.url().includes('/api/v1/stocktakes') || request.url().endsWith('/api/v1/batch')) {
        requests += 1;
      }
    });
    const started = Date.now();
    await context.setOffline(false);
    while ((await outboxCount(page)) > 0) {
      if (Date.now() - started > 120_000) throw new Error('the outbox did not empty in 2 min');
      await page.waitForTimeout(50);
    }
    const time = Date.now() - started;
    const detail = JSON.parse(await call(baseUrl, token, 'GET', `/stocktakes/${id}`)) as {
      lines: unknown[];
    };
    if (detail.lines.length !== counted.length) {
      throw new Error(`the server has ${detail.lines.length} of ${counted.length} lines`);
    }
    return { time, requests, lines: counted.length };
  } finally {
    await context.close();
  }
}

async function main() {
  if (!process.argv.includes('--no-build')) build();
  console.log(`Seeding ${STOCKTAKE_PRODUCTS.toLocaleString('en')} products…`);
  const server = await startServer({
    port: PORT,
    extraProducts: STOCKTAKE_PRODUCTS - DEMO_CATALOGUE_SIZE,
  });
  const browser = await launchChromium();
  try {
    const line = (label: string, value: string) => console.log(`  ${label.padEnd(52)}${value}`);
    const replayed = await replayCountLines(browser, server.baseUrl);
    console.log(`\nStocktake, ${STOCKTAKE_PRODUCTS.toLocaleString('en')} products`);
    line(
      `${replayed.lines.toLocaleString('en')} count lines made offline, replayed`,
      `${ms(replayed.time)}; ${replayed.requests} requests`,
    );
    const figures = await closeFullCount(server.baseUrl);
    line('start: snapshot taken', ms(figures.snapshot));
    line(
      `close, ${COUNTED} counted, the rest as 0`,
      `${ms(figures.close)}; ${figures.movements} movements; answer ${figures.bytes} B`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

runWhenStarted(import.meta.url, main);
