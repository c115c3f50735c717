import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { displayName } from '#domains/products/display-name.ts';
import { purchaseOrdersFeed } from '#domains/purchasing/feeds.ts';
import { orderNumber } from '#domains/purchasing/order-number.ts';
import {
  type Order,
  type OrderCreate,
  type OrderLine,
  type OrderPatch,
  orderTotal,
  type SentVia,
} from '#domains/purchasing/purchase-order.ts';
import type { Db, Tx } from '../db/client.ts';
import { inTransaction } from '../db/client.ts';
import {
  businesses,
  products,
  purchaseOrderLines,
  purchaseOrders,
  suppliers,
} from '../db/schema.ts';
import type { WriteContext } from '../products/catalogue-writes.ts';
import { noteFeedChange } from '../sync/feed-changes.ts';
import { heldProducts } from './held-products.ts';

/**
 * Purchase orders on the server (the rules are in #domains/purchasing/purchase-order.ts). Every
 * write notes the order in the purchase orders' feed as its last statement.
 */
export type OrderRow = typeof purchaseOrders.$inferSelect;

const noteOrderChanged = (tx: Tx, businessId: string, ids: readonly string[]) =>
  noteFeedChange(tx, businessId, purchaseOrdersFeed.name, ids);

/** The orders (all, or these ids, or those ordering a product), newest first, as devices see them. */
export async function listOrders(
  db: Db | Tx,
  businessId: string,
  filter: { ids?: readonly string[]; productId?: number } = {},
): Promise<Order[]> {
  const withProduct =
    filter.productId === undefined
      ? undefined
      : inArray(
          purchaseOrders.id,
          db
            .select({ id: purchaseOrderLines.orderId })
            .from(purchaseOrderLines)
            .where(eq(purchaseOrderLines.productId, filter.productId)),
        );
  const orders = await db
    .select({ order: purchaseOrders, supplier: suppliers.name })
    .from(purchaseOrders)
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .where(
      and(
        eq(purchaseOrders.businessId, businessId),
        filter.ids ? inArray(purchaseOrders.id, [...filter.ids]) : undefined,
        withProduct,
      ),
    )
    .orderBy(desc(purchaseOrders.createdAt), desc(purchaseOrders.number));
  if (orders.length === 0) return [];
  const lines = await db
    .select({
      line: purchaseOrderLines,
      name: products.name,
      vintage: products.vintage,
      bottleMl: products.bottleMl,
    })
    .from(purchaseOrderLines)
    .innerJoin(products, eq(products.id, purchaseOrderLines.productId))
    .where(
      inArray(
        purchaseOrderLines.orderId,
        orders.map(({ order }) => order.id),
      ),
    )
    .orderBy(asc(purchaseOrderLines.position));
  const byOrder = new Map<string, Order['lines']>();
  for (const { line, name, vintage, bottleMl } of lines) {
    const list = byOrder.get(line.orderId) ?? [];
    list.push({
      product_id: line.productId,
      name: displayName({ name, vintage, bottleMl }),
      units: line.units,
      unit_cost_cents: line.unitCostCents,
      received: line.received,
    });
    byOrder.set(line.orderId, list);
  }
  return orders.map(({ order, supplier }) => {
    const orderLines = byOrder.get(order.id) ?? [];
    return {
      id: order.id,
      number: order.number,
      supplier_id: order.supplierId,
      supplier,
      status: order.status,
      sent_at: order.sentAt?.toISOString() ?? null,
      sent_via: order.sentVia,
      expected_on: order.expectedOn,
      notes: order.notes,
      created_at: order.createdAt.toISOString(),
      lines: orderLines,
      total_cents: orderTotal(orderLines),
    };
  });
}

/** Whether every product of the lines is the business's (else nothing is stored). */
async function productsOfBusiness(tx: Tx, businessId: string, lines: readonly OrderLine[]) {
  const ids = lines.map((line) => line.product_id);
  return (await heldProducts(tx, businessId, ids)).size === new Set(ids).size;
}

const insertLines = (tx: Tx, orderId: string, lines: readonly OrderLine[]) =>
  tx.insert(purchaseOrderLines).values(
    lines.map((line, position) => ({
      orderId,
      productId: line.product_id,
      position,
      units: line.units,
      unitCostCents: line.unit_cost_cents,
    })),
  );

export type CreateOrderOutcome =
  | { status: 'created' | 'repeated'; id: string }
  | { status: 'taken' | 'supplier-gone' | 'product-gone' };

/**
 * A draft order, numbered the business's next. The business's row is locked first, so orders
 * made at once are numbered one after another and the same create sent twice is found.
 */
