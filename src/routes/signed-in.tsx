import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { loadDeviceSync } from '#app/load-device-sync.ts';
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
  // Every domain's write handlers and feeds are installed before any screen renders.
  loader: async () => {
    await loadDeviceSync();
  },
  // Loaded on its own chunk: the sign-in screen needs none of the signed-in screens.
  component: lazyRouteComponent(() => import('./signed-in-layout.tsx'), 'SignedInLayout'),
});
