import { sql } from 'drizzle-orm';
import type { GstSummary } from '#domains/reports/gst-summary.ts';
import type { DayRange } from '#domains/reports/period.ts';
import type { Db } from '../db/client.ts';
import { deliveries, deliveryLines } from '../db/schema.ts';
import { resultRows } from '../db/table-rows.ts';
import { periodTotals } from './sales-report.ts';

/**
 * The GST summary (#domains/reports/gst-summary.ts): sales' GST from the Sales Report's totals,
 * purchases' from the posted deliveries of the period (by invoice date, else the shop's day of
 * posting).
 */
export async function gstSummary(
  db: Db,
  businessId: string,
  range: DayRange,
  timeZone: string,
  now: Date,
  { plain = false }: { plain?: boolean } = {},
): Promise<GstSummary> {
  const [sales, bought] = await Promise.all([
    periodTotals(db, businessId, range, timeZone, { plain }),
    db.execute(sql`
      with d as (
        select id, gst_cents, freight_cents from ${deliveries}
        where business_id = ${businessId} and status = 'posted'
          and coalesce(invoice_date, (posted_at at time zone ${timeZone})::date)
            between ${range.from}::date and ${range.to}::date
      )
      select count(*)::int as deliveries,
        count(*) filter (where gst_cents is null)::int as without_gst,
        coalesce(sum(gst_cents), 0)::bigint as gst_cents,
        coalesce(sum(freight_cents), 0)::bigint
          + coalesce((select sum(line_cents) from ${deliveryLines}
              where delivery_id in (select id from d)), 0)::bigint as purchases_cents
      from d`),
  ]);
  const [row] = resultRows<{
    deliveries: number;
    without_gst: number;
    gst_cents: string | number;
    purchases_cents: string | number;
  }>(bought);
  return {
    as_of: now.toISOString(),
    range,
    sales_cents: sales.sales_cents - sales.refund_cents,
    collected_cents: sales.gst_cents - sales.refund_gst_cents,
    purchases_cents: Number(row?.purchases_cents ?? 0),
    paid_cents: Number(row?.gst_cents ?? 0),
    deliveries: Number(row?.deliveries ?? 0),
    deliveries_without_gst: Number(row?.without_gst ?? 0),
  };
}
