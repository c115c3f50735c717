import { stockHandlers } from '../repositories/stock.ts';
import { defineDeviceDomain } from '../sync/device-domain.ts';

export const stockOnDevice = defineDeviceDomain({
  name: 'stock',
  writeHandlers: stockHandlers,
});