export async function createOrder(
  db: Db,
  context: WriteContext,
  create: OrderCreate,
): Promise<CreateOrderOutcome> {
  return inTransaction(db, async (tx) => {
    const [business] = await tx
      .select({ last: businesses.lastOrderNumber })
      .from(businesses)
      .where(eq(businesses.id, context.businessId))
      .for('update');
    const [existing] = await tx
      .select({ businessId: purchaseOrders.businessId })
      .from(purchaseOrders)
      .where(eq(purchaseOrders.id, create.id));
    if (existing) {
      return existing.businessId === context.businessId
        ? { status: 'repeated', id: create.id }
        : { status: 'taken' };
    }
    const [supplier] = await tx
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(
        and(eq(suppliers.id, create.supplier_id), eq(suppliers.businessId, context.businessId)),
      );
    if (!supplier) return { status: 'supplier-gone' };
    if (!(await productsOfBusiness(tx, context.businessId, create.lines))) {
      return { status: 'product-gone' };
    }
    const sequence = (business?.last ?? 0) + 1;
    await tx
      .update(businesses)
      .set({ lastOrderNumber: sequence })
      .where(eq(businesses.id, context.businessId));
    await tx.insert(purchaseOrders).values({
      id: create.id,
      businessId: context.businessId,
      number: orderNumber(sequence),
      supplierId: create.supplier_id,
      expectedOn: create.expected_on ?? null,
      notes: create.notes ?? null,
      createdBy: context.userId,
      createdAt: context.now,
      updatedAt: context.now,
    });
    await insertLines(tx, create.id, create.lines);
    await noteOrderChanged(tx, context.businessId, [create.id]);
    return { status: 'created', id: create.id };
  });
}

/** The order's row locked for a change, if it is the business's. */
async function lockedOrder(tx: Tx, businessId: string, id: string) {
  const [row] = await tx
    .select()
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.id, id), eq(purchaseOrders.businessId, businessId)))
    .for('update');
  return row;
}

export type OrderChangeOutcome =
  | { status: 'saved' }
  | { status: 'missing' | 'not-draft' | 'not-open' | 'product-gone' };

/** A draft's lines (all of them, as the device now holds them), expected day or notes. */
export async function patchOrder(
  db: Db,
  context: WriteContext,
  id: string,
  patch: OrderPatch,
): Promise<OrderChangeOutcome> {
  return inTransaction(db, async (tx) => {
    const order = await lockedOrder(tx, context.businessId, id);
    if (!order) return { status: 'missing' };
    if (order.status !== 'draft') return { status: 'not-draft' };
    if (patch.lines) {
      if (!(await productsOfBusiness(tx, context.businessId, patch.lines))) {
        return { status: 'product-gone' };
      }
      await tx.delete(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, id));
      await insertLines(tx, id, patch.lines);
    }
    await tx
      .update(purchaseOrders)
      .set({
        ...(patch.expected_on !== undefined ? { expectedOn: patch.expected_on } : {}),
        ...(patch.notes !== undefined ? { notes: patch.notes } : {}),
        updatedAt: context.now,
      })
      .where(eq(purchaseOrders.id, id));
    await noteOrderChanged(tx, context.businessId, [id]);
    return { status: 'saved' };
  });
}

/**
 * A draft marked as sent (by `via`), before `deliver` (the email) runs in the same transaction:
 * if the mail cannot be sent, the order stays a draft. An order sent already is left as it was
 * (the same send again).
 */
export async function sendOrder(
  db: Db,
  context: WriteContext,
  id: string,
  via: SentVia,
  deliver: (order: Order) => Promise<void>,
): Promise<OrderChangeOutcome> {
  return inTransaction(db, async (tx) => {
    const order = await lockedOrder(tx, context.businessId, id);
    if (!order) return { status: 'missing' };
    if (order.status === 'cancelled') return { status: 'not-open' };
    if (order.status !== 'draft') return { status: 'saved' };
    await tx
      .update(purchaseOrders)
      .set({ status: 'sent', sentAt: context.now, sentVia: via, updatedAt: context.now })
      .where(eq(purchaseOrders.id, id));
    const [sent] = await listOrders(tx, context.businessId, { ids: [id] });
    if (sent) await deliver(sent);
    await noteOrderChanged(tx, context.businessId, [id]);
    return { status: 'saved' };
  });
}

/** An order not yet received in full, cancelled; one cancelled already stays so. */
export async function cancelOrder(
  db: Db,
  context: WriteContext,
  id: string,
): Promise<OrderChangeOutcome> {
  return inTransaction(db, async (tx) => {
    const order = await lockedOrder(tx, context.businessId, id);
    if (!order) return { status: 'missing' };
    if (order.status === 'cancelled') return { status: 'saved' };
    if (order.status === 'received') return { status: 'not-open' };
    await tx
      .update(purchaseOrders)
      .set({ status: 'cancelled', updatedAt: context.now })
      .where(eq(purchaseOrders.id, id));
    await noteOrderChanged(tx, context.businessId, [id]);
    return { status: 'saved' };
  });
}

/** The supplier's email, if it has one. */
export async function supplierEmail(db: Db | Tx, businessId: string, supplierId: string) {
  const [row] = await db
    .select({ email: suppliers.email, name: suppliers.name })
    .from(suppliers)
    .where(and(eq(suppliers.id, supplierId), eq(suppliers.businessId, businessId)));
  return row;
}
