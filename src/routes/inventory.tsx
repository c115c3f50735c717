import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as v from 'valibot';
import { signedInRoute } from './signed-in.tsx';

const TabSchema = v.picklist(['inventory', 'add', 'batch', 'settings']);
const SearchSchema = v.object({ tab: v.optional(v.fallback(TabSchema, 'inventory')) });

/** /inventory?tab=…: the screen is loaded on first visit, with the grid it needs. */
export const inventoryRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/inventory',
  validateSearch: (search) => v.parse(SearchSchema, search),
  component: lazyRouteComponent(() => import('./inventory-screen.tsx'), 'InventoryScreen'),
});
