import { screen, waitFor } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, signInAsDemo } from '../helpers/render-app.tsx';

describe('route map and guards', () => {
  it('shows the centred Loading... spinner while the stored session is read', async () => {
    vi.resetModules();
    const { SessionGate } = await import('#app/session-gate.tsx');
    const html = renderToStaticMarkup(
      <SessionGate onSignedOut={() => {}}>
        <p>screen</p>
      </SessionGate>,
    );
    expect(html).toContain('Loading...');
    expect(html).not.toContain('screen');
  });

  it('sends a signed-out visitor of a protected URL to /login, replacing the entry', async () => {
    const { history } = renderApp('/inventory');
    await screen.findByText('Welcome back! Please sign in to your account.');
    expect(history.location.pathname).toBe('/login');
    expect(history.length).toBe(1);
  });

  it('redirects / to /dashboard, replacing the entry', async () => {
    await signInAsDemo();
    const { history } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(history.location.pathname).toBe('/dashboard');
    expect(history.length).toBe(1);
  });

  it('sends a signed-in user away from /login to /dashboard', async () => {
    await signInAsDemo();
    const { history } = renderApp('/login');
    await waitFor(() => expect(history.location.pathname).toBe('/dashboard'));
  });

  it('needs both tokens: an access token alone is not a session', async () => {
    localStorage.setItem('accessToken', 'a');
    const { history } = renderApp('/dashboard');
    await waitFor(() => expect(history.location.pathname).toBe('/login'));
  });

  it('sends /reset-password without a token to /login', async () => {
    const { history } = renderApp('/reset-password');
    await waitFor(() => expect(history.location.pathname).toBe('/login'));
  });

  it('opens /reset-password with a token', async () => {
    renderApp('/reset-password?token=abc');
    expect(await screen.findByText('Create your new password')).toBeTruthy();
  });

  it.each([
    ['/settings/integrations', 'Integrations'],
    ['/settings/billing', 'Billing'],
  ])('renders %s as a titled screen inside the layout', async (path, title) => {
    await signInAsDemo();
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByText(`${title} is on its way`)).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });

  it.each([
    ['/alerts', 'Alerts'],
    ['/reports', 'Reports'],
    ['/reports/sales', 'Sales Report'],
    ['/reports/inventory', 'Inventory Report'],
    ['/reports/analytics', 'Customer Analytics'],
    ['/settings', 'Settings'],
    ['/help', 'Help & Support'],
    ['/pos', 'POS'],
    ['/customers', 'Customers'],
    ['/orders', 'Orders'],
    ['/calendar', 'Calendar'],
    ['/settings/profile', 'Business Profile'],
    ['/settings/payment', 'Payment & Tax'],
    ['/settings/team', 'Team & Permissions'],
  ])('renders %s, a screen of its own, inside the layout', async (path, title) => {
    await signInAsDemo();
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.queryByText(`${title} is on its way`)).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });

  it('returns to /login when the session ends in another tab', async () => {
    await signInAsDemo();
    const { history } = renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: 'refreshToken' }));
    await waitFor(() => expect(history.location.pathname).toBe('/login'));
  });
});
