import { DEMO_CATALOGUE_SIZE } from '../../src/server/seed/catalogue.ts';
import { ALERT_PRODUCTS, ALERTS_BUDGET_MS, alertsFigures } from './alerts.bench.ts';
import { gzipTotal, measureBundles } from './bundle.bench.ts';
import { DECODE_BUDGET_MS, measureCameraDecode } from './camera.bench.ts';
import {
  CATALOGUE_PRODUCTS,
  changeOnAnotherDevice,
  LIVE_CHANGES,
  liveChanges,
  OFFLINE_EDITS,
  replayOfflineEdits,
  searchAndSortWithEdits,
} from './catalogue.bench.ts';
import {
  BENCH_ORDERS,
  CALENDAR_BUDGET_MS,
  CUSTOMER_PAGE_BUDGET_MS,
  CUSTOMER_PAGE_SALES,
  calendarMonthFigures,
  customerSearchFigures,
  SEARCH_BUDGET_MS,
  SEARCH_CUSTOMERS,
  TOMORROW_BUDGET_MS,
  tomorrowOrdersFigures,
} from './customers.bench.ts';
import {
  customerDeviceFigures,
  LOAD_BUDGET_MS,
  PAINT_BUDGET_MS,
} from './customers-device.bench.ts';
import {
  APPLY_BUDGET_MS,
  CHECK_BUDGET_MS,
  EXPORT_BUDGET_MS,
  IMPORT_ROWS,
  importBrowserFigures,
  importServerFigures,
  LONG_TASK_BUDGET_MS,
  XLSX_PREVIEW_BUDGET_MS,
} from './import.bench.ts';
import { measureInventory } from './inventory.bench.ts';
import { launchChromium, signIn } from './lib/browser.ts';
import { type BudgetRow, printTable, ratio } from './lib/budgets.ts';
import { kb } from './lib/bundle.ts';
import { runWhenStarted } from './lib/run.ts';
import { build, startServer } from './lib/server.ts';
import { mb, median, ms, percentile, spread } from './lib/stats.ts';
import { type Category, measureLighthouse } from './lighthouse.bench.ts';
import { measureLiveDevices } from './live.bench.ts';
import { CHANGES, coldStarts, OFFLINE_PRODUCTS, replay } from './offline.bench.ts';
import {
  DASHBOARD_SALES,
  dashboardUnderLoad,
  OFFLINE_SALES,
  payToReceipt,
  replayOfflineSales,
  scanToLine,
  seedSales,
} from './pos.bench.ts';
import {
  OFFLINE_DELIVERIES,
  POSTED_LINES,
  receivingFigures,
  SUGGESTION_PRODUCTS,
  suggestionsOnPglite,
  suggestionsOnPostgres,
} from './purchasing.bench.ts';
import {
  PGLITE_BUDGET_MS,
  POSTGRES_BUDGET_MS,
  reportsOnPglite,
  reportsOnPostgres,
} from './reports.bench.ts';
import { measureServer } from './server.bench.ts';
import { closeFullCount, replayCountLines } from './stocktake.bench.ts';

/**
 * `npm run bench`: builds the app, starts the real server on fresh databases with generated
 * products, drives Debian's Chromium, and prints one table of every figure against its budget,
 * with a baseline measured in the same run where the budget compares with one. Exits 1 when a
 * budget is broken. Each part runs alone too: bench:bundle, bench:lighthouse, bench:inventory,
 * bench:offline, bench:server, bench:catalogue, bench:stocktake, bench:camera, bench:pos,
 * bench:import, bench:live, bench:purchasing, bench:customers, bench:customers-device,
 * bench:alerts, bench:reports.
 */
const INVENTORY_PRODUCTS = 50_000;
const KB = 1024;
const rows: BudgetRow[] = [];

function add(row: BudgetRow) {
  rows.push(row);
  console.log(`${row.pass ? 'pass' : 'OVER'}  ${row.figure}: ${row.value}`);
}

