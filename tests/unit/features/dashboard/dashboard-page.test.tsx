import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FROM_CACHE_HEADER } from '#data/api-cache.ts';
import {
  SAMPLE_SALES,
  SAMPLE_TODAY,
  SAMPLE_TOMORROW_ORDERS,
  SAMPLE_TOP_ITEMS,
} from '#domains/dashboard/sample-data.ts';
import type { DashboardSnapshot } from '#domains/dashboard/snapshot.ts';
import { DASHBOARD_TEXT } from '#features/dashboard/components/dashboard-page.tsx';
import { mockServer } from '../../../mocks/server.ts';
import { demoProfileHandler, renderApp, signInAsDemo } from '../../helpers/render-app.tsx';

// The chart draws on a canvas jsdom does not have; its formatting is tested on its own.
vi.mock('#features/dashboard/components/sales-chart.tsx', () => ({
  default: ({ sales }: { sales: { name: string }[] }) => (
    <div data-testid="sales-chart">{sales.map((point) => point.name).join(' ')}</div>
  ),
}));

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());

const snapshot = (lowStock: DashboardSnapshot['lowStock']): DashboardSnapshot => ({
  asOf: '2026-11-22T08:05:00.000Z',
  today: SAMPLE_TODAY,
  tomorrowOrders: SAMPLE_TOMORROW_ORDERS,
  sales: SAMPLE_SALES,
  topItems: SAMPLE_TOP_ITEMS,
  lowStock,
});

const LOW = {
  count: 7,
  items: [
    { id: 1, name: 'Sold Out Sauternes', stock: 0 },
    { id: 2, name: 'Low Riesling', stock: 12 },
    { id: 3, name: 'Medium Merlot', stock: 25 },
  ],
};

function serve(body: DashboardSnapshot, headers: Record<string, string> = {}) {
  mockServer.use(
    http.get('*/api/v1/dashboard', () => HttpResponse.json(body, { headers })),
    demoProfileHandler(),
  );
}

