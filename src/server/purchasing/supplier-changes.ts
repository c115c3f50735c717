import { suppliersFeed } from '#domains/purchasing/feeds.ts';
import type { Tx } from '../db/client.ts';
import { noteFeedChange } from '../sync/feed-changes.ts';

/** Other devices learn of a supplier made or changed through the pull (suppliers-feed.ts). */
export const noteSupplierChanged = (tx: Tx, businessId: string, ids: readonly string[]) =>
  noteFeedChange(tx, businessId, suppliersFeed.name, ids);