async function browserFigures() {
  console.log(`Seeding ${INVENTORY_PRODUCTS.toLocaleString('en')} products…`);
  const server = await startServer({
    port: 8291,
    extraProducts: INVENTORY_PRODUCTS - DEMO_CATALOGUE_SIZE,
  });
  const browser = await launchChromium();
  try {
    const page = await (
      await browser.newContext({ viewport: { width: 1280, height: 800 } })
    ).newPage();
    await signIn(page, server.baseUrl);
    const inventory = await measureInventory(page, server.baseUrl, INVENTORY_PRODUCTS);
    await page.context().close();
    add({
      figure: `Load of ${INVENTORY_PRODUCTS.toLocaleString('en')} products into Dexie`,
      value: ms(inventory.dexieLoad),
      budget: '≤ 6 s and ≤ 2× baseline',
      pass: inventory.dexieLoad <= 6000 && inventory.dexieLoad <= 2 * inventory.rawIndexedDbWrite,
      baseline: `raw IndexedDB ${ms(inventory.rawIndexedDbWrite)}; ${ratio(inventory.dexieLoad, inventory.rawIndexedDbWrite)}`,
    });
    add({
      figure: 'Search, keystroke to grid updated',
      value: spread(inventory.searchTimes),
      budget: 'median ≤ 50 ms, p95 ≤ 100 ms',
      pass: median(inventory.searchTimes) <= 50 && percentile(inventory.searchTimes, 95) <= 100,
      baseline: `plain filter median ${ms(median(inventory.plainFilterTimes))}; ${ratio(median(inventory.searchTimes), median(inventory.plainFilterTimes))}`,
    });
    add({
      figure: 'Sort by a column, click to grid updated',
      value: spread(inventory.sortTimes),
      budget: 'median ≤ 200 ms and ≤ 3× baseline',
      pass:
        median(inventory.sortTimes) <= 200 &&
        median(inventory.sortTimes) <= 3 * median(inventory.plainSortTimes),
      baseline: `Array.prototype.sort median ${ms(median(inventory.plainSortTimes))}; ${ratio(median(inventory.sortTimes), median(inventory.plainSortTimes))}`,
    });

    add({
      figure: `JS heap after GC, ${INVENTORY_PRODUCTS.toLocaleString('en')} products shown`,
      value: mb(inventory.heap),
      // AG Grid Community holding the same rows, measured side by side: 64.5 MB.
      budget: '≤ 64.5 MB',
      pass: inventory.heap <= 64.5 * KB * KB,
      baseline: `the rows' own ${mb(inventory.rowsHeap)}; ${ratio(inventory.heap, inventory.rowsHeap)}`,
    });
    add({
      figure: 'First rows painted from memory (Dashboard → Inventory)',
      value: spread(inventory.firstRowsFromMemory),
      // AG Grid Community showing the same rows from memory: 340 ms.
      budget: 'median ≤ 340 ms',
      pass: median(inventory.firstRowsFromMemory) <= 340,
      baseline: '—',
    });

    const imported = await importBrowserFigures(browser, server.baseUrl);
    add({
      figure: `Import: ${IMPORT_ROWS.toLocaleString('en')}-row CSV (${mb(imported.bytes)}) read, mapped and checked`,
      value: `${ms(imported.total)} (read ${ms(imported.read)}, check ${ms(imported.check)})`,
      budget: `≤ ${ms(CHECK_BUDGET_MS)}`,
      pass: imported.total <= CHECK_BUDGET_MS,
      baseline: '—',
    });
    add({
      figure: 'Import: longest task on the page meanwhile',
      value: ms(imported.longest),
      budget: `≤ ${ms(LONG_TASK_BUDGET_MS)}`,
      pass: imported.longest <= LONG_TASK_BUDGET_MS,
      baseline: '—',
    });
    add({
      figure: `Import: the same as XLSX (${mb(imported.xlsxBytes)}), preview`,
      value: ms(imported.xlsxPreview),
      budget: `≤ ${ms(XLSX_PREVIEW_BUDGET_MS)}`,
      pass: imported.xlsxPreview <= XLSX_PREVIEW_BUDGET_MS,
      baseline: '—',
    });
    add({
      figure: `Export of ${INVENTORY_PRODUCTS.toLocaleString('en')} rows to CSV`,
      value: ms(imported.exported),
      budget: `≤ ${ms(EXPORT_BUDGET_MS)}`,
      pass: imported.exported <= EXPORT_BUDGET_MS,
      baseline: '—',
    });

    const bundles = await measureBundles(browser, server.baseUrl);
    const login = gzipTotal(bundles.login);
    add({
      figure: 'JavaScript needed to paint /login, gzip',
      value: kb(login),
      budget: '≤ 110 KB',
      pass: login <= 110 * KB,
      baseline: '—',
    });
    for (const { route, gzip, grid } of bundles.routes) {
      add({
        figure: `JavaScript needed to paint ${route}, gzip`,
        value: grid > 0 ? `${kb(gzip)} (then the grid: ${kb(grid)})` : kb(gzip),
        budget: '≤ 250 KB',
        pass: gzip <= 250 * KB,
        baseline: '—',
      });
    }
    add({
      figure: 'All JavaScript, gzip',
      value: kb(bundles.allJsGzip),
      budget: '≤ 900 KB',
      pass: bundles.allJsGzip <= 900 * KB,
      baseline: '—',
    });
    add({
      figure: `Precache total (${bundles.precache.files} files)`,
      value: kb(bundles.precache.bytes),
      budget: '≤ 4 MB',
      pass: bundles.precache.bytes <= 4 * KB * KB,
      baseline: '—',
    });
    const dashboard = gzipTotal(bundles.dashboard);
    const cards = gzipTotal(bundles.dashboard.filter((row) => !row.chart));
    add({
      figure: 'JavaScript of /dashboard, gzip (without the chart chunk)',
      value: `${kb(dashboard)} (${kb(cards)})`,
      budget: 'reported',
      pass: true,
      baseline: '—',
    });
  } finally {
    await browser.close();
    await server.stop();
  }
}

