import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { OUTBOX_SCHEMA_VERSION } from '../../src/data/sync/outbox-entry.ts';
import { RATE_WEEKS } from '../../src/domains/purchasing/reorder.ts';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { users } from '../../src/server/db/schema.ts';
import { reorderLines, suggestionsOf } from '../../src/server/purchasing/reorder.ts';
import { DEMO_CATALOGUE_SIZE } from '../../src/server/seed/catalogue.ts';
import { apiToken, CATALOGUE_PRODUCTS, catalogueStored, putInOutbox } from './catalogue.bench.ts';
import { launchChromium, outboxCount, signIn } from './lib/browser.ts';
import { runWhenStarted } from './lib/run.ts';
import { admin, build, startServer, withSeededShop } from './lib/server.ts';
import { median, ms, spread } from './lib/stats.ts';

/**
 * Buying and receiving (`npm run bench:purchasing`, `-- --no-build` to reuse dist/):
 * - reorder suggestions for 50,000 products with a year of sales (seed-sales, about 300,000
 *   lines), worked out as GET /purchasing/suggestions does, in this process on the embedded
 *   database and, when BENCH_DATABASE_URL names an empty PostgreSQL database, on it; beside
 *   each, the plain query it is built on (units sold per product over 8 weeks);
 * - on the real server with 50,000 products on the device: a scan on the receiving screen to its
 *   line shown; posting a 500-line delivery; 100 deliveries received and posted offline on one
 *   tablet, replayed when the connection is back.
 */
export const SUGGESTION_PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
export const SUGGESTION_SALES = Number(process.env.BENCH_SALES ?? 100_000);
export const POSTED_LINES = 500;
export const OFFLINE_DELIVERIES = 100;
const SCANS = 40;
const RUNS = 5;
const PORT = 8298;

const AUTOMATIC = { autoReorderEnabled: true, autoReorderDays: 30, safetyStockMultiplier: 2 };

async function timed<T>(work: () => Promise<T>): Promise<{ times: number[]; last: T }> {
  const times: number[] = [];
  let last: T | undefined;
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    last = await work();
    times.push(performance.now() - started);
  }
  return { times, last: last as T };
}

