import { describe, expect, it } from 'vitest';
import { splitCaseCost, spreadFreight, unitsOf, weightedLuc } from '#domains/purchasing/costs.ts';

describe('case arithmetic', () => {
  it('counts cases and loose units', () => {
    expect(unitsOf(2, 12)).toBe(24);
    expect(unitsOf(3, 6, 4)).toBe(22);
    expect(unitsOf(0, 12, 5)).toBe(5);
  });

  it('keeps the cents that do not divide on the last unit, so the units add up to the case', () => {
    expect(splitCaseCost(10_000, 12)).toEqual({ unitCents: 833, lastUnitCents: 837 });
    expect(833 * 11 + 837).toBe(10_000);
    expect(splitCaseCost(9_000, 6)).toEqual({ unitCents: 1_500, lastUnitCents: 1_500 });
    expect(splitCaseCost(1_999, 1)).toEqual({ unitCents: 1_999, lastUnitCents: 1_999 });
    for (const [cents, size] of [
      [1, 12],
      [12_345, 7],
      [99_999, 24],
    ] as const) {
      const { unitCents, lastUnitCents } = splitCaseCost(cents, size);
      expect(unitCents * (size - 1) + lastUnitCents).toBe(cents);
      expect(lastUnitCents - unitCents).toBeLessThan(size);
    }
  });
});

describe('freight spread by value', () => {
  it('shares the freight in proportion to each line’s cost, adding up to the cent', () => {
    // $20.00 over lines worth $100, $50 and $50.
    expect(
      spreadFreight(2_000, [
        { costCents: 10_000, units: 12 },
        { costCents: 5_000, units: 6 },
        { costCents: 5_000, units: 1 },
      ]),
    ).toEqual([1_000, 500, 500]);
    // $10.00 over three equal lines: 333, 333, 334 in some order, never 999 or 1001.
    const thirds = spreadFreight(1_000, [
      { costCents: 3_000, units: 1 },
      { costCents: 3_000, units: 1 },
      { costCents: 3_000, units: 1 },
    ]);
    expect(thirds.reduce((sum, share) => sum + share, 0)).toBe(1_000);
    expect([...thirds].sort()).toEqual([333, 333, 334]);
  });

  it('shares by units when no line has a value, and gives nothing to share nothing', () => {
    expect(
      spreadFreight(900, [
        { costCents: 0, units: 2 },
        { costCents: 0, units: 1 },
      ]),
    ).toEqual([600, 300]);
    expect(spreadFreight(0, [{ costCents: 500, units: 1 }])).toEqual([0]);
  });
});

describe('weighted-average landed unit cost', () => {
  it('averages the stock on hand at its LUC with the units received at their cost', () => {
    // 10 on hand at $9.00, 20 received for $240.00 ($12.00 each): (90 + 240) / 30 = $11.00.
    expect(weightedLuc(10, 900, 20, 24_000)).toBe(1_100);
    // Rounded half up to the cent: (1 × 1000 + 2 × 1001) / 3 = 1000.67.
    expect(weightedLuc(1, 1_000, 2, 2_002)).toBe(1_001);
  });

  it('counts stock below zero as none, and leaves the LUC as it was when nothing arrives', () => {
    expect(weightedLuc(-4, 900, 12, 14_400)).toBe(1_200);
    expect(weightedLuc(0, 900, 12, 14_400)).toBe(1_200);
    expect(weightedLuc(30, 900, 0, 0)).toBe(900);
  });
});
