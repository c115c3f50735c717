import { eq, type SQL, sql } from 'drizzle-orm';
import { displayName } from '#domains/products/display-name.ts';
import { filterEntries, narrowsProducts, type ReportFilters } from '#domains/reports/filters.ts';
import type { DayRange } from '#domains/reports/period.ts';
import {
  NO_SALES,
  type ProductStandings,
  type SalesFigures,
  type SalesGrouping,
  type SalesReport,
  type SalesRow,
  standingsOf,
  sumFigures,
  TIME_GROUPINGS,
} from '#domains/reports/sales-report.ts';
import { addDays, dayStartIn } from '#shared/moments.ts';
import type { Db } from '../db/client.ts';
import {
  products,
  reportDays,
  saleLines,
  saleReturnLines,
  saleReturns,
  sales,
  users,
} from '../db/schema.ts';
import { jsonRows, resultRows } from '../db/table-rows.ts';
import {
  ensureReportDays,
  GONE,
  monthsPlan,
  NO_CATEGORY,
  NO_ONE_KEY,
  NO_PRODUCER,
  productKey,
  RETURN_TENDER,
  type ReportDimension,
  reportDayRows,
  TENDER_NAME,
  TENDER_TAKEN,
} from './report-days.ts';
import { linesKept, refundsKept, salesKept, statedFilters } from './report-filters.ts';

/**
 * The Sales Report (#domains/reports/sales-report.ts) from the business's sales and returns,
 * by the shop's calendar in `timeZone`. Each line keeps its share of its sale's GST (1/11 of
 * each taxable line's net, the rounding's remainder on its largest taxable line), so the lines'
 * GST adds up to the receipts' to the cent however they are grouped; a return's the same way.
 */
const NO_ONE = 'Someone no longer in the team';

/**
 * A moment within the period's days by the shop's calendar: from the first day's midnight there
 * to the midnight after the last. Every report's query bounds its facts with this; the bounds
 * are moments worked out before the query, so the database compares each row with a constant.
 */
export const madeWithin = (column: SQL, range: DayRange, timeZone: string) => sql`
  ${column} >= ${dayStartIn(range.from, timeZone).toISOString()}
  and ${column} < ${dayStartIn(addDays(range.to, 1), timeZone).toISOString()}`;

/** What a group is keyed and named by, for the lines of sales (`l`, `s`) or of returns. */
function groupOf(by: SalesGrouping, timeZone: string): { key: SQL; label: SQL } {
  const local = sql`made_at at time zone ${timeZone}`;
  switch (by) {
    case 'day':
      return {
        key: sql`to_char(${local}, 'YYYY-MM-DD')`,
        label: sql`to_char(${local}, 'YYYY-MM-DD')`,
      };
    case 'week':
      return {
        key: sql`to_char(date_trunc('week', ${local}), 'YYYY-MM-DD')`,
        label: sql`to_char(date_trunc('week', ${local}), 'YYYY-MM-DD')`,
      };
    case 'month':
      return { key: sql`to_char(${local}, 'YYYY-MM')`, label: sql`to_char(${local}, 'YYYY-MM')` };
    // By the category and producer the product had when it was sold (kept on the line).
    case 'category':
      return {
        key: sql`coalesce(nullif(category, ''), ${NO_CATEGORY})`,
        label: sql`coalesce(nullif(category, ''), ${NO_CATEGORY})`,
      };
    case 'producer':
      return {
        key: sql`coalesce(nullif(producer, ''), ${NO_PRODUCER})`,
        label: sql`coalesce(nullif(producer, ''), ${NO_PRODUCER})`,
      };
    case 'product':
      // A product since deleted keeps the name its lines were sold under.
      return {
        key: productKey(sql`product_id`, sql`line_name`),
        label: sql`coalesce(p.name, line_name)`,
      };
    case 'staff':
      return {
        key: sql`coalesce(user_id::text, ${NO_ONE_KEY})`,
        label: sql`coalesce(u.name, ${NO_ONE})`,
      };
    case 'tender':
      return { key: sql`tender`, label: sql`tender` };
  }
}

interface FigureRow {
  key: string;
  label: string;
  vintage?: string | null;
  bottle_ml?: string | null;
  sales: string | number;
  units: string | number;
  sales_cents: string | number;
  gst_cents: string | number;
  cost_cents: string | number;
}

