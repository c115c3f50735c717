import { isValidGtin, looksLikeBarcode } from '../products/barcode.ts';
import {
  type CodeIndex,
  codeIndex,
  codeKey,
  productsWithCode,
  searchProducts,
} from '../products/lookup.ts';
import type { InventoryItem } from '../products/product.ts';

/**
 * What a scan brings in on receiving: a bottle's barcode (or SKU) adds one unit of its product; a
 * case's barcode (a bottle's kind of code, or the carton's GTIN-14) adds the product's case size.
 * A code several products carry (vintages of one wine under one barcode) is answered with all of
 * them, for the person to choose.
 */
export interface ReceivingMatch {
  item: InventoryItem;
  /** Units one scan adds: 1 for a bottle, the case size for a case. */
  units: number;
  asCase: boolean;
}

export type ReceivingScan =
  | { kind: 'code'; matches: ReceivingMatch[] }
  | { kind: 'search'; matches: ReceivingMatch[] }
  | { kind: 'unknown-code' }
  | { kind: 'bad-barcode' };

export interface ReceivingIndex {
  bottles: CodeIndex;
  cases: ReadonlyMap<string, readonly InventoryItem[]>;
}

/** A product's case size as a whole number of units; 1 when it has none. */
export function caseSizeOf(item: Pick<InventoryItem, 'case_size'>): number {
  const size = Number(item.case_size);
  return Number.isInteger(size) && size >= 1 ? size : 1;
}

export function receivingIndex(items: readonly InventoryItem[]): ReceivingIndex {
  const cases = new Map<string, InventoryItem[]>();
  for (const item of items) {
    if (!item.case_barcode) continue;
    const key = codeKey(item.case_barcode);
    const held = cases.get(key);
    if (held) held.push(item);
    else cases.set(key, [item]);
  }
  return { bottles: codeIndex(items), cases };
}

export function lookUpReceiving(
  items: readonly InventoryItem[],
  text: string,
  limit: number,
  index: ReceivingIndex,
): ReceivingScan {
  const typed = text.trim();
  const matches: ReceivingMatch[] = [
    ...productsWithCode(items, typed, index.bottles).map((item) => ({
      item,
      units: 1,
      asCase: false,
    })),
    ...(index.cases.get(codeKey(typed)) ?? []).map((item) => ({
      item,
      units: caseSizeOf(item),
      asCase: true,
    })),
  ];
  if (matches.length > 0) return { kind: 'code', matches };
  if (isValidGtin(typed)) return { kind: 'unknown-code' };
  if (looksLikeBarcode(typed, true)) return { kind: 'bad-barcode' };
  return {
    kind: 'search',
    matches: searchProducts(items, typed, limit).map((item) => ({ item, units: 1, asCase: false })),
  };
}
