import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { signedInRoute } from './signed-in.tsx';

/** /alerts: what needs attention now. */
export const alertsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/alerts',
  component: lazyRouteComponent(
    () => import('#features/alerts/components/alerts-page.tsx'),
    'AlertsPage',
  ),
});
