import autocannon from 'autocannon';
import { DEMO_CATALOGUE_SIZE } from '../../src/server/seed/catalogue.ts';
import { runWhenStarted } from './lib/run.ts';
import { startServer } from './lib/server.ts';
import { median, ms, percentile } from './lib/stats.ts';

/**
 * The API under load, with autocannon (10 connections) against the real server:
 * GET /inventory/enhanced with 10,000 products, full answers and 304s; GET
 * /preferences/columns/products; beside them GET /health, the cheapest call the server has.
 * And the server time of a sign-in (its password hashing cost is deliberate).
 *
 * `npm run bench:server`. Prints figures; no budgets.
 */
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const PORT = 8286;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const SIGN_INS = 20;

export interface LoadFigures {
  p99: number;
  requestsPerSecond: number;
  /** Answers other than the one expected, and errors: a figure is void when any. */
  unexpected: number;
}

export interface ServerFigures {
  health: LoadFigures;
  enhanced: LoadFigures;
  enhanced304: LoadFigures;
  preferences: LoadFigures;
  signIn: number[];
}

export async function load(
  url: string,
  headers: Record<string, string>,
  expectedStatus: number,
): Promise<LoadFigures> {
  let unexpected = 0;
  const result = await autocannon({
    url,
    headers,
    connections: 10,
    duration: SECONDS,
    setupClient: (client) => {
      client.on('response', (statusCode: number) => {
        if (statusCode !== expectedStatus) unexpected += 1;
      });
    },
  });
  return {
    p99: result.latency.p99,
    requestsPerSecond: result.requests.average,
    unexpected: unexpected + result.errors + result.timeouts,
  };
}

export async function measureServer(baseUrl: string): Promise<ServerFigures> {
  const credentials = JSON.stringify({ email: 'demo@vintry.test', password: 'Vintry2026' });
  const signIn: number[] = [];
  let accessToken = '';
  for (let i = 0; i < SIGN_INS; i += 1) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: credentials,
    });
    const body = (await response.json()) as { accessToken: string };
    signIn.push(performance.now() - started);
    if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
    accessToken = body.accessToken;
  }
  // What Chromium sends.
  const auth = {
    Authorization: `Bearer ${accessToken}`,
    'Accept-Encoding': 'gzip, deflate, br, zstd',
  };
  // The first answer starts the brotli version of the catalogue; measure once it is made.
  let etag: string | null = null;
  for (let tries = 0; tries < 100 && !etag?.endsWith('-br"'); tries += 1) {
    const answer = await fetch(`${baseUrl}/api/v1/inventory/enhanced`, { headers: auth });
    await answer.arrayBuffer();
    etag = answer.headers.get('ETag');
    if (!etag?.endsWith('-br"')) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!etag) throw new Error('GET /inventory/enhanced sent no ETag');

  return {
    health: await load(`${baseUrl}/api/v1/health`, {}, 200),
    enhanced: await load(`${baseUrl}/api/v1/inventory/enhanced`, auth, 200),
    enhanced304: await load(
      `${baseUrl}/api/v1/inventory/enhanced`,
      { ...auth, 'If-None-Match': etag },
      304,
    ),
    preferences: await load(`${baseUrl}/api/v1/preferences/columns/products`, auth, 200),
    signIn,
  };
}

async function main() {
  console.log(`Seeding ${PRODUCTS.toLocaleString('en')} products…`);
  const server = await startServer({ port: PORT, extraProducts: PRODUCTS - DEMO_CATALOGUE_SIZE });
  try {
    const figures = await measureServer(server.baseUrl);
    const line = (label: string, value: string) => console.log(`  ${label.padEnd(48)}${value}`);
    const show = (figure: LoadFigures) =>
      `p99 ${ms(figure.p99)}, ${figure.requestsPerSecond.toFixed(0)} req/s${figure.unexpected ? `, ${figure.unexpected} unexpected answers` : ''}`;
    console.log(`\nAPI, autocannon with 10 connections for ${SECONDS} s each`);
    line(
      `GET /inventory/enhanced (${PRODUCTS.toLocaleString('en')} products)`,
      show(figures.enhanced),
    );
    line('the same with If-None-Match (304)', show(figures.enhanced304));
    line('GET /preferences/columns/products', show(figures.preferences));
    line('baseline: GET /health', show(figures.health));
    line(
      `sign-in, ${SIGN_INS} in turn`,
      `p50 ${ms(median(figures.signIn))}, p95 ${ms(percentile(figures.signIn, 95))}`,
    );
  } finally {
    await server.stop();
  }
}

runWhenStarted(import.meta.url, main);
