import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as v from 'valibot';
import { ORDER_VIEWS } from '#domains/customer-orders/order-list.ts';
import { signedInRoute } from './signed-in.tsx';

const SearchSchema = v.object({
  day: v.fallback(v.optional(v.picklist(ORDER_VIEWS)), undefined),
  order: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(64))), undefined),
});

/** /orders?day=…&order=…: customer orders, loaded on first visit. */
export const ordersRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/orders',
  validateSearch: (search) => v.parse(SearchSchema, search),
  component: lazyRouteComponent(() => import('./orders-screen.tsx'), 'OrdersScreen'),
});
