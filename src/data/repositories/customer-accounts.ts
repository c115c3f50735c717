import * as v from 'valibot';
import {
  type AccountEntry,
  AccountEntrySchema,
  type AccountLimit,
  type AccountPayment,
  depositsOf,
  paymentEntryOf,
  tenderLabelOf,
} from '#domains/customers/account.ts';
import type { Customer } from '#domains/customers/customer.ts';
import { accountsFeed } from '#domains/customers/feeds.ts';
import { accountLimitWrite, accountPaymentWrite } from '#domains/customers/writes.ts';
import { onAccountCents } from '#domains/sales/sale.ts';
import { withPayment } from '#domains/sales/shifts.ts';
import { writePath, writeRequest } from '#shared/write-declaration.ts';
import { apiJson } from '../api-client.ts';
import { storeCustomers } from '../customer-store.ts';
import { db } from '../db.ts';
import { keptFeed } from '../sync/kept-feed.ts';
import { queueWrite } from '../sync/outbox.ts';
import type { OutboxEntry } from '../sync/outbox-entry.ts';
import { queueAndSend, requestReplay } from '../sync/replayer.ts';
import { defineWriteHandler, refusalAlert } from '../sync/write-handler.ts';
import { CustomerAnswerSchema, customerWrites, keepsCustomers } from './customers.ts';
import { SALES_RESOURCE } from './sales.ts';
import { countInShift } from './shifts.ts';

/**
 * Customers' accounts on the device (#domains/customers/account.ts): the entries the server
 * told it of, kept through the pull with the customers, and the payments and sales on account
 * made here still on their way, shown as entries at once (offline too) so the balance a till
 * checks against counts them.
 */
export const ACCOUNTS_RESOURCE = 'customer-accounts';

interface Label {
  name: string;
}
const labelOf = (entry: OutboxEntry) => (entry.revert as Label | null)?.name ?? '';

/**
 * A payment on a customer's account (or a deposit for their order, `customer_order_id`), kept
 * here at once and sent when the connection allows; after the customer's own writes when they
 * were made here too.
 */
export async function payOnAccount(
  businessId: string,
  customer: Pick<Customer, 'id' | 'name'>,
  payment: Omit<AccountPayment, 'id' | 'made_at' | 'shift_id'>,
): Promise<AccountPayment> {
  return queueAndSend([db.outbox], async () => {
    // Its money is in the open shift's drawer (or card batch), counted with it.
    const shiftId = await countInShift(businessId, (ledger) =>
      withPayment(ledger, {
        cents: payment.cents,
        tender: { kind: payment.tender.kind, label: tenderLabelOf(payment.tender) },
      }),
    );
    const body: AccountPayment = {
      ...payment,
      id: crypto.randomUUID(),
      made_at: new Date().toISOString(),
      ...(shiftId ? { shift_id: shiftId } : {}),
    };
    await queueWrite<AccountPayment, Label>({
      resource: ACCOUNTS_RESOURCE,
      ...writeRequest(accountPaymentWrite, { id: customer.id }),
      body,
      revert: { name: customer.name },
      recordId: body.id,
    });
    return body;
  });
}

const EntryAnswerSchema = v.object({ entry: AccountEntrySchema });

async function storeEntries(acknowledged: readonly { answer: unknown }[]) {
  await db.accountEntries.bulkPut(
    acknowledged.map(({ answer }) => v.parse(EntryAnswerSchema, answer).entry),
  );
}

export const accountHandlers = [
  defineWriteHandler<AccountPayment, Label>({
    declaration: accountPaymentWrite,
    orderOf: (entry) => customerWrites(customerOfPayment(entry)),
    acknowledge: (_entry, answer) => storeEntries([{ answer }]),
    acknowledgeAll: storeEntries,
    // Nothing stored to undo: the payment was only ever shown from the outbox.
    async revert() {},
    describe: (entry) =>
      `${entry.body.customer_order_id ? 'Deposit' : 'Payment on account'} of ${labelOf(entry)}`,
    failureNotice: refusalAlert('Could not take the payment of', labelOf),
  }),
];

