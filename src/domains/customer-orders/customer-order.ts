import * as v from 'valibot';
import { isRealDayText } from '#shared/moments.ts';
import { emptyAsNull, int32, optionalText } from '#shared/validation.ts';

/**
 * Customer orders (beyond the spec's prototype; README, "Customer orders"): a customer's case put
 * aside for pickup, or a delivery, on a day and in a time window. Made on any device (its id) and
 * numbered by the server when it first arrives; its details are edited field by field
 * (#shared/sync/field-merge.ts) and its lines line by line, so two tablets changing one order
 * both stand. An open or ready order reserves its units: a product's available stock is its
 * stock on hand less what orders reserve.
 */
export const ORDER_KINDS = ['pickup', 'delivery'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
export const ORDER_KIND_LABELS = {
  pickup: 'Pickup',
  delivery: 'Delivery',
} as const satisfies Record<OrderKind, string>;

export const ORDER_STATUSES = ['open', 'ready', 'collected', 'delivered', 'cancelled'] as const;
export type CustomerOrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Readonly<Record<CustomerOrderStatus, string>> = {
  open: 'Open',
  ready: 'Ready',
  collected: 'Collected',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};
/** The orders that still hold their units aside. */
export const RESERVING: ReadonlySet<CustomerOrderStatus> = new Set(['open', 'ready']);
/** What a person may set an order to by hand; collected and delivered come from the till. */
/** What an order becomes once the sale that completes it is made: a pickup is collected. */
export const handedOver = (kind: OrderKind): CustomerOrderStatus =>
  kind === 'pickup' ? 'collected' : 'delivered';

export const SETTABLE_STATUSES = ['open', 'ready', 'cancelled'] as const;
export type SettableStatus = (typeof SETTABLE_STATUSES)[number];

export const MAX_ORDER_LINES = 200;
export const MAX_LINE_QUANTITY = 9_999;

export const CUSTOMER_ORDER_MESSAGES = {
  customer: 'Choose the customer the order is for',
  customerGone: 'This customer is not the business’s, or was removed',
  kind: 'Choose pickup or delivery',
  day: 'Enter the day such as 2026-12-24',
  time: 'Enter a time such as 09:30',
  window: 'The window must end after it starts',
  address: 'Enter where to deliver',
  lines: 'Add at least one product',
  tooManyLines: `An order holds at most ${MAX_ORDER_LINES} products`,
  twice: 'Each product once: change its quantity instead',
  quantity: `Enter a quantity from 1 to ${MAX_LINE_QUANTITY.toLocaleString('en')}`,
  lineQuantity: `Enter a quantity from 0 (to take it off) to ${MAX_LINE_QUANTITY.toLocaleString('en')}`,
  productGone: 'A product of this order is not in the catalogue any more',
  notFound: 'This order does not exist',
  idTaken: 'This order id was already used for another order',
  closed: 'This order is closed: it was collected, delivered or cancelled',
  conflict: 'This order was changed on another device',
  nothingToChange: 'Say what to change',
  status: 'Set an order to open, ready or cancelled',
} as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = v.nullable(
  v.pipe(
    v.string(CUSTOMER_ORDER_MESSAGES.time),
    v.trim(),
    v.check((value) => value === '' || TIME.test(value), CUSTOMER_ORDER_MESSAGES.time),
    emptyAsNull,
  ),
);

/** The details of an order a person writes, each merged on its own. */
export const ORDER_FIELDS = {
  kind: v.picklist(ORDER_KINDS, CUSTOMER_ORDER_MESSAGES.kind),
  due_on: v.pipe(
    v.string(CUSTOMER_ORDER_MESSAGES.day),
    v.check(isRealDayText, CUSTOMER_ORDER_MESSAGES.day),
  ),
  window_from: time,
  window_to: time,
  address: optionalText(300),
  notes: optionalText(1000),
} as const;
export type OrderField = keyof typeof ORDER_FIELDS;
export const ORDER_FIELD_KEYS = Object.keys(ORDER_FIELDS) as OrderField[];

const productId = int32('Choose a product from the catalogue', 1);

/** A line as made: a product and how many. */
export const OrderLineInputSchema = v.object({
  product_id: productId,
  quantity: v.pipe(
    v.number(CUSTOMER_ORDER_MESSAGES.quantity),
    v.integer(CUSTOMER_ORDER_MESSAGES.quantity),
    v.minValue(1, CUSTOMER_ORDER_MESSAGES.quantity),
    v.maxValue(MAX_LINE_QUANTITY, CUSTOMER_ORDER_MESSAGES.quantity),
  ),
});
export type OrderLineInput = v.InferOutput<typeof OrderLineInputSchema>;

/** A line as changed: its new quantity, 0 to take it off. */
const OrderLineChangeSchema = v.object({
  product_id: productId,
  quantity: v.pipe(
    v.number(CUSTOMER_ORDER_MESSAGES.lineQuantity),
    v.integer(CUSTOMER_ORDER_MESSAGES.lineQuantity),
    v.minValue(0, CUSTOMER_ORDER_MESSAGES.lineQuantity),
    v.maxValue(MAX_LINE_QUANTITY, CUSTOMER_ORDER_MESSAGES.lineQuantity),
  ),
});
export type OrderLineChange = v.InferOutput<typeof OrderLineChangeSchema>;

const onceEach = (lines: readonly { product_id: number }[]) =>
  new Set(lines.map((line) => line.product_id)).size === lines.length;

const windowInOrder = (details: { window_from?: string | null; window_to?: string | null }) =>
  !details.window_from || !details.window_to || details.window_from < details.window_to;

const deliveryHasAddress = (details: { kind?: OrderKind; address?: string | null }) =>
  details.kind !== 'delivery' || (details.address ?? null) !== null;

/** POST /orders: a new order, with the id the device gave it. */
export const CustomerOrderCreateSchema = v.pipe(
  v.object({
    id: v.pipe(v.string(), v.uuid('An order id is a UUID')),
    customer_id: v.pipe(
      v.string(CUSTOMER_ORDER_MESSAGES.customer),
      v.uuid(CUSTOMER_ORDER_MESSAGES.customer),
    ),
    ...v.partial(v.object(ORDER_FIELDS)).entries,
    kind: ORDER_FIELDS.kind,
    due_on: ORDER_FIELDS.due_on,
    lines: v.pipe(
      v.array(OrderLineInputSchema, CUSTOMER_ORDER_MESSAGES.lines),
      v.minLength(1, CUSTOMER_ORDER_MESSAGES.lines),
      v.maxLength(MAX_ORDER_LINES, CUSTOMER_ORDER_MESSAGES.tooManyLines),
      v.check((lines) => onceEach(lines), CUSTOMER_ORDER_MESSAGES.twice),
    ),
  }),
  v.check((order) => windowInOrder(order), CUSTOMER_ORDER_MESSAGES.window),
  v.check((order) => deliveryHasAddress(order), CUSTOMER_ORDER_MESSAGES.address),
);
export type CustomerOrderCreate = v.InferOutput<typeof CustomerOrderCreateSchema>;

/**
 * PATCH /orders/{id}: some details, based on the version the device held, and some lines, each
 * set to its new quantity (0 takes it off) whatever other lines became meanwhile.
 */
export const CustomerOrderPatchSchema = v.pipe(
  v.object({
    base_version: int32('base_version must be a version number', 1),
    changes: v.optional(v.partial(v.strictObject(ORDER_FIELDS)), {}),
    lines: v.optional(
      v.pipe(
        v.array(OrderLineChangeSchema),
        v.maxLength(MAX_ORDER_LINES, CUSTOMER_ORDER_MESSAGES.tooManyLines),
        v.check((lines) => onceEach(lines), CUSTOMER_ORDER_MESSAGES.twice),
      ),
      [],
    ),
  }),
  v.check(
    (patch) => Object.keys(patch.changes).length > 0 || patch.lines.length > 0,
    CUSTOMER_ORDER_MESSAGES.nothingToChange,
  ),
  v.check((patch) => windowInOrder(patch.changes), CUSTOMER_ORDER_MESSAGES.window),
);
export type CustomerOrderPatch = v.InferOutput<typeof CustomerOrderPatchSchema>;
export type CustomerOrderChanges = CustomerOrderPatch['changes'];

/** POST /orders/{id}/status. */
export const CustomerOrderStatusSchema = v.object({
  status: v.picklist(SETTABLE_STATUSES, CUSTOMER_ORDER_MESSAGES.status),
});

export const CustomerOrderLineSchema = v.object({
  product_id: v.number(),
  name: v.string(),
  quantity: v.number(),
  /** The product's price when the line was made, GST included. */
  price_cents: v.number(),
});
export type CustomerOrderLine = v.InferOutput<typeof CustomerOrderLineSchema>;

export const CustomerOrderSchema = v.object({
  id: v.string(),
  /** ORD-1001, given by the server; empty until it has the order. */
  number: v.string(),
  customer_id: v.string(),
  customer: v.string(),
  kind: v.picklist(ORDER_KINDS),
  due_on: v.string(),
  window_from: v.nullable(v.string()),
  window_to: v.nullable(v.string()),
  address: v.nullable(v.string()),
  notes: v.nullable(v.string()),
  status: v.picklist(ORDER_STATUSES),
  lines: v.array(CustomerOrderLineSchema),
  total_cents: v.number(),
  version: v.number(),
  field_versions: v.record(v.string(), v.number()),
  created_at: v.string(),
  updated_at: v.string(),
  /** The receipt of the sale that completed it at the till (collected or delivered). */
  sale_receipt: v.optional(v.nullable(v.string())),
});
export type CustomerOrder = v.InferOutput<typeof CustomerOrderSchema>;

export const CustomerOrderListSchema = v.object({ orders: v.array(CustomerOrderSchema) });

/** What an order is called before the server has numbered it. */
export const NOT_NUMBERED = 'Not yet numbered';

/** An order's number as people read it: ORD-1001. */
export const customerOrderNumber = (sequence: number) => `ORD-${1000 + sequence}`;

export const orderTotalCents = (
  lines: readonly Pick<CustomerOrderLine, 'quantity' | 'price_cents'>[],
) => lines.reduce((total, line) => total + line.quantity * line.price_cents, 0);

export const itemCount = (lines: readonly Pick<CustomerOrderLine, 'quantity'>[]) =>
  lines.reduce((total, line) => total + line.quantity, 0);

/** Lines with these changes: a quantity set, a product added at the end, 0 taking one off. */
export function withLineChanges<TLine extends { product_id: number; quantity: number }>(
  lines: readonly TLine[],
  changes: readonly OrderLineChange[],
  newLine: (change: OrderLineChange) => TLine,
): TLine[] {
  const next = [...lines];
  for (const change of changes) {
    const at = next.findIndex((line) => line.product_id === change.product_id);
    if (change.quantity === 0) {
      if (at >= 0) next.splice(at, 1);
    } else if (at >= 0) {
      next[at] = { ...(next[at] as TLine), quantity: change.quantity };
    } else {
      next.push(newLine(change));
    }
  }
  return next;
}

/** Two edits' line changes as one: the later quantity of each product, a 0 kept (it takes off). */
export function mergeLineChanges(
  earlier: readonly OrderLineChange[],
  later: readonly OrderLineChange[],
): OrderLineChange[] {
  const merged = new Map(earlier.map((change) => [change.product_id, change]));
  for (const change of later) merged.set(change.product_id, change);
  return [...merged.values()];
}

/** Units each product has set aside by the orders still open or ready. */
export function reservedUnits(
  orders: readonly Pick<CustomerOrder, 'status' | 'lines'>[],
): Map<number, number> {
  const reserved = new Map<number, number>();
  for (const order of orders) {
    if (!RESERVING.has(order.status)) continue;
    for (const line of order.lines) {
      reserved.set(line.product_id, (reserved.get(line.product_id) ?? 0) + line.quantity);
    }
  }
  return reserved;
}
