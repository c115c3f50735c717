import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FROM_CACHE_HEADER } from '#data/api-cache.ts';
import type { DashboardSnapshot } from '#domains/dashboard/snapshot.ts';
import { DASHBOARD_TEXT } from '#features/dashboard/components/dashboard-page.tsx';
import { announceChange, mockServer } from '../../../mocks/server.ts';
import { loadSignedInChunks } from '../../helpers/lazy-chunks.ts';
import { demoProfileHandler, renderApp, signInAsDemo } from '../../helpers/render-app.tsx';

// The chart draws on a canvas jsdom does not have; its formatting is tested on its own.
vi.mock('#features/dashboard/components/sales-chart.tsx', () => ({
  default: ({ sales }: { sales: { name: string }[] }) => (
    <div data-testid="sales-chart">{sales.map((point) => point.name).join(' ')}</div>
  ),
}));

// Loaded before the tests: compiling the lazy shell on first import can outlast a wait.
beforeAll(() => loadSignedInChunks(), 30_000);
beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());

const WEEK = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((name, index) => ({
  name,
  date: `2026-11-${16 + index}`,
  revenueCents: [312_000, 286_000, 341_000, 405_000, 628_000, 714_000, 486_240][index] ?? 0,
}));

const TOMORROW: DashboardSnapshot['tomorrowOrders'] = [
  { id: 'a1', name: 'The Larder Bistro', items: 12, time: '9:30 AM', kind: 'Delivery' },
  { id: 'b2', name: 'Margaret Chen', items: 3, time: 'Any time', kind: 'Pickup' },
];

const snapshot = (
  lowStock: DashboardSnapshot['lowStock'],
  sales: Partial<DashboardSnapshot> = {},
): DashboardSnapshot => ({
  asOf: '2026-11-22T08:05:00.000Z',
  today: {
    revenue: { cents: 486_240, changePercent: 12.4 },
    profit: { cents: 152_380, changePercent: -3.2 },
  },
  tomorrowOrders: TOMORROW,
  sales: WEEK,
  topItems: [
    {
      id: 7,
      img: '/images/dashboard/red.svg',
      name: 'Penfolds Bin 389',
      category: 'Red',
      sold: 42,
    },
  ],
  hasSales: true,
  lowStock,
  ...sales,
});

