import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Link, Outlet } from '@tanstack/react-router';

export interface RouterContext {
  queryClient: QueryClient;
  auth: { isAuthenticated: () => boolean };
}

function NotFound() {
  return (
    <main className="spinner-page">
      <h1>Page not found</h1>
      <p>There is nothing at this address.</p>
      <Link to="/dashboard" className="button button--primary">
        Go to the dashboard
      </Link>
    </main>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFound,
});
