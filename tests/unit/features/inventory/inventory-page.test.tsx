import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '#data/db.ts';
import { refreshCatalogue, resetCatalogueState } from '#data/repositories/catalogue.ts';
import { refreshColumnPreferences } from '#data/repositories/column-preferences.ts';
import { saveSession } from '#data/session.ts';
import { requestReplay } from '#data/sync/replayer.ts';
import {
  columnPreferencesAnswer,
  defaultPreferences,
} from '#domains/preferences/column-preferences.ts';
import { SAMPLE_INVENTORY } from '#domains/products/sample-data.ts';
import { InventoryPage } from '#features/inventory/components/inventory-page.tsx';
import { mockServer } from '../../../mocks/server.ts';
import { loadInventoryChunks } from '../../helpers/lazy-chunks.ts';
import { clearLocalData } from '../../helpers/local-data.ts';
import { renderWithQuery } from '../../helpers/render-with-query.tsx';

beforeAll(() => loadInventoryChunks(), 30_000);

// The page loads the grid when it opens (lazy-inventory-grid.tsx); here it is the stand-in.
vi.mock('#features/inventory/components/lazy-inventory-grid.tsx', async () => ({
  LazyInventoryGrid: (await import('./grid-stand-in.tsx')).GridStandIn,
  preloadInventoryGrid: () => undefined,
}));

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());
beforeEach(async () => {
  resetCatalogueState();
  await clearLocalData();
  await saveSession({ accessToken: 'a1', refreshToken: 'r1', user: { email: 'demo@vintry.test' } });
  mockServer.use(
    http.get('*/api/v1/preferences/columns/products', () =>
      HttpResponse.json(columnPreferencesAnswer([], [])),
    ),
    http.get('*/api/v1/custom-fields/definitions/product', () =>
      HttpResponse.json({ definitions: [] }),
    ),
    http.get('*/api/v1/preferences/inventory-settings', () => HttpResponse.json({ savedAt: null })),
  );
});

const catalogue = {
  products: [
    {
      id: 1,
      columns: [
        { key: 'name', value: 'Grange' },
        { key: 'list_price', value: '900.00' },
      ],
    },
    {
      id: 2,
      columns: [
        { key: 'name', value: 'Sassicaia' },
        { key: 'list_price', value: '450.00' },
      ],
    },
  ],
};

function renderPage(tab: 'inventory' | 'settings' = 'inventory') {
  const onTabChange = vi.fn();
  renderWithQuery(
    <InventoryPage tab={tab} onTabChange={onTabChange} settingsPanel={<p>Settings panel</p>} />,
  );
  return { onTabChange };
}

