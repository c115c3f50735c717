import { defineServerDomain } from '../domain-module.ts';
import { importRoutes } from './routes.ts';

export const importsServer = defineServerDomain({
  name: 'imports',
  mount: (api, { deps, writes, definitions }) =>
    api.route('/imports', importRoutes(deps, definitions, writes)),
});
