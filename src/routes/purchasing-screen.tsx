import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useCan } from '#data/hooks/use-permissions.ts';
import {
  PurchasingPage,
  type PurchasingView,
} from '#features/purchasing/components/purchasing-page.tsx';

const route = getRouteApi('/signed-in/purchasing');

export function PurchasingScreen() {
  const search = route.useSearch();
  const canManage = useCan('purchasing.manage');
  const navigate = useNavigate();
  const view: PurchasingView = {
    tab: search.tab ?? (canManage ? 'suggestions' : 'deliveries'),
    order: search.order,
    delivery: search.delivery,
    supplier: search.supplier,
  };
  return (
    <PurchasingPage
      view={view}
      onNavigate={(next) => void navigate({ to: '/purchasing', search: next })}
    />
  );
}
