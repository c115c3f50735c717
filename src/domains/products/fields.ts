import { TAX_CATEGORIES, TAX_CATEGORY_LABELS } from './tax.ts';

/**
 * The product's field table: every value a person writes, in one place. Each line says what the
 * field is called where (its key in the API, the change log and the forms; its column on the
 * inventory table; its property on the server's row), how it is checked and kept, and where it
 * is edited. The write rules (product-write.ts), the screens' item (product.ts), the row editor,
 * the product form, the server's column map and the change log's names all read it; a field
 * added here is offered, checked, saved, logged and merged everywhere.
 *
 * Stock is not a field: it moves by movements. Margin and status are worked out, not written.
 */
export type ProductFieldKind =
  | 'text'
  | 'long-text'
  | 'money'
  /** A bottle's EAN-13, UPC-A or EAN-8. */
  | 'barcode'
  /** A carton's GTIN-14 (ITF-14), or a bottle's kind of code. */
  | 'case-barcode'
  /** A year from 1800 to 2100, or NV for a non-vintage wine. */
  | 'vintage'
  /** One of the line's options. */
  | 'choice'
  /** A number between the line's limits, with its decimals, kept as exact text ('14.5'). */
  | 'number';

/** What an empty value is: refused, kept as empty text, or no value at all. */
export type EmptyValue = 'refused' | 'empty-text' | 'none';

/** Where the product form shows the field. */
export type ProductFormSection =
  | 'Product'
  | 'Origin'
  | 'Wine'
  | 'Identification'
  | 'Pricing'
  | 'Buying';

export interface ProductFieldSpec {
  /** Its key in the API, the change log and the forms: 'list_price'. */
  readonly key: string;
  /** Its column on the inventory table (spec section 3): 'listPrice'. */
  readonly column: string;
  /** Its property on the server's row (src/server/db/schema.ts): 'listPrice'. */
  readonly row: string;
  /** Its name in messages, History and Pending changes. */
  readonly label: string;
  readonly kind: ProductFieldKind;
  readonly empty: EmptyValue;
  /** The longest text it keeps. */
  readonly maxLength?: number;
  readonly section: ProductFormSection;
  /** Its label in the product form, when not its column's (the column says 'Barcode/SKU'). */
  readonly formLabel?: string;
  /** A choice's options, as they are stored (and shown, unless `optionLabels` names them). */
  readonly options?: readonly string[];
  readonly optionLabels?: Readonly<Record<string, string>>;
  /** A number's limits and decimals, and the unit it is read with ('%', 'ml'). */
  readonly min?: number;
  readonly max?: number;
  readonly decimals?: number;
  readonly unit?: string;
  /** An example in the empty input. */
  readonly placeholder?: string;
}

/** The types of drink a product is (the Type field's options). */
export const WINE_TYPES = [
  'Red',
  'White',
  'Rosé',
  'Sparkling',
  'Fortified',
  'Sweet',
  'Spirit',
  'Beer',
  'Other',
] as const;

