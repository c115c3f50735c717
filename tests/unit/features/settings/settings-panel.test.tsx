import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { saveSession } from '#data/session.ts';
import {
  type ColumnPreference,
  columnPreferencesAnswer,
} from '#domains/preferences/column-preferences.ts';
import { SettingsPanel } from '#features/settings/components/settings-panel.tsx';
import { mockServer } from '../../../mocks/server.ts';
import { clearLocalData } from '../../helpers/local-data.ts';
import { renderWithQuery } from '../../helpers/render-with-query.tsx';

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());

const puts: unknown[] = [];
beforeEach(async () => {
  puts.length = 0;
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
    http.put('*/api/v1/preferences/columns/products', async ({ request }) => {
      const body = (await request.json()) as { preferences: ColumnPreference[] };
      puts.push(body);
      return HttpResponse.json(columnPreferencesAnswer(body.preferences, []));
    }),
  );
});

const settingsPuts: unknown[] = [];
beforeEach(() => {
  settingsPuts.length = 0;
  mockServer.use(
    http.put('*/api/v1/preferences/inventory-settings', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      settingsPuts.push(body);
      return HttpResponse.json({ ...body, savedAt: new Date().toISOString() });
    }),
  );
});

function renderPanel(onCancel = () => {}) {
  const user = userEvent.setup();
  renderWithQuery(<SettingsPanel customFieldsManager={<p>manager</p>} onCancel={onCancel} />);
  return user;
}

