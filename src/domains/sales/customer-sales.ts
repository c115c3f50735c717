import * as v from 'valibot';

/**
 * A customer's purchases (GET /sales/customers/{id}/summary): their sales, newest first (the
 * latest CUSTOMER_SALES_SHOWN), what they spent over all of them less what came back, the
 * average sale, their last visit and the categories they buy most. Cents throughout.
 */
export const CUSTOMER_SALES_SHOWN = 500;
export const FAVOURITE_CATEGORIES = 3;
/** A product with no category counts under this name. */
export const NO_CATEGORY = 'Uncategorised';

export const CustomerSaleSchema = v.object({
  id: v.string(),
  receipt: v.string(),
  made_at: v.string(),
  total_cents: v.number(),
  /** What came back of it (returns), in cents. */
  refunded_cents: v.number(),
  items: v.number(),
});
export type CustomerSale = v.InferOutput<typeof CustomerSaleSchema>;

export const CustomerSalesSchema = v.object({
  count: v.number(),
  /** Lifetime spend: every sale's total less every refund of them. */
  spent_cents: v.number(),
  /** The mean sale total, rounded to the cent; null before the first sale. */
  average_cents: v.nullable(v.number()),
  last_visit: v.nullable(v.string()),
  categories: v.array(v.object({ category: v.string(), units: v.number() })),
  sales: v.array(CustomerSaleSchema),
});
export type CustomerSales = v.InferOutput<typeof CustomerSalesSchema>;