export const PRODUCT_FIELD_TABLE = [
  {
    key: 'name',
    column: 'product',
    row: 'name',
    label: 'Product name',
    kind: 'text',
    empty: 'refused',
    maxLength: 200,
    section: 'Product',
  },
  field('producer', 'Producer/Brand', 'text', 'empty-text', 'Product'),
  field('category', 'Category', 'text', 'none', 'Product'),
  field('supplier', 'Supplier', 'text', 'none', 'Product'),
  { ...field('description', 'Description', 'long-text', 'none', 'Product'), maxLength: 2000 },
  field('country', 'Country', 'text', 'empty-text', 'Origin'),
  field('region', 'Region', 'text', 'empty-text', 'Origin'),
  field('appellation', 'Appellation', 'text', 'empty-text', 'Origin'),
  // The wine in the bottle: optional, shown as '—' where a product has none.
  { ...field('vintage', 'Vintage', 'vintage', 'none', 'Wine'), placeholder: '2019 or NV' },
  {
    ...field('drink_type', 'Type', 'choice', 'none', 'Wine'),
    row: 'drinkType',
    options: WINE_TYPES,
  },
  {
    ...field('grapes', 'Grape varieties', 'text', 'none', 'Wine'),
    placeholder: 'Shiraz, Grenache',
  },
  {
    ...field('alcohol', 'Alcohol %', 'number', 'none', 'Wine'),
    min: 0,
    max: 100,
    decimals: 1,
    unit: '%',
  },
  {
    ...field('bottle_ml', 'Bottle size (ml)', 'number', 'none', 'Wine'),
    row: 'bottleMl',
    min: 1,
    max: 30_000,
    decimals: 0,
    unit: 'ml',
  },
  {
    ...field('serving_temp', 'Serving temperature', 'text', 'none', 'Wine'),
    row: 'servingTemp',
    maxLength: 40,
    placeholder: '16–18 °C',
  },
  {
    ...field('tasting', 'Tasting notes', 'long-text', 'none', 'Wine'),
    maxLength: 2000,
  },
  {
    ...field('food_pairing', 'Food pairing', 'text', 'none', 'Wine'),
    row: 'foodPairing',
    maxLength: 500,
  },
  {
    ...field('rating', 'Rating', 'number', 'none', 'Wine'),
    min: 0,
    max: 100,
    decimals: 0,
    unit: '/100',
  },
  {
    ...field('storage_location', 'Storage location', 'text', 'none', 'Wine'),
    row: 'storageLocation',
    maxLength: 100,
    placeholder: 'Cellar A, rack 3',
  },
  { ...field('sku', 'SKU', 'text', 'none', 'Identification'), maxLength: 64 },
  { ...field('barcode', 'Barcode', 'barcode', 'none', 'Identification'), formLabel: 'Barcode' },
  {
    ...field('tax_category', 'Tax category', 'choice', 'none', 'Pricing'),
    row: 'taxCategory',
    options: TAX_CATEGORIES,
    optionLabels: TAX_CATEGORY_LABELS,
  },
  field('luc', 'LUC', 'money', 'refused', 'Pricing'),
  field('gst', 'GST', 'money', 'refused', 'Pricing'),
  {
    key: 'list_price',
    column: 'listPrice',
    row: 'listPrice',
    label: 'List price',
    kind: 'money',
    empty: 'refused',
    section: 'Pricing',
  },
  { ...field('cost_price', 'Cost price', 'money', 'none', 'Pricing'), row: 'costPrice' },
  { ...field('retail_price', 'Retail price', 'money', 'none', 'Pricing'), row: 'retailPrice' },
  // How the product is bought (beyond the spec's prototype; README, "Buying and receiving"): its
  // supplier's code and case, and its own reorder figures where it does not go by its sales.
  {
    ...field('supplier_code', "Supplier's code", 'text', 'none', 'Buying'),
    row: 'supplierCode',
    maxLength: 64,
  },
  {
    ...field('case_size', 'Case size', 'number', 'none', 'Buying'),
    row: 'caseSize',
    min: 1,
    max: 1_000,
    decimals: 0,
    placeholder: '6 or 12',
  },
  {
    ...field('case_barcode', 'Case barcode', 'case-barcode', 'none', 'Buying'),
    row: 'caseBarcode',
  },
  { ...field('case_cost', 'Case cost', 'money', 'none', 'Buying'), row: 'caseCost' },
  {
    ...field('reorder_point', 'Reorder point', 'number', 'none', 'Buying'),
    row: 'reorderPoint',
    min: 0,
    max: 1_000_000,
    decimals: 0,
  },
  {
    ...field('reorder_quantity', 'Reorder quantity', 'number', 'none', 'Buying'),
    row: 'reorderQuantity',
    min: 1,
    max: 1_000_000,
    decimals: 0,
  },
] as const satisfies readonly ProductFieldSpec[];

/** A field whose key, column and row property are one name, of 200 characters at most. */
function field<const TKey extends string, const TSection extends ProductFormSection>(
  key: TKey,
  label: string,
  kind: ProductFieldKind,
  empty: EmptyValue,
  section: TSection,
) {
  return { key, column: key, row: key, label, kind, empty, maxLength: 200, section } as const;
}

export type ProductField = (typeof PRODUCT_FIELD_TABLE)[number]['key'];

/** The wine's fields, in the table's order: the popup's Details, the form's Wine section. */
export const WINE_FIELD_SPECS: readonly ProductFieldSpec[] = PRODUCT_FIELD_TABLE.filter(
  (spec) => spec.section === 'Wine',
);
export type WineField = Extract<(typeof PRODUCT_FIELD_TABLE)[number], { section: 'Wine' }>['key'];
/** How the product is bought: its supplier's code, its case, its reorder figures. */
export const BUYING_FIELD_SPECS: readonly ProductFieldSpec[] = PRODUCT_FIELD_TABLE.filter(
  (spec) => spec.section === 'Buying',
);
export type BuyingField = Extract<
  (typeof PRODUCT_FIELD_TABLE)[number],
  { section: 'Buying' }
>['key'];

export const PRODUCT_FIELDS: readonly ProductField[] = PRODUCT_FIELD_TABLE.map((spec) => spec.key);

const BY_KEY: ReadonlyMap<string, ProductFieldSpec> = new Map(
  PRODUCT_FIELD_TABLE.map((spec) => [spec.key, spec]),
);
const BY_COLUMN: ReadonlyMap<string, ProductFieldSpec> = new Map(
  PRODUCT_FIELD_TABLE.map((spec) => [spec.column, spec]),
);

export function isProductField(key: string): key is ProductField {
  return BY_KEY.has(key);
}

/** The field of a key ('list_price'), or undefined for a custom field's key. */
export function productField(key: string): ProductFieldSpec | undefined {
  return BY_KEY.get(key);
}

/** The field shown in a column ('listPrice'), or undefined for a column that is no field. */
export function fieldOfColumn(column: string): ProductFieldSpec | undefined {
  return BY_COLUMN.get(column);
}

/** A choice's value as people read it: its option's label, or the value itself. */
export function shownOption(spec: ProductFieldSpec, value: string): string {
  return spec.optionLabels?.[value] ?? value;
}

export const PRODUCT_FIELD_LABELS: Readonly<Record<ProductField, string>> = Object.fromEntries(
  PRODUCT_FIELD_TABLE.map((spec) => [spec.key, spec.label]),
) as Record<ProductField, string>;
