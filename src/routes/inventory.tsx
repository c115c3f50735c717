import { createRoute } from '@tanstack/react-router';
import { ComingSoon } from '#ui/coming-soon.tsx';
import { signedInRoute } from './signed-in.tsx';

export const inventoryRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/inventory',
  component: () => <ComingSoon title="Inventory Management" />,
});
