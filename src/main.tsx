import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
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
const root = createRoot(container);
// The first render as a transition: React yields to the browser every few milliseconds instead
// of holding the main thread for the whole tree (the dashboard's first paint on a phone had one
// 200 ms task of rendering at a phone's CPU speed).
startTransition(() =>
  root.render(
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
  ),
);
