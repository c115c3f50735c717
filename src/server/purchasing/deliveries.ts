import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
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
import { pgArray, textArray } from '../db/array-params.ts';
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

/**
 * Deliveries started, each for a supplier, against one of its open orders or none; outcomes in
 * the order of `starts` (each a different delivery). One statement for each step however many
 * (a replay brings a hundred started offline); a refused one writes nothing.
 */
export async function startDeliveries(
  db: Db,
  context: WriteContext,
  starts: readonly DeliveryStart[],
): Promise<StartDeliveryOutcome[]> {
  return inTransaction(db, async (tx) => {
    const orderIds = starts.flatMap((start) => (start.order_id ? [start.order_id] : []));
    const [supplierRows, orderRows] = await Promise.all([
      tx
        .select({ id: suppliers.id })
        .from(suppliers)
        .where(
          and(
            eq(suppliers.businessId, context.businessId),
            inArray(suppliers.id, [...new Set(starts.map((start) => start.supplier_id))]),
          ),
        ),
      orderIds.length === 0
        ? Promise.resolve([])
        : tx
            .select({
              id: purchaseOrders.id,
              supplierId: purchaseOrders.supplierId,
              status: purchaseOrders.status,
            })
            .from(purchaseOrders)
            .where(
              and(
                eq(purchaseOrders.businessId, context.businessId),
                inArray(purchaseOrders.id, [...new Set(orderIds)]),
              ),
            ),
    ]);
    const supplierIds = new Set(supplierRows.map((row) => row.id));
    const orders = new Map(orderRows.map((row) => [row.id, row]));
    const refusals = starts.map((start): StartDeliveryOutcome | null => {
      if (!supplierIds.has(start.supplier_id)) return { status: 'supplier-gone' };
      if (!start.order_id) return null;
      const order = orders.get(start.order_id);
      if (!order || order.supplierId !== start.supplier_id) return { status: 'order-gone' };
      return order.status === 'received' || order.status === 'cancelled'
        ? { status: 'order-closed' }
        : null;
    });
    const accepted = starts.filter((_, index) => refusals[index] === null);
    const inserted =
      accepted.length === 0
        ? []
        : await tx
            .insert(deliveries)
            .values(
              accepted.map((start) => ({
                id: start.id,
                businessId: context.businessId,
                supplierId: start.supplier_id,
                orderId: start.order_id ?? null,
                startedBy: context.userId,
                startedAt: new Date(start.started_at),
              })),
            )
            .onConflictDoNothing()
            .returning({ id: deliveries.id });
    const created = new Set(inserted.map((row) => row.id));
    const existing = accepted.filter((start) => !created.has(start.id));
    // Stored before: sent again (this business's), or an id another business holds.
    const owners =
      existing.length === 0
        ? new Map<string, string>()
        : new Map(
            (
              await tx
                .select({ id: deliveries.id, businessId: deliveries.businessId })
                .from(deliveries)
                .where(
                  inArray(
                    deliveries.id,
                    existing.map((start) => start.id),
                  ),
                )
            ).map((row) => [row.id, row.businessId]),
          );
    if (created.size > 0) await noteDeliveryChanged(tx, context.businessId, [...created]);
    return starts.map((start, index) => {
      const refused = refusals[index];
      if (refused) return refused;
      if (created.has(start.id)) return { status: 'created' };
      return owners.get(start.id) === context.businessId
        ? { status: 'repeated' }
        : { status: 'taken' };
    });
  });
}

export type DeliveryChangeOutcome =
  /** `gone`: products of the counts left out (deleted meanwhile, or not the business's). */
  | { status: 'saved'; gone?: number[] }
  | { status: 'missing' | 'posted' | 'cancelled' }
  | { status: 'mismatch'; differenceCents: number };

/** The business's deliveries among `ids`, locked for this transaction in id order. */
async function lockedDeliveries(tx: Tx, businessId: string, ids: readonly string[]) {
  const rows = await tx
    .select()
    .from(deliveries)
    .where(and(inArray(deliveries.id, [...ids]), eq(deliveries.businessId, businessId)))
    .orderBy(asc(deliveries.id))
    .for('update');
  return new Map(rows.map((row) => [row.id, row]));
}

const closedOutcome = (row: DeliveryRow | undefined): DeliveryChangeOutcome | null =>
  !row
    ? { status: 'missing' }
    : row.status === 'posted'
      ? { status: 'posted' }
      : row.status === 'cancelled'
        ? { status: 'cancelled' }
        : null;

/** A change of one delivery: its id and what the write carries. */
export interface DeliveryChange<T> {
  id: string;
  change: T;
}

/**
 * The changes whose deliveries are open, locked, with the outcome of the others (missing,
 * posted, cancelled) in the order of `changes`.
 */