interface ReturnRow {
  key: string;
  label: string;
  vintage?: string | null;
  bottle_ml?: string | null;
  returns: string | number;
  returned_units: string | number;
  refund_cents: string | number;
  refund_gst_cents: string | number;
  restocked_cost_cents: string | number;
}

/**
 * The lines of the period's sales the filters keep, each with its share of its sale's GST (kept
 * with the line when the sale was stored: shared over all its lines, so a product filter keeps
 * those lines' share).
 */
export const saleLinesOf = (
  businessId: string,
  range: DayRange,
  timeZone: string,
  filters: ReportFilters = {},
) => sql`
  select l.sale_id, l.product_id, l.name as line_name, l.quantity, l.net_cents, l.gst_cents,
    l.luc_cents * l.quantity as cost_cents, l.category, l.producer, s.made_at, s.user_id
  from ${sales} s join ${saleLines} l on l.sale_id = s.id
  where s.business_id = ${businessId}
    and ${madeWithin(sql`s.made_at`, range, timeZone)} and ${salesKept(filters)}
    and ${linesKept(businessId, filters, 'l')}`;

/**
 * The lines of the period's returns (by the day the goods came back) the filters keep, with
 * their share of the refund's GST.
 */
export const returnLinesOf = (
  businessId: string,
  range: DayRange,
  timeZone: string,
  filters: ReportFilters = {},
) => sql`
  select r.id as return_id, sl.product_id, sl.name as line_name, rl.quantity, rl.refund_cents,
    rl.gst_cents, case when rl.resaleable then sl.luc_cents * rl.quantity else 0 end
      as restocked_cost_cents,
    sl.category, sl.producer, r.made_at, r.user_id, r.tender
  from ${saleReturns} r join ${saleReturnLines} rl on rl.return_id = r.id
    join ${saleLines} sl on sl.sale_id = r.sale_id and sl.line_no = rl.line_no
  where r.business_id = ${businessId}
    and ${madeWithin(sql`r.made_at`, range, timeZone)} and ${refundsKept(filters)}
    and ${linesKept(businessId, filters, 'sl')}`;

/** What a report is asked: its days, its grouping, its filters. */
interface Asked {
  range: DayRange;
  by: SalesGrouping;
  filters: ReportFilters;
}

async function saleFigures(
  db: Db,
  businessId: string,
  { range, by, filters }: Asked,
  timeZone: string,
): Promise<FigureRow[]> {
  if (by === 'tender') {
    // What each tender took: its payments, less the change a cash payment gave.
    return resultRows<FigureRow>(
      await db.execute(sql`
        with s as (
          select id, tenders, change_cents from ${sales}
          where business_id = ${businessId}
            and ${madeWithin(sql`made_at`, range, timeZone)} and ${salesKept(filters)}
        ),
        t as (
          select s.id, ${TENDER_NAME} as tender, ${TENDER_TAKEN} as cents
          from s cross join lateral jsonb_array_elements(s.tenders) t
        )
        select tender as key, tender as label, count(distinct id) as sales, 0 as units,
          sum(cents)::bigint as sales_cents, 0 as gst_cents, 0 as cost_cents
        from t group by tender`),
    );
  }
  if (by === 'product') {
    // Added up by product first, then named: tens of thousands of products are named once
    // each instead of on every line. A product since deleted keeps the name it was sold under.
    return jsonRows<FigureRow>(
      db,
      sql`
        with per as (
          select product_id, case when product_id is null then line_name end as gone,
            count(distinct sale_id) as sales, sum(quantity)::bigint as units,
            sum(net_cents)::bigint as sales_cents, sum(gst_cents)::bigint as gst_cents,
            sum(cost_cents)::bigint as cost_cents
          from (${saleLinesOf(businessId, range, timeZone, filters)}) g
          group by 1, 2
        )
        select ${productKey(sql`per.product_id`, sql`per.gone`)} as key,
          coalesce(p.name, per.gone) as label, p.vintage, p.bottle_ml, per.sales, per.units,
          per.sales_cents, per.gst_cents, per.cost_cents
        from per left join ${products} p on p.id = per.product_id`,
    );
  }
  const { key, label } = groupOf(by, timeZone);
  // Each group's lines added up per sale first, so its sales are counted without sorting
  // every line (a hash of group and sale, where count(distinct) sorts).
  return jsonRows<FigureRow>(
    db,
    sql`
      select key, label, count(*) as sales, sum(units)::bigint as units,
        sum(net)::bigint as sales_cents, sum(gst)::bigint as gst_cents,
        sum(cost)::bigint as cost_cents
      from (
        select ${key} as key, ${label} as label, g.sale_id, sum(quantity) as units,
          sum(net_cents) as net, sum(gst_cents) as gst, sum(cost_cents) as cost
        from (${saleLinesOf(businessId, range, timeZone, filters)}) g
          ${joinsOf(by)}
        group by 1, 2, g.sale_id
      ) per_sale
      group by key, label`,
  );
}

