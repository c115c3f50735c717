import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium, signIn } from './lib/browser.ts';
import {
  DIST,
  entryKey,
  fileSizes,
  kb,
  readManifest,
  scriptsLoaded,
  staticFiles,
} from './lib/bundle.ts';
import { runWhenStarted } from './lib/run.ts';
import { build, startServer } from './lib/server.ts';
import { runs } from './lib/stats.ts';

/**
 * What the app costs to download, in Debian's Chromium against the built app and the real
 * server: the scripts /login needs to paint; the scripts a signed-in cold load of /dashboard
 * requests, with and without the lazily loaded chart chunk (ECharts); each signed-in route's
 * scripts to paint it, route by route, and apart what it loads after in a Suspense of its own
 * (the dashboard's chart, the inventory's grid); all JavaScript of the
 * build; what the service worker precaches. Sizes gzip-compressed as the server sends them
 * (precache raw, as it is stored). And, on a phone-sized screen, the time to the dashboard's
 * cards and to its chart.
 *
 * `npm run bench:bundle` (add `-- --no-build` to reuse dist/). Prints figures; no budgets.
 */
const PORT = 8284;
const LOADS = 5;
const CHART_MODULE = 'src/features/dashboard/components/sales-chart.tsx';
/**
 * The inventory's grid (glide-data-grid): asked for as the page opens, in a Suspense of its own,
 * it arrives while the catalogue is read; the page's header, toolbar and cards paint without it.
 */
const GRID_MODULE = 'src/features/inventory/components/inventory-grid.tsx';
const INVENTORY_ROUTE_MODULE = 'src/routes/inventory-screen.tsx';
/**
 * The chunks the dashboard's cards need, lazily loaded with the route (the signed-in route waits
 * for the device's sync): not the chart's.
 */
const CARD_MODULES = [
  'src/routes/signed-in-layout.tsx',
  'src/app/device-sync.tsx',
  'src/features/dashboard/components/dashboard-page.tsx',
];

interface ScriptRow {
  file: string;
  raw: number;
  gzip: number;
  chart: boolean;
  /** Part of the inventory's grid, which loads beside the catalogue's read. */
  grid: boolean;
}

/** The signed-in routes whose scripts are measured one by one (each a cold load). */
export const MEASURED_ROUTES = [
  '/dashboard',
  '/pos',
  '/inventory',
  '/orders',
  '/settings/profile',
  '/settings/payment',
  '/settings/team',
  '/help',
] as const;

/** Resolves once the page has asked for no script for 750 ms. */
async function scriptsSettled(page: import('playwright-core').Page) {
  let last = Date.now();
  const seen = (request: { resourceType(): string }) => {
    if (request.resourceType() === 'script') last = Date.now();
  };
  page.on('request', seen);
  try {
    while (Date.now() - last < 750) await page.waitForTimeout(100);
  } finally {
    page.off('request', seen);
  }
}

export interface BundleFigures {
  login: ScriptRow[];
  dashboard: ScriptRow[];
  /**
   * Each route: the scripts a cold load requests until its heading shows, gzip, less what loads
   * after the paint in a Suspense of its own: the dashboard's chart, the inventory's grid.
   */
  routes: { route: string; gzip: number; chart: number; grid: number }[];
  allJsGzip: number;
  precache: { files: number; bytes: number };
  toCards: number[];
  toChart: number[];
}

export const gzipTotal = (rows: readonly ScriptRow[]) =>
  rows.reduce((sum, row) => sum + row.gzip, 0);

