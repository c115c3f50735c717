import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { lazy } from 'react';
import { useCan } from '#data/hooks/use-permissions.ts';
import {
  InventoryPage,
  type InventoryTab,
} from '#features/inventory/components/inventory-page.tsx';

// Loaded when Settings is first opened: its column ordering (SortableJS) is not needed to paint
// the grid.
const SettingsPanel = lazy(() =>
  import('#features/settings/components/settings-panel.tsx').then((module) => ({
    default: module.SettingsPanel,
  })),
);
const CustomFieldsManager = lazy(() =>
  import('#features/custom-fields/components/custom-fields-manager.tsx').then((module) => ({
    default: module.CustomFieldsManager,
  })),
);

const route = getRouteApi('/signed-in/inventory');

/** Inventory Management, with the settings panel and the custom fields manager composed in. */
export function InventoryScreen() {
  const { tab, product, open, barcode } = route.useSearch();
  const navigate = useNavigate();
  const canManageFields = useCan('fields.manage');
  const canSaveSettings = useCan('settings.manage');
  const goTo = (next: InventoryTab) =>
    void navigate({ to: '/inventory', search: next === 'inventory' ? {} : { tab: next } });
  return (
    <InventoryPage
      tab={tab ?? 'inventory'}
      onTabChange={goTo}
      opening={product === undefined ? undefined : { productId: product, action: open ?? 'detail' }}
      // Opened once: a refresh or Back does not open it again.
      onOpened={() => void navigate({ to: '/inventory', search: {}, replace: true })}
      newBarcode={barcode}
      onViewOrders={() => void navigate({ to: '/purchasing', search: { tab: 'orders' } })}
      settingsPanel={
        <SettingsPanel
          customFieldsManager={
            canManageFields ? (
              <CustomFieldsManager />
            ) : (
              <p className="settings-soon">Custom fields are managed by owners and managers.</p>
            )
          }
          canSaveSettings={canSaveSettings}
          onCancel={() => goTo('add')}
        />
      }
    />
  );
}