const NO_SALES: Partial<DashboardSnapshot> = {
  today: {
    revenue: { cents: 0, changePercent: null },
    profit: { cents: 0, changePercent: null },
  },
  sales: WEEK.map((day) => ({ ...day, revenueCents: 0 })),
  topItems: [],
  hasSales: false,
  tomorrowOrders: [],
};

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
    expect(within(today).getByText('$1,523.80')).toBeTruthy();
    expect(within(today).getByText('+12.4%')).toBeTruthy();
    expect(within(today).getByText('-3.2%')).toBeTruthy();
    expect(within(today).getAllByText('vs yesterday')).toHaveLength(2);

    const orders = screen.getByRole('region', { name: "Tomorrow's Orders" });
    expect(within(orders).getByText('The Larder Bistro')).toBeTruthy();
    expect(within(orders).getByText('12 items')).toBeTruthy();
    expect(within(orders).getByText('9:30 AM').previousSibling?.textContent).toBe('Delivery');
    expect(within(orders).getByRole('link', { name: 'View all' }).getAttribute('href')).toBe(
      '/orders?day=tomorrow',
    );
    // Each order opens itself.
    expect(
      within(orders)
        .getByRole('link', { name: /Margaret Chen/ })
        .getAttribute('href'),
    ).toBe('/orders?order=b2');

    const top = screen.getByRole('region', { name: 'Most Sold Items' });
    expect(within(top).getByText('Penfolds Bin 389')).toBeTruthy();
    expect(within(top).getByText('42 sold')).toBeTruthy();
    expect(within(top).getByRole('link', { name: 'View Report' }).getAttribute('href')).toBe(
      '/reports/sales',
    );

    expect(await screen.findByTestId('sales-chart')).toBeTruthy();
    expect(screen.getByText('Last 7 Days')).toBeTruthy();
    expect(screen.queryByText(DASHBOARD_TEXT.noSalesYet)).toBeNull();
    expect(screen.queryByText(/^Updated /)).toBeNull();
  });

  it('says so when the shop has no sales yet: zeros, never sample figures', async () => {
    serve(snapshot(LOW, NO_SALES));
    await signInAsDemo();
    renderApp('/dashboard');
    const today = await screen.findByRole('region', { name: "Today's Snapshot" });
    expect(within(today).getAllByText('$0.00')).toHaveLength(2);
    expect(within(today).getAllByText('vs yesterday')).toHaveLength(2);
    expect(within(today).getByText(DASHBOARD_TEXT.noSalesYet)).toBeTruthy();
    const top = screen.getByRole('region', { name: 'Most Sold Items' });
    expect(within(top).getByText(DASHBOARD_TEXT.noSalesYet)).toBeTruthy();
    expect(within(top).queryAllByRole('listitem')).toHaveLength(0);
    const week = screen.getByRole('region', { name: 'Sales Performance' });
    expect(within(week).getByText(DASHBOARD_TEXT.noSalesYet)).toBeTruthy();
    const orders = screen.getByRole('region', { name: "Tomorrow's Orders" });
    expect(within(orders).getByText(DASHBOARD_TEXT.noOrdersTomorrow)).toBeTruthy();
    expect(within(orders).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('says the week was quiet when sales exist but none in the last 7 days', async () => {
    serve(snapshot(LOW, { ...NO_SALES, hasSales: true }));
    await signInAsDemo();
    renderApp('/dashboard');
    const week = await screen.findByRole('region', { name: 'Sales Performance' });
    expect(within(week).getByText(DASHBOARD_TEXT.noSalesThisWeek)).toBeTruthy();
    expect(screen.queryByText(DASHBOARD_TEXT.noSalesYet)).toBeNull();
  });

  it('asks again when the business changes on another device, so new sales show', async () => {
    let calls = 0;
    mockServer.use(
      http.get('*/api/v1/dashboard', ({ request }) => {
        calls += 1;
        // The device's time zone goes with the question: the shop's day ends at its midnight.
        expect(new URL(request.url).searchParams.get('tz')).toBe(
          Intl.DateTimeFormat().resolvedOptions().timeZone,
        );
        return HttpResponse.json(
          snapshot(LOW, {
            today: {
              revenue: { cents: calls === 1 ? 1_000 : 5_995, changePercent: null },
              profit: { cents: 0, changePercent: null },
            },
          }),
        );
      }),
      demoProfileHandler(),
    );
    await signInAsDemo();
    renderApp('/dashboard');
    const today = await screen.findByRole('region', { name: "Today's Snapshot" });
    expect(await within(today).findByText('$10.00')).toBeTruthy();
    announceChange();
    expect(await within(today).findByText('$59.95')).toBeTruthy();
    expect(calls).toBe(2);
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

  it("says 'Updated {time}' when the answer came from the worker's cache", async () => {
    serve(snapshot({ count: 0, items: [] }), { [FROM_CACHE_HEADER]: '1' });
    await signInAsDemo();
    renderApp('/dashboard');
    const note = await screen.findByText(/^Updated /);
    const expected = new Date('2026-11-22T08:05:00.000Z').toLocaleTimeString(undefined, {
      hour: 'numeric',
      minute: '2-digit',
    });
    expect(note.textContent).toContain(expected);
    expect(screen.getByText('Nothing is running low.')).toBeTruthy();
  });

  it("says 'Updated {time}' while the device is offline, however recent the copy", async () => {
    serve(snapshot({ count: 0, items: [] }));
    await signInAsDemo();
    renderApp('/dashboard');
    await screen.findByRole('region', { name: "Today's Snapshot" });
    expect(screen.queryByText(/^Updated /)).toBeNull();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      window.dispatchEvent(new Event('offline'));
      expect(await screen.findByText(/^Updated /)).toBeTruthy();
    } finally {
      onLine.mockRestore();
      window.dispatchEvent(new Event('online'));
    }
  });

  it("says 'Updated {time}' when a refresh of what is shown failed", async () => {
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
    expect(screen.queryByText(/^Updated /)).toBeNull();
    await router.options.context.queryClient.refetchQueries({ queryKey: ['dashboard'] });
    expect(await screen.findByText(/^Updated /)).toBeTruthy();
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
    const alert = await screen.findByRole('alert');
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
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(DASHBOARD_TEXT.needsVisit);
    expect(alert.textContent).not.toContain('Failed to fetch');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