/**
 * Lighthouse on a server of its own with the demo data only, as `bench:lighthouse` runs it: beside
 * the 50,000-product server, which prepares its answers as it starts, and another open browser,
 * its simulated first paint of /login was 2.7 s instead of 0.5-0.7 s.
 */
async function lighthouseFigures() {
  const server = await startServer({ port: 8293, extraProducts: 0 });
  try {
    for (const result of await measureLighthouse(server.baseUrl)) {
      const minimum = (category: Category) =>
        category === 'performance' && result.page === '/dashboard' ? 90 : 95;
      for (const category of ['performance', 'accessibility', 'best-practices'] as const) {
        add({
          figure: `Lighthouse mobile, ${result.page}, ${category}`,
          value: String(result.scores[category]),
          budget: `≥ ${minimum(category)}`,
          pass: result.scores[category] >= minimum(category),
          baseline: '—',
        });
      }
      if (result.failing.length > 0) {
        console.log(`  ${result.page} audits below 90: ${result.failing.join('; ')}`);
      }
    }
  } finally {
    await server.stop();
  }
}

async function catalogueFigures() {
  console.log(`Seeding ${CATALOGUE_PRODUCTS.toLocaleString('en')} products…`);
  const server = await startServer({
    port: 8293,
    extraProducts: CATALOGUE_PRODUCTS - DEMO_CATALOGUE_SIZE,
  });
  const browser = await launchChromium();
  try {
    const { feed, full } = await changeOnAnotherDevice(browser, server.baseUrl);
    add({
      figure: `One product changed elsewhere, ${CATALOGUE_PRODUCTS.toLocaleString('en')} products: refresh to shown`,
      value: `${ms(feed.time)}, ${kb(feed.bytes)}`,
      budget: '≤ 300 ms, ≤ 5 KB',
      pass: feed.time <= 300 && feed.bytes <= 5 * KB,
      baseline: `full download ${ms(full.time)}, ${kb(full.bytes)}; ${ratio(feed.time, full.time)}`,
    });
    const { live, fallback } = await liveChanges(browser, server.baseUrl);
    add({
      figure: `${LIVE_CHANGES} changes on another device, shown on this one (live stream)`,
      value: spread(live),
      budget: 'median ≤ 1 s, p95 ≤ 2 s',
      pass: median(live) <= 1_000 && percentile(live, 95) <= 2_000,
      baseline: `without the stream (fallback pull) ${ms(fallback)}; budget ≤ 60 s: ${fallback <= 61_000 ? 'pass' : 'OVER'}`,
    });
    const replayed = await replayOfflineEdits(browser, server.baseUrl);
    add({
      figure: `${OFFLINE_EDITS.toLocaleString('en')} product edits made offline, replayed`,
      value: `${ms(replayed.time)}; ${replayed.requests} requests`,
      budget: '≤ 10 s',
      pass: replayed.time <= 10_000,
      baseline: '—',
    });
    const waiting = await searchAndSortWithEdits(browser, server.baseUrl);
    add({
      figure: 'Search with edits waiting, keystroke to grid updated',
      value: spread(waiting.searchTimes),
      budget: 'median ≤ 50 ms, p95 ≤ 100 ms',
      pass: median(waiting.searchTimes) <= 50 && percentile(waiting.searchTimes, 95) <= 100,
      baseline: '—',
    });
    add({
      figure: 'Sort with edits waiting, click to grid updated',
      value: spread(waiting.sortTimes),
      budget: 'median ≤ 200 ms',
      pass: median(waiting.sortTimes) <= 200,
      baseline: '—',
    });
    const decode = await measureCameraDecode(browser, server.baseUrl);
    add({
      figure: 'Camera decode (WebAssembly) of a 1280×720 frame with an EAN-13',
      value: spread(decode.withCode.times),
      budget: `median ≤ ${DECODE_BUDGET_MS} ms`,
      pass: median(decode.withCode.times) <= DECODE_BUDGET_MS,
      baseline: `frames without a code ${spread(decode.without.times)}`,
    });
    const lines = await replayCountLines(browser, server.baseUrl);
    add({
      figure: `${lines.lines.toLocaleString('en')} count lines made offline, replayed`,
      value: `${ms(lines.time)}; ${lines.requests} requests`,
      budget: '≤ 15 s',
      pass: lines.time <= 15_000,
      baseline: '—',
    });
    const scans = await scanToLine(browser, server.baseUrl);
    add({
      figure: `POS: scan to line shown, ${CATALOGUE_PRODUCTS.toLocaleString('en')} products`,
      value: spread(scans.times),
      budget: 'median ≤ 30 ms, p95 ≤ 60 ms',
      pass: median(scans.times) <= 30 && percentile(scans.times, 95) <= 60,
      baseline: '—',
    });
    const payments = await payToReceipt(browser, server.baseUrl);
    add({
      figure: 'POS: pay pressed to receipt shown, offline',
      value: spread(payments.times),
      budget: 'median ≤ 100 ms',
      pass: median(payments.times) <= 100,
      baseline: '—',
    });
    const sales = await replayOfflineSales(browser, server.baseUrl);
    add({
      figure: `${OFFLINE_SALES.toLocaleString('en')} sales made offline, replayed`,
      value: `${ms(sales.time)}; ${sales.requests} requests`,
      budget: '≤ 10 s in ≤ 20 requests',
      pass: sales.time <= 10_000 && sales.requests <= 20,
      baseline: '—',
    });
    const receiving = await receivingFigures(browser, server.baseUrl);
    add({
      figure: `Receiving: scan to line shown, ${CATALOGUE_PRODUCTS.toLocaleString('en')} products`,
      value: spread(receiving.scans.times),
      budget: 'median ≤ 30 ms',
      pass: median(receiving.scans.times) <= 30,
      baseline: '—',
    });
    add({
      figure: `Posting a ${POSTED_LINES}-line delivery`,
      value: ms(receiving.posted.time),
      budget: '≤ 2 s',
      pass: receiving.posted.time <= 2_000,
      baseline: '—',
    });
    add({
      figure: `${OFFLINE_DELIVERIES} deliveries posted offline, replayed`,
      value: `${ms(receiving.replayed.time)}; ${receiving.replayed.requests} requests`,
      budget: '≤ 10 s',
      pass: receiving.replayed.time <= 10_000,
      baseline: '—',
    });
    // Last on this server: it moves the stock of every product.
    const count = await closeFullCount(server.baseUrl);
    add({
      figure: `Closing a full count of ${count.products.toLocaleString('en')} products (${count.movements.toLocaleString('en')} corrections)`,
      value: `${ms(count.close)}; answer ${count.bytes} B`,
      budget: '≤ 5 s',
      pass: count.close <= 5_000,
      baseline: `the start's snapshot ${ms(count.snapshot)}`,
    });
  } finally {
    await browser.close();
    await server.stop();
  }
}

