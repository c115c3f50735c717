import { PRODUCT_FIELD_TABLE, productField } from './fields.ts';
import { marginPercent, round2 } from './pricing.ts';
import {
  type CustomValue,
  columnValue,
  type InventoryItem,
  mapEnhancedProduct,
  setFieldValue,
} from './product.ts';
import type { ProductChanges } from './product-write.ts';
import { stockStatus } from './status.ts';

/**
 * A product as the screens hold it, changed by a write: the edit's changed fields laid over it,
 * a new product made from its fields, and the fields a product would be made again from. Pure:
 * the optimistic view of a write on the device is made by these, as the server's answer will be.
 */
/** Applies changes (server keys) to a row as the screens hold it, with its margin again. */
export function applyProductChanges(item: InventoryItem, changes: ProductChanges): InventoryItem {
  const next: InventoryItem = { ...item, custom: { ...item.custom } };
  for (const [key, value] of Object.entries(changes)) {
    const spec = productField(key);
    if (spec) setFieldValue(next, spec, value);
    else next.custom[key] = value as CustomValue;
  }
  const margin = marginPercent(next.listPrice, next.luc, next.gst);
  next.margin = margin === null ? 0 : round2(margin);
  return next;
}

/**
 * A product added here as the screens show it until the server answers: built the way the
 * server's answer is read, so nothing moves when it comes (a new product has no stock yet).
 */
export function newProductItem(id: number, fields: ProductChanges): InventoryItem {
  const columns = Object.entries(fields).map(([key, value]) => ({ key, value }));
  columns.push({ key: 'stock_quantity', value: 0 }, { key: 'status', value: stockStatus(0) });
  return applyProductChanges(mapEnhancedProduct({ id, columns }), {});
}

/** A product's values by their write keys: what a new product made from it would carry. */
export function productFieldsOf(item: InventoryItem): ProductChanges {
  const fields: ProductChanges = {};
  for (const spec of PRODUCT_FIELD_TABLE) {
    const value = columnValue(item, spec.column);
    if (spec.kind === 'money') {
      const number = Number(value);
      if (value !== undefined && value !== '' && Number.isFinite(number)) {
        fields[spec.key] = number.toFixed(2);
      }
    } else if (spec.empty !== 'none' || (value !== undefined && value !== '')) {
      fields[spec.key] = String(value ?? '');
    }
  }
  for (const [key, value] of Object.entries(item.custom)) {
    if (value !== null) fields[key] = value;
  }
  return fields;
}
