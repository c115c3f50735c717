import { defineServerDomain } from '../domain-module.ts';
import { businessRoutes } from './routes.ts';

export const businessServer = defineServerDomain({
  name: 'business',
  mount: (api, { writes }) => api.route('/business', businessRoutes(writes)),
});
