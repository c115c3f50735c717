import { defineWrite } from '#shared/write-declaration.ts';
import { SaleSchema, TillRequestSchema } from './sale.ts';

/** A sale made on a tablet: recorded once by its id, however often it is sent. */
export const recordSaleWrite = defineWrite({
  op: 'sale.record',
  method: 'POST',
  route: '/sales',
  access: 'sales.sell',
  body: SaleSchema,
  role: 'append',
});

/** A tablet asks for its till code (once, online): the same tablet always gets the same one. */
export const registerTillWrite = defineWrite({
  op: 'sale.till',
  method: 'POST',
  route: '/sales/tills',
  access: 'sales.sell',
  body: TillRequestSchema,
  role: 'append',
});
