import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import { readStoredCatalogue } from '#data/repositories/catalogue.ts';
import { preloadInventoryGrid } from '#features/inventory/components/lazy-inventory-grid.tsx';
import { createAppRouter } from '#routes/router.ts';
import { signInAsDemo } from '../helpers/render-app.tsx';

vi.mock('#data/repositories/catalogue.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('#data/repositories/catalogue.ts')>()),
  readStoredCatalogue: vi.fn(),
}));
vi.mock('#features/inventory/components/lazy-inventory-grid.tsx', async (importOriginal) => ({
  ...(await importOriginal<
    typeof import('#features/inventory/components/lazy-inventory-grid.tsx')
  >()),
  preloadInventoryGrid: vi.fn(),
}));

describe('the inventory route', () => {
  it('asks for the stored catalogue and the grid as the navigation starts, before the screen draws', async () => {
    await signInAsDemo();
    const router = createAppRouter(
      new QueryClient(),
      createMemoryHistory({ initialEntries: ['/dashboard'] }),
    );
    expect(readStoredCatalogue).not.toHaveBeenCalled();
    // A preload runs what a navigation runs before anything renders (and is what hovering the
    // menu entry does).
    await router.preloadRoute({ to: '/inventory' });
    await vi.waitFor(() => {
      expect(readStoredCatalogue).toHaveBeenCalledTimes(1);
      expect(preloadInventoryGrid).toHaveBeenCalledTimes(1);
    });
  });
});
