import {
  customerOrderHandlers,
  customerOrdersDeviceFeed,
} from '../repositories/customer-orders.ts';
import { defineDeviceDomain } from '../sync/device-domain.ts';

export const customerOrdersOnDevice = defineDeviceDomain({
  name: 'customer-orders',
  writeHandlers: customerOrderHandlers,
  feeds: [customerOrdersDeviceFeed],
});
