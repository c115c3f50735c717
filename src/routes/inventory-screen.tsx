import { getRouteApi, useNavigate } from '@tanstack/react-router';
import {
  InventoryPage,
  type InventoryTab,
} from '#features/inventory/components/inventory-page.tsx';

const route = getRouteApi('/signed-in/inventory');

export function InventoryScreen() {
  const { tab } = route.useSearch();
  const navigate = useNavigate();
  return (
    <InventoryPage
      tab={tab ?? 'inventory'}
      onTabChange={(next: InventoryTab) =>
        void navigate({ to: '/inventory', search: next === 'inventory' ? {} : { tab: next } })
      }
    />
  );
}
