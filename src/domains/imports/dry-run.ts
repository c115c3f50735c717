import { countText } from '#shared/words.ts';
import { productField } from '../products/fields.ts';
import { productFieldsOf } from '../products/item-changes.ts';
import type { InventoryItem } from '../products/product.ts';
import {
  type CustomFieldRules,
  checkNewProduct,
  checkProductChanges,
  type ProductChanges,
  sameValue,
} from '../products/product-write.ts';
import { type TaxCategory, taxOfEdit, taxOfNew } from '../products/tax.ts';
import { MAX_MOVEMENT } from '../stock/movement.ts';
import { type NumberFormat, plainNumber, readCell } from './cells.ts';
import { type ColumnMapping, STOCK_TARGET } from './mapping.ts';

/**
 * The dry run of an import: what each row of the file would do to the catalogue — make a
 * product, change one, leave one as it is — or why it cannot, named by the row's number as a
 * spreadsheet shows it, the column's heading and the product form's own message. Pure: it reads
 * the catalogue as the device stores it and writes nothing.
 */

/** Which identifier of a row finds the product it updates. */
export type MatchKey = 'sku' | 'barcode';

/** Import/Export Settings → what rows may do (importBehavior). */
export type ImportBehavior = 'updateAndCreate' | 'createOnly' | 'updateOnly';

export type RowAction = 'create' | 'update' | 'unchanged' | 'error';

export interface RowError {
  /** The file's heading of the column at fault, or the field's label when no column holds it. */
  column: string;
  message: string;
}

export interface RowPlan {
  /** The row's number as a spreadsheet shows it: the headings are row 1. */
  row: number;
  action: RowAction;
  /** The product it updates (and the version it read), for 'update' and 'unchanged'. */
  productId?: number;
  version?: number;
  /** The fields a new product gets, or those an update changes. */
  changes: ProductChanges;
  /** The stock count the file gives, when stock is set from the file and it differs. */
  stock?: number;
  errors: RowError[];
}

export interface ImportCounts {
  create: number;
  update: number;
  unchanged: number;
  error: number;
}

export interface ImportPlan {
  rows: RowPlan[];
  counts: ImportCounts;
}

export interface DryRunInput {
  headings: readonly string[];
  /** The file's rows after its headings, each a cell per heading. */
  rows: readonly (readonly string[])[];
  /** Each row's number as a spreadsheet shows it; else counted from 2. */
  numbers?: readonly number[];
  mapping: ColumnMapping;
  matchBy: MatchKey;
  behavior: ImportBehavior;
  /** 'Set stock from the file': only then is a stock column read. */
  setStock: boolean;
  catalogue: readonly InventoryItem[];
  /** The business's product custom fields, with their rules and names. */
  definitions: readonly CustomFieldRules[];
  /** The tax category of a product the file makes without one (Product Defaults). */
  shopCategory: TaxCategory;
  /** How the file writes its numbers (a decimal point unless told). */
  numberFormat?: NumberFormat;
}

export const IMPORT_MESSAGES = {
  repeated: (label: string, value: string, rows: readonly number[]) =>
    `${label} ${value} is in the file more than once (rows ${rows.join(', ')})`,
  ambiguous: (label: string, value: string) =>
    `More than one product has ${label} ${value}: change it in the catalogue first`,
  noMatch: (label: string, value: string) => `No product has ${label} ${value} to update`,
  exists: (label: string, value: string) =>
    `A product with ${label} ${value} exists; this import only creates products`,
  stock: `Stock must be a whole number from -${countText(MAX_MOVEMENT)} to ${countText(MAX_MOVEMENT)}`,
} as const;

/** A stock count as a spreadsheet writes it: '12', '12.0', '-3'. */
function stockCount(cell: string): number | null {
  const text = cell.trim();
  if (!/^-?\d+(\.0+)?$/.test(text)) return null;
  const count = Number.parseInt(text, 10);
  return Math.abs(count) <= MAX_MOVEMENT ? count : null;
}

const keyOf = (item: InventoryItem, matchBy: MatchKey) =>
  (matchBy === 'sku' ? item.sku : item.barcode)?.trim() ?? '';

