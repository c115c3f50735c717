import { describe, expect, it } from 'vitest';
import { gstOnCost, marginChange } from '#domains/purchasing/margin.ts';

const ROUND_TO_5C = {
  roundingRule: 'nearest',
  roundingAmount: 0.05,
  roundingDirection: 'nearest',
} as const;

describe('a delivery’s cost and the margin at the current list price', () => {
  it('works the margin before and after from LUC and GST on cost', () => {
    // $20.00 list, LUC $9.00 + GST $0.90: 50.5 %. New LUC $10.00 + $1.00: 45 %.
    const change = marginChange(
      { listPrice: 20, luc: 9, gst: 0.9, tax_category: 'gst10' },
      10,
      5,
      ROUND_TO_5C,
    );
    expect(change.beforePercent).toBeCloseTo(50.5, 9);
    expect(change.afterPercent).toBeCloseTo(45, 9);
    expect(change.points).toBeCloseTo(-5.5, 9);
    expect(change.beyond).toBe(true);
    // $11.00 ÷ (1 − 0.505) = $22.222…, to the nearest 5 c: $22.20.
    expect(change.keepingPrice).toBe(22.2);
  });

  it('flags only a change beyond the shop’s points, either way', () => {
    const product = { listPrice: 20, luc: 9, gst: 0.9, tax_category: 'gst10' };
    // 5.5 points down is within 6.
    expect(marginChange(product, 10, 6, ROUND_TO_5C).beyond).toBe(false);
    // Cheaper: $8.00 + $0.80 → 56 %, 5.5 points up.
    expect(marginChange(product, 8, 5, ROUND_TO_5C)).toMatchObject({ beyond: true });
    expect(marginChange(product, 9, 0, ROUND_TO_5C)).toMatchObject({ points: 0, beyond: false });
  });

  it('rounds the price that keeps the margin by Product Defaults’ rule', () => {
    const product = { listPrice: 20, luc: 9, gst: 0.9, tax_category: 'gst10' };
    expect(
      marginChange(product, 10, 5, { ...ROUND_TO_5C, roundingRule: 'charm' }).keepingPrice,
    ).toBe(22.99);
    expect(
      marginChange(product, 10, 5, { ...ROUND_TO_5C, roundingDirection: 'up', roundingAmount: 1 })
        .keepingPrice,
    ).toBe(23);
  });

  it('has no margin without a list price, and nothing to keep', () => {
    const change = marginChange({ listPrice: 0, luc: 9, gst: 0.9 }, 10, 5, ROUND_TO_5C);
    expect(change).toEqual({
      beforePercent: null,
      afterPercent: null,
      points: null,
      beyond: false,
      keepingPrice: null,
    });
  });

  it('takes GST on cost from the tax category, or in proportion for a product without one', () => {
    expect(gstOnCost({ listPrice: 20, luc: 9, gst: 0.9, tax_category: 'gstFree' }, 12)).toBe(0);
    expect(gstOnCost({ listPrice: 20, luc: 9, gst: 0.9, tax_category: 'wet' }, 12)).toBe(1.2);
    expect(gstOnCost({ listPrice: 20, luc: 10, gst: 0 }, 12)).toBe(0);
    expect(gstOnCost({ listPrice: 20, luc: 10, gst: 1 }, 12)).toBe(1.2);
  });
});
