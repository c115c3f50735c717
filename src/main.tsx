import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from '#app/query-client.ts';
import { SessionGate } from '#app/session-gate.tsx';
import { isAuthenticated } from '#data/session.ts';
import { routeTree } from '#routes/route-tree.ts';
import '#ui/styles/global.css';

const queryClient = createQueryClient();

const router = createRouter({
  routeTree,
  // Guards read the session store itself, so they never act on a stale copy.
  context: { queryClient, auth: { isAuthenticated } },
  defaultPreload: 'intent',
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

const onSignedOut = () => {
  void router.invalidate();
};

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <SessionGate onSignedOut={onSignedOut}>
        <RouterProvider router={router} />
      </SessionGate>
    </QueryClientProvider>
  </StrictMode>,
);
