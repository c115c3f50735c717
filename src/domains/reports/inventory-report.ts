import * as v from 'valibot';
import { ProductFiltersSchema, StatedFilterSchema } from './filters.ts';
import { comparedQuerySchema, ReportDaySchema } from './period.ts';
import { money, type SheetValue } from './report-sheet.ts';

/**
 * The Inventory Report (beyond the spec's prototype; README, "Reports"), worked out from each
 * product's stock, LUC and list price now and what the period sold and moved of it. Money is
 * integer cents; a product's value is its stock on hand (never below zero) times its price.
 */
export interface StockedProduct {
  id: number;
  name: string;
  category: string;
  /** On hand now; a negative count is worth nothing. */
  stock: number;
  lucCents: number;
  listCents: number;
  /** The last day it sold (YYYY-MM-DD), if ever. */
  lastSale: string | null;
  /** The day it was added to the catalogue (YYYY-MM-DD, the shop's calendar). */
  addedOn: string;
}

export interface PeriodSales {
  productId: number;
  units: number;
  /** Net of discounts, GST included, less refunds. */
  salesCents: number;
  /** At the LUC of each sale, less what returns put back. */
  costCents: number;
}

export const ABC_CLASSES = ['A', 'B', 'C', 'D'] as const;
export type AbcClass = (typeof ABC_CLASSES)[number];

/** The class the products that make the first 20 % of sales, the next 60 % and the last 20 %. */
const A_SHARE = 0.2;
const B_SHARE = 0.8;

/**
 * ABC classes over a period: products ranked by what they sold (most first); A while the sales
 * before a product are under 20 % of the whole, B while under 80 %, C after; D sold nothing
 * (or gave back as much as it sold). A product's place is by what it sold before it, so the
 * single product making most of a small shop's sales is A.
 */
export function abcClasses(
  products: readonly Pick<StockedProduct, 'id'>[],
  sales: readonly PeriodSales[],
): Map<number, AbcClass> {
  const sold = sales
    .filter((each) => each.salesCents > 0)
    .sort((a, b) => b.salesCents - a.salesCents || a.productId - b.productId);
  const whole = sold.reduce((total, each) => total + each.salesCents, 0);
  const classes = new Map<number, AbcClass>(products.map((product) => [product.id, 'D']));
  let before = 0;
  for (const each of sold) {
    const share = before / whole;
    classes.set(each.productId, share < A_SHARE ? 'A' : share < B_SHARE ? 'B' : 'C');
    before += each.salesCents;
  }
  return classes;
}

/**
 * The catalogue as it stood at the end of a past day, from the stock ledger: each product's
 * stock now less every movement made since; a product added after that day held nothing then
 * and is left out. Prices stay today's (a movement keeps no cost).
 */
export function stockOnDay<P extends StockedProduct>(
  products: readonly P[],
  movedSince: ReadonlyMap<number, number>,
  day: string,
): P[] {
  return products
    .filter((product) => product.addedOn <= day)
    .map((product) => ({ ...product, stock: product.stock - (movedSince.get(product.id) ?? 0) }));
}

/** What stock is worth at a price per unit: never negative. */
export const stockValue = (stock: number, unitCents: number) => Math.max(stock, 0) * unitCents;

export interface Valuation {
  key: string;
  products: number;
  units: number;
  lucCents: number;
  listCents: number;
}

/** Stock at LUC and at list price, by category (largest at LUC first), and in total. */
export function valuation(products: readonly StockedProduct[]): {
  rows: Valuation[];
  total: Valuation;
} {
  const rows = new Map<string, Valuation>();
  const total: Valuation = { key: 'Total', products: 0, units: 0, lucCents: 0, listCents: 0 };
  for (const product of products) {
    const row = rows.get(product.category) ?? {
      key: product.category,
      products: 0,
      units: 0,
      lucCents: 0,
      listCents: 0,
    };
    rows.set(product.category, row);
    for (const target of [row, total]) {
      target.products += 1;
      target.units += Math.max(product.stock, 0);
      target.lucCents += stockValue(product.stock, product.lucCents);
      target.listCents += stockValue(product.stock, product.listCents);
    }
  }
  return {
    rows: [...rows.values()].sort((a, b) => b.lucCents - a.lucCents || a.key.localeCompare(b.key)),
    total,
  };
}

/**
 * Turns a year: what the period's sales cost, scaled to a year, over what the stock is worth at
 * cost now. Null when nothing is held.
 */
export function turnover(costCents: number, stockAtCostCents: number, days: number): number | null {
  if (stockAtCostCents <= 0 || days <= 0) return null;
  return (costCents * (365 / days)) / stockAtCostCents;
}

/** Days the stock lasts at the period's rate of sale; null when none sold (it does not run out). */
export function daysOfCover(stock: number, unitsSold: number, days: number): number | null {
  if (unitsSold <= 0 || days <= 0) return null;
  return Math.max(stock, 0) / (unitsSold / days);
}

/**
 * Products held with no sale for `days` days before `today`: most value first. One never sold
 * counts once it has been in the catalogue that long (a wine received this week is not dead).
 */
