import { customersFeed } from '#domains/customers/feeds.ts';
import { recordsSince } from '../sync/feed-changes.ts';
import { serverFeed } from '../sync/server-feed.ts';
import { listCustomers, toCustomer } from './customers.ts';

/** The customers' part of the pull: those made or changed since the cursor, as they are now. */
export const customersServerFeed = serverFeed(customersFeed, async ({ db, caller }, since) => {
  const { cursor, records } = await recordsSince(
    db,
    caller.businessId,
    customersFeed.name,
    since,
    (keys) => listCustomers(db, caller.businessId, keys),
  );
  return { cursor, customers: records.map(toCustomer) };
});
