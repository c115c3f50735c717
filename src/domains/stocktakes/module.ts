import { defineDomain } from '#shared/domain-module.ts';
import { stocktakesFeed } from './feeds.ts';
import { stocktakeReads } from './reads.ts';

export const stocktakesDomain = defineDomain({
  name: 'stocktakes',
  reads: stocktakeReads,
  feeds: [stocktakesFeed],
});
