import { purchaseOrdersFeed } from '#domains/purchasing/feeds.ts';
import { recordsSince } from '../sync/feed-changes.ts';
import { serverFeed } from '../sync/server-feed.ts';
import { listOrders } from './orders.ts';

/** The purchase orders' part of the pull: those changed since the cursor, as they are now. */
export const purchaseOrdersServerFeed = serverFeed(
  purchaseOrdersFeed,
  async ({ db, caller }, since) => {
    const { cursor, records } = await recordsSince(
      db,
      caller.businessId,
      purchaseOrdersFeed.name,
      since,
      (keys) => listOrders(db, caller.businessId, { ids: keys }),
    );
    return { cursor, orders: records };
  },
);