/** The suggestions, and the plain sum they are built on, timed on one database. */
async function timeSuggestions({ db }: Database) {
  const [owner] = await db
    .select({ businessId: users.businessId })
    .from(users)
    .where(eq(users.email, 'demo@vintry.test'));
  if (!owner) throw new Error('no demo business');
  const now = new Date();
  const since = new Date(now.getTime() - RATE_WEEKS * 7 * 86_400_000);
  const plain = await timed(() =>
    db.execute(sql`select l.product_id, sum(l.quantity)::int as units
      from sale_lines as l join sales as s on s.id = l.sale_id
      where s.business_id = ${owner.businessId} and s.made_at >= ${since}
      group by l.product_id`),
  );
  const lines = (
    (await db.execute(sql`select count(*)::int as n from sale_lines`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0]?.n;
  const suggestions = await timed(async () =>
    suggestionsOf(await reorderLines(db, owner.businessId, now, AUTOMATIC, 'due'), new Map()),
  );
  const suggested = suggestions.last.suppliers.reduce((sum, group) => sum + group.lines.length, 0);
  return { plain: plain.times, suggestions: suggestions.times, suggested, lines: lines ?? 0 };
}

export const suggestionsOnPglite = () =>
  withSeededShop(SUGGESTION_PRODUCTS, SUGGESTION_SALES, timeSuggestions);

/** The same on PostgreSQL, when BENCH_DATABASE_URL names an empty database to fill. */
export async function suggestionsOnPostgres() {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) return null;
  console.log('Seeding the same on PostgreSQL…');
  admin(
    { DATABASE_URL: url },
    'seed-products',
    '--count',
    String(SUGGESTION_PRODUCTS - DEMO_CATALOGUE_SIZE),
  );
  admin({ DATABASE_URL: url }, 'seed-sales', '--count', String(SUGGESTION_SALES));
  const database = await openDatabase({ kind: 'postgres', url });
  try {
    return await timeSuggestions(database);
  } finally {
    await database.close();
  }
}

async function call(baseUrl: string, token: string, method: string, route: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/api/v1${route}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${text}`);
  return JSON.parse(text) as unknown;
}

interface Barcoded {
  id: number;
  barcode: string;
}

async function catalogue(baseUrl: string, token: string): Promise<Barcoded[]> {
  const { products } = (await call(baseUrl, token, 'GET', '/inventory/enhanced')) as {
    products: { id: number; columns: { key: string; value: unknown }[] }[];
  };
  return products.map((product) => ({
    id: product.id,
    barcode: String(product.columns.find((column) => column.key === 'barcode')?.value ?? ''),
  }));
}

async function supplier(baseUrl: string, token: string): Promise<string> {
  const id = randomUUID();
  await call(baseUrl, token, 'POST', '/suppliers', {
    id,
    name: `Bench Supplier ${id.slice(0, 8)}`,
  });
  return id;
}

/**
 * A scanner's code and its Enter on the receiving screen, then the time until the frame with
 * the product's line (received 1) is painted. Measured in the page.
 */
function scan(page: Page, product: Barcoded): Promise<number> {
  return page.evaluate(
    ({ id, barcode }) =>
      new Promise<number>((resolve, reject) => {
        const input = document.querySelector<HTMLInputElement>('.scan-field__input');
        const section = document.querySelector('.receiving');
        if (!input?.form || !section) {
          reject(new Error('the receiving screen is not on screen'));
          return;
        }
        const cell = `tr[data-product-id="${id}"] td:nth-of-type(2)`;
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
        const started = performance.now();
        const observer = new MutationObserver(() => {
          // No function declared in here: the bundler would name it with a helper the page lacks.
          if (document.querySelector(cell)?.textContent !== '1') return;
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started), 0));
        });
        observer.observe(section, { childList: true, subtree: true, characterData: true });
        input.focus();
        setValue?.call(input, barcode);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        input.form.requestSubmit();
      }),
    product,
  );
}

/** Scans on the receiving screen of a tablet holding the whole catalogue. */
export async function scanToLine(browser: Browser, baseUrl: string) {
  const token = await apiToken(baseUrl);
  const products = (await catalogue(baseUrl, token)).filter((product) => product.barcode);
  const step = Math.max(1, Math.floor(products.length / (SCANS + 1)));
  const scanned = products.filter((_, index) => index % step === 0).slice(0, SCANS + 1);
  const supplierId = await supplier(baseUrl, token);
  const deliveryId = randomUUID();
  await call(baseUrl, token, 'POST', '/purchasing/deliveries', {
    id: deliveryId,
    supplier_id: supplierId,
    started_at: new Date().toISOString(),
  });
  const page = await (
    await browser.newContext({ viewport: { width: 1024, height: 768 } })
  ).newPage();
  try {
    await signIn(page, baseUrl);
    await catalogueStored(page, baseUrl);
    await page.goto(`${baseUrl}/purchasing?tab=deliveries&delivery=${deliveryId}`);
    await page.locator('.scan-field__input').waitFor({ timeout: 60_000 });
    // One scan first: the lookup's index is built, as on a tablet that has been receiving.
    await scan(page, scanned[0] as Barcoded);
    const times: number[] = [];
    for (const product of scanned.slice(1)) times.push(await scan(page, product));
    return { times };
  } finally {
    await page.context().close();
  }
}

/** A delivery of 500 lines counted, invoiced and posted; the post's time as a tablet sees it. */
export async function postLargeDelivery(baseUrl: string) {
  const token = await apiToken(baseUrl);
  const products = (await catalogue(baseUrl, token)).slice(0, POSTED_LINES);
  const supplierId = await supplier(baseUrl, token);
  const id = randomUUID();
  await call(baseUrl, token, 'POST', '/purchasing/deliveries', {
    id,
    supplier_id: supplierId,
    started_at: new Date().toISOString(),
  });
  const at = new Date().toISOString();
  await call(baseUrl, token, 'PUT', `/purchasing/deliveries/${id}/counts`, {
    device_id: 'bench-tablet',
    lines: products.map((product, index) => ({
      product_id: product.id,
      received: 6 + (index % 7),
      damaged: index % 50 === 0 ? 1 : 0,
      counted_at: at,
    })),
  });
  await call(baseUrl, token, 'PUT', `/purchasing/deliveries/${id}/invoice`, {
    invoice_number: 'BENCH-500',
    invoice_date: at.slice(0, 10),
    total_cents: null,
    freight_cents: 12_345,
    costs: products.map((product, index) => ({
      product_id: product.id,
      line_cents: (6 + (index % 7) + (index % 50 === 0 ? 1 : 0)) * 1_150,
    })),
  });
  const started = performance.now();
  const answer = (await call(baseUrl, token, 'POST', `/purchasing/deliveries/${id}/post`, {
    accept_mismatch: false,
  })) as { products: unknown[] };
  return { time: performance.now() - started, products: answer.products.length };
}

/**
 * 100 deliveries received on a tablet offline (each started, counted, invoiced and posted), as
 * the app leaves them in the outbox, replayed when the connection is back: from the connection
 * coming back to the outbox empty, and the requests the page sent.
 */
export async function replayOfflineDeliveries(browser: Browser, baseUrl: string) {
  const token = await apiToken(baseUrl);
  const products = (await catalogue(baseUrl, token)).slice(1_000, 1_000 + OFFLINE_DELIVERIES * 5);
  const supplierId = await supplier(baseUrl, token);
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  try {
    await signIn(page, baseUrl);
    // Loaded afresh, as a tablet that has been receiving: the page reads its outbox as it starts.
    await page.goto(`${baseUrl}/purchasing?tab=deliveries`);
    await page.getByRole('heading', { name: 'Deliveries' }).waitFor({ timeout: 60_000 });
    await context.setOffline(true);
    const at = new Date().toISOString();
    const entries = Array.from({ length: OFFLINE_DELIVERIES }, (_, index) => {
      const id = randomUUID();
      const lines = products.slice(index * 5, index * 5 + 5);
      const entry = (fields: Record<string, unknown>) => ({
        id: randomUUID(),
        idempotencyKey: randomUUID(),
        createdAt: Date.now() + index,
        attempts: 0,
        state: 'pending',
        failure: null,
        nextAttemptAt: 0,
        schemaVersion: OUTBOX_SCHEMA_VERSION,
        revert: { supplier: 'Bench Supplier' },
        recordId: id,
        ...fields,
      });
      const base = `/purchasing/deliveries/${id}`;
      return [
        entry({
          resource: 'deliveries',
          op: 'delivery.start',
          method: 'POST',
          path: '/purchasing/deliveries',
          body: { id, supplier_id: supplierId, order_id: null, started_at: at },
        }),
        entry({
          resource: 'delivery-counts',
          op: 'delivery.counts',
          method: 'PUT',
          path: `${base}/counts`,
          body: {
            device_id: 'bench-tablet',
            lines: lines.map((product) => ({
              product_id: product.id,
              received: 12,
              damaged: 0,
              counted_at: at,
            })),
          },
        }),
        entry({
          resource: 'delivery-invoices',
          op: 'delivery.invoice',
          method: 'PUT',
          path: `${base}/invoice`,
          body: {
            invoice_number: `OFF-${index}`,
            invoice_date: at.slice(0, 10),
            total_cents: null,
            freight_cents: 0,
            costs: lines.map((product) => ({ product_id: product.id, line_cents: 12 * 1_000 })),
          },
        }),
        entry({
          resource: 'deliveries',
          op: 'delivery.post',
          method: 'POST',
          path: `${base}/post`,
          body: { accept_mismatch: false },
        }),
      ];
    }).flat();
    await putInOutbox(page, entries);
    let requests = 0;
    context.on('request', (request) => {
      const url = request.url();
      if (url.includes('/api/v1/purchasing/') || url.endsWith('/api/v1/batch')) requests += 1;
    });
    const started = Date.now();
    await context.setOffline(false);
    while ((await outboxCount(page)) > 0) {
      if (Date.now() - started > 180_000) throw new Error('the outbox did not empty in 3 min');
      await page.waitForTimeout(50);
    }
    const time = Date.now() - started;
    const { deliveries } = (await call(baseUrl, token, 'GET', '/purchasing/deliveries')) as {
      deliveries: { supplier_id: string; status: string }[];
    };
    const posted = deliveries.filter(
      (delivery) => delivery.supplier_id === supplierId && delivery.status === 'posted',
    ).length;
    if (posted !== OFFLINE_DELIVERIES) {
      throw new Error(`the server posted ${posted} of ${OFFLINE_DELIVERIES} deliveries`);
    }
    return { time, requests, entries: entries.length };
  } finally {
    await context.close();
  }
}

/** The receiving figures, on a server of the catalogue benchmarks' size. */
export async function receivingFigures(browser: Browser, baseUrl: string) {
  const scans = await scanToLine(browser, baseUrl);
  const posted = await postLargeDelivery(baseUrl);
  const replayed = await replayOfflineDeliveries(browser, baseUrl);
  return { scans, posted, replayed };
}

async function main() {
  if (!process.argv.includes('--no-build')) build();
  const line = (label: string, value: string) => console.log(`  ${label.padEnd(64)}${value}`);
  const lite = await suggestionsOnPglite();
  const postgres = await suggestionsOnPostgres();
  console.log(`\nReorder suggestions, ${SUGGESTION_PRODUCTS.toLocaleString('en')} products`);
  for (const [name, figures] of [
    ['PGlite', lite],
    ['PostgreSQL', postgres],
  ] as const) {
    if (!figures) {
      line(`${name}`, 'not measured (set BENCH_DATABASE_URL)');
      continue;
    }
    line(
      `${name}: suggestions (${figures.lines.toLocaleString('en')} sale lines, ${figures.suggested} suggested)`,
      `median ${ms(median(figures.suggestions))}`,
    );
    line(
      `${name}: the plain query (units sold per product, 8 weeks)`,
      `median ${ms(median(figures.plain))}`,
    );
  }
  console.log(`Seeding ${CATALOGUE_PRODUCTS.toLocaleString('en')} products…`);
  const server = await startServer({
    port: PORT,
    extraProducts: CATALOGUE_PRODUCTS - DEMO_CATALOGUE_SIZE,
  });
  const browser = await launchChromium();
  try {
    const { scans, posted, replayed } = await receivingFigures(browser, server.baseUrl);
    console.log(`\nReceiving, ${CATALOGUE_PRODUCTS.toLocaleString('en')} products on the device`);
    line('scan to line shown', spread(scans.times));
    line(
      `posting a ${POSTED_LINES}-line delivery`,
      `${ms(posted.time)} (${posted.products} products answered)`,
    );
    line(
      `${OFFLINE_DELIVERIES} deliveries posted offline, replayed`,
      `${ms(replayed.time)}; ${replayed.requests} requests for ${replayed.entries} entries`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

runWhenStarted(import.meta.url, main);
