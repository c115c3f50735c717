import { defineWrite } from '#shared/write-declaration.ts';
import { CustomerCreateSchema, CustomerPatchSchema } from './customer.ts';

/** A customer made, and edited field by field (customer.ts). */
export const createCustomerWrite = defineWrite({
  op: 'customer.create',
  method: 'POST',
  route: '/customers',
  access: 'customers.edit',
  body: CustomerCreateSchema,
  role: 'create',
});

export const editCustomerWrite = defineWrite({
  op: 'customer.update',
  method: 'PATCH',
  route: '/customers/:id',
  access: 'customers.edit',
  body: CustomerPatchSchema,
  role: 'update',
});
