import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  ACCOUNT_MESSAGES,
  type AccountEntry,
  type AccountLimit,
  type AccountPayment,
  availableOnAccount,
  paymentEntryOf,
} from '#domains/customers/account.ts';
import { accountsFeed, customersFeed } from '#domains/customers/feeds.ts';
import type { Db, Tx } from '../db/client.ts';
import { inTransaction } from '../db/client.ts';
import { accountEntries, customerOrders, customers } from '../db/schema.ts';
import type { WriteContext } from '../products/catalogue-writes.ts';
import { noteFeedChange } from '../sync/feed-changes.ts';
import type { CustomerRow } from './customers.ts';

/**
 * Customers' accounts on the server (#domains/customers/account.ts): entries made once by their
 * id, and balances summed from them. A charge to an account locks its customer's row first, so
 * two tills charging it at once are checked against its limit one after the other.
 */
type EntryRow = typeof accountEntries.$inferSelect;

export const toAccountEntry = (row: EntryRow): AccountEntry => ({
  id: row.id,
  customer_id: row.customerId,
  kind: row.kind,
  amount_cents: row.amountCents,
  made_at: row.madeAt.toISOString(),
  receipt: row.receipt,
  customer_order_id: row.customerOrderId,
  tender: row.tender,
});

export interface AccountState {
  name: string;
  limitCents: number | null;
  balanceCents: number;
}

/**
 * The accounts of the business's customers among `ids`, their rows locked (a charge checked
 * against a limit holds it until it is stored), with each balance the sum of its entries.
 */
export async function lockAccounts(
  tx: Tx,
  businessId: string,
  ids: readonly string[],
): Promise<Map<string, AccountState>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: customers.id, name: customers.name, limit: customers.accountLimitCents })
    .from(customers)
    .where(and(eq(customers.businessId, businessId), inArray(customers.id, [...ids])))
    .orderBy(asc(customers.id))
    .for('update');
  const balances = await balancesOf(
    tx,
    businessId,
    rows.map((row) => row.id),
  );
  return new Map(
    rows.map((row) => [
      row.id,
      { name: row.name, limitCents: row.limit, balanceCents: balances.get(row.id) ?? 0 },
    ]),
  );
}

/** What each of the customers owes: the sum of their entries (0 without any). */
export async function balancesOf(
  db: Db | Tx,
  businessId: string,
  ids: readonly string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: accountEntries.customerId,
      balance: sql<string>`coalesce(sum(${accountEntries.amountCents}), 0)`,
    })
    .from(accountEntries)
    .where(
      and(eq(accountEntries.businessId, businessId), inArray(accountEntries.customerId, [...ids])),
    )
    .groupBy(accountEntries.customerId);
  return new Map(rows.map((row) => [row.id, Number(row.balance)]));
}

/**
 * Whether `cents` more may go on an account: the problem in words, or null. Up to the limit
 * less the balance; a customer without an account may spend only what the shop owes them.
 */
export function chargeProblem(account: AccountState | undefined, cents: number): string | null {
  if (cents === 0) return null;
  if (!account) return ACCOUNT_MESSAGES.noCustomer;
  const available = availableOnAccount(account.limitCents, account.balanceCents);
  if (cents <= available) return null;
  if (account.limitCents === null && available === 0)
    return ACCOUNT_MESSAGES.noAccount(account.name);
  return ACCOUNT_MESSAGES.overLimit(available, cents);
}

export interface NewEntry {
  id: string;
  customerId: string;
  kind: AccountEntry['kind'];
  amountCents: number;
  madeAt: Date;
  receipt?: string | null;
  customerOrderId?: string | null;
  tender?: string | null;
  shiftId?: string | null;
}

/**
 * Entries stored in the caller's transaction and told to every device (the pull). Entries whose
 * id is stored already are left as they are.
 */
