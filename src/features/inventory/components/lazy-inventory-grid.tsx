import { forwardRef, lazy, Suspense } from 'react';
import { PageSpinner } from '#ui/spinner.tsx';
import type { InventoryGridHandle, InventoryGridProps } from './inventory-grid.tsx';

/**
 * The grid's library (glide-data-grid, about 55 KB gzip) is not needed to paint the page: it is
 * asked for as the navigation to the screen starts (`preloadInventoryGrid`, from the route's
 * loader), so it arrives while the catalogue is read from this device, and the header, toolbar
 * and cards paint without waiting for it.
 */
const loadGrid = () => import('./inventory-grid.tsx');

export function preloadInventoryGrid() {
  void loadGrid();
}

const Grid = lazy(async () => ({ default: (await loadGrid()).InventoryGrid }));

export const LazyInventoryGrid = forwardRef<InventoryGridHandle, InventoryGridProps>(
  function LazyInventoryGrid(props, ref) {
    return (
      <Suspense fallback={<PageSpinner label="Loading inventory data and preferences..." />}>
        <Grid ref={ref} {...props} />
      </Suspense>
    );
  },
);
