import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  discountOf,
  discountPercent,
  formatCents,
  gstContained,
  gstShares,
  needsApproval,
  overpaysWithoutCash,
  parseCents,
  returnable,
  roundCash,
  saleTotals,
  settle,
  shareInProportion,
} from '#domains/sales/money.ts';
import {
  formatReceiptNumber,
  nextTillCode,
  parseReceiptNumber,
} from '#domains/sales/receipt-number.ts';
import {
  checkSale,
  discountGiven,
  priceSale,
  SALE_MESSAGES,
  type Sale,
  SaleSchema,
  type SaleTerms,
} from '#domains/sales/sale.ts';

describe('sale totals, in cents', () => {
  it('adds lines, and contains 1/11 GST of the taxable ones only', () => {
    const totals = saleTotals([
      { unitCents: 4_499, quantity: 2, taxable: true },
      { unitCents: 1_000, quantity: 1, taxable: false },
    ]);
    expect(totals.totalCents).toBe(8_998 + 1_000);
    expect(totals.gstCents).toBe(818); // 8,998 / 11 = 818.0
    expect(totals.discountCents).toBe(0);
  });

  it('takes a line discount (% or $) before sharing a sale discount over what is left', () => {
    const totals = saleTotals(
      [
        { unitCents: 10_000, quantity: 1, taxable: true, discount: { kind: 'percent', value: 10 } },
        { unitCents: 3_333, quantity: 3, taxable: true, discount: { kind: 'amount', cents: 999 } },
        { unitCents: 1, quantity: 1, taxable: true },
      ],
      { kind: 'amount', cents: 1_000 },
    );
    expect(totals.lines.map((line) => line.lineDiscountCents)).toEqual([1_000, 999, 0]);
    // 9,000 / 9,000 / 1 left: the $10 is shared 500 / 500 / 0, the odd cent to the largest rest.
    expect(totals.lines.map((line) => line.saleDiscountCents)).toEqual([500, 500, 0]);
    expect(totals.lines.map((line) => line.netCents)).toEqual([8_500, 8_500, 1]);
    expect(totals.totalCents).toBe(17_001);
    expect(totals.discountCents).toBe(totals.grossCents - totals.totalCents);
    // The lines always add up to the total, whatever the discount.
    for (const percent of [3, 7.5, 33.3, 99]) {
      const shared = saleTotals(
        [
          { unitCents: 1_999, quantity: 3, taxable: true },
          { unitCents: 4_550, quantity: 1, taxable: false },
          { unitCents: 15, quantity: 7, taxable: true },
        ],
        { kind: 'percent', value: percent },
      );
      expect(shared.lines.reduce((sum, line) => sum + line.netCents, 0)).toBe(shared.totalCents);
    }
  });

  it('never discounts below zero nor by a negative amount', () => {
    expect(discountOf({ kind: 'amount', cents: 5_000 }, 1_200)).toBe(1_200);
    expect(discountOf({ kind: 'amount', cents: -50 }, 1_200)).toBe(0);
    expect(discountOf({ kind: 'percent', value: 150 }, 1_200)).toBe(1_200);
    expect(discountOf({ kind: 'percent', value: 12.5 }, 999)).toBe(125); // 124.875
  });

  it('shares a sale’s GST over its lines: 1/11 of each taxable one, the remainder on the largest', () => {
    // $45.00 × 2 and $84.95 taxable, $12.99 GST-free: 818 + 772 = 1,590, the sale's 1,590.
    const lines = [
      { cents: 9_000, taxable: true, order: 1 },
      { cents: 1_299, taxable: false, order: 2 },
      { cents: 8_495, taxable: true, order: 3 },
    ];
    const { gstCents } = saleTotals([
      { unitCents: 4_500, quantity: 2, taxable: true },
      { unitCents: 1_299, quantity: 1, taxable: false },
      { unitCents: 8_495, quantity: 1, taxable: true },
    ]);
    expect(gstShares(lines, gstCents)).toEqual([818, 0, 772]);
    // Three lines of 1 c each: none rounds to a cent of GST; the sale's 0 c is theirs.
    expect(
      gstShares(
        [1, 1, 1].map((cents, order) => ({ cents, taxable: true, order })),
        0,
      ),
    ).toEqual([0, 0, 0]);
    // Each 6 c line's 0.55 c rounds to 1 c, but the sale's 12 c contain 1 c: the remainder
    // (−1 c) goes on the largest taxable line, the first of equals.
    expect(
      gstShares(
        [
          { cents: 6, taxable: true, order: 1 },
          { cents: 6, taxable: true, order: 2 },
          { cents: 600, taxable: false, order: 3 },
        ],
        gstContained(12),
      ),
    ).toEqual([0, 1, 0]);
    expect(gstShares([], 0)).toEqual([]);
  });

  it('shares cents in proportion, the rest to the largest remainders', () => {
    expect(shareInProportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareInProportion(7, [0, 0])).toEqual([0, 0]);
    expect(gstContained(1_100)).toBe(100);
  });
});

