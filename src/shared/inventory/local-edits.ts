import { marginPercent, round2 } from './pricing.ts';
import { type CustomValue, type InventoryItem, parseNumber } from './product.ts';

/**
 * Inline edit, duplicate and delete of spec section 4. They change the screen's copy of the
 * catalogue only; nothing is sent to the server.
 */

/** The fields the inline editor offers, besides the custom fields. */
export const EDITABLE_FIELDS = [
  'product',
  'producer',
  'country',
  'region',
  'appellation',
  'luc',
  'listPrice',
] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];

export const NUMERIC_EDIT_FIELDS: ReadonlySet<string> = new Set(['luc', 'listPrice']);

/** What the editor's inputs hold: text for every field, by column key. */
export type RowDraft = Record<string, string>;

export function draftFor(item: InventoryItem, customKeys: readonly string[]): RowDraft {
  const draft: RowDraft = {};
  for (const field of EDITABLE_FIELDS) draft[field] = String(item[field]);
  for (const key of customKeys) {
    const value = item.custom[key];
    draft[key] =
      value === null || value === undefined
        ? ''
        : Array.isArray(value)
          ? value.join(', ')
          : String(value);
  }
  return draft;
}

/**
 * Merges a draft into its row: luc and listPrice are parsed as decimals (invalid input becomes
 * 0), other fields are free text, and the margin is computed again from the new prices.
 */
export function applyDraft(item: InventoryItem, draft: RowDraft): InventoryItem {
  const next: InventoryItem = { ...item, custom: { ...item.custom } };
  for (const [key, raw] of Object.entries(draft)) {
    if (NUMERIC_EDIT_FIELDS.has(key)) {
      next[key as 'luc' | 'listPrice'] = parseNumber(raw);
    } else if ((EDITABLE_FIELDS as readonly string[]).includes(key)) {
      next[key as Exclude<EditableField, 'luc' | 'listPrice'>] = raw;
    } else {
      next.custom[key] = raw as CustomValue;
    }
  }
  const margin = marginPercent(next.listPrice, next.luc, next.gst);
  next.margin = margin === null ? 0 : round2(margin);
  return next;
}

export function replaceItem(
  items: readonly InventoryItem[],
  updated: InventoryItem,
): InventoryItem[] {
  return items.map((item) => (item.id === updated.id ? updated : item));
}

/** Inserts '{product} (Copy)' right after the original, then numbers every id from 1. */
export function duplicateItem(items: readonly InventoryItem[], id: number): InventoryItem[] {
  const next: InventoryItem[] = [];
  for (const item of items) {
    next.push(item);
    if (item.id === id)
      next.push({ ...item, product: `${item.product} (Copy)`, custom: { ...item.custom } });
  }
  return next.map((item, index) => ({ ...item, id: index + 1 }));
}

export function deleteItem(items: readonly InventoryItem[], id: number): InventoryItem[] {
  return items.filter((item) => item.id !== id);
}
