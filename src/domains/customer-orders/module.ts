import { defineDomain } from '#shared/domain-module.ts';
import { customerOrdersFeed } from './feeds.ts';
import { customerOrdersReads } from './reads.ts';

export const customerOrdersDomain = defineDomain({
  name: 'customer-orders',
  reads: customerOrdersReads,
  feeds: [customerOrdersFeed],
});
