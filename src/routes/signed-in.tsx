import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { rootRoute } from './root.tsx';

/**
 * The parent of every protected screen: without a stored session (both tokens) it redirects to
 * /login, replacing the history entry; with one it renders the layout around the screen.
 */
export const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: ({ context }) => {
    if (!context.auth.isAuthenticated()) throw redirect({ to: '/login', replace: true });
  },
  // Loaded on its own chunk: the sign-in screen needs none of the signed-in screens.
  component: lazyRouteComponent(() => import('./signed-in-layout.tsx'), 'SignedInLayout'),
});
