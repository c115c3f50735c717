import { createRoute } from '@tanstack/react-router';
import { ApiExamplesPage } from '#features/api-examples/components/api-examples-page.tsx';
import { signedInRoute } from './signed-in.tsx';

export const apiExamplesRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/api-examples',
  component: ApiExamplesPage,
});
