import * as v from 'valibot';
import { defineFeed } from '#shared/feed-declaration.ts';
import { StocktakeSummarySchema } from './stocktake.ts';

/** The counts started, counted in, closed or cancelled since the cursor, as they are now. */
export const stocktakesFeed = defineFeed({
  name: 'stocktakes',
  answer: v.object({ cursor: v.number(), stocktakes: v.array(StocktakeSummarySchema) }),
});