async function openDeliveries<T>(
  tx: Tx,
  businessId: string,
  changes: readonly DeliveryChange<T>[],
) {
  const locked = await lockedDeliveries(
    tx,
    businessId,
    changes.map((item) => item.id),
  );
  const closed = changes.map((item) => closedOutcome(locked.get(item.id)));
  const open = changes.flatMap((item, index) =>
    closed[index] ? [] : [{ ...item, row: locked.get(item.id) as DeliveryRow }],
  );
  return { open, closed };
}

/**
 * Devices' counts, each replacing that device's earlier count of the product if later; outcomes
 * in the order of `changes` (each a different delivery), all stored by one statement.
 */
export async function recordCounts(
  db: Db,
  context: WriteContext,
  changes: readonly DeliveryChange<DeliveryCounts>[],
): Promise<DeliveryChangeOutcome[]> {
  return inTransaction(db, async (tx) => {
    const { open, closed } = await openDeliveries(tx, context.businessId, changes);
    const held = await heldProducts(
      tx,
      context.businessId,
      open.flatMap(({ change }) => change.lines.map((line) => line.product_id)),
    );
    const kept = open.flatMap(({ id, change }) =>
      change.lines
        .filter((line) => held.has(line.product_id))
        .map((line) => ({
          deliveryId: id,
          deviceId: change.device_id,
          productId: line.product_id,
          received: line.received,
          damaged: line.damaged,
          countedAt: new Date(line.counted_at),
          countedBy: context.userId,
        })),
    );
    if (kept.length > 0) {
      await tx
        .insert(deliveryCounts)
        .values(kept)
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
      await noteDeliveryChanged(tx, context.businessId, [
        ...new Set(kept.map((line) => line.deliveryId)),
      ]);
    }
    return changes.map(
      ({ change }, index) =>
        closed[index] ?? {
          status: 'saved',
          gone: change.lines.flatMap((line) =>
            held.has(line.product_id) ? [] : [line.product_id],
          ),
        },
    );
  });
}

/**
 * Invoices as typed, each whole (number, date, total, freight and line costs) replacing the
 * last; outcomes in the order of `changes` (each a different delivery).
 */
export async function saveInvoices(
  db: Db,
  context: WriteContext,
  changes: readonly DeliveryChange<DeliveryInvoice>[],
): Promise<DeliveryChangeOutcome[]> {
  return inTransaction(db, async (tx) => {
    const { open, closed } = await openDeliveries(tx, context.businessId, changes);
    if (open.length > 0) {
      const held = await heldProducts(
        tx,
        context.businessId,
        open.flatMap(({ change }) => change.costs.map((cost) => cost.product_id)),
      );
      const ids = open.map(({ id }) => id);
      await tx.execute(sql`
        update ${deliveries} as d
        set invoice_number = typed.invoice_number, invoice_date = typed.invoice_date,
          total_cents = typed.total_cents, freight_cents = typed.freight_cents
        from (
          select unnest(${pgArray(ids)}::uuid[]) as id,
            unnest(${textArray(open.map(({ change }) => change.invoice_number))}::text[])
              as invoice_number,
            unnest(${textArray(open.map(({ change }) => change.invoice_date))}::date[])
              as invoice_date,
            unnest(${textArray(open.map(({ change }) => numberText(change.total_cents)))}::int[])
              as total_cents,
            unnest(${pgArray(open.map(({ change }) => change.freight_cents))}::int[])
              as freight_cents
        ) as typed
        where d.id = typed.id`);
      await tx.delete(deliveryCosts).where(inArray(deliveryCosts.deliveryId, ids));
      // The last cost typed for a product stands, as when the form was saved.
      const costs = open.flatMap(({ id, change }) =>
        [
          ...new Map(
            change.costs
              .filter((cost) => held.has(cost.product_id))
              .map((cost) => [cost.product_id, cost.line_cents]),
          ),
        ].map(([productId, lineCents]) => ({ deliveryId: id, productId, lineCents })),
      );
      if (costs.length > 0) await tx.insert(deliveryCosts).values(costs);
      await noteDeliveryChanged(tx, context.businessId, ids);
    }
    return closed.map((outcome) => outcome ?? { status: 'saved' });
  });
}

const numberText = (value: number | null) => (value === null ? null : String(value));

const dollars = (cents: number) => (cents / 100).toFixed(2);

export type PostOutcome =
  | DeliveryChangeOutcome
  | { status: 'posted-now'; lines: PostedLine[] }
  /** Shares a product or an order with one posted before it in the same call: post it after. */
  | { status: 'after' };

/** A delivery as it will be posted. */
interface Posting {
  delivery: DeliveryRow;
  lines: PostedLine[];
  taxCategories: Map<number, string | null>;
  differenceCents: number | null;
  /** The GST its invoice's lines and freight carry. */
  gstCents: number;
}