/** Every .js file of the build, the service worker's included. */
function allScripts(): string[] {
  const walk = (folder: string): string[] =>
    readdirSync(path.join(DIST, folder), { withFileTypes: true }).flatMap((entry) => {
      const file = path.posix.join(folder, entry.name);
      if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : walk(file);
      return entry.name.endsWith('.js') ? [file] : [];
    });
  return walk('.').map((file) => file.replace(/^\.\//, ''));
}

/** The files the service worker's precache manifest lists, and their stored size. */
function precache() {
  const worker = readFileSync(path.join(DIST, 'sw.js'), 'utf8');
  const urls = new Set([...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1] ?? ''));
  const bytes = [...urls].reduce((sum, url) => sum + fileSizes(url).raw, 0);
  return { files: urls.size, bytes };
}

export async function measureBundles(browser: Browser, baseUrl: string): Promise<BundleFigures> {
  const manifest = readManifest();
  const cards = new Set(
    [entryKey(manifest), ...CARD_MODULES].flatMap((key) => [...staticFiles(manifest, key)]),
  );
  const chart = [...staticFiles(manifest, CHART_MODULE)].filter((file) => !cards.has(file));
  const inventory = new Set([...cards, ...staticFiles(manifest, INVENTORY_ROUTE_MODULE)]);
  const grid = [...staticFiles(manifest, GRID_MODULE)].filter((file) => !inventory.has(file));
  const rowsOf = (files: string[]) =>
    files.map((file) => ({
      file,
      chart: chart.includes(file),
      grid: grid.includes(file),
      ...fileSizes(file),
    }));

  // No worker: its precache would fetch every chunk, not only the ones a route needs.
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    const login = await scriptsLoaded(page, baseUrl, async () => {
      await page.goto(`${baseUrl}/login`);
      await page.getByRole('button', { name: 'Login' }).waitFor();
    });
    await signIn(page, baseUrl);

    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const toCards: number[] = [];
    const toChart: number[] = [];
    let dashboard: string[] = [];
    for (let load = 0; load < LOADS; load += 1) {
      dashboard = await scriptsLoaded(page, baseUrl, async () => {
        const started = Date.now();
        await page.goto(`${baseUrl}/dashboard`);
        await page.getByRole('region', { name: "Today's Snapshot" }).waitFor();
        toCards.push(Date.now() - started);
        // Below the fold on a phone: the chart loads once its card is scrolled to.
        await page.locator('.sales-chart').scrollIntoViewIfNeeded();
        await page.locator('.sales-chart canvas').waitFor();
        toChart.push(Date.now() - started);
      });
    }
    const routes: BundleFigures['routes'] = [];
    for (const route of MEASURED_ROUTES) {
      // Until nothing more is asked for: what a route loads after it painted (the chart, the
      // grid) is counted apart, and never as the next route's (the live stream never idles).
      const scripts = await scriptsLoaded(page, baseUrl, async () => {
        await page.goto(`${baseUrl}${route}`);
        await page.locator('main h1').first().waitFor();
        await scriptsSettled(page);
      });
      const rows = rowsOf(scripts);
      routes.push({
        route,
        gzip: gzipTotal(rows.filter((row) => !row.chart && !row.grid)),
        chart: gzipTotal(rows.filter((row) => row.chart)),
        grid: gzipTotal(rows.filter((row) => row.grid)),
      });
      if (route === '/inventory' && !grid.every((file) => scripts.includes(file))) {
        throw new Error('the inventory grid was not loaded');
      }
    }
    if (login.length === 0) throw new Error('no script was seen loading /login');
    const missing = chart.filter((file) => !dashboard.includes(file));
    if (missing.length > 0)
      throw new Error(`the chart chunk was not loaded: ${missing.join(', ')}`);
    return {
      login: rowsOf(login),
      dashboard: rowsOf(dashboard),
      routes,
      allJsGzip: allScripts().reduce((sum, file) => sum + fileSizes(file).gzip, 0),
      precache: precache(),
      toCards,
      toChart,
    };
  } finally {
    await context.close();
  }
}

async function main() {
  if (!process.argv.includes('--no-build')) build();
  const server = await startServer({ port: PORT, extraProducts: 0 });
  const browser = await launchChromium();
  try {
    const figures = await measureBundles(browser, server.baseUrl);
    const line = (label: string, value: string) => console.log(`  ${label.padEnd(56)}${value}`);
    const list = (rows: ScriptRow[]) => {
      for (const row of rows) {
        const note = row.chart ? '  (chart chunk)' : '';
        line(
          `${row.file}`,
          `${kb(row.raw).padStart(10)} raw${kb(row.gzip).padStart(10)} gzip${note}`,
        );
      }
    };
    console.log('\n/login: the scripts it needs to paint (gzip)');
    list(figures.login);
    line('total', kb(gzipTotal(figures.login)));
    console.log('\n/dashboard, signed in: the scripts a cold load requests (gzip)');
    list(figures.dashboard);
    line('with the chart chunk', kb(gzipTotal(figures.dashboard)));
    line(
      'without the chart chunk (what the cards need)',
      kb(gzipTotal(figures.dashboard.filter((row) => !row.chart))),
    );
    console.log('\nEach route, signed in: the scripts a cold load requests to paint it (gzip)');
    for (const { route, gzip, chart, grid } of figures.routes) {
      const then = [
        ...(chart > 0 ? [`the chart: ${kb(chart)}`] : []),
        ...(grid > 0 ? [`the grid: ${kb(grid)}`] : []),
      ];
      line(route, `${kb(gzip)}${then.length > 0 ? ` (then ${then.join(', ')})` : ''}`);
    }
    console.log('\nThe whole build');
    line('all JavaScript, gzip', kb(figures.allJsGzip));
    line(`precache, ${figures.precache.files} files`, kb(figures.precache.bytes));
    console.log(`\nDashboard at 390×844, ${LOADS} cold loads without the HTTP cache`);
    line('navigation to the cards shown', runs(figures.toCards));
    line('navigation to the chart drawn, scrolled to at once', runs(figures.toChart));
  } finally {
    await browser.close();
    await server.stop();
  }
}

runWhenStarted(import.meta.url, main);
