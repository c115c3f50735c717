import { defineWrite } from '#shared/write-declaration.ts';
import { StocktakeCloseSchema, StocktakeLinesSchema, StocktakeStartSchema } from './stocktake.ts';

/** A count's life: started, counted (a device's lines), then closed or cancelled. */
export const startStocktakeWrite = defineWrite({
  op: 'stocktake.start',
  method: 'POST',
  route: '/stocktakes',
  access: 'stocktake.manage',
  body: StocktakeStartSchema,
  role: 'create',
});

export const countLinesWrite = defineWrite({
  op: 'stocktake.lines',
  method: 'PUT',
  route: '/stocktakes/:id/lines',
  access: 'stocktake.count',
  body: StocktakeLinesSchema,
  role: 'update',
});

export const closeStocktakeWrite = defineWrite({
  op: 'stocktake.close',
  method: 'POST',
  route: '/stocktakes/:id/close',
  access: 'stocktake.manage',
  body: StocktakeCloseSchema,
  role: 'append',
});

export const cancelStocktakeWrite = defineWrite({
  op: 'stocktake.cancel',
  method: 'POST',
  route: '/stocktakes/:id/cancel',
  access: 'stocktake.manage',
  body: null,
  role: 'append',
});
