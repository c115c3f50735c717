import { describe, expect, it } from 'vitest';
import { closingMovements, reviewCount } from '#domains/stocktakes/stocktake.ts';

describe('a count reviewed and closed', () => {
  // Products 1–4 expected at 10, 5, 0 and 7 when the count started.
  const expected = [
    [1, 10],
    [2, 5],
    [3, 0],
    [4, 7],
  ] as const;
  // Two counters on product 1 (two shelves) add up; 2 is counted as expected; 3 was found.
  const lines = [
    { product_id: 1, quantity: 6 },
    { product_id: 1, quantity: 3 },
    { product_id: 2, quantity: 5 },
    { product_id: 3, quantity: 2 },
  ];

  it('adds the lines of every counter and compares them with the snapshot', () => {
    expect(reviewCount(expected, lines)).toEqual([
      { productId: 1, expected: 10, counted: 9, variance: -1 },
      { productId: 2, expected: 5, counted: 5, variance: 0 },
      { productId: 3, expected: 0, counted: 2, variance: 2 },
      { productId: 4, expected: 7, counted: null, variance: 0 },
    ]);
  });

  it('a partial count moves only what was counted and differs', () => {
    const rows = reviewCount(expected, lines);
    expect(closingMovements(rows, 'partial', 'zero')).toEqual([
      { productId: 1, delta: -1 },
      { productId: 3, delta: 2 },
    ]);
  });

  it('a full count moves the uncounted to 0 when asked, or leaves them', () => {
    const rows = reviewCount(expected, lines);
    expect(closingMovements(rows, 'full', 'zero')).toContainEqual({ productId: 4, delta: -7 });
    expect(closingMovements(rows, 'full', 'leave').map((move) => move.productId)).toEqual([1, 3]);
  });

  it('keeps what moved during the count: the stock after is the count plus those movements', () => {
    // Product 1: 2 sold after the count started, so 8 in stock when it closes.
    const stockWhenClosing = 10 - 2;
    const [move] = closingMovements(reviewCount(expected, lines), 'partial', 'leave');
    expect(stockWhenClosing + (move?.delta ?? 0)).toBe(9 - 2);
  });
});
