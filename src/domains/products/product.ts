import * as v from 'valibot';
import { int32 } from '#shared/validation.ts';
import {
  BUYING_FIELD_SPECS,
  type BuyingField,
  PRODUCT_FIELD_TABLE,
  type ProductFieldSpec,
  WINE_FIELD_SPECS,
  type WineField,
} from './fields.ts';

/**
 * An inventory item as the screens hold it (spec section 3), and the mapping from the server's
 * enhanced response `{products: [{id, columns: [{key, value}]}]}`.
 */
export type CustomValue = string | number | boolean | null | string[];

/** The wine's values (vintage, type, grapes …), each absent where the product has none. */
export type WineValues = { [K in WineField]?: string };

/** How it is bought (case, supplier's code, reorder figures), each absent where it has none. */
export type BuyingValues = { [K in Exclude<BuyingField, 'case_cost'>]?: string } & {
  case_cost?: number | string;
};

export interface InventoryItem extends WineValues, BuyingValues {
  id: number;
  /** The server's version of the product, which an edit names as its base. */
  version?: number;
  /** The id a device gave the product when it made it (its create's client_ref). */
  ref?: string;
  product: string;
  sku?: string;
  producer: string;
  country: string;
  region: string;
  appellation: string;
  /** gst10, gstFree or wet (domains/products/tax.ts); absent on a product stored before. */
  tax_category?: string;
  luc: number;
  gst: number;
  listPrice: number;
  cost_price?: number | string;
  retail_price?: number | string;
  stock_quantity?: number;
  /**
   * Units of it that customer orders still open or ready set aside, as this device knows them
   * (worked out here from the orders it holds, never stored or sent); absent: none.
   */
  reserved_quantity?: number;
  category?: string;
  supplier?: string;
  description?: string;
  status: string;
  margin: number;
  barcode?: string;
  lastSaleDate?: string;
  createdDate?: string;
  /** When the product last changed: the 'lastUpdated' sort. */
  updatedDate?: string;
  /** Values of the business's custom fields, by field_key. */
  custom: Record<string, CustomValue>;
}

/**
 * The answer is validated down to each product's id and its list of columns. The columns
 * themselves are checked while mapping (an entry without a text key is skipped, any value is
 * read defensively), which keeps a catalogue of 50,000 products × 20 columns quick to accept.
 */
export const EnhancedProductSchema = v.object({
  id: int32('id must be a product id', 1),
  version: v.optional(int32('version must be a version number')),
  ref: v.optional(v.string()),
  columns: v.array(v.unknown()),
});
export type EnhancedProduct = v.InferOutput<typeof EnhancedProductSchema>;

export const EnhancedInventorySchema = v.object({ products: v.array(EnhancedProductSchema) });
export type EnhancedInventory = v.InferOutput<typeof EnhancedInventorySchema>;

/** Server key → screen key, for the keys that differ: the fields' (name, list_price), margin. */
export const SERVER_TO_SCREEN_KEYS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    PRODUCT_FIELD_TABLE.filter((spec) => spec.key !== spec.column).map((spec) => [
      spec.key,
      spec.column,
    ]),
  ),
  margin_percent: 'margin',
};

export const SCREEN_TO_SERVER_KEYS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(SERVER_TO_SCREEN_KEYS).map(([server, screen]) => [screen, server]),
);

const columnsOf = (kind: (spec: ProductFieldSpec) => boolean): string[] =>
  PRODUCT_FIELD_TABLE.filter(kind).map((spec) => spec.column);

/** Parsed as numbers, 0 when invalid (spec section 3), by their screen key. */
const NUMERIC_KEYS: ReadonlySet<string> = new Set([
  ...columnsOf((spec) => spec.kind === 'money' && spec.empty === 'refused'),
  'stock_quantity',
  'margin',
]);
/** Optional numbers kept as sent (a number or a numeric string). */
const LOOSE_NUMBER_KEYS: ReadonlySet<string> = new Set(
  columnsOf((spec) => spec.kind === 'money' && spec.empty === 'none'),
);
const TEXT_KEYS: ReadonlySet<string> = new Set([
  ...columnsOf((spec) => spec.kind !== 'money'),
  'status',
  'lastSaleDate',
  'createdDate',
  'updatedDate',
]);

export function parseNumber(value: unknown): number {
  const parsed = typeof value === 'number' ? value : Number.parseFloat(String(value ?? ''));
  return Number.isFinite(parsed) ? parsed : 0;
}

function asCustomValue(value: unknown): CustomValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return value;
  }
  if (Array.isArray(value)) return value.map(String);
  return JSON.stringify(value);
}

const hasText = (value: unknown): value is string => typeof value === 'string' && value !== '';

