import * as v from 'valibot';
import { csvLine } from '#domains/products/export.ts';
import { dayInZone, momentSchema } from '#shared/moments.ts';

/**
 * Customer accounts (beyond the spec's prototype; README, "Customer accounts"): what a customer
 * owes the shop is a ledger of entries, never a balance that is set. A sale put on account adds
 * to it; a payment on account, a refund to the account and a deposit taken for an order take
 * from it. The balance is the sum of the entries (integer cents; below zero the shop owes the
 * customer, e.g. a deposit not yet used). Every entry is made once by the id its device gave it,
 * so two tills charging one account offline both count.
 *
 * The 'Account' tender pays up to what the account has available: its limit less the balance.
 * A customer without an account (no limit) may still spend a credit they hold (a deposit, a
 * refund): their available is what the shop owes them.
 */
export const ACCOUNT_ENTRY_KINDS = ['sale', 'refund', 'payment', 'deposit'] as const;
export type AccountEntryKind = (typeof ACCOUNT_ENTRY_KINDS)[number];

export const ACCOUNT_ENTRY_LABELS: Readonly<Record<AccountEntryKind, string>> = {
  sale: 'Sale on account',
  refund: 'Refund to account',
  payment: 'Payment',
  deposit: 'Deposit',
};

/** The largest limit and payment taken: $999,999.99, as a sale's. */
export const MAX_ACCOUNT_CENTS = 99_999_999;

export const ACCOUNT_MESSAGES = {
  limit: 'Enter the account limit in dollars, such as 500 or 1500.50',
  amount: 'Enter the amount paid, such as 120 or 85.50',
  tender: 'Say how it was paid: cash, card or another tender',
  noCustomer: 'Attach a customer to put a sale on their account',
  noAccount: (name: string) =>
    `${name} has no account with the shop: a manager opens one on their page`,
  overLimit: (available: number, asked: number) =>
    `The account has ${available} c available: this puts ${asked} c on it`,
  taken: 'This payment id is already another payment',
  orderOfOther: 'A deposit is taken for an order of this customer',
  erased: 'This customer’s details were erased: they take no payment on account',
} as const;

const cents = (message: string, min: number) =>
  v.pipe(
    v.number(message),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(MAX_ACCOUNT_CENTS, message),
  );

/** PUT /customers/{id}/account: the limit of their account, or null to close it. */
export const AccountLimitSchema = v.object({
  limit_cents: v.nullable(cents(ACCOUNT_MESSAGES.limit, 0)),
});
export type AccountLimit = v.InferOutput<typeof AccountLimitSchema>;

/** How a payment on account was paid: as a sale's tenders, without change on a card. */
export const PaymentTenderSchema = v.variant(
  'kind',
  [
    v.object({ kind: v.literal('cash') }),
    v.object({ kind: v.literal('card') }),
    v.object({
      kind: v.literal('other'),
      label: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(40)),
    }),
  ],
  ACCOUNT_MESSAGES.tender,
);
export type PaymentTender = v.InferOutput<typeof PaymentTenderSchema>;

export const tenderLabelOf = (tender: PaymentTender) =>
  tender.kind === 'cash' ? 'Cash' : tender.kind === 'card' ? 'Card' : tender.label;

/**
 * POST /customers/{id}/payments: money paid on the customer's account at a till, or a deposit
 * for one of their orders (`customer_order_id`). Made once by its id.
 */
export const AccountPaymentSchema = v.object({
  id: v.pipe(v.string(), v.uuid()),
  cents: cents(ACCOUNT_MESSAGES.amount, 1),
  tender: PaymentTenderSchema,
  made_at: momentSchema('made_at'),
  /** The till's shift it was taken in: its cash is in that drawer. */
  shift_id: v.optional(v.pipe(v.string(), v.uuid())),
  customer_order_id: v.optional(v.pipe(v.string(), v.uuid())),
});
export type AccountPayment = v.InferOutput<typeof AccountPaymentSchema>;

export const AccountEntrySchema = v.object({
  id: v.string(),
  customer_id: v.string(),
  kind: v.picklist(ACCOUNT_ENTRY_KINDS),
  /** What it adds to what the customer owes: a sale is above zero, a payment below. */
  amount_cents: v.number(),
  made_at: v.string(),
  /** The sale or return it belongs to, by its receipt number. */
  receipt: v.nullable(v.string()),
  customer_order_id: v.nullable(v.string()),
  /** How a payment or deposit was paid ('Cash', 'Card', …). */
  tender: v.nullable(v.string()),
});
export type AccountEntry = v.InferOutput<typeof AccountEntrySchema>;

/** What a payment or deposit adds to the balance: it takes from it. */
export const paymentEntryOf = (customerId: string, payment: AccountPayment): AccountEntry => ({
  id: payment.id,
  customer_id: customerId,
  kind: payment.customer_order_id ? 'deposit' : 'payment',
  amount_cents: -payment.cents,
  made_at: payment.made_at,
  receipt: null,
  customer_order_id: payment.customer_order_id ?? null,
  tender: tenderLabelOf(payment.tender),
});

