import { alertHandlers } from '../repositories/alerts.ts';
import { defineDeviceDomain } from '../sync/device-domain.ts';

export const alertsOnDevice = defineDeviceDomain({
  name: 'alerts',
  writeHandlers: alertHandlers,
});
