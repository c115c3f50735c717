import { defineRead } from '#shared/read-declaration.ts';
import { CustomerOrderListSchema } from './customer-order.ts';

/** Every customer order of the business, by day. Devices keep them through the pull. */
export const customerOrdersRead = defineRead({
  route: '/orders',
  access: 'signed-in',
  answer: CustomerOrderListSchema,
  caching: 'never',
});

export const customerOrdersReads = [customerOrdersRead];