/** What the customer owes: the sum of their entries (below zero: the shop owes them). */
export const balanceOf = (entries: readonly Pick<AccountEntry, 'amount_cents'>[]) =>
  entries.reduce((total, entry) => total + entry.amount_cents, 0);

/**
 * What the 'Account' tender may still put on the account: the limit (none: no account, 0) less
 * the balance, and never below zero.
 */
export const availableOnAccount = (limitCents: number | null, balanceCents: number) =>
  Math.max((limitCents ?? 0) - balanceCents, 0);

/**
 * The deposits an order holds: what was taken for it (its sale on account then uses them).
 * 0 − the sum, not −the sum: no deposit is 0, never −0.
 */
export const depositsOf = (entries: readonly AccountEntry[], orderId: string) =>
  0 -
  balanceOf(
    entries.filter((entry) => entry.kind === 'deposit' && entry.customer_order_id === orderId),
  );

export interface StatementLine {
  entry: AccountEntry;
  /** The balance after it. */
  balanceCents: number;
}

export interface Statement {
  from: string;
  to: string;
  openingCents: number;
  lines: StatementLine[];
  /** What the period added (sales on account) and took (payments, refunds, deposits). */
  chargedCents: number;
  paidCents: number;
  closingCents: number;
}

/**
 * A statement of the days `from` to `to` (inclusive, as the shop's clock counts them): the
 * balance before, each entry of the period in time order with the balance after it, and the
 * balance at its end. Entries after the period are left out.
 */
export function statementOf(
  entries: readonly AccountEntry[],
  from: string,
  to: string,
  timeZone: string,
): Statement {
  const ordered = [...entries].sort(
    (a, b) => a.made_at.localeCompare(b.made_at) || a.id.localeCompare(b.id),
  );
  let balance = 0;
  let openingCents = 0;
  const lines: StatementLine[] = [];
  let chargedCents = 0;
  let paidCents = 0;
  for (const entry of ordered) {
    const day = dayInZone(new Date(entry.made_at), timeZone) ?? entry.made_at.slice(0, 10);
    if (day > to) continue;
    balance += entry.amount_cents;
    if (day < from) {
      openingCents = balance;
      continue;
    }
    if (entry.amount_cents > 0) chargedCents += entry.amount_cents;
    else paidCents -= entry.amount_cents;
    lines.push({ entry, balanceCents: balance });
  }
  return { from, to, openingCents, lines, chargedCents, paidCents, closingCents: balance };
}

/**
 * An entry in words: 'Sale on account T1-000123', 'Payment (Cash)', 'Deposit for ORD-1042
 * (Card)', and the collection of an order that spent its deposit 'Sale on account T1-000130
 * for ORD-1042'.
 */
export function entryText(entry: AccountEntry, orderNumber?: string): string {
  const forOrder = orderNumber ? `for ${orderNumber}` : null;
  const parts =
    entry.kind === 'deposit'
      ? [ACCOUNT_ENTRY_LABELS.deposit, forOrder]
      : [ACCOUNT_ENTRY_LABELS[entry.kind], entry.receipt, forOrder];
  return [...parts, entry.tender ? `(${entry.tender})` : null].filter(Boolean).join(' ');
}

/**
 * A statement as a spreadsheet: its period, the balance brought forward, each entry with what it
 * charged or paid and the balance after it, and the closing balance. Dollars with cents; a
 * balance the shop owes the customer is marked CR (every figure stays a plain positive number,
 * which no spreadsheet mistakes for a formula).
 */
export function statementCsv(
  statement: Statement,
  customerName: string,
  orderNumbers: ReadonlyMap<string, string>,
  dayOf: (madeAt: string) => string,
): string {
  const dollars = (cents: number) => (Math.abs(cents) / 100).toFixed(2);
  const balance = (cents: number) => (cents < 0 ? `${dollars(cents)} CR` : dollars(cents));
  const rows: unknown[][] = [
    ['Statement', customerName, statement.from, statement.to],
    ['Date', 'Entry', 'Charged', 'Paid', 'Balance'],
    [statement.from, 'Balance brought forward', '', '', balance(statement.openingCents)],
    ...statement.lines.map(({ entry, balanceCents }) => [
      dayOf(entry.made_at),
      entryText(
        entry,
        entry.customer_order_id ? orderNumbers.get(entry.customer_order_id) : undefined,
      ),
      entry.amount_cents > 0 ? dollars(entry.amount_cents) : '',
      entry.amount_cents < 0 ? dollars(entry.amount_cents) : '',
      balance(balanceCents),
    ]),
    [statement.to, 'Closing balance', '', '', balance(statement.closingCents)],
  ];
  return `${rows.map(csvLine).join('\r\n')}\r\n`;
}
