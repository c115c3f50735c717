import { defineRead } from '#shared/read-declaration.ts';
import { CustomerExportSchema, CustomerListSchema } from './customer.ts';

/** Every customer of the business, by name. Devices keep them through the pull (feeds.ts). */
export const customersRead = defineRead({
  route: '/customers',
  access: 'signed-in',
  answer: CustomerListSchema,
  caching: 'never',
});

/** One customer's data to hand them (managers and owners). */
export const customerExportRead = defineRead({
  route: '/customers/:id/export',
  access: 'customers.privacy',
  answer: CustomerExportSchema,
  caching: 'never',
});

export const customersReads = [customersRead, customerExportRead];