describe('Inventory Management screen', () => {
  it('shows the title, the four sub-tabs and the loading text, then the catalogue', async () => {
    mockServer.use(
      http.get('*/api/v1/inventory/enhanced', async () => {
        await delay(100);
        return HttpResponse.json(catalogue, { headers: { ETag: '"v1"' } });
      }),
    );
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Inventory Management' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Inventory',
      'Add Inventory',
      'Batch Operations',
      'Settings',
    ]);
    expect(await screen.findByText('Loading inventory data and preferences...')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Grange' })).toBeTruthy();
    expect(screen.getByText('Showing 1 to 2 of 2 results')).toBeTruthy();
  });

  /** A device used before: the catalogue and the column layout are stored. */
  async function storeCatalogueAndLayout() {
    mockServer.use(
      http.get('*/api/v1/inventory/enhanced', () =>
        HttpResponse.json(catalogue, { headers: { ETag: '"v1"' } }),
      ),
    );
    await refreshCatalogue();
    await refreshColumnPreferences('products');
    resetCatalogueState();
  }

  const headers = () =>
    within(screen.getByRole('table', { name: 'inventory grid' }))
      .getAllByRole('columnheader')
      .map((header) => header.textContent);

  it('shows the stored catalogue and layout at once, before the server answers', async () => {
    await storeCatalogueAndLayout();
    let answer: () => void = () => {};
    mockServer.use(
      http.get('*/api/v1/inventory/enhanced', async () => {
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return new HttpResponse(null, { status: 304 });
      }),
    );
    renderPage();
    expect(await screen.findByRole('button', { name: 'Sassicaia' })).toBeTruthy();
    expect(screen.queryByText('Loading inventory data and preferences...')).toBeNull();
    answer();
  });

  it("waits for a user's saved layout on a device that has none: it is the first one shown", async () => {
    mockServer.use(
      http.get('*/api/v1/inventory/enhanced', () =>
        HttpResponse.json(catalogue, { headers: { ETag: '"v1"' } }),
      ),
    );
    await refreshCatalogue();
    resetCatalogueState();
    let answerPreferences: () => void = () => {};
    const preferencesAsked = new Promise<void>((asked) => {
      mockServer.use(
        http.get('*/api/v1/inventory/enhanced', () => new HttpResponse(null, { status: 304 })),
        http.get('*/api/v1/preferences/columns/products', async () => {
          asked();
          await new Promise<void>((resolve) => {
            answerPreferences = resolve;
          });
          const saved = defaultPreferences([]).map((preference) =>
            preference.column_key === 'producer'
              ? { ...preference, is_visible: false }
              : preference,
          );
          return HttpResponse.json(columnPreferencesAnswer(saved, []));
        }),
      );
    });
    renderPage();
    await preferencesAsked;
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The stored catalogue is not shown in the default columns meanwhile.
    expect(screen.getByText('Loading inventory data and preferences...')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'inventory grid' })).toBeNull();
    answerPreferences();
    expect(await screen.findByRole('button', { name: 'Sassicaia' })).toBeTruthy();
    expect(headers()).toContain('Country');
    expect(headers()).not.toContain('Producer/Brand');
  });

  it('offline with no layout stored, shows the default columns and says why', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    mockServer.use(
      http.get('*/api/v1/inventory/enhanced', () =>
        HttpResponse.json(catalogue, { headers: { ETag: '"v1"' } }),
      ),
    );
    await refreshCatalogue();
    resetCatalogueState();
    mockServer.use(
      http.get('*/api/v1/inventory/enhanced', () => HttpResponse.error()),
      http.get('*/api/v1/preferences/columns/products', () => HttpResponse.error()),
      http.get('*/api/v1/custom-fields/definitions/product', () => HttpResponse.error()),
    );
    renderPage();
    expect(
      await screen.findByText(
        'You are offline and your column layout is not on this device yet, so the default columns are shown.',
      ),
    ).toBeTruthy();
    expect(headers()).toEqual([
      '#',
      'Product Name (asc)',
      'Producer/Brand',
      'Country',
      'Region',
      'Appellation',
      'LUC (Landed Unit Cost)',
      'GST',
      'List Price',
      'Margin',
      'Status',
      'options',
    ]);
  });

  it("shows 'Error loading inventory' with the message, and 'Try again' loads again", async () => {
    mockServer.use(
      http.get('*/api/v1/inventory/enhanced', () =>
        HttpResponse.json({}, { status: 503, statusText: 'Service Unavailable' }),
      ),
    );
    const user = userEvent.setup();
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error loading inventory')).toBeTruthy();
    expect(within(alert).getByText('API call failed: 503 Service Unavailable')).toBeTruthy();
    mockServer.use(
      http.get('*/api/v1/inventory/enhanced', () =>
        HttpResponse.json(catalogue, { headers: { ETag: '"v1"' } }),
      ),
    );
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Grange' })).toBeTruthy();
  });

  it('falls back to the built-in sample data when the server catalogue is empty', async () => {
    mockServer.use(
      http.get('*/api/v1/inventory/enhanced', () =>
        HttpResponse.json({ products: [] }, { headers: { ETag: '"v0"' } }),
      ),
    );
    renderPage();
    expect(
      await screen.findByText('Your catalogue is empty, so sample products are shown.'),
    ).toBeTruthy();
    expect(
      screen.getByText(
        `Showing 1 to ${Math.min(10, SAMPLE_INVENTORY.length)} of ${SAMPLE_INVENTORY.length} results`,
      ),
    ).toBeTruthy();
  });

  it('keeps showing the stored catalogue when a refresh fails, and says so', async () => {
    await storeCatalogueAndLayout();
    mockServer.use(
      http.get('*/api/v1/inventory/enhanced', () =>
        HttpResponse.json({ message: 'Internal server error' }, { status: 500 }),
      ),
    );
    renderPage();
    expect(await screen.findByText(/It could not be refreshed/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Grange' })).toBeTruthy();
  });

  it('says it is offline when the server cannot be reached, though the browser has a network', async () => {
    await storeCatalogueAndLayout();
    // The shop's Wi-Fi is up, its internet is not: every request fails.
    mockServer.use(http.all('*/api/v1/*', () => HttpResponse.error()));
    renderPage();
    expect(
      await screen.findByText(/You are offline; it refreshes when the connection is back\./),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Grange' })).toBeTruthy();
  });

  it('an edit is checked, kept in edit mode when refused, then queued and marked until sent', async () => {
    let answer: () => Response = () => HttpResponse.error() as Response;
    const sent: unknown[] = [];
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    mockServer.use(
      http.get('*/api/v1/inventory/enhanced', () =>
        HttpResponse.json(
          { products: catalogue.products.map((product) => ({ ...product, version: 4 })) },
          { headers: { ETag: '"v1"' } },
        ),
      ),
      http.patch('*/api/v1/catalogue/products/1', async ({ request }) => {
        sent.push(await request.json());
        return answer();
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Options for Grange' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const luc = screen.getByLabelText('LUC (Landed Unit Cost)') as HTMLInputElement;
    const listPrice = screen.getByLabelText('List Price') as HTMLInputElement;
    await user.clear(listPrice);
    await user.type(listPrice, '950');
    await user.clear(luc);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('alert')).textContent).toBe('LUC is required');
    expect(luc.getAttribute('aria-invalid')).toBe('true');
    expect(listPrice.value).toBe('950');
    expect(await db.outbox.count()).toBe(0);

    await user.type(luc, '400');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    // The queued edit reaches the screen through the outbox, a moment after the form closes.
    const row = screen.getByRole('button', { name: 'Grange' }).closest('tr') as HTMLElement;
    expect(await within(row).findByText('$950.00')).toBeTruthy();
    await waitFor(() => expect(row.dataset.unsynced).toBe('true'));
    const [entry] = await db.outbox.toArray();
    expect(entry?.body).toEqual({
      base_version: 4,
      changes: { luc: '400.00', list_price: '950.00' },
    });

    answer = () =>
      HttpResponse.json({
        id: 1,
        version: 5,
        columns: [
          { key: 'name', value: 'Grange' },
          { key: 'luc', value: '400.00' },
          { key: 'list_price', value: '950.00' },
        ],
      }) as Response;
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    requestReplay();
    await waitFor(() => expect(row.dataset.unsynced).toBeUndefined());
    expect(sent).toHaveLength(1);
    expect(within(row).getByText('$950.00')).toBeTruthy();
  });

  it('switches sub-tabs', async () => {
    mockServer.use(
      http.get('*/api/v1/inventory/enhanced', () =>
        HttpResponse.json(catalogue, { headers: { ETag: '"v1"' } }),
      ),
    );
    const user = userEvent.setup();
    const { onTabChange } = renderPage();
    await user.click(screen.getByRole('tab', { name: 'Batch Operations' }));
    expect(onTabChange).toHaveBeenCalledWith('batch');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Grange' })).toBeTruthy());
  });

  it('follows the column preferences, custom fields and saved display preferences', async () => {
    mockServer.use(
      http.get('*/api/v1/inventory/enhanced', () =>
        HttpResponse.json(
          {
            products: catalogue.products.map((product) => ({
              ...product,
              columns: [...product.columns, { key: 'wine_type', value: 'Red' }],
            })),
          },
          { headers: { ETag: '"v1"' } },
        ),
      ),
      http.get('*/api/v1/preferences/columns/products', () =>
        HttpResponse.json(
          columnPreferencesAnswer(
            [
              { column_key: 'product', is_visible: true, display_order: 0 },
              { column_key: 'wine_type', is_visible: true, display_order: 1 },
              { column_key: 'producer', is_visible: false, display_order: 2 },
              { column_key: 'listPrice', is_visible: true, display_order: 3 },
            ],
            ['wine_type'],
          ),
        ),
      ),
      http.get('*/api/v1/custom-fields/definitions/product', () =>
        HttpResponse.json({
          definitions: [
            {
              id: 1,
              entity_type: 'product',
              field_key: 'wine_type',
              field_name: 'Wine Type',
              field_type: 'select',
              is_required: false,
              validation: { options: ['Red'] },
              created_at: '2026-11-20T00:00:00.000Z',
              updated_at: '2026-11-20T00:00:00.000Z',
            },
          ],
        }),
      ),
      http.get('*/api/v1/preferences/inventory-settings', () =>
        HttpResponse.json({
          display: {
            itemsPerPage: 200,
            defaultSort: 'productNameZA',
            viewDensity: 'compact',
            showProductImages: true,
          },
          savedAt: '2026-11-21T00:00:00.000Z',
        }),
      ),
    );
    renderPage();
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'inventory grid' }))
          .getAllByRole('columnheader')
          .map((header) => header.textContent),
      ).toEqual([
        '#',
        'image',
        'Product Name (desc)',
        'Wine Type (Custom)',
        'List Price',
        'options',
      ]),
    );
    // Compact density is the shortest row.
    expect(screen.getByRole('table', { name: 'inventory grid' }).dataset.rowHeight).toBe('28');
    const show = screen.getByLabelText('Show:') as HTMLSelectElement;
    await waitFor(() => expect(show.value).toBe('200'));
    expect(Array.from(show.options).map((option) => option.value)).toEqual([
      '10',
      '25',
      '50',
      '100',
      '200',
    ]);
    expect(screen.getAllByRole('cell').map((cell) => cell.textContent)).toContain('Red');
  });
});