export function planImport(input: DryRunInput): ImportPlan {
  const { headings, mapping, matchBy } = input;
  const numberOf = (index: number) => input.numbers?.[index] ?? index + 2;
  const numberFormat = input.numberFormat ?? 'decimal-point';
  const keyLabel = productField(matchBy)?.label ?? matchBy;
  const keyColumn = mapping.indexOf(matchBy);
  const stockColumn = input.setStock ? mapping.indexOf(STOCK_TARGET) : -1;
  const columnOf = new Map<string, number>();
  mapping.forEach((key, index) => {
    if (key !== null && !columnOf.has(key)) columnOf.set(key, index);
  });
  const names = new Map(input.definitions.map((field) => [field.field_key, field.field_name]));
  const headingOf = (key: string) => {
    const index = columnOf.get(key);
    return index === undefined
      ? (productField(key)?.label ?? names.get(key) ?? key)
      : (headings[index] ?? key);
  };

  const byKey = new Map<string, InventoryItem[]>();
  for (const item of input.catalogue) {
    const key = keyOf(item, matchBy);
    if (key) byKey.set(key, [...(byKey.get(key) ?? []), item]);
  }
  // The same key on several rows is an error on each of them.
  const rowsOfKey = new Map<string, number[]>();
  input.rows.forEach((cells, index) => {
    const key = keyColumn < 0 ? '' : (cells[keyColumn] ?? '').trim();
    if (key) rowsOfKey.set(key, [...(rowsOfKey.get(key) ?? []), numberOf(index)]);
  });

  const counts: ImportCounts = { create: 0, update: 0, unchanged: 0, error: 0 };
  const rows = input.rows.map((cells, index): RowPlan => {
    const row = numberOf(index);
    const values: Record<string, string> = {};
    mapping.forEach((key, column) => {
      if (key !== null && key !== STOCK_TARGET && !(key in values)) {
        const cell = cells[column] ?? '';
        const spec = productField(key);
        values[key] = spec ? readCell(spec, cell, numberFormat) : cell;
      }
    });
    const errors: RowError[] = [];
    let stock: number | undefined;
    if (stockColumn >= 0) {
      const cell = cells[stockColumn] ?? '';
      const count = stockCount(plainNumber(cell, numberFormat) ?? cell);
      if (count === null) {
        errors.push({ column: headings[stockColumn] ?? 'Stock', message: IMPORT_MESSAGES.stock });
      } else stock = count;
    }

    const key = keyColumn < 0 ? '' : (cells[keyColumn] ?? '').trim();
    const repeats = key ? (rowsOfKey.get(key) ?? []) : [];
    if (repeats.length > 1) {
      errors.push({
        column: headingOf(matchBy),
        message: IMPORT_MESSAGES.repeated(keyLabel, key, repeats),
      });
    }
    const matches = key ? (byKey.get(key) ?? []) : [];
    if (matches.length > 1) {
      errors.push({
        column: headingOf(matchBy),
        message: IMPORT_MESSAGES.ambiguous(keyLabel, key),
      });
    }
    const product = matches.length === 1 ? matches[0] : undefined;
    if (product && input.behavior === 'createOnly') {
      errors.push({ column: headingOf(matchBy), message: IMPORT_MESSAGES.exists(keyLabel, key) });
    }
    if (!product && input.behavior === 'updateOnly') {
      errors.push({ column: headingOf(matchBy), message: IMPORT_MESSAGES.noMatch(keyLabel, key) });
    }

    const check = product
      ? checkProductChanges(values, input.definitions)
      : checkNewProduct(values, input.definitions);
    if (!check.ok) {
      for (const [field, message] of Object.entries(check.errors)) {
        errors.push({ column: headingOf(field), message });
      }
    }
    if (errors.length > 0 || !check.ok) {
      counts.error += 1;
      return { row, action: 'error', changes: {}, errors };
    }
    // The GST each row will set: the server works it out the same way for a file without one.
    if (!product) {
      counts.create += 1;
      const changes = taxOfNew(check.changes, input.shopCategory);
      return { row, action: 'create', changes, errors, ...countOf(stock, 0) };
    }
    const current: Record<string, unknown> = productFieldsOf(product);
    const changes = Object.fromEntries(
      Object.entries(taxOfEdit(check.changes, current)).filter(
        ([field, value]) => !sameValue(value, current[field]),
      ),
    );
    const moved = countOf(stock, product.stock_quantity ?? 0);
    const action =
      Object.keys(changes).length > 0 || moved.stock !== undefined ? 'update' : 'unchanged';
    counts[action] += 1;
    return {
      row,
      action,
      productId: product.id,
      ...(product.version === undefined ? {} : { version: product.version }),
      changes,
      errors,
      ...moved,
    };
  });
  return { rows, counts };
}

/** The file's count, when it is not the stock there is now. */
const countOf = (stock: number | undefined, now: number): { stock?: number } =>
  stock === undefined || stock === now ? {} : { stock };
