import { defineServerDomain } from '../domain-module.ts';
import { catalogueServerFeed } from './catalogue-feed.ts';
import { catalogueRoutes } from './catalogue-routes.ts';
import { exampleProductRoutes } from './example-routes.ts';
import { inventoryRoutes } from './inventory-routes.ts';

export const productsServer = defineServerDomain({
  name: 'products',
  mount(api, { deps, reads, writes, definitions }) {
    api.route('/inventory', inventoryRoutes(deps, reads));
    exampleProductRoutes(deps, writes);
    api.route('/catalogue', catalogueRoutes(deps, definitions, writes));
  },
  feeds: [catalogueServerFeed],
});
