import { describe, expect, it } from 'vitest';
import {
  cellText,
  formatCurrency,
  formatSku,
  marginTone,
  truncateDescription,
} from '#domains/products/format.ts';
import { marginPercent, markup, totalCost } from '#domains/products/pricing.ts';
import { SAMPLE_INVENTORY } from '#domains/products/sample-data.ts';
import { statusBadge, stockStatus } from '#domains/products/status.ts';
import { formatAverageMargin, summarize } from '#domains/products/summary.ts';
import { inventoryItem } from '../../helpers/inventory-item.ts';

describe('pricing', () => {
  it('computes margin, markup and total cost by the spec formulas', () => {
    expect(marginPercent(200, 100, 10)).toBeCloseTo(45);
    expect(markup(200, 100, 10)).toBe(90);
    expect(totalCost(100, 10)).toBe(110);
    expect(marginPercent(100, 100, 10)).toBeCloseTo(-10);
  });

  it('computes a margin only when list price, LUC and GST are all present', () => {
    expect(marginPercent(undefined, 10, 1)).toBeNull();
    expect(marginPercent(20, null, 1)).toBeNull();
    expect(marginPercent(20, 10, Number.NaN)).toBeNull();
    expect(marginPercent(0, 10, 1)).toBeNull();
    expect(marginPercent(20, 10, 0)).toBeCloseTo(50);
  });
});

describe('status', () => {
  it.each([
    [0, 'Out of Stock'],
    [-2, 'Out of Stock'],
    [1, 'Low Stock'],
    [10, 'Low Stock'],
    [11, 'In Stock'],
  ])('stock %i → %s', (stock, status) => {
    expect(stockStatus(stock)).toBe(status);
  });

  it('colours the three statuses and shows anything else as Unknown in grey', () => {
    expect(statusBadge('In Stock')).toEqual({ label: 'In Stock', tone: 'green' });
    expect(statusBadge('Low Stock')).toEqual({ label: 'Low Stock', tone: 'yellow' });
    expect(statusBadge('Out of Stock')).toEqual({ label: 'Out of Stock', tone: 'red' });
    expect(statusBadge('Discontinued')).toEqual({ label: 'Unknown', tone: 'grey' });
    expect(statusBadge(undefined)).toEqual({ label: 'Unknown', tone: 'grey' });
  });
});

describe('display rules', () => {
  it('shows currency as $ with 2 decimals', () => {
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
    expect(formatCurrency(0)).toBe('$0.00');
    expect(formatCurrency(-3.456)).toBe('-$3.46');
    expect(cellText('luc', 12)).toBe('$12.00');
    expect(cellText('listPrice', '45.9')).toBe('$45.90');
  });

  it('pads the id to 6 digits for the SKU line', () => {
    expect(formatSku(42)).toBe('000042');
    expect(formatSku(1234567)).toBe('1234567');
  });

  it('cuts descriptions to 30 characters followed by ...', () => {
    const long = 'Dark fruit, cedar and graphite over fine, firm tannins.';
    expect(truncateDescription(long)).toBe('Dark fruit, cedar and graphite...');
    expect(truncateDescription('Short note')).toBe('Short note');
    expect(truncateDescription('x'.repeat(30))).toBe('x'.repeat(30));
    expect(cellText('description', long)).toBe('Dark fruit, cedar and graphite...');
  });

  it.each(['sku', 'cost_price', 'retail_price', 'category', 'supplier', 'description'])(
    'shows N/A for a missing %s',
    (key) => {
      expect(cellText(key, undefined)).toBe('N/A');
      expect(cellText(key, '')).toBe('N/A');
    },
  );

  it('shows 0 for a missing stock quantity', () => {
    expect(cellText('stock_quantity', undefined)).toBe('0');
    expect(cellText('stock_quantity', 12)).toBe('12');
  });

  it('colours margins green above 0 and red otherwise', () => {
    expect(marginTone(0.01)).toBe('green');
    expect(marginTone(0)).toBe('red');
    expect(marginTone(-5)).toBe('red');
    expect(cellText('margin', 31.6789)).toBe('31.68%');
  });
});

describe('summary cards', () => {
  it('counts, sums list prices and averages margins to 1 decimal', () => {
    const summary = summarize(SAMPLE_INVENTORY);
    expect(summary.totalProducts).toBe(SAMPLE_INVENTORY.length);
    expect(summary.totalInventoryValue).toBeCloseTo(
      SAMPLE_INVENTORY.reduce((sum, item) => sum + item.listPrice, 0),
    );
    expect(summary.inStock + summary.lowStock + summary.outOfStock).toBe(SAMPLE_INVENTORY.length);
    expect(formatAverageMargin(summary.averageMargin)).toMatch(/^\d+\.\d%$/);
    expect(formatAverageMargin(12.345)).toBe('12.3%');
    expect(summarize([]).averageMargin).toBeNull();
  });

  it('adds money up in cents, and values the stock at cost beside the list prices', () => {
    // Three items of $0.10: a sum of floats gives 0.30000000000000004.
    const tenCents = inventoryItem(1, { listPrice: 0.1, luc: 0.07, stock_quantity: 3 });
    const summary = summarize([tenCents, { ...tenCents, id: 2 }, { ...tenCents, id: 3 }]);
    expect(summary.totalInventoryValue).toBe(0.3);
    expect(summary.stockValueAtCost).toBe(0.63);
    const none = summarize([inventoryItem(4, { luc: 12.5 })]);
    expect(none.stockValueAtCost).toBe(0);
  });
});

describe('built-in sample data', () => {
  it('has GST at 10 % of LUC on every line but one', () => {
    const exceptions = SAMPLE_INVENTORY.filter(
      (item) => Math.abs(item.gst - item.luc * 0.1) > 0.005,
    );
    expect(exceptions).toHaveLength(1);
    expect(SAMPLE_INVENTORY.length).toBeGreaterThan(5);
  });
});
