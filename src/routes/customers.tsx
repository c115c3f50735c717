import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as v from 'valibot';
import { CUSTOMER_SORTS } from '#domains/customers/customer-list.ts';
import { signedInRoute } from './signed-in.tsx';

const SearchSchema = v.object({
  q: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(200))), undefined),
  sort: v.fallback(v.optional(v.picklist(CUSTOMER_SORTS)), undefined),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
  customer: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(64))), undefined),
});

/** /customers?q=…&sort=…&page=…&customer=…: the customers, loaded on first visit. */
export const customersRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/customers',
  validateSearch: (search) => v.parse(SearchSchema, search),
  component: lazyRouteComponent(() => import('./customers-screen.tsx'), 'CustomersScreen'),
});
