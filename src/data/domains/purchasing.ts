import {
  buyingHandlers,
  purchaseOrdersDeviceFeed,
  suppliersDeviceFeed,
} from '../repositories/buying.ts';
import { deliveriesDeviceFeed, deliveryHandlers } from '../repositories/deliveries.ts';
import { defineDeviceDomain } from '../sync/device-domain.ts';

export const purchasingOnDevice = defineDeviceDomain({
  name: 'purchasing',
  writeHandlers: [...buyingHandlers, ...deliveryHandlers],
  feeds: [suppliersDeviceFeed, purchaseOrdersDeviceFeed, deliveriesDeviceFeed],
});
