import { centsOf } from '../sales/money.ts';
import type { InventoryItem } from './product.ts';

/** The six summary cards of the inventory screen, over all products. */
export interface InventorySummary {
  totalProducts: number;
  /** The sum of listPrice over all products (spec section 9). */
  totalInventoryValue: number;
  /** The stock's value at cost: stock × LUC over all products, what stocktakes and reports use. */
  stockValueAtCost: number;
  inStock: number;
  lowStock: number;
  outOfStock: number;
  /** Mean of the margins, null when there are no products. */
  averageMargin: number | null;
}

export function summarize(items: readonly InventoryItem[]): InventorySummary {
  // Money is added up in cents, so that every figure agrees to the cent.
  let listCents = 0;
  let costCents = 0;
  let marginSum = 0;
  let inStock = 0;
  let lowStock = 0;
  let outOfStock = 0;
  for (const item of items) {
    listCents += centsOf(item.listPrice);
    costCents += (item.stock_quantity ?? 0) * centsOf(item.luc);
    marginSum += item.margin;
    if (item.status === 'In Stock') inStock += 1;
    else if (item.status === 'Low Stock') lowStock += 1;
    else if (item.status === 'Out of Stock') outOfStock += 1;
  }
  return {
    totalProducts: items.length,
    totalInventoryValue: listCents / 100,
    stockValueAtCost: costCents / 100,
    inStock,
    lowStock,
    outOfStock,
    averageMargin: items.length ? marginSum / items.length : null,
  };
}

/** Average margin is shown to 1 decimal. */
export function formatAverageMargin(value: number | null): string {
  return value === null ? '—' : `${value.toFixed(1)}%`;
}
