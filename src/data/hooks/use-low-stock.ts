import { useMemo } from 'react';
import { type DashboardSnapshot, selectLowStock } from '#shared/dashboard/snapshot.ts';
import { useStoredCatalogue } from '../repositories/catalogue.ts';
import { useShownCatalogue } from './use-catalogue-writes.ts';
import { useStoredInventorySettings } from './use-stored.ts';

const NO_ITEMS = [] as const;

/**
 * Low Stock Alerts from the catalogue held on this device, with the stock movements still
 * waiting to be sent: they follow an adjustment at once, also offline. Undefined until the
 * device holds the catalogue (the dashboard then shows the server's).
 */
export function useLocalLowStock(): DashboardSnapshot['lowStock'] | undefined {
  const stored = useStoredCatalogue();
  const settings = useStoredInventorySettings();
  const shown = useShownCatalogue(
    stored?.items ?? NO_ITEMS,
    settings?.settings.stockManagement.lowStockThreshold,
  );
  const held = Boolean(stored?.meta);
  return useMemo(
    () =>
      held
        ? selectLowStock(
            shown.items.map((item) => ({
              id: item.id,
              name: item.product,
              stock: item.stock_quantity ?? 0,
            })),
          )
        : undefined,
    [held, shown.items],
  );
}
