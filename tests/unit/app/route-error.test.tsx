import { QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteError } from '#routes/route-error.tsx';
import { createAppRouter } from '#routes/router.ts';

/** A router of one screen that fails to open until `failing.now` is false. */
function renderFailingScreen(failure: Error) {
  const failing = { now: true };
  function Screen() {
    if (failing.now) throw failure;
    return <h1>Inventory</h1>;
  }
  const root = createRootRoute();
  const screenRoute = createRoute({ getParentRoute: () => root, path: '/', component: Screen });
  const router = createRouter({
    routeTree: root.addChildren([screenRoute]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
    defaultErrorComponent: RouteError,
  });
  render(<RouterProvider router={router} />);
  return failing;
}

describe('a screen that cannot open', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is what every route of the app shows', () => {
    const router = createAppRouter(new QueryClient());
    expect(router.options.defaultErrorComponent).toBe(RouteError);
  });

  it.each([
    'Failed to fetch dynamically imported module: /assets/inventory-screen.js',
    'Unable to preload CSS for /assets/inventory-screen.css',
  ])(
    'says the screen is not on this device yet (%s), and opens it on Try again',
    async (message) => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const failing = renderFailingScreen(new TypeError(message));
      const alert = await screen.findByRole('alert');
      const heading = screen.getByRole('heading', {
        name: 'This screen is not on this device yet',
      });
      expect(document.activeElement).toBe(heading);
      expect(alert.textContent).toContain('Connect, then try again.');
      expect(alert.textContent).not.toContain('dynamically imported');

      failing.now = false;
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
      await screen.findByRole('heading', { name: 'Inventory' });
      expect(screen.queryByRole('alert')).toBeNull();
    },
  );

  it('shows any other failure’s own message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderFailingScreen(new Error('The count list is damaged'));
    await screen.findByRole('heading', { name: 'This screen could not be opened' });
    expect(screen.getByRole('alert').textContent).toContain('The count list is damaged');
  });
});
