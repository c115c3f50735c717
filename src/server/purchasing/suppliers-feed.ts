import { suppliersFeed } from '#domains/purchasing/feeds.ts';
import { recordsSince } from '../sync/feed-changes.ts';
import { serverFeed } from '../sync/server-feed.ts';
import { listSuppliers, toSupplier } from './suppliers.ts';

/** The suppliers' part of the pull: those made or changed since the cursor, as they are now. */
export const suppliersServerFeed = serverFeed(suppliersFeed, async ({ db, caller }, since) => {
  const { cursor, records } = await recordsSince(
    db,
    caller.businessId,
    suppliersFeed.name,
    since,
    (keys) => listSuppliers(db, caller.businessId, keys),
  );
  return { cursor, suppliers: records.map(toSupplier) };
});
