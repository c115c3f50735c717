import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectivityIndicator } from '#app/layout/connectivity-indicator.tsx';
import { FROM_CACHE_HEADER } from '#data/api-cache.ts';
import { db } from '#data/db.ts';
import { handOverDevice } from '#data/device-owner.ts';
import { createCustomField, customFieldsResource } from '#data/repositories/custom-fields.ts';
import { newEntry } from '#data/sync/outbox.ts';
import type { EntryFailure } from '#data/sync/outbox-entry.ts';
import { requestReplay } from '#data/sync/replayer.ts';
import type { CustomFieldDefinitionBody } from '#domains/custom-fields/definition.ts';
import { mockServer } from '../../mocks/server.ts';
import { loadSignedInChunks } from '../helpers/lazy-chunks.ts';
import { clearLocalData } from '../helpers/local-data.ts';
import {
  DEMO_USER,
  demoProfileHandler,
  idleDashboardHandler,
  renderApp,
  signInAsDemo,
} from '../helpers/render-app.tsx';

// Loaded before the tests: compiling the lazy shell on first import can outlast a wait.
beforeAll(() => loadSignedInChunks(), 30_000);
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
  mockServer.use(demoProfileHandler(), idleDashboardHandler());
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
      failure: {
        reason: 'conflict',
        status: 409,
        message: 'Field key already exists for this entity type',
      },
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
    expect(entry?.failure).toBeNull();
  });

  it("shows a conflict with both values, and 'Keep current' settles it", async () => {
    setOnline(false);
    await db.outbox.add({
      ...newEntry({
        resource: 'products',
        op: 'product.update',
        method: 'PATCH',
        path: '/catalogue/products/1',
        body: { base_version: 1, changes: { list_price: '950.00' } },
        revert: { name: 'Grange' },
        recordId: 1,
      }),
      state: 'needs-attention',
      failure: {
        reason: 'conflict',
        status: 409,
        message: 'This product was changed on another device',
        details: {
          message: 'This product was changed on another device',
          conflicts: ['list_price'],
          current: { id: 1, version: 3, columns: [{ key: 'list_price', value: '980.00' }] },
        },
      },
    });
    const { user, indicator } = await openApp();
    await waitFor(() => expect(label(indicator)).toBe('1 need attention'));
    const panel = await openPanel(user, indicator);
    const table = within(panel).getByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['FieldYoursCurrent', 'List price$950.00$980.00']);
    expect(within(panel).queryByRole('button', { name: /^Retry/ })).toBeNull();
    expect(
      within(panel).getByRole('button', { name: 'Keep mine: Changes to "Grange"' }),
    ).toBeTruthy();
    await user.click(
      within(panel).getByRole('button', { name: 'Keep current: Changes to "Grange"' }),
    );
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
  });

  it('words why each change is held', async () => {
    setOnline(false);
    const held = (name: string, state: 'pending' | 'needs-attention', failure: EntryFailure) => ({
      ...newEntry({
        resource: customFieldsResource('product'),
        op: 'custom-field.update',
        method: 'PUT' as const,
        path: '/custom-fields/definitions/7',
        body: field(name),
        revert: null,
        recordId: 7,
      }),
      state,
      attempts: 1,
      failure,
    });
    await db.outbox.bulkAdd([
      held('Network', 'pending', { reason: 'network', status: null, message: null }),
      held('Server', 'pending', { reason: 'server', status: 503, message: 'down' }),
      held('Busy', 'pending', { reason: 'rate-limited', status: 429, message: null }),
      held('Session', 'pending', { reason: 'session-expired', status: 401, message: null }),
      held('Refused', 'needs-attention', { reason: 'refused', status: 403, message: 'Not yours' }),
      held('Clash', 'needs-attention', { reason: 'conflict', status: 409, message: null }),
      held('Old', 'needs-attention', { reason: 'outdated', status: null, message: null }),
    ]);
    const { user, indicator } = await openApp();
    const panel = await openPanel(user, indicator);
    const wording = (name: string) =>
      within(panel)
        .getByText(`Changes to custom field "${name}"`)
        .parentElement?.querySelector('.pending__when')?.textContent;
    expect(wording('Network')).toBe(
      'Not sent yet: the server could not be reached. It is tried again by itself.',
    );
    expect(wording('Server')).toBe(
      'Not sent yet: the server had a problem. It is tried again by itself.',
    );
    expect(wording('Busy')).toBe(
      'Not sent yet: the server asked to wait a moment. It is tried again by itself.',
    );
    expect(wording('Session')).toBe(
      'Not sent yet: your session needs renewing. Sign in again if you are asked to.',
    );
    expect(wording('Refused')).toBe('Not yours');
    expect(wording('Clash')).toBe(
      'This change clashes with a newer one on the server. Retry or discard it.',
    );
    expect(wording('Old')).toBe(
      'This change was saved by an older version of Vintry and cannot be sent as it is.',
    );
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

describe('before the outbox is read', () => {
  it('claims nothing: never Online while changes wait', async () => {
    await createCustomField(field('Bin Location'));
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      const text = document.querySelector('.connectivity__label')?.textContent;
      if (text) seen.push(text);
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    let release = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockServer.use(
      http.post('*/api/v1/custom-fields/definitions', async () => {
        await answered;
        return HttpResponse.json({ message: 'Not now' }, { status: 503 });
      }),
    );
    render(<ConnectivityIndicator />);
    expect(screen.queryByText('Online')).toBeNull();
    await waitFor(() => expect(seen).toContain('Syncing 1'));
    observer.disconnect();
    expect(seen).not.toContain('Online');
    release();
  });
});

describe('a network the browser reports but the server does not answer on', () => {
  it('says Offline while the server cannot be reached, and Online once it answers again', async () => {
    let serverUp = false;
    const probes: string[] = [];
    mockServer.use(
      http.get('*/api/v1/dashboard', () =>
        serverUp ? HttpResponse.json({}, { status: 503 }) : HttpResponse.error(),
      ),
      http.get('*/api/v1/health', ({ request }) => {
        probes.push(request.cache);
        return serverUp ? HttpResponse.json({ status: 'ok' }) : HttpResponse.error();
      }),
      // Down means down for every other call too (the profile, the live stream); once up,
      // they answer as they did.
      http.all('*/api/v1/*', () => (serverUp ? undefined : HttpResponse.error())),
    );
    const { indicator } = await openApp();
    expect(navigator.onLine).toBe(true);
    await waitFor(() => expect(label(indicator)).toBe('Offline'));
    // The first screen asked once, to learn whether the server answers.
    expect(probes).toEqual(['no-store']);

    // The browser's network comes back (or the page is looked at again): the server is asked.
    act(() => setOnline(true));
    await waitFor(() => expect(probes).toHaveLength(2));
    expect(label(indicator)).toBe('Offline');

    serverUp = true;
    act(() => setOnline(true));
    await waitFor(() => expect(label(indicator)).toBe('Online'));
    expect(probes).toEqual(['no-store', 'no-store', 'no-store']);
  });

  it('counts an answer the service worker took from its cache as no connection', async () => {
    mockServer.use(
      http.get('*/api/v1/dashboard', () =>
        HttpResponse.json({}, { headers: { [FROM_CACHE_HEADER]: '1' } }),
      ),
      http.get('*/api/v1/health', () => HttpResponse.error()),
    );
    const { indicator } = await openApp();
    await waitFor(() => expect(label(indicator)).toBe('Offline'));
  });
});

describe('Sign Out with unsent changes', () => {
  it('asks first; Cancel keeps the session and the changes, Sign out sets them aside', async () => {
    mockServer.use(
      http.post('*/api/v1/auth/logout', () => new HttpResponse(null, { status: 204 })),
    );
    setOnline(false);
    await handOverDevice(DEMO_USER.id);
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
    expect(await db.customFields.count()).toBe(0);
    // Kept for the user's next sign-in on this device, and for no one else.
    const [parked] = await db.parkedChanges.toArray();
    expect(parked?.userId).toBe(DEMO_USER.id);
    expect(parked?.entries.map((entry) => entry.op)).toEqual([
      'custom-field.create',
      'custom-field.create',
    ]);
  });
});
