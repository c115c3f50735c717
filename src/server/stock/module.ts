import { defineServerDomain } from '../domain-module.ts';
import { stockRoutes } from './routes.ts';

export const stockServer = defineServerDomain({
  name: 'stock',
  mount: (api, { deps, writes }) => api.route('/stock', stockRoutes(deps, writes)),
});
