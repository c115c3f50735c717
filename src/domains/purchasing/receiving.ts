import * as v from 'valibot';
import { daySchema, momentSchema } from '#shared/moments.ts';
import { int32 } from '#shared/validation.ts';
import { roundCents } from '../sales/money.ts';
import { spreadFreight, weightedLuc } from './costs.ts';

/**
 * Receiving a delivery (beyond the spec's prototype; README, "Buying and receiving"). A delivery
 * is started against a purchase order or for a supplier alone; tablets scan or type what came,
 * each device's count of a product replacing its own earlier count, so two tablets receiving one
 * delivery add up; the invoice (its number, date, total, freight and each line's cost) is typed;
 * a manager posts it. Posting moves the received units into stock through the ledger (reason
 * Received) and makes each product's LUC the weighted average of the stock on hand and the units
 * received at their landed cost, in one transaction; damaged units are recorded apart.
 *
 * Costs are integer cents excluding GST, as distributors invoice them: a line's cost is the
 * invoice's amount for all the units it bills (received and damaged). The freight is shared over
 * the lines by their cost. A line's landed cost is its cost plus its freight; the received units
 * carry their share of it into the LUC, the damaged units' share is the loss to claim back.
 */
export const DELIVERY_STATUSES = ['open', 'posted', 'cancelled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const RECEIVED_REASON = 'Received';
export const MAX_DELIVERY_UNITS = 100_000;
/** GST on a taxable supply: freight, and the lines of products that carry GST. */
export const GST_RATE = 0.1;

export const DELIVERY_MESSAGES = {
  notFound: 'This delivery does not exist',
  idTaken: 'This delivery id was already used for another delivery',
  supplierGone: 'This supplier does not exist',
  orderGone: 'This purchase order does not exist, or is another supplier’s',
  orderClosed: 'This purchase order is received or cancelled',
  posted: 'This delivery has been posted',
  cancelled: 'This delivery was cancelled',
  units: `Enter a whole number of units from 0 to ${MAX_DELIVERY_UNITS.toLocaleString('en')}`,
  cost: 'Enter a cost of $0.00 or more',
  /** Said by the receiving screen, which offers no post until something came. */
  nothingReceived: 'Nothing has been received on this delivery yet',
  mismatch: 'The lines and freight do not add up to the invoice total',
} as const;

const Uuid = v.pipe(v.string(), v.uuid());
const Units = v.pipe(
  v.number(DELIVERY_MESSAGES.units),
  v.integer(DELIVERY_MESSAGES.units),
  v.minValue(0, DELIVERY_MESSAGES.units),
  v.maxValue(MAX_DELIVERY_UNITS, DELIVERY_MESSAGES.units),
);
const Cents = int32(DELIVERY_MESSAGES.cost);

/** POST /purchasing/deliveries: a delivery started, with the id the device gave it. */
export const DeliveryStartSchema = v.object({
  id: Uuid,
  supplier_id: Uuid,
  order_id: v.optional(v.nullable(Uuid)),
  started_at: momentSchema('started_at'),
});
export type DeliveryStart = v.InferOutput<typeof DeliveryStartSchema>;

/** PUT /purchasing/deliveries/{id}/counts: this device's counts, each its latest. */
export const DeliveryCountsSchema = v.object({
  device_id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,64}$/)),
  lines: v.pipe(
    v.array(
      v.object({
        product_id: int32('product_id must be a product id', 1),
        received: Units,
        damaged: Units,
        counted_at: momentSchema('counted_at'),
      }),
    ),
    v.minLength(1),
    v.maxLength(2_000),
  ),
});
export type DeliveryCounts = v.InferOutput<typeof DeliveryCountsSchema>;

/** PUT /purchasing/deliveries/{id}/invoice: the supplier's invoice as typed, whole. */
export const DeliveryInvoiceSchema = v.object({
  invoice_number: v.pipe(v.string(), v.trim(), v.maxLength(64)),
  invoice_date: v.nullable(daySchema('invoice_date')),
  /** What the invoice says is owed, GST included; null until typed. */
  total_cents: v.nullable(Cents),
  freight_cents: Cents,
  costs: v.pipe(
    v.array(
      v.object({ product_id: int32('product_id must be a product id', 1), line_cents: Cents }),
    ),
    v.maxLength(2_000),
  ),
});
export type DeliveryInvoice = v.InferOutput<typeof DeliveryInvoiceSchema>;

/** POST /purchasing/deliveries/{id}/post. */
export const DeliveryPostSchema = v.object({
  /** Post although the invoice does not add up (its difference is kept with the delivery). */
  accept_mismatch: v.optional(v.boolean(), false),
});

/** A line of a delivery as posting works it out. */
export interface PostingLine {
  productId: number;
  received: number;
  damaged: number;
  /** The invoice's cost of the line (all units billed), or null: none typed. */
  lineCents: number | null;
  /** What each unit costs when no invoice cost was typed: the order's, else the LUC. */
  fallbackUnitCents: number;
  onHand: number;
  lucCents: number;
  taxable: boolean;
}

