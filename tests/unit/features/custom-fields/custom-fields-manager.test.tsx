import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '#data/db.ts';
import { saveSession } from '#data/session.ts';
import { requestReplay, resumeReplay } from '#data/sync/replayer.ts';
import { columnPreferencesAnswer } from '#domains/preferences/column-preferences.ts';
import { CustomFieldsManager } from '#features/custom-fields/components/custom-fields-manager.tsx';
import { ToastRegion } from '#ui/toast.tsx';
import { mockServer } from '../../../mocks/server.ts';
import { clearLocalData } from '../../helpers/local-data.ts';
import { renderWithQuery } from '../../helpers/render-with-query.tsx';

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());

type Definition = Record<string, unknown> & { id: number; field_key: string };
let definitions: Definition[] = [];
let nextId = 1;
const posted: unknown[] = [];

beforeEach(async () => {
  await requestReplay();
  await clearLocalData();
  resumeReplay();
  definitions = [];
  nextId = 1;
  posted.length = 0;
  await saveSession({ accessToken: 'a1', refreshToken: 'r1', user: { email: 'demo@vintry.test' } });
  mockServer.use(
    http.get('*/api/v1/custom-fields/definitions/product', () =>
      HttpResponse.json({ definitions }),
    ),
    http.get('*/api/v1/preferences/columns/products', () =>
      HttpResponse.json(columnPreferencesAnswer([], [])),
    ),
    http.post('*/api/v1/custom-fields/definitions', async ({ request }) => {
      const body = (await request.json()) as Definition;
      posted.push(body);
      if (definitions.some((d) => d.field_key === body.field_key)) {
        return HttpResponse.json(
          { message: `A custom field with the key "${body.field_key}" already exists` },
          { status: 409 },
        );
      }
      const created = {
        ...body,
        id: nextId++,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      };
      definitions.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put('*/api/v1/custom-fields/definitions/:id', async ({ request, params }) => {
      const body = (await request.json()) as Definition;
      const index = definitions.findIndex((d) => d.id === Number(params.id));
      const updated = { ...definitions[index], ...body, id: Number(params.id) } as Definition;
      definitions[index] = updated;
      return HttpResponse.json(updated);
    }),
    http.delete('*/api/v1/custom-fields/definitions/:id', ({ params }) => {
      definitions = definitions.filter((d) => d.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
});

function setup() {
  const user = userEvent.setup();
  renderWithQuery(
    <>
      <CustomFieldsManager />
      <ToastRegion />
    </>,
  );
  return user;
}

const wineType = {
  id: 90,
  entity_type: 'product',
  field_key: 'wine_type',
  field_name: 'Wine Type',
  field_type: 'select',
  is_required: true,
  validation: { required: true, options: ['Red', 'White'] },
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};

describe('Custom Fields Manager', () => {
  it('shows the loading text, then says no fields were created yet', async () => {
    mockServer.use(
      http.get('*/api/v1/custom-fields/definitions/product', async () => {
        await delay(50);
        return HttpResponse.json({ definitions: [] });
      }),
    );
    setup();
    expect(screen.getByText('Create and manage custom fields for product entities')).toBeTruthy();
    expect(screen.getByText('Loading custom fields...')).toBeTruthy();
    expect(await screen.findByText('No custom fields created yet.')).toBeTruthy();
  });

  it("shows 'Error: {message}' when loading fails", async () => {
    mockServer.use(
      http.get('*/api/v1/custom-fields/definitions/product', () =>
        HttpResponse.json({ message: 'nope' }, { status: 403, statusText: 'Forbidden' }),
      ),
    );
    setup();
    expect(await screen.findByText('Error: API call failed: 403 Forbidden')).toBeTruthy();
  });

  it('lists each field with its type chip, Required chip and key', async () => {
    definitions = [wineType];
    setup();
    const item = (await screen.findByText('Wine Type')).closest('li') as HTMLElement;
    expect(within(item).getByText('Select')).toBeTruthy();
    expect(within(item).getByText('Required')).toBeTruthy();
    expect(within(item).getByText('Key: wine_type')).toBeTruthy();
    expect(within(item).getByRole('button', { name: 'Edit Wine Type' })).toBeTruthy();
    expect(within(item).getByRole('button', { name: 'Delete Wine Type' })).toBeTruthy();
  });

  it('creates a field from the Wine Type template', async () => {
    const user = setup();
    await screen.findByText('No custom fields created yet.');
    await user.click(screen.getByRole('button', { name: 'Add Custom Field' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Custom Field' });
    for (const name of [
      'Vintage Year',
      'Wine Type',
      'Tasting Notes',
      'Organic Certified',
      'Wine Regions',
    ]) {
      expect(within(dialog).getByRole('button', { name: new RegExp(`^${name}`) })).toBeTruthy();
    }
    await user.click(within(dialog).getByRole('button', { name: /^Wine Type/ }));
    expect((within(dialog).getByLabelText('Field Name *') as HTMLInputElement).value).toBe(
      'Wine Type',
    );
    expect((within(dialog).getByLabelText('Field Key') as HTMLInputElement).value).toBe(
      'wine_type',
    );
    expect(within(dialog).getByText(/One value from a fixed list/)).toBeTruthy();
    expect((within(dialog).getByLabelText('Option 6') as HTMLInputElement).value).toBe('Fortified');
    await user.click(within(dialog).getByRole('button', { name: 'Create Field' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([
      {
        entity_type: 'product',
        field_key: 'wine_type',
        field_name: 'Wine Type',
        field_type: 'select',
        is_required: true,
        description: 'The style of the wine',
        validation: {
          required: true,
          options: ['Red', 'White', 'Rosé', 'Sparkling', 'Dessert', 'Fortified'],
        },
      },
    ]);
    expect(await screen.findByText('Key: wine_type')).toBeTruthy();
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
  });

  it('derives the key from the name while creating', async () => {
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Add Custom Field' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Field Name *'), 'Bin Location #2');
    expect((within(dialog).getByLabelText('Field Key') as HTMLInputElement).value).toBe(
      'bin_location_2',
    );
  });

  it('lists every validation message together and keeps what was typed', async () => {
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Add Custom Field' }));
    const dialog = screen.getByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Field Type *'), 'number');
    await user.type(within(dialog).getByLabelText('Minimum Value'), '10');
    await user.type(within(dialog).getByLabelText('Maximum Value'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Create Field' }));
    const alert = within(dialog).getByRole('alert');
    expect(alert.textContent).toContain('Invalid custom field data:');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Field key is required',
      'Field name is required',
      'Minimum value cannot be greater than maximum value',
    ]);
    expect((within(dialog).getByLabelText('Minimum Value') as HTMLInputElement).value).toBe('10');
    expect(posted).toEqual([]);
  });

  it("shows the server's refusal in the form and keeps the form open", async () => {
    definitions = [wineType];
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Add Custom Field' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Field Name *'), 'Wine Type');
    await user.selectOptions(within(dialog).getByLabelText('Field Type *'), 'text');
    await user.click(within(dialog).getByRole('button', { name: 'Create Field' }));
    expect(
      await within(dialog).findByText('A custom field with the key "wine_type" already exists'),
    ).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    // The refused create is answered here, not left waiting in the outbox.
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(await db.customFields.count()).toBe(1);
  });

  it('edits a field in the Edit Custom Field dialog', async () => {
    definitions = [wineType];
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Wine Type' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Custom Field' });
    expect(within(dialog).queryByText('Quick Start Templates')).toBeNull();
    const name = within(dialog).getByLabelText('Field Name *');
    await user.clear(name);
    await user.type(name, 'Wine Style');
    // Editing does not change the key.
    expect((within(dialog).getByLabelText('Field Key') as HTMLInputElement).value).toBe(
      'wine_type',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Update Field' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Wine Style')).toBeTruthy();
    await waitFor(() => expect(definitions[0]?.field_name).toBe('Wine Style'));
  });

  it('deletes a field after the confirmation', async () => {
    definitions = [wineType];
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Wine Type' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain(
      'Are you sure you want to delete this custom field? This action cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No custom fields created yet.')).toBeTruthy();
    await waitFor(() => expect(definitions).toEqual([]));
  });
});
