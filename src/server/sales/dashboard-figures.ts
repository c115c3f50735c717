import { sql } from 'drizzle-orm';
import { itemImage } from '#domains/dashboard/item-image.ts';
import { type DashboardSnapshot, TOP_ITEMS_SIZE } from '#domains/dashboard/snapshot.ts';
import { displayName } from '#domains/products/display-name.ts';
import type { Db } from '../db/client.ts';
import { products, saleLines, saleReturnLines, saleReturns, sales } from '../db/schema.ts';

/**
 * The dashboard's sales figures, by the calendar of `timeZone` (a shop's day ends at its own
 * midnight). Revenue is what customers paid, GST included (the takings, as receipts and the
 * end-of-day report add them); profit is that less the GST it contains less the cost at sale
 * (each line's LUC when it was sold). Today is compared with yesterday up to the same time of
 * day, so a morning is not set against a whole day. Refunds come off the day the goods came
 * back. All sums are integer cents.
 */
type Figures = Pick<DashboardSnapshot, 'today' | 'sales' | 'topItems' | 'hasSales'>;

interface Rows<Row> {
  rows: Row[];
}

/** 12.34 % (one decimal is shown); null when there was nothing to compare with. */
export function changePercent(today: number, yesterday: number): number | null {
  if (yesterday === 0) return null;
  return ((today - yesterday) * 100) / Math.abs(yesterday);
}

