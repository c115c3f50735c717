import { defineRead } from '#shared/read-declaration.ts';
import { EnhancedInventorySchema } from './product.ts';
import { CatalogueChangesSchema, ProductHistorySchema } from './product-write.ts';

/** The whole catalogue; the page keeps it in IndexedDB, so never from the worker's cache. */
export const inventoryRead = defineRead({
  route: '/inventory/enhanced',
  access: 'signed-in',
  answer: EnhancedInventorySchema,
  caching: 'never',
});

/** What changed since a version (`?since=`): an old feed applied again would undo newer changes. */
export const catalogueChangesRead = defineRead({
  route: '/catalogue/changes',
  access: 'signed-in',
  answer: CatalogueChangesSchema,
  caching: 'never',
});

export const productHistoryRead = defineRead({
  route: '/catalogue/products/:id/history',
  access: 'signed-in',
  answer: ProductHistorySchema,
  caching: 'network-first',
});

export const productReads = [inventoryRead, catalogueChangesRead, productHistoryRead];