/** The sales and returns figures of a grouping's row, as the database adds them up. */
type FiguresRow = FigureRow & Omit<ReturnRow, keyof FigureRow>;

/**
 * A period's figures by product, sales and returns: from the kept products' months
 * (report-days.ts monthsPlan) and the lines of the days either side, added or taken away; keyed
 * and named as the plain grouping keys and names them. A product the period saw no sale or
 * refund of has no row.
 */
async function productRowsFromMonths(
  db: Db,
  businessId: string,
  range: DayRange,
  timeZone: string,
): Promise<FiguresRow[]> {
  const product = productKey(sql`product_id`, sql`line_name`);
  const parts = monthsAndDays(
    range,
    (months) => sql`select key, sales, units, sales_cents, gst_cents, cost_cents, returns,
        returned_units, refund_cents, refund_gst_cents, restocked_cost_cents
      from ${reportDays}
      where business_id = ${businessId} and dimension = 'product'
        and day between ${months.from}::date and ${months.to}::date`,
    (days, sign) => [
      sql`select ${product}, ${sign} * count(distinct sale_id), ${sign} * sum(quantity),
          ${sign} * sum(net_cents), ${sign} * sum(gst_cents), ${sign} * sum(cost_cents),
          0, 0, 0, 0, 0
        from (${saleLinesOf(businessId, days, timeZone)}) g group by 1`,
      sql`select ${product}, 0, 0, 0, 0, 0, ${sign} * count(distinct return_id),
          ${sign} * sum(quantity), ${sign} * sum(refund_cents), ${sign} * sum(gst_cents),
          ${sign} * sum(restocked_cost_cents)
        from (${returnLinesOf(businessId, days, timeZone)}) g group by 1`,
    ],
  );
  return jsonRows<FiguresRow>(
    db,
    sql`
      with f (key, sales, units, sales_cents, gst_cents, cost_cents, returns, returned_units,
        refund_cents, refund_gst_cents, restocked_cost_cents) as (
        ${sql.join(parts, sql` union all `)}
      ),
      per as (
        select key, sum(sales)::bigint as sales, sum(units)::bigint as units,
          sum(sales_cents)::bigint as sales_cents, sum(gst_cents)::bigint as gst_cents,
          sum(cost_cents)::bigint as cost_cents, sum(returns)::bigint as returns,
          sum(returned_units)::bigint as returned_units,
          sum(refund_cents)::bigint as refund_cents,
          sum(refund_gst_cents)::bigint as refund_gst_cents,
          sum(restocked_cost_cents)::bigint as restocked_cost_cents
        from f group by key
        having sum(sales) <> 0 or sum(returns) <> 0
      )
      select per.*, coalesce(p.name, substr(per.key, ${GONE.length + 1})) as label, p.vintage,
        p.bottle_ml
      from per left join ${products} p on p.business_id = ${businessId}
        and p.id = case when per.key like ${`${GONE}%`} then null else per.key::int end`,
  );
}

/**
 * What each product still in the catalogue sold in a period net of returns (the Inventory
 * Report's sales), from the same kept months and days as productRowsFromMonths: only the three
 * figures it needs, keyed by the product's id (measured: two fifths of the time of all ten).
 */
