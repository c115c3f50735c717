import { productReorderRead, reorderSuggestionsRead } from '#domains/purchasing/reads.ts';
import { readJson } from '../api-client.ts';

/**
 * Buying's reads: a product's reorder figures (the popup's Stock & Orders) and the reorder
 * suggestions, worked out by the server from its sales; the service worker keeps the last answer
 * for viewing offline.
 */
export const productReorderQuery = (productId: number) => ({
  queryKey: ['purchasing', 'reorder', productId] as const,
  queryFn: () => readJson(productReorderRead, { id: productId }),
  staleTime: 0,
  retry: false,
});

export const reorderSuggestionsQuery = () => ({
  queryKey: ['purchasing', 'suggestions'] as const,
  queryFn: () => readJson(reorderSuggestionsRead, {}),
  staleTime: 0,
  retry: false,
});
