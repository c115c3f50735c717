import { defineServerDomain } from '../domain-module.ts';
import { reportRoutes } from './routes.ts';

export const reportsServer = defineServerDomain({
  name: 'reports',
  mount: (api, { deps, reads, hub }) => {
    api.route('/reports', reportRoutes(deps, reads, hub));
  },
});
