import * as v from 'valibot';
import { mapEnhancedProduct } from '#domains/products/product.ts';
import { ProductAnswerSchema } from '#domains/products/product-write.ts';
import { deliveriesFeed } from '#domains/purchasing/feeds.ts';
import {
  type Delivery,
  type DeliveryCounts,
  type DeliveryInvoice,
  DeliverySchema,
  type DeliveryStart,
} from '#domains/purchasing/receiving.ts';
import {
  countDeliveryWrite,
  invoiceDeliveryWrite,
  postDeliveryWrite,
  startDeliveryWrite,
} from '#domains/purchasing/writes.ts';
import { writeRequest } from '#shared/write-declaration.ts';
import { updateStoredCatalogue } from '../catalogue-store.ts';
import { db, type ReceivedCount } from '../db.ts';
import { pullFeeds } from '../sync/feeds.ts';
import { keptFeed } from '../sync/kept-feed.ts';
import { queueWrite } from '../sync/outbox.ts';
import type { OutboxEntry } from '../sync/outbox-entry.ts';
import { queueAndSend } from '../sync/replayer.ts';
import { defineWriteHandler, refusalAlert } from '../sync/write-handler.ts';
import { onForgetUser } from '../user-memory.ts';
import { purchaseOrderWrites, supplierWrites } from './buying.ts';
import { deviceId } from './stocktakes.ts';

/**
 * Receiving on the device (#domains/purchasing/receiving.ts). A delivery is started here with its
 * own id, so scanning can begin offline; what this device counts is kept in `receivedCounts` at
 * once and sent as its counts (those waiting for one delivery merge into one request, a product
 * counted again replacing its count); the invoice as typed; the post last. They go out in the
 * delivery's own send order, after the writes of its supplier and its order made here before.
 */
const DELIVERIES_RESOURCE = 'deliveries';
const COUNTS_RESOURCE = 'delivery-counts';
/** A delivery's counts go to the server once its scanning pauses this long (ms), as one write. */
export const COUNTS_GATHER_MS = 1_000;
/**
 * The invoice is a resource of its own: an invoice saved again replaces one not yet sent, and
 * is never merged into a start still waiting (a create absorbs the updates of its resource).
 */
const INVOICES_RESOURCE = 'delivery-invoices';

/** What Pending changes says of an entry: the supplier the delivery is from. */
interface Label {
  supplier: string;
}

export async function startReceiving(
  start: Omit<DeliveryStart, 'id' | 'started_at'>,
  names: { supplier: string; orderNumber: string | null },
): Promise<Delivery> {
  const body: DeliveryStart = {
    ...start,
    id: crypto.randomUUID(),
    started_at: new Date().toISOString(),
  };
  const ordered = start.order_id ? await db.purchaseOrders.get(start.order_id) : undefined;
  const local: Delivery = {
    id: body.id,
    supplier_id: body.supplier_id,
    supplier: names.supplier,
    order_id: body.order_id ?? null,
    order_number: names.orderNumber,
    status: 'open',
    started_at: body.started_at,
    posted_at: null,
    invoice_number: '',
    invoice_date: null,
    total_cents: null,
    freight_cents: 0,
    lines: (ordered?.lines ?? []).map((line) => ({
      product_id: line.product_id,
      name: line.name,
      ordered: line.units,
      received: 0,
      damaged: 0,
      line_cents: null,
      luc_before_cents: null,
      luc_after_cents: null,
    })),
    counts: [],
    difference_cents: null,
  };
  await queueAndSend([db.outbox, db.deliveries], async () => {
    await db.deliveries.put(local);
    return queueWrite<DeliveryStart, Label>({
      resource: DELIVERIES_RESOURCE,
      ...writeRequest(startDeliveryWrite, {}),
      body,
      revert: { supplier: names.supplier },
      recordId: body.id,
    });
  });
  return local;
}

