import { stocktakesFeed } from '#domains/stocktakes/feeds.ts';
import { feedChangesSince, feedVersion } from '../sync/feed-changes.ts';
import { serverFeed } from '../sync/server-feed.ts';
import { listStocktakes, toSummary } from './stocktakes.ts';

/**
 * The counts' part of the pull: those changed since the cursor (started, counted in, closed or
 * cancelled), as they are now. A device holding none (0), or a cursor this server never gave (a
 * database restored from an older copy), gets them all.
 */
export const stocktakesServerFeed = serverFeed(stocktakesFeed, async ({ db, caller }, since) => {
  const { businessId } = caller;
  const current = await feedVersion(db, businessId, stocktakesFeed.name);
  const whole = since === 0 || since > current;
  const changed = whole ? null : await feedChangesSince(db, businessId, stocktakesFeed.name, since);
  const rows =
    changed?.keys.length === 0 ? [] : await listStocktakes(db, businessId, changed?.keys);
  return {
    cursor: changed?.cursor ?? current,
    stocktakes: rows.map((row) => toSummary(row.stocktake, row.startedBy, row)),
  };
});