async function offlineAndServerFigures() {
  console.log(`Seeding ${OFFLINE_PRODUCTS.toLocaleString('en')} products…`);
  const server = await startServer({
    port: 8292,
    extraProducts: OFFLINE_PRODUCTS - DEMO_CATALOGUE_SIZE,
  });
  try {
    const cold = await coldStarts(server.baseUrl);
    add({
      figure: `Offline cold start of /inventory, ${OFFLINE_PRODUCTS.toLocaleString('en')} products stored`,
      value: `median ${ms(median(cold.offline))}`,
      budget: '≤ 1.5 s',
      pass: median(cold.offline) <= 1500,
      baseline: `online cold start ${ms(median(cold.online))}; ${ratio(median(cold.offline), median(cold.online))}`,
    });
    const queued = await replay(server.baseUrl);
    add({
      figure: `${CHANGES.toLocaleString('en')} queued changes replayed after reconnecting`,
      value: `${ms(queued.replayTime)}; ${queued.requests} requests for ${queued.entries} entries`,
      budget: '≤ 10 s; requests ≤ entries',
      pass: queued.replayTime <= 10_000 && queued.requests <= queued.entries,
      baseline: `one request per change ${ms(queued.baseline)}; ${ratio(queued.replayTime, queued.baseline)}`,
    });

    const api = await measureServer(server.baseUrl);
    const clean = [api.health, api.enhanced, api.enhanced304, api.preferences].every(
      (figure) => figure.unexpected === 0,
    );
    if (!clean) console.log('  some load-test answers were not the expected status');
    add({
      figure: `GET /inventory/enhanced, ${OFFLINE_PRODUCTS.toLocaleString('en')} products, 10 connections`,
      value: `p99 ${ms(api.enhanced.p99)}`,
      budget: 'p99 ≤ 150 ms',
      pass: api.enhanced.p99 <= 150 && api.enhanced.unexpected === 0,
      baseline: `GET /health p99 ${ms(api.health.p99)}`,
    });
    add({
      figure: 'The same answered 304 (If-None-Match)',
      value: `p99 ${ms(api.enhanced304.p99)}`,
      budget: 'p99 ≤ 10 ms',
      pass: api.enhanced304.p99 <= 10 && api.enhanced304.unexpected === 0,
      baseline: `GET /health p99 ${ms(api.health.p99)}`,
    });
    add({
      figure: 'GET /preferences/columns/products, 10 connections',
      value: `${api.preferences.requestsPerSecond.toFixed(0)} req/s`,
      budget: '≥ 2,000 req/s',
      pass: api.preferences.requestsPerSecond >= 2000 && api.preferences.unexpected === 0,
      baseline: `GET /health ${api.health.requestsPerSecond.toFixed(0)} req/s; ${ratio(api.preferences.requestsPerSecond, api.health.requestsPerSecond)}`,
    });
    const devices = await measureLiveDevices(server.baseUrl, server.process.pid ?? 0);
    add({
      figure: `${devices.devices} devices listening (GET /live): one change heard by all`,
      value: `${ms(devices.fanOut)} (${devices.reached} reached)`,
      budget: '≤ 1 s, all reached',
      pass: devices.fanOut <= 1_000 && devices.reached === devices.devices,
      baseline: `server memory ${mb(devices.memoryWith)} beside ${mb(devices.memoryBefore)} with none; /health p99 ${ms(devices.healthWith.p99)} beside ${ms(devices.healthAlone.p99)}`,
    });
    const signInP50 = median(api.signIn);
    add({
      figure: 'Sign-in server time',
      value: `p50 ${ms(signInP50)}`,
      budget: 'p50 50–300 ms',
      pass: signInP50 >= 50 && signInP50 <= 300,
      baseline: '—',
    });
  } finally {
    await server.stop();
  }
}

