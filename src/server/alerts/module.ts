import { defineServerDomain } from '../domain-module.ts';
import { alertRoutes } from './routes.ts';

export const alertsServer = defineServerDomain({
  name: 'alerts',
  mount: (api, { deps, writes }) => {
    api.route('/alerts', alertRoutes(deps, writes));
  },
});
