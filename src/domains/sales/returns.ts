import * as v from 'valibot';
import { momentSchema } from '#shared/moments.ts';
import { CASH_STEP_CENTS } from './constants.ts';
import { gstContained, roundCash } from './money.ts';
import { CASH_STEPS } from './payment-settings.ts';
import { receiptNumberSchema } from './receipt-number.ts';
import { MAX_LINE_QUANTITY, MAX_LINES } from './sale.ts';

/**
 * A return (beyond the spec's prototype): some or all units of a sale's lines come back, the
 * money goes back on one tender, and the stock comes back with the reason 'Return' (a bottle not
 * fit to sell again is then written off with 'Damaged'). A line refunds what was paid for it:
 * its net (after its discounts) shared over its units so that returning all of them, at once or
 * in parts, gives back exactly the net. Never more units than were sold less those already
 * returned; the server checks again under a lock on the sale. Integer cents throughout.
 */
export const RETURN_REASON = 'Return';
export const DAMAGED_REASON = 'Damaged';

export const RETURN_MESSAGES = {
  lines: 'A return brings back at least one line',
  quantity: `A line returns 1 to ${MAX_LINE_QUANTITY.toLocaleString('en')} units`,
  unknownSale: 'That sale is not one of this shop’s',
  unknownLine: (line: number) => `The sale has no line ${line}`,
  tooMany: (line: number, left: number) =>
    `Line ${line} has ${left} ${left === 1 ? 'unit' : 'units'} left to return`,
  sameLine: 'Each line of the sale comes once in a return',
  totals: (sent: number, worked: number) =>
    `The refund (${sent} c) does not add up: its lines come to ${worked} c`,
  tender: (sent: number, due: number) => `The refund pays ${sent} c where ${due} c is due`,
  taken: 'This return id or receipt number is already another return or sale',
  receipt: 'The receipt number is not one this shop makes (T1-000001)',
  noCustomer: 'Only a sale to a customer can be refunded to their account',
} as const;

const cents = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(99_999_999));

export const RefundTenderSchema = v.variant('kind', [
  v.object({ kind: v.literal('cash'), cents }),
  v.object({ kind: v.literal('card'), cents }),
  v.object({
    kind: v.literal('other'),
    label: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(40)),
    cents,
  }),
  /** Back on the account of the customer the sale was to (#domains/customers/account.ts). */
  v.object({ kind: v.literal('account'), cents }),
]);

export const ReturnSchema = v.object({
  id: v.pipe(v.string(), v.uuid()),
  sale_id: v.pipe(v.string(), v.uuid()),
  /** The return's own number, from the same till sequence as sales. */
  receipt: receiptNumberSchema(RETURN_MESSAGES.receipt),
  made_at: momentSchema('made_at'),
  lines: v.pipe(
    v.array(
      v.object({
        line_no: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_LINES)),
        quantity: v.pipe(
          v.number(RETURN_MESSAGES.quantity),
          v.integer(RETURN_MESSAGES.quantity),
          v.minValue(1, RETURN_MESSAGES.quantity),
          v.maxValue(MAX_LINE_QUANTITY, RETURN_MESSAGES.quantity),
        ),
        /** Fit to sell again: back on the shelf. Otherwise written off as damaged. */
        resaleable: v.boolean(),
      }),
    ),
    v.minLength(1, RETURN_MESSAGES.lines),
    v.maxLength(MAX_LINES, RETURN_MESSAGES.lines),
    v.check(
      (lines) => new Set(lines.map((line) => line.line_no)).size === lines.length,
      RETURN_MESSAGES.sameLine,
    ),
  ),
  /** The till's shift it was made in, if one was open. */
  shift_id: v.optional(v.pipe(v.string(), v.uuid())),
  tender: RefundTenderSchema,
  cash_step: v.optional(v.picklist(CASH_STEPS)),
  total_cents: cents,
  /** As the tablet worked it out: a claim, the server's is kept (returnTotals). */
  gst_cents: cents,
});
export type SaleReturn = v.InferOutput<typeof ReturnSchema>;

/** A sold line as a return sees it: what it was sold for, and how much of it came back already. */
export interface SoldLine {
  line_no: number;
  product_id: number | null;
  name: string;
  quantity: number;
  net_cents: number;
  luc_cents: number;
  taxable: boolean;
  returned: number;
}

