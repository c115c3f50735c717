import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as v from 'valibot';
import { signedInRoute } from './signed-in.tsx';

const Id = v.fallback(v.optional(v.pipe(v.string(), v.maxLength(64))), undefined);
const SearchSchema = v.object({
  tab: v.fallback(
    v.optional(v.picklist(['suggestions', 'orders', 'deliveries', 'suppliers'])),
    undefined,
  ),
  order: Id,
  /** A delivery to open for receiving, or `new` (Scan Invoice). */
  delivery: Id,
  supplier: Id,
});

/** /purchasing?tab=…: buying and receiving, loaded on first visit. */
export const purchasingRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/purchasing',
  validateSearch: (search) => v.parse(SearchSchema, search),
  component: lazyRouteComponent(() => import('./purchasing-screen.tsx'), 'PurchasingScreen'),
});
