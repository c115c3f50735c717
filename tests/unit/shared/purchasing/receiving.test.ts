import { describe, expect, it } from 'vitest';
import { invoiceCheck, type PostingLine, postingLines } from '#domains/purchasing/receiving.ts';

const line = (extra: Partial<PostingLine>): PostingLine => ({
  productId: 1,
  received: 0,
  damaged: 0,
  lineCents: null,
  fallbackUnitCents: 0,
  onHand: 0,
  lucCents: 0,
  taxable: true,
  ...extra,
});

describe('posting a delivery', () => {
  it('lands each line with its share of the freight and averages it into the LUC', () => {
    // Two cases of Shiraz (24 at $100.00 a case = $200.00) and 6 gin for $300.00, freight $25.00
    // shared by value: $10.00 and $15.00.
    const [shiraz, gin] = postingLines(
      [
        line({ productId: 1, received: 24, lineCents: 20_000, onHand: 12, lucCents: 900 }),
        line({ productId: 2, received: 6, lineCents: 30_000, onHand: 0, lucCents: 4_800 }),
      ],
      2_500,
    );
    expect(shiraz).toMatchObject({ freightCents: 1_000, receivedCents: 21_000 });
    // (12 × $9.00 + $210.00) / 36 = $8.8333 → $8.83.
    expect(shiraz?.lucAfterCents).toBe(883);
    expect(gin).toMatchObject({ freightCents: 1_500, receivedCents: 31_500, lucAfterCents: 5_250 });
  });

  it('puts the damaged units’ share aside: the received ones carry only theirs', () => {
    // 12 billed for $120.00, 2 broken: the 10 good ones carry $100.00.
    const [posted] = postingLines(
      [line({ received: 10, damaged: 2, lineCents: 12_000, onHand: 0, lucCents: 0 })],
      0,
    );
    expect(posted).toMatchObject({ receivedCents: 10_000, lucAfterCents: 1_000 });
  });

  it('costs a line without an invoice cost at its order’s (or LUC’s) unit cost', () => {
    const [posted] = postingLines(
      [
        line({
          received: 6,
          lineCents: null,
          fallbackUnitCents: 1_250,
          onHand: 6,
          lucCents: 1_000,
        }),
      ],
      0,
    );
    expect(posted).toMatchObject({ lineCents: 7_500, lucAfterCents: 1_125 });
  });

  it('never lets stock sold before it arrived pull the average', () => {
    const [posted] = postingLines(
      [line({ received: 12, lineCents: 14_400, onHand: -5, lucCents: 100 })],
      0,
    );
    expect(posted?.lucAfterCents).toBe(1_200);
  });
});

describe('the invoice check', () => {
  it('adds lines, freight and GST on the taxable part, and says how far the total is', () => {
    const lines = [
      { lineCents: 20_000, taxable: true },
      { lineCents: 5_000, taxable: false },
    ];
    // GST on $200.00 + $25.00 freight: $22.50.
    expect(invoiceCheck(lines, 2_500, 27_750)).toEqual({
      expectedCents: 20_000 + 5_000 + 2_500 + 2_250,
      gstCents: 2_250,
      differenceCents: -2_000,
    });
    expect(invoiceCheck(lines, 2_500, 29_750).differenceCents).toBe(0);
    expect(invoiceCheck(lines, 0, null).differenceCents).toBeNull();
  });
});