/** What `count` more units of a line refund when `before` came back already. */
export function refundOf(
  line: Pick<SoldLine, 'net_cents' | 'quantity'>,
  before: number,
  count: number,
) {
  const upTo = (units: number) => Math.round((line.net_cents * units) / line.quantity);
  return upTo(before + count) - upTo(before);
}

export interface ReturnTotals {
  lines: { line_no: number; refundCents: number; line: SoldLine }[];
  totalCents: number;
  gstCents: number;
  /** The cost at sale of the units that go back on the shelf. */
  restockedCostCents: number;
}

/** The refund of a return's lines, or the first reason it cannot be made. */
export function returnTotals(
  sold: readonly SoldLine[],
  lines: SaleReturn['lines'],
): ReturnTotals | { problem: string } {
  const byNo = new Map(sold.map((line) => [line.line_no, line]));
  const worked: ReturnTotals['lines'] = [];
  let restockedCostCents = 0;
  for (const wanted of lines) {
    const line = byNo.get(wanted.line_no);
    if (!line) return { problem: RETURN_MESSAGES.unknownLine(wanted.line_no) };
    const left = line.quantity - line.returned;
    if (wanted.quantity > left) return { problem: RETURN_MESSAGES.tooMany(wanted.line_no, left) };
    worked.push({
      line_no: wanted.line_no,
      refundCents: refundOf(line, line.returned, wanted.quantity),
      line,
    });
    if (wanted.resaleable) restockedCostCents += line.luc_cents * wanted.quantity;
  }
  const totalCents = worked.reduce((total, line) => total + line.refundCents, 0);
  const taxable = worked.reduce(
    (total, line) => (line.line.taxable ? total + line.refundCents : total),
    0,
  );
  return { lines: worked, totalCents, gstCents: gstContained(taxable), restockedCostCents };
}

/** What a refund on this tender pays back: cash is rounded as a sale's cash is. */
export const refundDue = (
  tender: SaleReturn['tender']['kind'],
  totalCents: number,
  step: number,
) => (tender === 'cash' ? roundCash(totalCents, step) : totalCents);

/**
 * Whether a return holds together against its sale's lines; the first problem, or null. Its GST
 * is not among them: that is 1/11 of the taxable lines as the server recorded the sale, which a
 * tablet may have printed otherwise (the server keeps the difference with the return).
 */
export function checkReturn(sale: SaleReturn, sold: readonly SoldLine[]): string | null {
  const totals = returnTotals(sold, sale.lines);
  if ('problem' in totals) return totals.problem;
  if (totals.totalCents !== sale.total_cents) {
    return RETURN_MESSAGES.totals(sale.total_cents, totals.totalCents);
  }
  const due = refundDue(sale.tender.kind, totals.totalCents, sale.cash_step ?? CASH_STEP_CENTS);
  if (sale.tender.cents !== due) return RETURN_MESSAGES.tender(sale.tender.cents, due);
  return null;
}

/** GET /sales/receipts/{receipt}: a sale with its lines and what came back of each. */
export const SoldSaleSchema = v.object({
  id: v.string(),
  receipt: v.string(),
  made_at: v.string(),
  total_cents: v.number(),
  gst_cents: v.number(),
  tenders: v.array(v.looseObject({ kind: v.string() })),
  /** A discount past the staff limit: confirmed by a manager's PIN, or not (see approval.ts). */
  approval: v.optional(v.nullable(v.picklist(['confirmed', 'not-confirmed']))),
  lines: v.array(
    v.object({
      line_no: v.number(),
      product_id: v.nullable(v.number()),
      name: v.string(),
      quantity: v.number(),
      net_cents: v.number(),
      luc_cents: v.number(),
      taxable: v.boolean(),
      returned: v.number(),
    }),
  ),
});
export type SoldSale = v.InferOutput<typeof SoldSaleSchema>;

/** GET /sales?date=&tz=: the sales of a day, newest first. */
export const DaySalesSchema = v.object({
  sales: v.array(
    v.object({ id: v.string(), receipt: v.string(), made_at: v.string(), total_cents: v.number() }),
  ),
});
