import { defineServerDomain } from '../domain-module.ts';
import { deliveriesServerFeed } from './deliveries-feed.ts';
import { purchaseOrdersServerFeed } from './orders-feed.ts';
import { purchasingRoutes } from './purchasing-routes.ts';
import { supplierRoutes } from './supplier-routes.ts';
import { suppliersServerFeed } from './suppliers-feed.ts';

export const purchasingServer = defineServerDomain({
  name: 'purchasing',
  mount: (api, { deps, writes }) => {
    api.route('/suppliers', supplierRoutes(deps, writes));
    api.route('/purchasing', purchasingRoutes(deps, writes));
  },
  feeds: [suppliersServerFeed, purchaseOrdersServerFeed, deliveriesServerFeed],
});
