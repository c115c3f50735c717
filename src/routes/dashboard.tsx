import { createRoute } from '@tanstack/react-router';
import { ComingSoon } from '#ui/coming-soon.tsx';
import { signedInRoute } from './signed-in.tsx';

export const dashboardRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/dashboard',
  component: () => <ComingSoon title="Dashboard" />,
});
