import { defineRead } from '#shared/read-declaration.ts';
import { SupplierListSchema } from './supplier.ts';

/** Every supplier of the business, by name. Devices keep them through the pull (feeds.ts). */
export const suppliersRead = defineRead({
  route: '/suppliers',
  access: 'signed-in',
  answer: SupplierListSchema,
  caching: 'never',
});

export const purchasingReads = [suppliersRead];
