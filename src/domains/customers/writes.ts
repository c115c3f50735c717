import * as v from 'valibot';
import { defineWrite } from '#shared/write-declaration.ts';
import { AccountLimitSchema, AccountPaymentSchema } from './account.ts';
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

/** A customer's account opened with a limit, its limit changed, or closed (null). */
export const accountLimitWrite = defineWrite({
  op: 'customer.account',
  method: 'PUT',
  route: '/customers/:id/account',
  access: 'customers.accounts',
  body: AccountLimitSchema,
  role: 'update',
});

/**
 * Money paid on a customer's account at a till, or a deposit for one of their orders: an entry
 * of their account (account.ts), made once by its id.
 */
export const accountPaymentWrite = defineWrite({
  op: 'customer.payment',
  method: 'POST',
  route: '/customers/:id/payments',
  access: 'sales.sell',
  body: AccountPaymentSchema,
  role: 'append',
});