async function dashboardFigures() {
  console.log(`Seeding ${DASHBOARD_SALES.toLocaleString('en')} sales…`);
  const server = await startServer({
    port: 8296,
    extraProducts: 0,
    beforeStart: (dataDir) => seedSales(dataDir, DASHBOARD_SALES),
  });
  try {
    const figures = await dashboardUnderLoad(server.baseUrl);
    add({
      figure: `GET /dashboard, a year of ${DASHBOARD_SALES.toLocaleString('en')} sales (PGlite), 10 connections`,
      value: `p99 ${ms(figures.p99)}, ${figures.requestsPerSecond.toFixed(0)} req/s`,
      budget: 'p99 ≤ 100 ms',
      pass: figures.p99 <= 100 && figures.unexpected === 0,
      baseline: '—',
    });
  } finally {
    await server.stop();
  }
}

async function suggestionFigures() {
  const products = SUGGESTION_PRODUCTS.toLocaleString('en');
  for (const [name, budget, measure] of [
    ['PGlite', 1_000, suggestionsOnPglite],
    ['PostgreSQL', 300, suggestionsOnPostgres],
  ] as const) {
    const figures = await measure();
    if (!figures) {
      console.log(`  reorder suggestions on ${name}: not measured (set BENCH_DATABASE_URL)`);
      continue;
    }
    add({
      figure: `Reorder suggestions, ${products} products, ${figures.lines.toLocaleString('en')} sale lines (${name})`,
      value: `median ${ms(median(figures.suggestions))}`,
      budget: `≤ ${ms(budget)}`,
      pass: median(figures.suggestions) <= budget,
      baseline: `plain sum of units sold, 8 weeks: ${ms(median(figures.plain))}; ${ratio(median(figures.suggestions), median(figures.plain))}`,
    });
  }
}

