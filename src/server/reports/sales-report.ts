import { type SQL, sql } from 'drizzle-orm';
import { displayName } from '#domains/products/display-name.ts';
import type { ReportFilters } from '#domains/reports/filters.ts';
import type { DayRange } from '#domains/reports/period.ts';
import {
  NO_SALES,
  type SalesFigures,
  type SalesGrouping,
  type SalesReport,
  type SalesRow,
  TIME_GROUPINGS,
} from '#domains/reports/sales-report.ts';
import type { Db } from '../db/client.ts';
import { products, saleLines, saleReturnLines, saleReturns, sales, users } from '../db/schema.ts';
import { resultRows } from '../db/table-rows.ts';
import { productsKept, refundsKept, salesKept, statedFilters } from './report-filters.ts';

/**
 * The Sales Report (#domains/reports/sales-report.ts) from the business's sales and returns,
 * by the shop's calendar in `timeZone`. Each sale's GST is shared over its taxable lines (1/11
 * of each line's net, the rounding's remainder on its largest taxable line), so the lines' GST
 * adds up to the receipts' to the cent however they are grouped; a return's the same way.
 */
const NO_PRODUCER = 'No producer';
const NO_CATEGORY = 'Uncategorised';
const NO_ONE = 'Someone no longer in the team';

/**
 * A moment within the period's days by the shop's calendar: from the first day's midnight there
 * to the midnight after the last. Every report's query bounds its facts with this.
 */
