import { defineServerDomain } from '../domain-module.ts';
import { uploadRoutes } from './routes.ts';

export const uploadsServer = defineServerDomain({
  name: 'uploads',
  mount: (api, { deps }) => api.route('/upload', uploadRoutes(deps)),
});
