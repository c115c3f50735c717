import { defineRead } from '#shared/read-declaration.ts';
import { CustomerListSchema } from './customer.ts';

/** Every customer of the business, by name. Devices keep them through the pull (feeds.ts). */
export const customersRead = defineRead({
  route: '/customers',
  access: 'signed-in',
  answer: CustomerListSchema,
  caching: 'never',
});

export const customersReads = [customersRead];
