import { round2 } from './pricing.ts';

/**
 * Tax of a product (spec section 3, defaultTaxCategory). Every product has a category; the GST on
 * its cost follows from the category and the LUC wherever a product is made or changed without a
 * GST figure of its own (the form, an import, the API, the admin seed), and whether the till
 * takes GST on it follows from the category, never from its GST happening to be 0.
 */
export const TAX_CATEGORIES = ['gst10', 'gstFree', 'wet'] as const;
export type TaxCategory = (typeof TAX_CATEGORIES)[number];

export const TAX_CATEGORY_LABELS: Readonly<Record<TaxCategory, string>> = {
  gst10: 'GST 10%',
  gstFree: 'GST-free',
  wet: 'WET (wine equalisation tax)',
};

export function isTaxCategory(value: unknown): value is TaxCategory {
  return typeof value === 'string' && (TAX_CATEGORIES as readonly string[]).includes(value);
}

/**
 * The GST on cost of a LUC: 10 % for gst10 (spec section 9), none for gstFree. Wine under WET
 * still carries GST on top, so wet is 10 % too; WET itself is not a figure of the catalogue.
 */
export function suggestedGst(luc: number, category: TaxCategory): number {
  return category === 'gstFree' ? 0 : round2(luc * 0.1);
}

/**
 * Whether a sale of the product contains GST. A product stored before categories existed and
 * never confirmed since goes by its GST on cost, as it did then.
 */
export function isTaxedAtTill(category: unknown, gst: number): boolean {
  return isTaxCategory(category) ? category !== 'gstFree' : gst > 0;
}

/** A product's tax as it is stored: its category (none before it was confirmed) and LUC. */
export interface StoredTax {
  tax_category?: unknown;
  luc?: unknown;
}

type Changes = Record<string, unknown>;

/** The changes with the GST of `category` on the LUC they set, or else on `luc`. */
function withGstOf<T extends Changes>(changes: T, category: unknown, luc: unknown): T {
  if ('gst' in changes || !isTaxCategory(category)) return changes;
  const cost = Number(('luc' in changes ? changes.luc : luc) ?? 0);
  if (!Number.isFinite(cost)) return changes;
  return { ...changes, gst: suggestedGst(cost, category).toFixed(2) };
}

/**
 * A new product's checked changes with its tax: the shop's category when they name none, and
 * the GST of its category on its LUC when they give no GST. Money as checked: '12.00'.
 */
export function taxOfNew<T extends Changes>(changes: T, shopCategory: TaxCategory): T {
  const category = isTaxCategory(changes.tax_category) ? changes.tax_category : shopCategory;
  return withGstOf({ ...changes, tax_category: category }, category, 0);
}

/**
 * An edit's checked changes with its tax: a new LUC or category without a GST brings the GST
 * of the category on the LUC. A product without a category keeps its GST until one is chosen.
 */
export function taxOfEdit<T extends Changes>(changes: T, current: StoredTax): T {
  if (!('luc' in changes) && !('tax_category' in changes)) return changes;
  const category = 'tax_category' in changes ? changes.tax_category : current.tax_category;
  return withGstOf(changes, category, current.luc);
}
