import { LOW_STOCK_THRESHOLD } from './constants.ts';
import type { InventoryItem } from './product.ts';

/** Product status of spec section 4: it follows the stock, and nothing else changes it. */
export const PRODUCT_STATUSES = ['In Stock', 'Low Stock', 'Out of Stock'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/**
 * The status of `onHand` units of which customer orders reserve `reserved`: out of stock when
 * none is on hand; low when what is left to sell (available) is at or below the threshold,
 * so bottles set aside for Saturday's pickup do not hide that the shelf needs more.
 */
export function stockStatus(
  onHand: number,
  lowStockThreshold = LOW_STOCK_THRESHOLD,
  reserved = 0,
): ProductStatus {
  if (onHand <= 0) return 'Out of Stock';
  if (onHand - reserved <= lowStockThreshold) return 'Low Stock';
  return 'In Stock';
}

/** Units reserved by product id (customer orders still open or ready). */
export type ReservedStock = ReadonlyMap<number, number>;
const NONE_RESERVED: ReservedStock = new Map();

/** Each threshold's restated rows, by the row they restate: a row keeps its copy while it lasts. */
const restated = new Map<number, WeakMap<InventoryItem, InventoryItem>>();

/**
 * The rows with what orders reserve of each and their status at the user's low-stock threshold
 * (the server states it at the default one, on hand alone). The list and the rows that already
 * agree are returned as they are, and a restated row is the same object while its status and
 * reservation hold, so the table's caches of unchanged rows hold.
 */
export function withStatusAt(
  items: readonly InventoryItem[],
  lowStockThreshold: number,
  reservedStock: ReservedStock = NONE_RESERVED,
): readonly InventoryItem[] {
  let copies = restated.get(lowStockThreshold);
  if (!copies) {
    copies = new WeakMap();
    restated.set(lowStockThreshold, copies);
  }
  let changed = false;
  const next = items.map((item) => {
    const reserved = reservedStock.get(item.id);
    const status = stockStatus(item.stock_quantity ?? 0, lowStockThreshold, reserved);
    if (status === item.status && reserved === item.reserved_quantity) return item;
    changed = true;
    let copy = copies.get(item);
    if (!copy || copy.status !== status || copy.reserved_quantity !== reserved) {
      copy = { ...item, status };
      if (reserved === undefined) delete copy.reserved_quantity;
      else copy.reserved_quantity = reserved;
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
