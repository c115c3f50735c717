import { customFieldHandlers } from '../repositories/custom-fields.ts';
import { defineDeviceDomain } from '../sync/device-domain.ts';

export const customFieldsOnDevice = defineDeviceDomain({
  name: 'custom-fields',
  writeHandlers: customFieldHandlers,
});
