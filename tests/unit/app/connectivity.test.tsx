import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearLocalData, db } from '#data/db.ts';
import { createCustomField } from '#data/repositories/custom-fields.ts';
import { newEntry } from '#data/sync/outbox.ts';
import { customFieldsResource } from '#data/sync/outbox-entry.ts';
import { requestReplay } from '#data/sync/replayer.ts';
import type { CustomFieldDefinitionBody } from '#shared/custom-fields/definition.ts';
import { mockServer } from '../../mocks/server.ts';
import { demoProfileHandler, renderApp, signInAsDemo } from '../helpers/render-app.tsx';

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());

let online = true;
function setOnline(value: boolean) {
  online = value;
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
}

beforeEach(async () => {
  await requestReplay();
  await clearLocalData();
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  mockServer.use(demoProfileHandler());
});
// What a test left waiting must not be sent once the browser counts as online again.
afterEach(async () => {
  await clearLocalData();
  vi.restoreAllMocks();
});

const field = (name: string): CustomFieldDefinitionBody => ({
  entity_type: 'product',
  field_key: name.toLowerCase().replace(/\W+/g, '_'),
  field_name: name,
  field_type: 'text',
  is_required: false,
  validation: { required: false },
});

async function openApp() {
  await signInAsDemo();
  const user = userEvent.setup();
  const app = renderApp('/dashboard');
  const indicator = await screen.findByRole('button', { name: /Show pending changes$/ });
  return { ...app, user, indicator };
}

const label = (indicator: HTMLElement) =>
  indicator.querySelector('.connectivity__label')?.textContent;

async function openPanel(user: ReturnType<typeof userEvent.setup>, indicator: HTMLElement) {
  await user.click(indicator);
  return screen.findByRole('dialog', { name: 'Pending changes' });
}

describe('connectivity indicator and Pending changes panel', () => {
  it('says Online with nothing waiting; the panel says so and closes on Escape', async () => {
    const { user, indicator } = await openApp();
    expect(label(indicator)).toBe('Online');
    const panel = await openPanel(user, indicator);
    expect(within(panel).getByText('You are online.')).toBeTruthy();
    expect(within(panel).getByText('Every change has reached the server.')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Pending changes' })).toBeNull();
  });

  it('offline: counts what waits, lists it, and Discard undoes the change here', async () => {
    setOnline(false);
    await createCustomField(field('Bin Location'));
    await createCustomField(field('Cellar'));
    const { user, indicator } = await openApp();
    await waitFor(() => expect(label(indicator)).toBe('Offline'));
    expect(indicator.getAttribute('aria-label')).toBe('Offline, 2 waiting. Show pending changes');

    const panel = await openPanel(user, indicator);
    expect(within(panel).getByText(/^You are offline\./)).toBeTruthy();
    expect(within(panel).getByRole('heading', { name: 'Waiting (2)' })).toBeTruthy();
    expect(within(panel).getByText('New custom field "Bin Location"')).toBeTruthy();
    expect(within(panel).getAllByText('Waiting to be sent')).toHaveLength(2);

    await user.click(
      within(panel).getByRole('button', { name: 'Discard: New custom field "Cellar"' }),
    );
    await waitFor(() =>
      expect(within(panel).getByRole('heading', { name: 'Waiting (1)' })).toBeTruthy(),
    );
    const names = (await db.customFields.toArray()).map((stored) => stored.field_name);
    expect(names).toEqual(['Bin Location']);
    expect(await db.outbox.count()).toBe(1);
  });

  it("shows a refused change with the server's message; Retry queues it again", async () => {
    setOnline(false);
    await db.outbox.add({
      ...newEntry({
        resource: customFieldsResource('product'),
        op: 'custom-field.update',
        method: 'PUT',
        path: '/custom-fields/definitions/7',
        body: field('Vintage Notes'),
        revert: null,
        recordId: 7,
      }),
      state: 'needs-attention',
      lastStatus: 409,
      lastError: 'Field key already exists for this entity type',
    });
    const { user, indicator } = await openApp();
    await waitFor(() => expect(label(indicator)).toBe('1 need attention'));

    const panel = await openPanel(user, indicator);
    expect(within(panel).getByRole('heading', { name: 'Need attention (1)' })).toBeTruthy();
    expect(within(panel).getByText('Field key already exists for this entity type')).toBeTruthy();
    await user.click(
      within(panel).getByRole('button', { name: 'Retry: Changes to custom field "Vintage Notes"' }),
    );
    await waitFor(() =>
      expect(within(panel).getByRole('heading', { name: 'Waiting (1)' })).toBeTruthy(),
    );
    expect(within(panel).queryByRole('heading', { name: /Need attention/ })).toBeNull();
    expect(label(indicator)).toBe('Offline');
    const [entry] = await db.outbox.toArray();
    expect(entry?.state).toBe('pending');
    expect(entry?.lastError).toBeNull();
  });

  it("online: 'Syncing N' while changes are on their way, then Online", async () => {
    let release = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const received: unknown[] = [];
    mockServer.use(
      http.post('*/api/v1/custom-fields/definitions', async ({ request }) => {
        received.push(await request.json());
        await answered;
        return HttpResponse.json(
          {
            ...field('Bin Location'),
            id: 41,
            created_at: '2026-11-22T10:00:00.000Z',
            updated_at: '2026-11-22T10:00:00.000Z',
          },
          { status: 201 },
        );
      }),
    );
    setOnline(false);
    await createCustomField(field('Bin Location'));
    const { indicator } = await openApp();
    act(() => setOnline(true));
    await waitFor(() => expect(label(indicator)).toBe('Syncing 1'));
    release();
    await waitFor(() => expect(label(indicator)).toBe('Online'));
    expect(received).toHaveLength(1);
    expect((await db.customFields.toArray()).map((stored) => stored.id)).toEqual([41]);
  });
});

describe('Sign Out with unsent changes', () => {
  it('asks first; Cancel keeps the session and the changes, Sign out ends both', async () => {
    mockServer.use(
      http.post('*/api/v1/auth/logout', () => new HttpResponse(null, { status: 204 })),
    );
    setOnline(false);
    await createCustomField(field('Bin Location'));
    await createCustomField(field('Cellar'));
    const { user, history } = await openApp();
    const nav = screen.getByRole('navigation', { name: 'Main' });

    await user.click(within(nav).getByRole('button', { name: 'Sign Out' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Sign out?' });
    expect(within(ask).getByText('You have 2 unsynced changes. Sign out anyway?')).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(history.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(await db.outbox.count()).toBe(2);

    await user.click(within(nav).getByRole('button', { name: 'Sign Out' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Sign out?' })).getByRole('button', {
        name: 'Sign out',
      }),
    );
    await waitFor(() => expect(history.location.pathname).toBe('/login'));
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(await db.outbox.count()).toBe(0);
  });
});
