import { defineServerDomain } from '../domain-module.ts';
import { preferenceRoutes } from './routes.ts';

export const preferencesServer = defineServerDomain({
  name: 'preferences',
  mount: (api, { deps, reads, writes }) =>
    api.route('/preferences', preferenceRoutes(deps, reads, writes)),
});
