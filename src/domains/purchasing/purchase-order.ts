import * as v from 'valibot';
import { daySchema } from '#shared/moments.ts';
import { int32 } from '#shared/validation.ts';

/**
 * Purchase orders (beyond the spec's prototype; README, "Buying and receiving"): made as a draft
 * on a device (its id), sent to the supplier (by email with the order attached as CSV, or marked
 * as sent when ordered by phone or the supplier's portal), then received by deliveries: partly
 * received, received, or cancelled. The server numbers an order when it first arrives
 * (PO-000001 per business). Quantities are units; a line ordered in cases is its cases × the
 * product's case size. Costs are integer cents, excluding GST, as distributors invoice them.
 */
export const ORDER_STATUSES = [
  'draft',
  'sent',
  'partly_received',
  'received',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  draft: 'Draft',
  sent: 'Sent',
  partly_received: 'Partly received',
  received: 'Received',
  cancelled: 'Cancelled',
};

export const SENT_VIA = ['email-csv', 'marked'] as const;
export type SentVia = (typeof SENT_VIA)[number];

/** The most lines one order or delivery carries, and units one line orders. */
export const MAX_ORDER_LINES = 2_000;
export const MAX_LINE_UNITS = 100_000;

export const ORDER_MESSAGES = {
  notFound: 'This purchase order does not exist',
  idTaken: 'This purchase order id was already used for another order',
  supplierGone: 'This supplier does not exist',
  productGone: 'A product of this order no longer exists',
  notDraft: 'Only a draft order can be changed',
  notOpen: 'This order is received or cancelled',
  units: `Enter a whole number of units from 1 to ${MAX_LINE_UNITS.toLocaleString('en')}`,
  cost: 'Enter a cost of $0.00 or more',
  lines: 'Add at least one product',
  twice: 'A product is on the order twice',
  noEmail: 'This supplier has no email address: add one, or mark the order as sent',
} as const;

const Uuid = v.pipe(v.string(), v.uuid());

export const OrderLineSchema = v.object({
  product_id: int32('product_id must be a product id', 1),
  units: v.pipe(
    v.number(ORDER_MESSAGES.units),
    v.integer(ORDER_MESSAGES.units),
    v.minValue(1, ORDER_MESSAGES.units),
    v.maxValue(MAX_LINE_UNITS, ORDER_MESSAGES.units),
  ),
  /** Expected cost of one unit, excluding GST. */
  unit_cost_cents: int32(ORDER_MESSAGES.cost),
});
export type OrderLine = v.InferOutput<typeof OrderLineSchema>;

const distinctProducts = (lines: readonly { product_id: number }[]) =>
  new Set(lines.map((line) => line.product_id)).size === lines.length;

export const OrderLinesSchema = v.pipe(
  v.array(OrderLineSchema),
  v.minLength(1, ORDER_MESSAGES.lines),
  v.maxLength(MAX_ORDER_LINES),
  v.check((lines) => distinctProducts(lines), ORDER_MESSAGES.twice),
);

const Notes = v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(1000)));

/** POST /purchasing/orders: a draft, with the id the device gave it. */
export const OrderCreateSchema = v.object({
  id: Uuid,
  supplier_id: Uuid,
  lines: OrderLinesSchema,
  expected_on: v.optional(v.nullable(daySchema('expected_on'))),
  notes: v.optional(Notes),
});
export type OrderCreate = v.InferOutput<typeof OrderCreateSchema>;

/** PATCH /purchasing/orders/{id}: a draft's lines, expected day or notes. */
export const OrderPatchSchema = v.pipe(
  v.object({
    lines: v.optional(OrderLinesSchema),
    expected_on: v.optional(v.nullable(daySchema('expected_on'))),
    notes: v.optional(Notes),
  }),
  v.check((patch) => Object.keys(patch).length > 0, 'Say what to change'),
);
export type OrderPatch = v.InferOutput<typeof OrderPatchSchema>;

/** POST /purchasing/orders/{id}/send. */
export const OrderSendSchema = v.object({ via: v.picklist(SENT_VIA) });

export const OrderSchema = v.object({
  id: v.string(),
  number: v.string(),
  supplier_id: v.string(),
  supplier: v.string(),
  status: v.picklist(ORDER_STATUSES),
  sent_at: v.nullable(v.string()),
  sent_via: v.nullable(v.picklist(SENT_VIA)),
  expected_on: v.nullable(v.string()),
  notes: v.nullable(v.string()),
  created_at: v.string(),
  lines: v.array(
    v.object({
      product_id: v.number(),
      name: v.string(),
      units: v.number(),
      unit_cost_cents: v.number(),
      /** Units received by posted deliveries. */
      received: v.number(),
    }),
  ),
  total_cents: v.number(),
});
export type Order = v.InferOutput<typeof OrderSchema>;

export const OrderListSchema = v.object({ orders: v.array(OrderSchema) });

/** The order's value: Σ units × unit cost, in cents. */
export function orderTotal(lines: readonly { units: number; unit_cost_cents: number }[]): number {
  return lines.reduce((total, line) => total + line.units * line.unit_cost_cents, 0);
}

/** Where an order stands once deliveries have brought `received` of each line's units. */
export function receivedStatus(
  lines: readonly { units: number; received: number }[],
): 'sent' | 'partly_received' | 'received' {
  if (lines.every((line) => line.received >= line.units)) return 'received';
  return lines.some((line) => line.received > 0) ? 'partly_received' : 'sent';
}
