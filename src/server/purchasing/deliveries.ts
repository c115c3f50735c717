import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { displayName } from '#domains/products/display-name.ts';
import { isTaxCategory, isTaxedAtTill, suggestedGst } from '#domains/products/tax.ts';
import { deliveriesFeed, purchaseOrdersFeed } from '#domains/purchasing/feeds.ts';
import { receivedStatus } from '#domains/purchasing/purchase-order.ts';
import {
  type Delivery,
  type DeliveryCounts,
  type DeliveryInvoice,
  type DeliveryStart,
  invoiceCheck,
  type PostedLine,
  postingLines,
  RECEIVED_REASON,
} from '#domains/purchasing/receiving.ts';
import { centsOf } from '#domains/sales/money.ts';
import { pgArray } from '../db/array-params.ts';
import type { Db, Tx } from '../db/client.ts';
import { inTransaction } from '../db/client.ts';
import {
  deliveries,
  deliveryCosts,
  deliveryCounts,
  deliveryLines,
  products,
  purchaseOrderLines,
  purchaseOrders,
  suppliers,
} from '../db/schema.ts';
import { resultRows } from '../db/table-rows.ts';
import { patchProducts, type WriteContext } from '../products/catalogue-writes.ts';
import { lockProducts } from '../products/product-locks.ts';
import { moveStock } from '../stock/ledger.ts';
import { noteFeedChange } from '../sync/feed-changes.ts';
import { heldProducts } from './held-products.ts';

/**
 * Deliveries on the server (the rules are in #domains/purchasing/receiving.ts). Posting is one
 * transaction: the delivery's row locked, then its products in id order (as every write of
 * several products locks them), the stock moved through the ledger, each LUC and GST written
 * through the catalogue's change log, the order's received units, and the feeds noted last.
 */
export type DeliveryRow = typeof deliveries.$inferSelect;

const noteDeliveryChanged = (tx: Tx, businessId: string, ids: readonly string[]) =>
  noteFeedChange(tx, businessId, deliveriesFeed.name, ids);

/** A line of a delivery as the statement below reads it, with its product's display name. */
type LineRow = { productId: number; name: string } & (
  | { kind: 'counted'; deliveryId: string; deviceId: string; received: number; damaged: number }
  | { kind: 'cost'; deliveryId: string; lineCents: number }
  | {
      kind: 'posted';
      deliveryId: string;
      received: number;
      damaged: number;
      lineCents: number;
      lucBeforeCents: number;
      lucAfterCents: number;
    }
  | { kind: 'ordered'; orderId: string; units: number }
);

/**
 * Every line of these deliveries (each device's counts, the invoice's costs, the posted lines)
 * and of their orders, in one statement: a delivery is answered after each of its writes.
 */
async function deliveryLineRows(
  db: Db | Tx,
  deliveryIds: readonly string[],
  orderIds: readonly string[],
): Promise<LineRow[]> {
  const inDeliveries = sql`any(${pgArray(deliveryIds)}::uuid[])`;
  const result = await db.execute(sql`
    select l.*, p.name, p.vintage, p.bottle_ml
    from (
      select 'counted' as kind, delivery_id, null::uuid as order_id, device_id, product_id,
        received, damaged, null::int as line_cents, null::int as luc_before_cents,
        null::int as luc_after_cents, null::int as units
      from ${deliveryCounts} where delivery_id = ${inDeliveries}
      union all
      select 'cost', delivery_id, null, null, product_id, null, null, line_cents, null, null, null
      from ${deliveryCosts} where delivery_id = ${inDeliveries}
      union all
      select 'posted', delivery_id, null, null, product_id, received, damaged, line_cents,
        luc_before_cents, luc_after_cents, null
      from ${deliveryLines} where delivery_id = ${inDeliveries}
      union all
      select 'ordered', null, order_id, null, product_id, null, null, null, null, null, units
      from ${purchaseOrderLines} where order_id = any(${pgArray(orderIds)}::uuid[])
    ) l
    left join ${products} p on p.id = l.product_id`);
  return resultRows<Record<string, unknown>>(result).map((row) => {
    const productId = Number(row.product_id);
    const name =
      typeof row.name === 'string'
        ? displayName({
            name: row.name,
            vintage: row.vintage as string | null,
            bottleMl: row.bottle_ml as string | null,
          })
        : '';
    const number = (key: string) => Number(row[key]);
    const deliveryId = String(row.delivery_id);
    switch (row.kind) {
      case 'counted':
        return {
          kind: 'counted',
          productId,
          name,
          deliveryId,
          deviceId: String(row.device_id),
          received: number('received'),
          damaged: number('damaged'),
        };
      case 'cost':
        return { kind: 'cost', productId, name, deliveryId, lineCents: number('line_cents') };
      case 'posted':
        return {
          kind: 'posted',
          productId,
          name,
          deliveryId,
          received: number('received'),
          damaged: number('damaged'),
          lineCents: number('line_cents'),
          lucBeforeCents: number('luc_before_cents'),
          lucAfterCents: number('luc_after_cents'),
        };
      default:
        return {
          kind: 'ordered',
          productId,
          name,
          orderId: String(row.order_id),
          units: number('units'),
        };
    }
  });
}