export async function productNetFromMonths(
  db: Db,
  businessId: string,
  range: DayRange,
  timeZone: string,
) {
  const parts = monthsAndDays(
    range,
    (months) => sql`select key::int, units - returned_units, sales_cents - refund_cents,
        cost_cents - restocked_cost_cents
      from ${reportDays}
      where business_id = ${businessId} and dimension = 'product' and key not like ${`${GONE}%`}
        and day between ${months.from}::date and ${months.to}::date`,
    (days, sign) => [
      sql`select product_id, ${sign} * sum(quantity), ${sign} * sum(net_cents),
          ${sign} * sum(cost_cents)
        from (${saleLinesOf(businessId, days, timeZone)}) g
        where product_id is not null group by 1`,
      sql`select product_id, ${-sign} * sum(quantity), ${-sign} * sum(refund_cents),
          ${-sign} * sum(restocked_cost_cents)
        from (${returnLinesOf(businessId, days, timeZone)}) g
        where product_id is not null group by 1`,
    ],
  );
  return jsonRows<{
    product_id: number;
    units: string | number;
    sales_cents: string | number;
    cost_cents: string | number;
  }>(
    db,
    sql`
      with f (product_id, units, sales_cents, cost_cents) as (
        ${sql.join(parts, sql` union all `)}
      )
      select product_id, sum(units)::bigint as units, sum(sales_cents)::bigint as sales_cents,
        sum(cost_cents)::bigint as cost_cents
      from f group by product_id`,
  );
}

/**
 * A period by product as the parts of one query: the kept products' months it covers whole
 * (report-days.ts monthsPlan), and the lines of the days either side, added or taken away.
 */
function monthsAndDays(
  range: DayRange,
  kept: (months: DayRange) => SQL,
  lines: (days: DayRange, sign: 1 | -1) => SQL[],
): SQL[] {
  const { months, add, subtract } = monthsPlan(range);
  return [
    ...add.flatMap((days) => lines(days, 1)),
    ...subtract.flatMap((days) => lines(days, -1)),
    ...(months ? [kept(months)] : []),
  ];
}

/** The tables a grouping names: the product's (its name now) or the person's. */
function joinsOf(by: SalesGrouping): SQL {
  if (by === 'product') return sql`left join ${products} p on p.id = g.product_id`;
  return by === 'staff' ? sql`left join ${users} u on u.id = g.user_id` : sql``;
}

async function returnFigures(
  db: Db,
  businessId: string,
  { range, by, filters }: Asked,
  timeZone: string,
): Promise<ReturnRow[]> {
  const { key, label } =
    by === 'tender' ? { key: RETURN_TENDER, label: RETURN_TENDER } : groupOf(by, timeZone);
  const product = by === 'product';
  return jsonRows<ReturnRow>(
    db,
    sql`
      with g as (${returnLinesOf(businessId, range, timeZone, filters)})
      select ${key} as key, ${label} as label,
        ${product ? sql`min(p.vintage) as vintage, min(p.bottle_ml) as bottle_ml,` : sql``}
        count(distinct return_id) as returns, sum(quantity)::bigint as returned_units,
        sum(refund_cents)::bigint as refund_cents, sum(gst_cents)::bigint as refund_gst_cents,
        sum(restocked_cost_cents)::bigint as restocked_cost_cents
      from g ${by === 'tender' ? sql`` : joinsOf(by)}
      group by 1, 2`,
  );
}

const nameOf = (row: { label: string; vintage?: string | null; bottle_ml?: string | null }) =>
  row.vintage !== undefined
    ? displayName({
        name: row.label,
        vintage: row.vintage ?? null,
        bottleMl: row.bottle_ml ?? null,
      })
    : row.label;

/** The rows of a period, sales and returns of each group side by side. */
async function rowsOf(
  db: Db,
  businessId: string,
  asked: Asked,
  timeZone: string,
): Promise<SalesRow[]> {
  const { by } = asked;
  const [sold, returned] = await Promise.all([
    saleFigures(db, businessId, asked, timeZone),
    returnFigures(db, businessId, asked, timeZone),
  ]);
  const rows = new Map<string, SalesRow>();
  const rowOf = (source: { key: string; label: string }) => {
    const found = rows.get(source.key);
    if (found) return found;
    const made: SalesRow = { key: source.key, label: nameOf(source), ...NO_SALES };
    rows.set(source.key, made);
    return made;
  };
  for (const row of sold) {
    Object.assign(rowOf(row), {
      sales: Number(row.sales),
      units: Number(row.units),
      sales_cents: Number(row.sales_cents),
      gst_cents: Number(row.gst_cents),
      cost_cents: Number(row.cost_cents),
    });
  }
  for (const row of returned) {
    Object.assign(rowOf(row), {
      returns: Number(row.returns),
      returned_units: Number(row.returned_units),
      refund_cents: Number(row.refund_cents),
      refund_gst_cents: Number(row.refund_gst_cents),
      restocked_cost_cents: Number(row.restocked_cost_cents),
    });
  }
  return inOrder(by, [...rows.values()]);
}

