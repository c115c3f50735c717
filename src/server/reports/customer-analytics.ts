import { sql } from 'drizzle-orm';
import {
  type CustomerAnalytics,
  type CustomerHistory,
  customerAnalytics,
  WINE_CLUB_TAG,
} from '#domains/reports/customer-analytics.ts';
import type { DayRange } from '#domains/reports/period.ts';
import { addDays } from '#shared/moments.ts';
import type { Db } from '../db/client.ts';
import { customers, saleReturns, sales } from '../db/schema.ts';
import { resultRows } from '../db/table-rows.ts';
import { periodTotals } from './sales-report.ts';

/**
 * Each customer's sales (a sale is theirs when the till named them) less refunds of them, in
 * the period and over the year to the shop's today, with the days of their first and last sale
 * by the shop's calendar.
 */
async function historiesOf(
  db: Db,
  businessId: string,
  range: DayRange,
  today: string,
  timeZone: string,
): Promise<CustomerHistory[]> {
  const yearFrom = addDays(today, -364);
  const rows = await db.execute(sql`
    with theirs as (
      select s.customer_id, (s.made_at at time zone ${timeZone})::date as day, s.total_cents
        - coalesce((select sum(r.total_cents) from ${saleReturns} r where r.sale_id = s.id), 0)
        as spend
      from ${sales} s
      where s.business_id = ${businessId} and s.customer_id is not null
    )
    select c.id, c.name, c.tags,
      count(*) filter (where day between ${range.from}::date and ${range.to}::date)::int as sales,
      coalesce(sum(spend) filter (where day between ${range.from}::date and ${range.to}::date), 0)::bigint
        as spend_cents,
      min(day)::text as first_day, max(day)::text as last_day,
      count(*) filter (where day between ${yearFrom}::date and ${today}::date)::int as year_sales,
      coalesce(sum(spend) filter (where day between ${yearFrom}::date and ${today}::date), 0)::bigint
        as year_spend_cents
    from theirs join ${customers} c on c.id = theirs.customer_id
    where c.business_id = ${businessId} and day <= ${today}::date
    group by c.id, c.name, c.tags`);
  return resultRows<{
    id: string;
    name: string;
    tags: string[];
    sales: number;
    spend_cents: string | number;
    first_day: string;
    last_day: string;
    year_sales: number;
    year_spend_cents: string | number;
  }>(rows).map((row) => ({
    id: row.id,
    name: row.name,
    tags: row.tags ?? [],
    sales: Number(row.sales),
    spendCents: Number(row.spend_cents),
    firstDay: row.first_day,
    lastDay: row.last_day,
    yearSales: Number(row.year_sales),
    yearSpendCents: Number(row.year_spend_cents),
  }));
}

/** Customer Analytics (#domains/reports/customer-analytics.ts) of a period, and of another beside it. */
export async function customerAnalyticsReport(
  db: Db,
  businessId: string,
  asked: { range: DayRange; today: string; compare: DayRange | null },
  timeZone: string,
  now: Date,
  { plain = false }: { plain?: boolean } = {},
): Promise<CustomerAnalytics> {
  const { range, today } = asked;
  const figuresOf = async (period: DayRange, members: number) => {
    const [histories, totals] = await Promise.all([
      historiesOf(db, businessId, period, today, timeZone),
      periodTotals(db, businessId, period, timeZone, { plain }),
    ]);
    return customerAnalytics(
      histories,
      {
        ...period,
        today,
        sales: totals.sales,
        netSalesCents: totals.sales_cents - totals.refund_cents,
      },
      members,
    );
  };
  const club = resultRows<{ members: number }>(
    await db.execute(sql`
      select count(*)::int as members from ${customers}
      where business_id = ${businessId} and merged_into is null and erased_at is null
        and exists (select 1 from jsonb_array_elements_text(tags) t
          where lower(t) = lower(${WINE_CLUB_TAG}))`),
  );
  const members = Number(club[0]?.members ?? 0);
  const [figures, compared] = await Promise.all([
    figuresOf(range, members),
    asked.compare ? figuresOf(asked.compare, members) : null,
  ]);
  return {
    as_of: now.toISOString(),
    range,
    ...figures,
    compare:
      asked.compare && compared
        ? {
            range: asked.compare,
            sales: compared.sales,
            net_sales_cents: compared.net_sales_cents,
            customer_sales: compared.customer_sales,
            customer_spend_cents: compared.customer_spend_cents,
            customers: compared.customers,
            new_customers: compared.new_customers,
            returning_customers: compared.returning_customers,
            repeat_customers: compared.repeat_customers,
          }
        : null,
  };
}
