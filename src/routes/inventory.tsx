import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as v from 'valibot';
import { signedInRoute } from './signed-in.tsx';

const TabSchema = v.picklist(['inventory', 'add', 'batch', 'settings']);
const SearchSchema = v.object({
  tab: v.optional(v.fallback(TabSchema, 'inventory')),
  /** A product to open at once (from Scan Product): its detail, or its stock adjustment. */
  product: v.fallback(v.optional(v.pipe(v.number(), v.integer())), undefined),
  open: v.optional(v.fallback(v.picklist(['detail', 'adjust']), 'detail')),
  /**
   * Add Inventory with this barcode filled in (a new code from Scan Product). The router reads a
   * value that parses as JSON as such, so a code without a leading zero comes as a number.
   */
  barcode: v.fallback(
    v.optional(
      v.pipe(v.union([v.string(), v.pipe(v.number(), v.transform(String))]), v.regex(/^\d{1,14}$/)),
    ),
    undefined,
  ),
});

/** /inventory?tab=…: the screen is loaded on first visit, with the grid it needs. */
export const inventoryRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/inventory',
  validateSearch: (search) => v.parse(SearchSchema, search),
  // What the screen waits for is asked for as the navigation starts, beside the screen's own
  // code, not once it has drawn: the catalogue read from this device, and the grid's library.
  // Nothing waits for them here.
  loader: () => {
    void import('#data/repositories/catalogue.ts').then((module) => module.readStoredCatalogue());
    void import('#features/inventory/components/lazy-inventory-grid.tsx').then((module) =>
      module.preloadInventoryGrid(),
    );
  },
  component: lazyRouteComponent(() => import('./inventory-screen.tsx'), 'InventoryScreen'),
});