export async function dashboardFigures(
  db: Db,
  businessId: string,
  timeZone: string,
  now: Date,
): Promise<Figures> {
  // Local midnight of today, as a local time; `at time zone` turns it back into an instant.
  const localToday = sql`date_trunc('day', ${now}::timestamptz at time zone ${timeZone})`;
  const [today, days, top, refunds] = await Promise.all([
    db.execute(sql`
      with bounds as (
        select ${localToday} at time zone ${timeZone} as today0,
          (${localToday} - interval '1 day') at time zone ${timeZone} as yesterday0,
          (${now}::timestamptz at time zone ${timeZone} - interval '1 day') at time zone ${timeZone}
            as yesterday_now
      )
      select
        coalesce(sum(s.total_cents) filter (where s.made_at >= b.today0), 0)::bigint
          as today_revenue,
        coalesce(sum(s.total_cents - s.gst_cents - s.cost_cents)
          filter (where s.made_at >= b.today0), 0)::bigint as today_profit,
        coalesce(sum(s.total_cents)
          filter (where s.made_at < b.yesterday_now), 0)::bigint as yesterday_revenue,
        coalesce(sum(s.total_cents - s.gst_cents - s.cost_cents)
          filter (where s.made_at < b.yesterday_now), 0)::bigint as yesterday_profit,
        exists (select 1 from ${sales} where business_id = ${businessId}) as has_sales
      from bounds b
      left join ${sales} s on s.business_id = ${businessId} and s.made_at >= b.yesterday0`),
    db.execute(sql`
      select to_char(d, 'YYYY-MM-DD') as date, to_char(d, 'Dy') as name,
        coalesce(sum(s.total_cents), 0)::bigint as revenue
      from generate_series(${localToday} - interval '6 days', ${localToday}, interval '1 day') d
      left join ${sales} s on s.business_id = ${businessId}
        and s.made_at >= d at time zone ${timeZone}
        and s.made_at < (d + interval '1 day') at time zone ${timeZone}
      group by d
      order by d`),
    // The week's lines are read sale by sale through their key (a lateral join), whatever the
    // planner thinks of the tables' sizes; only the top few are then looked up as products.
    // Units that came back in the week come off, as refunds come off the revenue.
    db.execute(sql`
      with week as (
        select s.id from ${sales} s
        where s.business_id = ${businessId}
          and s.made_at >= (${localToday} - interval '6 days') at time zone ${timeZone}
      ),
      moved as (
        select l.product_id, l.name, l.quantity, l.net_cents
        from week
        cross join lateral (
          -- offset 0: kept a subquery, so each sale's lines are found by the key.
          select product_id, name, quantity, net_cents from ${saleLines} where sale_id = week.id
          offset 0
        ) l
        union all
        select l.product_id, l.name, -rl.quantity, -rl.refund_cents
        from ${saleReturns} r
          join ${saleReturnLines} rl on rl.return_id = r.id
          join ${saleLines} l on l.sale_id = r.sale_id and l.line_no = rl.line_no
        where r.business_id = ${businessId}
          and r.made_at >= (${localToday} - interval '6 days') at time zone ${timeZone}
      ),
      sold as (
        select product_id, case when product_id is null then name end as gone,
          min(name) as line_name, sum(quantity)::bigint as sold, sum(net_cents) as revenue
        from moved
        group by 1, 2
        having sum(quantity) > 0
        order by sold desc, revenue desc, line_name
        limit ${TOP_ITEMS_SIZE}
      )
      select sold.product_id, sold.line_name, p.name, p.vintage, p.bottle_ml, p.category,
        p.drink_type, sold.sold
      from sold left join ${products} p on p.id = sold.product_id
      order by sold.sold desc, sold.revenue desc, sold.line_name`),
    // Refunds, by the day the goods came back: what they take off the takings, and off profit
    // (the refund less its GST, less the cost of the units put back on the shelf).
    db.execute(sql`
      select to_char(r.made_at at time zone ${timeZone}, 'YYYY-MM-DD') as date,
        sum(r.total_cents)::bigint as revenue,
        sum(r.total_cents - r.gst_cents - r.restocked_cost_cents)::bigint as profit,
        coalesce(sum(r.total_cents) filter (where r.made_at < (${now}::timestamptz
          at time zone ${timeZone} - interval '1 day') at time zone ${timeZone}), 0)::bigint
          as revenue_before_now,
        coalesce(sum(r.total_cents - r.gst_cents - r.restocked_cost_cents)
          filter (where r.made_at < (${now}::timestamptz at time zone ${timeZone}
            - interval '1 day') at time zone ${timeZone}), 0)::bigint as profit_before_now
      from ${saleReturns} r
      where r.business_id = ${businessId}
        and r.made_at >= (${localToday} - interval '6 days') at time zone ${timeZone}
      group by 1`),
  ]);
  const refundRows = (
    refunds as unknown as Rows<{
      date: string;
      revenue: string | number;
      profit: string | number;
      revenue_before_now: string | number;
      profit_before_now: string | number;
    }>
  ).rows;
  const refundsOn = new Map(refundRows.map((row) => [row.date, row]));
  const [figures] = (
    today as unknown as Rows<{
      today_revenue: string | number;
      today_profit: string | number;
      yesterday_revenue: string | number;
      yesterday_profit: string | number;
      has_sales: boolean;
    }>
  ).rows;
  const dayList = (
    days as unknown as Rows<{ date: string; name: string; revenue: string | number }>
  ).rows;
  const todayRefund = refundsOn.get(dayList.at(-1)?.date ?? '');
  const yesterdayRefund = refundsOn.get(dayList.at(-2)?.date ?? '');
  const todayRevenue = Number(figures?.today_revenue ?? 0) - Number(todayRefund?.revenue ?? 0);
  const todayProfit = Number(figures?.today_profit ?? 0) - Number(todayRefund?.profit ?? 0);
  const yesterdayRevenue =
    Number(figures?.yesterday_revenue ?? 0) - Number(yesterdayRefund?.revenue_before_now ?? 0);
  const yesterdayProfit =
    Number(figures?.yesterday_profit ?? 0) - Number(yesterdayRefund?.profit_before_now ?? 0);
  return {
    today: {
      revenue: {
        cents: todayRevenue,
        changePercent: changePercent(todayRevenue, yesterdayRevenue),
      },
      profit: {
        cents: todayProfit,
        changePercent: changePercent(todayProfit, yesterdayProfit),
      },
    },
    // A day's point is that day's revenue: its sales less the refunds of that day, as Today's.
    sales: dayList.map((day) => ({
      name: day.name,
      date: day.date,
      revenueCents: Number(day.revenue) - Number(refundsOn.get(day.date)?.revenue ?? 0),
    })),
    topItems: (
      top as unknown as Rows<{
        product_id: number | null;
        line_name: string;
        name: string | null;
        vintage: string | null;
        bottle_ml: string | null;
        category: string | null;
        drink_type: string | null;
        sold: string | number;
      }>
    ).rows.map((row) => {
      const name =
        row.name === null
          ? row.line_name
          : displayName({ name: row.name, vintage: row.vintage, bottleMl: row.bottle_ml });
      return {
        id: row.product_id,
        img: itemImage(row.drink_type, row.category, name),
        name,
        category: row.category || row.drink_type || 'Uncategorised',
        sold: Number(row.sold),
      };
    }),
    hasSales: figures?.has_sales === true,
  };
}
