import { defineRead } from '#shared/read-declaration.ts';
import { EnhancedInventorySchema } from './product.ts';
import { ProductHistorySchema } from './product-write.ts';

/** The whole catalogue; the page keeps it in IndexedDB, so never from the worker's cache. */
export const inventoryRead = defineRead({
  route: '/inventory/enhanced',
  access: 'signed-in',
  answer: EnhancedInventorySchema,
  caching: 'never',
});

export const productHistoryRead = defineRead({
  route: '/catalogue/products/:id/history',
  access: 'signed-in',
  answer: ProductHistorySchema,
  caching: 'network-first',
});

export const productReads = [inventoryRead, productHistoryRead];
