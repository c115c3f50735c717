import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from '#app/query-client.ts';
import { SessionGate } from '#app/session-gate.tsx';
import { createAppRouter } from '#routes/router.ts';
import '#ui/styles/global.css';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
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
