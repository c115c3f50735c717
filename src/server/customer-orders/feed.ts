import { customerOrdersFeed } from '#domains/customer-orders/feeds.ts';
import { recordsSince } from '../sync/feed-changes.ts';
import { serverFeed } from '../sync/server-feed.ts';
import { listCustomerOrders } from './customer-orders.ts';

/** The orders' part of the pull: those made or changed since the cursor, as they are now. */
export const customerOrdersServerFeed = serverFeed(
  customerOrdersFeed,
  async ({ db, caller }, since) => {
    const { cursor, records } = await recordsSince(
      db,
      caller.businessId,
      customerOrdersFeed.name,
      since,
      (keys) => listCustomerOrders(db, caller.businessId, keys),
    );
    return { cursor, orders: records };
  },
);
