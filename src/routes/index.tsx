import { createRoute, redirect } from '@tanstack/react-router';
import { rootRoute } from './root.tsx';

/** `/` goes to the dashboard, replacing the history entry. */
export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/dashboard', replace: true });
  },
});