export function mapEnhancedProduct({ id, version, ref, columns }: EnhancedProduct): InventoryItem {
  const known: Record<string, unknown> = {};
  const custom: Record<string, CustomValue> = {};
  for (const column of columns) {
    if (typeof column !== 'object' || column === null) continue;
    const { key, value } = column as { key?: unknown; value?: unknown };
    if (typeof key !== 'string') continue;
    const screenKey = SERVER_TO_SCREEN_KEYS[key] ?? key;
    if (NUMERIC_KEYS.has(screenKey)) known[screenKey] = parseNumber(value);
    else if (LOOSE_NUMBER_KEYS.has(screenKey)) {
      if (value !== null && value !== undefined && value !== '') known[screenKey] = value;
    } else if (TEXT_KEYS.has(screenKey)) {
      if (value !== null && value !== undefined) known[screenKey] = String(value);
    } else custom[key] = asCustomValue(value);
  }
  // A value the server left out takes the spec's default ('Unknown'); one it sent empty stays
  // empty, and shows as '—' (an imported wine without an appellation has none, not an unknown).
  const text = (key: string, fallback: string) =>
    typeof known[key] === 'string' ? known[key] : fallback;
  const optionalText = (key: string) => (hasText(known[key]) ? known[key] : undefined);
  const number = (key: string) => (typeof known[key] === 'number' ? known[key] : 0);
  const item: InventoryItem = {
    id,
    product: text('product', 'Unknown Product'),
    producer: text('producer', 'Unknown Producer'),
    country: text('country', 'Unknown'),
    region: text('region', 'Unknown'),
    appellation: text('appellation', 'Unknown'),
    status: text('status', 'Unknown'),
    luc: number('luc'),
    gst: number('gst'),
    listPrice: number('listPrice'),
    margin: number('margin'),
    custom,
  };
  for (const key of [
    'sku',
    'tax_category',
    'category',
    'supplier',
    'description',
    'barcode',
    'lastSaleDate',
    'createdDate',
    'updatedDate',
  ] as const) {
    const value = optionalText(key);
    if (value !== undefined) item[key] = value;
  }
  for (const spec of WINE_FIELD_SPECS) {
    const value = optionalText(spec.column);
    if (value !== undefined) item[spec.column as WineField] = value;
  }
  for (const spec of BUYING_FIELD_SPECS) {
    const value = known[spec.column];
    const key = spec.column as BuyingField;
    if (spec.kind === 'money') {
      if (typeof value === 'number' || typeof value === 'string') item[key] = String(value);
    } else if (hasText(value)) item[key] = value;
  }
  if (typeof known.stock_quantity === 'number') item.stock_quantity = known.stock_quantity;
  for (const key of ['cost_price', 'retail_price'] as const) {
    const value = known[key];
    if (typeof value === 'number' || typeof value === 'string') item[key] = value;
  }
  if (version !== undefined) item.version = version;
  if (ref !== undefined) item.ref = ref;
  return item;
}

/** What is on hand and not set aside for a customer's order: what the shop can still sell. */
export const availableOf = (item: Pick<InventoryItem, 'stock_quantity' | 'reserved_quantity'>) =>
  (item.stock_quantity ?? 0) - (item.reserved_quantity ?? 0);

/**
 * Columns the spec offers that are another reading of the stock: the legacy stock column, what
 * is available (on hand less what orders reserve) and what is reserved.
 */
const STOCK_READINGS: Readonly<Record<string, (item: InventoryItem) => number | undefined>> = {
  stockQuantity: (item) => item.stock_quantity,
  availableQuantity: (item) => (item.stock_quantity === undefined ? undefined : availableOf(item)),
  reservedQuantity: (item) =>
    item.stock_quantity === undefined ? undefined : (item.reserved_quantity ?? 0),
};

/** The value of a column for an item: a built-in field, or a custom field by its key. */
export function columnValue(item: InventoryItem, key: string): unknown {
  const reading = STOCK_READINGS[key];
  if (reading) return reading(item);
  if (key in item && key !== 'custom') return item[key as keyof InventoryItem];
  return item.custom[key];
}

/**
 * Sets a field on an item from a written value (changes by their keys): money the table needs
 * as a number is parsed (0 when invalid); a value that is 'none' when empty goes when null.
 */
export function setFieldValue(item: InventoryItem, spec: ProductFieldSpec, value: unknown): void {
  const target = item as unknown as Record<string, unknown>;
  if (spec.kind === 'money' && spec.empty === 'refused') {
    target[spec.column] = parseNumber(value);
  } else if (spec.empty === 'none' && (value === null || value === undefined)) {
    delete target[spec.column];
  } else {
    target[spec.column] = value === null || value === undefined ? '' : String(value);
  }
}

/** Fields whose values repeat across a catalogue: a producer's wines, a country, a status. */
const REPEATED_FIELDS = [
  'producer',
  'country',
  'region',
  'appellation',
  'category',
  'supplier',
  'status',
  'createdDate',
  'lastSaleDate',
  'vintage',
  'drink_type',
  'grapes',
  'alcohol',
  'bottle_ml',
  'serving_temp',
  'food_pairing',
  'tax_category',
] as const satisfies readonly (keyof InventoryItem)[];

/**
 * Makes equal values of the fields that repeat one string in memory. A catalogue read from
 * IndexedDB (or parsed from the server's answer) has a string of its own for every 'France' and
 * every 'In Stock': 50,000 products hold about half a million of them. Items are changed in
 * place: call it on items just made.
 */
export function shareRepeatedValues(items: readonly InventoryItem[]): void {
  const seen = new Map<string, string>();
  for (const item of items) {
    for (const key of REPEATED_FIELDS) {
      const value = item[key];
      if (value === undefined) continue;
      const shared = seen.get(value);
      if (shared === undefined) seen.set(value, value);
      else item[key] = shared;
    }
  }
}
