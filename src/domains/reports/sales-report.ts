import * as v from 'valibot';
import {
  FILTER_MESSAGES,
  narrowsProducts,
  ReportFiltersSchema,
  StatedFilterSchema,
} from './filters.ts';
import { comparedQuerySchema, rangeQuerySchema } from './period.ts';
import { money, type SheetValue } from './report-sheet.ts';

/**
 * The Sales Report (beyond the spec's prototype; README, "Reports"): what was sold in a period,
 * by the shop's calendar, grouped one way, with returns apart. All figures are integer cents
 * worked out by the server from its own records:
 * - sales: what customers paid for the goods, GST included (the receipts' totals);
 * - GST: what that contains, each sale's GST shared over its taxable lines;
 * - cost: each line's LUC when it was sold, times its units (never today's LUC);
 * - returns: refunds by the day the goods came back, with the GST they contain and the cost
 *   of the units put back on the shelf;
 * - net sales = sales − refunds (the dashboard's revenue); gross profit = (sales − GST − cost)
 *   − (refunds − their GST − cost put back); margin = gross profit ÷ net sales ex GST.
 */
export const SALES_GROUPINGS = [
  'day',
  'week',
  'month',
  'category',
  'product',
  'producer',
  'staff',
  'tender',
] as const;
export type SalesGrouping = (typeof SALES_GROUPINGS)[number];

export const SALES_GROUPING_LABELS: Readonly<Record<SalesGrouping, string>> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  category: 'Category',
  product: 'Product',
  producer: 'Producer',
  staff: 'Staff member',
  tender: 'Tender',
};

/** Groupings by time: their rows are in time order and the chart is a line through them. */
export const TIME_GROUPINGS: readonly SalesGrouping[] = ['day', 'week', 'month'];

/**
 * GET /reports/sales?from=…&to=…&by=…, the period to compare with (compare_from and
 * compare_to, both or neither: the device works it out, period.ts comparisonRange) and any
 * filters (filters.ts). What tenders took belongs to whole sales, so grouping by tender
 * takes no product filter.
 */
export const SalesReportQuerySchema = v.pipe(
  comparedQuerySchema({
    by: v.optional(v.picklist(SALES_GROUPINGS, 'Choose how to group the report'), 'day'),
    ...ReportFiltersSchema.entries,
  }),
  v.check(
    (asked) => asked.by !== 'tender' || !narrowsProducts(asked),
    FILTER_MESSAGES.tenderGrouping,
  ),
);

export const SalesFiguresSchema = v.object({
  sales: v.number(),
  units: v.number(),
  sales_cents: v.number(),
  gst_cents: v.number(),
  cost_cents: v.number(),
  returns: v.number(),
  returned_units: v.number(),
  refund_cents: v.number(),
  refund_gst_cents: v.number(),
  /** The cost at sale of returned units put back on the shelf. */
  restocked_cost_cents: v.number(),
});
export type SalesFigures = v.InferOutput<typeof SalesFiguresSchema>;

export const SalesRowSchema = v.object({
  key: v.string(),
  label: v.string(),
  ...SalesFiguresSchema.entries,
});
export type SalesRow = v.InferOutput<typeof SalesRowSchema>;

const RangeSchema = v.object({ from: v.string(), to: v.string() });

export const SalesReportSchema = v.object({
  as_of: v.string(),
  range: RangeSchema,
  by: v.picklist(SALES_GROUPINGS),
  /** The filters it was narrowed by, as it states them (none for an answer kept from before). */
  filters: v.optional(v.array(StatedFilterSchema), []),
  rows: v.array(SalesRowSchema),
  totals: SalesFiguresSchema,
  /** Cash rounding of the period's sales: what the tenders took beyond the sales. */
  rounding_cents: v.number(),
  compare: v.nullable(v.object({ range: RangeSchema, totals: SalesFiguresSchema })),
});
export type SalesReport = v.InferOutput<typeof SalesReportSchema>;

/** How many products the Sales Report lists at each end: the most sold, and the least. */
export const STANDING_PRODUCTS = 10;