/** The deliveries (all, these ids, or those with a product), newest first, as devices see them. */
export async function listDeliveries(
  db: Db | Tx,
  businessId: string,
  filter: { ids?: readonly string[]; productId?: number } = {},
): Promise<Delivery[]> {
  const withProduct =
    filter.productId === undefined
      ? undefined
      : sql`(exists (select 1 from ${deliveryCounts} c where c.delivery_id = ${deliveries.id}
            and c.product_id = ${filter.productId})
          or exists (select 1 from ${deliveryLines} l where l.delivery_id = ${deliveries.id}
            and l.product_id = ${filter.productId}))`;
  const rows = await db
    .select({ delivery: deliveries, supplier: suppliers.name, orderNumber: purchaseOrders.number })
    .from(deliveries)
    .innerJoin(suppliers, eq(suppliers.id, deliveries.supplierId))
    .leftJoin(purchaseOrders, eq(purchaseOrders.id, deliveries.orderId))
    .where(
      and(
        eq(deliveries.businessId, businessId),
        filter.ids ? inArray(deliveries.id, [...filter.ids]) : undefined,
        withProduct,
      ),
    )
    .orderBy(desc(deliveries.startedAt));
  if (rows.length === 0) return [];
  const lineRows = await deliveryLineRows(
    db,
    rows.map(({ delivery }) => delivery.id),
    rows.flatMap(({ delivery }) => (delivery.orderId ? [delivery.orderId] : [])),
  );
  const of = <TKind extends LineRow['kind']>(kind: TKind) =>
    lineRows.filter((line): line is Extract<LineRow, { kind: TKind }> => line.kind === kind);
  const [counted, costs, posted, ordered] = [
    of('counted'),
    of('cost'),
    of('posted'),
    of('ordered'),
  ];
  const names = new Map(lineRows.map((line) => [line.productId, line.name]));
  return rows.map(({ delivery, supplier, orderNumber }) => {
    const lines = new Map<number, Delivery['lines'][number]>();
    const lineOf = (productId: number) => {
      const existing = lines.get(productId);
      if (existing) return existing;
      const made: Delivery['lines'][number] = {
        product_id: productId,
        name: names.get(productId) ?? '',
        ordered: null,
        received: 0,
        damaged: 0,
        line_cents: null,
        luc_before_cents: null,
        luc_after_cents: null,
      };
      lines.set(productId, made);
      return made;
    };
    for (const line of ordered) {
      if (line.orderId === delivery.orderId) lineOf(line.productId).ordered = line.units;
    }
    if (delivery.status === 'posted') {
      for (const line of posted) {
        if (line.deliveryId !== delivery.id) continue;
        Object.assign(lineOf(line.productId), {
          received: line.received,
          damaged: line.damaged,
          line_cents: line.lineCents,
          luc_before_cents: line.lucBeforeCents,
          luc_after_cents: line.lucAfterCents,
        });
      }
    } else {
      for (const line of counted) {
        if (line.deliveryId !== delivery.id) continue;
        const total = lineOf(line.productId);
        total.received += line.received;
        total.damaged += line.damaged;
      }
      for (const line of costs) {
        if (line.deliveryId === delivery.id) lineOf(line.productId).line_cents = line.lineCents;
      }
    }
    return {
      id: delivery.id,
      supplier_id: delivery.supplierId,
      supplier,
      order_id: delivery.orderId,
      order_number: orderNumber,
      status: delivery.status,
      started_at: delivery.startedAt.toISOString(),
      posted_at: delivery.postedAt?.toISOString() ?? null,
      invoice_number: delivery.invoiceNumber,
      invoice_date: delivery.invoiceDate,
      total_cents: delivery.totalCents,
      freight_cents: delivery.freightCents,
      lines: [...lines.values()],
      counts:
        delivery.status === 'open'
          ? counted
              .filter((line) => line.deliveryId === delivery.id)
              .map((line) => ({
                device_id: line.deviceId,
                product_id: line.productId,
                received: line.received,
                damaged: line.damaged,
              }))
          : [],
      difference_cents: delivery.differenceCents,
    };
  });
}

