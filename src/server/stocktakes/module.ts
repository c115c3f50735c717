import { defineServerDomain } from '../domain-module.ts';
import { stocktakeRoutes } from './routes.ts';
import { stocktakesServerFeed } from './stocktakes-feed.ts';

export const stocktakesServer = defineServerDomain({
  name: 'stocktakes',
  mount: (api, { deps, writes }) => api.route('/stocktakes', stocktakeRoutes(deps, writes)),
  feeds: [stocktakesServerFeed],
});
