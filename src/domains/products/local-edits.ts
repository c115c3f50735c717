import { marginPercent, round2 } from './pricing.ts';
import {
  type CustomValue,
  type InventoryItem,
  parseNumber,
  SCREEN_TO_SERVER_KEYS,
  SERVER_TO_SCREEN_KEYS,
} from './product.ts';

/**
 * Inline edit, duplicate and delete of spec section 4. For the stored catalogue they are saved
 * through the outbox (data/repositories/products.ts) from the draft's changed fields; the sample
 * products shown while the catalogue is empty change on the screen only, with the functions here.
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

/**
 * The fields the draft changed, by the server's keys, as typed: the shared product rules check
 * and normalise them before they are saved.
 */
export function changesFromDraft(
  item: InventoryItem,
  draft: RowDraft,
  customKeys: readonly string[],
): Record<string, string> {
  const before = draftFor(item, customKeys);
  const changes: Record<string, string> = {};
  for (const [key, value] of Object.entries(draft)) {
    // An emptied number is a change (to be refused as required), not a 0.
    const unchanged = NUMERIC_EDIT_FIELDS.has(key)
      ? value.trim() !== '' && parseNumber(value) === parseNumber(before[key])
      : value === before[key];
    if (!unchanged) changes[SCREEN_TO_SERVER_KEYS[key] ?? key] = value;
  }
  return changes;
}

/** Problems by server key, by the draft's (screen) keys. */
export function errorsByDraftKey(errors: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([key, message]) => [SERVER_TO_SCREEN_KEYS[key] ?? key, message]),
  );
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
