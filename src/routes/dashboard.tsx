import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { signedInRoute } from './signed-in.tsx';

export const dashboardRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/dashboard',
  component: lazyRouteComponent(
    () => import('#features/dashboard/components/dashboard-page.tsx'),
    'DashboardPage',
  ),
});