/**
 * Posts deliveries, each once: what every device counted goes into stock, each product's LUC
 * (and the GST of its category on it) becomes the weighted average, the order's lines count
 * what came. Refused when the invoice does not add up, unless accepted. Posted already: nothing
 * moves again. Outcomes in the order of `changes` (each a different delivery); a delivery whose
 * products or order an earlier one of the call names is answered 'after' (its LUC follows the
 * other's), to be posted by itself. Each step is one statement for all of them.
 */
export async function postDeliveries(
  db: Db,
  context: WriteContext,
  changes: readonly DeliveryChange<{ acceptMismatch: boolean }>[],
): Promise<PostOutcome[]> {
  return inTransaction(db, async (tx) => {
    const { open, closed } = await openDeliveries(tx, context.businessId, changes);
    const ids = open.map(({ id }) => id);
    const orderIds = [...new Set(open.flatMap(({ row }) => (row.orderId ? [row.orderId] : [])))];
    const [counted, costs, ordered, orderNumbers] = await Promise.all([
      ids.length === 0
        ? Promise.resolve([])
        : tx
            .select({
              deliveryId: deliveryCounts.deliveryId,
              productId: deliveryCounts.productId,
              received: sql<number>`sum(${deliveryCounts.received})::int`,
              damaged: sql<number>`sum(${deliveryCounts.damaged})::int`,
            })
            .from(deliveryCounts)
            .where(inArray(deliveryCounts.deliveryId, ids))
            .groupBy(deliveryCounts.deliveryId, deliveryCounts.productId)
            .orderBy(deliveryCounts.deliveryId, deliveryCounts.productId),
      ids.length === 0
        ? Promise.resolve([])
        : tx.select().from(deliveryCosts).where(inArray(deliveryCosts.deliveryId, ids)),
      orderIds.length === 0
        ? Promise.resolve([])
        : tx.select().from(purchaseOrderLines).where(inArray(purchaseOrderLines.orderId, orderIds)),
      orderIds.length === 0
        ? Promise.resolve([])
        : tx
            .select({ id: purchaseOrders.id, number: purchaseOrders.number })
            .from(purchaseOrders)
            .where(inArray(purchaseOrders.id, orderIds)),
    ]);
    // A delivery whose products were all deleted meanwhile posts too, moving nothing: the
    // screen never offers to post an empty one, and a post queued offline must not be stuck.
    const came = counted.filter((line) => line.received + line.damaged > 0);
    const locked = new Map(
      (
        await lockProducts(tx, context.businessId, [...new Set(came.map((line) => line.productId))])
      ).map((row) => [row.id, row]),
    );

    const outcomes = new Map<string, PostOutcome>();
    const postings: Posting[] = [];
    const named = new Set<string>();
    for (const { id, row: delivery, change } of open) {
      const mine = came.filter((line) => line.deliveryId === id);
      const names = [
        ...mine.map((line) => `product:${line.productId}`),
        ...(delivery.orderId ? [`order:${delivery.orderId}`] : []),
      ];
      if (names.some((name) => named.has(name))) {
        outcomes.set(id, { status: 'after' });
        continue;
      }
      for (const name of names) named.add(name);
      const costOf = new Map(
        costs.filter((cost) => cost.deliveryId === id).map((cost) => [cost.productId, cost]),
      );
      const orderedCost = new Map(
        ordered
          .filter((line) => line.orderId === delivery.orderId)
          .map((line) => [line.productId, line.unitCostCents]),
      );
      const inputs = mine.flatMap((line) => {
        const product = locked.get(line.productId);
        if (!product) return [];
        const lucCents = centsOf(Number(product.luc));
        return [
          {
            productId: line.productId,
            received: line.received,
            damaged: line.damaged,
            lineCents: costOf.get(line.productId)?.lineCents ?? null,
            fallbackUnitCents: orderedCost.get(line.productId) ?? lucCents,
            onHand: product.stockQuantity,
            lucCents,
            taxable: isTaxedAtTill(product.taxCategory, Number(product.gst)),
          },
        ];
      });
      const lines = postingLines(inputs, delivery.freightCents);
      const checked = invoiceCheck(
        lines.map((line, index) => ({
          lineCents: line.lineCents,
          taxable: inputs[index]?.taxable ?? true,
        })),
        delivery.freightCents,
        delivery.totalCents,
      );
      const difference = checked.differenceCents;
      if (difference !== null && difference !== 0 && !change.acceptMismatch) {
        outcomes.set(id, { status: 'mismatch', differenceCents: difference });
        continue;
      }
      postings.push({
        delivery,
        lines,
        taxCategories: new Map(
          lines.map((line) => [line.productId, locked.get(line.productId)?.taxCategory ?? null]),
        ),
        differenceCents: difference,
        gstCents: checked.gstCents,
      });
      outcomes.set(id, { status: 'posted-now', lines });
    }
    await storePostings(tx, context, postings, new Map(orderNumbers.map((o) => [o.id, o.number])));
    return changes.map(
      ({ id }, index) => closed[index] ?? outcomes.get(id) ?? { status: 'missing' },
    );
  });
}

