import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as v from 'valibot';
import { signedInRoute } from './signed-in.tsx';

const SearchSchema = v.object({
  order: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(64))), undefined),
});

export const posRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/pos',
  validateSearch: (search) => v.parse(SearchSchema, search),
  component: lazyRouteComponent(() => import('./pos-screen.tsx'), 'PosScreen'),
});