/** This device's count of a product in a delivery: kept at once, sent as its count. */
export async function countReceived(
  delivery: Delivery,
  productId: number,
  received: number,
  damaged: number,
) {
  const count: ReceivedCount = {
    deliveryId: delivery.id,
    productId,
    received,
    damaged,
    countedAt: new Date().toISOString(),
  };
  const device = await deviceId();
  await queueAndSend([db.outbox, db.receivedCounts], async () => {
    await db.receivedCounts.put(count);
    return queueWrite<DeliveryCounts, Label>({
      resource: COUNTS_RESOURCE,
      ...writeRequest(countDeliveryWrite, { id: delivery.id }),
      body: {
        device_id: device,
        lines: [{ product_id: productId, received, damaged, counted_at: count.countedAt }],
      },
      revert: { supplier: delivery.supplier },
      recordId: delivery.id,
    });
  });
}

/** What this device counted in a delivery, by product. */
export function receivedHere(deliveryId: string): Promise<ReceivedCount[]> {
  return db.receivedCounts.where('deliveryId').equals(deliveryId).toArray();
}

/** The invoice as typed (whole: a later save replaces an unsent earlier one). */
export async function saveDeliveryInvoice(delivery: Delivery, invoice: DeliveryInvoice) {
  await queueAndSend([db.outbox, db.deliveries], async () => {
    const costs = new Map(invoice.costs.map((cost) => [cost.product_id, cost.line_cents]));
    await db.deliveries.put({
      ...delivery,
      invoice_number: invoice.invoice_number,
      invoice_date: invoice.invoice_date,
      total_cents: invoice.total_cents,
      freight_cents: invoice.freight_cents,
      // The invoice is saved whole: a line's cost is what it says, or none. A product counted
      // here that the server has not answered for yet gets its line now.
      lines: [
        ...delivery.lines.map((line) => ({
          ...line,
          line_cents: costs.get(line.product_id) ?? null,
        })),
        ...invoice.costs
          .filter((cost) => !delivery.lines.some((line) => line.product_id === cost.product_id))
          .map((cost) => ({
            product_id: cost.product_id,
            name: '',
            ordered: null,
            received: 0,
            damaged: 0,
            line_cents: cost.line_cents,
            luc_before_cents: null,
            luc_after_cents: null,
          })),
      ],
    });
    return queueWrite<DeliveryInvoice, Label>({
      resource: INVOICES_RESOURCE,
      ...writeRequest(invoiceDeliveryWrite, { id: delivery.id }),
      body: invoice,
      revert: { supplier: delivery.supplier },
      recordId: delivery.id,
    });
  });
}

export async function postReceived(delivery: Delivery, acceptMismatch: boolean) {
  await queueAndSend([db.outbox], () =>
    queueWrite<{ accept_mismatch: boolean }, Label>({
      resource: DELIVERIES_RESOURCE,
      ...writeRequest(postDeliveryWrite, { id: delivery.id }),
      body: { accept_mismatch: acceptMismatch },
      revert: { supplier: delivery.supplier },
      recordId: delivery.id,
    }),
  );
}

/** A device's counts waiting for one delivery merge: a product's later count replaces it. */
function mergeCounts(body: DeliveryCounts, update: unknown): DeliveryCounts {
  const byProduct = new Map<number, DeliveryCounts['lines'][number]>();
  for (const line of [...body.lines, ...(update as DeliveryCounts).lines]) {
    byProduct.set(line.product_id, line);
  }
  return { ...body, lines: [...byProduct.values()] };
}

const AnswerSchema = v.object({ delivery: DeliverySchema });
const CountsAnswerSchema = v.object({ gone: v.array(v.number()) });
const PostedAnswerSchema = v.object({
  delivery: DeliverySchema,
  products: v.array(ProductAnswerSchema),
});

/**
 * Posted deliveries, and their products' stock and LUC as the server now has them: many at
 * once after an outage, in one write of each store (a later answer's product wins).
 */
async function storePosted(answers: readonly unknown[]) {
  const posted = answers.map((answer) => v.parse(PostedAnswerSchema, answer));
  await db.deliveries.bulkPut(posted.map(({ delivery }) => delivery));
  const products = new Map(
    posted.flatMap(({ products }) => products.map((product) => [product.id, product] as const)),
  );
  await updateStoredCatalogue({
    put: [...products.values()].map((product) => ({ item: mapEnhancedProduct(product) })),
    deleted: [],
  });
}