export interface PostedLine {
  productId: number;
  received: number;
  damaged: number;
  lineCents: number;
  freightCents: number;
  /** The landed cost the received units carry into the LUC. */
  receivedCents: number;
  lucBeforeCents: number;
  lucAfterCents: number;
}

/** Each line's cost, freight and new LUC (see the module's comment). */
export function postingLines(lines: readonly PostingLine[], freightCents: number): PostedLine[] {
  const costs = lines.map(
    (line) => line.lineCents ?? line.fallbackUnitCents * (line.received + line.damaged),
  );
  const freight = spreadFreight(
    freightCents,
    lines.map((line, index) => ({
      costCents: costs[index] ?? 0,
      units: line.received + line.damaged,
    })),
  );
  return lines.map((line, index) => {
    const lineCents = costs[index] ?? 0;
    const freightShare = freight[index] ?? 0;
    const billed = line.received + line.damaged;
    const receivedCents =
      billed === 0 ? 0 : roundCents(((lineCents + freightShare) * line.received) / billed);
    return {
      productId: line.productId,
      received: line.received,
      damaged: line.damaged,
      lineCents,
      freightCents: freightShare,
      receivedCents,
      lucBeforeCents: line.lucCents,
      lucAfterCents: weightedLuc(line.onHand, line.lucCents, line.received, receivedCents),
    };
  });
}

/**
 * What the invoice should say is owed: the lines and freight, and GST on the taxable lines and
 * the freight (worked out once on their sum); and how far the typed total is from it.
 */
export function invoiceCheck(
  lines: readonly { lineCents: number; taxable: boolean }[],
  freightCents: number,
  totalCents: number | null,
): { expectedCents: number; gstCents: number; differenceCents: number | null } {
  const taxable =
    lines.reduce((sum, line) => sum + (line.taxable ? line.lineCents : 0), 0) + freightCents;
  const gstCents = roundCents(taxable * GST_RATE);
  const expectedCents =
    lines.reduce((sum, line) => sum + line.lineCents, 0) + freightCents + gstCents;
  return {
    expectedCents,
    gstCents,
    differenceCents: totalCents === null ? null : totalCents - expectedCents,
  };
}

export const DeliverySchema = v.object({
  id: v.string(),
  supplier_id: v.string(),
  supplier: v.string(),
  order_id: v.nullable(v.string()),
  order_number: v.nullable(v.string()),
  status: v.picklist(DELIVERY_STATUSES),
  started_at: v.string(),
  posted_at: v.nullable(v.string()),
  invoice_number: v.string(),
  invoice_date: v.nullable(v.string()),
  total_cents: v.nullable(v.number()),
  freight_cents: v.number(),
  /** Every product counted, ordered or costed: what came (all devices), what was ordered. */
  lines: v.array(
    v.object({
      product_id: v.number(),
      name: v.string(),
      ordered: v.nullable(v.number()),
      received: v.number(),
      damaged: v.number(),
      line_cents: v.nullable(v.number()),
      /** Once posted: the LUC before and after. */
      luc_before_cents: v.nullable(v.number()),
      luc_after_cents: v.nullable(v.number()),
    }),
  ),
  /**
   * While open, each device's count of each product (the lines add them up): a device shows its
   * own counts as it holds them, beside the others' as the server has them.
   */
  counts: v.array(
    v.object({
      device_id: v.string(),
      product_id: v.number(),
      received: v.number(),
      damaged: v.number(),
    }),
  ),
  /** Once posted: how far the invoice total was from its lines, freight and GST. */
  difference_cents: v.nullable(v.number()),
});
export type Delivery = v.InferOutput<typeof DeliverySchema>;

export const DeliveryListSchema = v.object({ deliveries: v.array(DeliverySchema) });

/** One device's count of a product in a delivery. */
export interface DeviceCount {
  productId: number;
  received: number;
  damaged: number;
}

/**
 * An open delivery's lines as a device shows them: the other devices' counts as the server has
 * them, with this device's own as it holds them (the newest, perhaps not sent yet). A posted
 * delivery's lines are the server's.
 */
export function linesCountedHere(
  delivery: Delivery,
  deviceId: string,
  here: readonly DeviceCount[],
): Delivery['lines'] {
  if (delivery.status !== 'open') return delivery.lines;
  const lines = new Map(
    delivery.lines.map((line) => [line.product_id, { ...line, received: 0, damaged: 0 }]),
  );
  const add = (productId: number, received: number, damaged: number) => {
    const line = lines.get(productId) ?? {
      product_id: productId,
      name: '',
      ordered: null,
      received: 0,
      damaged: 0,
      line_cents: null,
      luc_before_cents: null,
      luc_after_cents: null,
    };
    lines.set(productId, {
      ...line,
      received: line.received + received,
      damaged: line.damaged + damaged,
    });
  };
  for (const count of delivery.counts) {
    if (count.device_id !== deviceId) add(count.product_id, count.received, count.damaged);
  }
  for (const count of here) add(count.productId, count.received, count.damaged);
  return [...lines.values()];
}