/** GET /reports/sales/products?from=…&to=… and any filters: the period's top and bottom. */
export const ProductStandingsQuerySchema = rangeQuerySchema(ReportFiltersSchema.entries);

/**
 * The products that sold most and least in a period (net sales, GST included), each with its
 * figures: `top` most first, `bottom` least first, no product in both (of twelve products
 * sold, the top ten and the bottom two).
 */
export const ProductStandingsSchema = v.object({
  as_of: v.string(),
  range: RangeSchema,
  filters: v.optional(v.array(StatedFilterSchema), []),
  /** How many products sold or were returned in the period. */
  products: v.number(),
  top: v.array(SalesRowSchema),
  bottom: v.array(SalesRowSchema),
});
export type ProductStandings = v.InferOutput<typeof ProductStandingsSchema>;

/** The two ends of rows by product in the report's order (net sales, most first). */
export function standingsOf(rows: readonly SalesRow[], count = STANDING_PRODUCTS) {
  return {
    top: rows.slice(0, count),
    bottom: rows.slice(Math.max(count, rows.length - count)).reverse(),
  };
}

export const NO_SALES: SalesFigures = {
  sales: 0,
  units: 0,
  sales_cents: 0,
  gst_cents: 0,
  cost_cents: 0,
  returns: 0,
  returned_units: 0,
  refund_cents: 0,
  refund_gst_cents: 0,
  restocked_cost_cents: 0,
};

/** Figures added up (a total of rows). */
export function sumFigures(rows: readonly SalesFigures[]): SalesFigures {
  const total = { ...NO_SALES };
  for (const row of rows) {
    for (const key of Object.keys(total) as (keyof SalesFigures)[]) total[key] += row[key];
  }
  return total;
}

/** Sales less refunds, GST included: the dashboard's revenue. */
export const netSalesOf = (figures: SalesFigures) => figures.sales_cents - figures.refund_cents;

/** Net sales less the GST they contain. */
export const netExGstOf = (figures: SalesFigures) =>
  netSalesOf(figures) - (figures.gst_cents - figures.refund_gst_cents);

export const grossProfitOf = (figures: SalesFigures) =>
  netExGstOf(figures) - (figures.cost_cents - figures.restocked_cost_cents);

/** Gross profit as a share of net sales ex GST, in percent; null when nothing was sold. */
export function marginOf(figures: SalesFigures): number | null {
  const base = netExGstOf(figures);
  return base === 0 ? null : (grossProfitOf(figures) * 100) / base;
}

/** A change from the comparison's figure, in percent; null when it was nothing. */
export function changeOf(now: number, before: number): number | null {
  return before === 0 ? null : ((now - before) * 100) / Math.abs(before);
}

/**
 * The report as rows of a spreadsheet (report-sheet.ts): its period, grouping and filters, the
 * headings, a row per group and the total. Refunds are a positive figure in their own column;
 * the margin, in percent to one decimal, is blank when nothing was sold. The CSV and the
 * workbook are both written from these.
 */
export function salesReportRows(report: SalesReport, groupLabel: string): SheetValue[][] {
  const line = (label: string, figures: SalesFigures): SheetValue[] => {
    const margin = marginOf(figures);
    return [
      label,
      figures.sales,
      figures.units,
      money(figures.sales_cents),
      money(figures.refund_cents),
      money(netSalesOf(figures)),
      money(figures.gst_cents - figures.refund_gst_cents),
      money(figures.cost_cents - figures.restocked_cost_cents),
      money(grossProfitOf(figures)),
      margin === null ? null : Math.round(margin * 10) / 10,
    ];
  };
  return [
    [
      'Sales Report',
      report.range.from,
      report.range.to,
      `By ${groupLabel.toLowerCase()}`,
      ...report.filters.map((filter) => `${filter.label}: ${filter.value}`),
    ],
    [
      groupLabel,
      'Sales',
      'Units',
      'Sales (GST incl.)',
      'Refunds',
      'Net sales',
      'GST',
      'Cost',
      'Gross profit',
      'Margin %',
    ],
    ...report.rows.map((row) => line(row.label, row)),
    line('Total', report.totals),
  ];
}
