import { purchaseOrdersFeed } from '#domains/purchasing/feeds.ts';
import { feedChangesSince, feedVersion } from '../sync/feed-changes.ts';
import { serverFeed } from '../sync/server-feed.ts';
import { listOrders } from './orders.ts';

/**
 * The purchase orders' part of the pull: those made or changed since the cursor (a draft
 * changed, sent, received, cancelled), as they are now; all of them from 0.
 */
export const purchaseOrdersServerFeed = serverFeed(
  purchaseOrdersFeed,
  async ({ db, caller }, since) => {
    const { businessId } = caller;
    const current = await feedVersion(db, businessId, purchaseOrdersFeed.name);
    const whole = since === 0 || since > current;
    const changed = whole
      ? null
      : await feedChangesSince(db, businessId, purchaseOrdersFeed.name, since);
    const orders =
      changed?.keys.length === 0 ? [] : await listOrders(db, businessId, { ids: changed?.keys });
    return { cursor: changed?.cursor ?? current, orders };
  },
);
