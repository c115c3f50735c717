import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { installFeeds } from '#data/modules.ts';
import { getSessionState } from '#data/session.ts';
import { pullFeeds } from '#data/sync/feeds.ts';
import { startLiveUpdates } from '#data/sync/live.ts';

installFeeds();

/**
 * Keeps the signed-in screens current with every other device of the business: when the server
 * says the business changed, every domain's feed is pulled at once (one request) and the reads on
 * screen are asked again. No screen polls or starts a sync of its own.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      startLiveUpdates({
        signedIn: () => getSessionState().status === 'authenticated',
        pull: async (reason) => {
          await pullFeeds();
          // Just connected, the screens have read what they show (and TanStack Query asks again
          // for what is stale on reconnect): only the stores catch up.
          if (reason === 'changed') await queryClient.invalidateQueries({ refetchType: 'active' });
        },
      }),
    [queryClient],
  );
  return null;
}
