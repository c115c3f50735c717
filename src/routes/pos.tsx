import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { signedInRoute } from './signed-in.tsx';

export const posRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/pos',
  component: lazyRouteComponent(() => import('#features/pos/components/pos-page.tsx'), 'PosPage'),
});
