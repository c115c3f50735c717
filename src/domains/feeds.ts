import { type FeedDeclaration, PULL_ROUTE, pullAnswerSchema } from '#shared/feed-declaration.ts';
import { defineRead } from '#shared/read-declaration.ts';
import { catalogueFeed } from './products/feeds.ts';
import { stocktakesFeed } from './stocktakes/feeds.ts';

/**
 * Every domain's feed, one line each: the one pull answers them (server/sync/pull-routes.ts) and
 * the device hands each its part (data/sync/feeds.ts).
 */
export const FEEDS: readonly FeedDeclaration[] = [catalogueFeed, stocktakesFeed];

/** GET /changes?{feed}={cursor}…: every feed asked, in one answer. */
export const pullRead = defineRead({
  route: PULL_ROUTE,
  access: 'signed-in',
  answer: pullAnswerSchema(FEEDS),
  // The device keeps what it pulls in IndexedDB; an old answer applied again would undo newer ones.
  caching: 'never',
});
