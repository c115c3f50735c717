import { suppliersFeed } from '#domains/purchasing/feeds.ts';
import { feedChangesSince, feedVersion } from '../sync/feed-changes.ts';
import { serverFeed } from '../sync/server-feed.ts';
import { listSuppliers, toSupplier } from './suppliers.ts';

/**
 * The suppliers' part of the pull: those made or changed since the cursor, as they are now. A
 * device holding none (0), or a cursor this server never gave, gets them all.
 */
export const suppliersServerFeed = serverFeed(suppliersFeed, async ({ db, caller }, since) => {
  const { businessId } = caller;
  const current = await feedVersion(db, businessId, suppliersFeed.name);
  const whole = since === 0 || since > current;
  const changed = whole ? null : await feedChangesSince(db, businessId, suppliersFeed.name, since);
  const rows = changed?.keys.length === 0 ? [] : await listSuppliers(db, businessId, changed?.keys);
  return { cursor: changed?.cursor ?? current, suppliers: rows.map(toSupplier) };
});
