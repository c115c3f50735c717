import { LOW_STOCK_THRESHOLD } from './constants.ts';
import type { InventoryItem } from './product.ts';

/** Product status of spec section 4: it follows the stock, and nothing else changes it. */
export const PRODUCT_STATUSES = ['In Stock', 'Low Stock', 'Out of Stock'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export function stockStatus(
  quantity: number,
  lowStockThreshold = LOW_STOCK_THRESHOLD,
): ProductStatus {
  if (quantity <= 0) return 'Out of Stock';
  if (quantity <= lowStockThreshold) return 'Low Stock';
  return 'In Stock';
}

/** Each threshold's restatused rows, by the row they restate: a row keeps its copy while it lasts. */
const restated = new Map<number, WeakMap<InventoryItem, InventoryItem>>();

/**
 * The rows with their status at the user's low-stock threshold (the server states it at the
 * default one). The list and the rows that already agree are returned as they are, and a
 * restated row is the same object every time, so the table's caches of unchanged rows hold.
 */
export function withStatusAt(
  items: readonly InventoryItem[],
  lowStockThreshold: number,
): readonly InventoryItem[] {
  let copies = restated.get(lowStockThreshold);
  if (!copies) {
    copies = new WeakMap();
    restated.set(lowStockThreshold, copies);
  }
  let changed = false;
  const next = items.map((item) => {
    const status = stockStatus(item.stock_quantity ?? 0, lowStockThreshold);
    if (status === item.status) return item;
    changed = true;
    let copy = copies.get(item);
    if (!copy) {
      copy = { ...item, status };
      copies.set(item, copy);
    }
    return copy;
  });
  return changed ? next : items;
}

export type StatusTone = 'green' | 'yellow' | 'red' | 'grey';

/** The badge of a status value: its three known values in colour, anything else 'Unknown', grey. */
export function statusBadge(value: unknown): { label: string; tone: StatusTone } {
  switch (value) {
    case 'In Stock':
      return { label: 'In Stock', tone: 'green' };
    case 'Low Stock':
      return { label: 'Low Stock', tone: 'yellow' };
    case 'Out of Stock':
      return { label: 'Out of Stock', tone: 'red' };
    default:
      return { label: 'Unknown', tone: 'grey' };
  }
}
