import * as v from 'valibot';
import { isEmailForm } from '#shared/auth/email.ts';
import { momentSchema } from '#shared/moments.ts';
import { MAX_INT32 } from '#shared/validation.ts';
import { SealedApprovalSchema } from './approval.ts';
import { CASH_STEP_CENTS } from './constants.ts';
import {
  type Discount,
  discountPercent,
  overpaysWithoutCash,
  saleTotals,
  settle,
  type Tender,
} from './money.ts';
import { CASH_STEPS } from './payment-settings.ts';
import { receiptNumberSchema } from './receipt-number.ts';

/**
 * A sale as the tablet records it and the server accepts it (beyond the spec's prototype, whose
 * POS was empty): its id and receipt number are made on the tablet, so it is recorded once
 * however often it is sent. Amounts are integer cents. Each line carries the price charged and
 * the product's LUC at the moment of sale (margins use that cost, never a later one). The server
 * works the totals out again from the lines (sale.ts `checkSale`) and refuses a sale whose totals
 * do not add up, naming why.
 */
export const MAX_LINES = 200;
export const MAX_LINE_QUANTITY = 9_999;
const MAX_CENTS = 99_999_999;

const cents = (message: string) =>
  v.pipe(
    v.number(message),
    v.integer(message),
    v.minValue(0, message),
    v.maxValue(MAX_CENTS, message),
  );

export const SALE_MESSAGES = {
  invalid: 'This sale is not valid',
  lines: `A sale has 1 to ${MAX_LINES} lines`,
  quantity: `A line sells 1 to ${MAX_LINE_QUANTITY.toLocaleString('en')} units`,
  amount: 'Amounts are whole cents from 0',
  receipt: 'The receipt number is not one this shop makes (T1-000001)',
  percent: 'A discount is 0 to 100 %',
  unknownProduct: (id: number) => `Product ${id} is not in this shop's catalogue`,
  totals: (sent: number, worked: number) =>
    `The sale's total (${sent} c) does not add up: its lines come to ${worked} c`,
  short: (short: number) => `The tenders leave ${short} c to pay`,
  cardChange: 'A card or voucher pays no more than the sale: there is no change on it',
  tooLarge: 'A sale comes to at most $999,999.99, at its prices and at cost',
  taken: 'This sale id is already another sale',
  unknownCustomer: 'This customer is not one of this shop’s',
  unknownOrder: 'This customer order is not one of this shop’s',
  orderClosed: (number: string, status: string) =>
    `${number} is ${status} already: an order is completed by one sale`,
} as const;

const DiscountSchema = v.variant('kind', [
  v.object({
    kind: v.literal('percent'),
    value: v.pipe(
      v.number(),
      v.minValue(0, SALE_MESSAGES.percent),
      v.maxValue(100, SALE_MESSAGES.percent),
    ),
  }),
  v.object({ kind: v.literal('amount'), cents: cents(SALE_MESSAGES.amount) }),
]);

const TenderSchema = v.variant('kind', [
  v.object({ kind: v.literal('cash'), given_cents: cents(SALE_MESSAGES.amount) }),
  v.object({
    kind: v.literal('card'),
    cents: cents(SALE_MESSAGES.amount),
    approval: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40))),
  }),
  v.object({
    kind: v.literal('other'),
    label: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(40)),
    cents: cents(SALE_MESSAGES.amount),
  }),
  /**
   * Put on the customer's account (#domains/customers/account.ts), up to what it has
   * available; `deposit` when it spends the deposit taken for the order it completes.
   */
  v.object({
    kind: v.literal('account'),
    cents: cents(SALE_MESSAGES.amount),
    deposit: v.optional(v.boolean()),
  }),
]);

export const SaleLineSchema = v.object({
  product_id: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_INT32)),
  quantity: v.pipe(
    v.number(SALE_MESSAGES.quantity),
    v.integer(SALE_MESSAGES.quantity),
    v.minValue(1, SALE_MESSAGES.quantity),
    v.maxValue(MAX_LINE_QUANTITY, SALE_MESSAGES.quantity),
  ),
  /** The price charged for one unit, GST included: the shelf price, or an override. */
  unit_cents: cents(SALE_MESSAGES.amount),
  /**
   * What the tablet knew of the product when it sold, as its receipt printed it: its shelf
   * price (absent: the price charged), its LUC and whether GST is in its price. Claims only:
   * the server prices every line from its own records (`priceSale`) and keeps a disagreement
   * with the sale.
   */
  shelf_cents: v.optional(cents(SALE_MESSAGES.amount)),
  luc_cents: v.optional(cents(SALE_MESSAGES.amount)),
  taxable: v.optional(v.boolean()),
  discount: v.optional(DiscountSchema),
});

