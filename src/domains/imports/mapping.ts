import { PRODUCT_FIELD_TABLE } from '../products/fields.ts';

/**
 * Where each column of an imported file goes: a product field (any line of the field table), a
 * custom field, the stock count, or nowhere. Suggested from the file's headings — first a heading
 * that names a field (its key, label or column), then one of the names other systems give it —
 * and kept as a named mapping, proposed again for a file with the same headings.
 */

/** The stock count's target: a number a correction moves the stock to, never a field. */
export const STOCK_TARGET = 'stock_quantity';

export interface ImportTarget {
  key: string;
  label: string;
  /** Names that identify it exactly, besides its key and label. */
  names: readonly string[];
}

/** A custom field as a target needs it. */
export interface CustomTarget {
  field_key: string;
  field_name: string;
}

/** A column's place: a target's key, or null to leave the column out. */
export type ColumnMapping = (string | null)[];

/**
 * What other systems call each field (Shopify, Square, Lightspeed, spreadsheets): checked only
 * after every exact name, so 'Retail price' still goes to Retail price and 'Price' to List price.
 */
const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  name: ['product', 'product title', 'title', 'item', 'item name', 'wine', 'wine name'],
  producer: ['brand', 'winery', 'distillery', 'maker', 'manufacturer', 'vendor brand'],
  category: ['department', 'product type', 'group', 'class'],
  supplier: ['vendor', 'distributor', 'wholesaler', 'default supplier'],
  description: ['details', 'long description', 'body', 'body html', 'notes'],
  country: ['country of origin', 'origin'],
  region: ['sub region', 'state', 'area'],
  appellation: ['gi', 'aoc', 'doc', 'ava', 'geographical indication'],
  vintage: ['year', 'vintage year'],
  drink_type: ['type', 'wine type', 'colour', 'color', 'style'],
  grapes: ['grape', 'grape variety', 'variety', 'varietal', 'varietals', 'grapes'],
  alcohol: ['abv', 'alc', 'alcohol by volume', 'alc vol', 'alcohol percent'],
  bottle_ml: ['size', 'volume', 'bottle size', 'ml', 'volume ml', 'size ml', 'pack size'],
  serving_temp: ['serving temperature', 'serve at'],
  tasting: ['tasting note', 'tasting notes', 'palate'],
  food_pairing: ['food match', 'pairing', 'food'],
  rating: ['score', 'points'],
  storage_location: ['location', 'bin', 'bin location', 'shelf', 'storage'],
  sku: ['code', 'item code', 'product code', 'plu', 'stock code', 'article number', 'variant sku'],
  barcode: ['ean', 'ean13', 'ean 13', 'upc', 'upc a', 'gtin', 'barcode number', 'variant barcode'],
  luc: ['cost', 'unit cost', 'landed cost', 'landed unit cost', 'cost ex gst', 'supply price'],
  gst: ['tax', 'gst amount', 'tax amount'],
  tax_category: ['tax code', 'gst code', 'tax class', 'tax rate', 'gst status', 'tax type'],
  list_price: ['price', 'rrp', 'sell', 'sell price', 'selling price', 'shelf price', 'unit price'],
  cost_price: ['buy price', 'purchase price', 'wholesale price', 'cost inc gst'],
  retail_price: ['retail', 'compare at price', 'regular price'],
  [STOCK_TARGET]: ['stock', 'qty', 'quantity', 'on hand', 'soh', 'stock on hand', 'inventory'],
};

/** A heading as compared: no accents, case, punctuation or extra spaces ('Prix (€)' → 'prix'). */
export function normalHeading(heading: string): string {
  return heading
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9%]+/g, ' ')
    .trim();
}

/** Every place a column can go, in the field table's order, then stock, then custom fields. */
export function importTargets(customFields: readonly CustomTarget[]): ImportTarget[] {
  return [
    ...PRODUCT_FIELD_TABLE.map((spec) => ({
      key: spec.key,
      label: spec.label,
      names: [spec.column, ...('formLabel' in spec ? [spec.formLabel] : [])],
    })),
    { key: STOCK_TARGET, label: 'Stock', names: ['stock quantity'] },
    ...customFields.map((field) => ({
      key: field.field_key,
      label: field.field_name,
      names: [],
    })),
  ];
}

/**
 * A target for each heading, or null: exact names first (a target's key, label or other name),
 * then synonyms, each target taken by the first heading that names it.
 */
export function suggestMapping(
  headings: readonly string[],
  targets: readonly ImportTarget[],
): ColumnMapping {
  const mapping: ColumnMapping = headings.map(() => null);
  const taken = new Set<string>();
  const exact = new Map<string, string>();
  for (const target of targets) {
    for (const name of [target.key, target.label, ...target.names]) {
      const normal = normalHeading(name);
      if (normal && !exact.has(normal)) exact.set(normal, target.key);
    }
  }
  const known = new Set(targets.map((target) => target.key));
  const synonym = new Map<string, string>();
  for (const [key, names] of Object.entries(SYNONYMS)) {
    if (!known.has(key)) continue;
    for (const name of names) if (!synonym.has(name)) synonym.set(name, key);
  }
  for (const names of [exact, synonym]) {
    headings.forEach((heading, index) => {
      if (mapping[index] !== null) return;
      const key = names.get(normalHeading(heading));
      if (key === undefined || taken.has(key)) return;
      mapping[index] = key;
      taken.add(key);
    });
  }
  return mapping;
}

/** A saved mapping: a file's heading → a target's key. */
export interface MappingTemplate {
  name: string;
  mapping: Readonly<Record<string, string>>;
  /** Whether stock is set from the file (absent in mappings saved before it was kept). */
  setStock?: boolean | undefined;
}

/** The saved mapping made for a file with these very headings, if there is one. */
export function templateFor(
  headings: readonly string[],
  templates: readonly MappingTemplate[],
): MappingTemplate | undefined {
  const these = [...new Set(headings)].sort().join('\n');
  return templates.find((template) => Object.keys(template.mapping).sort().join('\n') === these);
}

/** A mapping as it is saved: every heading, a left-out column as ''. */
export function templateMapping(
  headings: readonly string[],
  mapping: ColumnMapping,
): Record<string, string> {
  return Object.fromEntries(headings.map((heading, index) => [heading, mapping[index] ?? '']));
}

/** A saved mapping laid on a file's headings, keeping only targets that still exist. */
export function mappingFromTemplate(
  headings: readonly string[],
  template: MappingTemplate,
  targets: readonly ImportTarget[],
): ColumnMapping {
  const known = new Set(targets.map((target) => target.key));
  return headings.map((heading) => {
    const key = template.mapping[heading];
    return key && known.has(key) ? key : null;
  });
}
