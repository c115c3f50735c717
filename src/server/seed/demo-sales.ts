import { randomUUID } from 'node:crypto';
import { isTaxedAtTill } from '#domains/products/tax.ts';
import { CASH_STEP_CENTS } from '#domains/sales/constants.ts';
import { centsOf, roundCash } from '#domains/sales/money.ts';
import { formatReceiptNumber } from '#domains/sales/receipt-number.ts';
import { checkSale, type PricedSale, type Sale, totalsOf } from '#domains/sales/sale.ts';
import { random, type SeedProduct } from './catalogue.ts';

/**
 * The demo shop's last 90 days of trading, made with the same rules as a sale from a tablet
 * (`totalsOf`, `settle`, `checkSale`): a weekday pattern with Friday and Saturday peaks, opening
 * hours of 10:00 to 19:30 in the shop's time zone, a few favourite lines sold far more than the
 * rest, mostly single bottles with the odd case (10 % off a case of six or more), card, cash and
 * split payments. Deterministic for a given moment: the same catalogue gives the same sales.
 */
export const DEMO_TIME_ZONE = 'Australia/Sydney';
export const DEMO_SALES_DAYS = 90;
/** The demo's own till: tablets that open the POS get T2, T3 … after it. */
export const DEMO_TILL = 'T1';
export const DEMO_TILL_DEVICE = 'demo-history';

/** Sales on an average day; each weekday scales it (Sunday first, as `getUTCDay` counts). */
const SALES_PER_DAY = 24;
const WEEKDAY_FACTOR = [1.05, 0.7, 0.75, 0.85, 1.0, 1.55, 1.8] as const;
const OPEN_MINUTES = 10 * 60;
const CLOSE_MINUTES = 19 * 60 + 30;
const DAY_MS = 86_400_000;
/** Bottles up to this price (dollars) sell at their rank's pace; dearer ones much less often. */
const EVERYDAY_PRICE = 45;

export interface PlannedSale {
  sale: PricedSale;
  /** Index into the products the plan was made from, per line. */
  productIndexes: number[];
}

