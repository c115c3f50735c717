import { eq, sql } from 'drizzle-orm';
import type { DayRange } from '../../src/domains/reports/period.ts';
import { SALES_GROUPINGS } from '../../src/domains/reports/sales-report.ts';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { businesses, users } from '../../src/server/db/schema.ts';
import { resultRows } from '../../src/server/db/table-rows.ts';
import { customerAnalyticsReport } from '../../src/server/reports/customer-analytics.ts';
import { gstSummary } from '../../src/server/reports/gst-summary.ts';
import { inventoryReport } from '../../src/server/reports/inventory-report.ts';
import { ensureReportDays } from '../../src/server/reports/report-days.ts';
import { madeWithin, salesReport } from '../../src/server/reports/sales-report.ts';
import { DEMO_CATALOGUE_SIZE } from '../../src/server/seed/catalogue.ts';
import { DEMO_TIME_ZONE } from '../../src/server/seed/demo-sales.ts';
import { addDays, dayInZone } from '../../src/shared/moments.ts';
import { runWhenStarted } from './lib/run.ts';
import { admin, withSeededShop } from './lib/server.ts';
import { median, ms, runs } from './lib/stats.ts';

/**
 * The reports over a year of sales (`npm run bench:reports`), each worked out as its route does,
 * in this process, for the demo shop's owner, the period being the last 365 days of the shop's
 * calendar:
 * - PGlite, a busy shop's year: 50,000 products and `seed-sales --count 100000` (about 290,000
 *   lines); budget ≤ 1 s each;
 * - PostgreSQL, a chain's year, when BENCH_CHAIN_DATABASE_URL names an empty database: 50,000
 *   products and `seed-sales --count 1000000` (about 3,000,000 lines; BENCH_CHAIN_SALES to
 *   change); budget ≤ 2 s each.
 * Each report is worked out from the kept report days (server/reports/report-days.ts) and,
 * beside it in the same run, from the lines without them (the plain query); the days' first
 * build is timed apart, and the plain sum of the period's lines printed as the floor of any
 * query over the lines.
 */
export const REPORT_PRODUCTS = 50_000;
export const SHOP_SALES = Number(process.env.BENCH_SALES ?? 100_000);
export const CHAIN_SALES = Number(process.env.BENCH_CHAIN_SALES ?? 1_000_000);
export const PGLITE_BUDGET_MS = 1_000;
export const POSTGRES_BUDGET_MS = 2_000;
const RUNS = 3;

async function timed(work: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times;
}

export interface ReportTimes {
  lines: number;
  /** The report days' first build from every sale (once, or when the shop's zone changes). */
  build: number;
  /** Each report's runs from the kept days, and the same worked out from the lines. */
  reports: { name: string; kept: number[]; plain: number[] }[];
  /** The plain sum of the period's lines. */
  sum: number[];
}

/**
 * Every report of the last 365 days timed on one database, each from the kept days and from
 * the lines (the plain query without them), and the plain sum beside them.
 */
