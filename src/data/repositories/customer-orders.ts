import * as v from 'valibot';
import {
  type CustomerOrder,
  type CustomerOrderChanges,
  type CustomerOrderCreate,
  type CustomerOrderLine,
  type CustomerOrderPatch,
  CustomerOrderSchema,
  handedOver,
  mergeLineChanges,
  type OrderLineChange,
  orderTotalCents,
  RESERVING,
  type SettableStatus,
  withLineChanges,
} from '#domains/customer-orders/customer-order.ts';
import { customerOrdersFeed } from '#domains/customer-orders/feeds.ts';
import {
  createCustomerOrderWrite,
  editCustomerOrderWrite,
  setCustomerOrderStatusWrite,
} from '#domains/customer-orders/writes.ts';
import { writeRequest } from '#shared/write-declaration.ts';
import { db } from '../db.ts';
import { pullFeeds } from '../sync/feeds.ts';
import { foldPending } from '../sync/fold.ts';
import { keptFeed } from '../sync/kept-feed.ts';
import { queueWrite } from '../sync/outbox.ts';
import type { OutboxEntry } from '../sync/outbox-entry.ts';
import { rebaseLaterEdits } from '../sync/rebase.ts';
import { queueAndSend } from '../sync/replayer.ts';
import {
  defineWriteHandler,
  paramsOf,
  refusalAlert,
  type WriteFold,
} from '../sync/write-handler.ts';
import { onForgetUser } from '../user-memory.ts';
import { customerWrites } from './customers.ts';

/**
 * Customer orders on the device (#domains/customer-orders/): the table holds them as the server
 * last said; an order taken or changed here waits in the outbox and is shown laid over that copy
 * (the generic fold), with the names and the catalogue's prices this device knows until the
 * server, which prices every line itself, answers. Each order's writes go out in an order of
 * their own, after its customer's if the customer was made here too.
 */
export const CUSTOMER_ORDERS_RESOURCE = 'customer-orders';
const ORDERS_COLLECTION = 'customer-orders';
const orderWrites = (entry: OutboxEntry) => `customer-order:${String(entry.recordId)}`;

/** What a waiting write shows until the server answers: the order's name and its lines' looks. */
interface Shown {
  name: string;
  customer?: string;
  /** Each product's name and price as this device knows them. */
  products?: Record<number, { name: string; price_cents: number }>;
}

const labelOf = (entry: OutboxEntry) => (entry.revert as Shown | null)?.name ?? '';
const notice = (what: string) => refusalAlert(what, labelOf);

/** A product as the order form offers it: its name and list price as this device knows them. */
export interface OrderProduct {
  id: number;
  name: string;
  price_cents: number;
}

const looksOf = (products: readonly OrderProduct[]) =>
  Object.fromEntries(
    products.map((product) => [
      product.id,
      { name: product.name, price_cents: product.price_cents },
    ]),
  );

const lineOf =
  (looks: Shown['products']) =>
  (change: { product_id: number; quantity: number }): CustomerOrderLine => ({
    product_id: change.product_id,
    quantity: change.quantity,
    name: looks?.[change.product_id]?.name ?? '',
    price_cents: looks?.[change.product_id]?.price_cents ?? 0,
  });

/** A new order, here at once and sent when the connection allows. */
export async function takeOrder(
  create: Omit<CustomerOrderCreate, 'id'>,
  shown: { customer: string; products: readonly OrderProduct[] },
): Promise<string> {
  const body: CustomerOrderCreate = { ...create, id: crypto.randomUUID() };
  await queueAndSend([db.outbox], () =>
    queueWrite<CustomerOrderCreate, Shown>({
      resource: CUSTOMER_ORDERS_RESOURCE,
      ...writeRequest(createCustomerOrderWrite, {}),
      body,
      revert: {
        name: `the order for ${shown.customer}`,
        customer: shown.customer,
        products: looksOf(shown.products),
      },
      recordId: body.id,
    }),
  );
  return body.id;
}

