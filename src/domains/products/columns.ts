import { WINE_FIELD_SPECS } from './fields.ts';

/**
 * The inventory columns of spec sections 3 and 9: what is offered, the default set and order,
 * and the widths. Custom fields become further columns labelled '{field_name} (Custom)'.
 */
export const OFFERED_COLUMNS = [
  { key: 'product', label: 'Product Name' },
  { key: 'sku', label: 'SKU' },
  { key: 'producer', label: 'Producer/Brand' },
  { key: 'country', label: 'Country' },
  { key: 'region', label: 'Region' },
  { key: 'appellation', label: 'Appellation' },
  { key: 'luc', label: 'LUC (Landed Unit Cost)' },
  { key: 'gst', label: 'GST' },
  { key: 'listPrice', label: 'List Price' },
  { key: 'cost_price', label: 'Cost Price' },
  { key: 'retail_price', label: 'Retail Price' },
  { key: 'stock_quantity', label: 'Stock Quantity' },
  { key: 'margin', label: 'Margin' },
  { key: 'status', label: 'Status' },
  { key: 'category', label: 'Category' },
  { key: 'supplier', label: 'Supplier' },
  { key: 'description', label: 'Description' },
  { key: 'stockQuantity', label: 'Stock Quantity (Legacy)' },
  { key: 'reservedQuantity', label: 'Reserved Quantity' },
  { key: 'availableQuantity', label: 'Available Quantity' },
  { key: 'barcode', label: 'Barcode/SKU' },
  { key: 'lastSaleDate', label: 'Last Sale Date' },
  { key: 'createdDate', label: 'Created Date' },
  // The wine's fields (beyond the spec's list; README, "The wine in the product").
  { key: 'vintage', label: 'Vintage' },
  { key: 'drink_type', label: 'Type' },
  { key: 'grapes', label: 'Grape Varieties' },
  { key: 'alcohol', label: 'Alcohol %' },
  { key: 'bottle_ml', label: 'Bottle Size (ml)' },
  { key: 'serving_temp', label: 'Serving Temperature' },
  { key: 'tasting', label: 'Tasting Notes' },
  { key: 'food_pairing', label: 'Food Pairing' },
  { key: 'rating', label: 'Rating' },
  { key: 'storage_location', label: 'Storage Location' },
  // Beyond the spec's list: the tax category each product carries (README, "GST on every product").
  { key: 'tax_category', label: 'Tax Category' },
  // How it is bought (README, "Buying and receiving").
  { key: 'supplier_code', label: "Supplier's Code" },
  { key: 'case_size', label: 'Case Size' },
  { key: 'case_barcode', label: 'Case Barcode' },
  { key: 'case_cost', label: 'Case Cost' },
  { key: 'reorder_point', label: 'Reorder Point' },
  { key: 'reorder_quantity', label: 'Reorder Quantity' },
] as const;

export type OfferedColumnKey = (typeof OFFERED_COLUMNS)[number]['key'];

export const ALWAYS_VISIBLE_COLUMN = 'product';

/** The 10 default columns, in the default order; also the built-in essential set. */
export const DEFAULT_COLUMN_ORDER: readonly OfferedColumnKey[] = [
  'product',
  'producer',
  'country',
  'region',
  'appellation',
  'luc',
  'gst',
  'listPrice',
  'margin',
  'status',
];

export const MIN_COLUMN_WIDTH = 50;
export const CUSTOM_COLUMN_WIDTH = 120;
export const FALLBACK_COLUMN_WIDTH = 120;

export const DEFAULT_COLUMN_WIDTHS: Readonly<Record<string, number>> = {
  rowNumber: 35,
  product: 180,
  sku: 120,
  producer: 180,
  country: 100,
  region: 120,
  appellation: 140,
  luc: 80,
  gst: 80,
  listPrice: 100,
  margin: 80,
  status: 120,
  category: 120,
  supplier: 150,
  description: 200,
  options: 32,
  cost_price: 100,
  retail_price: 100,
  stock_quantity: 120,
  vintage: 80,
  drink_type: 100,
  grapes: 180,
  alcohol: 90,
  bottle_ml: 120,
  serving_temp: 150,
  tasting: 200,
  food_pairing: 180,
  rating: 80,
  storage_location: 150,
  tax_category: 130,
  supplier_code: 120,
  case_size: 90,
  case_barcode: 140,
  case_cost: 100,
  reorder_point: 110,
  reorder_quantity: 130,
};

/** Columns whose header sorts and whose edge resizes (spec section 3), besides custom fields. */
export const SORTABLE_COLUMNS: ReadonlySet<string> = new Set([
  'rowNumber',
  'product',
  'sku',
  'producer',
  'country',
  'region',
  'appellation',
  'luc',
  'gst',
  'listPrice',
  'cost_price',
  'retail_price',
  'stock_quantity',
  'margin',
  'status',
  'category',
  'supplier',
  'description',
  'options',
  'tax_category',
  ...WINE_FIELD_SPECS.map((spec) => spec.column),
]);

const LABELS: ReadonlyMap<string, string> = new Map(
  OFFERED_COLUMNS.map((column) => [column.key, column.label]),
);

export function isOfferedColumn(key: string): key is OfferedColumnKey {
  return LABELS.has(key);
}

export function customColumnLabel(fieldName: string): string {
  return `${fieldName} (Custom)`;
}

/**
 * The label of a column: an offered column's own, '{field_name} (Custom)' for a custom field
 * (names by field_key), or undefined for a column that is neither.
 */
export function columnLabel(
  key: string,
  customFieldNames: ReadonlyMap<string, string> = new Map(),
): string | undefined {
  const customName = customFieldNames.get(key);
  return customName === undefined ? LABELS.get(key) : customColumnLabel(customName);
}

/**
 * A column exists when it is offered or is a custom field of the business. A saved layout may
 * still name the column of a field deleted since (on this device or another): it is not shown,
 * and the server refuses it in a save.
 */
export function isKnownColumn(key: string, customKeys: { has(key: string): boolean }): boolean {
  return isOfferedColumn(key) || customKeys.has(key);
}

/** The columns a layout shows, in its order: the visible ones that exist. */
export function shownColumnKeys(
  layout: { order: readonly string[]; visibility: Readonly<Record<string, boolean>> },
  customKeys: { has(key: string): boolean },
): string[] {
  return layout.order.filter((key) => layout.visibility[key] && isKnownColumn(key, customKeys));
}

export function defaultColumnWidth(key: string, isCustom: boolean): number {
  return DEFAULT_COLUMN_WIDTHS[key] ?? (isCustom ? CUSTOM_COLUMN_WIDTH : FALLBACK_COLUMN_WIDTH);
}

export function clampColumnWidth(width: number): number {
  return Math.max(MIN_COLUMN_WIDTH, Math.round(width));
}
