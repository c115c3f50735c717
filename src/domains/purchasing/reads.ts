import { defineRead } from '#shared/read-declaration.ts';
import { OrderListSchema } from './purchase-order.ts';
import { DeliveryListSchema } from './receiving.ts';
import { ReorderLineSchema, ReorderSuggestionsSchema } from './reorder.ts';
import { SupplierListSchema } from './supplier.ts';

/** Every supplier of the business, by name. Devices keep them through the pull (feeds.ts). */
export const suppliersRead = defineRead({
  route: '/suppliers',
  access: 'signed-in',
  answer: SupplierListSchema,
  caching: 'never',
});

/** The products to order now, grouped by supplier (reorder.ts). */
export const reorderSuggestionsRead = defineRead({
  route: '/purchasing/suggestions',
  access: 'purchasing.manage',
  answer: ReorderSuggestionsSchema,
  caching: 'network-first',
});

/** One product's reorder figures and how they were worked out: the popup's Stock & Orders. */
export const productReorderRead = defineRead({
  route: '/purchasing/products/:id/reorder',
  access: 'signed-in',
  answer: ReorderLineSchema,
  caching: 'network-first',
});

/** Purchase orders, newest first; `?product={id}`: those with a line of that product. */
export const ordersRead = defineRead({
  route: '/purchasing/orders',
  access: 'signed-in',
  answer: OrderListSchema,
  caching: 'never',
});

/** Deliveries, newest first; `?product={id}`: those with a line of that product. */
export const deliveriesRead = defineRead({
  route: '/purchasing/deliveries',
  access: 'signed-in',
  answer: DeliveryListSchema,
  caching: 'never',
});

export const purchasingReads = [
  deliveriesRead,
  suppliersRead,
  reorderSuggestionsRead,
  productReorderRead,
  ordersRead,
];
