import { sql } from 'drizzle-orm';
import { displayName } from '#domains/products/display-name.ts';
import {
  needsReorder,
  RATE_WEEKS,
  type ReorderLine,
  type ReorderRules,
  type ReorderSuggestions,
  reorderFigures,
} from '#domains/purchasing/reorder.ts';
import { centsOf } from '#domains/sales/money.ts';
import type { Db } from '../db/client.ts';
import {
  products,
  saleLines,
  saleReturnLines,
  saleReturns,
  sales,
  suppliers,
} from '../db/schema.ts';
import { resultRows } from '../db/table-rows.ts';

const DAY_MS = 86_400_000;

interface ProductForReorder {
  id: number;
  name: string;
  vintage: string | null;
  bottle_ml: string | null;
  stock_quantity: number;
  luc: string;
  reorder_point: string | null;
  reorder_quantity: string | null;
  case_size: string | null;
  supplier_id: string | null;
  supplier_name: string | null;
  lead_days: number | null;
  net_units: number;
}

const wholeOrNull = (text: string | null) => {
  const number = text === null || text.trim() === '' ? Number.NaN : Number(text);
  return Number.isInteger(number) ? number : null;
};

/**
 * Each product's reorder figures (#domains/purchasing/reorder.ts): its own, or worked out from
 * its units sold less units returned over the last RATE_WEEKS weeks and its supplier's lead
 * time. One statement for the whole catalogue: the sales of the period summed per product.
 */
export async function reorderLines(
  db: Db,
  businessId: string,
  now: Date,
  rules: ReorderRules,
  productId?: number,
): Promise<ReorderLine[]> {
  const since = new Date(now.getTime() - RATE_WEEKS * 7 * DAY_MS);
  const rows = resultRows<ProductForReorder>(
    await db.execute(sql`
      with sold as (
        select l.product_id, sum(l.quantity)::int as units
        from ${saleLines} as l join ${sales} as s on s.id = l.sale_id
        where s.business_id = ${businessId} and s.made_at >= ${since}
          and l.product_id is not null
        group by l.product_id
      ),
      returned as (
        select l.product_id, sum(r.quantity)::int as units
        from ${saleReturnLines} as r
        join ${saleReturns} as t on t.id = r.return_id
        join ${saleLines} as l on l.sale_id = t.sale_id and l.line_no = r.line_no
        where t.business_id = ${businessId} and t.made_at >= ${since}
          and l.product_id is not null
        group by l.product_id
      )
      select p.id, p.name, p.vintage, p.bottle_ml, p.stock_quantity, p.luc, p.reorder_point,
        p.reorder_quantity, p.case_size, p.supplier_id, s.name as supplier_name, s.lead_days,
        (coalesce(sold.units, 0) - coalesce(returned.units, 0))::int as net_units
      from ${products} as p
      left join ${suppliers} as s on s.id = p.supplier_id
      left join sold on sold.product_id = p.id
      left join returned on returned.product_id = p.id
      where p.business_id = ${businessId}
        ${productId === undefined ? sql`` : sql`and p.id = ${productId}`}
      order by p.id`),
  );
  return rows.map((row) => {
    const caseSize = wholeOrNull(row.case_size);
    const figures = reorderFigures(
      {
        reorderPoint: wholeOrNull(row.reorder_point),
        reorderQuantity: wholeOrNull(row.reorder_quantity),
        netUnitsSold: row.net_units,
        leadDays: row.lead_days,
        caseSize,
      },
      rules,
    );
    return {
      product_id: row.id,
      name: displayName({ name: row.name, vintage: row.vintage, bottleMl: row.bottle_ml }),
      stock: row.stock_quantity,
      point: figures.point,
      quantity: figures.quantity,
      automatic: figures.automatic,
      weekly_rate: figures.weeklyRate,
      lead_days: figures.leadDays,
      case_size: caseSize,
      unit_cost_cents: centsOf(Number(row.luc)),
      explanation: figures.explanation,
      supplier_id: row.supplier_id,
      supplier: row.supplier_name,
    };
  });
}

/**
 * The products at or under their point, grouped by supplier by name (those without one last),
 * each to order its reorder quantity (its point's shortfall where it has none), valued at cost.
 */
export function suggestionsOf(
  lines: readonly ReorderLine[],
  minimumOrders: ReadonlyMap<string, number | null>,
): ReorderSuggestions {
  const groups = new Map<string, ReorderSuggestions['suppliers'][number]>();
  for (const line of lines) {
    if (!needsReorder(line.stock, line.point)) continue;
    const quantity = line.quantity ?? Math.max((line.point ?? 0) - line.stock + 1, 1);
    const key = line.supplier_id ?? '';
    const group = groups.get(key) ?? {
      supplier_id: line.supplier_id,
      name: line.supplier,
      minimum_order_cents: minimumOrders.get(key) ?? null,
      lines: [],
      value_cents: 0,
    };
    group.lines.push({ ...line, quantity });
    group.value_cents += quantity * line.unit_cost_cents;
    groups.set(key, group);
  }
  const sorted = [...groups.values()].sort((a, b) =>
    a.name === null ? 1 : b.name === null ? -1 : a.name.localeCompare(b.name, 'en'),
  );
  return { suppliers: sorted };
}
