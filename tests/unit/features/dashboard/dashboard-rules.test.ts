import { describe, expect, it } from 'vitest';
import { selectLowStock } from '#domains/dashboard/snapshot.ts';
import { tooltipLines } from '#features/dashboard/chart-format.ts';
import { stockLevel } from '#features/dashboard/stock-level.ts';
import { formatAxisDollars, formatAxisThousands, formatChange } from '#ui/chart-format.ts';

describe('stock-level dot', () => {
  it.each([
    [0, 'critical', 'Critical stock level'],
    [5, 'critical', 'Critical stock level'],
    [6, 'low', 'Low stock level'],
    [15, 'low', 'Low stock level'],
    [16, 'medium', 'Medium stock level'],
    [25, 'medium', 'Medium stock level'],
  ])('%i in stock → %s, %s', (stock, tone, label) => {
    expect(stockLevel(stock)).toEqual({ tone, label });
  });

  it('shows no dot above 25', () => {
    expect(stockLevel(26)).toBeNull();
    expect(stockLevel(500)).toBeNull();
  });
});

describe('Sales Performance formatting', () => {
  it('writes the axis in $k', () => {
    expect(formatAxisThousands(0)).toBe('$0');
    expect(formatAxisThousands(2000)).toBe('$2k');
    expect(formatAxisThousands(2500)).toBe('$2.5k');
    expect(formatAxisThousands(7140)).toBe('$7.1k');
  });

  it('writes a report’s axis at the scale of its ticks', () => {
    expect([0, 10, 20, 40.5].map(formatAxisDollars)).toEqual(['$0', '$10', '$20', '$40.5']);
    expect([1_000, 2_500, -7_140].map(formatAxisDollars)).toEqual(['$1k', '$2.5k', '-$7.1k']);
    expect([1_000_000, 12_340_000].map(formatAxisDollars)).toEqual(['$1M', '$12.3M']);
  });

  it("titles the tooltip 'Revenue on {day}' with a $ amount", () => {
    expect(tooltipLines('Fri', 6280)).toEqual({ title: 'Revenue on Fri', amount: '$6,280' });
    expect(tooltipLines('Mon', 312.6)).toEqual({ title: 'Revenue on Mon', amount: '$313' });
  });

  it('signs the change vs yesterday', () => {
    expect(formatChange(12.4)).toBe('+12.4%');
    expect(formatChange(-3.2)).toBe('-3.2%');
    expect(formatChange(0)).toBe('0.0%');
  });
});

describe('low-stock selection', () => {
  const item = (id: number, name: string, stock: number) => ({ id, name, stock });

  it('counts every product at or below 25 and lists the 5 lowest, ties by name', () => {
    const selected = selectLowStock([
      item(1, 'Plenty', 26),
      item(2, 'Medium', 25),
      item(3, 'Zinfandel', 3),
      item(4, 'Albariño', 3),
      item(5, 'Gone', 0),
      item(6, 'Low', 15),
      item(7, 'Lower', 9),
      item(8, 'Edge', 25),
    ]);
    expect(selected.count).toBe(7);
    expect(selected.items.map((entry) => entry.name)).toEqual([
      'Gone',
      'Albariño',
      'Zinfandel',
      'Lower',
      'Low',
    ]);
  });

  it('answers an empty list when nothing runs low', () => {
    expect(selectLowStock([item(1, 'Plenty', 40)])).toEqual({ count: 0, items: [] });
  });
});