async function importAppliedFigures() {
  const applied = await importServerFigures();
  add({
    figure: `Import of ${applied.rows.toLocaleString('en')} rows applied on PGlite`,
    value: ms(applied.elapsed),
    budget: `≤ ${ms(APPLY_BUDGET_MS)}`,
    pass: applied.elapsed <= APPLY_BUDGET_MS,
    baseline: '—',
  });
}

async function customerFigures() {
  const search = customerSearchFigures();
  add({
    figure: `Customers: search of ${SEARCH_CUSTOMERS.toLocaleString('en')} on the device, per keystroke`,
    value: spread(search.times),
    budget: `median ≤ ${ms(SEARCH_BUDGET_MS)}`,
    pass: median(search.times) <= SEARCH_BUDGET_MS,
    baseline: `plain includes over names ${spread(search.plain)}; ${ratio(median(search.times), median(search.plain))}`,
  });
  const calendar = calendarMonthFigures();
  add({
    figure: `Calendar month on the device, ${BENCH_ORDERS.toLocaleString('en')} orders`,
    value: spread(calendar.times),
    budget: `median ≤ ${ms(CALENDAR_BUDGET_MS)}`,
    pass: median(calendar.times) <= CALENDAR_BUDGET_MS,
    baseline: `plain filter of the month ${spread(calendar.plain)}; ${ratio(median(calendar.times), median(calendar.plain))}`,
  });
  const orders = await tomorrowOrdersFigures();
  add({
    figure: `Tomorrow's Orders on the server, ${BENCH_ORDERS.toLocaleString('en')} orders (PGlite)`,
    value: `median ${ms(median(orders.due))}`,
    budget: `≤ ${ms(TOMORROW_BUDGET_MS)}`,
    pass: median(orders.due) <= TOMORROW_BUDGET_MS,
    baseline: `plain count of the day ${ms(median(orders.plain))}; ${ratio(median(orders.due), median(orders.plain))}`,
  });
  add({
    figure: `A customer's purchases on the server, ${CUSTOMER_PAGE_SALES} sales (PGlite)`,
    value: `median ${ms(median(orders.page))}`,
    budget: `≤ ${ms(CUSTOMER_PAGE_BUDGET_MS)}`,
    pass: median(orders.page) <= CUSTOMER_PAGE_BUDGET_MS,
    baseline: `plain sum of their totals ${ms(median(orders.pagePlain))}; ${ratio(median(orders.page), median(orders.pagePlain))}`,
  });
  const alerts = await alertsFigures();
  add({
    figure: `The alerts count for a manager, ${ALERT_PRODUCTS.toLocaleString('en')} products (PGlite; ${alerts.counted} alerts)`,
    value: `median ${ms(median(alerts.times))}`,
    budget: `≤ ${ms(ALERTS_BUDGET_MS)}`,
    pass: median(alerts.times) <= ALERTS_BUDGET_MS,
    baseline: `plain count at or under the threshold ${ms(median(alerts.plain))}; ${ratio(median(alerts.times), median(alerts.plain))}`,
  });
  for (const [name, budget, measure] of [
    ['PGlite', PGLITE_BUDGET_MS, reportsOnPglite],
    ['PostgreSQL', POSTGRES_BUDGET_MS, reportsOnPostgres],
  ] as const) {
    const times = await measure();
    if (!times) {
      console.log(`  reports on ${name}: not measured (set BENCH_CHAIN_DATABASE_URL)`);
      continue;
    }
    for (const report of times.reports) {
      add({
        figure: `${report.name}, a year of ${times.lines.toLocaleString('en')} sale lines (${name})`,
        value: `median ${ms(median(report.kept))}`,
        budget: `≤ ${ms(budget)}`,
        pass: median(report.kept) <= budget,
        baseline: `without the report days ${ms(median(report.plain))}; ${ratio(median(report.kept), median(report.plain))}`,
      });
    }
  }
  const device = await customerDeviceFigures();
  add({
    figure: `Customers: ${SEARCH_CUSTOMERS.toLocaleString('en')} loaded into Dexie in Chromium`,
    value: spread(device.load),
    budget: `median ≤ ${ms(LOAD_BUDGET_MS)}`,
    pass: median(device.load) <= LOAD_BUDGET_MS,
    baseline: `raw IndexedDB write of the same ${spread(device.raw)}; ${ratio(median(device.load), median(device.raw))}`,
  });
  add({
    figure: `A customer's page with ${CUSTOMER_PAGE_SALES} sales, tap to painted (first open)`,
    value: spread(device.first),
    budget: `median ≤ ${ms(PAINT_BUDGET_MS)}`,
    pass: median(device.first) <= PAINT_BUDGET_MS,
    baseline: `opened again ${spread(device.again)}; their purchases' request alone ${ms(median(device.request))}`,
  });
}

async function main() {
  if (!process.argv.includes('--no-build')) build();
  await browserFigures();
  await lighthouseFigures();
  await importAppliedFigures();
  await suggestionFigures();
  await catalogueFigures();
  await offlineAndServerFigures();
  await dashboardFigures();
  await customerFigures();
  console.log('');
  printTable(rows);
  const over = rows.filter((row) => !row.pass);
  console.log(over.length === 0 ? '\nEvery budget holds.' : `\n${over.length} over budget.`);
  if (over.length > 0) process.exitCode = 1;
}

runWhenStarted(import.meta.url, main);
