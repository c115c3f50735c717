import { LOW_STOCK_THRESHOLD } from './constants.ts';

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
