import { paymentSettingsHandler } from '../repositories/payment-settings.ts';
import { returnHandlers } from '../repositories/returns.ts';
import { saleHandlers } from '../repositories/sales.ts';
import { shiftHandlers } from '../repositories/shifts.ts';
import { defineDeviceDomain } from '../sync/device-domain.ts';

export const salesOnDevice = defineDeviceDomain({
  name: 'sales',
  writeHandlers: [...saleHandlers, ...returnHandlers, ...shiftHandlers, paymentSettingsHandler],
});
