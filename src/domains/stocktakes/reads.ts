import { defineRead } from '#shared/read-declaration.ts';
import { StocktakeDetailSchema, StocktakeListSchema } from './stocktake.ts';

export const stocktakesRead = defineRead({
  route: '/stocktakes',
  access: 'signed-in',
  answer: StocktakeListSchema,
  caching: 'network-first',
});

export const stocktakeRead = defineRead({
  route: '/stocktakes/:id',
  access: 'signed-in',
  answer: StocktakeDetailSchema,
  caching: 'network-first',
});

export const stocktakeReads = [stocktakesRead, stocktakeRead];
