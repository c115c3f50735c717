import { useMemo } from 'react';
import { type DashboardSnapshot, selectLowStock } from '#domains/dashboard/snapshot.ts';
import { itemName } from '#domains/products/display-name.ts';
import { availableOf } from '#domains/products/product.ts';
import { useLocalCatalogue } from './use-local-catalogue.ts';

/**
 * Low Stock Alerts from the catalogue held on this device, on what is available (on hand less
 * what customer orders reserve), with the stock movements and orders still waiting to be sent:
 * they follow an adjustment or an order at once, also offline. Undefined until the device holds
 * the catalogue (the dashboard then shows the server's).
 */
export function useLocalLowStock(): DashboardSnapshot['lowStock'] | undefined {
  const shown = useLocalCatalogue();
  const { held } = shown;
  return useMemo(
    () =>
      held
        ? selectLowStock(
            shown.items.map((item) => ({
              id: item.id,
              name: itemName(item),
              stock: availableOf(item),
            })),
          )
        : undefined,
    [held, shown.items],
  );
}
