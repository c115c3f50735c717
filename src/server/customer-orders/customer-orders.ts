import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  type CustomerOrder,
  type CustomerOrderCreate,
  type CustomerOrderPatch,
  customerOrderNumber,
  handedOver,
  type OrderField,
  type OrderLineChange,
  orderTotalCents,
  RESERVING,
  type SettableStatus,
  withLineChanges,
} from '#domains/customer-orders/customer-order.ts';
import { customerOrdersFeed } from '#domains/customer-orders/feeds.ts';
import { displayName } from '#domains/products/display-name.ts';
import { centsOf } from '#domains/sales/money.ts';
import { mergeFields } from '#shared/sync/field-merge.ts';
import { customerOf } from '../customers/customers.ts';
import type { Db, Tx } from '../db/client.ts';
import { inTransaction } from '../db/client.ts';
import {
  businesses,
  customerOrderLines,
  customerOrders,
  customers,
  products,
} from '../db/schema.ts';
import type { WriteContext } from '../products/catalogue-writes.ts';
import { noteFeedChange } from '../sync/feed-changes.ts';

/**
 * Customer orders on the server (the rules are in #domains/customer-orders/customer-order.ts).
 * A line's price is the product's list price when the line was made, read here: what a device
 * sends is a product and a quantity, never a price. Every write notes the order in the feed as
 * its last statement.
 */
type OrderRow = typeof customerOrders.$inferSelect;

const ROW_OF: Readonly<Record<OrderField, keyof OrderRow>> = {
  kind: 'kind',
  due_on: 'dueOn',
  window_from: 'windowFrom',
  window_to: 'windowTo',
  address: 'address',
  notes: 'notes',
};

const rowValues = (changes: Partial<Record<OrderField, unknown>>): Partial<OrderRow> =>
  Object.fromEntries(
    Object.entries(changes).map(([field, value]) => [ROW_OF[field as OrderField], value]),
  );

const noteOrdersChanged = (tx: Tx, businessId: string, ids: readonly string[]) =>
  noteFeedChange(tx, businessId, customerOrdersFeed.name, ids);

/** The orders (all, or these ids), by day and window, as devices see them. */
export async function listCustomerOrders(
  db: Db | Tx,
  businessId: string,
  ids?: readonly string[],
): Promise<CustomerOrder[]> {
  const orders = await db
    .select({ order: customerOrders, customer: customers.name })
    .from(customerOrders)
    .innerJoin(customers, eq(customers.id, customerOrders.customerId))
    .where(
      and(
        eq(customerOrders.businessId, businessId),
        ids ? inArray(customerOrders.id, [...ids]) : undefined,
      ),
    )
    .orderBy(
      asc(customerOrders.dueOn),
      asc(sql`coalesce(${customerOrders.windowFrom}, '')`),
      desc(customerOrders.number),
    );
  if (orders.length === 0) return [];
  const lines = await db
    .select({
      line: customerOrderLines,
      name: products.name,
      vintage: products.vintage,
      bottleMl: products.bottleMl,
    })
    .from(customerOrderLines)
    .innerJoin(products, eq(products.id, customerOrderLines.productId))
    .where(
      inArray(
        customerOrderLines.orderId,
        orders.map(({ order }) => order.id),
      ),
    )
    .orderBy(asc(customerOrderLines.position));
  const byOrder = new Map<string, CustomerOrder['lines']>();
  for (const { line, name, vintage, bottleMl } of lines) {
    const list = byOrder.get(line.orderId) ?? [];
    list.push({
      product_id: line.productId,
      name: displayName({ name, vintage, bottleMl }),
      quantity: line.quantity,
      price_cents: line.priceCents,
    });
    byOrder.set(line.orderId, list);
  }
  return orders.map(({ order, customer }) => {
    const orderLines = byOrder.get(order.id) ?? [];
    return {
      id: order.id,
      number: order.number,
      customer_id: order.customerId,
      customer,
      kind: order.kind,
      due_on: order.dueOn,
      window_from: order.windowFrom,
      window_to: order.windowTo,
      address: order.address,
      notes: order.notes,
      status: order.status,
      lines: orderLines,
      total_cents: orderTotalCents(orderLines),
      version: order.version,
      field_versions: order.fieldVersions,
      created_at: order.createdAt.toISOString(),
      updated_at: order.updatedAt.toISOString(),
      sale_receipt: order.saleReceipt,
    };
  });
}

