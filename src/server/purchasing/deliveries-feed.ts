import { deliveriesFeed } from '#domains/purchasing/feeds.ts';
import { feedChangesSince, feedVersion } from '../sync/feed-changes.ts';
import { serverFeed } from '../sync/server-feed.ts';
import { listDeliveries } from './deliveries.ts';

/** The deliveries' part of the pull: those changed since the cursor, as now; all from 0. */
export const deliveriesServerFeed = serverFeed(deliveriesFeed, async ({ db, caller }, since) => {
  const { businessId } = caller;
  const current = await feedVersion(db, businessId, deliveriesFeed.name);
  const whole = since === 0 || since > current;
  const changed = whole ? null : await feedChangesSince(db, businessId, deliveriesFeed.name, since);
  const found =
    changed?.keys.length === 0 ? [] : await listDeliveries(db, businessId, { ids: changed?.keys });
  return { cursor: changed?.cursor ?? current, deliveries: found };
});