async function timeReports({ db }: Database): Promise<ReportTimes> {
  const [owner] = await db
    .select({ id: users.id, businessId: users.businessId })
    .from(users)
    .where(eq(users.email, 'demo@vintry.test'));
  if (!owner) throw new Error('no demo business');
  const { businessId } = owner;
  const zone = DEMO_TIME_ZONE;
  // The shop has saved its zone (Business Profile): the report days are kept by it.
  await db.update(businesses).set({ timeZone: zone }).where(eq(businesses.id, businessId));
  await db.execute(sql`analyze`);
  const now = new Date();
  const today = dayInZone(now, zone) ?? now.toISOString().slice(0, 10);
  const range: DayRange = { from: addDays(today, -364), to: today };
  const started = performance.now();
  if (!(await ensureReportDays(db, businessId, zone))) throw new Error('report days not kept');
  const build = performance.now() - started;
  const [counted] = resultRows<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from sale_lines`),
  );
  const reports: ReportTimes['reports'] = [];
  const both = async (name: string, work: (plain: boolean) => Promise<unknown>) => {
    reports.push({
      name,
      kept: await timed(() => work(false)),
      plain: await timed(() => work(true)),
    });
  };
  for (const by of SALES_GROUPINGS) {
    await both(`Sales Report by ${by}`, (plain) =>
      salesReport(db, businessId, { range, by, filters: {}, compare: null }, zone, now, { plain }),
    );
  }
  const lastYear = { from: addDays(range.from, -365), to: addDays(range.from, -1) };
  await both('Sales Report by category, compared with the year before', (plain) =>
    salesReport(
      db,
      businessId,
      { range, by: 'category', filters: {}, compare: lastYear },
      zone,
      now,
      { plain },
    ),
  );
  await both('Sales Report by day, Red Wine only', (plain) =>
    salesReport(
      db,
      businessId,
      { range, by: 'day', filters: { category: 'Red Wine' }, compare: null },
      zone,
      now,
      { plain },
    ),
  );
  const inventory = { range, today, deadDays: 90, filters: {}, on: null, compare: null };
  await both('Sales Report by producer, Red Wine and a supplier (from the lines)', (plain) =>
    salesReport(
      db,
      businessId,
      {
        range,
        by: 'producer',
        filters: { category: 'Red Wine', supplier: 'Bordeaux Direct' },
        compare: null,
      },
      zone,
      now,
      { plain },
    ),
  );
  await both('Inventory Report', (plain) =>
    inventoryReport(db, businessId, inventory, zone, now, { plain }),
  );
  await both('Inventory Report, stock 6 months ago', (plain) =>
    inventoryReport(db, businessId, { ...inventory, on: addDays(today, -182) }, zone, now, {
      plain,
    }),
  );
  await both('Customer Analytics', (plain) =>
    customerAnalyticsReport(db, businessId, { range, today, compare: null }, zone, now, { plain }),
  );
  await both('GST summary', (plain) => gstSummary(db, businessId, range, zone, now, { plain }));
  const sum = await timed(() =>
    db.execute(sql`
      select coalesce(sum(l.net_cents), 0)::bigint as cents
      from sale_lines l join sales s on s.id = l.sale_id
      where s.business_id = ${businessId} and ${madeWithin(sql`s.made_at`, range, zone)}`),
  );
  return { lines: counted?.n ?? 0, build, reports, sum };
}

/** A busy shop's year on the embedded database. */
export const reportsOnPglite = (): Promise<ReportTimes> =>
  withSeededShop(REPORT_PRODUCTS, SHOP_SALES, timeReports);

/**
 * A chain's year on PostgreSQL, when BENCH_CHAIN_DATABASE_URL names an empty database to fill
 * (seeding a million sales takes a long while: a database filled by an earlier run is used as
 * it is, and said so).
 */
export async function reportsOnPostgres(): Promise<ReportTimes | null> {
  const url = process.env.BENCH_CHAIN_DATABASE_URL;
  if (!url) return null;
  const held = async () => {
    const database = await openDatabase({ kind: 'postgres', url });
    try {
      const [row] = resultRows<{ n: number }>(
        await database.db.execute(sql`select count(*)::int as n from sales`),
      );
      return row?.n ?? 0;
    } finally {
      await database.close();
    }
  };
  const before = await held();
  if (before >= CHAIN_SALES / 2) {
    console.log(
      `PostgreSQL holds ${before.toLocaleString('en')} sales already: measured as it is.`,
    );
  } else {
    console.log(
      `Seeding ${REPORT_PRODUCTS.toLocaleString('en')} products and ${CHAIN_SALES.toLocaleString('en')} sales (PostgreSQL)…`,
    );
    admin(
      { DATABASE_URL: url },
      'seed-products',
      '--count',
      String(REPORT_PRODUCTS - DEMO_CATALOGUE_SIZE),
    );
    admin({ DATABASE_URL: url }, 'seed-sales', '--count', String(CHAIN_SALES));
  }
  const database = await openDatabase({ kind: 'postgres', url });
  try {
    return await timeReports(database);
  } finally {
    await database.close();
  }
}

export function printReportTimes(label: string, times: ReportTimes, budget: number) {
  console.log(
    `${label}: ${times.lines.toLocaleString('en')} sale lines; report days built in ${ms(times.build)}`,
  );
  for (const { name, kept, plain } of times.reports) {
    const verdict = median(kept) <= budget ? 'pass' : 'OVER';
    console.log(
      `  ${name}: ${runs(kept)} (budget ≤ ${budget} ms) ${verdict}; without the report days ${runs(plain)}`,
    );
  }
  console.log(`  plain sum of the period's lines: ${runs(times.sum)}`);
}

async function main() {
  printReportTimes('PGlite, a busy shop’s year', await reportsOnPglite(), PGLITE_BUDGET_MS);
  const chain = await reportsOnPostgres();
  if (chain) printReportTimes('PostgreSQL, a chain’s year', chain, POSTGRES_BUDGET_MS);
  else
    console.log(
      'PostgreSQL: set BENCH_CHAIN_DATABASE_URL to an empty database to measure a chain’s year.',
    );
}

runWhenStarted(import.meta.url, main);
