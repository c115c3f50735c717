import { ProductSalesSchema } from '#domains/sales/sale.ts';
import { apiJson } from '../api-client.ts';

/** This device's time zone: a shop's month ends at its own midnight. */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** A product's sales this month and by month over a year, from the server (online only). */
export const productSalesQuery = (productId: number) => ({
  queryKey: ['sales', 'product', productId] as const,
  queryFn: () =>
    apiJson(
      `/sales/products/${productId}/summary?tz=${encodeURIComponent(timeZone())}`,
      ProductSalesSchema,
    ),
  staleTime: 0,
  retry: false,
});
