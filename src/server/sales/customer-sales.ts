import { and, eq, sql } from 'drizzle-orm';
import {
  CUSTOMER_SALES_SHOWN,
  type CustomerSales,
  FAVOURITE_CATEGORIES,
  NO_CATEGORY,
} from '#domains/sales/customer-sales.ts';
import type { Db, Tx } from '../db/client.ts';
import { products, saleLines, saleReturns, sales } from '../db/schema.ts';
import { resultRows } from '../db/table-rows.ts';

/**
 * A customer's purchases (#domains/sales/customer-sales.ts), worked out in the database from
 * the sales the till named them on: three statements whatever the number of sales (the
 * sales_customer_idx finds them).
 */
export async function customerSales(
  db: Db,
  businessId: string,
  customerId: string,
): Promise<CustomerSales> {
  const mine = sql`select id, receipt, made_at, total_cents from ${sales}
    where business_id = ${businessId} and customer_id = ${customerId}`;
  const refunds = sql`select r.sale_id, sum(r.total_cents)::int as refunded
    from ${saleReturns} r join (${mine}) m on m.id = r.sale_id group by r.sale_id`;
  const [figures, listed, categories] = await Promise.all([
    db.execute(sql`
      select count(*)::int as count, coalesce(sum(m.total_cents), 0)::bigint as sold,
        coalesce(sum(b.refunded), 0)::bigint as refunded, max(m.made_at) as last_visit
      from (${mine}) m left join (${refunds}) b on b.sale_id = m.id`),
    db.execute(sql`
      select m.id, m.receipt, m.made_at, m.total_cents, coalesce(b.refunded, 0)::int as refunded,
        (select coalesce(sum(l.quantity), 0)::int from ${saleLines} l where l.sale_id = m.id)
          as items
      from (${mine}) m left join (${refunds}) b on b.sale_id = m.id
      order by m.made_at desc, m.receipt desc
      limit ${CUSTOMER_SALES_SHOWN}`),
    db.execute(sql`
      select coalesce(nullif(trim(p.category), ''), ${NO_CATEGORY}) as category,
        sum(l.quantity)::int as units
      from ${saleLines} l join (${mine}) m on m.id = l.sale_id
        left join ${products} p on p.id = l.product_id
      group by 1 order by 2 desc, 1
      limit ${FAVOURITE_CATEGORIES}`),
  ]);
  const [totals] = resultRows<{
    count: number;
    sold: string | number;
    refunded: string | number;
    last_visit: string | Date | null;
  }>(figures);
  const count = Number(totals?.count ?? 0);
  const sold = Number(totals?.sold ?? 0);
  const moment = (value: string | Date) => new Date(value).toISOString();
  return {
    count,
    spent_cents: sold - Number(totals?.refunded ?? 0),
    average_cents: count > 0 ? Math.round(sold / count) : null,
    last_visit: totals?.last_visit ? moment(totals.last_visit) : null,
    categories: resultRows<{ category: string; units: number }>(categories).map((row) => ({
      category: row.category,
      units: Number(row.units),
    })),
    sales: resultRows<{
      id: string;
      receipt: string;
      made_at: string | Date;
      total_cents: number;
      refunded: number;
      items: number;
    }>(listed).map((row) => ({
      id: row.id,
      receipt: row.receipt,
      made_at: moment(row.made_at),
      total_cents: Number(row.total_cents),
      refunded_cents: Number(row.refunded),
      items: Number(row.items),
    })),
  };
}

/** The sales of a customer merged into another are the kept one's. */
export async function moveCustomerSales(tx: Tx, businessId: string, from: string, to: string) {
  await tx
    .update(sales)
    .set({ customerId: to })
    .where(and(eq(sales.businessId, businessId), eq(sales.customerId, from)));
}
