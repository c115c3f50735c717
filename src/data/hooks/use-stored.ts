import { useLiveQuery } from 'dexie-react-hooks';
import type { EntityType } from '#domains/custom-fields/field-types.ts';
import { db, type StoredInventorySettings } from '../db.ts';
import { localDefinitions } from '../repositories/custom-fields.ts';
import { parkedSales } from '../repositories/parked-sales.ts';
import { storedPaymentSettings } from '../repositories/payment-settings.ts';
import { unsentSales } from '../repositories/sales.ts';
import { openShiftHere } from '../repositories/shifts.ts';
import { storedTill } from '../repositories/tills.ts';

/**
 * What the screens read from Dexie, re-read whenever it changes. Kept apart from the
 * repositories, which the service worker runs too, so React stays out of the worker.
 */
/** The stored preferences: undefined while being read, null when there are none yet. */
export function useStoredColumnPreferences(table: string) {
  return useLiveQuery(async () => (await db.columnPreferences.get(table)) ?? null, [table]);
}

/** The business's custom fields of an entity type; undefined while being read. */
export function useStoredCustomFields(entityType: EntityType) {
  return useLiveQuery(() => localDefinitions(entityType), [entityType]);
}

/** The user's inventory settings; undefined while being read or when none are stored. */
export function useStoredInventorySettings(): StoredInventorySettings | undefined {
  return useLiveQuery(() => db.inventorySettings.get('inventory'), []);
}

/** How many sales made here the server does not have yet; undefined while being read. */
export function useUnsentSales(): number | undefined {
  return useLiveQuery(() => unsentSales(), []);
}

/** This tablet's till in a business; undefined while being read, null when it has none. */
export function useStoredTill(businessId: string | undefined) {
  return useLiveQuery(
    async () => (businessId ? ((await storedTill(businessId)) ?? null) : null),
    [businessId],
  );
}

/** The shop's Payment & Tax settings stored here; undefined while read, null when none are. */
export function useStoredPaymentSettings(businessId: string | undefined) {
  return useLiveQuery(
    async () => (businessId ? ((await storedPaymentSettings(businessId))?.answer ?? null) : null),
    [businessId],
  );
}

/** The sales parked on this tablet in a business; undefined while being read. */
export function useParkedSales(businessId: string | undefined) {
  return useLiveQuery(async () => (businessId ? parkedSales(businessId) : []), [businessId]);
}

/** The shift open on this tablet; undefined while being read, null when none is. */
export function useOpenShift(businessId: string | undefined) {
  return useLiveQuery(
    async () => (businessId ? ((await openShiftHere(businessId)) ?? null) : null),
    [businessId],
  );
}
