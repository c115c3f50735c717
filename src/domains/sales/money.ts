import { formatCurrency } from '../products/format.ts';

/**
 * A sale's arithmetic, the same on the tablet and on the server: every amount is integer cents.
 * Shelf prices include GST; the GST a sale contains is 1/11 of its taxable lines (after
 * discounts), worked out once on their sum so that it agrees to the cent with any report that
 * adds the same lines. A sale discount is shared over the lines in proportion to what is left of
 * each, the cents that do not divide going to the largest shares, so each line carries its own
 * net amount (returns refund it, reports add it) and the lines add up to the total.
 */

/** A discount as the person gives it: a percentage, or an amount in cents. */
export type Discount = { kind: 'percent'; value: number } | { kind: 'amount'; cents: number };

export interface PricedLine {
  /** The shelf price of one unit, GST included, in cents (an override replaces it). */
  unitCents: number;
  quantity: number;
  /** Whether GST is in the price (the product's tax category decides). */
  taxable: boolean;
  discount?: Discount | undefined;
}

export interface LineTotals {
  /** unit × quantity. */
  grossCents: number;
  /** The line's own discount. */
  lineDiscountCents: number;
  /** Its share of the sale discount. */
  saleDiscountCents: number;
  /** What the customer pays for the line: gross − both discounts. */
  netCents: number;
}

export interface SaleTotals {
  lines: LineTotals[];
  grossCents: number;
  discountCents: number;
  /** What is owed, before any rounding of cash. */
  totalCents: number;
  /** GST contained in the taxable lines: 1/11 of their net sum, rounded to the cent. */
  gstCents: number;
}

/** Dollars as the catalogue holds them (12.5) in whole cents (1250). */
export const centsOf = (dollars: number) => Math.round(dollars * 100);

