import { describe, expect, it } from 'vitest';
import {
  abcClasses,
  daysOfCover,
  deadStock,
  type StockedProduct,
  stockOnDay,
  turnover,
  valuation,
} from '#domains/reports/inventory-report.ts';

const product = (id: number, fields: Partial<StockedProduct> = {}): StockedProduct => ({
  id,
  name: `Wine ${id}`,
  category: 'Red Wine',
  stock: 10,
  lucCents: 1_000,
  listCents: 2_500,
  lastSale: null,
  addedOn: '2026-01-01',
  ...fields,
});

describe('the Inventory Report’s rules', () => {
  it('classes products by the sales before them: the first 20 % A, to 80 % B, the rest C, none D', () => {
    const products = [1, 2, 3, 4, 5, 6].map((id) => product(id));
    const classes = abcClasses(products, [
      { productId: 1, units: 10, salesCents: 50_000, costCents: 0 },
      { productId: 2, units: 5, salesCents: 25_000, costCents: 0 },
      { productId: 3, units: 3, salesCents: 15_000, costCents: 0 },
      { productId: 4, units: 2, salesCents: 10_000, costCents: 0 },
      // Returned as much as it sold: no sale.
      { productId: 5, units: 0, salesCents: 0, costCents: 0 },
    ]);
    // Before each: 0 %, 50 %, 75 %, 90 %.
    expect([...classes]).toEqual([
      [1, 'A'],
      [2, 'B'],
      [3, 'B'],
      [4, 'C'],
      [5, 'D'],
      [6, 'D'],
    ]);
  });

  it('values what is held at LUC and list price by category, a negative count at nothing', () => {
    const { rows, total } = valuation([
      product(1, { stock: 12 }),
      product(2, { stock: -3 }),
      product(3, { category: 'Gin', stock: 2, lucCents: 3_000, listCents: 6_000 }),
    ]);
    expect(rows).toEqual([
      { key: 'Red Wine', products: 2, units: 12, lucCents: 12_000, listCents: 30_000 },
      { key: 'Gin', products: 1, units: 2, lucCents: 6_000, listCents: 12_000 },
    ]);
    expect(total).toEqual({
      key: 'Total',
      products: 3,
      units: 14,
      lucCents: 18_000,
      listCents: 42_000,
    });
  });

  it('takes the stock on a past day from now less the movements since, leaving out products added after', () => {
    const products = [
      product(1, { stock: 28, addedOn: '2026-10-01' }),
      product(2, { stock: 5, addedOn: '2026-11-20' }),
      // Sold below nothing since the day: it held more then.
      product(3, { stock: -2, addedOn: '2026-11-01' }),
      product(4, { stock: 7, addedOn: '2026-11-29' }),
    ];
    const moved = new Map([
      [1, 6],
      [3, -5],
    ]);
    const then = stockOnDay(products, moved, '2026-11-28');
    expect(then.map((each) => [each.id, each.stock])).toEqual([
      [1, 22],
      [2, 5],
      [3, 3],
    ]);
    expect(valuation(then).total).toMatchObject({ units: 30, lucCents: 30_000 });
    // The day a product was added, it counts.
    expect(stockOnDay(products, new Map(), '2026-11-29').map((each) => each.id)).toEqual([
      1, 2, 3, 4,
    ]);
  });

  it('works out turns a year and days of cover, or says there are none', () => {
    // $1,000 of cost sold in 30 days against $5,000 held: 2.43 turns a year.
    expect(turnover(100_000, 500_000, 30)?.toFixed(2)).toBe('2.43');
    expect(turnover(100_000, 0, 30)).toBeNull();
    expect(daysOfCover(30, 10, 5)).toBe(15);
    expect(daysOfCover(30, 0, 5)).toBeNull();
    expect(daysOfCover(-2, 4, 2)).toBe(0);
  });

  it('finds stock held with no sale within the days, never sold included, most value first', () => {
    const dead = deadStock(
      [
        product(1, { lastSale: '2026-11-20' }),
        product(2, { lastSale: '2026-08-01', stock: 2 }),
        product(3, { lastSale: null, stock: 6 }),
        product(4, { lastSale: null, stock: 0 }),
        // Never sold, but added this month: it has not had the days to sell.
        product(5, { lastSale: null, stock: 9, addedOn: '2026-11-25' }),
      ],
      '2026-11-30',
      90,
    );
    expect(dead.map((each) => each.id)).toEqual([3, 2]);
  });
});
