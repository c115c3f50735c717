import { DESCRIPTION_CUTOFF, SKU_DIGITS } from './constants.ts';
import { fieldOfColumn, type ProductFieldSpec, shownOption } from './fields.ts';
import { parseNumber } from './product.ts';

/** Display rules of spec sections 2 and 9 for inventory cells and the product detail. */

const currencyFormat = new Intl.NumberFormat('en-AU', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Currency: '$' and 2 decimals (negative amounts as '-$1.50'). */
export function formatCurrency(value: number): string {
  const text = currencyFormat.format(Math.abs(value));
  return value < 0 ? `-$${text}` : `$${text}`;
}

export function formatPercent(value: number, decimals = 2): string {
  return `${value.toFixed(decimals)}%`;
}

/** The id padded to 6 digits, as shown after 'SKU:' in the product detail. */
export function formatSku(id: number): string {
  return String(id).padStart(SKU_DIGITS, '0');
}

/**
 * The SKU the product popup's header shows: the product's own, and the spec's id padded to 6
 * digits only for a product that has none (the spec's prototype had no SKUs of its own).
 */
export function headerSku(item: { id: number; sku?: string | undefined }): string {
  return item.sku?.trim() ? item.sku : formatSku(item.id);
}

/** Description cut to 30 characters followed by '...'; shorter text is shown whole. */
export function truncateDescription(text: string): string {
  return text.length > DESCRIPTION_CUTOFF ? `${text.slice(0, DESCRIPTION_CUTOFF)}...` : text;
}

/** A number field's value with its unit: '14.5 %', '750 ml', '94/100'. */
export function withUnit(spec: Pick<ProductFieldSpec, 'unit'>, text: string): string {
  if (!spec.unit) return text;
  return spec.unit.startsWith('/') ? `${text}${spec.unit}` : `${text} ${spec.unit}`;
}

const NOT_AVAILABLE_WHEN_MISSING = new Set([
  'sku',
  'cost_price',
  'retail_price',
  'category',
  'supplier',
  'description',
]);
const CURRENCY_COLUMNS = new Set(['luc', 'gst', 'listPrice', 'cost_price', 'retail_price']);

const isMissing = (value: unknown) => value === undefined || value === null || value === '';

/** What an empty value shows: a dash, never a blank or 'Unknown'. */
export const EMPTY_TEXT = '—';

/** The text a table cell shows for a column's value. */
export function cellText(key: string, value: unknown): string {
  if (isMissing(value)) {
    if (NOT_AVAILABLE_WHEN_MISSING.has(key)) return 'N/A';
    if (key === 'stock_quantity') return '0';
    return EMPTY_TEXT;
  }
  if (CURRENCY_COLUMNS.has(key)) return formatCurrency(parseNumber(value));
  if (key === 'margin') return formatPercent(parseNumber(value));
  if (key === 'description') return truncateDescription(String(value));
  const spec = fieldOfColumn(key);
  if (spec?.kind === 'number') return withUnit(spec, String(value));
  if (spec?.kind === 'choice') return shownOption(spec, String(value));
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** Margin is green above 0, red otherwise. */
export function marginTone(margin: number): 'green' | 'red' {
  return margin > 0 ? 'green' : 'red';
}