/** Some details and lines of an order, based on the version the server last gave this device. */
export async function changeOrder(
  order: CustomerOrder,
  change: { changes?: CustomerOrderChanges; lines?: OrderLineChange[] },
  products: readonly OrderProduct[] = [],
) {
  await queueAndSend([db.outbox], () =>
    queueWrite<CustomerOrderPatch, Shown>({
      resource: CUSTOMER_ORDERS_RESOURCE,
      ...writeRequest(editCustomerOrderWrite, { id: order.id }),
      body: {
        base_version: Math.max(order.version, 1),
        changes: change.changes ?? {},
        lines: change.lines ?? [],
      },
      revert: { name: orderName(order), products: looksOf(products) },
      recordId: order.id,
    }),
  );
}

export async function setOrderStatus(order: CustomerOrder, status: SettableStatus) {
  await queueAndSend([db.outbox], () =>
    queueWrite<{ status: SettableStatus }, Shown>({
      resource: CUSTOMER_ORDERS_RESOURCE,
      ...writeRequest(setCustomerOrderStatusWrite, { id: order.id }),
      body: { status },
      revert: { name: orderName(order) },
      recordId: order.id,
    }),
  );
}

/** How Pending changes and notices name an order. */
export const orderName = (order: Pick<CustomerOrder, 'number' | 'customer'>) =>
  order.number || `the order for ${order.customer}`;

const made: WriteFold<CustomerOrder> = {
  collection: ORDERS_COLLECTION,
  apply(view, entry) {
    const body = entry.body as CustomerOrderCreate;
    if (view.get(body.id)) return;
    const shown = entry.revert as Shown | null;
    const lines = body.lines.map(lineOf(shown?.products));
    const at = new Date(entry.createdAt).toISOString();
    view.add(body.id, {
      id: body.id,
      number: '',
      customer_id: body.customer_id,
      customer: shown?.customer ?? '',
      kind: body.kind,
      due_on: body.due_on,
      window_from: body.window_from ?? null,
      window_to: body.window_to ?? null,
      address: body.address ?? null,
      notes: body.notes ?? null,
      status: 'open',
      lines,
      total_cents: orderTotalCents(lines),
      version: 0,
      field_versions: {},
      created_at: at,
      updated_at: at,
    });
  },
};

const changed: WriteFold<CustomerOrder> = {
  collection: ORDERS_COLLECTION,
  apply(view, entry) {
    const { id } = paramsOf(entry);
    const order = id === undefined ? undefined : view.get(id);
    if (!order || id === undefined) return;
    const patch = entry.body as CustomerOrderPatch;
    const lines = withLineChanges(
      order.lines,
      patch.lines,
      lineOf((entry.revert as Shown | null)?.products),
    );
    view.set(id, { ...order, ...patch.changes, lines, total_cents: orderTotalCents(lines) });
  },
};

const statusSet: WriteFold<CustomerOrder> = {
  collection: ORDERS_COLLECTION,
  apply(view, entry) {
    const { id } = paramsOf(entry);
    const order = id === undefined ? undefined : view.get(id);
    if (!order || id === undefined) return;
    view.set(id, { ...order, status: (entry.body as { status: SettableStatus }).status });
  },
};

/**
 * The orders as screens show them: the stored copy with the waiting writes laid over it, and
 * those a sale made here completes (`sales`: the sales still on their way) handed over with its
 * receipt, so what they set aside is free at once, offline too.
 */
