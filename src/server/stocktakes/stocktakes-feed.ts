import { stocktakesFeed } from '#domains/stocktakes/feeds.ts';
import { recordsSince } from '../sync/feed-changes.ts';
import { serverFeed } from '../sync/server-feed.ts';
import { listStocktakes, toSummary } from './stocktakes.ts';

/**
 * The counts' part of the pull: those changed since the cursor (started, counted in, closed or
 * cancelled), as they are now.
 */
export const stocktakesServerFeed = serverFeed(stocktakesFeed, async ({ db, caller }, since) => {
  const { cursor, records } = await recordsSince(
    db,
    caller.businessId,
    stocktakesFeed.name,
    since,
    (keys) => listStocktakes(db, caller.businessId, keys),
  );
  return {
    cursor,
    stocktakes: records.map((row) => toSummary(row.stocktake, row.startedBy, row)),
  };
});