/** Minutes east of UTC of `timeZone` at `instant`. */
function offsetMinutes(timeZone: string, instant: number): number {
  const part = (parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(instant);
  const local = Date.UTC(
    part(parts, 'year'),
    part(parts, 'month') - 1,
    part(parts, 'day'),
    part(parts, 'hour'),
    part(parts, 'minute'),
  );
  return Math.round((local - Math.floor(instant / 60_000) * 60_000) / 60_000);
}

/** The instant of a local day's `minutes` after midnight in `timeZone`. */
function zoned(localDayUtc: number, minutes: number, timeZone: string): number {
  const guess = localDayUtc + minutes * 60_000;
  const first = guess - offsetMinutes(timeZone, guess) * 60_000;
  return guess - offsetMinutes(timeZone, first) * 60_000;
}

/** Midnight UTC of the local calendar day `instant` falls on in `timeZone`. */
function localDay(instant: number, timeZone: string): number {
  const shifted = instant + offsetMinutes(timeZone, instant) * 60_000;
  return Math.floor(shifted / DAY_MS) * DAY_MS;
}

/** Cash as people hand it over: the next $5, $10, $20 or $50 up from what is owed. */
function cashGiven(owed: number, roll: number): number {
  const note = roll < 0.3 ? 500 : roll < 0.6 ? 1_000 : roll < 0.85 ? 2_000 : 5_000;
  return Math.ceil(owed / note) * note;
}

/** How much trading a plan makes: the demo's 90 days, or a busy shop's year for load work. */
export interface TradingPattern {
  days: number;
  salesPerDay: number;
  /** 'few': mostly one bottle, the odd mixed basket; 'busy': 1 to 5 lines a sale. */
  lines: 'few' | 'busy';
  /** The till the history was rung up on. */
  till: string;
}

export const DEMO_PATTERN: TradingPattern = {
  days: DEMO_SALES_DAYS,
  salesPerDay: SALES_PER_DAY,
  lines: 'few',
  till: DEMO_TILL,
};

export function planDemoSales(
  catalogue: readonly SeedProduct[],
  now: Date,
  pattern: TradingPattern = DEMO_PATTERN,
  timeZone = DEMO_TIME_ZONE,
): PlannedSale[] {
  const next = random(2026);
  const sellable = catalogue
    .map((product, index) => ({ product, index }))
    .filter(({ product }) => Number(product.listPrice) > 0);
  // A few lines sell far more than the rest (a shuffled rank), and everyday bottles far more
  // than the $900 ones.
  for (let i = sellable.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    const swapped = sellable[i];
    if (swapped && sellable[j]) [sellable[i], sellable[j]] = [sellable[j], swapped];
  }
  const weights = sellable.map(
    ({ product }, rank) =>
      (1 / (1 + rank) ** 0.8) * Math.min(1, (EVERYDAY_PRICE / Number(product.listPrice)) ** 1.5),
  );
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  const pick = () => {
    let roll = next() * totalWeight;
    for (let i = 0; i < sellable.length; i += 1) {
      roll -= weights[i] ?? 0;
      if (roll <= 0) return sellable[i];
    }
    return sellable.at(-1);
  };

  const planned: PlannedSale[] = [];
  const today = localDay(now.getTime(), timeZone);
  for (let day = pattern.days - 1; day >= 0; day -= 1) {
    const date = today - day * DAY_MS;
    const factor = WEEKDAY_FACTOR[new Date(date).getUTCDay()] ?? 1;
    const count = Math.round(pattern.salesPerDay * factor * (0.85 + next() * 0.3));
    const minutes = Array.from(
      { length: count },
      () => OPEN_MINUTES + next() * (CLOSE_MINUTES - OPEN_MINUTES),
    ).sort((a, b) => a - b);
    for (const minute of minutes) {
      const at = zoned(date, minute, timeZone);
      if (at > now.getTime()) break;
      const lines: PricedSale['lines'] = [];
      const productIndexes: number[] = [];
      const lineCount =
        pattern.lines === 'busy' ? 1 + Math.floor(next() * 5) : 1 + Math.floor(next() ** 2 * 4);
      for (let l = 0; l < lineCount; l += 1) {
        const chosen = pick();
        if (!chosen || productIndexes.includes(chosen.index)) continue;
        const roll = next();
        const shelf = centsOf(Number(chosen.product.listPrice));
        lines.push({
          product_id: chosen.index + 1,
          quantity: roll < 0.72 ? 1 : roll < 0.9 ? 2 : roll < 0.97 ? 3 : 6,
          unit_cents: shelf,
          shelf_cents: shelf,
          luc_cents: centsOf(Number(chosen.product.luc)),
          taxable: isTaxedAtTill(chosen.product.taxCategory, Number(chosen.product.gst)),
        });
        productIndexes.push(chosen.index);
      }
      const units = lines.reduce((sum, line) => sum + line.quantity, 0);
      const discount = units >= 6 ? ({ kind: 'percent', value: 10 } as const) : undefined;
      const totals = totalsOf({ lines, discount });
      const payRoll = next();
      const tenders: Sale['tenders'] =
        payRoll < 0.62
          ? [{ kind: 'card', cents: totals.totalCents }]
          : payRoll < 0.95
            ? [
                {
                  kind: 'cash',
                  given_cents: cashGiven(roundCash(totals.totalCents, CASH_STEP_CENTS), next()),
                },
              ]
            : [
                { kind: 'card', cents: Math.floor(totals.totalCents / 2) },
                {
                  kind: 'cash',
                  given_cents: cashGiven(
                    roundCash(
                      totals.totalCents - Math.floor(totals.totalCents / 2),
                      CASH_STEP_CENTS,
                    ),
                    next(),
                  ),
                },
              ];
      const sequence = planned.length + 1;
      planned.push({
        productIndexes,
        sale: {
          id: randomUUID(),
          receipt: formatReceiptNumber(pattern.till, sequence),
          made_at: new Date(at).toISOString(),
          lines,
          ...(discount ? { discount } : {}),
          tenders,
          total_cents: totals.totalCents,
          gst_cents: totals.gstCents,
        },
      });
    }
  }
  return planned;
}

/** The planned sale with the products' real ids, checked as the server checks a tablet's. */
export function withProductIds(planned: PlannedSale, idOf: (index: number) => number): PricedSale {
  const sale: PricedSale = {
    ...planned.sale,
    lines: planned.sale.lines.map((line, index) => ({
      ...line,
      product_id: idOf(planned.productIndexes[index] ?? 0),
    })),
  };
  const problem = checkSale(sale);
  if (problem) throw new Error(`demo sale ${sale.receipt}: ${problem}`);
  return sale;
}

/** Units of each product (by its index in the catalogue) the plan sells. */
export function unitsSold(plan: readonly PlannedSale[], size: number): number[] {
  const sold = new Array<number>(size).fill(0);
  for (const { sale, productIndexes } of plan) {
    sale.lines.forEach((line, index) => {
      const productIndex = productIndexes[index] ?? 0;
      sold[productIndex] = (sold[productIndex] ?? 0) + line.quantity;
    });
  }
  return sold;
}
