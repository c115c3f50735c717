import * as v from 'valibot';
import { defineWrite } from '#shared/write-declaration.ts';
import { CustomerCreateSchema, CustomerMergeSchema, CustomerPatchSchema } from './customer.ts';

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

/**
 * A customer's details erased at their request (a manager or owner, online): name, email, phone,
 * address, notes, tags, consent and birthday gone for good; their sales and orders stay under
 * ERASED_NAME.
 */
export const eraseCustomerWrite = defineWrite({
  op: 'customer.erase',
  method: 'POST',
  route: '/customers/:id/erase',
  access: 'customers.privacy',
  body: v.object({}),
  role: 'update',
});

/**
 * Two records of one person made one (a manager or owner, online): the other's sales and
 * orders move to this customer, whose missing details it fills (mergedDetails); the other is
 * left pointing here, and every device stops listing it.
 */
export const mergeCustomerWrite = defineWrite({
  op: 'customer.merge',
  method: 'POST',
  route: '/customers/:id/merge',
  access: 'customers.privacy',
  body: CustomerMergeSchema,
  role: 'update',
});