export function deadStock(
  products: readonly StockedProduct[],
  today: string,
  days: number,
): StockedProduct[] {
  const since = new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return products
    .filter(
      (product) =>
        product.stock > 0 &&
        (product.lastSale === null ? product.addedOn < since : product.lastSale < since),
    )
    .sort(
      (a, b) =>
        stockValue(b.stock, b.lucCents) - stockValue(a.stock, a.lucCents) ||
        a.name.localeCompare(b.name),
    );
}

const ValuationSchema = v.object({
  key: v.string(),
  products: v.number(),
  units: v.number(),
  lucCents: v.number(),
  listCents: v.number(),
});

export const INVENTORY_MESSAGES = {
  future: 'Stock can be shown for today or a day before',
} as const;

/**
 * GET /reports/inventory?from&to, the product filters, the day stock is valued on (?on=,
 * today unless asked) and the period to compare with (compare_from and compare_to).
 */
export const InventoryReportQuerySchema = comparedQuerySchema({
  ...ProductFiltersSchema.entries,
  on: v.optional(ReportDaySchema),
});

/** The period's sales and losses: what the comparison sets beside the period's. */
export const InventoryPeriodSchema = v.object({
  range: v.object({ from: v.string(), to: v.string() }),
  sales_cents: v.number(),
  cost_of_sales_cents: v.number(),
  shrinkage_luc_cents: v.number(),
});
export type InventoryPeriod = v.InferOutput<typeof InventoryPeriodSchema>;

export const InventoryReportSchema = v.object({
  as_of: v.string(),
  range: v.object({ from: v.string(), to: v.string() }),
  /** The day the stock is valued at the end of; null for now. */
  on: v.optional(v.nullable(v.string()), null),
  filters: v.optional(v.array(StatedFilterSchema), []),
  period: v.optional(v.nullable(InventoryPeriodSchema), null),
  compare: v.optional(v.nullable(InventoryPeriodSchema), null),
  valuation: v.object({ rows: v.array(ValuationSchema), total: ValuationSchema }),
  abc: v.array(
    v.object({
      class: v.picklist(ABC_CLASSES),
      products: v.number(),
      sales_cents: v.number(),
      stock_luc_cents: v.number(),
    }),
  ),
  turnover: v.nullable(v.number()),
  cost_of_sales_cents: v.number(),
  dead_stock: v.object({
    days: v.number(),
    products: v.number(),
    luc_cents: v.number(),
    listed: v.array(
      v.object({
        id: v.number(),
        name: v.string(),
        stock: v.number(),
        luc_cents: v.number(),
        last_sale: v.nullable(v.string()),
      }),
    ),
  }),
  shrinkage: v.array(v.object({ reason: v.string(), units: v.number(), luc_cents: v.number() })),
  cover: v.array(
    v.object({
      id: v.number(),
      name: v.string(),
      stock: v.number(),
      units_sold: v.number(),
      days: v.nullable(v.number()),
    }),
  ),
});
export type InventoryReport = v.InferOutput<typeof InventoryReportSchema>;

/** What each ABC class means, as the report and its export say it. */
export const ABC_MEANING: Readonly<Record<AbcClass, string>> = {
  A: 'the products making the first 20 % of sales',
  B: 'the next 60 %',
  C: 'the last 20 %',
  D: 'no sale in the period',
};

/**
 * The Inventory Report as a spreadsheet: its period (and day of stock), then each of its
 * tables under its title, a blank row between.
 */
export function inventoryReportSheet(report: InventoryReport): SheetValue[][] {
  const { valuation: values, dead_stock: dead } = report;
  return [
    [
      'Inventory Report',
      report.range.from,
      report.range.to,
      report.on ? `Stock at the end of ${report.on}` : 'Stock now',
      ...report.filters.map((filter) => `${filter.label}: ${filter.value}`),
    ],
    [],
    ['Stock by category'],
    ['Category', 'Products', 'Units held', 'At LUC', 'At list price'],
    ...[...values.rows, values.total].map((row) => [
      row.key,
      row.products,
      row.units,
      money(row.lucCents),
      money(row.listCents),
    ]),
    [],
    ['ABC classes over the period'],
    ['Class', 'Products', 'Net sales', 'Stock at LUC'],
    ...report.abc.map((row) => [
      `${row.class}: ${ABC_MEANING[row.class]}`,
      row.products,
      money(row.sales_cents),
      money(row.stock_luc_cents),
    ]),
    [],
    ['Turns a year', report.turnover === null ? null : Math.round(report.turnover * 100) / 100],
    ['Cost of sales in the period', money(report.cost_of_sales_cents)],
    [],
    [`Dead stock: no sale in ${dead.days} days`, dead.products, money(dead.luc_cents)],
    ['Product', 'Held', 'At LUC', 'Last sold'],
    ...dead.listed.map((row) => [row.name, row.stock, money(row.luc_cents), row.last_sale]),
    [],
    ['Shrinkage by reason'],
    ['Reason', 'Units lost', 'At today’s LUC'],
    ...report.shrinkage.map((row) => [row.reason, row.units, money(row.luc_cents)]),
    [],
    ['Runs out soonest'],
    ['Product', 'Held', 'Sold in the period', 'Days of cover'],
    ...report.cover.map((row) => [
      row.name,
      row.stock,
      row.units_sold,
      row.days === null ? null : Math.round(row.days * 10) / 10,
    ]),
  ];
}
