import { launchChromium, signIn } from './lib/browser.ts';
import { entryKey, fileSizes, kb, readManifest, scriptsLoaded, staticFiles } from './lib/bundle.ts';
import { build, startServer } from './lib/server.ts';
import { median, ms } from './lib/stats.ts';

/**
 * The dashboard's JavaScript, in Debian's Chromium against the built app and the real server:
 * every script a signed-in cold load of /dashboard requests, gzip-compressed, with and without
 * the lazily loaded chart chunk (ECharts); and, on a phone-sized screen, the time to the cards
 * and to the chart drawn.
 *
 * `npm run bench:dashboard` (add `-- --no-build` to reuse dist/). Prints figures; no budgets.
 */
const PORT = 8284;
const LOADS = 5;
const CHART_MODULE = 'src/features/dashboard/components/sales-chart.tsx';

async function main() {
  if (!process.argv.includes('--no-build')) build();
  const manifest = readManifest();
  const entry = staticFiles(manifest, entryKey(manifest));
  const chart = [...staticFiles(manifest, CHART_MODULE)].filter((file) => !entry.has(file));

  const server = await startServer({ port: PORT, extraProducts: 0 });
  const browser = await launchChromium();
  try {
    // No worker: its precache would fetch every chunk, not only the ones the route needs.
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await signIn(page, server.baseUrl);

    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const toCards: number[] = [];
    const toChart: number[] = [];
    let scripts: string[] = [];
    for (let load = 0; load < LOADS; load += 1) {
      scripts = await scriptsLoaded(page, async () => {
        const started = Date.now();
        await page.goto(`${server.baseUrl}/dashboard`);
        await page.getByRole('region', { name: "Today's Snapshot" }).waitFor();
        toCards.push(Date.now() - started);
        await page.locator('.sales-chart canvas').waitFor();
        toChart.push(Date.now() - started);
      });
    }

    const rows = scripts.map((file) => ({ file, chart: chart.includes(file), ...fileSizes(file) }));
    const missing = chart.filter((file) => !scripts.includes(file));
    if (missing.length > 0)
      throw new Error(`the chart chunk was not loaded: ${missing.join(', ')}`);
    const total = (list: typeof rows) => list.reduce((sum, row) => sum + row.gzip, 0);

    console.log('\nDashboard route JavaScript (signed-in cold load of /dashboard, gzip)');
    for (const row of rows) {
      console.log(
        `  ${row.file.padEnd(48)}${kb(row.raw).padStart(10)} raw${kb(row.gzip).padStart(10)} gzip${row.chart ? '  (chart chunk)' : ''}`,
      );
    }
    const line = (label: string, value: string) => console.log(`  ${label.padEnd(56)}${value}`);
    line('with the chart chunk', kb(total(rows)));
    line('without the chart chunk (what the cards need)', kb(total(rows.filter((r) => !r.chart))));
    line('the chart chunk alone', kb(total(rows.filter((r) => r.chart))));
    const runs = (times: number[]) =>
      `median ${ms(median(times))} (${times.map((t) => t.toFixed(0)).join(', ')})`;
    console.log(`\nDashboard at 390×844, ${LOADS} cold loads without the HTTP cache`);
    line('navigation to the cards shown', runs(toCards));
    line('navigation to the chart drawn', runs(toChart));
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
