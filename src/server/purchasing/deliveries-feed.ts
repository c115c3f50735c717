import { deliveriesFeed } from '#domains/purchasing/feeds.ts';
import { recordsSince } from '../sync/feed-changes.ts';
import { serverFeed } from '../sync/server-feed.ts';
import { listDeliveries } from './deliveries.ts';

/** The deliveries' part of the pull: those changed since the cursor, as they are now. */
export const deliveriesServerFeed = serverFeed(deliveriesFeed, async ({ db, caller }, since) => {
  const { cursor, records } = await recordsSince(
    db,
    caller.businessId,
    deliveriesFeed.name,
    since,
    (keys) => listDeliveries(db, caller.businessId, { ids: keys }),
  );
  return { cursor, deliveries: records };
});
