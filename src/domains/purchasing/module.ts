import { defineDomain } from '#shared/domain-module.ts';
import { deliveriesFeed, purchaseOrdersFeed, suppliersFeed } from './feeds.ts';
import { purchasingReads } from './reads.ts';

export const purchasingDomain = defineDomain({
  name: 'purchasing',
  reads: purchasingReads,
  feeds: [suppliersFeed, purchaseOrdersFeed, deliveriesFeed],
});