/** The list price (GST included) of each of the business's products among `ids`, in cents. */
async function pricesOf(tx: Tx, businessId: string, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, number>();
  const rows = await tx
    .select({ id: products.id, listPrice: products.listPrice })
    .from(products)
    .where(and(eq(products.businessId, businessId), inArray(products.id, [...ids])));
  return new Map(rows.map((row) => [row.id, centsOf(Number(row.listPrice ?? 0))]));
}

export type CreateCustomerOrderOutcome =
  | { status: 'created' | 'repeated'; id: string }
  | { status: 'taken' | 'customer-gone' | 'product-gone' };

/**
 * A new order, numbered the business's next. The business's row is locked first, so orders made
 * at once are numbered one after another and the same create sent twice is found.
 */
export async function createCustomerOrder(
  db: Db,
  context: WriteContext,
  create: CustomerOrderCreate,
): Promise<CreateCustomerOrderOutcome> {
  return inTransaction(db, async (tx) => {
    const [business] = await tx
      .select({ last: businesses.lastCustomerOrderNumber })
      .from(businesses)
      .where(eq(businesses.id, context.businessId))
      .for('update');
    const [existing] = await tx
      .select({ businessId: customerOrders.businessId })
      .from(customerOrders)
      .where(eq(customerOrders.id, create.id));
    if (existing) {
      return existing.businessId === context.businessId
        ? { status: 'repeated', id: create.id }
        : { status: 'taken' };
    }
    // A customer merged since the order was taken offline: it is the kept one's.
    const customerId = await customerOf(tx, context.businessId, create.customer_id);
    if (!customerId) return { status: 'customer-gone' };
    const prices = await pricesOf(
      tx,
      context.businessId,
      create.lines.map((line) => line.product_id),
    );
    if (create.lines.some((line) => !prices.has(line.product_id))) {
      return { status: 'product-gone' };
    }
    const sequence = (business?.last ?? 0) + 1;
    await tx
      .update(businesses)
      .set({ lastCustomerOrderNumber: sequence })
      .where(eq(businesses.id, context.businessId));
    const { id, customer_id: _named, lines, ...fields } = create;
    await tx.insert(customerOrders).values({
      id,
      businessId: context.businessId,
      number: customerOrderNumber(sequence),
      customerId,
      ...rowValues(fields),
      kind: fields.kind,
      dueOn: fields.due_on,
      createdBy: context.userId,
      createdAt: context.now,
      updatedAt: context.now,
    });
    await tx.insert(customerOrderLines).values(
      lines.map((line, position) => ({
        orderId: id,
        productId: line.product_id,
        position,
        quantity: line.quantity,
        priceCents: prices.get(line.product_id) ?? 0,
      })),
    );
    await noteOrdersChanged(tx, context.businessId, [id]);
    return { status: 'created', id };
  });
}

async function lockedOrder(tx: Tx, businessId: string, id: string) {
  const [row] = await tx
    .select()
    .from(customerOrders)
    .where(and(eq(customerOrders.id, id), eq(customerOrders.businessId, businessId)))
    .for('update');
  return row;
}

export type CustomerOrderChangeOutcome =
  | { status: 'saved' }
  | { status: 'conflict'; conflicts: string[] }
  | { status: 'missing' | 'closed' | 'product-gone' | 'no-address' | 'bad-window' | 'empty' };

/**
 * Details merged field by field (mergeFields) and lines set product by product: a line another
 * device changed meanwhile is left as it is unless this edit names it. A delivery must keep an
 * address, and an order at least one line.
 */
export async function patchCustomerOrder(
  db: Db,
  context: WriteContext,
  id: string,
  patch: CustomerOrderPatch,
): Promise<CustomerOrderChangeOutcome> {
  return inTransaction(db, async (tx) => {
    const order = await lockedOrder(tx, context.businessId, id);
    if (!order) return { status: 'missing' };
    if (!RESERVING.has(order.status)) return { status: 'closed' };
    const current = {
      version: order.version,
      field_versions: order.fieldVersions,
      kind: order.kind,
      due_on: order.dueOn,
      window_from: order.windowFrom,
      window_to: order.windowTo,
      address: order.address,
      notes: order.notes,
    };
    const merge = mergeFields(current, patch.base_version, patch.changes);
    if (merge.status === 'conflict') return { status: 'conflict', conflicts: merge.conflicts };
    const after = { ...current, ...(merge.status === 'merged' ? merge.changed : {}) };
    if (after.kind === 'delivery' && after.address === null) return { status: 'no-address' };
    if (after.window_from && after.window_to && after.window_from >= after.window_to) {
      return { status: 'bad-window' };
    }
    const linesChanged = await changeLines(tx, context.businessId, id, patch.lines);
    if (linesChanged === 'product-gone' || linesChanged === 'empty') {
      return { status: linesChanged };
    }
    if (merge.status !== 'merged' && !linesChanged) return { status: 'saved' };
    const version = merge.status === 'merged' ? merge.version : order.version + 1;
    await tx
      .update(customerOrders)
      .set({
        ...(merge.status === 'merged' ? rowValues(merge.changed) : {}),
        version,
        fieldVersions: merge.status === 'merged' ? merge.fieldVersions : order.fieldVersions,
        updatedAt: context.now,
      })
      .where(eq(customerOrders.id, id));
    await noteOrdersChanged(tx, context.businessId, [id]);
    return { status: 'saved' };
  });
}

