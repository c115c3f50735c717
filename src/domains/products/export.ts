import { fieldOfColumn, PRODUCT_FIELD_TABLE } from './fields.ts';
import { productFieldsOf } from './item-changes.ts';
import { columnValue, type InventoryItem } from './product.ts';

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

/** A column of an exported list: its heading, and each product's value in it. */
export interface ExportColumn {
  heading: string;
  value: (item: InventoryItem) => unknown;
  /** A spreadsheet keeps its values as numbers (money, stock, a number field). */
  numeric: boolean;
}

/** A custom field as an export names it. */
export interface ExportedField {
  field_key: string;
  field_name: string;
}

/**
 * Every field: the field table's lines under their labels (as the product form writes them:
 * money with two decimals), the stock, then each custom field under its name. An import maps
 * these headings back to the same fields, so a full export imported again changes nothing.
 */
export function everyFieldColumns(customFields: readonly ExportedField[]): ExportColumn[] {
  // The columns are read one product at a time: its fields are worked out once for them all.
  let last: InventoryItem | null = null;
  let fields: Record<string, unknown> = {};
  const fieldsOf = (item: InventoryItem) => {
    if (item !== last) {
      last = item;
      fields = productFieldsOf(item);
    }
    return fields;
  };
  return [
    ...PRODUCT_FIELD_TABLE.map((spec) => ({
      heading: spec.label,
      value: (item: InventoryItem) => fieldsOf(item)[spec.key] ?? '',
      numeric: spec.kind === 'money' || spec.kind === 'number',
    })),
    { heading: 'Stock', value: (item: InventoryItem) => item.stock_quantity ?? 0, numeric: true },
    ...customFields.map((field) => ({
      heading: field.field_name,
      value: (item: InventoryItem) => item.custom[field.field_key] ?? '',
      numeric: false,
    })),
  ];
}

/** Columns of the table that hold numbers: money, the number fields, stock and margin. */
const COUNT_COLUMNS: ReadonlySet<string> = new Set([
  'stock_quantity',
  'stockQuantity',
  'reservedQuantity',
  'availableQuantity',
  'margin',
]);
const isNumericColumn = (key: string) => {
  const kind = fieldOfColumn(key)?.kind;
  return kind === 'money' || kind === 'number' || COUNT_COLUMNS.has(key);
};

/** The columns a table shows, in its order and under its headings, with what it shows. */
export function shownColumns(columns: readonly { key: string; label: string }[]): ExportColumn[] {
  return columns.map((column) => ({
    heading: column.label,
    value: (item: InventoryItem) => columnValue(item, column.key) ?? '',
    numeric: isNumericColumn(column.key),
  }));
}

/** Products as rows of values under the columns' headings. */
export function exportRows(
  items: readonly InventoryItem[],
  columns: readonly ExportColumn[],
): { headings: string[]; rows: unknown[][] } {
  return {
    headings: columns.map((column) => column.heading),
    rows: items.map((item) => columns.map((column) => column.value(item))),
  };
}

/** A list as CSV: a line of headings, a line for each row (formula-safe, quoted where needed). */
export function listCsv(
  headings: readonly string[],
  rows: readonly (readonly unknown[])[],
): string {
  const lines = [csvLine(headings)];
  for (const row of rows) lines.push(csvLine(row));
  return `${lines.join('\r\n')}\r\n`;
}

/** The product's fields, stock and custom values (custom fields by their names). */
export function productRecord(
  item: InventoryItem,
  customNames: ReadonlyMap<string, string> = new Map(),
): [string, unknown][] {
  const custom = Object.keys(item.custom).map((key) => ({
    field_key: key,
    field_name: customNames.get(key) ?? key,
  }));
  return everyFieldColumns(custom).map((column) => [column.heading, column.value(item)]);
}

/** A stock movement of a product as its history answers it. */
export interface ProductMovement {
  at: string;
  kind: string;
  by: string | null;
  fields: Record<string, readonly [unknown, unknown]>;
  reason?: string | undefined;
  note?: string | null | undefined;
}

export const MOVEMENT_HEADINGS = ['Date', 'Change', 'Stock after', 'Reason', 'Note', 'By'];

/** The stock movements among a product's changes, oldest first, as rows under MOVEMENT_HEADINGS. */
export function movementRows(
  changes: readonly ProductMovement[],
  timeOf: (at: string) => string,
): unknown[][] {
  return changes
    .filter((change) => change.kind === 'stock')
    .map((change) => {
      const [from, to] = change.fields.stock_quantity ?? [0, 0];
      return [
        timeOf(change.at),
        Number(to) - Number(from),
        Number(to),
        change.reason ?? '',
        change.note ?? '',
        change.by ?? '',
      ];
    })
    .reverse();
}

/**
 * The product as CSV: its headings and values, and, given its movements, a line 'Movements' and
 * their table under it.
 */
export function productCsv(
  item: InventoryItem,
  customNames?: ReadonlyMap<string, string>,
  movements?: readonly (readonly unknown[])[],
): string {
  const record = productRecord(item, customNames);
  const product = listCsv(
    record.map(([label]) => label),
    [record.map(([, value]) => value)],
  );
  if (!movements) return product;
  return `${product}\r\nMovements\r\n${listCsv(MOVEMENT_HEADINGS, movements)}`;
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
