import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CustomerExport } from '#domains/customers/customer.ts';
import { listCustomerOrders, orderIdsOf } from '../customer-orders/customer-orders.ts';
import type { Db } from '../db/client.ts';
import { saleLines, sales } from '../db/schema.ts';
import { entriesOf, toAccountEntry } from './accounts.ts';
import { type CustomerRow, toCustomer } from './customers.ts';

/**
 * One customer's data as the shop holds it (#domains/customers/customer.ts CustomerExport):
 * their details, their orders with lines, their sales with each line's name, units and what
 * was paid for it, and their account's entries; oldest first.
 */
export async function customerExport(
  db: Db,
  businessId: string,
  row: CustomerRow,
  now: Date,
): Promise<CustomerExport> {
  const ids = await orderIdsOf(db, businessId, row.id);
  const orders = ids.length > 0 ? await listCustomerOrders(db, businessId, ids) : [];
  const sold = await db
    .select()
    .from(sales)
    .where(and(eq(sales.businessId, businessId), eq(sales.customerId, row.id)))
    .orderBy(asc(sales.madeAt));
  const lines = sold.length
    ? await db
        .select()
        .from(saleLines)
        .where(
          inArray(
            saleLines.saleId,
            sold.map((sale) => sale.id),
          ),
        )
        .orderBy(asc(saleLines.lineNo))
    : [];
  return {
    exported_at: now.toISOString(),
    customer: toCustomer(row),
    orders: orders.map((order) => ({
      number: order.number,
      kind: order.kind,
      due_on: order.due_on,
      status: order.status,
      address: order.address,
      notes: order.notes,
      lines: order.lines.map((line) => ({
        name: line.name,
        quantity: line.quantity,
        price_cents: line.price_cents,
      })),
    })),
    sales: sold.map((sale) => ({
      receipt: sale.receipt,
      made_at: sale.madeAt.toISOString(),
      total_cents: sale.totalCents,
      lines: lines
        .filter((line) => line.saleId === sale.id)
        .map((line) => ({ name: line.name, quantity: line.quantity, net_cents: line.netCents })),
    })),
    account: (await entriesOf(db, businessId, row.id)).map(toAccountEntry),
  };
}
