import { defineWrite } from '#shared/write-declaration.ts';
import { OrderCreateSchema, OrderPatchSchema, OrderSendSchema } from './purchase-order.ts';
import {
  DeliveryCountsSchema,
  DeliveryInvoiceSchema,
  DeliveryPostSchema,
  DeliveryStartSchema,
} from './receiving.ts';
import { SupplierCreateSchema, SupplierPatchSchema } from './supplier.ts';

/** A supplier made, and edited field by field (supplier.ts). */
export const createSupplierWrite = defineWrite({
  op: 'supplier.create',
  method: 'POST',
  route: '/suppliers',
  access: 'purchasing.manage',
  body: SupplierCreateSchema,
  role: 'create',
});

export const editSupplierWrite = defineWrite({
  op: 'supplier.update',
  method: 'PATCH',
  route: '/suppliers/:id',
  access: 'purchasing.manage',
  body: SupplierPatchSchema,
  role: 'update',
});

/** A purchase order's life (purchase-order.ts): a draft made and changed, sent, or cancelled. */
export const createOrderWrite = defineWrite({
  op: 'purchase-order.create',
  method: 'POST',
  route: '/purchasing/orders',
  access: 'purchasing.manage',
  body: OrderCreateSchema,
  role: 'create',
});

export const editOrderWrite = defineWrite({
  op: 'purchase-order.update',
  method: 'PATCH',
  route: '/purchasing/orders/:id',
  access: 'purchasing.manage',
  body: OrderPatchSchema,
  role: 'update',
});

export const sendOrderWrite = defineWrite({
  op: 'purchase-order.send',
  method: 'POST',
  route: '/purchasing/orders/:id/send',
  access: 'purchasing.manage',
  body: OrderSendSchema,
  role: 'append',
});

export const cancelOrderWrite = defineWrite({
  op: 'purchase-order.cancel',
  method: 'POST',
  route: '/purchasing/orders/:id/cancel',
  access: 'purchasing.manage',
  body: null,
  role: 'append',
});

/** A delivery received (receiving.ts): started, counted on each device, invoiced, posted. */
export const startDeliveryWrite = defineWrite({
  op: 'delivery.start',
  method: 'POST',
  route: '/purchasing/deliveries',
  access: 'purchasing.receive',
  body: DeliveryStartSchema,
  role: 'create',
});

export const countDeliveryWrite = defineWrite({
  op: 'delivery.counts',
  method: 'PUT',
  route: '/purchasing/deliveries/:id/counts',
  access: 'purchasing.receive',
  body: DeliveryCountsSchema,
  role: 'update',
});

export const invoiceDeliveryWrite = defineWrite({
  op: 'delivery.invoice',
  method: 'PUT',
  route: '/purchasing/deliveries/:id/invoice',
  access: 'purchasing.receive',
  body: DeliveryInvoiceSchema,
  role: 'update',
});

export const postDeliveryWrite = defineWrite({
  op: 'delivery.post',
  method: 'POST',
  route: '/purchasing/deliveries/:id/post',
  access: 'purchasing.manage',
  body: DeliveryPostSchema,
  role: 'append',
});