export function ordersShown(
  stored: readonly CustomerOrder[],
  waiting: readonly OutboxEntry[],
  sales: readonly OutboxEntry[] = [],
): readonly CustomerOrder[] {
  const shown = foldPending(ORDERS_COLLECTION, stored, waiting, (order) => order.id);
  const completing = new Map<string, string>();
  for (const entry of sales) {
    const parsed = v.safeParse(CompletingSaleSchema, entry.body);
    if (parsed.success && parsed.output.customer_order_id && entry.state !== 'needs-attention') {
      completing.set(parsed.output.customer_order_id, parsed.output.receipt);
    }
  }
  if (completing.size === 0) return shown;
  return shown.map((order) => {
    const receipt = completing.get(order.id);
    return receipt !== undefined && RESERVING.has(order.status)
      ? { ...order, status: handedOver(order.kind), sale_receipt: receipt }
      : order;
  });
}

/** What a waiting sale says of the order it completes. */
const CompletingSaleSchema = v.object({
  receipt: v.string(),
  customer_order_id: v.optional(v.string()),
});

const OrderAnswerSchema = v.object({ order: CustomerOrderSchema });
/** The server's copies stored; edits made here meanwhile build on the version it answered. */
async function storeAnswers(acknowledged: readonly { entry: OutboxEntry; answer: unknown }[]) {
  const answered = acknowledged.map(({ entry, answer }) => ({
    entry,
    record: v.parse(OrderAnswerSchema, answer).order,
  }));
  await db.customerOrders.bulkPut(answered.map(({ record }) => record));
  await rebaseLaterEdits(editCustomerOrderWrite, answered);
}

const answered = {
  orderOf: orderWrites,
  acknowledge: (entry: OutboxEntry, answer: unknown) => storeAnswers([{ entry, answer }]),
  acknowledgeAll: storeAnswers,
  // Nothing stored to undo: the change was only ever shown through the fold.
  async revert() {},
};

export const customerOrderHandlers = [
  defineWriteHandler<CustomerOrderCreate, Shown>({
    declaration: createCustomerOrderWrite,
    fold: made,
    ...answered,
    // The customer made on this device goes first.
    waitsFor: (entry) => [customerWrites(entry.body.customer_id)],
    absorbUpdate: (body, update) => {
      const patch = update as CustomerOrderPatch;
      return {
        ...body,
        ...patch.changes,
        lines: withLineChanges(body.lines, patch.lines, (change) => change),
      };
    },
    describe: (entry) => `Taking ${labelOf(entry)}`,
    failureNotice: notice('Could not take'),
  }),
  defineWriteHandler<CustomerOrderPatch, Shown>({
    declaration: editCustomerOrderWrite,
    fold: changed,
    ...answered,
    absorbUpdate: (body, update) => {
      const patch = update as CustomerOrderPatch;
      return {
        ...body,
        changes: { ...body.changes, ...patch.changes },
        lines: mergeLineChanges(body.lines, patch.lines),
      };
    },
    describe: (entry) => `Changing ${labelOf(entry)}`,
    failureNotice: notice('Could not change'),
  }),
  defineWriteHandler<{ status: SettableStatus }, Shown>({
    declaration: setCustomerOrderStatusWrite,
    fold: statusSet,
    ...answered,
    describe: (entry) =>
      `Marking ${labelOf(entry)} ${(entry.body as { status: SettableStatus }).status}`,
    failureNotice: notice('Could not change'),
  }),
];

let wanted = false;

export const customerOrdersDeviceFeed = keptFeed({
  declaration: customerOrdersFeed,
  wanted: () => wanted,
  held: () => db.customerOrders.count(),
  store: ({ orders }) => db.customerOrders.bulkPut(orders),
});

/** A screen of orders is open: this device keeps them, brought up to date. */
export function refreshCustomerOrders(): Promise<void> {
  wanted = true;
  return pullFeeds();
}

/**
 * A screen shows stock: what orders reserve changes what is available, so this device keeps
 * them too (pulled the first time it is asked; the live pull keeps them current after).
 */
export function keepCustomerOrders(): Promise<void> {
  return wanted ? Promise.resolve() : refreshCustomerOrders();
}
onForgetUser(() => {
  wanted = false;
});
