import { createRoute } from '@tanstack/react-router';
import { ComingSoon } from '#ui/coming-soon.tsx';
import { signedInRoute } from './signed-in.tsx';

export const apiExamplesRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/api-examples',
  component: () => <ComingSoon title="Authenticated API Call Examples" />,
});
