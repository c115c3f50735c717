import type { InventoryItem } from './product.ts';

/**
 * Finding a product from what a scanner or a person typed: a code is a barcode or a SKU, matched
 * whole; anything else searches names, producers and SKUs. One barcode may belong to several
 * products (vintages of one wine): all of them are answered, for the user to choose.
 */
export function productsWithCode(items: readonly InventoryItem[], code: string): InventoryItem[] {
  const wanted = code.trim().toLowerCase();
  if (!wanted) return [];
  return items.filter(
    (item) =>
      item.barcode === wanted || (item.sku !== undefined && item.sku.toLowerCase() === wanted),
  );
}

/** Products whose name, producer or SKU holds every word typed; at most `limit`. */
export function searchProducts(
  items: readonly InventoryItem[],
  text: string,
  limit: number,
): InventoryItem[] {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const found: InventoryItem[] = [];
  for (const item of items) {
    const haystack = `${item.product} ${item.producer} ${item.sku ?? ''}`.toLowerCase();
    if (words.every((word) => haystack.includes(word))) found.push(item);
    if (found.length === limit) break;
  }
  return found;
}
