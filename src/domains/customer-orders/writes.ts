import { defineWrite } from '#shared/write-declaration.ts';
import {
  CustomerOrderCreateSchema,
  CustomerOrderPatchSchema,
  CustomerOrderStatusSchema,
} from './customer-order.ts';

/** A customer order made, changed by detail and by line, and set open, ready or cancelled. */
export const createCustomerOrderWrite = defineWrite({
  op: 'customer-order.create',
  method: 'POST',
  route: '/orders',
  access: 'orders.edit',
  body: CustomerOrderCreateSchema,
  role: 'create',
});

export const editCustomerOrderWrite = defineWrite({
  op: 'customer-order.update',
  method: 'PATCH',
  route: '/orders/:id',
  access: 'orders.edit',
  body: CustomerOrderPatchSchema,
  role: 'update',
});

export const setCustomerOrderStatusWrite = defineWrite({
  op: 'customer-order.status',
  method: 'POST',
  route: '/orders/:id/status',
  access: 'orders.edit',
  body: CustomerOrderStatusSchema,
  role: 'append',
});
