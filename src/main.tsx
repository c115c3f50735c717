import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from '#app/query-client.ts';
import { ServiceWorkerUpdates } from '#app/service-worker-updates.tsx';
import { SessionGate } from '#app/session-gate.tsx';
import {
  createQueryPersister,
  PERSIST_MAX_AGE_MS,
  shouldPersistQuery,
} from '#data/query-persistence.ts';
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
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={{
        persister: createQueryPersister(),
        maxAge: PERSIST_MAX_AGE_MS,
        dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
      }}
    >
      <SessionGate onSignedOut={onSignedOut}>
        <RouterProvider router={router} />
      </SessionGate>
      <ServiceWorkerUpdates />
    </PersistQueryClientProvider>
  </StrictMode>,
);