/** Deliveries as the server answered them, in one write. */
async function storeDeliveries(answers: readonly unknown[]) {
  await db.deliveries.bulkPut(answers.map((answer) => v.parse(AnswerSchema, answer).delivery));
}

/** Counts the server has: their deliveries, less the counts of products deleted meanwhile. */
async function storeCounted(acknowledged: readonly { entry: OutboxEntry; answer: unknown }[]) {
  await storeDeliveries(answersOf(acknowledged));
  // Products deleted meanwhile cannot be received: their counts here go.
  await db.receivedCounts.bulkDelete(
    acknowledged.flatMap(({ entry, answer }) =>
      v
        .parse(CountsAnswerSchema, answer)
        .gone.map((productId) => [entry.recordId as string, productId] as [string, number]),
    ),
  );
}

/** Each answer of many acknowledged entries, for a store that takes them all at once. */
const answersOf = (acknowledged: readonly { answer: unknown }[]) =>
  acknowledged.map(({ answer }) => answer);

const deliveryWrites = (entry: OutboxEntry) => `delivery:${String(entry.recordId)}`;

const labelOf = (entry: OutboxEntry) =>
  `the delivery from ${(entry.revert as Label | null)?.supplier ?? 'a supplier'}`;

const notice = (what: string) => refusalAlert(what, labelOf);

export const deliveryHandlers = [
  defineWriteHandler<DeliveryStart, Label>({
    declaration: startDeliveryWrite,
    orderOf: deliveryWrites,
    waitsFor: ({ body }) => [
      supplierWrites(body.supplier_id),
      ...(body.order_id ? [purchaseOrderWrites(body.order_id)] : []),
    ],
    acknowledge: (_entry, answer) => storeDeliveries([answer]),
    acknowledgeAll: (acknowledged) => storeDeliveries(answersOf(acknowledged)),
    async revert(entry) {
      await db.deliveries.delete(entry.recordId as string);
      await db.receivedCounts
        .where('deliveryId')
        .equals(entry.recordId as string)
        .delete();
    },
    describe: (entry) => `Starting ${labelOf(entry)}`,
    failureNotice: notice('Could not start'),
  }),
  defineWriteHandler<DeliveryCounts, Label>({
    declaration: countDeliveryWrite,
    orderOf: deliveryWrites,
    absorbUpdate: mergeCounts,
    gathersMs: COUNTS_GATHER_MS,
    acknowledge: (entry, answer) => storeCounted([{ entry, answer }]),
    acknowledgeAll: storeCounted,
    // Kept here: what was counted stays on the screen while the user decides.
    async revert() {},
    describe: (entry) =>
      `${(entry.body as DeliveryCounts).lines.length} counted in ${labelOf(entry)}`,
    failureNotice: notice('Counts not saved in'),
  }),
  defineWriteHandler<DeliveryInvoice, Label>({
    declaration: invoiceDeliveryWrite,
    orderOf: deliveryWrites,
    acknowledge: (_entry, answer) => storeDeliveries([answer]),
    acknowledgeAll: (acknowledged) => storeDeliveries(answersOf(acknowledged)),
    async revert() {},
    describe: (entry) => `The invoice of ${labelOf(entry)}`,
    failureNotice: notice('The invoice was not saved for'),
  }),
  defineWriteHandler<{ accept_mismatch: boolean }, Label>({
    declaration: postDeliveryWrite,
    orderOf: deliveryWrites,
    acknowledge: (_entry, answer) => storePosted([answer]),
    acknowledgeAll: (acknowledged) => storePosted(answersOf(acknowledged)),
    async revert() {},
    describe: (entry) => `Posting ${labelOf(entry)}`,
    failureNotice: notice('Could not post'),
  }),
];

let wanted = false;

/** The business's deliveries, kept here for receiving offline once this device receives. */
export const deliveriesDeviceFeed = keptFeed({
  declaration: deliveriesFeed,
  wanted: () => wanted,
  held: () => db.deliveries.count(),
  store: ({ deliveries }) => db.deliveries.bulkPut(deliveries),
});

/** The receiving screen shows the business's deliveries: brought up to date through the pull. */
export function refreshDeliveries(): Promise<void> {
  wanted = true;
  return pullFeeds();
}
onForgetUser(() => {
  wanted = false;
});