/** The order's lines with these changes stored: whether any changed. */
async function changeLines(
  tx: Tx,
  businessId: string,
  orderId: string,
  changes: readonly OrderLineChange[],
): Promise<boolean | 'product-gone' | 'empty'> {
  if (changes.length === 0) return false;
  const stored = await tx
    .select()
    .from(customerOrderLines)
    .where(eq(customerOrderLines.orderId, orderId))
    .orderBy(asc(customerOrderLines.position));
  const held = new Set(stored.map((line) => line.productId));
  const added = changes.filter((change) => change.quantity > 0 && !held.has(change.product_id));
  const prices = await pricesOf(
    tx,
    businessId,
    added.map((change) => change.product_id),
  );
  if (added.some((change) => !prices.has(change.product_id))) return 'product-gone';
  const next = withLineChanges(
    stored.map((line) => ({
      product_id: line.productId,
      quantity: line.quantity,
      price: line.priceCents,
    })),
    changes,
    (change) => ({ ...change, price: prices.get(change.product_id) ?? 0 }),
  );
  if (next.length === 0) return 'empty';
  const same =
    next.length === stored.length &&
    next.every(
      (line, at) =>
        line.product_id === stored[at]?.productId && line.quantity === stored[at]?.quantity,
    );
  if (same) return false;
  await tx.delete(customerOrderLines).where(eq(customerOrderLines.orderId, orderId));
  await tx.insert(customerOrderLines).values(
    next.map((line, position) => ({
      orderId,
      productId: line.product_id,
      position,
      quantity: line.quantity,
      priceCents: line.price,
    })),
  );
  return true;
}

/** An order set open, ready or cancelled; one collected, delivered or cancelled stays so. */
export async function setCustomerOrderStatus(
  db: Db,
  context: WriteContext,
  id: string,
  status: SettableStatus,
): Promise<CustomerOrderChangeOutcome> {
  return inTransaction(db, async (tx) => {
    const order = await lockedOrder(tx, context.businessId, id);
    if (!order) return { status: 'missing' };
    if (order.status === status) return { status: 'saved' };
    if (!RESERVING.has(order.status)) return { status: 'closed' };
    await tx
      .update(customerOrders)
      .set({ status, version: order.version + 1, updatedAt: context.now })
      .where(eq(customerOrders.id, id));
    await noteOrdersChanged(tx, context.businessId, [id]);
    return { status: 'saved' };
  });
}

/**
 * Every order of a customer changed the same way (`set`), each a version on, and every device
 * sent them again.
 */
async function changeOrdersOf(
  tx: Tx,
  context: WriteContext,
  customerId: string,
  set: Partial<OrderRow>,
) {
  const changed = await tx
    .update(customerOrders)
    .set({ ...set, version: sql`${customerOrders.version} + 1`, updatedAt: context.now })
    .where(
      and(
        eq(customerOrders.businessId, context.businessId),
        eq(customerOrders.customerId, customerId),
      ),
    )
    .returning({ id: customerOrders.id });
  if (changed.length > 0) {
    await noteOrdersChanged(
      tx,
      context.businessId,
      changed.map((row) => row.id),
    );
  }
}

/**
 * A customer erased: their orders keep their lines and status but lose the delivery address and
 * notes (and show the erased customer's name).
 */
export const forgetOrderDetails = (tx: Tx, context: WriteContext, customerId: string) =>
  changeOrdersOf(tx, context, customerId, { address: null, notes: null });

/** Orders of a customer merged into another moved to the one kept. */
export const moveCustomerOrders = (tx: Tx, context: WriteContext, from: string, to: string) =>
  changeOrdersOf(tx, context, from, { customerId: to });

