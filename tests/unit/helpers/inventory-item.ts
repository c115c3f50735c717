import type { InventoryItem } from '#domains/products/product.ts';

/** A catalogue row with plain values, for tests that only care about a few of them. */
export function inventoryItem(id: number, overrides: Partial<InventoryItem> = {}): InventoryItem {
  return {
    id,
    product: `Wine ${id}`,
    producer: 'P',
    country: 'C',
    region: 'R',
    appellation: 'A',
    luc: 1,
    gst: 0.1,
    listPrice: 2,
    status: 'In Stock',
    margin: 45,
    custom: {},
    ...overrides,
  };
}