export const madeWithin = (column: SQL, range: DayRange, timeZone: string) => sql`
  ${column} >= (${range.from}::date)::timestamp at time zone ${timeZone}
  and ${column} < (${range.to}::date + 1)::timestamp at time zone ${timeZone}`;

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
    case 'category':
      return {
        key: sql`coalesce(nullif(p.category, ''), ${NO_CATEGORY})`,
        label: sql`coalesce(nullif(p.category, ''), ${NO_CATEGORY})`,
      };
    case 'producer':
      return {
        key: sql`coalesce(nullif(p.producer, ''), ${NO_PRODUCER})`,
        label: sql`coalesce(nullif(p.producer, ''), ${NO_PRODUCER})`,
      };
    case 'product':
      // A product since deleted keeps the name its lines were sold under.
      return {
        key: sql`coalesce(product_id::text, 'gone:' || line_name)`,
        label: sql`coalesce(p.name, line_name)`,
      };
    case 'staff':
      return {
        key: sql`coalesce(user_id::text, 'gone')`,
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
 * The lines of the period's sales the filters keep, each with its share of its sale's GST
 * (shared over all its lines before the product filters pick some).
 */
export const saleLinesOf = (
  businessId: string,
  range: DayRange,
  timeZone: string,
  filters: ReportFilters = {},
) => sql`
  with s as (
    select id, made_at, user_id, gst_cents from ${sales}
    where business_id = ${businessId}
      and ${madeWithin(sql`made_at`, range, timeZone)} and ${salesKept(filters)}
  ),
  l as (
    select l.sale_id, l.product_id, l.name as line_name, l.quantity, l.net_cents,
      l.luc_cents * l.quantity as cost_cents, s.made_at, s.user_id, s.gst_cents as sale_gst,
      case when l.taxable then round(l.net_cents / 11.0)::int else 0 end as gst_share,
      row_number() over (partition by l.sale_id
        order by l.taxable desc, abs(l.net_cents) desc, l.line_no) as place
    from s join ${saleLines} l on l.sale_id = s.id
  )
  select * from (
    select *, gst_share + case when place = 1
        then sale_gst - sum(gst_share) over (partition by sale_id) else 0 end as gst_cents
    from l
  ) shared where ${productsKept(businessId, filters, sql`product_id`)}`;

/**
 * The lines of the period's returns (by the day the goods came back) the filters keep, GST
 * shared the same way.
 */
export const returnLinesOf = (
  businessId: string,
  range: DayRange,
  timeZone: string,
  filters: ReportFilters = {},
) => sql`
  with r as (
    select id, sale_id, made_at, user_id, gst_cents, tender from ${saleReturns}
    where business_id = ${businessId}
      and ${madeWithin(sql`made_at`, range, timeZone)} and ${refundsKept(filters)}
  ),
  l as (
    select r.id as return_id, sl.product_id, sl.name as line_name, rl.quantity,
      rl.refund_cents, case when rl.resaleable then sl.luc_cents * rl.quantity else 0 end
        as restocked_cost_cents,
      r.made_at, r.user_id, r.tender, r.gst_cents as return_gst,
      case when sl.taxable then round(rl.refund_cents / 11.0)::int else 0 end as gst_share,
      row_number() over (partition by r.id
        order by sl.taxable desc, rl.refund_cents desc, rl.line_no) as place
    from r join ${saleReturnLines} rl on rl.return_id = r.id
      join ${saleLines} sl on sl.sale_id = r.sale_id and sl.line_no = rl.line_no
  )
  select * from (
    select *, gst_share + case when place = 1
        then return_gst - sum(gst_share) over (partition by return_id) else 0 end as gst_cents
    from l
  ) shared where ${productsKept(businessId, filters, sql`product_id`)}`;

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
          select s.id, case t.value->>'kind'
              when 'cash' then 'Cash' when 'card' then 'Card' when 'account' then
                case when (t.value->>'deposit')::boolean then 'Deposit' else 'Account' end
              else coalesce(t.value->>'label', 'Other') end as tender,
            -- Cash is given (given_cents) and its change handed back; the rest say their cents.
            coalesce((t.value->>'cents')::int, (t.value->>'given_cents')::int, 0)
              - case when t.value->>'kind' = 'cash' then s.change_cents else 0 end as cents
          from s cross join lateral jsonb_array_elements(s.tenders) t
        )
        select tender as key, tender as label, count(distinct id) as sales, 0 as units,
          sum(cents)::bigint as sales_cents, 0 as gst_cents, 0 as cost_cents
        from t group by tender`),
    );
  }
  const { key, label } = groupOf(by, timeZone);
  const product = by === 'product';
  return resultRows<FigureRow>(
    await db.execute(sql`
      with g as (${saleLinesOf(businessId, range, timeZone, filters)})
      select ${key} as key, ${label} as label,
        ${product ? sql`min(p.vintage) as vintage, min(p.bottle_ml) as bottle_ml,` : sql``}
        count(distinct sale_id) as sales, sum(quantity)::bigint as units,
        sum(net_cents)::bigint as sales_cents, sum(gst_cents)::bigint as gst_cents,
        sum(cost_cents)::bigint as cost_cents
      from g left join ${products} p on p.id = g.product_id
        left join ${users} u on u.id = g.user_id
      group by 1, 2`),
  );
}

/** A refund's tender by name. */
const RETURN_TENDER = sql`case tender->>'kind' when 'cash' then 'Cash' when 'card' then 'Card'
  when 'account' then 'Account' else coalesce(tender->>'label', 'Other') end`;

async function returnFigures(
  db: Db,
  businessId: string,
  { range, by, filters }: Asked,
  timeZone: string,
): Promise<ReturnRow[]> {
  const { key, label } =
    by === 'tender' ? { key: RETURN_TENDER, label: RETURN_TENDER } : groupOf(by, timeZone);
  const product = by === 'product';
  return resultRows<ReturnRow>(
    await db.execute(sql`
      with g as (${returnLinesOf(businessId, range, timeZone, filters)})
      select ${key} as key, ${label} as label,
        ${product ? sql`min(p.vintage) as vintage, min(p.bottle_ml) as bottle_ml,` : sql``}
        count(distinct return_id) as returns, sum(quantity)::bigint as returned_units,
        sum(refund_cents)::bigint as refund_cents, sum(gst_cents)::bigint as refund_gst_cents,
        sum(restocked_cost_cents)::bigint as restocked_cost_cents
      from g left join ${products} p on p.id = g.product_id
        left join ${users} u on u.id = g.user_id
      group by 1, 2`),
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
  const list = [...rows.values()];
  // Time in order; anything else by what it took, most first.
  return TIME_GROUPINGS.includes(by)
    ? list.sort((a, b) => a.key.localeCompare(b.key))
    : list.sort(
        (a, b) =>
          b.sales_cents - b.refund_cents - (a.sales_cents - a.refund_cents) ||
          a.label.localeCompare(b.label),
      );
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

export async function salesReport(
  db: Db,
  businessId: string,
  asked: Asked & { compare: DayRange | null },
  timeZone: string,
  now: Date,
): Promise<SalesReport> {
  const { filters } = asked;
  const [rows, totals, compared, rounding, stated] = await Promise.all([
    rowsOf(db, businessId, asked, timeZone),
    totalsOf(db, businessId, asked.range, timeZone, filters),
    asked.compare ? totalsOf(db, businessId, asked.compare, timeZone, filters) : null,
    db.execute(sql`
      select coalesce(sum(rounding_cents), 0)::bigint as cents from ${sales}
      where business_id = ${businessId}
        and ${madeWithin(sql`made_at`, asked.range, timeZone)} and ${salesKept(filters)}`),
    statedFilters(db, businessId, filters),
  ]);
  return {
    as_of: now.toISOString(),
    range: asked.range,
    by: asked.by,
    filters: stated,
    rows,
    totals,
    rounding_cents: Number(resultRows<{ cents: string | number }>(rounding)[0]?.cents ?? 0),
    compare: asked.compare && compared ? { range: asked.compare, totals: compared } : null,
  };
}
