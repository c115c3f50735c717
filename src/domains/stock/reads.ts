import { defineRead } from '#shared/read-declaration.ts';
import { StockMovementsSchema } from './movement.ts';

export const stockMovementsRead = defineRead({
  route: '/stock/products/:id/movements',
  access: 'signed-in',
  answer: StockMovementsSchema,
  caching: 'network-first',
});

export const stockReads = [stockMovementsRead];
