import { catalogueServerFeed } from './products/catalogue-feed.ts';
import { stocktakesServerFeed } from './stocktakes/stocktakes-feed.ts';
import type { ServerFeed } from './sync/server-feed.ts';

/** Every domain's feed as the server reads it, one line each (declared in src/domains/feeds.ts). */
export const SERVER_FEEDS: readonly ServerFeed[] = [catalogueServerFeed, stocktakesServerFeed];