export type StartDeliveryOutcome =
  | { status: 'created' | 'repeated' }
  | { status: 'taken' | 'supplier-gone' | 'order-gone' | 'order-closed' };

/** A delivery started for a supplier, against one of its open orders or none. */
export async function startDelivery(
  db: Db,
  context: WriteContext,
  start: DeliveryStart,
): Promise<StartDeliveryOutcome> {
  return inTransaction(db, async (tx) => {
    const [supplier] = await tx
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(
        and(eq(suppliers.id, start.supplier_id), eq(suppliers.businessId, context.businessId)),
      );
    if (!supplier) return { status: 'supplier-gone' };
    if (start.order_id) {
      const [order] = await tx
        .select({ status: purchaseOrders.status })
        .from(purchaseOrders)
        .where(
          and(
            eq(purchaseOrders.id, start.order_id),
            eq(purchaseOrders.businessId, context.businessId),
            eq(purchaseOrders.supplierId, start.supplier_id),
          ),
        );
      if (!order) return { status: 'order-gone' };
      if (order.status === 'received' || order.status === 'cancelled') {
        return { status: 'order-closed' };
      }
    }
    const [inserted] = await tx
      .insert(deliveries)
      .values({
        id: start.id,
        businessId: context.businessId,
        supplierId: start.supplier_id,
        orderId: start.order_id ?? null,
        startedBy: context.userId,
        startedAt: new Date(start.started_at),
      })
      .onConflictDoNothing()
      .returning({ id: deliveries.id });
    if (!inserted) {
      const [stored] = await tx
        .select({ businessId: deliveries.businessId })
        .from(deliveries)
        .where(eq(deliveries.id, start.id));
      return stored?.businessId === context.businessId
        ? { status: 'repeated' }
        : { status: 'taken' };
    }
    await noteDeliveryChanged(tx, context.businessId, [start.id]);
    return { status: 'created' };
  });
}

export type DeliveryChangeOutcome =
  /** `gone`: products of the counts left out (deleted meanwhile, or not the business's). */
  | { status: 'saved'; gone?: number[] }
  | { status: 'missing' | 'posted' | 'cancelled' }
  | { status: 'mismatch'; differenceCents: number };

async function lockedDelivery(tx: Tx, businessId: string, id: string) {
  const [row] = await tx
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.id, id), eq(deliveries.businessId, businessId)))
    .for('update');
  return row;
}

const closedOutcome = (row: DeliveryRow | undefined): DeliveryChangeOutcome | null =>
  !row
    ? { status: 'missing' }
    : row.status === 'posted'
      ? { status: 'posted' }
      : row.status === 'cancelled'
        ? { status: 'cancelled' }
        : null;

