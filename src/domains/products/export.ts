import { PRODUCT_FIELD_TABLE } from './fields.ts';
import { productFieldsOf } from './item-changes.ts';
import type { InventoryItem } from './product.ts';

/**
 * A product as a CSV file a spreadsheet opens: one row of headers (the field table's labels, then
 * stock and the custom fields by name), one row of values. Written for people, so a cell that a
 * spreadsheet would run as a formula is escaped.
 */

/**
 * A cell starting with = + - (or −) @, a tab or a carriage return is run as a formula by
 * spreadsheets (CSV injection): a leading apostrophe makes it text, as a spreadsheet itself marks
 * text. An import takes that apostrophe off again (unescapedCell), so a file goes out and comes
 * back unchanged.
 */
const FORMULA_START = /^[=+\-\u2212@\t\r]/;

export const formulaSafe = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

export const unescapedCell = (text: string) =>
  text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;

/** A value as a CSV cell: made formula-safe, then quoted where CSV needs it. */
export function csvCell(value: unknown): string {
  const text = formulaSafe(
    value === null || value === undefined
      ? ''
      : Array.isArray(value)
        ? value.join(', ')
        : String(value),
  );
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: readonly unknown[]) => cells.map(csvCell).join(',');

/** The product's fields, stock and custom values, with labels (custom fields by their names). */
export function productRecord(
  item: InventoryItem,
  customNames: ReadonlyMap<string, string> = new Map(),
): [string, unknown][] {
  const fields = productFieldsOf(item);
  const record: [string, unknown][] = PRODUCT_FIELD_TABLE.map((spec) => [
    spec.label,
    fields[spec.key] ?? '',
  ]);
  record.push(['Stock', item.stock_quantity ?? 0]);
  for (const [key, value] of Object.entries(item.custom)) {
    record.push([customNames.get(key) ?? key, value]);
  }
  return record;
}

export function productCsv(item: InventoryItem, customNames?: ReadonlyMap<string, string>): string {
  const record = productRecord(item, customNames);
  return `${csvLine(record.map(([label]) => label))}\r\n${csvLine(record.map(([, value]) => value))}\r\n`;
}

/** A file name from the product's SKU or name: letters, digits and dashes. */
export function productFileName(item: InventoryItem): string {
  const base = (item.sku?.trim() || item.product)
    .normalize('NFKD')
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || `product-${item.id}`}.csv`;
}