describe('paying', () => {
  it('rounds cash to 5 c as Australian tills do, and only the cash', () => {
    expect([1, 2, 3, 4, 6, 7, 8, 9].map((cents) => roundCash(1_000 + cents, 5))).toEqual([
      1_000, 1_000, 1_005, 1_005, 1_005, 1_005, 1_010, 1_010,
    ]);
    expect(roundCash(1_003, 1)).toBe(1_003);
    const cash = settle(2_398, [{ kind: 'cash', givenCents: 5_000 }], 5);
    expect(cash).toMatchObject({ cashRoundedCents: 2_400, roundingCents: 2, changeCents: 2_600 });
    const card = settle(2_398, [{ kind: 'card', cents: 2_398 }], 5);
    expect(card).toMatchObject({ roundingCents: 0, changeCents: 0, shortCents: 0 });
  });

  it('splits across tenders: card first exactly, the rest in cash with change', () => {
    const split = settle(
      10_003,
      [
        { kind: 'card', cents: 6_000, approval: '123456' },
        { kind: 'other', label: 'Voucher', cents: 2_000 },
        { kind: 'cash', givenCents: 2_100 },
      ],
      5,
    );
    expect(split).toMatchObject({
      nonCashCents: 8_000,
      cashDueCents: 2_003,
      cashRoundedCents: 2_005,
      changeCents: 95,
      shortCents: 0,
    });
    expect(settle(10_000, [{ kind: 'cash', givenCents: 5_000 }], 5).shortCents).toBe(5_000);
    expect(overpaysWithoutCash(1_000, [{ kind: 'card', cents: 1_001 }])).toBe(true);
  });

  it('asks a manager past the discount limit', () => {
    expect(needsApproval(discountPercent({ grossCents: 10_000, discountCents: 1_000 }), 10)).toBe(
      false,
    );
    expect(needsApproval(discountPercent({ grossCents: 10_000, discountCents: 1_001 }), 10)).toBe(
      true,
    );
  });

  it('never takes back more than was sold and not yet returned', () => {
    expect(returnable(3, 1)).toBe(2);
    expect(returnable(3, 5)).toBe(0);
  });

  it('reads and writes amounts as people type them', () => {
    expect(parseCents('12')).toBe(1_200);
    expect(parseCents(' 12.5 ')).toBe(1_250);
    expect(parseCents('12.05')).toBe(1_205);
    expect(parseCents('$12.50')).toBe(1_250);
    expect(parseCents('$ 7')).toBe(700);
    expect(parseCents('12$')).toBeNull();
    expect(parseCents('12.345')).toBeNull();
    expect(parseCents('-1')).toBeNull();
    expect(formatCents(123_450)).toBe('$1,234.50');
    expect(formatCents(-300)).toBe('-$3.00');
  });
});

describe('receipt numbers', () => {
  it('put the till code before the sequence, so two tablets never make the same number', () => {
    expect(formatReceiptNumber('T2', 137)).toBe('T2-000137');
    expect(parseReceiptNumber(' t2-000137 ')).toEqual({ till: 'T2', sequence: 137 });
    expect(parseReceiptNumber('T2-37')).toBeNull();
    expect(parseReceiptNumber('X1-000001')).toBeNull();
    expect(() => formatReceiptNumber('T0', 1)).toThrow();
    const a = Array.from({ length: 50 }, (_, i) => formatReceiptNumber('T1', i + 1));
    const b = Array.from({ length: 50 }, (_, i) => formatReceiptNumber('T2', i + 1));
    expect(new Set([...a, ...b]).size).toBe(100);
    expect(nextTillCode([])).toBe('T1');
    expect(nextTillCode(['T1', 'T3', 'bad'])).toBe('T4');
  });
});