const orderLabels = () =>
  within(screen.getByRole('list', { name: 'Column order' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.order-list__label')?.textContent);

describe('inventory settings panel', () => {
  it('shows a column at once when it is ticked, and saves it', async () => {
    const user = userEvent.setup();
    renderWithQuery(<SettingsPanel customFieldsManager={null} onCancel={() => {}} />);
    const sku = await screen.findByRole('checkbox', { name: 'SKU' });
    expect((sku as HTMLInputElement).checked).toBe(false);
    await user.click(sku);
    expect((sku as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(puts).toHaveLength(1));
    const order = screen.getByRole('list', { name: 'Column order' });
    expect(within(order).getByText('SKU')).toBeTruthy();
  });

  it('lists every offered column, sorted by label, with Product Name always on', async () => {
    renderPanel();
    const product = (await screen.findByRole('checkbox', {
      name: /Product Name/,
    })) as HTMLInputElement;
    expect(product.checked).toBe(true);
    expect(product.disabled).toBe(true);
    const labels = screen
      .getAllByRole('checkbox')
      .map((box) => box.closest('li')?.querySelector('label')?.firstChild?.textContent);
    expect(labels).toEqual([...labels].sort((a, b) => String(a).localeCompare(String(b), 'en')));
    // The spec's 23, the wine's 10 fields, the tax category and the 6 of buying.
    expect(labels).toHaveLength(23 + 10 + 1 + 6);
    for (const wine of ['Vintage', 'Type', 'Grape Varieties', 'Alcohol %', 'Storage Location']) {
      expect(labels).toContain(wine);
    }
    for (const buying of ['Case Size', 'Case Cost', 'Reorder Point', "Supplier's Code"]) {
      expect(labels).toContain(buying);
    }
  });

  it('moves a column with its buttons, saving the order, and resets to the default order', async () => {
    const user = renderPanel();
    await screen.findByRole('list', { name: 'Column order' });
    expect(orderLabels().slice(0, 3)).toEqual(['Product Name', 'Producer/Brand', 'Country']);
    await user.click(screen.getByRole('button', { name: 'Move Country up' }));
    expect(orderLabels().slice(0, 3)).toEqual(['Product Name', 'Country', 'Producer/Brand']);
    await waitFor(() => expect(puts.length).toBeGreaterThan(0));
    const saved = (puts.at(-1) as { preferences: { column_key: string }[] }).preferences;
    expect(saved.slice(0, 3).map((p) => p.column_key)).toEqual(['product', 'country', 'producer']);

    await user.click(screen.getByRole('button', { name: 'Reset to default order' }));
    expect(orderLabels().slice(0, 3)).toEqual(['Product Name', 'Producer/Brand', 'Country']);
  });

  it('moves a column with Alt+Arrow on its buttons, keeping focus on it', async () => {
    const user = renderPanel();
    const down = await screen.findByRole('button', { name: 'Move Producer/Brand down' });
    down.focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(orderLabels().slice(1, 3)).toEqual(['Country', 'Producer/Brand']);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Move Producer/Brand down');
  });

  it('resets everything to the defaults after the confirmation', async () => {
    const user = renderPanel();
    await user.click(await screen.findByRole('checkbox', { name: 'SKU' }));
    await user.click(screen.getByRole('button', { name: 'Reset to Defaults' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain(
      'Are you sure you want to reset all settings to defaults? This action cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect((screen.getByRole('checkbox', { name: 'SKU' }) as HTMLInputElement).checked).toBe(false);
    await waitFor(() => expect(settingsPuts).toHaveLength(1));
    expect(settingsPuts[0]).toMatchObject({
      display: {
        itemsPerPage: 50,
        defaultSort: 'productNameAZ',
        viewDensity: 'comfortable',
        showProductImages: false,
      },
    });
    const last = (puts.at(-1) as { preferences: { column_key: string; is_visible: boolean }[] })
      .preferences;
    expect(last.filter((p) => p.is_visible).map((p) => p.column_key)).toEqual([
      'product',
      'producer',
      'country',
      'region',
      'appellation',
      'luc',
      'gst',
      'listPrice',
      'margin',
      'status',
    ]);
  });

  it('saves the display preferences with Save Settings', async () => {
    const user = renderPanel();
    await user.click(await screen.findByRole('tab', { name: 'Display Preferences' }));
    // The tab shows 'Loading preferences...' until the stored settings have been read.
    await user.selectOptions(await screen.findByLabelText('Items Per Page'), '200');
    await user.selectOptions(screen.getByLabelText('Default Sort Order'), 'stockLowHigh');
    await user.click(screen.getByRole('radio', { name: /Compact/ }));
    expect(screen.getByText('More items visible')).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: 'Show Product Images' }));
    expect(settingsPuts).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(settingsPuts).toHaveLength(1));
    expect(settingsPuts[0]).toMatchObject({
      display: {
        itemsPerPage: 200,
        defaultSort: 'stockLowHigh',
        viewDensity: 'compact',
        showProductImages: true,
      },
      stockManagement: { lowStockThreshold: 10 },
    });
  });

  it('saves the import behaviour and export format, and deletes a saved mapping, with Save Settings', async () => {
    mockServer.use(
      http.get('*/api/v1/preferences/inventory-settings', () =>
        HttpResponse.json({
          savedAt: '2026-11-20T10:00:00.000Z',
          importExport: {
            columnMappingTemplates: [
              { name: 'Old till', mapping: { 'Item Name': 'name', RRP: 'list_price' } },
              { name: 'Supplier list', mapping: { Wine: 'name' } },
            ],
          },
        }),
      ),
    );
    const user = renderPanel();
    await user.click(await screen.findByRole('tab', { name: 'Import/Export Settings' }));
    expect(await screen.findByText('Old till')).toBeTruthy();
    expect(screen.getByText('2 columns')).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Update and create/ })).toHaveProperty(
      'checked',
      true,
    );
    await user.click(screen.getByRole('radio', { name: /Only update/ }));
    await user.click(screen.getByRole('radio', { name: 'Excel (.xlsx)' }));
    await user.click(screen.getByRole('button', { name: 'Delete mapping Old till' }));
    expect(screen.queryByText('Old till')).toBeNull();
    expect(settingsPuts).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(settingsPuts).toHaveLength(1));
    expect(settingsPuts[0]).toMatchObject({
      importExport: {
        importBehavior: 'updateOnly',
        exportFormat: 'xlsx',
        columnMappingTemplates: [{ name: 'Supplier list', mapping: { Wine: 'name' } }],
      },
    });
  });

  it('says when no mapping is saved yet', async () => {
    const user = renderPanel();
    await user.click(await screen.findByRole('tab', { name: 'Import/Export Settings' }));
    expect(
      screen.getByText(
        'No saved mappings yet. Save one while importing a file (Add Inventory → Import from file).',
      ),
    ).toBeTruthy();
  });

  it.each([
    ['Stock Management Rules', 'Low stock threshold'],
    ['Product Defaults', 'Markup on total cost (%)'],
    ['Notifications & Alerts', 'Email about low stock'],
  ])(
    'the %s tab shows its settings, also while the column preferences load',
    async (tab, label) => {
      mockServer.use(
        http.get('*/api/v1/preferences/columns/products', async () => {
          await delay('infinite');
          return HttpResponse.json({});
        }),
      );
      const user = renderPanel();
      await user.click(await screen.findByRole('tab', { name: tab }));
      expect(await screen.findByLabelText(label)).toBeTruthy();
      expect(screen.queryByText(/coming soon/)).toBeNull();
    },
  );

  it('saves Stock Management Rules, Product Defaults and Notifications with Save Settings', async () => {
    const user = renderPanel();
    await user.click(await screen.findByRole('tab', { name: 'Stock Management Rules' }));
    const threshold = await screen.findByLabelText('Low stock threshold');
    await user.clear(threshold);
    await user.type(threshold, '6');
    const reasons = screen.getByLabelText('Stock adjustment reasons (one per line)');
    expect((reasons as HTMLTextAreaElement).value.split('\n')[0]).toBe('Received');
    await user.clear(reasons);
    await user.type(reasons, 'Received{Enter}{Enter}Breakage');
    await user.click(screen.getByRole('tab', { name: 'Product Defaults' }));
    await user.selectOptions(screen.getByLabelText('Tax category'), 'gstFree');
    await user.click(screen.getByRole('tab', { name: 'Notifications & Alerts' }));
    await user.click(screen.getByLabelText('Alert on dead stock'));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(settingsPuts).toHaveLength(1));
    expect(settingsPuts[0]).toMatchObject({
      stockManagement: { lowStockThreshold: 6, stockAdjustmentReasons: ['Received', 'Breakage'] },
      productDefaults: { defaultTaxCategory: 'gstFree', defaultMarkup: 50 },
      notifications: { deadStockAlertsEnabled: false },
    });
  });

  it("switches to Add Inventory with 'Cancel'", async () => {
    let cancelled = 0;
    const user = renderPanel(() => {
      cancelled += 1;
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(cancelled).toBe(1);
  });

  it("shows 'Error loading preferences' with the message and 'Try again'", async () => {
    let fail = true;
    mockServer.use(
      http.get('*/api/v1/preferences/columns/products', () =>
        fail
          ? HttpResponse.json({ message: 'nope' }, { status: 403, statusText: 'Forbidden' })
          : HttpResponse.json(columnPreferencesAnswer([], [])),
      ),
    );
    const user = renderPanel();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error loading preferences')).toBeTruthy();
    expect(within(alert).getByText('API call failed: 403 Forbidden')).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('checkbox', { name: 'SKU' })).toBeTruthy();
  });

  it('shows Saving... and then Saved, which clears 1 s after the server answered', async () => {
    const user = renderPanel();
    await user.click(await screen.findByRole('checkbox', { name: 'SKU' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Saved')).toBeNull(), { timeout: 1500 });
  });
});
