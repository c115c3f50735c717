import { defineServerDomain } from '../domain-module.ts';
import { salesRoutes } from './routes.ts';

export const salesServer = defineServerDomain({
  name: 'sales',
  mount: (api, { deps, writes }) => api.route('/sales', salesRoutes(deps, writes)),
});
