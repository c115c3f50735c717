import { defineServerDomain } from '../domain-module.ts';
import { alertRoutes } from './routes.ts';

export const alertsServer = defineServerDomain({
  name: 'alerts',
  mount: (api, { deps, writes, reads, hub }) => {
    api.route('/alerts', alertRoutes(deps, writes, reads, hub));
  },
});
