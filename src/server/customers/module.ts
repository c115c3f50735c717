import { defineServerDomain } from '../domain-module.ts';
import { customerRoutes } from './customer-routes.ts';
import { accountsServerFeed, customersServerFeed } from './customers-feed.ts';

export const customersServer = defineServerDomain({
  name: 'customers',
  mount: (api, { deps, writes }) => {
    api.route('/customers', customerRoutes(deps, writes));
  },
  feeds: [customersServerFeed, accountsServerFeed],
});
