import { columnPreferenceHandlers } from '../repositories/column-preferences.ts';
import { inventorySettingsHandler } from '../repositories/inventory-settings.ts';
import { defineDeviceDomain } from '../sync/device-domain.ts';

export const preferencesOnDevice = defineDeviceDomain({
  name: 'preferences',
  writeHandlers: [...columnPreferenceHandlers, inventorySettingsHandler],
});
