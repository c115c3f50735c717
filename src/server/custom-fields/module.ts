import { defineServerDomain } from '../domain-module.ts';
import { customFieldRoutes } from './routes.ts';

export const customFieldsServer = defineServerDomain({
  name: 'custom-fields',
  mount(api, { deps, writes, definitions }) {
    // A change of a definition is read afresh by the products and imports that check against it.
    api.use('/custom-fields/*', definitions.forgetAfterWrites);
    api.route('/custom-fields', customFieldRoutes(deps, writes));
  },
});
