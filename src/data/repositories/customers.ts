import * as v from 'valibot';
import {
  type Customer,
  type CustomerChanges,
  type CustomerCreate,
  type CustomerExport,
  type CustomerPatch,
  CustomerSchema,
  newCustomer,
} from '#domains/customers/customer.ts';
import { customersFeed } from '#domains/customers/feeds.ts';
import { customerExportRead } from '#domains/customers/reads.ts';
import {
  createCustomerWrite,
  editCustomerWrite,
  eraseCustomerWrite,
  mergeCustomerWrite,
} from '#domains/customers/writes.ts';
import { writePath, writeRequest } from '#shared/write-declaration.ts';
import { apiJson, readJson } from '../api-client.ts';
import { heldCustomers, storeCustomers, updateStoredCustomers } from '../customer-store.ts';
import { db } from '../db.ts';
import { pullFeeds } from '../sync/feeds.ts';
import { foldPending } from '../sync/fold.ts';
import { keptFeed } from '../sync/kept-feed.ts';
import { queueWrite } from '../sync/outbox.ts';
import type { OutboxEntry } from '../sync/outbox-entry.ts';
import { rebaseLaterEdits } from '../sync/rebase.ts';
import { queueAndSend, requestReplay } from '../sync/replayer.ts';
import {
  defineWriteHandler,
  paramsOf,
  refusalAlert,
  type WriteFold,
} from '../sync/write-handler.ts';
import { onForgetUser } from '../user-memory.ts';

/**
 * Customers on the device (#domains/customers/): the table holds them as the server last said;
 * a customer made or changed here waits in the outbox and is shown laid over that copy (the
 * generic fold), so a refused change simply stops being shown and a pull never hides one still
 * on its way. Each customer's writes go out in an order of their own.
 */
export const CUSTOMERS_RESOURCE = 'customers';
const CUSTOMERS_COLLECTION = 'customers';
/** The send order of a customer's writes: an order of theirs made here waits for it. */
export const customerWrites = (id: string) => `customer:${id}`;
const ofCustomer = (entry: OutboxEntry) => customerWrites(String(entry.recordId));

interface Label {
  name: string;
}

const labelOf = (entry: OutboxEntry) => (entry.revert as Label | null)?.name ?? '';
const notice = (what: string) => refusalAlert(what, labelOf);

/** A new customer, here at once and sent when the connection allows. */
export async function addCustomer(fields: Omit<CustomerCreate, 'id'>): Promise<Customer> {
  const body: CustomerCreate = { ...fields, id: crypto.randomUUID() };
  await queueAndSend([db.outbox], () =>
    queueWrite<CustomerCreate, Label>({
      resource: CUSTOMERS_RESOURCE,
      ...writeRequest(createCustomerWrite, {}),
      body,
      revert: { name: body.name },
      recordId: body.id,
    }),
  );
  return newCustomer(body, new Date());
}

/** Some fields of a customer, based on the version the server last gave this device. */
export async function editCustomer(customer: Customer, changes: CustomerChanges) {
  await queueAndSend([db.outbox], () =>
    queueWrite<CustomerPatch, Label>({
      resource: CUSTOMERS_RESOURCE,
      ...writeRequest(editCustomerWrite, { id: customer.id }),
      body: { base_version: Math.max(customer.version, 1), changes },
      revert: { name: customer.name },
      recordId: customer.id,
    }),
  );
}

const made: WriteFold<Customer> = {
  collection: CUSTOMERS_COLLECTION,
  apply(view, entry) {
    const body = entry.body as CustomerCreate;
    const stored = view.get(body.id);
    // The server's copy is here already (its answer was lost, a pull brought it): shown once.
    if (!stored) view.add(body.id, newCustomer(body, new Date(entry.createdAt)));
  },
};

const changed: WriteFold<Customer> = {
  collection: CUSTOMERS_COLLECTION,
  apply(view, entry) {
    const { id } = paramsOf(entry);
    const customer = id === undefined ? undefined : view.get(id);
    if (!customer || id === undefined) return;
    view.set(id, { ...customer, ...(entry.body as CustomerPatch).changes });
  },
};

/** The customers as screens show them: the stored copy with the waiting writes laid over it. */
export const customersShown = (
  stored: readonly Customer[],
  waiting: readonly OutboxEntry[],
): readonly Customer[] => foldPending(CUSTOMERS_COLLECTION, stored, waiting, (item) => item.id);

