import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { signedInRoute } from './signed-in.tsx';

export const apiExamplesRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/api-examples',
  component: lazyRouteComponent(
    () => import('#features/api-examples/components/api-examples-page.tsx'),
    'ApiExamplesPage',
  ),
});
