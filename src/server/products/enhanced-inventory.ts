import { BUYING_FIELD_SPECS, WINE_FIELD_SPECS } from '#domains/products/fields.ts';
import { marginPercent, round2 } from '#domains/products/pricing.ts';
import { stockStatus } from '#domains/products/status.ts';
import type { ProductRow } from './catalogue-repository.ts';

/**
 * The enhanced inventory answer `{products: [{id, version, columns: [{key, value}]}]}` with the server's
 * keys (name, list_price, margin_percent …) and every custom value by its field_key. Money goes
 * out as the exact decimal strings the database holds.
 */
export interface EnhancedColumn {
  key: string;
  value: unknown;
}

export function toEnhancedProduct(row: ProductRow): {
  id: number;
  version: number;
  /** The id the device that made it gave it, when one did. */
  ref?: string;
  columns: EnhancedColumn[];
} {
  const margin = marginPercent(Number(row.listPrice), Number(row.luc), Number(row.gst));
  const columns: EnhancedColumn[] = [
    { key: 'name', value: row.name },
    { key: 'sku', value: row.sku },
    { key: 'producer', value: row.producer },
    { key: 'country', value: row.country },
    { key: 'region', value: row.region },
    { key: 'appellation', value: row.appellation },
    { key: 'luc', value: row.luc },
    { key: 'gst', value: row.gst },
    { key: 'list_price', value: row.listPrice },
    { key: 'cost_price', value: row.costPrice },
    { key: 'retail_price', value: row.retailPrice },
    { key: 'stock_quantity', value: row.stockQuantity },
    { key: 'margin_percent', value: margin === null ? 0 : round2(margin) },
    { key: 'status', value: stockStatus(row.stockQuantity) },
    { key: 'category', value: row.category },
    { key: 'supplier', value: row.supplier },
    { key: 'description', value: row.description },
    { key: 'barcode', value: row.barcode },
    { key: 'lastSaleDate', value: row.lastSaleDate },
    { key: 'createdDate', value: row.createdAt.toISOString().slice(0, 10) },
    { key: 'updatedDate', value: row.updatedAt.toISOString() },
  ];
  // A product stored before categories has none until the owner confirms one.
  if (row.taxCategory !== null) columns.push({ key: 'tax_category', value: row.taxCategory });
  // The wine's values, and how it is bought (its case: receiving scans case barcodes on the
  // device), go only where the product has them: most of a catalogue of 50,000 has few, and
  // every empty column would be sent and kept on each device.
  for (const spec of [...WINE_FIELD_SPECS, ...BUYING_FIELD_SPECS]) {
    const value = row[spec.row as keyof ProductRow];
    if (value !== null) columns.push({ key: spec.key, value });
  }
  for (const [key, value] of Object.entries(row.customValues)) columns.push({ key, value });
  return {
    id: row.id,
    version: row.version,
    ...(row.clientRef ? { ref: row.clientRef } : {}),
    columns,
  };
}

/**
 * Strong validators for one business's catalogue at one version, one per encoding: the gzip
 * bytes and the plain JSON are different representations, so they get different ETags.
 */
export function catalogueEtags(businessId: string, version: number) {
  const base = `catalogue-${businessId}-${version}`;
  return { identity: `"${base}"`, gzip: `"${base}-gzip"`, br: `"${base}-br"` };
}

/**
 * If-None-Match names one of the current ETags (or '*'): the client's copy is current. The
 * comparison is weak, as RFC 9110 says for If-None-Match, so a proxy's W/ prefix still matches.
 */
export function matchesEtag(ifNoneMatch: string | undefined, current: readonly string[]): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || current.includes(tag));
}
