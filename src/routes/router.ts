import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { isAuthenticated } from '#data/session.ts';
import { RouteError } from './route-error.tsx';
import { routeTree } from './route-tree.ts';

export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    // Guards read the session store itself, so they never act on a stale copy.
    context: { queryClient, auth: { isAuthenticated } },
    defaultPreload: 'intent',
    defaultErrorComponent: RouteError,
    ...(history ? { history } : {}),
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
