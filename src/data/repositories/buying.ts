import * as v from 'valibot';
import { purchaseOrdersFeed, suppliersFeed } from '#domains/purchasing/feeds.ts';
import {
  type Order,
  type OrderCreate,
  type OrderLine,
  type OrderPatch,
  OrderSchema,
  orderTotal,
  type SentVia,
} from '#domains/purchasing/purchase-order.ts';
import {
  type Supplier,
  type SupplierChanges,
  type SupplierCreate,
  SupplierSchema,
} from '#domains/purchasing/supplier.ts';
import {
  cancelOrderWrite,
  createOrderWrite,
  createSupplierWrite,
  editOrderWrite,
  editSupplierWrite,
  sendOrderWrite,
} from '#domains/purchasing/writes.ts';
import { writeRequest } from '#shared/write-declaration.ts';
import { db } from '../db.ts';
import { pullFeeds } from '../sync/feeds.ts';
import { keptFeed } from '../sync/kept-feed.ts';
import { queueWrite } from '../sync/outbox.ts';
import type { OutboxEntry } from '../sync/outbox-entry.ts';
import { rebaseLaterEdits } from '../sync/rebase.ts';
import { queueAndSend } from '../sync/replayer.ts';
import { defineWriteHandler, refusalAlert } from '../sync/write-handler.ts';
import { onForgetUser } from '../user-memory.ts';

/**
 * Suppliers and purchase orders on the device (#domains/purchasing/): made and changed here at
 * once, with their own ids, and sent through the outbox; the server's copies come with the pull.
 * A supplier's edit names the version it was based on, so edits of different fields made on two
 * devices both stand.
 */
/**
 * Each supplier's, each purchase order's and each delivery's writes go out in an order of their
 * own, so a hundred deliveries received offline go side by side; an order or a delivery waits
 * for the earlier writes of its supplier (and a delivery for its order's), so one of a supplier
 * made offline reaches the server after the supplier.
 */
export const supplierWrites = (id: string) => `supplier:${id}`;
export const purchaseOrderWrites = (id: string) => `purchase-order:${id}`;
const ofSupplier = (entry: OutboxEntry) => supplierWrites(String(entry.recordId));
const ofOrder = (entry: OutboxEntry) => purchaseOrderWrites(String(entry.recordId));
const SUPPLIERS_RESOURCE = 'suppliers';
const ORDERS_RESOURCE = 'purchase-orders';

interface Label {
  name: string;
}

const labelOf = (entry: OutboxEntry) => (entry.revert as Label | null)?.name ?? '';

const notice = (what: string) => refusalAlert(what, labelOf);

export async function addSupplier(fields: Omit<SupplierCreate, 'id'>): Promise<Supplier> {
  const body: SupplierCreate = { ...fields, id: crypto.randomUUID() };
  const local: Supplier = {
    id: body.id,
    name: body.name,
    contact: body.contact ?? null,
    email: body.email ?? null,
    phone: body.phone ?? null,
    account_number: body.account_number ?? null,
    lead_days: body.lead_days ?? null,
    minimum_order_cents: body.minimum_order_cents ?? null,
    notes: body.notes ?? null,
    version: 0,
    field_versions: {},
    updated_at: new Date().toISOString(),
  };
  await queueAndSend([db.outbox, db.suppliers], async () => {
    await db.suppliers.put(local);
    return queueWrite<SupplierCreate, Label>({
      resource: SUPPLIERS_RESOURCE,
      ...writeRequest(createSupplierWrite, {}),
      body,
      revert: { name: body.name },
      recordId: body.id,
    });
  });
  return local;
}

/** Some fields of a supplier, based on the version this device holds. */
export async function editSupplier(supplier: Supplier, changes: SupplierChanges) {
  await queueAndSend([db.outbox, db.suppliers], async () => {
    await db.suppliers.put({ ...supplier, ...changes });
    return queueWrite<{ base_version: number; changes: SupplierChanges }, Label>({
      resource: SUPPLIERS_RESOURCE,
      ...writeRequest(editSupplierWrite, { id: supplier.id }),
      body: { base_version: Math.max(supplier.version, 1), changes },
      revert: { name: supplier.name },
      recordId: supplier.id,
    });
  });
}

/** A draft order of these lines (each with the product's name, as the screen shows it). */
export async function draftOrder(
  supplier: Supplier,
  lines: (OrderLine & { name: string })[],
): Promise<Order> {
  const body: OrderCreate = {
    id: crypto.randomUUID(),
    supplier_id: supplier.id,
    lines: lines.map(({ product_id, units, unit_cost_cents }) => ({
      product_id,
      units,
      unit_cost_cents,
    })),
  };
  const local: Order = {
    id: body.id,
    number: '',
    supplier_id: supplier.id,
    supplier: supplier.name,
    status: 'draft',
    sent_at: null,
    sent_via: null,
    expected_on: null,
    notes: null,
    created_at: new Date().toISOString(),
    lines: lines.map((line) => ({ ...line, received: 0 })),
    total_cents: orderTotal(lines),
  };
  await queueAndSend([db.outbox, db.purchaseOrders], async () => {
    await db.purchaseOrders.put(local);
    return queueWrite<OrderCreate, Label>({
      resource: ORDERS_RESOURCE,
      ...writeRequest(createOrderWrite, {}),
      body,
      revert: { name: `an order from ${supplier.name}` },
      recordId: body.id,
    });
  });
  return local;
}

