import { defineServerDomain } from '../domain-module.ts';
import { customerOrdersServerFeed } from './feed.ts';
import { customerOrderRoutes } from './routes.ts';

export const customerOrdersServer = defineServerDomain({
  name: 'customer-orders',
  mount: (api, { deps, writes }) => {
    api.route('/orders', customerOrderRoutes(deps, writes));
  },
  feeds: [customerOrdersServerFeed],
});
