import { randomUUID } from 'node:crypto';
import { DEMO_CATALOGUE_SIZE } from '../../src/server/seed/catalogue.ts';
import { runWhenStarted } from './lib/run.ts';
import { startServer } from './lib/server.ts';
import { ms } from './lib/stats.ts';

/**
 * Closing a full count of 50,000 products on the real server (embedded database): a count is
 * started (the server takes its snapshot), 1,000 products are counted in one request as a tablet
 * sends its lines, and the count is closed with the uncounted counted as 0, so every product
 * with stock gets a correction movement. Prints the server time of the close as the client sees
 * it (request to answer, on this machine) and the answer's size; beside it the start's snapshot.
 *
 * `npm run bench:stocktake`. Prints figures; no budgets.
 */
export const STOCKTAKE_PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const COUNTED = 1_000;
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
  const login = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@vintry.test', password: 'Vintry2026' }),
  });
  const { accessToken: token } = (await login.json()) as { accessToken: string };
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
    lines: counted.map(([product, expected]) => ({
      product_id: product,
      quantity: expected + 1,
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

async function main() {
  console.log(`Seeding ${STOCKTAKE_PRODUCTS.toLocaleString('en')} products…`);
  const server = await startServer({
    port: PORT,
    extraProducts: STOCKTAKE_PRODUCTS - DEMO_CATALOGUE_SIZE,
  });
  try {
    const figures = await closeFullCount(server.baseUrl);
    const line = (label: string, value: string) => console.log(`  ${label.padEnd(52)}${value}`);
    console.log(`\nStocktake, ${figures.products.toLocaleString('en')} products`);
    line('start: snapshot taken', ms(figures.snapshot));
    line(
      `close, ${COUNTED} counted, the rest as 0`,
      `${ms(figures.close)}; ${figures.movements} movements; answer ${figures.bytes} B`,
    );
  } finally {
    await server.stop();
  }
}

runWhenStarted(import.meta.url, main);
