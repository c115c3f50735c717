import * as v from 'valibot';
import { momentSchema } from '#shared/moments.ts';
import { TILL_CODE_PATTERN } from './receipt-number.ts';
import type { SaleReturn } from './returns.ts';
import { accountTenderName, type Sale } from './sale.ts';

/**
 * A till's shift (beyond the spec's prototype): opened with a cash float, closed with the cash
 * counted. The tablet keeps the shift's ledger as it sells and refunds (it took the money, so
 * it knows the cash even offline): sales and returns, what each tender took and gave back, and
 * so the cash expected in the drawer. Closing gives the end-of-day report: expected against
 * counted, the variance, totals by tender, sales, returns and payments on account. Integer cents.
 */
const cents = (message: string) =>
  v.pipe(
    v.number(message),
    v.integer(message),
    v.minValue(0, message),
    v.maxValue(99_999_999, message),
  );

export const SHIFT_MESSAGES = {
  float: 'Enter the float, such as 200 or 150.50',
  counted: 'Enter the cash counted, such as 1234.50',
  closed: 'This shift is closed already',
  notOpen: 'No shift of this shop has that id',
} as const;

export interface TenderTotals {
  label: string;
  takenCents: number;
  refundedCents: number;
}

export interface ShiftLedger {
  sales: number;
  salesCents: number;
  returns: number;
  refundsCents: number;
  gstCents: number;
  discountsCents: number;
  /**
   * Cash kept from sales (what was paid in cash, less change) and payments on account, and paid
   * back on returns.
   */
  cashTakenCents: number;
  cashRefundedCents: number;
  /** Card and other tenders, by their label. */
  tenders: TenderTotals[];
  /**
   * Payments on customers' accounts and deposits for orders taken at the till: not sales, but
   * their money is in the drawer or the card batch (absent from ledgers kept before them).
   */
  payments?: number;
  paymentsCents?: number;
}

export const EMPTY_LEDGER: ShiftLedger = {
  sales: 0,
  salesCents: 0,
  returns: 0,
  refundsCents: 0,
  gstCents: 0,
  discountsCents: 0,
  cashTakenCents: 0,
  cashRefundedCents: 0,
  tenders: [],
};

const tenderLabel = (tender: { kind: string; label?: string; deposit?: boolean }) =>
  tender.kind === 'card'
    ? 'Card'
    : tender.kind === 'account'
      ? accountTenderName(tender)
      : (tender.label ?? tender.kind);

function addToTender(
  tenders: readonly TenderTotals[],
  label: string,
  taken: number,
  refunded: number,
): TenderTotals[] {
  const found = tenders.some((tender) => tender.label === label);
  const next = found ? [...tenders] : [...tenders, { label, takenCents: 0, refundedCents: 0 }];
  return next.map((tender) =>
    tender.label === label
      ? {
          ...tender,
          takenCents: tender.takenCents + taken,
          refundedCents: tender.refundedCents + refunded,
        }
      : tender,
  );
}

/** The ledger with a sale in it: `cashKeptCents` is the cash paid less change (settle's). */
export function withSale(
  ledger: ShiftLedger,
  sale: Pick<Sale, 'total_cents' | 'gst_cents' | 'tenders'>,
  discountCents: number,
  cashKeptCents: number,
): ShiftLedger {
  let tenders = ledger.tenders;
  for (const tender of sale.tenders) {
    if (tender.kind !== 'cash')
      tenders = addToTender(tenders, tenderLabel(tender), tender.cents, 0);
  }
  return {
    ...ledger,
    sales: ledger.sales + 1,
    salesCents: ledger.salesCents + sale.total_cents,
    gstCents: ledger.gstCents + sale.gst_cents,
    discountsCents: ledger.discountsCents + discountCents,
    cashTakenCents: ledger.cashTakenCents + cashKeptCents,
    tenders,
  };
}

export function withReturn(
  ledger: ShiftLedger,
  ret: Pick<SaleReturn, 'total_cents' | 'gst_cents' | 'tender'>,
): ShiftLedger {
  const cash = ret.tender.kind === 'cash';
  return {
    ...ledger,
    returns: ledger.returns + 1,
    refundsCents: ledger.refundsCents + ret.total_cents,
    gstCents: ledger.gstCents - ret.gst_cents,
    cashRefundedCents: ledger.cashRefundedCents + (cash ? ret.tender.cents : 0),
    tenders: cash
      ? ledger.tenders
      : addToTender(ledger.tenders, tenderLabel(ret.tender), 0, ret.tender.cents),
  };
}

/** The ledger with a payment on account (or a deposit) taken at the till in it. */
export function withPayment(
  ledger: ShiftLedger,
  payment: { cents: number; tender: { kind: string; label?: string } },
): ShiftLedger {
  const cash = payment.tender.kind === 'cash';
  return {
    ...ledger,
    payments: (ledger.payments ?? 0) + 1,
    paymentsCents: (ledger.paymentsCents ?? 0) + payment.cents,
    cashTakenCents: ledger.cashTakenCents + (cash ? payment.cents : 0),
    tenders: cash
      ? ledger.tenders
      : addToTender(ledger.tenders, tenderLabel(payment.tender), payment.cents, 0),
  };
}

/** The cash that should be in the drawer: the float, plus cash kept, less cash paid back. */
export const expectedCash = (floatCents: number, ledger: ShiftLedger) =>
  floatCents + ledger.cashTakenCents - ledger.cashRefundedCents;

/** A shift's figure: whole cents (or counts) within $10,000,000 either way. */
const LEDGER_LIMIT = 1_000_000_000;
const figure = (min: number) =>
  v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(LEDGER_LIMIT));

const TenderTotalsSchema = v.object({
  label: v.pipe(v.string(), v.maxLength(40)),
  takenCents: figure(0),
  refundedCents: figure(0),
});

export const ShiftLedgerSchema = v.object({
  sales: figure(0),
  salesCents: figure(0),
  returns: figure(0),
  refundsCents: figure(0),
  gstCents: figure(-LEDGER_LIMIT),
  discountsCents: figure(0),
  cashTakenCents: figure(0),
  cashRefundedCents: figure(0),
  tenders: v.pipe(v.array(TenderTotalsSchema), v.maxLength(20)),
  payments: v.optional(figure(0)),
  paymentsCents: v.optional(figure(0)),
});

/** POST /sales/shifts: a till's shift opened with its float. */
export const OpenShiftSchema = v.object({
  id: v.pipe(v.string(), v.uuid()),
  till: v.pipe(v.string(), v.regex(TILL_CODE_PATTERN)),
  opened_at: momentSchema('opened_at'),
  float_cents: cents(SHIFT_MESSAGES.float),
});

/** POST /sales/shifts/{id}/close: the cash counted and the tablet's ledger. */
export const CloseShiftSchema = v.object({
  closed_at: momentSchema('closed_at'),
  counted_cents: cents(SHIFT_MESSAGES.counted),
  ledger: ShiftLedgerSchema,
});
export type CloseShift = v.InferOutput<typeof CloseShiftSchema>;
