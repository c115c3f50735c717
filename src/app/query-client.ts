import { QueryClient } from '@tanstack/react-query';
import { onForgetUser } from '#data/user-memory.ts';

/**
 * One query client for the app; the router's loaders and the screens share it. What it holds
 * belongs to the signed-in user: it is emptied when the device changes hands or the session
 * ends.
 */
export function createQueryClient() {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Offline-first: a failed refresh keeps what is shown; no retry storms without a network.
        retry: 1,
        refetchOnWindowFocus: false,
      },
    },
  });
  onForgetUser(() => client.clear());
  return client;
}
