import { defineDomain } from '#shared/domain-module.ts';
import { accountsFeed, customersFeed } from './feeds.ts';
import { customersReads } from './reads.ts';

export const customersDomain = defineDomain({
  name: 'customers',
  reads: customersReads,
  feeds: [customersFeed, accountsFeed],
});
