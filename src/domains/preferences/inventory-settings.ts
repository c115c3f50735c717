import * as v from 'valibot';
import { ALERT_KINDS, SWITCHABLE_ALERT_KINDS } from '../alerts/alert.ts';
import { TAX_CATEGORIES } from '../products/tax.ts';

/**
 * The inventory settings object of spec section 3, per user, with its defaults. A missing value
 * takes its default, so older clients and partial saves stay valid.
 */
export const ITEMS_PER_PAGE_OPTIONS = [25, 50, 100, 200] as const;
export const SORT_OPTIONS = [
  'productNameAZ',
  'productNameZA',
  'stockLowHigh',
  'stockHighLow',
  'valueLowHigh',
  'valueHighLow',
  'lastUpdated',
  'marginLowHigh',
  'marginHighLow',
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

export const SORT_OPTION_LABELS: Record<SortOption, string> = {
  productNameAZ: 'Product name (A–Z)',
  productNameZA: 'Product name (Z–A)',
  stockLowHigh: 'Stock (low to high)',
  stockHighLow: 'Stock (high to low)',
  valueLowHigh: 'Value (low to high)',
  valueHighLow: 'Value (high to low)',
  lastUpdated: 'Last updated',
  marginLowHigh: 'Margin (low to high)',
  marginHighLow: 'Margin (high to low)',
};

/** What each sort option sorts the table by. */
export const SORT_OPTION_ORDER: Record<SortOption, { key: string; direction: 'asc' | 'desc' }> = {
  productNameAZ: { key: 'product', direction: 'asc' },
  productNameZA: { key: 'product', direction: 'desc' },
  stockLowHigh: { key: 'stock_quantity', direction: 'asc' },
  stockHighLow: { key: 'stock_quantity', direction: 'desc' },
  valueLowHigh: { key: 'listPrice', direction: 'asc' },
  valueHighLow: { key: 'listPrice', direction: 'desc' },
  lastUpdated: { key: 'updatedDate', direction: 'desc' },
  marginLowHigh: { key: 'margin', direction: 'asc' },
  marginHighLow: { key: 'margin', direction: 'desc' },
};

export const VIEW_DENSITIES = ['compact', 'comfortable', 'spacious'] as const;
export type ViewDensity = (typeof VIEW_DENSITIES)[number];
export const VIEW_DENSITY_TEXT: Record<ViewDensity, string> = {
  compact: 'More items visible',
  comfortable: 'Default',
  spacious: 'Easier to read',
};
/** Row height of the table for each density. */
export const VIEW_DENSITY_ROW_HEIGHT: Record<ViewDensity, number> = {
  compact: 28,
  comfortable: 36,
  spacious: 48,
};

const int = (fallback: number, min: number, max: number) =>
  v.optional(v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max)), fallback);
const num = (fallback: number, min: number, max: number) =>
  v.optional(v.pipe(v.number(), v.minValue(min), v.maxValue(max)), fallback);
const bool = (fallback: boolean) => v.optional(v.boolean(), fallback);
const pick = <const T extends readonly [string, ...string[]]>(options: T, fallback: T[number]) =>
  v.optional(v.picklist(options), fallback);
const textList = (fallback: string[]) =>
  v.optional(
    v.pipe(v.array(v.pipe(v.string(), v.trim(), v.maxLength(200))), v.maxLength(100)),
    () => [...fallback],
  );

