import { QueryClient } from '@tanstack/react-query';

/** One query client for the app; the router's loaders and the screens share it. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Offline-first: a failed refresh keeps what is shown; no retry storms without a network.
        retry: 1,
        refetchOnWindowFocus: false,
      },
    },
  });
}