/** Half away from zero, as money is rounded on a receipt. */
export function roundCents(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/** What a discount takes off an amount: never more than the amount, never less than 0. */
export function discountOf(discount: Discount | undefined, amountCents: number): number {
  if (!discount) return 0;
  const cents =
    discount.kind === 'percent' ? roundCents((amountCents * discount.value) / 100) : discount.cents;
  return Math.min(Math.max(cents, 0), Math.max(amountCents, 0));
}

/**
 * `totalCents` shared over `weights` in proportion, the cents left by rounding down going to the
 * largest remainders (the earlier line first on a tie): the shares always add up to the total.
 */
export function shareInProportion(totalCents: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((total, weight) => total + weight, 0);
  if (sum <= 0 || totalCents === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (totalCents * weight) / sum);
  const shares = exact.map(Math.floor);
  let left = totalCents - shares.reduce((total, share) => total + share, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/** GST contained in a GST-inclusive amount: 1/11 of it, to the cent. */
export const gstContained = (inclusiveCents: number) => roundCents(inclusiveCents / 11);

export function saleTotals(lines: readonly PricedLine[], saleDiscount?: Discount): SaleTotals {
  const afterLine = lines.map((line) => {
    const grossCents = line.unitCents * line.quantity;
    const lineDiscountCents = discountOf(line.discount, grossCents);
    return { grossCents, lineDiscountCents, left: grossCents - lineDiscountCents };
  });
  const leftTotal = afterLine.reduce((total, line) => total + line.left, 0);
  const saleDiscountTotal = discountOf(saleDiscount, leftTotal);
  const shares = shareInProportion(
    saleDiscountTotal,
    afterLine.map((line) => line.left),
  );
  const totals: LineTotals[] = afterLine.map((line, index) => ({
    grossCents: line.grossCents,
    lineDiscountCents: line.lineDiscountCents,
    saleDiscountCents: shares[index] ?? 0,
    netCents: line.left - (shares[index] ?? 0),
  }));
  const taxable = totals.reduce(
    (total, line, index) => (lines[index]?.taxable ? total + line.netCents : total),
    0,
  );
  const grossCents = totals.reduce((total, line) => total + line.grossCents, 0);
  const totalCents = totals.reduce((total, line) => total + line.netCents, 0);
  return {
    lines: totals,
    grossCents,
    discountCents: grossCents - totalCents,
    totalCents,
    gstCents: gstContained(taxable),
  };
}

/**
 * The GST a sale (or a refund) contains, shared over its lines: 1/11 of each taxable line, and
 * the rounding's remainder on its largest taxable line (the first of equals, by `order`), so
 * the lines' GST adds up to the receipt's however they are grouped. Kept with each line when
 * it is stored: the reports add these up.
 */
export function gstShares(
  lines: readonly { cents: number; taxable: boolean; order: number }[],
  gstCents: number,
): number[] {
  const shares = lines.map((line) => (line.taxable ? gstContained(line.cents) : 0));
  // Whether a line takes the remainder before another: taxable first, then larger, then earlier.
  const before = (a: (typeof lines)[number], b: (typeof lines)[number]) =>
    a.taxable !== b.taxable
      ? a.taxable
      : Math.abs(a.cents) !== Math.abs(b.cents)
        ? Math.abs(a.cents) > Math.abs(b.cents)
        : a.order < b.order;
  let first = -1;
  lines.forEach((line, index) => {
    const best = lines[first];
    if (!best || before(line, best)) first = index;
  });
  if (first >= 0) {
    const given = shares.reduce((total, share) => total + share, 0);
    shares[first] = (shares[first] ?? 0) + gstCents - given;
  }
  return shares;
}

/**
 * Cash is paid to the nearest `step` cents (5 c in Australia: 1–2 c down, 3–4 c up, 6–7 c down,
 * 8–9 c up); a step of 1 pays to the cent.
 */
export function roundCash(cents: number, step: number): number {
  if (step <= 1) return cents;
  return Math.round(cents / step) * step;
}

export type Tender =
  | { kind: 'cash'; givenCents: number }
  | { kind: 'card'; cents: number; approval?: string }
  | { kind: 'other'; label: string; cents: number }
  | { kind: 'account'; cents: number };

export interface Settlement {
  /** What the tenders other than cash pay, exactly. */
  nonCashCents: number;
  /** What is left for cash before rounding, and after (0 when nothing is). */
  cashDueCents: number;
  cashRoundedCents: number;
  /** The rounding the cash makes: + the shop gains, − the customer gains. */
  roundingCents: number;
  cashGivenCents: number;
  changeCents: number;
  /** Still to pay; 0 when the tenders cover the sale. */
  shortCents: number;
}

/**
 * How tenders pay a total: card and other tenders pay their amounts exactly; whatever is left is
 * paid in cash, rounded to the step, and change is given on it. Tenders other than cash may not
 * pay more than the total: there is no change on a card.
 */
export function settle(
  totalCents: number,
  tenders: readonly Tender[],
  cashStep: number,
): Settlement {
  const nonCashCents = tenders.reduce(
    (total, tender) => (tender.kind === 'cash' ? total : total + tender.cents),
    0,
  );
  const cashGivenCents = tenders.reduce(
    (total, tender) => (tender.kind === 'cash' ? total + tender.givenCents : total),
    0,
  );
  const cashDueCents = Math.max(totalCents - nonCashCents, 0);
  const paysCash = tenders.some((tender) => tender.kind === 'cash');
  const cashRoundedCents = paysCash ? roundCash(cashDueCents, cashStep) : cashDueCents;
  const owed = paysCash ? cashRoundedCents : cashDueCents;
  return {
    nonCashCents,
    cashDueCents,
    cashRoundedCents,
    roundingCents: paysCash ? cashRoundedCents - cashDueCents : 0,
    cashGivenCents,
    changeCents: Math.max(cashGivenCents - owed, 0),
    shortCents: Math.max(owed - cashGivenCents, 0),
  };
}

/** Whether tenders other than cash pay more than the sale: refused, as a card gives no change. */
export const overpaysWithoutCash = (totalCents: number, tenders: readonly Tender[]) =>
  tenders.reduce((total, tender) => (tender.kind === 'cash' ? total : total + tender.cents), 0) >
  totalCents;

/** The discount a sale gives, as a share of what its lines cost before discounts (0–100). */
export function discountPercent(totals: Pick<SaleTotals, 'grossCents' | 'discountCents'>): number {
  return totals.grossCents <= 0 ? 0 : (totals.discountCents * 100) / totals.grossCents;
}

/** Whether a discount goes past the limit staff may give alone (a manager then approves). */
export const needsApproval = (percent: number, limitPercent: number) =>
  percent > limitPercent + 1e-9;

/** How many units of a sold line may still come back. */
export const returnable = (sold: number, returned: number) => Math.max(sold - returned, 0);

/** Cents as a receipt shows them, as every price is shown: '$1,234.50', '-$3.00'. */
export const formatCents = (cents: number) => formatCurrency(cents / 100);

/** A typed amount ('12', '12.5', '$12.50') as cents; null when it is not one. */
export function parseCents(text: string): number | null {
  const match = /^\s*\$?\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
