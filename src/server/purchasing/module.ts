import { defineServerDomain } from '../domain-module.ts';
import { supplierRoutes } from './supplier-routes.ts';
import { suppliersServerFeed } from './suppliers-feed.ts';

export const purchasingServer = defineServerDomain({
  name: 'purchasing',
  mount: (api, { deps, writes }) => api.route('/suppliers', supplierRoutes(deps, writes)),
  feeds: [suppliersServerFeed],
});
