import { catalogueDeviceFeed } from '../repositories/catalogue.ts';
import { productHandlers } from '../repositories/products.ts';
import { defineDeviceDomain } from '../sync/device-domain.ts';

export const productsOnDevice = defineDeviceDomain({
  name: 'products',
  writeHandlers: productHandlers,
  feeds: [catalogueDeviceFeed],
});
