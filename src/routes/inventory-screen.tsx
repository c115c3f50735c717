import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useCan } from '#data/hooks/use-permissions.ts';
import { CustomFieldsManager } from '#features/custom-fields/components/custom-fields-manager.tsx';
import {
  InventoryPage,
  type InventoryTab,
} from '#features/inventory/components/inventory-page.tsx';
import { SettingsPanel } from '#features/settings/components/settings-panel.tsx';

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
      onViewOrders={() => void navigate({ to: '/orders' })}
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
