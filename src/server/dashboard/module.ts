import { defineServerDomain } from '../domain-module.ts';
import { dashboardRoutes } from './routes.ts';

export const dashboardServer = defineServerDomain({
  name: 'dashboard',
  mount: (api, { deps, reads, hub }) => api.route('/dashboard', dashboardRoutes(deps, reads, hub)),
});
