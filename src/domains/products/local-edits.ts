import { fieldOfColumn, productField } from './fields.ts';
import { marginPercent, round2 } from './pricing.ts';
import {
  type CustomValue,
  columnValue,
  type InventoryItem,
  parseNumber,
  setFieldValue,
} from './product.ts';

/**
 * Inline edit, duplicate and delete of spec section 4. For the stored catalogue they are saved
 * through the outbox (data/repositories/products.ts) from the draft's changed fields; the sample
 * products shown while the catalogue is empty change on the screen only, with the functions here.
 */

/** The spec's inline editor fields (section 4), offered whatever the table shows. */
export const ALWAYS_EDITABLE: readonly string[] = [
  'product',
  'producer',
  'country',
  'region',
  'appellation',
  'luc',
  'listPrice',
];

/**
 * The columns the row editor offers, besides the custom fields: the spec's, then every other
 * field the table shows, in its order (SKU, GST, barcode, category, supplier, description, cost
 * and retail price when they are shown).
 */
export function editableColumns(shown: readonly string[]): string[] {
  return [
    ...ALWAYS_EDITABLE,
    ...shown.filter((key) => fieldOfColumn(key) && !ALWAYS_EDITABLE.includes(key)),
  ];
}

/** A column whose editor takes a number (money, or a number such as the alcohol %). */
const takesNumber = (key: string) => {
  const kind = fieldOfColumn(key)?.kind;
  return kind === 'money' || kind === 'number';
};

/** What the editor's inputs hold: text for every field, by column key. */
export type RowDraft = Record<string, string>;

/** A value as an input holds it: a yes/no as 'yes' or 'no', the product form's words. */
const asText = (value: unknown) =>
  value === null || value === undefined
    ? ''
    : Array.isArray(value)
      ? value.join(', ')
      : typeof value === 'boolean'
        ? value
          ? 'yes'
          : 'no'
        : String(value);

export function draftFor(
  item: InventoryItem,
  columns: readonly string[],
  customKeys: readonly string[],
): RowDraft {
  const draft: RowDraft = {};
  for (const key of columns) draft[key] = asText(columnValue(item, key));
  for (const key of customKeys) draft[key] = asText(item.custom[key]);
  return draft;
}

/**
 * Merges a draft into its row: money is parsed as decimals (invalid input becomes 0), other
 * fields are free text, and the margin is computed again from the new prices.
 */
export function applyDraft(item: InventoryItem, draft: RowDraft): InventoryItem {
  const next: InventoryItem = { ...item, custom: { ...item.custom } };
  for (const [key, raw] of Object.entries(draft)) {
    const spec = fieldOfColumn(key);
    if (spec) setFieldValue(next, spec, spec.kind === 'money' ? parseNumber(raw) : raw);
    else next.custom[key] = raw as CustomValue;
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
  const columns = Object.keys(draft).filter((key) => fieldOfColumn(key));
  const before = draftFor(item, columns, customKeys);
  const changes: Record<string, string> = {};
  for (const [key, value] of Object.entries(draft)) {
    // An emptied number is a change (to be refused as required), not a 0.
    const was = before[key]?.trim() ?? '';
    const unchanged = takesNumber(key)
      ? value.trim() === was ||
        (value.trim() !== '' && was !== '' && parseNumber(value) === parseNumber(was))
      : value === before[key];
    if (!unchanged) changes[fieldOfColumn(key)?.key ?? key] = value;
  }
  return changes;
}

/** Problems by server key, by the draft's (column) keys. */
export function errorsByDraftKey(errors: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([key, message]) => [productField(key)?.column ?? key, message]),
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
