import { defineDomain } from '#shared/domain-module.ts';
import { catalogueFeed } from './feeds.ts';
import { productReads } from './reads.ts';

export const productsDomain = defineDomain({
  name: 'products',
  reads: productReads,
  feeds: [catalogueFeed],
});
