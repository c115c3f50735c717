import { createRoute } from '@tanstack/react-router';
import { DashboardPage } from '#features/dashboard/components/dashboard-page.tsx';
import { signedInRoute } from './signed-in.tsx';

export const dashboardRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/dashboard',
  component: DashboardPage,
});