/** A device's counts, each replacing that device's earlier count of the product if later. */
export async function recordCounts(
  db: Db,
  context: WriteContext,
  id: string,
  counts: DeliveryCounts,
): Promise<DeliveryChangeOutcome> {
  return inTransaction(db, async (tx) => {
    const closed = closedOutcome(await lockedDelivery(tx, context.businessId, id));
    if (closed) return closed;
    const held = await heldProducts(
      tx,
      context.businessId,
      counts.lines.map((line) => line.product_id),
    );
    const kept = counts.lines.filter((line) => held.has(line.product_id));
    const gone = counts.lines.flatMap((line) =>
      held.has(line.product_id) ? [] : [line.product_id],
    );
    if (kept.length === 0) return { status: 'saved', gone };
    await tx
      .insert(deliveryCounts)
      .values(
        kept.map((line) => ({
          deliveryId: id,
          deviceId: counts.device_id,
          productId: line.product_id,
          received: line.received,
          damaged: line.damaged,
          countedAt: new Date(line.counted_at),
          countedBy: context.userId,
        })),
      )
      .onConflictDoUpdate({
        target: [deliveryCounts.deliveryId, deliveryCounts.deviceId, deliveryCounts.productId],
        set: {
          received: sql`excluded.received`,
          damaged: sql`excluded.damaged`,
          countedAt: sql`excluded.counted_at`,
          countedBy: sql`excluded.counted_by`,
        },
        setWhere: sql`excluded.counted_at >= ${deliveryCounts.countedAt}`,
      });
    await noteDeliveryChanged(tx, context.businessId, [id]);
    return { status: 'saved', gone };
  });
}

/** The invoice as typed, whole: its number, date, total, freight and line costs. */
export async function saveInvoice(
  db: Db,
  context: WriteContext,
  id: string,
  invoice: DeliveryInvoice,
): Promise<DeliveryChangeOutcome> {
  return inTransaction(db, async (tx) => {
    const closed = closedOutcome(await lockedDelivery(tx, context.businessId, id));
    if (closed) return closed;
    const held = await heldProducts(
      tx,
      context.businessId,
      invoice.costs.map((cost) => cost.product_id),
    );
    await tx
      .update(deliveries)
      .set({
        invoiceNumber: invoice.invoice_number,
        invoiceDate: invoice.invoice_date,
        totalCents: invoice.total_cents,
        freightCents: invoice.freight_cents,
      })
      .where(eq(deliveries.id, id));
    await tx.delete(deliveryCosts).where(eq(deliveryCosts.deliveryId, id));
    const costs = new Map(
      invoice.costs
        .filter((cost) => held.has(cost.product_id))
        .map((cost) => [cost.product_id, cost.line_cents]),
    );
    if (costs.size > 0) {
      await tx
        .insert(deliveryCosts)
        .values(
          [...costs].map(([productId, lineCents]) => ({ deliveryId: id, productId, lineCents })),
        );
    }
    await noteDeliveryChanged(tx, context.businessId, [id]);
    return { status: 'saved' };
  });
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * Posts a delivery once: what every device counted goes into stock, each product's LUC (and
 * the GST of its category on it) becomes the weighted average, the order's lines count what
 * came. Refused when the invoice does not add up, unless `acceptMismatch`. Posted already:
 * nothing moves again.
 */
