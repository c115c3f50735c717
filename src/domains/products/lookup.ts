import { isValidBarcode, isValidGtin, looksLikeBarcode } from './barcode.ts';
import type { InventoryItem } from './product.ts';

/**
 * A barcode as its 14-digit GTIN, so that a UPC-A code, the same code read as EAN-13 (a leading
 * 0) and as a carton's GTIN-14 of indicator 0 are one code; anything else as it was typed, in
 * lower case.
 */
export function codeKey(code: string): string {
  return isValidGtin(code) ? code.padStart(14, '0') : code.toLowerCase();
}

const skuKey = (sku: string) => `sku:${sku.toLowerCase()}`;

/** Products by their barcode (as its GTIN) and SKU: a scan then finds its product at once. */
export type CodeIndex = ReadonlyMap<string, readonly InventoryItem[]>;

export function codeIndex(items: readonly InventoryItem[]): CodeIndex {
  const index = new Map<string, InventoryItem[]>();
  const put = (key: string, item: InventoryItem) => {
    const held = index.get(key);
    if (held) held.push(item);
    else index.set(key, [item]);
  };
  for (const item of items) {
    if (item.barcode) put(codeKey(item.barcode), item);
    if (item.sku) put(skuKey(item.sku), item);
  }
  return index;
}

/**
 * Finding a product from what a scanner or a person typed: a code is a barcode or a SKU, matched
 * whole; anything else searches names, producers and SKUs. One barcode may belong to several
 * products (vintages of one wine): all of them are answered, for the user to choose.
 */
export function productsWithCode(
  items: readonly InventoryItem[],
  code: string,
  index?: CodeIndex,
): InventoryItem[] {
  const typed = code.trim();
  if (!typed) return [];
  const wanted = codeKey(typed);
  if (index) {
    const found = [...(index.get(wanted) ?? []), ...(index.get(skuKey(typed)) ?? [])];
    return [...new Set(found)];
  }
  return items.filter(
    (item) =>
      (item.barcode !== undefined && item.barcode !== '' && codeKey(item.barcode) === wanted) ||
      (item.sku !== undefined && item.sku.toLowerCase() === typed.toLowerCase()),
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

/** What a scan or a typed lookup found. */
export type ScanResult =
  /** Products with that barcode or SKU: one, or several for the user to choose from. */
  | { kind: 'code'; items: InventoryItem[] }
  /** A valid barcode that no product has yet: to add, or to attach to a product. */
  | { kind: 'new-barcode'; code: string }
  /** Digits of a barcode's length whose check digit does not hold: a misread or a typo. */
  | { kind: 'bad-barcode'; code: string }
  /** Anything else: the products whose name, producer or SKU match (maybe none). */
  | { kind: 'search'; items: InventoryItem[] };

export function lookUpScan(
  items: readonly InventoryItem[],
  text: string,
  limit: number,
  index?: CodeIndex,
): ScanResult {
  const typed = text.trim();
  const byCode = productsWithCode(items, typed, index);
  if (byCode.length > 0) return { kind: 'code', items: byCode };
  if (isValidBarcode(typed)) return { kind: 'new-barcode', code: typed };
  if (looksLikeBarcode(typed)) return { kind: 'bad-barcode', code: typed };
  return { kind: 'search', items: searchProducts(items, typed, limit) };
}
