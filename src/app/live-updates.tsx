import { type Query, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { installFeeds } from '#data/modules.ts';
import { getSessionState } from '#data/session.ts';
import { pullFeeds } from '#data/sync/feeds.ts';
import { type PullReason, startLiveUpdates } from '#data/sync/live.ts';

installFeeds();

/** When this page started: a read answered before then was restored from storage. */
const PAGE_STARTED_AT = Date.now();

/**
 * The reads to ask again after a pull: every one when the business changed; on connecting,
 * those restored from before this page started (a reload can restore an answer still fresh by
 * its age that predates what this pull, or the page before it, brought), not those just read.
 */
export const askAgainAfterPull =
  (reason: PullReason, pageStartedAt = PAGE_STARTED_AT) =>
  (query: Query): boolean =>
    reason === 'changed' || query.state.dataUpdatedAt < pageStartedAt;

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
          await queryClient.invalidateQueries({
            refetchType: 'active',
            predicate: askAgainAfterPull(reason),
          });
        },
      }),
    [queryClient],
  );
  return null;
}
