import { productHistoryRead } from '#domains/products/reads.ts';
import { readJson } from '../api-client.ts';

/**
 * A product's changes as the server logged them (GET /catalogue/products/{id}/history): asked
 * afresh each time the history opens, so a change just saved is in it.
 */
export const productHistoryQuery = (productId: number) => ({
  queryKey: ['catalogue', 'history', productId] as const,
  queryFn: () => readJson(productHistoryRead, { id: productId }),
  staleTime: 0,
  retry: false,
});