/**
 * The postings written: stock moved through the ledger (each movement naming its invoice and
 * order), LUCs and GST through the catalogue's change log, the posted lines, the orders' received
 * units and status, the deliveries marked posted, and the feeds noted.
 */
async function storePostings(
  tx: Tx,
  context: WriteContext,
  postings: readonly Posting[],
  orderNumbers: ReadonlyMap<string, string>,
) {
  if (postings.length === 0) return;
  await moveStock(
    tx,
    context,
    postings.flatMap(({ delivery, lines }) => {
      // What the movements say: the invoice and the order they came with.
      const order = delivery.orderId ? orderNumbers.get(delivery.orderId) : undefined;
      const note =
        [
          ...(delivery.invoiceNumber ? [`Invoice ${delivery.invoiceNumber}`] : []),
          ...(order ? [order] : []),
        ].join(', ') || null;
      return lines
        .filter((line) => line.received > 0)
        .map((line) => ({
          productId: line.productId,
          delta: line.received,
          movementId: randomUUID(),
          note,
        }));
    }),
    { reason: RECEIVED_REASON, note: null },
  );
  await patchProducts(
    tx,
    context,
    postings.flatMap(({ lines, taxCategories }) =>
      lines
        .filter((line) => line.lucAfterCents !== line.lucBeforeCents)
        .map((line) => {
          const category = taxCategories.get(line.productId);
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
    ),
  );
  const posted = postings.flatMap(({ delivery, lines }) =>
    lines.map((line) => ({
      deliveryId: delivery.id,
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
  if (posted.length > 0) await tx.insert(deliveryLines).values(posted);
  const orderIds = postings.flatMap(({ delivery }) => (delivery.orderId ? [delivery.orderId] : []));
  await receiveOnOrders(
    tx,
    postings.flatMap(({ delivery, lines }) =>
      delivery.orderId
        ? lines
            .filter((line) => line.received > 0)
            .map((line) => ({
              orderId: delivery.orderId as string,
              productId: line.productId,
              received: line.received,
            }))
        : [],
    ),
    orderIds,
  );
  const ids = postings.map(({ delivery }) => delivery.id);
  await tx.execute(sql`
    update ${deliveries} as d
    set status = 'posted', posted_at = ${context.now}, posted_by = ${context.userId},
      difference_cents = posting.difference_cents, gst_cents = posting.gst_cents
    from (
      select unnest(${pgArray(ids)}::uuid[]) as id,
        unnest(${textArray(postings.map(({ differenceCents }) => numberText(differenceCents)))}::int[])
          as difference_cents,
        unnest(${pgArray(postings.map(({ gstCents }) => gstCents))}::int[]) as gst_cents
    ) as posting
    where d.id = posting.id`);
  await noteDeliveryChanged(tx, context.businessId, ids);
  if (orderIds.length > 0) {
    await noteFeedChange(tx, context.businessId, purchaseOrdersFeed.name, orderIds);
  }
}

/** The orders' lines count the units received; each order is partly received, or received. */
async function receiveOnOrders(
  tx: Tx,
  received: readonly { orderId: string; productId: number; received: number }[],
  orderIds: readonly string[],
) {
  if (orderIds.length === 0) return;
  if (received.length > 0) {
    await tx.execute(sql`
      update ${purchaseOrderLines} as l set received = l.received + came.received
      from (
        select unnest(${pgArray(received.map((line) => line.orderId))}::uuid[]) as order_id,
          unnest(${pgArray(received.map((line) => line.productId))}::int[]) as product_id,
          unnest(${pgArray(received.map((line) => line.received))}::int[]) as received
      ) as came
      where l.order_id = came.order_id and l.product_id = came.product_id`);
  }
  const lines = await tx
    .select({
      orderId: purchaseOrderLines.orderId,
      units: purchaseOrderLines.units,
      received: purchaseOrderLines.received,
    })
    .from(purchaseOrderLines)
    .where(inArray(purchaseOrderLines.orderId, [...orderIds]));
  const statuses = orderIds.map((id) =>
    receivedStatus(lines.filter((line) => line.orderId === id)),
  );
  await tx.execute(sql`
    update ${purchaseOrders} as o set status = next.status
    from (
      select unnest(${pgArray(orderIds)}::uuid[]) as id,
        unnest(${textArray(statuses)}::text[]) as status
    ) as next
    where o.id = next.id and o.status <> 'cancelled'`);
}
