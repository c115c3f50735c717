import { ProductHistorySchema } from '#domains/products/product-write.ts';
import { apiJson } from '../api-client.ts';

/**
 * A product's changes as the server logged them (GET /catalogue/products/{id}/history): asked
 * afresh each time the history opens, so a change just saved is in it.
 */
export const productHistoryQuery = (productId: number) => ({
  queryKey: ['catalogue', 'history', productId] as const,
  queryFn: () => apiJson(`/catalogue/products/${productId}/history`, ProductHistorySchema),
  staleTime: 0,
  retry: false,
});
