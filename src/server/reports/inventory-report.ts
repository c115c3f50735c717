import { sql } from 'drizzle-orm';
import { displayName } from '#domains/products/display-name.ts';
import { filterEntries, type ProductFilters } from '#domains/reports/filters.ts';
import {
  ABC_CLASSES,
  abcClasses,
  daysOfCover,
  deadStock,
  type InventoryPeriod,
  type InventoryReport,
  type PeriodSales,
  type StockedProduct,
  stockOnDay,
  stockValue,
  turnover,
  valuation,
} from '#domains/reports/inventory-report.ts';
import { type DayRange, daysIn } from '#domains/reports/period.ts';
import { centsOf } from '#domains/sales/money.ts';
import { addDays, dayStartIn } from '#shared/moments.ts';
import type { Db } from '../db/client.ts';
import { notShrinkage, products, stockMovements } from '../db/schema.ts';
import { jsonRows, resultRows } from '../db/table-rows.ts';
import { ensureReportDays } from './report-days.ts';
import { productsKept, statedFilters } from './report-filters.ts';
import { madeWithin, productNetFromMonths, returnLinesOf, saleLinesOf } from './sales-report.ts';

/** At most this many dead-stock products and days-of-cover lines are listed. */
const LISTED = 50;

/** A period as the report asks its facts: its days, filters, the shop's zone, kept months. */
interface PeriodAsked {
  range: DayRange;
  filters: ProductFilters;
  timeZone: string;
  /** Whether the kept products' months answer (nothing narrows the report). */
  kept: boolean;
}

/**
 * What a period sold of each product net of returns: from the kept products' months and the
 * lines of the days either side when nothing narrows it (`kept`), else from the lines.
 */
async function soldOf(
  db: Db,
  businessId: string,
  { range, filters, timeZone, kept }: PeriodAsked,
): Promise<PeriodSales[]> {
  const rows = kept
    ? await productNetFromMonths(db, businessId, range, timeZone)
    : await jsonRows<Record<string, string | number>>(
        db,
        sql`
      with sold as (
        select product_id, sum(quantity)::bigint as units, sum(net_cents)::bigint as sales_cents,
          sum(cost_cents)::bigint as cost_cents
        from (${saleLinesOf(businessId, range, timeZone, filters)}) l
        where product_id is not null group by product_id
      ),
      back as (
        select product_id, sum(quantity)::bigint as units,
          sum(refund_cents)::bigint as refund_cents,
          sum(restocked_cost_cents)::bigint as cost_cents
        from (${returnLinesOf(businessId, range, timeZone, filters)}) r
        where product_id is not null group by product_id
      )
      select coalesce(sold.product_id, back.product_id) as product_id,
        coalesce(sold.units, 0) - coalesce(back.units, 0) as units,
        coalesce(sold.sales_cents, 0) - coalesce(back.refund_cents, 0) as sales_cents,
        coalesce(sold.cost_cents, 0) - coalesce(back.cost_cents, 0) as cost_cents
      from sold full join back on back.product_id = sold.product_id`,
      );
  return rows.map((row) => ({
    productId: Number(row.product_id),
    units: Number(row.units),
    salesCents: Number(row.sales_cents),
    costCents: Number(row.cost_cents),
  }));
}

/** What a period sold of each product net of returns, and lost (by reason and product). */
async function periodFacts(db: Db, businessId: string, asked: PeriodAsked) {
  const { range, filters, timeZone } = asked;
  const [sales, moved] = await Promise.all([
    soldOf(db, businessId, asked),
    db.execute(sql`
      select m.reason, m.product_id, sum(m.delta)::bigint as delta
      from ${stockMovements} m
      where m.business_id = ${businessId}
        and ${madeWithin(sql`m.made_at`, range, timeZone)}
        and ${notShrinkage(sql`m.reason`)}
        and ${productsKept(businessId, filters, sql`m.product_id`)}
      group by m.reason, m.product_id`),
  ]);
  const lost = resultRows<{ reason: string; product_id: number; delta: string | number }>(
    moved,
  ).map((row) => ({
    reason: row.reason,
    productId: Number(row.product_id),
    units: -Number(row.delta),
  }));
  return { sales, lost };
}

/** A period's sales, cost of sales and shrinkage in total (what a comparison sets beside). */
function periodSummary(
  range: DayRange,
  facts: Awaited<ReturnType<typeof periodFacts>>,
  lucOf: (productId: number) => number,
): InventoryPeriod {
  return {
    range,
    sales_cents: facts.sales.reduce((total, each) => total + each.salesCents, 0),
    cost_of_sales_cents: facts.sales.reduce((total, each) => total + each.costCents, 0),
    shrinkage_luc_cents: facts.lost.reduce(
      (total, each) => total + each.units * lucOf(each.productId),
      0,
    ),
  };
}

/**
 * The Inventory Report (#domains/reports/inventory-report.ts): the catalogue now (or at the end
 * of a past day, from the stock ledger), what the period (days of the shop's calendar) sold of
 * each product net of returns, and its stock movements other than sales, returns, deliveries
 * and opening balances (shrinkage, valued at today's LUC: a movement keeps no cost). The product
 * filters narrow all of it; a comparison period sets its sales and losses beside the period's.
 */
