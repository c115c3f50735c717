import { and, eq, sql } from 'drizzle-orm';
import { displayName } from '#domains/products/display-name.ts';
import {
  needsReorder,
  RATE_WEEKS,
  type ReorderLine,
  type ReorderRules,
  type ReorderSuggestions,
  reorderFigures,
  reorderPoint,
} from '#domains/purchasing/reorder.ts';
import { centsOf } from '#domains/sales/money.ts';
import { pgArray } from '../db/array-params.ts';
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

/** What the figures of a product are worked out from. */
interface ProductForReorder {
  id: number;
  stock_quantity: number;
  luc: string;
  reorder_point: string | null;
  reorder_quantity: string | null;
  case_size: string | null;
  supplier_id: string | null;
  net_units: number;
}

const wholeOrNull = (text: string | null) => {
  const number = text === null || text.trim() === '' ? Number.NaN : Number(text);
  return Number.isInteger(number) ? number : null;
};

/**
 * Reorder figures (#domains/purchasing/reorder.ts) of one product, or of the products due (at
 * or under their point): its own, or worked out from its units sold less units returned over the
 * last RATE_WEEKS weeks and its supplier's lead time. One statement for the whole catalogue: the
 * sales and returns of the period summed per product. For the products due, the database leaves
 * out those with no point at all (none of their own, and nothing sold or not reordering by
 * itself), and only the due are named afterwards: a catalogue of 50,000 read and named whole
 * took seconds (benchmark: npm run bench:purchasing).
 */
export async function reorderLines(
  db: Db,
  businessId: string,
  now: Date,
  rules: ReorderRules,
  scope: { productId: number } | 'due',
): Promise<ReorderLine[]> {
  const productId = scope === 'due' ? undefined : scope.productId;
  const since = new Date(now.getTime() - RATE_WEEKS * 7 * DAY_MS);
  const [rows, supplierRows] = await Promise.all([
    db.execute(sql`
      with moved as (
        select l.product_id, l.quantity as units
        from ${saleLines} as l join ${sales} as s on s.id = l.sale_id
        where s.business_id = ${businessId} and s.made_at >= ${since}
          and l.product_id is not null
        union all
        select l.product_id, -r.quantity
        from ${saleReturnLines} as r
        join ${saleReturns} as t on t.id = r.return_id
        join ${saleLines} as l on l.sale_id = t.sale_id and l.line_no = r.line_no
        where t.business_id = ${businessId} and t.made_at >= ${since}
          and l.product_id is not null
      ),
      net as (select product_id, sum(units)::int as units from moved group by product_id)
      select p.id, p.stock_quantity, p.luc, p.reorder_point, p.reorder_quantity, p.case_size,
        p.supplier_id, coalesce(net.units, 0)::int as net_units
      from ${products} as p
      left join net on net.product_id = p.id
      where p.business_id = ${businessId}
        ${
          productId === undefined
            ? sql`and (p.reorder_point is not null
                or (${rules.autoReorderEnabled} and coalesce(net.units, 0) > 0))`
            : sql`and p.id = ${productId}`
        }`),
    db
      .select({ id: suppliers.id, name: suppliers.name, leadDays: suppliers.leadDays })
      .from(suppliers)
      .where(eq(suppliers.businessId, businessId)),
  ]);
  const supplierOf = new Map(supplierRows.map((row) => [row.id, row]));
  const worked = resultRows<ProductForReorder>(rows).flatMap((row) => {
    const caseSize = wholeOrNull(row.case_size);
    const supplier = row.supplier_id ? supplierOf.get(row.supplier_id) : undefined;
    const input = {
      reorderPoint: wholeOrNull(row.reorder_point),
      reorderQuantity: wholeOrNull(row.reorder_quantity),
      netUnitsSold: row.net_units,
      leadDays: supplier?.leadDays ?? null,
      caseSize,
    };
    // The point alone first: the rest (quantity, explanation) only for the products due.
    const due = needsReorder(row.stock_quantity, reorderPoint(input, rules).point);
    if (productId === undefined && !due) return [];
    return [{ row, caseSize, supplier, figures: reorderFigures(input, rules) }];
  });
  const names = await namesOf(
    db,
    businessId,
    worked.map(({ row }) => row.id),
  );
  return worked
    .sort((a, b) => a.row.id - b.row.id)
    .map(({ row, caseSize, supplier, figures }) => ({
      product_id: row.id,
      name: names.get(row.id) ?? '',
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
      supplier: supplier?.name ?? null,
    }));
}

/** The display names of some products, by id. */
async function namesOf(db: Db, businessId: string, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      vintage: products.vintage,
      bottleMl: products.bottleMl,
    })
    .from(products)
    .where(
      and(
        eq(products.businessId, businessId),
        // Thousands of ids as one array parameter.
        sql`${products.id} = any(${pgArray(ids)}::int[])`,
      ),
    );
  return new Map(rows.map((row) => [row.id, displayName(row)]));
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