/** Time in order; anything else by what it took, most first. */
function inOrder(by: SalesGrouping, list: SalesRow[]): SalesRow[] {
  return TIME_GROUPINGS.includes(by)
    ? list.sort((a, b) => a.key.localeCompare(b.key))
    : list.sort(
        (a, b) =>
          b.sales_cents - b.refund_cents - (a.sales_cents - a.refund_cents) ||
          a.label.localeCompare(b.label),
      );
}

/** The kept days' dimension and grouping that answer each grouping but by product. */
const DAY_GROUPS: Readonly<
  Partial<Record<SalesGrouping, { dimension: ReportDimension; group: SQL }>>
> = {
  day: { dimension: 'total', group: sql`to_char(day, 'YYYY-MM-DD')` },
  week: { dimension: 'total', group: sql`to_char(date_trunc('week', day), 'YYYY-MM-DD')` },
  month: { dimension: 'total', group: sql`to_char(day, 'YYYY-MM')` },
  category: { dimension: 'category', group: sql`key` },
  producer: { dimension: 'producer', group: sql`key` },
  staff: { dimension: 'staff', group: sql`key` },
  tender: { dimension: 'tender', group: sql`key` },
};

/** A kept days' row as the report's figures. */
function figuresOf(
  row: Partial<Record<keyof SalesFigures, string | number | null | undefined>>,
): SalesFigures {
  const figures = { ...NO_SALES };
  for (const field of Object.keys(figures) as (keyof SalesFigures)[]) {
    figures[field] = Number(row[field] ?? 0);
  }
  return figures;
}

/** The period's rows from the kept days; a person is named as they are now. */
async function rowsFromDays(
  db: Db,
  businessId: string,
  range: DayRange,
  by: SalesGrouping,
  { dimension, group, key: only }: KeptGrouping,
): Promise<SalesRow[]> {
  const [rows, people] = await Promise.all([
    reportDayRows(db, businessId, dimension, range, group, only),
    by === 'staff'
      ? db
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(eq(users.businessId, businessId))
      : [],
  ]);
  const names = new Map(people.map((person) => [person.id, person.name]));
  return inOrder(
    by,
    rows.map((row) => {
      const key = String(row.key);
      return { key, label: by === 'staff' ? (names.get(key) ?? NO_ONE) : key, ...figuresOf(row) };
    }),
  );
}

/** The period's rows by product from the kept months and the lines of the days either side. */
async function productRowsFromDays(
  db: Db,
  businessId: string,
  range: DayRange,
  timeZone: string,
): Promise<SalesRow[]> {
  const rows = await productRowsFromMonths(db, businessId, range, timeZone);
  return inOrder(
    'product',
    rows.map((row) => ({ key: row.key, label: nameOf(row), ...figuresOf(row) })),
  );
}

/** The period's totals and cash rounding from the kept days (of one key of a dimension). */
async function totalsFromDays(db: Db, businessId: string, range: DayRange, kept: KeptDays) {
  const [row] = await reportDayRows(
    db,
    businessId,
    kept.dimension,
    range,
    sql`''`,
    kept.dimension === 'total' ? undefined : kept.key,
  );
  return {
    totals: row ? figuresOf(row) : { ...NO_SALES },
    rounding: Number(row?.rounding_cents ?? 0),
  };
}

/** What of the kept days answers a report: the day's totals, or one key of a dimension. */
interface KeptDays {
  dimension: ReportDimension;
  key: string;
}

/** A grouping the kept days answer: a dimension, how its days are grouped, and its one key. */
interface KeptGrouping {
  dimension: ReportDimension;
  group: SQL;
  key?: string | undefined;
}

/** The filters the kept days narrow by, alone: their dimension is the filter's. */
const DAY_FILTERS = ['category', 'producer', 'staff'] as const;

/**
 * What of the kept days answers a report, or null when the lines must: nothing narrows it, or
 * only a category, producer or staff member does; the days are kept by the zone it is asked in
 * (built first if need be); it is not asked `plain` (the benchmark's measure of what they save).
 */
async function keptDays(
  db: Db,
  businessId: string,
  timeZone: string,
  filters: ReportFilters,
  plain: boolean,
): Promise<KeptDays | null> {
  if (plain) return null;
  const set = filterEntries(filters);
  const [only] = set;
  const kept: KeptDays | null =
    set.length === 0
      ? { dimension: 'total', key: '' }
      : set.length === 1 && only && (DAY_FILTERS as readonly string[]).includes(only[0])
        ? { dimension: only[0] as ReportDimension, key: only[1] }
        : null;
  return kept && (await ensureReportDays(db, businessId, timeZone)) ? kept : null;
}

