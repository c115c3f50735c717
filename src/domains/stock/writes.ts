import { defineWrite } from '#shared/write-declaration.ts';
import { StockMovementRequestSchema } from './movement.ts';

/** A stock movement of a product: an adjustment with its reason, never merged with another. */
export const adjustStockWrite = defineWrite({
  op: 'stock.adjust',
  method: 'POST',
  route: '/stock/products/:id/movements',
  access: 'stock.move',
  body: StockMovementRequestSchema,
  role: 'append',
});