export const SaleSchema = v.object({
  id: v.pipe(v.string(), v.uuid()),
  receipt: receiptNumberSchema(SALE_MESSAGES.receipt),
  made_at: momentSchema('made_at'),
  lines: v.pipe(
    v.array(SaleLineSchema),
    v.minLength(1, SALE_MESSAGES.lines),
    v.maxLength(MAX_LINES, SALE_MESSAGES.lines),
  ),
  discount: v.optional(DiscountSchema),
  tenders: v.pipe(v.array(TenderSchema), v.minLength(1), v.maxLength(10)),
  /** The cash rounding the tablet used (Settings → Payment & Tax); 5 c when absent. */
  cash_step: v.optional(v.picklist(CASH_STEPS)),
  /** The till's shift it was made in, if one was open. */
  shift_id: v.optional(v.pipe(v.string(), v.uuid())),
  /**
   * A manager's or owner's approval of a discount past the staff limit: their PIN sealed to the
   * server's key with this sale's id (approval.ts), checked by the server when the sale arrives.
   */
  approval: v.optional(SealedApprovalSchema),
  /** The customer it is sold to: their purchase history and spend count it. */
  customer_id: v.optional(v.pipe(v.string(), v.uuid())),
  /**
   * The customer order it completes (collected or delivered): the products on the order are
   * sold against the prices the order agreed, and the order is handed over with this sale.
   */
  customer_order_id: v.optional(v.pipe(v.string(), v.uuid())),
  /**
   * As the tablet worked them out. The total must add up from the prices charged; the GST is the
   * server's, from the products' tax (a different claim is kept with the sale).
   */
  total_cents: cents(SALE_MESSAGES.amount),
  gst_cents: cents(SALE_MESSAGES.amount),
});
export type Sale = v.InferOutput<typeof SaleSchema>;
export type SaleLine = Sale['lines'][number];

/** A line with what it was sold against known: the shelf price, the LUC and its tax. */
export type PricedLine = SaleLine &
  Required<Pick<SaleLine, 'shelf_cents' | 'luc_cents' | 'taxable'>>;
/** A sale whose lines are priced: as the tablet makes it, and as the server records it. */
export type PricedSale = Omit<Sale, 'lines'> & { lines: PricedLine[] };

const discountOf = (discount: Sale['discount']): Discount | undefined => discount;

/**
 * A tender as a receipt names it: 'Cash given', 'Card (approval 4821)', 'Account', 'Deposit', or
 * its own label.
 */
export const tenderName = (tender: Sale['tenders'][number]) =>
  tender.kind === 'cash'
    ? 'Cash given'
    : tender.kind === 'card'
      ? `Card${tender.approval ? ` (approval ${tender.approval})` : ''}`
      : tender.kind === 'account'
        ? accountTenderName(tender)
        : tender.label;

export const accountTenderName = (tender: { deposit?: boolean | undefined }) =>
  tender.deposit ? 'Deposit' : 'Account';

/** What a sale puts on its customer's account (the 'Account' tenders, deposits spent included). */
export const onAccountCents = (sale: Pick<Sale, 'tenders'>) =>
  sale.tenders.reduce(
    (total, tender) => (tender.kind === 'account' ? total + tender.cents : total),
    0,
  );

export const tendersOf = (sale: Pick<Sale, 'tenders'>): Tender[] =>
  sale.tenders.map((tender) =>
    tender.kind === 'cash'
      ? { kind: 'cash', givenCents: tender.given_cents }
      : tender.kind === 'card'
        ? {
            kind: 'card',
            cents: tender.cents,
            ...(tender.approval ? { approval: tender.approval } : {}),
          }
        : tender.kind === 'account'
          ? { kind: 'account', cents: tender.cents }
          : { kind: 'other', label: tender.label, cents: tender.cents },
  );

/**
 * The totals of a sale, worked out from its lines as both sides do. The total depends only on
 * the prices charged; the GST on which lines are taxable (none that do not say).
 */
export const totalsOf = (sale: Pick<Sale, 'lines' | 'discount'>) =>
  saleTotals(
    sale.lines.map((line) => ({
      unitCents: line.unit_cents,
      quantity: line.quantity,
      taxable: line.taxable ?? false,
      discount: discountOf(line.discount),
    })),
    discountOf(sale.discount),
  );

/** What the sale's units cost the shop: Σ LUC at the sale × quantity (profit is worked out on it). */
export const costOf = (sale: Pick<PricedSale, 'lines'>) =>
  sale.lines.reduce((total, line) => total + line.luc_cents * line.quantity, 0);

/** The cash rounding a sale was made with. */
export const cashStepOf = (sale: Pick<Sale, 'cash_step'>) => sale.cash_step ?? CASH_STEP_CENTS;

/**
 * The discount a sale gives, as a share of its lines at shelf prices (0–100): line and sale
 * discounts, and prices overridden below the shelf's. What the staff limit is measured against.
 */
export function discountGiven(sale: Pick<Sale, 'lines' | 'discount'>): number {
  const shelf = sale.lines.reduce((total, line) => total + shelfOf(line) * line.quantity, 0);
  const { totalCents } = totalsOf(sale);
  return discountPercent({ grossCents: shelf, discountCents: Math.max(shelf - totalCents, 0) });
}

/** The shelf price a line says it was sold against: its own, else the price charged. */
const shelfOf = (line: SaleLine) => line.shelf_cents ?? line.unit_cents;

