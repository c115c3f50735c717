import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearLocalData } from '#data/db.ts';
import { saveSession } from '#data/session.ts';
import { SettingsPanel } from '#features/settings/components/settings-panel.tsx';
import { defaultPreferences } from '#shared/preferences/column-preferences.ts';
import { mockServer } from '../../../mocks/server.ts';
import { renderWithQuery } from '../../helpers/render-with-query.tsx';

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());

const puts: unknown[] = [];
beforeEach(async () => {
  puts.length = 0;
  await clearLocalData();
  saveSession({ accessToken: 'a1', refreshToken: 'r1', user: { email: 'demo@vintry.test' } });
  mockServer.use(
    http.get('*/api/v1/preferences/columns/products', () =>
      HttpResponse.json({
        preferences: [],
        visible_columns: [],
        defaults: defaultPreferences([]),
        stats: {},
      }),
    ),
    http.get('*/api/v1/custom-fields/definitions/product', () =>
      HttpResponse.json({ definitions: [] }),
    ),
    http.get('*/api/v1/preferences/inventory-settings', () => HttpResponse.json({ savedAt: null })),
    http.put('*/api/v1/preferences/columns/products', async ({ request }) => {
      const body = (await request.json()) as { preferences: unknown[] };
      puts.push(body);
      return HttpResponse.json({
        preferences: body.preferences,
        visible_columns: [],
        defaults: defaultPreferences([]),
        stats: {},
      });
    }),
  );
});

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
});
