import { defineWrite } from '#shared/write-declaration.ts';
import { SaleSchema } from './sale.ts';

/** A sale made on a tablet: recorded once by its id, however often it is sent. */
export const recordSaleWrite = defineWrite({
  op: 'sale.record',
  method: 'POST',
  route: '/sales',
  access: 'sales.sell',
  body: SaleSchema,
  role: 'append',
});