describe('Dashboard', () => {
  it('shows every card of the snapshot', async () => {
    serve(snapshot(LOW));
    await signInAsDemo();
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeTruthy();
    expect(screen.getByText("Here's a snapshot of your business today.")).toBeTruthy();

    const today = await screen.findByRole('region', { name: "Today's Snapshot" });
    expect(within(today).getByText('$4,862.40')).toBeTruthy();
    expect(within(today).getByText('+12.4%')).toBeTruthy();
    expect(within(today).getByText('-3.2%')).toBeTruthy();
    expect(within(today).getAllByText('vs yesterday')).toHaveLength(2);

    const orders = screen.getByRole('region', { name: "Tomorrow's Orders" });
    expect(within(orders).getByText('The Larder Bistro')).toBeTruthy();
    expect(within(orders).getByText('12 items')).toBeTruthy();
    expect(within(orders).getByText('9:30 AM').previousSibling?.textContent).toBe('Delivery');
    expect(within(orders).getByRole('link', { name: 'View all' }).getAttribute('href')).toBe(
      '/orders',
    );

    const top = screen.getByRole('region', { name: 'Most Sold Items' });
    expect(within(top).getByText('Penfolds Bin 389')).toBeTruthy();
    expect(within(top).getByText('42 sold')).toBeTruthy();
    expect(within(top).getByRole('link', { name: 'View Report' }).getAttribute('href')).toBe(
      '/reports/sales',
    );

    expect(await screen.findByTestId('sales-chart')).toBeTruthy();
    expect(screen.getByText('Last 7 Days')).toBeTruthy();
    expect(screen.queryByText(/^As of /)).toBeNull();
  });

  it('lists low stock with its dot, count and what is left; Manage Inventory goes to /inventory', async () => {
    serve(snapshot(LOW));
    await signInAsDemo();
    const { history } = renderApp('/dashboard');
    const low = await screen.findByRole('region', { name: /Low Stock Alerts/ });
    expect(within(low).getByText('(7 items)')).toBeTruthy();
    expect(within(low).getByRole('img', { name: 'Critical stock level' })).toBeTruthy();
    expect(within(low).getByRole('img', { name: 'Low stock level' })).toBeTruthy();
    expect(within(low).getByRole('img', { name: 'Medium stock level' })).toBeTruthy();
    expect(within(low).getByText('0 left')).toBeTruthy();
    const reorder = within(low).getByRole('link', { name: 'Reorder Low Riesling' });
    // Until purchasing exists, the product's stock adjustment on the inventory screen.
    expect(reorder.getAttribute('href')).toBe('/inventory?product=2&open=adjust');

    mockServer.use(
      http.get('*/api/v1/inventory/enhanced', () => HttpResponse.json({ products: [] })),
      http.get('*/api/v1/preferences/columns/products', () => HttpResponse.error()),
    );
    await userEvent.setup().click(within(low).getByRole('link', { name: 'Manage Inventory' }));
    await waitFor(() => expect(history.location.pathname).toBe('/inventory'));
  });

  it("says 'As of {time}' when the answer came from the worker's cache", async () => {
    serve(snapshot({ count: 0, items: [] }), { [FROM_CACHE_HEADER]: '1' });
    await signInAsDemo();
    renderApp('/dashboard');
    const note = await screen.findByText(/^As of /);
    const expected = new Date('2026-11-22T08:05:00.000Z').toLocaleTimeString(undefined, {
      hour: 'numeric',
      minute: '2-digit',
    });
    expect(note.textContent).toContain(expected);
    expect(screen.getByText('Nothing is running low.')).toBeTruthy();
  });

  it("says 'As of {time}' while the device is offline, however recent the copy", async () => {
    serve(snapshot({ count: 0, items: [] }));
    await signInAsDemo();
    renderApp('/dashboard');
    await screen.findByRole('region', { name: "Today's Snapshot" });
    expect(screen.queryByText(/^As of /)).toBeNull();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      window.dispatchEvent(new Event('offline'));
      expect(await screen.findByText(/^As of /)).toBeTruthy();
    } finally {
      onLine.mockRestore();
      window.dispatchEvent(new Event('online'));
    }
  });

  it("says 'As of {time}' when a refresh of what is shown failed", async () => {
    let calls = 0;
    mockServer.use(
      http.get('*/api/v1/dashboard', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(snapshot(LOW))
          : HttpResponse.json({ message: 'Internal server error' }, { status: 500 });
      }),
      demoProfileHandler(),
    );
    await signInAsDemo();
    const { router } = renderApp('/dashboard');
    await screen.findByRole('region', { name: "Today's Snapshot" });
    expect(screen.queryByText(/^As of /)).toBeNull();
    await router.options.context.queryClient.refetchQueries({ queryKey: ['dashboard'] });
    expect(await screen.findByText(/^As of /, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('region', { name: "Today's Snapshot" })).toBeTruthy();
  });

  it('offers Try again when the dashboard cannot be loaded and nothing is stored', async () => {
    let calls = 0;
    mockServer.use(
      http.get('*/api/v1/dashboard', () => {
        calls += 1;
        return calls <= 2
          ? HttpResponse.json({ message: 'Internal server error' }, { status: 500 })
          : HttpResponse.json(snapshot(LOW));
      }),
      demoProfileHandler(),
    );
    await signInAsDemo();
    renderApp('/dashboard');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('The dashboard could not be loaded.');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: "Today's Snapshot" })).toBeTruthy();
  });

  it('says in words that a first visit needs the server, never the browser\'s "Failed to fetch"', async () => {
    mockServer.use(
      http.get('*/api/v1/dashboard', () => HttpResponse.error()),
      demoProfileHandler(),
    );
    await signInAsDemo();
    renderApp('/dashboard');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain(DASHBOARD_TEXT.needsVisit);
    expect(alert.textContent).not.toContain('Failed to fetch');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