export const InventorySettingsSchema = v.object({
  display: v.optional(
    v.object({
      itemsPerPage: v.optional(v.picklist(ITEMS_PER_PAGE_OPTIONS), 50),
      defaultSort: pick(SORT_OPTIONS, 'productNameAZ'),
      viewDensity: pick(VIEW_DENSITIES, 'comfortable'),
      showProductImages: bool(false),
    }),
    {},
  ),
  stockManagement: v.optional(
    v.object({
      lowStockThreshold: int(10, 0, 100_000),
      allowPerProductOverride: bool(false),
      outOfStockBehavior: pick(
        ['showAsOutOfStock', 'hideFromCatalog', 'allowBackorder'],
        'showAsOutOfStock',
      ),
      // The spec's seven, and Received (beyond its list): a delivery counted in by hand.
      stockAdjustmentReasons: textList([
        'Received',
        'Damaged',
        'Expired',
        'Theft',
        'Inventory Count Correction',
        'Sample',
        'Personal Use',
        'Other',
      ]),
      autoReorderEnabled: bool(false),
      autoReorderDays: int(30, 1, 365),
      safetyStockMultiplier: num(2, 0, 100),
    }),
    {},
  ),
  productDefaults: v.optional(
    v.object({
      defaultMarkup: num(50, 0, 10_000),
      autoCalculateRetail: bool(true),
      roundingRule: pick(['nearest', 'charm', 'none'], 'nearest'),
      roundingAmount: num(0.05, 0, 100),
      roundingDirection: pick(['nearest', 'up', 'down'], 'nearest'),
      // Beyond the spec's list (README, "Buying and receiving"): a delivery whose cost moves a
      // product's margin by more than these points shows it, with the price that keeps it.
      marginAlertPoints: num(5, 0, 100),
      defaultTaxCategory: pick(TAX_CATEGORIES, 'gst10'),
      defaultSupplier: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)), ''),
      skuGeneration: pick(['manual', 'automatic'], 'manual'),
      skuPrefix: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(20)), 'PROD'),
      skuStartingNumber: int(1, 0, 1_000_000_000),
      skuDigits: int(6, 1, 12),
    }),
    {},
  ),
  notifications: v.optional(
    v.object({
      lowStockEmailsEnabled: bool(true),
      lowStockFrequency: pick(['immediately', 'daily', 'weekly'], 'daily'),
      lowStockRecipients: textList([]),
      expiryAlertsEnabled: bool(true),
      expiryWarningPeriod: int(30, 1, 3650),
      priceChangeAlertsEnabled: bool(true),
      priceChangeThreshold: num(10, 0, 100),
      deadStockAlertsEnabled: bool(true),
      deadStockPeriod: int(90, 1, 3650),
      deadStockFrequency: pick(['weekly', 'monthly', 'quarterly'], 'monthly'),
      // Beyond the spec's list (README, "Alerts"): a count's variance past this many units of
      // a product raises an alert.
      countVarianceThreshold: int(5, 0, 100_000),
      // The kinds of alert the person turned off (none unless set): kept as those off, so a
      // kind added later is on for everyone until they turn it off.
      alertKindsOff: v.optional(
        v.pipe(v.array(v.picklist(SWITCHABLE_ALERT_KINDS)), v.maxLength(ALERT_KINDS.length)),
        () => [],
      ),
    }),
    {},
  ),
  importExport: v.optional(
    v.object({
      importBehavior: pick(['updateAndCreate', 'createOnly', 'updateOnly'], 'updateAndCreate'),
      columnMappingTemplates: v.optional(
        v.pipe(
          v.array(
            v.object({
              name: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(100)),
              // A file's column heading → a product field's key.
              mapping: v.pipe(
                v.record(v.pipe(v.string(), v.maxLength(200)), v.pipe(v.string(), v.maxLength(64))),
                v.check((mapping) => Object.keys(mapping).length <= 500, 'At most 500 columns'),
              ),
              // 'Set stock from the file', as it was when the mapping was saved.
              setStock: v.optional(v.boolean()),
            }),
          ),
          v.maxLength(50),
        ),
        () => [],
      ),
      exportFormat: pick(['csv', 'xlsx'], 'csv'),
      exportIncludeHidden: bool(false),
      exportIncludeImages: bool(false),
      exportIncludeHistory: bool(false),
      barcodeFormat: pick(['ean13', 'upca', 'code128'], 'ean13'),
      includePriceInBarcode: bool(false),
    }),
    {},
  ),
});

export type InventorySettings = v.InferOutput<typeof InventorySettingsSchema>;

export function defaultInventorySettings(): InventorySettings {
  return v.parse(InventorySettingsSchema, {});
}

/** The settings as the server answers them: with when they were saved (null: never). */
export const InventorySettingsAnswerSchema = v.object({
  ...InventorySettingsSchema.entries,
  savedAt: v.optional(v.nullable(v.string()), null),
});
export type InventorySettingsAnswer = v.InferOutput<typeof InventorySettingsAnswerSchema>;