/** A draft's lines replaced (units, expected cost, products added or taken off). */
export async function editDraftOrder(order: Order, lines: (OrderLine & { name: string })[]) {
  const body: OrderPatch = {
    lines: lines.map(({ product_id, units, unit_cost_cents }) => ({
      product_id,
      units,
      unit_cost_cents,
    })),
  };
  await queueAndSend([db.outbox, db.purchaseOrders], async () => {
    await db.purchaseOrders.put({
      ...order,
      lines: lines.map((line) => ({ ...line, received: 0 })),
      total_cents: orderTotal(lines),
    });
    return queueWrite<OrderPatch, Label>({
      resource: ORDERS_RESOURCE,
      ...writeRequest(editOrderWrite, { id: order.id }),
      body,
      revert: { name: order.number || `the order from ${order.supplier}` },
      recordId: order.id,
    });
  });
}

export async function sendPurchaseOrder(order: Order, via: SentVia) {
  await queueAndSend([db.outbox], () =>
    queueWrite<{ via: SentVia }, Label>({
      resource: ORDERS_RESOURCE,
      ...writeRequest(sendOrderWrite, { id: order.id }),
      body: { via },
      revert: { name: order.number || `the order from ${order.supplier}` },
      recordId: order.id,
    }),
  );
}

export async function cancelPurchaseOrder(order: Order) {
  await queueAndSend([db.outbox], () =>
    queueWrite<null, Label>({
      resource: ORDERS_RESOURCE,
      ...writeRequest(cancelOrderWrite, { id: order.id }),
      body: null,
      revert: { name: order.number || `the order from ${order.supplier}` },
      recordId: order.id,
    }),
  );
}

const SupplierAnswerSchema = v.object({ supplier: SupplierSchema });
const OrderAnswerSchema = v.object({ order: OrderSchema });
/** The server's copy stored; edits made here meanwhile build on the version it answered. */
async function storeSupplier(entry: OutboxEntry, answer: unknown) {
  const record = v.parse(SupplierAnswerSchema, answer).supplier;
  await db.suppliers.put(record);
  await rebaseLaterEdits(editSupplierWrite, [{ entry, record }]);
}
async function storeOrder(answer: unknown) {
  await db.purchaseOrders.put(v.parse(OrderAnswerSchema, answer).order);
}

export const buyingHandlers = [
  defineWriteHandler<SupplierCreate, Label>({
    declaration: createSupplierWrite,
    orderOf: ofSupplier,
    acknowledge: storeSupplier,
    absorbUpdate: (body, update) => ({
      ...body,
      ...(update as { changes: SupplierChanges }).changes,
    }),
    async revert(entry) {
      await db.suppliers.delete(entry.recordId as string);
    },
    describe: (entry) => `Adding the supplier ${labelOf(entry)}`,
    failureNotice: notice('Could not add the supplier'),
  }),
  defineWriteHandler<{ base_version: number; changes: SupplierChanges }, Label>({
    declaration: editSupplierWrite,
    orderOf: ofSupplier,
    acknowledge: storeSupplier,
    absorbUpdate: (body, update) => ({
      ...body,
      changes: { ...body.changes, ...(update as { changes: SupplierChanges }).changes },
    }),
    // The server's copy comes back with the next pull.
    async revert() {},
    describe: (entry) => `Changing the supplier ${labelOf(entry)}`,
    failureNotice: notice('Could not change the supplier'),
  }),
  defineWriteHandler<OrderCreate, Label>({
    declaration: createOrderWrite,
    orderOf: ofOrder,
    waitsFor: (entry) => [supplierWrites(entry.body.supplier_id)],
    acknowledge: (_entry, answer) => storeOrder(answer),
    // A draft changed before it was sent goes as one create of the changed draft.
    absorbUpdate: (body, update) => ({ ...body, ...(update as OrderPatch) }),
    async revert(entry) {
      await db.purchaseOrders.delete(entry.recordId as string);
    },
    describe: (entry) => `Drafting ${labelOf(entry)}`,
    failureNotice: notice('Could not draft'),
  }),
  defineWriteHandler<OrderPatch, Label>({
    declaration: editOrderWrite,
    orderOf: ofOrder,
    acknowledge: (_entry, answer) => storeOrder(answer),
    absorbUpdate: (body, update) => ({ ...body, ...(update as OrderPatch) }),
    // The server's copy comes back with the next pull.
    async revert() {},
    describe: (entry) => `Changing ${labelOf(entry)}`,
    failureNotice: notice('Could not change'),
  }),
  defineWriteHandler<{ via: SentVia }, Label>({
    declaration: sendOrderWrite,
    orderOf: ofOrder,
    acknowledge: (_entry, answer) => storeOrder(answer),
    async revert() {},
    describe: (entry) => `Sending ${labelOf(entry)}`,
    failureNotice: notice('Could not send'),
  }),
  defineWriteHandler<null, Label>({
    declaration: cancelOrderWrite,
    orderOf: ofOrder,
    acknowledge: (_entry, answer) => storeOrder(answer),
    async revert() {},
    describe: (entry) => `Cancelling ${labelOf(entry)}`,
    failureNotice: notice('Could not cancel'),
  }),
];

let wanted = false;

export const suppliersDeviceFeed = keptFeed({
  declaration: suppliersFeed,
  wanted: () => wanted,
  held: () => db.suppliers.count(),
  store: ({ suppliers }) => db.suppliers.bulkPut(suppliers),
});

export const purchaseOrdersDeviceFeed = keptFeed({
  declaration: purchaseOrdersFeed,
  wanted: () => wanted,
  held: () => db.purchaseOrders.count(),
  store: ({ orders }) => db.purchaseOrders.bulkPut(orders),
});

/** The buying screens are open: this device keeps suppliers and orders, brought up to date. */
export function refreshBuying(): Promise<void> {
  wanted = true;
  return pullFeeds();
}
onForgetUser(() => {
  wanted = false;
});
