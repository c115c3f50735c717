import { describe, expect, it } from 'vitest';
import { inWholeCases, needsReorder, reorderFigures } from '#domains/purchasing/reorder.ts';

const AUTO = { autoReorderEnabled: true, autoReorderDays: 30, safetyStockMultiplier: 2 };
const MANUAL = { ...AUTO, autoReorderEnabled: false };

describe('reorder rounding', () => {
  it('rounds up to whole cases, or whole units without a case size', () => {
    expect(inWholeCases(13, 12)).toBe(24);
    expect(inWholeCases(12, 12)).toBe(12);
    expect(inWholeCases(0.2, 6)).toBe(6);
    expect(inWholeCases(7.3, null)).toBe(8);
    expect(inWholeCases(0, 12)).toBe(0);
  });
});

describe('reorder figures', () => {
  it('works out point and quantity from 8 weeks of sales, and says how', () => {
    // 52 units net in 8 weeks: 6.5 a week. Point: 6.5 / 7 × 14 × 2 = 26; quantity: 6.5 / 7 × 30
    // = 27.9, two cases of 12 make 24 (too few), so three.
    const figures = reorderFigures(
      { reorderPoint: null, reorderQuantity: null, netUnitsSold: 52, leadDays: 14, caseSize: 12 },
      AUTO,
    );
    expect(figures).toMatchObject({ point: 26, quantity: 36, weeklyRate: 6.5, automatic: true });
    expect(figures.explanation).toBe("Sells 6.5 a week; 14 days' lead; 3 cases of 12");
  });

  it('keeps the product’s own figures, and has none when the shop does not reorder by itself', () => {
    const own = reorderFigures(
      { reorderPoint: 12, reorderQuantity: 48, netUnitsSold: 52, leadDays: 14, caseSize: 12 },
      AUTO,
    );
    expect(own).toMatchObject({ point: 12, quantity: 48, automatic: false });
    const none = reorderFigures(
      { reorderPoint: null, reorderQuantity: null, netUnitsSold: 52, leadDays: null, caseSize: 6 },
      MANUAL,
    );
    expect(none).toMatchObject({ point: null, quantity: null, leadDays: 7 });
    expect(none.explanation).toBe("Sells 6.5 a week; 7 days' lead");
  });

  it('suggests nothing for a product that does not sell, even when returns outnumber sales', () => {
    const figures = reorderFigures(
      { reorderPoint: null, reorderQuantity: null, netUnitsSold: -3, leadDays: 1, caseSize: null },
      AUTO,
    );
    expect(figures).toMatchObject({ point: null, quantity: null, weeklyRate: 0 });
    expect(figures.explanation).toBe("Sells 0 a week; 1 day's lead");
  });

  it('needs ordering at or under the point, on available stock', () => {
    expect(needsReorder(12, 12)).toBe(true);
    expect(needsReorder(-1, 0)).toBe(true);
    expect(needsReorder(13, 12)).toBe(false);
    expect(needsReorder(0, null)).toBe(false);
  });
});