export async function postDelivery(
  db: Db,
  context: WriteContext,
  id: string,
  acceptMismatch: boolean,
): Promise<DeliveryChangeOutcome | { status: 'posted-now'; lines: PostedLine[] }> {
  return inTransaction(db, async (tx) => {
    const delivery = await lockedDelivery(tx, context.businessId, id);
    const closed = closedOutcome(delivery);
    if (closed || !delivery) return closed ?? { status: 'missing' };
    const [counted, costs, ordered] = await Promise.all([
      tx
        .select({
          productId: deliveryCounts.productId,
          received: sql<number>`sum(${deliveryCounts.received})::int`,
          damaged: sql<number>`sum(${deliveryCounts.damaged})::int`,
        })
        .from(deliveryCounts)
        .where(eq(deliveryCounts.deliveryId, id))
        .groupBy(deliveryCounts.productId),
      tx.select().from(deliveryCosts).where(eq(deliveryCosts.deliveryId, id)),
      delivery.orderId
        ? tx
            .select()
            .from(purchaseOrderLines)
            .where(eq(purchaseOrderLines.orderId, delivery.orderId))
        : Promise.resolve([]),
    ]);
    // A delivery whose products were all deleted meanwhile posts too, moving nothing: the
    // screen never offers to post an empty one, and a post queued offline must not be stuck.
    const came = counted.filter((line) => line.received + line.damaged > 0);
    const locked = new Map(
      (
        await lockProducts(
          tx,
          context.businessId,
          came.map((line) => line.productId),
        )
      ).map((row) => [row.id, row]),
    );
    const costOf = new Map(costs.map((cost) => [cost.productId, cost.lineCents]));
    const orderedCost = new Map(ordered.map((line) => [line.productId, line.unitCostCents]));
    const inputs = came.flatMap((line) => {
      const product = locked.get(line.productId);
      if (!product) return [];
      const lucCents = centsOf(Number(product.luc));
      return [
        {
          productId: line.productId,
          received: line.received,
          damaged: line.damaged,
          lineCents: costOf.get(line.productId) ?? null,
          fallbackUnitCents: orderedCost.get(line.productId) ?? lucCents,
          onHand: product.stockQuantity,
          lucCents,
          taxable: isTaxedAtTill(product.taxCategory, Number(product.gst)),
        },
      ];
    });
    const posted = postingLines(inputs, delivery.freightCents);
    const check = invoiceCheck(
      posted.map((line, index) => ({
        lineCents: line.lineCents,
        taxable: inputs[index]?.taxable ?? true,
      })),
      delivery.freightCents,
      delivery.totalCents,
    );
    const difference = check.differenceCents;
    if (difference !== null && difference !== 0 && !acceptMismatch) {
      return { status: 'mismatch', differenceCents: difference };
    }

    const [order] = delivery.orderId
      ? await tx
          .select({ number: purchaseOrders.number })
          .from(purchaseOrders)
          .where(eq(purchaseOrders.id, delivery.orderId))
      : [];
    // What the movements say: the invoice and the order they came with.
    const note =
      [
        ...(delivery.invoiceNumber ? [`Invoice ${delivery.invoiceNumber}`] : []),
        ...(order ? [order.number] : []),
      ].join(', ') || null;
    await moveStock(
      tx,
      context,
      posted
        .filter((line) => line.received > 0)
        .map((line) => ({
          productId: line.productId,
          delta: line.received,
          movementId: randomUUID(),
        })),
      { reason: RECEIVED_REASON, note },
    );
    await patchProducts(
      tx,
      context,
      posted
        .filter((line) => line.lucAfterCents !== line.lucBeforeCents)
        .map((line) => {
          const category = locked.get(line.productId)?.taxCategory;
          const luc = line.lucAfterCents / 100;
          return {
            id: line.productId,
            baseVersion: 'current' as const,
            changes: {
              luc: dollars(line.lucAfterCents),
              ...(isTaxCategory(category) ? { gst: suggestedGst(luc, category).toFixed(2) } : {}),
            },
          };
        }),
    );
    if (posted.length > 0) {
      await tx.insert(deliveryLines).values(
        posted.map((line) => ({
          deliveryId: id,
          productId: line.productId,
          received: line.received,
          damaged: line.damaged,
          lineCents: line.lineCents,
          freightCents: line.freightCents,
          receivedCents: line.receivedCents,
          lucBeforeCents: line.lucBeforeCents,
          lucAfterCents: line.lucAfterCents,
        })),
      );
    }
    if (delivery.orderId) await receiveOnOrder(tx, delivery.orderId, posted);
    await tx
      .update(deliveries)
      .set({
        status: 'posted',
        postedAt: context.now,
        postedBy: context.userId,
        differenceCents: difference,
      })
      .where(eq(deliveries.id, id));
    await noteDeliveryChanged(tx, context.businessId, [id]);
    if (delivery.orderId) {
      await noteFeedChange(tx, context.businessId, purchaseOrdersFeed.name, [delivery.orderId]);
    }
    return { status: 'posted-now', lines: posted };
  });
}

/** The order's lines count the units received; the order is partly received, or received. */
async function receiveOnOrder(tx: Tx, orderId: string, posted: readonly PostedLine[]) {
  for (const line of posted) {
    if (line.received === 0) continue;
    await tx
      .update(purchaseOrderLines)
      .set({ received: sql`${purchaseOrderLines.received} + ${line.received}` })
      .where(
        and(
          eq(purchaseOrderLines.orderId, orderId),
          eq(purchaseOrderLines.productId, line.productId),
        ),
      );
  }
  const lines = await tx
    .select({ units: purchaseOrderLines.units, received: purchaseOrderLines.received })
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.orderId, orderId));
  await tx
    .update(purchaseOrders)
    .set({ status: receivedStatus(lines) })
    .where(and(eq(purchaseOrders.id, orderId), sql`${purchaseOrders.status} <> 'cancelled'`));
}
