import * as v from 'valibot';
import { defineRead } from '#shared/read-declaration.ts';
import {
  ColumnPreferenceSchema,
  ColumnPreferenceStatsSchema,
  ColumnPreferencesAnswerSchema,
} from './column-preferences.ts';
import { InventorySettingsAnswerSchema } from './inventory-settings.ts';

/** A person's columns of a table, and the spec's three views of them. */
export const columnPreferencesRead = defineRead({
  route: '/preferences/columns/:table',
  access: 'signed-in',
  answer: ColumnPreferencesAnswerSchema,
  caching: 'network-first',
});

export const visibleColumnsRead = defineRead({
  route: '/preferences/columns/:table/visible',
  access: 'signed-in',
  answer: v.object({ visible_columns: v.array(v.string()) }),
  caching: 'network-first',
});

export const defaultColumnsRead = defineRead({
  route: '/preferences/columns/:table/defaults',
  access: 'signed-in',
  answer: v.object({ defaults: v.array(ColumnPreferenceSchema) }),
  caching: 'network-first',
});

export const columnStatsRead = defineRead({
  route: '/preferences/columns/:table/stats',
  access: 'signed-in',
  answer: v.object({ stats: ColumnPreferenceStatsSchema }),
  caching: 'network-first',
});

export const inventorySettingsRead = defineRead({
  route: '/preferences/inventory-settings',
  access: 'signed-in',
  answer: InventorySettingsAnswerSchema,
  caching: 'network-first',
});

export const preferenceReads = [
  columnPreferencesRead,
  visibleColumnsRead,
  defaultColumnsRead,
  columnStatsRead,
  inventorySettingsRead,
];
