import { stocktakeHandlers, stocktakesDeviceFeed } from '../repositories/stocktakes.ts';
import { defineDeviceDomain } from '../sync/device-domain.ts';

export const stocktakesOnDevice = defineDeviceDomain({
  name: 'stocktakes',
  writeHandlers: stocktakeHandlers,
  feeds: [stocktakesDeviceFeed],
});
