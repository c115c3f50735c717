import * as v from 'valibot';
import { comparedQuerySchema } from './period.ts';
import { money, type SheetValue } from './report-sheet.ts';

/**
 * Customer Analytics (beyond the spec's prototype; README, "Reports"): who bought in a period,
 * from the sales the till named a customer on. Spend is sales less refunds, GST included, in
 * integer cents. Segments come from each customer's whole history up to the shop's today:
 * how recently they bought, how often and how much in the last year.
 */
export interface CustomerHistory {
  id: string;
  name: string;
  tags: readonly string[];
  /** In the period. */
  sales: number;
  spendCents: number;
  /** Ever, as days of the shop's calendar. */
  firstDay: string;
  lastDay: string;
  /** In the year up to today. */
  yearSales: number;
  yearSpendCents: number;
}

export const SEGMENTS = ['Champions', 'Loyal', 'New', 'At risk', 'Lapsed', 'Occasional'] as const;
export type Segment = (typeof SEGMENTS)[number];

export const SEGMENT_MEANING: Readonly<Record<Segment, string>> = {
  Champions: 'bought in the last 30 days, 4 or more times this year',
  Loyal: '4 or more times this year',
  New: 'first bought in the last 30 days',
  'At risk': 'bought twice or more this year, not in the last 90 days',
  Lapsed: 'nothing in the last 180 days',
  Occasional: 'everyone else who has bought',
};

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** A customer's segment by recency, frequency and spend (the first that holds, in order). */
export function segmentOf(
  customer: Pick<CustomerHistory, 'firstDay' | 'lastDay' | 'yearSales'>,
  today: string,
): Segment {
  const sinceLast = daysBetween(customer.lastDay, today);
  if (sinceLast <= 30 && customer.yearSales >= 4) return 'Champions';
  if (daysBetween(customer.firstDay, today) <= 30) return 'New';
  if (sinceLast > 180) return 'Lapsed';
  if (customer.yearSales >= 4) return 'Loyal';
  if (sinceLast > 90 && customer.yearSales >= 2) return 'At risk';
  return 'Occasional';
}

/** The club members: customers with this tag, in any case. */
export const WINE_CLUB_TAG = 'Wine club';
const isMember = (tags: readonly string[]) =>
  tags.some((tag) => tag.toLowerCase() === WINE_CLUB_TAG.toLowerCase());

/** The figures of a period that a comparison sets beside another's. */
const CustomerPeriodSchema = v.object({
  /** All the period's sales, and those with a customer named. */
  sales: v.number(),
  net_sales_cents: v.number(),
  customer_sales: v.number(),
  customer_spend_cents: v.number(),
  customers: v.number(),
  new_customers: v.number(),
  returning_customers: v.number(),
  /** Customers of the period who bought more than once in it. */
  repeat_customers: v.number(),
});

/** GET /reports/customers?from&to and the period to compare with (compare_from, compare_to). */
export const CustomerAnalyticsQuerySchema = comparedQuerySchema({});

export const CustomerAnalyticsSchema = v.object({
  as_of: v.string(),
  range: v.object({ from: v.string(), to: v.string() }),
  ...CustomerPeriodSchema.entries,
  /** The same figures of the period compared with, if one was asked. */
  compare: v.optional(
    v.nullable(
      v.object({
        range: v.object({ from: v.string(), to: v.string() }),
        ...CustomerPeriodSchema.entries,
      }),
    ),
    null,
  ),
  top: v.array(
    v.object({ id: v.string(), name: v.string(), sales: v.number(), spend_cents: v.number() }),
  ),
  segments: v.array(
    v.object({
      segment: v.picklist(SEGMENTS),
      customers: v.number(),
      year_spend_cents: v.number(),
    }),
  ),
  club: v.object({ members: v.number(), buyers: v.number(), spend_cents: v.number() }),
});
export type CustomerAnalytics = v.InferOutput<typeof CustomerAnalyticsSchema>;

/** At most this many top customers. */
export const TOP_CUSTOMERS = 10;

/** The figures of a period from each customer's history and the period's sales. */
export function customerAnalytics(
  histories: readonly CustomerHistory[],
  period: { from: string; to: string; today: string; sales: number; netSalesCents: number },
  members: number,
): Omit<CustomerAnalytics, 'as_of' | 'range' | 'compare'> {
  const buyers = histories.filter((each) => each.sales > 0);
  const segments = new Map<Segment, { customers: number; year_spend_cents: number }>(
    SEGMENTS.map((segment) => [segment, { customers: 0, year_spend_cents: 0 }]),
  );
  for (const each of histories) {
    const entry = segments.get(segmentOf(each, period.today));
    if (!entry) continue;
    entry.customers += 1;
    entry.year_spend_cents += each.yearSpendCents;
  }
  const clubBuyers = buyers.filter((each) => isMember(each.tags));
  return {
    sales: period.sales,
    net_sales_cents: period.netSalesCents,
    customer_sales: buyers.reduce((total, each) => total + each.sales, 0),
    customer_spend_cents: buyers.reduce((total, each) => total + each.spendCents, 0),
    customers: buyers.length,
    new_customers: buyers.filter((each) => each.firstDay >= period.from).length,
    returning_customers: buyers.filter((each) => each.firstDay < period.from).length,
    repeat_customers: buyers.filter((each) => each.sales > 1).length,
    top: [...buyers]
      .sort((a, b) => b.spendCents - a.spendCents || a.name.localeCompare(b.name))
      .slice(0, TOP_CUSTOMERS)
      .map((each) => ({
        id: each.id,
        name: each.name,
        sales: each.sales,
        spend_cents: each.spendCents,
      })),
    segments: SEGMENTS.map((segment) => ({
      segment,
      ...(segments.get(segment) ?? { customers: 0, year_spend_cents: 0 }),
    })),
    club: {
      members,
      buyers: clubBuyers.length,
      spend_cents: clubBuyers.reduce((total, each) => total + each.spendCents, 0),
    },
  };
}

/** Customer Analytics as a spreadsheet: its period's figures, then its tables. */
export function customerAnalyticsSheet(report: CustomerAnalytics): SheetValue[][] {
  return [
    ['Customer Analytics', report.range.from, report.range.to],
    [],
    ['Figure', 'Value'],
    ['Sales', report.sales],
    ['Net sales', money(report.net_sales_cents)],
    ['Sales with a customer named', report.customer_sales],
    ['Their spend (sales less refunds)', money(report.customer_spend_cents)],
    ['Customers who bought', report.customers],
    ['New customers', report.new_customers],
    ['Returning customers', report.returning_customers],
    ['Bought more than once', report.repeat_customers],
    [],
    ['Top customers by spend'],
    ['Customer', 'Sales', 'Spend'],
    ...report.top.map((row) => [row.name, row.sales, money(row.spend_cents)]),
    [],
    ['Segments'],
    ['Segment', 'Customers', 'Spend in the last year'],
    ...report.segments.map((row) => [
      `${row.segment}: ${SEGMENT_MEANING[row.segment]}`,
      row.customers,
      money(row.year_spend_cents),
    ]),
    [],
    [`${WINE_CLUB_TAG} members`, report.club.members],
    ['Members who bought', report.club.buyers, money(report.club.spend_cents)],
  ];
}