/**
 * How the kept days group a report: time by the days of the dimension kept, anything else by
 * its own dimension (narrowed to the filter's key, when it is the filter's own); none by
 * product, nor by another dimension than the filter's.
 */
function keptGrouping(by: SalesGrouping, kept: KeptDays): KeptGrouping | null {
  const grouping = DAY_GROUPS[by];
  if (!grouping) return null;
  if (kept.dimension === 'total') return grouping;
  if (TIME_GROUPINGS.includes(by))
    return { dimension: kept.dimension, group: grouping.group, key: kept.key };
  return grouping.dimension === kept.dimension ? { ...grouping, key: kept.key } : null;
}

/**
 * The period's totals (the GST summary's, Customer Analytics', a comparison's): from the kept
 * days where they answer, else from the lines.
 */
export async function periodTotals(
  db: Db,
  businessId: string,
  range: DayRange,
  timeZone: string,
  { filters = {}, plain = false }: { filters?: ReportFilters; plain?: boolean } = {},
): Promise<SalesFigures> {
  const kept = await keptDays(db, businessId, timeZone, filters, plain);
  return kept
    ? (await totalsFromDays(db, businessId, range, kept)).totals
    : totalsOf(db, businessId, range, timeZone, filters);
}

/** The period's totals: every row of any grouping adds up to them. */
export async function totalsOf(
  db: Db,
  businessId: string,
  range: DayRange,
  timeZone: string,
  filters: ReportFilters = {},
): Promise<SalesFigures> {
  const [row] = resultRows<Record<keyof SalesFigures, string | number>>(
    await db.execute(sql`
      select count(distinct sale_id) as sales,
        coalesce(sum(quantity), 0)::bigint as units,
        coalesce(sum(net_cents), 0)::bigint as sales_cents,
        coalesce(sum(gst_cents), 0)::bigint as gst_cents,
        coalesce(sum(cost_cents), 0)::bigint as cost_cents,
        0 as returns, 0 as returned_units, 0 as refund_cents, 0 as refund_gst_cents,
        0 as restocked_cost_cents
      from (${saleLinesOf(businessId, range, timeZone, filters)}) g`),
  );
  const [back] = resultRows<Record<string, string | number>>(
    await db.execute(sql`
      select count(distinct return_id) as returns,
        coalesce(sum(quantity), 0)::bigint as returned_units,
        coalesce(sum(refund_cents), 0)::bigint as refund_cents,
        coalesce(sum(gst_cents), 0)::bigint as refund_gst_cents,
        coalesce(sum(restocked_cost_cents), 0)::bigint as restocked_cost_cents
      from (${returnLinesOf(businessId, range, timeZone, filters)}) g`),
  );
  const figures = { ...NO_SALES };
  for (const field of Object.keys(figures) as (keyof SalesFigures)[]) {
    figures[field] = Number(row?.[field] ?? 0);
  }
  for (const field of [
    'returns',
    'returned_units',
    'refund_cents',
    'refund_gst_cents',
    'restocked_cost_cents',
  ] as const) {
    figures[field] = Number(back?.[field] ?? 0);
  }
  return figures;
}

/**
 * How many sales and refunds the period holds that the filters keep: a sale is counted once
 * however many of its lines the product filters keep.
 */
async function countsOf(
  db: Db,
  businessId: string,
  range: DayRange,
  timeZone: string,
  filters: ReportFilters,
): Promise<{ sales: number; returns: number }> {
  const [row] = resultRows<{ sales: string | number; returns: string | number }>(
    await db.execute(
      narrowsProducts(filters)
        ? sql`select
            (select count(distinct sale_id)
              from (${saleLinesOf(businessId, range, timeZone, filters)}) g) as sales,
            (select count(distinct return_id)
              from (${returnLinesOf(businessId, range, timeZone, filters)}) g) as returns`
        : sql`select
            (select count(*) from ${sales} where business_id = ${businessId}
              and ${madeWithin(sql`made_at`, range, timeZone)} and ${salesKept(filters)}) as sales,
            (select count(*) from ${saleReturns} where business_id = ${businessId}
              and ${madeWithin(sql`made_at`, range, timeZone)} and ${refundsKept(filters)})
              as returns`,
    ),
  );
  return { sales: Number(row?.sales ?? 0), returns: Number(row?.returns ?? 0) };
}

