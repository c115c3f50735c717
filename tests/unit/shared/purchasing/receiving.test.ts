import { describe, expect, it } from 'vitest';
import {
  type Delivery,
  invoiceCheck,
  linesCountedHere,
  type PostingLine,
  postingLines,
} from '#domains/purchasing/receiving.ts';

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

describe('an open delivery’s lines on a device', () => {
  const line = (product_id: number, ordered: number | null, received: number, damaged = 0) => ({
    product_id,
    name: `Product ${product_id}`,
    ordered,
    received,
    damaged,
    line_cents: null,
    luc_before_cents: null,
    luc_after_cents: null,
  });
  const delivery: Delivery = {
    id: 'd',
    supplier_id: 's',
    supplier: 'Cellar Direct',
    order_id: 'o',
    order_number: 'PO-000001',
    status: 'open',
    started_at: '2026-11-29T00:00:00.000Z',
    posted_at: null,
    invoice_number: '',
    invoice_date: null,
    total_cents: null,
    freight_cents: 0,
    lines: [line(1, 36, 34), line(2, 6, 5, 1)],
    counts: [
      { device_id: 'a', product_id: 1, received: 24, damaged: 0 },
      { device_id: 'b', product_id: 1, received: 10, damaged: 0 },
      { device_id: 'b', product_id: 2, received: 5, damaged: 1 },
    ],
    difference_cents: null,
  };

  it('adds the others’ counts as the server has them to this device’s own, the newest', () => {
    // Tablet A has since counted 26 of product 1 (not sent yet), and 3 of product 3.
    const lines = linesCountedHere(delivery, 'a', [
      { productId: 1, received: 26, damaged: 0 },
      { productId: 3, received: 3, damaged: 1 },
    ]);
    expect(lines).toEqual([
      { ...line(1, 36, 36), name: 'Product 1' },
      line(2, 6, 5, 1),
      { ...line(3, null, 3, 1), name: '' },
    ]);
  });

  it('shows what was ordered and nothing received before anyone counts', () => {
    const fresh = { ...delivery, lines: [line(1, 36, 0)], counts: [] };
    expect(linesCountedHere(fresh, 'a', [])).toEqual([line(1, 36, 0)]);
  });

  it('leaves a posted delivery’s lines as the server posted them', () => {
    const posted = { ...delivery, status: 'posted' as const, counts: [] };
    expect(linesCountedHere(posted, 'a', [{ productId: 1, received: 99, damaged: 0 }])).toBe(
      posted.lines,
    );
  });
});
