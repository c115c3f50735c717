import { marginPercent, type RetailRules, round2, roundedPrice } from '../products/pricing.ts';
import { isTaxCategory, suggestedGst } from '../products/tax.ts';

/**
 * What a delivery's cost does to a product's margin at its current list price (spec section 9's
 * margin: list price less LUC and GST on cost, over the list price). A change of more than the
 * shop's points (Product Defaults, 5 by default) is flagged, with the list price that keeps the
 * old margin at the new cost, rounded by Product Defaults' rule.
 */
export interface MarginChange {
  beforePercent: number | null;
  afterPercent: number | null;
  /** after − before, in percentage points; null when either is unknown. */
  points: number | null;
  beyond: boolean;
  /** The list price that keeps the old margin at the new cost, or null (no old margin). */
  keepingPrice: number | null;
}

export interface CostedProduct {
  listPrice: number;
  luc: number;
  gst: number;
  tax_category?: string | undefined;
}

/** The GST on cost a new LUC carries: by the product's category, else in proportion. */
export function gstOnCost(product: CostedProduct, luc: number): number {
  if (isTaxCategory(product.tax_category)) return suggestedGst(luc, product.tax_category);
  return product.luc > 0 ? round2((product.gst * luc) / product.luc) : 0;
}

export function marginChange(
  product: CostedProduct,
  lucAfter: number,
  alertPoints: number,
  rules: Omit<RetailRules, 'defaultMarkup'>,
): MarginChange {
  const gstAfter = gstOnCost(product, lucAfter);
  const beforePercent = marginPercent(product.listPrice, product.luc, product.gst);
  const afterPercent = marginPercent(product.listPrice, lucAfter, gstAfter);
  const points =
    beforePercent === null || afterPercent === null ? null : afterPercent - beforePercent;
  const beyond = points !== null && Math.abs(points) > alertPoints + 1e-9;
  const keepingPrice =
    beforePercent === null || beforePercent >= 100
      ? null
      : roundedPrice((lucAfter + gstAfter) / (1 - beforePercent / 100), rules);
  return { beforePercent, afterPercent, points, beyond, keepingPrice };
}