/** What a report is worked out to: its rows, totals and cash rounding, and the comparison's. */
interface Figures {
  rows: SalesRow[];
  totals: SalesFigures;
  rounding: number;
  compared: SalesFigures | null;
}

/** The report from the kept days (by product, from the kept months and the lines either side). */
async function figuresFromDays(
  db: Db,
  businessId: string,
  asked: Asked & { compare: DayRange | null },
  timeZone: string,
  kept: KeptDays,
  grouping: KeptGrouping | null,
): Promise<Figures> {
  const [rows, whole, compared] = await Promise.all([
    grouping
      ? rowsFromDays(db, businessId, asked.range, asked.by, grouping)
      : productRowsFromDays(db, businessId, asked.range, timeZone),
    totalsFromDays(db, businessId, asked.range, kept),
    asked.compare ? totalsFromDays(db, businessId, asked.compare, kept) : null,
  ]);
  return {
    rows,
    totals: whole.totals,
    rounding: whole.rounding,
    compared: compared?.totals ?? null,
  };
}

/**
 * The report from the lines. Every line is in exactly one row of a grouping by the lines, so
 * the rows add up to the period's figures and only its counts are asked apart; a tender's row
 * holds what it took, so grouped by tender the totals are worked out from the lines.
 */
async function figuresFromLines(
  db: Db,
  businessId: string,
  asked: Asked & { compare: DayRange | null },
  timeZone: string,
): Promise<Figures> {
  const { filters, range } = asked;
  const byLines = asked.by !== 'tender';
  const [rows, totals, counts, compared, rounding] = await Promise.all([
    rowsOf(db, businessId, asked, timeZone),
    byLines ? null : totalsOf(db, businessId, range, timeZone, filters),
    byLines ? countsOf(db, businessId, range, timeZone, filters) : null,
    asked.compare ? totalsOf(db, businessId, asked.compare, timeZone, filters) : null,
    // Cash rounding belongs to whole sales: none is said for some of their lines.
    narrowsProducts(filters)
      ? { rows: [] }
      : db.execute(sql`
          select coalesce(sum(rounding_cents), 0)::bigint as cents from ${sales}
          where business_id = ${businessId}
            and ${madeWithin(sql`made_at`, range, timeZone)} and ${salesKept(filters)}`),
  ]);
  return {
    rows,
    totals: totals ?? { ...sumFigures(rows), ...counts },
    rounding: Number(resultRows<{ cents: string | number }>(rounding)[0]?.cents ?? 0),
    compared,
  };
}

export async function salesReport(
  db: Db,
  businessId: string,
  asked: Asked & { compare: DayRange | null },
  timeZone: string,
  now: Date,
  { plain = false }: { plain?: boolean } = {},
): Promise<SalesReport> {
  const kept = await keptDays(db, businessId, timeZone, asked.filters, plain);
  const grouping = kept && keptGrouping(asked.by, kept);
  // By product from the kept months, when nothing narrows the report.
  const fromDays = kept && (grouping || (asked.by === 'product' && kept.dimension === 'total'));
  const [figures, stated] = await Promise.all([
    fromDays
      ? figuresFromDays(db, businessId, asked, timeZone, kept, grouping)
      : figuresFromLines(db, businessId, asked, timeZone),
    statedFilters(db, businessId, asked.filters),
  ]);
  return {
    as_of: now.toISOString(),
    range: asked.range,
    by: asked.by,
    filters: stated,
    rows: figures.rows,
    totals: figures.totals,
    rounding_cents: figures.rounding,
    compare:
      asked.compare && figures.compared ? { range: asked.compare, totals: figures.compared } : null,
  };
}

/**
 * The period's top and bottom products (#domains/reports/sales-report.ts standingsOf): the
 * report by product, its two ends.
 */
export async function productStandings(
  db: Db,
  businessId: string,
  range: DayRange,
  filters: ReportFilters,
  timeZone: string,
  now: Date,
): Promise<ProductStandings> {
  const report = await salesReport(
    db,
    businessId,
    { range, by: 'product', filters, compare: null },
    timeZone,
    now,
  );
  return {
    as_of: report.as_of,
    range,
    filters: report.filters,
    products: report.rows.length,
    ...standingsOf(report.rows),
  };
}