/** The ids of a customer's orders (their export reads those alone). */
export async function orderIdsOf(db: Db | Tx, businessId: string, customerId: string) {
  const rows = await db
    .select({ id: customerOrders.id })
    .from(customerOrders)
    .where(
      and(eq(customerOrders.businessId, businessId), eq(customerOrders.customerId, customerId)),
    );
  return rows.map((row) => row.id);
}

/** An order as a sale that completes it sees it: who it is for, and the prices it agreed. */
export interface OrderForSale {
  number: string;
  kind: CustomerOrder['kind'];
  status: CustomerOrder['status'];
  customerId: string;
  /** Each product's price on the order (GST included), in cents. */
  prices: ReadonlyMap<number, number>;
}

/**
 * The business's orders among `ids`, locked until the transaction ends: two tills completing
 * one order take turns, and the second finds it closed.
 */
export async function ordersForSale(
  tx: Tx,
  businessId: string,
  ids: readonly string[],
): Promise<Map<string, OrderForSale>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(customerOrders)
    .where(and(eq(customerOrders.businessId, businessId), inArray(customerOrders.id, [...ids])))
    .orderBy(asc(customerOrders.id))
    .for('update');
  const lines = rows.length
    ? await tx
        .select()
        .from(customerOrderLines)
        .where(
          inArray(
            customerOrderLines.orderId,
            rows.map((row) => row.id),
          ),
        )
    : [];
  return new Map(
    rows.map((row) => [
      row.id,
      {
        number: row.number,
        kind: row.kind,
        status: row.status,
        customerId: row.customerId,
        prices: new Map(
          lines
            .filter((line) => line.orderId === row.id)
            .map((line) => [line.productId, line.priceCents]),
        ),
      },
    ]),
  );
}

/**
 * Orders handed over by the sales that were just stored: collected (a pickup) or delivered,
 * with the sale and its receipt; they reserve nothing from then on. Locked already
 * (ordersForSale).
 */
export async function completeOrders(
  tx: Tx,
  context: WriteContext,
  completed: readonly { orderId: string; saleId: string; receipt: string }[],
): Promise<void> {
  if (completed.length === 0) return;
  for (const { orderId, saleId, receipt } of completed) {
    await tx
      .update(customerOrders)
      .set({
        status: sql`case ${customerOrders.kind} when 'pickup' then ${handedOver('pickup')}
          else ${handedOver('delivery')} end`,
        saleId,
        saleReceipt: receipt,
        version: sql`${customerOrders.version} + 1`,
        updatedAt: context.now,
      })
      .where(
        and(eq(customerOrders.id, orderId), eq(customerOrders.businessId, context.businessId)),
      );
  }
  await noteOrdersChanged(
    tx,
    context.businessId,
    completed.map((each) => each.orderId),
  );
}

/**
 * The orders due on a day still to hand over (open or ready), by window: the dashboard's
 * Tomorrow's Orders. Two statements however many orders (their lines summed in the database).
 */
export async function ordersDueOn(db: Db | Tx, businessId: string, day: string) {
  return db
    .select({
      id: customerOrders.id,
      number: customerOrders.number,
      customer: customers.name,
      kind: customerOrders.kind,
      windowFrom: customerOrders.windowFrom,
      windowTo: customerOrders.windowTo,
      items: sql<number>`(select coalesce(sum(${customerOrderLines.quantity}), 0)::int
        from ${customerOrderLines} where ${customerOrderLines.orderId} = ${customerOrders.id})`,
    })
    .from(customerOrders)
    .innerJoin(customers, eq(customers.id, customerOrders.customerId))
    .where(
      and(
        eq(customerOrders.businessId, businessId),
        eq(customerOrders.dueOn, day),
        inArray(customerOrders.status, [...RESERVING]),
      ),
    )
    .orderBy(asc(sql`coalesce(${customerOrders.windowFrom}, '99:99')`), asc(customerOrders.number));
}

/**
 * Units each product of the business has set aside by orders open or ready: a subquery of
 * (product_id, units) for the reads that count on what is available.
 */
export const reservedStock = (businessId: string) => sql`
  select l.product_id, sum(l.quantity)::int as units
  from ${customerOrderLines} l join ${customerOrders} o on o.id = l.order_id
  where o.business_id = ${businessId}
    and o.status in (${sql.join(
      [...RESERVING].map((status) => sql`${status}`),
      sql`, `,
    )})
  group by l.product_id`;