/**
 * Whether a sale's arithmetic holds together: its total is what its prices and discounts give,
 * and the tenders pay it (cash rounded by its step) without change on a card. The first
 * problem, in words; null when there is none. What it was sold against (shelf prices, LUC, tax)
 * is the server's to decide: `priceSale`.
 */
export function checkSale(sale: Sale): string | null {
  const cashStep = cashStepOf(sale);
  const totals = totalsOf(sale);
  if (totals.grossCents > MAX_CENTS) return SALE_MESSAGES.tooLarge;
  if (totals.totalCents !== sale.total_cents) {
    return SALE_MESSAGES.totals(sale.total_cents, totals.totalCents);
  }
  const tenders = tendersOf(sale);
  if (overpaysWithoutCash(totals.totalCents, tenders)) return SALE_MESSAGES.cardChange;
  const settlement = settle(totals.totalCents, tenders, cashStep);
  if (settlement.shortCents > 0) return SALE_MESSAGES.short(settlement.shortCents);
  return null;
}

/** Whether a priced sale is within what a sale may come to at cost; the problem, or null. */
export function checkPriced(sale: Pick<PricedSale, 'lines'>): string | null {
  return costOf(sale) > MAX_CENTS ? SALE_MESSAGES.tooLarge : null;
}

/** What a product was when a sale was made: its shelf price, LUC, and whether GST is in it. */
export interface SaleTerms {
  shelfCents: number;
  lucCents: number;
  taxable: boolean;
}

/**
 * Where the tablet's claim differs from what the server recorded: a line's shelf price, LUC or
 * tax (`line` from 1), or the sale's GST. Kept with the sale, so a receipt that printed other
 * figures can be explained; never trusted.
 */
export const SaleClaimSchema = v.object({
  line: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_LINES))),
  field: v.picklist(['shelf_cents', 'luc_cents', 'taxable', 'gst_cents']),
  claimed: v.union([v.number(), v.boolean()]),
  recorded: v.union([v.number(), v.boolean()]),
});
export type SaleClaim = v.InferOutput<typeof SaleClaimSchema>;

/**
 * A sale priced by the shop's own records: each line's shelf price, LUC and tax from `termsOf`
 * (the product as it was when the sale was made), whatever the tablet claimed, with the claims
 * that differ. `unknown`: a product `termsOf` does not know (not the shop's).
 */
export function priceSale(
  sale: Sale,
  termsOf: (productId: number) => SaleTerms | undefined,
): { priced: PricedSale; claims: SaleClaim[] } | { unknown: number } {
  const claims: SaleClaim[] = [];
  const lines: PricedLine[] = [];
  for (const [index, line] of sale.lines.entries()) {
    const terms = termsOf(line.product_id);
    if (!terms) return { unknown: line.product_id };
    const recorded = {
      shelf_cents: terms.shelfCents,
      luc_cents: terms.lucCents,
      taxable: terms.taxable,
    };
    const claimed = {
      shelf_cents: shelfOf(line),
      luc_cents: line.luc_cents,
      taxable: line.taxable,
    };
    for (const field of ['shelf_cents', 'luc_cents', 'taxable'] as const) {
      const said = claimed[field];
      if (said !== undefined && said !== recorded[field]) {
        claims.push({ line: index + 1, field, claimed: said, recorded: recorded[field] });
      }
    }
    lines.push({ ...line, ...recorded });
  }
  const priced: PricedSale = { ...sale, lines };
  const gstCents = totalsOf(priced).gstCents;
  if (gstCents !== sale.gst_cents) {
    claims.push({ field: 'gst_cents', claimed: sale.gst_cents, recorded: gstCents });
  }
  return { priced: { ...priced, gst_cents: gstCents }, claims };
}

/** GET /sales/products/{id}/summary: a product's sales this month and by month over a year. */
export const ProductSalesSchema = v.object({
  month: v.object({ units: v.number(), revenue_cents: v.number() }),
  year: v.object({ units: v.number(), revenue_cents: v.number() }),
  /** The last 12 months, oldest first, as 'YYYY-MM' in the asker's time zone. */
  months: v.array(v.object({ month: v.string(), units: v.number(), revenue_cents: v.number() })),
});
export type ProductSales = v.InferOutput<typeof ProductSalesSchema>;

/** POST /sales/tills: the id the tablet made for itself. */
export const TillRequestSchema = v.object({
  device_id: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)),
});
export const TillAnswerSchema = v.object({ code: v.string() });

export const RECEIPT_EMAIL_MESSAGES = {
  email: 'Enter the customer’s email address, such as name@example.com',
  sent: (email: string) => `Receipt emailed to ${email}`,
  offline: 'Emailing a receipt needs the connection.',
  notYet: 'The sale has not reached the server yet: try again in a moment.',
} as const;

/** POST /sales/{id}/email: where the customer wants the receipt. */
export const EmailReceiptSchema = v.object({
  email: v.pipe(
    v.string(RECEIPT_EMAIL_MESSAGES.email),
    v.trim(),
    v.maxLength(254, RECEIPT_EMAIL_MESSAGES.email),
    v.check(isEmailForm, RECEIPT_EMAIL_MESSAGES.email),
  ),
});
