import { defineServerDomain } from '../domain-module.ts';
import { teamRoutes } from './routes.ts';

export const teamServer = defineServerDomain({
  name: 'team',
  mount: (api, { deps, writes }) => api.route('/team', teamRoutes(deps, writes)),
});
