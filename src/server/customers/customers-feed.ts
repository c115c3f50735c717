import { accountsFeed, customersFeed } from '#domains/customers/feeds.ts';
import { recordsSince } from '../sync/feed-changes.ts';
import { serverFeed } from '../sync/server-feed.ts';
import { listEntries, toAccountEntry } from './accounts.ts';
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

/** The accounts' part of the pull: the entries made (or moved by a merge) since the cursor. */
export const accountsServerFeed = serverFeed(accountsFeed, async ({ db, caller }, since) => {
  const { cursor, records } = await recordsSince(
    db,
    caller.businessId,
    accountsFeed.name,
    since,
    (keys) => listEntries(db, caller.businessId, keys),
  );
  return { cursor, entries: records.map(toAccountEntry) };
});
