import { accountHandlers, accountsDeviceFeed } from '../repositories/customer-accounts.ts';
import { customerHandlers, customersDeviceFeed } from '../repositories/customers.ts';
import { defineDeviceDomain } from '../sync/device-domain.ts';

export const customersOnDevice = defineDeviceDomain({
  name: 'customers',
  writeHandlers: [...customerHandlers, ...accountHandlers],
  feeds: [customersDeviceFeed, accountsDeviceFeed],
});
