import { sql } from 'drizzle-orm';
import { displayName } from '#domains/products/display-name.ts';
import { RECEIVED_REASON } from '#domains/purchasing/receiving.ts';
import {
  ABC_CLASSES,
  abcClasses,
  daysOfCover,
  deadStock,
  type InventoryReport,
  type PeriodSales,
  type StockedProduct,
  stockValue,
  turnover,
  valuation,
} from '#domains/reports/inventory-report.ts';
import { type DayRange, daysIn } from '#domains/reports/period.ts';
import { SALE_REASON } from '#domains/sales/constants.ts';
import { centsOf } from '#domains/sales/money.ts';
import { RETURN_REASON } from '#domains/sales/returns.ts';
import { OPENING_BALANCE } from '#domains/stock/movement.ts';
import type { Db } from '../db/client.ts';
import { products, stockMovements } from '../db/schema.ts';
import { resultRows } from '../db/table-rows.ts';
import { madeWithin, returnLinesOf, saleLinesOf } from './sales-report.ts';

/** At most this many dead-stock products and days-of-cover lines are listed. */
const LISTED = 50;
/** Movements that are not shrinkage: stock sold, brought back, received or first counted in. */
const NOT_SHRINKAGE = [SALE_REASON, RETURN_REASON, RECEIVED_REASON, OPENING_BALANCE];

/**
 * The Inventory Report (#domains/reports/inventory-report.ts): the catalogue as it is now, what
 * the period (days of the shop's calendar) sold of each product net of returns, and its stock
 * movements other than sales, returns, deliveries and opening balances (shrinkage, valued at
 * today's LUC: a movement keeps no cost).
 */
export async function inventoryReport(
  db: Db,
  businessId: string,
  asked: { range: DayRange; today: string; deadDays: number },
  timeZone: string,
  now: Date,
): Promise<InventoryReport> {
  const { range } = asked;
  const [catalogue, sold, moved] = await Promise.all([
    db.execute(sql`
      select id, name, vintage, bottle_ml, coalesce(nullif(category, ''), 'Uncategorised')
        as category, stock_quantity, luc, list_price, last_sale_date::text as last_sale
      from ${products} where business_id = ${businessId}`),
    db.execute(sql`
      with sold as (
        select product_id, sum(quantity)::bigint as units, sum(net_cents)::bigint as sales_cents,
          sum(cost_cents)::bigint as cost_cents
        from (${saleLinesOf(businessId, range, timeZone)}) l
        where product_id is not null group by product_id
      ),
      back as (
        select product_id, sum(quantity)::bigint as units,
          sum(refund_cents)::bigint as refund_cents,
          sum(restocked_cost_cents)::bigint as cost_cents
        from (${returnLinesOf(businessId, range, timeZone)}) r
        where product_id is not null group by product_id
      )
      select coalesce(sold.product_id, back.product_id) as product_id,
        coalesce(sold.units, 0) - coalesce(back.units, 0) as units,
        coalesce(sold.sales_cents, 0) - coalesce(back.refund_cents, 0) as sales_cents,
        coalesce(sold.cost_cents, 0) - coalesce(back.cost_cents, 0) as cost_cents
      from sold full join back on back.product_id = sold.product_id`),
    db.execute(sql`
      select m.reason, m.product_id, sum(m.delta)::bigint as delta
      from ${stockMovements} m
      where m.business_id = ${businessId}
        and ${madeWithin(sql`m.made_at`, range, timeZone)}
        and m.reason <> all(${`{${NOT_SHRINKAGE.map((reason) => `"${reason}"`).join(',')}}`}::text[])
      group by m.reason, m.product_id`),
  ]);
  const held: StockedProduct[] = resultRows<{
    id: number;
    name: string;
    vintage: string | null;
    bottle_ml: string | null;
    category: string;
    stock_quantity: number;
    luc: string;
    list_price: string;
    last_sale: string | null;
  }>(catalogue).map((row) => ({
    id: Number(row.id),
    name: displayName({ name: row.name, vintage: row.vintage, bottleMl: row.bottle_ml }),
    category: row.category,
    stock: Number(row.stock_quantity),
    lucCents: centsOf(Number(row.luc)),
    listCents: centsOf(Number(row.list_price)),
    lastSale: row.last_sale,
  }));
  const byId = new Map(held.map((product) => [product.id, product]));
  const sales: PeriodSales[] = resultRows<Record<string, string | number>>(sold).map((row) => ({
    productId: Number(row.product_id),
    units: Number(row.units),
    salesCents: Number(row.sales_cents),
    costCents: Number(row.cost_cents),
  }));
  const classes = abcClasses(held, sales);
  const salesOf = new Map(sales.map((each) => [each.productId, each]));
  const values = valuation(held);
  const days = daysIn(range);
  const costOfSales = sales.reduce((total, each) => total + each.costCents, 0);
  const dead = deadStock(held, asked.today, asked.deadDays);
  const shrinkage = new Map<string, { units: number; luc_cents: number }>();
  for (const row of resultRows<{ reason: string; product_id: number; delta: string | number }>(
    moved,
  )) {
    const lost = -Number(row.delta);
    const entry = shrinkage.get(row.reason) ?? { units: 0, luc_cents: 0 };
    entry.units += lost;
    entry.luc_cents += lost * (byId.get(Number(row.product_id))?.lucCents ?? 0);
    shrinkage.set(row.reason, entry);
  }
  return {
    as_of: now.toISOString(),
    range,
    valuation: values,
    abc: ABC_CLASSES.map((each) => {
      const members = held.filter((product) => classes.get(product.id) === each);
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
