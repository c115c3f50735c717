import { ALERT_KIND_LABELS, SWITCHABLE_ALERT_KINDS } from '#domains/alerts/alert.ts';
import type { InventorySettings } from '#domains/preferences/inventory-settings.ts';
import { TAX_CATEGORIES, TAX_CATEGORY_LABELS } from '#domains/products/tax.ts';
import type { SettingField } from './settings-fields.tsx';

/**
 * What the Stock Management Rules, Product Defaults and Notifications & Alerts tabs hold (spec
 * section 3, with its defaults), each field saying where it is used. Those the purchasing and
 * alerts parts of Vintry will use are kept now and say so.
 */
const options = <T extends string>(labels: Readonly<Record<T, string>>) =>
  (Object.entries(labels) as [T, string][]).map(([value, label]) => ({ value, label }));

export const STOCK_RULE_FIELDS: readonly SettingField<InventorySettings['stockManagement']>[] = [
  {
    key: 'lowStockThreshold',
    label: 'Low stock threshold',
    kind: 'number',
    min: 0,
    max: 100_000,
    hint: 'A product at or below this many in stock is Low Stock on the inventory page.',
  },
  {
    key: 'allowPerProductOverride',
    label: 'Allow a threshold per product',
    kind: 'boolean',
    hint: 'Kept for reorder points per product, which come with purchasing.',
  },
  {
    key: 'outOfStockBehavior',
    label: 'Out of stock products',
    kind: 'choice',
    options: options({
      showAsOutOfStock: 'Show as out of stock',
      hideFromCatalog: 'Hide from the catalogue',
      allowBackorder: 'Allow back orders',
    }),
    hint: 'Kept for customer orders; the till always shows what is out of stock.',
  },
  {
    key: 'stockAdjustmentReasons',
    label: 'Stock adjustment reasons (one per line)',
    kind: 'list',
    hint: 'Offered when stock is adjusted by hand.',
  },
  {
    key: 'autoReorderEnabled',
    label: 'Suggest reorders automatically',
    kind: 'boolean',
    hint: 'Kept for reorder suggestions, which come with purchasing.',
  },
  {
    key: 'autoReorderDays',
    label: 'Reorder for this many days of sales',
    kind: 'number',
    min: 1,
    max: 365,
  },
  {
    key: 'safetyStockMultiplier',
    label: 'Safety stock multiplier',
    kind: 'number',
    min: 0,
    max: 100,
    step: 0.1,
  },
];

export const PRODUCT_DEFAULT_FIELDS: readonly SettingField<InventorySettings['productDefaults']>[] =
  [
    {
      key: 'defaultTaxCategory',
      label: 'Tax category',
      kind: 'choice',
      options: TAX_CATEGORIES.map((value) => ({ value, label: TAX_CATEGORY_LABELS[value] })),
      hint: 'A new product takes it, and its GST on cost follows from it.',
    },
    {
      key: 'defaultMarkup',
      label: 'Markup on total cost (%)',
      kind: 'number',
      min: 0,
      max: 10_000,
      step: 0.1,
      hint: 'A new product’s list price is suggested from its LUC and GST with this markup.',
    },
    {
      key: 'autoCalculateRetail',
      label: 'Suggest the list price from the cost',
      kind: 'boolean',
    },
    {
      key: 'roundingRule',
      label: 'Round a suggested price',
      kind: 'choice',
      options: options({
        nearest: 'To a step (below)',
        charm: 'To end in .99',
        none: 'Not at all',
      }),
    },
    {
      key: 'roundingAmount',
      label: 'Rounding step ($)',
      kind: 'number',
      min: 0.01,
      max: 100,
      step: 0.01,
    },
    {
      key: 'roundingDirection',
      label: 'Rounding direction',
      kind: 'choice',
      options: options({ nearest: 'Nearest', up: 'Up', down: 'Down' }),
    },
    {
      key: 'marginAlertPoints',
      label: 'Flag a margin change on receiving (points)',
      kind: 'number',
      min: 0,
      max: 100,
      step: 0.5,
      hint: 'A delivery whose cost moves a margin by more than this shows it, with the price that keeps the old margin.',
    },
    {
      key: 'defaultSupplier',
      label: 'Default supplier',
      kind: 'text',
      maxLength: 200,
      hint: 'Filled in on a new product.',
    },
    {
      key: 'skuGeneration',
      label: 'SKUs',
      kind: 'choice',
      options: options({ manual: 'Typed by hand', automatic: 'Made automatically' }),
      hint: 'Automatic SKUs are the prefix and the next number, filled in on a new product.',
    },
    { key: 'skuPrefix', label: 'SKU prefix', kind: 'text', maxLength: 20 },
    {
      key: 'skuStartingNumber',
      label: 'SKU starting number',
      kind: 'number',
      min: 0,
      max: 1_000_000_000,
    },
    { key: 'skuDigits', label: 'SKU digits', kind: 'number', min: 1, max: 12 },
  ];

const DIGEST_HINT =
  'A mail to the recipients below, once a period, when something is at or under your low-stock threshold.';
const NOT_RAISED_YET = 'Kept for an alert Vintry does not raise yet.';

export const NOTIFICATION_FIELDS: readonly SettingField<InventorySettings['notifications']>[] = [
  {
    key: 'lowStockEmailsEnabled',
    label: 'Email about low stock',
    kind: 'boolean',
    hint: DIGEST_HINT,
  },
  {
    key: 'lowStockFrequency',
    label: 'Low stock emails',
    kind: 'choice',
    options: options({
      immediately: 'Immediately (at most hourly)',
      daily: 'Daily',
      weekly: 'Weekly',
    }),
  },
  {
    key: 'lowStockRecipients',
    label: 'Low stock email recipients (one address per line)',
    kind: 'list',
  },
  {
    key: 'expiryAlertsEnabled',
    label: 'Alert before products expire',
    kind: 'boolean',
    hint: NOT_RAISED_YET,
  },
  {
    key: 'expiryWarningPeriod',
    label: 'Days of warning before expiry',
    kind: 'number',
    min: 1,
    max: 3650,
  },
  {
    key: 'priceChangeAlertsEnabled',
    label: 'Alert on price changes',
    kind: 'boolean',
    hint: NOT_RAISED_YET,
  },
  {
    key: 'priceChangeThreshold',
    label: 'Price change worth an alert (%)',
    kind: 'number',
    min: 0,
    max: 100,
    step: 0.1,
  },
  {
    key: 'deadStockAlertsEnabled',
    label: 'Alert on dead stock',
    kind: 'boolean',
    hint: NOT_RAISED_YET,
  },
  {
    key: 'deadStockPeriod',
    label: 'Dead stock after this many days without a sale',
    kind: 'number',
    min: 1,
    max: 3650,
  },
  {
    key: 'deadStockFrequency',
    label: 'Dead stock alerts',
    kind: 'choice',
    options: options({ weekly: 'Weekly', monthly: 'Monthly', quarterly: 'Quarterly' }),
  },
  {
    key: 'countVarianceThreshold',
    label: 'Count variance worth an alert (units of a product)',
    kind: 'number',
    min: 0,
    max: 100_000,
  },
  {
    key: 'alertKindsOff',
    label: 'Alerts to show',
    kind: 'switches',
    options: SWITCHABLE_ALERT_KINDS.map((kind) => ({
      value: kind,
      label: ALERT_KIND_LABELS[kind],
    })),
    hint: 'Shown on Alerts and counted on its badge, for you alone. Changes this device could not send always show.',
  },
];