/** A write's answer of one customer, as the server stored it. */
export const CustomerAnswerSchema = v.object({ customer: CustomerSchema });
/** The server's copies stored; edits made here meanwhile build on the version it answered. */
async function storeAnswers(acknowledged: readonly { entry: OutboxEntry; answer: unknown }[]) {
  const answered = acknowledged.map(({ entry, answer }) => ({
    entry,
    record: v.parse(CustomerAnswerSchema, answer).customer,
  }));
  await storeCustomers(answered.map(({ record }) => record));
  await rebaseLaterEdits(editCustomerWrite, answered);
}

export const customerHandlers = [
  defineWriteHandler<CustomerCreate, Label>({
    declaration: createCustomerWrite,
    fold: made,
    orderOf: ofCustomer,
    acknowledge: (entry, answer) => storeAnswers([{ entry, answer }]),
    acknowledgeAll: storeAnswers,
    // Changed before it was sent: one create of the changed customer.
    absorbUpdate: (body, update) => ({ ...body, ...(update as CustomerPatch).changes }),
    // Nothing stored to undo: the customer was only ever shown through the fold.
    async revert() {},
    describe: (entry) => `Adding the customer ${labelOf(entry)}`,
    failureNotice: notice('Could not add the customer'),
  }),
  defineWriteHandler<CustomerPatch, Label>({
    declaration: editCustomerWrite,
    fold: changed,
    orderOf: ofCustomer,
    acknowledge: (entry, answer) => storeAnswers([{ entry, answer }]),
    acknowledgeAll: storeAnswers,
    absorbUpdate: (body, update) => ({
      ...body,
      changes: { ...body.changes, ...(update as CustomerPatch).changes },
    }),
    async revert() {},
    describe: (entry) => `Changing the customer ${labelOf(entry)}`,
    failureNotice: notice('Could not change the customer'),
  }),
];

let wanted = false;

export const customersDeviceFeed = keptFeed({
  declaration: customersFeed,
  wanted: () => wanted,
  held: heldCustomers,
  store: ({ customers }) => storeCustomers(customers),
});

/** Whether this device keeps the customers (a screen of them, or a till's picker, was opened). */
export const keepsCustomers = () => wanted;

/** A screen of customers is open: this device keeps them, brought up to date. */
export function refreshCustomers(): Promise<void> {
  wanted = true;
  return pullFeeds();
}
onForgetUser(() => {
  wanted = false;
});

/**
 * A customer erased at their request (online, a manager or owner): what this device still has
 * to send of them goes first, then the server erases them everywhere; the erased copy is stored
 * here at once, and any change of theirs still waiting here (refused, or unsendable) is dropped
 * with the details it held.
 */
export async function eraseCustomer(id: string): Promise<Customer> {
  await requestReplay();
  const { customer } = await apiJson(writePath(eraseCustomerWrite, { id }), CustomerAnswerSchema, {
    method: eraseCustomerWrite.method,
    body: JSON.stringify({}),
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  await db.transaction('rw', db.customerBuckets, db.outbox, async () => {
    await storeCustomers([customer]);
    await db.outbox
      .where('recordId')
      .equals(id)
      .filter((entry) => entry.resource === CUSTOMERS_RESOURCE)
      .delete();
  });
  return customer;
}

/** One customer's data from the server (online, a manager or owner), to hand them. */
export const exportCustomer = (id: string): Promise<CustomerExport> =>
  readJson(customerExportRead, { id });

/**
 * Another record of the same person merged into `keptId` (online, a manager or owner): the kept
 * one as the server answers it is stored, and the other hidden here at once (the pull brings
 * its moved orders and tells every other device).
 */
export async function mergeCustomer(keptId: string, fromId: string): Promise<Customer> {
  await requestReplay();
  const { customer } = await apiJson(
    writePath(mergeCustomerWrite, { id: keptId }),
    CustomerAnswerSchema,
    {
      method: mergeCustomerWrite.method,
      body: JSON.stringify({ from: fromId }),
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    },
  );
  await db.transaction('rw', db.customerBuckets, async () => {
    await storeCustomers([customer]);
    await updateStoredCustomers([[fromId, (stored) => ({ ...stored, merged_into: keptId })]]);
  });
  void pullFeeds().catch(() => {});
  return customer;
}
