import { defineWrite } from '#shared/write-declaration.ts';
import { ColumnPreferencesPutSchema } from './column-preferences.ts';
import { InventorySettingsSchema } from './inventory-settings.ts';

/** A person's own column layout of a table, saved whole: the last save wins. */
export const saveColumnsWrite = defineWrite({
  op: 'columns.save',
  method: 'PUT',
  route: '/preferences/columns/:table',
  access: 'signed-in',
  body: ColumnPreferencesPutSchema,
  role: 'save-state',
});

/** The inventory settings of spec section 3, saved whole. */
export const saveInventorySettingsWrite = defineWrite({
  op: 'inventory-settings.save',
  method: 'PUT',
  route: '/preferences/inventory-settings',
  access: 'settings.manage',
  body: InventorySettingsSchema,
  role: 'save-state',
});
