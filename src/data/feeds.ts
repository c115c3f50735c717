import { catalogueFeed } from './repositories/catalogue.ts';
import { stocktakesFeed } from './repositories/stocktakes.ts';
import { type Feed, registerFeeds } from './sync/feeds.ts';

/**
 * Every domain's feed, each defined beside its repository: a new domain whose records several
 * devices change is its feed plus one line here.
 */
export const FEEDS: readonly Feed[] = [catalogueFeed, stocktakesFeed];

export function installFeeds() {
  registerFeeds(FEEDS);
}