export async function addAccountEntries(
  tx: Tx,
  context: WriteContext,
  entries: readonly NewEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  const stored = await tx
    .insert(accountEntries)
    .values(
      entries.map((entry) => ({
        ...entry,
        businessId: context.businessId,
        userId: context.userId,
        createdAt: context.now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: accountEntries.id });
  await noteEntries(
    tx,
    context.businessId,
    stored.map((row) => row.id),
  );
}

const noteEntries = async (tx: Tx, businessId: string, ids: readonly string[]) => {
  if (ids.length > 0) await noteFeedChange(tx, businessId, accountsFeed.name, ids);
};

export type PaymentOutcome =
  | { status: 'taken' | 'repeated'; entry: AccountEntry }
  | { status: 'missing' | 'conflict' }
  | { status: 'refused'; message: string };

/**
 * A payment on a customer's account, or a deposit for an order of theirs: stored once by its id
 * (the same payment again answers the entry it made; another's id is refused).
 */
export async function takePayment(
  db: Db,
  context: WriteContext,
  customerId: string,
  payment: AccountPayment,
): Promise<PaymentOutcome> {
  return inTransaction(db, async (tx) => {
    const [stored] = await tx
      .select()
      .from(accountEntries)
      .where(eq(accountEntries.id, payment.id));
    if (stored) {
      const entry = toAccountEntry(stored);
      const same =
        stored.businessId === context.businessId &&
        entry.customer_id === customerId &&
        entry.amount_cents === -payment.cents;
      return same ? { status: 'repeated', entry } : { status: 'conflict' };
    }
    const [customer] = await tx
      .select({ id: customers.id, erasedAt: customers.erasedAt, mergedInto: customers.mergedInto })
      .from(customers)
      .where(and(eq(customers.businessId, context.businessId), eq(customers.id, customerId)));
    if (!customer) return { status: 'missing' };
    if (customer.erasedAt) return { status: 'refused', message: ACCOUNT_MESSAGES.erased };
    // A device that had not heard of a merge pays the account of the one kept.
    const owner = customer.mergedInto ?? customer.id;
    if (payment.customer_order_id) {
      const [order] = await tx
        .select({ customerId: customerOrders.customerId })
        .from(customerOrders)
        .where(
          and(
            eq(customerOrders.businessId, context.businessId),
            eq(customerOrders.id, payment.customer_order_id),
          ),
        );
      if (!order || (order.customerId !== customerId && order.customerId !== owner)) {
        return { status: 'refused', message: ACCOUNT_MESSAGES.orderOfOther };
      }
    }
    const entry = paymentEntryOf(owner, payment);
    await addAccountEntries(tx, context, [
      {
        id: entry.id,
        customerId: owner,
        kind: entry.kind,
        amountCents: entry.amount_cents,
        madeAt: new Date(payment.made_at),
        customerOrderId: entry.customer_order_id,
        tender: entry.tender,
        shiftId: payment.shift_id ?? null,
      },
    ]);
    return { status: 'taken', entry };
  });
}

/** A customer's account opened, its limit changed, or closed; every device hears of it. */
export async function setAccountLimit(
  db: Db,
  context: WriteContext,
  id: string,
  { limit_cents }: AccountLimit,
): Promise<CustomerRow | null> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(customers)
      .set({
        accountLimitCents: limit_cents,
        version: sql`${customers.version} + 1`,
        updatedAt: context.now,
      })
      .where(
        and(
          eq(customers.businessId, context.businessId),
          eq(customers.id, id),
          sql`${customers.erasedAt} is null and ${customers.mergedInto} is null`,
        ),
      )
      .returning();
    if (!row) return null;
    await noteFeedChange(tx, context.businessId, customersFeed.name, [id]);
    return row;
  });
}

/** The entries of one customer of the business, oldest first. */
export const entriesOf = (db: Db | Tx, businessId: string, customerId: string) =>
  db
    .select()
    .from(accountEntries)
    .where(
      and(eq(accountEntries.businessId, businessId), eq(accountEntries.customerId, customerId)),
    )
    .orderBy(asc(accountEntries.madeAt), asc(accountEntries.id));

/** The business's entries among `ids` (every one without), for the pull. */
export const listEntries = (db: Db | Tx, businessId: string, ids?: readonly string[]) =>
  db
    .select()
    .from(accountEntries)
    .where(
      and(
        eq(accountEntries.businessId, businessId),
        ids ? inArray(accountEntries.id, [...ids]) : undefined,
      ),
    )
    .orderBy(asc(accountEntries.madeAt), asc(accountEntries.id));

/** A merge moves the other's entries to the customer kept, and tells every device. */
export async function moveAccountEntries(tx: Tx, businessId: string, from: string, to: string) {
  const moved = await tx
    .update(accountEntries)
    .set({ customerId: to })
    .where(and(eq(accountEntries.businessId, businessId), eq(accountEntries.customerId, from)))
    .returning({ id: accountEntries.id });
  await noteEntries(
    tx,
    businessId,
    moved.map((row) => row.id),
  );
}
