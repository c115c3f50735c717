import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activeNavigation } from '#app/navigation.ts';
import { mockServer } from '../../mocks/server.ts';
import { loadInventoryChunks, loadSignedInChunks } from '../helpers/lazy-chunks.ts';
import {
  demoProfileHandler,
  idleDashboardHandler,
  renderApp,
  signInAsDemo,
} from '../helpers/render-app.tsx';

beforeAll(() => Promise.all([loadInventoryChunks(), loadSignedInChunks()]), 30_000);

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());
beforeEach(() => mockServer.use(demoProfileHandler(), idleDashboardHandler()));

async function openApp(path = '/dashboard') {
  await signInAsDemo();
  const user = userEvent.setup();
  const app = renderApp(path);
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  return { ...app, user, nav };
}

const MENU_IN_ORDER = [
  'Dashboard',
  'POS',
  'Inventory',
  'Purchasing',
  'Orders',
  'Calendar',
  'Customers',
  'Reports',
  'Alerts',
  'Scan Product',
  'Scan Invoice',
  'Settings',
  'Help & Support',
  'Sign Out',
];

describe('layout and side navigation', () => {
  it('lists every menu entry in the spec order, with the Alerts badge counting what stands, typed by the most severe', async () => {
    const alert = (key: string, kind: string) => ({
      key,
      kind,
      title: key,
      detail: '',
      at: null,
      href: '/purchasing?tab=suggestions',
      action: 'Reorder',
    });
    mockServer.use(
      http.get('*/api/v1/alerts', () =>
        HttpResponse.json({
          as_of: new Date().toISOString(),
          alerts: [alert('low-stock:1', 'low-stock'), alert('out-of-stock:2', 'out-of-stock')],
          more: { 'low-stock': 3 },
        }),
      ),
    );
    const { nav } = await openApp();
    const alerts = within(nav).getByRole('link', { name: /Alerts/ });
    await waitFor(() =>
      expect(alerts.querySelector('.sidebar__badge--critical')?.textContent).toBe('5 new'),
    );
    const labels = within(nav)
      .getAllByRole('link')
      .concat(within(nav).getAllByRole('button'))
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
      .map((element) => element.textContent?.replace(/\s*\d+ new$/, '').trim())
      .filter((label) => label && MENU_IN_ORDER.includes(label));
    expect(labels).toEqual(MENU_IN_ORDER);
  });

  it('shows no Alerts badge when nothing stands', async () => {
    const { nav } = await openApp();
    await screen.findByRole('link', { name: 'Alerts' });
    expect(within(nav).getByRole('link', { name: 'Alerts' }).querySelector('.sidebar__badge')).toBe(
      null,
    );
  });

  it('marks the active item from the path', async () => {
    const { nav } = await openApp('/orders');
    expect(within(nav).getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Inventory' }).getAttribute('aria-current')).toBe(
      null,
    );
    expect(activeNavigation('/reports/sales')).toEqual({
      itemId: 'reports',
      childId: 'reports-sales',
    });
    expect(activeNavigation('/settings')).toEqual({ itemId: 'settings', childId: null });
    expect(activeNavigation('/api-examples')).toEqual({ itemId: null, childId: null });
  });

  it('toggles a submenu when expanded and navigates from it', async () => {
    const { nav, user, history } = await openApp();
    const reports = within(nav).getByRole('button', { name: 'Reports' });
    expect(reports.getAttribute('aria-expanded')).toBe('false');
    await user.click(reports);
    expect(reports.getAttribute('aria-expanded')).toBe('true');
    await user.click(within(nav).getByRole('link', { name: 'Sales Report' }));
    await waitFor(() => expect(history.location.pathname).toBe('/reports/sales'));
    expect(
      within(nav).getByRole('link', { name: 'Sales Report' }).getAttribute('aria-current'),
    ).toBe('page');
    await user.click(reports);
    expect(within(nav).queryByRole('link', { name: 'Sales Report' })).toBeNull();
  });

  it('collapses: labels and Quick Actions go, open submenus close, parents link to their route', async () => {
    const { nav, user, history } = await openApp();
    await user.click(within(nav).getByRole('button', { name: 'Settings' }));
    expect(within(nav).getByRole('link', { name: 'Business Profile' })).toBeTruthy();

    await user.click(within(nav).getByRole('button', { name: 'Collapse sidebar' }));
    expect(within(nav).getByRole('button', { name: 'Expand sidebar' })).toBeTruthy();
    expect(nav.className).toContain('sidebar--collapsed');
    expect(within(nav).queryByText('Quick Actions')).toBeNull();
    // Scan Product stays within reach on the rail, as an icon.
    expect(within(nav).getByRole('button', { name: 'Scan Product' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Business Profile' })).toBeNull();

    await user.click(within(nav).getByRole('link', { name: 'Reports' }));
    await waitFor(() => expect(history.location.pathname).toBe('/reports'));
    expect(within(nav).queryByRole('link', { name: 'Sales Report' })).toBeNull();

    await user.click(within(nav).getByRole('button', { name: 'Expand sidebar' }));
    expect(within(nav).getByText('Quick Actions')).toBeTruthy();
    expect(
      within(nav).getByRole('button', { name: 'Settings' }).getAttribute('aria-expanded'),
    ).toBe('false');
  });

  it('opens receiving a delivery from Scan Invoice', async () => {
    const { nav, user, history } = await openApp();
    await user.click(within(nav).getByRole('button', { name: 'Scan Invoice' }));
    await waitFor(() => expect(history.location.pathname).toBe('/purchasing'));
    expect(history.location.search).toContain('delivery=new');
    expect(await screen.findByRole('heading', { name: 'Receive a delivery' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Deliveries' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  it('opens Scan Product over the current screen, and gives focus back when it closes', async () => {
    // It fetches the catalogue the device has never held.
    mockServer.use(
      http.get('*/api/v1/inventory/enhanced', () => HttpResponse.json({ products: [] })),
    );
    const { nav, user, history } = await openApp();
    const button = within(nav).getByRole('button', { name: 'Scan Product' });
    await user.click(button);
    // It loads when first opened.
    const dialog = await screen.findByRole('dialog', { name: 'Scan Product' });
    // Focus moves in once the dialog's effects have run (after it first paints).
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByLabelText('Scan or search')),
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Scan Product' })).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(history.location.pathname).toBe('/dashboard');
  });

  it('signs out: clears the session, tells the server, and goes to /login', async () => {
    let revoked: unknown;
    mockServer.use(
      http.post('*/api/v1/auth/logout', async ({ request }) => {
        revoked = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { nav, user, history } = await openApp();
    await user.click(within(nav).getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(history.location.pathname).toBe('/login'));
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    await waitFor(() => expect(revoked).toEqual({ refreshToken: 'refresh-1' }));
  });

  it('starts collapsed on a tablet', async () => {
    window.innerWidth = 1024;
    const { nav } = await openApp();
    expect(nav.className).toContain('sidebar--collapsed');
  });

  it('on a phone, shows the Alerts count on the menu button while the menu is closed', async () => {
    window.innerWidth = 390;
    mockServer.use(
      http.get('*/api/v1/alerts', () =>
        HttpResponse.json({
          as_of: new Date().toISOString(),
          alerts: [
            {
              key: 'order-due:1',
              kind: 'order-due',
              title: 'ORD-1001',
              detail: '',
              at: null,
              href: '/orders',
              action: 'Open the order',
            },
          ],
          more: {},
        }),
      ),
    );
    await signInAsDemo();
    renderApp('/dashboard');
    const menu = await screen.findByRole('button', { name: 'Open menu' });
    await waitFor(() =>
      expect(menu.querySelector('.sidebar__badge--warning')?.textContent).toBe('1'),
    );
  });

  it('on a phone, opens the menu as a drawer that Escape and navigation close', async () => {
    window.innerWidth = 390;
    await signInAsDemo();
    const user = userEvent.setup();
    const { history } = renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByText('Quick Actions')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Orders' }));
    await waitFor(() => expect(history.location.pathname).toBe('/orders'));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
  });

  it('shows who is signed in and for which business', async () => {
    await openApp();
    // The top bar's profile (the menu names the business too, once its profile is read).
    const bar = document.querySelector<HTMLElement>('.top-bar');
    if (!bar) throw new Error('no top bar');
    expect(within(bar).getByText('Demo Owner')).toBeTruthy();
    expect(within(bar).getByText('Demo Cellar')).toBeTruthy();
  });
});
