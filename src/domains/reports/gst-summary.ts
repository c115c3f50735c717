import * as v from 'valibot';
import { csvLine } from '#domains/products/export.ts';

/**
 * The GST summary of a period (README, "Reports"), as an owner hands it to the bookkeeper for
 * the business activity statement: GST collected on sales (less what refunds gave back, the
 * Sales Report's GST to the cent), GST paid on purchases (each delivery's invoice, kept when it
 * was posted, by its invoice date or else the day it was posted), and the difference.
 */
export const GstSummarySchema = v.object({
  as_of: v.string(),
  range: v.object({ from: v.string(), to: v.string() }),
  /** Net sales, GST included. */
  sales_cents: v.number(),
  collected_cents: v.number(),
  /** The deliveries' lines and freight, GST excluded. */
  purchases_cents: v.number(),
  paid_cents: v.number(),
  deliveries: v.number(),
  /** Deliveries posted before their GST was kept: not in paid_cents. */
  deliveries_without_gst: v.number(),
});
export type GstSummary = v.InferOutput<typeof GstSummarySchema>;

/** GST collected less GST paid: above zero is owed to the tax office, below is a refund. */
export const gstNetOf = (summary: Pick<GstSummary, 'collected_cents' | 'paid_cents'>) =>
  summary.collected_cents - summary.paid_cents;

const dollars = (cents: number) => (Math.abs(cents) / 100).toFixed(2);

/** The summary as a spreadsheet, every figure positive with what it is in words. */
export function gstSummaryCsv(summary: GstSummary): string {
  const net = gstNetOf(summary);
  const rows: unknown[][] = [
    ['GST summary', summary.range.from, summary.range.to],
    ['Figure', 'Amount'],
    ['Sales (GST included)', dollars(summary.sales_cents)],
    ['GST collected on sales', dollars(summary.collected_cents)],
    ['Purchases (GST excluded)', dollars(summary.purchases_cents)],
    ['GST paid on purchases', dollars(summary.paid_cents)],
    [net >= 0 ? 'GST to pay' : 'GST to be refunded', dollars(net)],
  ];
  return `${rows.map(csvLine).join('\r\n')}\r\n`;
}
