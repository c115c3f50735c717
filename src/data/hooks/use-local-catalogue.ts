import { useStoredCatalogue } from '../repositories/catalogue.ts';
import { useShownCatalogue } from './use-catalogue-writes.ts';
import { useStoredInventorySettings } from './use-stored.ts';

const NO_ITEMS = [] as const;

/**
 * The catalogue held on this device with the changes still waiting to be sent, its status at
 * the user's low-stock threshold: what screens outside the inventory table look products up in.
 * `held` is false until the device has ever stored the catalogue; `loaded` until it is read.
 */
export function useLocalCatalogue() {
  const stored = useStoredCatalogue();
  const settings = useStoredInventorySettings();
  const shown = useShownCatalogue(
    stored?.items ?? NO_ITEMS,
    settings?.settings.stockManagement.lowStockThreshold,
  );
  return { items: shown.items, held: Boolean(stored?.meta), loaded: stored !== undefined };
}