/** The customer a waiting payment is for: its path names them. */
const customerOfPayment = (entry: OutboxEntry) => entry.path.split('/').at(-2) ?? '';

/**
 * A customer's account opened, its limit changed, or closed (online, a manager or owner): what
 * this device still has to send of them goes first; the customer as the server answers is
 * stored here at once (every other device hears through the pull).
 */
export async function setAccountLimit(id: string, limit: AccountLimit): Promise<Customer> {
  await requestReplay();
  const { customer } = await apiJson(writePath(accountLimitWrite, { id }), CustomerAnswerSchema, {
    method: accountLimitWrite.method,
    body: JSON.stringify(limit),
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  await storeCustomers([customer]);
  return customer;
}

/** What a waiting sale says of the account it charges. */
const ChargingSaleSchema = v.object({
  id: v.string(),
  receipt: v.string(),
  made_at: v.string(),
  customer_id: v.optional(v.string()),
  customer_order_id: v.optional(v.string()),
  tenders: v.array(v.looseObject({ kind: v.string(), cents: v.optional(v.number()) })),
});

/**
 * A customer's entries as this device shows them: those the server told it of, and those of
 * payments and sales on account made here that are still on their way (a refused one no longer
 * counts), oldest first.
 */
export function entriesShown(
  customerId: string,
  stored: readonly AccountEntry[],
  payments: readonly OutboxEntry[],
  sales: readonly OutboxEntry[],
): AccountEntry[] {
  const known = new Set(stored.map((entry) => entry.id));
  const waiting: AccountEntry[] = [];
  for (const entry of payments) {
    if (entry.state === 'needs-attention' || customerOfPayment(entry) !== customerId) continue;
    const payment = entry.body as AccountPayment;
    if (!known.has(payment.id)) waiting.push(paymentEntryOf(customerId, payment));
  }
  for (const entry of sales) {
    const parsed = v.safeParse(ChargingSaleSchema, entry.body);
    if (!parsed.success || entry.state === 'needs-attention') continue;
    const sale = parsed.output;
    const cents = onAccountCents({
      tenders: sale.tenders.flatMap((tender) =>
        tender.kind === 'account' ? [{ kind: 'account' as const, cents: tender.cents ?? 0 }] : [],
      ),
    });
    if (sale.customer_id !== customerId || cents === 0 || known.has(sale.id)) continue;
    waiting.push({
      id: sale.id,
      customer_id: customerId,
      kind: 'sale',
      amount_cents: cents,
      made_at: sale.made_at,
      receipt: sale.receipt,
      customer_order_id: sale.customer_order_id ?? null,
      tender: null,
    });
  }
  return [...stored, ...waiting].sort(
    (a, b) => a.made_at.localeCompare(b.made_at) || a.id.localeCompare(b.id),
  );
}

/** A customer's entries as this device shows them (entriesShown), read from Dexie. */
export async function shownEntries(customerId: string): Promise<AccountEntry[]> {
  const [stored, payments, sales] = await Promise.all([
    db.accountEntries.where('customer_id').equals(customerId).toArray(),
    db.outbox.where('resource').equals(ACCOUNTS_RESOURCE).toArray(),
    db.outbox.where('resource').equals(SALES_RESOURCE).toArray(),
  ]);
  return entriesShown(customerId, stored, payments, sales);
}

/** The deposit an order of the customer holds, as this device knows it (offline too). */
export const depositHeld = async (customerId: string, orderId: string) =>
  depositsOf(await shownEntries(customerId), orderId);

export const accountsDeviceFeed = keptFeed({
  declaration: accountsFeed,
  // Kept wherever the customers are: a till attaching one checks their account.
  wanted: keepsCustomers,
  held: () => db.accountEntries.count(),
  store: ({ entries }) => db.accountEntries.bulkPut(entries),
});