describe('a sale as the server checks it', () => {
  const sale = (overrides: Partial<Sale> = {}): Sale => ({
    id: '5b0c6b9e-4f3c-4d7e-9a55-0f1d2c3b4a59',
    receipt: 'T2-000137',
    made_at: '2026-11-26T01:00:00.000Z',
    lines: [
      { product_id: 7, quantity: 2, unit_cents: 4_499, luc_cents: 2_600, taxable: true },
      { product_id: 9, quantity: 1, unit_cents: 1_000, luc_cents: 500, taxable: false },
    ],
    tenders: [{ kind: 'cash', given_cents: 10_000 }],
    total_cents: 9_998,
    gst_cents: 818,
    ...overrides,
  });
  it('accepts a sale whose totals and tenders add up', () => {
    expect(v.safeParse(SaleSchema, sale()).success).toBe(true);
    expect(checkSale(sale())).toBeNull();
  });

  it('names what does not add up', () => {
    expect(checkSale(sale({ total_cents: 10_000 }))).toBe(SALE_MESSAGES.totals(10_000, 9_998));
    expect(checkSale(sale({ tenders: [{ kind: 'cash', given_cents: 9_000 }] }))).toBe(
      SALE_MESSAGES.short(1_000),
    );
    expect(checkSale(sale({ tenders: [{ kind: 'card', cents: 10_000 }] }))).toBe(
      SALE_MESSAGES.cardChange,
    );
    // 99.98 in cash is paid as 100.00: 9,998 c given is 2 c short.
    expect(checkSale(sale({ tenders: [{ kind: 'cash', given_cents: 9_998 }] }))).toBe(
      SALE_MESSAGES.short(2),
    );
  });

  it('is priced by the shop’s records, whatever the tablet claimed, keeping where it differs', () => {
    const terms: Record<number, SaleTerms> = {
      // The tablet thought it GST-free at a LUC of $5: the shop's records say otherwise.
      7: { shelfCents: 4_499, lucCents: 2_600, taxable: true },
      9: { shelfCents: 1_100, lucCents: 700, taxable: true },
    };
    const priced = priceSale(sale(), (id) => terms[id]);
    if ('unknown' in priced) throw new Error('a product was unknown');
    expect(
      priced.priced.lines.map((line) => [line.shelf_cents, line.luc_cents, line.taxable]),
    ).toEqual([
      [4_499, 2_600, true],
      [1_100, 700, true],
    ]);
    // 1/11 of both lines now: 9,998 / 11.
    expect(priced.priced.gst_cents).toBe(909);
    expect(priced.claims).toEqual([
      // A line without its shelf price claims it was sold at the shelf's.
      { line: 2, field: 'shelf_cents', claimed: 1_000, recorded: 1_100 },
      { line: 2, field: 'luc_cents', claimed: 500, recorded: 700 },
      { line: 2, field: 'taxable', claimed: false, recorded: true },
      { field: 'gst_cents', claimed: 818, recorded: 909 },
    ]);
    // Against the shop's shelf prices the second line gave 100 c off.
    expect(discountGiven(priced.priced)).toBeCloseTo((100 * 100) / 10_098, 6);
    expect(priceSale(sale(), (id) => (id === 7 ? terms[7] : undefined))).toEqual({ unknown: 9 });
  });

  it('refuses a receipt number no till makes and a line of no units', () => {
    expect(v.safeParse(SaleSchema, sale({ receipt: 'R-1' })).success).toBe(false);
    // Any spelling of a number is read as its one canonical form.
    for (const spelling of ['t2-000137 ', ' T2-000137', 'T2-0000137', 'T2-000000137']) {
      expect(v.parse(SaleSchema, sale({ receipt: spelling })).receipt).toBe('T2-000137');
    }
    const noUnits = sale();
    (noUnits.lines[0] as { quantity: number }).quantity = 0;
    expect(v.safeParse(SaleSchema, noUnits).success).toBe(false);
  });
});