export async function inventoryReport(
  db: Db,
  businessId: string,
  asked: {
    range: DayRange;
    today: string;
    deadDays: number;
    filters: ProductFilters;
    on: string | null;
    compare: DayRange | null;
  },
  timeZone: string,
  now: Date,
  { plain = false }: { plain?: boolean } = {},
): Promise<InventoryReport> {
  const { range, filters, on } = asked;
  // The kept products' months answer what sold when nothing narrows the report.
  const kept =
    !plain &&
    filterEntries(filters).length === 0 &&
    (await ensureReportDays(db, businessId, timeZone));
  const [catalogue, movedSince, facts, compared, stated] = await Promise.all([
    jsonRows<{
      id: number;
      name: string;
      vintage: string | null;
      bottle_ml: string | null;
      category: string;
      stock_quantity: number;
      luc: string | number;
      list_price: string | number;
      last_sale: string | null;
      added_on: string;
    }>(
      db,
      sql`
      select id, name, vintage, bottle_ml, coalesce(nullif(category, ''), 'Uncategorised')
        as category, stock_quantity, luc, list_price, last_sale_date::text as last_sale,
        to_char(created_at at time zone ${timeZone}, 'YYYY-MM-DD') as added_on
      from ${products} where business_id = ${businessId}
        and ${productsKept(businessId, filters, sql`id`)}`,
    ),
    on === null
      ? null
      : jsonRows<{ product_id: number; delta: string | number }>(
          db,
          sql`
          select product_id, sum(delta)::bigint as delta from ${stockMovements}
          where business_id = ${businessId}
            and made_at >= ${dayStartIn(addDays(on, 1), timeZone).toISOString()}
          group by product_id`,
        ),
    periodFacts(db, businessId, { range, filters, timeZone, kept }),
    asked.compare
      ? periodFacts(db, businessId, { range: asked.compare, filters, timeZone, kept })
      : null,
    statedFilters(db, businessId, filters),
  ]);
  const current = catalogue.map((row) => ({
    id: Number(row.id),
    name: displayName({ name: row.name, vintage: row.vintage, bottleMl: row.bottle_ml }),
    category: row.category,
    stock: Number(row.stock_quantity),
    lucCents: centsOf(Number(row.luc)),
    listCents: centsOf(Number(row.list_price)),
    lastSale: row.last_sale,
    addedOn: row.added_on,
  }));
  const held: StockedProduct[] =
    on === null || movedSince === null
      ? current
      : stockOnDay(
          current,
          new Map(movedSince.map((row) => [Number(row.product_id), Number(row.delta)])),
          on,
        );
  // Sales, dead stock and cover go by the catalogue as it is now; only the valuation by the day.
  const byId = new Map(current.map((product) => [product.id, product]));
  const lucOf = (productId: number) => byId.get(productId)?.lucCents ?? 0;
  const { sales } = facts;
  const classes = abcClasses(current, sales);
  const salesOf = new Map(sales.map((each) => [each.productId, each]));
  const values = valuation(held);
  const days = daysIn(range);
  const period = periodSummary(range, facts, lucOf);
  const costOfSales = period.cost_of_sales_cents;
  const dead = deadStock(current, asked.today, asked.deadDays);
  const shrinkage = new Map<string, { units: number; luc_cents: number }>();
  for (const each of facts.lost) {
    const entry = shrinkage.get(each.reason) ?? { units: 0, luc_cents: 0 };
    entry.units += each.units;
    entry.luc_cents += each.units * lucOf(each.productId);
    shrinkage.set(each.reason, entry);
  }
  return {
    as_of: now.toISOString(),
    range,
    on,
    filters: stated,
    period,
    compare: asked.compare && compared ? periodSummary(asked.compare, compared, lucOf) : null,
    valuation: values,
    abc: ABC_CLASSES.map((each) => {
      const members = current.filter((product) => classes.get(product.id) === each);
      return {
        class: each,
        products: members.length,
        sales_cents: members.reduce(
          (total, product) => total + (salesOf.get(product.id)?.salesCents ?? 0),
          0,
        ),
        stock_luc_cents: members.reduce(
          (total, product) => total + stockValue(product.stock, product.lucCents),
          0,
        ),
      };
    }),
    // Turns by the stock held now (or on the day asked).
    turnover: turnover(costOfSales, values.total.lucCents, days),
    cost_of_sales_cents: costOfSales,
    dead_stock: {
      days: asked.deadDays,
      products: dead.length,
      luc_cents: dead.reduce(
        (total, product) => total + stockValue(product.stock, product.lucCents),
        0,
      ),
      listed: dead.slice(0, LISTED).map((product) => ({
        id: product.id,
        name: product.name,
        stock: product.stock,
        luc_cents: stockValue(product.stock, product.lucCents),
        last_sale: product.lastSale,
      })),
    },
    shrinkage: [...shrinkage]
      .map(([reason, entry]) => ({ reason, ...entry }))
      .sort((a, b) => b.luc_cents - a.luc_cents || a.reason.localeCompare(b.reason)),
    // The products that sold, shortest cover first: what runs out soonest.
    cover: sales
      .filter((each) => each.units > 0 && byId.has(each.productId))
      .map((each) => {
        const product = byId.get(each.productId) as StockedProduct;
        return {
          id: product.id,
          name: product.name,
          stock: product.stock,
          units_sold: each.units,
          days: daysOfCover(product.stock, each.units, days),
        };
      })
      .sort((a, b) => (a.days ?? Infinity) - (b.days ?? Infinity) || a.name.localeCompare(b.name))
      .slice(0, LISTED),
  };
}
