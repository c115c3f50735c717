import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { OrdersPage, type OrdersView } from '#features/orders/components/orders-page.tsx';

const route = getRouteApi('/signed-in/orders');

export function OrdersScreen() {
  const search = route.useSearch();
  const navigate = useNavigate();
  const view: OrdersView = { view: search.day ?? 'upcoming', order: search.order };
  return (
    <OrdersPage
      view={view}
      onNavigate={(next) =>
        void navigate({
          to: '/orders',
          search: { day: next.view === 'upcoming' ? undefined : next.view, order: next.order },
        })
      }
    />
  );
}
