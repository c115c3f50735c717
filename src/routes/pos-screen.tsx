import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { PosPage } from '#features/pos/components/pos-page.tsx';

const route = getRouteApi('/signed-in/pos');

/** /pos, or /pos?order=… to complete a customer order: rung up once, then the address is plain. */
export function PosScreen() {
  const { order } = route.useSearch();
  const navigate = useNavigate();
  return (
    <PosPage
      orderId={order}
      onOrderRung={() => void navigate({ to: '/pos', search: {}, replace: true })}
    />
  );
}
